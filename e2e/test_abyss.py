"""Abyss on a phone, through taps: a whole two-player game, a reload mid-turn,
eight players through a round, and a screenshot of every state.

The page's clock is paused (``e2e/clock.js``): the hold on the next person's
controls after each hand-over ends by moving the clock on past it
(``e2e.helpers.live``), not by waiting it out in real time at each of the hundred
taps. Nothing else here runs on the clock: no bot sits at these tables."""

from __future__ import annotations

from pathlib import Path

import engine
from e2e.helpers import (
    MOVE,
    app_action,
    axe,
    both_sizes,
    live,
    moves,
    open_app,
    play,
    play_first,
    reload,
    save_of,
    shoot,
)

ABYSS = engine.GAMES["abyss"]


def flips_until(page, done) -> int:
    """Tap the first offered flip until ``done()``; the number of taps."""
    taps = 0
    while not done():
        offered = moves(page)
        flips = [a for a in offered if a.startswith("flip:")]
        assert flips, f"nothing to flip: {offered}"
        play(page, flips[0])
        taps += 1
        assert taps < 400, "the round does not end"
    return taps


def count(page, selector: str) -> int:
    return page.locator(selector).count()


def new_game(page, players: int, names: list[str] | None = None, target_steps: int = 0) -> None:
    app_action(page, "new", "abyss")
    shown = int(page.inner_text(".stepper .count"))
    while shown < players:
        app_action(page, "count", "+")
        shown += 1
    while shown > players:
        app_action(page, "count", "-")
        shown -= 1
    for i, name in enumerate(names or []):
        page.fill(f"#name-{i}", name)
    for _ in range(target_steps):
        app_action(page, "option", "target:-")


def round_start_flips(page) -> None:
    """Every opening flip made, and the hold on the last one's grid (a person's
    second flip stays shown a moment) over: the table as the first turn shows it."""
    flips_until(page, lambda: count(page, ".banner.flips") == 0)
    live(page)


def test_two_humans_play_a_whole_game(browser, site_url: str, artifacts: Path) -> None:
    context, page, watch = open_app(browser, site_url, clock="paused")
    try:
        both_sizes(page, artifacts, "home")
        axe(page, "home")

        # The short game: the target lowered to 10 with the option's stepper (the
        # first round's end then ends the game: twelve cards never sum below 10 for both).
        new_game(page, 2, ["Ana", "<b>Ben</b> 🎉"], target_steps=9)
        assert page.inner_text(".opt .count") == "10"
        both_sizes(page, artifacts, "setup")
        axe(page, "setup")
        app_action(page, "start")

        assert "round start" in page.inner_text(".status .who")
        assert page.locator(".seat-name", has_text="<b>Ben</b> 🎉").count()  # shown as typed
        both_sizes(page, artifacts, "abyss-start-2p")
        axe(page, "table at round start")
        play_first(page, "flip:")
        # A tap drawn before that flip (an old move count) is refused, not applied twice.
        stale = page.locator(MOVE).first
        stale.evaluate("el => el.setAttribute('data-move', '0')")
        stale.click()
        assert len(save_of(page)["actions"]) == 1
        round_start_flips(page)

        assert count(page, ".banner.starter") == 1  # the starter and the reason
        what = page.inner_text(".status .what")
        top = page.inner_text("#discard-top")
        assert what == f"Take the {top}, draw, or flip a card"
        # The hint: the hard bot's move in words and why; a 44 px target; gone after a move.
        assert page.locator(".hint-btn").bounding_box()["height"] >= 44
        app_action(page, "hint")
        assert page.inner_text(".hint-line").split(".")[0] in (
            "Take the discard",
            "Draw from the deck",
            *(f"Flip the card at row {r}, column {c}" for r in (1, 2, 3) for c in (1, 2, 3, 4)),
        )
        both_sizes(page, artifacts, "abyss-hint-2p")
        both_sizes(page, artifacts, "abyss-turn-2p")
        axe(page, "table on a turn")

        # Take the discard top: it must be placed.
        play(page, "take")
        assert count(page, ".hint-line") == 0
        assert "draw" not in moves(page) and "discard" not in moves(page)
        play_first(page, "place:")

        # Draw, then reload before placing: the same moment comes back.
        play(page, "draw")
        saved = save_of(page)
        status = page.inner_text(".status")
        hand = page.inner_text(".hand .card")
        both_sizes(page, artifacts, "abyss-drawn-2p")
        reload(page)
        assert save_of(page) == saved
        assert page.inner_text(".status") == status
        assert page.inner_text(".hand .card") == hand
        assert "discard" in moves(page)

        # Discard it, then a face-down card must be flipped.
        play(page, "discard")
        assert all(a.startswith("flip:") for a in moves(page))
        play_first(page, "flip:")

        app_action(page, "sheet", "history")
        history = ABYSS.view(ABYSS.load(save_of(page)))["discard"]["history"]
        assert count(page, ".hist-item") == len(history)
        both_sizes(page, artifacts, "abyss-history-2p")
        axe(page, "discard history")
        app_action(page, "order", "oldest")
        app_action(page, "sheet", "")

        flips_until(page, lambda: count(page, ".round-end") > 0)
        state = ABYSS.load(save_of(page))
        result = ABYSS.result(state)
        assert result is not None
        for seat, total in enumerate(result["scores"]):
            shown = page.get_attribute(f'.ranking [data-seat="{seat}"] .total', "data-total")
            assert int(shown) == total
        winners = {["Ana", "<b>Ben</b> 🎉"][s] for s in result["winners"]}
        verdict = page.inner_text(".verdict")
        assert all(w in verdict for w in winners)
        both_sizes(page, artifacts, "abyss-game-end-2p")
        axe(page, "game end")

        app_action(page, "rematch")
        assert "round start" in page.inner_text(".status .who")
        assert page.locator(".seat-name", has_text="Ana").count()

        app_action(page, "sheet", "menu")
        both_sizes(page, artifacts, "abyss-menu")
        app_action(page, "quit")
        both_sizes(page, artifacts, "quit-confirm")
        axe(page, "quit dialog")
        app_action(page, "quit-yes")

        app_action(page, "go", "history")
        listing = page.inner_text(".history-list")
        assert "Ana" in listing
        # The quit game is kept, unfinished, above the finished one.
        assert "Unfinished: quit before the end" in page.inner_text(".history-list li >> nth=0")
        app_action(page, "history-open", "1")
        both_sizes(page, artifacts, "history")
        axe(page, "history")
        watch.assert_clean()
    finally:
        context.close()


def test_eight_players_through_the_first_round(browser, site_url: str, artifacts: Path) -> None:
    """About a hundred taps: the system asks for reduced motion (the app then
    animates nothing: the path of the default motion setting under it)."""
    context, page, watch = open_app(
        browser, site_url, 360, 640, clock="paused", reduced_motion="reduce"
    )
    try:
        assert page.get_attribute("html", "data-motion") == "off"
        new_game(page, 4)
        app_action(page, "start")
        both_sizes(page, artifacts, "abyss-start-4p")
        round_start_flips(page)
        both_sizes(page, artifacts, "abyss-turn-4p")
        app_action(page, "sheet", "menu")
        app_action(page, "quit")
        app_action(page, "quit-yes")

        new_game(page, 8)
        app_action(page, "start")
        both_sizes(page, artifacts, "abyss-start-8p")
        round_start_flips(page)
        both_sizes(page, artifacts, "abyss-turn-8p")
        shoot(page, artifacts, "abyss-turn-8p-screen", full=False)
        axe(page, "table with eight players")

        flips_until(page, lambda: count(page, ".banner.last-turns") > 0)
        both_sizes(page, artifacts, "abyss-last-turns-8p")
        flips_until(page, lambda: count(page, ".round-end") > 0)
        line = ABYSS.view(ABYSS.load(save_of(page)))["last_round"]
        for seat, score in enumerate(line["scores"]):
            shown = page.get_attribute(
                f'.round-end li[data-seat="{seat}"] [data-round-score]', "data-round-score"
            )
            assert int(shown) == score
            total = page.get_attribute(f'.score-sheet td[data-seat="{seat}"]', "data-total")
            assert int(total) == line["totals"][seat]
        if line["doubled"]:
            assert "doubled" in page.inner_text(".banner.doubling")
        both_sizes(page, artifacts, "abyss-round-end-8p")
        axe(page, "round end")

        if ABYSS.result(ABYSS.load(save_of(page))) is None:  # a doubled closer can end it at once
            app_action(page, "next-round")
            assert "round start" in page.inner_text(".status .who")
            assert "Round 2" in page.inner_text(".bar h1")
        watch.assert_clean()
    finally:
        context.close()

"""Replays that play themselves, at 360x640 on the paused test clock: a
dice game's record imported and replayed: the round list jumps to a round, Play
runs it on the clock at the chosen speed with each move in words, a step by hand
pauses it, and it stops at the record's end."""

from __future__ import annotations

import engine
from e2e.helpers import (
    app_action,
    assert_fits,
    axe,
    both_sizes,
    clock_advance,
    clock_pending,
    open_app,
    tap,
    text_of,
)
from e2e.tables_helpers import import_record, record_of, seat
from tests.playout import play_out
from web.app.replays import ROUND_END_HOLD
from web.ui.kit.frame import REPLAY_SPEEDS

DICE = engine.GAMES["dice_bid"]


def step_of(page) -> int:
    return int(page.get_attribute(".replay-bar", "data-step") or "-1")


def replay_of(browser, site_url: str, game_id: str, seats, final):
    """A 360x640 page on the test clock, ``final``'s record imported and its
    replay opened at the start: (context, page, console watch)."""
    context, page, watch = open_app(
        browser, site_url, 360, 640, clock="paused", reduced_motion="reduce"
    )
    import_record(page, record_of(game_id, seats, final))
    app_action(page, "import-replay")
    return context, page, watch


def test_a_dice_game_replays_itself_with_rounds_to_jump_to(
    browser, site_url: str, artifacts
) -> None:
    final, actions = play_out(DICE, 3, 3)
    rounds = DICE.view(final, None)["round"]
    seats = [seat("Ana"), seat("Ben"), seat("Cleo")]
    context, page, watch = replay_of(browser, site_url, "dice_bid", seats, final)
    try:
        assert f"Round 1 of {rounds}" in text_of(page, ".replay-bar")
        assert clock_pending(page) == []  # nothing plays until Play

        # The round list: a tap on round 3 shows its first move.
        app_action(page, "replay-rounds")
        page.wait_for_selector(".sheet-replay-rounds")
        assert page.locator(".replay-rounds button").count() == rounds
        both_sizes(page, artifacts, "replay-rounds")
        axe(page, "the replay's rounds")
        app_action(page, "step", "round:3")
        page.wait_for_selector(".sheet-replay-rounds", state="detached")
        assert f"Round 3 of {rounds}" in text_of(page, ".replay-bar")
        start = step_of(page)
        assert start > 0 and text_of(page, ".last-move").strip(), "the move that led here"

        # Play at 2×: one move per 400 ms of the test clock, each told in words.
        tap(page, ".replay-speed")
        tap(page, "#replay-play")
        page.wait_for_selector('#replay-play[data-playing="true"]')
        # Round 3's first move shows round 2's reveal: it stays longer.
        assert clock_pending(page) == [ROUND_END_HOLD * REPLAY_SPEEDS["2"]]
        clock_advance(page, (ROUND_END_HOLD + 2) * REPLAY_SPEEDS["2"])
        page.wait_for_selector(f'.replay-bar[data-step="{start + 3}"]')
        said = text_of(page, ".last-move")
        assert any(name in said for name in ("Ana", "Ben", "Cleo")), said
        assert_fits(page, "a dice replay playing")
        both_sizes(page, artifacts, "replay-dice-playing")

        # A step by hand pauses it; time moving on then moves nothing.
        app_action(page, "step", "back")
        page.wait_for_selector('#replay-play[data-playing="false"]')
        clock_advance(page, 10 * REPLAY_SPEEDS["2"])
        assert step_of(page) == start + 2

        # Played again, it runs to the record's end and stops there.
        tap(page, "#replay-play")
        clock_advance(page, ROUND_END_HOLD * len(actions) * REPLAY_SPEEDS["2"])
        page.wait_for_selector(f'.replay-bar[data-step="{len(actions)}"]')
        page.wait_for_selector('#replay-play[data-playing="false"]')
        assert clock_pending(page) == []
        assert f"Round {rounds} of {rounds}" in text_of(page, ".replay-bar")
        both_sizes(page, artifacts, "replay-dice-end")
        watch.assert_clean()
    finally:
        context.close()


def test_an_abyss_jump_to_a_round_opens_its_deal_at_the_top_and_plays_on(
    browser, site_url: str, artifacts
) -> None:
    """At 360x640 the page scrolled down (on round 1's table), Play, then round 2
    from the list: the page opens at its top on round 2's deal (not round 1's
    results), and the replay plays on."""
    abyss = engine.GAMES["abyss"]
    final, _ = play_out(abyss, 2, 3)
    rounds = abyss.view(final, None)["round"]
    assert rounds >= 2
    context, page, watch = open_app(
        browser, site_url, 360, 640, clock="paused", reduced_motion="reduce"
    )
    try:
        import_record(page, record_of("abyss", [seat("Ana"), seat("Ben")], final))
        app_action(page, "import-replay")
        for _ in range(3):
            app_action(page, "step", "next")
        page.wait_for_selector('.replay-bar[data-step="3"]')
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        assert page.evaluate("() => window.scrollY") > 0, "nothing to scroll at 360x640"
        tap(page, "#replay-play")
        page.wait_for_selector('#replay-play[data-playing="true"]')
        app_action(page, "replay-rounds")
        page.wait_for_selector(".sheet-replay-rounds")
        app_action(page, "step", "round:2")
        page.wait_for_selector(".sheet-replay-rounds", state="detached")
        assert f"Round 2 of {rounds}" in text_of(page, ".replay-bar")
        assert "Round 2" in text_of(page, "header.bar h1")
        assert page.locator(".round-end").count() == 0, "round 1's results, not round 2's deal"
        assert "Round 2: new cards are dealt" in text_of(page, ".last-move")
        assert page.evaluate("() => window.scrollY") == 0
        page.wait_for_selector('#replay-play[data-playing="true"]')
        assert REPLAY_SPEEDS["1"] in clock_pending(page), "a deal, no results' hold"
        both_sizes(page, artifacts, "replay-abyss-round-2")
        watch.assert_clean()
    finally:
        context.close()


def test_a_finished_carta_robada_replay_puts_its_cards_on_the_table(
    browser, site_url: str, artifacts
) -> None:
    """'Cards on the table' in a complete record's replay: every tendido card face
    up at that step, then back to the public view."""
    game = engine.GAMES["carta_robada"]
    final, actions = play_out(game, 3, 4)
    seats = [seat("Ana"), seat("Ben"), seat("Cleo")]
    context, page, watch = replay_of(browser, site_url, "carta_robada", seats, final)
    try:
        for _ in range(12):
            app_action(page, "step", "next")
        page.wait_for_selector('.replay-bar[data-step="12"]')
        assert page.locator(".tendido .card.up.open").count() == 0
        tap(page, ".replay-open")
        page.wait_for_selector('.replay-open[aria-pressed="true"]')
        state = game.new(3, 4)
        for s, a in actions[:12]:
            state = game.apply(state, s, a)
        total = sum(len(t) for t in game.snapshot(state)["tendidos"])
        assert page.locator(".tendido .card.up.open").count() == total
        assert_fits(page, "a Carta robada replay, cards on the table")
        both_sizes(page, artifacts, "replay-carta-open")
        axe(page, "cards on the table")
        tap(page, ".replay-open")
        page.wait_for_selector('.replay-open[aria-pressed="false"]')
        assert page.locator(".tendido .card.up.open").count() == 0
        watch.assert_clean()
    finally:
        context.close()

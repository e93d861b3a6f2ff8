"""Abyss at a shared phone, at 360x640: a burst of taps plays for one seat only
(no tap crosses a hand-off), the turn passing to another human is unmistakable, and the
acting player's grid, the piles and the prompt fit the screen."""

from __future__ import annotations

import pytest

import engine
from e2e.helpers import (
    MOVE,
    PHONES,
    app_action,
    assert_fits,
    clock_advance,
    open_app,
    play,
    play_first,
    save_of,
)
from e2e.test_abyss import new_game, round_start_flips
from web.core.i18n import Tr, bot_level
from web.core.newgame import DEFAULT_LEVEL
from web.tables.abyss.state import FLIPPED_MS

ABYSS = engine.GAMES["abyss"]


def actions(page) -> list[list]:
    return save_of(page)["actions"]


def burst(page, selector: str, taps: int) -> None:
    """``taps`` real clicks (pointer down, up, click) at the centre of the first
    element matching ``selector``, as fast as the page takes them: whatever the
    first tap redraws there receives the others."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for _ in range(taps):
        page.mouse.click(x, y)


def held(page) -> bool:
    """Whether the seat up's controls are held (drawn dimmed, deaf to taps)."""
    return page.evaluate("() => document.documentElement.hasAttribute('data-guard')")


def test_a_double_tap_on_the_last_opening_flip_flips_nothing_for_the_next_seat(
    browser, site_url: str
) -> None:
    """The clock stands still: the second tap comes before the hold ends, always."""
    context, page, watch = open_app(
        browser, site_url, 360, 640, clock="paused", reduced_motion="reduce"
    )
    try:
        new_game(page, 2, ["Ana", "Ben"])
        app_action(page, "start")
        play_first(page, "flip:")
        assert actions(page)[0][0] == 0 and not held(page)  # Ana's first flip, no hand-over
        burst(page, f'{MOVE}[data-seat="0"][data-action^="flip:"]', 2)
        assert [seat for seat, _ in actions(page)] == [0, 0]  # Ana's last flip; Ben's none
        # Ana's grid stays drawn large for the hold, the card she just turned on
        # it, Ben's name over it; then Ben's grid, live, his name large on top.
        assert held(page)
        assert page.inner_text(".mine.handover .turn-cue") == "Ben: round start"
        assert page.inner_text(".mine .seat-head .seat-name") == "Ana"
        assert page.locator(f'{MOVE}[data-seat="1"]').count() == 0
        # an opening flip is held longer than a turn's move: its card was never seen
        assert clock_advance(page, FLIPPED_MS) >= 1
        assert not held(page)
        assert page.locator(".turn-cue, .mine.handover").count() == 0
        assert page.inner_text(".mine .seat-head .seat-name") == "Ben"
        assert page.locator(f'{MOVE}[data-seat="1"]').count() == 12
        size = page.eval_on_selector(".mine .seat-name", "e => getComputedStyle(e).fontSize")
        assert float(size.removesuffix("px")) >= 20
        play_first(page, "flip:")
        assert [seat for seat, _ in actions(page)] == [0, 0, 1]
        watch.assert_clean()
    finally:
        context.close()


def test_twenty_taps_on_place_play_one_placement(browser, site_url: str) -> None:
    context, page, watch = open_app(
        browser, site_url, 360, 640, clock="paused", reduced_motion="reduce"
    )
    try:
        new_game(page, 2, ["Ana", "Ben"])
        app_action(page, "start")
        round_start_flips(page)
        play(page, "take")
        before = len(actions(page))
        view = ABYSS.view(ABYSS.load(save_of(page)))
        seat, ben = view["turn"], 1 - view["turn"]
        # A space hidden in the next seat's grid: a tap there would flip it for them.
        spot = next(c["pos"] for c in view["grids"][ben]["cells"] if c["state"] == "hidden")
        burst(page, f'{MOVE}[data-action="place:{spot}"]', 20)
        after = actions(page)
        assert len(after) == before + 1
        assert after[-1] == [seat, f"place:{spot}"]
        assert held(page)
        watch.assert_clean()
    finally:
        context.close()


def boxes(page) -> dict:
    """Viewport boxes (top, bottom) of the grid of the seat up, the piles, the
    prompt and the card in hand's place, the page scrolled to its top."""
    return page.evaluate(
        """() => {
            window.scrollTo(0, 0);
            const box = s => { const el = document.querySelector(s);
                               if (el === null) return null;
                               const r = el.getBoundingClientRect();
                               return [r.top, r.bottom]; };
            return {grid: box('.mine .grid.big'), piles: box('.piles'), what: box('.status .what'),
                    hand: box('.piles .hand'), height: window.innerHeight};
        }"""
    )


def assert_on_screen(seen: dict, where: tuple) -> None:
    for part in ("grid", "piles", "what"):
        top, bottom = seen[part]
        assert top >= 0 and bottom <= seen["height"], (where, part, seen)


@pytest.mark.parametrize("seats", [2, 4, 8])
def test_the_grid_piles_and_prompt_fit_a_small_phone_and_drawing_moves_nothing(
    browser, site_url: str, seats: int
) -> None:
    """At 360x640 and 390x844, before and after drawing: the whole grid of the
    seat up (three rows), the piles and the prompt on the first screen; the grid
    stays where it was (the others' grids come below it)."""
    context, page, watch = open_app(
        browser, site_url, 360, 640, clock="paused", reduced_motion="reduce"
    )
    try:
        new_game(page, seats)
        app_action(page, "start")
        round_start_flips(page)
        before = {}
        for width, height in PHONES:
            page.set_viewport_size({"width": width, "height": height})
            before[width] = seen = boxes(page)
            assert_on_screen(seen, (seats, width))
        play(page, "draw")
        assert page.locator(".piles .hand .card.in-hand:not(.slot)").count() == 1
        for width, height in PHONES:
            page.set_viewport_size({"width": width, "height": height})
            seen = boxes(page)
            assert_on_screen(seen, (seats, width))
            for part in ("grid", "piles", "what", "hand"):
                was = before[width][part]
                assert was is not None, f"no place for the card in hand before drawing: {part}"
                moved = [abs(a - b) for a, b in zip(seen[part], was, strict=True)]
                assert max(moved) < 4, (seats, width, part, was, seen[part])
        watch.assert_clean()
    finally:
        context.close()


def test_bots_are_tagged_with_their_level_and_the_menu_opens_the_score_sheet(
    browser, site_url: str
) -> None:
    """In Spanish at 360x640: the bot's tag in its own words; the score sheet
    during play, from the menu, its Total column inside the screen."""
    tr = Tr("es")
    level = DEFAULT_LEVEL
    context, page, watch = open_app(
        browser, site_url, 360, 640, langs="es-ES", clock="paused", reduced_motion="reduce"
    )
    try:
        new_game(page, 2, ["Ana", "Robo"])
        app_action(page, "seat-kind", "1")  # a bot at the default level
        app_action(page, "start")
        tag = page.locator("#other-1 .tag.bot")
        assert tag.inner_text() == "⚙ " + tr("setup.bot", level=bot_level(tr, level))
        assert tag.is_visible() and page.locator("#other-0 .tag.bot").count() == 0
        app_action(page, "sheet", "menu")
        app_action(page, "sheet", "scores")
        total = page.locator(".sheet-scores .score-sheet thead th").last
        assert total.inner_text() == tr("abyss.sheet.total")
        box = total.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 360
        assert_fits(page, "score sheet in play")
        watch.assert_clean()
    finally:
        context.close()

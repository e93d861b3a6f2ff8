"""Abyss at a shared phone, at 360x640: a burst of taps plays for one seat only
(issue 18, point 6), the turn passing to another human is unmistakable, and the
acting player's grid, the piles and the prompt fit the screen (issue 12)."""

from __future__ import annotations

import engine
from e2e.helpers import (
    HANDOVER_MS,
    MOVE,
    app_action,
    clock_advance,
    open_app,
    play,
    play_first,
    save_of,
)
from e2e.test_abyss import new_game, round_start_flips

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
        # Ben's grid is drawn, held for a visible moment: dimmed, then live.
        assert page.locator(f'{MOVE}[data-seat="1"]').count() == 12
        assert held(page)
        dim = page.eval_on_selector(f'{MOVE}[data-seat="1"]', "e => getComputedStyle(e).opacity")
        assert float(dim) < 0.6
        assert clock_advance(page, HANDOVER_MS) >= 1
        assert not held(page)
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

"""A phone passed round the table: the spot the last player tapped keeps the
browser's :hover, and the next player's card drawn there must not sit lifted as
if already chosen (seen in play at 360x640: Ana's second opening flip, then Ben's
card at the same place stood 2 px up with its gold edge showing)."""

from __future__ import annotations

from e2e.helpers import app_action, as_phone, open_own, restart
from e2e.test_abyss import new_game

CELL = 'button[aria-label^="Row 1, column 2: face down"]'


def test_the_next_players_card_under_the_last_tap_is_not_lifted(browser, site_url: str) -> None:
    # A page of the warm profile for this test alone: the touch emulation cannot be
    # taken back from a page (Chromium keeps "hover: none").
    context, page, watch = open_own(browser, site_url, (360, 640))
    try:
        page.emulate_media(reduced_motion="reduce")
        as_phone(page)
        restart(page)  # the app starts as on that phone
        assert page.evaluate("() => matchMedia('(hover: none)').matches")  # a phone
        new_game(page, 2, ["Ana", "Ben"])
        app_action(page, "start")
        page.get_by_role("button", name="Row 1, column 1: face down · Ana's cards. Flip it").click()
        page.get_by_role("button", name="Row 1, column 2: face down · Ana's cards. Flip it").click()
        page.get_by_text("Ben: round start").first.wait_for()
        cell = page.locator(CELL)
        cell.wait_for()
        page.wait_for_function(
            "s => { const e = document.querySelector(s);"
            " return e && e.matches(':hover') && e.getAnimations().length === 0; }",
            arg=CELL,
        )
        assert cell.evaluate("e => getComputedStyle(e).transform") == "none"
        watch.assert_clean()
    finally:
        context.close()

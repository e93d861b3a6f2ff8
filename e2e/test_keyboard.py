"""The table by keyboard alone, at phone size: a sheet keeps Tab inside it and
Escape closes it, handing the focus back to the control that opened it; a short
game of Abyss is played to its end with Tab and Enter only, every card found by
the accessible name the keyboard lands on."""

from __future__ import annotations

from e2e.helpers import app_action, handled, live, open_app
from e2e.test_abyss import new_game

IN_DIALOG = "() => !!document.activeElement.closest('[role=dialog]')"
#: The focused element's accessible name as the page gives it (its aria-label, else its text).
FOCUSED_NAME = (
    "() => { const e = document.activeElement;"
    " return e.getAttribute('aria-label') || e.textContent.trim(); }"
)
FOCUSED_PLAYS = "() => document.activeElement.matches('#app [data-move]:not([disabled])')"


def tab_to(page, wanted: str, limit: int = 80) -> str:
    """Tab until the focused element matches the JS predicate ``wanted``; its name."""
    for _ in range(limit):
        if page.evaluate(wanted):
            return page.evaluate(FOCUSED_NAME)
        page.keyboard.press("Tab")
    raise AssertionError(f"{limit} Tabs never reached {wanted}")


def test_a_sheet_keeps_the_keyboard_in_and_escape_hands_it_back(browser, site_url: str) -> None:
    context, page, watch = open_app(browser, site_url, 360, 640, reduced_motion="reduce")
    try:
        new_game(page, 2, ["Ana", "Ben"])
        app_action(page, "start")
        page.get_by_role("button", name="Menu").focus()
        page.keyboard.press("Enter")
        page.get_by_role("dialog").wait_for()
        handled(page)
        assert page.evaluate(IN_DIALOG)
        for key in ["Tab"] * 14 + ["Shift+Tab"] * 14:
            page.keyboard.press(key)
            left = page.evaluate(FOCUSED_NAME)
            assert page.evaluate(IN_DIALOG), f"{key} left the sheet for {left!r}"
        page.keyboard.press("Escape")
        page.get_by_role("dialog").wait_for(state="detached")
        handled(page)
        menu = page.get_by_role("button", name="Menu")
        assert menu.evaluate("e => e === document.activeElement")
        watch.assert_clean()
    finally:
        context.close()


def test_a_short_game_of_abyss_by_tab_and_enter_only(browser, site_url: str) -> None:
    context, page, watch = open_app(browser, site_url, 360, 640, reduced_motion="reduce")
    try:
        new_game(page, 2, ["Ana", "Ben"], target_steps=9)  # one round ends the game
        app_action(page, "start")
        played: list[str] = []
        while not page.locator('#app [data-action="rematch"]').count():
            assert len(played) < 300, "the game does not end"
            live(page)
            played.append(tab_to(page, FOCUSED_PLAYS))
            page.keyboard.press("Enter")
            handled(page)
        assert any("Flip it" in name for name in played)
        assert all("Ana's cards" in n or "Ben's cards" in n for n in played if "column" in n)
        watch.assert_clean()
    finally:
        context.close()

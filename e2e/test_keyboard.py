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
#: The focused control's data-action, else its id.
FOCUSED_KEY = "() => document.activeElement.dataset.action || document.activeElement.id"


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
        # The verdict went to the page's voice; the next game starts silent.
        verdict = " ".join(page.inner_text("#app .verdict").split())
        assert page.locator("#said").text_content() == verdict
        app_action(page, "rematch")
        page.locator("#app .verdict").wait_for(state="detached")
        handled(page)
        assert page.locator("#said").text_content() == ""
        watch.assert_clean()
    finally:
        context.close()


def test_enter_in_a_name_goes_on_and_in_the_lessons_name_starts(browser, site_url: str) -> None:
    """The form's names: Enter goes to the next seat's name, after the last one to
    Start (the game's options lie between, so it starts nothing). The lesson's one
    name: Enter is its Start, refused while empty as the button is."""
    context, page, watch = open_app(browser, site_url, 360, 640, reduced_motion="reduce")
    try:
        new_game(page, 3)
        page.locator("#name-0").focus()
        focused = []
        for _ in range(3):
            page.keyboard.press("Enter")
            handled(page)
            focused.append(page.evaluate(FOCUSED_KEY))
        assert focused == ["name-1", "name-2", "start"]
        assert page.locator("#app .setup").count() == 1  # still the form
        app_action(page, "lesson", "abyss")  # offered on the form
        page.locator("#coach-name").focus()
        page.keyboard.press("Enter")
        page.locator(".coach-missing").wait_for()
        page.locator("#coach-name").fill("Lu")
        page.keyboard.press("Enter")
        page.locator("#app .table.abyss").wait_for()
        assert page.locator("#coach-name").count() == 0
        assert "Lu" in page.inner_text("#app")
        watch.assert_clean()
    finally:
        context.close()

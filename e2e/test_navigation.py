"""Navigation at phone size (360x640): every screen has a way back that leads
where the player came from, and the browser's Back agrees with it; a new game
asks before abandoning the one in progress, which then waits in History; a new
page starts at its top."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from e2e.helpers import app_action, axe, open_app, play_first, save_of, shoot

#: The app's screen wrapper says which screen is up (``screen-<name>``).
SCREEN = "#app > .screen"


def screen_of(page) -> str:
    cls = page.get_attribute(SCREEN, "class") or ""
    return next(c[len("screen-") :] for c in cls.split() if c.startswith("screen-"))


def wait_screen(page, name: str, timeout: float = 10_000) -> None:
    page.wait_for_selector(f"{SCREEN}.screen-{name}", timeout=timeout)


def go_to(page, steps: list[tuple[str, str | None]], screen: str) -> None:
    for action, arg in steps:
        app_action(page, action, arg)
    wait_screen(page, screen)


#: Each screen other than home and the table, how it is reached from home and
#: from the table (None: not reachable from there).
FROM_HOME: dict[str, list[tuple[str, str | None]]] = {
    "setup": [("new", "abyss")],
    "settings": [("go", "settings")],
    "rules": [("rules", "dice_bid")],
    "history": [("go", "history")],
    "records": [("go", "records")],
}
FROM_TABLE: dict[str, list[tuple[str, str | None]]] = {
    "settings": [("sheet", "menu"), ("go", "settings")],
    "rules": [("sheet", "menu"), ("rules", "abyss"), ("rules", "carta_robada")],
}


def back_both_ways(page, start: str, steps: list[tuple[str, str | None]], screen: str) -> None:
    """From ``start``, open ``screen``; its Back control, then (opened again) the
    browser's Back, each lead back to ``start``."""
    for how in ("control", "browser"):
        go_to(page, steps, screen)
        if how == "control":
            back = page.locator("#app .bar .back")
            assert back.count() == 1, f"{screen}: no Back control"
            back.click()
        else:
            page.go_back()
        where = f"{screen} ({how} Back) from {start}"
        try:
            wait_screen(page, start)
        except PlaywrightTimeout:
            raise AssertionError(f"{where}: still on {screen_of(page)}") from None


def test_every_screen_has_a_way_back_with_or_without_a_game(browser, site_url: str) -> None:
    """Failed before: with a game in progress, the Rules screen's Back did nothing
    (from home and from the table's menu), and Settings opened from the table's
    menu led home instead of back to the table."""
    context, page, watch = open_app(browser, site_url, 360, 640)
    try:
        for game_on in (False, True):
            for screen, steps in FROM_HOME.items():
                back_both_ways(page, "home", steps, screen)
            if not game_on:
                go_to(page, [("new", "abyss"), ("start", None)], "table")
                play_first(page, "flip")
                app_action(page, "home")
                wait_screen(page, "home")
        app_action(page, "continue")
        wait_screen(page, "table")
        for screen, steps in FROM_TABLE.items():
            back_both_ways(page, "table", steps, screen)
            assert page.locator(".sheet").count() == 0, "the menu closed on the way"
        # The table itself: its Back control and the browser's both lead home,
        # the game kept.
        app_action(page, "home")
        wait_screen(page, "home")
        back_both_ways(page, "home", [("continue", None)], "table")
        assert len(save_of(page)["actions"]) == 1
        watch.assert_clean()
    finally:
        context.close()


def test_a_new_game_asks_before_abandoning_the_one_in_progress(
    browser, site_url: str, artifacts: Path
) -> None:
    """Failed before: Start replaced the game in progress without a word, and
    it never reached History."""
    context, page, watch = open_app(browser, site_url, 360, 640)
    try:
        go_to(page, [("new", "abyss"), ("start", None)], "table")
        play_first(page, "flip")
        played = save_of(page)
        app_action(page, "home")
        go_to(page, [("new", "abyss"), ("start", None)], "setup")
        dialog = page.locator("#app [role=alertdialog]")
        assert "A game of Abyss is in progress: quit it?" in dialog.inner_text()
        focused = "() => document.activeElement && document.activeElement.dataset.action"
        assert page.evaluate(focused) == "cancel", "the dialog takes the focus, on Cancel"
        axe(page, "abandon dialog")
        shoot(page, artifacts, "nav-abandon-dialog", full=False)
        # Escape (like Cancel) keeps everything as it was.
        page.keyboard.press("Escape")
        assert dialog.count() == 0 and screen_of(page) == "setup"
        assert save_of(page) == played
        app_action(page, "start")
        app_action(page, "cancel")
        assert dialog.count() == 0 and save_of(page) == played
        # By keyboard: Tab to "Quit it", Enter.
        app_action(page, "start")
        page.keyboard.press("Tab")
        assert page.evaluate(focused) == "abandon-yes"
        page.keyboard.press("Enter")
        wait_screen(page, "table")
        assert save_of(page)["actions"] == []
        app_action(page, "home")
        go_to(page, [("go", "history")], "history")
        entry = page.locator("#app .history-list > li")
        assert entry.count() == 1
        assert "Unfinished" in entry.inner_text()
        assert entry.locator("[data-action=export]").count() == 0, "no export of a live game"
        shoot(page, artifacts, "nav-history-unfinished", full=False)
        entry.locator("[data-action=history-replay]").click()
        page.wait_for_selector("#app .replay-bar")
        app_action(page, "step", "end")
        assert "Move 1 of 1" in page.inner_text(".replay-pos")
        app_action(page, "home")
        wait_screen(page, "history")
        # A replay's Back (control and browser) leads back to History, and says so;
        # the new game waits.
        back_both_ways(page, "history", [("history-replay", "0")], "table")
        app_action(page, "history-replay", "0")
        assert page.get_attribute("#app .bar .back", "title") == "Back to History"
        app_action(page, "home")
        app_action(page, "back")
        wait_screen(page, "home")
        assert save_of(page)["actions"] == []
        app_action(page, "continue")
        assert page.locator("#app .replay-bar").count() == 0
        watch.assert_clean()
    finally:
        context.close()


def in_view(page, selector: str) -> bool:
    return page.evaluate(
        """(sel) => {
            const box = document.querySelector(sel).getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
        }""",
        selector,
    )


def scroll_down(page) -> None:
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    sizes = page.evaluate(
        "() => [window.scrollY, document.documentElement.scrollHeight, window.innerHeight,"
        " document.querySelector('#app > .screen').className, document.body.scrollHeight]"
    )
    assert sizes[0] > 0, f"the page is long enough to scroll: {sizes}"


def test_a_new_page_starts_at_its_top(browser, site_url: str, artifacts: Path) -> None:
    """Failed before: a page kept the previous one's scroll position (Start at the
    foot of a long new-game form opened the table 65 px down, its top bar above
    the fold; a hand-off came up wherever the last player had scrolled)."""
    context, page, watch = open_app(browser, site_url, 360, 640, clock="paused")
    try:
        app_action(page, "new", "carta_robada")
        for _ in range(4):
            app_action(page, "count", "+")
        scroll_down(page)
        app_action(page, "start")
        page.wait_for_selector("#handoff-ready")
        assert page.evaluate("() => window.scrollY") == 0, "the table opens at its top"
        assert in_view(page, "#handoff-title"), "the hand-off's title is on screen"
        assert in_view(page, "#handoff-ready")
        shoot(page, artifacts, "nav-handoff-after-start", full=False)
        go_to(page, [("sheet", "menu"), ("quit", None), ("quit-yes", None)], "home")
        scroll_down(page)
        app_action(page, "go", "settings")
        wait_screen(page, "settings")
        assert page.evaluate("() => window.scrollY") == 0
        scroll_down(page)
        page.click("#app .bar .back")
        wait_screen(page, "home")
        assert page.evaluate("() => window.scrollY") == 0
        # Within a table: a secret pick made at the foot of the page, then the
        # hand-off to the next player opens at the top.
        go_to(page, [("new", "dice_bid"), ("start", None)], "table")
        page.click("#handoff-ready")
        scroll_down(page)
        page.locator('#app [data-action="select"]').first.click()
        page.click("#lay")
        page.wait_for_selector("#handoff-ready")
        assert page.evaluate("() => window.scrollY") == 0, "the hand-off opens at the top"
        assert in_view(page, "#handoff-title") and in_view(page, "#handoff-ready")
        watch.assert_clean()
    finally:
        context.close()

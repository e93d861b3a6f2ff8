"""The harness's restart in place is a boot in all that a test can see: after it,
one app listens (a tap is handled once), its timers are its own, and the page
came from the service worker's cache and Pyodide's memory snapshot."""

from __future__ import annotations

from e2e.helpers import clock_pending, play_first, reload
from e2e.tables_helpers import moves_count, seat, start_from_record


def test_after_restarts_a_tap_is_handled_once_by_one_app(page, watch) -> None:
    start_from_record(page, "abyss", [seat("Ana"), seat("Ben")], 3, {})
    reload(page)  # a second restart in the same test: still one app
    page.evaluate("() => { window.tapeteTimings.length = 0; }")
    play_first(page, "flip:")
    assert page.evaluate("() => window.tapeteTimings.length") == 1, "more than one app took the tap"
    assert moves_count(page) == 1
    watch.assert_clean()


def test_a_restart_drops_the_timers_of_the_app_before(open_page) -> None:
    page = open_page(clock="paused")
    start_from_record(page, "abyss", [seat("Ana"), seat("Bot", "bot", "easy")], 3, {})
    play_first(page, "flip:")
    play_first(page, "flip:")
    assert clock_pending(page), "no bot move armed"
    page = open_page(clock="paused")  # the next test's page: a home screen, nothing armed
    assert clock_pending(page) == []
    assert page.get_attribute("html", "data-snapshot") == "restored"

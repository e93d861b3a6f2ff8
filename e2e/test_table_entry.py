"""Every way back onto a table screen, in the two games with secrets: whoever
holds the phone when the table opens again may not be the player whose moment
it is, so the hand-off ("Pass the phone to Ana") comes before any private value.

The ways in that only a browser has: the app's ‹ Home then Continue, the
browser's Back then Continue, leaving the app with Back and coming back with
Forward, and a reload. (The App's own ways in are pinned on CPython in
tests/test_web_table_entry.py.)"""

from __future__ import annotations

import re

from e2e.helpers import app_action, open_app, reload, tap
from e2e.tables_helpers import page_words, seat, start_from_record
from tools.browser import BOOT_TIMEOUT_MS, READY

HOME = "#app > .screen.screen-home"


def dice_pick_selected(page) -> None:
    """Three humans at the dice game: Ana takes the phone and selects her 13."""
    start_from_record(page, "dice_bid", [seat("Ana"), seat("Ben"), seat("Cleo")], 8, {})
    page.wait_for_selector("#handoff-ready")
    page.click("#handoff-ready")
    page.click('[data-action="select"][data-arg="13"]')
    assert page.locator(".my-moment [aria-pressed=true]").count() == 1


def assert_dice_handoff(page, where: str) -> None:
    """Ana's hand-off is up and nothing of her hand or her choice is on the page."""
    page.wait_for_selector("#handoff-ready")
    assert "Pass the phone to Ana" in page.inner_text(".handoff"), where
    assert page.locator(".my-moment").count() == 0, f"{where}: Ana's hand is on the page"
    assert page.locator("[aria-pressed=true], .chosen").count() == 0, f"{where}: her choice shows"


#: Carta robada with every private value a card named nowhere else on the page.
SECRET = re.compile(r"Milagro|Maldición|Bendición|Miracle|Curse|Blessing|Spy")
DEALT = [["milagro", "maldicion", "1", "2"], ["bendicion", "maldicion", "3", "4"]]
PILE = ["espia", "7", "8", "9", "10", "1", "2", "3", "4"]


def carta_table(page) -> None:
    """Ana and Ben at Carta robada, the deck stacked (the first draw is a Spy)."""
    deck = [c for hand in DEALT for c in hand] + PILE
    options = {"deck": deck, "first": 0}
    start_from_record(page, "carta_robada", [seat("Ana"), seat("Ben")], 4, options)


def carta_peek(page) -> None:
    """Ana takes the phone and chooses her first two cards to look at."""
    page.wait_for_selector("#handoff-ready")
    page.click("#handoff-ready")
    page.click("#c-0-0")
    page.click("#c-0-1")


def carta_show(page) -> None:
    """Ana, holding the phone, shows her look."""
    page.click("#show")
    assert SECRET.search(page_words(page)), "the probe finds Ana's cards while shown"


def carta_peek_shown(page) -> None:
    """Ana peeks at her first two cards and shows them."""
    carta_peek(page)
    carta_show(page)


def assert_carta_handoff(page, name: str, where: str) -> None:
    page.wait_for_selector("#handoff-ready")
    assert f"Pass the phone to {name}" in page.inner_text(".handoff"), where
    found = SECRET.findall(page_words(page))
    assert not found, f"{where}: private value on the page: {found}"
    assert page.locator(".card.private, #hide").count() == 0, where


def continue_from_home(page) -> None:
    page.wait_for_selector(HOME)
    tap(page, '#app [data-action="continue"]')
    page.wait_for_selector("main.table")


def test_dice_home_or_back_then_continue_shows_the_hand_off_first(browser, site_url) -> None:
    """Failed before: Continue opened Ana's hand with her card selected."""
    context, page, watch = open_app(browser, site_url, 360, 640)
    try:
        dice_pick_selected(page)
        app_action(page, "home")
        continue_from_home(page)
        assert_dice_handoff(page, "‹ Home, then Continue")
        page.click("#handoff-ready")
        page.click('[data-action="select"][data-arg="12"]')
        page.go_back()
        continue_from_home(page)
        assert_dice_handoff(page, "the browser's Back, then Continue")
        watch.assert_clean()
    finally:
        context.close()


def test_carta_home_or_back_then_continue_shows_the_hand_off_first(browser, site_url) -> None:
    """Failed before: Continue showed Ana's peeked cards face up, then her drawn card."""
    context, page, watch = open_app(browser, site_url, 360, 640)
    try:
        carta_table(page)
        carta_peek_shown(page)
        app_action(page, "home")
        continue_from_home(page)
        assert_carta_handoff(page, "Ana", "a peek shown, ‹ Home, then Continue")
        page.click("#handoff-ready")
        page.click("#look-done")
        page.click("#handoff-ready")  # Ben's peek
        page.click("#c-1-0")
        page.click("#c-1-1")
        page.click("#look-done")
        page.click("#handoff-ready")  # Ana's turn: the phone goes to her before her draw
        page.click("#deck")  # her Spy
        page.click("#show")
        assert "Spy" in page_words(page)
        page.go_back()
        continue_from_home(page)
        assert_carta_handoff(page, "Ana", "a drawn card shown, Back, then Continue")
        watch.assert_clean()
    finally:
        context.close()


def test_leaving_the_app_and_coming_back_with_forward_shows_the_hand_off(browser, site_url) -> None:
    """Back out of the app to the page before it, Forward into it again: the
    table opens behind the hand-off, whether the browser kept the page as it was
    (at home: then Continue) or loads it anew. The Chromium of these tests always
    loads it anew (Playwright turns its back-forward cache off)."""
    context, page, watch = open_app(browser, site_url, 360, 640)
    try:
        page.goto("about:blank")
        page.goto(site_url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        dice_pick_selected(page)
        page.go_back()  # the table: home
        page.wait_for_selector(HOME)
        while page.url != "about:blank":
            page.go_back()
        page.go_forward()
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        if page.locator(HOME).count():
            continue_from_home(page)
        assert_dice_handoff(page, "Back out of the app, then Forward")
        watch.assert_clean()
    finally:
        context.close()


def test_a_reload_opens_every_secret_table_behind_its_hand_off(browser, site_url) -> None:
    """A reload in a picker's moment, with a peek shown, and with a peek chosen
    but not yet seen: each comes back behind its owner's hand-off, and the look
    nobody saw is still there to see (failed before: the reload threw Ana's
    unseen look away and passed the phone to Ben)."""
    context, page, watch = open_app(browser, site_url, 360, 640)
    try:
        dice_pick_selected(page)
        reload(page)
        assert_dice_handoff(page, "a reload in Ana's moment")
        carta_table(page)
        carta_peek(page)
        reload(page)  # before "Show the cards"
        assert_carta_handoff(page, "Ana", "a reload before Ana saw her look")
        page.click("#handoff-ready")
        carta_show(page)  # her look survived the reload
        reload(page)  # she has seen it now: one look, once
        assert_carta_handoff(page, "Ben", "a reload after Ana saw her look")
        watch.assert_clean()
    finally:
        context.close()

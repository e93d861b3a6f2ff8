"""Pass-and-play privacy in a real browser: at every hand-off and after every
hide, neither the page's text nor any accessible name holds a private value.

The deck is stacked so that every private value is a card whose name appears
nowhere else on the page (Milagro, Maldición, Bendición, Espía): the probe
is then a plain word search over the text and the accessible names, and the
test shows the probe works by finding the words while the owner shows them."""

from __future__ import annotations

import re

from e2e.helpers import open_app, reload
from e2e.tables_helpers import page_words, seat, start_from_record

SECRET = re.compile(r"Milagro|Maldición|Bendición|Espía|−15|\+15|−5\b")
DEALT = [
    ["milagro", "maldicion", "1", "2"],
    ["bendicion", "maldicion", "3", "4"],
    ["maldicion", "bendicion", "5", "6"],
]
PILE = ["espia", "7", "8", "9", "10", "1", "2", "3", "4"]


def assert_nothing_private(page, where: str) -> None:
    words = page_words(page)
    found = SECRET.findall(words)
    assert not found, f"{where}: private value on the page: {found}"
    assert page.locator(".card.private").count() == 0, where


def test_no_private_value_at_a_hand_off_or_after_a_hide(browser, site_url) -> None:
    context, page, watch = open_app(browser, site_url)
    try:
        seats = [seat("Ana"), seat("Ben"), seat("Cleo")]
        deck = [c for hand in DEALT for c in hand] + PILE
        start_from_record(page, "carta_robada", seats, 4, {"deck": deck, "first": 0})
        for s, name in enumerate(("Ana", "Ben", "Cleo")):
            page.wait_for_selector("#handoff-ready")
            assert f"Pass the phone to {name}" in page.inner_text(".handoff")
            assert_nothing_private(page, f"hand-off to {name}")
            if s == 1:
                reload(page)
                page.wait_for_selector("#handoff-ready")
                assert_nothing_private(page, "a reload during the hand-off")
            page.click("#handoff-ready")
            page.click(f"#c-{s}-0")
            page.click(f"#c-{s}-1")
            assert_nothing_private(page, f"{name} peeked, nothing shown yet")
            page.click("#show")
            assert SECRET.search(page_words(page)), "the probe finds the values while shown"
            page.click("#look-done")
            assert_nothing_private(page, f"{name} put the cards away")
        # Ana's turn: Cleo looked last and may still hold the phone, so it goes to
        # Ana before her deck answers.
        page.wait_for_selector("#handoff-ready")
        assert "Pass the phone to Ana" in page.inner_text(".handoff")
        assert_nothing_private(page, "the hand-off before Ana's draw")
        page.click("#handoff-ready")
        page.click("#deck")
        assert_nothing_private(page, "Ana's drawn card, in her hands")
        reload(page)  # after a reload nobody is known to hold the phone: a hand-off
        page.wait_for_selector("#handoff-ready")
        assert_nothing_private(page, "a reload with a drawn card in hand")
        page.click("#handoff-ready")
        assert_nothing_private(page, "Ana's drawn card, hidden")
        page.click("#show")
        assert "Spy" in page_words(page)
        page.click("#hide")
        assert_nothing_private(page, "Ana's drawn card, hidden again")
        watch.assert_clean()
    finally:
        context.close()


def test_a_laid_pick_never_reaches_the_page(browser, site_url) -> None:
    """The dice game: after each pick the page is the same whatever card was
    laid: no chosen card, no picker's hand, no wording of the pick."""
    context, page, watch = open_app(browser, site_url)
    try:
        seats = [seat("Ana"), seat("Ben"), seat("Cleo")]
        start_from_record(page, "dice_bid", seats, 8, {"prize_cards": True})
        texts = []
        for k in range(3):
            page.wait_for_selector("#handoff-ready")
            assert page.locator(".my-moment, .chosen").count() == 0
            texts.append(page.inner_html(".dice-seats"))
            page.click("#handoff-ready")
            page.click(f'[data-action="select"][data-arg="{13 - 4 * k}"]')
            assert "Lay the" in page.inner_text(".my-moment")
            page.click("#lay")
        # between hand-offs only the "picked" tags changed, never a card
        assert all(t.count("chip-card") == 39 for t in texts)
        watch.assert_clean()
    finally:
        context.close()

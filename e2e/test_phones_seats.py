"""Each phone draws its own player's seat: a host (Ana, and a bot) and two
guests in browser contexts of their own, Ben's phone speaking Spanish (es-ES)
and Cleo's French (fr-FR), linked over loopback WebRTC by pasting the codes.

Ben's and Cleo's tables come in their phones' languages. At Carta robada's
opening look each guest's two cards are face up on its own phone (the values
read from the game's true state), and the bot waits while a guest still looks;
Ben draws a Spy, which only his phone shows, and uses it on his card and
Cleo's: both values are on his phone, on no other."""

from __future__ import annotations

import pytest

import engine
from e2e import test_phones
from e2e.helpers import open_app, phone_of, shoot
from e2e.tables_helpers import load_table, record_of, seat, true_state
from web.core.i18n import Tr
from web.tables.carta_robada.cards import card_text

pytestmark = pytest.mark.xdist_group("phones")

GUESTS = {1: "Ben", 2: "Cleo"}
LANGS = {1: "es-ES", 2: "fr-FR"}
TR = {0: Tr("en"), 1: Tr("es"), 2: Tr("fr")}
#: The hands dealt (Ana, Ben, Cleo, the bot); the pile starts with a 7 for Ana,
#: then the Spy for Ben. The bot holds no 7: nobody cuts Ana's.
DEALT = [["1", "2", "3", "4"], ["5", "6", "7", "8"], ["9", "10", "1", "2"], ["3", "4", "5", "6"]]
PILE = ["7", "espia", "8", "9", "10"] * 4
SCOPE = {0: "#app", 1: "[data-remote]", 2: "[data-remote]"}


@pytest.fixture(scope="module")
def guests(phones_browser, site_url):
    """Ben's phone in Spanish and Cleo's in French, restarted once for the file."""
    return {
        s: phone_of(phones_browser, site_url, phone).borrow(langs=LANGS[s])
        for s, phone in ((1, test_phones.BEN), (2, test_phones.CLEO))
    }


def link(host, guest, s: int) -> None:
    """Seat ``s``'s phone links again at the table (``test_phones.relink``)."""
    test_phones.relink(host, guest, s, GUESTS[s])


def seated(host, guests) -> None:
    """Ana's game with Ben and Cleo on their phones and a bot, both linked."""
    seats = [seat("Ana"), seat("Ben", "phone"), seat("Cleo", "phone"), seat("Bot", "bot", "easy")]
    options = {"deck": [c for hand in DEALT for c in hand] + PILE, "first": 0}
    state = engine.GAMES["carta_robada"].new(4, 5, options)
    load_table(host, {**record_of("carta_robada", seats, state), "bot_salt": 3})
    for s, page in guests.items():
        link(host, page, s)


def label(page, s: int, element_id: str) -> str:
    found = page.locator(f"{SCOPE[s]} #{element_id}")
    return found.get_attribute("aria-label") or "" if found.count() else ""


def seen(s: int, owner: int, pos: int, card: str) -> str:
    """The label of a card the player on phone ``s`` sees now, in its language."""
    tr = TR[s]
    return tr("cr.cell.seen", where=tr("cr.pos", n=pos + 1), card=card_text(tr, card))


def tap(page, s: int, element_id: str) -> None:
    page.click(f"{SCOPE[s]} #{element_id}")


def peek(page, s: int, first: int, second: int) -> None:
    """The player on phone ``s`` looks at two of their cards: their values are
    on that phone, as the game's true state deals them."""
    tap(page, s, f"c-{s}-{first}")
    tap(page, s, f"c-{s}-{second}")
    page.wait_for_selector(f"{SCOPE[s]} #look-done")


def test_each_guests_table_is_in_its_phones_language(browser, site_url, guests) -> None:
    host_ctx, host, _watch = open_app(browser, site_url, 390, 844, clock="fast")
    try:
        seated(host, guests)
        guests[1].wait_for_selector("[data-remote] >> text=Todos miran dos cartas")
        guests[2].wait_for_selector("[data-remote] >> text=Chacun regarde deux cartes")
        assert "Everyone looks at two cards" in host.inner_text("#app")
        assert guests[1].locator("[data-remote] main.table").get_attribute("lang") in (None, "es")
        assert "Everyone looks" not in guests[1].inner_text("[data-remote]")
        assert "Everyone looks" not in guests[2].inner_text("[data-remote]")
    finally:
        host_ctx.close()


def shots(pages, artifacts, what: str) -> None:
    for s, page in pages.items():
        shoot(page, artifacts, f"phones-seats-{what}-{('host', 'ben-es', 'cleo-fr')[s]}", False)


def test_each_guest_sees_its_own_looks_and_its_spy_on_its_own_phone(
    browser, site_url, guests, artifacts
) -> None:
    host_ctx, host, _watch = open_app(browser, site_url, 360, 640, clock="fast")
    pages = {0: host, **guests}
    for page in guests.values():
        page.set_viewport_size({"width": 360, "height": 640})
    try:
        seated(host, guests)
        picks = {0: (2, 3), 1: (0, 2), 2: (1, 3)}
        for s in (0, 2, 1):
            peek(pages[s], s, *picks[s])
        state = true_state(host, "carta_robada")
        game = engine.GAMES["carta_robada"]
        for s in (1, 2):
            reveal = game.view(state, s)["reveal"]
            assert reveal is not None and reveal["kind"] == "peek"
            for card in reveal["cards"]:
                assert card["seat"] == s
                want = seen(s, s, card["pos"], card["card"])
                assert label(pages[s], s, f"c-{s}-{card['pos']}").startswith(want), want
            for other in (0, 1, 2):  # on no other phone
                if other != s:
                    for card in reveal["cards"]:
                        got = label(pages[other], other, f"c-{s}-{card['pos']}")
                        assert card_text(TR[other], card["card"]) not in got, got
        shots(pages, artifacts, "opening-look")
        tap(host, 0, "look-done")
        tap(pages[2], 2, "look-done")
        # Ben still looks: the bot waits for him, and the host says so
        host.wait_for_selector("#app >> text=Wait: Ben is still looking at some cards.")
        assert not true_state(host, "carta_robada").moves > state.moves
        tap(pages[1], 1, "look-done")
        pages[1].wait_for_selector("[data-remote] #look-done", state="detached")
        host.wait_for_function(
            "() => JSON.parse(localStorage.getItem('tapete.save')).actions.length >= 4"
        )  # the bot looked at its own two cards
        # Ana draws the 7 and throws it away: Ben's turn; he draws the Spy
        host.wait_for_selector("#app #deck.actionable")
        tap(host, 0, "deck")
        tap(host, 0, "discard-btn")
        guests[1].wait_for_selector("[data-remote] #deck.actionable")
        tap(guests[1], 1, "deck")
        guests[1].wait_for_selector("[data-remote] #hand-card.up")
        hand = game.view(true_state(host, "carta_robada"), 1)["hand"]
        assert hand is not None and hand["card"] == "espia"
        assert label(guests[1], 1, "hand-card") == TR[1](
            "cr.hand.card", name="Ben", card=card_text(TR[1], "espia")
        )
        host.wait_for_selector("#app #hand-card.back")
        guests[2].wait_for_selector("[data-remote] #hand-card.back")
        # he throws it away and uses it: his 6 and Cleo's 10, on his phone only
        tap(guests[1], 1, "discard-btn")
        guests[1].wait_for_selector("[data-remote] #c-1-1[data-action='tsel']")
        tap(guests[1], 1, "c-1-1")
        guests[1].wait_for_selector("[data-remote] #c-2-1[data-action^='use:']")
        tap(guests[1], 1, "c-2-1")
        guests[1].wait_for_selector("[data-remote] #look-done")
        reveal = game.view(true_state(host, "carta_robada"), 1)["reveal"]
        assert reveal is not None and reveal["kind"] == "spy"
        assert {(c["seat"], c["pos"], c["card"]) for c in reveal["cards"]} == {
            (1, 1, "6"),
            (2, 1, "10"),
        }
        for owner, pos, card in ((1, 1, "6"), (2, 1, "10")):
            assert label(guests[1], 1, f"c-{owner}-{pos}").startswith(seen(1, owner, pos, card))
            for other in (0, 2):
                got = label(pages[other], other, f"c-{owner}-{pos}")
                assert card_text(TR[other], card) not in got, got
        host.wait_for_selector("#app >> text=Wait: Ben is still looking at some cards.")
        guests[2].wait_for_selector(
            "[data-remote] >> text=Un instant : Ben regarde encore des cartes."
        )
        assert guests[2].locator("[data-remote] #deck.actionable").count() == 0  # Cleo's turn waits
        shots(pages, artifacts, "spy")
    finally:
        host_ctx.close()

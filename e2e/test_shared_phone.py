"""Carta robada on one phone, in the built site at 360x640: what is on the screen
is for whoever holds the phone. Another human's cut takes the phone: a drawn card
shown face up leaves the screen then, and comes back behind its owner's hand-off.
The rules read from the table's menu never left the reader's hands: Back leads
straight to the moment they were opened in. (CPython: tests/test_web_carta_robada.py
and tests/test_web_table_entry.py.)"""

from __future__ import annotations

import engine
from e2e.helpers import HANDOVER_MS, app_action, clock_advance
from e2e.tables_helpers import actions_of, load_table, record_of, seat
from web.core.i18n import Tr
from web.tables.carta_robada.cards import card_text

GAME = engine.GAMES["carta_robada"]
EN = Tr("en")
#: Seed 6's deal (two seats): Ana holds 9, 8, 1, 7 and draws a 1; both have peeked.
PEEKS = [(0, "peek:0,1"), (1, "peek:0,1")]


def table_after(page, actions: list[tuple[int, str]]) -> engine.State:
    """Ana and Ben at seed 6's table after ``actions``, from a save record."""
    state = GAME.new(2, 6, {})
    for s, a in actions:
        state = GAME.apply(state, s, a)
    load_table(page, record_of("carta_robada", [seat("Ana"), seat("Ben")], state))
    return state


def confirm(page, name: str) -> None:
    """``name`` takes the phone: past the hand-off's hold, "I am …"."""
    page.wait_for_selector("#handoff-ready")
    assert EN("handoff.pass", name=name) in page.inner_text(".handoff h2")
    clock_advance(page, HANDOVER_MS)
    page.wait_for_selector("html:not([data-guard])", state="attached")
    page.click("#handoff-ready")
    page.wait_for_selector("#handoff-ready", state="detached")


def hand_label(page) -> str:
    return page.get_attribute("#hand-card", "aria-label") or ""


def test_a_cut_by_another_hides_the_drawn_card_and_the_hand_off_brings_it_back(
    open_page, watch_of
) -> None:
    """Ben shows his drawn card; Ana arms her ✂: the screen she holds has Ben's card
    face down under "Pass the phone to Ben" (failed before: face up, under "Ana,
    tap the card you cut with"). She cuts; Ben's "I am Ben" shows it again, face
    up as he left it."""
    page = open_page(360, 640, clock="paused")
    state = table_after(page, [*PEEKS, (0, "draw"), (0, "discard"), (1, "draw")])
    card = GAME.view(state, 1)["hand"]["card"]
    shown = EN("cr.hand.card", name="Ben", card=card_text(EN, card))
    confirm(page, "Ben")
    page.click("#show")
    assert hand_label(page) == shown
    page.click("#cut-0")  # Ana's ✂: the phone is in her hands
    page.wait_for_selector("#cutpick-0-2")
    assert hand_label(page) == EN("cr.hand.hidden", name="Ben"), "Ben's card shows to Ana"
    assert page.locator("#hand-card.up").count() == 0
    assert EN("handoff.pass", name="Ben") in page.inner_text(".handoff h2")
    # Held as a hand-off after a move is: a double tap on ✂ never says "I am Ben".
    assert page.locator("html[data-guard]").count() == 1
    clock_advance(page, HANDOVER_MS)
    page.wait_for_selector("html:not([data-guard])", state="attached")
    page.click("#cutpick-0-2")  # her 1 on the 1
    assert actions_of(page)[-1] == [0, "cut:2"]
    assert hand_label(page) == EN("cr.hand.hidden", name="Ben")
    confirm(page, "Ben")
    page.wait_for_selector("#hand-card.up")
    assert hand_label(page) == shown
    watch_of(page).assert_clean()


def test_rules_and_back_in_a_turn_ask_no_hand_off_and_a_real_pass_still_does(
    open_page, watch_of
) -> None:
    """Ana holds the phone with her drawn card shown, reads the rules from the
    menu and comes back: her card, no "I am Ana" (failed before). Her discard
    passes the turn to Ben: his hand-off comes."""
    page = open_page(360, 640, clock="paused")
    table_after(page, [*PEEKS, (0, "draw")])
    confirm(page, "Ana")
    page.click("#show")
    page.wait_for_selector("#hand-card.up")
    app_action(page, "sheet", "menu")
    page.click('#app [data-action="rules"][data-arg="carta_robada"]')
    page.wait_for_selector("main.rules")
    page.click("#app .bar .back")
    page.wait_for_selector("main.table")
    assert page.locator("#handoff-ready").count() == 0, "a hand-off to the hands that held it"
    assert page.locator("#hand-card.up").count() == 1
    page.click("#discard-btn")
    clock_advance(page, HANDOVER_MS)
    page.wait_for_selector("#handoff-ready")
    assert EN("handoff.pass", name="Ben") in page.inner_text(".handoff h2")
    watch_of(page).assert_clean()

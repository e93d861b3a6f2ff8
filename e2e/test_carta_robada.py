"""Carta robada on a phone, through taps: two humans and two bots, a stacked
deck, every action card, a successful, a failed and a tied cut, a late tap
refused after the tie window, the hand-offs checked for privacy at every step,
reloads mid-turn and during a hand-off, axe-core, the layout at both phone sizes.

The page's clock is paused (``e2e/clock.js``): no bot moves and no time passes
while the test reads the page and taps. Whenever no human may act, the test
lets time run to the next UI timer (a bot's pause or cut reaction) until a bot
has moved. So the whole game is the same on every run, and the tie window is
deterministic: two taps with the clock paused are at the same instant, and a
tap after advancing the clock past the window (``TIE_MS``) is late. The test does not script
the game move by move: it reads the true game from the save (the test may know
what the players cannot) and, whenever a human may act, taps what brings it
closer to covering every card and gesture."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
from e2e.helpers import (
    HANDOVER_MS,
    app_action,
    axe,
    both_sizes,
    clock_advance,
    clock_next,
    live,
    open_app,
    reload,
    tap,
)
from e2e.tables_helpers import (
    actions_of,
    assert_handoff_held,
    burst_on_handoff,
    confirm_after_hold,
    load_table,
    moves_count,
    page_words,
    record_of,
    seat,
    start_from_record,
    true_state,
)
from web.core import i18n

GAME = engine.GAMES["carta_robada"]
#: The UI's cut tie window (Carta robada's table, ``TIE_S``), in ms. Were it made
#: longer, the late tap below would be recorded and the test would say so.
TIE_MS = 300
ACTION_CARDS = ("disrupcion", "remolino", "impulso", "manipulacion", "espia", "reversa")
DEALT = [["3", "4", "6", "8"], ["2", "5", "7", "9"], ["1", "10", "3", "4"], ["6", "7", "8", "9"]]
PILE = [
    "milagro",
    "disrupcion",
    "5",
    "2",
    "espia",
    "manipulacion",
    "1",
    "10",
    "impulso",
    "reversa",
    "remolino",
    "disrupcion",
    "3",
    "4",
    "disrupcion",
    "6",
    "8",
    "2",
    "5",
    "7",
    "1",
    "9",
    "espia",
    "remolino",
    "10",
    "3",
    "4",
    "6",
    "8",
    "manipulacion",
    "1",
    "2",
    "5",
    "7",
    "9",
    "10",
    "bendicion",
    "maldicion",
    "3",
    "4",
    "snap",
    "6",
    "8",
    "1",
    "2",
    "5",
    "7",
    "9",
    "10",
    "reversa",
    "impulso",
    "espia",
    "manipulacion",
    "bendicion",
    "maldicion",
    "maldicion",
    "disrupcion",
    "disrupcion",
    "remolino",
    "impulso",
    "reversa",
    "espia",
    "espia",
    "manipulacion",
    "manipulacion",
]
HUMANS = (0, 1)
GOALS = {
    "milagro",
    "disrupcion_own",
    "disrupcion_others",
    "espia",
    "manipulacion",
    "impulso",
    "reversa",
    "remolino",
    "cut_ok",
    "cut_failed",
    "tied",
    "late",
}


def number(code: str) -> int | None:
    return engine.carta_robada.CARDS[code]["number"]


class Table:
    """The page, the true game behind it, and what has been covered."""

    def __init__(self, page, artifacts: Path) -> None:
        self.page = page
        self.artifacts = artifacts
        self.done: set[str] = set()
        self.shots: set[str] = set()
        self.checks = 0

    def shoot(self, name: str, axe_too: bool = False) -> None:
        if name in self.shots:
            return
        self.shots.add(name)
        both_sizes(self.page, self.artifacts, f"carta-{name}")
        if axe_too:
            axe(self.page, f"carta robada: {name}")

    def state(self):
        return true_state(self.page, "carta_robada")

    def has(self, selector: str) -> bool:
        return self.page.locator(selector).count() > 0

    def action_of(self, selector: str) -> str | None:
        el = self.page.locator(selector)
        if el.count() == 0:
            return None
        return el.first.get_attribute("data-action")

    def tap(self, selector: str) -> None:
        tap(self.page, selector)  # once the controls are live after a hand-over

    def assert_private(self, where: str) -> None:
        """Nothing private on the page: no tendido card face up but a failed
        cut's (shown to all), no drawn card's value, no reveal wording."""
        self.checks += 1
        state = self.state()
        pub = GAME.view(state, None)
        shown = pub["shown"]
        up = self.page.eval_on_selector_all(
            ".tendido .card.up", "els => els.map(e => e.id + '|' + e.getAttribute('aria-label'))"
        )
        expected = [] if shown is None else [f"c-{shown['seat']}-{shown['pos']}"]
        assert [u.split("|")[0] for u in up] == expected, f"{where}: cards face up {up}"
        labels = self.page.eval_on_selector_all(
            ".tendido .card", "els => els.map(e => e.getAttribute('aria-label'))"
        )
        for label in labels:
            assert re.match(r"Position \d+: face down", label) or "failed cut" in label, (
                f"{where}: {label}"
            )
        hand = pub["hand"]
        if hand is not None and hand["source"] == "deck":
            assert self.page.locator("#hand-card .face").count() == 0, f"{where}: drawn card shown"
        words = page_words(self.page)
        assert "only you see it" not in words, where
        for s in HUMANS:
            mine = GAME.view(state, s)
            if hand is not None and hand["source"] == "deck" and mine["hand"]["card"]:
                assert f"card: {mine['hand']['card']}" not in words, where

    def wait_for_bots(self, before: int) -> None:
        """No human may act: run paused time to the next UI timer, again, until a
        bot's move is saved (a timer may find nothing to do and set another)."""
        for _ in range(50):
            if moves_count(self.page) != before:
                return
            if not clock_next(self.page):
                break
        pub = GAME.view(self.state(), None)
        offered = self.page.eval_on_selector_all(
            "#app [data-action]:not([disabled])", "els => els.map(e => e.dataset.action)"
        )
        raise AssertionError(
            f"no bot moves: phase {pub['phase']}, turn {pub['turn']}, step {pub['step']}, "
            f"prompt {pub['prompt']}, offered {offered}, status {self.page.inner_text('.status')!r}"
        )


def cut_chance(t: Table, pub, state) -> bool:
    """A human cuts when a cut covers something: right when a card matches,
    wrong on purpose once. After a right cut the other human taps too: the first
    time at the same instant (the clock is paused: a tie), the next time once
    the clock has moved past the tie window (refused)."""
    top = pub["discard"]["top"]
    if not pub["cutters"] or top is None or number(top["card"]) is None:
        return False
    want = number(top["card"])
    for s in HUMANS:
        if s not in pub["cutters"]:
            continue
        cards = state.tendidos[s] if hasattr(state, "tendidos") else None
        if cards is None:
            return False
        # Right cuts until one was followed by the other human's late tap.
        right = "cut_ok" not in t.done or ("late" not in t.done and 1 - s in pub["cutters"])
        for pos, code in enumerate(cards):
            match = number(code) == want
            if (right and match) or ("cut_failed" not in t.done and not match):
                if not t.has(f"#cut-{s}"):
                    continue
                arm(t, s)  # a cut is two taps: the zone's ✂, then the card
                if not (t.action_of(f"#c-{s}-{pos}") or "").startswith("cut:"):
                    continue
                t.tap(f"#c-{s}-{pos}")
                if match and (1 - s) in pub["cutters"]:
                    other_cut(t, 1 - s)
                t.done.add("cut_ok" if match else "cut_failed")
                t.shoot("cut-ok" if match else "cut-failed", axe_too=not match)
                return True
    return False


def arm(t: Table, s: int) -> None:
    """Turn seat ``s``'s cut tool on (the card taps that follow cut)."""
    if t.page.locator(f"#cut-{s}").get_attribute("aria-pressed") != "true":
        t.tap(f"#cut-{s}")


def other_cut(t: Table, other: int) -> None:
    """The other human's tap on a cut just made: inside the tie window (recorded
    as ``tied``) the first time, after it (refused, nothing recorded) the next."""
    cell = f"#c-{other}-0"
    if not t.has(f"#cut-{other}") or "late" in t.done:
        return
    if t.has("html[data-guard]"):
        # The cut took the phone from the turn player: their hand-off is up, and
        # its hold (longer than the tie window) refuses every tap: no tie now, and
        # once the hold is over the window is too (nothing offers a tie).
        if "tied" not in t.done:
            return
        before = actions_of(t.page)
        live(t.page)
        if actions_of(t.page) != before:
            return  # a bot's move came meanwhile: the next cut, then
        assert not (t.action_of(cell) or "").startswith("tied:"), "a tie offered after the hold"
        assert not t.has(f"#cut-{other}"), "a ✂ to tie offered after the window"
        t.done.add("late")
        return
    arm(t, other)
    if not (t.action_of(cell) or "").startswith(("cut:", "tied:")):
        return
    before = actions_of(t.page)
    if "tied" not in t.done:
        t.tap(cell)  # the clock is paused: the same instant as the cut
        after = actions_of(t.page)
        assert after[len(before) :] == [[other, "tied:0"]], f"not a tie: {after[len(before) :]}"
        t.done.add("tied")
        return
    clock_advance(t.page, TIE_MS + 1)  # the window closes: the table is drawn again
    if actions_of(t.page) != before:
        # A bot's pause runs from the cut, not from the taps since: when it ends within
        # the window the table has moved on and a late tap tests nothing. Next cut, then.
        return
    assert not (t.action_of(cell) or "").startswith("tied:"), "a tie offered after the window"
    t.tap(cell)
    assert actions_of(t.page) == before, "a tap after the tie window was recorded"
    t.done.add("late")


def activate(t: Table, pub, turn: int) -> None:
    """Use the action card if its flow is not covered yet (by tapping targets), else skip."""
    card = pub["pending"]["card"]
    others = [s for s in range(pub["players"]) if s != turn and pub["tendidos"][s]["count"] > 0]
    t.shoot(f"activate-{card}", axe_too=card == "disrupcion")
    if card == "disrupcion" and "disrupcion_own" not in t.done:
        t.tap(f"#c-{turn}-0")
        t.shoot("target-selected")
        t.tap(f"#c-{others[0]}-0")
        t.done.add("disrupcion_own")
    elif card == "disrupcion" and "disrupcion_others" not in t.done and len(others) >= 2:
        t.tap(f"#c-{others[0]}-0")
        t.tap(
            f"#c-{others[1]}-1" if pub["tendidos"][others[1]]["count"] > 1 else f"#c-{others[1]}-0"
        )
        t.done.add("disrupcion_others")
        t.shoot("marks")
    elif card == "espia" and "espia" not in t.done:
        t.tap(f"#c-{turn}-0")
        t.tap(f"#c-{others[0]}-0")
        t.done.add("espia")
    elif card == "manipulacion" and "manipulacion" not in t.done:
        t.tap(f"#c-{others[-1]}-0")
        t.done.add("manipulacion")
    elif card in ("impulso", "reversa") and card not in t.done:
        t.tap("#use")
        t.done.add(card)
        t.shoot(card)
    elif card == "remolino" and "remolino" not in t.done:
        t.tap('[data-action="use:next"]')
        t.done.add("remolino")
    else:
        t.tap("#skip")


def human_move(t: Table, pub, state) -> bool:
    """One human gesture, if a human may act now. False: waiting for the bots."""
    page = t.page
    if t.has("#handoff-ready"):
        t.assert_private("a hand-off")
        t.shoot("handoff", axe_too=True)
        t.tap("#handoff-ready")
        return True
    if t.has("#look-done"):
        if t.has("#show"):
            t.assert_private("before showing")
            t.tap("#show")
            t.shoot("look-shown", axe_too=True)
        if t.has("#hide"):
            t.tap("#hide")
            t.assert_private("after hiding")
        t.tap("#look-done")
        return True
    if cut_chance(t, pub, state):
        return True
    phase = pub["phase"]
    if phase == "peek":
        for s in HUMANS:
            if not pub["tendidos"][s]["peeked"] and t.action_of(f"#c-{s}-0") == "psel":
                t.shoot("peek-choose")
                t.tap(f"#c-{s}-0")
                t.tap(f"#c-{s}-2")
                return True
        return False
    if phase == "whirl":
        for s in HUMANS:
            if s in pub["whirl"]["waiting"] and (t.action_of(f"#c-{s}-0") or "").startswith(
                "give:"
            ):
                t.shoot("remolino-give")
                t.tap(f"#c-{s}-0")
                return True
        return False
    turn = pub["turn"]
    if turn not in HUMANS:
        return False
    step = pub["step"]
    if step == "draw":
        if t.done >= GOALS and t.has("#declare"):
            t.tap("#declare")
            t.shoot("declared")
            return True
        t.shoot("turn-draw" if not pub["extra_turn"] else "extra-turn", axe_too=True)
        t.tap("#deck")
        return True
    if step == "decide":
        held = state.hand
        if t.has("#show") and "hand-shown" not in t.shots:
            t.tap("#show")
            t.shoot("hand-shown")
            t.tap("#hide")
            t.assert_private("the drawn card hidden again")
        goal = {"disrupcion": "disrupcion_own"}.get(held, held)
        matching = number(held) is not None and any(
            number(c) == number(held) for c in state.tendidos[turn]
        )
        wanted = (
            held in ACTION_CARDS
            and not (GOALS - t.done).isdisjoint(
                {goal, "disrupcion_others"} if held == "disrupcion" else {goal}
            )
        ) or ("cut_ok" not in t.done and matching)
        if wanted and t.has("#discard-btn"):
            t.tap("#discard-btn")
        else:
            t.tap(f"#c-{turn}-0")
        return True
    if step == "activate":
        activate(t, pub, turn)
        return True
    if step == "remove":
        t.shoot("milagro-remove", axe_too=True)
        t.tap(f"#c-{turn}-{pub['tendidos'][turn]['count'] - 1}")
        t.done.add("milagro")
        t.shoot("milagro-removed")
        return True
    del page
    return False


def test_two_humans_and_two_bots_play_carta_robada_through_taps(browser, site_url, artifacts):
    context, page, watch = open_app(browser, site_url, clock="paused")
    try:
        seats = [seat("Ana"), seat("Ben"), seat("Cleo", "bot", "easy"), seat("Dani", "bot", "easy")]
        deck = [c for hand in DEALT for c in hand] + PILE
        record = record_of("carta_robada", seats, GAME.new(4, 17, {"deck": deck, "first": 0}))
        # A fixed bot salt: the bots play the same game on every run (the test steers
        # the game towards its goals; fresh entropy could miss some).
        load_table(page, {**record, "bot_salt": 2})
        t = Table(page, artifacts)
        reloaded_handoff = reloaded_turn = False
        for _ in range(900):
            state = t.state()
            pub = GAME.view(state, None)
            if pub["phase"] == "over":
                break
            # Reload during a hand-off and in the middle of a turn: nothing revealed.
            if not reloaded_handoff and t.has("#handoff-ready") and pub["phase"] == "play":
                reload(page)
                page.wait_for_selector("main.table")
                assert t.has("#handoff-ready"), "the hand-off is back after a reload"
                t.assert_private("after a reload during a hand-off")
                reloaded_handoff = True
                continue
            if (
                not reloaded_turn
                and pub["step"] == "decide"
                and pub["turn"] in HUMANS
                and not t.has("#handoff-ready")
            ):
                reload(page)
                page.wait_for_selector("main.table")
                t.assert_private("after a reload mid-turn")
                assert GAME.view(t.state(), None)["step"] == "decide"
                reloaded_turn = True
                continue
            # The count of the same snapshot the decision was made on: a bot move
            # arriving in between must end the wait, not be waited past.
            before = len(GAME.dump(state)["actions"])
            if not human_move(t, pub, state):
                t.wait_for_bots(before)
        else:
            raise AssertionError(f"the game did not end; covered {sorted(t.done)}")
        assert reloaded_handoff and reloaded_turn
        missing = GOALS - t.done
        assert not missing, f"not covered: {sorted(missing)}"
        # The move that ended the game stays on the table until "See the results".
        page.wait_for_selector("#see-results")
        assert page.locator(".ranking").count() == 0
        t.tap("#see-results")
        # The end: every tendido revealed, totals as the engine says, winners.
        result = GAME.result(t.state())
        for s, total in enumerate(result["scores"]):
            shown = page.locator(f'.ranking .rank[data-seat="{s}"] .total').inner_text()
            assert shown == i18n.number(total)  # a minus sign, not a hyphen
            assert page.locator(f'.reveal-row[data-seat="{s}"] .card.mini-card').count() == len(
                result["tendidos"][s]
            )
        winners = [
            page.locator(f'.rank[data-seat="{s}"]').get_attribute("class")
            for s in result["winners"]
        ]
        assert all("won" in w for w in winners)
        t.shoot("end", axe_too=True)
        assert t.checks >= 10
        watch.assert_clean()
    finally:
        context.close()


def test_six_seats_fit_a_small_phone(browser, site_url, artifacts):
    """Six tendidos, each with its own zone, on 360x640: nothing sticks out
    sideways, and the turn's controls are reachable."""
    # Paused: the four bots' peeks do not redraw the table between the taps.
    context, page, watch = open_app(browser, site_url, width=360, height=640, clock="paused")
    try:
        seats = [seat("Ana"), seat("Benedetta Maria")] + [
            seat(n, "bot", "medium") for n in ("Cleo", "Dani", "Eloy", "Fer")
        ]
        start_from_record(page, "carta_robada", seats, 5, {})
        for width, height in ((360, 640), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
            assert overflow <= 0, f"{overflow}px sideways at {width}x{height}"
        page.set_viewport_size({"width": 360, "height": 640})
        assert page.locator(".zone").count() == 6
        both_sizes(page, artifacts, "carta-6p-handoff")
        page.click("#handoff-ready")
        page.click("#c-0-0")
        page.click("#c-0-1")
        both_sizes(page, artifacts, "carta-6p-look")
        axe(page, "carta robada, six seats")
        watch.assert_clean()
    finally:
        context.close()


# -- at 360x640: fair cuts, SNAP!, hand-offs, results, card names ------------------

SMALL = {"width": 360, "height": 640}
#: Deals found by seed (a save with a stacked deck is refused, web/app/records.py), two
#: seats, Ana first. 73: Ana (10 at position 4) and Rob (10 at 3) both hold a 10 and
#: Ana draws a 10. 6: Ana holds 9, 8, 1, 7 and draws a 1. 189: Ana draws the SNAP!
#: marker, then a card. 3: Ana draws an Espía.
PEEKS = [(0, "peek:0,1"), (1, "peek:0,1")]


def dealt_table(page, seats: list[dict], seed: int, actions=()) -> None:
    """A table from a save record: the seed's deal and the actions already played."""
    state = GAME.new(len(seats), seed, {})
    for s, a in actions:
        state = GAME.apply(state, s, a)
    load_table(page, record_of("carta_robada", seats, state))


def enabled(page, selector: str) -> int:
    return page.locator(f"#app {selector}:not([disabled])").count()


def test_bots_leave_a_human_a_head_start_on_a_cut_by_the_setting(browser, site_url, artifacts):
    """The cut pace (Settings: relaxed / normal / quick) is the time no bot acts once
    a card a human may cut reaches the discard; a countdown shows it."""
    context, page, watch = open_app(browser, site_url, **SMALL, clock="paused")
    try:
        dealt_table(page, [seat("Ana"), seat("Rob", "bot", "hard")], 73, PEEKS)
        app_action(page, "sheet", "menu")
        page.click('#app [data-action="go"][data-arg="settings"]')
        relaxed = '[data-action="set"][data-arg="cut_pace=relaxed"]'
        assert page.locator('[data-arg="cut_pace=normal"]').get_attribute("aria-pressed") == "true"
        both_sizes(page, artifacts, "carta-settings-cut-pace")
        page.click(relaxed)
        assert page.locator(relaxed).get_attribute("aria-pressed") == "true"
        stored = page.evaluate("() => localStorage.getItem('tapete.settings')")
        assert '"cut_pace":"relaxed"' in stored
        app_action(page, "back")
        page.wait_for_selector("main.table")
        page.click("#deck")
        page.click("#discard-btn")  # a 10 on the discard: Ana and Rob may cut
        clock = page.locator(".cut-clock[role=timer]")
        assert clock.is_visible(), "no countdown while the cut is open"
        assert clock.get_attribute("data-ms") == "5000"
        both_sizes(page, artifacts, "carta-cut-head-start")
        before = moves_count(page)
        clock_advance(page, 4900)
        assert moves_count(page) == before, "a bot acted inside the humans' head start"
        page.click("#cut-0")
        page.click("#c-0-3")
        events = GAME.view(true_state(page, "carta_robada"), None)["events"]
        assert [e for e in events if e["type"] == "cut"][-1]["seat"] == 0
        assert page.locator(".cut-clock").count() == 0, "the countdown outlives the cut"
        watch.assert_clean()
    finally:
        context.close()


def test_a_cut_takes_a_deliberate_gesture_even_under_a_hand_off(browser, site_url, artifacts):
    context, page, watch = open_app(browser, site_url, **SMALL, clock="paused")
    try:
        # Ana drew a 1 and discarded it; Ben drew from the deck.
        done = [*PEEKS, (0, "draw"), (0, "discard"), (1, "draw")]
        dealt_table(page, [seat("Ana"), seat("Ben")], 6, done)
        # A fresh page: the phone is with nobody known, Ben's drawn card waits behind a
        # hand-off; the cut stays open (a bot could cut meanwhile), by ✂ only.
        assert page.locator("#handoff-ready").is_visible()
        assert enabled(page, '[data-action^="cut:"]') == 0, "a card cuts in one tap"
        assert enabled(page, '[data-action="mode"][data-arg$=":cut"]') == 2
        page.click("#handoff-ready")
        before = moves_count(page)
        page.click("#c-0-0")  # a stray tap on Ana's 9
        assert moves_count(page) == before, "one tap on a card cut (and cost a penalty)"
        page.click("#cut-0")
        assert page.locator("#cut-0").get_attribute("aria-pressed") == "true"
        assert page.locator("#c-0-2 .cut-sign").count() == 1
        # Ana's ✂ took the phone from Ben: his card waits behind his hand-off again,
        # held a moment as after a move (a double tap on ✂ never says "I am Ben").
        assert "Ben" in page.inner_text(".handoff h2")
        clock_advance(page, HANDOVER_MS)
        page.wait_for_selector("html:not([data-guard])", state="attached")
        both_sizes(page, artifacts, "carta-cut-armed")
        page.click("#c-0-2")
        assert actions_of(page)[-1] == [0, "cut:2"]
        watch.assert_clean()
    finally:
        context.close()


def test_the_next_humans_deck_waits_for_their_hand_off(browser, site_url, artifacts):
    """Ana discards: Ben's deck does not answer from Ana's hands (a tap there drew
    his card, and only then came "Pass the phone to Ben"): his hand-off comes
    first, and Ana's ✂ stays live under it (her 1 against the 1 she discarded)."""
    context, page, watch = open_app(browser, site_url, **SMALL, clock="paused")
    try:
        dealt_table(page, [seat("Ana"), seat("Ben")], 6, [*PEEKS, (0, "draw")])
        page.click("#handoff-ready")  # the phone is Ana's
        assert page.locator("#show").count() == 1, "Ana's own card is hers to show"
        page.click("#discard-btn")
        clock_advance(page, HANDOVER_MS)
        page.wait_for_selector("#handoff-ready")
        assert "Ben" in page.inner_text(".handoff h2")
        assert enabled(page, "#deck[data-move]") == 0, "Ben's deck answers Ana's tap"
        both_sizes(page, artifacts, "carta-next-human-handoff")
        page.click("#cut-0")
        page.click("#cutpick-0-2")
        assert actions_of(page)[-1] == [0, "cut:2"]
        page.click("#handoff-ready")
        page.click("#deck")
        page.wait_for_selector("#show")
        watch.assert_clean()
    finally:
        context.close()


def test_snap_asks_first_and_a_tap_is_not_asked_who_again(browser, site_url, artifacts):
    context, page, watch = open_app(browser, site_url, **SMALL, clock="paused")
    try:
        dealt_table(page, [seat("Ana"), seat("Ben")], 189, PEEKS[1:])
        page.click("#handoff-ready")  # Ana takes the phone for her opening look
        page.click("#c-0-0")
        page.click("#c-0-1")
        page.click("#look-done")
        page.click("#deck")  # Ana finds the marker and draws the 9
        assert page.locator("#handoff-ready").count() == 0, "Ana has the phone, and is asked again"
        page.click("#declare")
        assert GAME.view(true_state(page, "carta_robada"), None)["declarer"] is None, (
            "SNAP! declared in one tap"
        )
        assert page.locator("#declare-yes").is_visible()
        both_sizes(page, artifacts, "carta-snap-confirm")
        axe(page, "carta robada: SNAP! confirm")
        page.click("#declare-no")
        assert page.locator("#declare-yes").count() == 0
        page.click("#declare")
        page.click("#declare-yes")
        assert GAME.view(true_state(page, "carta_robada"), None)["declarer"] == 0
        watch.assert_clean()
    finally:
        context.close()


def test_a_private_look_makes_the_table_wait(browser, site_url, artifacts):
    """Ana spies after her turn: the turn has passed to Ben, but nothing answers
    (deck, cuts) until Ana has put her look away."""
    context, page, watch = open_app(browser, site_url, **SMALL, clock="paused")
    try:
        dealt_table(page, [seat("Ana"), seat("Ben")], 3, [*PEEKS, (0, "draw")])
        if page.locator("#handoff-ready").count():
            page.click("#handoff-ready")
        page.click("#discard-btn")
        page.click("#c-0-2")
        page.click("#c-1-2")  # Ana spies on her 3rd card and Ben's
        assert page.locator("#look-done").is_visible()
        assert GAME.view(true_state(page, "carta_robada"), None)["turn"] == 1
        assert enabled(page, "#deck[data-move]") == 0, "Ben's deck answers during Ana's look"
        assert enabled(page, "[data-move]") == 0
        page.click("#look-done")
        clock_advance(page, HANDOVER_MS)
        page.click("#handoff-ready")  # Ben's turn: the phone goes to him first
        assert enabled(page, "#deck[data-move]") == 1
        watch.assert_clean()
    finally:
        context.close()


#: Seed 6: Ana cuts whenever a card matches one of hers, until her tendido is empty
#: (0 points, she wins at once); Bob ends with a Manipulación, a 9 and a 2 (23 points).
PLAYED = (
    "0draw 0discard 0cut:2 1draw 1discard 1skip 0draw 0discard 1draw 1discard 0draw "
    "0discard 1draw 1discard 1skip 0draw 0discard 0skip 1draw 1discard 0draw 0discard "
    "0cut:1 1draw 1discard 0cut:0 0draw 0discard 1draw 1discard 1skip 0draw 0discard "
    "1draw 1discard 0draw 0discard 0skip 1draw 1discard 0draw 0discard 1draw 1discard "
    "0draw 0discard 0skip 1draw 1discard 1skip 0draw 0discard 1draw 1discard 1skip 0draw "
    "0discard 1draw 1discard 0draw 0discard 0skip 1draw 1discard 0draw 0discard 0skip "
    "1draw 1discard 1skip 0draw 0discard 1draw 1discard 0draw 0discard 1draw 1discard "
    "0draw 0discard 1draw 1discard 0draw 0discard 0skip 1draw 1discard 0draw 0discard "
    "1draw 1discard 0draw 0discard 1draw 1discard 0draw 0discard 1draw 1remove:0 0draw "
    "0discard 0skip 1draw 1discard 1skip 0draw 0discard 1draw 1discard 0cut:0 "
)
EMPTIED = [(int(a[0]), a[1:]) for a in PLAYED.split()]
#: A card's label that a player cannot read whole: smaller than 9 px, cut, or out of its card.
UNREADABLE = """els => els.filter(e => {
    const c = e.closest('.card').getBoundingClientRect(), r = e.getBoundingClientRect();
    return parseFloat(getComputedStyle(e).fontSize) < 9
        || e.scrollWidth > e.clientWidth + 1
        || getComputedStyle(e).textOverflow === 'ellipsis'
        || r.left < c.left - 1 || r.right > c.right + 1 || r.bottom > c.bottom + 1;
}).map(e => `${e.textContent} (${getComputedStyle(e).fontSize})`)"""


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_results_rank_the_winner_first_with_whole_card_names(browser, site_url, artifacts, lang):
    context, page, watch = open_app(browser, site_url, **SMALL, langs=lang, clock="paused")
    try:
        dealt_table(page, [seat("Ana"), seat("Bob", "bot", "easy")], 6, [*PEEKS, *EMPTIED])
        assert GAME.result(true_state(page, "carta_robada"))["winners"] == [0]
        first = page.locator(".ranking .rank").first
        assert first.get_attribute("data-seat") == "0", "the winner is not ranked first"
        assert first.locator(".place").inner_text() == "1"
        assert page.locator(".reveal-row").first.get_attribute("data-seat") == "0"
        names = page.eval_on_selector_all(
            ".reveal-row .cname", "els => els.map(e => e.textContent)"
        )
        short = i18n.Tr(lang)("cr.short.manipulacion")  # the Manipulación as its face says it
        assert short in names, f"{short} not on the cards: {names}"
        clipped = page.eval_on_selector_all(".card .cname", UNREADABLE)
        assert not clipped, f"card names unreadable at 360 px: {clipped}"
        split = page.eval_on_selector_all(".card .cname", SPLIT_WORDS)
        assert not split, f"a word broken in {split}"
        both_sizes(page, artifacts, f"carta-end-{lang}")
        watch.assert_clean()
    finally:
        context.close()


def test_a_double_tap_on_done_never_says_i_am_ben(browser, site_url, artifacts):
    """No tap crosses a hand-off, at 360x640, the clock paused: the hand-off that Ana's
    "Done" (her look put away) brings up ignores taps for a visible moment, so
    her double tap leaves Ben's moment closed; once it is over "I am Ben" works."""
    context, page, watch = open_app(browser, site_url, width=360, height=640, clock="paused")
    try:
        start_from_record(page, "carta_robada", [seat("Ana"), seat("Ben")], 5, {})
        tap(page, "#handoff-ready")
        tap(page, "#c-0-0")
        tap(page, "#c-0-1")
        page.wait_for_selector("#look-done")
        burst_on_handoff(page, "#look-done")
        assert_handoff_held(page, "Ben")  # Ben's moment not opened by Ana's tap
        both_sizes(page, artifacts, "carta-handoff-held")
        confirm_after_hold(page)
        page.wait_for_selector("#c-1-0")
        assert page.locator(".handoff").count() == 0
        watch.assert_clean()
    finally:
        context.close()


#: Seeds (two seats, both peeked at 0 and 1) where Ana's first draw is a long-named card.
LONG_NAMED = {"manipulacion": 16, "disrupcion": 17, "bendicion": 26, "maldicion": 220}
#: A word of a card's name broken across two lines ("Disrupció / n").
SPLIT_WORDS = """els => els.flatMap(e => {
    const text = e.firstChild, out = [];
    for (const m of e.textContent.matchAll(/\\S+/g)) {
        const r = document.createRange();
        r.setStart(text, m.index);
        r.setEnd(text, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].map(b => Math.round(b.top)));
        if (tops.size > 1) out.push(e.textContent);
    }
    return out;
})"""


def assert_names_readable(page, moment: str) -> None:
    """No card name on the page broken inside a word, none under 9 px."""
    split = page.eval_on_selector_all(".card .cname", SPLIT_WORDS)
    assert not split, f"{moment}: a word broken in {split}"
    small = page.eval_on_selector_all(".card .cname", UNREADABLE)
    assert not small, f"{moment}: unreadable {small}"


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_long_card_names_break_between_words_only(browser, site_url, artifacts, lang):
    """At 360 px a name cut as "Disrupció / n" on the drawn card and the discard,
    or shrunk to 5.4 px, is unreadable: a long name's face shows a short form, in
    9 px or more, whole, on the drawn card, the discard and the tendidos."""
    context, page, watch = open_app(browser, site_url, **SMALL, langs=lang, clock="paused")
    try:
        for card, seed in LONG_NAMED.items():
            dealt_table(page, [seat("Ana"), seat("Bob", "bot", "easy")], seed, PEEKS)
            tap(page, "#deck")
            page.wait_for_selector(".card.in-hand .cname")
            assert_names_readable(page, f"{card} drawn")
            if card == "disrupcion":
                both_sizes(page, artifacts, f"carta-long-name-hand-{lang}")
            tap(page, "#discard-btn")
            page.wait_for_selector(".card.pile:not(.deck) .cname")
            assert_names_readable(page, f"{card} discarded")
            if card == "manipulacion":
                both_sizes(page, artifacts, f"carta-long-name-discard-{lang}")
        watch.assert_clean()
    finally:
        context.close()

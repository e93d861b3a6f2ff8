"""The Carta robada table on CPython: what a shared phone shows and when.

Privacy is checked the strong way: at a hand-off, and whenever nothing is
shown, the page must be the same HTML for the real game and for a game whose
hidden cards were dealt again (``redeal_hidden``): then no hidden value can be
in it, whatever the wording."""

from __future__ import annotations

import html
import json
import random
import re
from dataclasses import replace

import pytest

import engine
from engine.carta_robada.timing import reaction_ms
from web.app.controller import App
from web.app.registry import ENTRIES
from web.app.timers import Timers
from web.core import clock, store
from web.core.model import Seat
from web.tables.carta_robada import cards as cr_cards
from web.tables.carta_robada import pacing

GAME = engine.GAMES["carta_robada"]


def new_app(seats, options=None, seed=11, bots=None) -> App:
    """A Carta robada table; ``bots``: the game's bot levels, when not its own."""
    entries = ENTRIES
    if bots is not None:
        entries = {**ENTRIES, "carta_robada": replace(ENTRIES["carta_robada"], bots=bots)}
    app = App(store.MemoryStorage(), ["en"], lambda: seed, entries=entries)
    app.start("carta_robada", seats, options or {})
    return app


def humans(*names):
    return [Seat(n) for n in names]


BUTTON = re.compile(r"<button([^>]*)>")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')


def buttons(html: str) -> list[dict[str, str]]:
    out = []
    for m in BUTTON.finditer(html):
        attrs = dict(ATTR.findall(m.group(1)))
        if " disabled" not in m.group(1):
            out.append(attrs)
    return out


def press(app: App, **want) -> dict[str, str]:
    """Tap the first enabled button whose attributes match ``want`` (``id``,
    ``data_action``, ``data_arg``, ``data_seat``), as the page's listener would."""
    want = {k.replace("_", "-"): str(v) for k, v in want.items()}
    for b in buttons(app.render()):
        if all(b.get(k) == v for k, v in want.items()):
            if "data-move" in b:
                ok = app.play(int(b["data-seat"]), b["data-action"], int(b["data-move"]))
                assert ok, f"refused: {b}"
            else:
                app.release()  # a hand-off's hold after a move ends first (the page's timer)
                app.handle(b["data-action"], b.get("data-arg"))
            return b
    raise AssertionError(
        f"no button {want} in {[b.get('data-action') for b in buttons(app.render())]}"
    )


def hidden_html(app: App) -> str:
    """The page drawn for the same table with every hidden card dealt again."""
    table = app.table
    real = table.state
    table.state = GAME.redeal_hidden(real, None, 99)
    try:
        return app.render()
    finally:
        table.state = real


def assert_private(app: App, where: str) -> None:
    assert app.render() == hidden_html(app), f"a hidden value is on the page at {where}"


def stacked(dealt: list[list[str]], pile: list[str]) -> dict:
    return {"deck": [c for hand in dealt for c in hand] + pile, "first": 0}


# -- hand-offs and reveals ------------------------------------------------------------


def everyone_looks(app: App, seats=(1, 0), positions=(0, 1)) -> None:
    """The opening peek at every seat: take the phone, pick two cards, put them away.
    The last to look holds the phone: by default Ana, who plays first."""
    for s in seats:
        offered = buttons(app.render())
        mine = [b for b in offered if b.get("data-action") == "handoff" and b["data-arg"] == str(s)]
        if not mine:
            press(app, data_action="pass", data_arg=s)  # "Ben first instead"
        press(app, data_action="handoff", data_arg=s)
        for p in positions:
            press(app, id=f"c-{s}-{p}")
        press(app, data_action="look-done")


def action_card_up(card: str) -> App:
    """Ana and Ben have looked; Ana draws ``card`` and discards it: its use is hers."""
    opts = stacked([["1", "2", "3", "4"], ["5", "6", "7", "8"]], [card, "9", "10", "1"])
    app = new_app(humans("Ana", "Ben"), opts)
    everyone_looks(app)
    press(app, id="deck")
    press(app, id="discard-btn")
    return app


def test_two_humans_get_a_hand_off_before_their_peek_and_it_shows_nothing():
    app = new_app(humans("Ana", "Ben"))
    html = app.render()
    assert "Pass the phone to Ana" in html
    assert_private(app, "the first hand-off")
    press(app, data_action="handoff", data_arg=0)
    assert_private(app, "Ana choosing")
    press(app, id="c-0-1")
    press(app, id="c-0-3")
    # peeked, not shown yet: the value is not on the page
    assert "Show the cards" in app.render()
    assert_private(app, "Ana's look, hidden")
    press(app, data_action="show")
    shown = app.render()
    cards = GAME.view(app.table.state, 0)["reveal"]["cards"]
    for c in cards:
        assert 'class="card up private' in shown
        assert cr_cards.card_text(app.tr, c["card"]) in shown
    assert shown != hidden_html(app)
    press(app, data_action="look-done")
    assert "Pass the phone to Ben" in app.render()
    assert_private(app, "the hand-off to Ben")


def test_a_look_shown_is_put_away_by_one_button_worded_as_in_a_game_with_bots():
    # Alone with bots the look's only button is "Done: put them away"; with the
    # phone passed around, a "Hide" beside it named the same act twice.
    solo = new_app([Seat("Ana"), Seat("Bot", "bot", "random")])
    press(solo, id="c-0-0")
    press(solo, id="c-0-1")
    app = new_app(humans("Ana", "Ben"))
    press(app, data_action="handoff", data_arg=0)
    press(app, id="c-0-1")
    press(app, id="c-0-3")
    press(app, data_action="show")
    for page in (solo.render(), app.render()):
        assert 'data-action="hide"' not in page
        assert page.count('data-action="look-done"') == 1
        assert ">Done: put them away</button>" in page


def test_a_single_human_needs_no_hand_off():
    app = new_app([Seat("Ana"), Seat("Bot", "bot", "random")])
    html = app.render()
    assert "Pass the phone" not in html
    press(app, id="c-0-0")
    press(app, id="c-0-1")
    html = app.render()
    assert "Pass the phone" not in html
    assert 'class="card up private' in html  # shown at once: nobody else plays here


def test_nothing_seen_stays_marked_after_the_look():
    app = new_app(humans("Ana", "Ben"))
    for s in (0, 1):
        press(app, data_action="handoff", data_arg=s)
        press(app, id=f"c-{s}-0")
        press(app, id=f"c-{s}-1")
        press(app, data_action="show")
        press(app, data_action="look-done")
    # the game is on, both reveals still alive in the engine; the page shows none
    assert GAME.view(app.table.state, 0)["reveal"] is not None
    assert "private" not in app.render()
    assert_private(app, "after both looks")


def test_the_drawn_card_is_hidden_until_shown_and_leaves_the_page_when_hidden():
    """Whoever confirmed the last hand-off holds the phone: their own draw asks no
    "I am Ana" again; the card is on the page only while shown."""
    opts = stacked([["1", "2", "3", "4"], ["5", "6", "7", "8"]], ["9", "10", "1", "2"])
    app = new_app(humans("Ana", "Ben"), opts)
    everyone_looks(app)  # Ana looks last: the phone is hers
    press(app, id="deck")  # Ana draws the 9
    assert "Pass the phone" not in app.render()
    assert_private(app, "Ana's card, hidden")
    press(app, data_action="show")
    assert "Ana&#x27;s card: 9" in app.render()
    press(app, data_action="hide")
    assert "Ana&#x27;s card: 9" not in app.render()
    assert_private(app, "Ana's card, hidden again")


def test_the_phone_goes_to_the_turn_player_before_her_draw():
    """Ben looked last, so he holds the phone. Ana's turn opens on "Pass the phone
    to Ana", before her deck answers: else a tap from Ben's hands draws her card,
    and only then is the phone passed. Once she has it, her draw asks nothing more."""
    opts = stacked([["1", "2", "3", "4"], ["5", "6", "7", "8"]], ["9", "10", "1", "2"])
    app = new_app(humans("Ana", "Ben"), opts)
    everyone_looks(app, seats=(0, 1))
    html = app.render()
    assert "Pass the phone to Ana" in html
    assert "It is Ana&#x27;s turn" in html
    assert not [b for b in buttons(html) if b.get("id") == "deck"], "Ana's deck answers Ben"
    assert_private(app, "the hand-off before Ana's draw")
    press(app, data_action="handoff", data_arg=0)
    press(app, id="deck")
    assert "Pass the phone" not in app.render()
    press(app, data_action="show")
    assert "Ana&#x27;s card: 9" in app.render()


def test_random_games_never_leave_a_hidden_value_on_a_hidden_page():
    """Random taps through whole games with three humans and a bot: every page
    drawn while nothing is shown is independent of the hidden cards."""
    for seed in (1, 2):
        rng = random.Random(seed)
        app = new_app([*humans("Ana", "Ben", "Cleo"), Seat("Bot", "bot", "random")], seed=seed)
        for _ in range(250):
            state = app.table.state
            if GAME.result(state) is not None:
                break
            if app.table.ui.get("show") is None:
                assert_private(app, f"move {state.moves}")
            offered = buttons(app.render())
            seat = app.bot_turn()
            if seat is not None and rng.random() < 0.5:
                app.bot_play(seat, state.moves)
                continue
            choices = [
                b for b in offered if b.get("data-action") not in ("sheet", "home", "export")
            ]
            if not choices:
                continue
            b = rng.choice(choices)
            if "data-move" in b:
                app.play(int(b["data-seat"]), b["data-action"], int(b["data-move"]))
            else:
                app.handle(b["data-action"], b.get("data-arg"))


# -- cuts -------------------------------------------------------------------------------


def _ready_to_cut(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    # Ana and Ben both hold a 5 at position 0; Ana draws a 5 and discards it.
    opts = stacked([["5", "2", "3", "4"], ["5", "6", "7", "8"]], ["5", "9", "10", "1", "2", "3"])
    app = new_app(humans("Ana", "Ben"), opts)
    everyone_looks(app, positions=(2, 3))
    press(app, id="deck")
    press(app, id="discard-btn")
    assert GAME.view(app.table.state, None)["cutters"] == [0, 1]
    return app, now


def test_every_seat_cuts_from_its_own_zone_with_two_taps(monkeypatch):
    """A stray tap on a card cuts nothing: the zone's ✂ first, then the card."""
    app, _ = _ready_to_cut(monkeypatch)
    assert 'data-action="cut:' not in app.render()
    for s in (0, 1):
        press(app, data_action="mode", data_arg=f"{s}:cut")
        html = app.render()
        assert re.search(rf'data-action="cut:0" data-seat="{s}"', html), f"seat {s} cannot cut"
        press(app, data_action="mode", data_arg=f"{s}:cut")  # again: off
        assert 'data-action="cut:' not in app.render()


def test_every_seat_may_cut_while_the_phone_goes_to_the_turn_player(monkeypatch):
    """The hand-off before Ben's draw holds only his turn: the bots may cut
    meanwhile, so may Ana and Ben, and a cut leaves the hand-off up."""
    app, _ = _ready_to_cut(monkeypatch)  # a 5 open on the discard, Ben's turn, Ana's phone
    html = app.render()
    assert "Pass the phone to Ben" in html
    assert 'id="deck"' in html and 'data-action="draw"' not in html
    assert "Cut open on the 5" in html
    for s in (0, 1):
        press(app, data_action="mode", data_arg=f"{s}:cut")
        assert re.search(rf'data-action="cut:0" data-seat="{s}"', app.render()), f"seat {s}"
    press(app, id="c-0-0")  # Ana cuts with her 5
    events = GAME.view(app.table.state, None)["events"]
    assert events[-1]["type"] == "cut" and events[-1]["seat"] == 0
    html = app.render()
    assert "Pass the phone to Ben" in html and 'data-action="draw"' not in html


def test_a_cut_is_two_taps_beside_the_discard(monkeypatch):
    """Each human's ✂ is by the discard, named; armed, it offers that seat's cards
    there by position (its zone may lie below a phone's fold), and a tap cuts."""
    app, _ = _ready_to_cut(monkeypatch)
    row = app.render().split('class="cut-row"')[1].split("</div>")[0]
    assert re.findall(r'id="cut-(\d)"', row) == ["0", "1"]
    assert ">Ana<" in row and ">Ben<" in row
    press(app, id="cut-1")
    assert 'id="cutpick-1-3"' in app.render() and 'id="cutpick-0-' not in app.render()
    press(app, id="cutpick-1-0")  # Ben's 5 against the 5
    events = GAME.view(app.table.state, None)["events"]
    assert events[-1]["type"] == "cut" and events[-1]["seat"] == 1


def test_every_seat_may_cut_under_a_hand_off_to_a_drawn_card(monkeypatch):
    """Ben drew, then Ana took the phone to reorder: his card waits behind "Pass
    the phone to Ben" (it never shows there), and the cut stays open to both
    (the bots could cut meanwhile): a hand-off holds only his moment."""
    app, _ = _ready_to_cut(monkeypatch)  # a 5 open on the discard, Ben's turn
    press(app, data_action="handoff", data_arg=1)  # the phone goes to Ben before his draw
    press(app, id="deck")
    assert "Pass the phone" not in app.render()
    assert app.play(0, "order:1,2", app.table.state.moves)  # Ana takes the phone
    html = app.render()
    assert "Pass the phone to Ben" in html  # Ben's drawn card needs it back
    assert 'data-action="show"' not in html and 'data-action="swap:' not in html
    assert_private(app, "Ben's card behind the hand-off")
    press(app, id="cut-0")
    press(app, id="cutpick-0-0")  # Ana cuts with her 5
    assert GAME.view(app.table.state, None)["events"][-1]["type"] == "cut"
    assert "Pass the phone to Ben" in app.render()


def test_snap_asks_before_it_declares():
    opts = stacked([["1", "2", "3", "4"], ["5", "6", "7", "8"]], ["snap", "9", "10", "1", "2"])
    app = new_app(humans("Ana", "Ben"), opts)
    everyone_looks(app)
    press(app, id="deck")  # the marker, then the 9
    press(app, id="declare")
    assert GAME.view(app.table.state, None)["declarer"] is None, "one tap declared"
    assert "out for good" in app.render()
    press(app, id="declare-no")
    assert "declare-yes" not in app.render()
    press(app, id="declare")
    press(app, id="declare-yes")
    assert GAME.view(app.table.state, None)["declarer"] == 0


def test_a_snap_question_outlives_a_bot_cut_in_the_same_moment(monkeypatch):
    """Ana taps SNAP! at the start of her turn and a bot cuts the top a moment later:
    the question is still hers to answer (a bot's cut must not lose the tap), and it goes once
    her turn has moved on."""
    now = [50.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])

    class Cutter:
        """Cuts a 5 with its first card; otherwise plays the first legal action."""

        def __init__(self, seed):
            pass

        def act(self, view, legal):
            top = view["discard"]["top"]
            if "cut:0" in legal and top is not None and top["card"] == "5":
                return "cut:0"
            rest = [a for a in legal if not a.startswith(("cut:", "order:"))]
            return rest[0] if rest else None

    # Ana draws the marker, then a 9 she discards; Rob draws a 5 and swaps out his 5 at 0.
    opts = stacked([["1", "2", "3", "4"], ["5", "6", "7", "8"]], ["snap", "9", "5", "10", "1", "2"])
    app = new_app([Seat("Ana"), Seat("Rob", "bot", "random")], opts, bots={"random": Cutter})
    press(app, id="c-0-0")
    press(app, id="c-0-1")
    press(app, data_action="look-done")
    app.bot_play(1, app.table.state.moves)  # the bot peeks
    press(app, id="deck")
    press(app, id="discard-btn")
    while GAME.view(app.table.state, None)["turn"] == 1:
        assert app.bot_play(1, app.table.state.moves)
    pub = GAME.view(app.table.state, None)
    # Ana's turn begins; Rob may cut his 5
    assert pub["turn"] == 0 and pub["step"] == "draw" and pub["discard"]["top"]["card"] == "5"
    press(app, id="declare")
    assert "declare-yes" in app.render()
    now[0] += 60
    assert app.bot_turn() == 1
    assert app.bot_play(1, app.table.state.moves)
    assert GAME.view(app.table.state, None)["events"][-1]["type"] == "cut"
    assert "declare-yes" in app.render(), "the cut took Ana's SNAP! question away"
    press(app, id="declare-yes")
    assert GAME.view(app.table.state, None)["declarer"] == 0


def test_a_snap_question_goes_when_its_moment_is_over():
    opts = stacked([["1", "2", "3", "4"], ["5", "6", "7", "8"]], ["snap", "9", "10", "1", "2"])
    app = new_app(humans("Ana", "Ben"), opts)
    everyone_looks(app)
    press(app, id="deck")  # the marker, then the 9
    press(app, id="declare")
    assert app.play(0, "swap:0", app.table.state.moves)  # Ana plays on: her question is over
    assert "declare-yes" not in app.render()
    assert GAME.view(app.table.state, None)["turn"] == 1


def test_bots_leave_the_humans_a_head_start_on_a_cut(monkeypatch):
    """The countdown tells how long the bots wait: at a table with no bot there is
    none to tell (it said "The bots wait 3 s" to four people)."""
    app, _ = _ready_to_cut(monkeypatch)
    assert "Cut open on the 5" in app.render() and 'role="timer"' not in app.render()
    now = [100.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    opts = stacked([["5", "2", "3", "4"], ["1", "6", "7", "8"]], ["5", "9", "10", "1", "2", "3"])
    app = new_app([Seat("Ana"), Seat("Rob", "bot", "random")], opts)
    press(app, id="c-0-2")
    press(app, id="c-0-3")
    press(app, data_action="look-done")
    app.bot_play(1, app.table.state.moves)  # the bot peeks
    press(app, id="deck")
    press(app, id="discard-btn")
    head = pacing.HEAD_START_MS["normal"]
    assert 'role="timer"' in app.render()
    assert f'data-ms="{head}"' in app.render()
    now[0] += head / 1000
    assert 'role="timer"' not in app.render()


def test_the_head_start_runs_on_through_a_hand_off(monkeypatch):
    """Everyone may cut under a hand-off: passing the phone does not start the
    humans' head start again (the bar would jump back, the bots wait longer)."""
    app, now = _ready_to_cut(monkeypatch)
    head = pacing.HEAD_START_MS["normal"] / 1000
    pub = GAME.view(app.table.state, None)
    start = now[0]
    assert pacing.head_start(app, app.table, pub) == (start + head, head * 1000)
    now[0] += 1.0
    press(app, data_action="handoff", data_arg=1)
    assert pacing.head_start(app, app.table, pub)[0] == start + head


def test_a_cut_within_the_tie_window_is_cancelled_without_penalty(monkeypatch):
    app, now = _ready_to_cut(monkeypatch)
    picture = app.table.state.moves  # both taps were made on this picture
    assert app.play(0, "cut:0", picture)
    now[0] += 0.2
    assert app.play(1, "cut:0", picture)  # late by 0.2 s: recorded as tied
    events = GAME.view(app.table.state, None)["events"]
    assert [e["type"] for e in events[-2:]] == ["cut", "tied"] or events[-1]["type"] == "tied"
    assert events[-1] == {**events[-1], "type": "tied", "seat": 1, "first": 0}
    assert GAME.view(app.table.state, None)["tendidos"][1]["count"] == 4  # no penalty


def test_a_tie_tap_after_the_window_is_refused(monkeypatch):
    app, now = _ready_to_cut(monkeypatch)
    assert app.play(0, "cut:0", app.table.state.moves)
    now[0] += 1.0
    before = app.table.state.moves
    assert not app.play(1, "tied:0", app.table.state.moves)
    assert app.table.state.moves == before


def test_no_cut_is_offered_on_a_cut_card_once_the_tie_window_is_over(monkeypatch):
    """After a bot's cut the table says "the top is blocked": no zone may keep its
    ✂ and ✂ cards, whose taps would be refused in silence. Within the
    window a tap still ties; after it, nothing offers a cut."""
    app, now = _ready_to_cut(monkeypatch)
    assert app.play(0, "cut:0", app.table.state.moves)
    press(app, data_action="mode", data_arg="1:cut")  # the same instant: Ben's ✂...
    assert 'data-action="tied:0"' in app.render()  # ...and his card tap would tie
    now[0] += 1.0
    html = app.render()
    assert "tied:" not in html and 'data-arg="1:cut"' not in html


def test_the_tools_to_tie_a_cut_go_when_the_tie_window_closes(monkeypatch):
    """Failed before: Ben's ✂ and his tie taps stayed on the screen after the
    window closed, until something else redrew the table; now the table asks
    for a redraw timer at the window's end (the mid end's "redraw")."""
    app, now = _ready_to_cut(monkeypatch)
    timers = Timers(app)
    assert app.play(0, "cut:0", app.table.state.moves)
    press(app, data_action="mode", data_arg="1:cut")
    assert 'data-action="tied:0"' in app.render()
    armed = {kind: (ms, token) for kind, ms, token in timers.arm()}
    ms, token = armed["redraw"]
    assert 0 < ms <= pacing.TIE_MS + 1
    now[0] += ms / 1000
    assert timers.fire("redraw", token) is True
    html = app.render()
    assert "tied:" not in html and 'data-arg="1:cut"' not in html
    assert "redraw" not in {kind for kind, _, _ in timers.arm()}


def test_a_failed_cut_shows_the_card_to_all_and_the_penalty_arrives(monkeypatch):
    app, _ = _ready_to_cut(monkeypatch)
    assert app.play(1, "cut:1", app.table.state.moves)  # Ben's 6 against a 5
    html = app.render()
    assert "c-1-4" in html, "the penalty card is a new position"
    assert "penalty fresh" in html
    assert re.search(r'id="c-1-1"', html)
    assert "6, shown after a failed cut" in html
    assert "No match" in html


def test_a_bot_cuts_after_its_reaction_time(monkeypatch):
    now = [50.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])

    class Cutter:
        """Cuts whenever it can; otherwise plays the first legal action."""

        def __init__(self, seed):
            pass

        def act(self, view, legal):
            cuts = [a for a in legal if a.startswith("cut:")]
            return cuts[0] if cuts else (legal[0] if legal else None)

    opts = stacked(
        [["5", "2", "3", "4"], ["1", "6", "7", "8"], ["5", "9", "2", "3"]],
        ["5", "9", "10", "1", "2", "3"],
    )
    app = new_app(
        [Seat("Ana"), Seat("Ben"), Seat("Rob", "bot", "random")], opts, bots={"random": Cutter}
    )
    everyone_looks(app)
    app.bot_play(2, app.table.state.moves)  # the bot peeks
    press(app, id="deck")
    press(app, id="discard-btn")  # a 5 on top; Ben's turn; Rob may cut
    assert app.bot_turn() == 2
    lo, hi = reaction_ms("random")
    head = pacing.HEAD_START_MS[app.settings["cut_pace"]]  # Ana and Ben may cut first
    assert head + lo <= app.bot_delay_ms() <= head + hi
    now[0] += (head + hi) / 1000
    assert app.bot_play(2, app.table.state.moves)
    assert GAME.view(app.table.state, None)["events"][-1]["type"] in ("cut", "penalty")


# -- gestures --------------------------------------------------------------------------------


def test_reordering_takes_two_taps_and_shows_nothing(monkeypatch):
    app, _ = _ready_to_cut(monkeypatch)
    press(app, data_action="mode", data_arg="1:order")
    press(app, id="c-1-0")
    assert "selected" in app.render()
    press(app, id="c-1-3")
    assert GAME.view(app.table.state, None)["events"][-1]["type"] == "order"
    assert_private(app, "after a reorder")


def reorder_on(app: App, seat: int) -> bool:
    """Whether the seat's Reorder tool is on (its button pressed)."""
    return any(
        b.get("data-arg") == f"{seat}:order" and b.get("aria-pressed") == "true"
        for b in buttons(app.render())
    )


def test_reorder_is_for_one_swap_and_ends_with_the_draw():
    """Failed before: Reorder stayed on, so after her draw Ana's tap on a card
    chose a card to reorder instead of swapping the drawn card in."""
    opts = stacked([["1", "2", "3", "4"], ["5", "6", "7", "8"]], ["9", "10", "1", "2"])
    app = new_app(humans("Ana", "Ben"), opts)
    everyone_looks(app)
    press(app, data_action="mode", data_arg="0:order")
    assert "they change places, face down. One swap." in app.render()
    press(app, id="c-0-0")
    press(app, id="c-0-1")
    assert GAME.view(app.table.state, None)["events"][-1]["type"] == "order"
    assert not reorder_on(app, 0)
    press(app, data_action="mode", data_arg="0:order")
    press(app, id="deck")
    assert not reorder_on(app, 0)
    press(app, id="c-0-2")  # swaps the drawn 9 in
    assert GAME.dump(app.table.state)["actions"][-1] == [0, "swap:2"]


@pytest.mark.parametrize(
    ("card", "taps", "used"),
    [
        ("disrupcion", [("c-0-2",), ("c-1-3",)], "use:0.2,1.3"),
        ("espia", [("c-1-0",), ("c-1-2",)], "use:1.0,1.2"),
        ("manipulacion", [("c-1-1",)], "use:1"),
    ],
)
def test_action_cards_take_their_targets_by_tapping_cards(card, taps, used):
    app = action_card_up(card)
    for (ident,) in taps:
        press(app, id=ident)
    assert GAME.dump(app.table.state)["actions"][-1] == [0, used]


def test_disrupcion_between_two_other_players():
    opts = stacked(
        [["1", "2", "3", "4"], ["5", "6", "7", "8"], ["9", "10", "1", "2"]],
        ["disrupcion", "9", "10", "1"],
    )
    app = new_app(humans("Ana", "Ben", "Cleo"), opts)
    everyone_looks(app, seats=(2, 1, 0))
    press(app, id="deck")
    press(app, id="discard-btn")
    press(app, id="c-2-0")
    press(app, id="c-1-3")
    assert GAME.dump(app.table.state)["actions"][-1] == [0, "use:1.3,2.0"]
    html = app.render()
    assert "mark-disrupcion" in html and "red triangle" in html


def test_impulso_reversa_and_milagro_show_what_they_did():
    opts = stacked(
        [["1", "2", "3", "4"], ["5", "6", "7", "8"], ["9", "10", "1", "2"]],
        ["impulso", "reversa", "milagro", "3", "4", "5"],
    )
    app = new_app(humans("Ana", "Ben", "Cleo"), opts)
    everyone_looks(app, seats=(2, 1, 0))
    press(app, id="deck")
    press(app, id="discard-btn")
    press(app, id="use")
    html = app.render()
    assert "Boost: 2 extra turns" in html
    press(app, id="deck")  # the Reversa, in the first extra turn
    press(app, id="discard-btn")
    press(app, id="use")
    html = app.render()
    assert "Turn order: reversed" in html and "extra turn" in html
    press(app, id="deck")  # the Milagro
    html = app.render()
    assert "Miracle! Tap one of your cards" in html
    press(app, id="c-0-3")
    assert "removes position 4: 4" in app.render()


def test_a_two_player_remolino_offers_one_way_to_pass():
    """Both ways lead to the other player (failed before: "→ Pass towards Ben"
    and "← Pass towards Ben")."""
    app = action_card_up("remolino")
    offers = [b for b in buttons(app.render()) if b.get("data-action", "").startswith("use:")]
    assert [b["data-action"] for b in offers] == ["use:next"]
    assert text_of(app).count("Pass towards Ben") == 1
    three = new_app(
        humans("Ana", "Ben", "Cleo"),
        stacked(
            [["1", "2", "3", "4"], ["5", "6", "7", "8"], ["9", "10", "1", "2"]], ["remolino", "9"]
        ),
    )
    everyone_looks(three, seats=(2, 1, 0))
    press(three, id="deck")
    press(three, id="discard-btn")
    offers = [b for b in buttons(three.render()) if b.get("data-action", "").startswith("use:")]
    assert [b["data-action"] for b in offers] == ["use:next", "use:prev"]


def test_remolino_asks_each_human_for_a_blind_pick_behind_a_hand_off():
    app = action_card_up("remolino")
    press(app, data_action="use:next")
    # Ana holds the phone: she picks first, blind; then the phone goes to Ben.
    html = app.render()
    assert "Pass the phone to" not in html
    assert "Ana: tap the card you pass to Ben, without looking" in html
    press(app, id="c-0-2")
    assert "Pass the phone to Ben" in app.render()
    assert_private(app, "Remolino hand-off")
    press(app, data_action="handoff", data_arg=1)
    press(app, id="c-1-0")
    assert "Every card passed at once" in app.render()
    assert "mark-remolino" in app.render()


def test_a_reorder_tool_left_on_gives_way_to_a_remolinos_blind_pass():
    """Ana turned her reorder tool on, then a Remolino asks her to pass a card:
    her cards pass it (they stayed on reorder, with no tool left to turn it off:
    no way on)."""
    app = action_card_up("remolino")
    press(app, data_action="mode", data_arg="0:order")
    assert 'aria-pressed="true"' in app.render()  # the tool is on: a tap starts a reorder
    press(app, data_action="use:next")
    assert "Ana: tap the card you pass to Ben, without looking" in app.render()
    press(app, id="c-0-2")
    assert "Pass the phone to Ben" in app.render()


def test_the_end_reveals_every_tendido_with_totals_and_winners():
    rng = random.Random(3)
    app = new_app([Seat("Ana"), Seat("Bot", "bot", "random")], seed=3)
    for _ in range(3000):
        state = app.table.state
        if GAME.result(state) is not None:
            break
        seat = rng.choice(GAME.actors(state))
        legal = [a for a in GAME.legal(state, seat) if not a.startswith("order")]
        action = rng.choice(legal or GAME.legal(state, seat))
        app.table.state = GAME.apply(state, seat, action)
        app.tabletop.after_move()
    result = GAME.result(app.table.state)
    html = app.render()
    for _s, total in enumerate(result["scores"]):
        assert f'data-total="{total}"' in html
    assert "Rematch" in html
    assert html.count('class="card up mini-card') == sum(len(t) for t in result["tendidos"])


def reloaded(app: App) -> App:
    """The page reloaded: a new app on the same storage."""
    return App(app.storage, ["en"], lambda: 11, entries=ENTRIES)


def assert_look_shown(app: App) -> None:
    """Ana taps "Show the cards": her look (its every card) is on the page."""
    press(app, data_action="show")
    shown = app.render()
    cards = GAME.view(app.table.state, 0)["reveal"]["cards"]
    assert all(cr_cards.card_text(app.tr, c["card"]) in shown for c in cards)
    assert 'class="card up private' in shown


def ana_peeks() -> App:
    """Ana and Ben at the table: Ana takes the phone and chooses her two cards."""
    app = new_app(humans("Ana", "Ben"))
    press(app, data_action="handoff", data_arg=0)
    press(app, id="c-0-0")
    press(app, id="c-0-1")
    return app


def look_survives(app: App) -> App:
    """The page reloads before Ana showed her look: it waits behind her hand-off,
    then she sees it. The reloaded app."""
    again = reloaded(app)
    assert "Pass the phone to Ana" in again.render()
    assert_private(again, "Ana's unseen look, after a reload")
    press(again, data_action="handoff", data_arg=0)
    assert_look_shown(again)
    return again


def test_a_look_seen_ends_with_a_reload_and_is_never_offered_again():
    """One look, once: Ana showed her cards, the page reloaded before "Done"."""
    app = ana_peeks()
    press(app, data_action="show")
    again = reloaded(app)
    html = again.render()
    assert "Pass the phone to Ben" in html
    assert "look-done" not in html
    assert_private(again, "after a reload")


def test_a_peek_not_yet_seen_survives_a_reload_behind_its_hand_off():
    """Ana chose her two cards, the page reloaded before she showed them: her
    look is still hers to see, behind her hand-off, and once seen, a reload ends
    it. Failed before: the reload threw it away and passed the phone to Ben."""
    again = look_survives(ana_peeks())
    assert "Pass the phone to Ben" in reloaded(again).render()


def test_a_spy_look_not_yet_seen_survives_a_reload_behind_its_hand_off():
    """Failed before: a reload between Ana's Espía and "Show the cards" ended her look."""
    app = action_card_up("espia")
    press(app, id="c-1-0")
    press(app, id="c-1-2")
    again = look_survives(app)
    press(again, data_action="look-done")
    assert "look-done" not in reloaded(again).render()


def test_a_save_that_does_not_say_which_looks_were_seen_takes_them_as_seen():
    """A save from before the app kept which looks were seen (or written by a
    test): its looks on are over after a reload, as they were then. Failed on
    the first version of the kept looks (Ben's look came back)."""
    storage = store.MemoryStorage()
    app = App(storage, ["en"], lambda: 11, entries=ENTRIES)
    app.start("carta_robada", humans("Ana", "Ben"), {})
    table = app.table
    table.state = table.game.apply(table.state, 1, "peek:0,1")  # Ben's look, unsaid
    storage.set(store.SAVE_KEY, json.dumps(table.record()))
    again = reloaded(app)
    assert "Pass the phone to Ana" in again.render()
    press(again, data_action="handoff", data_arg=0)
    press(again, id="c-0-0")
    press(again, id="c-0-1")
    press(again, data_action="look-done")
    # Ben's turn comes up behind its hand-off; his look does not come back
    assert again.tr("cr.handoff.look", name="Ben") not in again.render()
    assert again.tr("cr.handoff.turn", name="Ben") in html.unescape(again.render())


def test_a_lone_humans_look_is_seen_at_once_and_ends_with_a_reload():
    app = new_app([Seat("Ana"), Seat("Bot", "bot", "random")])
    press(app, id="c-0-0")
    press(app, id="c-0-1")
    assert 'class="card up private' in app.render()
    again = reloaded(app)
    assert 'class="card up private' not in again.render()


def test_a_lone_humans_look_in_a_save_without_seen_looks_is_over_and_the_bots_play():
    """With one human a look is on her screen the moment it comes: a save that
    kept no seen looks (an older one, a record) still holds one she has had. It
    is over after the reload, and the bots do not wait for her to put it away."""
    app = new_app([Seat("Ana"), Seat("Bot", "bot", "random")])
    press(app, id="c-0-0")
    press(app, id="c-0-1")
    saved = store.read_json(app.storage, store.SAVE_KEY)
    saved.pop("kept", None)
    store.write_json(app.storage, store.SAVE_KEY, saved)
    again = reloaded(app)
    html = again.render()
    assert 'class="card up private' not in html and "look-done" not in html
    assert again.bot_turn() == 1  # the bot's own peek, no longer held up


def text_of(app: App) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", app.render()))


def apply(app: App, *actions: tuple[int, str]) -> None:
    """Actions applied as the game's own (a bot's moves, without its pause)."""
    table = app.table
    for seat, action in actions:
        table.state = table.game.apply(table.state, seat, action)


def test_a_table_of_bots_tells_nobody_how_to_cut():
    """Failed before: with nobody but bots, the cut line told someone to tap ✂."""
    bots = [Seat(n, "bot", "random") for n in ("Bea", "Cruz")]
    opts = stacked([["1", "2", "3", "4"], ["5", "6", "7", "8"]], ["5", "10", "1", "2"])
    app = new_app(bots, opts)
    apply(app, (0, "peek:0,1"), (1, "peek:0,1"), (0, "draw"), (0, "discard"))
    assert GAME.view(app.table.state, None)["cutters"]
    text = text_of(app)
    assert "Cut open on the 5." in text
    assert "✂ with your name" not in text


def test_still_to_look_names_only_the_humans():
    """Failed before: "Still to look: Ana, Ben, Bea" while the bot had its pause."""
    app = new_app([Seat("Ana"), Seat("Ben"), Seat("Bea", "bot", "random")])
    assert "Still to look: Ana, Ben" in text_of(app)
    assert "Bea" not in re.search(r"Still to look: [^<]*", app.render()).group(0)


def test_a_replay_says_whose_turn_it_was_and_nobody_thinks():
    """Failed before: a replay at a bot's turn said "Bea is thinking…"; nor does
    it tell the viewer to draw."""
    app = new_app(
        [Seat("Ana"), Seat("Bea", "bot", "random")],
        stacked([["1", "2", "3", "4"], ["5", "6", "7", "8"]], ["9", "10", "1", "2"]),
    )
    apply(app, (0, "peek:0,1"), (1, "peek:0,1"), (0, "draw"), (0, "discard"))
    assert GAME.view(app.table.state, None)["turn"] == 1
    app.handle("sheet", "menu")
    app.handle("quit")
    app.handle("quit-yes")
    app.handle("go", "history")
    app.handle("history-replay", "0")
    for step in ("end", "start"):
        app.handle("step", step)
        text = text_of(app)
        assert "thinking" not in text, step
        assert app.tr("cr.do.draw") not in text, step
    app.handle("step", "end")
    assert "Bea's turn" in text_of(app)


def test_a_tap_on_the_discards_card_tells_what_it_is():
    """Failed before: the discard's card was a picture only; a new player had to
    open the rules to learn what a Spy does."""
    app = action_card_up("espia")
    press(app, id="discard-top")
    legend = re.search(r'<section class="sheet sheet-card".*?</section>', app.render(), re.S)
    assert legend is not None
    text = html.unescape(re.sub(r"<[^>]+>", " ", legend.group(0)))
    for words in ("The card on the discard", "13 Spy", "Number: 13", "Points: 13"):
        assert words in text, words
    assert app.tr("cr.use.espia") in text
    press(app, data_action="sheet", data_arg="")
    assert "sheet-card" not in app.render()


def test_the_move_that_ends_the_game_is_seen_before_the_results():
    """Failed before: the last move (a swap, a Disrupción...) jumped straight to
    the results. The table stays as that move left it, every card face up, with
    its last-move line, until "See the results"; a reload opens the results."""
    app = new_app(humans("Ana", "Ben"), seed=3)
    table = app.table
    rng = random.Random(1)
    while table.game.result(table.state) is None:
        seat = rng.choice(table.game.actors(table.state))
        legal = [a for a in table.game.legal(table.state, seat) if not a.startswith("tied:")]
        if legal:  # (a tie is the clock's: never a choice)
            assert app.play(seat, rng.choice(legal), table.state.moves)
    page = app.render()
    assert 'id="see-results"' in page
    assert 'class="last-move' in page
    assert "ranking" not in page
    assert reloaded(app).render().count('class="rank') >= 2  # a reload: the results
    press(app, id="see-results")
    page = app.render()
    assert "see-results" not in page and page.count('class="rank') >= 2


def test_the_cut_clock_empties_in_the_head_start_of_its_pace():
    """The countdown bar is CSS (no timer redraws it): its durations in web/ui/style.css
    are the head starts of ``pacing.HEAD_START_MS``, pace by pace."""
    from pathlib import Path

    css = (Path(__file__).resolve().parent.parent / "web" / "ui" / "style.css").read_text()
    default = re.search(r"\.cut-clock-bar \{[^}]*animation: cut-clock ([\d.]+)s", css)
    assert default is not None
    seconds = {"normal": float(default.group(1))}
    for pace, value in re.findall(
        r"\.cut-clock\.pace-(\w+) \.cut-clock-bar \{ animation-duration: ([\d.]+)s", css
    ):
        seconds[pace] = float(value)
    assert {p: s * 1000 for p, s in seconds.items()} == pacing.HEAD_START_MS


@pytest.mark.parametrize(
    ("taps", "says"),
    [
        (("c-1-0", "c-1-2"), "Wait: Ana is still looking at Ben's cards."),
        (("c-0-1", "c-1-2"), "Wait: Ana is still looking at some cards."),
    ],
)
def test_the_wait_under_a_spy_says_whose_cards_are_looked_at(taps, says):
    """Not "still looking at their cards" while Ana looks at Ben's: whose cards."""
    app = action_card_up("espia")
    for ident in taps:
        press(app, id=ident)
    assert says in html.unescape(app.render())


def test_a_cut_by_another_hides_the_drawn_card_until_the_phone_is_back(monkeypatch):
    """Ben shows the card he drew; Ana takes the phone to cut. The cut leaves his
    card in his hand (the rules), but not on the screen Ana holds: his moment waits
    behind "Pass the phone to Ben", and once he says "I am Ben" it is shown again."""
    app, _ = _ready_to_cut(monkeypatch)  # a 5 open on the discard, Ben's turn
    press(app, data_action="handoff", data_arg=1)
    press(app, id="deck")  # Ben draws the 9
    press(app, data_action="show")
    assert "Ben&#x27;s card: 9" in app.render()
    press(app, id="cut-0")  # Ana arms her ✂: the phone is in her hands
    html = app.render()
    assert "Ben&#x27;s card: 9" not in html, "Ben's card is on the screen Ana cuts on"
    assert "Pass the phone to Ben" in html and 'id="cutpick-0-0"' in html
    assert_private(app, "Ana's cut, Ben's card drawn")
    press(app, id="cutpick-0-0")  # Ana cuts with her 5
    assert GAME.view(app.table.state, None)["events"][-1]["type"] == "cut"
    html = app.render()
    assert "Ben&#x27;s card: 9" not in html and "Pass the phone to Ben" in html
    assert_private(app, "after Ana's cut")
    press(app, data_action="handoff", data_arg=1)
    html = app.render()
    assert "Ben&#x27;s card: 9" in html and "Pass the phone" not in html
    assert 'data-action="swap:0"' in html  # his turn goes on with the card in hand


def test_a_cut_on_a_table_just_opened_hides_the_drawn_card_until_the_phone_is_back():
    """The same on a table opened from its save (a reload, Continue): the first
    move there is the cut, and the card still comes back shown to Ben."""
    state = GAME.new(2, 6, {})
    for seat, action in [*((s, "peek:0,1") for s in (0, 1)), (0, "draw"), (0, "discard")]:
        state = GAME.apply(state, seat, action)
    state = GAME.apply(state, 1, "draw")
    first = new_app(humans("Ana", "Ben"))
    first.table.state = state
    first.saving.save()
    app = App(first.storage, ["en"], lambda: 3, entries=ENTRIES)
    press(app, data_action="handoff", data_arg=1)
    press(app, data_action="show")
    card = GAME.view(state, 1)["hand"]["card"]
    shown = f"Ben&#x27;s card: {html.escape(cr_cards.card_text(app.tr, card))}"
    assert shown in app.render()
    press(app, id="cut-0")
    assert shown not in app.render()
    press(app, id="cutpick-0-2")  # Ana's 1 on the 1
    assert GAME.view(app.table.state, None)["events"][-1]["type"] == "cut"
    assert shown not in app.render()
    press(app, data_action="handoff", data_arg=1)
    assert shown in app.render()


def test_the_drawer_cutting_keeps_his_card_shown(monkeypatch):
    """Ben cutting in his own turn holds the phone himself: nothing to hide."""
    app, _ = _ready_to_cut(monkeypatch)
    press(app, data_action="handoff", data_arg=1)
    press(app, id="deck")
    press(app, data_action="show")
    press(app, id="cut-1")
    html = app.render()
    assert "Ben&#x27;s card: 9" in html and "Pass the phone" not in html

"""Carta robada's lesson: one short game against Ana on a stacked deck.

The learner looks at their first two cards (a 7 and a 2), draws a 1 and swaps
it blind for their third card (a 10, now on the discard). Ana throws away a 7:
the learner cuts it with their first card, and the 7 lies blocked. The learner
draws a Spy and looks at their unknown card (a 9) and Ana's first (a 3). Ana
throws away a 4 and tries to cut it with her 9: the cut fails, she draws a
penalty card. The learner draws a Disruption and swaps their 9 for Ana's 3,
then draws the SNAP! marker (and a 2), declares, and swaps the 2 for the 3.
Ana plays once more; the cards are counted: the lowest total wins.

Ana's moves are scripted: she draws and discards, and cuts only at the
lesson's failed cut (never at another moment, whatever the clock: her cut
is asked for only once the learner has read that step). Every cue is read
from the game's state, so a learner who does something else is told where
the game is now.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.carta_robada.cards import CARDS
from engine.carta_robada.view import CartaView, typed
from web.core.model import Table
from web.tables.carta_robada import controls
from web.tables.carta_robada.state import moment
from web.ui.kit.coach import Cue, Lesson, acked

LEARNER, ANA = 0, 1
MINE = ("7", "2", "10", "9")
HERS = ("3", "8", "6", "9")
#: The draw pile, next card first: the learner's 1, Ana's 7, the Spy, Ana's 4,
#: her penalty card, the Disruption, Ana's 5, the marker and the learner's 2,
#: Ana's last card; then enough low cards for a lesson that takes longer.
PILE = ("1", "7", "espia", "4", "8", "disrupcion", "5", "snap", "2", "6")
SPARE = ("1", "2", "3", "4", "5", "6", "1", "2", "3", "4", "5", "6")
#: The card Ana throws away and tries to cut with her fourth card (a 9).
ANA_CUTS_ON, ANA_CUTS_WITH = "4", 3
#: Where the learner's 7 lies (seen at the start), to cut Ana's 7.
LEARNER_SEVEN = 0


def _view(table: Table, seat: int | None = LEARNER) -> CartaView:
    return typed(table.game.view(table.state, seat))


def _events(view: CartaView, kind: str, seat: int | None = None) -> list[Mapping[str, Any]]:
    return [
        e for e in view["events"] if e["type"] == kind and (seat is None or e.get("seat") == seat)
    ]


def _last_turn_event(view: CartaView) -> Mapping[str, Any] | None:
    """The last event other than a reorder, the turn's start or a private one."""
    quiet = ("order", "turn", "seen", "drawn", "tied")
    return next((e for e in reversed(view["events"]) if e["type"] not in quiet), None)


def _ana_cut_due(view: CartaView) -> bool:
    """Ana's 4 lies open on the discard and she has not tried her cut yet."""
    top = view["discard"]["top"]
    return (
        view["phase"] == "play"
        and top is not None
        and top["card"] == ANA_CUTS_ON
        and not top["blocked"]
        and not _events(view, "cut", ANA)
        and bool(_events(view, "discard", ANA))
        and _events(view, "discard", ANA)[-1]["card"] == ANA_CUTS_ON
    )


def cue(table: Table) -> Cue:
    view = _view(table)
    names = table.names
    ana = names[ANA]
    if view["phase"] == "over":
        return _end(view, names)
    mom = moment(table, _view(table, None))
    tendido = view["tendidos"][LEARNER]
    if mom is not None and mom["kind"] == "look" and mom["seat"] == LEARNER:
        reveal = view["reveal"]
        if reveal is not None and reveal["kind"] == "spy":
            cards = reveal["cards"]
            values = {"a": _points(cards[0]["card"]), "b": _points(cards[-1]["card"])}
            whose = {c["seat"] for c in cards}
            key = (
                "cr.lesson.spied"
                if whose == {LEARNER, ANA}
                else "cr.lesson.spied_own"
                if whose == {LEARNER}
                else "cr.lesson.spied_hers"
            )
            return Cue(
                key, {**values, "name": table.names[ANA]}, (controls.LOOK_DONE, None), "espia"
            )
        return Cue("cr.lesson.peeked", mark=(controls.LOOK_DONE, None), rule="peek")
    if view["phase"] == "peek":
        if tendido["peeked"]:
            return Cue("cr.lesson.wait_peek", {"name": ana})
        if table.ui.get("psel") is None:
            return Cue("cr.lesson.peek", mark=(controls.PEEK_SELECT, "0"), rule="peek")
        first = int(table.ui["psel"])
        other = 1 if first != 1 else 0
        pair = ",".join(str(p) for p in sorted((first, other)))
        return Cue("cr.lesson.peek_second", mark=(f"peek:{pair}", None), rule="peek")
    last = _last_turn_event(view)
    if last is not None and last["type"] == "penalty" and not acked(table):
        who = "cr.lesson.cut_failed" if last["seat"] == ANA else "cr.lesson.cut_failed_you"
        return Cue(who, {"name": ana}, rule="cut-wrong", ack=True)
    if _ana_cut_due(view):
        if not acked(table):
            return Cue("cr.lesson.watch_cut", {"name": ana}, rule="cut-when", ack=True)
        return Cue("cr.lesson.ana_cuts", {"name": ana})
    if view["turn"] != LEARNER:
        return Cue("cr.lesson.wait_turn", {"name": ana})
    return _my_turn(table, view, names)


def _points(code: str) -> int:
    """What a card seen by the learner counts (the lesson's spied cards are numbered)."""
    return int(CARDS[code]["points"])


def _my_turn(table: Table, view: CartaView, names: list[str]) -> Cue:
    ana = names[ANA]
    step = view["step"]
    top = view["discard"]["top"]
    hand = view["hand"]
    mine = view["tendidos"][LEARNER]
    modes = table.ui.get("modes") or {}
    # Ana's 7 is open and the learner's first card is the 7 seen at the start:
    # the cut, in whatever step the learner is (a drawn card in hand too).
    seven = top is not None and not top["blocked"] and top["card"] == "7"
    if (
        seven
        and mine["count"] == 4
        and f"cut:{LEARNER_SEVEN}" in table.game.legal(table.state, LEARNER)
    ):
        if modes.get(str(LEARNER)) == "cut":
            return Cue("cr.lesson.cut_pick", mark=(f"cut:{LEARNER_SEVEN}", None), rule="cut-right")
        return Cue("cr.lesson.cut", {"name": ana}, (controls.MODE, f"{LEARNER}:cut"), "cut-right")
    if step == "draw":
        blocked = top is not None and top["blocked"] and _events(view, "cut", LEARNER)
        if blocked and not _events(view, "draw", LEARNER)[1:]:
            return Cue("cr.lesson.blocked", mark=("draw", None), rule="blocked-top")
        if not _events(view, "draw", LEARNER):
            return Cue("cr.lesson.draw", mark=("draw", None), rule="draw")
        return Cue("cr.lesson.draw_next", mark=("draw", None), rule="draw")
    if step == "decide" and hand is not None:
        card = hand["card"] or ""
        can_declare = view["marker"]["found"] and view["declarer"] is None
        if can_declare:
            if table.ui.get("ask") == LEARNER:
                return Cue("cr.lesson.declare_sure", {"name": ana}, ("declare", None), "declare")
            return Cue(
                "cr.lesson.declare",
                {"card": _points(card) if card in CARDS else card},
                (controls.SNAP_ASK, str(LEARNER)),
                "marker",
                also=("declare",),
            )
        if card in ("espia", "disrupcion"):
            key = "cr.lesson.spy_drawn" if card == "espia" else "cr.lesson.disruption_drawn"
            return Cue(key, mark=("discard", None), rule="activate")
        spot = _swap_spot(view, card)
        values = {"card": _points(card) if card in CARDS else card}
        if spot is None:
            return Cue("cr.lesson.discard_high", values, ("discard", None), "decide")
        key = "cr.lesson.swap_first" if not _events(view, "swap", LEARNER) else "cr.lesson.swap"
        return Cue(key, values, (f"swap:{spot}", None), "decide")
    if step == "activate":
        pending = view["pending"]
        card = pending["card"] if pending is not None else ""
        chosen = table.ui.get("tsel")
        mine_pos = mine["count"] - 1
        if card == "espia":
            if chosen is None:
                return Cue(
                    "cr.lesson.spy_first",
                    mark=(controls.TARGET_SELECT, f"0.{mine_pos}"),
                    rule="espia",
                )
            a = f"{chosen[0]}.{chosen[1]}"
            other = "1.0" if chosen[0] == LEARNER else f"0.{mine_pos}"
            pair = ",".join(sorted((a, other)))
            return Cue("cr.lesson.spy_second", {"name": ana}, (f"use:{pair}", None), "espia")
        if card == "disrupcion":
            if chosen is None:
                return Cue(
                    "cr.lesson.disrupt_first",
                    mark=(controls.TARGET_SELECT, f"0.{mine_pos}"),
                    rule="disrupcion",
                )
            a = f"{chosen[0]}.{chosen[1]}"
            other = "1.0" if chosen[0] == LEARNER else f"0.{mine_pos}"
            pair = ",".join(sorted((a, other)))
            return Cue(
                "cr.lesson.disrupt_second", {"name": ana}, (f"use:{pair}", None), "disrupcion"
            )
        return Cue("cr.lesson.skip", mark=("skip", None), rule="activate")
    return Cue("cr.lesson.wait_turn", {"name": ana})


def _swap_spot(view: CartaView, card: str) -> int | None:
    """Where the coach advises a drawn numbered card: the first 1 goes over the
    unseen third card; later a low card over the 3 the learner knows is last."""
    if not card.isdigit() or int(card) > 4:
        return None
    count = view["tendidos"][LEARNER]["count"]
    return 2 if count >= 3 else count - 1


def _end(view: CartaView, names: list[str]) -> Cue:
    result = view["result"]
    assert result is not None
    scores = result["scores"]
    values = {"you": scores[LEARNER], "name": names[ANA], "score": scores[ANA]}
    key = "cr.lesson.won" if LEARNER in result["winners"] else "cr.lesson.lost"
    return Cue(key, values, rule="end-at-declarer", ack=True)


def move(table: Table, seat: int, legal: Sequence[str]) -> str | None:
    """Ana: looks at her first two cards, draws and throws away what she draws,
    skips any action card, and cuts only once: her 4, with her fourth card."""
    cuts = [a for a in legal if a.startswith(("cut:", "tied:"))]
    if cuts and len(cuts) == len(legal):  # asked whether she cuts out of turn
        view = _view(table, seat)
        if _ana_cut_due(view) and f"cut:{ANA_CUTS_WITH}" in legal:
            return f"cut:{ANA_CUTS_WITH}"
        return None
    for want in ("peek:0,1", "draw", "discard", "skip", "remove:0", "give:0"):
        if want in legal:
            return want
    return next((a for a in legal if a.startswith(("swap:", "use", "give:"))), legal[0])


def waits(table: Table) -> bool:
    """The bots wait for the learner's look and turn; Ana's lesson cut comes
    after its step is read."""
    view = _view(table)
    if view["phase"] == "peek":
        return not view["tendidos"][LEARNER]["peeked"]
    if _ana_cut_due(view):
        return not acked(table)
    return view["phase"] == "play" and view["turn"] == LEARNER


def over(table: Table) -> bool:
    return _view(table)["phase"] == "over" and acked(table)


def shown(events: Iterable[Mapping[str, Any]]) -> set[str]:
    """The rules the game's own events show were played."""
    out: set[str] = set()
    turn = None
    cut_ok = False
    for ev in events:
        kind = ev.get("type")
        if kind == "turn":
            turn = ev.get("seat")
        elif kind == "peek":
            out.add("peek")
        elif kind == "draw":
            out.add("draw")
            if cut_ok:
                out.add("blocked-top")  # the top was blocked: the pile it was
        elif kind == "swap":
            out.add("decide")
        elif kind == "cut":
            out.add("cut-right" if ev.get("ok") else "cut-wrong")
            if ev.get("seat") != turn:
                out.add("cut-when")
            cut_ok = bool(ev.get("ok"))
            continue
        elif kind == "use":
            out.add("activate")
            if ev.get("card") in ("espia", "disrupcion"):
                out.add(str(ev["card"]))
        elif kind == "marker":
            out.add("marker")
        elif kind == "declare":
            out.add("declare")
        elif kind == "end" and ev.get("reason") == "declared":
            out.add("end-at-declarer")
        if kind in ("take", "discard", "swap", "draw"):
            cut_ok = False
    return out


LESSON = Lesson(
    bots=("Ana",),
    options={"deck": [*MINE, *HERS, *PILE, *SPARE], "first": LEARNER},
    seed=3,
    cue=cue,
    move=move,
    waits=waits,
    over=over,
    summary=(
        "cr.lesson.sum.peek",
        "cr.lesson.sum.turn",
        "cr.lesson.sum.cut",
        "cr.lesson.sum.actions",
        "cr.lesson.sum.snap",
        "cr.lesson.sum.milagro",
    ),
    rules=(
        "peek",
        "draw",
        "decide",
        "cut-right",
        "blocked-top",
        "activate",
        "espia",
        "cut-when",
        "cut-wrong",
        "disrupcion",
        "marker",
        "declare",
        "end-at-declarer",
    ),
    shown=shown,
)

"""Carta robada: the public events in words, for the move log
(``web/ui/kit/movelog.py``) and the line under the status.

Only the public view's events are told (``game.view(state, None)``): a peek,
a spy's look and the card drawn from the deck are private reveals (``seen``,
``drawn``) that view never holds, so a sentence names a position, never a
face-down value. A card is named only when everyone saw it: taken from or sent
to the discard, a cut (shown), a removed card (face up under the Milagro), the
tendidos at the end.
"""

from __future__ import annotations

from typing import Any

from web.core.i18n import Tr
from web.core.model import Table
from web.tables.carta_robada.cards import card_text
from web.tables.carta_robada.state import view_of
from web.ui.kit.movelog import Move
from web.ui.kit.scores import winner_names


def moves(tr: Tr, table: Table, since: int = 0) -> list[Move]:
    """The game's public events numbered ``since`` or later, in words, oldest first
    (from the table view the drawing computed already: ``state.view_of``)."""
    events = view_of(table, None)["events"]
    return describe(tr, table.names, [e for e in events if e["n"] >= since])


def changed(events: list[dict[str, Any]]) -> set[tuple[int, int]]:
    """(seat, position) of the tendido cards that ``events`` put in place or
    moved: a swap, a reorder, a Disrupción, a Remolino's passed cards (a penalty
    card is marked as such; a Manipulación marks the whole tendido already)."""
    out: set[tuple[int, int]] = set()
    for e in events:
        kind = e["type"]
        if kind == "swap":
            out.add((e["seat"], e["pos"]))
        elif kind == "order":
            out.update((e["seat"], p) for p in e["positions"])
        elif kind == "use" and e["card"] == "disrupcion":
            out.update((p, i) for p, i in e["cards"])
        elif kind == "whirl":
            out.update(enumerate(e["positions"]))
    return out


def describe(tr: Tr, names: list[str], events: list[dict[str, Any]]) -> list[Move]:
    """``events`` (oldest first) as sentences."""
    out = []
    for e in events:
        text = sentence(tr, names, e)
        if text:
            out.append(Move(e["n"], text))
    return out


def sentence(tr: Tr, names: list[str], e: dict[str, Any]) -> str:
    """One event in words ("" for an event nobody needs told: a turn begins,
    the status says whose it is)."""
    kind = e["type"]
    seat = e.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    card = card_text(tr, e["card"]) if isinstance(e.get("card"), str) else ""
    if kind == "deal":
        return tr("cr.ev.deal", name=names[e["first"]])
    if kind == "peek":
        a, b = e["positions"]
        return tr("cr.ev.peek", name=who, a=a + 1, b=b + 1)
    if kind == "draw":
        return tr("cr.ev.draw", name=who)
    if kind == "take":
        return tr("cr.ev.take", name=who, card=card)
    if kind == "swap":
        key = "cr.ev.swap_taken" if e["source"] == "discard" else "cr.ev.swap_drawn"
        return tr(key, name=who, pos=e["pos"] + 1, card=card)
    if kind == "discard":
        return tr("cr.ev.discard", name=who, card=card)
    if kind == "skip":
        return tr("cr.ev.skip", name=who, card=card)
    if kind == "use":
        return use_text(tr, e, names)
    if kind == "give":
        return tr("cr.ev.give", name=who)
    if kind == "whirl":
        return tr("cr.ev.whirl_done")
    if kind == "cut":
        key = "cr.ev.cut_ok" if e["ok"] else "cr.ev.cut_failed"
        return tr(key, name=who, pos=e["pos"] + 1, card=card)
    if kind == "penalty":
        return tr("cr.ev.penalty", name=who, pos=e["pos"] + 1)
    if kind == "tied":
        return tr("cr.ev.tied", name=who, first=names[e["first"]])
    if kind == "order":
        a, b = e["positions"]
        return tr("cr.ev.order", name=who, a=a + 1, b=b + 1)
    if kind == "marker":
        return tr("cr.ev.marker", name=who)
    if kind == "milagro":
        return tr("cr.ev.milagro", name=who)
    if kind == "remove":
        return tr("cr.ev.remove", name=who, pos=e["pos"] + 1, card=card)
    if kind == "declare":
        return tr("cr.ev.declare", name=who)
    if kind == "out":
        return tr("cr.ev.out", name=who)
    if kind == "reshuffle":
        return tr("cr.ev.reshuffle", n=e["deck"])
    if kind == "end":
        key = "end.shared" if len(e["winners"]) > 1 else "end.wins"
        return tr(key, names=winner_names(names, e["winners"]))
    return ""


#: A card used on two positions -> whose they are -> its sentence: another's and
#: another's, the user's own two, one other player's two, the user's and another's.
TWO_CARDS = {
    "espia": {
        "other": "cr.ev.espia",
        "own": "cr.ev.espia_own",
        "one": "cr.ev.espia_one",
        "mine": "cr.ev.espia_mine",
    },
    "disrupcion": {
        "other": "cr.ev.disrupcion",
        "own": "cr.ev.disrupcion_own",
        "one": "cr.ev.disrupcion_one",
        "mine": "cr.ev.disrupcion_mine",
    },
}


def use_text(tr: Tr, e: dict[str, Any], names: list[str]) -> str:
    """An action card used: what it did, to whose positions."""
    card, who = e["card"], names[e["seat"]]
    if card == "impulso":
        return tr("cr.ev.impulso", name=who, n=e.get("extra", 2))
    if card == "reversa":
        return tr("cr.ev.reversa", name=who)
    if card == "manipulacion":
        return tr("cr.ev.manipulacion", name=who, other=names[e["target"]])
    if card in ("disrupcion", "espia"):
        (a, i), (b, j) = e["cards"]
        if b == e["seat"] and a != b:  # their own position first: "their 2 and Ana's 3"
            (a, i), (b, j) = (b, j), (a, i)
        whose = "other"
        if a == b:  # one player's two positions, named once
            whose = "own" if a == e["seat"] else "one"
            i, j = min(i, j), max(i, j)
        elif a == e["seat"]:
            whose = "mine"
        key = TWO_CARDS[card][whose]
        return tr(key, name=who, a=names[a], i=i + 1, b=names[b], j=j + 1)
    if card == "remolino":
        key = "cr.ev.remolino_next" if e.get("towards") == "next" else "cr.ev.remolino_prev"
        return tr(key, name=who)
    return ""

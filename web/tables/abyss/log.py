"""Abyss: the game's events in words, for the move log (``web/ui/kit/movelog.py``).

Everything that moves in Abyss is face up, so every event of the public view
can be told; a face-down card is only ever named once it was turned up (a
placed card's replaced value goes to the discard, face up). A draw or a take
followed by its placement or discard is told once, by the placing sentence:
"Ana took the 7 from the discard and put it at row 2, column 3, replacing the −1".
"""

from __future__ import annotations

from typing import Any

from engine.abyss.cards import COLUMNS
from web.core.i18n import Tr
from web.core.model import Table
from web.tables.abyss.state import STARTER_REASON, num
from web.ui.kit.movelog import Move
from web.ui.kit.scores import winner_names


def moves(tr: Tr, table: Table, since: int = 0) -> list[Move]:
    """The game's public events numbered ``since`` or later, in words, oldest first:
    every round's, from the state's log (the view holds only those since the last
    reveal, which at the game's end is its verdict and scores alone)."""
    events = table.state.events(None, since)
    return describe(tr, table.names, events)


def latest(tr: Tr, table: Table, since: int = 0) -> list[Move]:
    """The last-move line's sentences (:func:`moves` from ``since``), except at
    a new round's start: from its deal on only. The last round's reveal and
    scores are on its results; the line says the new round began."""
    events = table.game.view(table.state, None)["events"]
    deals = [e["n"] for e in events if e["type"] == "deal" and e["n"] >= since]
    return moves(tr, table, max([since, *deals]))


def describe(tr: Tr, names: list[str], events: list[dict[str, Any]]) -> list[Move]:
    """``events`` (oldest first) as sentences."""
    out = []
    for i, e in enumerate(events):
        later = events[i + 1] if i + 1 < len(events) else None
        if (
            e["type"] in ("take", "draw")
            and later is not None
            and later["type"] in ("place", "discard")
            and later["seat"] == e["seat"]
        ):
            continue  # the placing sentence tells it
        before = events[i - 1] if i else None
        text = sentence(tr, names, e, before)
        if text:
            out.append(Move(e["n"], text))
    return out


def _at(pos: int) -> dict[str, int]:
    return {"row": pos // COLUMNS + 1, "col": pos % COLUMNS + 1}


def sentence(
    tr: Tr, names: list[str], e: dict[str, Any], before: dict[str, Any] | None = None
) -> str:
    """One event in words ("" for an event nobody needs told). ``before``: the
    event just before it, when known (a discard says it was the card drawn)."""
    kind = e["type"]
    name = names[e["seat"]] if isinstance(e.get("seat"), int) else ""
    if kind == "flip":
        return tr("abyss.log.flip", name=name, card=num(e["value"]), **_at(e["pos"]))
    if kind == "take":
        return tr("abyss.log.take", name=name, card=num(e["value"]))
    if kind == "draw":
        return tr("abyss.log.draw", name=name, card=num(e["value"]))
    if kind == "place":
        taken = e["source"] == "discard"
        if e["was_hidden"]:
            key = "abyss.log.place_taken_hidden" if taken else "abyss.log.place_drawn_hidden"
        else:
            key = "abyss.log.place_taken" if taken else "abyss.log.place_drawn"
        return tr(key, name=name, card=num(e["value"]), old=num(e["replaced"]), **_at(e["pos"]))
    if kind == "discard":
        drawn = before is not None and before["type"] == "draw" and before["seat"] == e["seat"]
        key = "abyss.log.discard_drawn" if drawn else "abyss.log.discard"
        return tr(key, name=name, card=num(e["value"]))
    if kind == "swallow" and "row" in e:  # the "rows too" house rule
        n = len(e["positions"])
        return tr("abyss.log.swallow_row", name=name, row=e["row"] + 1, card=num(e["value"]), n=n)
    if kind == "swallow":
        return tr("abyss.log.swallow", name=name, col=e["column"] + 1, card=num(e["value"]))
    if kind == "deal":
        return tr("abyss.log.deal", n=e["round"], card=num(e["discard"]))
    if kind == "starter":
        s = e["seat"]
        reason = tr(STARTER_REASON[e["reason"]], sum=e["sums"][s], card=num(e["highs"][s]))
        return tr("abyss.starter", name=name, reason=reason) + "."  # the banner's words
    if kind == "close":
        return tr("abyss.log.close", name=name)
    if kind == "reveal":
        cards = ", ".join(num(v) for v in e["values"])
        return tr("abyss.log.reveal", name=name, cards=cards)
    if kind == "round_end":
        scores = ", ".join(f"{names[s]} {num(v)}" for s, v in enumerate(e["scores"]))
        text = tr("abyss.log.round_end", n=e["round"], scores=scores)
        if e["doubled"] and e["closer"] is not None:
            text += " " + tr("abyss.log.doubled", name=names[e["closer"]])
        return text
    if kind == "game_end":
        key = "end.shared" if len(e["winners"]) > 1 else "end.wins"
        return tr(key, names=winner_names(names, e["winners"]))
    if kind == "reshuffle":
        return tr("abyss.log.reshuffle", card=num(e["top"]))
    return ""

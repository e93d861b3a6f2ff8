"""The dice game: its public events in words, for the move log
(``web/ui/kit/movelog.py``).

A pick is secret until every card is down: the public view's ``pick`` event has
the seat only (the card is in the picker's own ``picked`` event, which the
table's view never holds), so the log says "Ana laid a card face down", and
what each one bid only from the reveal on.
"""

from __future__ import annotations

from typing import Any

from web.core.i18n import Tr
from web.core.model import Table
from web.tables.dice_bid.state import face, signed
from web.ui.kit.movelog import Move
from web.ui.kit.scores import winner_names


def moves(tr: Tr, table: Table, since: int = 0) -> list[Move]:
    """The game's public events numbered ``since`` or later, in words, oldest first."""
    events = table.game.view(table.state, None)["events"]
    return describe(tr, table.names, [e for e in events if e["n"] >= since])


def describe(tr: Tr, names: list[str], events: list[dict[str, Any]]) -> list[Move]:
    """``events`` (oldest first) as sentences; a reveal is one per card, then its verdict."""
    return [Move(e["n"], text) for e in events for text in sentences(tr, names, e)]


def sentences(tr: Tr, names: list[str], e: dict[str, Any]) -> list[str]:
    """One event in words (none for an event nobody needs told)."""
    kind = e["type"]
    name = names[e["seat"]] if isinstance(e.get("seat"), int) else ""
    if kind == "roll":
        a, b = e["dice"]
        key = "dice.dice_double" if a == b else "dice.dice_single"
        # The prize panel's words, made a sentence: the log runs sentences together.
        return [tr(key, a=a, b=b, prize=signed(e["prize"])) + "."]
    if kind == "prize_card":
        return [tr("dice.prize_card", prize=signed(e["prize"])) + "."]
    if kind == "pick":
        return [tr("dice.log.pick", name=name)]
    if kind == "reveal":
        return _reveal(tr, names, e)
    if kind == "reroll":
        values = {"die": e["die"] + 1, "face": e["face"], "prize": signed(e["prize"])}
        if e["seat"] is None:
            return [tr("dice.log.reroll_table", **values)]
        return [tr("dice.log.reroll", name=name, **values)]
    if kind == "force":
        die = e["die"]
        values = {"die": die + 1, "face": e["dice"][die], "prize": signed(e["prize"])}
        return [tr("dice.log.force", name=name, **values)]
    if kind == "tiebreak":
        return [tr("dice.log.tiebreak", n=e["number"], names=winner_names(names, e["seats"]))]
    if kind == "game_over":
        key = "end.shared" if e["shared"] else "end.wins"
        return [tr(key, names=winner_names(names, e["winners"]))]
    return []


def _reveal(tr: Tr, names: list[str], row: dict[str, Any]) -> list[str]:
    """The cards of a reveal, seat by seat, then who takes the prize."""
    prize = signed(row["prize"])
    out = [
        tr("dice.log.bid", name=names[s], card=face(card), prize=prize)
        for s, card in enumerate(row["cards"])
        if card is not None
    ]
    if row["knocked_out"]:
        out.append(tr("dice.log.knocked", names=", ".join(names[s] for s in row["knocked_out"])))
    winner = row["winner"]
    if winner is None:
        out.append(tr("dice.rev.nobody", prize=prize))
    else:
        out.append(tr("dice.rev.verdict", name=names[winner], prize=prize))
    return out

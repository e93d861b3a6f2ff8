"""Abyss's Hint: what the hard bot would play, and a one-line why."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.abyss.bots.judge import HIDDEN, Pool, _cells
from engine.abyss.bots.levels import HardBot
from engine.abyss.cards import COLUMN_POSITIONS, COLUMNS
from engine.bot import Hint, View

#: Every reason ``hint`` gives, as ``hint.abyss.<reason>`` i18n keys (docs/bots.md).
HINT_REASONS: tuple[str, ...] = (
    "start_column",
    "take",
    "draw",
    "flip_nothing_better",
    "flip",
    "flip_pair",
    "close",
    "discard",
    "discard_and_close",
    "place_swallow",
    "place_pair",
    "place_hidden",
    "place_replace",
    "place_and_close",
    "place_not_close",
)


def hint(view: View, legal: Sequence[str]) -> Hint:
    """The hard bot's choice for this view, and why (docs/bots.md lists the keys).

    Abyss has no secret, so the hint reads nothing a player could not see.
    """
    action = HardBot(0).act(view, legal)
    assert action is not None
    reason, params = _why(view, action)
    return action, f"hint.abyss.{reason}", params


def _why(view: View, action: str) -> tuple[str, dict[str, Any]]:
    """The reason (one of ``HINT_REASONS``) for ``action`` and its message's values."""
    cells = _cells(view["grids"][view["seat"]])
    hidden = sum(1 for x in cells if x == HIDDEN)
    verb, _, arg = action.partition(":")
    prompt = view["prompt"]
    if prompt == "start_flips":
        return "start_column", {"pos": int(arg)}
    if verb == "flip":
        pos = int(arg)
        col = [cells[p] for p in COLUMN_POSITIONS[pos % COLUMNS] if p != pos]
        if hidden == 1 and view["closer"] is None:
            return "close", {"pos": pos}
        if col[0] == col[1] and col[0] not in (None, HIDDEN):
            return "flip_pair", {"pos": pos, "value": col[0]}
        if prompt == "flip_after_discard":
            return "flip", {"pos": pos}
        return "flip_nothing_better", {"pos": pos}
    if verb == "take":
        top = view["discard"]["top"]
        return "take", {"value": top}
    if verb == "draw":
        top = view["discard"]["top"]
        return "draw", {"top": top}
    if verb == "discard":
        value = view["pending"]["value"]
        if hidden == 1 and view["closer"] is None:
            return "discard_and_close", {"value": value}
        return "discard", {"value": value}
    pos = int(arg)
    value = view["pending"]["value"]
    col = [value if p == pos else cells[p] for p in COLUMN_POSITIONS[pos % COLUMNS]]
    if col[0] == col[1] == col[2]:
        return "place_swallow", {"value": value, "column": pos % COLUMNS}
    if hidden == 1 and cells[pos] == HIDDEN and view["closer"] is None:
        return "place_and_close", {"value": value, "pos": pos}
    if cells[pos] == HIDDEN:
        mean = Pool(view, True).mean
        return (
            "place_hidden",
            {
                "value": value,
                "pos": pos,
                "mean": round(mean, 1),
            },
        )
    if sum(1 for p in COLUMN_POSITIONS[pos % COLUMNS] if p != pos and cells[p] == value) == 1:
        return "place_pair", {"value": value, "pos": pos}
    closing = prompt == "place_or_discard" and hidden == 1 and view["closer"] is None
    if closing and value > cells[pos]:
        # Worse than discarding, but a discard would close at a risk of doubling.
        return "place_not_close", {"value": value, "pos": pos, "replaced": cells[pos]}
    return "place_replace", {"value": value, "pos": pos, "replaced": cells[pos]}

"""Abyss's outside reference: an expected-value card counter, written from the
rules (seed 002, shared/RULINGS.md) alone, not from ``engine/abyss/bots.py``.

    python3 bench/refbots.py --game abyss --players 2 --games 400 [--seed 7]

What it does, as a careful club player would:

* counts cards: a hidden card is worth the mean of the 150-card deck less every
  card seen this round (the view's tally);
* values a grid as the sum of its face-up cards plus that mean per hidden card,
  a column of three equal cards counting 0 (swallowed);
* takes the discard when its best placement gains more than a draw is expected
  to gain, otherwise draws; places a drawn card where it gains most (on a
  hidden space only a card at least 2 below the mean: the hidden card may be
  a low one), or discards it and flips (beside a pair first) when no
  placement gains;
* closes the round (reveals its last hidden card) only when its expected total
  is below every other board's expected total by 3 points, or is at most 0; it
  does not weigh the others' last turns or the spread of their hidden cards.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.abyss.cards import COLUMN_POSITIONS, COLUMNS
from engine.bot import Bot, View

__all__ = ["REFERENCE", "CardCounter"]

HIDDEN = "?"
MARGIN = 3.0
HIDDEN_MARGIN = 2.0


def _grid(view: View, seat: int) -> list[Any]:
    cells = view["grids"][seat]["cells"]
    return [
        None if c["state"] == "gone" else HIDDEN if c["state"] == "hidden" else c["value"]
        for c in cells
    ]


class CardCounter(Bot):
    """The reference (see the module doc)."""

    level = "hard"  # reacts as fast as the hard level in the arena

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        if len(legal) == 1:
            return legal[0]
        counts = view["discard"]["counts"]
        left = {c["value"]: c["deck"] - c["visible"] for c in counts if c["deck"] > c["visible"]}
        total = sum(left.values()) or 1
        self.mean = sum(v * n for v, n in left.items()) / total
        self.left, self.total = left, total
        me = view["seat"]
        cells = _grid(view, me)
        prompt = view["prompt"]
        if prompt in ("start_flips", "flip_after_discard"):
            return self.flip(cells, legal)
        self.closed = view["closer"] is not None
        self.others = [self.worth(_grid(view, s)) for s in range(view["players"]) if s != me]
        if prompt == "choose":
            top = view["discard"]["top"]
            draw = sum(n * max(0.0, self.best(cells, v)[0]) for v, n in left.items()) / total
            take = self.best(cells, top)[0] if top is not None and "take" in legal else -1e9
            if take >= draw and take > 0:
                return "take"
            return "draw"
        value = view["pending"]["value"]
        gain, pos = self.best(cells, value)
        if prompt == "place_taken" or "discard" not in legal:
            return f"place:{pos}"
        # Discarding means a flip: the last hidden card closes the round.
        discard = 0.0
        if sum(1 for x in cells if x == HIDDEN) == 1 and not self.closed:
            flipped = [self.mean if x == HIDDEN else x for x in cells]
            discard = 0.0 if self.closes_well(flipped) else -MARGIN
        return f"place:{pos}" if gain > discard else "discard"

    def worth(self, cells: list[Any]) -> float:
        out = 0.0
        for col in COLUMN_POSITIONS:
            trio = [cells[p] for p in col]
            if trio[0] is None:
                continue
            if HIDDEN not in trio and trio[0] == trio[1] == trio[2]:
                continue
            out += sum(self.mean if x == HIDDEN else x for x in trio)
        return out

    def closes_well(self, cells: list[Any]) -> bool:
        mine = self.worth(cells)
        return mine <= 0 or all(mine < o - MARGIN for o in self.others)

    def best(self, cells: list[Any], value: int) -> tuple[float, int]:
        """The best gain in expected total from placing ``value``, and where;
        a placement that would close the round badly counts as no gain."""
        now = self.worth(cells)
        hidden = sum(1 for x in cells if x == HIDDEN)
        best, where = -1e9, next(p for p, x in enumerate(cells) if x is not None)
        for pos, x in enumerate(cells):
            if x is None:
                continue
            new = list(cells)
            new[pos] = value
            gain = now - self.worth(new)
            if x == HIDDEN:
                gain -= HIDDEN_MARGIN  # a hidden card may be low: keep it unless clearly better
            if x == HIDDEN and hidden == 1 and not self.closed and not self.closes_well(new):
                gain = min(gain, 0.0) - 1.0
            if gain > best:
                best, where = gain, pos
        return best, where

    def flip(self, cells: list[Any], legal: Sequence[str]) -> str:
        """Beside a pair first, then beside the highest card of a column."""
        best, choice = -1e9, legal[0]
        for action in legal:
            pos = int(action[5:])
            others = [
                cells[p]
                for p in COLUMN_POSITIONS[pos % COLUMNS]
                if p != pos and cells[p] not in (None, HIDDEN)
            ]
            score = 0.0
            if len(others) == 2 and others[0] == others[1]:
                score = 100.0
            elif others:
                score = float(max(others))
            if score > best:
                best, choice = score, action
        return choice


#: The factory ``bench/refbots.py`` seats as ``"ref"``.
REFERENCE = CardCounter

"""What an Abyss bot reads of a grid: the cards still to come (:class:`Pool`) and
what a card is worth where it could go (:class:`Judge`)."""

from __future__ import annotations

import math
from typing import Any

from engine.abyss.cards import COLUMN_POSITIONS, COLUMNS, COMPOSITION, VALUES
from engine.bot import View

DECK_MEAN = sum(v * n for v, n in COMPOSITION.items()) / sum(COMPOSITION.values())

#: Cells: None = gone (swallowed), HIDDEN = face down, else the face-up value.
HIDDEN = "?"


def house_rules(view: View) -> tuple[bool, bool]:
    """(doubling, swallowing): the table's house rules as the view states them
    (``view["options"]``, when the rules give it), today's rules otherwise."""
    options = view.get("options")
    if not isinstance(options, dict):
        return True, True
    return bool(options.get("doubling", True)), bool(options.get("swallow_columns", True))


def _cells(grid: dict[str, Any]) -> list[Any]:
    out = []
    for cell in grid["cells"]:
        if cell["state"] == "up":
            out.append(cell["value"])
        elif cell["state"] == "hidden":
            out.append(HIDDEN)
        else:
            out.append(None)
    return out


class Pool:
    """What a hidden card can be: the deck minus every card seen this round
    (card counting), or the plain deck for a bot that does not count."""

    def __init__(self, view: View, counting: bool) -> None:
        if counting:
            left = {c["value"]: max(0, c["deck"] - c["visible"]) for c in view["discard"]["counts"]}
        else:
            left = dict(COMPOSITION)
        total = sum(left.values())
        if total <= 0:
            left, total = dict(COMPOSITION), sum(COMPOSITION.values())
        self.left: dict[int, int] = left
        self.total: int = total
        self.probs: dict[int, float] = {v: n / total for v, n in left.items() if n > 0}
        self.mean: float = sum(v * p for v, p in self.probs.items())


class Judge:
    """One seat's evaluation of grids (expected final score, lower is better)."""

    def __init__(
        self,
        pool: Pool,
        columns: bool,
        turns_left: float,
        future: float = 0.0,
        reach: float = 2.0,
    ) -> None:
        self.pool = pool
        self.mean = pool.mean
        self.columns = columns
        self.turns_left = turns_left
        #: Later improvement: each card above ``reach`` is expected to be
        #: replaced, before the round ends, with chance ``future`` by a card
        #: worth ``reach``. A face-up card's worth is then its face minus
        #: ``future * (face - reach)``; a hidden card's, the same averaged over
        #: the pool (it is flipped, then kept or replaced).
        self.future = future
        self.reach = reach
        self.hidden_future = future * sum(p * max(0.0, v - reach) for v, p in pool.probs.items())
        turns = max(1.0, turns_left)
        #: Per value, the chance that one more copy comes before the round ends.
        self.chances = {v: 1 - (1 - pool.left.get(v, 0) / pool.total) ** turns for v in VALUES}

    def column(self, a: Any, b: Any, c: Any) -> float:
        """Expected worth of one column; a pair of equal high cards is worth
        less than its face when the third card may still come."""
        e = self.mean
        if a is None or b is None or c is None:
            # Swallowed: the whole column, or a row of it (a house rule).
            return sum(e if x == HIDDEN else x for x in (a, b, c) if x is not None)
        total: float = (
            (e if a == HIDDEN else a) + (e if b == HIDDEN else b) + (e if c == HIDDEN else c)
        )
        if self.columns:
            if a != HIDDEN and a in (b, c):
                v = a
            elif b != HIDDEN and b == c:
                v = b
            else:
                v = None
            # Swallowing saves the whole column (the pair and the third card).
            if v is not None and v > 0 and total > 0:
                total -= 0.8 * self.chances[v] * total
        if self.future:
            for x in (a, b, c):
                if x == HIDDEN:
                    total -= self.hidden_future
                elif x > self.reach:
                    total -= self.future * (x - self.reach)
        return total

    def score(self, cells: list[Any]) -> float:
        return sum(self.column(cells[i], cells[j], cells[k]) for i, j, k in COLUMN_POSITIONS)

    def best_place(
        self, cells: list[Any], value: int, columns: list[float] | None = None
    ) -> tuple[float, int]:
        """The best change of score ``value`` can make, and where (``columns``:
        the grid's column values, when the caller has them already)."""
        if columns is None:
            columns = self.columns_of(cells)
        best, where = math.inf, -1
        column = self.column
        for pos, x in enumerate(cells):
            if x is None:
                continue
            i, j, k = COLUMN_POSITIONS[pos % COLUMNS]
            a = value if i == pos else cells[i]
            b = value if j == pos else cells[j]
            c = value if k == pos else cells[k]
            d = (0.0 if a == b == c else column(a, b, c)) - columns[pos % COLUMNS]
            if d < best:
                best, where = d, pos
        return best, where

    def columns_of(self, cells: list[Any]) -> list[float]:
        return [self.column(cells[i], cells[j], cells[k]) for i, j, k in COLUMN_POSITIONS]

"""The cards of Abyss and where they lie: the 150-card deck and the 3 x 4 grid.

A card is its value, -2 to 12. Positions on a grid run row-major, 0 to 11
(position = row * 4 + column). The rules (:mod:`engine.abyss.rules`) and the
bots (:mod:`engine.abyss.bots`) both read these facts from here.
"""

from __future__ import annotations

__all__ = [
    "COLUMNS",
    "COLUMN_POSITIONS",
    "COMPOSITION",
    "DECK",
    "ROWS",
    "ROW_POSITIONS",
    "SPACES",
    "VALUES",
]

#: value -> copies in the 150-card deck: five -2s, ten -1s, fifteen 0s, ten of 1..12.
COMPOSITION: dict[int, int] = {-2: 5, -1: 10, 0: 15, **{v: 10 for v in range(1, 13)}}
#: Every value, lowest first.
VALUES: tuple[int, ...] = tuple(COMPOSITION)
#: The deck in value order; a round shuffles a copy of it.
DECK: tuple[int, ...] = tuple(v for v in VALUES for _ in range(COMPOSITION[v]))

ROWS, COLUMNS = 3, 4
SPACES = ROWS * COLUMNS
#: column -> its three positions, top row first.
COLUMN_POSITIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c + COLUMNS * r for r in range(ROWS)) for c in range(COLUMNS)
)
#: row -> its four positions, left to right (the "rows too" house rule swallows rows).
ROW_POSITIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(COLUMNS * r + c for c in range(COLUMNS)) for r in range(ROWS)
)

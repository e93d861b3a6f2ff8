"""The cards of Carta robada: the 80-card deck and the SNAP! marker.

A card is its code, a short string that is also what views and saves show:
``"1"`` to ``"10"`` for the numbered cards, the Spanish name without accents for
the others (``"disrupcion"``, ``"espia"``, ``"milagro"``...), ``"snap"`` for the
marker. A card's *number* is what it is cut against; the Bendición, the
Maldición and the Milagro have none and can never be cut.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ACTIONS",
    "CARDS",
    "FULL_DECK",
    "MARK_CARDS",
    "MILAGRO",
    "SNAP",
    "copies",
    "number",
    "points",
]

SNAP = "snap"
MILAGRO = "milagro"

#: The action cards, in the seed's order: (code, number, copies).
_ACTION_TABLE: tuple[tuple[str, int, int], ...] = (
    ("disrupcion", 11, 5),
    ("remolino", 11, 3),
    ("impulso", 12, 3),
    ("manipulacion", 12, 5),
    ("espia", 13, 5),
    ("reversa", 13, 3),
)
#: The cards without a number: (code, points, copies).
_PLAIN_TABLE: tuple[tuple[str, int, int], ...] = (
    ("bendicion", -5, 2),
    ("maldicion", 15, 3),
    (MILAGRO, -15, 1),
)

ACTIONS: frozenset[str] = frozenset(code for code, _, _ in _ACTION_TABLE)

#: The effects that leave a mark on the positions they touch (the Espía only
#: when it looks at another player's cards). The mark is named after the card.
MARK_CARDS: frozenset[str] = frozenset({"disrupcion", "remolino", "manipulacion", "espia"})

_NUMBER: dict[str, int] = {str(n): n for n in range(1, 11)}
_NUMBER.update({code: num for code, num, _ in _ACTION_TABLE})
_POINTS: dict[str, int] = dict(_NUMBER)
_POINTS.update({code: pts for code, pts, _ in _PLAIN_TABLE})
_COPIES: dict[str, int] = {str(n): 5 for n in range(1, 11)}
_COPIES.update({code: c for code, _, c in _ACTION_TABLE})
_COPIES.update({code: c for code, _, c in _PLAIN_TABLE})
_COPIES[SNAP] = 1

#: The 80 cards (the marker apart), in a fixed order before any shuffle.
FULL_DECK: tuple[str, ...] = tuple(
    code for code, n in _COPIES.items() if code != SNAP for _ in range(n)
)

#: For the UI and the docs: every code with its number (None: cannot be cut),
#: its points, whether it is an action card, and its copies in the deck.
CARDS: dict[str, dict[str, Any]] = {
    code: {
        "number": _NUMBER.get(code),
        "points": _POINTS.get(code, 0),
        "action": code in ACTIONS,
        "copies": n,
    }
    for code, n in _COPIES.items()
}


def number(card: str) -> int | None:
    """What the card is cut against; ``None`` for the cards that cannot be cut."""
    return _NUMBER.get(card)


def points(card: str) -> int:
    """The card's points at the final count."""
    return _POINTS[card]


def copies(card: str) -> int:
    """How many copies of the card the deck holds (0: not a card of this game)."""
    return _COPIES.get(card, 0)

"""The cards and dice of the dice bid game: each player's suit, the prize cards,
and the prize two dice show.

The rules (:mod:`engine.dice_bid.rules`) and the bots
(:mod:`engine.dice_bid.bots`) both read these facts from here.
"""

from __future__ import annotations

__all__ = ["DICE_PRIZES", "PRIZE_CARDS", "SUIT", "dice_prize"]

#: One suit, A..K, as values 1..13.
SUIT: tuple[int, ...] = tuple(range(1, 14))
#: The prize-card variant's 13 cards.
PRIZE_CARDS: tuple[int, ...] = (-5, -4, -3, -2, 2, 3, 4, 5, 6, 7, 8, 9, 10)


def dice_prize(a: int, b: int) -> int:
    """The prize two dice show: doubles give minus the face, otherwise the sum.

    >>> dice_prize(4, 4), dice_prize(4, 6)
    (-4, 10)
    """
    return -a if a == b else a + b


#: Every prize two dice can show, lowest first: doubles -6..-1, other throws 3..11.
DICE_PRIZES: tuple[int, ...] = tuple(
    sorted({dice_prize(a, b) for a in range(1, 7) for b in range(1, 7)})
)

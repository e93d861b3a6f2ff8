"""What a hand and a prize are worth to the dice game's bots: a card's rank among
the cards legal to bid, the prize's rank among the prizes possible, the matching card."""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice_bid.cards import DICE_PRIZES, PRIZE_CARDS


def _cards(legal: Sequence[str]) -> list[int]:
    return sorted(int(a[4:]) for a in legal if a.startswith("bid:"))


def _prize_rank(prize: int, prize_card: bool) -> float:
    """Where ``prize`` sits among the prizes this game can show, 0 to 1."""
    scale = PRIZE_CARDS if prize_card else DICE_PRIZES
    below = sum(1 for p in scale if p < prize)
    return below / (len(scale) - 1)


def _match_index(hand: Sequence[int], prize: int, prize_card: bool) -> int:
    return round(_prize_rank(prize, prize_card) * (len(hand) - 1))


def match_card(hand: Sequence[int], prize: int, prize_card: bool) -> int:
    """The card whose rank in ``hand`` matches the prize's rank."""
    i = round(_prize_rank(prize, prize_card) * (len(hand) - 1))
    return sorted(hand)[i]


# -- heads-up: the round as a matrix game, solved ---------------------------------

#: Mean and mean square of a two-dice prize over the 36 throws (5.25 and 47.25).
_THROWS = [(-a if a == b else a + b) for a in range(1, 7) for b in range(1, 7)]
DICE_MEAN = sum(_THROWS) / 36
DICE_SQUARE = sum(p * p for p in _THROWS) / 36

"""The dice game's odds at three or more players: the prizes to come, a hand's
share of the rounds, the chance to finish first from a score difference."""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Sequence

from engine.bot import View
from engine.core import Rng
from engine.dice_bid.bots.hands import DICE_MEAN, DICE_SQUARE


def _prize_moments(view: View) -> tuple[float, float]:
    """Mean and mean square of the prizes to come (the prize cards left, or a
    throw of two dice)."""
    if view["prize_card"] is not None:
        deck = view["prize_deck"] or [0]
        return sum(deck) / len(deck), sum(p * p for p in deck) / len(deck)
    return DICE_MEAN, DICE_SQUARE


def _beat_share(hand: Sequence[int], rivals: Sequence[Sequence[int]]) -> float:
    """The chance that a random card of ``hand`` beats a random card of every
    hand in ``rivals`` (each sorted)."""
    if not hand:
        return 0.0
    total = 0.0
    for c in hand:
        p = 1.0
        for h in rivals:
            p *= bisect_left(h, c) / len(h)
        total += p
    return total / len(hand)


def _ahead(d: float, sd: float) -> float:
    """The chance a lead of ``d`` holds with a spread ``sd`` (a tie counts half)."""
    if sd <= 0:
        return 1.0 if d > 0 else 0.5 if d == 0 else 0.0
    return 0.5 * (1.0 + math.erf(d / (sd * math.sqrt(2.0))))


def finish_first(
    me: int,
    hands: dict[int, list[int]],
    scores: Sequence[int],
    prize: int,
    mean: float,
    square: float,
) -> dict[int | None, list[float]]:
    """This seat's chance to finish first after this round, for each card of
    its hand it may play (``[winner][i]``: card ``hands[me][i]``) and each
    winner of the round (a seat, or None when every card is knocked out).

    Each seat finishes with its score, plus the prize if it wins it, plus the
    rest of the game: with ``m`` rounds left after this one, about
    ``m * mean * share``, its share being its chance to beat every other hand
    with a random card (:func:`_beat_share`, this seat's hand without the card
    it plays), out of the table's: a high card spent now lowers this seat's
    share and raises everyone else's. Against each other seat the lead then holds
    with the normal chance, the spread of ``m * square * (both shares)``;
    the chances against the seats are multiplied (taken as independent).
    The last round is exact.
    """
    seats = list(hands)
    others = [t for t in seats if t != me]
    hand = hands[me]
    m = len(hand) - 1
    column: dict[int | None, list[float]] = {w: [0.0] * len(hand) for w in [*seats, None]}
    for i in range(len(hand)):
        share = dict.fromkeys(seats, 0.0)
        if m:
            left = {**hands, me: hand[:i] + hand[i + 1 :]}
            for t in seats:
                share[t] = _beat_share(left[t], [left[u] for u in seats if u != t])
            norm = sum(share.values()) or 1.0
            share = {t: x / norm for t, x in share.items()}
        for w, line in column.items():
            final = {t: scores[t] + (prize if t == w else 0) + m * mean * share[t] for t in seats}
            p = 1.0
            for t in others:
                p *= _ahead(final[me] - final[t], math.sqrt(m * square * (share[me] + share[t])))
            line[i] = p
    return column


def _sample_regret(regret: list[float], rng: Rng) -> int:
    pos = [x if x > 0 else 0.0 for x in regret]
    norm = sum(pos)
    if norm <= 0:
        return rng.below(len(regret))
    x = (rng.next64() >> 11) * (1.0 / (1 << 53)) * norm
    for i, w in enumerate(pos):
        x -= w
        if x < 0:
            return i
    return len(pos) - 1


def _stake(view: View, me: int) -> float:
    """How much a point of prize next round is worth to this seat: its share
    of the table's card strength minus the others' (spread over them)."""
    seats = [s for s in view["seats"] if s["hand_count"] > 0]
    if len(seats) < 2:
        return 1.0
    strength = {}
    for s in seats:
        hand = s["hand"] if s["hand"] is not None else s["candidates"]
        top = sorted(hand, reverse=True)[: max(1, s["hand_count"])]
        strength[s["seat"]] = sum(c * c for c in top) / max(1, len(top))
    total = sum(strength.values())
    mine = strength.get(me, 0.0) / total if total else 0.0
    return mine - (1 - mine) / (len(seats) - 1)

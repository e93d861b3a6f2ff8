"""The dice game's zero-sum solver: a round heads-up as a matrix game (its
payoffs, solved by regret matching+, how much a mix gives up to a best reply),
and the last two cards played exactly."""

from __future__ import annotations

import math
from collections.abc import Sequence
from operator import mul

from engine.bot import View
from engine.dice_bid.bots.hands import DICE_MEAN, DICE_SQUARE
from engine.dice_bid.bots.odds import _prize_moments
from engine.dice_bid.cards import dice_prize

#: How many points a round's card edge is worth (per unit of edge, per mean
#: prize): the continuation estimate of :func:`duel_matrix` (tuned in the arena).
DUEL_EDGE_WEIGHT = 1.2
#: Regret-matching+ iterations per heads-up decision, at most.
DUEL_ITERATIONS = 300
#: A heads-up solve stops once a best response gains less than this (in win
#: probability, both sides together): a twentieth of a point.
DUEL_TOLERANCE = 5e-4


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def duel_matrix(
    hand: Sequence[int],
    rival: Sequence[int],
    diff: int,
    prize: int,
    mean: float = DICE_MEAN,
    square: float = DICE_SQUARE,
    edge_weight: float = DUEL_EDGE_WEIGHT,
) -> list[list[float]]:
    """The heads-up round as a matrix game: row ``a`` of ``hand`` against
    column ``b`` of ``rival`` (every card the opponent may still hold), the
    entry the row player's chance to win the game (a shared win counts half)
    after the reveal.

    After the reveal the score difference is ``diff`` plus or minus ``prize``
    (unchanged if the cards are equal: both are knocked out), and the rest of
    the game is summed up by the cards left: with ``m`` rounds to go and an
    edge ``e`` (the share of pairs of remaining cards where this hand's card
    is higher, minus the share where it is lower), the rest is worth about
    ``e * m * mean * edge_weight`` points, spread with a variance of
    ``m * square``; the chance to finish ahead is the normal one. The last
    round is exact.
    """
    m = len(hand) - 1
    # Edge sums: over all pairs, then without row a, without column b.
    rows = [sum(_sign(a - c) for c in rival) for a in hand]
    cols = [sum(_sign(h - b) for h in hand) for b in rival]
    total = sum(rows)
    pairs = m * (len(rival) - 1)
    spread = math.sqrt(2.0 * m * square) if m else 0.0
    out = []
    for i, a in enumerate(hand):
        line = []
        for j, b in enumerate(rival):
            after = diff + prize * _sign(a - b)
            if m == 0 or pairs == 0:
                line.append(1.0 if after > 0 else 0.5 if after == 0 else 0.0)
                continue
            edge = (total - rows[i] - cols[j] + _sign(a - b)) / pairs
            ahead = after + edge * m * mean * edge_weight
            line.append(0.5 * (1.0 + math.erf(ahead / spread)))
        out.append(line)
    return out


def by_rank(payoff: Sequence[Sequence[float]], held: int) -> list[list[float]]:
    """The columns of ``payoff`` (one per card the opponent may hold, lowest
    first) as the opponent's choice of its ``i``-th lowest card, when it holds
    ``held`` of them, every such hand as likely (the unseen set-aside cards).

    The ``i``-th lowest of a random hand is card ``j`` with chance
    ``C(j, i) * C(N - 1 - j, held - 1 - i) / C(N, held)``, so each new column is
    that mix of the old ones.
    """
    n = len(payoff[0])
    if held >= n:
        return [list(row) for row in payoff]
    weights = rank_weights(n, held)
    return [[sum(map(mul, row, w)) for w in weights] for row in payoff]


def solve_matrix(
    payoff: Sequence[Sequence[float]],
    iterations: int = DUEL_ITERATIONS,
    tolerance: float = 0.0,
) -> tuple[list[float], list[float]]:
    """Mixed strategies of a two-player zero-sum matrix game (rows maximise,
    columns minimise) by regret matching+ with alternating updates and
    linearly weighted averages, which approach an equilibrium quickly.

    With a ``tolerance``, it stops early, at a check every 25 iterations,
    once the averages' :func:`exploitability` is below it."""
    n, k = len(payoff), len(payoff[0])
    columns = [list(col) for col in zip(*payoff, strict=True)]
    rx, ry = [0.0] * n, [0.0] * k
    x, y = [1.0 / n] * n, [1.0 / k] * k
    sx, sy = [0.0] * n, [0.0] * k
    for it in range(1, iterations + 1):
        u = [sum(map(mul, row, y)) for row in payoff]
        v = sum(map(mul, u, x))
        rx = [r + g - v if r + g > v else 0.0 for r, g in zip(rx, u, strict=True)]
        norm = sum(rx)
        x = [r / norm for r in rx] if norm > 0 else [1.0 / n] * n
        sx = [s + it * p for s, p in zip(sx, x, strict=True)]
        w = [sum(map(mul, col, x)) for col in columns]
        v = sum(map(mul, w, y))
        ry = [r + v - g if r + v > g else 0.0 for r, g in zip(ry, w, strict=True)]
        norm = sum(ry)
        y = [r / norm for r in ry] if norm > 0 else [1.0 / k] * k
        sy = [s + it * p for s, p in zip(sy, y, strict=True)]
        if tolerance and it % 25 == 0:
            tx, ty = sum(sx), sum(sy)
            gap = exploitability(payoff, [s / tx for s in sx], [s / ty for s in sy])
            if gap < tolerance:
                break
    tx, ty = sum(sx), sum(sy)
    return [s / tx for s in sx], [s / ty for s in sy]


def exploitability(
    payoff: Sequence[Sequence[float]], x: Sequence[float], y: Sequence[float]
) -> float:
    """How far ``(x, y)`` is from an equilibrium: what a best response gains
    against each, summed (0 at an equilibrium; in the payoff's units)."""
    best_row = max(sum(map(mul, row, y)) for row in payoff)
    best_col = min(sum(map(mul, col, x)) for col in zip(*payoff, strict=True))
    return float(best_row - best_col)


# -- the expert: the solved round, and the opponent's habits answered safely ---

# What the expert's search builds on, knowing no bot: the ranks of a hand
# unseen, a lean that stays safe, and the view as it was (or as the other seat
# sees it).


def rank_weights(n: int, held: int) -> list[list[float]]:
    """``w[i][j]``: the chance that the ``i``-th lowest card of a ``held``-card
    hand drawn at random from ``n`` sorted candidates is candidate ``j``:
    ``C(j, i) * C(n - 1 - j, held - 1 - i) / C(n, held)`` (the identity when
    every candidate is held)."""
    if held >= n:
        return [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]
    hands = math.comb(n, held)
    return [
        [math.comb(j, i) * math.comb(n - 1 - j, held - 1 - i) / hands for j in range(n)]
        for i in range(held)
    ]


# -- the last two rounds, exactly (heads-up, two cards each) ---------------------


def _outcome(diff: int) -> float:
    return 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0


def last_two_matrix(
    hand: Sequence[int], theirs: Sequence[int], diff: int, dice: Sequence[int]
) -> list[list[float]]:
    """This seat's chance to win the game for each of its two cards against
    each of the opponent's two (``theirs``, known here), both playing their
    other card in the last round: after the first reveal the winner rerolls
    the die that serves it best (a knock-out: either die, as likely)."""
    prize = dice_prize(*dice)
    out = []
    for i, a in enumerate(hand):
        last_a = hand[1 - i]
        line = []
        for j, b in enumerate(theirs):
            last_b = theirs[1 - j]
            won = (a > b) - (a < b)
            after = diff + won * prize
            sign = (last_a > last_b) - (last_a < last_b)
            options = []
            for die in (0, 1):
                kept = dice[1 - die]
                options.append(
                    sum(_outcome(after + sign * dice_prize(f, kept)) for f in range(1, 7)) / 6
                )
            line.append(max(options) if won > 0 else min(options) if won < 0 else sum(options) / 2)
        out.append(line)
    return out


def last_two_matrices(view: View) -> list[list[list[float]]]:
    """Heads-up with two cards each (dice, no forcing): one
    :func:`last_two_matrix` per pair of its candidates the opponent may
    hold, all as likely."""
    me = view["seat"]
    hand = sorted(view["seats"][me]["hand"])
    rival = sorted(view["seats"][1 - me]["candidates"])
    diff = view["scores"][me] - view["scores"][1 - me]
    return [
        last_two_matrix(hand, [a, b], diff, view["dice"])
        for i, a in enumerate(rival)
        for b in rival[i + 1 :]
    ]


def last_two_held(matrices: Sequence[Sequence[Sequence[float]]], p: float) -> float:
    """What bidding the lower card with chance ``p`` holds against an
    opponent that answers each hand it may hold with its best card."""
    total = 0.0
    for m in matrices:
        total += min(p * a + (1 - p) * b for a, b in zip(*m, strict=True))
    return total / len(matrices)


def last_two_best(matrices: Sequence[Sequence[Sequence[float]]]) -> tuple[float, float]:
    """The equilibrium of the last two rounds for this seat: (its value, the
    chance of bidding the lower card). The held value is concave and
    piecewise linear in that chance: its best is at 0, 1 or where two of a
    matrix's columns cross."""
    points = {0.0, 1.0}
    for (a0, a1), (b0, b1) in matrices:
        # p * a_j + (1 - p) * b_j equal for j = 0, 1
        slope = (a0 - b0) - (a1 - b1)
        if slope:
            p = (b1 - b0) / slope
            if 0.0 < p < 1.0:
                points.add(p)
    # Sorted, so that a tie goes the same way on every Python.
    return max((last_two_held(matrices, p), p) for p in sorted(points))


def _exact_end(view: View) -> bool:
    """Whether :func:`last_two_best` solves this heads-up bid exactly."""
    me = view["seat"]
    return (
        len(view["seats"][me]["hand"]) == 2
        and view["seats"][1 - me]["hand_count"] == 2
        and view["dice"] is not None
        and view["prize_card"] is None
        and not (view.get("options") or {}).get("force_negative", False)
    )


def _solved_duel(
    view: View, edge_weight: float = DUEL_EDGE_WEIGHT
) -> tuple[list[list[float]], list[list[float]], list[float], list[float]]:
    """The heads-up round of ``view``: the stage matrix (this seat's cards
    against the opponent's candidates), the same over the opponent's ranks,
    and the near-equilibrium mixes of both (rows, then ranks)."""
    me = view["seat"]
    other = view["seats"][1 - me]
    hand = sorted(view["seats"][me]["hand"])
    rival = sorted(other["hand"] if other["hand"] is not None else other["candidates"])
    diff = view["scores"][me] - view["scores"][1 - me]
    mean, square = _prize_moments(view)
    stage = duel_matrix(hand, rival, diff, view["prize"], mean, square, edge_weight)
    payoff = by_rank(stage, other["hand_count"])
    x, y = solve_matrix(payoff, tolerance=DUEL_TOLERANCE)
    return stage, payoff, x, y

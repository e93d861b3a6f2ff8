"""The dice game's models of the other seats: habits read from the sheet, the
fixed rules read through the unseen cards, a seat's hand blurred or as
another seat sees it, an earlier round's view."""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Generator, Sequence
from itertools import combinations
from operator import mul

from engine.bot import View
from engine.dice_bid.bots.hands import _THROWS, _match_index, _prize_rank
from engine.dice_bid.bots.solver import _solved_duel
from engine.dice_bid.cards import SUIT


def duel_strategy(view: View, exploit: bool = True) -> dict[int, float]:
    """The heads-up bid: this seat's half of the solved :func:`duel_matrix`,
    leaning towards the best answer to the opponent's habits as far as
    :func:`read_opponent` trusts them (``exploit``)."""
    me = view["seat"]
    hand = sorted(view["seats"][me]["hand"])
    stage, payoff, x, y = _solved_duel(view)
    trust, model = read_opponent(view, 1 - me) if exploit else (0.0, [])
    if trust > 0:
        # Against its equilibrium mix and against its habits, weighted by trust.
        value = [
            (1 - trust) * sum(map(mul, row, y)) + trust * sum(map(mul, line, model))
            for row, line in zip(payoff, stage, strict=True)
        ]
        best = max(range(len(hand)), key=value.__getitem__)
        x = [(1 - trust) * p for p in x]
        x[best] += trust
    # The faint tail of the average is the learning's noise, not intent.
    kept = {c: p for c, p in zip(hand, x, strict=True) if p >= 0.01}
    norm = sum(kept.values())
    return {c: p / norm for c, p in kept.items()}


#: How much of its bid a habit read from ``n`` rounds may steer: n / (n + this).
#: Small, so that heads-up a habit steers within a few rounds: hard against the
#: reference bidder (bench/refbots.py), 400 games at seed 23, took 54.5% at 0.5
#: and 43.8% at 4 (the run is in commit 427395b's message).
READ_PRIOR = 0.5
#: At three or more players a habit is read as a smooth curve of the prize's
#: standing rather than a straight line: the bids at nearby prizes (a Gaussian
#: kernel of this width, on the 0..1 prize standing) with the line as a weak
#: prior (``HABIT_LINE_WEIGHT`` bids' worth). A bidder that plays its lowest
#: card on the biggest prizes and matches the others is read exactly.
HABIT_BANDWIDTH = 0.08
HABIT_LINE_WEIGHT = 0.3
#: ... and trusted n / (n + this) after n bids.
HABIT_PRIOR = 3.0


def _fit_line(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float]:
    """Least squares ``y = base + slope * x``: (base, slope)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0
    return my - slope * mx, slope


def _smooth(xs: Sequence[float], ys: Sequence[float], x0: float, bandwidth: float) -> float:
    """The bids' standing expected at prize standing ``x0``: the line's value
    weighted ``HABIT_LINE_WEIGHT``, plus each bid weighted by its prize's
    nearness to ``x0``."""
    base, slope = _fit_line(xs, ys)
    num, den = HABIT_LINE_WEIGHT * (base + slope * x0), HABIT_LINE_WEIGHT
    for x, y in zip(xs, ys, strict=True):
        w = math.exp(-(((x - x0) / bandwidth) ** 2) / 2)
        num += w * y
        den += w
    return num / den


def read_opponent(
    view: View,
    seat: int,
    bandwidth: float | None = None,
    prior: float = READ_PRIOR,
    ranks: bool = False,
) -> tuple[float, list[float]]:
    """A seat's habit from its past bids: the standing of each bid among the
    cards it could hold then (0 lowest, 1 highest) as a function of the
    prize's standing (:func:`_prize_rank`), fitted to the sheet ("as much as
    the prize is worth", each player with a scale of their own): a straight
    line, or with a ``bandwidth`` a smooth curve (:func:`_smooth`, judged by
    leaving each bid out in turn). Returns the trust in that fit (one minus
    its misses' mean square over a random bid's, 1/12, times
    n / (n + ``prior``): a player who always bids its highest card or always
    the prize's rank is read closely, one who mixes hardly at all) and, for
    each card it may hold now (lowest first), the chance that it is the bid,
    spread around the fit's prediction by the fit's misses.

    With ``ranks`` the standing is the bid's rank in the hand it held then
    (a hand blurred by set-aside cards counts each unseen card below the bid
    as held by the hand's share of the candidates), and the chances are for
    its ``i``-th lowest card now (``hand_count`` of them): a player who bids
    by its hand's ranks is read so even when its hand is unseen.
    """
    rows = [r for r in view["sheet"] if r["tiebreak"] == view["tiebreak"]]
    info = view["seats"][seat]
    now = sorted(info["hand"] if info["hand"] is not None else info["candidates"])
    prize_card = view["prize_card"] is not None
    pool = set(now)
    held = info["hand_count"] / len(now) if now else 1.0
    later: list[int] = []
    xs: list[float] = []
    ys: list[float] = []
    for row in reversed(rows):
        card = row["cards"][seat]
        if card is None:
            continue
        xs.append(_prize_rank(row["prize"], prize_card))
        if ranks:
            later.append(card)
            below = sum(1 for c in later if c < card) + held * bisect_left(now, card)
            ys.append(below / max(1, info["hand_count"] + len(later) - 1))
            continue
        pool.add(card)
        ordered = sorted(pool)
        ys.append(ordered.index(card) / max(1, len(ordered) - 1))
    if ranks:
        now = now[: info["hand_count"]]  # one entry per rank
    n = len(xs)
    if n < 3 or len(now) < 2:
        return 0.0, []

    x0 = _prize_rank(view["prize"], prize_card)
    if bandwidth is None:
        base, slope = _fit_line(xs, ys)
        misses = sum((y - base - slope * x) ** 2 for x, y in zip(xs, ys, strict=True))
        aim = base + slope * x0
    else:
        misses = sum(
            (ys[i] - _smooth(xs[:i] + xs[i + 1 :], ys[:i] + ys[i + 1 :], xs[i], bandwidth)) ** 2
            for i in range(n)
        )
        aim = _smooth(xs, ys, x0, bandwidth)
    # Against a random bid's spread (a standing uniform on 0..1: variance 1/12).
    explained = 1.0 - 12.0 * misses / n
    width = max(0.06, math.sqrt(misses / n))
    step = 1.0 / (len(now) - 1)
    gaps = [((i * step - aim) / width) ** 2 / 2 for i in range(len(now))]
    nearest = min(gaps)  # measured from the nearest card, so the weights never all underflow
    weights = [math.exp(nearest - g) for g in gaps]
    total = sum(weights)
    trust = max(0.0, explained) * n / (n + prior)
    return trust, [w / total for w in weights]


def safe_lean(
    payoff: Sequence[Sequence[float]], x: Sequence[float], best: int, epsilon: float
) -> float:
    """How far the mixed row ``x`` may move towards the pure row ``best``: the
    largest weight ``w`` (0 to 1) for which ``(1 - w) x + w e_best`` still
    holds, against every column, at least ``x``'s own worst column value
    minus ``epsilon``. Each column's value is linear in ``w``, so the bound is
    the tightest of the columns' crossings."""
    columns = list(zip(*payoff, strict=True))
    held = [sum(map(mul, x, col)) for col in columns]
    floor = min(held) - epsilon
    w = 1.0
    for a, col in zip(held, columns, strict=True):
        b = col[best]
        if b < floor:
            w = min(w, (a - floor) / (a - b))
    return max(0.0, w)


def _held(payoff: Sequence[Sequence[float]], x: Sequence[float]) -> float:
    """What the mixed row ``x`` holds against the column player's best reply."""
    return float(min(sum(map(mul, x, col)) for col in zip(*payoff, strict=True)))


def blurred(view: View, seat: int) -> list[int]:
    """The cards the other seat sees ``seat`` may hold: its hand and, in the
    two-player variant, its unseen set-aside cards (every card of its suit it
    has not played)."""
    info = view["seats"][seat]
    if view["two_player"] and not view["tiebreak"]:
        played = set(info["played"])
        return [c for c in SUIT if c not in played]
    return sorted(info["hand"] if info["hand"] is not None else info["candidates"])


def as_seen_by(view: View, seat: int, hand: Sequence[int]) -> View:
    """Heads-up, ``view`` as the other ``seat`` would see it if it held
    ``hand``: its own hand known, this seat's blurred (:func:`blurred`)."""
    me = view["seat"]
    seen = dict(view)
    seen["seat"] = seat
    seats = [dict(s) for s in view["seats"]]
    seats[seat].update(hand=sorted(hand), candidates=sorted(hand))
    seats[me].update(hand=None, candidates=blurred(view, me))
    seen["seats"] = seats
    seen["prompt"] = "bid"
    return seen


def past_view(view: View, r: int) -> View:
    """``view`` as it was at the bid of the main game's round ``r`` (0-based,
    a row of the sheet): every card played since back in its hand, the
    scores, the prize and the sheet of then. Only the fields the bots read."""
    rows = [row for row in view["sheet"] if row["tiebreak"] == 0]
    later = rows[r:]
    past = dict(view)
    past["sheet"] = rows[:r]
    past["round"] = rows[r]["round"]
    past["tiebreak"] = 0
    past["prize"] = rows[r]["prize"]
    past["dice"] = rows[r]["dice"]
    past["prize_card"] = rows[r]["prize_card"]
    past["scores"] = list(rows[r - 1]["scores"]) if r else [0] * view["players"]
    if view["prize_deck"] is not None:
        back = [row["prize_card"] for row in later[1:]]
        if view["prize_card"] is not None and not view["tiebreak"]:
            back.append(view["prize_card"])
        past["prize_deck"] = sorted([*view["prize_deck"], *back])
    seats = []
    for s in view["seats"]:
        t = s["seat"]
        again = [row["cards"][t] for row in later if row["cards"][t] is not None]
        seat = dict(s)
        if s["hand"] is not None:
            seat["hand"] = sorted(s["hand"] + again)
        seat["candidates"] = sorted(s["candidates"] + again)
        seat["hand_count"] = s["hand_count"] + len(again)
        seat["played"] = s["played"][: len(s["played"]) - len(again)]
        seats.append(seat)
    past["seats"] = seats
    return past


# -- the opponent that follows a fixed rule (heads-up) ----------------------------

#: Fixed bidding rules a heads-up opponent may follow, for the ``rule`` picture:
#: always its highest card, always its lowest, the prize's rank (``match``),
#: and the prize's standing among the prizes still to come (``standing``:
#: its lowest on a negative prize), which may fight for the top fifth
#: (``standing, fighting``: its highest card if no card of the other hand can
#: beat it, else its lowest, not to lose a fight).
RULES: tuple[str, ...] = ("highest", "lowest", "match", "standing", "standing, fighting")
#: The prizes' standing from which ``standing, fighting`` fights or gives up.
FIGHT_STANDING = 0.8


def _standing(view: View) -> float:
    """The prize's standing among the prizes still to come, 0 to 1 (the
    throws of two dice, each by its chance, or the prize cards left with
    this one), an equal prize counting half."""
    future = (
        [*(view["prize_deck"] or []), view["prize"]] if view["prize_card"] is not None else _THROWS
    )
    prize = view["prize"]
    below = sum(1 for p in future if p < prize) + 0.5 * sum(1 for p in future if p == prize)
    return below / len(future)


def _rule_bids(view: View, seat: int) -> list[Callable[[Sequence[int]], int]]:
    """For each of ``RULES``, ``seat``'s bid from a sorted hand at ``view``."""
    prize, prize_card = view["prize"], view["prize_card"] is not None
    q = _standing(view)
    # The highest card the other hand may still hold, as the bidder sees it.
    best = max(
        (
            max(blurred(view, s["seat"]), default=0)
            for s in view["seats"]
            if s["seat"] != seat and s["hand_count"]
        ),
        default=0,
    )

    def standing(hand: Sequence[int], fight: bool) -> int:
        if prize < 0 or len(hand) == 1:
            return hand[0]
        if fight and q >= FIGHT_STANDING:
            return hand[-1] if hand[-1] > best else hand[0]
        return hand[round(q * (len(hand) - 1))]

    return [
        lambda hand: hand[-1],
        lambda hand: hand[0],
        lambda hand: hand[_match_index(hand, prize, prize_card)],
        lambda hand: standing(hand, False),
        lambda hand: standing(hand, True),
    ]


def rule_reading(
    view: View, seat: int, floor: float
) -> Generator[None, None, tuple[float, list[float]]]:
    """Heads-up, how well the fixed rules (``RULES``) foretold ``seat``'s bids,
    reasoned exactly over the cards it set aside: each way its unseen cards
    may lie is a hand it held in every past round, and a rule with that hand
    gave each bid or not (a bid off the rule counts ``floor`` spread over
    the cards it could bid, as a slip). Returns the log of the chance of its
    bids so far (over the rules and the ways alike) and, for each of its
    candidates now (lowest first), the chance it bids it, the rules and ways
    weighed by how well they foretold. A slice per rule."""
    info = view["seats"][seat]
    now = sorted(info["candidates"])
    rows = [r for r in view["sheet"] if r["tiebreak"] == 0]
    bids = [row["cards"][seat] for row in rows]
    aside = [set(t) for t in combinations(now, len(now) - info["hand_count"])]
    # Round by round: the cards it could hold then, its bid, each rule's choice.
    past = []
    for r, card in enumerate(bids):
        if card is None:
            continue
        pool = sorted([*now, *(c for c in bids[r:] if c is not None)])
        past.append((pool, card, _rule_bids(past_view(view, r), seat)))
    rules_now = _rule_bids(view, seat)
    weights = [0.0] * len(now)
    total = 0.0
    for k in range(len(RULES)):
        for t in aside:
            w = 1.0
            for pool, card, rules in past:
                hit = rules[k]([c for c in pool if c not in t]) == card
                w *= (1 - floor) * hit + floor / len(pool)
            total += w
            weights[now.index(rules_now[k]([c for c in now if c not in t]))] += w
        yield
    norm = sum(weights)
    return math.log(total / (len(RULES) * len(aside))), [w / norm for w in weights]


#: The pictures of a heads-up opponent the expert weighs (ExpertBot.duel).
PICTURES = ("equilibrium", "habit", "smooth habit", "rank habit", "reader", "rule")

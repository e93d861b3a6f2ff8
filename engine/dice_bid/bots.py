"""Bots for the dice bid game.

Everything here is public knowledge except the other seats' pending picks (and,
with two players, which of the opponent's remaining cards were set aside), so
the bots read their whole picture from the view: each seat's remaining hand (or
its candidates), the prize, the dice, the sheet of past rounds.

Levels (docs/bots.md has the measured ladder):

* ``random``: any card in hand.
* ``easy``: bids the card whose rank in its hand matches the prize's rank among
  the possible prizes, but a third of the time just plays a random card;
  rerolls a random die.
* ``medium``: matches the prize's rank on positive prizes, sheds its lowest
  card on negative ones, rerolls the lower die (a higher prize on average).
* ``hard``: solves the round as a simultaneous game. Heads-up (the
  two-player variant) it is a zero-sum matrix game: its cards against the
  opponent's choice of its i-th lowest card (its hand is one of the equally
  likely subsets of the cards it may hold), each entry the chance to win the
  game after the reveal (the score difference, and the rest of the game
  summed up by the cards left), solved by regret matching+ (:func:`solve_matrix`)
  to a near-equilibrium mixed strategy. At three or more players it learns
  its mix by regret matching against a model of every other seat: a fixed
  rule predicted, a habit read from the sheet followed as often as it is
  trusted, otherwise an equal playing this seat's own current mix (so
  knock-outs between equal bots are priced); each outcome is worth its
  chance to finish first (:func:`finish_first`), not raw points. It then draws
  its bid from the mix with its own seed, so equal bots at one table part
  ways and none can be read in turn. It rerolls or forces the dice towards
  big prizes when its hand is the strongest left, and towards small or
  negative ones otherwise.

* ``expert``: hard's solved round, plus a safe exploitation of what the
  opponent has shown (:class:`ExpertBot`): heads-up, pictures of the opponent
  weighed by how well they foretold its bids, and a lean towards the best
  answer that gives up at most ``ExpertBot.epsilon`` of win probability a
  round against a best reply; at three or more players, every other seat
  predicted as a hard bot would bid from its seat. It thinks in slices
  (``think``), a sampled opponent hand or seat each.

The simple fixed rules are also offered as sparring partners (``SPARRING``) for
the arena and the tests: the hard level must beat each of them.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Generator, Iterable, Sequence
from itertools import combinations
from operator import mul
from typing import Any

from engine.bot import Bot, BotFactory, Hint, RandomBot, Thought, View, conclude
from engine.core import Rng
from engine.dice_bid.cards import DICE_PRIZES, PRIZE_CARDS, SUIT, dice_prize

__all__ = [
    "HINT_REASONS",
    "LEVELS",
    "PICTURES",
    "SPARRING",
    "ExpertBot",
    "as_seen_by",
    "by_rank",
    "duel_matrix",
    "duel_strategy",
    "exploitability",
    "finish_first",
    "hint",
    "past_view",
    "rank_weights",
    "read_opponent",
    "safe_lean",
    "solve_matrix",
]


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


# -- fixed simple rules: the sparring partners ------------------------------


class _FixedBot(Bot):
    rule: Callable[[list[int], int, bool], int]

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        cards = _cards(legal)
        if not cards:
            return "reroll:0" if "reroll:0" in legal else legal[0]
        return f"bid:{type(self).rule(cards, view['prize'], view['prize_card'] is not None)}"


class HighestBot(_FixedBot):
    level = "highest"
    rule = staticmethod(lambda hand, prize, pc: max(hand))


class LowestBot(_FixedBot):
    level = "lowest"
    rule = staticmethod(lambda hand, prize, pc: min(hand))


class MatchBot(_FixedBot):
    level = "match"
    rule = staticmethod(match_card)


#: Fixed rules a human might fall into; the hard bot must beat every one.
SPARRING: dict[str, BotFactory] = {"highest": HighestBot, "lowest": LowestBot, "match": MatchBot}


# -- the levels ---------------------------------------------------------------


class EasyBot(Bot):
    level = "easy"
    slip = 1 / 3

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        cards = _cards(legal)
        if not cards or self.chance(self.slip):
            return self.pick([a for a in legal if not a.startswith("force")])
        return f"bid:{match_card(cards, view['prize'], view['prize_card'] is not None)}"


class MediumBot(Bot):
    level = "medium"

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        cards = _cards(legal)
        if not cards:
            dice = view["dice"]
            return f"reroll:{0 if dice[0] <= dice[1] else 1}"
        prize = view["prize"]
        if prize < 0:
            return f"bid:{cards[0]}"
        # A person's "about that rank" wobbles by a card either way, which also
        # keeps two medium bots from knocking each other out every round.
        i = cards.index(match_card(cards, prize, view["prize_card"] is not None))
        i = min(len(cards) - 1, max(0, i + self.rng.below(3) - 1))
        return f"bid:{cards[i]}"


class HardBot(Bot):
    level = "hard"
    #: Regret-matching budget: card evaluations per decision (keeps p95 low).
    budget = 1800
    #: Bids below this share of the averaged strategy are dropped.
    tail = 0.02

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        if len(legal) == 1:
            return legal[0]
        if view["prompt"] == "reroll" or not legal[0].startswith("bid:"):
            return self.reroll(view, legal)
        if view["players"] == 2 and not view["tiebreak"]:
            strategy = duel_strategy(view)
        else:
            strategy = self.strategy(view)
        return f"bid:{self.draw(strategy)}"

    # The round as a simultaneous game.

    def strategy(
        self, view: View, models: dict[int, tuple[float, list[float]]] | None = None
    ) -> dict[int, float]:
        """A mixed bid for this seat at three or more players, by regret
        matching against a model of every other seat.

        Each other seat bids from a distribution: a seat whose past bids all
        follow a fixed rule is predicted outright; one whose bids follow a
        habit (:func:`read_opponent`, smoothed over the prizes it has seen)
        bids from that habit as often as it is trusted (a seat that bids the
        card of the prize's rank is one such habit; counting its exact matches
        apart, as ``match_rate`` did in 427395b, gave three hard seats
        beside a medium 66.2% of 400 games, 71.5% without); otherwise it is
        an equal, bidding this seat's own current mix over
        the cards it holds (equal bots pick alike, so a card others are
        likely to pick is priced with the knock-out it risks). Equal cards
        knock each other out. An outcome is worth this seat's chance to
        finish first (:func:`finish_first`): who takes the prize and which
        card this seat spent, not raw points, so a prize the leader would
        take is worth denying.

        ``models`` (the expert's) gives some seats a predicted mix over their
        hand (lowest first) and the share of rounds it is followed: such a
        seat bids from it that often, and as above otherwise.
        """
        me = view["seat"]
        prize = view["prize"]
        seats = [s for s in view["seats"] if s["hand_count"] > 0]
        hands = {
            s["seat"]: sorted(s["hand"] if s["hand"] is not None else s["candidates"])
            for s in seats
        }
        others = [s["seat"] for s in seats if s["seat"] != me]
        fixed = {t: self.predict(view, t) for t in others}
        habits = {t: read_opponent(view, t, HABIT_BANDWIDTH, HABIT_PRIOR) for t in others}
        hand = hands[me]
        index = {c: i for i, c in enumerate(hand)}
        mean, square = _prize_moments(view)
        column = finish_first(me, hands, view["scores"], prize, mean, square)
        regrets = [0.0] * len(hand)
        total = [0.0] * len(hand)
        mix = [1.0 / len(hand)] * len(hand)
        rng = self.rng
        iterations = max(24, self.budget // (len(seats) + len(hand)))
        for _ in range(iterations):
            weight = dict(zip(hand, mix, strict=True))
            owner: dict[int, int | None] = {}
            counts: dict[int, int] = {}
            for t in others:
                card = fixed[t]
                trust, habit = habits[t]
                model = models.get(t) if models else None
                if card is None and model is not None and self.chance(model[0]):
                    card = hands[t][_sample_regret(model[1], rng)]
                elif card is None and trust and self.chance(trust):
                    card = hands[t][_sample_regret(habit, rng)]
                elif card is None:
                    own = hands[t]
                    card = own[_sample_regret([weight.get(c, 0.0) for c in own], rng)]
                counts[card] = counts.get(card, 0) + 1
                owner[card] = t
            singles = sorted((c for c, n in counts.items() if n == 1), reverse=True)
            top = singles[0] if singles else 0
            k = bisect_right(hand, top)
            values = column[owner.get(top)][:k] + column[me][k:]
            for c in counts:
                if c in index:
                    # Playing c knocks it out: the best single card left wins.
                    best = (singles[1] if len(singles) > 1 else 0) if c == top else top
                    i = index[c]
                    values[i] = column[owner.get(best)][i]
            got = sum(map(mul, mix, values))
            regrets = [a + v - got for a, v in zip(regrets, values, strict=True)]
            pos = [x if x > 0 else 0.0 for x in regrets]
            norm = sum(pos)
            mix = [x / norm for x in pos] if norm > 0 else [1.0 / len(hand)] * len(hand)
            total = [a + b for a, b in zip(total, mix, strict=True)]
        norm = sum(total)
        mixed = {c: w / norm for c, w in zip(hand, total, strict=True)}
        # Drop the faint tail of the average: it is noise of the learning, not intent.
        kept = {c: w for c, w in mixed.items() if w >= self.tail} or mixed
        norm = sum(kept.values())
        return {c: w / norm for c, w in kept.items()}

    def predict(self, view: View, seat: int) -> int | None:
        """The bid of a seat whose bids so far all followed one fixed rule
        (at least three rounds of evidence), else None."""
        info = view["seats"][seat]
        if info["hand"] is None:
            return None  # two players: its hand is blurred by the set-aside cards
        rows = [r for r in view["sheet"] if r["tiebreak"] == view["tiebreak"]]
        if len(rows) < 3:
            return None
        prize_card = view["prize_card"] is not None
        hand_now = list(info["hand"])
        rules: tuple[Callable[[Iterable[int]], int] | None, ...] = (max, min, None)
        for rule in rules:
            hand = set(hand_now)
            ok = True
            for row in reversed(rows):
                card = row["cards"][seat]
                if card is None:
                    ok = False
                    break
                hand.add(card)
                if rule is None:
                    want = match_card(sorted(hand), row["prize"], prize_card)
                else:
                    want = rule(hand)
                if want != card:
                    ok = False
                    break
            if ok:
                if rule is None:
                    return match_card(hand_now, view["prize"], prize_card)
                return rule(hand_now)
        return None

    def draw(self, strategy: dict[int, float]) -> int:
        x = self.uniform()
        for card, w in strategy.items():
            x -= w
            if x < 0:
                return card
        return next(reversed(strategy))

    # Between rounds: which die to reroll.

    def reroll(self, view: View, legal: Sequence[str]) -> str:
        """Big prizes when this hand is the strongest left, small or negative
        ones otherwise: each option is scored by its expected next prize times
        this seat's stake in it (its win chance against the field's)."""
        me = view["seat"]
        stake = _stake(view, me)
        dice = view["dice"]
        best, best_value = legal[0], float("-inf")
        for action in legal:
            verb, _, arg = action.partition(":")
            die = int(arg)
            kept = dice[1 - die]
            if verb == "force":
                expected = -kept
            else:
                expected = (sum(kept + x for x in range(1, 7) if x != kept) - kept) / 6
            value = stake * expected
            if value > best_value:
                best, best_value = action, value
        return best


# -- heads-up: the round as a matrix game, solved ---------------------------------

#: Mean and mean square of a two-dice prize over the 36 throws (5.25 and 47.25).
_THROWS = [(-a if a == b else a + b) for a in range(1, 7) for b in range(1, 7)]
DICE_MEAN = sum(_THROWS) / 36
DICE_SQUARE = sum(p * p for p in _THROWS) / 36
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
#: 4 -> 0.5 took heads-up against the reference bidder from 42.8% to 53.7% of
#: 300 games (seed 23); see docs/bots.md.
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
#: A share of a uniform bid mixed into every picture's prediction, so that no
#: picture is ruled out by a single bid.
PICTURE_FLOOR = 0.1


class ExpertBot(HardBot):
    """The hard bot's solved round, plus a safe exploitation of what the
    opponent has shown (heads-up), thought in work-bounded slices.

    Heads-up it solves the round as hard does (:func:`duel_matrix` over the
    opponent's ranks, :func:`by_rank`), then asks which of three pictures
    (``PICTURES``) the opponent's past bids fit: it plays its half of the
    same solved round (``equilibrium``); it bids as the straight line of its
    past bids predicts (``habit``, :func:`read_opponent`); or it solves the
    round itself and leans towards the best answer to *this* seat's habit
    (``reader``: the hard bot's heads-up bid from its seat, over hands sampled
    from its candidates); or it follows one of a few fixed rules (``rule``,
    :func:`rule_reading`: the rules played on every way its unseen cards may
    lie, which a rule-follower's bids narrow down). Each picture is scored by
    the chance it gave each bid the opponent made, and the bid predicted now
    is their mix weighted by that evidence. The expert leans from its
    equilibrium mix towards the best answer to that prediction only as far
    as the lean keeps its worst case (a
    best reply in the solved round) within ``epsilon`` of the equilibrium's
    (:func:`~engine.dice_bid.search.safe_lean`): a wrong picture costs at
    most that much win probability a round.
    """

    level = "expert"
    #: Opponent hands sampled for each ``reader`` prediction (a slice each).
    samples = 12
    #: Win probability a round's lean may give up against a best reply.
    epsilon = 0.1
    #: The continuation weight of its own solved round (:func:`duel_matrix`).
    edge_weight = DUEL_EDGE_WEIGHT
    #: At three or more players, the share of rounds another seat is taken to
    #: bid the hard bot's mix from its seat.
    solver_share = 0.7
    #: Heads-up, the reroll chosen by the next round's solved value (else hard's rule).
    solved_reroll = True
    #: Solves of a next prize per slice of a reroll.
    reroll_slice = 1
    #: Heads-up, the last two rounds played at their exact equilibrium.
    exact_end = True
    #: Heads-up, the opponent also pictured as following one of ``RULES``...
    rules = True
    #: ... with this share of its bids off the rule (a slip, any card). Lower
    #: than ``PICTURE_FLOOR``: a rule that foretells few bids exactly must not
    #: outweigh a picture that comes near them all.
    rule_slip = 0.03

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        # Each past round's log-likelihood per picture, by the round's public facts.
        self._scored: dict[tuple[Any, ...], tuple[float, ...]] = {}

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        return conclude(self.think(view, legal))

    def think(self, view: View, legal: Sequence[str]) -> Thought:
        if len(legal) == 1:
            return legal[0]
        if view["prompt"] == "reroll" or not legal[0].startswith("bid:"):
            if self.solved_reroll and view["players"] == 2 and not view["tiebreak"]:
                return (yield from self.duel_reroll(view, legal))
            return self.reroll(view, legal)
        if view["players"] == 2 and not view["tiebreak"]:
            strategy = yield from self.duel(view)
        else:
            strategy = yield from self.table(view)
        return f"bid:{self.draw(strategy)}"

    def duel_reroll(self, view: View, legal: Sequence[str]) -> Generator[None, None, str]:
        """Heads-up, the die whose reroll (or force) leaves the next round
        worth most: each prize it may bring is valued as the next round
        solved (:func:`_solved_duel`, the equilibrium's chance to win the
        game with the hands and scores as they now are), averaged over the
        die's six faces. A slice per solve."""
        me = view["seat"]
        if not view["seats"][me]["hand_count"] or not view["seats"][1 - me]["hand_count"]:
            return self.reroll(view, legal)
        dice = view["dice"]
        worth: dict[int, float] = {}
        best, best_value = legal[0], float("-inf")
        for action in legal:
            verb, _, arg = action.partition(":")
            kept = dice[1 - int(arg)]
            prizes = (
                [-kept]
                if verb == "force"
                else [-kept if x == kept else kept + x for x in range(1, 7)]
            )
            for prize in prizes:
                if prize not in worth:
                    _, payoff, x, y = _solved_duel({**view, "prize": prize}, self.edge_weight)
                    worth[prize] = sum(
                        p * sum(map(mul, row, y)) for p, row in zip(x, payoff, strict=True)
                    )
                    if len(worth) % self.reroll_slice == 0:
                        yield
            value = sum(worth[p] for p in prizes) / len(prizes)
            # Rounded, so that equal options tie on every Python; the first listed wins.
            if round(value, 9) > round(best_value, 9):
                best, best_value = action, value
        return best

    def table(self, view: View) -> Generator[None, None, dict[int, float]]:
        """At three or more players (or a tiebreak): the hard bot's regret
        matching, with every other seat predicted as a hard bot would bid
        from its seat (its mix learnt again with a seed of this bot's), and
        followed ``solver_share`` of the time."""
        me = view["seat"]
        models: dict[int, tuple[float, list[float]]] = {}
        for s in view["seats"]:
            t = s["seat"]
            if t == me or not s["hand_count"]:
                continue
            seen = {**view, "seat": t}
            mix = HardBot(self.rng.next64()).strategy(seen)
            models[t] = (self.solver_share, [mix.get(c, 0.0) for c in sorted(s["hand"])])
            yield
        return self.strategy(view, models)

    def duel(self, view: View) -> Generator[None, None, dict[int, float]]:
        """The heads-up mixed bid (the class doc); with two cards each, the
        last two rounds' exact equilibrium (:func:`last_two_best`)."""
        hand = sorted(view["seats"][view["seat"]]["hand"])
        if self.exact_end and _exact_end(view):
            _, p = last_two_best(last_two_matrices(view))
            return {c: w for c, w in zip(hand, (p, 1 - p), strict=True) if w > 0}
        stage, payoff, x, y = _solved_duel(view, self.edge_weight)
        yield
        predictions = yield from self._pictures(view, y)
        evidence = yield from self._evidence(view)
        if self.rules:
            likelihood, ruled = yield from rule_reading(view, 1 - view["seat"], self.rule_slip)
            predictions.append(ruled)
            evidence.append(likelihood)
        top = max(evidence)
        weights = [math.exp(e - top) for e in evidence]
        norm = sum(weights)
        q = [sum(map(mul, weights, column)) / norm for column in zip(*predictions, strict=True)]
        value = [sum(map(mul, row, q)) for row in stage]
        best = max(range(len(hand)), key=value.__getitem__)
        floor = _held(payoff, x) - self.epsilon
        if value[best] > sum(map(mul, x, value)):
            w = safe_lean(payoff, x, best, self.epsilon)
            x = [(1 - w) * p for p in x]
            x[best] += w
        # The faint tail is the solver's noise, but dropping it moves the mix:
        # a lean already at its bound would pass it (by up to a quarter of a
        # point), so the tail stays where dropping it would give up more.
        total = sum(p for p in x if p >= 0.01)
        trimmed = [p / total if p >= 0.01 else 0.0 for p in x]
        if _held(payoff, trimmed) >= floor:
            x = trimmed
        return {c: p for c, p in zip(hand, x, strict=True) if p > 0}

    def _pictures(self, view: View, y: Sequence[float]) -> Generator[None, None, list[list[float]]]:
        """Each picture's chance for every card the opponent may bid now
        (its candidates, lowest first); ``y`` is its half of the solved round."""
        them = 1 - view["seat"]
        info = view["seats"][them]
        rival = sorted(info["candidates"])
        n = len(rival)
        ranks = rank_weights(n, info["hand_count"])
        equilibrium = [sum(p * w[j] for p, w in zip(y, ranks, strict=True)) for j in range(n)]
        uniform = [1.0 / n] * n
        trust, line = read_opponent(view, them)
        habit = line if trust > 0 else uniform
        trust, curve = read_opponent(view, them, HABIT_BANDWIDTH, HABIT_PRIOR)
        smooth = curve if trust > 0 else uniform
        trust, by_ranks = read_opponent(view, them, HABIT_BANDWIDTH, HABIT_PRIOR, ranks=True)
        in_hand = (
            [sum(p * w[j] for p, w in zip(by_ranks, ranks, strict=True)) for j in range(n)]
            if trust > 0
            else uniform
        )
        yield  # the readings above and the solves below are slices apart
        reader = dict.fromkeys(rival, 0.0)
        for _ in range(self.samples):
            pool = list(rival)
            self.rng.shuffle(pool)
            seen = as_seen_by(view, them, pool[: info["hand_count"]])
            for card, p in duel_strategy(seen).items():
                reader[card] += p / self.samples
            yield
        return [equilibrium, habit, smooth, in_hand, [reader[c] for c in rival]]

    def _evidence(self, view: View) -> Generator[None, None, list[float]]:
        """Each picture's log-likelihood of the opponent's bids so far (each
        past round is worked out once and kept)."""
        them = 1 - view["seat"]
        rows = [r for r in view["sheet"] if r["tiebreak"] == 0]
        total = [0.0] * len(PICTURES[:-1])  # the rule picture reads the whole game at once
        for r, row in enumerate(rows):
            card = row["cards"][them]
            if card is None:
                continue
            key = (r, row["prize"], tuple(row["cards"]), tuple(row["scores"]))
            if key not in self._scored:
                past = past_view(view, r)
                solved = _solved_duel(past, self.edge_weight)
                yield
                predictions = yield from self._pictures(past, solved[3])
                rival = sorted(past["seats"][them]["candidates"])
                j = rival.index(card)
                floor = PICTURE_FLOOR / len(rival)
                self._scored[key] = tuple(
                    math.log((1 - PICTURE_FLOOR) * p[j] + floor) for p in predictions
                )
            total = [a + b for a, b in zip(total, self._scored[key], strict=True)]
        return total


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


LEVELS: dict[str, BotFactory] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
}


#: Every reason ``hint`` gives, as ``hint.dice_bid.<reason>`` i18n keys (docs/bots.md).
HINT_REASONS: tuple[str, ...] = (
    "shed_low",
    "go_high",
    "save_cards",
    "fair_bid",
    "force",
    "keep_high",
    "keep_low",
)


def hint(view: View, legal: Sequence[str]) -> Hint:
    """The hard bot's choice for this view, and why (docs/bots.md lists the keys)."""
    action = HardBot(_view_seed(view)).act(view, legal)
    assert action is not None
    reason, params = _why(view, legal, action)
    return action, f"hint.dice_bid.{reason}", params


def _why(view: View, legal: Sequence[str], action: str) -> tuple[str, dict[str, Any]]:
    """The reason (one of ``HINT_REASONS``) for ``action`` and its message's values."""
    verb, _, arg = action.partition(":")
    if verb == "bid":
        card = int(arg)
        prize = view["prize"]
        if prize < 0:
            return "shed_low", {"card": card, "prize": prize}
        cards = _cards(legal)
        if card == cards[-1]:
            return "go_high", {"card": card, "prize": prize}
        if card <= cards[len(cards) // 3]:
            return "save_cards", {"card": card, "prize": prize}
        return "fair_bid", {"card": card, "prize": prize}
    die = int(arg)
    if verb == "force":
        return "force", {"die": die}
    kept = view["dice"][1 - die]
    reason = "keep_high" if kept >= view["dice"][die] else "keep_low"
    return reason, {"die": die, "kept": kept}


def _view_seed(view: View) -> int:
    """A seed from the public facts of the moment, so a hint is stable."""
    seed: int = view["seat"] * 7919 + view["round"] * 104729 + view["prize"] * 31
    for s in view["seats"]:
        seed = seed * 131 + len(s["played"]) + sum(s["played"])
    return seed & ((1 << 64) - 1)

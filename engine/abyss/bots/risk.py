"""The risk of a round's end in Abyss: the distribution of a grid's total
(:class:`Mixture`) and what closing, or being closed on, costs (:class:`Risk`)."""

from __future__ import annotations

import bisect
import math
from typing import Any

from engine.abyss.bots.judge import HIDDEN, Pool
from engine.abyss.cards import COLUMN_POSITIONS, ROWS


def _convolve(a: dict[int, float], b: dict[int, float]) -> dict[int, float]:
    """The distribution of the sum of two independent integer variables."""
    if len(b) == 1:
        ((shift, q),) = b.items()
        return {x + shift: p * q for x, p in a.items()}
    out: dict[int, float] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    return out


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


#: Above this many hidden cards a board's final total is taken as normal
#: (its mean and variance are exact); at or below it, exactly.
EXACT_HIDDEN = 3


class Outcome:
    """One board's final total as a distribution: exactly (``dist``) when few
    of its cards are hidden, else by its mean and variance (a normal, with the
    half-point correction of an integer total)."""

    __slots__ = ("dist", "mean", "sd")

    def __init__(self, dist: dict[int, float] | None, mean: float, var: float) -> None:
        self.dist = dist
        self.mean = mean
        self.sd = math.sqrt(max(var, 0.0))


class Mixture:
    """A seat's final total over the ways its last turn may go: ``(weight,
    Outcome)`` pairs. The exact ones are merged into one distribution, kept as
    cumulative sums; each answer is remembered (a decision asks the same
    totals again and again)."""

    def __init__(self, parts: list[tuple[float, Outcome]]) -> None:
        merged: dict[int, float] = {}
        self.normals: list[tuple[float, float, float]] = []
        self.mean = 0.0
        for w, o in parts:
            self.mean += w * o.mean
            if o.dist is not None:
                for x, p in o.dist.items():
                    merged[x] = merged.get(x, 0.0) + w * p
            else:
                self.normals.append((w, o.mean, o.sd))
        self.values = sorted(merged)
        self.cumulative: list[float] = []
        total = 0.0
        for x in self.values:
            total += merged[x]
            self.cumulative.append(total)
        self.memo: dict[int, float] = {}

    def at_most(self, m: int) -> float:
        """The chance that the total is ``m`` or less."""
        got = self.memo.get(m)
        if got is not None:
            return got
        i = bisect.bisect_right(self.values, m)
        p = self.cumulative[i - 1] if i else 0.0
        for w, mean, sd in self.normals:
            if sd < 1e-9:
                p += w if mean <= m + 1e-9 else 0.0
            else:
                p += w * _normal_cdf((m + 0.5 - mean) / sd)
        p = min(1.0, p)
        self.memo[m] = p
        return p


class Risk:
    """The chance that a close is doubled, from the visible grids and the pool.

    The rules (seed 002, RULINGS): once a seat has no hidden card, every other
    seat plays one last turn; then every card is turned, columns of three
    equal cards are swallowed, and the closer's score is doubled when it is
    above zero and some other seat's score is lower than *or equal to* it.

    Each other seat's final total is modelled from what anyone can see: its
    hidden cards are independent draws from the pool (the count), each column
    is swallowed when its three cards come out equal, and its last turn is
    played the way that lowers its expected total most: the seat right after
    the closer may take the card the closer leaves on the discard; every seat
    may draw (a card from the pool, then its best placement, or discard it and
    flip, which changes nothing on average). That gives a mixture of boards,
    each total taken exactly or as a normal (:class:`Outcome`). The seats are
    taken as independent, so the chance of being doubled with a final score
    ``m`` is ``1 - prod(P(total_s > m))``.
    """

    def __init__(
        self,
        pool: Pool,
        grids: list[list[Any]],
        others: list[int],
        next_seat: int | None,
        swallow: bool = True,
    ) -> None:
        self.probs = pool.probs
        self.swallow = swallow
        self.grids = grids
        self.others = others
        self.next_seat = next_seat
        self.sums: dict[int, dict[int, float]] = {0: {0: 1.0}}
        self.col_cache: dict[tuple[Any, ...], tuple[dict[int, float], float, float, int]] = {}
        # Per seat: the draw's mixture (weight, Outcome), its mean, and the
        # columns' figures, for the take of a given top (next seat only).
        self.draws: dict[int, tuple[Mixture, float]] = {}
        self.cols: dict[int, list[tuple[dict[int, float], float, float, int]]] = {}
        self.rest: dict[tuple[int, int], dict[int, float] | None] = {}
        self.by_top: dict[Any, list[Mixture]] = {}
        self.doubled_cache: dict[tuple[int, Any], float] = {}
        for s in others:
            self.cols[s] = [self.column(t) for t in self.columns(grids[s])]
            self.draws[s] = self.draw_mixture(s)

    @staticmethod
    def columns(cells: list[Any]) -> list[tuple[Any, ...]]:
        return [tuple(cells[p] for p in col) for col in COLUMN_POSITIONS]

    def hidden_sum(self, k: int) -> dict[int, float]:
        """The sum of ``k`` hidden cards."""
        if k not in self.sums:
            self.sums[k] = _convolve(self.hidden_sum(k - 1), self.probs)
        return self.sums[k]

    def column(self, col: tuple[Any, ...]) -> tuple[dict[int, float], float, float, int]:
        """A column's final worth: (distribution, mean, variance, hidden cards)."""
        got = self.col_cache.get(col)
        if got is not None:
            return got
        ups = [x for x in col if x != HIDDEN and x is not None]
        k = sum(1 for x in col if x == HIDDEN)
        known = sum(ups)
        dist = {known + x: p for x, p in self.hidden_sum(k).items()}
        whole = None not in col
        if whole and self.swallow and (not ups or ups.count(ups[0]) == len(ups)):
            # Three equal cards are swallowed: that total becomes 0.
            values = [ups[0]] if ups else list(self.probs)
            for v in values:
                q = self.probs.get(v, 0.0) ** k if k else 1.0
                if q > 0.0:
                    dist[3 * v] = dist.get(3 * v, 0.0) - q
                    dist[0] = dist.get(0, 0.0) + q
        mean = sum(x * p for x, p in dist.items())
        var = sum(x * x * p for x, p in dist.items()) - mean * mean
        out = (dist, mean, var, k)
        self.col_cache[col] = out
        return out

    def outcome(self, s: int, changed: int = -1, col: tuple[Any, ...] | None = None) -> Outcome:
        """Seat ``s``'s final total, its column ``changed`` replaced by ``col``."""
        figures = list(self.cols[s])
        if col is not None:
            figures[changed] = self.column(col)
        hidden = sum(f[3] for f in figures)
        mean = sum(f[1] for f in figures)
        var = sum(f[2] for f in figures)
        if hidden > EXACT_HIDDEN:
            return Outcome(None, mean, var)
        dist: dict[int, float] = {0: 1.0}
        for f in figures:
            dist = _convolve(dist, f[0])
        return Outcome(dist, mean, var)

    def best_use(self, s: int, card: int) -> tuple[float, int, tuple[Any, ...] | None]:
        """Where seat ``s`` puts ``card`` on its last turn: the change of its
        expected total, the column and the column's new cards (None: nowhere)."""
        cells = self.grids[s]
        figures = self.cols[s]
        best: tuple[float, int, tuple[Any, ...] | None] = (0.0, -1, None)
        for c, positions in enumerate(COLUMN_POSITIONS):
            old = tuple(cells[p] for p in positions)
            for i in range(ROWS):
                if old[i] is None:
                    continue
                new = (*old[:i], card, *old[i + 1 :])
                if self.swallow and new[0] == new[1] == new[2]:
                    new = (None, None, None)
                d = self.column(new)[1] - figures[c][1]
                if round(d, 9) < round(best[0], 9):
                    best = (d, c, new)
        return best

    def draw_mixture(self, s: int) -> tuple[Mixture, float]:
        """Seat ``s`` draws on its last turn: the boards it may end with."""
        mixture: list[tuple[float, Outcome]] = []
        base_weight = 0.0
        mean = 0.0
        for card, p in self.probs.items():
            d, c, new = self.best_use(s, card)
            if new is None:
                base_weight += p
            else:
                mixture.append((p, self.outcome(s, c, new)))
            mean += p * d
        if base_weight > 0.0:
            mixture.append((base_weight, self.outcome(s)))
        return Mixture(mixture), mean

    def mixtures(self, top: Any) -> list[Mixture]:
        """Every other seat's boards after its last turn, ``top`` on the discard."""
        got = self.by_top.get(top)
        if got is not None:
            return got
        out = []
        for s in self.others:
            mixture, draw_mean = self.draws[s]
            if s == self.next_seat and top is not None and top != HIDDEN:
                d, c, new = self.best_use(s, int(top))
                if new is not None and round(d, 9) < round(draw_mean, 9):
                    mixture = Mixture([(1.0, self.outcome(s, c, new))])
            out.append(mixture)
        self.by_top[top] = out
        return out

    def others_mean(self, top: Any) -> float:
        """The others' mean expected total after their last turns."""
        mixtures = self.mixtures(top)
        if not mixtures:
            return 0.0
        return sum(mix.mean for mix in mixtures) / len(mixtures)

    def doubled(self, m: int, top: Any) -> float:
        """The chance that some other seat ends at ``m`` or less."""
        key = (m, top)
        got = self.doubled_cache.get(key)
        if got is not None:
            return got
        keep = 1.0
        for mix in self.mixtures(top):
            keep *= 1.0 - mix.at_most(m)
        self.doubled_cache[key] = 1.0 - keep
        return 1.0 - keep

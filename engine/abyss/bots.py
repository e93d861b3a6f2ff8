"""Bots for Abyss.

Abyss hides nothing that a seat could learn: every face-up card is on the
table, and the view counts each value seen since the round's deal (``visible``:
in the discard, face up in a grid, or in hand). The hidden cards, in every
grid and in the draw pile, are thus a uniform sample of what the count leaves,
and the bots reason with that pool.

Every decision compares options by one number: this seat's expected round
score minus the mean expected score of the others (lower is better), where a
hidden card counts as the pool's mean (for ``hard``, less what it expects to
improve later: see :class:`Judge`).

* ``random``: any legal action.
* ``easy``: takes the discard when it is low, places a card over its highest
  face-up card or on a hidden space when it beats the deck's average, flips at
  random otherwise; no column plans, no thought of closing.
* ``medium``: the same evaluation with the deck's fixed average instead of a
  count; it minds its half-built columns only one turn in two (a column it
  completes is always swallowed); it closes the round only when its visible
  total is clearly the lowest.
* ``hard``: counts cards (the pool's mean and each value's chances), values
  half-built columns by the chance of completing them, prices closing the round
  by its expected score with the doubling (:class:`Risk`: the chance that some
  other seat ends at or below its total, from the others' boards, the pool and
  their last turns; a close by flip is priced over every card the flip may
  show), and charges each card it leaves on the discard with what it would
  give the next player. It also prices the future: a card above 2 on its grid,
  face up or hidden, is likely to be replaced by a low card before the round
  ends, so it is worth less than its face. A middling card placed on a hidden
  space thus gains little (the hidden card might have been a high one, easy to
  spot and replace, or a low one worth keeping), while a low card over a high
  one gains most. This is what lifted it clear of medium at four players
  (docs/bots.md, the ladder).
* ``expert``: hard, except near a round's end (a seat with one hidden card
  or fewer, or the round closed; a turn's start from two hidden cards), where
  it plays its best options out on sampled deals and keeps the one most
  likely to win the game (the section "expert" below, :class:`ExpertBot`).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Generator, Sequence
from typing import Any

from engine.abyss.cards import COLUMN_POSITIONS, COLUMNS, COMPOSITION, ROWS, SPACES, VALUES
from engine.bot import Bot, BotFactory, Hint, RandomBot, Thought, View, conclude

__all__ = ["HINT_REASONS", "LEVELS", "hint"]


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


#: What a close priced out by :attr:`ThinkingBot.close_margin` is made dearer by:
#: more than any round's score, so any other option comes first.
CLOSE_REFUSED = 100.0
#: Cards of a draw valued per slice of :meth:`ThinkingBot.ranking`.
DRAW_SLICE = 5


def close_cost(m: int, doubled: float, doubling: bool = True) -> float:
    """The expected round score of a closer whose total is ``m``, doubled with
    chance ``doubled`` (never at zero or below)."""
    if not doubling or m <= 0:
        return float(m)
    return m * (1.0 + doubled)


class ThinkingBot(Bot):
    """The shared machinery of the thinking levels; features switch per level."""

    counting = True  # pool from the count, not the plain deck
    columns = 1.0  # chance, at each turn, of valuing half-built columns
    feeding = True  # charge cards left for the next player
    closing_care = True  # weigh the doubling risk before closing
    future = 0.5  # chance that a card above 2 is replaced later (0: face value)
    # The others' open boards valued by this seat's judge (their future priced,
    # as its own), not at face: playing on lets them improve too, so a close in
    # a round clearly won is not put off for one more card.
    judged_others = False
    # A close whose expected doubling cost (each total it may leave times the
    # chance of being doubled with it) is above this many points is not made.
    close_margin: float | None = None

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.stall_key: tuple[int, int] | None = None
        self.stall = 0

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        if len(legal) == 1:
            return legal[0]
        prompt = view["prompt"]
        if prompt == "start_flips":
            return self.start_flip(view, legal)
        return self.turn(view, legal)

    # Round start.

    def start_flip(self, view: View, legal: Sequence[str]) -> str:
        """Two cards of one column: a pair there is the start of a swallow."""
        cells = _cells(view["grids"][view["seat"]])
        for col in COLUMN_POSITIONS:
            ups = [p for p in col if cells[p] != HIDDEN]
            hidden = [p for p in col if cells[p] == HIDDEN]
            if len(ups) == 1 and hidden and f"flip:{hidden[0]}" in legal:
                return f"flip:{hidden[0]}"
        column = self.rng.below(4)
        return f"flip:{column}" if f"flip:{column}" in legal else legal[0]

    # A turn.

    def setup(self, view: View) -> None:
        me = view["seat"]
        self.me = me
        self.players = view["players"]
        self.grids = [_cells(g) for g in view["grids"]]
        self.pool = Pool(view, self.counting)
        least_hidden = min(g["hidden"] for g in view["grids"])
        turns = least_hidden + 1 if view["closer"] is None else 0.5
        plans = self.columns >= 1 or (self.columns > 0 and self.chance(self.columns))
        self.doubling, self.swallow = house_rules(view)
        plans = plans and self.swallow  # no column to plan when none is swallowed
        # Once the round is closed nothing is replaced later: cards count at face.
        future = self.future if view["closer"] is None else 0.0
        self.judge = Judge(self.pool, plans, turns, future)
        self.plain = Judge(self.pool, False, turns)
        self.closing_now = view["closer"] is not None
        self.next_seat = self.next_player(view)
        self.risk: Risk | None = None

    def next_player(self, view: View) -> int | None:
        """Who plays after this seat and may take what it leaves on the discard."""
        if view["closer"] is not None:
            order: list[int] = view["last_turns"]
            return order[1] if len(order) > 1 else None
        seat: int = view["seat"]
        players: int = view["players"]
        return (seat + 1) % players

    def turn(self, view: View, legal: Sequence[str]) -> str:
        if view["prompt"] == "flip_after_discard":
            self.setup(view)
            return self.flip_choice(self.grids[self.me], legal)
        return self.ranked(view, legal)[0][1]

    def ranked(self, view: View, legal: Sequence[str]) -> list[tuple[float, str]]:
        """Every option of a turn's choice or placement, best first, with its
        value (lower is better). The bot keeps what it worked out for this
        view, so :meth:`take_spot` and :meth:`draw_plan` may follow."""
        return conclude(self.ranking(view, legal))

    def ranking(
        self, view: View, legal: Sequence[str]
    ) -> Generator[None, None, list[tuple[float, str]]]:
        """:meth:`ranked` in slices, for a bot that thinks within the table's
        pause: it yields once the decision's common figures are worked out,
        after each placement's or flip's value, and within the draw's
        (:meth:`draw_value`). The same options, valued the same way."""
        self.setup(view)
        self.prepare(view)
        cells = self.grids[self.me]
        self.my_hidden = sum(1 for x in cells if x == HIDDEN)
        self.my_columns = [
            self.judge.column(cells[i], cells[j], cells[k]) for i, j, k in COLUMN_POSITIONS
        ]
        self.my_score = sum(self.my_columns)
        # Holding back the close cannot last: the others improve too, and a
        # round that never ends is no game. Each turn spent with one hidden
        # card left makes not closing a little dearer.
        if view["prompt"] == "choose":
            key = (view["round"], view["seat"])
            if self.stall_key != key:
                self.stall_key, self.stall = key, 0
            if sum(1 for x in cells if x == HIDDEN) <= 1:
                self.stall += 1
        prompt = view["prompt"]
        options: list[tuple[float, str]] = []
        yield
        if prompt in ("place_taken", "place_or_discard"):
            value = view["pending"]["value"]
            for action in legal:
                if action.startswith("place:"):
                    pos = int(action[6:])
                    options.append((self.after_place(cells, pos, value), action))
                    yield
            if "discard" in legal:
                options.append((self.after_discard(cells, value), "discard"))
        else:  # choose: take, draw or flip
            top = view["discard"]["top"]
            if "take" in legal and top is not None:
                best = min(
                    self.after_place(cells, int(a[6:]), top)
                    for a in (f"place:{p}" for p, x in enumerate(cells) if x is not None)
                )
                options.append((best, "take"))
                yield
            if "draw" in legal:
                options.append(((yield from self.draw_value(cells)), "draw"))
            flips = [a for a in legal if a.startswith("flip:")]
            if flips:
                flip = self.flip_choice(cells, flips)
                options.append((self.after_flip(cells, int(flip[5:])) + 0.01, flip))
        # Rounded, so that options equal on paper tie on every Python: float
        # sums differ in their last bits between CPython 3.11 and 3.12+ (whose
        # sum() compensates), and a tie then goes to the first option listed.
        options.sort(key=lambda o: round(o[0], 9))
        return options

    def take_spot(self, top: int) -> str:
        """Where the card on the discard would go once taken (after :meth:`ranked`)."""
        cells = self.grids[self.me]
        spots = [
            (self.after_place(cells, p, top), f"place:{p}")
            for p, x in enumerate(cells)
            if x is not None
        ]
        return min(spots, key=_rounded)[1]

    def draw_plan(self) -> dict[int, str]:
        """For each card a draw may bring, what this bot would do with it, as
        :meth:`ranked` would choose once it is drawn (after :meth:`ranked`)."""
        cells = self.grids[self.me]
        plan = {}
        for v in self.pool.probs:
            options = [
                (self.after_place(cells, p, v), f"place:{p}")
                for p, x in enumerate(cells)
                if x is not None
            ]
            if HIDDEN in cells:
                options.append((self.after_discard(cells, v), "discard"))
            plan[v] = min(options, key=_rounded)[1]
        return plan

    # What each option leads to: this seat's expected round score minus the
    # others' mean, plus what is handed to the next player. Everything that
    # does not depend on the option is worked out once per decision.

    def prepare(self, view: View) -> None:
        others = [s for s in range(self.players) if s != self.me]
        self.others = others
        self.top = view["discard"]["top"]
        plain = {s: self.plain.score(self.grids[s]) for s in others}
        self.others_now = sum(plain.values()) / len(others) if others else 0.0
        if self.judged_others and others and not self.closing_now:
            self.others_now = sum(self.judge.score(self.grids[s]) for s in others) / len(others)
        # After a close each other seat has one turn left: its board, improved
        # by one draw (medium's guess; hard models it in full, :class:`Risk`).
        self.others_last = []
        needed = others if not self.closing_care else [self.next_seat] if self.feeding else []
        gains = {s: self.one_turn_gain(self.grids[s]) for s in needed if s is not None}
        if not self.closing_care:
            for s in others:
                grid = self.grids[s]
                hidden = sum(1 for x in grid if x == HIDDEN)
                self.others_last.append((plain[s] - gains[s], hidden))
        self.others_last_mean = sum(m for m, _ in self.others_last) / len(others) if others else 0.0
        self.feeds: dict[int, float] = {}
        self.next_draw_gain = 0.0
        if self.feeding and self.next_seat is not None:
            cells = self.grids[self.next_seat]
            self.next_draw_gain = gains[self.next_seat]
            columns = self.plain.columns_of(cells)
            for v in self.pool.probs:
                d, _ = self.plain.best_place(cells, v, columns)
                self.feeds[v] = max(0.0, -d - self.next_draw_gain) / max(1, self.players - 1)
            self.feed_unknown = sum(p * self.feeds[v] for v, p in self.pool.probs.items())
        else:
            self.feed_unknown = 0.0

    def one_turn_gain(self, cells: list[Any]) -> float:
        """What a player gets from one more draw, on average."""
        gain = 0.0
        columns = self.plain.columns_of(cells)
        for v, p in self.pool.probs.items():
            d, _ = self.plain.best_place(cells, v, columns)
            if d < 0:
                gain -= p * d
        return gain

    def feed(self, value: Any) -> float:
        """What a card left on top gives the next player (``None``: a hidden
        card, revealed as it goes to the discard)."""
        if not self.feeding or self.next_seat is None:
            return 0.0
        if value is None or value == HIDDEN:
            return self.feed_unknown
        if value not in self.feeds:
            d, _ = self.plain.best_place(self.grids[self.next_seat], int(value))
            self.feeds[value] = max(0.0, -d - self.next_draw_gain) / max(1, self.players - 1)
        return self.feeds[value]

    def open_value(self, cells: list[Any]) -> float:
        """A grid that does not close the round, against the others' boards."""
        return self.judge.score(cells) - self.others_now + self.stall_cost(cells)

    def stall_cost(self, cells: list[Any]) -> float:
        if self.closing_now or sum(1 for x in cells if x == HIDDEN) > 1:
            return 0.0
        return 1.5 * self.stall

    def close_value(self, cells: list[Any], left: Any) -> float:
        """Closing now, ``left`` on the discard: the others get one last turn,
        then a closer who is not strictly lowest (and above zero) is doubled.
        ``cells`` may keep one hidden card, the one the close flips.

        ``hard`` prices the close exactly (:class:`Risk`): its expected score,
        over the cards the flip may show, each total times one plus the chance
        of being doubled with it, less the others' expected totals."""
        if not self.closing_care:
            # The flipped card counts as the pool's mean.
            return self.rough_close([self.pool.mean if x == HIDDEN else x for x in cells])
        if self.risk is None:
            self.risk = Risk(self.pool, self.grids, self.others, self.next_seat, self.swallow)
        risk = self.risk
        expected = 0.0
        doubling_cost = 0.0
        for m, p in self.final_totals(cells).items():
            doubled = risk.doubled(m, left)
            expected += p * close_cost(m, doubled, self.doubling)
            if self.doubling and m > 0:
                doubling_cost += p * m * doubled
        if self.close_margin is not None and doubling_cost > self.close_margin:
            expected += CLOSE_REFUSED
        return expected - risk.others_mean(left)

    def final_totals(self, cells: list[Any]) -> dict[int, float]:
        """This seat's total once every card is up: certain, or over the pool
        when one card is still to be flipped (its column swallowed if it
        matches the other two)."""
        known = sum(x for x in cells if x is not None and x != HIDDEN)
        hidden = [p for p, x in enumerate(cells) if x == HIDDEN]
        if not hidden:
            return {known: 1.0}
        pos = hidden[0]
        pair = [cells[p] for p in COLUMN_POSITIONS[pos % COLUMNS] if p != pos]
        out: dict[int, float] = {}
        for v, p in self.pool.probs.items():
            total = known + v
            if self.swallow and pair[0] == pair[1] == v:
                total = known - 2 * v
            out[total] = out.get(total, 0.0) + p
        return out

    def rough_close(self, cells: list[Any]) -> float:
        """``medium``'s close: only with a visible total clearly the lowest
        (each other board improved by one average draw)."""
        mine = float(sum(x for x in cells if x is not None and x != HIDDEN))
        lowest = min((m for m, _ in self.others_last), default=math.inf)
        doubled = self.doubling and mine > 0 and mine > lowest - 5 + self.stall
        return mine * (2 if doubled else 1) - self.others_last_mean

    def after_place(self, cells: list[Any], pos: int, value: int) -> float:
        """Only the column of ``pos`` changes: the rest of the score is reused."""
        col = COLUMN_POSITIONS[pos % COLUMNS]
        replaced = cells[pos]
        trio = [value if p == pos else cells[p] for p in col]
        swallowed = self.swallow and trio[0] == trio[1] == trio[2]
        left = value if swallowed else (None if replaced == HIDDEN else replaced)
        hidden_after = self.my_hidden - (replaced == HIDDEN)
        if hidden_after == 0 and not self.closing_now:
            new = list(cells)
            new[pos] = value
            if swallowed:
                for p in col:
                    new[p] = None
            return self.close_value(new, left) + self.feed(left)
        c = pos % COLUMNS
        column = 0.0 if swallowed else self.judge.column(*trio)
        score = self.my_score - self.my_columns[c] + column
        stall = 1.5 * self.stall if not self.closing_now and hidden_after <= 1 else 0.0
        return score - self.others_now + stall + self.feed(left)

    def after_discard(self, cells: list[Any], value: int) -> float:
        hidden = [p for p, x in enumerate(cells) if x == HIDDEN]
        if not hidden:
            return math.inf
        # The flip that follows closes the round, whatever it shows.
        if len(hidden) == 1 and not self.closing_now:
            return self.close_value(cells, value) + self.feed(value)
        return self.open_value(cells) + self.feed(value)

    def after_flip(self, cells: list[Any], pos: int) -> float:
        hidden = sum(1 for x in cells if x == HIDDEN)
        if hidden == 1 and not self.closing_now:
            return self.close_value(cells, self.top)
        return self.open_value(cells) + self.feed(self.top)

    def draw_value(self, cells: list[Any]) -> Generator[None, None, float]:
        """A draw: the average over the pool of the best use of each card,
        yielding after every ``DRAW_SLICE`` cards (see :meth:`ranking`)."""
        total = 0.0
        for i, (v, p) in enumerate(self.pool.probs.items()):
            best = self.after_discard(cells, v)
            for pos, x in enumerate(cells):
                if x is not None:
                    best = min(best, self.after_place(cells, pos, v))
            total += p * best
            if i % DRAW_SLICE == DRAW_SLICE - 1:
                yield
        return total

    def flip_choice(self, cells: list[Any], legal: Sequence[str]) -> str:
        """A hidden card where a match would do most: beside a pair, then beside
        the highest face-up card."""
        best, choice = -math.inf, legal[0]
        for action in legal:
            pos = int(action[5:])
            col = COLUMN_POSITIONS[pos % COLUMNS]
            ups = [cells[p] for p in col if p != pos and cells[p] not in (None, HIDDEN)]
            worth = 0.0
            if len(ups) == 2 and ups[0] == ups[1]:
                worth = 100 + ups[0]
            elif ups:
                worth = max(ups)
            if worth > best:
                best, choice = worth, action
        return choice


def _rounded(option: tuple[float, str]) -> float:
    """An option's value rounded so that options equal on paper tie on every
    Python (see :meth:`ThinkingBot.ranked`); ``min`` keeps the first of a tie."""
    return round(option[0], 9)


class HardBot(ThinkingBot):
    level = "hard"
    judged_others = True
    close_margin: float | None = 1.0


class MediumBot(ThinkingBot):
    level = "medium"
    counting = False
    columns = 0.5  # sees its column plans one turn in two
    feeding = False
    closing_care = False
    future = 0.0


class EasyBot(Bot):
    """Rules of thumb a new player uses."""

    level = "easy"

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        if len(legal) == 1:
            return legal[0]
        prompt = view["prompt"]
        cells = _cells(view["grids"][view["seat"]])
        flips = [a for a in legal if a.startswith("flip:")]
        if prompt == "start_flips" or prompt == "flip_after_discard":
            return self.pick(flips)
        if prompt == "choose":
            top = view["discard"]["top"]
            if top is not None and top <= 3 and "take" in legal:
                return "take"
            return "draw" if "draw" in legal else self.pick(flips)
        value = view["pending"]["value"]
        highest = max(
            ((x, p) for p, x in enumerate(cells) if x not in (None, HIDDEN)), default=None
        )
        if highest is not None and highest[0] > value + 2:
            return f"place:{highest[1]}"
        hidden = [p for p, x in enumerate(cells) if x == HIDDEN]
        if hidden and (value <= 4 or "discard" not in legal):
            return f"place:{hidden[self.rng.below(len(hidden))]}"
        if "discard" in legal:
            return "discard"
        return f"place:{highest[1]}" if highest else legal[0]


# -- expert: the hard bot's judgement, checked by search near a round's end --
#
# Where the round may end soon (this seat has one hidden card or none left, or
# someone has closed; and a turn's start with two hidden cards left), the
# expert does not take the hard bot's best option on trust. It lists the hard
# bot's best few options (every choice of a turn's start; the best placements
# and the discard of a card in hand), then
# plays each of them out many times: each time the cards no one has seen (every
# face-down card and the draw pile) are dealt at random from what the count
# leaves (:class:`Round`; Abyss has no private card, so that sample is exact),
# and every seat plays on to the round's end with a quick policy
# (:meth:`Round.play_turn`). Each playout's round result is carried to the
# running totals and turned into this seat's chance to win the game
# (:func:`win_chance`): a doubled close that still wins costs nothing, a point
# matters more when the game is about to end. All options are played on the same
# deals, so their difference is measured with little noise, and the hard bot's
# choice is kept unless another option beats it by more than that noise.
#
# The work is counted in playout turns, never timed: :meth:`ExpertBot.think`
# yields after every :data:`SLICE_STEPS` of them, and a decision stops at
# :data:`DECISION_STEPS`, so a seeded expert decides the same everywhere.
# Every other moment (the round's opening flips, the flip after a discard, an
# open round far from its end) is the hard bot's.

#: Playout turns per slice of thought (a few ms on CPython here: docs/bots.md).
SLICE_STEPS = 100
#: Playout turns per decision, at most (the last playout may run past it).
DECISION_STEPS = 4000
#: A sampled deal is counted as this many turns per unseen card (what it cost
#: when the whole pile was shuffled; it now costs less, a copy of the pile and
#: a card per face-down space, and the count was kept so that a decision does
#: the same work as before, in less time).
DEAL_COST = 1 / 16
#: The search starts when this seat has this many hidden cards or fewer...
NEAR_END = 1
#: ...or this many, once the leader is this near the target: the round will
#: likely end the game, and the hard bot, which counts round points, cannot
#: see that a lead is then worth holding and a close worth racing to.
FINAL_HIDDEN = 2
FINAL_REACH = 20
#: ...and, at a table of at most :data:`CHOOSE_SEATS`, a turn's start (take,
#: draw or flip; where a taken or drawn card goes is then the hard bot's
#: choice) from this many hidden cards or fewer: which of them leaves this
#: seat one card from closing, or closes, is a choice about the round's end.
#: Heads-up only: at four seats the rest of the round from there is many
#: more turns of the quick policy, and the search lost (docs/bots.md).
CHOOSE_HIDDEN = 2
CHOOSE_SEATS = 2
#: Above 0: the expert's own judgement (the hard bot's, which its search
#: starts from and which plays every decision it does not search) counts a
#: card turned face up as worth this many points (:class:`RevealingBot`).
#: 0: the hard bot's judgement as it is. 2 gained 4.65 games per 100 against
#: hard heads-up over 1,000 games (s.e. 2.2; 1 gained less: docs/bots.md).
REVEAL = 2.0
#: ...at a table of at most this many seats (measured heads-up only).
REVEAL_SEATS = 2
#: Options played out at a placement: the hard bot's best few, and the discard.
PLACES = 4
#: Another option replaces the hard bot's when it wins more often by this many
#: standard errors of the difference (the same deals for both)...
#: Two, not one: several options are compared at once, and at one standard
#: error a lucky one among five would often pass, leaving the hard bot's
#: sounder choice for a quirk of the quick policy.
SURE = 2.0
#: ...and by at least this chance to win the game.
EDGE = 0.002
#: What a round point ahead of the others' mean adds to the chance to win: it
#: breaks ties where the game is as good as won or lost whatever this seat does.
TIE_POINTS = 0.001

# The quick policy of the playouts (every seat, this one included).
#: A card on the discard is taken when it saves at least this many points.
TAKE_GAIN = 2.0
#: A close is made when its total is this much below every other seat's
#: expected total (face-up cards, hidden ones at the count's mean, less what a
#: last turn gains); each turn spent on the last hidden card takes off
#: :data:`STALL_STEP`, so a round always ends.
CLOSE_MARGIN = 3.0
STALL_STEP = 1.5
LAST_TURN_GAIN = 2.0
#: The spread of one unseen card (and of a last turn): another seat's total is
#: that many times the root of its hidden cards (and one) above its low end.
CARD_SD = 4.5
_ROOTS = tuple(math.sqrt(k) for k in range(14))
#: Kept from closing at a risk, a seat still discards (and closes) rather
#: than place a card that costs it more than this.
LOSS_CAP = 4.0
#: A playout that has not ended after this many turns is scored as it stands.
MAX_TURNS = 400

# The rest of a game, for :func:`win_chance`: each seat's round score has
# this mean and spread, more at a larger table, whose rounds end with more
# cards still high (hard bots: 11.2 and 9.9 heads-up, 11.6 and 10.0 at four
# players, 20.1 and 11.0 at eight; 30, 30 and 10 games, seeds 0 on).
ROUND_MEAN = 11.0
ROUND_MEAN_PER_SEAT = 2.25  # beyond four seats
ROUND_SD = 10.0
#: Gauss-Hermite nodes and weights (probabilists', 8 points, weights summing to 1).
_NODES = (-4.1445, -2.8025, -1.6365, -0.5391, 0.5391, 1.6365, 2.8025, 4.1445)
_WEIGHTS = (0.0001126, 0.0096352, 0.1172399, 0.3730123, 0.3730123, 0.1172399, 0.0096352, 0.0001126)

UP, DOWN, GONE = 0, 1, 2
_MASK = (1 << 64) - 1


def win_chance(totals: Sequence[float], me: int, target: int) -> float:
    """This seat's chance to win the game once a round has given ``totals``.

    At or past ``target`` the game is over: lowest total wins, a tie shares
    the win. Otherwise the rounds left are about the leader's distance to the
    target over a round's mean score, and every seat's rest of the game is an
    independent normal (:data:`ROUND_MEAN`, :data:`ROUND_SD` a round): the
    chance that this seat ends strictly lowest, integrated over its own rest."""
    n = len(totals)
    highest = max(totals)
    if highest >= target:
        best = min(totals)
        if totals[me] != best:
            return 0.0
        return 1.0 / sum(1 for t in totals if t == best)
    mean = ROUND_MEAN + ROUND_MEAN_PER_SEAT * max(0, n - 4)
    rounds = max(0.5, (target - highest) / mean)
    sd = ROUND_SD * math.sqrt(rounds)
    mine = totals[me]
    if n == 2:
        return _normal_cdf((totals[1 - me] - mine) / (sd * 1.4142135623730951))
    p = 0.0
    others = [t for s, t in enumerate(totals) if s != me]
    for x, w in zip(_NODES, _WEIGHTS, strict=True):
        # This seat's rest is x spreads above the mean; every other seat's
        # rest must leave it higher.
        lead = mine + x * sd
        q = w
        for t in others:
            q *= _normal_cdf((t - lead) / sd)
        p += q
    return p


class Round:
    """One deal of the round as it may be: every unseen card given a value.

    Per seat, ``vals`` (12 values) and ``state`` (:data:`UP`, :data:`DOWN`,
    :data:`GONE` per space), ``hid`` (face-down cards) and ``up`` (the sum of
    the face-up cards, kept as the cards move: the quick policy asks for it
    on every turn); ``pile`` is the
    draw pile in no order (each draw takes a card of it at random: a shuffle
    done one card at a time, as far as the playout draws), ``disc`` the discard
    (its last card on top). The quick policy sees only what a player sees:
    a face-down card counts as ``mean``, the count's average."""

    __slots__ = (
        "closer",
        "disc",
        "doubling",
        "hid",
        "left",
        "mean",
        "n",
        "pile",
        "seed",
        "stall",
        "state",
        "steps",
        "swallow",
        "target",
        "totals",
        "up",
        "vals",
    )

    def __init__(self) -> None:
        self.n = 0
        self.vals: list[list[int]] = []
        self.state: list[list[int]] = []
        self.hid: list[int] = []
        self.up: list[int] = []
        self.pile: list[int] = []
        self.disc: list[int] = []
        self.closer: int | None = None
        self.left = 0
        self.mean = 0.0
        self.stall: list[int] = []
        self.steps = 0
        self.seed = 0
        self.doubling = True
        self.swallow = True
        #: The game's running totals before this round (empty: unknown) and
        #: its target, for a close that ends the game.
        self.totals: list[int] = []
        self.target = 0

    def copy(self) -> Round:
        new = Round()
        new.n = self.n
        new.vals = [list(v) for v in self.vals]
        new.state = [list(s) for s in self.state]
        new.hid = list(self.hid)
        new.up = list(self.up)
        new.pile = list(self.pile)
        new.disc = list(self.disc)
        new.closer = self.closer
        new.left = self.left
        new.mean = self.mean
        new.stall = list(self.stall)
        new.steps = 0
        new.seed = self.seed
        new.doubling = self.doubling
        new.swallow = self.swallow
        new.totals = self.totals
        new.target = self.target
        return new

    def below(self, n: int) -> int:
        """A number in ``[0, n)`` from the playout's own generator (an LCG:
        quick, and the same on every Python)."""
        self.seed = (self.seed * 6364136223846793005 + 1442695040888963407) & _MASK
        return ((self.seed >> 32) * n) >> 32

    # -- the moves ------------------------------------------------------------

    def draw(self) -> int:
        pile = self.pile
        if not pile:
            # The discard but its top becomes the new pile.
            top = self.disc.pop()
            pile = self.disc
            self.pile, self.disc = pile, [top]
            if not pile:  # every card is on the grids: nothing to draw
                return top
        # Each option's copy of a deal carries the generator's state with the
        # pile, so the options meet the same cards in the same order (as far as
        # they draw alike), as a pile shuffled once would give them.
        j = self.below(len(pile))
        v = pile[j]
        pile[j] = pile[-1]
        pile.pop()
        return v

    def place(self, s: int, p: int, v: int) -> None:
        vals, state = self.vals[s], self.state[s]
        self.disc.append(vals[p])
        if state[p] == DOWN:
            self.hid[s] -= 1
        else:
            self.up[s] -= vals[p]
        vals[p] = v
        self.up[s] += v
        state[p] = UP
        self.check(s, p % COLUMNS)

    def flip(self, s: int, p: int) -> None:
        self.state[s][p] = UP
        self.hid[s] -= 1
        self.up[s] += self.vals[s][p]
        self.check(s, p % COLUMNS)

    def check(self, s: int, c: int) -> None:
        """A column of three equal face-up cards is swallowed."""
        if not self.swallow:
            return
        vals, state = self.vals[s], self.state[s]
        if state[c] == UP and state[c + 4] == UP and state[c + 8] == UP:
            v = vals[c]
            if vals[c + 4] == v and vals[c + 8] == v:
                state[c] = state[c + 4] = state[c + 8] = GONE
                self.up[s] -= 3 * v
                self.disc += (v, v, v)

    def end_turn(self, s: int) -> bool:
        """After seat ``s``'s turn: True once the round is over."""
        if self.closer is None:
            if not self.hid[s]:
                self.closer, self.left = s, self.n - 1
            return False
        self.left -= 1
        return self.left <= 0

    # -- the quick policy -----------------------------------------------------

    def spot(self, s: int, v: int, keep: int) -> tuple[float, int]:
        """The best place for ``v`` on seat ``s``'s grid, never on ``keep``
        (a space, or -1): (points saved, position). The three rows are written
        out, not looped: this is the playouts' hottest code (bench/abyss_expert.py
        moves)."""
        vals, state, mean = self.vals[s], self.state[s], self.mean
        swallow = self.swallow
        best, where = -1e9, -1
        for c in range(COLUMNS):
            s0 = state[c]
            if s0 == GONE:
                continue
            u0, u1, u2 = s0 == UP, state[c + 4] == UP, state[c + 8] == UP
            a = vals[c] if u0 else mean
            b = vals[c + 4] if u1 else mean
            d = vals[c + 8] if u2 else mean
            # Each space's worth less the card's, or (the card makes three of
            # a kind with the other two, face up) the whole column swallowed.
            if c != keep:
                if swallow and u1 and u2 and vals[c + 4] == v and vals[c + 8] == v:
                    gain = a + (b + d)
                else:
                    gain = a - v
                if gain > best:
                    best, where = gain, c
            if c + 4 != keep:
                if swallow and u0 and u2 and vals[c] == v and vals[c + 8] == v:
                    gain = b + (a + d)
                else:
                    gain = b - v
                if gain > best:
                    best, where = gain, c + 4
            if c + 8 != keep:
                if swallow and u0 and u1 and vals[c] == v and vals[c + 4] == v:
                    gain = d + (a + b)
                else:
                    gain = d - v
                if gain > best:
                    best, where = gain, c + 8
        return best, where

    def up_sum(self, s: int) -> int:
        return self.up[s]

    def safe_close(self, s: int, total: float) -> bool:
        """Whether the quick policy closes at ``total``: at zero or below,
        clearly below every other seat's expected total, or (with the game's
        running totals known) when the close ends the game with this seat
        lowest even doubled, every other seat's last turn going well."""
        if total <= 0 or not self.doubling:
            return True
        margin = CLOSE_MARGIN - STALL_STEP * self.stall[s]
        mean = self.mean
        clear = True
        totals = self.totals
        mine = totals[s] + 2 * total if totals else 0.0
        ends = mine >= self.target
        wins = bool(totals)
        for o in range(self.n):
            if o == s:
                continue
            h = self.hid[o]
            low = self.up_sum(o) + h * mean - LAST_TURN_GAIN - CARD_SD * _ROOTS[h + 1]
            if total + margin >= low:
                clear = False
            if totals:
                final = totals[o] + low
                ends = ends or final >= self.target
                wins = wins and mine < final
        return clear or (wins and ends)

    def last_hidden(self, s: int) -> int:
        return self.state[s].index(DOWN)

    def flip_spot(self, s: int) -> int:
        """A face-down card beside a pair, else the first one."""
        vals, state = self.vals[s], self.state[s]
        first = -1
        for p in range(SPACES):
            if state[p] != DOWN:
                continue
            if first < 0:
                first = p
            c = p % COLUMNS
            pair = [q for q in (c, c + 4, c + 8) if q != p]
            if state[pair[0]] == UP and state[pair[1]] == UP and vals[pair[0]] == vals[pair[1]]:
                return p
        return first

    def turn_start(self, s: int) -> tuple[int, bool, int]:
        """Seat ``s``'s turn begins: its face-down cards, whether it is one
        card from closing (then each such turn makes holding back dearer) and
        the space it keeps face down meanwhile (-1: none)."""
        h = self.hid[s]
        guard = h == 1 and self.closer is None
        if not guard:
            return h, False, -1
        self.stall[s] += 1
        return h, True, self.last_hidden(s)

    def best_spot(self, s: int, v: int, guard: bool, keep: int) -> tuple[float, int]:
        """Where the quick policy would put ``v`` (points saved, position):
        never on the kept face-down card unless the close it makes is safe."""
        gain, p = self.spot(s, v, keep)
        if guard and self.safe_close(s, self.up_sum(s) + v):
            g2, p2 = self.spot(s, v, -1)
            if g2 > gain:
                gain, p = g2, p2
        return gain, p

    def keeps_drawn(self, s: int, h: int, guard: bool, gain: float) -> bool:
        """Whether a drawn card saving ``gain`` at its best place is placed
        rather than discarded (a discard flips a card, which may close)."""
        if h == 0 or gain > 0:
            return True
        return guard and gain > -LOSS_CAP and not self.safe_close(s, self.up_sum(s) + self.mean)

    def play_turn(self, s: int) -> None:
        """Seat ``s`` plays one turn: take a card that saves enough, else draw
        and place it where it saves most, or discard it and flip; a close is
        made only when :meth:`safe_close` allows it."""
        self.steps += 1
        h, guard, keep = self.turn_start(s)
        top = self.disc[-1]
        gain, p = self.best_spot(s, top, guard, keep)
        if gain >= TAKE_GAIN:
            self.disc.pop()
            self.place(s, p, top)
            return
        v = self.draw()
        gain, p = self.best_spot(s, v, guard, keep)
        if self.keeps_drawn(s, h, guard, gain):
            self.place(s, p, v)
            return
        self.disc.append(v)
        self.flip(s, self.flip_spot(s))

    def finish(self, turn: int) -> list[int]:
        """Play from ``turn``'s seat to the round's end; the round's scores."""
        n = self.n
        s = turn
        for _ in range(MAX_TURNS):
            self.play_turn(s)
            if self.end_turn(s):
                break
            s = (s + 1) % n
        return self.scores()

    def scores(self) -> list[int]:
        """Every card turned, columns swallowed, the closer doubled when due."""
        raw = []
        for s in range(self.n):
            state = self.state[s]
            if self.hid[s]:
                vals = self.vals[s]
                for p in range(SPACES):
                    if state[p] == DOWN:
                        state[p] = UP
                        self.up[s] += vals[p]
                self.hid[s] = 0
                for c in range(COLUMNS):
                    self.check(s, c)
            raw.append(self.up_sum(s))
        closer = self.closer
        if self.doubling and closer is not None and raw[closer] > 0:
            mine = raw[closer]
            if any(raw[o] <= mine for o in range(self.n) if o != closer):
                raw[closer] = 2 * mine
        return raw


class Dealer:
    """What every sampled deal of one decision shares, read from ``view``
    once: the unseen cards (what the count leaves), the discard, the grids
    with their face-down spaces still to fill, the round's state."""

    def __init__(self, view: View) -> None:
        r = Round()
        r.n = view["players"]
        unseen: list[int] = []
        disc: list[int] = []
        for c in view["discard"]["counts"]:
            unseen += [c["value"]] * max(0, c["deck"] - c["visible"])
            disc += [c["value"]] * c["discard"]
        top = view["discard"]["top"]
        if top is not None:
            if top in disc:
                disc.remove(top)
            disc.append(top)
        r.disc = disc
        r.mean = sum(unseen) / len(unseen) if unseen else 0.0
        for g in view["grids"]:
            vals, state = [], []
            for cell in g["cells"]:
                if cell["state"] == "up":
                    vals.append(cell["value"])
                    state.append(UP)
                elif cell["state"] == "hidden":
                    vals.append(0)
                    state.append(DOWN)
                else:
                    vals.append(0)
                    state.append(GONE)
            r.vals.append(vals)
            r.state.append(state)
            r.hid.append(state.count(DOWN))
            r.up.append(sum(v for v, x in zip(vals, state, strict=True) if x == UP))
        r.closer = view["closer"]
        r.left = view["last_turns_left"]
        r.stall = [0] * r.n
        r.doubling, r.swallow = house_rules(view)
        r.totals = list(view.get("totals") or [])
        r.target = view.get("target", 0)
        self.base = r
        self.unseen = unseen
        #: (seat, position) of every face-down space, in the grids' order.
        self.hidden = [
            (s, p) for s, st in enumerate(r.state) for p, x in enumerate(st) if x == DOWN
        ]

    def deal(self, seed: int) -> Round:
        """A :class:`Round` with the unseen cards dealt at random (generator
        seeded by ``seed``): each face-down space in turn, the rest left as
        the draw pile (:meth:`Round.draw` takes from it at random)."""
        r = self.base.copy()
        r.seed = seed & _MASK
        unseen = list(self.unseen)
        below = r.below
        for s, p in self.hidden:
            j = below(len(unseen))
            r.vals[s][p] = unseen[j]
            unseen[j] = unseen[-1]
            unseen.pop()
        r.pile = unseen
        return r


def deal(view: View, seed: int) -> Round:
    """A :class:`Round` from ``view``, the unseen cards dealt at random
    (generator seeded by ``seed``): each face-down space and the draw pile
    get cards of what the count leaves."""
    return Dealer(view).deal(seed)


class RevealingBot(HardBot):
    """The hard bot with a price on time (:data:`REVEAL`): each option that
    turns a hidden card face up (a card put on it, a flip, a discard and the
    flip that follows) is worth that many points more. Every card turned is
    a turn nearer closing, and heads-up the closer gains about 9 points on
    the other seat (docs/bots.md): a card put over a face-up one saves
    points but leaves the race to the other seat."""

    def bonus(self) -> float:
        """:data:`REVEAL`, at a table of at most :data:`REVEAL_SEATS`."""
        return REVEAL if self.players <= REVEAL_SEATS else 0.0

    def after_place(self, cells: list[Any], pos: int, value: int) -> float:
        bonus = self.bonus() if cells[pos] == HIDDEN else 0.0
        return super().after_place(cells, pos, value) - bonus

    def after_discard(self, cells: list[Any], value: int) -> float:
        return super().after_discard(cells, value) - self.bonus()

    def after_flip(self, cells: list[Any], pos: int) -> float:
        return super().after_flip(cells, pos) - self.bonus()


class ExpertBot(Bot):
    """The hard bot's play, with the options near a round's end played out
    (the section's comment above says how; ``act`` is ``think`` concluded)."""

    level = "expert"
    #: See :data:`FINAL_REACH` (a variant may move it).
    final_reach = FINAL_REACH
    final_hidden = FINAL_HIDDEN

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.hard = (RevealingBot if REVEAL else HardBot)(self.rng.next64())

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        return conclude(self.think(view, legal))

    def searches(self, view: View) -> bool:
        """Whether this decision is played out: the round may end soon."""
        options = view.get("options") or {}
        if options.get("swallow_rows") or view["prompt"] not in (
            "choose",
            "place_taken",
            "place_or_discard",
        ):
            return False
        if view["closer"] is not None:
            return True
        hidden: int = view["grids"][view["seat"]]["hidden"]
        if (
            view["prompt"] == "choose"
            and hidden <= CHOOSE_HIDDEN
            and view["players"] <= CHOOSE_SEATS
        ):
            return True
        if view["target"] - max(view["totals"]) <= self.final_reach:
            return hidden <= self.final_hidden
        return hidden <= NEAR_END

    def dealer(self, view: View) -> Dealer:
        """What this decision's sampled deals come from: the view's count (a
        diagnostic in bench/abyss_expert.py tells it the true cards instead)."""
        return Dealer(view)

    def think(self, view: View, legal: Sequence[str]) -> Thought:
        if len(legal) <= 1:
            return legal[0] if legal else None
        if not self.searches(view):
            return self.hard.act(view, legal)
        ranked = yield from self.hard.ranking(view, legal)
        me = view["seat"]
        cells = [c["state"] for c in view["grids"][me]["cells"]]
        flips = [f"flip:{p}" for p, x in enumerate(cells) if x == "hidden"]
        flip_after = int(self.hard.flip_choice(self.hard.grids[me], flips)[5:]) if flips else -1
        take_at, plan = -1, {}
        if view["prompt"] == "choose":
            candidates = [a for _, a in ranked]
            yield  # the hard bot's follow-ups cost about as much as its choice
            if "take" in candidates:
                take_at = int(self.hard.take_spot(view["discard"]["top"])[6:])
            if "draw" in candidates:
                plan = self.hard.draw_plan()
        else:
            candidates = [a for _, a in ranked[:PLACES]]
            # The closes the hard bot refuses for their doubling risk are
            # played out too: a doubled close may still win the game.
            if cells.count("hidden") == 1 and view["closer"] is None:
                closing = f"place:{cells.index('hidden')}"
                if closing in legal and closing not in candidates:
                    candidates.append(closing)
            if "discard" in legal and "discard" not in candidates:
                candidates.append("discard")
        if len(candidates) == 1:
            return candidates[0]
        yield
        pending = view["pending"]["value"] if view["pending"] else None
        totals = view["totals"]
        target = view["target"]
        k = len(candidates)
        sums = [0.0] * k  # per option, the sum of its chances over the deals
        diffs = [0.0] * k  # per option, the sum of its difference to the hard bot's
        squares = [0.0] * k
        deals = 0
        steps = 0.0
        slice_steps = 0.0
        dealer = self.dealer(view)
        while steps < DECISION_STEPS:
            base = dealer.deal(self.rng.next64())
            cost = DEAL_COST * (len(base.pile) + sum(base.hid))
            steps += cost
            slice_steps += cost
            chances = []
            for action in candidates:
                r = base.copy()
                self.play(r, me, action, pending, take_at, plan, flip_after)
                scores = r.finish((me + 1) % r.n) if not r.end_turn(me) else r.scores()
                steps += r.steps
                slice_steps += r.steps
                ahead = (sum(scores) - scores[me]) / (len(scores) - 1) - scores[me]
                chances.append(
                    win_chance([t + x for t, x in zip(totals, scores, strict=True)], me, target)
                    + TIE_POINTS * ahead
                )
                # A long playout (a whole round at a large table) may fill a
                # slice: the slice ends between two options' playouts.
                if slice_steps >= SLICE_STEPS:
                    slice_steps = 0.0
                    yield
            deals += 1
            for i, w in enumerate(chances):
                d = w - chances[0]
                sums[i] += w
                diffs[i] += d
                squares[i] += d * d
        best = 0
        for i in range(1, k):
            mean = diffs[i] / deals
            var = max(0.0, squares[i] / deals - mean * mean)
            se = math.sqrt(var / max(1, deals - 1))
            if mean > EDGE and mean > SURE * se and sums[i] > sums[best]:
                best = i
        return candidates[best]

    @staticmethod
    def play(
        r: Round,
        me: int,
        action: str,
        pending: int | None,
        take_at: int,
        plan: dict[int, str],
        flip_after: int,
    ) -> None:
        """This seat's option on the sampled deal, up to the end of its turn."""
        r.steps += 1
        if action == "take":
            r.place(me, take_at, r.disc.pop())
        elif action == "draw":
            v = r.draw()
            follow = plan.get(v, "discard")
            if follow == "discard":
                r.disc.append(v)
                r.flip(me, flip_after)
            else:
                r.place(me, int(follow[6:]), v)
        elif action == "discard":
            assert pending is not None
            r.disc.append(pending)
            r.flip(me, flip_after)
        elif action.startswith("place:"):
            assert pending is not None
            r.place(me, int(action[6:]), pending)
        else:
            r.flip(me, int(action[5:]))


LEVELS: dict[str, BotFactory] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
}


#: Every reason ``hint`` gives, as ``hint.abyss.<reason>`` i18n keys (docs/bots.md).
HINT_REASONS: tuple[str, ...] = (
    "start_column",
    "take",
    "draw",
    "flip_nothing_better",
    "flip",
    "flip_pair",
    "close",
    "discard",
    "discard_and_close",
    "place_swallow",
    "place_pair",
    "place_hidden",
    "place_replace",
    "place_and_close",
    "place_not_close",
)


def hint(view: View, legal: Sequence[str]) -> Hint:
    """The hard bot's choice for this view, and why (docs/bots.md lists the keys).

    Abyss has no secret, so the hint reads nothing a player could not see.
    """
    action = HardBot(0).act(view, legal)
    assert action is not None
    reason, params = _why(view, action)
    return action, f"hint.abyss.{reason}", params


def _why(view: View, action: str) -> tuple[str, dict[str, Any]]:
    """The reason (one of ``HINT_REASONS``) for ``action`` and its message's values."""
    cells = _cells(view["grids"][view["seat"]])
    hidden = sum(1 for x in cells if x == HIDDEN)
    verb, _, arg = action.partition(":")
    prompt = view["prompt"]
    if prompt == "start_flips":
        return "start_column", {"pos": int(arg)}
    if verb == "flip":
        pos = int(arg)
        col = [cells[p] for p in COLUMN_POSITIONS[pos % COLUMNS] if p != pos]
        if hidden == 1 and view["closer"] is None:
            return "close", {"pos": pos}
        if col[0] == col[1] and col[0] not in (None, HIDDEN):
            return "flip_pair", {"pos": pos, "value": col[0]}
        if prompt == "flip_after_discard":
            return "flip", {"pos": pos}
        return "flip_nothing_better", {"pos": pos}
    if verb == "take":
        top = view["discard"]["top"]
        return "take", {"value": top}
    if verb == "draw":
        top = view["discard"]["top"]
        return "draw", {"top": top}
    if verb == "discard":
        value = view["pending"]["value"]
        if hidden == 1 and view["closer"] is None:
            return "discard_and_close", {"value": value}
        return "discard", {"value": value}
    pos = int(arg)
    value = view["pending"]["value"]
    col = [value if p == pos else cells[p] for p in COLUMN_POSITIONS[pos % COLUMNS]]
    if col[0] == col[1] == col[2]:
        return "place_swallow", {"value": value, "column": pos % COLUMNS}
    if hidden == 1 and cells[pos] == HIDDEN and view["closer"] is None:
        return "place_and_close", {"value": value, "pos": pos}
    if cells[pos] == HIDDEN:
        mean = Pool(view, True).mean
        return (
            "place_hidden",
            {
                "value": value,
                "pos": pos,
                "mean": round(mean, 1),
            },
        )
    if sum(1 for p in COLUMN_POSITIONS[pos % COLUMNS] if p != pos and cells[p] == value) == 1:
        return "place_pair", {"value": value, "pos": pos}
    closing = prompt == "place_or_discard" and hidden == 1 and view["closer"] is None
    if closing and value > cells[pos]:
        # Worse than discarding, but a discard would close at a risk of doubling.
        return "place_not_close", {"value": value, "pos": pos, "replaced": cells[pos]}
    return "place_replace", {"value": value, "pos": pos, "replaced": cells[pos]}

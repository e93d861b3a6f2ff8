"""Abyss's shared judgement (:class:`ThinkingBot`): a turn's options ranked by
what they gain now and what they risk at the round's end."""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from typing import Any

from engine.abyss.bots.judge import HIDDEN, Judge, Pool, _cells, house_rules
from engine.abyss.bots.risk import Risk
from engine.abyss.cards import COLUMN_POSITIONS, COLUMNS
from engine.bot import Bot, View, conclude

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

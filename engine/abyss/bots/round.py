"""One Abyss round as the expert's playouts play it (:class:`Round`): grids as
small lists, a quick policy for every seat, played to the round's end."""

from __future__ import annotations

from engine.abyss.bots.search import (
    _MASK,
    _ROOTS,
    CARD_SD,
    CLOSE_MARGIN,
    DOWN,
    GONE,
    LAST_TURN_GAIN,
    LOSS_CAP,
    MAX_TURNS,
    STALL_STEP,
    TAKE_GAIN,
    UP,
)
from engine.abyss.cards import COLUMNS, SPACES


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

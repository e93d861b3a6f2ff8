"""What a Carta robada bot remembers: the cards it saw where they lie, followed
through every move its view's log shows (:class:`Memory`; the lower levels' is
smaller and forgets)."""

from __future__ import annotations

import math
from typing import Any

from engine.bot import Bot, View
from engine.carta_robada.cards import FULL_DECK, points
from engine.carta_robada.cards import number as card_number

#: Every card's code, in the deck's order.
CODES: tuple[str, ...] = tuple(dict.fromkeys(FULL_DECK))
DECK_MEAN = sum(points(c) for c in FULL_DECK) / len(FULL_DECK)


def number(card: str | None) -> int | None:
    """What ``card`` is cut against (``None``: no card, or one that cannot be cut)."""
    return None if card is None else card_number(card)


class Fact:
    """A remembered card at a position: what and since when."""

    __slots__ = ("card", "turn")

    def __init__(self, card: str, turn: int) -> None:
        self.card = card
        self.turn = turn


class Memory:
    """What one seat remembers of every tendido, fed by its own event log.

    ``know[seat][pos]`` is a :class:`Fact` or None. The level's limits:
    ``capacity`` facts at most (the oldest go first), ``forget`` the chance to
    lose each fact at each of the seat's own turns, ``follow_others``: keep
    facts about other seats' cards through moves, ``follow_marks``: keep facts
    through a Disrupción or Remolino at all (easy does not).

    With ``keep_loose``, a Manipulación does not wipe what was known of the
    target's cards: they are still in that tendido, only their places are
    lost. ``loose[seat]`` holds such cards (each at one of the seat's unknown
    positions, which one nobody knows) until one is seen again, leaves the
    tendido face up, or a move takes a card of unknown place out of it (then
    the seat's loose cards are given up: which one left is not known).

    ``cap[seat][pos]`` (kept with ``keep_loose`` too) bounds a card this seat
    never saw but whose owner did: another seat drew it from the deck and
    swapped it in for the card then shown face up, so the owner judged it the
    better card. It is the points of the card it replaced; it moves with the
    card and goes when the card is seen or leaves.
    """

    def __init__(
        self,
        bot: Bot,
        capacity: int,
        forget: float,
        follow_others: bool,
        follow_marks: bool,
        keep_loose: bool = False,
    ) -> None:
        self.bot = bot
        self.capacity = capacity
        self.forget = forget
        self.follow_others = follow_others
        self.follow_marks = follow_marks
        self.keep_loose = keep_loose
        self.know: list[list[Fact | None]] = []
        self.loose: list[list[str]] = []
        self.cap: list[list[float | None]] = []
        self.seen = -1  # the last event index read
        self.me = -1
        self.turns = 0  # own turns so far
        self.held: str | None = None  # the turn player's held card, when known
        self.pile: list[str] = []  # the discard pile, as far as seen (the top last)

    def read(self, view: View) -> None:
        self.me = view["seat"]
        if not self.know:
            self.know = [[None] * t["count"] for t in view["tendidos"]]
        if not self.loose:
            self.loose = [[] for _ in view["tendidos"]]
            self.cap = [[None] * t["count"] for t in view["tendidos"]]
        for ev in view["events"]:
            if ev["n"] <= self.seen:
                continue
            self.seen = ev["n"]
            handler = getattr(self, "on_" + ev["type"], None)
            if handler is not None:
                handler(ev)
        # The view is the truth about sizes: resync if some move was missed.
        for p, t in enumerate(view["tendidos"]):
            row = self.know[p]
            if len(row) != t["count"]:
                self.know[p] = (row + [None] * t["count"])[: t["count"]]
            if len(self.loose[p]) > sum(f is None for f in self.know[p]):
                self.loose[p] = []
            if len(self.cap[p]) != t["count"]:
                self.cap[p] = (self.cap[p] + [None] * t["count"])[: t["count"]]

    def blind(self, seat: int) -> int:
        """How many of ``seat``'s cards this seat cannot name at all (neither
        placed nor loose)."""
        return sum(f is None for f in self.know[seat]) - len(self.loose[seat])

    def placed(self, seat: int, pos: int, card: str) -> None:
        """``card`` was seen at ``seat``'s ``pos`` or left it face up: if that
        place was unknown, the card is no longer loose."""
        row = self.know[seat]
        if pos < len(row) and row[pos] is None and card in self.loose[seat]:
            self.loose[seat].remove(card)

    def unplaced(self, seat: int, pos: int) -> None:
        """A card of unknown place left ``seat``'s ``pos`` unseen: which of the
        loose cards it was, if any, is not known."""
        if pos < len(self.know[seat]) and self.know[seat][pos] is None:
            self.loose[seat] = []

    # Facts in and out.

    def learn(self, seat: int, pos: int, card: str) -> None:
        if 0 <= pos < len(self.know[seat]):
            self.know[seat][pos] = Fact(card, self.turns)
            if pos < len(self.cap[seat]):
                self.cap[seat][pos] = None
            self.trim()

    def trim(self) -> None:
        facts = [(f.turn, p, i) for p, row in enumerate(self.know) for i, f in enumerate(row) if f]
        if len(facts) <= self.capacity:
            return
        # Own cards matter most: forget the others' oldest first, then one's own.
        facts.sort(key=lambda x: (x[1] == self.me, x[0]))
        for _, p, i in facts[: len(facts) - self.capacity]:
            self.know[p][i] = None

    def card(self, seat: int, pos: int) -> str | None:
        f = self.know[seat][pos] if pos < len(self.know[seat]) else None
        return f.card if f else None

    def move_pair(self, a: int, i: int, b: int, j: int) -> None:
        """Cards at (a, i) and (b, j) trade places, seen by everybody."""
        fa, fb = self.know[a][i], self.know[b][j]
        if not self.follow_marks:
            fa = fb = None
        else:
            if not self.follow_others:
                fa = fa if a == self.me or b == self.me else None
                fb = fb if a == self.me or b == self.me else None
        self.know[a][i], self.know[b][j] = fb, fa
        self.cap[a][i], self.cap[b][j] = self.cap[b][j], self.cap[a][i]

    # Events (the names are the rules page's event types).

    def on_deal(self, ev: dict[str, Any]) -> None:
        self.know = [[None] * ev["cards"] for _ in range(ev["players"])]
        self.loose = [[] for _ in range(ev["players"])]
        self.cap = [[None] * ev["cards"] for _ in range(ev["players"])]

    def on_seen(self, ev: dict[str, Any]) -> None:
        for seat, pos, card in ev["cards"]:
            self.placed(seat, pos, card)
            self.learn(seat, pos, card)

    def on_turn(self, ev: dict[str, Any]) -> None:
        self.held = None
        if ev["seat"] == self.me and not ev["extra"]:
            self.turns += 1
            if self.forget > 0:
                for row in self.know:
                    for i, f in enumerate(row):
                        if f is not None and self.bot.chance(self.forget):
                            row[i] = None

    def on_drawn(self, ev: dict[str, Any]) -> None:
        self.held = ev["card"]

    def on_draw(self, ev: dict[str, Any]) -> None:
        self.held = None

    def on_take(self, ev: dict[str, Any]) -> None:
        self.held = ev["card"]
        if self.pile:
            self.pile.pop()

    def on_swap(self, ev: dict[str, Any]) -> None:
        seat, pos = ev["seat"], ev["pos"]
        self.placed(seat, pos, ev["card"])
        if self.held is not None and (seat == self.me or self.follow_others):
            self.learn(seat, pos, self.held)
        else:
            self.know[seat][pos] = None
            if self.keep_loose and pos < len(self.cap[seat]):
                self.cap[seat][pos] = float(points(ev["card"]))
        self.held = None
        self.pile.append(ev["card"])

    def on_discard(self, ev: dict[str, Any]) -> None:
        self.held = None
        self.pile.append(ev["card"])

    def on_milagro(self, ev: dict[str, Any]) -> None:
        self.pile.append("milagro")

    def on_remove(self, ev: dict[str, Any]) -> None:
        row = self.know[ev["seat"]]
        if ev["pos"] < len(row):
            self.placed(ev["seat"], ev["pos"], ev["card"])
            row.pop(ev["pos"])
            self.cap[ev["seat"]].pop(ev["pos"])
        self.pile.insert(max(0, len(self.pile) - 1), ev["card"])

    def on_cut(self, ev: dict[str, Any]) -> None:
        seat, pos = ev["seat"], ev["pos"]
        if pos < len(self.know[seat]):
            self.placed(seat, pos, ev["card"])
        if ev["ok"]:
            row = self.know[seat]
            if pos < len(row):
                row.pop(pos)
                self.cap[seat].pop(pos)
            self.pile.append(ev["card"])
        elif seat == self.me or self.follow_others:
            self.learn(seat, pos, ev["card"])  # a failed cut shows the card to all

    def on_penalty(self, ev: dict[str, Any]) -> None:
        row = self.know[ev["seat"]]
        while len(row) <= ev["pos"]:
            row.append(None)
            self.cap[ev["seat"]].append(None)

    def on_order(self, ev: dict[str, Any]) -> None:
        i, j = ev["positions"]
        seat = ev["seat"]
        row = self.know[seat]
        caps = self.cap[seat]
        caps[i], caps[j] = caps[j], caps[i]
        if seat == self.me or self.follow_others:
            row[i], row[j] = row[j], row[i]
        else:
            row[i] = row[j] = None

    def on_use(self, ev: dict[str, Any]) -> None:
        card = ev["card"]
        if card == "manipulacion":
            target = ev["target"]
            if self.keep_loose:
                self.loose[target] += [f.card for f in self.know[target] if f is not None]
            self.know[target] = [None] * len(self.know[target])
            self.cap[target] = [None] * len(self.know[target])
        elif card == "disrupcion":
            (a, i), (b, j) = ev["cards"]
            self.unplaced(a, i)
            self.unplaced(b, j)
            self.move_pair(a, i, b, j)

    def on_whirl(self, ev: dict[str, Any]) -> None:
        n = len(self.know)
        step = 1 if ev["towards"] == "next" else -1
        gaps = ev["positions"]
        for p in range(n):
            self.unplaced(p, gaps[p])
        given = [self.know[p][gaps[p]] for p in range(n)]
        caps = [self.cap[p][gaps[p]] for p in range(n)]
        for p in range(n):
            giver = (p - step) % n
            fact = given[giver] if self.follow_marks else None
            if fact is not None and not self.follow_others and giver != self.me:
                fact = None
            self.know[p][gaps[p]] = fact
            self.cap[p][gaps[p]] = caps[giver]

    def on_reshuffle(self, ev: dict[str, Any]) -> None:
        self.pile = self.pile[-1:]


def _normal_cdf(x: float) -> float:
    """The standard normal distribution's P(X <= x)."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))

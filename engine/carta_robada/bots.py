"""Bots for Carta robada.

Nothing in a seat's view says what lies face down, its own tendido included:
the seed wants every player to remember. So the bots remember, and only what
their own view's event log showed them: the initial peek, the cards they drew
and placed, their spy looks, cards taken from the discard (public), failed
cuts (shown to the table), and every move the table saw (reorders, Disrupción
swaps, Remolino passes), which carries a remembered card to its new place. A
Manipulación scrambles a whole tendido: what was known there is lost.

Levels differ in memory and judgement (docs/bots.md has the measured ladder):

* ``random``: any turn action; out of turn, a blind cut now and then.
* ``easy``: remembers at most three cards and forgets each with chance 1/5 at
  each of its turns; a card touched by any effect (a mark) is forgotten, so it
  follows no card that moves except by its own swap. It takes or keeps a card
  only when clearly better, declares on a rough count.
* ``medium``: remembers up to six cards, forgets each with chance 1/12 per
  turn, follows its own cards through every visible move but forgets the
  others' cards when they are touched. Same judgement as hard, with a wider
  margin before declaring.
* ``hard``: perfect memory of everything its log showed, counts the cards on
  the discard to price an unknown card, uses each action card where it gains
  most (Disrupción hands its worst known card to the leader, Espía looks at its
  own unknown cards first, Manipulación scrambles the leader), discards a card
  to cut its twin right after, and declares SNAP! only with a positive
  expected margin over every opponent (:meth:`HardBot.should_declare`). Its
  totals keep the cards a Manipulación scrambled (places lost, not cards) and
  price a card an opponent drew and kept blind below the card it replaced.

Every bot cuts whenever it remembers a card with the top's number: a
remembered card is a certain cut. The arena and the UI decide who arrives
first (reaction time per level), send a cut only while the top it was aimed
at is still there, and ask the bot again just before it lands.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engine.bot import Bot, BotFactory, View
from engine.carta_robada.cards import FULL_DECK, copies, points
from engine.carta_robada.cards import number as card_number

__all__ = ["LEVELS"]


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


class ThinkingBot(Bot):
    """The easy, medium and hard levels: one judgement, different memories."""

    capacity = 99
    forget = 0.0
    follow_others = True
    follow_marks = True
    counting = True
    keep_loose = False  # see Memory
    take_margin = 1.5  # points a swap must gain
    unknown_bonus = 0.25  # an unknown card is swapped out before a known one this much higher
    declare_margin = 3.0  # points below the best other estimate before SNAP!
    slip = 0.0  # chance of a careless turn action

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.memory = Memory(
            self,
            self.capacity,
            self.forget,
            self.follow_others,
            self.follow_marks,
            self.keep_loose,
        )

    # The picture.

    def unseen(self) -> dict[str, int]:
        """How many copies of each card this seat cannot place: the deck's,
        less the discard pile and every card it remembers anywhere."""
        left = {c: copies(c) for c in CODES}
        for c in self.memory.pile:
            left[c] = left.get(c, 0) - 1
        for row in self.memory.know:
            for f in row:
                if f is not None:
                    left[f.card] = left.get(f.card, 0) - 1
        for cards in self.memory.loose:
            for c in cards:
                left[c] = left.get(c, 0) - 1
        return {c: n for c, n in left.items() if n > 0}

    def unknown_value(self, view: View) -> float:
        """The expected points of a card this seat does not know."""
        if not self.counting:
            return DECK_MEAN
        left = self.unseen()
        total = sum(left.values())
        if total <= 0:
            return DECK_MEAN
        return sum(points(c) * n for c, n in left.items()) / total

    def values(self, seat: int, e: float) -> list[float]:
        """Each of ``seat``'s cards' points as far as this seat can place
        them: a remembered card's own; for a card it never saw, ``e``, or
        below a bound (``Memory.cap``) the mean of the unseen cards under it."""
        caps = self.memory.cap[seat] if self.memory.cap else []
        out = []
        for i, f in enumerate(self.memory.know[seat]):
            if f is not None:
                out.append(float(points(f.card)))
            elif i < len(caps) and caps[i] is not None:
                out.append(self.below(max(caps[i] or 0.0, e), e))
            else:
                out.append(e)
        return out

    def below(self, bound: float, e: float) -> float:
        """The mean points of the unseen cards worth less than ``bound`` (``e``: none)."""
        left = [(points(c), n) for c, n in self.unseen().items() if points(c) < bound]
        total = sum(n for _, n in left)
        return sum(v * n for v, n in left) / total if total else e

    def total(self, seat: int, e: float) -> float:
        """``seat``'s expected total: its cards' :meth:`values`, with its
        loose cards (see :class:`Memory`: known to be there, place unknown)
        in place of as many unknown cards at ``e``."""
        loose = self.memory.loose[seat] if self.memory.loose else []
        return sum(self.values(seat, e)) + sum(points(c) - e for c in loose)

    def totals(self, view: View, e: float) -> list[float]:
        return [self.total(p, e) for p in range(view["players"])]

    # Acting.

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        self.memory.read(view)
        me = view["seat"]
        cut = self.cut(view, legal)
        if cut is not None:
            return cut
        if view["phase"] == "peek":
            return legal[self.rng.below(len(legal))]
        if view["phase"] == "whirl":
            gives = [a for a in legal if a.startswith("give:")]
            return self.give(view, gives) if gives else None
        if view["turn"] != me:
            return None
        turn = [a for a in legal if not a.startswith(("cut:", "tied:", "order:"))]
        if not turn:
            return None
        if len(turn) == 1:
            return turn[0]
        if self.slip and self.chance(self.slip):
            return self.pick([a for a in turn if a != "declare"] or turn)
        e = self.unknown_value(view)
        if "declare" in turn and self.should_declare(view, e):
            return "declare"
        step = view["step"]
        if step == "draw":
            return self.draw_or_take(view, turn, e)
        if step == "decide":
            return self.decide(view, turn, e)
        if step == "activate":
            return self.activate(view, turn, e)
        if step == "remove":
            return self.remove(view, turn, e)
        return turn[0]

    def cut(self, view: View, legal: Sequence[str]) -> str | None:
        """A cut with a remembered card of the top's number, if there is one."""
        top = view["discard"]["top"]
        if top is None or top["blocked"] or not any(a.startswith("cut:") for a in legal):
            return None
        want = number(top["card"])
        if want is None:
            return None
        me = view["seat"]
        for pos, f in enumerate(self.memory.know[me]):
            if f is not None and number(f.card) == want and f"cut:{pos}" in legal:
                return f"cut:{pos}"
        return None

    def should_declare(self, view: View, e: float) -> bool:
        me = view["seat"]
        totals = self.totals(view, e)
        mine = totals[me]
        others = [t for p, t in enumerate(totals) if p != me]
        unknown = sum(1 for f in self.memory.know[me] if f is None)
        # A margin for what is not known, which shrinks as the game drags on.
        margin = self.declare_margin + 2.0 * unknown - 0.5 * max(0, self.memory.turns - 6)
        return mine + margin < min(others)

    def worst(self, me: int, e: float) -> tuple[float, int]:
        vals = self.values(me, e)
        # Prefer an unknown card over a known one of the same value: knowing helps cutting.
        best, where = -1e9, 0
        for i, v in enumerate(vals):
            score = v + (self.unknown_bonus if self.memory.know[me][i] is None else 0.0)
            if score > best:
                best, where = score, i
        return vals[where], where

    def draw_or_take(self, view: View, turn: Sequence[str], e: float) -> str:
        top = view["discard"]["top"]
        if "take" in turn and top is not None:
            worst, _ = self.worst(view["seat"], e)
            if worst - points(top["card"]) >= self.take_margin + 1.0:
                return "take"
        return "draw" if "draw" in turn else turn[0]

    def decide(self, view: View, turn: Sequence[str], e: float) -> str:
        me = view["seat"]
        held = view["hand"]["card"] if view["hand"] else None
        if held is None:
            return self.pick(turn)
        worst, where = self.worst(me, e)
        gain = worst - points(held)
        keep_value = self.effect_value(view, held, e) if "discard" in turn else -1e9
        if "discard" not in turn or gain >= max(self.take_margin, keep_value):
            return f"swap:{where}"
        return "discard"

    def effect_value(self, view: View, card: str, e: float) -> float:
        """About how many points an action card's effect is worth, once discarded."""
        me = view["seat"]
        worst, _ = self.worst(me, e)
        if card == "impulso":
            return 3.0
        if card == "espia":
            return 1.5 if any(f is None for f in self.memory.know[me]) else 0.5
        if card == "disrupcion":
            return max(0.0, worst - e)
        if card == "remolino":
            return max(0.0, 0.7 * (worst - e))
        if card == "manipulacion":
            return 1.0
        return 0.0

    def activate(self, view: View, turn: Sequence[str], e: float) -> str:
        card = view["pending"]["card"] if view["pending"] else None
        uses = [a for a in turn if a.startswith("use")]
        if not uses or card is None:
            return "skip"
        me = view["seat"]
        totals = self.totals(view, e)
        rivals = [p for p in range(view["players"]) if p != me and p not in view["out"]]
        rivals = rivals or [p for p in range(view["players"]) if p != me]
        leader = min(rivals, key=lambda p: (totals[p], view["tendidos"][p]["count"]))
        if card == "impulso":
            return "use"
        if card == "reversa":
            return self.reversa(view, totals)
        if card == "manipulacion":
            return f"use:{leader}" if f"use:{leader}" in uses else "skip"
        if card == "remolino":
            worst, _ = self.worst(me, e)
            if worst - e < 2:
                return "skip"
            n = view["players"]
            towards = "next" if (me + 1) % n == leader else "prev"
            return f"use:{towards}" if f"use:{towards}" in uses else uses[0]
        if card == "espia":
            return self.spy(view, uses)
        if card == "disrupcion":
            return self.disrupt(view, uses, e, leader)
        return "skip"

    def reversa(self, view: View, totals: list[float]) -> str:
        """With a declarer, turn the table towards or away from them depending
        on whether this seat would win the count now; otherwise keep the leader
        waiting longer."""
        me, n = view["seat"], view["players"]
        declarer = view["declarer"]
        d = view["direction"]
        if declarer is not None and declarer != me:
            ahead = totals[me] < min(t for p, t in enumerate(totals) if p != me)
            steps_now = (declarer - me) * d % n
            steps_back = (declarer - me) * -d % n
            shorter = steps_back < steps_now
            return "use" if shorter == ahead else "skip"
        nxt = (me + d) % n
        prev = (me - d) % n
        return "use" if totals[nxt] < totals[prev] else "skip"

    def spy(self, view: View, uses: Sequence[str]) -> str:
        me = view["seat"]
        best, choice = -1.0, uses[0]
        for action in uses:
            score = 0.0
            for slot in action[4:].split(","):
                p, i = (int(x) for x in slot.split("."))
                if self.memory.card(p, i) is None:
                    score += 2.0 if p == me else 0.6
            if score > best:
                best, choice = score, action
        return choice

    def disrupt(self, view: View, uses: Sequence[str], e: float, leader: int) -> str:
        """Trade this seat's worst card for another's best-known (or unknown) one."""
        me = view["seat"]
        mine = self.values(me, e)
        best, choice = 1.0, "skip"
        for action in uses:
            (a, i), (b, j) = (tuple(int(x) for x in s.split(".")) for s in action[4:].split(","))
            if me not in (a, b):
                continue
            my_pos, other, their_pos = (i, b, j) if a == me else (j, a, i)
            theirs = self.values(other, e)[their_pos]
            gain = mine[my_pos] - theirs + (0.3 if other == leader else 0.0)
            if gain > best:
                best, choice = gain, action
        return choice

    def give(self, view: View, gives: Sequence[str]) -> str:
        me = view["seat"]
        e = self.unknown_value(view)
        _, where = self.worst(me, e)
        return f"give:{where}" if f"give:{where}" in gives else gives[0]

    def remove(self, view: View, turn: Sequence[str], e: float) -> str:
        _, where = self.worst(view["seat"], e)
        return f"remove:{where}" if f"remove:{where}" in turn else turn[0]


class HardBot(ThinkingBot):
    """Declares on an expected margin (:meth:`should_declare`); the rest is
    :class:`ThinkingBot`'s judgement with a perfect memory and a card count."""

    level = "hard"
    keep_loose = True  # a Manipulación loses places, not cards (Memory)
    take_margin = 1.0  # swaps more readily than medium (1.5): 55.5% vs 54.8% (docs/bots.md)
    #: The least chance of holding the lowest total, all opponents at once,
    #: before declaring: at first, and the floor it comes down to as the game
    #: drags on (by ``declare_decay`` per own turn after ``declare_patience``).
    declare_chance = 0.75
    declare_floor = 0.55
    declare_decay = 0.02
    declare_patience = 8
    #: A card cut from one's own tendido is worth its points and this much
    #: more (one card fewer: nearer an empty tendido, one card less to go
    #: wrong), times the chance of landing the cut first.
    cut_bonus = 4.0
    cut_chance = 0.8

    def follow_up(self, tendido: Sequence[str | None], top: str | None) -> float:
        """What the cut this seat could make on ``top`` is worth, with
        ``tendido`` its cards as it knows them (``None``: unknown) once ``top``
        is on the discard: the best known card of the top's number."""
        want = number(top)
        if want is None:
            return 0.0
        best = max(
            (points(c) for c in tendido if c is not None and number(c) == want), default=None
        )
        return 0.0 if best is None else self.cut_chance * (best + self.cut_bonus)

    def placements(self, view: View, card: str, e: float) -> list[tuple[float, int]]:
        """``(value, position)`` of putting ``card`` into each position of this
        seat's tendido: the points saved, a cut the card sent to the discard
        opens for this seat, and the lean towards swapping out unknown cards."""
        me = view["seat"]
        known = [f.card if f is not None else None for f in self.memory.know[me]]
        out = []
        for i, old in enumerate(known):
            after = [*known[:i], card, *known[i + 1 :]]
            if old is None:
                value = e + self.unknown_bonus - points(card)
            else:
                value = points(old) - points(card) + self.follow_up(after, old)
            out.append((value, i))
        return out

    def draw_or_take(self, view: View, turn: Sequence[str], e: float) -> str:
        top = view["discard"]["top"]
        if "take" in turn and top is not None:
            value, _ = max(self.placements(view, top["card"], e))
            if value >= self.take_margin + 1.0:
                return "take"
        return "draw" if "draw" in turn else turn[0]

    def decide(self, view: View, turn: Sequence[str], e: float) -> str:
        """Swap the held card where it gains most, or discard it: for its
        effect, or to cut a known card of its number right after."""
        held = view["hand"]["card"] if view["hand"] else None
        if held is None:
            return self.pick(turn)
        value, where = max(self.placements(view, held, e))
        if "discard" not in turn:
            return f"swap:{where}"
        me = view["seat"]
        known = [f.card if f is not None else None for f in self.memory.know[me]]
        keep = max(self.take_margin, self.effect_value(view, held, e)) + self.follow_up(known, held)
        return f"swap:{where}" if value >= keep else "discard"

    def unknown_spread(self, e: float) -> float:
        """The variance of one card this seat does not know (same count as
        :meth:`ThinkingBot.unknown_value`, whose mean is ``e``)."""
        left = self.unseen()
        total = sum(left.values())
        if total <= 0:
            return 0.0
        return sum(n * (points(c) - e) ** 2 for c, n in left.items()) / total

    def turn_gain(self, worst: float) -> float:
        """What one draw is worth to a seat whose worst card counts ``worst``:
        the mean, over the cards it may draw, of what swapping it in saves."""
        left = self.unseen()
        total = sum(left.values())
        if total <= 0:
            return 0.0
        return sum(n * max(0.0, worst - points(c)) for c, n in left.items()) / total

    def should_declare(self, view: View, e: float) -> bool:
        """Declare only with a positive expected margin over every opponent.

        Each total is estimated from the cards this seat remembers and, for
        each card it does not know, the mean of the cards it has not seen
        (the discard pile and every remembered card taken out of the count).
        After a declaration each opponent still plays one turn and the
        declarer cannot answer, so an opponent's estimate is lowered by what
        one draw is worth to it (over its worst card as far as this seat
        knows); declaring before drawing, this seat still gets its own draw.
        The margin over opponent ``p`` is then normal with the variance of the
        unknown cards on both sides; the bot declares when every margin is
        positive and the chance that all of them are, taken as independent,
        reaches ``declare_chance`` (lowered slowly as the game drags on, so
        that a game between patient bots still ends; never below
        ``declare_floor``, above even odds).
        """
        me = view["seat"]
        var = self.unknown_spread(e)
        mine = self.values(me, e)
        my_total = self.total(me, e)
        if view["step"] == "draw":
            my_total -= self.turn_gain(max(mine, default=0.0))
        my_unknown = self.memory.blind(me)
        chance = 1.0
        for p in range(view["players"]):
            if p == me or p in view["out"]:
                continue
            theirs = self.values(p, e)
            unknown = self.memory.blind(p)
            margin = self.total(p, e) - self.turn_gain(max(theirs, default=0.0)) - my_total
            if margin <= 0:
                return False
            spread = math.sqrt(var * (my_unknown + unknown))
            chance *= 1.0 if spread == 0 else _normal_cdf(margin / spread)
        late = max(0, self.memory.turns - self.declare_patience) * self.declare_decay
        return chance >= max(self.declare_floor, self.declare_chance - late)


class MediumBot(ThinkingBot):
    level = "medium"
    capacity = 6
    forget = 1 / 12
    follow_others = False
    counting = False
    declare_margin = 5.0


class EasyBot(ThinkingBot):
    level = "easy"
    capacity = 3
    forget = 1 / 5
    follow_others = False
    follow_marks = False
    counting = False
    take_margin = 3.0
    declare_margin = 1.0
    slip = 0.1


class RandomBot(Bot):
    """Any turn action; out of turn, a blind cut one time in twenty.

    A cut takes a reaction time to land, and the table asks the bot again
    just before it does (the top may have changed meanwhile): asked again on
    the same top before its cut reached the log, it keeps the cut it chose
    instead of drawing its one chance in twenty again."""

    level = "random"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        # (discard count, top card, own attempts so far, the cut) of the cut on its way.
        self.aim: tuple[int, str, int, str] | None = None

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        turn = [a for a in legal if not a.startswith(("cut:", "tied:", "order:"))]
        if turn and (view["turn"] == view["seat"] or view["phase"] != "play"):
            return self.pick(turn)
        cuts = [a for a in legal if a.startswith("cut:")]
        if not cuts:
            return None
        me = view["seat"]
        tries = sum(
            1 for ev in view["events"] if ev["type"] in ("cut", "tied") and ev["seat"] == me
        )
        aim = (view["discard"]["count"], view["discard"]["top"]["card"], tries)
        if self.aim is not None and self.aim[:3] == aim and self.aim[3] in cuts:
            return self.aim[3]
        self.aim = None
        if self.chance(1 / 20):
            cut = self.pick(cuts)
            self.aim = (*aim, cut)
            return cut
        return None


def _normal_cdf(x: float) -> float:
    """The standard normal distribution's P(X <= x)."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


LEVELS: dict[str, BotFactory] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}

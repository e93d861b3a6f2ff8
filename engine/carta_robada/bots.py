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
* ``expert``: hard's memory and cuts; each turn decision with a choice is
  searched (:class:`ExpertBot`): the candidates are played out to the end of
  the game on imagined tables consistent with what it remembers, by a fast
  policy for every seat (:class:`Playout`), and chosen by the share of games
  won, in slices of counted work (``think``).

Every bot cuts whenever it remembers a card with the top's number: a
remembered card is a certain cut. The arena and the UI decide who arrives
first (reaction time per level), send a cut only while the top it was aimed
at is still there, and ask the bot again just before it lands.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engine.bot import Bot, BotFactory, Thought, View, conclude
from engine.carta_robada.cards import ACTIONS, FULL_DECK, MILAGRO, copies, points
from engine.carta_robada.cards import number as card_number
from engine.core import Rng

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


# -- expert: the hard bot's memory, and play-outs of imagined tables -------------------

#: The play-outs' cards are small integers: ``CODES``' indices, the marker last.
_ID: dict[str, int] = {c: k for k, c in enumerate(CODES)}
_SNAP = len(CODES)
_MIRACLE = _ID[MILAGRO]
_PTS: list[int] = [points(c) for c in CODES] + [0]
_NUM: list[int] = [card_number(c) or 0 for c in CODES] + [0]
_EFFECT: list[str] = [c if c in ACTIONS else "" for c in CODES] + [""]

#: A play-out that reaches this many turns is scored as it stands.
_MAX_TURNS = 120


class ExpertMemory(Memory):
    """The hard bot's memory, plus who knows their own cards: ``owns[seat][pos]``
    is True when ``seat`` saw the card now at its ``pos`` (its peek, a card it
    drew or took and swapped in, its own Espía, a failed cut shown to all) and
    no move has hidden it since. The expert imagines the others playing with
    that much knowledge of their own tendidos."""

    def __init__(self, bot: Bot) -> None:
        super().__init__(bot, 99, 0.0, True, True, keep_loose=True)
        self.owns: list[list[bool]] = []

    def read(self, view: View) -> None:
        super().read(view)
        for p, t in enumerate(view["tendidos"]):
            if p >= len(self.owns):
                self.owns.append([False] * t["count"])
            row = self.owns[p]
            if len(row) != t["count"]:
                self.owns[p] = (row + [False] * t["count"])[: t["count"]]

    def on_deal(self, ev: dict[str, Any]) -> None:
        super().on_deal(ev)
        self.owns = [[False] * ev["cards"] for _ in range(ev["players"])]

    def on_peek(self, ev: dict[str, Any]) -> None:
        for pos in ev["positions"]:
            self.owns[ev["seat"]][pos] = True

    def on_swap(self, ev: dict[str, Any]) -> None:
        super().on_swap(ev)
        self.owns[ev["seat"]][ev["pos"]] = True

    def on_remove(self, ev: dict[str, Any]) -> None:
        super().on_remove(ev)
        if ev["pos"] < len(self.owns[ev["seat"]]):
            self.owns[ev["seat"]].pop(ev["pos"])

    def on_cut(self, ev: dict[str, Any]) -> None:
        super().on_cut(ev)
        row = self.owns[ev["seat"]]
        if ev["pos"] < len(row):
            if ev["ok"]:
                row.pop(ev["pos"])
            else:
                row[ev["pos"]] = True

    def on_penalty(self, ev: dict[str, Any]) -> None:
        super().on_penalty(ev)
        row = self.owns[ev["seat"]]
        while len(row) <= ev["pos"]:
            row.append(False)

    def on_order(self, ev: dict[str, Any]) -> None:
        super().on_order(ev)
        i, j = ev["positions"]
        row = self.owns[ev["seat"]]
        row[i], row[j] = row[j], row[i]

    def on_use(self, ev: dict[str, Any]) -> None:
        super().on_use(ev)
        card = ev["card"]
        if card == "manipulacion":
            self.owns[ev["target"]] = [False] * len(self.owns[ev["target"]])
        elif card == "disrupcion":
            for p, i in ev["cards"]:
                self.owns[p][i] = False
        elif card == "espia":
            for p, i in ev["cards"]:
                if p == ev["seat"]:
                    self.owns[p][i] = True

    def on_whirl(self, ev: dict[str, Any]) -> None:
        super().on_whirl(ev)
        for p, pos in enumerate(ev["positions"]):
            self.owns[p][pos] = False


class Playout:
    """One imagined table: the hidden cards drawn consistent with the expert's
    memory, then played to the end by one fast policy for every seat.

    ``known[s][i]``: seat ``s`` knows its own card at ``i`` (it plays from
    that); ``guess[s][i]``: what the table makes of that card (what the expert
    knew of it at the root, then what the play-out shows), the others' view
    of ``s``'s total; ``exact[s][i]``: that guess is the card's points. The
    policy is the hard bot's judgement made cheap: unknown cards at the root's
    unseen mean ``e``, SNAP! on the chance of holding the lowest total, cuts
    with every remembered match (the first of several cutters drawn at
    random), each action card used the hard bot's way (Remolino never).
    """

    __slots__ = (
        "below",
        "blocked",
        "deck",
        "declarer",
        "direction",
        "e",
        "exact",
        "extra",
        "guess",
        "hand",
        "hand_from",
        "in_extra",
        "known",
        "marker",
        "n",
        "out",
        "pending",
        "pile",
        "rng",
        "spread",
        "step",
        "tend",
        "turn",
        "turns",
        "winners",
    )

    below: list[float]  # the mean unseen card under each bound, -15 to 15
    blocked: bool
    deck: list[int]  # the next card drawn is the last one
    declarer: int | None
    direction: int
    e: float
    exact: list[list[bool]]
    extra: int
    guess: list[list[float]]
    hand: int | None
    hand_from: str | None
    in_extra: bool
    known: list[list[bool]]
    marker: bool
    n: int
    out: bool
    pending: int | None
    pile: list[int]  # the top is the last one
    rng: Rng
    spread: float  # the variance of one unseen card
    step: str
    tend: list[list[int]]
    turn: int
    turns: int
    winners: list[int] | None

    def copy(self, seed: int) -> Playout:
        w = Playout.__new__(Playout)
        for name in self.__slots__:
            setattr(w, name, getattr(self, name))
        w.tend = [list(t) for t in self.tend]
        w.known = [list(k) for k in self.known]
        w.guess = [list(g) for g in self.guess]
        w.exact = [list(x) for x in self.exact]
        w.deck = list(self.deck)
        w.pile = list(self.pile)
        w.rng = Rng(seed)
        return w

    # The policy.

    def est(self, s: int, i: int) -> float:
        return _PTS[self.tend[s][i]] if self.known[s][i] else self.e

    def worst(self, s: int) -> tuple[float, int]:
        """Seat ``s``'s dearest card as it knows them (an unknown one first on a tie)."""
        best, where, value = -1e9, 0, 0.0
        tend, known, e = self.tend[s], self.known[s], self.e
        for i in range(len(tend)):
            v = _PTS[tend[i]] if known[i] else e + 0.25
            if v > best:
                best, where, value = v, i, (_PTS[tend[i]] if known[i] else e)
        return value, where

    def twin(self, s: int, card: int, skip: int = -1) -> float:
        """What a cut of ``card``'s number is worth to ``s`` with ``card`` on top."""
        want = _NUM[card]
        if not want:
            return 0.0
        tend, known = self.tend[s], self.known[s]
        best = None
        for i in range(len(tend)):
            if i != skip and known[i] and _NUM[tend[i]] == want:
                pts = _PTS[tend[i]]
                if best is None or pts > best:
                    best = pts
        return 0.0 if best is None else 0.8 * (best + 4.0)

    def placement(self, s: int, card: int) -> tuple[float, int]:
        """Where ``card`` gains most in ``s``'s tendido, and how much (a known
        card swapped out is worth :meth:`twin` more if ``s`` holds its twin)."""
        tend, known, e = self.tend[s], self.known[s], self.e
        pc = _PTS[card]
        numbers = [_NUM[c] if k else 0 for c, k in zip(tend, known, strict=True)]
        best, where = -1e9, 0
        for i in range(len(tend)):
            if known[i]:
                old = tend[i]
                v: float = _PTS[old] - pc
                want = numbers[i]
                if want and numbers.count(want) > 1:
                    v += self.twin(s, old, i)
            else:
                v = e + 0.25 - pc
            if v > best:
                best, where = v, i
        return best, where

    def effect(self, s: int, card: int) -> float:
        kind = _EFFECT[card]
        if kind == "impulso":
            return 3.0
        if kind == "espia":
            return 1.5 if not all(self.known[s]) else 0.5
        if kind == "disrupcion":
            return max(0.0, self.worst(s)[0] - self.e)
        if kind == "manipulacion":
            return 1.0
        return 0.0

    def leader(self, s: int) -> int:
        out = self.declarer if self.out else -1
        best, who = 1e9, -1
        for p in range(self.n):
            if p != s and p != out:
                t = sum(self.guess[p])
                if t < best:
                    best, who = t, p
        return who if who >= 0 else (s + 1) % self.n

    def should_declare(self, s: int) -> bool:
        tend, known, e = self.tend[s], self.known[s], self.e
        mine = 0.0
        unknown = 0
        for i in range(len(tend)):
            if known[i]:
                mine += _PTS[tend[i]]
            else:
                mine += e
                unknown += 1
        chance = 1.0
        for p in range(self.n):
            if p == s:
                continue
            margin = sum(self.guess[p]) - 1.5 - mine
            if margin <= 0:
                return False
            u = unknown + self.exact[p].count(False)
            if u:
                chance *= _normal_cdf(margin / math.sqrt(self.spread * u))
        return chance >= 0.75

    def choose(self) -> tuple[str, Any]:
        """The policy's action for the turn player, at its step."""
        s, step = self.turn, self.step
        if step == "draw":
            if self.marker and self.declarer is None and self.should_declare(s):
                return ("declare", None)
            if self.can_take():
                value, _ = self.placement(s, self.pile[-1])
                if value >= 2.0 or not self.can_draw():
                    return ("take", None)
            return ("draw", None)
        if step == "decide":
            hand = self.hand
            assert hand is not None
            value, where = self.placement(s, hand)
            if self.hand_from == "discard":
                return ("swap", where)
            keep = max(1.0, self.effect(s, hand)) + self.twin(s, hand)
            return ("swap", where) if value >= keep else ("discard", None)
        if step == "activate":
            return self.activation(s)
        return ("remove", self.worst(s)[1])

    def activation(self, s: int) -> tuple[str, Any]:
        kind = _EFFECT[self.pending if self.pending is not None else _SNAP]
        if kind == "impulso":
            return ("use", None)
        if kind == "manipulacion":
            return ("use", self.leader(s))
        if kind == "espia":
            mine = [i for i, k in enumerate(self.known[s]) if not k]
            return ("use", [(s, i) for i in mine[:2]]) if mine else ("skip", None)
        if kind == "disrupcion":
            value, i = self.worst(s)
            if value - self.e < 2.0 or not self.known[s][i]:
                return ("skip", None)
            p = self.leader(s)
            g = self.guess[p]
            j = g.index(min(g)) if g else 0
            return ("use", [(s, i), (p, j)]) if g else ("skip", None)
        return ("skip", None)

    # The rules, as the engine plays them (with the rulings).

    def can_draw(self) -> bool:
        return bool(self.deck) or len(self.pile) > 1

    def can_take(self) -> bool:
        pile = self.pile
        return not self.in_extra and bool(pile) and not self.blocked and pile[-1] != _MIRACLE

    def play(self, name: str, arg: Any = None) -> None:
        s = self.turn
        if name == "declare":
            self.declarer = s
        elif name == "draw":
            card = self.draw_card()
            if card is None:
                return
            if card == _MIRACLE:
                self.pile.append(card)
                self.blocked = True
                self.step = "remove"
                return
            self.hand, self.hand_from, self.step = card, "deck", "decide"
        elif name == "take":
            self.hand = self.pile.pop()
            self.blocked = bool(self.pile)
            self.hand_from, self.step = "discard", "decide"
        elif name == "swap":
            held = self.hand
            assert held is not None
            old = self.tend[s][arg]
            self.tend[s][arg] = held
            self.known[s][arg] = True
            if self.hand_from == "discard":
                self.guess[s][arg], self.exact[s][arg] = float(_PTS[held]), True
            else:
                self.guess[s][arg], self.exact[s][arg] = self.below[_PTS[old] + 15], False
            self.hand = None
            self.reach(old)
        elif name == "discard":
            held = self.hand
            assert held is not None
            self.hand = None
            self.reach(held)
        elif name == "skip":
            self.end_turn()
        elif name == "use":
            self.use(arg)
        elif name == "remove":
            card = self.tend[s].pop(arg)
            for row in (self.known[s], self.guess[s], self.exact[s]):
                row.pop(arg)
            self.pile.insert(len(self.pile) - 1, card)
            if not self.tend[s]:
                self.finish(s)
                return
            self.end_turn()

    def draw_card(self) -> int | None:
        while True:
            if not self.deck:
                if len(self.pile) <= 1:
                    self.finish(None)
                    return None
                self.deck, self.pile = self.pile[:-1], self.pile[-1:]
                self.rng.shuffle(self.deck)
                self.blocked = False
            card = self.deck.pop()
            if card != _SNAP:
                return card
            self.marker = True

    def reach(self, card: int) -> None:
        """``card`` reaches the discard: cuts on it, then its effect."""
        self.pile.append(card)
        self.blocked = card == _MIRACLE
        if not self.blocked and _NUM[card]:
            self.cut(_NUM[card])
            if self.winners is not None:
                return
        if _EFFECT[card]:
            self.pending, self.step = card, "activate"
        else:
            self.end_turn()

    def cut(self, want: int) -> None:
        """Every seat that knows a card of number ``want`` tries; one of them,
        drawn at random, lands first."""
        out = self.declarer if self.out else -1
        cutters = []
        for p in range(self.n):
            if p == out:
                continue
            tend, known = self.tend[p], self.known[p]
            for i in range(len(tend)):
                if known[i] and _NUM[tend[i]] == want:
                    cutters.append((p, i))
                    break
        if not cutters:
            return
        p, i = cutters[self.rng.below(len(cutters))] if len(cutters) > 1 else cutters[0]
        tend = self.tend[p]
        card = tend.pop(i)
        for row in (self.known[p], self.guess[p], self.exact[p]):
            row.pop(i)
        self.pile.append(card)
        self.blocked = True
        if not tend:
            self.finish(p)

    def use(self, arg: Any) -> None:
        s, kind = self.turn, _EFFECT[self.pending if self.pending is not None else _SNAP]
        if kind == "impulso":
            self.extra += 2
        elif kind == "reversa":
            self.direction = -self.direction
        elif kind == "manipulacion":
            self.known[arg] = [False] * len(self.known[arg])
        elif kind == "disrupcion":
            (a, i), (b, j) = arg
            self.trade(a, i, b, j)
        elif kind == "espia":
            for p, i in arg:
                if p == s:
                    self.known[p][i] = True
                else:
                    self.guess[p][i], self.exact[p][i] = float(_PTS[self.tend[p][i]]), True
        elif kind == "remolino":
            self.whirl(arg)
        self.end_turn()

    def trade(self, a: int, i: int, b: int, j: int) -> None:
        """A Disrupción: the two cards trade places; the turn player knows a card
        it receives if the table knew it, nobody else knows what arrived."""
        s = self.turn
        ta, tb = self.tend[a], self.tend[b]
        ta[i], tb[j] = tb[j], ta[i]
        ga, gb = self.guess[a], self.guess[b]
        ga[i], gb[j] = gb[j], ga[i]
        xa, xb = self.exact[a], self.exact[b]
        xa[i], xb[j] = xb[j], xa[i]
        self.known[a][i] = a == s and xa[i]
        self.known[b][j] = b == s and xb[j]

    def whirl(self, step: int) -> None:
        n = self.n
        out = self.declarer if self.out else -1
        picks = [
            self.rng.below(len(self.tend[p])) if p == out else self.worst(p)[1] for p in range(n)
        ]
        given = [
            (self.tend[p][picks[p]], self.guess[p][picks[p]], self.exact[p][picks[p]])
            for p in range(n)
        ]
        for p in range(n):
            card, guess, exact = given[(p - step) % n]
            i = picks[p]
            self.tend[p][i], self.guess[p][i], self.exact[p][i] = card, guess, exact
            self.known[p][i] = False

    def end_turn(self) -> None:
        s = self.turn
        self.hand = self.pending = None
        if self.declarer == s:
            self.out = True
        if self.extra > 0:
            self.extra -= 1
            nxt, self.in_extra = s, True
        else:
            nxt, self.in_extra = (s + self.direction) % self.n, False
        if self.out and nxt == self.declarer:
            self.finish(None)
            return
        self.turn, self.step = nxt, "draw"
        self.turns += 1
        if self.turns >= _MAX_TURNS or (not self.can_draw() and not self.can_take()):
            self.finish(None)

    def finish(self, emptied: int | None) -> None:
        if emptied is not None:
            self.winners = [emptied]
            return
        scores = [sum(_PTS[c] for c in t) for t in self.tend]
        low = min(scores)
        self.winners = [p for p, x in enumerate(scores) if x == low]

    def run(self) -> list[int]:
        """Play on to the end; the winners."""
        while self.winners is None:
            name, arg = self.choose()
            self.play(name, arg)
        return self.winners


class ExpertBot(HardBot):
    """Searches within the table's pause: for each turn decision with a
    choice, it imagines tables consistent with its memory (:class:`Playout`:
    the hidden cards drawn from the cards it cannot place, its known cards
    where it knows them, the others knowing what they saw of their own) and
    plays each candidate action out on the same imagined tables, to the end of
    the game, by a fast policy. It plays the candidate with the best share of
    won games, but leaves the hard bot's choice only for one that does better
    on the same tables by more than ``switch_z`` standard errors of the
    difference. Out of turn (cuts) and where nothing is to be chosen it is the
    hard bot, with its memory.

    Work is counted, never timed, so a seed decides the same on every
    machine: a unit is one turn played out (a play-out's end counts one), an
    imagined table ``imagine_cost`` units; a slice of :meth:`think` ends with
    the play-out that brings it to ``slice_work`` units, and a decision
    once it has done ``budget`` (and played ``min_tables`` tables)."""

    level = "expert"
    budget = 4000
    min_tables = 12
    slice_work = 600
    imagine_cost = 12
    switch_z = 1.0

    memory: ExpertMemory

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.memory = ExpertMemory(self)

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        return conclude(self.think(view, legal))

    def think(self, view: View, legal: Sequence[str]) -> Thought:
        choice = super().act(view, legal)
        candidates = self.candidates(view, legal, choice)
        if len(candidates) < 2:
            return choice
        root = self.root(view)
        if root is None:
            return choice
        wins: list[list[float]] = [[] for _ in candidates]
        work = since = 0
        while work < self.budget or len(wins[0]) < self.min_tables:
            world = self.imagine(view, root)
            seed = self.rng.next64()
            work += self.imagine_cost
            since += self.imagine_cost
            for c, action in enumerate(candidates):
                play = world.copy(seed)
                for name, arg in _parse(action, view["seat"]):
                    play.play(name, arg)
                    if play.winners is not None:
                        break
                winners = play.run()
                wins[c].append(1.0 / len(winners) if view["seat"] in winners else 0.0)
                work += play.turns + 1
                since += play.turns + 1
                if since >= self.slice_work:
                    since = 0
                    yield
        return self.pick_best(candidates, wins, choice)

    def pick_best(
        self, candidates: list[str], wins: list[list[float]], choice: str | None
    ) -> str | None:
        """The candidate with the most wins, if it beats ``choice`` (the hard
        bot's) on the same tables by more than ``switch_z`` standard errors."""
        base = candidates.index(choice) if choice in candidates else 0
        tables = len(wins[0])
        best, best_gain = base, 0.0
        for c in range(len(candidates)):
            if c == base:
                continue
            diffs = [a - b for a, b in zip(wins[c], wins[base], strict=True)]
            mean = sum(diffs) / tables
            var = sum((d - mean) ** 2 for d in diffs) / max(1, tables - 1)
            if mean > best_gain and mean > self.switch_z * math.sqrt(var / tables):
                best, best_gain = c, mean
        return candidates[best]

    def candidates(self, view: View, legal: Sequence[str], choice: str | None) -> list[str]:
        """The turn actions worth playing out (``choice`` among them), or none."""
        me = view["seat"]
        if view["phase"] != "play" or view["turn"] != me or choice is None:
            return []
        if choice.startswith(("cut:", "tied:", "order:")):
            return []
        turn = [a for a in legal if not a.startswith(("cut:", "tied:", "order:"))]
        step = view["step"]
        if step != "activate":
            out = list(turn)
        else:
            out = [a for a in turn if not a.startswith("use")]
            uses = [a for a in turn if a.startswith("use")]
            card = view["pending"]["card"] if view["pending"] else None
            if card in ("disrupcion", "espia"):
                out += self.shortlist(view, card, uses)
            else:
                out += uses
        if choice not in out:
            out.append(choice)
        return out

    def shortlist(self, view: View, card: str, uses: Sequence[str]) -> list[str]:
        """A few Disrupción or Espía targets: for each other seat, this seat's
        worst card for that seat's best-known one (Disrupción), or two of its
        cards this seat does not know (Espía), and two of this seat's own."""
        me, e = view["seat"], self.unknown_value(view)
        out: list[str] = []
        if card == "disrupcion":
            _, mine = self.worst(me, e)
            for p in range(view["players"]):
                if p == me:
                    continue
                vals = self.values(p, e)
                if not vals:
                    continue
                j = vals.index(min(vals))
                a, b = sorted([(me, mine), (p, j)])
                out.append(f"use:{a[0]}.{a[1]},{b[0]}.{b[1]}")
        else:
            for p in range(view["players"]):
                blind = [i for i, f in enumerate(self.memory.know[p]) if f is None][:2]
                if len(blind) == 2:
                    out.append(f"use:{p}.{blind[0]},{p}.{blind[1]}")
        return [a for a in dict.fromkeys(out) if a in uses]

    def root(self, view: View) -> Playout | None:
        """What every imagined table shares: the public position and this
        seat's knowledge, the hidden cards left to be drawn by :meth:`imagine`
        (``None`` where the memory disagrees with the view: then no search)."""
        mem = self.memory
        if len(mem.pile) != view["discard"]["count"]:
            return None
        e = self.unknown_value(view)
        left = self.unseen()
        if view["hand"] is not None and view["hand"]["card"] is not None:
            held = view["hand"]["card"]
            if left.get(held, 0) <= 0:
                return None
            left[held] -= 1
        w = Playout.__new__(Playout)
        w.n, w.e = view["players"], e
        w.spread = max(1.0, self.unknown_spread(e))
        pool = sorted((_PTS[_ID[c]], n) for c, n in left.items() if n > 0)
        w.below = []
        for bound in range(-15, 16):
            under = [(v, n) for v, n in pool if v < bound]
            count = sum(n for _, n in under)
            w.below.append(min(e, sum(v * n for v, n in under) / count) if count else e)
        top = view["discard"]["top"]
        w.pile = [_ID[c] for c in mem.pile]
        w.blocked = bool(top and top["blocked"])
        w.marker = view["marker"]["found"]
        w.declarer = view["declarer"]
        w.out = bool(view["out"])
        w.turn, w.step, w.direction = view["seat"], view["step"], view["direction"]
        w.extra, w.in_extra = view["extra_turns"], view["extra_turn"]
        hand = view["hand"]
        w.hand = _ID[hand["card"]] if hand and hand["card"] is not None else None
        w.hand_from = hand["source"] if hand else None
        pending = view["pending"]
        w.pending = _ID[pending["card"]] if pending else None
        w.turns, w.winners, w.rng = 0, None, Rng(0)
        w.deck = [_ID[c] for c, n in left.items() for _ in range(n)]
        w.tend, w.known, w.guess, w.exact = [], [], [], []
        return w

    def imagine(self, view: View, root: Playout) -> Playout:
        """One table consistent with this seat's memory: the cards it cannot
        place dealt at random to the places it does not know (the cards it
        knows to be in a tendido there, a card an opponent kept below the
        card it replaced, when such a card is left) and to the draw pile,
        with the marker shuffled in while nobody has drawn it."""
        mem, rng, me = self.memory, self.rng, view["seat"]
        pool = list(root.deck)
        rng.shuffle(pool)
        w = root.copy(0)
        w.rng = rng.copy()
        for p, row in enumerate(mem.know):
            tend: list[int] = []
            known: list[bool] = []
            guess: list[float] = []
            exact: list[bool] = []
            blind = [i for i, f in enumerate(row) if f is None]
            loose = list(mem.loose[p])[: len(blind)]
            rng.shuffle(blind)
            placed = dict(
                zip(blind, loose, strict=False)
            )  # not in the pool: unseen() left them out
            caps = mem.cap[p]
            for i, f in enumerate(row):
                if f is not None:
                    card = _ID[f.card]
                    tend.append(card)
                    guess.append(float(_PTS[card]))
                    exact.append(p != me)
                elif i in placed:
                    card = _ID[placed[i]]
                    tend.append(card)
                    guess.append(float(_PTS[card]) if p != me else root.e)
                    exact.append(False)
                else:
                    cap = caps[i] if i < len(caps) else None
                    at = len(pool) - 1
                    if cap is not None:
                        at = next(
                            (k for k in range(len(pool) - 1, -1, -1) if _PTS[pool[k]] < cap), at
                        )
                    card = pool.pop(at) if pool else _ID[DECK_FILLER]
                    tend.append(card)
                    guess.append(
                        root.below[int(min(15, max(-15, cap))) + 15]
                        if cap is not None and p != me
                        else root.e
                    )
                    exact.append(False)
                known.append(
                    f is not None
                    if p == me
                    else (mem.owns[p][i] if i < len(mem.owns[p]) else False)
                )
            w.tend.append(tend)
            w.known.append(known)
            w.guess.append(guess if p != me else [root.e] * len(tend))
            w.exact.append(exact)
        need = view["deck"] - (0 if view["marker"]["found"] else 1)
        deck = pool[:need]
        while len(deck) < need:
            deck.append(_ID[DECK_FILLER])
        if not view["marker"]["found"]:
            deck.insert(rng.below(len(deck) + 1), _SNAP)
        w.deck = deck
        return w


#: A card for an imagined draw pile that the memory counted short (never seen so far).
DECK_FILLER = "5"


def _parse(action: str, me: int) -> list[tuple[str, Any]]:
    """A turn action as the play-out's steps: ``declare``, ``swap:2``, ``use:1``,
    ``use:next``, ``use:0.1,1.3`` (a Disrupción's or an Espía's two cards)."""
    name, _, arg = action.partition(":")
    if name in ("swap", "remove"):
        return [(name, int(arg))]
    if name != "use" or not arg:
        return [(name, None)]
    if arg in WHIRL_STEP:
        return [(name, WHIRL_STEP[arg])]
    if "." not in arg:
        return [(name, int(arg))]
    slots = [(int(a), int(b)) for a, b in (part.split(".") for part in arg.split(","))]
    return [(name, slots)]


WHIRL_STEP = {"next": 1, "prev": -1}


def _normal_cdf(x: float) -> float:
    """The standard normal distribution's P(X <= x)."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


LEVELS: dict[str, BotFactory] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
}

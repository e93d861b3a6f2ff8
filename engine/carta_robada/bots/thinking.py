"""Carta robada's shared judgement (:class:`ThinkingBot`): the totals it prices
from memory and the count, cuts, SNAP!, and each action card's use."""

from __future__ import annotations

from collections.abc import Sequence

from engine.bot import Bot, View
from engine.carta_robada.bots.memory import CODES, DECK_MEAN, Memory, number
from engine.carta_robada.cards import copies, points


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

"""Carta robada's levels up to hard: hard's perfect memory and card count, and
the weaker memories and margins of medium and easy; the random bot."""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.bot import Bot, View
from engine.carta_robada.bots.memory import _normal_cdf, number
from engine.carta_robada.bots.thinking import ThinkingBot
from engine.carta_robada.cards import points


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

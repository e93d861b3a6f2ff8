"""One imagined table of the expert's search (:class:`Playout`): hidden cards
drawn consistent with its memory, and the fast policy every seat plays there."""

from __future__ import annotations

import math
from typing import Any

from engine.carta_robada.bots import moves
from engine.carta_robada.bots.imagined import _EFFECT, _MIRACLE, _NUM, _PTS, _SNAP
from engine.carta_robada.bots.memory import _normal_cdf
from engine.core import Rng


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

    # The moves, methods of this class written in engine/carta_robada/bots/moves.py.
    play = moves.play
    draw_card = moves.draw_card
    reach = moves.reach
    cut = moves.cut
    use = moves.use
    trade = moves.trade
    whirl = moves.whirl
    end_turn = moves.end_turn
    finish = moves.finish
    run = moves.run

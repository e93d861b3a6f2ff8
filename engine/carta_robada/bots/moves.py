"""The rules of Carta robada as the expert's imagined tables play them
(the half of :class:`~engine.carta_robada.bots.playout.Playout` that applies a
move: draw, reach for a card, cut, use an action card, end a turn, run to the
end). Each function here is a method of ``Playout``, which names them in its body."""

from __future__ import annotations

from typing import Any

from engine.carta_robada.bots.imagined import _EFFECT, _MAX_TURNS, _MIRACLE, _NUM, _PTS, _SNAP

#: The imagined table each function is a method of (``Playout``: this module is
#: below it, so it is not named here).
Playout = Any


def play(self: Playout, name: str, arg: Any = None) -> None:
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


def draw_card(self: Playout) -> int | None:
    while True:
        if not self.deck:
            if len(self.pile) <= 1:
                self.finish(None)
                return None
            self.deck, self.pile = self.pile[:-1], self.pile[-1:]
            self.rng.shuffle(self.deck)
            self.blocked = False
        card: int = self.deck.pop()
        if card != _SNAP:
            return card
        self.marker = True


def reach(self: Playout, card: int) -> None:
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


def cut(self: Playout, want: int) -> None:
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


def use(self: Playout, arg: Any) -> None:
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


def trade(self: Playout, a: int, i: int, b: int, j: int) -> None:
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


def whirl(self: Playout, step: int) -> None:
    n = self.n
    out = self.declarer if self.out else -1
    picks = [self.rng.below(len(self.tend[p])) if p == out else self.worst(p)[1] for p in range(n)]
    given = [
        (self.tend[p][picks[p]], self.guess[p][picks[p]], self.exact[p][picks[p]]) for p in range(n)
    ]
    for p in range(n):
        card, guess, exact = given[(p - step) % n]
        i = picks[p]
        self.tend[p][i], self.guess[p][i], self.exact[p][i] = card, guess, exact
        self.known[p][i] = False


def end_turn(self: Playout) -> None:
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


def finish(self: Playout, emptied: int | None) -> None:
    if emptied is not None:
        self.winners = [emptied]
        return
    scores = [sum(_PTS[c] for c in t) for t in self.tend]
    low = min(scores)
    self.winners = [p for p, x in enumerate(scores) if x == low]


def run(self: Playout) -> list[int]:
    """Play on to the end; the winners."""
    while self.winners is None:
        name, arg = self.choose()
        self.play(name, arg)
    winners: list[int] = self.winners
    return winners

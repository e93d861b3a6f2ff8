"""The Abyss expert's dealer (:class:`Dealer`): the face-down cards and the draw
pile dealt consistent with one seat's view."""

from __future__ import annotations

from engine.abyss.bots.judge import house_rules
from engine.abyss.bots.round import Round
from engine.abyss.bots.search import _MASK, DOWN, GONE, UP
from engine.bot import View


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

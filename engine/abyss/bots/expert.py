"""Abyss's expert (:class:`ExpertBot`): hard's play in an open round, and near a
round's end each option played out on dealt rounds, in slices of counted work."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engine.abyss.bots.dealer import Dealer
from engine.abyss.bots.judge import HIDDEN
from engine.abyss.bots.levels import HardBot
from engine.abyss.bots.round import Round
from engine.abyss.bots.search import (
    CHOOSE_HIDDEN,
    CHOOSE_SEATS,
    DEAL_COST,
    DECISION_STEPS,
    EDGE,
    FINAL_HIDDEN,
    FINAL_REACH,
    NEAR_END,
    PLACES,
    REVEAL,
    REVEAL_SEATS,
    SLICE_STEPS,
    SURE,
    TIE_POINTS,
    win_chance,
)
from engine.bot import Bot, Thought, View, conclude


class RevealingBot(HardBot):
    """The hard bot with a price on time (:data:`REVEAL`): each option that
    turns a hidden card face up (a card put on it, a flip, a discard and the
    flip that follows) is worth that many points more. Every card turned is
    a turn nearer closing, and heads-up the closer gains about 9 points on
    the other seat (docs/bots.md): a card put over a face-up one saves
    points but leaves the race to the other seat."""

    def bonus(self) -> float:
        """:data:`REVEAL`, at a table of at most :data:`REVEAL_SEATS`."""
        return REVEAL if self.players <= REVEAL_SEATS else 0.0

    def after_place(self, cells: list[Any], pos: int, value: int) -> float:
        bonus = self.bonus() if cells[pos] == HIDDEN else 0.0
        return super().after_place(cells, pos, value) - bonus

    def after_discard(self, cells: list[Any], value: int) -> float:
        return super().after_discard(cells, value) - self.bonus()

    def after_flip(self, cells: list[Any], pos: int) -> float:
        return super().after_flip(cells, pos) - self.bonus()


class ExpertBot(Bot):
    """The hard bot's play, with the options near a round's end played out
    (the section's comment above says how; ``act`` is ``think`` concluded)."""

    level = "expert"
    #: See :data:`FINAL_REACH` (a variant may move it).
    final_reach = FINAL_REACH
    final_hidden = FINAL_HIDDEN

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.hard = (RevealingBot if REVEAL else HardBot)(self.rng.next64())

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        return conclude(self.think(view, legal))

    def searches(self, view: View) -> bool:
        """Whether this decision is played out: the round may end soon."""
        options = view.get("options") or {}
        if options.get("swallow_rows") or view["prompt"] not in (
            "choose",
            "place_taken",
            "place_or_discard",
        ):
            return False
        if view["closer"] is not None:
            return True
        hidden: int = view["grids"][view["seat"]]["hidden"]
        if (
            view["prompt"] == "choose"
            and hidden <= CHOOSE_HIDDEN
            and view["players"] <= CHOOSE_SEATS
        ):
            return True
        if view["target"] - max(view["totals"]) <= self.final_reach:
            return hidden <= self.final_hidden
        return hidden <= NEAR_END

    def dealer(self, view: View) -> Dealer:
        """What this decision's sampled deals come from: the view's count (a
        diagnostic in bench/abyss_expert.py tells it the true cards instead)."""
        return Dealer(view)

    def think(self, view: View, legal: Sequence[str]) -> Thought:
        if len(legal) <= 1:
            return legal[0] if legal else None
        if not self.searches(view):
            return self.hard.act(view, legal)
        ranked = yield from self.hard.ranking(view, legal)
        me = view["seat"]
        cells = [c["state"] for c in view["grids"][me]["cells"]]
        flips = [f"flip:{p}" for p, x in enumerate(cells) if x == "hidden"]
        flip_after = int(self.hard.flip_choice(self.hard.grids[me], flips)[5:]) if flips else -1
        take_at, plan = -1, {}
        if view["prompt"] == "choose":
            candidates = [a for _, a in ranked]
            yield  # the hard bot's follow-ups cost about as much as its choice
            if "take" in candidates:
                take_at = int(self.hard.take_spot(view["discard"]["top"])[6:])
            if "draw" in candidates:
                plan = self.hard.draw_plan()
        else:
            candidates = [a for _, a in ranked[:PLACES]]
            # The closes the hard bot refuses for their doubling risk are
            # played out too: a doubled close may still win the game.
            if cells.count("hidden") == 1 and view["closer"] is None:
                closing = f"place:{cells.index('hidden')}"
                if closing in legal and closing not in candidates:
                    candidates.append(closing)
            if "discard" in legal and "discard" not in candidates:
                candidates.append("discard")
        if len(candidates) == 1:
            return candidates[0]
        yield
        pending = view["pending"]["value"] if view["pending"] else None
        totals = view["totals"]
        target = view["target"]
        k = len(candidates)
        sums = [0.0] * k  # per option, the sum of its chances over the deals
        diffs = [0.0] * k  # per option, the sum of its difference to the hard bot's
        squares = [0.0] * k
        deals = 0
        steps = 0.0
        slice_steps = 0.0
        dealer = self.dealer(view)
        while steps < DECISION_STEPS:
            base = dealer.deal(self.rng.next64())
            cost = DEAL_COST * (len(base.pile) + sum(base.hid))
            steps += cost
            slice_steps += cost
            chances = []
            for action in candidates:
                r = base.copy()
                self.play(r, me, action, pending, take_at, plan, flip_after)
                scores = r.finish((me + 1) % r.n) if not r.end_turn(me) else r.scores()
                steps += r.steps
                slice_steps += r.steps
                ahead = (sum(scores) - scores[me]) / (len(scores) - 1) - scores[me]
                chances.append(
                    win_chance([t + x for t, x in zip(totals, scores, strict=True)], me, target)
                    + TIE_POINTS * ahead
                )
                # A long playout (a whole round at a large table) may fill a
                # slice: the slice ends between two options' playouts.
                if slice_steps >= SLICE_STEPS:
                    slice_steps = 0.0
                    yield
            deals += 1
            for i, w in enumerate(chances):
                d = w - chances[0]
                sums[i] += w
                diffs[i] += d
                squares[i] += d * d
        best = 0
        for i in range(1, k):
            mean = diffs[i] / deals
            var = max(0.0, squares[i] / deals - mean * mean)
            se = math.sqrt(var / max(1, deals - 1))
            if mean > EDGE and mean > SURE * se and sums[i] > sums[best]:
                best = i
        return candidates[best]

    @staticmethod
    def play(
        r: Round,
        me: int,
        action: str,
        pending: int | None,
        take_at: int,
        plan: dict[int, str],
        flip_after: int,
    ) -> None:
        """This seat's option on the sampled deal, up to the end of its turn."""
        r.steps += 1
        if action == "take":
            r.place(me, take_at, r.disc.pop())
        elif action == "draw":
            v = r.draw()
            follow = plan.get(v, "discard")
            if follow == "discard":
                r.disc.append(v)
                r.flip(me, flip_after)
            else:
                r.place(me, int(follow[6:]), v)
        elif action == "discard":
            assert pending is not None
            r.disc.append(pending)
            r.flip(me, flip_after)
        elif action.startswith("place:"):
            assert pending is not None
            r.place(me, int(action[6:]), pending)
        else:
            r.flip(me, int(action[5:]))

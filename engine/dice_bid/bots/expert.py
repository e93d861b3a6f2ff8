"""The dice game's expert: hard's solved round plus a safe exploitation of what
the opponent has shown (:class:`ExpertBot`), thought in slices."""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from operator import mul
from typing import Any

from engine.bot import Thought, View, conclude
from engine.dice_bid.bots.levels import HardBot
from engine.dice_bid.bots.model import (
    HABIT_BANDWIDTH,
    HABIT_PRIOR,
    PICTURES,
    _held,
    as_seen_by,
    duel_strategy,
    past_view,
    read_opponent,
    rule_reading,
    safe_lean,
)
from engine.dice_bid.bots.solver import (
    DUEL_EDGE_WEIGHT,
    _exact_end,
    _solved_duel,
    last_two_best,
    last_two_matrices,
    rank_weights,
)

#: A share of a uniform bid mixed into every picture's prediction, so that no
#: picture is ruled out by a single bid.
PICTURE_FLOOR = 0.1


class ExpertBot(HardBot):
    """The hard bot's solved round, plus a safe exploitation of what the
    opponent has shown (heads-up), thought in work-bounded slices.

    Heads-up it solves the round as hard does (:func:`duel_matrix` over the
    opponent's ranks, :func:`by_rank`), then asks which of three pictures
    (``PICTURES``) the opponent's past bids fit: it plays its half of the
    same solved round (``equilibrium``); it bids as the straight line of its
    past bids predicts (``habit``, :func:`read_opponent`); or it solves the
    round itself and leans towards the best answer to *this* seat's habit
    (``reader``: the hard bot's heads-up bid from its seat, over hands sampled
    from its candidates); or it follows one of a few fixed rules (``rule``,
    :func:`rule_reading`: the rules played on every way its unseen cards may
    lie, which a rule-follower's bids narrow down). Each picture is scored by
    the chance it gave each bid the opponent made, and the bid predicted now
    is their mix weighted by that evidence. The expert leans from its
    equilibrium mix towards the best answer to that prediction only as far
    as the lean keeps its worst case (a
    best reply in the solved round) within ``epsilon`` of the equilibrium's
    (:func:`~engine.dice_bid.search.safe_lean`): a wrong picture costs at
    most that much win probability a round.
    """

    level = "expert"
    #: Opponent hands sampled for each ``reader`` prediction (a slice each).
    samples = 12
    #: Win probability a round's lean may give up against a best reply.
    epsilon = 0.1
    #: The continuation weight of its own solved round (:func:`duel_matrix`).
    edge_weight = DUEL_EDGE_WEIGHT
    #: At three or more players, the share of rounds another seat is taken to
    #: bid the hard bot's mix from its seat.
    solver_share = 0.7
    #: Heads-up, the reroll chosen by the next round's solved value (else hard's rule).
    solved_reroll = True
    #: Solves of a next prize per slice of a reroll.
    reroll_slice = 1
    #: Heads-up, the last two rounds played at their exact equilibrium.
    exact_end = True
    #: Heads-up, the opponent also pictured as following one of ``RULES``...
    rules = True
    #: ... with this share of its bids off the rule (a slip, any card). Lower
    #: than ``PICTURE_FLOOR``: a rule that foretells few bids exactly must not
    #: outweigh a picture that comes near them all.
    rule_slip = 0.03

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        # Each past round's log-likelihood per picture, by the round's public facts.
        self._scored: dict[tuple[Any, ...], tuple[float, ...]] = {}

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        return conclude(self.think(view, legal))

    def think(self, view: View, legal: Sequence[str]) -> Thought:
        if len(legal) == 1:
            return legal[0]
        if view["prompt"] == "reroll" or not legal[0].startswith("bid:"):
            if self.solved_reroll and view["players"] == 2 and not view["tiebreak"]:
                return (yield from self.duel_reroll(view, legal))
            return self.reroll(view, legal)
        if view["players"] == 2 and not view["tiebreak"]:
            strategy = yield from self.duel(view)
        else:
            strategy = yield from self.table(view)
        return f"bid:{self.draw(strategy)}"

    def duel_reroll(self, view: View, legal: Sequence[str]) -> Generator[None, None, str]:
        """Heads-up, the die whose reroll (or force) leaves the next round
        worth most: each prize it may bring is valued as the next round
        solved (:func:`_solved_duel`, the equilibrium's chance to win the
        game with the hands and scores as they now are), averaged over the
        die's six faces. A slice per solve."""
        me = view["seat"]
        if not view["seats"][me]["hand_count"] or not view["seats"][1 - me]["hand_count"]:
            return self.reroll(view, legal)
        dice = view["dice"]
        worth: dict[int, float] = {}
        best, best_value = legal[0], float("-inf")
        for action in legal:
            verb, _, arg = action.partition(":")
            kept = dice[1 - int(arg)]
            prizes = (
                [-kept]
                if verb == "force"
                else [-kept if x == kept else kept + x for x in range(1, 7)]
            )
            for prize in prizes:
                if prize not in worth:
                    _, payoff, x, y = _solved_duel({**view, "prize": prize}, self.edge_weight)
                    worth[prize] = sum(
                        p * sum(map(mul, row, y)) for p, row in zip(x, payoff, strict=True)
                    )
                    if len(worth) % self.reroll_slice == 0:
                        yield
            value = sum(worth[p] for p in prizes) / len(prizes)
            # Rounded, so that equal options tie on every Python; the first listed wins.
            if round(value, 9) > round(best_value, 9):
                best, best_value = action, value
        return best

    def table(self, view: View) -> Generator[None, None, dict[int, float]]:
        """At three or more players (or a tiebreak): the hard bot's regret
        matching, with every other seat predicted as a hard bot would bid
        from its seat (its mix learnt again with a seed of this bot's), and
        followed ``solver_share`` of the time."""
        me = view["seat"]
        models: dict[int, tuple[float, list[float]]] = {}
        for s in view["seats"]:
            t = s["seat"]
            if t == me or not s["hand_count"]:
                continue
            seen = {**view, "seat": t}
            mix = HardBot(self.rng.next64()).strategy(seen)
            models[t] = (self.solver_share, [mix.get(c, 0.0) for c in sorted(s["hand"])])
            yield
        return self.strategy(view, models)

    def duel(self, view: View) -> Generator[None, None, dict[int, float]]:
        """The heads-up mixed bid (the class doc); with two cards each, the
        last two rounds' exact equilibrium (:func:`last_two_best`)."""
        hand = sorted(view["seats"][view["seat"]]["hand"])
        if self.exact_end and _exact_end(view):
            _, p = last_two_best(last_two_matrices(view))
            return {c: w for c, w in zip(hand, (p, 1 - p), strict=True) if w > 0}
        stage, payoff, x, y = _solved_duel(view, self.edge_weight)
        yield
        predictions = yield from self._pictures(view, y)
        evidence = yield from self._evidence(view)
        if self.rules:
            likelihood, ruled = yield from rule_reading(view, 1 - view["seat"], self.rule_slip)
            predictions.append(ruled)
            evidence.append(likelihood)
        top = max(evidence)
        weights = [math.exp(e - top) for e in evidence]
        norm = sum(weights)
        q = [sum(map(mul, weights, column)) / norm for column in zip(*predictions, strict=True)]
        value = [sum(map(mul, row, q)) for row in stage]
        best = max(range(len(hand)), key=value.__getitem__)
        floor = _held(payoff, x) - self.epsilon
        if value[best] > sum(map(mul, x, value)):
            w = safe_lean(payoff, x, best, self.epsilon)
            x = [(1 - w) * p for p in x]
            x[best] += w
        # The faint tail is the solver's noise, but dropping it moves the mix:
        # a lean already at its bound would pass it (by up to a quarter of a
        # point), so the tail stays where dropping it would give up more.
        total = sum(p for p in x if p >= 0.01)
        trimmed = [p / total if p >= 0.01 else 0.0 for p in x]
        if _held(payoff, trimmed) >= floor:
            x = trimmed
        return {c: p for c, p in zip(hand, x, strict=True) if p > 0}

    def _pictures(self, view: View, y: Sequence[float]) -> Generator[None, None, list[list[float]]]:
        """Each picture's chance for every card the opponent may bid now
        (its candidates, lowest first); ``y`` is its half of the solved round."""
        them = 1 - view["seat"]
        info = view["seats"][them]
        rival = sorted(info["candidates"])
        n = len(rival)
        ranks = rank_weights(n, info["hand_count"])
        equilibrium = [sum(p * w[j] for p, w in zip(y, ranks, strict=True)) for j in range(n)]
        uniform = [1.0 / n] * n
        trust, line = read_opponent(view, them)
        habit = line if trust > 0 else uniform
        trust, curve = read_opponent(view, them, HABIT_BANDWIDTH, HABIT_PRIOR)
        smooth = curve if trust > 0 else uniform
        trust, by_ranks = read_opponent(view, them, HABIT_BANDWIDTH, HABIT_PRIOR, ranks=True)
        in_hand = (
            [sum(p * w[j] for p, w in zip(by_ranks, ranks, strict=True)) for j in range(n)]
            if trust > 0
            else uniform
        )
        yield  # the readings above and the solves below are slices apart
        reader = dict.fromkeys(rival, 0.0)
        for _ in range(self.samples):
            pool = list(rival)
            self.rng.shuffle(pool)
            seen = as_seen_by(view, them, pool[: info["hand_count"]])
            for card, p in duel_strategy(seen).items():
                reader[card] += p / self.samples
            yield
        return [equilibrium, habit, smooth, in_hand, [reader[c] for c in rival]]

    def _evidence(self, view: View) -> Generator[None, None, list[float]]:
        """Each picture's log-likelihood of the opponent's bids so far (each
        past round is worked out once and kept)."""
        them = 1 - view["seat"]
        rows = [r for r in view["sheet"] if r["tiebreak"] == 0]
        total = [0.0] * len(PICTURES[:-1])  # the rule picture reads the whole game at once
        for r, row in enumerate(rows):
            card = row["cards"][them]
            if card is None:
                continue
            key = (r, row["prize"], tuple(row["cards"]), tuple(row["scores"]))
            if key not in self._scored:
                past = past_view(view, r)
                solved = _solved_duel(past, self.edge_weight)
                yield
                predictions = yield from self._pictures(past, solved[3])
                rival = sorted(past["seats"][them]["candidates"])
                j = rival.index(card)
                floor = PICTURE_FLOOR / len(rival)
                self._scored[key] = tuple(
                    math.log((1 - PICTURE_FLOOR) * p[j] + floor) for p in predictions
                )
            total = [a + b for a, b in zip(total, self._scored[key], strict=True)]
        return total

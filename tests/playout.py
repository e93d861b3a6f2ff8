"""Seeded random play through the public protocol only, for the conformance
suite, the soak run and the benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from engine.bot import Thought
from engine.core import Game, State

#: Per game, a filter on the random policy's choices, so that random play ends
#: in reasonable time when a game has always-legal moves (it changes the test's
#: player, never the rules): (state, seat, legal) -> the actions to pick among.
POLICY_FILTERS: dict[str, Callable[[State, int, tuple[str, ...]], tuple[str, ...]]] = {}


def _carta_robada_policy(state: State, seat: int, legal: tuple[str, ...]) -> tuple[str, ...]:
    """Carta robada: the turn's own actions first; out-of-turn gestures (cuts,
    tie-window attempts, reorders) only when the seat has nothing else to do,
    with a cut about one time in eight, so random play neither wanders through
    endless reorders nor drowns every tendido in penalty cards. Relies on the
    documented order of ``legal``: the turn's actions, then ``cut``, ``tied``,
    ``order``."""
    size = len(legal)
    k = 0
    while k < size and legal[k][:2] not in ("cu", "ti", "or"):
        k += 1
    m = k
    while m < size and legal[m][:2] != "or":
        m += 1
    flow, cuts, orders = legal[:k], legal[k:m], legal[m:]
    # A cheap, replayable coin: the move count and the seat, no hidden state.
    coin = (state.moves * 2654435761 + seat * 40503) % 16
    if flow:
        return flow + cuts if cuts and coin == 0 else flow
    if cuts and coin < 2:
        return cuts
    return orders or cuts


POLICY_FILTERS["carta_robada"] = _carta_robada_policy

MAX_STEPS = 50_000


def random_steps(
    game: Game, state: State, rng: random.Random
) -> Iterator[tuple[State, int, str, State]]:
    """Yield ``(before, seat, action, after)`` for a random game until it is over.

    Raises AssertionError if an actor has no legal action or the game does not end.
    """
    keep = POLICY_FILTERS.get(game.id)
    for _ in range(MAX_STEPS):
        actors = game.actors(state)
        if not actors:
            assert game.result(state) is not None, f"{game.id}: no actors but no result"
            return
        assert game.result(state) is None, f"{game.id}: a result while seats still act"
        seat = actors[rng.randrange(len(actors))]
        legal = game.legal(state, seat)
        assert legal, f"{game.id}: seat {seat} is an actor with no legal action"
        choices = keep(state, seat, legal) if keep else legal
        action = choices[rng.randrange(len(choices))]
        after = game.apply(state, seat, action)
        yield state, seat, action, after
        state = after
    raise AssertionError(f"{game.id}: the game did not end in {MAX_STEPS} moves")


def play_out(game: Game, players: int, seed: int) -> tuple[State, list[tuple[int, str]]]:
    """A whole seeded random game: the final state and the actions played."""
    state = game.new(players, seed)
    actions = []
    for _, seat, action, after in random_steps(game, state, random.Random(seed)):
        actions.append((seat, action))
        state = after
    return state, actions


def think_through(thought: Thought) -> tuple[int, str | None]:
    """Run a bot's sliced decision (``Bot.think``) as the table would, one slice
    per ``next()``: how many slices of work it took (the last one returns the
    action), and that action."""
    count = 0
    while True:
        count += 1
        try:
            next(thought)
        except StopIteration as done:
            return count, done.value

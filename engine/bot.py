"""What every Tapete bot is: a small object that sees one seat's view and legal
actions, and answers with one of those actions (or ``None`` to wait).

A bot never receives a state, a game object or another seat's view, so it
cannot cheat by accident: everything it knows comes through ``act``. Its own
randomness is an :class:`engine.core.Rng` seeded at construction, never the
global ``random``, so a bot replays identically for a given seed and call
history, on CPython and on Pyodide alike.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import Any, Protocol, TypeVar

from engine.core import Rng

__all__ = [
    "LEVELS",
    "Bot",
    "BotFactory",
    "Hint",
    "Player",
    "RandomBot",
    "Thought",
    "View",
    "conclude",
    "levels_of",
]

#: The levels every game offers, weakest first.
LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard", "expert")

#: What ``game.view(state, seat)`` returns: all a bot knows.
View = dict[str, Any]

#: A hint: ``(action, reason_key, params)``: the action the hard bot would play,
#: the i18n key of the one-line why (``"hint.<game>.<reason>"``) and the values
#: that line interpolates.
Hint = tuple[str, str, dict[str, Any]]


class Player(Protocol):
    """Anything that can sit at a table: the arena and the UI call only this."""

    level: str

    def act(self, view: View, legal: Sequence[str]) -> str | None: ...


BotFactory = Callable[[int], Player]


def levels_of(*factories: BotFactory) -> dict[str, BotFactory]:
    """A game's levels: one factory per name of :data:`LEVELS`, given in its
    order (weakest first), so every game offers the same names in one order."""
    if len(factories) != len(LEVELS):
        raise ValueError(f"one factory per level of {LEVELS}, not {len(factories)}")
    return dict(zip(LEVELS, factories, strict=True))


#: A decision taken in slices: ``next()`` does one bounded slice of work and
#: yields ``None``; the generator's return value (``StopIteration.value``) is the
#: action. The UI runs one slice per timer tick, so a tap waits for at most one
#: slice; the arena and tests run it straight through (:func:`conclude`). A slice
#: is bounded by a count of work (rollouts, nodes), never by reading a clock, so
#: a seeded bot decides the same on every machine and at every load.
Thought = Generator[None, None, "str | None"]

T = TypeVar("T")


def conclude(thought: Generator[None, None, T]) -> T:
    """Run every slice of ``thought`` at once and return its action (or
    whatever a sliced part of a thought returns)."""
    while True:
        try:
            next(thought)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


class Bot:
    """Base class: holds the level name and a seeded generator.

    Subclasses implement :meth:`act`. ``legal`` is the tuple that
    ``game.legal(state, seat)`` returned for this seat at this moment; the bot
    must answer with one of its items, or ``None`` where the game lets a seat
    let a moment pass (an optional cut or reorder in Carta robada).
    """

    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        raise NotImplementedError

    def think(self, view: View, legal: Sequence[str]) -> Thought:
        """The same decision as :meth:`act`, in slices (see :data:`Thought`).

        The default is one slice: bots that search override this and define
        ``act`` as ``conclude(self.think(view, legal))``."""
        return self.act(view, legal)
        yield  # a generator function: the action above is its return value

    # Small helpers the game bots share.

    def pick(self, options: Sequence[str]) -> str:
        return options[self.rng.below(len(options))]

    def chance(self, p: float) -> bool:
        """True with probability ``p`` (53 bits of the generator)."""
        return (self.rng.next64() >> 11) * (1.0 / (1 << 53)) < p

    def uniform(self) -> float:
        return (self.rng.next64() >> 11) * (1.0 / (1 << 53))


class RandomBot(Bot):
    """Picks uniformly among the legal actions. The floor of every ladder."""

    level = "random"

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        return self.pick(legal) if legal else None

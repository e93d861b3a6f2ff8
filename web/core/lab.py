"""The bot lab: N games between bot levels, played in the page's spare time.

:class:`Lab` holds the form (game, seats, each seat's level, how many games)
and a run: :func:`engine.arena.run_steps`, the arena's own loop, taken a few
rounds of asking at a time (:meth:`Lab.step`, one slice of at most
:data:`SLICE_MS`), so the page draws the progress and answers taps between
slices (the browser arms the next slice through :mod:`web.core.clock`, as for an
import). The figures are the arena's: a level's share of the games with its 95%
Wilson interval, its fair share, its seats' mean score.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from engine import Game
from engine.bot import BotFactory
from web.core import clock

#: Game id -> (its game, its bot levels, weakest first): the games the lab offers.
Offered: TypeAlias = Mapping[str, tuple[Game, Mapping[str, BotFactory]]]

#: How many games a run may have (the form's choices).
GAME_COUNTS = (10, 20, 50, 100)
#: Wall time of one slice, in ms: the page stays answerable between slices.
SLICE_MS = 25.0


@dataclass
class Lab:
    """The bot lab's form, its run in progress and its last results."""

    #: The games with bots (the app's, from its entries).
    offered: Offered = field(default_factory=dict)
    game: str = ""
    count: int = 2
    #: One level per possible seat (the first ``count`` play).
    levels: list[str] = field(default_factory=list)
    games: int = GAME_COUNTS[1]
    #: The run in progress: the arena's stepping generator, or None.
    steps: Generator[int, None, Any] | None = None
    done: int = 0
    seed: int = 0
    #: The last run's figures (``Report.as_dict()``), or None.
    report: dict[str, Any] | None = None
    #: Games finished when the last run was cancelled, or None.
    cancelled: int | None = None

    def __post_init__(self) -> None:
        self.choose_game(self.game or next(iter(self.offered), ""))

    # -- the form ---------------------------------------------------------

    def choose_game(self, game_id: str) -> None:
        """A game with bots; seats kept within its limits, one hard seat against easy ones."""
        if game_id not in self.offered or not self.offered[game_id][1]:
            return
        game, levels = self.offered[game_id]
        bots = list(levels)
        self.game = game_id
        self.count = max(game.min_players, min(game.max_players, self.count))
        strong, weak = bots[-1], bots[min(1, len(bots) - 1)]
        kept = [lv for lv in self.levels if lv in bots] or [strong]
        self.levels = (kept + [weak] * game.max_players)[: game.max_players]

    def handle(self, arg: str, new_seed: int) -> None:
        """A tap on the lab: ``game:ID``, ``count:+``/``count:-``, ``level:SEAT``
        (the next level, cycling), ``games:N``, ``run``, ``cancel``."""
        what, _, value = arg.partition(":")
        if self.steps is not None and what != "cancel":
            return  # the form is shut while a run goes on
        if what == "game":
            self.choose_game(value)
        elif what == "count" and self.game in self.offered:
            game = self.offered[self.game][0]
            step = 1 if value == "+" else -1
            self.count = max(game.min_players, min(game.max_players, self.count + step))
        elif what == "level" and value.isdigit() and int(value) < len(self.levels):
            bots = list(self.offered[self.game][1])
            now = self.levels[int(value)]
            self.levels[int(value)] = bots[(bots.index(now) + 1) % len(bots)]
        elif what == "games" and value.isdigit() and int(value) in GAME_COUNTS:
            self.games = int(value)
        elif what == "run":
            self.start(new_seed)
        elif what == "cancel":
            self.cancel()

    def lineup(self) -> list[str]:
        """The levels of the seats in play, seat by seat."""
        return self.levels[: self.count]

    # -- a run ------------------------------------------------------------

    def start(self, seed: int) -> None:
        """Start a run of :attr:`games` games (the arena rotates the seats)."""
        from engine import arena  # on first use: not part of the boot (tools/fastboot.py)

        self.report, self.cancelled, self.done = None, None, 0
        self.seed = seed
        game, levels = self.offered[self.game]
        lineup = [(level, levels[level]) for level in self.lineup()]
        self.steps = arena.run_steps(game, lineup, self.games, seed, self.count)

    @property
    def running(self) -> bool:
        return self.steps is not None

    def cancel(self) -> None:
        """Stop the run; nothing of it is shown but how far it went."""
        if self.steps is not None:
            self.steps.close()
            self.steps, self.cancelled = None, self.done

    def step(self, budget_ms: float = SLICE_MS) -> bool:
        """One slice of the run: rounds of asking until ``budget_ms`` of wall
        time has passed (at least one round). Returns whether a run moved."""
        steps = self.steps
        if steps is None:
            return False
        start = clock.perf_ms()
        try:
            while True:
                self.done = next(steps)
                if clock.perf_ms() - start >= budget_ms:
                    return True
        except StopIteration as finished:
            self.report = finished.value.as_dict()  # an engine.arena.Report
            self.done, self.steps = self.games, None
        return True

"""One game as the app knows it: a :class:`GameEntry`.

Shared code (the app, the screens, records, Statistics, Settings) never names a
game, one of its events or one of its settings: it is handed every game's entry
(``web.app.registry.ENTRIES`` in the browser, a registry of their own in tests) and
reads what it needs from it. Each game's table package builds its entry
(``web/tables/<game>/entry.py``) from its engine package and its table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import Game
from engine.bot import BotFactory
from web.core.counts import Count
from web.core.store import Setting
from web.ui.kit.coach import Lesson
from web.ui.table_ui import TableUI

#: A game's public view (``view(state, None)``) -> the running totals after each
#: round of its score sheet, one list per round (``[]``: no sheet).
Totals = Callable[[Any], list[list[int]]]


def no_sheet(_pub: Mapping[str, Any]) -> list[list[int]]:
    """The running totals of a game without a score sheet: none."""
    return []


@dataclass(frozen=True)
class GameEntry:
    """Everything the app needs of one game beyond its table's hooks."""

    #: The engine's game (its ``id`` is the entry's).
    game: Game
    #: Its table screen.
    table: TableUI
    #: Bot level -> factory(seed), weakest first (none: every seat is a person's).
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    #: What Statistics counts per player in this game, in the order it shows them.
    counts: tuple[Count, ...] = ()
    #: The game's own settings, on the Settings screen after the app's table settings.
    settings: tuple[Setting, ...] = ()
    #: Its score sheet's running totals (History's and the end's progression chart).
    totals: Totals = no_sheet
    #: Its "Learn to play" lesson, if it has one (``web/tables/<game>/lesson.py``).
    lesson: Lesson | None = None

    @property
    def id(self) -> str:
        return self.game.id


def by_id(entries: Iterable[GameEntry]) -> dict[str, GameEntry]:
    """Game id -> entry, in the order given (the home screen's order)."""
    return {entry.id: entry for entry in entries}

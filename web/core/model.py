"""What the app and the tables both hold: a seat, a table (a game in progress or
a replay), what a table may ask of the app, and the JSON shapes they pass around.

The lowest module of the UI: it imports only the engine and the catalogs, so the
controller (:mod:`web.app.controller`), the screens, the kit and every game's table may all
import it.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias

from engine import Game, State
from engine.bot import Player, View
from web.core.i18n import Tr

__all__ = [
    "RECORD_APP",
    "Host",
    "Match",
    "Seat",
    "Settings",
    "Table",
    "UIState",
    "View",
    "bot_seed",
    "log_size",
]

#: A table's UI state (open sheet, selections, stamps): plain JSON values, never saved.
UIState: TypeAlias = dict[str, Any]
#: The player's settings (names -> JSON values: the app's and each game's own).
Settings: TypeAlias = dict[str, Any]
#: File format tag of an exported record (the engine's dump plus seats).
RECORD_APP = "tapete"


@dataclass
class Seat:
    name: str
    kind: str = "human"  # "human" or "bot"
    level: str | None = None  # the bot's level when kind == "bot"

    def plain(self) -> dict[str, str | None]:
        return {"name": self.name, "kind": self.kind, "level": self.level}


@dataclass
class Table:
    """A game on the table: live, or a replay of a record."""

    game_id: str
    game: Game
    state: State
    seats: list[Seat]
    started: str
    #: UI state of the table screen (open sheet, list order, focus); not saved.
    ui: UIState = field(default_factory=dict)
    #: The one UI state a reload keeps: saved with the game (never in an exported
    #: record or in History), because losing it would lose something a player has
    #: not had yet (Carta robada: which looks were already seen). JSON values.
    kept: UIState = field(default_factory=dict)
    #: For a replay: every state from the deal to the record's end, and where we are.
    replay: list[State] | None = None
    step: int = 0
    #: Set once the finished game is in the history, so a reload does not add it twice.
    recorded: bool = False
    #: Entropy for the bots (:func:`bot_seed`), drawn apart from the game's seed and
    #: saved with the game, so a bot's randomness says nothing about the deal.
    bot_salt: int = field(default_factory=lambda: secrets.randbits(53))
    #: A lesson (``web/ui/kit/coach.py``): saved like a game, never in History.
    lesson: bool = False
    #: Set by the app after each event (``Tabletop.settle``): the bots wait for
    #: something outside the game (a lesson's "Next"), so a bot's moment says it
    #: waits, not that it thinks (:func:`web.ui.kit.tags.bot_busy`). Not saved: the
    #: app works it out again.
    held: bool = False
    #: Drawn for a seat on another phone (``web.app.seatview.seat_table``): what
    #: only the host's phone can do (leave the game to Home, settings, the sound,
    #: the record, quit, a rematch) is not drawn there; a guest has its own
    #: "Leave the table", and opens the rules on its own phone.
    guest: bool = False
    #: The game's bots, seat -> bot, each made the first time the app asks for it
    #: (``Host.bot_for``): a bot remembers what it saw for this game and no other.
    #: A new game is a new table, so its bots are new with it (a rematch, a record
    #: resumed, a lesson); a replay's paused game keeps its own. Never saved: a
    #: reload makes them again. A table drawn for another phone shares its host's.
    bots: dict[int, Player] = field(default_factory=dict, compare=False, repr=False)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def record(self) -> dict[str, Any]:
        """The saved game / exported record: the engine's dump plus who sat where."""
        data = self.game.dump(self.state)
        data["app"] = RECORD_APP
        data["seats"] = [s.plain() for s in self.seats]
        data["started"] = self.started
        data["recorded"] = self.recorded
        data["bot_salt"] = self.bot_salt
        if self.lesson:
            data["lesson"] = True
        return data


@dataclass
class Match:
    """What the app holds of the game on the table, and nothing else: it lives
    exactly as long as that game. Another game on the table (a new game, a
    rematch, a lesson, a record resumed or replayed, the game left) is a new
    ``Match``, set in one call (``Session.set_match``), so nothing of the last
    game (its bots, ``Table.bots``; its UI state, ``Table.ui``; the finger that
    went down on it) reaches the next."""

    #: The table on screen: the live game, or a replay of a record.
    table: Table | None = None
    #: The live game a replay waits over (still saved), while one is on the table.
    paused: Table | None = None
    #: The table's hand-over count when the last finger went down on it
    #: (``Tabletop.press``; -1: while its new seat's controls were held).
    pressed: int | None = None


def bot_seed(table: Table, seat: int) -> int:
    """The seed of the bot at ``seat``: a hash of the table's ``bot_salt`` and the
    seat, never the game's seed (which deals every card: a bot seeded from it,
    say as ``seed * 16 + seat``, could rebuild the deal)."""
    digest = hashlib.sha256(f"tapete-bot:{table.bot_salt}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def log_size(state: State) -> int:
    """How many events the state's log holds: the events an action adds start here."""
    return state.log.size if state.log is not None else 0


class Host(Protocol):
    """What a table may read of the app (:class:`web.app.controller.App` is one)."""

    @property
    def tr(self) -> Tr: ...

    settings: Settings

    def now(self) -> float:
        """The time of the event being answered, in seconds (``Session.now``)."""
        ...

    def bot_for(self, table: Table, seat: int) -> Player:
        """The bot at ``seat``, one per seat for the whole game (a bot remembers
        what it saw)."""
        ...

    def results_round(self, table: Table) -> int | None:
        """The round whose results cover the table now, if any."""
        ...


@dataclass
class Opening:
    """A record being opened slice by slice (``web.app.records.Records.import_step``)."""

    data: dict[str, Any]
    steps: Iterator[tuple[int, int, State]]  # Game.load_steps
    total: int
    states: list[State] = field(default_factory=list)  # the deal, then after each action

    @property
    def done(self) -> int:
        """How many of the record's actions are replayed so far."""
        return max(0, len(self.states) - 1)

"""What the app holds between taps: the screen, the game on the table, the
new-game form, what is open, the settings. The screens read it (they are pure
functions of a :class:`Session`); the App (:mod:`web.app.controller`) and its feature
controllers act on it.

State is kept apart by lifetime, as in Simon Tatham's puzzles:

- the game state lives in the engine (``self.table.state``) and is saved after
  every applied action;
- UI state (screen, open sheet, setup form, replay position) lives in ``self``
  and in ``self.table.ui``; it is never saved with the game;
- everything else (HTML, accessible names) is recomputed from those two.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine import State
from engine.bot import BotFactory, Player
from web.core import clock, store
from web.core.i18n import Tr, browser_lang
from web.core.lab import Lab
from web.core.link import Link
from web.core.model import Match, Opening, Table, bot_seed
from web.core.reason import Reason
from web.ui.entry import GameEntry
from web.ui.kit.coach import Scripted


@dataclass
class Screen:
    """A screen open on the stack (:attr:`Session.screens`): its name and what it
    alone holds between taps, which goes with it: a screen opened again starts
    afresh, and one left is gone with all it held. Read and written through
    :meth:`Session.state_of`. History: ``open`` (the entry whose scores show),
    ``bad`` ((entry, :class:`~web.core.reason.Reason`): a replay that could not
    open); Players: ``draft`` (id -> name being typed), ``merge`` or ``delete``
    (the id asked about), ``merge_ask``, ``avatar`` (the picker open), ``error``
    ((id, message key)), ``import`` (what a players file brought); the records:
    ``error`` (why the record chosen cannot open)."""

    name: str
    state: dict[str, Any] = field(default_factory=dict)


class Session:
    """One app instance per page (see :class:`web.app.controller.App`).

    ``storage`` keeps data across reloads; ``languages`` are the browser's
    preferred ones; ``new_seed`` gives a fresh game seed (the browser passes a
    random one, tests a fixed one); ``entries`` is the registry of the games
    (game id -> :class:`~web.ui.entry.GameEntry`, in the home screen's order): the
    app offers those games and no other.
    """

    def __init__(
        self,
        storage: store.Storage,
        languages: list[str] | tuple[str, ...] = (),
        new_seed: Callable[[], int] | None = None,
        entries: Mapping[str, GameEntry] | None = None,
        time: clock.EventTime | None = None,
    ) -> None:
        self.storage = storage
        #: The app's time (:meth:`now`): the event's own, which the mid end sets.
        self.time = time if time is not None else clock.EventTime()
        #: game id -> its entry (``web.app.registry.ENTRIES`` in the browser).
        self.entries: Mapping[str, GameEntry] = entries or {}
        #: Every setting: the app's and each game's own (the Settings screen's order).
        self.known_settings = store.settings_with(
            s for entry in self.entries.values() for s in entry.settings
        )
        self.browser_lang = browser_lang(languages)
        self.new_seed = new_seed or (lambda: 1)
        self.settings = self.load_settings()  # (read again once damage is set aside)
        #: The screens open, the one up last, each with its own state: Back returns
        #: to the one under it (``back_to``) where the app's Back allows
        #: (``web.app.controller.BACK``).
        self.screens: list[Screen] = [Screen("home")]
        #: The game on the table (:class:`~web.core.model.Match`), replaced whole
        #: by :meth:`set_match`; ``table`` and ``paused`` read it.
        self.match = Match()
        self.setup: dict[str, Any] = {}
        self.rules_game = next(iter(self.entries), "")
        self.broken_save: Reason | None = None  # why the saved game could not be loaded
        #: Saved data that could not be restored at boot (storage key -> its raw text),
        #: already removed from storage: Home offers it as a file until dismissed.
        self.damaged: dict[str, str] = {}
        #: The settings set aside one by one (their values were none of theirs):
        #: ``damaged`` holds them; the other settings were kept.
        self.settings_aside: list[str] = []
        #: A damaged save's game up to the move before the damage, offered on Home.
        self.broken_partial: Table | None = None
        #: Finished games that did not fit in storage: History gets them when it can.
        self.unsaved_history: list[dict[str, Any]] = []
        self.confirm: str | None = None  # an open confirmation dialog
        #: What waits on the "abandon the game in progress?" dialog: "start" (the
        #: new-game form) or "import" (a record to resume).
        self.pending: str | None = None
        self.notice: tuple[str, dict[str, Any]] | None = None  # a short message (key, values)
        self.link = Link()  # the phones linked at this table (web/app/linking.py)
        #: A record opened, waiting: resume or replay? (with its every state, for the replay)
        self.imported: tuple[list[State], Table] | None = None
        self.opening: Opening | None = None  # a record being opened, slice by slice
        #: The bot lab's form, its run and last figures (never saved).
        self.lab = Lab({gid: (e.game, e.bots) for gid, e in self.entries.items() if e.bots})
        #: The phone's offset from UTC in minutes (the page's at start): stored
        #: times are UTC, and History shows them as the phone's clock read them.
        self.utc_offset = 0
        self.effects: list[str] = []  # for the browser: "vibrate", "saved-failed"

    def now(self) -> float:
        """The time of the event being answered, in seconds of the page's clock
        (only differences mean something): every time the app and its tables
        read goes through here, never through the clock itself."""
        return self.time()

    # -- the screens ---------------------------------------------------------

    @property
    def screen(self) -> str:
        """The name of the screen that is up."""
        return self.screens[-1].name

    @screen.setter
    def screen(self, screen: str) -> None:
        """Show ``screen``: the one up stays (with its state) if it is that one,
        else ``screen`` opens afresh in its place (:meth:`replace`)."""
        if screen != self.screen:
            self.replace(screen)

    def replace(self, screen: str) -> None:
        """Open ``screen`` afresh in the place of the one up (what is under it
        stays); home, under which nothing lies, closes every screen."""
        if screen == "home":
            self.screens = [Screen("home")]
        else:
            self.screens[-1] = Screen(screen)

    def push(self, screen: str) -> None:
        """Open ``screen`` afresh over the one up, whose Back may return there."""
        self.screens.append(Screen(screen))

    def return_to(self, screen: str) -> None:
        """Leave the screen up for ``screen``: the one under it, as it was left,
        where it is that one; else ``screen`` as :attr:`screen` shows it."""
        if self.back_to == screen and len(self.screens) > 1:
            self.screens.pop()
        else:
            self.screen = screen

    @property
    def back_to(self) -> str:
        """The screen under the one up: where its Back may return."""
        return self.screens[-2].name if len(self.screens) > 1 else "home"

    def state_of(self, screen: str) -> dict[str, Any]:
        """The state of ``screen`` where it is open (the nearest the top), to read
        and write; where it is not, an empty one that nothing keeps."""
        for entry in reversed(self.screens):
            if entry.name == screen:
                return entry.state
        return {}

    # -- the game on the table ---------------------------------------------

    @property
    def table(self) -> Table | None:
        """The table on screen (the live game, or a replay over it)."""
        return self.match.table

    @property
    def paused(self) -> Table | None:
        """The live game a replay on the table waits over, if one does."""
        return self.match.paused

    def set_match(self, table: Table | None, paused: Table | None = None) -> None:
        """Put ``table`` on the table (None: no game), with ``paused`` behind it
        when ``table`` is a replay: a new :class:`~web.core.model.Match`, so
        nothing the app held of the game before stays."""
        self.match = Match(table, paused)

    # -- language and settings --------------------------------------------

    @property
    def lang(self) -> str:
        lang = self.settings["lang"]
        return self.browser_lang if lang == "auto" else lang

    @property
    def tr(self) -> Tr:
        return Tr(self.lang)

    def motion(self, reduced_by_system: bool = False) -> str:
        """The animation speed in force: the setting, or the system's wish."""
        motion = self.settings["motion"]
        if motion == "system":
            return "off" if reduced_by_system else "normal"
        return motion

    def load_settings(self) -> dict[str, Any]:
        """Every known setting as saved (:func:`web.core.store.load_settings`)."""
        return store.load_settings(self.storage, self.known_settings)

    def bot_levels(self, game_id: str) -> Mapping[str, BotFactory]:
        """The bot levels a game offers, weakest first (none: no bot seats)."""
        entry = self.entries.get(game_id)
        return entry.bots if entry is not None else {}

    def bot_for(self, table: Table, seat: int) -> Player:
        """The bot at ``seat``, made once for the game and kept by its table
        (``Table.bots``): it remembers what it saw, and goes with the table."""
        if seat not in table.bots:
            entry = self.entries[table.game_id]
            if table.lesson and entry.lesson is not None:  # a lesson's bots play its script
                table.bots[seat] = Scripted(table, seat, entry.lesson.move)
            else:
                factory = entry.bots[table.seats[seat].level or ""]
                table.bots[seat] = factory(bot_seed(table, seat))
        return table.bots[seat]

    def results_round(self, table: Table) -> int | None:
        """The round whose results cover ``table`` now (:meth:`TableUI.results_round`)."""
        return self.entries[table.game_id].table.results_round(table)

    def game_in_progress(self) -> Table | None:
        """The live, unfinished game, if any (waiting behind a replay or not):
        the one a new game would replace."""
        replaying = self.table is not None and self.table.replay is not None
        table = self.paused if replaying else self.table
        if table is None or table.replay is not None or table.game.result(table.state) is not None:
            return None
        return table

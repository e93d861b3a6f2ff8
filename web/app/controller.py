"""The app's controller: which screen is up, where Back leads, and which part
of the app answers a tap. Pure Python: the mid end (:mod:`web.app.midend`)
feeds it taps, field edits and timer ticks, then draws :meth:`App.render`.

What it holds is :class:`~web.ui.session.Session`. The App composes its feature
controllers, each owning its handlers (:meth:`~web.app.feature.Feature.handlers`):
:class:`~web.app.saving.Saving` (the save, the history),
:class:`~web.app.replays.Replays`, :class:`~web.app.records.Records` (files in
and out, History's replays), :class:`~web.app.tabletop.Tabletop` (the game on
the table, fingers and bots), :class:`~web.app.seating.Seating` (the new-game
form), :class:`~web.app.people.People` (the Players screen) and
:class:`~web.app.prefs.Prefs` (Settings, the bot lab). It never names a game:
each game is a :class:`~web.ui.entry.GameEntry` of the registry it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.bot import Thought
from web.app.feature import Feature, Handler
from web.app.lessons import Lessons
from web.app.people import People
from web.app.prefs import Prefs
from web.app.records import Records
from web.app.replays import Replays
from web.app.saving import Saving
from web.app.seating import Seating
from web.app.tabletop import Tabletop
from web.core import actions, clock, rulepages, store
from web.core.html import Drawing
from web.core.model import Seat
from web.ui.entry import GameEntry
from web.ui.screens import page
from web.ui.session import Screen, Session

#: Screens a tap can open with ``go``; others are reached by their own actions.
#: The screens that a screen opened from them returns to (the rest return home):
#: the table, History, and the linking screens (their help page must not lose a link).
RETURNS_TO = ("table", "history", "lobby", "join")

SCREENS = ("home", "setup", "rules", "settings", "history", "records", "players", "stats")

#: screen -> the screens under it that its Back returns to (a screen pushed over
#: them); from any other, Back leads home. Rules and settings opened from the
#: table's menu return to it, the rules opened while linking phones to the
#: linking screen (its help must not lose a link), Players and Statistics to
#: History, the records to Players (a file chosen there), the bot lab to Settings.
BACK: dict[str, tuple[str, ...]] = {
    "rules": ("table", "lobby", "join"),
    "settings": ("table",),
    "players": ("history",),
    "stats": ("history",),
    "records": ("players",),
    "botlab": ("settings",),
}


class App(Session):
    """One app instance per page: ``App(storage, languages, new_seed, entries,
    time)`` (see :class:`~web.ui.session.Session`); it reopens the saved game, if any."""

    def __init__(
        self,
        storage: store.Storage,
        languages: list[str] | tuple[str, ...] = (),
        new_seed: Callable[[], int] | None = None,
        entries: Mapping[str, GameEntry] | None = None,
        time: clock.EventTime | None = None,
    ) -> None:
        super().__init__(storage, languages, new_seed, entries, time)
        self.saving = Saving(self)
        self.replays = Replays(self)
        self.records = Records(self, self.saving, self.replays)
        self.tabletop = Tabletop(self, self.saving)
        self.seating = Seating(self, self.saving, self.tabletop, self.records)
        self.people = People(self)
        self.prefs = Prefs(self, self.saving)
        self.lessons = Lessons(self, self.saving, self.tabletop)
        self.seating.after_abandon["lesson"] = self.lessons.lesson
        own: dict[str, Handler] = {
            actions.GO: self.go,
            actions.BACK: lambda _arg: self.back(),
            actions.RULES: self.rules,
        }
        own[actions.CANCEL] = self.cancel
        #: ``data-action`` name -> the one handler that answers it.
        self.handlers: dict[str, Handler] = {}
        features: tuple[Feature, ...] = (self.saving, self.replays, self.records, self.tabletop)
        features += (self.seating, self.people, self.prefs, self.lessons)
        for handlers in (own, *(f.handlers() for f in features)):
            for action, handler in handlers.items():
                assert action not in self.handlers, f"two handlers of {action!r}"
                self.handlers[action] = handler
        self.saving.restore()

    def replace(self, screen: str) -> None:
        """As :meth:`Session.replace`. Every way onto the table screen opens it
        here or by :meth:`push`, so the table's privacy rule is kept here: see
        :meth:`Tabletop.opens`."""
        opens = screen == "table" and self.screen != "table"
        super().replace(screen)
        if opens:
            self.tabletop.opens()

    def push(self, screen: str) -> None:
        """As :meth:`Session.push`, the table's privacy rule kept (:meth:`replace`)."""
        opens = screen == "table" and self.screen != "table"
        super().push(screen)
        if opens:
            self.tabletop.opens()

    # -- taps and edits -------------------------------------------------------

    def handle(self, action: str, arg: str | None = None) -> None:
        """A tap on an app control (``data-action`` without ``data-move``): its
        feature's handler, else the table's own control (:meth:`Tabletop.table_action`)."""
        self.notice = None if action != actions.NOOP else self.notice
        handler = self.handlers.get(action.replace("_", "-"))
        if handler is None:
            self.tabletop.table_action(action, arg)
            return
        self.match.pressed = None
        handler(arg)
        self.settle()

    def field(self, name: str, arg: str | None, value: str) -> None:
        """An edit in a text field; no redraw needed (the field shows it already)."""
        if name == "player-name":
            self.people.draft(arg, value)
        if name == "name":
            self.seating.name(arg, value)
        if name == "lesson-name":
            self.lessons.rename(value)

    # -- where the screens lead ---------------------------------------------------

    def go(self, arg: str | None) -> None:
        if arg in SCREENS:
            self.confirm = None
            self._open(arg)

    def _open(self, screen: str) -> None:
        """Open ``screen`` afresh (it may be up already), over the screens open
        where the one up is one that others return to (:data:`RETURNS_TO`: its
        Back control then leads there, and what lies under stays as it was left),
        else over home; the table's menu closes."""
        if screen == self.screen:
            self.screens[-1] = Screen(screen)
            return
        table = self.table
        if table is not None and self.screen == "table":
            self.entries[table.game_id].table.close_sheet(table)
        under = self.screens if self.screen in RETURNS_TO else [Screen("home")]
        names = [s.name for s in under]
        if screen in names:  # opened again: what lay over it closes
            under = under[: names.index(screen)]
        self.screens = [*under, Screen(screen)] if screen != "home" else [Screen("home")]

    def rules(self, arg: str | None) -> None:
        if arg is not None and (arg in self.entries or arg in rulepages.HELP_PAGES):
            self.rules_game = arg
        self._open("rules")

    def cancel(self, _arg: str | None) -> None:
        self.confirm = self.pending = None

    def back(self) -> None:
        """One step back (the browser's or phone's Back, Escape, a screen's Back
        control): close what is open, else return where the screen was opened
        from (rules and settings: the table or home; the rest: home); never lose
        a game."""
        if self.confirm is not None:
            self.cancel(None)
            return
        if self.table is not None and self.screen == "table":
            if self.entries[self.table.game_id].table.close_sheet(self.table):
                return
            self.tabletop.home(None)
            return
        under = self.back_to
        if under not in BACK.get(self.screen, ()) or (under == "table" and self.table is None):
            self.screen = "home"
            return
        left = self.screens.pop().name
        if under == "table":
            # From the rules its menu opened, the table is read in the hands that
            # held the phone, which never left them: whoever held it still does (a
            # hand-off asked here again was one nobody needed; Home then Continue,
            # a reload, Settings still ask it).
            self.tabletop.opens(held=left == "rules")

    # -- drawing ------------------------------------------------------------

    def draw(self) -> Drawing:
        """The whole app drawn: its HTML and the regions the table on screen
        registered (id -> HTML, each also inside the HTML), so the page can
        write only those that changed."""
        return page.render_app(self)

    def render(self) -> str:
        """The whole app as one HTML string."""
        return self.draw().html

    def title(self) -> str:
        return page.title(self)

    # -- the mid end's way in: each is its feature's -------------------------------

    def start(self, game_id: str, seats: list[Seat], options: dict[str, Any]) -> None:
        self.tabletop.start(game_id, seats, options)

    def tap(self, seat: int, action: str, move: int) -> bool:
        return self.tabletop.tap(seat, action, move)

    def play(
        self, seat: int, action: str, move: int, kind: str = "human", at: float | None = None
    ) -> bool:
        return self.tabletop.play(seat, action, move, kind, at)

    def press(self) -> None:
        self.tabletop.press()

    def guarded(self) -> bool:
        return self.tabletop.guarded()

    def release(self) -> bool:
        return self.tabletop.release()

    def hold_ms(self) -> int:
        return self.tabletop.hold_ms()

    def bot_plan(self) -> tuple[int, int] | None:
        with self.tabletop.live():  # the live table's, under a replay too
            return self.tabletop.bot_plan()

    def settle(self) -> None:
        with self.tabletop.live():  # the live table's, under a replay too
            self.tabletop.settle()

    def redraw_plan(self) -> int | None:
        with self.tabletop.live():  # the live table's, under a replay too
            return self.tabletop.redraw_plan()

    def bot_turn(self) -> int | None:
        with self.tabletop.live():  # the live table's, under a replay too
            return self.tabletop.bot_turn()

    def bot_delay_ms(self) -> int:
        with self.tabletop.live():  # the live table's, under a replay too
            return self.tabletop.bot_delay_ms()

    def bot_thought(self, seat: int) -> Thought | None:
        with self.tabletop.live():  # the live table's, under a replay too
            return self.tabletop.bot_thought(seat)

    def bot_play(self, seat: int, move: int) -> bool:
        with self.tabletop.live():  # the live table's, under a replay too
            return self.tabletop.bot_play(seat, move)

    def bot_apply(self, seat: int, move: int, action: str | None) -> bool:
        with self.tabletop.live():  # the live table's, under a replay too
            return self.tabletop.bot_apply(seat, move, action)

    def save(self) -> None:
        self.saving.save()

    def damaged_file(self) -> tuple[str, str] | None:
        return self.saving.damaged_file()

    def export_record(self) -> tuple[str, str] | None:
        return self.records.export_record()

    def import_record(self, text: str) -> None:
        self.records.import_record(text)

    def import_step(self) -> bool:
        return self.records.import_step()

    def import_too_large(self) -> None:
        self.records.import_too_large()

    def max_import_bytes(self) -> int:
        return self.records.max_import_bytes()

    def replay_plan(self) -> int | None:
        return self.replays.plan()

    def replay_tick(self, step: int) -> bool:
        return self.replays.tick(step)

    def take_page_top(self) -> bool:
        return self.replays.take_page_top()

    def lab_step(self) -> bool:
        return self.prefs.lab_step()

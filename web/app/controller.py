"""The app's controller: which screen is up, the game on the table, and what a
tap does. Pure Python: the browser module (:mod:`web.shell.main`) feeds it taps, field
edits and timer ticks, then writes :meth:`App.render` to the page.

What it holds is :class:`~web.ui.session.Session`; saving and records are
:class:`~web.app.records.Records`; this class adds the table's control (a move, a
bot's turn) and the app's own controls (``do_<action>`` for each
``data-action``). It never names a game: each game is a
:class:`~web.ui.entry.GameEntry` of the registry it is given.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable, Mapping
from typing import Any

from engine import IllegalAction
from engine.bot import Thought
from web.app.records import Records
from web.core import clock, newgame, roster, store
from web.core.model import Seat, Table, log_size
from web.ui.entry import GameEntry
from web.ui.screens import page
from web.ui.table_ui import BOT_SPEED_MS

#: Screens a tap can open with ``go``; others are reached by their own actions.
SCREENS = ("home", "setup", "rules", "settings", "history", "records", "players", "stats")


class App(Records):
    """One app instance per page: ``App(storage, languages, new_seed, entries)``
    (see :class:`~web.ui.session.Session`); it reopens the saved game, if any."""

    def __init__(
        self,
        storage: store.Storage,
        languages: list[str] | tuple[str, ...] = (),
        new_seed: Callable[[], int] | None = None,
        entries: Mapping[str, GameEntry] | None = None,
    ) -> None:
        super().__init__(storage, languages, new_seed, entries)
        #: The table's hand-over count when the last finger went down (see :meth:`press`).
        self.pressed: int | None = None
        self._restore()

    @property
    def screen(self) -> str:
        """The screen that is up. Every way onto the table screen sets it, so
        the table's privacy rule is kept here: see :meth:`_table_opens`."""
        return self._screen

    @screen.setter
    def screen(self, screen: str) -> None:
        opens = screen == "table" and getattr(self, "_screen", None) != "table"
        self._screen = screen
        if opens:
            self._table_opens()

    def _table_opens(self) -> None:
        """The table screen opens (Continue, a Back from rules or settings, a
        resumed record, a reload...): the phone may have changed hands while
        another screen was up, so the table forgets who holds it
        (:meth:`TableUI.reopen`) and a seat's private moment comes behind its
        hand-off again. That hand-off holds its "I am Ana" as after a move, so
        a double tap on Continue passes nothing (a table just loaded holds nothing)."""
        table = self.table
        if table is None:
            return
        self.entries[table.game_id].table.reopen(table)
        self._hand_over(hold=False)

    # -- the game -----------------------------------------------------------

    def start(self, game_id: str, seats: list[Seat], options: dict[str, Any]) -> None:
        game = self.entries[game_id].game
        try:
            state = game.new(len(seats), self.new_seed(), options)
        except ValueError:  # options that cannot be played together (the engine says why)
            self.notice = ("setup.options_conflict", {})
            self.effects.append("vibrate")
            return
        self.table = Table(game_id, game, state, seats, clock.utc_stamp())
        self.table.bot_salt = self.new_seed()  # entropy of its own: not the deal's seed
        self.bot_memory = {}
        self.broken_save = None
        self.screen = "table"
        self.confirm = None
        self.save()

    def tap(self, seat: int, action: str, move: int) -> bool:
        """A finger's tap on a game button (the browser's way in; tests may
        :meth:`play` directly): refused while the seat up's controls are held
        after a hand-over, or when a hand-over came between the finger going
        down (:meth:`press`) and the tap, so that a burst of taps plays for one
        seat only. Else :meth:`play`."""
        if self.table is None or self._held():
            return False  # meant for the seat before: the new seat's controls are not live yet
        return self.play(seat, action, move)

    def _held(self) -> bool:
        """Whether the finger now lifted meant its tap for the seat before a
        hand-over (see :meth:`tap`); consumes the finger's :meth:`press`."""
        table = self.table
        pressed, self.pressed = self.pressed, None
        if table is None:
            return False
        self._hand_over(hold=True)
        return bool(table.ui.get("guard")) or pressed not in (None, table.ui.get("handovers", 0))

    def play(self, seat: int, action: str, move: int) -> bool:
        """A tap on a game action. ``move`` is the move count the button was drawn
        at: a tap from an older picture (double tap, tap during a bot's move) is
        refused calmly. True when the action was applied."""
        table = self.table
        if table is None or table.replay is not None or self.screen != "table":
            return False
        # A table may read a late tap otherwise (Carta robada: a cut within the tie window).
        action, move = self.entries[table.game_id].table.arrive(table, seat, action, move)
        if move != table.state.moves:
            return False  # stale: the table moved on since this button was drawn
        if seat not in table.game.actors(table.state) or table.seats[seat].kind != "human":
            return False
        before = log_size(table.state)
        try:
            table.state = table.game.apply(table.state, seat, action)
        except IllegalAction:
            self.notice = ("notice.illegal", {})
            self.effects.append("vibrate")
            return False
        self.notice = None
        table.ui["fresh_from"] = before
        self._after_move()
        return True

    def _after_move(self) -> None:
        table = self.table
        assert table is not None
        self.entries[table.game_id].table.after_move(table)
        self._hand_over(hold=True)
        self.record_result()
        self.save()

    def _hand_over(self, hold: bool) -> None:
        """Note the seat up (:meth:`TableUI.seat_up`). When a move (``hold``) made
        it another human, their controls are held (``table.ui["guard"]``: drawn
        dimmed, taps refused) until :meth:`release` (the browser arms it,
        HANDOVER_MS later). A table control that changes it (Abyss's "Flip for
        Ben") was a deliberate tap: nothing is held; but a hand-off screen that
        comes up (``HANDOFF_ACTIONS``), after a move or a control alike ("Done"
        on Ana's look), holds its "I am Ben" (a table just opened holds nothing)."""
        table = self.table
        if table is None:
            return
        ui_of = self.entries[table.game_id].table
        up, seen, before = ui_of.seat_up(table), "up" in table.ui, table.ui.get("up")
        if ui_of.HANDOFF_ACTIONS:
            table.ui["up"] = up  # None once the hand-off is passed: the next one is new
        if up is None or up == before:
            return
        if (hold and before is not None) or (seen and ui_of.HANDOFF_ACTIONS):
            table.ui["guard"] = True
            table.ui["handovers"] = table.ui.get("handovers", 0) + 1
        table.ui["up"] = up

    def guarded(self) -> bool:
        """Whether the table's new seat's controls are still held."""
        return self.table is not None and bool(self.table.ui.get("guard"))

    def release(self) -> bool:
        """The hold after a hand-over ends; True if there was one (redraw)."""
        if not self.guarded():
            return False
        assert self.table is not None
        self.table.ui.pop("guard", None)
        return True

    def press(self) -> None:
        """A finger went down: its tap may play only if no hand-over comes between,
        and not if it went down while the new seat's controls were held (it was
        meant for what was drawn then: Abyss may still draw the grid just played on)."""
        if self.table is None:
            self.pressed = None
        else:
            self.pressed = -1 if self.guarded() else self.table.ui.get("handovers", 0)

    def bot_plan(self) -> tuple[int, int] | None:
        """``(seat, ms)``: the bot that may act next and after how long a pause
        (:meth:`TableUI.bot_plan`), or None; the mid end paces it."""
        table = self.table
        if table is None or table.replay is not None or self.screen != "table":
            return None
        return self.entries[table.game_id].table.bot_plan(self, table)

    def redraw_plan(self) -> int | None:
        """In how many ms the table on screen draws otherwise with no move and no
        tap (:meth:`TableUI.redraw_ms`), or None; the mid end redraws it then."""
        table = self.table
        if table is None or table.replay is not None or self.screen != "table":
            return None
        return self.entries[table.game_id].table.redraw_ms(table)

    def bot_turn(self) -> int | None:
        """The seat of a bot that may act now, if any."""
        planned = self.bot_plan()
        return None if planned is None else planned[0]

    def bot_delay_ms(self) -> int:
        """How long the bot that :meth:`bot_turn` found waits before it acts, in ms."""
        planned = self.bot_plan()
        return BOT_SPEED_MS[self.settings["bot_speed"]] if planned is None else planned[1]

    def bot_thought(self, seat: int) -> Thought | None:
        """The bot at ``seat``'s decision on the table as it is, to be thought in
        slices (:meth:`TableUI.bot_think`), or None: its table decides when the
        pause is over (:meth:`bot_play`)."""
        table = self.table
        assert table is not None
        return self.entries[table.game_id].table.bot_think(
            self, table, seat, self.bot_for(table, seat)
        )

    def bot_play(self, seat: int, move: int) -> bool:
        """Let the bot at ``seat`` act, if the table is still where it was."""
        table = self.table
        if table is None or move != table.state.moves or self.bot_turn() != seat:
            return False
        action = self.entries[table.game_id].table.bot_act(
            self, table, seat, self.bot_for(table, seat)
        )
        return self.bot_apply(seat, move, action)

    def bot_apply(self, seat: int, move: int, action: str | None) -> bool:
        """Play the bot at ``seat``'s decision, if the table is still at ``move``
        and the action legal."""
        table = self.table
        if table is None or move != table.state.moves or action is None:
            return False
        if action not in table.game.legal(table.state, seat):
            return False
        table.ui["fresh_from"] = log_size(table.state)
        table.state = table.game.apply(table.state, seat, action)
        self._after_move()
        return True

    # -- taps on app controls -------------------------------------------

    def handle(self, action: str, arg: str | None = None) -> None:
        """A tap on an app control (``data-action`` without ``data-move``); a
        table's hand-off control ("I am Ben") is held like a game button after
        a hand-over (see :meth:`tap`)."""
        self.notice = None if action not in ("noop",) else self.notice
        method = getattr(self, "do_" + action.replace("-", "_"), None)
        if method is None:
            table = self.table
            if table is not None and self.screen == "table":
                ui_of = self.entries[table.game_id].table
                if action in ui_of.HANDOFF_ACTIONS and self._held():
                    return  # "I am Ben" tapped by the burst that passed the turn
                kept = copy.deepcopy(table.kept)
                ui_of.handle_ui(table, action, arg)
                self._hand_over(hold=False)
                if table.kept != kept:
                    self.save()  # what a reload must keep (Table.kept) changed
            self.pressed = None
            return
        self.pressed = None
        method(arg)

    def do_go(self, arg: str | None) -> None:
        if arg in SCREENS:
            self.confirm = None
            self._open(arg)
            if arg == "history":
                self.history_open = None
            if arg == "players":
                self.players_ui = {}

    def _open(self, screen: str) -> None:
        """Show ``screen``, remembering where its Back control leads: the table,
        when the table's menu opened it (the menu closes), History for Players and
        Statistics opened there, else home."""
        table = self.table
        if screen != self.screen:
            self.back_to = self.screen if self.screen in ("table", "history") else "home"
            if table is not None and self.screen == "table":
                self.entries[table.game_id].table.close_sheet(table)
        self.screen = screen

    def do_back(self, _arg: str | None) -> None:
        """A screen's Back control: the same step as the browser's Back."""
        self.back()

    def do_continue(self, _arg: str | None) -> None:
        if self.table is not None:
            self.screen = "table"

    def do_rules(self, arg: str | None) -> None:
        if arg is not None and arg in self.entries:
            self.rules_game = arg
        self._open("rules")

    def do_new(self, arg: str | None) -> None:
        """Open the new-game form for a game: the last table played there, if any."""
        entry = self.entries.get(arg or "")
        if entry is None:
            return
        self.setup = newgame.form(
            self.storage, entry.game, self.bot_levels(entry.id), entry.table.OPTION_RANGES
        )
        self.screen = "setup"

    def do_count(self, arg: str | None) -> None:
        game = self.entries[self.setup["game"]].game
        step = 1 if arg == "+" else -1
        self.setup["count"] = max(
            game.min_players, min(game.max_players, self.setup["count"] + step)
        )

    def do_seat_kind(self, arg: str | None) -> None:
        """A seat becomes a bot (at the default level) or a person again."""
        with contextlib.suppress(ValueError, IndexError):
            newgame.switch_kind(
                self.bot_levels(self.setup["game"]), self.setup["seats"][int(arg or "")]
            )

    def do_seat_level(self, arg: str | None) -> None:
        """A bot seat's level (``seat:level``), one of those the engine offers."""
        seat, _, level = (arg or "").partition(":")
        with contextlib.suppress(ValueError, IndexError):
            newgame.set_level(
                self.bot_levels(self.setup["game"]), self.setup["seats"][int(seat)], level
            )

    def do_option(self, arg: str | None) -> None:
        """Toggle a yes/no option, step a number option (``name:+`` / ``name:-``)
        or set it to one of its presets (``name=50``)."""
        name, _, step = (arg or "").partition(":")
        name, _, preset = name.partition("=")
        options = self.setup.get("options", {})
        if name not in options:
            return
        value = options[name]
        table_ui = self.entries[self.setup["game"]].table
        if isinstance(value, bool):
            options[name] = not value
        elif preset:
            if preset.isdigit() and int(preset) in table_ui.OPTION_PRESETS.get(name, ()):
                options[name] = int(preset)
        elif isinstance(value, int):
            lo, hi, inc = table_ui.OPTION_RANGES.get(name, (0, 10_000, 1))
            options[name] = max(lo, min(hi, value + (inc if step == "+" else -inc)))

    def field(self, name: str, arg: str | None, value: str) -> None:
        """An edit in a text field; no redraw needed (the field shows it already)."""
        if name == "player-name" and arg:
            self.players_ui.setdefault("draft", {})[arg] = str(value)[:200]
        if name == "name" and self.setup:
            with contextlib.suppress(ValueError, IndexError):
                self.setup["seats"][int(arg or "")]["name"] = str(value)[:200]

    def do_pick_player(self, arg: str | None) -> None:
        """A remembered player tapped on the new-game form: to the first human seat
        shown whose name is empty (else the last human seat)."""
        player = roster.by_id(roster.load(self.storage), arg)
        if player is None or not self.setup:
            return
        seats = [s for s in self.setup["seats"][: self.setup["count"]] if s["kind"] == "human"]
        free = [s for s in seats if not store.clean_name(s["name"])]
        if seats:
            (free or seats)[0 if free else -1]["name"] = player["name"]

    def do_player(self, arg: str | None) -> None:
        """The Players screen: ``rename:ID`` (its field's text), ``avatar:ID:A``,
        ``merge:ID`` / ``merge-into:ID:TO`` (/ ``merge-yes:ID:TO`` when the two sat
        in one game: asked first), ``delete:ID`` / ``delete-yes:ID``, ``cancel``."""
        what, _, rest = (arg or "").partition(":")
        pid, _, other = rest.partition(":")
        ui = self.players_ui
        ui.pop("error", None)
        ui["merge"] = pid if what == "merge" else None
        ui["delete"] = pid if what == "delete" else None
        ui["merge_ask"] = None
        ui["avatar"] = pid if what == "avatar" else None  # its picker stays open
        if what == "rename" and pid in ui.get("draft", {}):
            error = roster.rename(self.storage, pid, ui["draft"][pid])
            if error is not None:
                ui["error"] = (pid, error)
                self.effects.append("vibrate")
            else:
                ui.get("draft", {}).pop(pid, None)
        elif what == "avatar":
            roster.set_avatar(self.storage, pid, other)
        elif what == "merge-into" and roster.shared_games(self.storage, pid, other):
            ui["merge_ask"] = [pid, other]
        elif what in ("merge-into", "merge-yes"):
            roster.merge(self.storage, pid, other)
        elif what == "delete-yes":
            roster.delete(self.storage, pid)

    def setup_seats(self) -> list[Seat]:
        """The seats the form describes, names cleaned (empty -> "Player 3")."""
        out = []
        for i, raw in enumerate(self.setup["seats"][: self.setup["count"]]):
            name = store.clean_name(raw["name"]) or self.tr("seat.default", n=i + 1)
            out.append(Seat(name, raw["kind"], raw["level"]))
        return out

    def _ask_abandon(self, pending: str) -> bool:
        """With a game in progress, open the "abandon it?" dialog for ``pending``
        (what :meth:`do_abandon_yes` then does) and return True."""
        if self.game_in_progress() is None:
            return False
        self.confirm, self.pending = "abandon", pending
        return True

    def do_abandon_yes(self, _arg: str | None) -> None:
        """The game in progress goes to the history, unfinished; then what waited."""
        pending, self.pending, self.confirm = self.pending, None, None
        table = self.game_in_progress()
        if table is None or pending not in ("start", "import"):
            return
        self.record_abandoned(table)
        self.drop_save()
        self.table = self.paused = None
        if pending == "start":
            self.do_start(None)
        else:
            self.do_import_resume(None)

    def do_import_resume(self, arg: str | None) -> None:
        if self.imported is not None and self._ask_abandon("import"):
            return
        super().do_import_resume(arg)

    def do_start(self, _arg: str | None) -> None:
        if not self.setup or self._ask_abandon("start"):
            return
        seats = self.setup_seats()
        newgame.remember(self.storage, self.setup)
        typed = [store.clean_name(s["name"]) for s in self.setup["seats"][: self.setup["count"]]]
        chosen = [n for n, s in zip(typed, seats, strict=True) if n and s.kind == "human"]
        roster.remember(self.storage, chosen)  # names typed become players on this device
        self.start(self.setup["game"], seats, dict(self.setup["options"]))

    def do_quit(self, _arg: str | None) -> None:
        """Quitting a live, unfinished game asks first."""
        table = self.table
        if table is None:
            self.screen = "home"
            return
        if table.replay is None and table.game.result(table.state) is None:
            self.confirm = "quit"
        else:
            self.do_quit_yes(None)

    def do_quit_yes(self, _arg: str | None) -> None:
        """Leave the table for good: a live game that is not over goes to the
        history, unfinished (as when a new game replaces it); a replay goes back
        to the game it paused."""
        table = self.table
        if table is not None and table.replay is None:
            if table.game.result(table.state) is None:
                self.record_abandoned(table)
            self.drop_save()
        self.table = None
        if table is not None and table.replay is not None:
            self.table, self.paused = self.paused, None
        self.confirm = None
        self.screen = "home"

    def do_cancel(self, _arg: str | None) -> None:
        self.confirm = self.pending = None

    def do_home(self, _arg: str | None) -> None:
        """Leave the table for the home screen, the game staying saved; a replay
        for the list it was opened from (History or the records)."""
        self.confirm = None
        table = self.table
        leave_to = "home"
        if table is not None and table.replay is not None:
            leave_to = str(table.ui.get("back_to", "home"))
        if table is not None and (
            table.replay is not None or table.game.result(table.state) is not None
        ):
            self.do_quit_yes(None)
        self.screen = leave_to

    def do_rematch(self, _arg: str | None) -> None:
        table = self.table
        if table is None:
            return
        self.start(
            table.game_id,
            [Seat(s.name, s.kind, s.level) for s in table.seats],
            dict(table.state.options),
        )

    def do_set(self, arg: str | None) -> None:
        """A settings change: ``name=value``."""
        name, _, raw = (arg or "").partition("=")
        setting = next((s for s in self.known_settings if s.name == name), None)
        if setting is None:
            return
        value: Any = raw
        if isinstance(setting.default, bool):
            value = raw == "true"
        if value in setting.values:
            before = self.tr
            self.settings[name] = value
            store.save_settings(self.storage, self.settings)
            if name == "lang" and self.table is not None:
                # a default name ("Player 2") follows the language; a chosen one stays
                for table in (self.table, self.paused):
                    for i, seat in enumerate(table.seats if table is not None else []):
                        if seat.name == before("seat.default", n=i + 1):
                            seat.name = self.tr("seat.default", n=i + 1)
                self.save()

    def do_lab(self, arg: str | None) -> None:
        """A tap on the bot lab (:meth:`web.core.lab.Lab.handle`); ``open``: the
        lab from Settings (its Back returns there, Settings' Back where it did)."""
        if arg == "open":
            self.screen = "botlab"
            return
        self.lab.handle(arg or "", self.new_seed())

    def lab_step(self) -> bool:
        """One slice of the bot lab's run (the browser calls it from a timer
        while :attr:`Lab.running`); whether the page should be drawn again:
        the lab is on screen, or the run just ended."""
        moved = self.lab.step()
        return moved and (self.screen == "botlab" or not self.lab.running)

    # -- browser back -------------------------------------------------------

    def back(self) -> None:
        """One step back (the browser's or phone's Back, Escape, a screen's Back
        control): close what is open, else return where the screen was opened
        from (rules and settings: the table or home; the rest: home); never lose
        a game."""
        if self.confirm is not None:
            self.do_cancel(None)
            return
        if self.table is not None and self.screen == "table":
            if self.entries[self.table.game_id].table.close_sheet(self.table):
                return
            self.do_home(None)
            return
        to_table = self.back_to == "table" and self.table is not None
        if self.screen in ("rules", "settings") and to_table:
            self.screen = "table"
            return
        if self.screen in ("players", "stats") and self.back_to == "history":
            self.screen = "history"
            return
        if self.screen == "records" and self.back_to == "players":  # a file chosen there
            self.screen = "players"
            return
        if self.screen == "botlab":  # opened from Settings
            self.screen = "settings"
            return
        self.screen = "home"

    # -- drawing ------------------------------------------------------------

    def render(self) -> str:
        """The whole app as one HTML string. ``self.regions`` then holds the parts
        a table registered (id -> HTML, each also inside the string), so the
        browser can morph only those that changed."""
        self.regions = {}
        return page.render_app(self)

    def title(self) -> str:
        return page.title(self)

"""The table's control: a game started, a move played (a finger's tap or a
bot's), the hand-over between seats, and leaving the table."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

from engine import IllegalAction
from engine.bot import Thought
from web.app import lifetime
from web.app.feature import Feature, Handler, unknown_action
from web.app.saving import Saving
from web.core import actions, clock
from web.core.model import Seat, Table, log_size
from web.ui.kit import coach
from web.ui.session import Session
from web.ui.table_ui import BOT_SPEED_MS, HANDOVER_MS


class Tabletop(Feature):
    """The game on the table (``app.table``) as fingers and bots play it; each
    move is saved, and a finished game recorded, by ``saving``."""

    def __init__(self, app: Session, saving: Saving) -> None:
        super().__init__(app)
        self.saving = saving

    def handlers(self) -> dict[str, Handler]:
        return {
            actions.CONTINUE: self.go_on,
            actions.QUIT: self.quit,
            actions.QUIT_YES: self.quit_yes,
            actions.HOME: self.home,
            actions.REMATCH: self.rematch,
        }

    def opens(self, held: bool = False) -> None:
        """The table screen opens (Continue, a Back from settings, a resumed
        record, a reload...): the phone may have changed hands while another
        screen was up, so the table forgets who holds it (:meth:`TableUI.reopen`)
        and a seat's private moment comes behind its hand-off again. That hand-off
        holds its "I am Ana" as after a move, so a double tap on Continue passes
        nothing (a table just loaded holds nothing). ``held``: the phone stayed
        in the same hands (the rules read from the table's menu): nothing is forgotten."""
        table = self.app.table
        if table is None:
            return
        if not held:
            self.app.entries[table.game_id].table.reopen(table)
        self._hand_over(hold=False)
        self.settle()

    # -- the game -----------------------------------------------------------

    def start(self, game_id: str, seats: list[Seat], options: dict[str, Any]) -> None:
        app = self.app
        game = app.entries[game_id].game
        try:
            state = game.new(len(seats), app.new_seed(), options)
        except ValueError:  # options that cannot be played together (the engine says why)
            app.notice = ("setup.options_conflict", {})
            app.effects.append("vibrate")
            return
        table = Table(game_id, game, state, seats, clock.utc_stamp())
        table.bot_salt = app.new_seed()  # entropy of its own: not the deal's seed
        app.set_match(table)
        app.broken_save = None
        app.screen = "table"
        app.confirm = None
        self.settle()
        self.saving.save()

    def tap(self, seat: int, action: str, move: int) -> bool:
        """A finger's tap on a game button (the browser's way in; tests may
        :meth:`play` directly): refused while the seat up's controls are held
        after a hand-over, or when a hand-over came between the finger going
        down (:meth:`press`) and the tap, so that a burst of taps plays for one
        seat only. Else :meth:`play`."""
        if self.app.table is None or self._held():
            return False  # meant for the seat before: the new seat's controls are not live yet
        return self.play(seat, action, move)

    def _held(self) -> bool:
        """Whether the finger now lifted meant its tap for the seat before a
        hand-over (see :meth:`tap`); consumes the finger's :meth:`press`."""
        table = self.app.table
        pressed, self.app.match.pressed = self.app.match.pressed, None
        if table is None:
            return False
        self._hand_over(hold=True)
        return bool(table.ui.get("guard")) or pressed not in (None, table.ui.get("handovers", 0))

    def play(
        self, seat: int, action: str, move: int, kind: str = "human", at: float | None = None
    ) -> bool:
        """A tap on a game action. ``move`` is the move count the button was drawn
        at: a tap from an older picture (double tap, tap during a bot's move) is
        refused calmly. ``kind``: the seat's kind the tap may come from (a seat on
        another phone plays only through its link). ``at``: when the finger came
        down, on this app's clock (a tap here: the event's time, ``app.now()``;
        another phone's: as the host reckons it, ``linking.tapped_at``). True when
        the action was applied."""
        app = self.app
        table = app.table
        if table is None or table.replay is not None:
            return False
        if app.screen != "table" and kind != "phone":
            return False  # another phone's move counts whatever the host's screen shows
        # A table may read a late tap otherwise (Carta robada: a cut within the tie window).
        when = app.now() if at is None else at
        action, move = app.entries[table.game_id].table.arrive(app, table, seat, action, move, when)
        if move != table.state.moves:
            return False  # stale: the table moved on since this button was drawn
        if seat not in table.game.actors(table.state) or table.seats[seat].kind != kind:
            return False
        before = log_size(table.state)
        try:
            table.state = table.game.apply(table.state, seat, action)
        except IllegalAction:
            app.notice = ("notice.illegal", {})
            app.effects.append("vibrate")
            return False
        app.notice = None
        table.ui["fresh_from"] = before
        self.after_move()
        return True

    def after_move(self) -> None:
        """What follows every move: the table's own bookkeeping, the hand-over,
        the history (a game just over) and the save."""
        table = self.app.table
        assert table is not None
        self.app.entries[table.game_id].table.after_move(self.app, table)
        self._hand_over(hold=True)
        self.settle()
        self.saving.record_result()
        self.saving.save()

    def _hand_over(self, hold: bool) -> None:
        """Note the seat up (:meth:`TableUI.seat_up`). When a move (``hold``) made
        it another human, their controls are held (``table.ui["guard"]``: drawn
        dimmed, taps refused) until :meth:`release` (the mid end arms it,
        HANDOVER_MS later). A table control that changes it (Abyss's "Flip for
        Ben") was a deliberate tap: nothing is held; but a hand-off screen that
        comes up (``HANDOFF_ACTIONS``), after a move or a control alike ("Done"
        on Ana's look), holds its "I am Ben" (a table just opened holds nothing)."""
        table = self.app.table
        if table is None:
            return
        ui_of = self.app.entries[table.game_id].table
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
        return self.app.table is not None and bool(self.app.table.ui.get("guard"))

    def hold_ms(self) -> int:
        """How long the hold after a hand-over lasts (:meth:`TableUI.hold_ms`)."""
        table = self.app.table
        if table is None:
            return HANDOVER_MS
        return self.app.entries[table.game_id].table.hold_ms(table)

    def release(self) -> bool:
        """The hold after a hand-over ends; True if there was one (redraw)."""
        if not self.guarded():
            return False
        assert self.app.table is not None
        self.app.table.ui.pop("guard", None)
        return True

    def press(self) -> None:
        """A finger went down: its tap may play only if no hand-over comes between,
        and not if it went down while the new seat's controls were held (it was
        meant for what was drawn then: Abyss may still draw the grid just played on)."""
        if self.app.table is None:
            self.app.match.pressed = None
        else:
            self.app.match.pressed = -1 if self.guarded() else self.app.table.ui.get("handovers", 0)

    def table_action(self, action: str, arg: str | None) -> None:
        """A control of the game's own table (a sheet, a hand-off...: an action no
        feature answers), handled by its :class:`TableUI`; its hand-off control
        ("I am Ben") is held like a game button after a hand-over (see :meth:`tap`)."""
        app = self.app
        table = app.table
        if action != actions.NOOP and (
            table is None or not app.entries[table.game_id].table.answers(action)
        ):
            unknown_action(action)  # "noop": a redraw that keeps the notice (App.handle)
        if table is not None and app.screen == "table":
            ui_of = app.entries[table.game_id].table
            if action in ui_of.HANDOFF_ACTIONS and self._held():
                return  # "I am Ben" tapped by the burst that passed the turn
            kept = copy.deepcopy(table.kept)
            ui_of.handle_ui(app, table, action, arg)
            self._hand_over(hold=False)
            self.settle()
            if table.kept != kept:
                self.saving.save()  # what a reload must keep (Table.kept) changed
        self.app.match.pressed = None

    # -- bots -----------------------------------------------------------------

    def _bots_table(self) -> Table | None:
        """The table whose bots may be planned now: a live game on screen, not
        held for a lesson's step."""
        app = self.app
        table = app.table
        if table is None or table.replay is not None:
            return None
        if app.screen != "table" and not self.phones_play():
            return None
        if coach.holds(app.entries[table.game_id].lesson, table):
            return None  # a lesson's bots wait for the learner's step
        return table

    def settle(self) -> None:
        """After an event: whether the app holds the table's bots (``Table.held``),
        and the table's clocks (:meth:`TableUI.settle`) while its bots may be
        planned, so that drawing the table and planning its bots write nothing."""
        table = self.app.table
        if table is not None:
            table.held = coach.holds(self.app.entries[table.game_id].lesson, table)
        table = self._bots_table()
        if table is not None:
            self.app.entries[table.game_id].table.settle(self.app, table)

    def bot_plan(self) -> tuple[int, int] | None:
        """``(seat, ms)``: the bot that may act next and after how long a pause
        (:meth:`TableUI.bot_plan`), or None; the mid end paces it."""
        table = self._bots_table()
        if table is None:
            return None
        return self.app.entries[table.game_id].table.bot_plan(self.app, table)

    def redraw_plan(self) -> int | None:
        """In how many ms the table on screen draws otherwise with no move and no
        tap (:meth:`TableUI.redraw_ms`), or None; the mid end redraws it then."""
        table = self.app.table
        if table is None or table.replay is not None:
            return None
        if self.app.screen != "table" and not self.phones_play():
            return None
        return self.app.entries[table.game_id].table.redraw_ms(self.app, table)

    def live(self) -> contextlib.AbstractContextManager[None]:
        """While other phones play the live table, its bots and clocks go on
        with a History replay on the host's screen too (only the host's own view
        is paused): meanwhile ``app.table`` is the live table."""
        return lifetime.on_live(self.app) if self.phones_play() else contextlib.nullcontext()

    def phones_play(self) -> bool:
        """Whether other phones play this table now (one is linked): then the
        bots and the table's clocks go on whatever the host's own screen is
        (Home, Rules, Settings, linking another phone), so those phones' play
        never stops for it."""
        return any(p.status == "linked" for p in self.app.link.phones.values())

    def bot_turn(self) -> int | None:
        """The seat of a bot that may act now, if any."""
        planned = self.bot_plan()
        return None if planned is None else planned[0]

    def bot_delay_ms(self) -> int:
        """How long the bot that :meth:`bot_turn` found waits before it acts, in ms."""
        planned = self.bot_plan()
        return BOT_SPEED_MS[self.app.settings["bot_speed"]] if planned is None else planned[1]

    def bot_thought(self, seat: int) -> Thought | None:
        """The bot at ``seat``'s decision on the table as it is, to be thought in
        slices (:meth:`TableUI.bot_think`), or None: its table decides when the
        pause is over (:meth:`bot_play`)."""
        app = self.app
        table = app.table
        assert table is not None
        return app.entries[table.game_id].table.bot_think(
            app, table, seat, app.bot_for(table, seat)
        )

    def bot_play(self, seat: int, move: int) -> bool:
        """Let the bot at ``seat`` act, if the table is still where it was."""
        app = self.app
        table = app.table
        if table is None or move != table.state.moves or self.bot_turn() != seat:
            return False
        action = app.entries[table.game_id].table.bot_act(
            app, table, seat, app.bot_for(table, seat)
        )
        return self.bot_apply(seat, move, action)

    def bot_apply(self, seat: int, move: int, action: str | None) -> bool:
        """Play the bot at ``seat``'s decision, if the table is still at ``move``
        and the action legal."""
        table = self.app.table
        if table is None or move != table.state.moves or action is None:
            return False
        if action not in table.game.legal(table.state, seat):
            return False
        table.ui["fresh_from"] = log_size(table.state)
        table.state = table.game.apply(table.state, seat, action)
        self.after_move()
        return True

    # -- leaving the table ------------------------------------------------------

    def go_on(self, _arg: str | None) -> None:
        """Continue: back to the game on the table."""
        if self.app.table is not None:
            self.app.screen = "table"

    def quit(self, _arg: str | None) -> None:
        """Quitting a live, unfinished game asks first."""
        table = self.app.table
        if table is None:
            self.app.screen = "home"
            return
        if table.replay is None and table.game.result(table.state) is None:
            self.app.confirm = "quit"
        else:
            self.quit_yes(None)

    def quit_yes(self, _arg: str | None) -> None:
        """Leave the table for good: a live game that is not over goes to the
        history, unfinished (as when a new game replaces it); a replay goes back
        to the game it paused."""
        self._leave()
        self.app.screen = "home"

    def _leave(self) -> None:
        """The table left for good (:meth:`quit_yes`), wherever the app goes next."""
        app = self.app
        table = app.table
        if table is not None and table.replay is None:
            if table.game.result(table.state) is None:
                self.saving.record_abandoned(table)
            self.saving.drop_save()
        replaying = table is not None and table.replay is not None
        app.set_match(app.paused if replaying else None)
        app.confirm = None

    def home(self, _arg: str | None) -> None:
        """Leave the table for the home screen, the game staying saved; a replay
        for the list it was opened from (History or the records)."""
        app = self.app
        app.confirm = None
        table = app.table
        leave_to = "home"
        if table is not None and table.replay is not None:
            leave_to = str(table.ui.get("back_to", "home"))
        if table is not None and (
            table.replay is not None or table.game.result(table.state) is not None
        ):
            self._leave()
        app.return_to(leave_to)  # a replay's list as it was left, when it lies under

    def rematch(self, _arg: str | None) -> None:
        table = self.app.table
        if table is None:
            return
        self.start(
            table.game_id,
            [Seat(s.name, s.kind, s.level) for s in table.seats],
            dict(table.state.options),
        )

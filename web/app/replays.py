"""Replays: a record shown step by step from its deal, by hand or playing itself."""

from __future__ import annotations

from engine import State
from web.app.feature import Feature, Handler
from web.core import actions
from web.core.model import Table, log_size
from web.ui.kit.frame import (
    REPLAY_SPEEDS,
    find_round_starts,
    replay_finished,
    replay_speed,
    round_starts,
)

#: A playing replay stays this many times longer on the move that ends a round
#: (the table shows the round's results there).
ROUND_END_HOLD = 4


class Replays(Feature):
    """The replay on the table (``app.table.replay``) and its controls."""

    #: The next draw shows a new page, scrolled to its top, although the screen
    #: is the same (a replay's jump to a round); the mid end takes it once.
    page_top: bool = False

    def handlers(self) -> dict[str, Handler]:
        return {
            actions.STEP: self.step,
            actions.REPLAY_PLAY: self.play,
            actions.REPLAY_SPEED: self.speed,
            actions.REPLAY_OPEN: self.open_cards,
            actions.REPLAY_ROUNDS: self.rounds,
        }

    def take_page_top(self) -> bool:
        """Whether this draw starts the page at its top (:attr:`page_top`), once."""
        top, self.page_top = self.page_top, False
        return top

    def start(self, table: Table, states: list[State] | None = None) -> None:
        """Replay ``table``'s record from its deal; ``states`` are its every state
        (those an import built), else they are rebuilt here so stepping back is instant."""
        app = self.app
        if states is None:
            data = table.game.dump(table.state)
            state = table.game.new(data["players"], data["seed"], data["options"])
            states = [state]
            for seat, action in data["actions"]:
                state = table.game.apply(state, seat, action)
                states.append(state)
        table.replay = states
        table.step = 0
        table.state = states[0]
        shown = app.table
        # the game in progress waits, still saved (a replay over a replay: the same one)
        app.set_match(table, shown if shown is not None and shown.replay is None else app.paused)
        # its Back leads to the list it was opened from (History or the records)
        table.ui["back_to"] = app.screen if app.screen in ("history", "records") else "home"
        # "Cards on the table" is offered where the game's table can draw them
        table.ui["can_open"] = app.entries[table.game_id].table.OPEN_CARDS
        table.ui["round_starts"] = find_round_starts(table)  # the bar's rounds, read by each draw
        if app.screen in ("history", "records"):
            app.push("table")  # over the list, kept as it was left for the replay's Back
        else:
            app.screen = "table"

    def _replay(self) -> Table | None:
        """The replay on the table, if one is."""
        table = self.app.table
        return table if table is not None and table.replay is not None else None

    def step(self, arg: str | None) -> None:
        """A replay control: ``start``, ``back``, ``next``, ``end``, or ``round:N``
        (round N's deal, the last round's results put away; a playing replay
        plays on from there). A step by hand pauses a playing replay."""
        table = self._replay()
        if table is None:
            return
        assert table.replay is not None
        last = len(table.replay) - 1
        if (arg or "").startswith("round:"):
            starts = round_starts(table)
            try:
                target = starts[int((arg or "")[6:]) - 1]
            except (ValueError, IndexError):
                return
            table.ui["sheet"] = None
            self._go_to(table, target, to_deal=True)
            self.page_top = True
            return
        table.ui["playing"] = False
        target = {"start": 0, "back": table.step - 1, "next": table.step + 1, "end": last}.get(
            arg or "", table.step
        )
        self._go_to(table, target)

    def _go_to(self, table: Table, target: int, to_deal: bool = False) -> None:
        """Show the replay's ``target`` step; the table's last-move line tells the
        move that led there (``fresh_from``), the same words as its move log.
        ``to_deal``: a jump to a round's deal (no results to read there)."""
        assert table.replay is not None
        target = max(0, min(len(table.replay) - 1, target))
        if target > 0:
            table.ui["fresh_from"] = log_size(table.replay[target - 1])
        else:
            table.ui.pop("fresh_from", None)
        table.step = target
        table.state = table.replay[target]
        put_away = self.app.entries[table.game_id].table.replay_moved(table, to_deal)
        table.ui["landed"] = target if put_away else None  # no results to read: no hold

    def play(self, _arg: str | None) -> None:
        """Play or pause the replay; played from its end, it starts over."""
        table = self._replay()
        if table is None:
            return
        assert table.replay is not None
        if table.ui.get("playing"):
            table.ui["playing"] = False
            return
        if table.step >= len(table.replay) - 1:
            self._go_to(table, 0)
        table.ui["playing"] = True

    def speed(self, _arg: str | None) -> None:
        """The next replay speed, slowest again after the fastest."""
        table = self._replay()
        if table is not None:
            speeds = list(REPLAY_SPEEDS)
            table.ui["speed"] = speeds[(speeds.index(replay_speed(table)) + 1) % len(speeds)]

    def open_cards(self, _arg: str | None) -> None:
        """Turn "Cards on the table" on or off: a finished game's replay only."""
        table = self._replay()
        if table is not None and replay_finished(table):
            table.ui["open_cards"] = not table.ui.get("open_cards")

    def rounds(self, _arg: str | None) -> None:
        """Open the list of the replay's rounds (a tap on one jumps there)."""
        table = self._replay()
        if table is not None:
            table.ui["sheet"] = "replay-rounds"

    def plan(self) -> int | None:
        """How long the playing replay's current move stays on screen, in ms (the
        mid end arms one timer with it, then calls :meth:`tick`), or None:
        no replay playing in view (a sheet or a dialog over it holds it)."""
        table = self._replay()
        if (
            table is None
            or self.app.screen != "table"
            or not table.ui.get("playing")
            or table.ui.get("sheet")
            or self.app.confirm is not None
        ):
            return None
        ms = REPLAY_SPEEDS[replay_speed(table)]
        if table.step in round_starts(table)[1:] and table.ui.get("landed") != table.step:
            ms *= ROUND_END_HOLD  # a round's results are on the table: time to read them
        return ms

    def tick(self, step: int) -> bool:
        """The replay's timer fired: the next move, if the replay still plays at
        ``step`` (the step the timer was armed at). True when it moved (redraw).
        At the last move it stops playing."""
        table = self._replay()
        if table is None or self.plan() is None or table.step != step:
            return False
        assert table.replay is not None
        self._go_to(table, step + 1)
        if table.step >= len(table.replay) - 1:
            table.ui["playing"] = False
        return True

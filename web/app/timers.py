"""The table's time: the timers the app wants, each for one position, and a
bot's turn (its thought in slices while its pause runs, then its move).

:class:`Timers` is the mid end's (:mod:`web.app.midend`): after every event it says
which timers to arm (:meth:`Timers.arm`: ``(kind, ms, token)``), and a timer
that fires comes back to :meth:`Timers.fire` with its token. The timers listed
are the ones the app wants now: a kind it already wants for the same position
keeps its token (it is not asked for again); a kind wanted for another position
gets a new token, and the old one is stale: firing it does nothing. So a tap
never races a timer, and the rules of time (bots wait while a sheet is open,
the hand-off's hold, a replay's pace, a table's own redraw (a tie window
closing), an import's and the bot lab's slices) are
Python, testable on CPython.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.bot import Thought
from web.app import lifetime
from web.app.controller import App


@dataclass
class _Timer:
    token: int
    key: Any
    ms: int


@dataclass
class _Bot:
    """A bot's decision in progress, for one position (``key``)."""

    key: tuple[Any, ...]
    seat: int
    #: When the move may be played at the earliest (clock seconds): the pause's end.
    due: float
    thought: Thought | None
    done: bool = False
    action: str | None = None
    #: The pause ended before the thought: the move comes with its last slice.
    late: bool = False
    #: A sheet is open over the table: no slice, no move.
    held: bool = False


class Timers:
    """The timers of one app (see the module's docstring)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._armed: dict[str, _Timer] = {}
        #: The last token given: a new app's timers may go on from the last app's
        #: (web/app/wire.py), so a timer of the last one never matches one of this.
        self.tokens = 0
        self._bot: _Bot | None = None
        #: How long the last frame's animations run (ms): the next bot waits that much longer.
        self.anim_ms = 0
        #: A bot moved since the last frame (after a bot's move, a human's turn gets a cue).
        self.bot_moved = False

    def fire(self, kind: str, token: int) -> bool | None:
        """A timer fired: whether the screen changed; None when it is stale."""
        timer = self._armed.get(kind)
        if timer is None or timer.token != token:
            return None
        del self._armed[kind]
        return self._run(kind, timer)

    def animated(self, ms: int) -> None:
        """The last frame's animations run ``ms``: the bot's move waits for them."""
        self.anim_ms = ms
        if self._bot is not None:
            self._bot.due += ms / 1000
            self._armed.pop("bot", None)

    def bot_waits(self) -> bool:
        """Whether a bot's turn is under way (its thought or its pause)."""
        return self._bot is not None

    def _run(self, kind: str, timer: _Timer) -> bool:
        """What a timer does; whether the screen changed."""
        app = self.app
        if kind == "think":
            return self._think()
        if kind == "bot":
            bot = self._bot
            if bot is None or bot.key != timer.key:
                return False
            if bot.thought is not None and not bot.done:
                bot.late = True  # the pause is over: play as soon as the thought ends
                return False
            return self._play_bot()
        if kind == "release":
            return app.release()
        if kind == "redraw":
            return True
        if kind == "replay":
            return app.replay_tick(timer.key[1])
        if kind == "import":
            return app.import_step()
        if kind == "lab":
            return app.lab_step()
        raise ValueError(f"no timer of kind {kind!r}")

    def _think(self) -> bool:
        """One slice of the bot's thought; the move once it ends and its pause is over."""
        bot = self._bot
        if bot is None or bot.done or bot.thought is None:
            return False
        try:
            next(bot.thought)
        except StopIteration as end:
            bot.done, bot.action = True, end.value
            if bot.late or self.app.now() >= bot.due:
                return self._play_bot()
        return False

    def _play_bot(self) -> bool:
        bot, self._bot = self._bot, None
        assert bot is not None
        if bot.thought is None:  # the table decides at the end of the pause
            played = self.app.bot_play(bot.seat, bot.key[1])
        else:
            played = self.app.bot_apply(bot.seat, bot.key[1], bot.action)
        self.bot_moved = self.bot_moved or played
        return played

    def _bot_timers(self) -> list[tuple[str, Any, int]]:
        """The bot's timers: a slice of its thought at once, its move when its
        pause is over; none while a sheet is open (bots wait, and think no further)."""
        app = self.app
        plan, table = app.bot_plan(), lifetime.live_table(app)  # a replay's too
        if plan is None or table is None:
            self._bot = None
            return []
        seat, ms = plan
        key = (id(table), table.state.moves, seat)
        bot = self._bot
        if bot is None or bot.key != key:  # the position moved: a new thought
            due = app.now() + (ms + self.anim_ms) / 1000
            bot = self._bot = _Bot(key, seat, due, app.bot_thought(seat))
        if table.ui.get("sheet"):
            bot.held = True
            return []
        if bot.held:  # the sheet closed: a whole pause from now
            bot.held = False
            bot.due = app.now() + (ms + self.anim_ms) / 1000
            self._armed.pop("bot", None)
        out: list[tuple[str, Any, int]] = []
        if not bot.done and bot.thought is not None:
            out.append(("think", key, 0))
        if not bot.late:
            out.append(("bot", key, max(0, round((bot.due - app.now()) * 1000))))
        return out

    def _wanted(self) -> list[tuple[str, Any, int]]:
        """The timers the app wants now: (kind, the position it is for, ms)."""
        app = self.app
        out = self._bot_timers()
        if app.guarded() and app.table is not None:
            out.append(("release", app.table.ui.get("handovers"), app.hold_ms()))
        ms = app.redraw_plan()
        if ms is not None and app.table is not None:
            out.append(("redraw", (id(app.table), app.table.state.moves), ms))
        ms = app.replay_plan()
        if ms is not None and app.table is not None:
            out.append(("replay", (id(app.table), app.table.step), ms))
        if app.opening is not None:
            out.append(("import", id(app.opening), 0))
        if app.lab.running:
            out.append(("lab", id(app.lab), 0))
        return out

    def arm(self) -> list[tuple[str, int, int]]:
        """The timers to arm now (see the module's docstring)."""
        wanted = self._wanted()
        kinds = {kind for kind, _, _ in wanted}
        for kind in list(self._armed):
            if kind not in kinds:
                del self._armed[kind]
        out = []
        for kind, key, ms in wanted:
            armed = self._armed.get(kind)
            if armed is not None and armed.key == key:
                continue
            self.tokens += 1
            self._armed[kind] = _Timer(self.tokens, key, ms)
            out.append((kind, ms, self.tokens))
        return out

    def pending(self) -> list[tuple[str, int, int]]:
        """Every timer armed and not fired: (kind, ms it was armed with, token)."""
        return [(kind, t.ms, t.token) for kind, t in self._armed.items()]

"""The app's side of a lesson (``web/ui/kit/coach.py``): starting one on its
prepared deal, skipping it, the coach's "Next", the first offer's "No thanks",
and the real game with the same seats that follows it.

A lesson is a table like any other (saved after every move, resumed after a
reload) with ``Table.lesson`` set: :class:`~web.app.saving.Saving` never puts
it in History, so Statistics never counts it; its bots wait for the learner
(:func:`web.ui.kit.coach.holds`, asked by :meth:`Tabletop.bot_plan`).
"""

from __future__ import annotations

from web.app.feature import Feature, Handler
from web.app.saving import Saving
from web.app.tabletop import Tabletop
from web.core import actions, clock, newgame, roster, store
from web.core.model import Seat, Table
from web.ui.kit import coach
from web.ui.kit.coach import Lesson
from web.ui.session import Session


class Lessons(Feature):
    """The lesson controls; a lesson's table is saved through ``saving``, the
    real game after it starts on ``tabletop``."""

    def __init__(self, app: Session, saving: Saving, tabletop: Tabletop) -> None:
        super().__init__(app)
        self.saving = saving
        self.tabletop = tabletop

    def handlers(self) -> dict[str, Handler]:
        return {
            actions.LESSON: self.lesson,
            actions.LESSON_NEXT: self.next,
            actions.LESSON_NAMED: self.named,
            actions.LESSON_OFFER_NO: self.offer_no,
            actions.LESSON_LEAVE: self.leave,
            actions.LESSON_PLAY: self.play,
        }

    def lesson_of(self, table: Table | None) -> Lesson | None:
        """The lesson played on ``table``, if it is one."""
        if table is None or not table.lesson:
            return None
        return self.app.entries[table.game_id].lesson

    def lesson(self, arg: str | None) -> None:
        """Start (or replay) the lesson of the game ``arg`` on its prepared deal.
        It replaces a lesson on the table, and waits behind a real game's
        "abandon it?" question like a new game."""
        app = self.app
        entry = app.entries.get(arg or "")
        if entry is None or entry.lesson is None:
            return
        coach.note_offered(app.storage, entry.id)
        in_progress = app.game_in_progress()
        if in_progress is not None and not in_progress.lesson:
            app.confirm, app.pending = "abandon", "lesson:" + entry.id
            return
        lesson = entry.lesson
        levels = list(entry.bots)
        learner = self.learner(entry.id)
        seats = [Seat(learner)]
        # the level a new bot seat takes: the real game after the lesson keeps it
        level = newgame.default_level(levels) if levels else None
        seats += [Seat(name, "bot", level) for name in lesson.bots]
        state = entry.game.new(len(seats), lesson.seed, dict(lesson.options))
        table = Table(entry.id, entry.game, state, seats, clock.utc_stamp(), lesson=True)
        if learner == app.tr("lesson.learner"):
            table.kept["ask_name"] = True  # nobody known: asked before the table is drawn
        table.bot_salt = app.new_seed()
        app.set_match(table)
        app.confirm = None
        app.screen = "table"
        self.saving.save()

    def learner(self, game_id: str) -> str:
        """The learner's name: the one typed in the first seat of this game's
        setup form (where the lesson is first offered), else the first player
        kept on the device, else "You" in the learner's language."""
        app = self.app
        setup = app.setup
        if setup and setup.get("game") == game_id and setup["seats"]:
            first = setup["seats"][0]
            typed = store.clean_name(first["name"])
            if first["kind"] == "human" and typed:
                return typed
        known = roster.load(app.storage)
        return str(known[0]["name"]) if known else app.tr("lesson.learner")

    def rename(self, value: str) -> None:
        """The learner's name typed in the field asked before the lesson starts."""
        table = self.app.table
        if self.lesson_of(table) is None or table is None or not coach.asks_name(table):
            return
        name = store.clean_name(value)[:40]
        table.seats[0].name = name or self.app.tr("lesson.learner")
        if name:
            table.kept["named"] = True
        else:
            table.kept.pop("named", None)

    def named(self, _arg: str | None) -> None:
        """The name step's "Start": the lesson's table, once a name is given
        (an empty field says so and stays)."""
        table = self.app.table
        if self.lesson_of(table) is None or table is None or not coach.asks_name(table):
            return
        if not table.kept.get("named"):
            table.kept["name_missing"] = True
            return
        for key in ("ask_name", "named", "name_missing"):
            table.kept.pop(key, None)
        self.saving.save()

    def next(self, _arg: str | None) -> None:
        """The coach's "Next" on a step to read: the game goes on (the bots' moves)."""
        table = self.app.table
        if self.lesson_of(table) is not None:
            assert table is not None
            table.kept["coach_ack"] = table.state.moves
            self.saving.save()

    def offer_no(self, arg: str | None) -> None:
        """The first offer's "No thanks": it is not offered unasked again."""
        if arg is not None and arg in self.app.entries:
            coach.note_offered(self.app.storage, arg)

    def leave(self, _arg: str | None) -> None:
        """Skip the lesson, or leave its summary: dropped, never recorded."""
        if self.lesson_of(self.app.table) is not None:
            self.saving.drop_save()
            self.app.set_match(None)
        self.app.screen = "home"

    def play(self, _arg: str | None) -> None:
        """A real game after the lesson, with its seats and the game's own rules."""
        table = self.app.table
        if self.lesson_of(table) is None:
            return
        assert table is not None
        seats = [Seat(s.name, s.kind, s.level) for s in table.seats]
        self.saving.drop_save()
        self.app.set_match(None)
        self.tabletop.start(table.game_id, seats, {})
        if self.app.table is not None:  # nothing else on its first screen says the coach left
            self.app.notice = ("lesson.real_game", {})

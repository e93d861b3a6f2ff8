"""Records: a finished game exported as a file, a file imported (opened slice
by slice, then resumed or replayed), and History's entries opened as replays."""

from __future__ import annotations

import json

from engine import BadSave
from web.app.feature import Feature, Handler
from web.app.replays import Replays
from web.app.saving import MAX_RECORD_ACTIONS, MAX_RECORD_CHARS, RecordTooLarge, Saving
from web.core import actions, players_file, roster, store
from web.core.model import Opening
from web.core.reason import Reason, reason_of
from web.ui.kit.export import exportable, whole
from web.ui.session import Screen, Session

#: How many of a record's actions an import replays at a time before the page
#: draws its progress and takes taps again: measured to take well under 200 ms
#: of the main thread in Pyodide (docs/reliability.md); smaller records open at once.
SLICE_ACTIONS = 2_000


class Records(Feature):
    """Files in and out, and History's replays: records are read by ``saving``
    and shown by ``replays``."""

    def __init__(self, app: Session, saving: Saving, replays: Replays) -> None:
        super().__init__(app)
        self.saving = saving
        self.replays = replays

    def handlers(self) -> dict[str, Handler]:
        # "import-resume" replaces the game in progress: the new-game form's (it asks first)
        return {
            actions.HISTORY_OPEN: self.history_open,
            actions.HISTORY_REPLAY: self.history_replay,
            actions.IMPORT_CANCEL: self.import_cancel,
            actions.IMPORT_REPLAY: self.import_replay,
        }

    def history_open(self, arg: str | None) -> None:
        """An entry's scores shown (History's ``open``), in place of any other's."""
        state = self.app.state_of("history")
        state.pop("bad", None)
        try:
            state["open"] = int(arg or "")
        except ValueError:
            state.pop("open", None)

    def history_replay(self, arg: str | None) -> None:
        """The replay of a History entry's record; one that cannot be opened is
        kept with why (History's ``bad``: the entry, the reason), as an import is."""
        app = self.app
        history = store.load_history(app.storage)
        state = app.state_of("history")
        state.pop("bad", None)
        try:
            i = int(arg or "")
            table = self.saving.table_from_record(history[i]["record"])
            now = roster.names_now(history[i], roster.load(app.storage), table.names)
            for seat, name in zip(table.seats, now, strict=True):
                seat.name = name
        except BadSave as exc:  # a ValueError: first
            app.notice = ("notice.record_bad", {})
            state["bad"] = (i, reason_of(exc))
            return
        except (ValueError, IndexError, KeyError):
            app.notice = ("notice.record_bad", {})
            return
        self.replays.start(table)

    # -- records: export, import ---------------------------------------------

    def export_record(self) -> tuple[str, str] | None:
        """(file name, JSON text) of the whole game on the table (a replay's whole
        record, wherever its step is), or None while the game is unfinished: a
        record holds the seed and every action, so every hidden card, future deal
        and secret pick (:mod:`web.ui.kit.export`)."""
        if self.app.table is None or not exportable(self.app.table):
            return None
        table = whole(self.app.table)
        data = table.record()
        stamp = table.started.replace(":", "").replace("-", "")[:13]
        return f"tapete-{table.game_id}-{stamp}.json", json.dumps(data, ensure_ascii=False)

    def export_file(self, arg: str | None) -> tuple[str, str] | None:
        """The file an export control hands over, or None: ``h<n>``, a History
        entry (never an unfinished game's: its record holds every hidden card,
        and History offers no export for it); ``damaged``, the saved data that
        could not be read; ``players``, the players and the history; else the
        game on the table, once it may be exported."""
        app = self.app
        if arg and arg.startswith("h"):
            try:
                entry = store.load_history(app.storage)[int(arg[1:])]
                if entry.get("unfinished") is True:
                    return None
                name = f"tapete-{entry['game']}-{entry['date'][:10]}.json"
                return name, json.dumps(entry["record"], ensure_ascii=False)
            except (ValueError, IndexError, KeyError, TypeError):
                return None
        if arg == "players":
            return players_file.export_file(app.storage)
        if arg == "damaged":
            return self.saving.damaged_file()
        return self.export_record()

    def import_record(self, text: str) -> None:
        """A record chosen from a file: open it (:meth:`import_step`), then ask
        whether to resume it or replay it. A players and history file
        (:func:`web.core.players_file.export_file`) is merged instead, on the Players screen."""
        app = self.app
        if players_file.is_players_file(text):
            self.import_players(text)
            return
        app.imported = app.opening = None
        if app.screen == "players":  # chosen there: Back returns there
            app.screens = [app.screens[-1], Screen("records")]
        else:
            app.replace("records")  # afresh: what it said of another file goes
        try:
            data = self.saving.record_data(text)
        except RecordTooLarge:
            self.import_too_large()
            return
        except BadSave as exc:
            app.state_of("records")["error"] = reason_of(exc)
            return
        moves = data.get("actions")
        total = len(moves) if isinstance(moves, list) else 0
        app.opening = Opening(data, app.entries[data["game"]].game.load_steps(data), total)
        self.import_step()

    def import_players(self, text: str) -> None:
        """Merge a players and history file; the Players screen says what came in,
        or what was wrong (then nothing changed)."""
        app = self.app
        app.replace("players")  # afresh: what was being typed or asked there goes
        state = app.state_of("players")
        try:
            added = players_file.import_file(app.storage, text, app.entries)
        except players_file.FileProblem as exc:
            state["import"] = ("players.import_bad", {"why": (exc.key, exc.values)})
            return
        state["import"] = ("players.imported", {"n": added[1], "players": added[0]})

    def import_step(self) -> bool:
        """Replay the next :data:`SLICE_ACTIONS` actions of the record being opened
        (all of a small one), so that the page never freezes long; the
        mid end calls it again from a timer while ``opening`` is set, drawing the
        progress between slices. Returns whether there was a record to open."""
        app = self.app
        job = app.opening
        if job is None:
            return False
        try:
            until = job.done + SLICE_ACTIONS
            while True:
                done, _total, state = next(job.steps)
                job.states.append(state)
                if done == job.total:
                    break
                if done >= until:
                    return True  # more to come
            table = self.saving.table_of(job.data, state)
            if any(k not in table.game.default_options for k in state.options):
                # A file from outside: a stacked deck is a rigged deal, not a game.
                # (The tests stack decks through the app's own save, never an import.)
                raise BadSave("test_options")
        except BadSave as exc:
            app.state_of("records")["error"] = reason_of(exc)
        else:
            app.imported = (job.states, table)
        app.opening = None
        return True

    def import_cancel(self, _arg: str | None) -> None:
        """Stop opening a record."""
        self.app.opening = None

    def max_import_bytes(self) -> int:
        """The largest file worth reading for an import (UTF-8: up to 4 bytes a character)."""
        return MAX_RECORD_CHARS * 4

    def import_too_large(self) -> None:
        """A file chosen for import that is too large to read: say so, read nothing."""
        self.app.imported = None
        self.app.screen = "records"
        self.app.state_of("records")["error"] = Reason(
            "too_long", "the file is too large to read", {"limit": MAX_RECORD_ACTIONS}
        )

    def import_resume(self) -> None:
        """Play on the record opened from where it ends."""
        app = self.app
        if app.imported is None:
            return
        _states, table = app.imported
        app.imported = None
        table.recorded = table.game.result(table.state) is not None
        app.set_match(table)
        app.screen = "table"
        self.saving.save()

    def import_replay(self, _arg: str | None) -> None:
        if self.app.imported is None:
            return
        states, table = self.app.imported
        self.app.imported = None
        self.replays.start(table, states)

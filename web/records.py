"""Saving and records: the saved game and its resume, exported and imported
records, the history of finished games, replays step by step."""

from __future__ import annotations

import json
from typing import Any

import engine
from engine import BadSave
from web import clock, store
from web.kit.export import exportable, whole
from web.model import Seat, Table, log_size
from web.session import Session


class Records(Session):
    """The app's saving side (the table's control is :class:`web.app.App`)."""

    # -- saves --------------------------------------------------------------

    def _resume(self) -> None:
        """Reopen the saved game, if any, exactly where it was."""
        raw = self.storage.get(store.SAVE_KEY)
        if raw is None:
            return
        try:
            self.table = self.table_from_record(raw)
        except BadSave as exc:
            self.broken_save = str(exc)
            return
        self.screen = "table"

    def table_from_record(self, raw: str | dict[str, Any]) -> Table:
        """A table from a saved game or an exported record; :class:`BadSave` if
        it cannot be read, from any game, with any damage."""
        if isinstance(raw, str):
            try:
                data = json.loads(raw)
            except ValueError:
                raise BadSave("the file is not a Tapete record (not JSON)") from None
        else:
            data = raw
        if not isinstance(data, dict):
            raise BadSave("the file is not a Tapete record")
        game_id = data.get("game")
        if game_id not in engine.GAME_IDS:
            raise BadSave(f"unknown game {game_id!r}")
        if game_id not in self.playable_games():
            raise BadSave(f"the game {game_id!r} is not available in this version")
        game = engine.GAMES[game_id]
        state = game.load(data)
        seats = self._seats_from(data.get("seats"), state.players)
        started = data.get("started")
        if not isinstance(started, str):
            started = clock.utc_stamp()
        return Table(game_id, game, state, seats, started, recorded=data.get("recorded") is True)

    def _seats_from(self, raw: Any, players: int) -> list[Seat]:
        seats = []
        raw = raw if isinstance(raw, list) else []
        for i in range(players):
            item = raw[i] if i < len(raw) and isinstance(raw[i], dict) else {}
            name = store.clean_name(item.get("name", "")) or self.tr("seat.default", n=i + 1)
            kind = "bot" if item.get("kind") == "bot" else "human"
            level = item.get("level") if isinstance(item.get("level"), str) else None
            seats.append(Seat(name, kind, level))
        return seats

    def save(self) -> None:
        if self.table is None or self.table.replay is not None:
            return
        if not store.write_json(self.storage, store.SAVE_KEY, self.table.record()):
            self.effects.append("save-failed")
            self.notice = ("notice.save_failed", {})

    def drop_save(self) -> None:
        self.storage.remove(store.SAVE_KEY)
        self.broken_save = None

    def do_drop_broken(self, _arg: str | None) -> None:
        self.drop_save()

    def do_history_open(self, arg: str | None) -> None:
        try:
            self.history_open = int(arg or "")
        except ValueError:
            self.history_open = None

    def do_history_replay(self, arg: str | None) -> None:
        history = store.load_history(self.storage)
        try:
            entry = history[int(arg or "")]
            table = self.table_from_record(entry["record"])
        except (ValueError, IndexError, KeyError, BadSave):
            self.notice = ("notice.record_bad", {})
            return
        self._start_replay(table)

    # -- records: export, import, replay -------------------------------------

    def export_record(self) -> tuple[str, str] | None:
        """(file name, JSON text) of the whole game on the table (a replay's whole
        record, wherever its step is), or None while the game is unfinished: a
        record holds the seed and every action, so every hidden card, future deal
        and secret pick (:mod:`web.kit.export`)."""
        if self.table is None or not exportable(self.table):
            return None
        table = whole(self.table)
        data = table.record()
        stamp = table.started.replace(":", "").replace("-", "")[:13]
        return f"tapete-{table.game_id}-{stamp}.json", json.dumps(data, ensure_ascii=False)

    def import_record(self, text: str) -> None:
        """A record chosen from a file: ask whether to resume it or replay it."""
        self.import_error = None
        self.imported = None
        try:
            table = self.table_from_record(text)
        except BadSave as exc:
            self.import_error = str(exc)
        else:
            self.imported = (json.loads(text), table)
        self.screen = "records"

    def do_import_resume(self, _arg: str | None) -> None:
        if self.imported is None:
            return
        _, table = self.imported
        self.imported = None
        table.recorded = table.game.result(table.state) is not None
        self.table = table
        self.bot_memory = {}
        self.screen = "table"
        self.save()

    def do_import_replay(self, _arg: str | None) -> None:
        if self.imported is None:
            return
        _, table = self.imported
        self.imported = None
        self._start_replay(table)

    def _start_replay(self, table: Table) -> None:
        """Rebuild every state of the record so stepping back is instant."""
        data = table.game.dump(table.state)
        state = table.game.new(data["players"], data["seed"], data["options"])
        states = [state]
        for seat, action in data["actions"]:
            state = table.game.apply(state, seat, action)
            states.append(state)
        table.replay = states
        table.step = 0
        table.state = states[0]
        if self.table is not None and self.table.replay is None:
            self.paused = self.table  # the game in progress waits, still saved
        self.table = table
        # its Back leads to the list it was opened from (History or the records)
        table.ui["back_to"] = self.screen if self.screen in ("history", "records") else "home"
        self.screen = "table"

    def do_step(self, arg: str | None) -> None:
        table = self.table
        if table is None or table.replay is None:
            return
        last = len(table.replay) - 1
        target = {"start": 0, "back": table.step - 1, "next": table.step + 1, "end": last}.get(
            arg or "", table.step
        )
        target = max(0, min(last, target))
        if target == table.step + 1:
            table.ui["fresh_from"] = log_size(table.state)
        else:
            table.ui.pop("fresh_from", None)
        table.step = target
        table.state = table.replay[table.step]

    def record_abandoned(self, table: Table) -> None:
        """An unfinished game left for good (quit, or replaced by a new one) goes
        to the history, marked ``unfinished`` (no scores, no winners): it can be
        replayed from there, never exported (its record shows every hidden card)."""
        store.add_history(
            self.storage,
            {
                "game": table.game_id,
                "date": clock.utc_stamp(),
                "names": table.names,
                "scores": [],
                "winners": [],
                "unfinished": True,
                "record": table.record(),
            },
        )

    def record_result(self) -> None:
        """Once a game is over, put it in the history (once: a reload does not add it twice)."""
        table = self.table
        assert table is not None
        result = table.game.result(table.state)
        if result is not None and not table.recorded:
            table.recorded = True
            store.add_history(
                self.storage,
                {
                    "game": table.game_id,
                    "date": clock.utc_stamp(),
                    "names": table.names,
                    "scores": list(result["scores"]),
                    "winners": list(result["winners"]),
                    "record": table.record(),
                },
            )

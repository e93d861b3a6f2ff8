"""Saving: the saved game and its resume at boot, the records the app opens
(their limits), and the history of finished and abandoned games."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Collection
from typing import Any

from engine import BadSave, State
from engine.core import parse_json, shorten
from web.app.feature import Feature, Handler
from web.core import actions, clock, roster, store
from web.core.counts import counts
from web.core.i18n import seat_name
from web.core.model import Seat, Table
from web.core.reason import fault, reason_of

#: The largest record the app opens (docs/reliability.md): about three times the
#: longest game it offers (Abyss, 8 seats to 500 points: ~7,300 moves, ~110 kB),
#: small enough that replaying it never holds the page for long.
MAX_RECORD_ACTIONS = 20_000
MAX_RECORD_CHARS = 1_000_000

#: What each stored key holds once parsed (the saved game is checked by replaying it).
_SHAPES: dict[str, type] = {
    store.SETTINGS_KEY: dict,
    store.HISTORY_KEY: list,
    store.NAMES_KEY: list,
    store.SETUP_KEY: dict,
}


class RecordTooLarge(BadSave):
    """A record over the limits the app opens (``MAX_RECORD_*``)."""


class Saving(Feature):
    """The app's saving side: what a reload reopens, and the history."""

    def handlers(self) -> dict[str, Handler]:
        return {actions.RESUME_PARTIAL: self.resume_partial, actions.DROP_BROKEN: self.drop_broken}

    # -- restoring what was saved -------------------------------------------------

    def restore(self) -> None:
        """Reopen what was saved: the settings, the game exactly where it was. The
        boot never depends on it: whatever cannot be read, for any reason, is set
        aside (:meth:`_set_aside`) and the app starts without it."""
        app = self.app
        for key, shape in _SHAPES.items():
            raw: str | None = None
            try:
                raw = app.storage.get(key)
                if raw is not None and not isinstance(parse_json(raw), shape):
                    raise ValueError("wrong shape")
            except Exception:  # unreadable, too deep, too large, a storage fault
                self._set_aside(key, raw)
        with contextlib.suppress(Exception):  # (a storage fault: the defaults)
            self._settings_aside()
        app.settings = app.load_settings()
        try:
            self._resume()
        except Exception as exc:  # a fault no check foresaw: the app still starts
            app.set_match(None)
            app.broken_save = fault(exc)
            raw = app.damaged.get(store.SAVE_KEY)
            with contextlib.suppress(Exception):
                raw = app.storage.get(store.SAVE_KEY) or raw  # still there: offer it
            self._set_aside(store.SAVE_KEY, raw)

    def _settings_aside(self) -> None:
        """Settings saved with a value none of theirs (a list, a number, null, a
        choice this version lacks) are set aside one by one: the others stay
        saved and in force, and Home names those set aside
        (``app.settings_aside``) and offers them as a file."""
        app = self.app
        raw = app.storage.get(store.SETTINGS_KEY)
        saved = None if raw is None else parse_json(raw)
        if not isinstance(saved, dict):
            return  # (absent; any other shape was set aside whole)
        bad = store.bad_settings(saved, app.known_settings)
        if not bad:
            return
        app.settings_aside = list(bad)
        app.damaged[store.SETTINGS_KEY] = json.dumps(bad, ensure_ascii=False)
        good = {name: value for name, value in saved.items() if name not in bad}
        if not store.write_json(app.storage, store.SETTINGS_KEY, good):
            app.storage.remove(store.SETTINGS_KEY)  # never read the bad values again

    def _set_aside(self, key: str, raw: str | None) -> None:
        """Keep ``raw`` for the player to download (Home offers it) and remove it
        from storage, so that nothing else ever reads it."""
        self.app.damaged[key] = raw if isinstance(raw, str) else ""
        with contextlib.suppress(Exception):
            self.app.storage.remove(key)

    def _resume(self) -> None:
        """Reopen the saved game, if any. A damaged one is set aside; when the
        damage is an action, the game before it is offered (``broken_partial``)."""
        app = self.app
        raw = app.storage.get(store.SAVE_KEY)
        if raw is None:
            return
        try:
            app.set_match(self.table_from_record(raw, phones=True))
        except BadSave as exc:
            app.broken_save = reason_of(exc)
            self._set_aside(store.SAVE_KEY, raw)
            if exc.partial is not None and exc.partial.moves > 0:
                app.broken_partial = self.table_of(parse_json(raw), exc.partial, phones=True)
            return
        app.screen = "table"

    def damaged_file(self) -> tuple[str, str] | None:
        """(file name, text) of the data set aside at boot, for the player to keep."""
        if not self.app.damaged:
            return None
        return "tapete-damaged-data.json", json.dumps(self.app.damaged, ensure_ascii=False)

    def resume_partial(self, _arg: str | None) -> None:
        """Resume a damaged save's game from the move before the damage."""
        app = self.app
        table, app.broken_partial = app.broken_partial, None
        if table is None:
            return
        app.damaged.pop(store.SAVE_KEY, None)
        app.broken_save = None
        app.set_match(table)
        app.screen = "table"
        self.save()

    def drop_broken(self, _arg: str | None) -> None:
        """Throw away what could not be restored (Home offered it as a file first).
        It left storage when it was set aside: a sound save kept beside damaged
        settings, or a game started since, stays saved."""
        self.app.broken_save = None
        self.app.damaged = {}
        self.app.settings_aside = []
        self.app.broken_partial = None

    # -- records read --------------------------------------------------------

    def table_from_record(self, raw: str | dict[str, Any], phones: bool = False) -> Table:
        """A table from a saved game or an exported record; :class:`BadSave` if
        it cannot be read, from any game, with any damage, or larger than the app
        opens (``MAX_RECORD_*``). ``phones``: a seat held on another phone stays
        one (this phone's own save: its links come back away); elsewhere it is a
        person's seat."""
        data = self.record_data(raw)
        return self.table_of(data, self.app.entries[data["game"]].game.load(data), phones)

    def record_data(self, raw: str | dict[str, Any]) -> dict[str, Any]:
        """A record's data, checked as far as can be without replaying it: a game
        this version plays, within ``MAX_RECORD_*``; :class:`BadSave` otherwise."""
        if isinstance(raw, str) and len(raw) > MAX_RECORD_CHARS:
            raise RecordTooLarge("too_large", chars=len(raw), limit=MAX_RECORD_CHARS)
        data = parse_json(raw, max_chars=MAX_RECORD_CHARS) if isinstance(raw, str) else raw
        if not isinstance(data, dict):
            raise BadSave("not_record")
        game_id = data.get("game")
        if not isinstance(game_id, str) or game_id not in self.app.entries:
            raise BadSave("unknown_game", found=shorten(repr(game_id), 40))
        moves = data.get("actions")
        if isinstance(moves, list) and len(moves) > MAX_RECORD_ACTIONS:
            raise RecordTooLarge("too_long", moves=len(moves), limit=MAX_RECORD_ACTIONS)
        return data

    def table_of(self, data: dict[str, Any], state: State, phones: bool = False) -> Table:
        """The table of a record's ``state``: seats, start date, bot salt and the
        UI state a reload keeps (:attr:`Table.kept`, only ever in a save) as saved;
        ``phones``: as :meth:`table_from_record`."""
        game_id = data["game"]
        seats = self._seats_from(data.get("seats"), state.players, game_id, phones)
        started = data.get("started")
        if not isinstance(started, str) or len(started) > 40:
            started = clock.utc_stamp()
        salt = data.get("bot_salt")
        table = Table(game_id, self.app.entries[game_id].game, state, seats, started)
        table.recorded = data.get("recorded") is True and state.moves == len(data["actions"])
        kept = data.get("kept")
        table.kept = kept if isinstance(kept, dict) else {}
        table.lesson = data.get("lesson") is True and self.app.entries[game_id].lesson is not None
        if isinstance(salt, int) and not isinstance(salt, bool):
            table.bot_salt = salt
        else:  # a record from before bot salts: fresh entropy, saved from now on
            table.bot_salt = self.app.new_seed()
        return table

    def _seats_from(self, raw: Any, players: int, game_id: str, phones: bool) -> list[Seat]:
        """The seats a record names: names cleaned, bot levels this version has,
        a seat on another phone kept as one only with ``phones``."""
        levels = self.app.bot_levels(game_id)
        seats = []
        raw = raw if isinstance(raw, list) else []
        for i in range(players):
            item = raw[i] if i < len(raw) and isinstance(raw[i], dict) else {}
            name = seat_name(self.app.tr, i, store.clean_name(item.get("name")))
            kind = {"bot": "bot", "phone": "phone" if phones else "human"}.get(
                str(item.get("kind")), "human"
            )
            level = item.get("level") if isinstance(item.get("level"), str) else None
            if kind == "bot" and level not in levels:  # a level this version lacks
                kind, level = ("bot", next(iter(levels))) if levels else ("human", None)
            seats.append(Seat(name, kind, level if kind == "bot" else None))
        return seats

    # -- saves --------------------------------------------------------------

    def save(self) -> None:
        """Save the game on the table. Storage full: the game goes on, and the
        notice says what was not saved (the game, and its result if it just ended:
        History gets it with the next save that fits)."""
        app = self.app
        self._flush_history()
        if app.table is None or app.table.replay is not None:
            return
        data = app.table.record()
        if app.table.kept:
            data["kept"] = app.table.kept
        if not store.write_json(app.storage, store.SAVE_KEY, data):
            self._not_saved(result=bool(app.unsaved_history))

    def refused(self, keys: Collection[str]) -> None:
        """The device refused the last writes of ``keys`` after the app made them
        (the page's storage full, :class:`web.core.store.MirrorStorage`): the
        notice says so, as for a save refused at once."""
        if store.SAVE_KEY in keys or store.HISTORY_KEY in keys:
            self._not_saved(result=bool(self.app.unsaved_history) or store.HISTORY_KEY in keys)

    def _not_saved(self, result: bool) -> None:
        """The game could not be saved (``result``: nor its result, in History)."""
        app = self.app
        app.effects.append("save-failed")
        key = "notice.result_unsaved" if result else "notice.save_failed"
        app.notice = (key, {})

    def _flush_history(self) -> None:
        """Write the finished games that did not fit before, if they fit now."""
        app = self.app
        if app.unsaved_history and store.add_history(app.storage, *app.unsaved_history):
            app.unsaved_history = []

    def drop_save(self) -> None:
        self.app.storage.remove(store.SAVE_KEY)
        self.app.broken_save = None

    # -- the history ------------------------------------------------------------

    def record_abandoned(self, table: Table) -> None:
        """An unfinished game left for good (quit, or replaced by a new one) goes
        to the history, marked ``unfinished`` (no scores, no winners): it can be
        replayed from there, never exported (its record shows every hidden card).
        A lesson left is not a game played: it is just dropped."""
        if table.lesson:
            return
        self._add_history(
            {
                "game": table.game_id,
                "date": clock.utc_stamp(),
                "names": table.names,
                "scores": [],
                "winners": [],
                "unfinished": True,
                "record": table.record(),
            }
        )

    def record_result(self) -> None:
        """Once a game is over, put it in the history (once: a reload does not add it twice)."""
        table = self.app.table
        assert table is not None
        result = table.game.result(table.state)
        if result is not None and not table.recorded and not table.lesson:
            table.recorded = True
            self._add_history(
                {
                    "game": table.game_id,
                    "date": clock.utc_stamp(),
                    "names": table.names,
                    "scores": list(result["scores"]),
                    "winners": list(result["winners"]),
                    # the players at the seats (web/core/roster.py): stats follow renames
                    "players": roster.seat_ids(
                        self.app.storage, table.names, [s.kind != "bot" for s in table.seats]
                    ),
                    "counts": counts(
                        table.state.events(None),
                        len(table.seats),
                        list(result["winners"]),
                        self.app.entries[table.game_id].counts,
                    ),
                    "record": table.record(),
                }
            )

    def _add_history(self, entry: dict[str, Any]) -> None:
        """Add ``entry`` to the history, or keep it until the storage has room."""
        self._flush_history()
        if self.app.unsaved_history or not store.add_history(self.app.storage, entry):
            self.app.unsaved_history.append(entry)

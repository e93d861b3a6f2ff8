"""Saving and records: the saved game and its resume, exported and imported
records, the history of finished games, replays step by step."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from engine import BadSave, State
from engine.core import parse_json, shorten
from web.core import clock, players_file, roster, store
from web.core.counts import counts
from web.core.i18n import seat_name
from web.core.model import Opening, Seat, Table, log_size
from web.core.reason import Reason, fault, reason_of
from web.ui.kit.export import exportable, whole
from web.ui.kit.frame import REPLAY_SPEEDS, replay_finished, replay_speed, round_starts
from web.ui.session import Session

#: The largest record the app opens (docs/reliability.md): about three times the
#: longest game it offers (Abyss, 8 seats to 500 points: ~7,300 moves, ~110 kB),
#: small enough that replaying it never holds the page for long.
MAX_RECORD_ACTIONS = 20_000
MAX_RECORD_CHARS = 1_000_000
#: How many of a record's actions an import replays at a time before the page
#: draws its progress and takes taps again: measured to take well under 200 ms
#: of the main thread in Pyodide (docs/reliability.md); smaller records open at once.
SLICE_ACTIONS = 2_000
#: A playing replay stays this many times longer on the move that ends a round
#: (the table shows the round's results there).
ROUND_END_HOLD = 4

#: What each stored key holds once parsed (the saved game is checked by replaying it).
_SHAPES: dict[str, type] = {
    store.SETTINGS_KEY: dict,
    store.HISTORY_KEY: list,
    store.NAMES_KEY: list,
    store.SETUP_KEY: dict,
}


class RecordTooLarge(BadSave):
    """A record over the limits the app opens (``MAX_RECORD_*``)."""


class Records(Session):
    """The app's saving side (the table's control is :class:`web.app.controller.App`)."""

    #: The next draw shows a new page, scrolled to its top, although the screen
    #: is the same (a replay's jump to a round); web/shell/main.py takes it once.
    page_top: bool = False

    def take_page_top(self) -> bool:
        """Whether this draw starts the page at its top (:attr:`page_top`), once."""
        top, self.page_top = self.page_top, False
        return top

    # -- restoring what was saved -------------------------------------------------

    def _restore(self) -> None:
        """Reopen what was saved: the settings, the game exactly where it was. The
        boot never depends on it: whatever cannot be read, for any reason, is set
        aside (:meth:`_set_aside`) and the app starts without it."""
        for key, shape in _SHAPES.items():
            raw: str | None = None
            try:
                raw = self.storage.get(key)
                if raw is not None and not isinstance(parse_json(raw), shape):
                    raise ValueError("wrong shape")
            except Exception:  # unreadable, too deep, too large, a storage fault
                self._set_aside(key, raw)
        self.settings = self.load_settings()
        try:
            self._resume()
        except Exception as exc:  # a fault no check foresaw: the app still starts
            self.table = None
            self.broken_save = fault(exc)
            raw = self.damaged.get(store.SAVE_KEY)
            with contextlib.suppress(Exception):
                raw = self.storage.get(store.SAVE_KEY) or raw  # still there: offer it
            self._set_aside(store.SAVE_KEY, raw)

    def _set_aside(self, key: str, raw: str | None) -> None:
        """Keep ``raw`` for the player to download (Home offers it) and remove it
        from storage, so that nothing else ever reads it."""
        self.damaged[key] = raw if isinstance(raw, str) else ""
        with contextlib.suppress(Exception):
            self.storage.remove(key)

    def _resume(self) -> None:
        """Reopen the saved game, if any. A damaged one is set aside; when the
        damage is an action, the game before it is offered (``broken_partial``)."""
        raw = self.storage.get(store.SAVE_KEY)
        if raw is None:
            return
        try:
            self.table = self.table_from_record(raw)
        except BadSave as exc:
            self.broken_save = reason_of(exc)
            self._set_aside(store.SAVE_KEY, raw)
            if exc.partial is not None and exc.partial.moves > 0:
                self.broken_partial = self._table(parse_json(raw), exc.partial)
            return
        self.screen = "table"

    def damaged_file(self) -> tuple[str, str] | None:
        """(file name, text) of the data set aside at boot, for the player to keep."""
        if not self.damaged:
            return None
        return "tapete-damaged-data.json", json.dumps(self.damaged, ensure_ascii=False)

    def do_resume_partial(self, _arg: str | None) -> None:
        """Resume a damaged save's game from the move before the damage."""
        table, self.broken_partial = self.broken_partial, None
        if table is None:
            return
        self.damaged.pop(store.SAVE_KEY, None)
        self.broken_save = None
        self.table, self.bot_memory, self.screen = table, {}, "table"
        self.save()

    # -- saves --------------------------------------------------------------

    def table_from_record(self, raw: str | dict[str, Any]) -> Table:
        """A table from a saved game or an exported record; :class:`BadSave` if
        it cannot be read, from any game, with any damage, or larger than the app
        opens (``MAX_RECORD_*``)."""
        data = self._record_data(raw)
        return self._table(data, self.entries[data["game"]].game.load(data))

    def _record_data(self, raw: str | dict[str, Any]) -> dict[str, Any]:
        """A record's data, checked as far as can be without replaying it: a game
        this version plays, within ``MAX_RECORD_*``; :class:`BadSave` otherwise."""
        if isinstance(raw, str) and len(raw) > MAX_RECORD_CHARS:
            raise RecordTooLarge("too_large", chars=len(raw), limit=MAX_RECORD_CHARS)
        data = parse_json(raw, max_chars=MAX_RECORD_CHARS) if isinstance(raw, str) else raw
        if not isinstance(data, dict):
            raise BadSave("not_record")
        game_id = data.get("game")
        if not isinstance(game_id, str) or game_id not in self.entries:
            raise BadSave("unknown_game", found=shorten(repr(game_id), 40))
        actions = data.get("actions")
        if isinstance(actions, list) and len(actions) > MAX_RECORD_ACTIONS:
            raise RecordTooLarge("too_long", moves=len(actions), limit=MAX_RECORD_ACTIONS)
        return data

    def _table(self, data: dict[str, Any], state: State) -> Table:
        """The table of a record's ``state``: seats, start date, bot salt and the
        UI state a reload keeps (:attr:`Table.kept`, only ever in a save) as saved."""
        game_id = data["game"]
        seats = self._seats_from(data.get("seats"), state.players, game_id)
        started = data.get("started")
        if not isinstance(started, str) or len(started) > 40:
            started = clock.utc_stamp()
        salt = data.get("bot_salt")
        table = Table(game_id, self.entries[game_id].game, state, seats, started)
        table.recorded = data.get("recorded") is True and state.moves == len(data["actions"])
        kept = data.get("kept")
        table.kept = kept if isinstance(kept, dict) else {}
        if isinstance(salt, int) and not isinstance(salt, bool):
            table.bot_salt = salt
        else:  # a record from before bot salts: fresh entropy, saved from now on
            table.bot_salt = self.new_seed()
        return table

    def _seats_from(self, raw: Any, players: int, game_id: str) -> list[Seat]:
        """The seats a record names: names cleaned, bot levels this version has."""
        levels = self.bot_levels(game_id)
        seats = []
        raw = raw if isinstance(raw, list) else []
        for i in range(players):
            item = raw[i] if i < len(raw) and isinstance(raw[i], dict) else {}
            name = seat_name(self.tr, i, store.clean_name(item.get("name")))
            kind = "bot" if item.get("kind") == "bot" else "human"
            level = item.get("level") if isinstance(item.get("level"), str) else None
            if kind == "bot" and level not in levels:  # a level this version lacks
                kind, level = ("bot", next(iter(levels))) if levels else ("human", None)
            seats.append(Seat(name, kind, level if kind == "bot" else None))
        return seats

    def save(self) -> None:
        """Save the game on the table. Storage full: the game goes on, and the
        notice says what was not saved (the game, and its result if it just ended:
        History gets it with the next save that fits)."""
        self._flush_history()
        if self.table is None or self.table.replay is not None:
            return
        data = self.table.record()
        if self.table.kept:
            data["kept"] = self.table.kept
        if not store.write_json(self.storage, store.SAVE_KEY, data):
            self.effects.append("save-failed")
            key = "notice.result_unsaved" if self.unsaved_history else "notice.save_failed"
            self.notice = (key, {})

    def _flush_history(self) -> None:
        """Write the finished games that did not fit before, if they fit now."""
        if self.unsaved_history and store.add_history(self.storage, *self.unsaved_history):
            self.unsaved_history = []

    def drop_save(self) -> None:
        self.storage.remove(store.SAVE_KEY)
        self.broken_save = None

    def do_drop_broken(self, _arg: str | None) -> None:
        """Throw away what could not be restored (Home offered it as a file first).
        It left storage when it was set aside: a sound save kept beside damaged
        settings, or a game started since, stays saved."""
        self.broken_save = None
        self.damaged = {}
        self.broken_partial = None

    def do_history_open(self, arg: str | None) -> None:
        self.history_bad = None
        try:
            self.history_open = int(arg or "")
        except ValueError:
            self.history_open = None

    def do_history_replay(self, arg: str | None) -> None:
        """The replay of a History entry's record; one that cannot be opened is
        kept with why (``history_bad``: the entry, the reason), as an import is."""
        history = store.load_history(self.storage)
        self.history_bad = None
        try:
            i = int(arg or "")
            table = self.table_from_record(history[i]["record"])
            now = roster.names_now(history[i], roster.load(self.storage), table.names)
            for seat, name in zip(table.seats, now, strict=True):
                seat.name = name
        except BadSave as exc:  # a ValueError: first
            self.notice = ("notice.record_bad", {})
            self.history_bad = (i, reason_of(exc))
            return
        except (ValueError, IndexError, KeyError):
            self.notice = ("notice.record_bad", {})
            return
        self._start_replay(table)

    # -- records: export, import, replay -------------------------------------

    def export_record(self) -> tuple[str, str] | None:
        """(file name, JSON text) of the whole game on the table (a replay's whole
        record, wherever its step is), or None while the game is unfinished: a
        record holds the seed and every action, so every hidden card, future deal
        and secret pick (:mod:`web.ui.kit.export`)."""
        if self.table is None or not exportable(self.table):
            return None
        table = whole(self.table)
        data = table.record()
        stamp = table.started.replace(":", "").replace("-", "")[:13]
        return f"tapete-{table.game_id}-{stamp}.json", json.dumps(data, ensure_ascii=False)

    def import_record(self, text: str) -> None:
        """A record chosen from a file: open it (:meth:`import_step`), then ask
        whether to resume it or replay it. A players and history file
        (:func:`web.core.roster.export_file`) is merged instead, on the Players screen."""
        if players_file.is_players_file(text):
            self.import_players(text)
            return
        self.import_error = None
        self.imported = self.opening = None
        if self.screen == "players":  # chosen there: Back returns there
            self.back_to = "players"
        self.screen = "records"
        try:
            data = self._record_data(text)
        except RecordTooLarge:
            self.import_too_large()
            return
        except BadSave as exc:
            self.import_error = reason_of(exc)
            return
        actions = data.get("actions")
        total = len(actions) if isinstance(actions, list) else 0
        self.opening = Opening(data, self.entries[data["game"]].game.load_steps(data), total)
        self.import_step()

    def import_players(self, text: str) -> None:
        """Merge a players and history file; the Players screen says what came in,
        or what was wrong (then nothing changed)."""
        self.screen = "players"
        try:
            added = players_file.import_file(self.storage, text, self.entries)
        except players_file.FileProblem as exc:
            self.players_ui = {"import": ("players.import_bad", {"why": (exc.key, exc.values)})}
            return
        self.players_ui = {"import": ("players.imported", {"n": added[1], "players": added[0]})}

    def import_step(self) -> bool:
        """Replay the next :data:`SLICE_ACTIONS` actions of the record being opened
        (all of a small one), so that the page never freezes long; the
        browser calls it again from a timer while ``opening`` is set, drawing the
        progress between slices. Returns whether there was a record to open."""
        job = self.opening
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
            table = self._table(job.data, state)
            if any(k not in table.game.default_options for k in state.options):
                # A file from outside: a stacked deck is a rigged deal, not a game.
                # (The tests stack decks through the app's own save, never an import.)
                raise BadSave("test_options")
        except BadSave as exc:
            self.import_error = reason_of(exc)
        else:
            self.imported = (job.states, table)
        self.opening = None
        return True

    def do_import_cancel(self, _arg: str | None) -> None:
        """Stop opening a record."""
        self.opening = None

    def max_import_bytes(self) -> int:
        """The largest file worth reading for an import (UTF-8: up to 4 bytes a character)."""
        return MAX_RECORD_CHARS * 4

    def import_too_large(self) -> None:
        """A file chosen for import that is too large to read: say so, read nothing."""
        self.imported = None
        self.import_error = Reason(
            "too_long", "the file is too large to read", {"limit": MAX_RECORD_ACTIONS}
        )
        self.screen = "records"

    def do_import_resume(self, _arg: str | None) -> None:
        if self.imported is None:
            return
        _states, table = self.imported
        self.imported = None
        table.recorded = table.game.result(table.state) is not None
        self.table = table
        self.bot_memory = {}
        self.screen = "table"
        self.save()

    def do_import_replay(self, _arg: str | None) -> None:
        if self.imported is None:
            return
        states, table = self.imported
        self.imported = None
        self._start_replay(table, states)

    def _start_replay(self, table: Table, states: list[State] | None = None) -> None:
        """Replay ``table``'s record from its deal; ``states`` are its every state
        (those an import built), else they are rebuilt here so stepping back is instant."""
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
        if self.table is not None and self.table.replay is None:
            self.paused = self.table  # the game in progress waits, still saved
        self.table = table
        # its Back leads to the list it was opened from (History or the records)
        table.ui["back_to"] = self.screen if self.screen in ("history", "records") else "home"
        # "Cards on the table" is offered where the game's table can draw them
        table.ui["can_open"] = self.entries[table.game_id].table.OPEN_CARDS
        self.screen = "table"

    # -- replays that play themselves -------------------------------------------

    def _replay(self) -> Table | None:
        """The replay on the table, if one is."""
        table = self.table
        return table if table is not None and table.replay is not None else None

    def do_step(self, arg: str | None) -> None:
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
        put_away = self.entries[table.game_id].table.replay_moved(table, to_deal)
        table.ui["landed"] = target if put_away else None  # no results to read: no hold

    def do_replay_play(self, _arg: str | None) -> None:
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

    def do_replay_speed(self, _arg: str | None) -> None:
        """The next replay speed, slowest again after the fastest."""
        table = self._replay()
        if table is not None:
            speeds = list(REPLAY_SPEEDS)
            table.ui["speed"] = speeds[(speeds.index(replay_speed(table)) + 1) % len(speeds)]

    def do_replay_open(self, _arg: str | None) -> None:
        """Turn "Cards on the table" on or off: a finished game's replay only."""
        table = self._replay()
        if table is not None and replay_finished(table):
            table.ui["open_cards"] = not table.ui.get("open_cards")

    def do_replay_rounds(self, _arg: str | None) -> None:
        """Open the list of the replay's rounds (a tap on one jumps there)."""
        table = self._replay()
        if table is not None:
            table.ui["sheet"] = "replay-rounds"

    def replay_plan(self) -> int | None:
        """How long the playing replay's current move stays on screen, in ms (the
        browser arms one timer with it, then calls :meth:`replay_tick`), or None:
        no replay playing in view (a sheet or a dialog over it holds it)."""
        table = self._replay()
        if (
            table is None
            or self.screen != "table"
            or not table.ui.get("playing")
            or table.ui.get("sheet")
            or self.confirm is not None
        ):
            return None
        ms = REPLAY_SPEEDS[replay_speed(table)]
        if table.step in round_starts(table)[1:] and table.ui.get("landed") != table.step:
            ms *= ROUND_END_HOLD  # a round's results are on the table: time to read them
        return ms

    def replay_tick(self, step: int) -> bool:
        """The replay's timer fired: the next move, if the replay still plays at
        ``step`` (the step the timer was armed at). True when it moved (redraw).
        At the last move it stops playing."""
        table = self._replay()
        if table is None or self.replay_plan() is None or table.step != step:
            return False
        assert table.replay is not None
        self._go_to(table, step + 1)
        if table.step >= len(table.replay) - 1:
            table.ui["playing"] = False
        return True

    def record_abandoned(self, table: Table) -> None:
        """An unfinished game left for good (quit, or replaced by a new one) goes
        to the history, marked ``unfinished`` (no scores, no winners): it can be
        replayed from there, never exported (its record shows every hidden card)."""
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
        table = self.table
        assert table is not None
        result = table.game.result(table.state)
        if result is not None and not table.recorded:
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
                        self.storage, table.names, [s.kind == "human" for s in table.seats]
                    ),
                    "counts": counts(
                        table.state.events(None),
                        len(table.seats),
                        list(result["winners"]),
                        self.entries[table.game_id].counts,
                    ),
                    "record": table.record(),
                }
            )

    def _add_history(self, entry: dict[str, Any]) -> None:
        """Add ``entry`` to the history, or keep it until the storage has room."""
        self._flush_history()
        if self.unsaved_history or not store.add_history(self.storage, entry):
            self.unsaved_history.append(entry)

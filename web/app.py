"""The app's controller: which screen is up, the game in progress, and what a
tap does. Pure Python: the browser module feeds it taps, field edits and
timer ticks, then writes :meth:`App.render` to the page.

State is kept apart by lifetime, as in Simon Tatham's puzzles:

- the game state lives in the engine (``self.table.state``) and is saved after
  every applied action;
- UI state (screen, open sheet, setup form, replay position) lives in ``self``
  and in ``self.table.ui``; it is never saved with the game;
- everything else (HTML, accessible names) is recomputed from those two.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import engine
from engine import BadSave, Game, IllegalAction, State
from web import clock, store
from web.i18n import Tr, browser_lang

#: Screens a tap can open with ``go``; others are reached by their own actions.
SCREENS = ("home", "setup", "rules", "settings", "history", "records")
#: File format tag of an exported record (the engine's dump plus seats).
RECORD_APP = "tapete"


@dataclass
class Seat:
    name: str
    kind: str = "human"  # "human" or "bot"
    level: str | None = None  # the bot's level when kind == "bot"

    def plain(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}


@dataclass
class Table:
    """A game on the table: live, or a replay of a record."""

    game_id: str
    game: Game
    state: State
    seats: list[Seat]
    started: str
    #: UI state of the table screen (open sheet, list order, focus); not saved.
    ui: dict[str, Any] = field(default_factory=dict)
    #: For a replay: every state from the deal to the record's end, and where we are.
    replay: list[State] | None = None
    step: int = 0
    #: Set once the finished game is in the history, so a reload does not add it twice.
    recorded: bool = False

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def record(self) -> dict[str, Any]:
        """The saved game / exported record: the engine's dump plus who sat where."""
        data = self.game.dump(self.state)
        data["app"] = RECORD_APP
        data["seats"] = [s.plain() for s in self.seats]
        data["started"] = self.started
        data["recorded"] = self.recorded
        return data


def available_bots(game_id: str) -> dict[str, Callable[[int], Any]]:
    """Bot levels the engine offers for a game (none until the bots land)."""
    bots = getattr(engine, "BOTS", None)
    if bots is None:
        try:
            from engine.bots import BOTS as bots
        except ImportError:
            return {}
    if not isinstance(bots, dict):
        return {}
    levels = bots.get(game_id)
    return dict(levels) if isinstance(levels, dict) else {}


def playable_games() -> dict[str, Game]:
    """Games with an engine and a table screen, in home order."""
    from web.tables import TABLES

    return {
        gid: engine.GAMES[gid] for gid in engine.GAME_IDS if gid in engine.GAMES and gid in TABLES
    }


def _log_size(state: State) -> int:
    """How many events the state's log holds: the events an action adds start here."""
    log = getattr(state, "log", None)
    return 0 if log is None else log.size


class App:
    """One app instance per page.

    ``storage`` keeps data across reloads; ``languages`` are the browser's
    preferred ones; ``new_seed`` gives a fresh game seed (the browser passes a
    random one, tests a fixed one).
    """

    def __init__(
        self,
        storage: store.Storage,
        languages: list[str] | tuple[str, ...] = (),
        new_seed: Callable[[], int] | None = None,
    ) -> None:
        self.storage = storage
        self.browser_lang = browser_lang(languages)
        self.new_seed = new_seed or (lambda: 1)
        self.settings = store.load_settings(storage)
        self.screen = "home"
        self.table: Table | None = None
        self.setup: dict[str, Any] = {}
        self.rules_game = "abyss"
        self.broken_save: str | None = None  # the reason a save could not be loaded
        self.confirm: str | None = None  # an open confirmation dialog
        self.notice: tuple[str, dict[str, Any]] | None = None  # a short message (key, values)
        self.imported: tuple[dict[str, Any], Table] | None = (
            None  # a record waiting: resume or replay?
        )
        self.import_error: str | None = None
        self.history_open: int | None = None
        self.bot_memory: dict[int, Any] = {}
        self.paused: Table | None = None  # a game in progress while a replay is on
        self.regions: dict[str, str] = {}
        self.effects: list[str] = []  # for the browser: "vibrate", "saved-failed"
        self._resume()

    # -- language and settings --------------------------------------------

    @property
    def lang(self) -> str:
        lang = self.settings["lang"]
        return self.browser_lang if lang == "auto" else lang

    @property
    def tr(self) -> Tr:
        return Tr(self.lang)

    def motion(self, reduced_by_system: bool = False) -> str:
        """The animation speed in force: the setting, or the system's wish."""
        motion = self.settings["motion"]
        if motion == "system":
            return "off" if reduced_by_system else "normal"
        return motion

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
        if game_id not in playable_games():
            raise BadSave(f"the game {game_id!r} is not available in this version")
        game = engine.GAMES[game_id]
        state = game.load(data)
        seats = self._seats_from(data.get("seats"), state.players)
        started = data.get("started") if isinstance(data.get("started"), str) else clock.utc_stamp()
        return Table(game_id, game, state, seats, started, recorded=data.get("recorded") is True)

    def _seats_from(self, raw: Any, players: int) -> list[Seat]:
        seats = []
        raw = raw if isinstance(raw, list) else []
        for i in range(players):
            item = raw[i] if i < len(raw) and isinstance(raw[i], dict) else {}
            name = store.clean_name(item.get("name", "")) or self.tr("seat.default", n=i + 1)
            kind = item.get("kind") if item.get("kind") in ("human", "bot") else "human"
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

    # -- the game -----------------------------------------------------------

    def start(self, game_id: str, seats: list[Seat], options: dict[str, Any]) -> None:
        game = engine.GAMES[game_id]
        try:
            state = game.new(len(seats), self.new_seed(), options)
        except ValueError:  # options that cannot be played together (the engine says why)
            self.notice = ("setup.options_conflict", {})
            self.effects.append("vibrate")
            return
        self.table = Table(game_id, game, state, seats, clock.utc_stamp())
        self.bot_memory = {}
        self.broken_save = None
        self.screen = "table"
        self.confirm = None
        self.save()

    def play(self, seat: int, action: str, move: int) -> bool:
        """A tap on a game action. ``move`` is the move count the button was drawn
        at: a tap from an older picture (double tap, tap during a bot's move) is
        refused calmly. True when the action was applied."""
        table = self.table
        if table is None or table.replay is not None or self.screen != "table":
            return False
        from web.tables import TABLES

        arrive = getattr(TABLES[table.game_id], "arrive", None)
        if arrive is not None:
            # A table may read a late tap otherwise (Carta robada: a cut within the tie window).
            action, move = arrive(table, seat, action, move)
        if move != table.state.moves:
            return False  # stale: the table moved on since this button was drawn
        if seat not in table.game.actors(table.state) or table.seats[seat].kind != "human":
            return False
        before = _log_size(table.state)
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
        from web.tables import TABLES

        TABLES[table.game_id].after_move(table)
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
        self.save()

    def bot_turn(self) -> int | None:
        """The seat of a bot that may act now, if any (the browser paces it)."""
        table = self.table
        if table is None or table.replay is not None or self.screen != "table":
            return None
        from web.tables import TABLES

        plan = getattr(TABLES[table.game_id], "bot_plan", None)
        self.bot_wait = None
        if plan is not None:
            # The table paces its bots itself (Carta robada: cut reaction times).
            planned = plan(self, table)
            self.bot_wait = None if planned is None else planned[1]
            return None if planned is None else planned[0]
        for seat in table.game.actors(table.state):
            if table.seats[seat].kind == "bot" and table.seats[seat].level in available_bots(
                table.game_id
            ):
                return seat
        return None

    def bot_play(self, seat: int, move: int) -> bool:
        """Let the bot at ``seat`` act, if the table is still where it was."""
        table = self.table
        if table is None or move != table.state.moves or self.bot_turn() != seat:
            return False
        if seat not in self.bot_memory:
            level = table.seats[seat].level
            factory = available_bots(table.game_id)[level]  # type: ignore[index]
            self.bot_memory[seat] = factory(table.state.seed * 16 + seat)
        bot = self.bot_memory[seat]
        legal = table.game.legal(table.state, seat)
        from web.tables import TABLES

        choose = getattr(TABLES[table.game_id], "bot_act", None)
        if choose is not None:
            action = choose(self, table, seat, bot)
        else:
            action = bot.act(table.game.view(table.state, seat), legal)
        if action is None or action not in legal:
            return False
        table.ui["fresh_from"] = _log_size(table.state)
        table.state = table.game.apply(table.state, seat, action)
        self._after_move()
        return True

    def bot_delay_ms(self) -> int:
        if getattr(self, "bot_wait", None) is not None:
            return int(self.bot_wait)  # type: ignore[arg-type]
        return {"slow": 1400, "normal": 800, "fast": 300}[self.settings["bot_speed"]]

    # -- taps on app controls -------------------------------------------

    def handle(self, action: str, arg: str | None = None) -> None:
        """A tap on an app control (``data-action`` without ``data-move``)."""
        self.notice = None if action not in ("noop",) else self.notice
        method = getattr(self, "do_" + action.replace("-", "_"), None)
        if method is None:
            table = self.table
            if table is not None and self.screen == "table":
                from web.tables import TABLES

                TABLES[table.game_id].handle_ui(table, action, arg)
            return
        method(arg)

    def do_go(self, arg: str | None) -> None:
        if arg in SCREENS:
            self.confirm = None
            self.screen = arg
            if arg == "history":
                self.history_open = None

    def do_continue(self, _arg: str | None) -> None:
        if self.table is not None:
            self.screen = "table"

    def do_rules(self, arg: str | None) -> None:
        if arg in engine.GAME_IDS:
            self.rules_game = arg
        self.screen = "rules"

    def do_new(self, arg: str | None) -> None:
        """Open the new-game form for a game (sensible defaults, names remembered)."""
        games = playable_games()
        if arg not in games:
            return
        game = games[arg]
        remembered = store.load_names(self.storage)
        saved = store.read_json(self.storage, store.SETUP_KEY)
        count = saved.get(arg) if isinstance(saved, dict) else None
        if not isinstance(count, int) or not game.min_players <= count <= game.max_players:
            count = min(max(2, game.min_players), game.max_players)
        seats = []
        for i in range(game.max_players):
            name = remembered[i] if i < len(remembered) and remembered[i] else ""
            seats.append({"name": name, "kind": "human", "level": None})
        self.setup = {
            "game": arg,
            "count": count,
            "seats": seats,
            "options": dict(game.default_options),
        }
        self.screen = "setup"

    def do_count(self, arg: str | None) -> None:
        game = engine.GAMES[self.setup["game"]]
        step = 1 if arg == "+" else -1
        self.setup["count"] = max(
            game.min_players, min(game.max_players, self.setup["count"] + step)
        )

    def do_seat_kind(self, arg: str | None) -> None:
        """Cycle a seat through human and each bot level the engine offers."""
        try:
            i = int(arg or "")
            seat = self.setup["seats"][i]
        except (ValueError, IndexError):
            return
        choices = [("human", None)] + [("bot", lv) for lv in available_bots(self.setup["game"])]
        now = (seat["kind"], seat["level"])
        nxt = choices[(choices.index(now) + 1) % len(choices)] if now in choices else choices[0]
        seat["kind"], seat["level"] = nxt

    def do_option(self, arg: str | None) -> None:
        """Toggle a yes/no option, or step a number option (``name:+`` / ``name:-``)."""
        name, _, step = (arg or "").partition(":")
        options = self.setup.get("options", {})
        if name not in options:
            return
        value = options[name]
        if isinstance(value, bool):
            options[name] = not value
        elif isinstance(value, int):
            from web.tables import TABLES

            lo, hi, inc = TABLES[self.setup["game"]].OPTION_RANGES.get(name, (0, 10_000, 1))
            options[name] = max(lo, min(hi, value + (inc if step == "+" else -inc)))

    def field(self, name: str, arg: str | None, value: str) -> None:
        """An edit in a text field; no redraw needed (the field shows it already)."""
        if name == "name" and self.setup:
            with contextlib.suppress(ValueError, IndexError):
                self.setup["seats"][int(arg or "")]["name"] = str(value)[:200]

    def setup_seats(self) -> list[Seat]:
        """The seats the form describes, names cleaned (empty -> "Player 3")."""
        out = []
        for i, raw in enumerate(self.setup["seats"][: self.setup["count"]]):
            name = store.clean_name(raw["name"]) or self.tr("seat.default", n=i + 1)
            out.append(Seat(name, raw["kind"], raw["level"]))
        return out

    def do_start(self, _arg: str | None) -> None:
        if not self.setup:
            return
        seats = self.setup_seats()
        store.save_names(self.storage, [store.clean_name(s["name"]) for s in self.setup["seats"]])
        saved = store.read_json(self.storage, store.SETUP_KEY)
        saved = saved if isinstance(saved, dict) else {}
        saved[self.setup["game"]] = self.setup["count"]
        store.write_json(self.storage, store.SETUP_KEY, saved)
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
        table = self.table
        if table is not None and table.replay is None:
            self.drop_save()
        self.table = None
        if table is not None and table.replay is not None:
            self.table, self.paused = self.paused, None
        self.confirm = None
        self.screen = "home"

    def do_cancel(self, _arg: str | None) -> None:
        self.confirm = None

    def do_home(self, _arg: str | None) -> None:
        """Leave the table for the home screen; the game stays saved."""
        self.confirm = None
        table = self.table
        if table is not None and (
            table.replay is not None or table.game.result(table.state) is not None
        ):
            self.do_quit_yes(None)
        self.screen = "home"

    def do_rematch(self, _arg: str | None) -> None:
        table = self.table
        if table is None:
            return
        self.start(
            table.game_id,
            [Seat(s.name, s.kind, s.level) for s in table.seats],
            dict(table.state.options),
        )

    def do_drop_broken(self, _arg: str | None) -> None:
        self.drop_save()

    def do_set(self, arg: str | None) -> None:
        """A settings change: ``name=value``."""
        name, _, raw = (arg or "").partition("=")
        if name not in store.SETTINGS:
            return
        default, allowed = store.SETTINGS[name]
        value: Any = raw
        if isinstance(default, bool):
            value = raw == "true"
        if value in allowed:
            self.settings[name] = value
            store.save_settings(self.storage, self.settings)
            if name == "lang" and self.table is not None:
                self.save()

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
        """(file name, JSON text) of the game on the table, finished or not."""
        table = self.table
        if table is None:
            return None
        data = table.record()
        if table.replay is not None:
            data["actions"] = data["actions"]  # a replay exports the whole record
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
            table.ui["fresh_from"] = _log_size(table.state)
        else:
            table.ui.pop("fresh_from", None)
        table.step = target
        table.state = table.replay[table.step]

    # -- browser back -------------------------------------------------------

    def back(self) -> None:
        """The Android back button: close what is open, never lose a game."""
        if self.confirm is not None:
            self.confirm = None
            return
        if self.table is not None and self.screen == "table":
            from web.tables import TABLES, close_sheet

            module = TABLES[self.table.game_id]
            if getattr(module, "close_sheet", close_sheet)(self.table):
                return
            self.do_home(None)
            return
        if self.screen == "history" and self.history_open is not None:
            self.history_open = None
            return
        self.screen = "home"

    # -- drawing ------------------------------------------------------------

    def render(self) -> str:
        """The whole app as one HTML string. ``self.regions`` then holds the parts
        a table registered (id -> HTML, each also inside the string), so the
        browser can morph only those that changed."""
        from web import screens

        self.regions = {}
        return screens.render_app(self)

    def title(self) -> str:
        from web import screens

        return screens.title(self)

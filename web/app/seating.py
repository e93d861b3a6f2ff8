"""The new-game form (``app.setup``): the game, its seats and options, the
players remembered on the device; and the one question before a new game (or
a record resumed) replaces the game in progress."""

from __future__ import annotations

import contextlib

from web.app.feature import Feature, Handler
from web.app.records import Records
from web.app.saving import Saving
from web.app.tabletop import Tabletop
from web.core import actions, newgame, roster, store
from web.core.model import Seat
from web.ui.session import Session


class Seating(Feature):
    """The form's controls; a game starts on ``tabletop``, and the game it
    replaces goes to History through ``saving``."""

    def __init__(self, app: Session, saving: Saving, tabletop: Tabletop, records: Records) -> None:
        super().__init__(app)
        self.saving = saving
        self.tabletop = tabletop
        self.records = records
        #: What else an "abandon it?" question may wait for (``pending`` is
        #: ``name:arg``): another feature's handler (a lesson, web/app/lessons.py).
        self.after_abandon: dict[str, Handler] = {}

    def handlers(self) -> dict[str, Handler]:
        return {
            actions.NEW: self.new,
            actions.COUNT: self.count,
            actions.SEAT_KIND: self.seat_kind,
            actions.SEAT_LEVEL: self.seat_level,
            actions.OPTION: self.option,
            actions.PICK_PLAYER: self.pick_player,
            actions.START: self.start,
            actions.IMPORT_RESUME: self.import_resume,
            actions.ABANDON_YES: self.abandon_yes,
        }

    def new(self, arg: str | None) -> None:
        """Open the new-game form for a game: the last table played there, if any."""
        app = self.app
        entry = app.entries.get(arg or "")
        if entry is None:
            return
        app.setup = newgame.form(
            app.storage, entry.game, app.bot_levels(entry.id), entry.table.OPTION_RANGES
        )
        app.screen = "setup"

    def count(self, arg: str | None) -> None:
        setup = self.app.setup
        game = self.app.entries[setup["game"]].game
        step = 1 if arg == "+" else -1
        setup["count"] = max(game.min_players, min(game.max_players, setup["count"] + step))

    def seat_kind(self, arg: str | None) -> None:
        """A seat becomes a bot (at the default level) or a person again; on a
        table of several phones (``seat:kind``) this phone's, another phone's or a bot."""
        setup = self.app.setup
        index, _, kind = (arg or "").partition(":")
        levels = self.app.bot_levels(setup["game"])
        with contextlib.suppress(ValueError, IndexError):
            seat = setup["seats"][int(index)]
            if not kind:
                newgame.switch_kind(levels, seat, self.app.link.hosting)
                return
            for _ in range(3):  # the cycle person -> another phone -> bot reaches any
                if seat["kind"] == kind or (kind == "phone" and not self.app.link.hosting):
                    return
                newgame.switch_kind(levels, seat, True)

    def seat_level(self, arg: str | None) -> None:
        """A bot seat's level (``seat:level``), one of those the engine offers."""
        setup = self.app.setup
        seat, _, level = (arg or "").partition(":")
        with contextlib.suppress(ValueError, IndexError):
            newgame.set_level(self.app.bot_levels(setup["game"]), setup["seats"][int(seat)], level)

    def option(self, arg: str | None) -> None:
        """Toggle a yes/no option, step a number option (``name:+`` / ``name:-``)
        or set it to one of its presets (``name=50``)."""
        name, _, step = (arg or "").partition(":")
        name, _, preset = name.partition("=")
        options = self.app.setup.get("options", {})
        if name not in options:
            return
        value = options[name]
        table_ui = self.app.entries[self.app.setup["game"]].table
        if isinstance(value, bool):
            options[name] = not value
        elif preset:
            if preset.isdigit() and int(preset) in table_ui.OPTION_PRESETS.get(name, ()):
                options[name] = int(preset)
        elif isinstance(value, int):
            lo, hi, inc = table_ui.OPTION_RANGES.get(name, (0, 10_000, 1))
            options[name] = max(lo, min(hi, value + (inc if step == "+" else -inc)))

    def name(self, arg: str | None, value: str) -> None:
        """A seat's name being typed."""
        if self.app.setup:
            with contextlib.suppress(ValueError, IndexError):
                self.app.setup["seats"][int(arg or "")]["name"] = str(value)[:200]

    def pick_player(self, arg: str | None) -> None:
        """A remembered player tapped on the new-game form: to the first human seat
        shown whose name is empty (else the last human seat)."""
        app = self.app
        player = roster.by_id(roster.load(app.storage), arg)
        if player is None or not app.setup:
            return
        seats = [s for s in app.setup["seats"][: app.setup["count"]] if s["kind"] == "human"]
        free = [s for s in seats if not store.clean_name(s["name"])]
        if seats:
            (free or seats)[0 if free else -1]["name"] = player["name"]

    def seats(self) -> list[Seat]:
        """The seats the form describes, names cleaned (empty -> "Player 3")."""
        out = []
        for i, raw in enumerate(self.app.setup["seats"][: self.app.setup["count"]]):
            name = store.clean_name(raw["name"]) or self.app.tr("seat.default", n=i + 1)
            out.append(Seat(name, raw["kind"], raw["level"]))
        return out

    def start(self, _arg: str | None) -> None:
        setup = self.app.setup
        if not setup or self._ask_abandon("start"):
            return
        seats = self.seats()
        newgame.remember(self.app.storage, setup)
        typed = [store.clean_name(s["name"]) for s in setup["seats"][: setup["count"]]]
        chosen = [n for n, s in zip(typed, seats, strict=True) if n and s.kind != "bot"]
        elsewhere = {n for n, s in zip(typed, seats, strict=True) if s.kind == "phone"}
        # names typed become players on this device (its statistics follow them); one
        # first seated on another phone is not offered as a player of this phone
        roster.remember(self.app.storage, chosen, elsewhere)
        self.tabletop.start(setup["game"], seats, dict(setup["options"]))

    def import_resume(self, _arg: str | None) -> None:
        """Play on an imported record: it replaces the game in progress (asked first)."""
        if self.app.imported is not None and self._ask_abandon("import"):
            return
        self.records.import_resume()

    def _ask_abandon(self, pending: str) -> bool:
        """With a game in progress, open the "abandon it?" dialog for ``pending``
        (what :meth:`abandon_yes` then does) and return True."""
        if self.app.game_in_progress() is None:
            return False
        self.app.confirm, self.app.pending = "abandon", pending
        return True

    def abandon_yes(self, _arg: str | None) -> None:
        """The game in progress goes to the history, unfinished; then what waited."""
        app = self.app
        pending, app.pending, app.confirm = app.pending, None, None
        table = app.game_in_progress()
        if table is None or pending is None:
            return
        self.saving.record_abandoned(table)
        self.saving.drop_save()
        app.set_match(None)
        waited, _, arg = pending.partition(":")
        if waited in self.after_abandon:
            self.after_abandon[waited](arg)
        elif pending == "start":
            self.start(None)
        elif pending == "import":
            self.import_resume(None)

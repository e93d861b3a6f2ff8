"""Each seat on another phone, drawn by the host as that phone shows it: the
game's own table on a copy of the table where that seat is the one person
(:func:`seat_table`), with that phone's own UI state kept up with the moves
(:func:`caught_up`), in that phone's language and with its settings
(:class:`SeatHost`). A private moment drawn open there holds the host's bots
as one on the host's own screen does (:func:`hold_for_phones`). The links
themselves are :mod:`web.app.linking`'s."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from web.app.controller import App
from web.core.i18n import Tr, seat_name
from web.core.link import Phone
from web.core.model import Seat, Settings, Table

#: Numbers each table the phones are drawn for, so that a phone's own UI state
#: is of one game only (:func:`caught_up`).
_GAMES = itertools.count(1)

#: The settings of a phone's own that its seat's screen is drawn with; the
#: others are the table's, the host's (the bots' speed, the cut race's head start).
OWN_SETTINGS = ("lang", "announce", "motion", "sound", "vibrate")


class SeatHost:
    """The app as a table drawn for another phone reads it (``Host``): the
    phone's own words and settings (:attr:`Phone.prefs`, as it told them), the
    host's for the rest and for a phone that told none."""

    def __init__(self, app: App, phone: Phone | None = None) -> None:
        self.app = app
        prefs = {} if phone is None else phone.prefs
        self.settings: Settings = {**app.settings, **prefs}
        self._tr = Tr(str(prefs.get("lang", app.lang)))

    @property
    def tr(self) -> Tr:
        return self._tr

    def now(self) -> float:
        return self.app.now()

    def bot_for(self, table: Table, seat: int) -> Any:
        return self.app.bot_for(table, seat)

    def results_round(self, table: Table) -> int | None:
        return self.app.results_round(table)


def own_prefs(app: App, told: Any) -> dict[str, Any]:
    """What a phone told of itself, kept only where it is one of a setting's
    values (a language the app has: never "auto", the phone resolved it)."""
    if not isinstance(told, dict):
        return {}
    known = {s.name: s for s in app.known_settings}
    out: dict[str, Any] = {}
    for name in OWN_SETTINGS:
        value, setting = told.get(name), known.get(name)
        if setting is None or value not in setting.values or value == "auto":
            continue
        if type(value) is type(setting.default):
            out[name] = value
    return out


def seat_table(table: Table, phone: Phone, tr: Tr, shared: tuple[str, ...] = ()) -> Table:
    """``table`` as ``phone``'s seat holds it: the one person at it, with that
    phone's UI state and the host table's ``shared`` part of its own (the
    table's :attr:`~web.ui.table_ui.TableUI.SHARED_UI`); a seat left unnamed is
    named in the phone's language ``tr`` ("Joueur 3" where the host reads "Player 3")."""
    seats = [
        Seat(
            seat_name(tr, i, s.name),
            "human" if i == phone.seat else "bot" if s.kind == "bot" else "phone",
            s.level,
        )
        for i, s in enumerate(table.seats)
    ]
    for key in ("fresh_from", *shared):
        if key in table.ui:
            phone.ui[key] = table.ui[key]
        else:
            phone.ui.pop(key, None)
    return dataclasses.replace(table, seats=seats, ui=phone.ui, kept=phone.kept, guest=True)


def seat_screen(app: App, phone: Phone) -> str:
    """The table drawn for ``phone``'s seat, as its phone shows it: in its own
    language, with its own settings."""
    table = app.table
    if table is None:
        return ""
    entry = app.entries[table.game_id].table
    return entry.render(SeatHost(app, phone), caught_up(app, phone))


def caught_up(app: App, phone: Phone) -> Table:
    """``phone``'s seat's table (:func:`seat_table`), its own UI state brought
    up to the host's move: the table's tidying after a move
    (:meth:`~web.ui.table_ui.TableUI.after_move`) runs on it once a move, as it
    does on a table held by its one person. So a private moment that move opened
    is that phone's from its start (Carta robada: a look is open on its screen,
    and counted as seen, until its player puts it away), and a card chosen goes."""
    table = app.table
    assert table is not None
    entry = app.entries[table.game_id].table
    # this game, whatever its seed and start (a new table's UI state starts empty)
    at = (table.ui.setdefault("phones_game", next(_GAMES)), table.state.moves)
    if phone.moved is not None and phone.moved[0] != at[0]:
        phone.ui.clear()  # another game on the same phones (a rematch): nothing of
        phone.kept.clear()  # the last one is this one's (its looks seen, its sheet)
    host = SeatHost(app, phone)
    mirror = seat_table(table, phone, host.tr, entry.SHARED_UI)
    if phone.moved != at:
        phone.moved = at
        entry.after_move(host, mirror)
    return mirror


def hold_for_phones(app: App) -> None:
    """Note on the host's table the seats whose phone holds play now
    (``ui["phone_looks"]``: a private look open there, which the bots wait for
    as they wait for one on the host's own screen). When the last is put away,
    the bots' pause starts anew, as after a look put away on the host."""
    table = app.table
    if table is None:
        return
    entry = app.entries[table.game_id].table
    holding = [
        seat
        for seat, phone in sorted(app.link.phones.items())
        if phone.status == "linked" and entry.holds_bots(caught_up(app, phone))
    ]
    before = table.ui.get("phone_looks")
    if holding:
        table.ui["phone_looks"] = holding
    else:
        table.ui.pop("phone_looks", None)
    if before and not holding:
        table.ui["since"] = app.now()
        app.settle()

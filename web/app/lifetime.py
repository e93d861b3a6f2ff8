"""How long a link lasts: a link belongs to one table.

The host's phones (``Link.phones``) belong to the live table they were linked for
(``Link.table``). When another table takes its place (the game quit, a finished
game left, a new game started, "Quit it" in the new-game form, a record resumed),
every linked phone is told at once that the table is over and by whom, and its
link closes; the new game asks for new codes. A rematch may keep the same
phones, and only when the host chooses it on the button that names them
(:func:`follow` with ``keep``). So a phone never gets a seat it was not linked for.

While the table lives, the other phones play on whatever the host's own screen
is (Home, Rules, Settings, the linking screen: ``web/app/tabletop.py`` lets a
phone's move and the bots' play there), and each phone is told which other
phones are away and whether the table waits for them (:func:`away`).

A guest keeps the host's word that the table is over (:func:`heard_over`) and
remembers that it was at a table (:data:`~web.core.link.WAS_AT`), so that the page reopened
says so and how to get back in.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
from typing import TYPE_CHECKING, Any

from web.core import linkcode, store
from web.core.link import WAS_AT, Joined, Link, Phone

if TYPE_CHECKING:
    from collections.abc import Iterator

    from web.core.model import Table
    from web.ui.session import Session


#: What a second phone answering a used code is told, on a connection of its own
#: (web/shell/phones.js's ``refuse``): the code is used, it needs a new one.
REFUSED = json.dumps({"n": 1, "refused": "used"})


def live_table(app: Session) -> Table | None:
    """The game in progress: under a replay, the game the replay paused."""
    table = app.table
    if table is not None and table.replay is not None:
        return app.paused
    return table


@contextlib.contextmanager
def on_live(app: Session) -> Iterator[None]:
    """Meanwhile ``app.table`` is the live table (:func:`live_table`): the other
    phones play it and are drawn from it while the host's own screen shows a
    History replay, as on any other screen of the host's. The replay's match is
    back after, as it was."""
    shown = app.match
    live = live_table(app)
    if live is None or live is shown.table:
        yield
        return
    app.match = dataclasses.replace(shown, table=live, paused=None)
    try:
        yield
    finally:
        app.match = shown


def host_name(table: Table) -> str:
    """Who holds the host's phone: its first person, or "" (only bots and phones)."""
    return next((s.name for s in table.seats if s.kind == "human"), "")


def follow(app: Session, keep: bool = False) -> None:
    """After an event on the host: when the live table is another than the one
    the phones were linked for, every linked phone is told that table is over
    and its link closes (with ``keep``, a rematch, they stay, for the new table,
    each with a fresh screen)."""
    link = app.link
    live = live_table(app)
    old = link.table
    if old is live:
        return
    link.table = live
    if old is None or not link.phones:
        return
    if keep and live is not None and [s.kind for s in live.seats] == [s.kind for s in old.seats]:
        for phone in link.phones.values():
            phone.ui, phone.kept, phone.shown, phone.up, phone.told_away = {}, {}, None, False, []
        return
    how = "quit" if old.game.result(old.state) is None else "closed"
    for seat, phone in link.phones.items():
        if phone.status == "linked":
            phone.sent += 1
            said = json.dumps({"n": phone.sent, "over": [how, host_name(old)]}, ensure_ascii=False)
            link.requests.append(("bye", seat, said))
        else:
            link.requests.append(("drop", seat))
    link.phones = {}


def phones_named(app: Session) -> list[str]:
    """The players of the table's seats on other phones, in seat order (the
    rematch button names them: it keeps those phones)."""
    table = live_table(app)
    if table is None:
        return []
    return [table.seats[s].name for s in sorted(app.link.phones)]


def away(app: Session, seat: int | None = None) -> list[list[Any]]:
    """The phones of the live table that are away or not linked yet (but
    ``seat``'s own), each ``[name, waits]``: waits when the table waits for
    that seat's move."""
    table = live_table(app)
    if table is None or table.game.result(table.state) is not None:
        return []
    waiting = app.entries[table.game_id].table.waits_for(table)
    return [
        [table.seats[s].name, s in waiting]
        for s, phone in sorted(app.link.phones.items())
        if s != seat and phone.status != "linked"
    ]


def owner(link: Link, pasted: Phone, text: str) -> Phone:
    """The phone whose code the answer ``text`` answers: a guest's ICE user
    fragment begins with the code's (web/shell/phones.js's ``join``), so an answer
    pasted in the wrong field (Cleo's phone scanned Ben's code) goes to the seat
    of its code, and one to a used code is refused there. Else ``pasted``."""
    try:
        theirs = linkcode.read(text).ufrag
    except linkcode.BadCode:
        return pasted
    for phone in link.phones.values():
        try:
            ours = linkcode.read(phone.code).ufrag if phone.code else ""
        except linkcode.BadCode:
            continue
        if ours and theirs.startswith(ours) and len(theirs) > len(ours):
            return phone
    return pasted


# -- a guest's side ---------------------------------------------------------------


def heard_over(app: Session, joined: Joined, text: str) -> bool:
    """Whether the host's message ``text`` says the table is over, or that the
    code this phone answered was used by another phone: then this phone shows
    so (with the way home, or the way to a new code), and closes its link."""
    try:
        msg = json.loads(text)
        number = int(msg["n"])
        if "refused" in msg:
            how, by = "refused", ""
        else:
            how, by = (str(x) for x in msg["over"])
    except (ValueError, TypeError, KeyError):
        return False
    if number <= joined.heard:
        return False
    joined.heard, joined.html = number, ""
    joined.step = "refused" if how == "refused" else "over"
    joined.over = None if how == "refused" else ("quit" if how == "quit" else "closed", by)
    joined.away = []
    app.link.requests.append(("drop", "host"))
    left(app)
    return True


def at_table(app: Session, joined: Joined, text: str) -> None:
    """A screen of the host's table came (``text``, already read as one): what
    it says of the other phones away, and this phone remembers it is at a table."""
    try:
        away_list = json.loads(text).get("away")
    except (ValueError, AttributeError):
        away_list = None
    joined.away = away_list if isinstance(away_list, list) else []
    if store.read_json(app.storage, WAS_AT) is None:
        store.write_json(app.storage, WAS_AT, 1)


def left(app: Session) -> None:
    """This phone left the table, or began to join another: no table to get back to
    (a storage that refuses the write only keeps a needless hint on Home)."""
    with contextlib.suppress(Exception):  # the browser's SecurityError and friends
        app.storage.remove(WAS_AT)

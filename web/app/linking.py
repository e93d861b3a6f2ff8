"""Several phones at one table: the host is the authority, a guest a window on it.

Only the host runs the engine and the bots and keeps the save and the record. For
each seat held on another phone (a seat of kind ``"phone"``) it draws the table
as that seat's own phone would show it: the game's own table, on a copy of the
:class:`~web.core.model.Table` where that seat is the one person at it (so its
private moment comes with no hand-off) and every other person's seat is a
``"phone"`` too, with that phone's own UI state (its sheets, its chosen card),
in that phone's language (:mod:`web.app.seatview`). That HTML is all a guest
receives; it holds nothing the seat may not know, as a pass-and-play screen held
by that seat holds nothing, and all the seat may see now (``tests/test_web_phones.py``
and ``tests/test_web_seats_see.py`` check the bytes against ``redeal_hidden``).

A guest sends what its finger did: a game button (``tap``: action and the move
count it was drawn at) or another table control (``ui``). The seat is the
channel's, never the message's. Every message is numbered by its sender; one at
or below the last number heard (a duplicate, or one overtaken) is dropped, and a
tap drawn at an older move count is stale, so no move is ever played twice. An
action the host finds illegal changes nothing and comes back to the guest as a
message on its screen.
"""

from __future__ import annotations

import dataclasses
import json
import math
import statistics
from typing import Any

from web.app import guest, guest_history, lifetime
from web.app.controller import App
from web.app.seatview import SeatHost, caught_up, hold_for_phones, own_prefs, seat_screen
from web.core import actions, linkcode, newgame
from web.core.link import Joined, Phone
from web.core.model import Seat

#: The most a phone's delay may count for: half of Carta robada's tie window, so a
#: slow link never makes a late cut an early one.
MAX_LAG_MS = 150
#: Round trips kept per phone; their median is its measure.
TRIPS = 5
#: Screens remembered per phone, for a tap timed from one of them to name it.
PINGS = 20


def seat_phone(app: App, seat: int, code: str) -> Phone:
    """Give ``seat`` of the game on the table to another phone, whose link is
    offered with ``code``: from now on only that phone plays it."""
    table = app.table
    assert table is not None
    table.seats[seat] = dataclasses.replace(table.seats[seat], kind="phone", level=None)
    phone = Phone(seat, code=code)
    app.link.phones[seat] = phone
    return phone


def heard(app: App, seat: int, text: str) -> bool:
    """A message from the phone holding ``seat``; True when it changed the table
    or that phone's screen (then :func:`outbox` has something to send). Played
    on the live table, whatever the host's screen shows (a History replay too)."""
    with lifetime.on_live(app):
        return _heard(app, seat, text)


def _heard(app: App, seat: int, text: str) -> bool:
    phone = app.link.phones.get(seat)
    table = app.table
    try:
        msg = json.loads(text)
        number = int(msg["n"])
    except (ValueError, TypeError, KeyError):
        return False
    if phone is None or table is None or number <= phone.heard or phone.status != "linked":
        return False  # not a phone of this table, or a duplicate or overtaken message
    phone.heard = number
    if "pong" in msg:
        _timed(phone, msg["pong"], app.now())
        return False
    if "prefs" in msg:
        phone.prefs = own_prefs(app, msg["prefs"])
        return True
    if "tap" in msg:
        try:
            action, move = str(msg["tap"][0]), int(msg["tap"][1])
        except (ValueError, TypeError, IndexError):
            return False
        played = _tap(app, phone, action, move, tapped_at(phone, app.now(), msg.get("seen"), move))
        hold_for_phones(app)
        return played
    if "ui" in msg:
        try:
            action, arg = str(msg["ui"][0]), msg["ui"][1]
        except (TypeError, IndexError):
            return False
        entry = app.entries[table.game_id].table
        mirror = caught_up(app, phone)
        if action == actions.BACK:
            entry.close_sheet(mirror)
        else:
            entry.handle_ui(SeatHost(app, phone), mirror, action, None if arg is None else str(arg))
        hold_for_phones(app)
        return True
    return False


def _timed(phone: Phone, pong: Any, now: float) -> None:
    """A screen's echo, heard at ``now``: one more round trip of ``phone``."""
    try:
        sent = float(pong[0])
    except (ValueError, TypeError, IndexError):
        return
    trip = now * 1000 - sent
    if not 0 <= trip < 60_000:
        return  # an echo of no screen this host sent
    phone.trips = [*phone.trips, trip][-TRIPS:]


def lag(phone: Phone) -> float:
    """How long a message takes from this host to ``phone``, or back, in s: half
    the median of its last round trips (0 before any), at most :data:`MAX_LAG_MS`."""
    if not phone.trips:
        return 0.0
    return min(statistics.median(phone.trips) / 2, MAX_LAG_MS) / 1000


def tapped_at(phone: Phone, now: float, seen: Any, move: int) -> float:
    """When ``phone``'s tap on a button drawn at ``move``, heard at ``now``, was
    made, on this host's clock (s): what Carta robada's cuts are judged by.

    The guest says how long after a screen arrived its finger came down
    (``seen``: that screen's ``ping`` and the ms, web/app/guest.py's ``tap``):
    the screen left at its ping, took the link's delay (:func:`lag`) to get
    there, and the tap came that long after, however late the tap itself
    travels. Whatever the guest says, the tap lands between that screen and
    its arrival here; the screen must be one sent to that phone, drawn at the
    tap's move count or later (so never before the button was shown). A tap
    that names no such screen (a guest of an older version, or a ``seen`` that
    is no screen of this phone's): its arrival less the link's delay; one whose
    span is no number: the same, within the screen's bounds."""
    delay = lag(phone)
    at = now - delay
    try:
        ping = float(seen[0])
    except (ValueError, TypeError, IndexError, KeyError):
        return at
    if not any(p == ping and drawn >= move for p, drawn in phone.pings):
        return at
    try:
        after = float(seen[1])
    except (ValueError, TypeError, IndexError):
        after = math.nan
    shown = ping / 1000
    if math.isfinite(after):
        at = shown + delay + after / 1000
    return min(max(at, shown), now)


def _tap(app: App, phone: Phone, action: str, move: int, at: float) -> bool:
    table = app.table
    assert table is not None
    state, game, seat = table.state, table.game, phone.seat
    # as the table reads it on arrival (Carta robada: a cut within the tie window ties)
    action, move = app.entries[table.game_id].table.arrive(app, table, seat, action, move, at)
    live = move == state.moves and game.result(state) is None
    if live and (seat not in game.actors(state) or action not in game.legal(state, seat)):
        phone.notice = SeatHost(app, phone).tr("notice.illegal")
        phone.shown = None  # its screen is drawn again, as it was
        return True
    if not app.play(seat, action, move, kind="phone", at=at):
        phone.shown = None  # stale: the table moved on since that button was drawn
        return True
    phone.ui = {k: v for k, v in phone.ui.items() if k == "sheet"}
    return True


def outbox(app: App) -> list[tuple[int, str]]:
    """What to send now: each linked phone's screen, when it changed or carries
    a message, numbered: its seat at the live table, whatever the host's screen
    shows (a History replay too)."""
    with lifetime.on_live(app):
        return _outbox(app)


def _outbox(app: App) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    table = app.table
    if table is None:
        return out
    entry = app.entries[table.game_id].table
    hold_for_phones(app)
    for seat, phone in app.link.phones.items():
        if phone.status != "linked":
            continue
        html = seat_screen(app, phone)
        away = lifetime.away(app, seat)
        if html == phone.shown and phone.notice is None and away == phone.told_away:
            continue
        phone.sent += 1
        msg = {"n": phone.sent, "seat": seat, "moves": table.state.moves, "html": html}
        ping = app.now() * 1000
        msg["ping"] = ping
        phone.pings = [*phone.pings, (ping, table.state.moves)][-PINGS:]
        up = table.game.result(table.state) is None and seat in entry.waits_for(table)
        if up and not phone.up:
            msg["turn"] = True  # that phone vibrates: its turn came
        phone.up = up
        if (end := guest_history.final(app, table)) is not None:
            msg["result"] = end  # for the guest's History
        if phone.notice is not None:
            msg["notice"] = phone.notice
        if away:
            msg["away"] = away  # the other phones away, and whether the table waits for them
        phone.shown, phone.notice, phone.told_away = html, None, away
        out.append((seat, json.dumps(msg, ensure_ascii=False)))
    return out


# -- the steps of linking (the screens' taps, the page's WebRTC answers) ---------


def handle(app: App, arg: str | None) -> None:
    """A tap on a ``phones`` control: ``host`` (choose the game), ``new:<game>``
    (its form, where a seat may be another phone), ``answer:<seat>`` (the guest's
    code pasted or scanned), ``bot:<seat>`` (a bot plays an away phone's seat),
    ``again:<seat>`` (a fresh code for it), ``table``; ``join`` (a guest),
    ``read`` (the host's code), ``leave`` (the guest leaves the table)."""
    link = app.link
    what, _, rest = (arg or "").partition(":")
    if what == "host":
        link.hosting = True
        app.screen = "phones"
    elif what == "new":
        app.handle(actions.NEW, rest)
        link.hosting = app.screen == "setup"
    elif what == "join":
        link.hosting = False
        link.joined = Joined()
        link.drafts.pop("host", None)  # a fresh field: an old table's code is no use
        app.screen = "join"
    elif what == "read" and link.joined is not None:
        _read_host_code(link.joined, link.drafts.get("host", ""), link.requests)
        if link.joined.step == "joining":
            link.drafts.pop("host", None)  # used: the field is empty when shown again
    elif what == "leave" and link.joined is not None:
        link.joined.step, link.joined.html = "left", ""
        link.requests.append(("drop", "host"))
        lifetime.left(app)
    elif what in ("answer", "bot", "again") and rest.isdigit() and int(rest) in link.phones:
        phone = link.phones[int(rest)]
        if what == "answer":
            text = link.drafts.get(rest, "")
            owner = lifetime.owner(link, phone, text)  # the seat whose code it answers
            _read_guest_code(owner, text, link.requests)
            phone.used_code = owner.used_code  # said where it was pasted
        elif what == "bot":
            seat_bot(app, phone.seat)
        else:
            phone.status, phone.code, phone.heard = "offer", "", 0
            phone.accepted = phone.used_code = False
            link.requests.append(("offer", phone.seat))
            app.screen = "lobby"
    elif what == "table" and app.table is not None:
        app.screen = "table"


def _read_code(text: str, kind: str) -> linkcode.Offer | None:
    """The description a pasted or scanned code carries, if it is a code of ``kind``."""
    try:
        offer = linkcode.read(text)
    except linkcode.BadCode:
        return None
    return offer if offer.kind == kind else None


def _read_host_code(joined: Joined, text: str, requests: list[tuple[Any, ...]]) -> None:
    offer = _read_code(text, "offer")
    joined.bad_code = offer is None
    if offer is not None:
        joined.step = "joining"
        requests.append(("join", linkcode.describe(offer)))


def _read_guest_code(phone: Phone, text: str, requests: list[tuple[Any, ...]]) -> None:
    """The answer of the phone that scanned ``phone``'s code. A code links one
    phone: once an answer was taken, another phone's is refused."""
    answer = _read_code(text, "answer")
    phone.bad_code = answer is None
    phone.used_code = answer is not None and (phone.accepted or phone.status != "offer")
    if answer is not None and not phone.used_code:
        phone.accepted = True
        requests.append(("accept", phone.seat, linkcode.describe(answer)))
    elif answer is not None:  # that phone is told too, on its own screen
        requests.append(("refuse", phone.seat, linkcode.describe(answer), lifetime.REFUSED))


def started(app: App) -> None:
    """After any tap: a game just started with seats on other phones opens the
    screen that links them, and asks the page for each one's offer."""
    table = app.table
    link = app.link
    if table is None or app.screen != "table":
        return
    fresh = [
        s for s, seat in enumerate(table.seats) if seat.kind == "phone" and s not in link.phones
    ]
    if not fresh:
        return
    link.phones = {}
    for seat in (s for s, st in enumerate(table.seats) if st.kind == "phone"):
        link.phones[seat] = Phone(seat)
        link.requests.append(("offer", seat))
    app.screen = "lobby"


def resumed(app: App) -> None:
    """The host's page (re)opened on a saved game with seats on other phones:
    their links did not survive it, so each such phone is away until it is
    linked again with a new code, and gets the table as it is."""
    table = app.table
    if table is None:
        return
    app.link.table = table  # the links belong to this table (web/app/lifetime.py)
    for seat, kind in enumerate(s.kind for s in table.seats):
        if kind == "phone" and seat not in app.link.phones:
            app.link.phones[seat] = Phone(seat, status="away")


def seat_bot(app: App, seat: int) -> None:
    """A bot plays ``seat`` from now on (its phone is away); its link goes."""
    table = app.table
    levels = list(app.bot_levels(table.game_id)) if table is not None else []
    if table is None or not levels:
        return
    table.seats[seat] = Seat(table.seats[seat].name, "bot", newgame.default_level(levels))
    app.link.phones.pop(seat, None)
    app.link.requests.append(("drop", seat))
    app.save()
    app.screen = "table"


def offered(app: App, seat: int, description: str, prompting: bool = False) -> None:
    """The page made ``seat``'s offer: its code is shown, and with ``prompting``
    (the camera prompt is up, unanswered) what to do with the prompt."""
    app.link.camera_prompt = prompting
    phone = app.link.phones.get(seat)
    if phone is not None:
        phone.code = linkcode.pack(description)


def answered(app: App, description: str) -> None:
    """The page made this guest's answer: its code is shown for the host."""
    joined = app.link.joined
    if joined is not None:
        joined.code, joined.step = linkcode.pack(description), "answer"


def channel(app: App, peer: str, kind: str, text: str) -> bool:
    """An event of a link (``open``, ``message``, ``close``); True when the
    screen may have changed."""
    link = app.link
    if peer == "camera":  # the camera prompt was answered
        link.camera_prompt = False
        return True
    if peer == "host":
        joined = link.joined
        if joined is None:
            return False
        if kind == "open":
            joined.step, joined.heard = "linked", 0  # a new channel numbers from 1
            joined.told = None
            guest.tell(app)
        elif kind == "close":
            joined.step = joined.step if joined.step in ("left", "over", "refused") else "lost"
        elif lifetime.heard_over(app, joined, text):
            pass  # the host ended the table: this phone says so, its link closed
        elif guest.heard(joined, text, link.requests, app.now()):
            guest_history.keep(app, joined, joined.result)
            lifetime.at_table(app, joined, text)
            guest.tell(app)  # changed meanwhile (its Settings, from Home)
        else:
            return False
        return True
    if not peer.isdigit() or (phone := link.phones.get(int(peer))) is None:
        return False
    if kind == "open":
        phone.status, phone.shown, phone.heard = "linked", None, 0  # a new channel
    elif kind == "close":
        if phone.status == "linked":
            phone.status = "away"
        with lifetime.on_live(app):
            hold_for_phones(app)  # an away phone's look holds play no longer
    else:
        return heard(app, phone.seat, text)
    return True

"""A guest's phone at another phone's table: the host's screens heard, its taps
said, its Back. The host's side is :mod:`web.app.linking`."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from web.app.seatview import OWN_SETTINGS
from web.core.link import Joined

if TYPE_CHECKING:
    from web.app.controller import App

#: Controls on a guest's table that its own phone answers, never sent to the
#: host: the rules (their Back returns to the table).
OWN = ("rules",)


def heard(
    joined: Joined,
    text: str,
    replies: list[tuple[Any, ...]] | None = None,
    now: float | None = None,
) -> bool:
    """A message from the host, arrived at ``now`` (this phone's clock, s: the
    channel event's time); True when it is new (the screen shows it). Its echo,
    for the host to time the link, goes to ``replies`` (the page's requests)."""
    try:
        msg = json.loads(text)
        number, html = int(msg["n"]), str(msg["html"])
    except (ValueError, TypeError, KeyError):
        return False
    if number <= joined.heard:
        return False
    joined.heard, joined.html = number, html
    joined.seat = msg.get("seat")
    joined.notice = str(msg.get("notice") or "")
    joined.buzz = joined.buzz or msg.get("turn") is True
    joined.result = msg.get("result")
    ping = msg.get("ping")
    timed = isinstance(ping, (int, float)) and not isinstance(ping, bool)
    joined.screen_at = (float(ping), now) if timed and now is not None else None
    if replies is not None and timed:
        replies.append(("say", "host", says(joined, "pong", ping, None)))
    return True


def tap(app: App, action: str, move: int | None, arg: str | None) -> bool:
    """A tap on the host's table shown on this phone: said to the host (a game
    button as its action and move count, any other control as its action and
    arg), which answers with the new screen. False when this phone answers it
    itself: no host's table, or one of :data:`OWN`.

    A game button's tap says too how long after the last screen arrived the
    finger came down (``seen``: that screen's ``ping`` and the ms on this
    phone's clock, from the tap event's own time, however late this worker got
    it): the two phones' clocks differ, but a span on one is a span on the
    other, so the host places the tap on its own clock (``linking.tapped_at``)."""
    joined = app.link.joined
    if joined is None or action in OWN:
        return False
    tell(app)
    if move is None:
        said = says(joined, "ui", action, arg)
    else:
        seen = None
        if joined.screen_at is not None:
            ping, arrived = joined.screen_at
            seen = [ping, round((app.now() - arrived) * 1000, 1)]
        said = says(joined, "tap", action, move, seen)
    app.link.requests.append(("say", "host", said))
    return True


def tell(app: App) -> None:
    """Tell the host this phone's language and own settings
    (:data:`~web.app.seatview.OWN_SETTINGS`) when the link opens and whenever
    they changed since: the host draws this seat's table with them."""
    joined = app.link.joined
    if joined is None or joined.step != "linked":
        return
    prefs = {name: app.settings[name] for name in OWN_SETTINGS if name in app.settings}
    prefs["lang"] = app.lang  # "auto" resolved: the host's browser may speak another
    if joined.told != prefs:
        joined.told = prefs
        joined.sent += 1
        said = json.dumps({"n": joined.sent, "prefs": prefs}, ensure_ascii=False)
        app.link.requests.append(("say", "host", said))


def back(app: App) -> bool:
    """Back (Escape, the phone's Back) on a guest's table: the host closes what
    it drew open on that phone's screen (a sheet), and the phone stays on the
    table: only its "Leave the table" leaves (a Back that left would leave the
    host waiting for a phone that shows nothing). True when it was a guest's table."""
    joined = app.link.joined
    if app.screen != "join" or joined is None or joined.step != "linked" or not joined.html:
        return False
    app.link.requests.append(("say", "host", says(joined, "ui", "back", None)))
    return True


def your_turn(app: App) -> bool:
    """Whether this guest's phone is to vibrate now ("your turn"), once."""
    joined = app.link.joined
    if joined is None or not joined.buzz:
        return False
    joined.buzz = False
    return True


def says(
    joined: Joined, key: str, first: object, second: object, seen: list[float] | None = None
) -> str:
    """The message for one of this phone's taps (``tap``: action and move count,
    with ``seen`` when timed from a screen; ``ui``: action and arg), numbered."""
    joined.sent += 1
    msg: dict[str, object] = {"n": joined.sent, key: [first, second]}
    if seen is not None:
        msg["seen"] = seen
    return json.dumps(msg)

"""What the phones say of a link's lifetime (``web/app/lifetime.py`` moves it): a
table the host ended, the other phones away, a guest page reopened after it was
at a table."""

from __future__ import annotations

from typing import Any

from web.core import actions, store
from web.core.html import button, esc
from web.core.i18n import Tr
from web.core.link import WAS_AT, Joined
from web.ui.session import Session


def over(tr: Tr, joined: Joined) -> str:
    """A guest whose table the host ended: how and by whom, the way home, and
    how to join another table."""
    how, by = joined.over or ("closed", "")
    if how == "quit":
        said = tr("phones.over_quit", name=by) if by else tr("phones.over_quit_host")
    else:
        said = tr("phones.over_closed", name=by) if by else tr("phones.over_closed_host")
    home = button(esc(tr("end.home")), actions.GO, arg="home", cls="btn primary")
    return (
        f'<section class="card-panel phone-over"><p role="alert">{esc(said)}</p>'
        f"<p>{esc(tr('phones.over_next'))}</p>"
        f'<div class="row">{home}</div></section>'
    )


def away_lines(tr: Tr, away: list[Any]) -> str:
    """Over a guest's table: each other phone away, and what the table does meanwhile
    (``away``: ``[name, waits]`` as the host sent them)."""
    lines = []
    for item in away:
        try:
            name, waits = str(item[0]), bool(item[1])
        except (TypeError, IndexError, KeyError):
            continue
        key = "phones.away_waits" if waits else "phones.away_plays"
        lines.append(f"<p>{esc(tr(key, name=name))}</p>")
    if not lines:
        return ""
    return f'<section class="card-panel warn phone-away" role="status">{"".join(lines)}</section>'


def was_at_table(app: Session) -> str:
    """Home on a phone that was a guest at a table when its page closed: it says
    so, and how to get back in."""
    joined = app.link.joined
    joining = joined is not None and joined.step != "scan"
    if joining or store.read_json(app.storage, WAS_AT) is None:
        return ""
    go = button(esc(app.tr("phones.join")), actions.PHONES, arg="join", cls="btn primary")
    return (
        f'<section class="card-panel note phone-was"><p role="status">'
        f"{esc(app.tr('phones.was_at'))}</p>{go}</section>"
    )

"""Passing the phone: the humans at a table, and the hand-off screen ("Pass the
phone to Ana") that comes before a seat's private moment."""

from __future__ import annotations

from web.core import actions
from web.core.html import button, esc
from web.core.i18n import Tr
from web.core.model import Table

#: The hand-off screen's controls (:func:`pass_phone`): held a moment when a move
#: brings the screen up (``TableUI.HANDOFF_ACTIONS``).
ACTIONS = (actions.HANDOFF, actions.PASS)


def humans(table: Table) -> list[int]:
    return [s for s, seat in enumerate(table.seats) if seat.kind == "human"]


def elsewhere(table: Table) -> list[int]:
    """The seats played on other phones: this phone never draws their moment."""
    return [s for s, seat in enumerate(table.seats) if seat.kind == "phone"]


def handoff_panel(tr: Tr, names: list[str], seat: int, why: str, others: list[int]) -> str:
    """The hand-off screen ("Pass the phone to Ana"): nothing private on it; Ana confirms, then her
    moment is drawn. ``others``: humans who may go first instead."""
    alt = "".join(
        button(esc(tr("handoff.instead", name=names[s])), actions.PASS, arg=s, cls="btn small")
        for s in others
    )
    alt_html = f'<div class="row center">{alt}</div>' if alt else ""
    return (
        f'<section class="handoff" role="region" aria-labelledby="handoff-title">'
        f'<p class="handoff-icon" aria-hidden="true">☞</p>'
        f'<h2 id="handoff-title">{esc(tr("handoff.pass", name=names[seat]))}</h2>'
        f'<p class="handoff-why">{esc(why)}</p>'
        + button(
            esc(tr("handoff.ready", name=names[seat])),
            actions.HANDOFF,
            arg=seat,
            cls="btn primary big",
            autofocus=True,
            id="handoff-ready",
        )
        + f"{alt_html}</section>"
    )


def pass_phone(table: Table, action: str, arg: str | None, forget: tuple[str, ...]) -> bool:
    """The hand-off screen's taps, if ``action`` is one: ``handoff`` ("I am Ana": the
    phone is in Ana's hands, her moment may be drawn now) or ``pass`` (someone else goes
    first: the hand-off screen again, for them). Either way the UI state named in
    ``forget`` (the previous holder's selection, shown card...) goes. True when handled."""
    if action not in ACTIONS:
        return False
    try:
        seat = int(arg or "")
    except ValueError:
        return True
    ui = table.ui
    if action == actions.HANDOFF:
        if not 0 <= seat < len(table.seats):
            return True
        ui["holder"] = seat
    else:
        ui.pop("holder", None)
    ui["picker"] = seat
    for key in forget:
        ui.pop(key, None)
    return True


def reopen(table: Table) -> None:
    """The table screen opens again (Home then Continue, a Back, a reload...):
    whoever confirmed the last hand-off may have put the phone down meanwhile, so
    nobody holds it now, and a seat's moment asks "I am Ana" again first."""
    table.ui.pop("holder", None)

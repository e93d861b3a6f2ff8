"""Passing the phone: the humans at a table, and the hand-off screen ("Pass the
phone to Ana") that comes before a seat's private moment."""

from __future__ import annotations

from web.html import button, esc
from web.i18n import Tr
from web.model import Table


def humans(table: Table) -> list[int]:
    return [s for s, seat in enumerate(table.seats) if seat.kind == "human"]


def handoff_panel(tr: Tr, names: list[str], seat: int, why: str, others: list[int]) -> str:
    """The hand-off screen ("Pass the phone to Ana"): nothing private on it; Ana confirms, then her
    moment is drawn. ``others``: humans who may go first instead."""
    alt = "".join(
        button(esc(tr("handoff.instead", name=names[s])), "pass", arg=s, cls="btn small")
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
            "handoff",
            arg=seat,
            cls="btn primary big",
            autofocus=True,
            id="handoff-ready",
        )
        + f"{alt_html}</section>"
    )

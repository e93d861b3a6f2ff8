"""Exporting a record, on every screen that offers it: a record holds the seed
and every action, so it shows every card still face down, every deal to come and
every secret pick. It may leave the phone only once the game is over; until
then the place of the Export button says why."""

from __future__ import annotations

import dataclasses

from web.core import actions
from web.core.html import button, esc
from web.core.i18n import Tr
from web.core.model import Table


def whole(table: Table) -> Table:
    """The table as its record ends: a replay at its last step (what a replay
    shows is the step the player is looking at, not the whole record)."""
    if table.replay is None:
        return table
    return dataclasses.replace(table, state=table.replay[-1], ui={})


def exportable(table: Table) -> bool:
    """Whether the game of this table (a replay: its whole record) is over."""
    last = whole(table)
    return last.game.result(last.state) is not None


def export_control(tr: Tr, table: Table, cls: str = "btn") -> str:
    """The Export button of a finished game, else why there is none."""
    if exportable(table):
        return button(esc(tr("records.export")), actions.EXPORT, cls=cls)
    return f'<p class="meta export-why" role="note">{esc(tr("records.export_later"))}</p>'

"""Abyss's :class:`~web.table_ui.TableUI`: the hooks the app calls, each one
answered by the module of its concern (state, draw)."""

from __future__ import annotations

from typing import ClassVar

from web.model import Host, Table
from web.table_ui import TableUI
from web.tables.abyss import draw, state


class AbyssTable(TableUI):
    OPTION_LABELS: ClassVar[dict[str, str]] = {"target": "abyss.opt.target"}
    OPTION_RANGES: ClassVar[dict[str, tuple[int, int, int]]] = {"target": (10, 500, 10)}

    def render(self, app: Host, table: Table) -> str:
        return draw.render(app, table)

    def handle_ui(self, table: Table, action: str, arg: str | None) -> None:
        state.handle_ui(table, action, arg)

    def after_move(self, table: Table) -> None:
        state.after_move(table)

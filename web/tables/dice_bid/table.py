"""The dice game's :class:`~web.table_ui.TableUI`: the hooks the app calls, each
one answered by the module of its concern (state, draw)."""

from __future__ import annotations

from typing import ClassVar

from web.kit.movelog import MoveLog
from web.model import Host, Table
from web.table_ui import TableUI
from web.tables.dice_bid import draw, log, state


class DiceBidTable(TableUI):
    OPTION_LABELS: ClassVar[dict[str, str]] = {
        "force_negative": "dice.opt.force_negative",
        "prize_cards": "dice.opt.prize_cards",
        "tiebreak": "dice.opt.tiebreak",
    }

    def render(self, app: Host, table: Table) -> str:
        return draw.render(app, table)

    def move_log(self) -> MoveLog:
        return log.moves

    def handle_ui(self, table: Table, action: str, arg: str | None) -> None:
        state.handle_ui(table, action, arg)

    def after_move(self, table: Table) -> None:
        state.after_move(table)

"""The registry: every game's table, by game id. The one module that names the
games' tables; ``web.main`` hands it to the :class:`~web.app.App` (and tests may
hand the app a registry of their own)."""

from __future__ import annotations

from web.table_ui import TableUI
from web.tables.abyss.table import AbyssTable
from web.tables.carta_robada.table import CartaRobadaTable
from web.tables.dice_bid.table import DiceBidTable

TABLES: dict[str, TableUI] = {
    "abyss": AbyssTable(),
    "carta_robada": CartaRobadaTable(),
    "dice_bid": DiceBidTable(),
}

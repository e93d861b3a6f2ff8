"""The dice game as the app knows it: its engine game, bots, table, Statistics'
count and score sheet (see :class:`web.ui.entry.GameEntry`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.dice_bid import GAME
from engine.dice_bid.bots import LEVELS
from web.core.counts import Count
from web.tables.dice_bid.lesson import LESSON
from web.tables.dice_bid.state import sheet_totals
from web.tables.dice_bid.table import DiceBidTable
from web.ui.entry import GameEntry


def _prize_taker(ev: dict[str, Any], _winners: Sequence[int]) -> Iterable[object]:
    return [ev.get("winner")] if ev.get("type") == "reveal" and "winner" in ev else ()


#: What Statistics counts per player in this game.
COUNTS = (Count("prizes", "stats.count.prizes", _prize_taker),)

ENTRY = GameEntry(GAME, DiceBidTable(), LEVELS, COUNTS, totals=sheet_totals, lesson=LESSON)

"""Abyss as the app knows it: its engine game, bots, table, Statistics' counts
and score sheet (see :class:`web.ui.entry.GameEntry`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.abyss import GAME
from engine.abyss.bots import LEVELS
from web.core.counts import Count
from web.tables.abyss.lesson import LESSON
from web.tables.abyss.state import sheet_totals
from web.tables.abyss.table import AbyssTable
from web.ui.entry import GameEntry


def _round_winners(ev: dict[str, Any], _winners: Sequence[int]) -> Iterable[object]:
    """A round's lowest score wins it, ties included."""
    scores = ev.get("scores") if ev.get("type") == "round_end" else None
    if not isinstance(scores, list) or not scores or not all(isinstance(s, int) for s in scores):
        return ()
    return [seat for seat, score in enumerate(scores) if score == min(scores)]


def _closer(ev: dict[str, Any], _winners: Sequence[int]) -> Iterable[object]:
    return [ev.get("seat")] if ev.get("type") == "close" else ()


def _doubled(ev: dict[str, Any], _winners: Sequence[int]) -> Iterable[object]:
    doubled = ev.get("type") == "round_end" and ev.get("doubled") is True
    return [ev.get("closer")] if doubled else ()


#: What Statistics counts per player in this game.
COUNTS = (
    Count("rounds_won", "stats.count.rounds_won", _round_winners),
    Count("closes", "stats.count.closes", _closer),
    Count("doubled", "stats.count.doubled", _doubled),
)

ENTRY = GameEntry(GAME, AbyssTable(), LEVELS, COUNTS, totals=sheet_totals, lesson=LESSON)

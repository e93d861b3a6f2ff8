"""Carta robada as the app knows it: its engine game, bots, table, Statistics'
counts and its setting, the humans' head start on a cut (see
:class:`web.ui.entry.GameEntry`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.carta_robada import GAME
from engine.carta_robada.bots import LEVELS
from web.core.counts import Count
from web.core.store import Setting
from web.tables.carta_robada.lesson import LESSON
from web.tables.carta_robada.pacing import CUT_PACE
from web.tables.carta_robada.table import CartaRobadaTable
from web.ui.entry import GameEntry


def _cut_ok(ev: dict[str, Any], _winners: Sequence[int]) -> Iterable[object]:
    return [ev.get("seat")] if ev.get("type") == "cut" and ev.get("ok") is True else ()


def _cut_failed(ev: dict[str, Any], _winners: Sequence[int]) -> Iterable[object]:
    return [ev.get("seat")] if ev.get("type") == "cut" and ev.get("ok") is not True else ()


def _snap_won(ev: dict[str, Any], winners: Sequence[int]) -> Iterable[object]:
    """SNAP! declared by a seat that won."""
    seat = ev.get("seat")
    return [seat] if ev.get("type") == "declare" and seat in winners else ()


#: What Statistics counts per player in this game.
COUNTS = (
    Count("cuts_ok", "stats.count.cuts_ok", _cut_ok),
    Count("cuts_failed", "stats.count.cuts_failed", _cut_failed),
    Count("snap_won", "stats.count.snap_won", _snap_won),
)

#: The game's setting: the humans' head start on a cut (``pacing.HEAD_START_MS``).
PACE = Setting(
    CUT_PACE,
    "normal",
    {
        "relaxed": "settings.cut_pace.relaxed",
        "normal": "settings.cut_pace.normal",
        "quick": "settings.cut_pace.quick",
    },
    "settings.cut_pace",
    "settings.cut_pace.help",
)

ENTRY = GameEntry(GAME, CartaRobadaTable(), LEVELS, COUNTS, settings=(PACE,), lesson=LESSON)

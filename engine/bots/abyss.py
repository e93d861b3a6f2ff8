"""Bots for abyss (placeholder until the game lands)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.bots.base import BotFactory, RandomBot

LEVELS: dict[str, BotFactory] = {
    "random": RandomBot,
    "easy": RandomBot,
    "medium": RandomBot,
    "hard": RandomBot,
}


def hint(view: dict[str, Any], legal: Sequence[str]) -> tuple[str, str, dict]:
    return legal[0], "hint.abyss.any", {}

"""Abyss (seeds 000/001/002): a 3 x 4 grid of face-down cards, lowest total wins.

``GAME`` is the instance ``engine.GAMES["abyss"]`` serves. Like every game's
package: ``cards`` (the deck and the grid), ``rules`` (the game behind the
engine protocol; for players, ``docs/rules/abyss.md``) and ``bots``.
"""

from __future__ import annotations

from engine.abyss.cards import COMPOSITION, DECK
from engine.abyss.rules import GAME, AbyssGame, AbyssState

__all__ = ["COMPOSITION", "DECK", "GAME", "AbyssGame", "AbyssState"]

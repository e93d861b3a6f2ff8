"""Abyss (seeds 000/001/002): a 3 x 4 grid of face-down cards, lowest total wins.

``GAME`` is the instance ``engine.GAMES["abyss"]`` serves. The rules are in
:mod:`engine.abyss.rules` and, for players, in ``docs/rules/abyss.md``; the
bots in :mod:`engine.abyss.bots`.
"""

from __future__ import annotations

from engine.abyss.rules import COMPOSITION, DECK, GAME, AbyssGame, AbyssState

__all__ = ["COMPOSITION", "DECK", "GAME", "AbyssGame", "AbyssState"]

"""Carta robada: remember your face-down tendido, cut, spy, and declare SNAP!"""

from __future__ import annotations

from engine.carta_robada.cards import CARDS, FULL_DECK, SNAP
from engine.carta_robada.rules import GAME, TARGETS, CartaRobadaGame, CartaRobadaState

__all__ = ["CARDS", "FULL_DECK", "GAME", "SNAP", "TARGETS", "CartaRobadaGame", "CartaRobadaState"]

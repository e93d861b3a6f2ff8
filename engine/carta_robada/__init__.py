"""Carta robada (seed 003): remember your face-down tendido, cut, spy, and
declare SNAP!

``GAME`` is the instance ``engine.GAMES["carta_robada"]`` serves. Like every
game's package: ``cards`` (the 80 cards and the SNAP! marker), ``rules`` (the
game behind the engine protocol; for players, ``docs/rules/carta_robada.md``)
and ``bots``.
"""

from __future__ import annotations

from engine.carta_robada.cards import CARDS, FULL_DECK, SNAP
from engine.carta_robada.rules import GAME, TARGETS, CartaRobadaGame, CartaRobadaState

__all__ = ["CARDS", "FULL_DECK", "GAME", "SNAP", "TARGETS", "CartaRobadaGame", "CartaRobadaState"]

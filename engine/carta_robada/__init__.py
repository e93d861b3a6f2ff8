"""Carta robada (seed 003): remember your face-down tendido, cut, spy, and
declare SNAP!

``GAME`` is the instance ``engine.GAMES["carta_robada"]`` serves. The rules are
in :mod:`engine.carta_robada.rules` (the cards in :mod:`engine.carta_robada.cards`)
and, for players, in ``docs/rules/carta_robada.md``; the bots in
:mod:`engine.carta_robada.bots`.
"""

from __future__ import annotations

from engine.carta_robada.cards import CARDS, FULL_DECK, SNAP
from engine.carta_robada.rules import GAME, TARGETS, CartaRobadaGame, CartaRobadaState

__all__ = ["CARDS", "FULL_DECK", "GAME", "SNAP", "TARGETS", "CartaRobadaGame", "CartaRobadaState"]

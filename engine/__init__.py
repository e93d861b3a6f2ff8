"""Tapete's engine: the rules of its card games behind one protocol.

``GAMES`` maps a game id to its :class:`~engine.core.Game`. Each game lives in
its own package ``engine/<id>/``, which exports its ``GAME``; ``GAME_IDS`` lists
them.
The bots are :mod:`engine.bots`, imported on their own: a replay, the soak or a
saved game's load needs only the rules.
"""

from __future__ import annotations

from engine import abyss, carta_robada, dice_bid
from engine.core import BadSave, Game, IllegalAction, State

__all__ = ["GAMES", "GAME_IDS", "BadSave", "Game", "IllegalAction", "State"]

#: Every game Tapete knows, in the order the home screen shows them.
GAME_IDS: tuple[str, ...] = ("abyss", "carta_robada", "dice_bid")

#: id -> Game, in ``GAME_IDS`` order: each game's package exports its ``GAME``.
#: Imported by name (not by a computed module name), so the import graph that
#: tests/test_architecture.py checks sees every edge.
GAMES: dict[str, Game] = {
    "abyss": abyss.GAME,
    "carta_robada": carta_robada.GAME,
    "dice_bid": dice_bid.GAME,
}
assert tuple(GAMES) == GAME_IDS

"""Tapete's engine: the rules of its card games behind one protocol.

``GAMES`` maps a game id to its :class:`~engine.core.Game`. Each game lives in
its own package ``engine/<id>/``, which exports its ``GAME``; ``GAME_IDS`` lists
them.
The bots are :mod:`engine.bots`, imported on their own: a replay, the soak or a
saved game's load needs only the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from engine import abyss, carta_robada, dice_bid
from engine.core import BadSave, Game, IllegalAction, State, register_games

__all__ = ["GAMES", "GAME_IDS", "BadSave", "Game", "IllegalAction", "State", "in_game_order"]

#: id -> Game: every game Tapete knows, in the order the home screen shows them.
#: The one registration: the bots (``engine.bots.BOTS``) and the app's entries
#: (``web.app.registry.ENTRIES``) follow it (:func:`in_game_order`), and each
#: game's declared facts are checked here (:func:`engine.core.register_games`).
#: Imported by name (not by a computed module name), so the import graph that
#: tests/test_architecture.py checks sees every edge.
GAMES: dict[str, Game] = register_games(abyss.GAME, carta_robada.GAME, dice_bid.GAME)

#: Every game id, in the home screen's order.
GAME_IDS: tuple[str, ...] = tuple(GAMES)

T = TypeVar("T")


def in_game_order(what: str, per_game: Mapping[str, T]) -> dict[str, T]:
    """``per_game`` (game id -> something of that game) in :data:`GAME_IDS`'
    order; a registry built beside :data:`GAMES` (``what`` names it) that misses
    a game or lists another raises ``ValueError``: a game registered in one
    place only fails at import."""
    missing = [gid for gid in GAME_IDS if gid not in per_game]
    extra = [gid for gid in per_game if gid not in GAMES]
    if missing or extra:
        raise ValueError(f"{what} disagrees with engine.GAMES: missing {missing}, unknown {extra}")
    return {gid: per_game[gid] for gid in GAME_IDS}

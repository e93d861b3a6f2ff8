"""Tapete's engine: the rules of its card games behind one protocol.

``GAMES`` maps a game id to its :class:`~engine.core.Game`. Each game lives in
its own package ``engine/<id>/``, which exports its ``GAME``; ``GAME_IDS`` lists
them.
The bots are :mod:`engine.bots`, imported on their own: a replay, the soak or a
saved game's load needs only the rules.
"""

from __future__ import annotations

from importlib import import_module

from engine.core import BadSave, Game, IllegalAction, State

__all__ = ["GAMES", "GAME_IDS", "BadSave", "Game", "IllegalAction", "State"]

#: Every game Tapete knows, in the order the home screen shows them.
GAME_IDS: tuple[str, ...] = ("abyss", "carta_robada", "dice_bid")

#: id -> Game, in ``GAME_IDS`` order: each game's package exports its ``GAME``.
GAMES: dict[str, Game] = {game_id: import_module(f"engine.{game_id}").GAME for game_id in GAME_IDS}

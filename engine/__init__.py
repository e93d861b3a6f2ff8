"""Tapete's engine: the rules of its card games behind one protocol.

``GAMES`` maps a game id to its :class:`~engine.core.Game`. Each game lives in
its own package and registers itself here; the UI lists only the games found.
"""

from __future__ import annotations

from importlib import import_module

from engine.core import BadSave, Game, IllegalAction, State

__all__ = ["BOTS", "GAMES", "GAME_IDS", "BadSave", "Game", "IllegalAction", "State"]

#: Every game Tapete knows, in the order the home screen shows them.
GAME_IDS: tuple[str, ...] = ("abyss", "carta_robada", "dice_bid")


def _found() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for game_id in GAME_IDS:
        try:
            module = import_module(f"engine.{game_id}")
        except ModuleNotFoundError as exc:
            if exc.name != f"engine.{game_id}":
                raise  # a real import error inside a game must not hide it
            continue
        games[game_id] = module.GAME
    return games


#: id -> Game, for the games whose engine is present.
GAMES: dict[str, Game] = _found()


def __getattr__(name: str) -> object:
    # ``engine.BOTS`` on first use: a replay, the soak or a saved game's load
    # never needs the bots, so their modules are not imported with the rules.
    if name == "BOTS":
        from engine.bots import BOTS

        return BOTS
    raise AttributeError(f"module 'engine' has no attribute {name!r}")

"""What several screens say the same way: a game's name and pitch, a bot level."""

from __future__ import annotations

from web.i18n import Tr


def game_name(tr: Tr, game_id: str) -> str:
    """A game's name in the player's language (catalog key ``game.<id>.name``)."""
    return tr(f"game.{game_id}.name")


def game_pitch(tr: Tr, game_id: str) -> str:
    """A game's one-line pitch on the home screen (catalog key ``game.<id>.pitch``)."""
    return tr(f"game.{game_id}.pitch")


#: Bot level -> catalog key of its name.
BOT_LEVEL = {
    "random": "bot.random",
    "easy": "bot.easy",
    "medium": "bot.medium",
    "hard": "bot.hard",
}

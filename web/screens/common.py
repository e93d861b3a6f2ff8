"""What several screens say the same way: a game's name and pitch, a bot level."""

from __future__ import annotations

from web.i18n import Tr

#: Catalog keys per game, written out so the unused-key test sees them.
GAME_NAME = {
    "abyss": "game.abyss.name",
    "carta_robada": "game.carta_robada.name",
    "dice_bid": "game.dice_bid.name",
}


GAME_PITCH = {
    "abyss": "game.abyss.pitch",
    "carta_robada": "game.carta_robada.pitch",
    "dice_bid": "game.dice_bid.pitch",
}


#: Player counts shown before an engine exists (from the rulings).
GAME_SEATS = {"abyss": (2, 8), "carta_robada": (2, 6), "dice_bid": (2, 6)}


def game_name(tr: Tr, game_id: str) -> str:
    return tr(GAME_NAME[game_id]) if game_id in GAME_NAME else game_id


BOT_LEVEL = {
    "random": "bot.random",
    "easy": "bot.easy",
    "medium": "bot.medium",
    "hard": "bot.hard",
}

"""The dice bid game (seed 004, "Double or Nothing" in the app): secret
simultaneous bids for a prize shown by two dice or by a prize card.

``GAME`` is the instance ``engine.GAMES["dice_bid"]`` serves. Like every game's
package: ``cards`` (each player's suit, the prize cards, the dice), ``rules``
(the game behind the engine protocol; for players, ``docs/rules/dice_bid.md``)
and ``bots``.
"""

from __future__ import annotations

from engine.dice_bid.cards import PRIZE_CARDS, SUIT, dice_prize
from engine.dice_bid.rules import GAME, DiceBidGame, DiceBidState

__all__ = ["GAME", "PRIZE_CARDS", "SUIT", "DiceBidGame", "DiceBidState", "dice_prize"]

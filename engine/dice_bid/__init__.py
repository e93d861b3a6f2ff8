"""The dice bid game (seed 004, "Double or Nothing" in the app): secret
simultaneous bids for a prize shown by two dice or by a prize card.

``GAME`` is the instance ``engine.GAMES["dice_bid"]`` serves. The rules are in
:mod:`engine.dice_bid.rules` and, for players, in ``docs/rules/dice_bid.md``;
the bots in :mod:`engine.dice_bid.bots`.
"""

from __future__ import annotations

from engine.dice_bid.rules import GAME, DiceBidGame, DiceBidState, dice_prize

__all__ = ["GAME", "DiceBidGame", "DiceBidState", "dice_prize"]

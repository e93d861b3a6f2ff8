"""The dice bid game (seed 004, "Double or Nothing" in the app): secret
simultaneous bids for a prize shown by two dice or by a prize card.

The rules are in :mod:`engine.dice_bid.rules`; ``docs/rules/dice_bid.md`` is
their plain-English page.
"""

from __future__ import annotations

from engine.dice_bid.rules import GAME, DiceBidGame, DiceBidState, dice_prize

__all__ = ["GAME", "DiceBidGame", "DiceBidState", "dice_prize"]

"""The dice game's Hint: what the hard bot would
bid, and a one-line why."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.bot import Hint, View
from engine.dice_bid.bots.hands import _cards
from engine.dice_bid.bots.levels import HardBot

#: Every reason ``hint`` gives, as ``hint.dice_bid.<reason>`` i18n keys (docs/bots.md).
HINT_REASONS: tuple[str, ...] = (
    "shed_low",
    "go_high",
    "save_cards",
    "fair_bid",
    "force",
    "keep_high",
    "keep_low",
)


def hint(view: View, legal: Sequence[str]) -> Hint:
    """The hard bot's choice for this view, and why (docs/bots.md lists the keys)."""
    action = HardBot(_view_seed(view)).act(view, legal)
    assert action is not None
    reason, params = _why(view, legal, action)
    return action, f"hint.dice_bid.{reason}", params


def _why(view: View, legal: Sequence[str], action: str) -> tuple[str, dict[str, Any]]:
    """The reason (one of ``HINT_REASONS``) for ``action`` and its message's values."""
    verb, _, arg = action.partition(":")
    if verb == "bid":
        card = int(arg)
        prize = view["prize"]
        if prize < 0:
            return "shed_low", {"card": card, "prize": prize}
        cards = _cards(legal)
        if card == cards[-1]:
            return "go_high", {"card": card, "prize": prize}
        if card <= cards[len(cards) // 3]:
            return "save_cards", {"card": card, "prize": prize}
        return "fair_bid", {"card": card, "prize": prize}
    die = int(arg)
    if verb == "force":
        return "force", {"die": die}
    kept = view["dice"][1 - die]
    reason = "keep_high" if kept >= view["dice"][die] else "keep_low"
    return reason, {"die": die, "kept": kept}


def _view_seed(view: View) -> int:
    """A seed from the public facts of the moment, so a hint is stable."""
    seed: int = view["seat"] * 7919 + view["round"] * 104729 + view["prize"] * 31
    for s in view["seats"]:
        seed = seed * 131 + len(s["played"]) + sum(s["played"])
    return seed & ((1 << 64) - 1)

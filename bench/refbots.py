"""Outside reference bots: strong, simple players written from the rules alone
(not from the project's bots), to measure the hard levels against.

    python3 bench/refbots.py --game dice_bid --players 2 --games 400 [--seed 7] [--hard-seats 1]

The dice game's reference is :class:`PrizeBidder` here. The Abyss
expected-value counter and the Carta robada full-memory player live beside this
file in ``bench/refbots_abyss.py`` and ``bench/refbots_carta.py``, each with a
``REFERENCE`` factory (seed -> bot) that :data:`REFERENCES` picks up if present.

A reference bot obeys the same contract as the levels (``act(view, legal)``,
its own seat's view only, a seeded generator), so the arena seats it as a
``("ref", factory)`` entry.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.arena import run
from engine.bot import Bot, BotFactory, View
from engine.dice_bid.cards import dice_prize

__all__ = ["REFERENCES", "PrizeBidder", "main"]

#: Every two-dice prize, once per way the dice can show it (36 throws).
_THROWS = sorted(dice_prize(a, b) for a in range(1, 7) for b in range(1, 7))


class PrizeBidder(Bot):
    """The dice game's reference: values the prize against the prizes still to
    come and bids the card of the same standing in its hand.

    - A negative prize: its lowest card (let someone else take it).
    - A positive prize: its quantile among the prizes the rest of the game can
      show (every throw weighted by its chance, or the prize cards left) picks
      the card at that quantile of its hand. A prize in the top fifth is worth
      fighting for: it bids its highest card if that card beats every other
      seat's highest possible card, otherwise (it would only lose a fight) its
      lowest.
    - Reroll: keeps the higher die when its highest card beats every other
      seat's (big prizes will be its), otherwise the lower die.
    """

    level = "hard"  # reacts like the strongest level (only cut races care)

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        cards = sorted(int(a[4:]) for a in legal if a.startswith("bid:"))
        if not cards:
            dice = view["dice"]
            high = 0 if dice[0] >= dice[1] else 1
            keep = high if self._dominant(view, cards or self._hand(view)) else 1 - high
            return f"reroll:{1 - keep}"
        prize = view["prize"]
        if prize < 0 or len(cards) == 1:
            return f"bid:{cards[0]}"
        future = self._future(view)
        below = sum(1 for p in future if p < prize) + 0.5 * sum(1 for p in future if p == prize)
        q = below / len(future)
        if q >= 0.8:
            return f"bid:{cards[-1] if self._dominant(view, cards) else cards[0]}"
        return f"bid:{cards[round(q * (len(cards) - 1))]}"

    @staticmethod
    def _hand(view: View) -> list[int]:
        hand: list[int] = view["seats"][view["seat"]]["hand"] or []
        return sorted(hand)

    @staticmethod
    def _future(view: View) -> list[int]:
        if view["prize_card"] is not None:
            deck: list[int] = view["prize_deck"] or []
            return [*deck, view["prize"]]
        return _THROWS

    @staticmethod
    def _dominant(view: View, cards: Sequence[int]) -> bool:
        me = view["seat"]
        best = max(cards, default=0)
        for s in view["seats"]:
            if s["seat"] == me or not s["hand_count"]:
                continue
            hand = s["hand"] if s["hand"] is not None else s["candidates"]
            if max(hand) >= best:
                return False
        return True


def _optional(module: str) -> BotFactory | None:
    try:
        factory: BotFactory = importlib.import_module(module).REFERENCE
    except (ImportError, AttributeError):
        return None
    return factory


#: game id -> the reference bot's factory (games whose reference exists).
REFERENCES: dict[str, BotFactory] = {
    game: factory
    for game, factory in {
        "dice_bid": PrizeBidder,
        "abyss": _optional("bench.refbots_abyss"),
        "carta_robada": _optional("bench.refbots_carta"),
    }.items()
    if factory is not None
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True, choices=sorted(REFERENCES))
    parser.add_argument("--level", default="hard")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--hard-seats", type=int, default=1, help="seats of --level (rest: ref)")
    args = parser.parse_args(argv)
    ref = ("ref", REFERENCES[args.game])
    lineup = [args.level] * args.hard_seats + [ref] * (args.players - args.hard_seats)
    print(run(args.game, lineup, args.games, args.seed, args.players).table(), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

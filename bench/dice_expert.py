"""The dice game's expert against a lineup, in chunks of games, printing the
running win rate (95% Wilson interval) after each chunk.

    nice -n 15 python3 bench/dice_expert.py --against hard --games 400 --seed 101
    nice -n 15 python3 bench/dice_expert.py --against ref --games 200 --seed 101
    nice -n 15 python3 bench/dice_expert.py --lineup expert,hard,hard,hard --games 200 --seed 11
    nice -n 15 python3 bench/dice_expert.py --against hard --set epsilon=0.08 --games 200

``--against`` seats the expert heads-up against a level, a sparring rule
(``highest``, ``lowest``, ``match``) or ``ref`` (the outside reference bidder of
``bench/refbots.py``); ``--lineup`` names every seat (cycled, as the arena does),
``ref`` included. ``--set name=value`` changes a class attribute of the expert
(a variant for an A/B), ``--chunk`` the games per printed line. Chunk ``k``
is the arena's run with seed ``seed + k``, so a run of n chunks is the first n
chunks of any longer run on the same seed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.arena import Entrant, run, wilson_interval
from engine.bot import BotFactory
from engine.dice_bid.bots import ExpertBot

__all__ = ["main", "variant"]


def variant(settings: dict[str, float]) -> BotFactory:
    """The expert with some class attributes changed (``{}``: the level)."""
    if not settings:
        return ExpertBot
    return type("ExpertVariant", (ExpertBot,), dict(settings))


def _number(text: str) -> float:
    return int(text) if text.lstrip("-").isdigit() else float(text)


def _entrant(name: str, expert: BotFactory) -> Entrant:
    if name == "expert":
        return ("expert", expert)
    if name == "ref":
        from bench.refbots import PrizeBidder

        return ("ref", PrizeBidder)
    return name


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", default="hard")
    parser.add_argument("--lineup", help="every seat, comma-separated (overrides --against)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--chunk", type=int, default=20)
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args(argv)
    settings = {k: _number(v) for k, v in (s.split("=", 1) for s in args.set)}
    expert = variant(settings)
    names = args.lineup.split(",") if args.lineup else ["expert", args.against]
    lineup = [_entrant(n, expert) for n in names]
    players = len(names)
    wins = games = 0.0
    times: list[float] = []
    for k in range(max(1, args.games // args.chunk)):
        report = run("dice_bid", lineup, args.chunk, args.seed + k, players)
        stats = report.levels["expert"]
        wins += sum(stats.credits)
        games += len(stats.credits)
        times += stats.times_ms
        lo, hi = wilson_interval(wins, int(games))
        ordered = sorted(times)
        p95 = ordered[int(0.95 * (len(ordered) - 1))] if ordered else 0.0
        print(
            f"{int(games):>5} games  expert {wins / games:6.1%}  [{lo:.1%}, {hi:.1%}]  "
            f"fair {stats.seats / players:.0%}  p95 {p95:.1f} ms  max {ordered[-1]:.1f} ms",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])

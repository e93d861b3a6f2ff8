"""The dice game's expert decisions, timed slice by slice, as the UI runs them
(one ``next()`` of :meth:`Bot.think` per timer tick).

    python3 bench/dice_slices.py [--players 6] [--games 4] [--seed 3]
        [--lineup expert,hard,medium] [--pyodide]

Plays seeded games with the lineup cycled over the seats; every expert
decision is taken through ``think`` and each slice timed in thread time, so
that a loaded machine's waits for a core are not counted: CPython's
``time.thread_time``, and in Pyodide (whose ``process_time`` is the wall
clock) node's ``process.cpuUsage()``, the CPU time of the node process (its
one thread that runs Python, plus whatever its helper threads spend: an
upper bound). Prints per decision (the sum of its slices) p50, p95 and the
longest, and the longest single slice. ``--pyodide`` runs the same file inside
Pyodide under node (``npm ci`` first) and prints both.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES
from engine.bots import BOTS

__all__ = ["main", "measure"]


def _thread_clock() -> Callable[[], float]:
    """Seconds of CPU time of this thread (in Pyodide: of the node process)."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]

        def node_cpu() -> float:
            used = js.process.cpuUsage()
            return float(used.user + used.system) / 1e6

        return node_cpu
    return time.thread_time


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def measure(
    lineup: list[str], players: int, games: int, seed: int, warmup: int = 0
) -> dict[str, Any]:
    """Decision and slice times (ms) of every ``expert`` seat over ``games``,
    after ``warmup`` games played the same way and not counted (the first
    calls of a fresh runtime also pay for compiling its code)."""
    game = GAMES["dice_bid"]
    levels = BOTS["dice_bid"]
    clock = _thread_clock()
    decisions: list[float] = []
    slices: list[float] = []
    for g in range(-warmup, games):
        if g == 0:
            decisions.clear()
            slices.clear()
        seats = [lineup[(s + g) % len(lineup)] for s in range(players)]
        bots = [levels[name](seed * 1000 + g * 10 + s) for s, name in enumerate(seats)]
        state = game.new(players, seed * 7919 + g)
        while game.actors(state):
            for seat in game.actors(state):
                view, legal = game.view(state, seat), game.legal(state, seat)
                if seats[seat] != "expert":
                    action = bots[seat].act(view, legal)
                else:
                    thought = bots[seat].think(view, legal)
                    spent = 0.0
                    while True:
                        t0 = clock()
                        try:
                            next(thought)
                        except StopIteration as done:
                            action = done.value
                            break
                        finally:
                            took = (clock() - t0) * 1000.0
                            slices.append(took)
                            spent += took
                    decisions.append(spent)
                assert action in legal
                state = game.apply(state, seat, action)
    return {
        "runtime": sys.implementation.name + " " + sys.version.split()[0],
        "players": players,
        "games": games,
        "warmup": warmup,
        "lineup": lineup,
        "decisions": len(decisions),
        "p50_ms": round(_quantile(decisions, 0.5), 2),
        "p95_ms": round(_quantile(decisions, 0.95), 2),
        "max_ms": round(max(decisions, default=0.0), 2),
        "slices": len(slices),
        "slice_p95_ms": round(_quantile(slices, 0.95), 2),
        "slice_max_ms": round(max(slices, default=0.0), 2),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--lineup", default="expert,hard,medium")
    parser.add_argument("--warmup", type=int, default=1, help="games played first, not timed")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--pyodide", action="store_true", help="also run under Pyodide (node)")
    args = parser.parse_args(argv)
    lineup = args.lineup.split(",")
    rows = [measure(lineup, args.players, args.games, args.seed, args.warmup)]
    if args.json:
        print(json.dumps(rows[0]))
        return
    if args.pyodide:
        from bench.engine import run_in_pyodide

        forwarded = [
            f"--players={args.players}",
            f"--games={args.games}",
            f"--seed={args.seed}",
            f"--lineup={args.lineup}",
            f"--warmup={args.warmup}",
        ]
        rows.append(run_in_pyodide(forwarded, "bench/dice_slices.py"))
    for row in rows:
        print(
            f"{row['runtime']}: {row['players']} players, {row['games']} games, "
            f"lineup {','.join(row['lineup'])}: {row['decisions']} expert decisions, "
            f"p50 {row['p50_ms']} ms, p95 {row['p95_ms']} ms, max {row['max_ms']} ms; "
            f"{row['slices']} slices, p95 {row['slice_p95_ms']} ms, "
            f"longest {row['slice_max_ms']} ms",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])

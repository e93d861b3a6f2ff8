"""Carta robada's expert: its matches and its decision times, for docs/bots.md.

    python3 bench/carta_expert.py match --lineup expert,hard --players 2 --games 400 --seed 29
    python3 bench/carta_expert.py match --lineup expert,hard,hard,hard --players 4 --start 400
    python3 bench/carta_expert.py times --lineup expert --players 6 --games 2 --seed 3 [--pyodide]

``match`` is ``bench/carta_tally.py``: the games :func:`engine.arena.run` plays
for the lineup, seed and players, from game ``--start`` on, with declarations,
cuts and action cards counted, printed every ``--chunk`` games. Runs with other
``--start`` values can go side by side; the chunks add up.

``times`` plays the same games and times the expert's decisions slice by
slice (each ``next()`` of :meth:`engine.bot.Bot.think`), the first ``--limit``
of them if not 0: each decision is taken ``--best-of`` times on copies of the
bot and the quickest run kept, on the thread's CPU clock (in Pyodide, node's
``process.cpuUsage()``). It prints the decisions' p50, p95 and longest, the
longest slice (ms) and how many decisions took several slices. ``--pyodide`` runs it
inside Pyodide under node (``bench/engine.py``'s runner), where the budget is
set.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES, arena
from engine.arena import _mix, _resolve

GAME_ID = "carta_robada"


class _Enough(Exception):
    """As many decisions timed as asked for."""


def decision_times(
    lineup: list[str], players: int, games: int, seed: int, best_of: int, limit: int = 0
) -> dict[str, Any]:
    """Every expert decision of ``games`` arena games, timed slice by slice
    (the first ``limit`` of them, if not 0: a short run on a busy machine)."""
    game = GAMES[GAME_ID]
    totals: list[float] = []
    searched: list[bool] = []  # the decision took more than one slice
    slices: list[float] = []
    seats = [lineup[i % len(lineup)] for i in range(players)]
    clock = getattr(time, "thread_time", time.perf_counter)
    if sys.platform == "emscripten":
        # Pyodide's own clocks all tell wall time; node's process.cpuUsage()
        # is the CPU time of the process, whose one thread runs the Python.
        from js import process  # type: ignore[import-not-found]

        def clock() -> float:
            used = process.cpuUsage()
            return (used.user + used.system) / 1e6

    class Timed:
        """The expert at its seat, its decisions timed on copies of itself."""

        def __init__(self, bot: Any) -> None:
            self.bot, self.level = bot, bot.level

        def act(self, view: dict[str, Any], legal: Any) -> str | None:
            best_total, best_slice = float("inf"), float("inf")
            for _ in range(best_of):
                twin = copy.deepcopy(self.bot)
                thought = twin.think(view, legal)
                total = longest = 0.0
                parts = 0
                while True:
                    t0 = clock()
                    parts += 1
                    try:
                        next(thought)
                    except StopIteration:
                        spent = clock() - t0
                        total, longest = total + spent, max(longest, spent)
                        break
                    spent = clock() - t0
                    total, longest = total + spent, max(longest, spent)
                best_total = min(best_total, total)
                best_slice = min(best_slice, longest)
            totals.append(best_total * 1000)
            slices.append(best_slice * 1000)
            searched.append(parts > 1)
            if limit and len(totals) >= limit:
                raise _Enough
            return self.bot.act(view, legal)

    for g in range(games):
        block, turn = divmod(g, players)
        levels = [seats[(s + turn) % players] for s in range(players)]
        entrants = []
        for name in levels:
            label, factory = _resolve(GAME_ID, name)
            if label == "expert":
                entrants.append((label, lambda seed, f=factory: Timed(f(seed))))
            else:
                entrants.append((label, factory))
        try:
            arena.play_game(game, entrants, _mix(seed, block), _mix(seed, g, 1))
        except _Enough:
            break
    ordered = sorted(totals)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2) if ordered else 0.0

    return {
        "runtime": sys.version.split()[0] + (" pyodide" if sys.platform == "emscripten" else ""),
        "decisions": len(totals),
        "p50_ms": at(0.5),
        "p95_ms": at(0.95),
        "max_ms": round(max(totals, default=0.0), 2),
        "longest_slice_ms": round(max(slices, default=0.0), 2),
        "searched": sum(searched),
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=("match", "times"))
    ap.add_argument("--lineup", default="expert,hard")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--seed", type=int, default=29)
    ap.add_argument("--chunk", type=int, default=20, help="match: print the figures every N games")
    ap.add_argument("--best-of", type=int, default=3)
    ap.add_argument("--limit", type=int, default=0, help="times: stop after N decisions")
    ap.add_argument("--pyodide", action="store_true", help="times: inside Pyodide (node)")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    if a.what == "match":
        from bench.carta_tally import main as tally

        for start in range(a.start, a.start + a.games, a.chunk):
            size = min(a.chunk, a.start + a.games - start)
            tally(
                [
                    "--lineup", a.lineup, "--players", str(a.players), "--games", str(size),
                    "--start", str(start), "--seed", str(a.seed),
                ]
            )  # fmt: skip
            sys.stdout.flush()
        return
    inner = [
        "times", "--lineup", a.lineup, "--players", str(a.players), "--games", str(a.games),
        "--seed", str(a.seed), "--best-of", str(a.best_of), "--limit", str(a.limit),
    ]  # fmt: skip
    if a.pyodide:
        from bench.engine import run_in_pyodide

        print(json.dumps(run_in_pyodide(inner, "bench/carta_expert.py")))
        return
    figures = decision_times(a.lineup.split(","), a.players, a.games, a.seed, a.best_of, a.limit)
    print(json.dumps(figures))


if __name__ == "__main__":
    main(sys.argv[1:])

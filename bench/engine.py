"""How fast the engine plays: random legal games through the public protocol,
beside a minimal Abyss written with plain lists, in the same run.

    python3 bench/engine.py [--seconds 2] [--players 2 4 8] [--json]

For each seat count: decisions (applied actions) per second and games per
second, for

- ``protocol``: ``actors`` -> pick a seat -> ``legal`` -> pick an action ->
  ``apply``, until ``actors`` is empty, then ``result`` — what a bot or the UI
  pays per move (``apply`` validates, copies the state, logs the record and the
  events);
- ``plain``: the same game and the same random policy (uniform over the same
  legal choices) with mutable lists, no validation, no strings, no copies, no log:
  the cost of the rules alone.

and the ratio protocol / plain. The floor: protocol >= 0.25x plain on
CPython. Times are CPU time of the process, in alternating slices, so that a
busy shared machine moves the ratio as little as possible.

``--pyodide`` runs the same file inside Pyodide under node (the ``pyodide``
npm package from ``node_modules/``, the repository mounted into its file
system) and prints both runtimes' figures side by side.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES
from engine.abyss import DECK

#: CPU time of this process, not wall time: the machines this runs on are shared,
#: and a busy neighbour must not move the figures (nor the ratio) much.
clock = time.process_time


def protocol_games(
    game_id: str, players: int, seconds: float, seed: int = 0
) -> tuple[int, int, float]:
    """Random games through the protocol for about ``seconds`` of CPU, seeds from
    ``seed`` on: (games, decisions, time)."""
    game = GAMES[game_id]
    games = decisions = 0
    start = clock()
    deadline = start + seconds
    while True:
        state = game.new(players, seed)
        choose = random.Random(seed).randrange
        actors = game.actors
        legal = game.legal
        apply = game.apply
        while True:
            seats = actors(state)
            if not seats:
                break
            seat = seats[choose(len(seats))]
            moves = legal(state, seat)
            state = apply(state, seat, moves[choose(len(moves))])
            decisions += 1
        assert game.result(state) is not None
        games += 1
        seed += 1
        if clock() >= deadline:
            return games, decisions, clock() - start


def _swallow(g: list[int], h: list[bool], x: list[bool], discard: list[int], c: int) -> None:
    if h[c] or h[c + 4] or h[c + 8] or x[c]:
        return
    if g[c] == g[c + 4] == g[c + 8]:
        x[c] = x[c + 4] = x[c + 8] = True
        discard.extend((g[c], g[c], g[c]))


def plain_abyss(players: int, rng: random.Random, target: int = 100) -> tuple[list[int], int]:
    """One game of Abyss with plain lists and no checks; the same choices as the
    protocol's random play (uniform over the legal actions, uniform over the
    seats that may flip at round start). Returns (totals, decisions)."""
    choose = rng.randrange
    totals = [0] * players
    decisions = 0
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        grids = [deck[12 * s : 12 * s + 12] for s in range(players)]
        hidden = [[True] * 12 for _ in range(players)]
        gone = [[False] * 12 for _ in range(players)]
        discard = [deck[12 * players]]
        pile = deck[12 * players + 1 :]
        pile.reverse()  # pop() draws

        # round start: two flips each, seats picked at random among those left
        left = [2] * players
        flippers = list(range(players))
        while flippers:
            s = flippers[choose(len(flippers))]
            spots = [p for p in range(12) if hidden[s][p]]
            hidden[s][spots[choose(len(spots))]] = False
            left[s] -= 1
            if not left[s]:
                flippers.remove(s)
            decisions += 1
        opening = [sum(grids[s][p] for p in range(12) if not hidden[s][p]) for s in range(players)]
        highs = [max(grids[s][p] for p in range(12) if not hidden[s][p]) for s in range(players)]
        seat = max(range(players), key=lambda s: (opening[s], highs[s], -s))
        closer = -1
        last = 0
        while True:
            g, h, x = grids[seat], hidden[seat], gone[seat]
            spots = [p for p in range(12) if h[p]]
            live = [p for p in range(12) if not x[p]]
            pick = choose(2 + len(spots))
            decisions += 1
            if pick >= 2:  # flip alone
                p = spots[pick - 2]
                h[p] = False
                _swallow(g, h, x, discard, p % 4)
            else:
                if pick == 0:
                    card = discard.pop()
                    options = len(live)
                else:
                    if not pile:
                        pile = discard[:-1]
                        del discard[:-1]
                        rng.shuffle(pile)
                    card = pile.pop()
                    options = len(live) + 1
                pick = choose(options)
                decisions += 1
                if pick < len(live):
                    p = live[pick]
                    discard.append(g[p])
                    g[p] = card
                    h[p] = False
                    _swallow(g, h, x, discard, p % 4)
                else:
                    discard.append(card)
                    p = spots[choose(len(spots))]
                    decisions += 1
                    h[p] = False
                    _swallow(g, h, x, discard, p % 4)
            if closer < 0:
                if not any(h):
                    closer, last = seat, players - 1
            else:
                last -= 1
                if not last:
                    break
            seat = (seat + 1) % players
        raw = []
        for s in range(players):
            hidden[s] = [False] * 12
            for c in range(4):
                _swallow(grids[s], hidden[s], gone[s], discard, c)
            raw.append(sum(v for v, out in zip(grids[s], gone[s], strict=True) if not out))
        if raw[closer] > 0 and any(raw[s] <= raw[closer] for s in range(players) if s != closer):
            raw[closer] *= 2
        totals = [t + r for t, r in zip(totals, raw, strict=True)]
        if max(totals) >= target:
            return totals, decisions


def plain_games(players: int, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    games = decisions = 0
    start = clock()
    deadline = start + seconds
    while True:
        _, moves = plain_abyss(players, random.Random(seed))
        decisions += moves
        games += 1
        seed += 1
        if clock() >= deadline:
            return games, decisions, clock() - start


def measure(players: int, seconds: float, slices: int = 4) -> dict[str, Any]:
    """``seconds`` of CPU for each loop, in ``slices`` alternating turns so that
    both see the same machine conditions."""
    totals = {"protocol": [0, 0, 0.0], "plain": [0, 0, 0.0]}
    for k in range(slices):
        runs = {
            "protocol": protocol_games("abyss", players, seconds / slices, 10_000 * k),
            "plain": plain_games(players, seconds / slices, 10_000 * k),
        }
        for name, figures in runs.items():
            for i, figure in enumerate(figures):
                totals[name][i] += figure
    rows: dict[str, Any] = {"players": players}
    for name, (games, decisions, spent) in totals.items():
        rows[name] = {
            "games": games,
            "decisions": decisions,
            "seconds": round(spent, 3),
            "decisions_per_s": round(decisions / spent),
            "games_per_s": round(games / spent, 1),
            "decisions_per_game": round(decisions / games, 1),
        }
    rows["ratio"] = round(rows["protocol"]["decisions_per_s"] / rows["plain"]["decisions_per_s"], 3)
    return rows


ROOT = Path(__file__).resolve().parent.parent

_NODE_RUNNER = """
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "%(pyodide)s/" });
pyodide.mountNodeFS("/repo", %(root)s);
pyodide.globals.set("bench_args", %(args)s);
pyodide.runPython(`
import runpy, sys
sys.path.insert(0, "/repo")
sys.argv = [%(script)s, *bench_args]
runpy.run_path("/repo/" + %(script)s, run_name="__main__")
`);
"""


def run_in_pyodide(args: list[str], script: str = "bench/engine.py") -> dict[str, Any]:
    """A benchmark of ``bench/`` (this one by default) inside Pyodide under
    node, given ``args`` and ``--json``; the JSON its last line prints."""
    node = shutil.which("node")
    pyodide = ROOT / "node_modules" / "pyodide"
    if node is None or not (pyodide / "pyodide.mjs").exists():
        raise SystemExit("--pyodide needs node and `npm ci` (node_modules/pyodide)")
    script = _NODE_RUNNER % {
        "pyodide": pyodide.as_posix(),
        "root": json.dumps(ROOT.as_posix()),
        "args": json.dumps([*args, "--json"]),
        "script": json.dumps(script),
    }
    with tempfile.TemporaryDirectory() as tmp:
        runner = Path(tmp) / "bench.mjs"
        runner.write_text(script)
        out = subprocess.run([node, str(runner)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 8])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--pyodide", action="store_true", help="also run under Pyodide (node)")
    args = parser.parse_args(argv)
    runtime = f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})"
    results = [measure(n, args.seconds) for n in args.players]
    if args.json:
        print(json.dumps({"runtime": runtime, "abyss": results}))
        return results
    report(runtime, results)
    if args.pyodide:
        inner = ["--seconds", str(args.seconds), "--players", *map(str, args.players)]
        other = run_in_pyodide(inner)
        report(other["runtime"], other["abyss"])
        print(f"{'players':>7} {'Pyodide / CPython, decisions/s':>34}")
        for mine, theirs in zip(results, other["abyss"], strict=True):
            speed = {
                name: theirs[name]["decisions_per_s"] / mine[name]["decisions_per_s"]
                for name in ("protocol", "plain")
            }
            print(
                f"{mine['players']:>7} protocol {speed['protocol']:.2f}  plain {speed['plain']:.2f}"
            )
    return results


def report(runtime: str, results: list[dict[str, Any]]) -> None:
    print(f"Abyss, random legal play, {runtime}")
    print(f"{'players':>7} {'':>8} {'decisions/s':>12} {'games/s':>9} {'dec/game':>9}")
    for row in results:
        for name in ("protocol", "plain"):
            r = row[name]
            print(
                f"{row['players']:>7} {name:>8} {r['decisions_per_s']:>12,} "
                f"{r['games_per_s']:>9,.1f} {r['decisions_per_game']:>9}"
            )
        print(f"{'':>7} {'ratio':>8} {row['ratio']:>12.3f}  (protocol / plain, floor 0.25)")


if __name__ == "__main__":
    main(sys.argv[1:] if len(sys.argv) > 1 else None)

"""The Abyss expert: its matches and what its decisions cost.

    python3 bench/abyss_expert.py match --lineup expert,hard --players 2 --games 200 --seed 1
    python3 bench/abyss_expert.py match ... --set DECISION_STEPS=7000 --set SURE=1.5
    python3 bench/abyss_expert.py times --lineup expert --players 8 --games 2 --seed 3
    python3 bench/abyss_expert.py moves --players 2 --games 2 --seed 5 [--commit 721b956]
    python3 bench/abyss_expert.py rounds --players 2 --games 60 --seed 7
    python3 bench/abyss_expert.py match ... --sheets runs/61.sheets
    python3 bench/abyss_expert.py closers runs/61.sheets runs/62.sheets
    python3 bench/abyss_expert.py agree --players 2 --games 10 --seed 1
    python3 bench/abyss_expert.py match --lineup oracle,hard --players 2 --games 200 --seed 61

``match`` plays the lineup (level names cycled over the seats, as
``python -m engine.arena --bots``) through :func:`engine.arena.run`, one block
of ``players`` games (one deal, the seats rotated) at a time, and prints the
wins per label so far after each block, with the first label's 95% Wilson
interval (add up chunks run on other seeds); ``--sheets FILE`` writes each
game's round sheet there, and ``closers`` reads such files: who closed the
rounds, how often doubled, for how much. ``moves`` plays seeded games
(an expert at seat 0, hard bots beside it) and prints a digest of each
game's moves and the CPU time they took: a change meant only to make the
expert quicker must leave the digests alone (``--commit`` plays the bots of
an older commit, read with ``git show``). ``times`` plays the same way
but times every decision of the expert seats and every slice of it (each
``next()`` of ``Bot.think``), in wall time (``--clock wall``, as in Pyodide,
which has no CPU clock) or CPU time, and prints the percentiles. In Pyodide,
under node, beside ``node_modules/``:

    node bench/pyodide.mjs . bench.abyss_expert times --lineup expert --players 8 \
        --games 2 --clock thread
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.dice_slices import _thread_clock
from engine import GAMES
from engine.abyss import bots as abyss_bots
from engine.abyss.bots import Dealer, ExpertBot, HardBot
from engine.arena import _mix, _resolve, run, wilson_interval
from engine.bot import Bot, BotFactory, Thought, View
from engine.core import Rng, State

#: ``thread``: this thread's CPU time (in Pyodide, node's CPU time: Pyodide's
#: own clocks tell wall time, which a loaded machine inflates).
CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter, "thread": _thread_clock()}


class _Table:
    """The state the arena last asked a view of (:class:`OracleExpert` reads it)."""

    state: State | None = None


_game_view = type(GAMES["abyss"]).view


def _view_keeping_state(game: Any, state: State, seat: int | None = None) -> View:
    _Table.state = state
    return _game_view(game, state, seat)


class _TrueDealer(abyss_bots.Dealer):
    """Deals every face-down card its true value (the pile stays at random)."""

    def __init__(self, view: View, grids: Sequence[Sequence[int]]) -> None:
        super().__init__(view)
        self.grids = grids

    def deal(self, seed: int) -> abyss_bots.Round:
        r = self.base.copy()
        r.seed = seed
        unseen = list(self.unseen)
        for s, p in self.hidden:
            r.vals[s][p] = self.grids[s][p]
            unseen.remove(self.grids[s][p])
        r.pile = unseen
        return r


class OracleExpert(ExpertBot):
    """A diagnostic, never a level: the expert's search told every face-down
    card (its own and the others'), which no player knows. How far its search
    gets with the hidden cards known tells how much of a goal the unknown
    cards, not the search, keep out of reach. ``match --lineup oracle,hard``
    plays the same deals and seeds as ``--lineup expert,hard``."""

    def dealer(self, view: View) -> abyss_bots.Dealer:
        assert _Table.state is not None
        return _TrueDealer(view, _Table.state.grids)  # type: ignore[attr-defined]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def sliced(
    bot: Bot, view: View, legal: Sequence[str], tick: Callable[[], float]
) -> tuple[str | None, list[float]]:
    """``bot``'s decision and the time of each of its slices (ms)."""
    thought: Thought = bot.think(view, legal)
    times = []
    while True:
        t0 = tick()
        try:
            next(thought)
        except StopIteration as done:
            times.append((tick() - t0) * 1000.0)
            return done.value, times
        times.append((tick() - t0) * 1000.0)


def timed_games(
    lineup: list[str],
    players: int,
    games: int,
    seed: int,
    clock: str,
    best_of: int = 1,
    limit: int = 0,
) -> tuple[list[float], list[float], int]:
    """Every decision time and every slice time (ms) of the seats whose level
    is ``expert``, and how many decisions searched (more than one slice).
    With ``best_of`` above 1 each decision is taken that many times more by
    copies of the bot (the same work: it is seeded) and each slice's quickest
    time is kept: on a loaded machine, what a slice costs without the waits.
    With a ``limit``, the run stops after that many expert decisions."""
    tick = CLOCKS[clock]
    game = GAMES["abyss"]
    decisions: list[float] = []
    slices: list[float] = []
    searched = 0
    for g in range(games):
        levels = [lineup[(s + g) % len(lineup)] for s in range(players)]
        bots: list[Bot] = [
            _resolve("abyss", lv)[1](_mix(seed, g, s))  # type: ignore[misc]
            for s, lv in enumerate(levels)
        ]
        state = game.new(players, _mix(seed, g))
        while game.actors(state) and not (limit and len(decisions) >= limit):
            seat = game.actors(state)[0]
            view, legal = game.view(state, seat), game.legal(state, seat)
            bot = bots[seat]
            if levels[seat] != "expert":
                action = bot.act(view, legal)
            else:
                twins = [copy.deepcopy(bot) for _ in range(best_of - 1)]
                action, times = sliced(bot, view, legal, tick)
                for twin in twins:
                    again, more = sliced(twin, view, legal, tick)
                    assert again == action and len(more) == len(times)
                    times = [min(a, b) for a, b in zip(times, more, strict=True)]
                slices += times
                decisions.append(sum(times))
                searched += len(times) > 1
            assert action is not None and action in legal
            state = game.apply(state, seat, action)
    return decisions, slices, searched


def endgame(
    lineup: list[str],
    players: int,
    games: int,
    seed: int,
    near: int,
    settings: dict[str, float] | None = None,
) -> dict[str, float]:
    """Games that start late: block ``b`` (``players`` games, one deal, the
    lineup rotated over the seats) gives each seat a running total drawn
    from the ``near`` points below the target, so the game ends within a
    round or a few: where the chance to win the game and the round's points
    part ways. Returns the wins per label (a shared win split). ``settings``
    changes class attributes of the expert (a variant for an A/B)."""
    game = GAMES["abyss"]
    expert = type("ExpertVariant", (ExpertBot,), dict(settings)) if settings else ExpertBot

    def factory(level: str) -> BotFactory:
        return expert if level == "expert" else _resolve("abyss", level)[1]

    wins: dict[str, float] = {}
    for block in range(-(-games // players)):
        rng = Rng(_mix(seed, block))
        start = tuple(100 - 1 - rng.below(near) for _ in range(players))
        for turn in range(players):
            g = block * players + turn
            levels = [lineup[(s + turn) % len(lineup)] for s in range(players)]
            bots = [factory(lv)(_mix(seed, g, s)) for s, lv in enumerate(levels)]
            state = game.new(players, _mix(seed, block))
            state.totals = start
            while game.actors(state):
                seat = game.actors(state)[0]
                view, legal = game.view(state, seat), game.legal(state, seat)
                action = bots[seat].act(view, legal)
                assert action is not None
                state = game.apply(state, seat, action)
            result = game.result(state)
            assert result is not None
            for s in result["winners"]:
                wins[levels[s]] = wins.get(levels[s], 0.0) + 1.0 / len(result["winners"])
        played = (block + 1) * players
        low, high = wilson_interval(wins.get(lineup[0], 0.0), played)
        print(
            json.dumps(
                {"games": played, "wins": wins, "interval": [round(low, 3), round(high, 3)]}
            ),
            flush=True,
        )
    return wins


def moves(players: int, games: int, seed: int, commit: str = "") -> None:
    """Per game, a digest of its moves (an expert at seat 0, hard bots at the
    others; ``commit``: the bots of that commit) and its CPU time."""
    game = GAMES["abyss"]
    levels: dict[str, BotFactory]
    if commit:
        from bench.previous import load_bots

        levels = load_bots("abyss", commit).LEVELS
    else:
        levels = {"expert": ExpertBot, "hard": HardBot}
    total = 0.0
    for g in range(games):
        t0 = time.process_time()
        bots = [levels["expert" if s == 0 else "hard"](_mix(seed, g, s)) for s in range(players)]
        state = game.new(players, _mix(seed, g))
        log = []
        while game.actors(state):
            seat = game.actors(state)[0]
            action = bots[seat].act(game.view(state, seat), game.legal(state, seat))
            assert action is not None
            log.append(f"{seat}:{action}")
            state = game.apply(state, seat, action)
        spent = time.process_time() - t0
        total += spent
        digest = hashlib.sha1(" ".join(log).encode()).hexdigest()[:12]
        print(f"game {g}: {len(log)} moves, digest {digest}, {spent:.2f} s CPU", flush=True)
    print(f"{games} games, {total:.2f} s CPU")


def played_out(state: State, seat: int, action: str, deals: int, seed: int) -> float:
    """``seat``'s share of the wins when it plays ``action`` and every seat
    then plays as the hard bot, over ``deals`` redeals of the unseen cards."""
    game = GAMES["abyss"]
    wins = 0.0
    for d in range(deals):
        st = game.redeal_hidden(state, seat, _mix(seed, d))
        st = game.apply(st, seat, action)
        bots = [HardBot(_mix(seed, d, s)) for s in range(st.players)]
        while game.actors(st):
            s = game.actors(st)[0]
            st = game.apply(st, s, bots[s].act(game.view(st, s), game.legal(st, s)) or "")
        result = game.result(st)
        assert result is not None
        if seat in result["winners"]:
            wins += 1.0 / len(result["winners"])
    return wins / deals


def departures(players: int, games: int, seed: int, deals: int) -> None:
    """Every decision where the expert (seat 0, the others hard) leaves the
    hard bot's choice, each choice then played out by hard bots on the same
    ``deals`` redeals: how much the expert's departures win or lose."""
    game = GAMES["abyss"]
    gains: list[float] = []
    for g in range(games):
        expert = ExpertBot(_mix(seed, g, 0))
        shadow = HardBot(0)
        others = [HardBot(_mix(seed, g, s)) for s in range(players)]
        state = game.new(players, _mix(seed, g))
        while game.actors(state):
            seat = game.actors(state)[0]
            view, legal = game.view(state, seat), game.legal(state, seat)
            if seat:
                action = others[seat].act(view, legal)
            else:
                action = expert.act(view, legal)
                shadow.stall_key, shadow.stall = expert.hard.stall_key, expert.hard.stall
                if view["prompt"] == "choose" and view["grids"][0]["hidden"] <= 1:
                    shadow.stall -= 1  # the expert's hard bot counted this turn already
                hard = shadow.act(view, legal)
                if action != hard:
                    a = played_out(state, 0, action, deals, seed)
                    b = played_out(state, 0, hard, deals, seed)
                    gains.append(a - b)
                    print(
                        f"game {g} round {view['round']} totals {view['totals']} "
                        f"{view['prompt']}: expert {action} {a:.3f}, hard {hard} {b:.3f}",
                        flush=True,
                    )
            assert action is not None
            state = game.apply(state, seat, action)
    mean = sum(gains) / len(gains) if gains else 0.0
    print(f"{len(gains)} departures, mean gain {mean:+.4f}, better {sum(x > 0 for x in gains)}")


def agree(players: int, games: int, seed: int) -> dict[tuple[str, str], tuple[int, int]]:
    """How often the playouts' quick policy (:meth:`Round.play_turn`) would
    choose as the hard bot chose, over every turn's start and placement of
    hard-vs-hard games: per (phase, decision), ``(alike, asked)``. A phase is
    ``open`` while the seat has three face-down cards or more and nobody has
    closed, else ``end``; a flip at a turn's start (which the quick policy
    never makes) counts as a difference. The quick policy reads a
    :class:`Round` dealt from the view, as the expert's playouts do."""
    game = GAMES["abyss"]
    counts: dict[tuple[str, str], tuple[int, int]] = {}
    for g in range(games):
        bots = [HardBot(_mix(seed, g, s)) for s in range(players)]
        state = game.new(players, _mix(seed, g))
        while game.actors(state):
            seat = game.actors(state)[0]
            view, legal = game.view(state, seat), game.legal(state, seat)
            action = bots[seat].act(view, legal)
            assert action is not None
            prompt = view["prompt"]
            if len(legal) > 1 and prompt in ("choose", "place_taken", "place_or_discard"):
                # The quick policy reads no face-down value (a hidden card counts
                # as the count's mean), so any deal of the unseen cards answers alike.
                r = Dealer(view).deal(0)
                h, guard, keep = r.turn_start(seat)
                phase = "open" if h > 2 and view["closer"] is None else "end"
                if prompt == "choose":
                    gain, _ = r.best_spot(seat, r.disc[-1], guard, keep)
                    quick = "take" if gain >= abyss_bots.TAKE_GAIN else "draw"
                else:
                    gain, p = r.best_spot(seat, view["pending"]["value"], guard, keep)
                    kept = prompt == "place_taken" or r.keeps_drawn(seat, h, guard, gain)
                    quick = f"place:{p}" if kept else "discard"
                alike, asked = counts.get((phase, prompt), (0, 0))
                counts[(phase, prompt)] = (alike + (quick == action), asked + 1)
            state = game.apply(state, seat, action)
    for (phase, prompt), (alike, asked) in sorted(counts.items()):
        print(f"{phase:5} {prompt:17} {alike:6} of {asked:6} alike, {alike / asked:.1%}")
    alike = sum(a for a, _ in counts.values())
    asked = sum(n for _, n in counts.values())
    print(f"all: {alike} of {asked}, {alike / asked:.1%}")
    return counts


def rounds(players: int, games: int, seed: int) -> None:
    """Hard bots' round scores (every seat hard): per seat, their mean and
    spread, and heads-up the spread of the two seats' difference, which is
    what :func:`engine.abyss.bots.win_chance` models (two independent
    normals of ``ROUND_SD`` each)."""
    game = GAMES["abyss"]
    per_seat: list[int] = []
    differences: list[int] = []
    count = 0
    for g in range(games):
        bots = [HardBot(_mix(seed, g, s)) for s in range(players)]
        state = game.new(players, _mix(seed, g))
        before = [0] * players
        played = state.round
        while True:
            over = not game.actors(state)
            if state.round != played or over:
                # A round has just been scored (the next dealt, or the game over).
                played = state.round
                totals = list(state.totals)
                scores = [t - b for t, b in zip(totals, before, strict=True)]
                per_seat += scores
                if players == 2:
                    differences.append(scores[0] - scores[1])
                count += 1
                before = totals
            if over:
                break
            seat = game.actors(state)[0]
            action = bots[seat].act(game.view(state, seat), game.legal(state, seat))
            assert action is not None
            state = game.apply(state, seat, action)

    spread = statistics.pstdev
    line = f"{games} games, {count} rounds: a seat's round {sum(per_seat) / len(per_seat):.2f}"
    line += f", spread {spread(per_seat):.2f}"
    if differences:
        line += f"; the two seats' difference, spread {spread(differences):.2f}"
    print(line)


def closers(paths: list[str]) -> None:
    """From ``match --sheets`` files: per level, the rounds it closed, how
    many of those were doubled, and the closer's mean lead over the other
    seats' mean in those rounds; and the expert's mean lead per round (the
    others' mean score less its own) outside each game's last round, where
    the chance to win and the points part ways."""
    closed: dict[str, list[float]] = {}
    doubled: dict[str, int] = {}
    earlier: list[float] = []
    for path in paths:
        with open(path) as f:
            for text in f:
                game = json.loads(text)
                levels = game["levels"]
                for i, line in enumerate(game["sheet"]):
                    scores = line["scores"]
                    n = len(scores)
                    if "expert" in levels and i < len(game["sheet"]) - 1:
                        e = levels.index("expert")
                        earlier.append((sum(scores) - scores[e]) / (n - 1) - scores[e])
                    c = line["closer"]
                    if c is None:
                        continue
                    lead = (sum(scores) - scores[c]) / (n - 1) - scores[c]
                    closed.setdefault(levels[c], []).append(lead)
                    doubled[levels[c]] = doubled.get(levels[c], 0) + bool(line["doubled"])
    for level, leads in sorted(closed.items()):
        print(
            f"{level}: closed {len(leads)} rounds, doubled {doubled[level]} "
            f"({doubled[level] / len(leads):.1%}), the closer's lead {statistics.mean(leads):+.2f}"
        )
    if len(earlier) > 1:
        se = statistics.stdev(earlier) / len(earlier) ** 0.5
        print(
            f"expert's lead per round before the last: {statistics.mean(earlier):+.3f} "
            f"(s.e. {se:.3f}, {len(earlier)} rounds)"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "what",
        choices=(
            *("match", "times", "departures", "endgame", "moves", "rounds"),
            *("closers", "agree"),
        ),
    )
    parser.add_argument("files", nargs="*", help="closers: match --sheets files")
    parser.add_argument("--commit", default="", help="moves: the bots of this commit")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--sheets", default="", help="match: each game's round sheet, to this file")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--near", type=int, default=30, help="endgame: totals this near the target")
    parser.add_argument("--best-of", type=int, default=1)
    parser.add_argument("--limit", type=int, default=0, help="times: stop after this many")
    parser.add_argument("--lineup", default="expert,hard")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    args = parser.parse_args(argv)
    lineup = args.lineup.split(",")
    if args.what == "endgame":
        settings = {k: float(v) for k, v in (x.split("=", 1) for x in args.set)}
        endgame(lineup, args.players, args.games, args.seed, args.near, settings)
        return
    # ``--set NAME=VALUE``: a module constant of the expert's search
    # (``DECISION_STEPS``, ``SURE``, ``NEAR_END``...) changed for this run, a
    # variant to screen against the same seeds, to time or to compare with hard.
    # The bots are a package whose modules import the constants they read by name:
    # each module (and the package) that holds the name gets the new value.
    for name, value in (x.split("=", 1) for x in args.set):
        old = getattr(abyss_bots, name)
        holders = [abyss_bots] + [
            module
            for key, module in sys.modules.items()
            if key.startswith(f"{abyss_bots.__name__}.") and hasattr(module, name)
        ]
        for module in holders:
            setattr(module, name, type(old)(float(value)))
    if args.what == "moves":
        moves(args.players, args.games, args.seed, args.commit)
        return
    if args.what == "rounds":
        rounds(args.players, args.games, args.seed)
        return
    if args.what == "agree":
        agree(args.players, args.games, args.seed)
        return
    if args.what == "closers":
        closers(args.files)
        return
    if args.what == "departures":
        departures(args.players, args.games, args.seed, args.deals)
        return
    if args.what == "match":
        if "oracle" in lineup:
            abyss_bots.LEVELS["oracle"] = OracleExpert
            type(GAMES["abyss"]).view = _view_keeping_state  # type: ignore[method-assign]
        # Block by block (the seats rotated over one deal, seed ``seed *
        # 1000 + block``), the wins so far: a run stopped early still tells
        # what it played.
        wins: dict[str, float] = dict.fromkeys(lineup, 0.0)
        sheets = open(args.sheets, "w") if args.sheets else None  # noqa: SIM115
        for block in range(-(-args.games // args.players)):

            def keep(levels: list[str], result: dict[str, Any], block: int = block) -> None:
                if sheets is not None:
                    line = {"block": block, "levels": levels, "sheet": result["sheet"]}
                    sheets.write(json.dumps(line) + "\n")
                    sheets.flush()

            seed = args.seed * 1000 + block
            report = run("abyss", lineup, args.players, seed, args.players, on_game=keep)
            for k, v in report.levels.items():
                wins[k] = round(wins.get(k, 0.0) + sum(v.credits), 3)
            played = (block + 1) * args.players
            low, high = wilson_interval(wins[lineup[0]], played)
            print(
                json.dumps(
                    {
                        "seed": args.seed,
                        "games": played,
                        "wins": wins,
                        "interval": [round(low, 3), round(high, 3)],
                    }
                ),
                flush=True,
            )
        return
    decisions, slices, searched = timed_games(
        lineup, args.players, args.games, args.seed, args.clock, args.best_of, args.limit
    )
    print(
        f"abyss, {args.players} players, {args.games} games, seed {args.seed}, "
        f"lineup {args.lineup}, {args.clock} time, best of {args.best_of}: "
        f"{len(decisions)} expert decisions "
        f"({searched} searched), {len(slices)} slices"
    )
    for name, values in (("decision", decisions), ("slice", slices)):
        print(
            f"{name:>8}: p50 {percentile(values, 0.5):.2f} ms, p95 {percentile(values, 0.95):.2f}"
            f" ms, p99 {percentile(values, 0.99):.2f} ms, max {max(values, default=0):.2f} ms"
        )


if __name__ == "__main__":
    main(sys.argv[1:])

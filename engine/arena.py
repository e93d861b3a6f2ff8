"""Bots against bots: seeded games, seats rotated, win rates with intervals.

    python -m engine.arena --game abyss --bots hard,medium --games 2000 --seed 1 [--players N]

The bot list is cycled to fill the seats (``hard,medium`` at four players is
hard, medium, hard, medium; ``hard,medium,medium,medium`` is one hard against
three mediums). From Python, a lineup entry is a level or sparring name, or a
``(label, factory)`` pair for any other bot (an older version of a level, an
outside reference bot): ``run("dice_bid", ["hard", ("old hard", factory)],
400, players=2)``. Seats with the same label are counted together, so
``["hard", "hard", "hard", "medium"]`` reports the three hard seats' combined
share against their fair share of 75%. Games come in blocks of ``players`` games that share one deal
seed, the lineup rotated one seat further each game, so every bot plays every
seat of every deal: seat advantage and the luck of the deal cancel out.

Several seats may act at once (simultaneous bids, out-of-turn cuts). Each
actor's bot is asked on the same position; the answers arrive after a seeded
reaction time that depends on the level, and are applied in that order, each
only if it is still legal when it arrives (a second cut on a top that the
first one blocked is dropped, as at a real table). Carta robada's cut race is
timed as the app times it (``engine/carta_robada/timing.py``: each level's
reaction times, and an attempt within the tie window of a judged cut becomes
``tied:i``).
A cut is aimed at the top its seat saw: arriving after an earlier answer
changed the position, it is dropped if that card is no longer the top, and
otherwise the bot looks again (``_aim_again``), as the table does.
``None`` means "nothing now".

A shared win is split: each of k winners gets 1/k of the game. A level's win
rate is its share of the games; its fair share is its seats / players. The
interval is the 95% Wilson score interval of that share (see
:func:`wilson_interval`): it stays within 0% and 100%, and still has width
when a level won every game or none. Decision times are the
CPU time of each ``act`` call (``--clock wall`` for wall time, as in Pyodide
where nothing else shares the page's thread).

Runs unchanged under Pyodide (``from engine.arena import main; main([...])``),
which is how the in-browser latency figure is taken.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import sys
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, TypeVar

from engine import GAMES
from engine.bot import Player
from engine.bots import BOTS, LEVELS, SPARRING, BotFactory
from engine.carta_robada import timing as carta_timing
from engine.core import Game, Rng, State

__all__ = [
    "MULTI_HARD",
    "Entrant",
    "IllegalBotAction",
    "LevelStats",
    "Report",
    "ladder",
    "main",
    "play_game",
    "play_steps",
    "run",
    "run_steps",
    "wilson_interval",
]

#: Mean reaction time per level, in ms (each answer waits 0.5x to 1.5x of it), in
#: a game without a timed race of its own. Only the order of arrival matters to
#: the engine: it decides who answers first.
REACTION_MS = {"random": 900.0, "easy": 900.0, "medium": 650.0, "hard": 450.0, "expert": 450.0}


@dataclass(frozen=True)
class Race:
    """A game's timed race, as its table plays it: attempts arriving within
    ``tie_ms`` of a judged cut are recorded as ``tied:i`` (cancelled, no
    penalty); ``reaction_ms(level)`` is a level's (fastest, slowest) answer."""

    tie_ms: float
    reaction_ms: Callable[[str], tuple[int, int]]


#: Games with a cut race, timed by the game's own figures (the app's).
RACES = {"carta_robada": Race(carta_timing.TIE_MS, carta_timing.reaction_ms)}

#: How decision times are taken: "cpu" (this process's CPU time: on a shared
#: machine, what a decision costs, without the waits for a core) or "wall".
CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
CLOCK = "cpu"
#: Take each decision this many times (on copies of the bot) and keep the
#: quickest: a loaded machine then still shows what a decision costs.
BEST_OF = 1

#: One seat's bot in a lineup: a name from ``BOTS`` or ``SPARRING``, or a
#: ``(label, factory)`` pair (the label names it in the report).
Entrant = str | tuple[str, BotFactory]

#: The ladder's tables of several hard bots (four seats), in every game: hard
#: bots at one table must not cancel each other out.
MULTI_HARD: tuple[tuple[str, ...], ...] = (
    ("hard", "hard", "hard", "medium"),
    ("hard", "hard", "medium", "medium"),
)

T = TypeVar("T")

#: A game that goes this many rounds of asking without ending is a bug.
MAX_ROUNDS = 20_000


class IllegalBotAction(AssertionError):
    """A bot answered with something that was not in its legal actions."""


class BotStall(AssertionError):
    """Every actor's bot waited: the game cannot go on."""


@dataclass
class LevelStats:
    """What one level did over a run (all its seats together)."""

    level: str
    seats: int
    credits: list[float] = field(default_factory=list)  # its share of each game
    scores: list[float] = field(default_factory=list)  # each seat's final score
    times_ms: list[float] = field(default_factory=list)  # each act() call

    @property
    def win_rate(self) -> float:
        return sum(self.credits) / len(self.credits) if self.credits else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(sum(self.credits), len(self.credits))

    @property
    def mean_score(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    def percentile_ms(self, q: float) -> float:
        if not self.times_ms:
            return 0.0
        ordered = sorted(self.times_ms)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Report:
    game: str
    players: int
    games: int
    seed: int
    lineup: list[str]
    levels: dict[str, LevelStats]

    def fair_share(self, level: str) -> float:
        return self.levels[level].seats / self.players

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "lineup": self.lineup,
            "levels": {
                name: {
                    "seats": s.seats,
                    "win_rate": s.win_rate,
                    "interval": list(s.interval),
                    "fair_share": self.fair_share(name),
                    "mean_score": s.mean_score,
                    "decisions": len(s.times_ms),
                    "p50_ms": s.percentile_ms(0.50),
                    "p95_ms": s.percentile_ms(0.95),
                    "max_ms": max(s.times_ms, default=0.0),
                }
                for name, s in self.levels.items()
            },
        }

    def table(self) -> str:
        head = (
            f"{self.game}, {self.players} players, {self.games} games, seed {self.seed}, "
            f"lineup {','.join(self.lineup)} (seats rotated)"
        )
        w = max(8, *(len(name) for name in self.levels))
        rows = [
            head,
            f"{'bot':<{w}} {'seats':>5} {'win rate':>9} {'95% interval':>17} {'fair':>6} "
            f"{'mean score':>10} {'decisions':>9} {'p50 ms':>7} {'p95 ms':>7}",
        ]
        for name, s in self.levels.items():
            lo, hi = s.interval
            rows.append(
                f"{name:<{w}} {s.seats:>5} {s.win_rate:>8.1%} "
                f"{'[' + format(lo, '.1%') + ', ' + format(hi, '.1%') + ']':>17} "
                f"{self.fair_share(name):>6.1%} {s.mean_score:>10.2f} {len(s.times_ms):>9} "
                f"{s.percentile_ms(0.5):>7.2f} {s.percentile_ms(0.95):>7.2f}"
            )
        return "\n".join(rows)


def wilson_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% for ``z`` = 1.96) of a win rate of
    ``wins`` out of ``games``.

    Unlike mean +- z standard errors it never leaves [0, 1], and it does not
    collapse to a point at 0 or ``games`` wins (0 wins of 5 gives 0% to 43%).
    ``wins`` may be fractional: a shared win counts as the winner's share of
    that game (1/k of a game for each of k winners), and the share is treated
    as the observed proportion. A split game varies less than a won-or-lost
    one, so on tables with shared wins the interval is, if anything, a little
    wide. No games: (0, 1), nothing is known.
    """
    if games <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, wins / games))
    z2 = z * z
    scale = 1.0 + z2 / games
    centre = (p + z2 / (2 * games)) / scale
    half = z / scale * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    # At 0 or all wins one bound is exactly 0 or 1; rounding must not push it past.
    low = 0.0 if p == 0.0 else max(0.0, centre - half)
    high = 1.0 if p == 1.0 else min(1.0, centre + half)
    return (low, high)


def _mix(*parts: int) -> int:
    """One 64-bit seed from several integers (SplitMix over each part)."""
    r = Rng(0x7A9E7E)
    for p in parts:
        r = Rng(r.next64() ^ (p & ((1 << 64) - 1)))
    return r.next64()


def _resolve(game_id: str, entry: Entrant) -> tuple[str, BotFactory]:
    """A lineup entry as ``(label, factory)``; raises ``ValueError`` for an unknown name."""
    if not isinstance(entry, str):
        return entry
    factories = {**SPARRING.get(game_id, {}), **BOTS[game_id]}
    if entry not in factories:
        raise ValueError(f"unknown bot {entry!r}; bots are {', '.join(factories)}")
    return entry, factories[entry]


#: What :func:`play_game` returns: the result, per seat the time of each
#: ``act`` call in ms, and the final state.
Played = tuple[dict[str, Any], list[list[float]], State]


def play_game(
    game: Game,
    levels: Sequence[Entrant],
    deal_seed: int,
    bot_seed: int,
    options: dict[str, Any] | None = None,
) -> Played:
    """One game, seat ``s`` played by a fresh ``levels[s]`` bot (a name or a
    ``(label, factory)`` pair), seeded apart from every other seat.

    Returns the result, per seat the time of each ``act`` call in ms, and the
    final state (its record is the game, for replays and tests).
    Raises :class:`IllegalBotAction` if a bot answers with an action that was
    not legal when it was asked.
    """
    return _finish(play_steps(game, levels, deal_seed, bot_seed, options))


def _finish(steps: Generator[Any, None, T]) -> T:
    """Run a stepping generator to its end and return what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def play_steps(
    game: Game,
    levels: Sequence[Entrant],
    deal_seed: int,
    bot_seed: int,
    options: dict[str, Any] | None = None,
) -> Generator[None, None, Played]:
    """:func:`play_game` one round of asking at a time: the generator yields
    after each round (every actor asked, the answers applied) and returns what
    :func:`play_game` returns. A caller that must stay responsive (the app's
    bot lab) runs a few rounds, then lets the page draw."""
    players = len(levels)
    entrants = [_resolve(game.id, lv) for lv in levels]
    labels = [label for label, _ in entrants]
    bots = [factory(_mix(bot_seed, s)) for s, (_, factory) in enumerate(entrants)]
    # A bot from outside the levels reacts as fast as the level it claims to be.
    claimed = [
        label if label in REACTION_MS else str(getattr(bot, "level", ""))
        for label, bot in zip(labels, bots, strict=True)
    ]
    race = RACES.get(game.id)
    reaction: list[tuple[float, float]] = [
        race.reaction_ms(level)
        if race is not None
        else (0.5 * REACTION_MS.get(level, 900.0), 1.5 * REACTION_MS.get(level, 900.0))
        for level in claimed
    ]
    arrival = Rng(_mix(bot_seed, 0xA77))
    times: list[list[float]] = [[] for _ in range(players)]
    state = game.new(players, deal_seed, options)
    clock = CLOCKS[CLOCK]
    for _ in range(MAX_ROUNDS):
        actors = game.actors(state)
        if not actors:
            result = game.result(state)
            assert result is not None
            return result, times, state
        answers = []
        for seat in actors:
            view = game.view(state, seat)
            legal = game.legal(state, seat)
            if BEST_OF > 1:
                # The same decision taken again by copies of the bot: the
                # quickest is what it costs on a core of its own.
                best = math.inf
                for _ in range(BEST_OF):
                    twin = copy.deepcopy(bots[seat])
                    t0 = clock()
                    twin.act(view, legal)
                    best = min(best, clock() - t0)
                action = bots[seat].act(view, legal)
                times[seat].append(best * 1000.0)
            else:
                t0 = clock()
                action = bots[seat].act(view, legal)
                times[seat].append((clock() - t0) * 1000.0)
            if action is None:
                continue
            if action not in legal:
                raise IllegalBotAction(
                    f"{game.id}: {labels[seat]} bot in seat {seat} answered {action!r}, "
                    f"not one of {legal}"
                )
            fastest, slowest = reaction[seat]
            delay = fastest + (slowest - fastest) * arrival.below(1000) / 1000
            answers.append((delay, seat, action, _top(view)))
        if not answers:
            raise BotStall(f"{game.id}: every actor waited (actors {actors})")
        answers.sort()
        window = race.tie_ms if race is not None else None
        first_cut: float | None = None
        moved = False  # an earlier answer of this round was applied
        for delay, seat, action, seen in answers:
            late = window is not None and first_cut is not None and delay - first_cut <= window
            if late and action.startswith("cut:"):
                action = "tied:" + action[4:]
            elif moved and action.startswith("cut:"):
                again = _aim_again(game, state, seat, bots[seat], seen)
                if again is None:
                    continue
                action = again
            if action in game.legal(state, seat):
                state = game.apply(state, seat, action)
                moved = True
                if window is not None and first_cut is None and action.startswith("cut:"):
                    first_cut = delay
        yield
    raise AssertionError(f"{game.id}: the game did not end in {MAX_ROUNDS} rounds of asking")


def _top(view: dict[str, Any]) -> tuple[int, str] | None:
    """What a cut is aimed at: the discard's size and top card (Carta robada's view)."""
    discard = view.get("discard")
    if not isinstance(discard, dict) or not isinstance(discard.get("top"), dict):
        return None  # no top, or another game's discard (Abyss: a bare value)
    return (discard["count"], discard["top"]["card"])


def _aim_again(
    game: Game, state: State, seat: int, bot: Player, seen: tuple[int, str] | None
) -> str | None:
    """A cut decided on a position that an earlier answer of the round changed.

    It was aimed at the top its seat saw: if that card is no longer the top,
    nothing is sent (a cut landing on another card is judged against it). On
    the same top the seat's bot looks again at the table as it is now (a
    Manipulación or a Disrupción may have moved the card it meant to cut)
    and answers for its cuts only; ``None``: it lets the cut go.
    """
    view = game.view(state, seat)
    if _top(view) != seen:
        return None
    cuts = [a for a in game.legal(state, seat) if a.startswith("cut:")]
    again = bot.act(view, cuts) if cuts else None
    return again if again in cuts else None


#: What :func:`run` hands ``on_game`` as each game ends: the labels per seat, the result.
GameSeen = Callable[[list[str], dict[str, Any]], None]


def run(
    game_id: str,
    lineup: Sequence[Entrant],
    games: int,
    seed: int = 1,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    on_game: GameSeen | None = None,
) -> Report:
    """Play ``games`` games and gather each label's figures (see the module doc).

    ``lineup`` is cycled over the seats; seats sharing a label are one
    :class:`LevelStats` (their combined share, fair share seats / players).
    ``on_game``, if given, is handed each game's labels per seat and its
    result as the game ends (a bench that keeps more than the report does).
    """
    return _finish(run_steps(game_id, lineup, games, seed, players, options, on_game))


def run_steps(
    game_id: str | Game,
    lineup: Sequence[Entrant],
    games: int,
    seed: int = 1,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    on_game: GameSeen | None = None,
) -> Generator[int, None, Report]:
    """:func:`run` one round of asking at a time (see :func:`play_steps`): it
    yields the number of games finished so far after each round and returns
    the :class:`Report`, the same as :func:`run`'s for the same arguments.
    ``game_id`` may also be the :class:`Game` itself (a game outside ``GAMES``,
    played by ``(label, factory)`` entrants)."""
    game = GAMES[game_id] if isinstance(game_id, str) else game_id
    game_id = game.id
    entrants = [_resolve(game_id, lv) for lv in lineup]
    by_label: dict[str, BotFactory] = {}
    for label, factory in entrants:
        if by_label.setdefault(label, factory) is not factory:
            raise ValueError(f"two different bots are labelled {label!r}")
    if players is None:
        players = min(max(len(lineup), game.min_players), game.max_players)
    seats = [entrants[i % len(entrants)] for i in range(players)]
    stats: dict[str, LevelStats] = {}
    for label, _ in seats:
        stats.setdefault(label, LevelStats(label, 0)).seats += 1
    for g in range(games):
        block, turn = divmod(g, players)
        levels = [seats[(s + turn) % players] for s in range(players)]
        steps = play_steps(game, levels, _mix(seed, block), _mix(seed, g, 1), options)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                result, times, _ = done.value
                break
            yield g
        if on_game is not None:
            on_game([label for label, _ in levels], result)
        winners = result["winners"]
        credit = {lv: 0.0 for lv in stats}
        for w in winners:
            credit[levels[w][0]] += 1.0 / len(winners)
        for lv, c in credit.items():
            stats[lv].credits.append(c)
        for s, (label, _) in enumerate(levels):
            stats[label].scores.append(result["scores"][s])
            stats[label].times_ms.extend(times[s])
        yield g + 1
    return Report(game_id, players, games, seed, [label for label, _ in seats], stats)


def ladder(
    game_id: str,
    games: int,
    seed: int = 1,
    players: int | None = None,
    multi_hard: bool = True,
) -> list[Report]:
    """Each level against the one below: one seat of the higher level, the
    other seats of the lower (fair share 1 / players). Then, with
    ``multi_hard``, the tables of :data:`MULTI_HARD` (3 hard vs 1 medium, 2 hard
    vs 2 medium): the hard seats' combined share against their fair share."""
    game = GAMES[game_id]
    n = players or game.min_players
    reports = [
        run(game_id, [high] + [low] * (n - 1), games, seed, n) for low, high in pairwise(LEVELS)
    ]
    if multi_hard:
        reports += [run(game_id, list(table), games, seed, len(table)) for table in MULTI_HARD]
    return reports


def main(argv: Sequence[str] | None = None) -> list[Report]:
    parser = argparse.ArgumentParser(
        prog="python -m engine.arena", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--bots", help="levels, comma-separated, cycled over seats")
    parser.add_argument(
        "--ladder",
        action="store_true",
        help="each level against the one below, then 3 hard vs 1 medium and 2 hard vs 2 medium,"
        " instead of --bots",
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=JSON", help="a game option"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--best-of", type=int, default=1, help="time each decision N times, keep the quickest"
    )
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="cpu", help="decision times: CPU or wall time"
    )
    args = parser.parse_args(argv)
    global CLOCK, BEST_OF
    CLOCK, BEST_OF = args.clock, args.best_of
    options = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = json.loads(value)
    if args.ladder:
        reports = ladder(args.game, args.games, args.seed, args.players)
    elif args.bots:
        reports = [
            run(
                args.game,
                args.bots.split(","),
                args.games,
                args.seed,
                args.players,
                options or None,
            )
        ]
    else:
        parser.error("give --bots or --ladder")
    for report in reports:
        print(json.dumps(report.as_dict(), indent=1) if args.json else report.table(), flush=True)
    return reports


if __name__ == "__main__":
    main(sys.argv[1:])

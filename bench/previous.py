"""A game's bots as they were at a git commit, to play the current ones.

    python3 bench/previous.py --game dice_bid --commit acdf33c [--level hard]
        [--players 2] [--games 400] [--seed 5]

plays the current ``--level`` against the same level as it was at ``--commit``
(heads-up by default) through :func:`engine.arena.run` and prints the table.

From Python::

    from bench.previous import previous_factory
    old = previous_factory("dice_bid", "acdf33c", "hard")   # (label, factory)
    run("dice_bid", ["hard", old], 400, players=2)

The old ``engine/<game>/bots.py`` is read with ``git show <commit>:<path>`` and
executed into a fresh module object (registered in ``sys.modules`` under a name
of its own, so dataclasses and pickling work); it imports the engine as it is
now (``engine.core``, ``engine.bot``, the game's cards), which is what the bots
modules have always imported. Nothing is copied into the tree.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import types
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.arena import run
from engine.bot import BotFactory

ROOT = Path(__file__).resolve().parent.parent

__all__ = ["load_bots", "main", "previous_factory"]


def load_bots(game_id: str, commit: str) -> types.ModuleType:
    """``engine/<game_id>/bots.py`` as it was at ``commit``, as a module.

    Raises ``subprocess.CalledProcessError`` if git does not know the commit or
    the file did not exist there.
    """
    path = f"engine/{game_id}/bots.py"
    source = subprocess.run(
        ["git", "show", f"{commit}:{path}"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    name = f"engine.{game_id}._bots_at_{commit}"
    if name in sys.modules:
        return sys.modules[name]
    module = types.ModuleType(name)
    module.__file__ = f"{path}@{commit}"
    module.__package__ = f"engine.{game_id}"
    sys.modules[name] = module
    try:
        exec(compile(source, module.__file__, "exec"), module.__dict__)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def previous_factory(game_id: str, commit: str, level: str = "hard") -> tuple[str, BotFactory]:
    """``(label, factory)`` for the arena: ``level`` of ``game_id`` at ``commit``,
    labelled ``"<level>@<commit>"``."""
    factory: BotFactory = load_bots(game_id, commit).LEVELS[level]
    return f"{level}@{commit}", factory


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--commit", required=True)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument(
        "--old-seats", type=int, default=None, help="seats of the old bot (default: all but one)"
    )
    args = parser.parse_args(argv)
    old = previous_factory(args.game, args.commit, args.level)
    old_seats = args.players - 1 if args.old_seats is None else args.old_seats
    lineup = [args.level] * (args.players - old_seats) + [old] * old_seats
    print(run(args.game, lineup, args.games, args.seed, args.players).table(), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

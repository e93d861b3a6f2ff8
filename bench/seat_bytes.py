"""What a guest's phone would receive a move, drawn by the host or drawn on the
phone: over whole games of the three titles on CPython (Ana on the host, Ben on
his phone, a bot), each screen the host sends Ben (its HTML, as today), the same
compressed (zlib, level 6), and what the other design would send instead: Ben's
seat view and his legal actions as JSON (``view(state, seat)``, whose event log
grows with the game), in bytes a move.

    python3 bench/seat_bytes.py [--games 3]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine.bots  # noqa: E402
from web.app import guest, linking  # noqa: E402
from web.app.controller import App  # noqa: E402
from web.app.registry import ENTRIES  # noqa: E402
from web.core import store  # noqa: E402
from web.core.link import Joined  # noqa: E402
from web.core.model import Seat  # noqa: E402

BEN = 1


def one_game(game_id: str, seed: int) -> tuple[int, list[int], list[int], list[int]]:
    """(moves, HTML sizes, compressed sizes, view sizes) of each screen sent to Ben."""
    app = App(store.MemoryStorage(), ["en"], lambda: seed, ENTRIES)
    level = next(iter(engine.bots.BOTS[game_id]))
    app.start(game_id, [Seat("Ana"), Seat("Ben"), Seat("Bot", "bot", level)], {})
    linking.seat_phone(app, BEN, "CODE").status = "linked"
    joined = Joined(step="linked")
    table = app.table
    assert table is not None
    game, rng = table.game, random.Random(seed)
    html: list[int] = []
    packed: list[int] = []
    views: list[int] = []
    for _ in range(1500):
        for seat, text in linking.outbox(app):
            if seat == BEN:
                guest.heard(joined, text)
                html.append(len(text.encode()))
                packed.append(len(zlib.compress(text.encode(), 6)))
                seen = {"view": game.view(table.state, BEN), "legal": game.legal(table.state, BEN)}
                views.append(len(json.dumps(seen, ensure_ascii=False).encode()))
        state = table.state
        if game.result(state) is not None:
            return state.moves, html, packed, views
        if (bot := app.bot_turn()) is not None:
            app.bot_play(bot, state.moves)
            continue
        if any(b in joined.html for b in ('data-action="look-done"',)):
            linking.heard(app, BEN, guest.says(joined, "ui", "look-done", None))
            continue
        actors = [s for s in game.actors(state) if s in (0, BEN)]
        if not actors:
            app.release()
            continue
        seat = rng.choice(actors)
        legal = game.legal(state, seat)
        action = rng.choice([a for a in legal if not a.startswith(("cut", "tied"))] or legal)
        if seat == BEN:
            linking.heard(app, BEN, guest.says(joined, "tap", action, state.moves))
        else:
            app.release()
            app.play(0, action, state.moves)
    raise AssertionError(f"{game_id}: no result")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    for game_id in ("dice_bid", "carta_robada", "abyss"):
        moves = 0
        sizes: dict[str, list[int]] = {"html": [], "zlib": [], "view": []}
        for seed in range(args.games):
            n, html, packed, views = one_game(game_id, seed + 3)
            moves += n
            sizes["html"] += html
            sizes["zlib"] += packed
            sizes["view"] += views
        figures = ", ".join(
            f"{what} {sum(s) / moves:.0f} B a move (median message {statistics.median(s):.0f})"
            for what, s in sizes.items()
        )
        print(f"{game_id}: {moves} moves, {len(sizes['html'])} screens to Ben: {figures}")


if __name__ == "__main__":
    main()

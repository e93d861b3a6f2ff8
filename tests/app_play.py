"""Games played through the app (``App``) on CPython, for the web tests."""

from __future__ import annotations

import random

from web.app.controller import App


def table_step(app: App, rng: random.Random, humans: int = 2) -> None:
    """One step of the table's game as a table plays it: the hand-over hold
    released, then a bot's move if one is due, else a random legal move of one of
    the first ``humans`` seats that may act (the caller moves the clock on)."""
    table = app.table
    assert table is not None
    app.release()
    bot = app.bot_turn()
    if bot is not None and app.bot_play(bot, table.state.moves):
        return
    acting = [s for s in table.game.actors(table.state) if s < humans]
    if acting:
        seat = rng.choice(acting)
        app.play(seat, rng.choice(table.game.legal(table.state, seat)), table.state.moves)

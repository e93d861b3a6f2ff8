"""Drawing a table and asking about it change nothing: what a player sees, when
a bot moves and what a reload keeps come from state that only events write (a
tap, a table control, a timer that fired), never from a render or a query that
happened to run first, or twice."""

from __future__ import annotations

import copy
import random

import pytest

from tests.app_play import table_step
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import clock, store
from web.core.model import Seat


def _asked(app: App) -> None:
    """Everything the page and the mid end read between two events."""
    app.draw()
    app.title()
    app.bot_plan()
    app.bot_turn()
    app.bot_delay_ms()
    app.redraw_plan()
    app.guarded()


@pytest.mark.parametrize("game_id", sorted(ENTRIES))
def test_renders_and_queries_write_nothing(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    now = [500.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    rng = random.Random(11)
    app = App(store.MemoryStorage(), ["en-GB"], lambda: 11, ENTRIES)
    seats = [Seat("Ana"), Seat("Ben"), Seat("Rob", "bot", "hard"), Seat("Sue", "bot", "easy")]
    app.start(game_id, seats, {})
    table = app.table
    assert table is not None
    for _ in range(120):
        if table.game.result(table.state) is not None:
            break
        before = copy.deepcopy((table.ui, table.kept))
        _asked(app)
        _asked(app)
        assert (table.ui, table.kept) == before, "a render or a query wrote the table's state"
        now[0] += 0.7
        table_step(app, rng)
        if "handoff" in app.render():
            app.handle("handoff", str(table.ui.get("up")))

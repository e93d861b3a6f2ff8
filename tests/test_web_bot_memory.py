"""A bot remembers what it saw for one game, and for that game only: a bot of a
game that is over (or left) is never asked to play the next one, whichever way
the next one starts (a rematch, the new-game form, a lesson, a record resumed,
a reload)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import ClassVar

import pytest

from engine.bot import Player, View
from engine.bots import BOTS
from tests.app_play import table_step
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import clock, store
from web.core.model import Seat


class Spy:
    """The game's own hard bot, noting each bot made and the table it was asked at."""

    made: ClassVar[list[Spy]] = []

    def __init__(self, game_id: str, seed: int) -> None:
        self.inner = BOTS[game_id]["hard"](seed)
        self.level = "hard"
        self.asked_at: set[int] = set()  # id() of the tables (Table objects)
        Spy.made.append(self)

    def act(self, view: View, legal: tuple[str, ...]) -> str | None:
        return self.inner.act(view, legal)


def spied_app(game_id: str, monkeypatch: pytest.MonkeyPatch) -> App:
    now = [100.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    Spy.made = []
    entries = {
        **ENTRIES,
        game_id: replace(ENTRIES[game_id], bots={"hard": lambda seed: Spy(game_id, seed)}),
    }
    app = App(store.MemoryStorage(), ["en"], lambda: 7, entries=entries)
    asked = app.bot_for

    def bot_for(table, seat: int) -> Player:  # type: ignore[no-untyped-def]
        bot = asked(table, seat)
        assert isinstance(bot, Spy)
        bot.asked_at.add(id(table))
        return bot

    app.bot_for = bot_for  # type: ignore[method-assign]
    app.moved = now  # type: ignore[attr-defined]  # (the clock, moved by hand)
    return app


def play_bots(app: App, moves: int) -> None:
    """Bot moves (the clock moved on between them) until ``moves`` were played."""
    rng = random.Random(3)
    table = app.table
    assert table is not None
    start = table.state.moves
    for _ in range(moves * 40):
        if table.state.moves - start >= moves or table.game.result(table.state) is not None:
            break
        app.moved[0] += 5  # type: ignore[attr-defined]
        table_step(app, rng, humans=0)
    assert table.state.moves > start, "the bots played"


SEATS = [Seat("Ana", "bot", "hard"), Seat("Ben", "bot", "hard"), Seat("Cy", "bot", "hard")]


def new_game_bots_are_new(app: App, old: set[int]) -> None:
    """The bots asked at the table now were made for it: none of ``old``."""
    play_bots(app, 4)
    table = app.table
    assert table is not None
    asked = [bot for bot in Spy.made if id(table) in bot.asked_at]
    assert asked, "the new game's bots played"
    carried = [bot for bot in asked if id(bot) in old]
    assert not carried, "a bot of the last game played the new one with its memory"


@pytest.mark.parametrize("game_id", list(ENTRIES))
def test_a_rematch_seats_new_bots(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = spied_app(game_id, monkeypatch)
    app.start(game_id, list(SEATS), {})
    play_bots(app, 6)
    old = {id(bot) for bot in Spy.made}
    app.handle("rematch")
    new_game_bots_are_new(app, old)


@pytest.mark.parametrize("game_id", list(ENTRIES))
def test_a_game_after_a_game_left_seats_new_bots(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Left for Home and abandoned for the new-game form's game, or a lesson."""
    app = spied_app(game_id, monkeypatch)
    app.start(game_id, list(SEATS), {})
    play_bots(app, 6)
    old = {id(bot) for bot in Spy.made}
    app.handle("quit")
    app.handle("quit-yes")
    app.start(game_id, list(SEATS), {})
    new_game_bots_are_new(app, old)


@pytest.mark.parametrize("game_id", list(ENTRIES))
def test_a_record_resumed_seats_new_bots(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's own record opened and resumed over it (after "abandon the game?")."""
    app = spied_app(game_id, monkeypatch)
    app.start(game_id, list(SEATS), {})
    play_bots(app, 6)
    old = {id(bot) for bot in Spy.made}
    assert app.table is not None
    text = json.dumps(app.table.record())
    app.handle("home")
    app.import_record(text)
    for _ in range(100):
        if app.opening is None:
            break
        app.import_step()
    app.handle("import-resume")
    app.handle("abandon-yes")
    assert app.screen == "table"
    new_game_bots_are_new(app, old)

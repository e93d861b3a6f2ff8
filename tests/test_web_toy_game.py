"""docs/architecture.md's "how to add a fourth game", done in a test.

A toy game, "highest card wins" (two seats, two cards each, two tricks), is added
through exactly the documented path: (1) its engine ``Game``, registered in
``engine.GAME_IDS``/``engine.GAMES``; (2) its table, a ``TableUI`` subclass; (3) a
registry entry handed to the ``App``. Then the app's controller plays it to the end
on CPython, from the home screen's New game button to the ranking, with a bot in
the second seat, and the game lands in the history like any other. The same game
also plays with a bare ``TableUI()``: every hook has a default.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import engine
from engine import bots as engine_bots
from engine.core import Game, State
from web import store
from web.app import App
from web.html import esc
from web.i18n import game_name
from web.kit.frame import game_button, table_bar
from web.kit.scores import ranking
from web.model import Host, Table
from web.registry import TABLES
from web.table_ui import TableUI

TOY = "toy_highest"


class ToyState(State):
    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        deck = list(range(1, 9))
        self.rng.shuffle(deck)
        self.hands: list[list[int]] = [sorted(deck[0:2]), sorted(deck[2:4])]
        self.played: list[int] = []  # the current trick, in seat order
        self.points = [0, 0]

    def _copy_mutables(self) -> None:
        self.hands = [list(h) for h in self.hands]
        self.played = list(self.played)
        self.points = list(self.points)


class ToyGame(Game):
    """Each trick, seat 0 then seat 1 plays a card; the higher card takes a point."""

    id = TOY
    min_players = 2
    max_players = 2

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return ToyState(players, seed, options)

    def _st(self, state: State) -> ToyState:
        assert isinstance(state, ToyState)
        return state

    def actors(self, state: State) -> tuple[int, ...]:
        st = self._st(state)
        return () if not any(st.hands) else (len(st.played),)

    def legal(self, state: State, seat: int) -> tuple[str, ...]:
        st = self._st(state)
        if seat not in self.actors(state):
            return ()
        return tuple(f"play:{card}" for card in st.hands[seat])

    def _apply(self, state: State, seat: int, action: str) -> None:
        st = self._st(state)
        card = int(action.split(":")[1])
        st.hands[seat].remove(card)
        st.played.append(card)
        st.emit("play", seat=seat, card=card)
        if len(st.played) == 2:
            st.points[0 if st.played[0] > st.played[1] else 1] += 1
            st.played = []

    def view(self, state: State, seat: int | None = None) -> dict[str, Any]:
        st = self._st(state)
        return {
            "hand": list(st.hands[seat]) if seat is not None else None,
            "played": list(st.played),
            "points": list(st.points),
        }

    def result(self, state: State) -> dict[str, Any] | None:
        st = self._st(state)
        if any(st.hands):
            return None
        best = max(st.points)
        return {"scores": list(st.points), "winners": [s for s in (0, 1) if st.points[s] == best]}


class ToyTable(TableUI):
    """The toy's table: the trick so far, the acting human's cards, the ranking."""

    def render(self, app: Host, table: Table) -> str:
        state = table.state
        pub = table.game.view(state, None)
        parts = [table_bar(app, table, "Highest card")]
        parts.append(f'<p class="trick">{esc(pub["played"])}</p>')
        result = table.game.result(state)
        if result is not None:
            parts.append(ranking(app.tr, table.names, result["scores"], result["winners"], False))
        for seat in table.game.actors(state):
            if table.seats[seat].kind == "human":
                for action in table.game.legal(state, seat):
                    parts.append(game_button(esc(action), seat, action, state.moves))
        return "".join(parts)


class FirstCardBot:
    level = "easy"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view: dict[str, Any], legal: Any) -> str | None:
        return legal[0] if legal else None


@pytest.fixture(params=[ToyTable, TableUI], ids=["own table", "defaults only"])
def toy_registered(monkeypatch, request) -> Iterator[dict[str, TableUI]]:
    # Step 1 of the doc: the engine knows the game.
    monkeypatch.setattr(engine, "GAME_IDS", (*engine.GAME_IDS, TOY))
    monkeypatch.setitem(engine.GAMES, TOY, ToyGame())
    # The bots the engine offers for it (optional: without, every seat is human).
    monkeypatch.setitem(engine_bots.BOTS, TOY, {"easy": FirstCardBot})
    # Steps 2 and 3: its table, in the registry the app is given.
    # (TableUI itself: every hook's default, a plain but playable table.)
    yield {**TABLES, TOY: request.param()}


def _buttons(html: str) -> list[dict[str, str]]:
    return [
        dict(re.findall(r'([\w-]+)="([^"]*)"', attrs))
        for attrs in re.findall(r"<button([^>]*)>", html)
    ]


def test_a_fourth_game_plays_to_the_end_through_the_app(toy_registered):
    app = App(store.MemoryStorage(), ["en"], lambda: 3, tables=toy_registered)
    home = app.render()
    assert f'data-action="new" data-arg="{TOY}"' in home, "the home screen offers the new game"
    app.handle("new", TOY)
    assert app.screen == "setup"
    app.handle("seat-kind", "1")  # the second seat: the engine's only bot level
    app.handle("start")
    assert app.screen == "table" and app.table is not None
    assert app.table.seats[1].kind == "bot"
    own = isinstance(app.tables[TOY], ToyTable)
    heading = "Highest card" if own else f"<h1>{game_name(app.tr, TOY)}</h1>"
    assert heading in app.render(), "a bare TableUI heads the table with the game's name"
    bot_moves = 0
    for _ in range(10):
        if app.table.game.result(app.table.state) is not None:
            break
        bot = app.bot_turn()
        if bot is not None:
            assert app.bot_play(bot, app.table.state.moves)
            bot_moves += 1
            continue
        moves = [b for b in _buttons(app.render()) if "data-move" in b]
        assert moves, "the human to act has a button for each card"
        first = moves[0]
        assert app.play(int(first["data-seat"]), first["data-action"], int(first["data-move"]))
    html = app.render()
    result = app.table.game.result(app.table.state)
    assert result is not None and sum(result["scores"]) == 2 and bot_moves == 2
    assert 'class="ranking"' in html and "data-move" not in html
    history = store.load_history(app.storage)
    assert history[-1]["game"] == TOY and history[-1]["scores"] == result["scores"]
    # The save reopens the game in a new app (a reload), through the same registry.
    reopened = App(app.storage, ["en"], lambda: 3, tables=toy_registered)
    assert reopened.table is not None and reopened.table.game_id == TOY


def test_without_its_table_the_game_is_not_offered(toy_registered):
    app = App(store.MemoryStorage(), ["en"], lambda: 3, tables=TABLES)
    assert TOY not in app.playable_games()
    assert f'data-action="new" data-arg="{TOY}"' not in app.render()

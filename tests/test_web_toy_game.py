"""docs/architecture.md's "how to add a fourth game", done in a test.

A toy game, "highest card wins" (two seats, two cards each, two tricks), is added
through exactly the documented three places, and nothing else is touched (no
global is patched): (1) its engine ``Game``; (2) its table, a ``TableUI``
subclass; (3) its entry, a ``GameEntry`` with its bot, its own Statistics count
(tricks won) and its own setting (how its table marks points), in the registry
handed to the ``App``. Then the app plays it to the end on CPython, from the
home screen's New game button to the ranking, with a bot in the second seat;
the game lands in History, Statistics shows its count, Settings offers its
setting and the table follows it. The same game also plays with a bare
``TableUI()``: every hook has a default.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from engine.core import Game, State
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import store
from web.core.counts import Count
from web.core.html import esc
from web.core.i18n import game_name
from web.core.model import Host, Table
from web.core.store import Setting
from web.ui.entry import GameEntry
from web.ui.kit.frame import game_button
from web.ui.kit.scores import ranking
from web.ui.table_ui import Body, TableUI

TOY = "toy_highest"
#: The toy's own setting: its table marks points as digits or as stars.
MARKS = "toy_marks"


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
            winner = 0 if st.played[0] > st.played[1] else 1
            st.points[winner] += 1
            st.emit("trick", winner=winner)
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
    """The toy's table: the trick so far, the points (as its setting says), the
    acting human's cards, the ranking."""

    def body(self, app: Host, table: Table) -> Body:
        state = table.state
        pub = table.game.view(state, None)
        parts = []
        parts.append(f'<p class="trick">{esc(pub["played"])}</p>')
        stars = app.settings[MARKS] == "stars"
        marks = ["★" * p if stars else str(p) for p in pub["points"]]
        parts.append(f'<p class="points">{esc(" · ".join(marks))}</p>')
        result = table.game.result(state)
        if result is not None:
            parts.append(ranking(app.tr, table.names, result["scores"], result["winners"], False))
        for seat in table.game.actors(state):
            if table.seats[seat].kind == "human":
                for action in table.game.legal(state, seat):
                    parts.append(game_button(esc(action), seat, action, state.moves))
        return Body("Highest card", "".join(parts))


class FirstCardBot:
    level = "easy"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, view: dict[str, Any], legal: Any) -> str | None:
        return legal[0] if legal else None


def _trick_winner(ev: dict[str, Any], _winners: Sequence[int]) -> Iterable[object]:
    return [ev["winner"]] if ev.get("type") == "trick" else ()


def toy_entry(table: TableUI) -> GameEntry:
    """Step 3 of the doc: the toy's entry (its bots are optional: without, every
    seat is a person's)."""
    return GameEntry(
        game=ToyGame(),
        table=table,
        bots={"easy": FirstCardBot},
        counts=(Count("tricks", "stats.count.toy_tricks", _trick_winner),),
        settings=(
            Setting(
                MARKS,
                "digits",
                {"digits": "settings.toy_marks.digits", "stars": "settings.toy_marks.stars"},
                "settings.toy_marks",
            ),
        ),
    )


@pytest.fixture(params=[ToyTable, TableUI], ids=["own table", "defaults only"])
def registry(request) -> dict[str, GameEntry]:
    """The registry the app is given: the three games and the toy, last."""
    return {**ENTRIES, TOY: toy_entry(request.param())}


def _buttons(html: str) -> list[dict[str, str]]:
    return [
        dict(re.findall(r'([\w-]+)="([^"]*)"', attrs))
        for attrs in re.findall(r"<button([^>]*)>", html)
    ]


def play_to_the_end(app: App) -> int:
    """Play the table's game out: the bot's turns and the human's first card;
    returns how many moves the bot made."""
    assert app.table is not None
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
    return bot_moves


def test_a_fourth_game_plays_to_the_end_through_the_app(registry):
    app = App(store.MemoryStorage(), ["en"], lambda: 3, entries=registry)
    home = app.render()
    assert f'data-action="new" data-arg="{TOY}"' in home, "the home screen offers the new game"
    app.handle("new", TOY)
    assert app.screen == "setup"
    app.field("name", "0", "Ana")
    app.handle("seat-kind", "1")  # the second seat: the entry's only bot level
    app.handle("start")
    assert app.screen == "table" and app.table is not None
    assert app.table.seats[1].kind == "bot"
    own = isinstance(app.entries[TOY].table, ToyTable)
    heading = "Highest card" if own else f"<h1>{game_name(app.tr, TOY)}</h1>"
    assert heading in app.render(), "a bare TableUI heads the table with the game's name"
    bot_moves = play_to_the_end(app)
    html = app.render()
    result = app.table.game.result(app.table.state)
    assert result is not None and sum(result["scores"]) == 2 and bot_moves == 2
    assert 'class="ranking"' in html and "data-move" not in html
    history = store.load_history(app.storage)
    assert history[-1]["game"] == TOY and history[-1]["scores"] == result["scores"]
    # Its own count goes to History, and Statistics shows it beside its figures.
    assert history[-1]["counts"] == {"tricks": result["scores"]}
    app.handle("go", "stats")
    stats = app.render()
    assert f"{game_name(app.tr, TOY)}: what happened" in stats
    assert "stats.count.toy_tricks" in stats  # its label's key (the toy has no catalog)
    assert re.search(rf"<th[^>]*>Ana</th><td>{result['scores'][0]}</td></tr>", stats)
    # The save reopens the game in a new app (a reload), through the same registry.
    reopened = App(app.storage, ["en"], lambda: 3, entries=registry)
    assert reopened.table is not None and reopened.table.game_id == TOY


def test_a_fourth_game_s_own_setting_is_offered_kept_and_followed(registry):
    app = App(store.MemoryStorage(), ["en"], lambda: 3, entries=registry)
    assert app.settings[MARKS] == "digits", "the entry's default"
    app.handle("go", "settings")
    page = app.render()
    assert "settings.toy_marks" in page
    assert f'data-arg="{MARKS}=digits" aria-pressed="true"' in page
    app.handle("set", f"{MARKS}=stars")
    app.handle("set", f"{MARKS}=sparkles")  # not one of its values: nothing changes
    assert app.settings[MARKS] == "stars"
    reopened = App(app.storage, ["en"], lambda: 3, entries=registry)
    assert reopened.settings[MARKS] == "stars", "kept with the app's settings"
    reopened.handle("go", "settings")
    assert f'data-arg="{MARKS}=stars" aria-pressed="true"' in reopened.render()
    if isinstance(reopened.entries[TOY].table, ToyTable):
        reopened.handle("new", TOY)
        reopened.handle("seat-kind", "1")
        reopened.handle("start")
        play_to_the_end(reopened)
        assert reopened.table is not None
        points = reopened.table.game.view(reopened.table.state, None)["points"]
        assert f'<p class="points">{" · ".join("★" * p for p in points)}</p>' in reopened.render()


def test_without_its_entry_the_game_is_not_offered(registry):
    app = App(store.MemoryStorage(), ["en"], lambda: 3, entries=ENTRIES)
    assert TOY not in app.entries
    assert f'data-action="new" data-arg="{TOY}"' not in app.render()
    app.handle("go", "settings")
    assert MARKS not in app.render() and MARKS not in app.settings

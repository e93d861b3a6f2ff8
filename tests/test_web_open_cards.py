"""'Cards on the table': a finished hidden-information game's replay can
draw every seat's hidden cards face up; never a live table, never the replay of
an unfinished game."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from engine import Game, State
from tests.app_play import table_step
from tests.test_web_replay import bar, new_app, play_bots, replay_last_game
from web.app.controller import App
from web.app.prerender import boot_screen
from web.app.registry import ENTRIES
from web.core import clock, store
from web.core.model import Seat
from web.tables.carta_robada.cards import card_text
from web.tables.dice_bid.state import face
from web.ui.kit.frame import replay_finished

TOGGLE = "replay-open"


def test_no_toggle_on_a_live_table_nor_for_an_unfinished_game() -> None:
    app = new_app()
    app.start("carta_robada", [Seat("A"), Seat("B")], {})
    assert TOGGLE not in app.render()
    app.handle(TOGGLE)  # a forged tap on a live table opens nothing
    assert app.table is not None and not app.table.ui.get("open_cards")
    app.handle("quit")
    app.handle("quit-yes")  # unfinished, to History
    replay_last_game(app)
    assert TOGGLE not in bar(app)
    app.handle(TOGGLE)
    assert app.table is not None and "card up private" not in app.render()


def _open_replay(game_id: str, players: int) -> App:
    app = new_app()
    play_bots(app, game_id, players, {}, seed=5)
    replay_last_game(app)
    assert TOGGLE in bar(app) and 'aria-pressed="false"' in bar(app)
    return app


def test_carta_robada_cards_on_the_table_show_every_hidden_card() -> None:
    app = _open_replay("carta_robada", 3)
    table = app.table
    assert table is not None and table.replay is not None
    game, tr = table.game, app.tr
    checked = 0
    for step in range(1, len(table.replay) - 1, 7):
        app.handle("step", "start")
        table.step, table.state = step, table.replay[step]
        if game.view(table.state, None)["phase"] == "over":
            continue
        full = game.snapshot(table.state)
        closed = app.render()
        app.handle(TOGGLE)
        opened = app.render()
        app.handle(TOGGLE)
        for s, cards in enumerate(full["tendidos"]):
            for pos, code in enumerate(cards):
                text = card_text(tr, code)
                label = tr("cr.cell.open", where=tr("cr.pos", n=pos + 1), card=text)
                assert label in opened, (step, s, pos)
                checked += 1
        if full["hand"] is not None:
            assert 'id="hand-card"' in opened and card_text(tr, full["hand"]) in opened
        # off: the page is the public one, whatever the hidden cards are
        real = table.state
        table.state = game.redeal_hidden(real, None, step)
        assert app.render() == closed, step
        table.state = real
    assert checked > 30


def test_dice_cards_on_the_table_show_each_secret_pick() -> None:
    app = _open_replay("dice_bid", 3)
    table = app.table
    assert table is not None and table.replay is not None
    game = table.game
    app.handle(TOGGLE)
    seen = 0
    for step in range(len(table.replay)):
        table.step, table.state = step, table.replay[step]
        picks = game.snapshot(table.state)["picks"]
        opened = app.render()
        for card in picks:
            if card is not None and game.view(table.state, None)["phase"] == "bid":
                assert "picked " + face(card) in opened, step
                seen += 1
        app.handle(TOGGLE)
        assert "open-pick" not in app.render()
        app.handle(TOGGLE)
    assert seen > 5


def _watched(game: Game, seen: list[bool], app_of: list[App]) -> Game:
    """``game`` with its omniscient observer watched: ``seen`` gets, for each
    call, whether the app's table was then a finished game's replay."""

    class Watched(type(game)):  # type: ignore[misc]
        def open_view(self, state: State) -> dict[str, Any]:
            table = app_of[0].table
            seen.append(table is not None and replay_finished(table))
            return super().open_view(state)

    return Watched()


def test_only_a_finished_game_s_replay_calls_the_omniscient_observer(monkeypatch) -> None:
    now = [10.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    seen: list[bool] = []
    app_of: list[App] = []
    entries = {g: replace(e, game=_watched(e.game, seen, app_of)) for g, e in ENTRIES.items()}
    app = App(store.MemoryStorage(), ["en-GB"], lambda: 5, entries=entries)
    app_of.append(app)
    rng = random.Random(5)
    for game_id in entries:
        app.start(game_id, [Seat("Ana"), Seat("Ben"), Seat("Bot", "bot", "medium")], {})
        table = app.table
        assert table is not None
        while table.game.result(table.state) is None:
            app.render()
            boot_screen(app)  # what a reload would show: drawn too
            assert app.export_record() is None, "an unfinished game's record stays here"
            app.handle(TOGGLE)  # a forged tap opens nothing on a live table
            now[0] += 10
            table_step(app, rng)
        app.render()
        assert app.export_record() is not None
    assert seen == [], "a live table drew every hidden card"
    for entry in range(len(entries)):
        app.handle("history-replay", str(entry))
        app.handle(TOGGLE)
        for _ in range(40):
            app.render()
            app.handle("step", "next")
    assert seen and all(seen)

"""Watching the bots on CPython, through the App: a table of bots
only, set up from the new-game form, plays to its end by itself; the bot lab
runs N games in slices, can be cancelled, and shows the arena's figures."""

from __future__ import annotations

import re

import pytest

import engine
from engine import arena
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import clock, store
from web.core.lab import GAME_COUNTS
from web.core.model import Seat


def new_app(seed: int = 5) -> App:
    return App(store.MemoryStorage(), ["en"], lambda: seed, entries=ENTRIES)


@pytest.fixture
def fake_time(monkeypatch):
    """The page's clock, moved by hand (bots' pauses and reactions read it)."""
    now = [1000.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    return now


def watch(app: App, now: list[float], each=lambda app: None, limit: int = 5000) -> int:
    """What the page's bot timer does, until the game ends: wait the bot's
    pause, let it act. ``each(app)`` looks at every picture on the way."""
    table = app.table
    for _ in range(limit):
        each(app)
        if table.game.result(table.state) is not None:
            return table.state.moves
        seat = app.bot_turn()
        now[0] += 0.5 if seat is None else app.bot_delay_ms() / 1000
        if seat is not None:
            app.bot_play(seat, table.state.moves)
    raise AssertionError("the bots' table did not end by itself")


# -- a table of bots only ---------------------------------------------------------


def test_the_new_game_form_seats_a_bot_in_every_seat():
    app = new_app()
    app.handle("new", "dice_bid")
    app.handle("count", "+")  # three seats
    for i in range(3):
        app.handle("seat-kind", str(i))  # human -> a bot at the default level
    html = app.render()
    assert html.count(">Bot: medium<") == 3 and ">Human<" not in html
    app.handle("start")
    assert app.screen == "table"
    assert [s.kind for s in app.table.seats] == ["bot", "bot", "bot"]
    assert app.bot_turn() is not None  # nobody to wait for: a bot is up at once


@pytest.mark.parametrize("game_id", ["abyss", "carta_robada", "dice_bid"])
def test_a_table_of_bots_plays_to_the_end_with_no_hand_off(game_id, fake_time):
    app = new_app()
    app.start(
        game_id,
        [Seat("A", "bot", "hard"), Seat("B", "bot", "easy"), Seat("C", "bot", "medium")],
        {},
    )

    def no_hand_off(app: App) -> None:
        html = app.render()
        assert "Pass the phone" not in html and 'data-action="handoff"' not in html

    watch(app, fake_time, no_hand_off)
    html = app.render()
    assert 'data-action="rematch"' in html and 'data-action="home"' in html
    app.handle("rematch")
    assert app.table.game.result(app.table.state) is None
    assert [s.kind for s in app.table.seats] == ["bot"] * 3


def test_the_bot_speed_setting_paces_a_table_of_bots_and_is_in_the_table_menu(fake_time):
    app = new_app()
    app.start("dice_bid", [Seat("A", "bot", "hard"), Seat("B", "bot", "easy")], {})
    app.handle("sheet", "menu")
    assert 'data-action="go" data-arg="settings"' in app.render()
    app.handle("go", "settings")
    assert 'data-arg="bot_speed=fast"' in app.render()
    waits = {}
    for speed in ("slow", "fast"):
        app.handle("set", f"bot_speed={speed}")
        app.back()  # Settings opened from the table's menu: Back returns to the table
        assert app.screen == "table"
        assert app.bot_turn() is not None
        waits[speed] = app.bot_delay_ms()
        app.handle("go", "settings")
    assert waits["fast"] < waits["slow"]


@pytest.mark.parametrize("seed", [3, 11, 12])
def test_a_table_of_carta_robada_bots_shows_only_public_information(seed, fake_time):
    """Nobody holds the phone: the page must be the same for the real game and
    for one whose hidden cards were dealt again, at every step."""
    game = engine.GAMES["carta_robada"]
    app = new_app(seed)
    app.start(
        "carta_robada",
        [Seat("A", "bot", "hard"), Seat("B", "bot", "medium"), Seat("C", "bot", "easy")],
        {},
    )

    def public_only(app: App) -> None:
        table = app.table
        real = table.state
        html = app.render()
        table.state = game.redeal_hidden(real, None, 99)
        try:
            assert app.render() == html, f"a hidden card on the page at move {real.moves}"
        finally:
            table.state = real

    assert watch(app, fake_time, public_only) > 5


# -- the bot lab ---------------------------------------------------------------------


def open_lab(app: App) -> None:
    app.handle("go", "settings")
    assert 'data-action="lab" data-arg="open"' in app.render()
    app.handle("lab", "open")
    assert app.screen == "botlab"


def run_lab(app: App, budget_ms: float = 0.0) -> list[str]:
    """Slice after slice until the run ends, as the page's timer would; the
    progress line of every picture drawn between slices."""
    seen = []
    while app.lab.running:
        assert app.lab.step(budget_ms)
        seen += re.findall(r'class="lab-done"[^>]*>([^<]*)<', app.render())
    return seen


def test_the_lab_runs_its_games_in_slices_and_shows_the_arenas_figures():
    app = new_app(seed=77)
    open_lab(app)
    app.handle("lab", "game:dice_bid")
    assert app.lab.lineup() == ["expert", "easy"]  # the strongest against the weakest
    for level in ("medium", "hard", "expert", "random", "easy"):  # the second seat cycles
        app.handle("lab", "level:1")
        assert app.lab.lineup()[1] == level
    for level in ("random", "easy", "medium", "hard"):
        app.handle("lab", "level:0")
        assert app.lab.lineup()[0] == level
    app.handle("lab", "games:10")
    app.handle("lab", "run")
    assert app.lab.running
    html = app.render()
    assert "0 of 10 games played" in html and 'data-arg="cancel"' in html
    assert 'data-arg="run"' not in html  # the form waits for the run
    progress = run_lab(app)
    assert len(progress) > 10  # many slices, each drawn
    assert "10 of 10 games played" not in progress[:-1]
    want = arena.run("dice_bid", ["hard", "easy"], 10, seed=77, players=2).as_dict()
    got = app.lab.report
    assert got is not None
    for level in ("hard", "easy"):
        mine, theirs = got["levels"][level], want["levels"][level]
        for key in ("win_rate", "interval", "fair_share", "mean_score", "seats"):
            assert mine[key] == theirs[key], (level, key)
    html = app.render()
    lo, hi = want["levels"]["hard"]["interval"]
    rate = round(100 * want["levels"]["hard"]["win_rate"])
    assert f"{rate}%" in html
    assert f"{round(100 * lo)}% to {round(100 * hi)}%" in html
    # the picture: a bar per level as long as its share of 0-100% (212 units)
    bar = re.search(r'class="lab-bar" x="78" y="\d+" width="([\d.]+)"', html)
    assert bar and float(bar.group(1)) == pytest.approx(
        212 * want["levels"]["hard"]["win_rate"], abs=0.1
    )
    assert html.count('class="lab-bar"') == 2
    row = re.search(r"<tr><th[^>]*>hard .*?</tr>", html)
    assert row and f"<td>{round(want['levels']['hard']['mean_score'])}</td>" in row.group(0)
    assert "Double or Nothing, 2 players, 10 games" in html
    assert 'data-arg="run"' in html  # ready for another run


def test_cancel_stops_the_run():
    app = new_app()
    open_lab(app)
    app.handle("lab", "game:abyss")
    app.handle("lab", "games:50")
    app.handle("lab", "run")
    for _ in range(5):
        app.lab.step(0.0)
    app.handle("lab", "cancel")
    assert not app.lab.running and app.lab.report is None
    assert not app.lab_step()  # the page's timer finds nothing to do
    html = app.render()
    assert "Cancelled after 0 games" in html and 'data-arg="run"' in html


def test_the_lab_page_is_drawn_while_it_is_on_screen_and_once_at_the_end():
    app = new_app()
    open_lab(app)
    app.handle("lab", "game:dice_bid")
    app.handle("lab", "games:10")
    app.handle("lab", "run")
    assert app.lab_step()
    app.back()  # to Settings: the run goes on in the background
    assert app.screen == "settings" and app.lab.running
    drawn = []
    while app.lab.running:
        drawn.append(app.lab_step())
    assert drawn[-1] and not any(drawn[:-1])
    app.handle("lab", "open")
    assert "Results" in app.render()


def test_the_lab_form_keeps_within_each_games_seats():
    lab = new_app().lab
    lab.handle("game:dice_bid", 1)
    for _ in range(10):
        lab.handle("count:+", 1)
    assert lab.count == engine.GAMES["dice_bid"].max_players
    assert len(lab.lineup()) == lab.count
    lab.handle("game:abyss", 1)
    lab.handle("game:carta_robada", 1)
    assert lab.count == engine.GAMES["carta_robada"].max_players
    for _ in range(10):
        lab.handle("count:-", 1)
    assert lab.count == 2
    lab.handle("games:7", 1)  # not one of the choices
    assert lab.games in GAME_COUNTS


def test_the_lab_speaks_spanish_and_french():
    for lang, words in (("es", "Laboratorio de bots"), ("fr", "Labo des robots")):
        app = App(store.MemoryStorage(), [lang], lambda: 3, entries=ENTRIES)
        app.handle("lab", "open")
        assert words in app.render()


def test_the_lab_opened_from_the_tables_settings_leads_back_there():
    app = new_app()
    app.start("dice_bid", [Seat("Ana"), Seat("B", "bot", "easy")], {})
    app.handle("sheet", "menu")
    app.handle("go", "settings")
    app.handle("lab", "open")
    assert "Bot lab" in app.render()
    app.back()
    assert app.screen == "settings"
    app.back()
    assert app.screen == "table"

"""The table's privacy rule on CPython, through the App: whenever the table
screen opens again, in any way, at a seat's private moment, the hand-off ("Pass
the phone to Ana") comes first, in both games with secrets. The phone may have
changed hands while another screen was up: the app's ‹ Home then Continue, the
browser's Back (the same step as the app's), the menu's Settings and back (a
language switch there too), a replay from History and back, a reload. The
menu's Rules and back is no such way: the phone stayed in the reader's hands.
The ways only a browser has (Forward, a real reload) are in
e2e/test_table_entry.py."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import store
from web.core.model import Seat

SEATS = [Seat("Ana"), Seat("Ben"), Seat("Cleo")]


def new_app(storage: store.MemoryStorage) -> App:
    return App(storage, ["en"], lambda: 5, entries=ENTRIES)


def hidden_html(app: App) -> str:
    """The page drawn for the same table with every hidden card dealt again."""
    table = app.table
    assert table is not None
    real = table.state
    table.state = table.game.redeal_hidden(real, None, 99)
    try:
        return app.render()
    finally:
        table.state = real


def dice_moment(app: App) -> None:
    """Ana takes the phone and selects her 13: her hand and her choice are drawn."""
    app.start("dice_bid", list(SEATS), {})
    app.handle("handoff", "0")
    app.handle("select", "13")
    assert "Ana&#x27;s cards" in app.render()


def carta_look(app: App) -> None:
    """Ana takes the phone, peeks at two of her cards and shows them."""
    app.start("carta_robada", list(SEATS), {})
    app.handle("handoff", "0")
    app.handle("psel", "0")
    table = app.table
    assert table is not None
    assert app.play(0, "peek:0,1", table.state.moves)
    app.handle("show", "0")
    assert 'class="card up private' in app.render()


MOMENTS: dict[str, Callable[[App], None]] = {"dice_bid": dice_moment, "carta_robada": carta_look}


def assert_behind_hand_off(app: App, where: str, name: str = "Ana") -> None:
    assert app.screen == "table", where
    html = app.render()
    assert f"Pass the phone to {name}" in html, f"{where}: no hand-off"
    assert html == hidden_html(app), f"{where}: a hidden value is on the page"
    assert 'aria-pressed="true"' not in html, f"{where}: Ana's choice is on the page"
    table = app.table
    assert table is not None
    assert not app.entries[table.game_id].table.private_on_screen(table), where


def home_then_continue(app: App) -> None:
    app.handle("home")
    assert app.screen == "home"
    app.handle("continue")


def back_then_continue(app: App) -> None:
    app.back()  # the browser's or the phone's Back at the table
    assert app.screen == "home"
    app.handle("continue")


def rules_and_back(app: App) -> None:
    table = app.table
    assert table is not None
    app.handle("sheet", "menu")
    app.handle("rules", table.game_id)
    assert app.screen == "rules"
    app.back()


def settings_and_back(app: App) -> None:
    app.handle("sheet", "menu")
    app.handle("go", "settings")
    app.handle("back")


def language_switch(app: App) -> None:
    app.handle("sheet", "menu")
    app.handle("go", "settings")
    app.handle("set", "lang=fr")
    app.handle("set", "lang=en")
    app.back()


def replay_and_back(app: App) -> None:
    """History's replay of an earlier game, played to its end and left: the game
    in progress waits behind it, then Continue."""
    app.handle("home")
    app.handle("go", "history")
    app.handle("history-replay", "0")
    assert app.table is not None and app.table.replay is not None
    app.handle("step", "end")
    app.handle("home")  # the replay's Back: History
    assert app.screen == "history"
    app.back()
    app.handle("continue")


WAYS: dict[str, Callable[[App], None]] = {
    "home_then_continue": home_then_continue,
    "back_then_continue": back_then_continue,
    "settings_and_back": settings_and_back,
    "language_switch": language_switch,
    "replay_and_back": replay_and_back,
}


@pytest.mark.parametrize("game_id", MOMENTS)
@pytest.mark.parametrize("way", WAYS)
def test_a_table_opened_again_shows_its_hand_off_before_a_private_moment(
    game_id: str, way: str
) -> None:
    """Failed before (every way but the reload): the table came back with Ana's
    moment drawn for whoever held the phone."""
    storage = store.MemoryStorage()
    earlier = new_app(storage)  # a game in History, for the replay
    earlier.start(game_id, list(SEATS), {})
    earlier.handle("quit")
    earlier.handle("quit-yes")
    app = new_app(storage)
    MOMENTS[game_id](app)
    WAYS[way](app)
    assert_behind_hand_off(app, way)
    app.release()
    app.handle("handoff", "0")
    assert "Pass the phone to Ana" not in app.render(), "Ana's own tap opens her moment"


#: What each game's moment (``MOMENTS``) has on the page for Ana alone.
OWN = {"dice_bid": "Ana&#x27;s cards", "carta_robada": 'class="card up private'}


def ana_done(app: App) -> None:
    """Ana ends her moment: Ben's comes, and the phone must go to him."""
    table = app.table
    assert table is not None
    if table.game_id == "dice_bid":
        assert app.play(0, "bid:13", table.state.moves)
    else:
        app.handle("look-done")


@pytest.mark.parametrize("game_id", MOMENTS)
def test_rules_read_in_a_moment_lead_back_to_it_without_a_hand_off(game_id: str) -> None:
    """Menu > Rules, Back: the phone never left Ana's hands, so her moment is
    there again as she left it (failed before: "Pass the phone to Ana" / "I am
    Ana: continue"). The next player's moment still asks for the phone."""
    app = new_app(store.MemoryStorage())
    MOMENTS[game_id](app)
    rules_and_back(app)
    assert app.screen == "table"
    html = app.render()
    assert "Pass the phone" not in html, "a hand-off for the hands that held the phone"
    assert OWN[game_id] in html
    app.release()
    ana_done(app)
    app.release()
    html = app.render()
    assert "Pass the phone to Ben" in html and OWN[game_id] not in html
    assert html == hidden_html(app)


@pytest.mark.parametrize(("game_id", "name"), [("dice_bid", "Ana"), ("carta_robada", "Ben")])
def test_a_reload_opens_a_private_moment_behind_its_hand_off(game_id: str, name: str) -> None:
    """A reload knows nobody holds the phone (Carta robada: Ana has seen her look,
    so it is Ben's turn to peek)."""
    storage = store.MemoryStorage()
    MOMENTS[game_id](new_app(storage))
    assert_behind_hand_off(new_app(storage), "a reload", name)


@pytest.mark.parametrize("game_id", MOMENTS)
def test_a_double_tap_on_continue_never_passes_the_hand_off(game_id: str) -> None:
    """The second tap of a double tap on Continue lands where "I am Ana" comes up:
    it is held like the taps after a move (failed before: there was no hand-off)."""
    app = new_app(store.MemoryStorage())
    MOMENTS[game_id](app)
    app.handle("home")
    app.handle("continue")
    app.handle("handoff", "0")
    assert_behind_hand_off(app, "a double tap on Continue")
    assert app.guarded()
    assert app.release()
    app.handle("handoff", "0")
    assert "Pass the phone to Ana" not in app.render()


def test_a_lone_human_has_nobody_to_hide_from() -> None:
    """One human against bots: no hand-off, ever (nobody else plays at this table)."""
    app = new_app(store.MemoryStorage())
    bots = [Seat(name, "bot", "random") for name in ("Bea", "Cruz")]
    app.start("dice_bid", [Seat("Ana"), *bots], {})
    app.handle("select", "13")
    home_then_continue(app)
    html = app.render()
    assert "Pass the phone" not in html
    assert 'aria-pressed="true"' in html

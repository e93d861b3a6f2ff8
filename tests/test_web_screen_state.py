"""A screen's own state lives with it on the stack (``web.ui.session.Screen``):
opened again it starts afresh, and left it is gone; the screens under the one
up keep theirs until Back returns to them."""

from __future__ import annotations

from tests.test_web_players import new_app, play_out, start
from web.app.controller import App
from web.core import roster, store

SCORES = "Final scores"  # an entry's scores, open on History
RECORD_BAD = "This file cannot be opened"  # the records screen's error
REPLAY_BAD = "This game’s record cannot be opened"  # History's, for an entry
ASK_DELETE = "Forget Ana?"  # the Players screen asking


def finished() -> App:
    """An app back home after one finished game of Ana and Ben."""
    app = new_app()
    start(app, "dice_bid", ["Ana", "Ben"])
    play_out(app)
    app.handle("home")
    return app


def test_history_opened_again_shows_every_entry_folded() -> None:
    """Failed with the state kept on the session and its reset by hand deleted
    (``go`` set ``history_open`` back to None): the entry stayed open."""
    app = finished()
    app.handle("go", "history")
    app.handle("history-open", "0")
    assert SCORES in app.render()
    app.handle("go", "home")
    app.handle("go", "history")
    assert SCORES not in app.render()
    # A replay is opened over History: leaving it finds the list as it was left.
    app.handle("history-open", "0")
    app.handle("history-replay", "0")
    assert app.screen == "table" and app.table is not None and app.table.replay is not None
    app.handle("home")
    assert app.screen == "history" and SCORES in app.render()


def test_players_opened_again_asks_nothing() -> None:
    """The same for the Players screen (``players_ui`` set back to {} by hand)."""
    app = finished()
    app.handle("go", "players")
    ana = next(p["id"] for p in roster.load(app.storage) if p["name"] == "Ana")
    app.handle("player", f"delete:{ana}")
    assert ASK_DELETE in app.render()
    app.handle("go", "home")
    app.handle("go", "players")
    assert ASK_DELETE not in app.render()


def test_a_screen_left_keeps_nothing_it_said() -> None:
    """Failed with the state kept on the session: what the records screen said
    of a bad file, and History of a replay that could not open, were shown
    again when the screen was next opened from Home."""
    app = finished()
    app.import_record("not a record")
    assert app.screen == "records" and RECORD_BAD in app.render()
    app.handle("go", "home")
    app.handle("go", "records")
    assert RECORD_BAD not in app.render()

    history = store.load_history(app.storage)
    history[0]["record"]["actions"] = [[0, "no such move"]]
    store.write_json(app.storage, store.HISTORY_KEY, history)
    app.handle("go", "history")
    app.handle("history-replay", "0")
    assert app.screen == "history" and REPLAY_BAD in app.render()
    app.handle("go", "home")
    app.handle("go", "history")
    assert REPLAY_BAD not in app.render()
    assert [s.name for s in app.screens] == ["home", "history"]

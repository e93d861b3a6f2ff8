"""One game on the table at a time: what the app keeps of a game (its table, the
live game a replay waits over, the finger that went down on it) is one
``Match``, replaced whole whenever another game comes onto the table or leaves
it, so nothing of one game reaches the next."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.app_play import table_step
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import clock, store
from web.core.model import Seat

ROOT = Path(__file__).resolve().parent.parent
PEOPLE = [Seat("Ana"), Seat("Ben")]


def app_at_play(monkeypatch: pytest.MonkeyPatch, game_id: str = "abyss") -> App:
    """Ana and Ben a few moves into a game, a finger down on it."""
    now = [100.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    app = App(store.MemoryStorage(), ["en"], lambda: 7, entries=ENTRIES)
    app.start(game_id, list(PEOPLE), {})
    rng = random.Random(5)
    table = app.table
    assert table is not None
    for _ in range(200):
        if table.ui.get("handovers", 0) >= 2:
            break
        now[0] += 5
        table_step(app, rng)
    assert table.ui.get("handovers", 0) >= 2, "the phone changed hands"
    app.press()
    return app


def first_tap(app: App) -> bool:
    """The new game's first tap by a person, after its hold (if any) ended."""
    table = app.table
    assert table is not None
    app.release()
    seat = table.game.actors(table.state)[0]
    action = table.game.legal(table.state, seat)[0]
    return app.tap(seat, action, table.state.moves)


def test_a_finger_down_on_one_game_never_holds_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hand-over count a finger went down at belongs to its game: the next
    game's first tap is not refused for the last game's count."""
    app = app_at_play(monkeypatch)
    app.start("abyss", list(PEOPLE), {})
    assert first_tap(app), "the new game's first tap played"


def _rematch(app: App) -> None:
    app.handle("rematch")


def _form(app: App) -> None:
    app.handle("new", "abyss")
    app.handle("start")
    app.handle("abandon-yes")


def _lesson(app: App) -> None:
    app.handle("lesson", "abyss")
    app.handle("abandon-yes")


def _quit_then_new(app: App) -> None:
    app.handle("quit")
    app.handle("quit-yes")
    app.start("abyss", list(PEOPLE), {})


def _record_resumed(app: App) -> None:
    assert app.table is not None
    text = json.dumps(app.table.record())
    app.handle("home")
    app.import_record(text)
    while app.import_step():
        pass
    app.handle("import-resume")
    app.handle("abandon-yes")


def _replay_over_it_then_lesson(app: App) -> None:
    """A History replay opened over the game, then a lesson started from the
    replay's rules: the lesson asks first, and replaces both."""
    live = app.table
    assert live is not None
    app.saving.record_abandoned(live)  # its own record, as History keeps one
    app.handle("go", "history")
    app.handle("history-replay", "0")
    assert app.paused is live, "the game waits behind the replay"
    app.handle("rules", "abyss")
    app.handle("lesson", "abyss")
    app.handle("abandon-yes")


def _lesson_replayed_over_then_again(app: App) -> None:
    """A lesson, a History replay opened over it, then the lesson again from the
    replay's rules: a lesson is replaced without a question."""
    assert app.table is not None
    app.saving.record_abandoned(app.table)
    app.handle("lesson", "abyss")
    app.handle("abandon-yes")
    lesson = app.table
    assert lesson is not None and lesson.lesson
    app.handle("go", "history")
    app.handle("history-replay", "0")
    assert app.paused is lesson, "the lesson waits behind the replay"
    app.handle("rules", "abyss")
    app.handle("lesson", "abyss")


ROUTES: dict[str, Callable[[App], None]] = {
    "rematch": _rematch,
    "new-game form": _form,
    "lesson": _lesson,
    "quit, then a new game": _quit_then_new,
    "record resumed": _record_resumed,
    "replay over it, then a lesson": _replay_over_it_then_lesson,
    "a lesson, a replay over it, the lesson again": _lesson_replayed_over_then_again,
}


@pytest.mark.parametrize("route", list(ROUTES))
def test_every_way_to_the_next_game_leaves_nothing_of_the_last(
    route: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_at_play(monkeypatch)
    old = app.table
    ROUTES[route](app)
    assert app.table is not None and app.table is not old, "another game is on the table"
    assert app.screen == "table"
    assert app.paused is None, "no game waits behind the new one"
    assert app.match.pressed is None, "no finger of the last game is noted"
    assert app.match.table is app.table


def test_the_table_is_set_in_one_call_only() -> None:
    """``app.table`` and ``app.paused`` are read from the match: assigning them
    fails at once, and no module of the app tries (only ``set_match``)."""
    app = App(store.MemoryStorage(), ["en"], lambda: 7, entries=ENTRIES)
    with pytest.raises(AttributeError):
        app.table = None  # type: ignore[misc]
    with pytest.raises(AttributeError):
        app.paused = None  # type: ignore[misc]
    # the name left of a lone "=" (tuples too: "app.table, app.screen = ...")
    assigned = re.compile(
        r"^[^#=]*\b(?:app|view|self)(?:\.match)?\.(?:table|paused)\s*(?:[,:][^=]*)?=(?!=)"
    )
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "web").rglob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if assigned.search(line) and path.name != "context.py"
    ]
    assert not found, f"a table assigned by hand: {found}"

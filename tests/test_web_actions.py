"""Every control a player can reach answers: each ``data-action`` drawn on every
screen that scripted games reach (the driver of tools/same_html.py: new games of
each title with the new-game form and its lesson offer, moves, sheets, hand-offs,
bots' turns, reloads, History and its replays, records exported and opened
again) resolves to a handler. A tap travels through four tables: the mid end's
own (``PAGE_ACTIONS``, ``export``, ``phones``), the app's features'
(``App.handlers``, ``_`` read as ``-``), then the table's (``TableUI.ACTIONS``
and its hand-off's, which its ``handle_ui`` answers). A control drawn with a name
none of them knows is a dead button: this test fails on it, and under test a tap
on it raises (``web.app.feature.unknown_action``)."""

from __future__ import annotations

import ast
import os
import re
from collections import defaultdict
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from tools import same_html
from web.app import feature, midend
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import actions, clock, store

#: Scripts played (each a new game of one title and all that follows it);
#: tools/same_html.py plays a few hundred of them for the report.
SCRIPTS = int(os.environ.get("TAPETE_ACTION_SCRIPTS", "24"))

_CONTROL = re.compile(r"<[a-zA-Z][^>]*\bdata-action=\"([^\"]*)\"[^>]*>")


class Watcher(same_html.Driver):
    """The scripted driver, noting every control drawn with the table then on it."""

    def __init__(self, script: int) -> None:
        self.seen: dict[tuple[str, str | None], set[str]] = defaultdict(set)
        super().__init__(script)

    def draw(self, frame: Any = None) -> None:
        super().draw(frame)
        if frame is None or frame.html is None:
            return
        table = self.app.table
        game = table.game_id if table is not None else None
        for tag in _CONTROL.finditer(frame.html):
            if "data-move=" in tag.group(0):
                continue  # a game button: its action is the engine's, played by tap
            self.seen[(unescape(tag.group(1)), game)].add(self.app.screen)


def answered(app: Any, action: str, game: str | None) -> bool:
    """Whether a tap on ``action`` reaches a handler, the table ``game`` being on it."""
    if action in midend.PAGE_ACTIONS or action in ("export", "phones"):
        return True
    if action.replace("_", "-") in app.handlers:
        return True
    return game is not None and ENTRIES[game].table.answers(action)


@pytest.fixture(scope="module")
def reached() -> tuple[dict[tuple[str, str | None], set[str]], Any]:
    seen: dict[tuple[str, str | None], set[str]] = defaultdict(set)
    app = None
    with pytest.MonkeyPatch.context() as patch:
        for name in ("now", "perf_ms", "utc_stamp"):  # the driver sets its own clock
            patch.setattr(clock, name, getattr(clock, name))
        for script in range(SCRIPTS):
            driver = Watcher(script)
            driver.run(same_html.GAMES[script % len(same_html.GAMES)])
            for key, screens in driver.seen.items():
                seen[key] |= screens
            app = driver.app
    return seen, app


def test_every_control_drawn_on_every_screen_reached_has_a_handler(reached) -> None:
    seen, app = reached
    dead = {
        f"{action!r} on {sorted(screens)} ({game or 'no table'})"
        for (action, game), screens in seen.items()
        if not answered(app, action, game)
    }
    assert not dead, f"controls that no handler answers: {sorted(dead)}"


def test_the_scripts_reach_the_screens_a_player_does(reached) -> None:
    """What the check above covers: the lesson offer, each game's table and its
    own controls, the menus, History."""
    seen, _ = reached
    actions = {action for action, _ in seen}
    assert {"lesson", "lesson-offer-no", "start", "sheet", "quit"} <= actions
    screens = set().union(*seen.values())
    assert {"home", "setup", "table", "history"} <= screens
    for game, entry in ENTRIES.items():
        own = {action for action, g in seen if g == game and entry.table.answers(action)}
        assert own - {"sheet"}, f"{game}: no control of its own table was drawn"


def test_a_tap_nobody_answers_raises_under_test() -> None:
    """A dead button's tap would do nothing on the page; under test it raises."""
    assert feature.STRICT_ACTIONS
    app = App(store.MemoryStorage(), ["en"], entries=ENTRIES)
    with pytest.raises(feature.UnknownAction, match="lesson-no-thanks"):
        app.handle("lesson-no-thanks", "abyss")


def test_the_kit_draws_its_controls_with_declared_actions() -> None:
    """The kit never spells a ``data-action``: each of its app buttons takes an
    action declared once (``web.core.actions``), which the app's handlers and the
    tables' declarations key on too, so a rename is one line and a misspelt name
    fails at import."""
    kit = Path(__file__).resolve().parent.parent / "web" / "ui" / "kit"
    spelt = []
    for path in sorted(kit.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "button"):
                continue
            action = node.args[1] if len(node.args) > 1 else ast.Constant(None)
            words = [n.value for n in ast.walk(action) if isinstance(n, ast.Constant)]
            if any(isinstance(word, str) for word in words):
                spelt.append(f"{path.name}:{node.lineno}")
    assert not spelt, f"a data-action spelt in the kit: {spelt}"


def test_every_declared_action_is_answered() -> None:
    """Each declared action reaches a handler: the mid end's, a feature's, or a
    table's (its ``ACTIONS`` and hand-off's)."""
    app = App(store.MemoryStorage(), ["en"], entries=ENTRIES)
    declared = [v for v in vars(actions).values() if isinstance(v, actions.Action)]
    assert len(declared) >= 20
    dead = [a for a in declared if not any(answered(app, a, g) for g in (None, *ENTRIES))]
    assert not dead, f"declared actions that nothing answers: {dead}"

"""Every control a player can reach answers: each ``data-action`` drawn on every
screen that scripted games reach (the driver of tools/same_html.py: new games of
each title with the new-game form and its lesson offer, moves, sheets, hand-offs,
bots' turns, reloads, History and its replays, records exported and opened
again) resolves to a handler. A tap travels through four tables: the mid end's
own (``PAGE_ACTIONS``, ``export``, ``phones``), the app's features'
(``App.handlers``, ``_`` read as ``-``), then the table's (``TableUI.ACTIONS``
and its hand-off's, which its ``handle_ui`` answers). A control drawn with a name
none of them knows is a dead button: this test fails on it, and under test a tap
on it raises (``web.app.feature.unknown_action``).

The names themselves are spelt once: web/ draws and answers each control with
a declared :class:`~web.core.actions.Action` (the app's in ``web.core.actions``,
a table's in its ``controls`` module), never a string at the call; an AST scan
of web/ holds that here."""

from __future__ import annotations

import ast
import importlib
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
    if action in midend.PAGE_ACTIONS or action in (actions.EXPORT, actions.PHONES):
        return True
    if action == actions.NOOP:  # App.handle's own: a redraw that keeps the notice
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


WEB = Path(__file__).resolve().parent.parent / "web"

#: The helpers that write a ``data-action`` (their action: the second argument,
#: or ``action=``); a game button's is the engine's move, not a control's.
HELPERS = ("button",)

#: Where actions are declared: the app's, and each table's own controls.
DECLARED = ("core/actions.py", "tables/*/controls.py")


def _spelt(node: ast.AST) -> bool:
    """Whether ``node`` spells a string: a literal or an f-string anywhere in it."""
    return any(
        isinstance(n, ast.JoinedStr) or (isinstance(n, ast.Constant) and isinstance(n.value, str))
        for n in ast.walk(node)
    )


def _name(node: ast.AST) -> str | None:
    return getattr(node, "id", None) or getattr(node, "attr", None)


def spelt_actions(source: str) -> list[tuple[int, str]]:
    """Each place in ``source`` that spells a control's action rather than name a
    declared :class:`~web.core.actions.Action`, with what it does: a helper's
    action argument (or a ``data_action=``), a comparison of an ``action`` with
    a string, a feature's ``handlers`` keyed on one, a tap handed on as one, an
    ``Action`` made outside its declarations."""
    found: list[tuple[int, str]] = []
    tree = ast.parse(source)
    handlers = [
        n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "handlers"
    ]
    keyed = {id(d) for f in handlers for d in ast.walk(f) if isinstance(d, ast.Dict)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name in HELPERS:
                given = node.args[1:2] + [k.value for k in node.keywords if k.arg == "action"]
                if any(_spelt(a) for a in given):
                    found.append((node.lineno, f"{name}() given a spelt action"))
            if any(k.arg == "data_action" and _spelt(k.value) for k in node.keywords):
                found.append((node.lineno, "data_action= spelt"))
            if (
                name == "handle"
                and node.args
                and isinstance(node.args[0], (ast.Constant, ast.JoinedStr))
            ):
                found.append((node.lineno, "handle() given a spelt action"))
            if name == "Action":
                found.append((node.lineno, "an Action made outside its declarations"))
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_name(s) == "action" for s in sides) and any(
                _spelt(s) for s in sides if _name(s) != "action"
            ):
                found.append((node.lineno, "an action compared with a spelt string"))
        elif (
            isinstance(node, ast.Dict)
            and id(node) in keyed
            and any(k is not None and _spelt(k) for k in node.keys)
        ):
            found.append((node.lineno, "handlers keyed on a spelt string"))
    return sorted(found)


def test_web_names_every_action_it_draws_or_answers() -> None:
    """web/ never spells a ``data-action``: each control is drawn with an action
    declared once (``web.core.actions``, a table's ``controls``), which the
    app's handlers and the tables' ``handle_ui`` compare with too, so a rename is
    one line and a misspelt name fails at import. (mypy holds the helpers'
    ``Action`` parameter too; this holds what it cannot see: comparisons, dict
    keys, f-strings.)"""
    declared = {p for pattern in DECLARED for p in WEB.glob(pattern)}
    spelt = [
        f"{path.relative_to(WEB)}:{line}: {what}"
        for path in sorted(WEB.rglob("*.py"))
        for line, what in spelt_actions(path.read_text())
        if not (path in declared and what.startswith("an Action made"))
    ]
    assert not spelt, "actions spelt in web/:\n" + "\n".join(spelt)


def test_the_guard_sees_each_way_to_spell_an_action() -> None:
    """The scan above, on code that spells an action each way it looks for."""
    source = """
button(label, "order", arg=1)
button(label, f"{what}-open")
button(label, actions.GO if back else "home")
game_button(label, seat, "draw", move)  # the engine's move: not a control
attrs(data_action="sheet")
if action == "order": pass
if action in ("noop",): pass
app.handle("new", rest)
Action("order")
def handlers(self):
    return {"player": self.player, actions.SET: self.set}
"""
    lines = [line for line, _ in spelt_actions(source)]
    assert lines == [2, 3, 4, 6, 7, 8, 9, 10, 12], spelt_actions(source)


def test_each_table_declares_its_controls_once() -> None:
    """A table's controls are :class:`~web.core.actions.Action` objects, each
    in its ``controls`` module and answered by its table, and that module lists
    every one of them (``TableUI.ACTIONS``)."""
    for game, entry in ENTRIES.items():
        table = entry.table
        assert all(isinstance(a, actions.Action) for a in (*table.ACTIONS, *table.HANDOFF_ACTIONS))
        controls = importlib.import_module(type(table).__module__.rsplit(".", 1)[0] + ".controls")
        own = [v for v in vars(controls).values() if isinstance(v, actions.Action)]
        assert own, f"{game}: its controls module declares none"
        assert set(own) <= set(table.ACTIONS), f"{game}: declared but not answered"


def test_every_declared_action_is_answered() -> None:
    """Each declared action reaches a handler: the mid end's, a feature's, or a
    table's (its ``ACTIONS`` and hand-off's)."""
    app = App(store.MemoryStorage(), ["en"], entries=ENTRIES)
    declared = [v for v in vars(actions).values() if isinstance(v, actions.Action)]
    assert len(declared) >= 20
    dead = [a for a in declared if not any(answered(app, a, g) for g in (None, *ENTRIES))]
    assert not dead, f"declared actions that nothing answers: {dead}"

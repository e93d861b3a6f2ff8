"""The architecture, checked: imports go one way, no UI module grows past 400 lines,
and the UI reads time only through its one clock (web/core/clock.py).

The import graph is read from the sources (AST), so every import counts: at module
level, inside a function, or under ``if TYPE_CHECKING:``; a computed import
(``importlib.import_module``, ``__import__``) would hide an edge, so none is allowed. A
cycle fails the test with its path; so does the engine importing the UI, shared UI code
(the app, the kit, the screens) importing a game's table or a game's engine package, and
one game's table importing another's. docs/architecture.md draws the layers these tests
hold.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "web")
MAX_WEB_LINES = 400
#: Modules that may name the games' tables: the registry (and the tables themselves).
MAY_NAME_TABLES = ("web.app.registry", "web.tables")


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources(root: Path = ROOT) -> dict[str, Path]:
    """Every module under engine/ and web/: name -> path."""
    return {
        module_name(path, root): path
        for package in PACKAGES
        for path in sorted((root / package).rglob("*.py"))
    }


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The known modules that ``name`` imports anywhere in its file."""
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            # ``from pkg import mod`` imports the module pkg.mod; ``from mod import f``, mod.
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            # ``import a.b.c`` also names a.b.c's parents; the deepest known one is meant.
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    found = sources(root)
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path ``[a, b, ..., a]``, or None (depth-first search)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def test_no_import_cycle_among_engine_and_web_modules():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


#: web/'s packages by layer, lowest first: a module imports only its own row and the
#: rows below it (and the engine, below them all). docs/architecture.md draws them.
ROWS = ("web.core", "web.ui", "web.tables", "web.app", "web.shell")


def row_of(module: str) -> int | None:
    """The index in :data:`ROWS` of ``module``'s package; None for the engine and for
    ``web`` itself (the package's ``__init__``, which imports nothing of web/)."""
    for i, row in enumerate(ROWS):
        if module == row or module.startswith(row + "."):
            return i
    return None


def rows_crossed(graph: dict[str, set[str]]) -> list[str]:
    """Every import from a lower row to a higher one, as ``a -> b``."""
    return [
        f"{name} -> {target}"
        for name, targets in sorted(graph.items())
        for target in sorted(targets)
        if (mine := row_of(name)) is not None
        and (theirs := row_of(target)) is not None
        and theirs > mine
    ]


def test_each_web_row_imports_only_the_rows_below_it():
    assert rows_crossed(import_graph()) == []


def test_every_web_module_is_in_a_row():
    loose = sorted(n for n in sources() if n.startswith("web.") and row_of(n) is None)
    assert loose == [], f"web/ modules outside {ROWS}: {loose}"


def test_the_row_check_sees_an_import_upwards():
    graph = {"web.core.store": {"web.app.controller"}, "web.app.controller": {"web.core.store"}}
    assert rows_crossed(graph) == ["web.core.store -> web.app.controller"]
    assert rows_crossed({"web.tables.abyss.draw": {"web.ui.kit.frame", "engine.core"}}) == []


def shared_name_clashes(names: list[str]) -> dict[str, list[str]]:
    """Module names used twice among the shared modules (not a game's own
    ``web.tables.<game>`` modules, which are named by role: state, draw, entry...)."""
    by_name: dict[str, list[str]] = {}
    for name in names:
        if name.startswith("web.") and game_of(name) is None and name != "web.tables":
            by_name.setdefault(name.rsplit(".", 1)[1], []).append(name)
    return {k: v for k, v in by_name.items() if len(v) > 1}


def test_no_two_shared_web_modules_share_a_name():
    clashes = shared_name_clashes([n for n, p in sources().items() if p.name != "__init__.py"])
    assert clashes == {}, f"shared web/ modules with the same name: {clashes}"


def test_the_name_check_sees_a_clash():
    assert shared_name_clashes(["web.ui.kit.frame", "web.ui.screens.frame"]) == {
        "frame": ["web.ui.kit.frame", "web.ui.screens.frame"]
    }
    assert shared_name_clashes(["web.tables.abyss.draw", "web.tables.dice_bid.draw"]) == {}


def test_shared_ui_code_never_imports_a_game_table():
    for name, targets in import_graph().items():
        if not name.startswith("web.") or name.startswith(MAY_NAME_TABLES):
            continue
        tables = sorted(t for t in targets if t.startswith("web.tables"))
        assert not tables, f"{name} imports {tables}: only web.app.registry names the tables"


def game_of(module: str) -> str | None:
    """``abyss`` for ``engine.abyss.rules`` or ``web.tables.abyss.draw``, else None."""
    parts = module.split(".")
    if parts[:2] == ["web", "tables"] and len(parts) > 2:
        return parts[2]
    if parts[0] == "engine" and len(parts) > 1 and (ROOT / "engine" / parts[1]).is_dir():
        return parts[1]
    return None


def test_layers_engine_below_ui_and_games_apart():
    """The engine never imports the UI; shared UI code never imports one game's engine
    package (it is handed each game's entry); a game's table reads its own game's
    engine package only, never another game's table or rules."""
    wrong = []
    for name, targets in import_graph().items():
        mine = game_of(name)
        for target in sorted(targets):
            theirs = game_of(target)
            if name.startswith("engine") and target.startswith("web"):
                wrong.append(f"{name} -> {target} (the engine imports the UI)")
            elif name.startswith("web.") and mine is None and theirs is not None:
                if not name.startswith(MAY_NAME_TABLES):
                    wrong.append(f"{name} -> {target} (shared UI code names a game)")
            elif None not in (mine, theirs) and mine != theirs:
                wrong.append(f"{name} -> {target} (one game reads another)")
    assert not wrong, "\n".join(wrong)


#: The engine's registries of every game, for its own tools and tests: shared UI code
#: is handed its games (web/ui/entry.py's GameEntry), so it never reaches these.
ENGINE_REGISTRIES = {"GAMES", "GAME_IDS", "BOTS", "HINTS", "HINT_REASONS", "SPARRING"}


def registry_reads(source: str) -> list[str]:
    """Where ``source`` reaches the engine's registries: ``engine.GAMES``, ``from
    engine import GAMES``, any import of ``engine.bots``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in ENGINE_REGISTRIES:
            found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.ImportFrom) and node.module in ("engine", "engine.bots"):
            names = {alias.name for alias in node.names}
            if node.module == "engine.bots" or names & (ENGINE_REGISTRIES | {"bots"}):
                found.append(f"line {node.lineno}: from {node.module} import {sorted(names)}")
        elif isinstance(node, ast.Import) and any(a.name == "engine.bots" for a in node.names):
            found.append(f"line {node.lineno}: import engine.bots")
    return found


def test_shared_ui_code_is_handed_its_games():
    found = {
        name: lines
        for name, path in sources().items()
        if name.startswith("web.")
        and not name.startswith(MAY_NAME_TABLES)
        and (lines := registry_reads(path.read_text(encoding="utf-8")))
    }
    assert not found, f"shared UI code reaching the engine's registries: {found}"


def computed_imports(source: str) -> list[str]:
    """Calls that import a module by a name computed at run time."""
    return [
        f"line {node.lineno}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id in ("import_module", "__import__"))
            or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
        )
    ]


def test_no_computed_import_hides_an_edge():
    found = {
        name: lines
        for name, path in sources().items()
        if (lines := computed_imports(path.read_text(encoding="utf-8")))
    }
    assert not found, f"computed imports (the graph cannot see them): {found}"


def test_the_layer_checks_see_what_they_forbid():
    assert computed_imports("import importlib\nimportlib.import_module(f'engine.{x}')\n")
    assert computed_imports("__import__('engine.abyss')\n")
    assert registry_reads("import engine\nengine.GAMES['abyss']\n")
    assert registry_reads("from engine import GAME_IDS\n")
    assert registry_reads("from engine.bots import hint\n")
    assert registry_reads("from engine import bots\n")
    assert not registry_reads("from engine import Game, State\nfrom engine.abyss import bots\n")
    assert game_of("web.tables.dice_bid.draw") == "dice_bid"
    assert game_of("engine.carta_robada.bots") == "carta_robada"
    assert game_of("engine.core") is None and game_of("web.ui.kit.frame") is None


def test_no_web_module_is_over_400_lines():
    long = {
        str(path.relative_to(ROOT)): n
        for path in sorted((ROOT / "web").rglob("*.py"))
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_WEB_LINES
    }
    assert not long, f"web/ modules over {MAX_WEB_LINES} lines: {long}"


# -- the checker itself ------------------------------------------------------------------


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for package in PACKAGES:
        (tmp_path / package).mkdir(exist_ok=True)
        (tmp_path / package / "__init__.py").touch()
    return tmp_path


@pytest.mark.parametrize(
    "b_imports",
    [
        "from web import a\n",  # module level
        "def f():\n    from web.a import X\n",  # inside a function
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from web.a import X\n",
        "from . import a\n",  # relative
        "import web.a\n",
    ],
)
def test_a_cycle_is_found_however_it_is_imported(tmp_path, b_imports):
    root = _tree(tmp_path, {"web/a.py": "from web.b import Y\n", "web/b.py": b_imports})
    cycle = find_cycle(import_graph(root))
    assert cycle is not None and set(cycle) == {"web.a", "web.b"}


def test_a_graph_without_cycles_passes(tmp_path):
    root = _tree(
        tmp_path,
        {"web/a.py": "from web.b import Y\nimport engine.core\n", "web/b.py": "import json\n"},
    )
    (root / "engine" / "core.py").write_text("import web.b\n", encoding="utf-8")
    graph = import_graph(root)
    assert graph["web.a"] == {"web.b", "engine.core"}
    assert find_cycle(graph) is None


#: What reads time or arms a timer; in web/ only web/core/clock.py may (the clock contract).
TIME_NAMES = {
    "setTimeout",
    "clearTimeout",
    "setInterval",
    "clearInterval",
    "requestAnimationFrame",
    "performance",
    "monotonic",
    "perf_counter",
    "Date",
}
TIME_MODULES = {"time", "datetime"}


def time_uses(source: str) -> list[str]:
    """Where ``source`` reads time or arms a timer by itself."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in TIME_NAMES:
            found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = [node.module] if isinstance(node, ast.ImportFrom) else []
            names += [alias.name for alias in node.names]
            if TIME_MODULES & {str(n).split(".")[0] for n in names} or TIME_NAMES & {
                alias.name for alias in node.names
            }:
                found.append(f"line {node.lineno}: import {', '.join(map(str, names))}")
    return found


def test_every_ui_timer_and_time_reading_goes_through_web_clock():
    uses = {
        str(path.relative_to(ROOT)): found
        for path in sorted((ROOT / "web").rglob("*.py"))
        if path.name != "clock.py" and (found := time_uses(path.read_text(encoding="utf-8")))
    }
    assert not uses, f"time outside web/core/clock.py: {uses}"


def test_the_time_check_sees_a_timer_and_a_clock():
    assert time_uses("import js\njs.setTimeout(f, 10)\n") == ["line 2: .setTimeout"]
    assert time_uses("from time import monotonic\n") == ["line 1: import time, monotonic"]
    assert time_uses("from js import setTimeout, performance\n") == [
        "line 1: import js, setTimeout, performance"
    ]
    assert time_uses("js.requestAnimationFrame(f)\n") == ["line 1: .requestAnimationFrame"]
    assert time_uses("x = js.window.tapeteClock.now()\n") == []


#: Where the app's time comes from: the event's (``Session.now``, set by the mid end from
#: each event's ``t``), never the clock's reading, which in a worker is not the page's.
APP_TIME_PACKAGES = ("web/app", "web/ui", "web/tables")


def clock_reads(source: str) -> list[str]:
    """Where ``source`` reads the clock's time itself (``clock.now``, a ``now``
    imported from ``web.core.clock``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Attribute)
            and node.attr == "now"
            and isinstance(node.value, ast.Name)
            and node.value.id == "clock"
        ):
            found.append(f"line {node.lineno}: clock.now")
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module == "web.core.clock"
            and any(alias.name == "now" for alias in node.names)
        ):
            found.append(f"line {node.lineno}: from web.core.clock import now")
    return found


def test_the_app_and_its_tables_read_the_events_time_never_the_clocks():
    reads = {
        str(path.relative_to(ROOT)): found
        for package in APP_TIME_PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if (found := clock_reads(path.read_text(encoding="utf-8")))
    }
    assert not reads, f"the clock read where the event's time is meant: {reads}"


def test_the_app_time_check_sees_a_clock_read():
    assert clock_reads("from web.core import clock\nx = clock.now() + 1\n") == ["line 2: clock.now"]
    assert clock_reads("from web.core.clock import now\n") == [
        "line 1: from web.core.clock import now"
    ]
    assert clock_reads("t = app.now()\nclock.perf_ms()\n") == []


#: UI modules that import nothing of the page (no ``js``, no ``web.core.clock``): a test
#: module may use them and still run in the Pyodide stage.
PAGE_FREE = {"web.core.i18n"}


def _imports_the_page(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = (
            [a.name for a in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom)
            else []
        )
        if any(n.split(".")[0] == "web" and n not in PAGE_FREE for n in names):
            return True
    return False


def test_tests_of_the_ui_are_named_test_web():
    """The Pyodide stage (Makefile, ``--ignore-glob='tests/test_web*'``) runs every
    other test module under Pyodide without a page, where ``web.core.clock`` cannot
    import: a UI test module named otherwise breaks that stage (test_abyss_web.py
    and test_movelog.py did)."""
    wrong = [
        p.name
        for p in sorted((ROOT / "tests").glob("test_*.py"))
        if not p.name.startswith("test_web") and _imports_the_page(p)
    ]
    assert wrong == [], f"UI tests must be named tests/test_web*.py: {wrong}"

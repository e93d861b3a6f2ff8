"""The worker's entry (web/shell/worker.py) on CPython: JSON text in and out, the
memory snapshot's state from the worker's globals, the clock importable where
there is no window, and what the snapshot imports for the worker."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from tools.fastboot import boot_modules, top_level_imports
from web.shell import worker

ROOT = Path(__file__).resolve().parents[1]

INIT = {
    "storage": {},
    "languages": ["fr-FR"],
    "reduced": True,
    "painted": None,
    "build": "b1",
    "unlinkable": False,
    "t": 1234.5,
}


def test_start_and_dispatch_speak_json_text() -> None:
    first = json.loads(worker.start(json.dumps(INIT)))
    assert first["ready"] and first["snapshot"] == "off" and first["attrs"]["lang"] == "fr"
    assert first["attrs"]["data-motion"] == "off"  # the system's reduced motion
    event = {"type": "click", "t": 1300, "seq": 1, "action": "go", "arg": "settings"}
    frame = json.loads(worker.dispatch(json.dumps(event)))
    assert frame["seq"] == 1 and frame["html"] and not frame["ready"]
    assert worker.dispatch(json.dumps({"type": "press", "t": 1301, "seq": 2})) == ""
    assert worker.__export__ == ["start", "dispatch", "store_snapshot", "snapshot_state"]


def test_without_a_snapshot_glue_the_snapshot_is_off() -> None:
    assert worker.snapshot_state() == "off"
    assert asyncio.run(worker.store_snapshot()) == "off"


def test_the_snapshot_glue_of_the_worker_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    async def store() -> str:
        return "stored"

    glue = types.SimpleNamespace(state="made", store=store)
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(tapeteSnapshot=glue))
    assert json.loads(worker.start(json.dumps(INIT)))["snapshot"] == "made"
    assert asyncio.run(worker.store_snapshot()) == "stored"


#: web.core.clock imported where ``js`` is a worker's: the worker's own performance
#: clock for perf_ms, an event's time for the app, no page clock needed.
CLOCK_IN = """
import sys, types
class Perf:
    def now(self): return 42.0
js = types.ModuleType("js")
js.performance = Perf()
sys.modules["js"] = js
from web.core import clock
print(clock.perf_ms(), clock.EventTime(700)())
"""


def test_the_clock_imports_in_a_worker_where_there_is_no_window() -> None:
    out = subprocess.run(
        [sys.executable, "-c", CLOCK_IN], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["42.0", "0.7"]


def test_the_worker_boots_with_no_page_bound_module() -> None:
    """What the memory snapshot imports for the worker: the app and the wire, and
    no module that needs the page (a DOM, ``window``) or imports ``js`` at import."""
    found = boot_modules(ROOT, "web.shell.worker")
    assert {"web.app.wire", "web.app.registry", "web.core.clock", "engine.core"} <= set(found)
    js_at_import: dict[str, Any] = {}
    for name in found:
        base = ROOT / name.replace(".", "/")
        path = (
            base.with_suffix(".py") if base.with_suffix(".py").is_file() else base / "__init__.py"
        )
        key = name + (".__init__" if path.name == "__init__.py" else "")
        if "js" in top_level_imports(key, path.read_bytes()):
            js_at_import[name] = path
    assert set(js_at_import) <= {"web.core.clock"}  # (which imports it where it can)

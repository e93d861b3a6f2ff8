"""The UI's one clock: every timer and every reading of time in ``web/`` goes here.

In the browser it is ``window.tapeteClock`` (``web/shell/clock.js``: ``now()`` in ms,
``setTimeout(fn, ms)``, ``clearTimeout(id)``), which the e2e harness may replace
with one it drives (paused, advanced by hand): so the cut tie window, the bots'
pauses and reactions never race a loaded machine. ``index.html`` loads
``clock.js`` before Python starts, so the clock is always there. On CPython (unit
tests of the UI) time is ``time.monotonic`` and timers never fire; tests replace
:func:`now` (``monkeypatch.setattr(clock, "now", ...)``) to move time by hand.

Python speaks seconds (:func:`now`), JavaScript milliseconds (timers).
:func:`perf_ms` is the real wall clock for measuring the UI's own speed (bench
figures), never for game timing; :func:`utc_stamp` dates a finished record.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

try:  # the browser (Pyodide); absent on CPython
    import js
    from pyodide.ffi import create_proxy, to_js
except ImportError:  # pragma: no cover - depends on the interpreter
    js = None

#: The page's clock, ``window.tapeteClock`` (read once: the e2e harness sets
#: its own before any page script runs).
_page: Any = js.window.tapeteClock if js is not None else None


def now() -> float:
    """Monotonic seconds (only differences mean something)."""
    if js is None:
        return time.monotonic()
    return float(_page.now()) / 1000


#: What the timers armed and not fired yet run, by key. Every timer calls one
#: PyProxy (:data:`_fire`, made at the first timer) with its key, through a small
#: JS bound function: a bot's move makes no PyProxy of its own (Pyodide
#: registers each with a FinalizationRegistry; docs/performance.md, Motion).
_due: dict[int, Callable[[], None]] = {}
_keys = itertools.count(1)
_fire: Any = None
#: ``Reflect.apply.bind``: ``_bind(None, _fire, None, [key])`` is a JS function that
#: calls ``_fire(key)`` (the page's Content-Security-Policy refuses ``new Function``).
_bind: Any = None


def _run(key: int) -> None:
    fn = _due.pop(int(key), None)
    if fn is not None:
        fn()


def set_timeout(fn: Callable[[], None], ms: int) -> object:
    """Run ``fn`` once after ``ms`` milliseconds of the page's clock; returns the
    timer's id. On CPython nothing ever fires."""
    global _fire, _bind
    if js is None:
        return None
    if _fire is None:
        _fire = create_proxy(_run)
        _bind = js.Function.prototype.bind.bind(js.Reflect.apply)
    key = next(_keys)
    _due[key] = fn
    return _page.setTimeout(_bind(None, _fire, None, to_js([key])), ms)


def forget_timers() -> None:
    """Drop every timer armed and not fired yet: none of them runs (the e2e harness's
    restart of the app in a page, web/shell/testhook.py, whose test clock drops them too)."""
    _due.clear()


def perf_ms() -> float:
    """Real milliseconds, for measuring how long the UI takes (never game timing)."""
    if js is None:
        return time.perf_counter() * 1000
    return float(js.performance.now())


def utc_stamp() -> str:
    """Now as an ISO 8601 UTC date-time to the second (a record's date)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

"""The UI's one clock: every timer and every reading of time in ``web/`` goes here.

In the browser it is ``window.tapeteClock`` (``web/clock.js``: ``now()`` in ms,
``setTimeout(fn, ms)``, ``clearTimeout(id)``), which the e2e harness may replace
with one it drives (paused, advanced by hand): so the cut tie window, the bots'
pauses and reactions never race a loaded machine. A page whose shell predates
``clock.js`` falls back to ``performance.now``/``setTimeout``. On CPython (unit
tests of the UI) time is ``time.monotonic`` and timers never fire; tests replace
:func:`now` (``monkeypatch.setattr(clock, "now", ...)``) to move time by hand.

Python speaks seconds (:func:`now`), JavaScript milliseconds (timers).
:func:`perf_ms` is the real wall clock for measuring the UI's own speed (bench
figures), never for game timing; :func:`utc_stamp` dates a finished record.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime

try:  # the browser (Pyodide); absent on CPython
    import js
    from pyodide.ffi import create_once_callable
except ImportError:  # pragma: no cover - depends on the interpreter
    js = None

#: The page's clock: ``window.tapeteClock``, else the browser's own functions.
_page: object = None
if js is not None:
    _page = getattr(js.window, "tapeteClock", None)
    if _page is None:  # an index.html from before clock.js
        _page = js.window


def _page_now_ms() -> float:
    if _page is js.window:
        return float(js.performance.now())
    return float(_page.now())  # type: ignore[attr-defined]


def now() -> float:
    """Monotonic seconds (only differences mean something)."""
    if js is None:
        return time.monotonic()
    return _page_now_ms() / 1000


def set_timeout(fn: Callable[[], None], ms: int) -> object:
    """Run ``fn`` once after ``ms`` milliseconds of the page's clock; returns the
    timer's id for :func:`clear_timeout`. On CPython nothing ever fires."""
    if js is None:
        return None
    return _page.setTimeout(create_once_callable(fn), ms)  # type: ignore[attr-defined]


def clear_timeout(timer: object) -> None:
    """Cancel a timer from :func:`set_timeout` (``None`` is ignored)."""
    if js is not None and timer is not None:
        _page.clearTimeout(timer)  # type: ignore[attr-defined]


def perf_ms() -> float:
    """Real milliseconds, for measuring how long the UI takes (never game timing)."""
    if js is None:
        return time.perf_counter() * 1000
    return float(js.performance.now())


def utc_stamp() -> str:
    """Now as an ISO 8601 UTC date-time to the second (a record's date)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

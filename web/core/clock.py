"""The UI's one clock: every timer and every reading of time in ``web/`` goes here.

In a page it is ``window.tapeteClock`` (``web/shell/clock.js``: ``now()`` in ms,
``setTimeout(fn, ms)``, ``clearTimeout(id)``), which the e2e harness may replace
with one it drives (paused, advanced by hand): so the cut tie window, the bots'
pauses and reactions never race a loaded machine. In a worker (no ``window``) there
is no page clock: the app's time comes with each event instead (:class:`EventTime`,
set by the mid end from the event's ``t``, the page clock's ms), and the page arms
the timers. On CPython (unit tests of the UI) time is ``time.monotonic`` and timers
never fire; tests replace :func:`now` (``monkeypatch.setattr(clock, "now", ...)``)
to move time by hand.

App and table code never read :func:`now` themselves: they read the app's
:class:`EventTime` (``Session.now``), which falls back to :func:`now`, read late,
only when no event has said the time (CPython tests driving the App directly).

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
#: its own before any page script runs); None in a worker, which has no window.
_page: Any = getattr(getattr(js, "window", None), "tapeteClock", None) if js is not None else None


def now() -> float:
    """Monotonic seconds (only differences mean something)."""
    if _page is None:
        return time.monotonic()
    return float(_page.now()) / 1000


class EventTime:
    """The app's time: the time of the event being answered, set by the mid end
    (:meth:`web.app.midend.MidEnd.at`) from the event's ``t``; until an event says
    it, :func:`now`, looked up at each call (tests replace it by hand)."""

    def __init__(self, t: float | None = None) -> None:
        #: The event's time in seconds of the page's clock, or None: not given.
        self.at: float | None = None
        self.set(t)

    def set(self, t: float | None) -> None:
        """The event's time ``t`` in ms of the page's clock (None: not given)."""
        self.at = None if t is None else t / 1000

    def __call__(self) -> float:
        return now() if self.at is None else self.at


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
    if _page is None:  # CPython, or a worker: the page arms the timers
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
    if js is None or not hasattr(js, "performance"):
        return time.perf_counter() * 1000
    return float(js.performance.now())


def utc_stamp() -> str:
    """Now as an ISO 8601 UTC date-time to the second (a record's date)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

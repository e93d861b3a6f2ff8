"""The app's one clock: every reading of time in ``web/`` goes here.

The app runs in a web worker (PyScript's) and has no timers of its own: the page
arms the ones each frame asks for on ``window.tapeteClock`` (``web/shell/clock.js``,
which the e2e harness may replace with one it drives: paused, advanced by hand) and
sends an event when one fires. The app's time comes with each event
(:class:`EventTime`, set by the mid end from the event's ``t``, the page clock's
ms when it happened): so the cut tie window, the bots' pauses and reactions are
judged by when things happened on the page, never by when the worker got to them,
and never race a loaded machine. On CPython (unit tests of the UI) time is
``time.monotonic``; tests replace :func:`now` (``monkeypatch.setattr(clock, "now",
...)``) to move time by hand.

App and table code never read :func:`now` themselves: they read the app's
:class:`EventTime` (``Session.now``), which falls back to :func:`now`, read late,
only when no event has said the time (CPython tests driving the App directly).

Python speaks seconds (:func:`now`), JavaScript milliseconds (timers).
:func:`perf_ms` is the real wall clock for measuring the UI's own speed (bench
figures), never for game timing; :func:`utc_stamp` dates a finished record.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

try:  # the worker (Pyodide); absent on CPython
    import js
except ImportError:  # pragma: no cover - depends on the interpreter
    js = None


def now() -> float:
    """Monotonic seconds (only differences mean something)."""
    return time.monotonic()


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


def perf_ms() -> float:
    """Real milliseconds, for measuring how long the UI takes (never game timing)."""
    if js is None or not hasattr(js, "performance"):
        return time.perf_counter() * 1000
    return float(js.performance.now())


def utc_stamp() -> str:
    """Now as an ISO 8601 UTC date-time to the second (a record's date)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def local_stamp(stamp: str, offset: int) -> str:
    """A stored UTC stamp (:func:`utc_stamp`) as a clock ``offset`` minutes east of
    UTC read it, to the minute ("2026-12-07T15:32"); a stamp of another shape as it is."""
    try:
        when = datetime.strptime(stamp[:16], "%Y-%m-%dT%H:%M") + timedelta(minutes=offset)
    except (ValueError, OverflowError):
        return stamp
    return when.strftime("%Y-%m-%dT%H:%M")

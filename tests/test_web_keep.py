"""When web/app/keep.py keeps the screen a reload shows, on CPython with a stand-in for
the browser's ``js`` and ``pyodide.ffi`` (the module is page-bound)."""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.conftest import stand_in_browser


class _Page:
    """The window and document web/app/keep.py talks to: its listeners, its idle
    callbacks (run only when the test says the browser is idle) and its visibility."""

    def __init__(self) -> None:
        self.visibilityState = "visible"
        self.listeners: dict[str, Callable[[Any], None]] = {}
        self.idle: list[Callable[[Any], None]] = []
        self.deadlines: list[int] = []

    def addEventListener(self, kind: str, handler: Callable[[Any], None]) -> None:
        self.listeners[kind] = handler

    def requestIdleCallback(self, callback: Callable[[Any], None], options: dict) -> None:
        self.idle.append(callback)
        self.deadlines.append(options["timeout"])

    def event(self, kind: str) -> None:
        self.listeners[kind](types.SimpleNamespace(type=kind))


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Page]:
    fake = _Page()
    stand_in_browser(monkeypatch, fake, fake)
    monkeypatch.delitem(sys.modules, "web.app.keep", raising=False)
    yield fake
    sys.modules.pop("web.app.keep", None)


def test_a_visible_page_keeps_once_when_idle_and_when_left(page: _Page) -> None:
    keep = importlib.import_module("web.app.keep")
    kept: list[int] = []
    moments = keep.Moments(lambda: kept.append(1))
    moments.soon()
    moments.soon()
    assert kept == [] and len(page.idle) == 1  # not in the draw's task; asked once
    # with a deadline: a page that has made an AudioContext may get no idle period
    assert page.deadlines == [keep.KEEP_WITHIN_MS]
    page.idle.pop()(None)
    assert kept == [1]
    page.visibilityState = "hidden"
    page.event("visibilitychange")
    page.event("pagehide")
    assert kept == [1, 1, 1]


def test_a_draw_in_a_hidden_page_keeps_at_once(page: _Page) -> None:
    """Bots play on in a tab the player left: the browser may give a hidden page no
    idle period before the phone's system ends it (no pagehide then), and a reload
    would paint the table as it was when the player left. Nobody taps a hidden
    page: keep at once."""
    keep = importlib.import_module("web.app.keep")
    kept: list[int] = []
    moments = keep.Moments(lambda: kept.append(1))
    page.visibilityState = "hidden"
    page.event("visibilitychange")
    moments.soon()  # the last bot's move, drawn while hidden
    assert kept == [1, 1] and page.idle == []

"""The e2e harness's restart in place (web/shell/testhook.py) exists only where the harness
asked for it: the shipped page exposes nothing. On CPython with a stand-in ``js``."""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import stand_in_browser
from web.core import clock
from web.shell import testhook


@pytest.fixture
def window(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.SimpleNamespace]:
    page = types.SimpleNamespace()
    stand_in_browser(monkeypatch, page, types.SimpleNamespace())
    yield page


def test_a_page_without_the_harness_gets_no_restart(window: types.SimpleNamespace) -> None:
    testhook.offer("web.shell.main")
    assert vars(window) == {}


def test_the_harness_restart_drops_the_armed_timers_and_runs_main_again(
    window: types.SimpleNamespace, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.tapeteTest = types.SimpleNamespace()
    runs: list[tuple[str, Any]] = []
    monkeypatch.setattr(
        testhook.runpy, "run_module", lambda name, run_name: runs.append((name, run_name))
    )
    monkeypatch.setitem(clock._due, 99, lambda: None)
    testhook.offer("web.shell.main")
    first = window.tapeteTest.runApp
    testhook.offer("web.shell.main")  # the restarted module offers again: one hook per page
    assert window.tapeteTest.runApp is first
    first()
    assert runs == [("web.shell.main", "__main__")]
    assert 99 not in clock._due  # a timer of the app before never fires in the new one

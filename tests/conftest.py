"""Shared helpers for the engine tests."""

from __future__ import annotations

import os
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: A tap on a control that nothing answers raises under test (web/app/feature.py):
#: a renamed or misspelt data-action fails the test that draws and taps it.
os.environ.setdefault("TAPETE_STRICT_ACTIONS", "1")
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def stand_in_browser(monkeypatch: pytest.MonkeyPatch, window: object, document: object) -> None:
    """A stand-in for Pyodide's ``js`` (``window``, ``document``) and ``pyodide.ffi``
    (``create_proxy`` hands the function back, ``to_js`` the value), for page-bound
    modules on CPython."""
    js = types.ModuleType("js")
    js.window = window  # type: ignore[attr-defined]
    js.document = document  # type: ignore[attr-defined]
    js.Object = types.SimpleNamespace(fromEntries=dict)  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda f: f  # type: ignore[attr-defined]
    ffi.to_js = lambda value, dict_converter=None: (  # type: ignore[attr-defined]
        dict_converter(value.items()) if dict_converter else value
    )
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)

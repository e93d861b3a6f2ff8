"""Shared helpers for the engine tests."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def stand_in_browser(monkeypatch: pytest.MonkeyPatch, window: object, document: object) -> None:
    """A stand-in for Pyodide's ``js`` (``window``, ``document``) and ``pyodide.ffi``
    (``create_proxy`` hands the function back), for page-bound modules on CPython."""
    js = types.ModuleType("js")
    js.window = window  # type: ignore[attr-defined]
    js.document = document  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda f: f  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)

"""Where the focus goes (web/shell/focus.py), on CPython against a stand-in page: after
a frame that keeps the player's place (the control just played is no longer one).
Where Enter in a name field leads is the mid end's (tests/test_web_midend.py)."""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import stand_in_browser


class _Element:
    """A page element: its id, whether it is a disabled control, whether it plays a move."""

    def __init__(
        self,
        doc: _Document,
        id: str = "",
        disabled: bool = False,
        move: bool = True,
    ) -> None:
        self.doc, self.id, self.disabled, self.move = doc, id, disabled, move

    def matches(self, selector: str) -> bool:
        assert selector == ":disabled"
        return self.disabled

    def focus(self, _options: Any = None) -> None:
        self.doc.activeElement = self


class _Document:
    def __init__(self) -> None:
        self.body = _Element(self, move=False)
        self.activeElement: _Element = self.body
        self.elements: list[_Element] = []

    def add(self, **values: Any) -> _Element:
        element = _Element(self, **values)
        self.elements.append(element)
        return element

    def getElementById(self, id: str) -> _Element | None:
        return next((e for e in self.elements if e.id == id), None)

    def querySelector(self, selector: str) -> _Element | None:
        if selector == "[role=dialog],[role=alertdialog]":
            return None
        assert selector == "#app [data-move]:not([disabled])"
        return next((e for e in self.elements if e.move and not e.disabled), None)


@pytest.fixture
def doc(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Document]:
    page = _Document()
    stand_in_browser(monkeypatch, types.SimpleNamespace(), page)
    sys.modules["js"].Object = types.SimpleNamespace(fromEntries=dict)  # type: ignore[attr-defined]
    sys.modules["pyodide.ffi"].to_js = lambda value, **_: value  # type: ignore[attr-defined]
    monkeypatch.delitem(sys.modules, "web.shell.focus", raising=False)
    yield page
    sys.modules.pop("web.shell.focus", None)


def test_a_card_disabled_under_the_focus_hands_it_to_the_next_playable_card(
    doc: _Document,
) -> None:
    """The page patches the played card in place: the browser still reports it
    focused, disabled, until it next renders; Enter must play the next card."""
    focus = importlib.import_module("web.shell.focus")
    played = doc.add(id="card-0")
    nxt = doc.add(id="card-1")
    played.focus()
    played.disabled = True  # the frame's morph
    focus.move(doc, "card-0", "keep")
    assert doc.activeElement is nxt


@pytest.mark.parametrize("still_focused", [True, False])
def test_a_live_control_keeps_the_focus_or_gets_it_back(
    doc: _Document, still_focused: bool
) -> None:
    """Not a move's control: the focus stays, or comes back if the redraw dropped it."""
    focus = importlib.import_module("web.shell.focus")
    doc.add(id="card-0")
    kept = doc.add(id="hint", move=False)
    if still_focused:
        kept.focus()
    focus.move(doc, "hint", "keep")
    assert doc.activeElement is kept

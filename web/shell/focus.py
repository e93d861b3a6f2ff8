"""Where the focus goes after a frame (page-bound: ``js``): keyboard and screen
reader players keep their place across redraws; a new screen or dialog takes the
focus to its first thing; a new page starts at its top. The mid end says which
(:attr:`web.app.midend.Frame.focus`); this module only moves it. Nothing here touches
the page at import (the boot's memory snapshot imports it once for every start).
"""

from __future__ import annotations

import math
from typing import Any, TypeAlias

import js
from pyodide.ffi import to_js

#: A JavaScript object through Pyodide's proxy (``js`` has no type stubs).
JsObject: TypeAlias = Any


def _options(values: dict[str, Any]) -> JsObject:
    return to_js(values, dict_converter=js.Object.fromEntries)


def node(value: JsObject) -> JsObject:
    """A DOM query's answer as an element or ``None``: Pyodide hands JS ``null``
    over as ``jsnull``, which is not ``None`` (and has no methods)."""
    return None if value is None or type(value).__name__ == "JsNull" else value


def first(within: JsObject, *selectors: str) -> JsObject:
    """The first element under ``within`` that matches one of ``selectors``, in the
    order given, or None. (No ``a or b`` on proxies: a JS object can be falsy.)"""
    for selector in selectors:
        found = node(within.querySelector(selector))
        if found is not None:
            return found
    return None


#: The control that opened the dialog on screen, as ``(id, data-action, data-arg)``
#: (a redraw may have replaced its node): the focus goes back to it when the
#: dialog closes, as with a native modal dialog.
_opener: list[tuple[str, str, str]] = []

#: What a Tab may land on inside a dialog.
_TABBABLE = (
    "button:not([disabled]),[href],input:not([disabled]),select:not([disabled]),"
    "textarea:not([disabled]),summary,[tabindex]:not([tabindex='-1'])"
)


def _dialog(root: JsObject) -> JsObject:
    # Only the app's own dialogs: the shell's update prompt (outside #app) is not modal.
    return node(root.querySelector("[role=dialog],[role=alertdialog]"))


def _key(el: JsObject) -> tuple[str, str, str]:
    return (
        str(el.id or ""),
        str(el.getAttribute("data-action") or ""),
        str(el.getAttribute("data-arg") or ""),
    )


def _found(root: JsObject, key: tuple[str, str, str]) -> JsObject:
    """The element ``key`` names, in the page as drawn now, or None."""
    ident, action, _arg = key
    if ident:
        return node(js.document.getElementById(ident))
    if not action:
        return None
    for el in root.querySelectorAll("[data-action]"):
        if _key(el) == key:
            return el
    return None


def trap(root: JsObject, event: JsObject) -> None:
    """Tab and Shift+Tab go round the open dialog (the table behind it is not
    there for the keyboard until it closes, as for a screen reader: aria-modal)."""
    dialog = _dialog(root)
    if dialog is None:
        return
    stops = [el for el in dialog.querySelectorAll(_TABBABLE)]
    if not stops:
        return
    current = node(js.document.activeElement)
    inside = current is not None and dialog.contains(current)
    if event.shiftKey and (not inside or current == stops[0]):
        stops[-1].focus()
        event.preventDefault()
    elif not event.shiftKey and (not inside or current == stops[-1]):
        stops[0].focus()
        event.preventDefault()


def move(root: JsObject, active_id: str | None, focus: str) -> None:
    """Keyboard players keep their place across frames (``focus`` "keep"); a new
    screen or dialog takes the focus to its first thing, and a dialog closed
    hands it back to the control that opened it; a new page ("page") starts at
    its top, the section of its focused control in view: all of it, or its top
    (a round's results: the headline)."""
    doc = js.document
    dialog = _dialog(root)
    current = node(doc.activeElement)
    if dialog is not None:
        opened_by = current is not None and current != doc.body
        if not _opener and opened_by and not dialog.contains(current):
            _opener.append(_key(current))
        if current is None or not dialog.contains(current):
            target = first(dialog, "[autofocus]", "button")
            if target is not None:
                target.focus()
        return
    opener = _opener.pop() if _opener else None
    # (A sheet closed comes as a "screen" frame; a new page never goes back.)
    if focus != "page" and opener is not None:
        back = _found(root, opener)
        if back is not None and not back.matches(":disabled"):
            back.focus(_options({"preventScroll": True}))
            return
    if focus != "keep":
        if focus == "page":
            js.window.scrollTo(0, 0)
        target = first(root, "[autofocus]", "h1")
        if target is not None:
            if not target.hasAttribute("tabindex") and target.tagName == "H1":
                target.setAttribute("tabindex", "-1")
            target.focus(_options({"preventScroll": True}))
            if focus == "page":  # (an element proxy is truthy: it has no length)
                (node(target.closest("section")) or target).scrollIntoView(
                    _options({"block": "nearest"})
                )
        return
    # A control disabled under the focus (the card just played, patched in place)
    # is lost too, though the browser reports it focused until its next rendering.
    if current is None or current == doc.body or current.matches(":disabled"):
        target = node(doc.getElementById(active_id)) if active_id else None
        # (Only form controls have ``disabled``: the focus may have been on a heading.)
        if target is None or target.matches(":disabled"):
            # The card just played is no longer a control: go on to the next one.
            target = node(doc.querySelector("#app [data-move]:not([disabled])"))
        if target is not None:
            target.focus(_options({"preventScroll": True}))


def coached(root: JsObject) -> None:
    """A lesson's marked control in view (its CSS ``scroll-margin``, from the
    panel's measured height, keeps it clear of the coach's panel), so the
    learner never scrolls to find it. On a step to read, the coach's own
    "Next" is marked, in its panel (always in view): the table is shown from
    its top, where what just happened is drawn."""
    mark = node(root.querySelector(".coach-mark"))
    if mark is None:
        return
    panel = node(root.querySelector(".coach-panel"))
    if panel is not None:
        # The panel grows with its sentence: the page's foot and the mark's
        # scroll margin follow its height (--coach-h in style.css).
        height = panel.getBoundingClientRect().height
        js.document.documentElement.style.setProperty("--coach-h", f"{math.ceil(height)}px")
    if node(mark.closest(".coach-panel")) is None:
        mark.scrollIntoView(_options({"block": "nearest"}))
    else:
        js.window.scrollTo(0, 0)


def to(root: JsObject, selector: str) -> None:
    """Focus the control ``selector`` names under ``root`` (the mid end chose it:
    :attr:`web.app.midend.Frame.focus_to`), if it is drawn."""
    target = first(root, selector)
    if target is not None:
        target.focus()

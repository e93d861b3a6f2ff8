"""Small HTML helpers. Every string that a player typed goes through :func:`esc`.

Hand-written on purpose, and kept: the screens are f-strings of HTML, and all they need
is this escaping layer (the standard library's ``html.escape``) and an attribute writer.
A template engine or HTML builder would be a larger download into every phone's
Pyodide and a second way to write markup, for nothing these few lines do not do.
"""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape

from web.core.actions import Action

#: Elements without an end tag.
VOID = frozenset(
    ("area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr")
)


def esc(text: object) -> str:
    """Text made safe for element content and quoted attribute values."""
    return escape(str(text), quote=True)


def attrs(**values: object) -> str:
    """` name="value"` pairs; ``None`` and ``False`` leave the attribute out,
    ``True`` writes it bare. A trailing underscore is dropped (``class_``),
    other underscores become dashes (``data_action``)."""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        if value is True:
            out.append(f" {name}")
        else:
            out.append(f' {name}="{esc(value)}"')
    return "".join(out)


def button(
    label: str, action: Action, *, arg: object = None, cls: str = "btn", **extra: object
) -> str:
    """An app (not game) button. ``label`` is already HTML. ``action``: a declared
    :class:`~web.core.actions.Action` (the app's, or a table's ``controls``), never
    a string spelt at the call: tests/test_web_actions.py holds every call to it."""
    return f"<button{attrs(type='button', class_=cls, data_action=action, data_arg=arg, **extra)}>{label}</button>"


@dataclass(frozen=True)
class Drawing:
    """A screen drawn: its HTML and the regions a table's draw registered in it
    (id -> the part's HTML, each inside ``html``, in page order). When only
    regions changed from one drawing of a table to the next, the page writes
    just those (``web/shell/page.js``'s ``_morph``)."""

    html: str
    regions: dict[str, str] = field(default_factory=dict)


def region(regions: dict[str, str] | None, rid: str, html: str) -> str:
    """Register ``html`` (whose outer element has ``id=rid``) as a region in
    ``regions``, the dict the draw under way returns with its HTML (a
    :class:`Drawing`). Returns ``html`` unchanged."""
    if regions is not None:
        regions[rid] = html
    return html


def region_box(regions: dict[str, str] | None, rid: str, html: str) -> str:
    """``html`` in a box of its own with ``id=rid`` (``.region``: a box that takes
    no part in the layout), registered as the region ``rid`` (:func:`region`)."""
    return region(regions, rid, f'<div class="region" id="{rid}">{html}</div>')


_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
_ID = re.compile(r'\sid="([^"]*)"')
_DIALOG = re.compile(r'\srole="(?:alert)?dialog"')
_AUTOFOCUS = re.compile(r"\sautofocus(?:[\s=/]|$)")


def autofocus(html: str) -> str | None:
    """The first control that asks for the focus (``autofocus``) outside any
    dialog in ``html``: its id, else its tag name as the DOM spells it
    (``"BUTTON"``); None if there is none. The walk over every tag costs more
    than drawing a table (a few ms at six seats, in every frame), so a page
    without the word is answered at once: most frames of a table."""
    if "autofocus" not in html:
        return None
    dialogs: list[str] = []  # the tag names of the dialogs open at this point
    depth: list[tuple[str, bool]] = []
    for tag in _TAG.finditer(html):
        closing, name, body = tag.group(1), tag.group(2).lower(), tag.group(3)
        if closing:
            while depth:
                opened, was_dialog = depth.pop()
                if was_dialog:
                    dialogs.pop()
                if opened == name:
                    break
            continue
        if not dialogs and _AUTOFOCUS.search(body):
            found = _ID.search(body)
            return found.group(1) if found and found.group(1) else name.upper()
        if name in VOID or body.rstrip().endswith("/"):
            continue
        is_dialog = _DIALOG.search(body) is not None
        if is_dialog:
            dialogs.append(name)
        depth.append((name, is_dialog))
    return None

"""Small HTML helpers. Every string that a player typed goes through :func:`esc`.

Hand-written on purpose, and kept: the screens are f-strings of HTML, and all they need
is this escaping layer (the standard library's ``html.escape``) and an attribute writer.
A template engine or HTML builder would be a larger download into every phone's
Pyodide and a second way to write markup, for nothing these few lines do not do.
"""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from html import escape


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
    label: str, action: str, *, arg: object = None, cls: str = "btn", **extra: object
) -> str:
    """An app (not game) button. ``label`` is already HTML."""
    return f"<button{attrs(type='button', class_=cls, data_action=action, data_arg=arg, **extra)}>{label}</button>"


def region(regions: dict[str, str] | None, rid: str, html: str) -> str:
    """Register ``html`` (whose outer element has ``id=rid``) as a region: the
    browser morphs only the regions whose HTML changed since the last write
    (see ``web.main.write``). Returns ``html`` unchanged."""
    if regions is not None:
        regions[rid] = html
    return html

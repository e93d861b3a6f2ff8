"""The page around a table's regions (:func:`web.core.html.region`): web/shell/main.py's
``_morph`` compares it from draw to draw, and writes only the regions that
changed when it is the same. Pure Python (tests/test_web_regions.py)."""

from __future__ import annotations

from collections.abc import Mapping


def skeleton(html: str, regions: Mapping[str, str]) -> str:
    """``html`` with each region's part replaced by the marker ``<!--id-->``: two
    draws with the same skeleton (and the same region ids) differ only inside the
    regions. One pass over ``html`` when the parts come in page order, as a
    table draws them (an eight-seat Abyss page is 18 kB in 12 regions: one copy of
    the page per region otherwise); else each part's first match, in turn."""
    out: list[str] = []
    at = 0
    for rid, part in regions.items():
        found = html.find(part, at)
        if found < 0:
            return _each(html, regions)
        out += (html[at:found], f"<!--{rid}-->")
        at = found + len(part)
    out.append(html[at:])
    return "".join(out)


def _each(html: str, regions: Mapping[str, str]) -> str:
    for rid, part in regions.items():
        html = html.replace(part, f"<!--{rid}-->", 1)
    return html

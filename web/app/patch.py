"""Which part of the page a frame rewrites: the whole page, or only the regions
of a table (:func:`web.core.html.region`) that changed since the last frame.

Within one table (the frame's ``scene``), when the page around its regions, its
"skeleton", is the same string as last time and holds the same regions, only the
regions whose HTML changed are written (web/shell/sync.js's ``tapeteSyncRegions``);
else the whole page (``tapeteSyncContent``). Pure Python, so the choice is
tested on CPython (tests/test_web_regions.py); web/shell/page.js only writes it.
"""

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


class Patch:
    """The last page written, to tell what the next one changes."""

    def __init__(self) -> None:
        self._skeleton: str | None = None
        self._regions: dict[str, str] = {}
        self._scene: object = None

    def plan(
        self, html: str, regions: Mapping[str, str], scene: object, whole: bool = False
    ) -> list[str] | None:
        """The ids of the regions to write for the page ``html`` (none: it is the
        page already on screen), or None: write the whole page (another screen
        or table, ``whole`` asked, or a change outside the regions). The page is
        then taken as written."""
        shape = skeleton(html, regions)
        same = (
            scene is not None
            and scene is self._scene
            and not whole
            and shape == self._skeleton
            and regions.keys() == self._regions.keys()
        )
        changed = (
            [rid for rid, part in regions.items() if part != self._regions[rid]] if same else None
        )
        self._skeleton, self._regions, self._scene = shape, dict(regions), scene
        return changed

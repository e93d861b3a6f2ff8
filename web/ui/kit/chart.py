"""Charts drawn as inline SVG from Python (no canvas, nothing downloaded): a
horizontal bar chart and a line chart. Each is a picture for the eye
(``role="img"`` with an ``aria-label`` that says what it shows) followed by
its table equivalent in a ``<details>``, so the figures are there for a screen
reader and for anyone who wants the numbers. Sized by a viewBox: they scale
to the screen's width (readable at 360 px), text in the page's font.
"""

# ruff: noqa: E501  (SVG fragments read better unbroken than split mid-tag)

from __future__ import annotations

from web.core.html import attrs, esc
from web.core.i18n import Tr, number

#: Line colours and dash patterns: two series never differ by colour alone. The
#: colours stay 20 ΔE*ab apart in normal vision and in simulated protanopia,
#: deuteranopia and tritanopia, with 3:1 against the panel in both themes
#: (tests/test_web_colours.py).
SERIES = (
    ("var(--chart-1, #3377dd)", ""),
    ("var(--chart-2, #dd6600)", "6 3"),
    ("var(--chart-3, #8833ff)", "2 3"),
    ("var(--chart-4, #bb7755)", "10 3 2 3"),
    ("var(--chart-5, #886666)", "1 2"),
    ("var(--chart-6, #8888aa)", "8 2"),
)
MARKERS = ("●", "■", "▲", "◆", "✚", "✖")
#: The charts' font size in viewBox units (web/ui/style.css, ``.chart``).
FONT_PX = 14
#: Rough advance widths, in em, of the page's sans-serif: enough to keep a label
#: inside its room (the SVG cannot wrap it, and an end-anchored text that is too
#: long loses its first letters off the picture's edge).
_NARROW, _WIDE = set("iljtfrI.,;:'!|()[] "), set("MWmwŴŵ@%ÆŒæœ")


def _em(ch: str) -> float:
    if ch in _NARROW:
        return 0.32
    if ch in _WIDE or ord(ch) > 0x2E80:  # wide Latin letters, CJK, emoji
        return 1.0
    return 0.72 if ch.isupper() or ch.isdigit() else 0.58


def fit_label(label: str, room: float) -> tuple[str, bool]:
    """``label`` shortened with "…" to about ``room`` em, and whether it comes
    near the room's end (then drawn squeezed to it exactly, so that a guess a
    little short of the real widths never spills)."""
    width = sum(_em(ch) for ch in label)
    if width > room:
        out, width = "", _em("…")
        for ch in label:
            if width + _em(ch) > room:
                break
            out, width = out + ch, width + _em(ch)
        label = out.rstrip() + "…"
    return label, width > 0.85 * room


def table(caption: str, head: list[str], rows: list[list[str]], summary: str) -> str:
    """The table equivalent of a chart, folded under ``summary``."""
    th = "".join(f'<th scope="col">{esc(h)}</th>' for h in head)
    body = "".join(
        f'<tr><th scope="row">{esc(r[0])}</th>{"".join(f"<td>{esc(c)}</td>" for c in r[1:])}</tr>'
        for r in rows
    )
    return (
        f'<details class="chart-table"><summary>{esc(summary)}</summary>'
        f'<table class="scores"><caption class="sr">{esc(caption)}</caption><thead><tr>{th}</tr></thead>'
        f"<tbody>{body}</tbody></table></details>"
    )


def bars(title: str, labels: list[str], values: list[int], summary: str, head: list[str]) -> str:
    """Horizontal bars, one per label, its value written at its end."""
    width, row, left = 320, 32, 100
    top = max(values, default=0) or 1
    height = row * len(labels) + 8
    parts = []
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        y = 4 + i * row
        w = (width - left - 40) * value / top
        short, squeeze = fit_label(label, (left - 8) / FONT_PX)
        fit = f' textLength="{left - 8}" lengthAdjust="spacingAndGlyphs"' if squeeze else ""
        parts.append(
            f'<text x="{left - 6}" y="{y + 21}" text-anchor="end" class="chart-label"{fit}>{esc(short)}</text>'
            f'<rect x="{left}" y="{y + 4}" width="{w:.1f}" height="{row - 10}" rx="3" class="chart-bar"/>'
            f'<text x="{left + w + 4:.1f}" y="{y + 21}" class="chart-value">{esc(number(value))}</text>'
        )
    svg = (
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img"{attrs(aria_label=title)}>'
        + "".join(parts)
        + "</svg>"
    )
    rows = [[label, number(v)] for label, v in zip(labels, values, strict=True)]
    return f'<figure class="chart-box"><figcaption>{esc(title)}</figcaption>{svg}</figure>' + table(
        title, head, rows, summary
    )


def lines(
    title: str,
    names: list[str],
    series: list[list[int]],
    x_labels: list[str],
    summary: str,
    x_head: str,
    titled: bool = True,
) -> str:
    """One line per name over the same x steps (``series[i][k]``: name i at step
    k), each with its own colour, dash and marker; a legend names them.
    ``titled`` False: the caption is for screen readers only (the chart is
    folded under a summary that shows the same title)."""
    width, height, left, bottom, top_pad = 320, 180, 30, 22, 8
    steps = max((len(s) for s in series), default=0)
    lo = min((min(s) for s in series if s), default=0)
    hi = max((max(s) for s in series if s), default=1)
    lo, hi = min(lo, 0), max(hi, lo + 1)
    plot_w, plot_h = width - left - 10, height - bottom - top_pad

    def xy(k: int, v: int) -> tuple[float, float]:
        x = left + (plot_w * k / (steps - 1) if steps > 1 else plot_w / 2)
        return x, top_pad + plot_h * (hi - v) / (hi - lo)

    parts = [
        f'<line x1="{left}" y1="{top_pad + plot_h}" x2="{width - 10}" y2="{top_pad + plot_h}" class="chart-axis"/>',
        f'<line x1="{left}" y1="{top_pad}" x2="{left}" y2="{top_pad + plot_h}" class="chart-axis"/>',
        f'<text x="{left - 4}" y="{top_pad + 10}" text-anchor="end" class="chart-label">{esc(number(hi))}</text>',
        f'<text x="{left - 4}" y="{top_pad + plot_h}" text-anchor="end" class="chart-label">{esc(number(lo))}</text>',
    ]
    if x_labels:
        parts.append(
            f'<text x="{left}" y="{height - 6}" class="chart-label">{esc(x_labels[0])}</text>'
            f'<text x="{width - 10}" y="{height - 6}" text-anchor="end" class="chart-label">{esc(x_labels[-1])}</text>'
        )
    for i, values in enumerate(series):
        colour, dash = SERIES[i % len(SERIES)]
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(k, v) for k, v in enumerate(values)))
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5"'
            f"{attrs(stroke_dasharray=dash or None)}/>"
        )
        if values:
            x, y = xy(len(values) - 1, values[-1])
            parts.append(
                f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" fill="{colour}" class="chart-mark">{MARKERS[i % len(MARKERS)]}</text>'
            )
    # Each key is drawn in its line's colour by an SVG attribute: the app's CSP
    # (style-src 'self') refuses inline style attributes.
    legend = "".join(
        f'<li><svg class="chart-key" viewBox="0 0 14 14" width="14" height="14" aria-hidden="true">'
        f'<text x="7" y="12" text-anchor="middle" font-size="13" fill="{SERIES[i % len(SERIES)][0]}">'
        f"{MARKERS[i % len(MARKERS)]}</text></svg> {esc(name)}</li>"
        for i, name in enumerate(names)
    )
    svg = (
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img"{attrs(aria_label=title)}>'
        + "".join(parts)
        + "</svg>"
    )
    rows = [
        [x_labels[k] if k < len(x_labels) else str(k + 1)]
        + [number(s[k]) if k < len(s) else "" for s in series]
        for k in range(steps)
    ]
    caption = "<figcaption>" if titled else '<figcaption class="sr">'
    return (
        f'<figure class="chart-box">{caption}{esc(title)}</figcaption>{svg}'
        f'<ul class="chart-legend">{legend}</ul></figure>'
        + table(title, [x_head, *names], rows, summary)
    )


def progression(tr: Tr, names: list[str], rounds: list[list[int]], titled: bool = True) -> str:
    """A game's running totals after each round (``rounds[k][seat]``), a line per
    player with its table; "" for fewer than two rounds or a sheet that does not
    fit the seats. ``titled``: see :func:`lines`."""
    if len(rounds) < 2 or any(len(r) != len(names) for r in rounds):
        return ""
    return lines(
        tr("history.progression"),
        names,
        [[r[s] for r in rounds] for s in range(len(names))],
        [tr("history.round_n", n=k + 1) for k in range(len(rounds))],
        tr("stats.as_table"),
        tr("history.round"),
        titled,
    )


def running_totals(sheet: object, key: str) -> list[list[int]]:
    """The running totals of a game's score sheet (its view's ``sheet``), each
    line's ``key``; [] if none (a game names its key in its entry)."""
    out: list[list[int]] = []
    for line in sheet if isinstance(sheet, list) else []:
        totals = line.get(key) if isinstance(line, dict) else None
        if isinstance(totals, list) and all(isinstance(t, int) for t in totals):
            out.append(totals)
    return out

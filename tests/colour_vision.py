"""Colours as people with a colour vision deficiency see them, for tests on the
app's palettes.

The simulation is Machado, Oliveira and Fernandes' physiologically based model
("A Physiologically-based Model for Simulation of Color Vision Deficiency",
IEEE Transactions on Visualization and Computer Graphics 15(6), 2009): one 3x3
matrix per deficiency, applied to linear RGB. :data:`DICHROMACY` holds the
paper's matrices for severity 1.0 (protanopia, deuteranopia, tritanopia: the
colour is then seen with two kinds of cone, the hardest case). Distances are
CIE 1976 ΔE*ab in CIELAB (D65), contrast is WCAG 2's contrast ratio.
"""

from __future__ import annotations

import math
import re
from itertools import combinations

Matrix = tuple[tuple[float, float, float], ...]

#: Machado et al. 2009, table of simulation matrices, severity 1.0.
DICHROMACY: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

Linear = tuple[float, float, float]


def linear(hex_colour: str) -> Linear:
    """``#rgb`` or ``#rrggbb`` as linear-light RGB in 0..1 (the sRGB curve undone)."""
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    if not re.fullmatch(r"[0-9a-fA-F]{6}", h):
        raise ValueError(f"not a hex colour: {hex_colour!r}")

    def one(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (one(int(h[i : i + 2], 16)) for i in (0, 2, 4))
    return (r, g, b)


def simulate(colour: Linear, matrix: Matrix) -> Linear:
    """``colour`` as seen with the deficiency ``matrix`` models (clipped to the gamut)."""
    r, g, b = (
        min(1.0, max(0.0, sum(k * c for k, c in zip(row, colour, strict=True)))) for row in matrix
    )
    return (r, g, b)


def lab(colour: Linear) -> tuple[float, float, float]:
    """Linear sRGB to CIELAB, D65 white."""
    r, g, b = colour
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def seen(hex_colour: str) -> dict[str, tuple[float, float, float]]:
    """The colour in CIELAB for normal vision and for each dichromacy."""
    c = linear(hex_colour)
    return {"normal": lab(c)} | {name: lab(simulate(c, m)) for name, m in DICHROMACY.items()}


def closest_pair(colours: list[str]) -> tuple[float, str, str, str]:
    """The smallest ΔE*ab between two of ``colours`` over every vision: (ΔE, the
    vision, one colour, the other), so a failing test names the pair."""
    views = {c: seen(c) for c in colours}
    return min(
        (math.dist(views[a][v], views[b][v]), v, a, b)
        for a, b in combinations(colours, 2)
        for v in views[a]
    )


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21)."""

    def luminance(h: str) -> float:
        r, g, b_ = linear(h)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)

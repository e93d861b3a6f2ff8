"""Nothing is told apart by colour alone: each palette the app tells things apart by
(chart lines, avatars, Carta robada's marks) either stays apart in simulated
protanopia, deuteranopia and tritanopia (tests/colour_vision.py, Machado et al.
2009) or pairs every colour with its own shape or sign."""

from __future__ import annotations

import re
from pathlib import Path

from tests.colour_vision import closest_pair, contrast
from web.core import roster
from web.tables.carta_robada.cards import MARK_SIGN
from web.ui.kit import chart

CSS = (Path(__file__).resolve().parent.parent / "web/ui/style.css").read_text(encoding="utf-8")
#: The smallest ΔE*ab (CIE 1976) at which two line colours count as different at a
#: glance, in every vision: about five times a just-noticeable difference.
APART = 20.0


def panels() -> set[str]:
    """The panel colours of every theme (a chart is drawn on a panel)."""
    return set(re.findall(r"--panel:\s*(#[0-9a-fA-F]{3,6})", CSS))


def series_colours() -> list[str]:
    return [re.search(r"#[0-9a-fA-F]{3,6}", colour).group(0) for colour, _dash in chart.SERIES]  # type: ignore[union-attr]


def test_chart_lines_stay_apart_in_every_simulated_colour_blindness() -> None:
    distance, vision, a, b = closest_pair(series_colours())
    assert distance >= APART, f"{a} and {b} are {distance:.1f} apart in {vision}"


def test_chart_lines_stand_out_from_the_panel_in_both_themes() -> None:
    # WCAG 1.4.11: a graphic that carries meaning needs 3:1 against what is behind it.
    assert len(panels()) >= 2
    for panel in panels():
        for colour in series_colours():
            assert contrast(colour, panel) >= 3, (colour, panel)


def test_each_chart_line_has_its_own_dash_and_marker() -> None:
    dashes = [dash for _colour, dash in chart.SERIES]
    assert len(set(dashes)) == len(dashes)
    assert len(set(chart.MARKERS)) == len(chart.MARKERS) == len(chart.SERIES)


def test_avatars_too_alike_in_colour_differ_in_shape() -> None:
    # Eight dark discs under white shapes cannot all stay apart for a dichromat:
    # the shape is what tells them apart, so no two may share one.
    colours = [colour for colour, _shape in roster.AVATARS.values()]
    assert closest_pair(colours)[0] < APART  # (else this test would guard nothing)
    shapes = [shape for _colour, shape in roster.AVATARS.values()]
    assert len(set(shapes)) == len(shapes)


def test_every_coloured_carta_mark_has_its_own_sign() -> None:
    coloured = set(re.findall(r"\.card\.mark-([a-z]+)\s*\{[^}]*box-shadow", CSS))
    assert coloured and coloured <= set(MARK_SIGN)
    signs = [MARK_SIGN[m] for m in coloured]
    assert len(set(signs)) == len(signs)


def declarations(block: str) -> dict[str, str]:
    return dict(re.findall(r"(--[\w-]+):\s*([^;]+);", block))


def test_the_dark_theme_is_the_same_chosen_or_followed_from_the_system() -> None:
    """style.css writes the night colours twice (no CSS that says it once runs on
    Safari 16.4): for the system's dark mode and for the player's Dark."""
    system = re.search(
        r"@media \(prefers-color-scheme: dark\) \{\s*"
        r':root:not\(\[data-theme="light"\]\) \{([^}]*)\}',
        CSS,
    )
    chosen = re.search(r':root\[data-theme="dark"\] \{([^}]*)\}', CSS)
    assert system is not None and chosen is not None
    assert len(declarations(system.group(1))) >= 10
    assert declarations(system.group(1)) == declarations(chosen.group(1))

"""Abyss's house rules on the new-game form (``AbyssTable.OPTION_LABELS`` and
``OPTION_RANGES``), and told on the score sheet when they differ from the seed's."""

from __future__ import annotations

from engine.abyss import GAME
from engine.abyss.view import AbyssView
from web.core.i18n import Tr
from web.ui.kit.options import house_rules

#: Option -> catalog key of its label, in the form's order.
LABELS: dict[str, str] = {
    "target": "abyss.opt.end_score",
    "doubling": "abyss.opt.doubling",
    "swallow_columns": "abyss.opt.swallow_columns",
    "swallow_rows": "abyss.opt.swallow_rows",
    "start_flips": "abyss.opt.start_flips",
}
#: Number option -> (lowest, highest, step) on the form.
RANGES: dict[str, tuple[int, int, int]] = {"target": (10, 500, 10), "start_flips": (1, 6, 1)}
#: Number option -> the values offered one tap away (the stepper sets any other).
PRESETS: dict[str, tuple[int, ...]] = {"target": (50, 100, 150)}


def house_line(tr: Tr, view: AbyssView) -> str:
    """The house rules of this table, for the score sheet (the end score is in
    the sheet's caption already): "" with the seed's rules."""
    return house_rules(tr, LABELS, GAME.default_options, view["options"], skip=("target",))

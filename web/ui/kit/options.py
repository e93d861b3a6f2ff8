"""A table's options in words: the house rules a game is played with, as the
new-game form names them (``TableUI.OPTION_LABELS``), for the score sheet and
History. Only the options that differ from the game's defaults are told: a
game with the seed's rules says nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from web.core.html import esc
from web.core.i18n import Tr, number


def option_text(tr: Tr, label_key: str, value: Any) -> str:
    """ "Closer doubling: no", "End score: 50"."""
    if isinstance(value, bool):
        shown = tr("yes" if value else "no")
    elif isinstance(value, int):
        shown = number(value)
    else:
        shown = str(value)
    return tr("setup.option_value", label=tr(label_key), value=shown)


def changed(
    labels: Mapping[str, str], defaults: Mapping[str, Any], options: Any
) -> list[tuple[str, Any]]:
    """(name, value) of the offered options that ``options`` (a record's, maybe
    old or damaged: anything) sets away from ``defaults``, in the form's order."""
    if not isinstance(options, dict):
        return []
    return [
        (name, options[name])
        for name in labels
        if name in options and name in defaults and options[name] != defaults[name]
    ]


def house_rules(
    tr: Tr,
    labels: Mapping[str, str],
    defaults: Mapping[str, Any],
    options: Any,
    skip: tuple[str, ...] = (),
) -> str:
    """The line "House rules: Closer doubling: no · …" (HTML), or "" when the
    game follows the defaults; ``skip``: options told elsewhere."""
    rules = [
        option_text(tr, labels[name], value)
        for name, value in changed(labels, defaults, options)
        if name not in skip
    ]
    if not rules:
        return ""
    return f'<p class="meta house-rules">{esc(tr("options.house", rules=" · ".join(rules)))}</p>'

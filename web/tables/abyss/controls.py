"""Abyss's own controls: each ``data-action`` its table draws and
:func:`~web.tables.abyss.state.handle_ui` answers, declared once here, so a
rename is one line and a misspelt name fails at import."""

from __future__ import annotations

from web.core import actions
from web.core.actions import Action

ORDER = Action("order")  # the history sheet's order (``data-arg``: newest, oldest)
FOCUS = Action("focus")  # whose grid is drawn big (``data-arg``: the seat)
NEXT_ROUND = Action("next-round")  # the round's results seen (``data-arg``: the round)

#: Every control :func:`~web.tables.abyss.state.handle_ui` answers (``TableUI.ACTIONS``).
ACTIONS: tuple[Action, ...] = (actions.SHEET, ORDER, FOCUS, NEXT_ROUND, actions.HINT)

"""Dice bid's own controls: each ``data-action`` its table draws and
:func:`~web.tables.dice_bid.state.handle_ui` answers, declared once here, so a
rename is one line and a misspelt name fails at import."""

from __future__ import annotations

from web.core import actions
from web.core.actions import Action

SELECT = Action("select")  # a card of the hand picked before it is laid (``data-arg``: it)

#: Every control :func:`~web.tables.dice_bid.state.handle_ui` answers besides
#: the hand-off's (``TableUI.ACTIONS``).
ACTIONS: tuple[Action, ...] = (actions.SHEET, SELECT, actions.HINT)

"""Carta robada's own controls: each ``data-action`` its table draws and
:func:`~web.tables.carta_robada.state.handle_ui` answers, declared once here, so
a rename is one line and a misspelt name fails at import."""

from __future__ import annotations

from web.core import actions
from web.core.actions import Action

SHOW = Action("show")  # a private card face up (``data-arg``: whose)
HIDE = Action("hide")
SNAP_ASK = Action("snap-ask")  # SNAP!, asked again before it puts the player out
SNAP_NO = Action("snap-no")
RESULTS = Action("results")  # the last move seen: on to the results
LOOK_DONE = Action("look-done")  # a reveal put away for good
PEEK_SELECT = Action("psel")  # the first of two cards to peek at (``data-arg``: its place)
TARGET_SELECT = Action("tsel")  # the first target of a two-card action (``seat.place``)
ORDER_SELECT = Action("osel")  # the first card of a reorder (``seat.place``)
MODE = Action("mode")  # a zone's tool (``seat:cut``, ``seat:order``; again: off)

#: Every control :func:`~web.tables.carta_robada.state.handle_ui` answers
#: besides the hand-off's (``TableUI.ACTIONS``).
ACTIONS: tuple[Action, ...] = (
    actions.SHEET,
    SHOW,
    HIDE,
    SNAP_ASK,
    SNAP_NO,
    RESULTS,
    LOOK_DONE,
    PEEK_SELECT,
    TARGET_SELECT,
    ORDER_SELECT,
    MODE,
)

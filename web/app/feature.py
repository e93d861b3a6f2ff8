"""What the app's feature controllers share: a tap's handler and the one way
a controller lists the app controls it answers.

The App (:class:`web.app.controller.App`) composes its feature controllers
(saving, replays, records, the table, the new-game form, the players, the
settings); each owns its handlers and says which ``data-action`` names they
answer (:meth:`Feature.handlers`), so one action has one handler, checked when
the App is built.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from web.ui.session import Session

#: A tap's handler: the control's ``data-arg`` (None: it has none).
Handler = Callable[[str | None], None]

#: Whether a tap on a control that nothing answers raises :class:`UnknownAction`:
#: under test (``TAPETE_STRICT_ACTIONS=1``, which tests/conftest.py sets), so that
#: a control drawn with a renamed or misspelt action fails a test; on the page it
#: is let pass, as before (a tap is never worth a crash).
STRICT_ACTIONS = os.environ.get("TAPETE_STRICT_ACTIONS") == "1"


class UnknownAction(LookupError):
    """A ``data-action`` that no handler answers: not the mid end's, no feature's
    (``App.handlers``), not the table's (``TableUI.ACTIONS``, its hand-off's)."""


def unknown_action(action: str) -> None:
    """A tap on ``action``, which nothing answers: raises under test (see
    :data:`STRICT_ACTIONS`), else nothing."""
    if STRICT_ACTIONS:
        raise UnknownAction(f"no handler answers data-action={action!r}")


class Feature:
    """A part of the app's control, acting on the app's state (``app``)."""

    def __init__(self, app: Session) -> None:
        self.app = app

    def handlers(self) -> dict[str, Handler]:
        """``data-action`` name -> its handler, for the controls this part answers."""
        return {}

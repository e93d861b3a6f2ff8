"""What the app's feature controllers share: a tap's handler and the one way
a controller lists the app controls it answers.

The App (:class:`web.app.controller.App`) composes its feature controllers
(saving, replays, records, the table, the new-game form, the players, the
settings); each owns its handlers and says which ``data-action`` names they
answer (:meth:`Feature.handlers`), so one action has one handler, checked when
the App is built.
"""

from __future__ import annotations

from collections.abc import Callable

from web.ui.session import Session

#: A tap's handler: the control's ``data-arg`` (None: it has none).
Handler = Callable[[str | None], None]


class Feature:
    """A part of the app's control, acting on the app's state (``app``)."""

    def __init__(self, app: Session) -> None:
        self.app = app

    def handlers(self) -> dict[str, Handler]:
        """``data-action`` name -> its handler, for the controls this part answers."""
        return {}

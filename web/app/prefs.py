"""The Settings screen's controls, and the bot lab opened from it."""

from __future__ import annotations

from typing import Any

from web.app.feature import Feature, Handler
from web.app.saving import Saving
from web.core import actions, store
from web.ui.session import Session


class Prefs(Feature):
    """Settings (``app.settings``, saved at once) and the bot lab (``app.lab``)."""

    def __init__(self, app: Session, saving: Saving) -> None:
        super().__init__(app)
        self.saving = saving

    def handlers(self) -> dict[str, Handler]:
        return {actions.SET: self.set, actions.LAB: self.lab}

    def set(self, arg: str | None) -> None:
        """A settings change: ``name=value``."""
        app = self.app
        name, _, raw = (arg or "").partition("=")
        setting = next((s for s in app.known_settings if s.name == name), None)
        if setting is None:
            return
        value: Any = raw
        if isinstance(setting.default, bool):
            value = raw == "true"
        if value in setting.values:
            before = app.tr
            app.settings[name] = value
            store.save_settings(app.storage, app.settings)
            if name == "lang" and app.table is not None:
                # a default name ("Player 2") follows the language; a chosen one stays
                for table in (app.table, app.paused):
                    for i, seat in enumerate(table.seats if table is not None else []):
                        if seat.name == before("seat.default", n=i + 1):
                            seat.name = app.tr("seat.default", n=i + 1)
                self.saving.save()

    def lab(self, arg: str | None) -> None:
        """A tap on the bot lab (:meth:`web.core.lab.Lab.handle`); ``open``: the
        lab from Settings (its Back returns there, Settings' Back where it did)."""
        if arg == "open":
            if self.app.screen != "botlab":
                self.app.push("botlab")
            return
        self.app.lab.handle(arg or "", self.app.new_seed())

    def lab_step(self) -> bool:
        """One slice of the bot lab's run (the mid end calls it from a timer
        while :attr:`Lab.running`); whether the page should be drawn again:
        the lab is on screen, or the run just ended."""
        moved = self.app.lab.step()
        return moved and (self.app.screen == "botlab" or not self.app.lab.running)

"""The Players screen's controls: the players kept on the device
(:mod:`web.core.roster`) renamed, given an avatar, merged or deleted."""

from __future__ import annotations

from web.app.feature import Feature, Handler
from web.core import actions, roster


class People(Feature):
    """What the Players screen holds between taps is its state
    (``app.state_of("players")``, :class:`~web.ui.session.Screen`)."""

    def handlers(self) -> dict[str, Handler]:
        return {actions.PLAYER: self.player}

    def draft(self, arg: str | None, value: str) -> None:
        """A player's new name being typed (kept until the rename is tapped)."""
        if arg:
            self.app.state_of("players").setdefault("draft", {})[arg] = str(value)[:200]

    def player(self, arg: str | None) -> None:
        """``rename:ID`` (its field's text), ``avatar:ID:A``, ``merge:ID`` /
        ``merge-into:ID:TO`` (/ ``merge-yes:ID:TO`` when the two sat in one game:
        asked first), ``delete:ID`` / ``delete-yes:ID``, ``cancel``."""
        storage = self.app.storage
        what, _, rest = (arg or "").partition(":")
        pid, _, other = rest.partition(":")
        ui = self.app.state_of("players")
        ui.pop("error", None)
        ui["merge"] = pid if what == "merge" else None
        ui["delete"] = pid if what == "delete" else None
        ui["merge_ask"] = None
        ui["avatar"] = pid if what == "avatar" else None  # its picker stays open
        if what == "rename" and pid in ui.get("draft", {}):
            error = roster.rename(storage, pid, ui["draft"][pid])
            if error is not None:
                ui["error"] = (pid, error)
                self.app.effects.append("vibrate")
            else:
                ui.get("draft", {}).pop(pid, None)
        elif what == "avatar":
            roster.set_avatar(storage, pid, other)
        elif what == "merge-into" and roster.shared_games(storage, pid, other):
            ui["merge_ask"] = [pid, other]
        elif what in ("merge-into", "merge-yes"):
            roster.merge(storage, pid, other)
        elif what == "delete-yes":
            roster.delete(storage, pid)

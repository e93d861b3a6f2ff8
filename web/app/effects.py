"""Which effects a redraw plays (:mod:`web.ui.kit.motion`): those of the table's last
action, once, and a "your turn" cue when the phone changes hands or a human's
turn comes after a bot's move. The mid end (:mod:`web.app.midend`) keeps one
:class:`Stage` and hands what it answers to the page in its frames."""

from __future__ import annotations

from typing import TYPE_CHECKING

from web.ui.kit import motion

if TYPE_CHECKING:
    from web.app.controller import App

#: Animation speed setting in force -> duration factor (web/shell/motion.js; 0: none).
SPEEDS = {"slow": 1.8, "normal": 1.0, "fast": 0.5, "off": 0.0}


class Stage:
    """What the table on screen showed at the last draw."""

    def __init__(self) -> None:
        #: (table, its move count, its hand-overs) at the last draw: what is new since.
        self.shown: tuple[object, int, int] | None = None
        #: A bot's move is being drawn (after bot moves, a human's turn gets a cue).
        self.bot_moved = False

    def effects(self, app: App) -> list[motion.Effect]:
        """The effects of what changed on the table since the last call (none for
        a new screen, a new table, a replay or a redraw without a move)."""
        table = app.table if app.screen == "table" else None
        bot_moved, self.bot_moved = self.bot_moved, False
        if table is None or table.replay is not None:
            self.shown = None
            return []
        handovers = int(table.ui.get("handovers", 0))
        before, self.shown = self.shown, (table, table.state.moves, handovers)
        if before is None or before[0] is not table or before[1] == table.state.moves:
            return []
        since = table.ui.get("fresh_from")
        out = app.entries[table.game_id].table.motion(table, since if isinstance(since, int) else 0)
        if table.game.result(table.state) is None and (
            handovers != before[2]
            or (
                bot_moved
                and app.bot_turn() is None
                and any(table.seats[s].kind == "human" for s in table.game.actors(table.state))
            )
        ):
            out.append(motion.your_turn())
        return out


def sounds(effects: list[motion.Effect]) -> dict[str, int]:
    """Each sound of ``effects`` once, with the delay of its first card (ms)."""
    out: dict[str, int] = {}
    for e in effects:
        if e["sound"]:
            out.setdefault(e["sound"], e["delay"])
    return out

"""The dice game's :class:`~web.ui.table_ui.TableUI`: the hooks the app calls, each
one answered by the module of its concern (state, draw)."""

from __future__ import annotations

from typing import ClassVar

from engine.dice_bid.view import typed
from web.core.actions import Action
from web.core.model import Table
from web.tables.dice_bid import controls, draw, log, motion, state
from web.ui.kit import handoff
from web.ui.table_ui import GameTable, Parts


class DiceBidTable(GameTable):
    PARTS = Parts(
        draw.body, log.moves, state.handle_ui, controls.ACTIONS, state.after_move, motion.derive
    )
    OPEN_CARDS = True  # a finished game's replay can show every hand (its game's open_view)
    OPTION_LABELS: ClassVar[dict[str, str]] = {
        "force_negative": "dice.opt.force_negative",
        "prize_cards": "dice.opt.prize_cards",
        "tiebreak": "dice.opt.tiebreak",
    }
    HANDOFF_ACTIONS: ClassVar[tuple[Action, ...]] = handoff.ACTIONS

    def seat_up(self, table: Table) -> int | None:
        """The seat the hand-off screen waits for, if it is up."""
        seat, handoff = state.moment(table, typed(table.game.view(table.state, None)))
        return seat if handoff else None

    def private_on_screen(self, table: Table) -> bool:
        """A picker's moment drawn for them (no hand-off first): their pick in the
        making is on the screen (the reroll is public); or the card the phone's one
        person laid, shown to them until the reveal."""
        view = typed(table.game.view(table.state, None))
        seat, handoff = state.moment(table, view)
        if view["phase"] == "bid" and state.own_pick(table) is not None:
            return True
        return seat is not None and not handoff and view["phase"] == "bid"

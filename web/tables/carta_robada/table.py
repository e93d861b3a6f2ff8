"""Carta robada's :class:`~web.ui.table_ui.TableUI`: the hooks the app calls, each
one answered by the module of its concern: whose moment it is and the UI state
(``state``), the bots' pacing and the cut tie window (``pacing``), the drawing
(``draw``, ``zones``, ``cards``)."""

from __future__ import annotations

from typing import ClassVar

from engine.bot import Player, Thought
from web.core.actions import Action
from web.core.model import Host, Table
from web.tables.carta_robada import controls, draw, log, motion, pacing, state
from web.ui.kit import handoff
from web.ui.table_ui import GameTable, Parts


class CartaRobadaTable(GameTable):
    PARTS = Parts(
        draw.body, log.moves, state.handle_ui, controls.ACTIONS, state.after_move, motion.derive
    )
    OPEN_CARDS = True  # a finished game's replay can show every hand (its game's open_view)
    HANDOFF_ACTIONS: ClassVar[tuple[Action, ...]] = handoff.ACTIONS
    # the tie window of the last cut, the head start on the open card, and the
    # seats whose look, open on their own phone, holds play
    SHARED_UI: ClassVar[tuple[str, ...]] = ("cut", "opened", "phone_looks")

    def reopen(self, table: Table) -> None:
        super().reopen(table)
        state.reopen(table)

    def seat_up(self, table: Table) -> int | None:
        """The seat the hand-off screen waits for, if it is up (not the phone's
        holder, which only a hand-off gives)."""
        mom = state.moment(table, state.view_of(table, None))
        return mom["seat"] if mom is not None and mom["handoff"] else None

    def private_on_screen(self, table: Table) -> bool:
        """A seat's moment drawn for its owner (no hand-off first): the moment's
        controls, and with one human at the table its value, are on the screen."""
        mom = state.moment(table, state.view_of(table, None))
        return mom is not None and not mom["handoff"]

    def holds_bots(self, table: Table) -> bool:
        """A look open on this screen: the bots wait until it is put away."""
        mom = state.moment(table, state.view_of(table, None))
        return mom is not None and mom["kind"] == "look" and not mom["handoff"]

    def redraw_ms(self, app: Host, table: Table) -> int | None:
        return pacing.tie_closes_ms(table, app.now())

    def waits_for(self, table: Table) -> list[int]:
        return pacing.flow_seats(state.view_of(table, None))

    def arrive(
        self, app: Host, table: Table, seat: int, action: str, move: int, at: float
    ) -> tuple[str, int]:
        return pacing.arrive(table, seat, action, move, at)

    def settle(self, app: Host, table: Table) -> None:
        pacing.settle(app, table)

    def bot_plan(self, app: Host, table: Table) -> tuple[int, int] | None:
        return pacing.bot_plan(app, table)

    def bot_act(self, app: Host, table: Table, seat: int, bot: Player) -> str | None:
        return pacing.bot_act(app, table, seat, bot)

    def bot_think(self, app: Host, table: Table, seat: int, bot: Player) -> Thought | None:
        """A move in the game's flow is thought in slices while its pause runs (the
        expert searches there); a cut is None: it is aimed at the top the bot sees
        when its reaction time is up, so it is decided then (:func:`pacing.bot_act`)."""
        if seat not in pacing.flow_seats(state.view_of(table, None)):
            return None
        thought = super().bot_think(app, table, seat, bot)
        return None if thought is None else pacing.flow_thought(table, seat, thought)

"""Abyss's :class:`~web.ui.table_ui.TableUI`: the hooks the app calls, each one
answered by the module of its concern (state, draw)."""

from __future__ import annotations

from typing import ClassVar

from engine.abyss.view import typed
from web.core.model import Host, Table
from web.tables.abyss import controls, draw, log, motion, options, state
from web.ui.kit.handoff import elsewhere, humans
from web.ui.kit.movelog import MoveLog
from web.ui.table_ui import GameTable, Parts


class AbyssTable(GameTable):
    PARTS = Parts(
        draw.body, log.moves, state.handle_ui, controls.ACTIONS, state.after_move, motion.derive
    )
    OPTION_LABELS: ClassVar[dict[str, str]] = options.LABELS
    OPTION_RANGES: ClassVar[dict[str, tuple[int, int, int]]] = options.RANGES
    OPTION_PRESETS: ClassVar[dict[str, tuple[int, ...]]] = options.PRESETS

    def last_moves(self) -> MoveLog:
        return log.latest

    def results_round(self, table: Table) -> int | None:
        view = typed(table.game.view(table.state, None))
        last = view["last_round"]
        showing = state.round_end_showing(view, table.ui)
        return last["round"] if showing and last is not None else None

    def replay_moved(self, table: Table, to_deal: bool) -> bool:
        last = typed(table.game.view(table.state, None))["last_round"]
        if to_deal and last is not None:
            table.ui["ack_round"] = last["round"]
            return True
        table.ui.pop("ack_round", None)
        return False

    def seat_up(self, table: Table) -> int | None:
        """The human whose moment it is (their grid drawn large, or, while their
        controls are held after the hand-over, the grid just played on)."""
        view = typed(table.game.view(table.state, None))
        seat = state.up_seat(view, table.ui, elsewhere(table))
        if seat in view["actors"] and table.seats[seat].kind == "human":
            return seat
        return None

    def hold_ms(self, table: Table) -> int:
        """A person's last opening flip is seen on their grid a while longer
        (:data:`state.FLIPPED_MS`) before the next person's grid comes."""
        return state.FLIPPED_MS if state.opening_look(table) else super().hold_ms(table)

    def bot_plan(self, app: Host, table: Table) -> tuple[int, int] | None:
        """The default plan, except while a round's results are up at a table
        with a human: a bot's first flip would close them, so the bots wait until
        a human taps Continue (a table of bots only goes on by itself)."""
        view = typed(table.game.view(table.state, None))
        if humans(table) and state.round_end_showing(view, table.ui):
            return None
        return super().bot_plan(app, table)

"""Carta robada: what one drawing of the table needs, computed once."""

from __future__ import annotations

from typing import Any

from engine.carta_robada.view import CartaView
from web.core.model import Host, Table
from web.tables.carta_robada.pacing import tie_open
from web.tables.carta_robada.state import revealed
from web.ui.kit.handoff import humans


class Context:
    """What one drawing of the table needs, computed once."""

    def __init__(self, app: Host, table: Table, pub: CartaView, mom: dict[str, Any] | None) -> None:
        self.app = app
        self.tr = app.tr
        self.table = table
        self.pub = pub
        self.mom = mom
        self.names = table.names
        self.move = table.state.moves
        self.replay = table.replay is not None
        self.locked = False  # a hand-off screen is up: only public gestures (cuts, reorders)
        self.people = humans(table)
        # A private look is open: nothing on the table answers but the look's own
        # controls (the turn may have passed already; it waits until the look is put away).
        self.inert = mom is not None and mom["kind"] == "look" and not mom["handoff"]
        # So does one open on another phone once play is on (each phone looks at its
        # own opening cards meanwhile): web/app/seatview.py notes whose.
        away = [s for s in table.ui.get("phone_looks") or () if s not in self.people]
        self.inert = self.inert or (bool(away) and pub["phase"] != "peek")
        self._legal: dict[int, tuple[str, ...]] = {}
        self.seen = revealed(table, mom)
        # "Cards on the table" in a finished game's replay: every tendido face up
        self.open = any(t["cards"] is not None for t in pub["tendidos"])
        for t in pub["tendidos"]:
            self.seen.update(((t["seat"], i), c) for i, c in enumerate(t["cards"] or ()))
        fresh_from = table.ui.get("fresh_from")
        self.fresh = [e for e in pub["events"] if fresh_from is not None and e["n"] >= fresh_from]

    def legal(self, seat: int) -> tuple[str, ...]:
        if self.replay or seat not in self.people:
            return ()
        if seat not in self._legal:
            legal = self.table.game.legal(self.table.state, seat)
            # A tie tap after the window is refused (pacing.arrive): offer none then.
            if not tie_open(self.table, seat, self.app.now()):
                legal = tuple(a for a in legal if not a.startswith("tied:"))
            self._legal[seat] = legal
        return self._legal[seat]

    @property
    def tools_live(self) -> bool:
        """Whether the zones' tools (cut, reorder) answer: not in a replay nor
        during a private look. A hand-off holds only its seat's moment: the bots
        may cut while the phone changes hands, so every human may too."""
        return not (self.replay or self.inert)

    @property
    def turn_human(self) -> int | None:
        t = self.pub["turn"]
        if self.pub["phase"] == "play" and t in self.people:
            return t
        return None

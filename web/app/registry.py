"""The registry: every game's entry (:class:`web.ui.entry.GameEntry`), in the home screen's
order. The one module that names the games' tables; the worker's entry (web/shell/worker.py)
hands it, through :class:`~web.app.wire.Wire`, to the :class:`~web.app.controller.App` (and
tests may hand the app a registry of their own). It follows the engine's one registration
(``engine.GAMES``: the games and their order): an entry missing here, or one of a game the
engine does not register, fails at import."""

from __future__ import annotations

from engine import in_game_order
from web.tables.abyss import entry as abyss
from web.tables.carta_robada import entry as carta_robada
from web.tables.dice_bid import entry as dice_bid
from web.ui.entry import GameEntry, by_id

ENTRIES: dict[str, GameEntry] = in_game_order(
    "web.app.registry.ENTRIES", by_id((abyss.ENTRY, carta_robada.ENTRY, dice_bid.ENTRY))
)

"""The registry: every game's entry (:class:`web.entry.GameEntry`), in the home
screen's order. The one module that names the games; ``web.main`` hands it to the
:class:`~web.app.App` (and tests may hand the app a registry of their own)."""

from __future__ import annotations

from web.entry import GameEntry, by_id
from web.tables.abyss import entry as abyss
from web.tables.carta_robada import entry as carta_robada
from web.tables.dice_bid import entry as dice_bid

ENTRIES: dict[str, GameEntry] = by_id((abyss.ENTRY, carta_robada.ENTRY, dice_bid.ENTRY))

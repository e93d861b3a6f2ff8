"""The tags a seat's heading carries on every table."""

from __future__ import annotations

from web.core.html import esc
from web.core.i18n import Tr, bot_level
from web.core.model import Seat, Table


def bot_busy(tr: Tr, table: Table, name: str, thinking: str) -> str:
    """What a bot's moment says in a table's status: the game's ``thinking``
    line ("Ana is thinking…"), or, while the app holds the bots
    (:attr:`Table.held`), that the bot waits for the player."""
    return tr("table.bot_held", name=name) if table.held else tr(thinking, name=name)


def bot_tag(tr: Tr, seat: Seat) -> str:
    """A bot's tag, "⚙ Bot: hard" in the player's language (the same words as the
    new-game form's seat control); nothing for a human."""
    if seat.kind != "bot":
        return ""
    words = tr("setup.bot", level=bot_level(tr, seat.level or ""))
    return f' <span class="tag bot"><span aria-hidden="true">⚙</span> {esc(words)}</span>'

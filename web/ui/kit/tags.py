"""The tags a seat's heading carries on every table."""

from __future__ import annotations

from web.core.html import esc
from web.core.i18n import Tr, bot_level
from web.core.model import Seat


def bot_tag(tr: Tr, seat: Seat) -> str:
    """A bot's tag, "⚙ Bot: hard" in the player's language (the same words as the
    new-game form's seat control); nothing for a human."""
    if seat.kind != "bot":
        return ""
    words = tr("setup.bot", level=bot_level(tr, seat.level or ""))
    return f' <span class="tag bot"><span aria-hidden="true">⚙</span> {esc(words)}</span>'

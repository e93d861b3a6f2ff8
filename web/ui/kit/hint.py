"""The Hint button and line (the tables whose engine offers a hint): what the
hard bot would play for the seat that asked, and why, for this move only."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.bot import Hint, View
from web.core import actions
from web.core.html import button, esc
from web.core.model import Table


def hint_asked(table: Table, seat: int) -> bool:
    """Whether ``seat`` asked for a hint at this very move (the next move hides it)."""
    return table.ui.get("hint") == [seat, table.state.moves]


def ask_hint(table: Table, seat: int) -> None:
    """Remember who asked at which move: the hint never follows the phone to
    another seat nor outlives the move it was asked at."""
    table.ui["hint"] = [seat, table.state.moves]


#: A game's hint (its engine's ``bots.hint``): a seat's view and legal actions ->
#: what the hard bot would play and why.
HintOf = Callable[[View, Sequence[str]], Hint]


def bot_hint(hint: HintOf, table: Table, seat: int, legal: tuple[str, ...]) -> Hint | None:
    """What the game's ``hint`` says for ``seat``, reading only that seat's own
    view: ``(action, reason_key, params)``, or None where there is no hint."""
    if table.replay is not None or not legal or table.seats[seat].kind == "bot":
        return None
    try:
        return hint(table.game.view(table.state, seat), legal)
    except ValueError:
        return None


def hint_button(label: str) -> str:
    """The Hint button (a UI action: nothing is played)."""
    return button(
        f'<span aria-hidden="true">✦</span> {esc(label)}', actions.HINT, cls="btn small hint-btn"
    )


def hint_html(what: str, why: str) -> str:
    """The hint's line: the move in words, then the one-line why."""
    return f'<p class="hint-line" role="status"><strong>{esc(what)}</strong> {esc(why)}</p>'

"""The move log: what happened at a table, in words.

A game's ``web/tables/<game>/log.py`` turns the events of the **public** view
(``game.view(state, None)["events"]``: what the whole table saw, never a
private reveal) into :class:`Move` sentences; its :class:`~web.ui.table_ui.TableUI`
hands them out through ``move_log``. This module draws them: the line that says
what the last action did (under the table's status), the "Moves" menu item and
the sheet that lists the game's moves so far, newest first, during play and
once it is over.
"""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from html import unescape

from web.core import actions
from web.core.html import button, esc
from web.core.i18n import Tr
from web.core.model import Host, Table
from web.ui.kit.frame import sheet, table_foot


@dataclass(frozen=True)
class Move:
    """One sentence of the log: ``n`` is the index, in the game's event log, of
    the event it tells (a sentence may tell several; then of the last one)."""

    n: int
    text: str


#: ``(tr, table, since) -> moves``: the sentences of the public events numbered
#: ``since`` or later, oldest first (a game's ``log.moves``).
MoveLog = Callable[[Tr, Table, int], "list[Move]"]


def fresh(table: Table) -> int | None:
    """Where the events of the last applied action start (None: nothing was
    applied since the table was drawn from a save)."""
    since = table.ui.get("fresh_from")
    return since if isinstance(since, int) else None


def last_move(app: Host, table: Table, log: MoveLog) -> str:
    """The line that says what the last action did ("Bot cut with position 2: 5"),
    the same words as the log's newest entries; a tap on it opens the Moves
    sheet. Drawn from a save (a reload, a resume: no action applied since), the
    log's last sentence, what happened last, rather than an empty line; empty
    before the game's first move. A polite live region, so a screen reader says
    each move once when its words change (a redraw that keeps them is silent),
    unless the player's ``announce`` setting keeps it to the turn and results; the
    same words twice in a row are said twice."""
    tr = app.tr
    since = fresh(table)
    if since is not None:
        moves = log(tr, table, since)
    else:
        moves = log(tr, table, 0)[-1:] if table.state.moves else []
    text = " ".join(m.text for m in moves)
    if text and table.state.moves % 2:
        # Two actions in a row may say the same words (the same two cards swapped
        # again): a space at the end of every other move keeps the region's text new,
        # so a screen reader says the second one too; a redraw keeps it and is silent.
        # The line keeps its spaces (style.css: pre-wrap), and a space at the end of a
        # line hangs there: it never adds a line, as a no-break space would.
        text += " "
    # The words are the region's own text, and the tap target an empty button laid
    # over them (style.css), described by them (said on focus): a screen reader may
    # say a named control inside a live region as a whole object, or not at all
    # (Orca says nothing when a button's name changes there), where it says a
    # changed text.
    opens = button(
        "",
        actions.SHEET,
        arg="moves",
        cls="last-move-btn",
        aria_label=tr("moves.all"),
        aria_describedby="last-move-text",
        aria_haspopup="dialog",
    )
    words = f'<span class="last-move-text" id="last-move-text">{esc(text)}</span>'
    inner = words + opens if text else ""
    live = "off" if turns_only(app) else "polite"
    return f'<p class="last-move" role="status" aria-live="{live}">{inner}</p>'


def turns_only(app: Host) -> bool:
    """Whether the player keeps the screen reader to their turns and the results
    (the ``announce`` setting), rather than every move."""
    return app.settings.get("announce") == "mine"


def status_live(app: Host, bots_moment: bool) -> str:
    """The ``aria-live`` of a table's status (whose moment it is, what they may
    do): polite, but off while only bots may act (``bots_moment``) when the player
    keeps the screen reader to their turns and the results."""
    return "off" if bots_moment and turns_only(app) else "polite"


#: What ends a status line's sentence already: no full stop is read after it.
ENDS = ".!?…:"


def status_region(live: str, lines: list[tuple[str, str]]) -> str:
    """A table's status, a live region (``aria-live`` ``live``, from
    :func:`status_live`) that a screen reader says whole and once at each change.
    Its ``lines`` (a class and its HTML each: who, what, the table's facts) are
    drawn one under the other, but none is an object of its own for the reader
    (``role=none``): Orca said a changed line alone and then the whole region
    again, whatever its ``aria-atomic``. Between a line with words and the next,
    a full stop (none after a line that ends its sentence) and a no-break space
    that only a reader hears (a plain space at a line's edge is dropped from the
    words read); its box is drawn empty between other lines, so the region's
    nodes keep their places (web/shell/sync.js)."""
    parts, before = [], ""
    for i, (cls, html) in enumerate(lines):
        words = unescape(re.sub(r"<[^>]+>", "", html)).strip()
        if i:
            stop = "" if not (words and before) else "&nbsp;" if before[-1] in ENDS else ".&nbsp;"
            parts.append(f'<span class="sr">{stop}</span>')
        parts.append(f'<p class="{cls}" role="none">{html}</p>')
        before = words or before
    return (
        f'<section class="status" aria-live="{live}" aria-atomic="true">{"".join(parts)}</section>'
    )


def moves_item(tr: Tr) -> str:
    """The menu's "Moves" item: opens the move log sheet."""
    return button(esc(tr("moves.title")), actions.SHEET, arg="moves", cls="btn wide")


def moves_sheet(tr: Tr, moves: list[Move]) -> str:
    """The sheet listing ``moves`` (oldest first as given), newest first."""
    if not moves:
        body = f'<p class="move-log-empty">{esc(tr("moves.empty"))}</p>'
    else:
        items = "".join(f'<li data-n="{m.n}">{esc(m.text)}</li>' for m in reversed(moves))
        body = f'<p class="move-log-note">{esc(tr("moves.newest_first"))}</p><ol class="move-log" reversed>{items}</ol>'
    return sheet(tr, "moves", tr("moves.title"), body)


def foot(app: Host, table: Table, log: MoveLog | None, first: str = "") -> str:
    """The table's foot (:func:`~web.ui.kit.frame.table_foot`) with "Moves" first in
    the menu and the moves sheet when it is open (``log`` None: the plain foot);
    ``first``: the table's own menu items, after "Moves"."""
    if log is None:
        return table_foot(app, table, menu_first=first)
    tr = app.tr
    if table.ui.get("sheet") == "moves":
        return table_foot(app, table) + moves_sheet(tr, log(tr, table, 0))
    return table_foot(app, table, menu_first=moves_item(tr) + first)

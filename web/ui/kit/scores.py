"""A game's end on every table: the final ranking, and the buttons on from there."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from web.core import actions
from web.core.html import button, esc
from web.core.i18n import Tr, number
from web.core.model import Table
from web.ui.kit import chart
from web.ui.kit.export import export_control


def ranking(
    tr: Tr, names: list[str], totals: list[int], winners: list[int], lowest_wins: bool
) -> str:
    """The final ranking: places (ties share a place), totals, the winners marked
    by a word and a crown, not by colour alone."""
    order = sorted(range(len(names)), key=lambda s: totals[s] if lowest_wins else -totals[s])
    rows = []
    place = 0
    prev = None
    for i, s in enumerate(order):
        if totals[s] != prev:
            place, prev = i + 1, totals[s]
        won = s in winners
        badge = f' <span class="win-badge">♛ {esc(tr("end.winner"))}</span>' if won else ""
        rows.append(
            f'<li class="rank{" won" if won else ""}" data-seat="{s}"><span class="place">{place}</span>'
            f'<span class="who">{esc(names[s])}{badge}</span>'
            f'<span class="total" data-total="{totals[s]}">{esc(number(totals[s]))}</span></li>'
        )
    return f'<ol class="ranking" aria-label="{esc(tr("end.ranking"))}">{"".join(rows)}</ol>'


def winner_names(names: list[str], winners: list[int]) -> str:
    """The winners' names as one phrase ("Ana, Ben")."""
    return ", ".join(names[s] for s in winners)


def verdict(tr: Tr, names: list[str], winners: list[int], shared: bool | None = None) -> str:
    """The game's verdict line, announced to screen readers (``data-say``: it comes
    with a new screen, web/shell/said.js): who won, or who shares the win
    (``shared`` defaults to more than one winner; the dice game decides it from its
    own result)."""
    key = "end.shared" if (len(winners) > 1 if shared is None else shared) else "end.wins"
    return f'<p class="verdict" role="status" data-say>♛ {esc(tr(key, names=winner_names(names, winners)))}</p>'


def end_buttons(tr: Tr, table: Table, totals: list[list[int]]) -> str:
    """A finished game's way on: a rematch (not from a replay), the record, home;
    above them its score sheet's running ``totals`` (the game's entry says how to
    read them from its view), if it has two rounds or more. On a guest's phone only
    the score sheet: the host's phone holds the record and starts a rematch."""
    if table.guest:
        return progression_folded(tr, table, totals)
    phones = [s.name for s in table.seats if s.kind == "phone"]
    # A rematch keeps the phones linked (a new game asks for new codes): it names them.
    label = tr("phones.rematch", names=", ".join(phones)) if phones else tr("end.rematch")
    rematch = button(esc(label), actions.REMATCH, cls="btn primary big")
    return (
        progression_folded(tr, table, totals)
        + (rematch if table.replay is None else "")
        + export_control(tr, table)
        + button(esc(tr("end.home")), actions.HOME, cls="btn")
    )


def progression_folded(tr: Tr, table: Table, totals: list[list[int]]) -> str:
    """The finished game's totals round by round (web/ui/kit/chart.py), folded under
    its title, for a game with a score sheet of two rounds or more."""
    drawn = chart.progression(tr, table.names, totals, titled=False)
    if not drawn:
        return ""
    return (
        f'<details class="progression"><summary>{esc(tr("history.progression"))}</summary>'
        f"{drawn}</details>"
    )

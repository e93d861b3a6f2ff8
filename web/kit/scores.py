"""The final ranking every table shows at a game's end."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from web.html import esc
from web.i18n import Tr


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
            f'<span class="total" data-total="{totals[s]}">{esc(totals[s])}</span></li>'
        )
    return f'<ol class="ranking" aria-label="{esc(tr("end.ranking"))}">{"".join(rows)}</ol>'

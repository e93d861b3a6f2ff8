"""Carta robada: the cut row beside the discard. One ✂ per human who may cut
now, named; once a ✂ is armed, that seat's face-down cards by position. The
whole cut (✂, then the card) is then in reach next to the card it is aimed at,
however far down the table its owner's zone lies (an action card's panel, four
zones, a hand-off before a draw push the zones below a phone's fold). The
zone's own cards answer an armed ✂ too (``zones.cell_action``)."""

from __future__ import annotations

from web.core.html import button, esc
from web.tables.carta_robada import controls
from web.tables.carta_robada.context import Context
from web.ui.kit.frame import game_button


def _cut_of(legal: tuple[str, ...], pos: int) -> str | None:
    """The cut a tap on card ``pos`` plays: a cut, or a tie within the window."""
    for action in (f"cut:{pos}", f"tied:{pos}"):
        if action in legal:
            return action
    return None


def cut_row(ctx: Context) -> str:
    """The humans' ✂ (the zone's ``mode`` tool ``seat:cut``) and an armed
    seat's cards to cut with; empty when nobody at the phone may cut."""
    if not ctx.tools_live:
        return ""
    tr, names = ctx.tr, ctx.names
    modes = ctx.table.ui.get("modes") or {}
    tools: list[str] = []
    picks: list[str] = []
    for s in ctx.people:
        legal = ctx.legal(s)
        if not any(a.startswith(("cut:", "tied:")) for a in legal):
            continue
        armed = modes.get(str(s)) == "cut"
        tools.append(
            button(
                f'<span aria-hidden="true">✂</span> <span class="cut-name">{esc(names[s])}</span>',
                controls.MODE,
                arg=f"{s}:cut",
                cls="btn small tool cut-tool",
                aria_pressed="true" if armed else "false",
                aria_label=tr("cr.tool.cut_of", name=names[s]),
                id=f"cut-{s}",
            )
        )
        if armed:
            picks.append(_picks(ctx, s, legal))
    if not tools:
        return ""
    return (
        f'<div class="cut-row" role="group" aria-label="{esc(tr("cr.tool.cut"))}">'
        f"{''.join(tools)}</div>{''.join(picks)}"
    )


def _picks(ctx: Context, s: int, legal: tuple[str, ...]) -> str:
    """Seat ``s``'s face-down cards by position, each a tap that cuts with it."""
    tr = ctx.tr
    cells = []
    for pos in range(ctx.pub["tendidos"][s]["count"]):
        action = _cut_of(legal, pos)
        if action is None:
            continue
        where = tr("cr.pos", n=pos + 1)
        cells.append(
            game_button(
                f'<span aria-hidden="true">{pos + 1}</span>',
                s,
                action,
                ctx.move,
                cls="card back cut-pick actionable",
                aria_label=f"{tr('cr.cell.down', where=where)}. {tr('cr.tap.cut')}",
                id=f"cutpick-{s}-{pos}",
            )
        )
    hint = tr("cr.tool.cut_pick", name=ctx.names[s])
    return (
        f'<div class="cut-picks" role="group" aria-label="{esc(hint)}">'
        f'<p class="tool-hint">{esc(hint)}</p>'
        f'<div class="cut-pick-cards">{"".join(cells)}</div></div>'
    )

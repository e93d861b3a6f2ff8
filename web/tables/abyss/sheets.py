"""Abyss: the round end, the score sheet and the history sheet."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from typing import Any

from engine.abyss.view import AbyssView, typed
from web.core.html import attrs, button, esc
from web.core.i18n import Tr
from web.core.model import Host, Table
from web.tables.abyss import controls
from web.tables.abyss.options import house_line
from web.tables.abyss.state import SOURCE, band, num, sheet_totals, where
from web.ui.kit.frame import sheet
from web.ui.kit.scores import end_buttons, ranking, verdict

# -- the end of a round, the end of the game ---------------------------------


def doubling_text(tr: Tr, line: dict[str, Any], names: list[str], doubling: bool = True) -> str:
    """What the round's end did to the closer's score; ``doubling``: whether the
    table plays the doubling (a house rule may turn it off)."""
    closer = line["closer"]
    if closer is None:
        return ""
    raw = line["raw"]
    mine = raw[closer]
    if not doubling:
        return tr("abyss.not_doubled_rule", name=names[closer], score=mine)
    if line["doubled"]:
        rival = min((s for s in range(len(raw)) if s != closer), key=lambda s: (raw[s], s))
        return tr(
            "abyss.doubled",
            name=names[closer],
            score=mine,
            other=names[rival],
            other_score=raw[rival],
            doubled=line["scores"][closer],
        )
    if mine <= 0:
        return tr("abyss.not_doubled_low", name=names[closer], score=mine)
    return tr("abyss.not_doubled", name=names[closer], score=mine)


def round_end(app: Host, table: Table, view: AbyssView) -> str:
    tr = app.tr
    names = table.names
    over = view["phase"] == "over"
    last = view["last_round"]
    assert last is not None  # the results of a round are drawn once one was scored
    n = view["players"]
    parts = ['<section class="round-end" aria-labelledby="round-end-title">']
    if over:
        result = view["result"]
        assert result is not None  # the game is over
        winners = result["winners"]
        parts.append(f'<h2 id="round-end-title">{esc(tr("abyss.game_over"))}</h2>')
        parts.append(verdict(tr, names, winners))
        parts.append(ranking(tr, names, result["scores"], winners, lowest_wins=True))
    else:
        # said once as the summary comes up (web/shell/said.js), with the banner below
        parts.append(
            f'<h2 id="round-end-title" data-say>{esc(tr("abyss.round_over", n=last["round"]))}</h2>'
        )
    if last is not None:
        # What the final reveal did: cards turned over, columns swallowed at the reveal.
        end_n = max((e["n"] for e in view["events"] if e["type"] == "round_end"), default=None)
        revealed: dict[int, set[int]] = {}
        swallowed_at_reveal: dict[int, set[int]] = {}
        for e in view["events"]:
            if end_n is not None and e["n"] < end_n:
                if e["type"] == "reveal":
                    revealed.setdefault(e["seat"], set()).update(e["positions"])
                elif e["type"] == "swallow":
                    swallowed_at_reveal.setdefault(e["seat"], set()).update(e["positions"])
        dbl = doubling_text(tr, last, names, view["options"]["doubling"])
        if dbl:
            say = "" if over else " data-say"  # at the game's end the verdict is said
            parts.append(
                f'<p class="banner doubling{" hit" if last["doubled"] else ""}"{say}>{esc(dbl)}</p>'
            )
        # The legend is drawn once the grids are (below), and only over a card that
        # was turned at the end: a swallowed place is an empty slot, not a turned card.
        legend_at = len(parts)
        parts.append('<ul class="minis reveal">')
        turned = False
        for s in range(n):
            cells = []
            for p, v in enumerate(last["grids"][s]):
                here = where(tr, p)
                if v is None:
                    at_reveal = p in swallowed_at_reveal.get(s, set())
                    key = "abyss.cell.gone_reveal" if at_reveal else "abyss.cell.gone"
                    cls = "card mini gone" + (" at-reveal" if at_reveal else "")
                    cells.append(
                        f'<div class="{cls}" role="img"{attrs(aria_label=tr(key, where=here))}></div>'
                    )
                else:
                    late = p in revealed.get(s, set())
                    turned = turned or late
                    key = "abyss.cell.revealed" if late else "abyss.cell.up"
                    cls = f"card mini up {band(v)}" + (" revealed" if late else "")
                    cells.append(
                        f'<div class="{cls}" role="img"{attrs(aria_label=tr(key, where=here, card=num(v)))}>'
                        f'<span class="face">{esc(num(v))}</span></div>'
                    )
            tag = ""
            if last["closer"] == s:
                tag = f' <span class="tag">⚑ {esc(tr("abyss.closer"))}</span>'
            score = last["scores"][s]
            raw = last["raw"][s]
            shown = (
                tr("abyss.round_score_doubled", raw=raw, n=score)
                if score != raw
                else tr("abyss.round_score", n=score)
            )
            parts.append(
                f'<li class="other" data-seat="{s}"><h3 class="seat-head small"><span class="seat-name">{esc(names[s])}</span>{tag}'
                f'<span class="seat-stats" data-round-score="{score}">{esc(shown)}</span></h3>'
                f'<div class="grid mini" role="group"{attrs(aria_label=tr("abyss.grid_of", name=names[s]))}>{"".join(cells)}</div></li>'
            )
        parts.append("</ul>")
        if turned:
            parts.insert(legend_at, f'<p class="meta">{esc(tr("abyss.reveal_legend"))}</p>')
        parts.append(score_sheet(tr, view, names))
    parts.append('<div class="actions">')
    if over:
        parts.append(
            end_buttons(tr, table, sheet_totals(typed(table.game.view(table.state, None))))
        )
    else:
        parts.append(
            button(
                esc(tr("abyss.next_round", n=view["round"])),
                controls.NEXT_ROUND,
                arg=last["round"],
                cls="btn primary big",
                autofocus=True,
            )
        )
    parts.append("</div></section>")
    return "".join(parts)


def score_sheet(tr: Tr, view: AbyssView, names: list[str]) -> str:
    """Players down, rounds across (it stays narrow with eight players)."""
    sheet_lines = view["sheet"]
    # Without doubling (a house rule), the legend does not explain a ×2 never shown.
    legend = (
        "abyss.sheet.legend" if view["options"]["doubling"] else "abyss.sheet.legend_no_doubling"
    )
    head = "".join(
        f'<th scope="col">{esc(tr("abyss.sheet.round", n=line["round"]))}</th>'
        for line in sheet_lines
    )
    rows = []
    for s, name in enumerate(names):
        cells = []
        for line in sheet_lines:
            score = line["scores"][s]
            mark = ""
            if line["closer"] == s:
                mark = " ⚑"
            if line["doubled"] and line["closer"] == s:
                mark += f' <abbr title="{esc(tr("abyss.sheet.doubled"))}">×2</abbr>'
            cells.append(f"<td>{esc(score)}{mark}</td>")
        rows.append(
            f'<tr><th scope="row">{esc(name)}</th>{"".join(cells)}'
            f'<td class="total" data-seat="{s}" data-total="{view["totals"][s]}"><strong>{esc(view["totals"][s])}</strong></td></tr>'
        )
    return (
        f'<div class="table-wrap"><table class="score-sheet"><caption>{esc(tr("abyss.sheet", target=view["target"]))}</caption>'
        f'<thead><tr><th scope="col">{esc(tr("history.player"))}</th>{head}<th scope="col">{esc(tr("abyss.sheet.total"))}</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
        f'<p class="meta">{esc(tr(legend))}</p>' + house_line(tr, view)
    )


# -- the discard history -------------------------------------------------------


def history_sheet(tr: Tr, view: AbyssView, names: list[str], order: str) -> str:
    discard = view["discard"]
    entries = list(enumerate(discard["history"]))
    if order == "newest":
        entries.reverse()
    parts = []
    if discard["history"] and discard["history"][0]["source"] == "kept":
        parts.append(
            f'<p class="banner reshuffle" role="note">{esc(tr("abyss.history.reshuffled"))}</p>'
        )
    toggle = (
        f'<div class="segmented" role="group" aria-label="{esc(tr("abyss.history.order_label"))}">'
        + button(
            esc(tr("abyss.history.newest")),
            controls.ORDER,
            arg="newest",
            cls="btn small seg",
            aria_pressed="true" if order == "newest" else "false",
        )
        + button(
            esc(tr("abyss.history.oldest")),
            controls.ORDER,
            arg="oldest",
            cls="btn small seg",
            aria_pressed="true" if order == "oldest" else "false",
        )
        + "</div>"
    )
    parts.append(
        f'<div class="row between"><p class="meta">{esc(tr("abyss.history.count", n=len(entries)))}</p>{toggle}</div>'
    )
    items = []
    for i, e in entries:
        v = e["value"]
        who = names[e["seat"]] if e["seat"] is not None and e["seat"] < len(names) else ""
        src = tr(SOURCE.get(e["source"], "abyss.src.deal"), name=who)
        if e["taken"]:
            src += " · " + tr("abyss.src.taken")
        items.append(
            f'<li class="hist-item"><span class="card chip up {band(v)}" aria-hidden="true"><span class="face">{esc(num(v))}</span></span>'
            f'<span class="hist-text"><span class="sr">{esc(tr("abyss.history.item", n=i + 1, card=num(v)))}</span>'
            f'<span class="src">{esc(src)}</span></span></li>'
        )
    parts.append(
        f'<ol class="hist-list" aria-label="{esc(tr("abyss.history.cards"))}">{"".join(items)}</ol>'
    )
    counts = []
    for c in discard["counts"]:
        v = c["value"]
        # Cards, not passages: a card taken back and discarded again is one card.
        # ``visible``: in the discard now (swallowed columns included), face up
        # in a grid or in hand.
        got = min(c["visible"], c["deck"])
        full = " all" if got >= c["deck"] else ""
        counts.append(
            f'<li class="count{full}"><span class="card chip up {band(v)}" aria-hidden="true"><span class="face">{esc(num(v))}</span></span>'
            f'<span class="count-text"><span class="sr">{esc(num(v))}: </span>'
            f"{esc(tr('abyss.history.of', n=got, deck=c['deck']))}</span></li>"
        )
    parts.append(
        f'<h3>{esc(tr("abyss.history.counts"))}</h3><p class="meta">{esc(tr("abyss.history.counts_help"))}</p>'
        f'<ul class="counts">{"".join(counts)}</ul>'
    )
    return sheet(tr, "history", tr("abyss.history.title"), "".join(parts))

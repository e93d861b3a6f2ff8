"""Abyss: the whole table screen, its status line and hint line."""

from __future__ import annotations

from typing import Any

from web.html import esc, region
from web.i18n import Tr
from web.kit.frame import table_bar
from web.kit.hint import bot_hint, hint_asked, hint_button, hint_html
from web.kit.movelog import foot, last_move
from web.model import Host, Table
from web.tables.abyss import log
from web.tables.abyss.cards import big_grid, others, piles
from web.tables.abyss.sheets import history_sheet, round_end
from web.tables.abyss.state import (
    STARTER_REASON,
    decimal,
    focus_seat,
    no_turn_yet,
    num,
    prompt_text,
    round_end_showing,
    where,
)


def render(app: Host, table: Table) -> str:
    tr = app.tr
    game, state = table.game, table.state
    view = game.view(state, None)
    ui = table.ui
    names = table.names
    replay = table.replay is not None
    move = state.moves
    focus = focus_seat(view, ui)
    is_bot = table.seats[focus].kind == "bot"
    legal: tuple[str, ...] = ()
    if not replay and not is_bot and focus in view["actors"]:
        legal = game.legal(state, focus)
    view["_legal"] = {focus: list(legal)}
    view["_fresh_from"] = ui.get("fresh_from")
    heading = (
        esc(tr("game.abyss.name"))
        + f' <span class="round">{esc(tr("abyss.round", n=view["round"]))}</span>'
    )
    if replay:
        heading = esc(tr("replay.title")) + " · " + heading
    parts = [table_bar(app, table, heading)]
    parts.append(f'<main class="table abyss players-{view["players"]}">')
    if round_end_showing(view, ui):
        parts.append(round_end(app, table, view))
    else:
        # Regions: a move usually changes the status, the piles, the large grid
        # and one compact grid; the browser morphs only what changed.
        regions = app.regions
        parts.append(
            region(
                regions,
                "rg-status",
                '<div class="region" id="rg-status">'
                + status(tr, view, focus, names, is_bot, replay)
                + hint_row(tr, table, focus, legal)
                + last_move(tr, table, log.moves)
                + "</div>",
            )
        )
        parts.append(region(regions, "rg-piles", piles(tr, view, legal, focus, move, names)))
        parts.append(region(regions, "rg-mine", big_grid(tr, view, focus, names, legal, move)))
        parts.append(others(tr, view, focus, names, replay, regions))
    parts.append("</main>")
    parts.append(foot(app, table, log.moves))
    if ui.get("sheet") == "history":
        parts.append(history_sheet(tr, view, names, ui.get("order", "newest")))
    return "".join(parts)


def status(
    tr: Tr, view: dict[str, Any], focus: int, names: list[str], is_bot: bool, replay: bool
) -> str:
    who, what = prompt_text(tr, view, focus, names, is_bot and not replay)
    banners = []
    starter = view["starter"]
    if view["phase"] == "turn" and starter is not None and no_turn_yet(view):
        s = starter["seat"]
        reason = tr(
            STARTER_REASON[starter["reason"]],
            sum=starter["sums"][s],
            card=num(starter["highs"][s]),
        )
        banners.append(
            f'<p class="banner starter"><span aria-hidden="true">★</span> '
            f"{esc(tr('abyss.starter', name=names[s], reason=reason))}</p>"
        )
    if view["closer"] is not None and view["phase"] == "turn":
        left = view["last_turns"]
        closer = names[view["closer"]]
        if len(left) <= 3:
            text = tr("abyss.last_turns", name=closer, rest=", ".join(names[s] for s in left))
        else:
            text = tr("abyss.last_turns_many", name=closer, n=len(left))
        banners.append(
            f'<p class="banner last-turns" role="note"><span aria-hidden="true">⚑</span> '
            f"{esc(text)}</p>"
        )
    if view["phase"] == "flips":
        waiting = [names[s] for s in view["actors"]]
        banners.append(
            f'<p class="banner flips">{esc(tr("abyss.flips_banner", names=", ".join(waiting)))}</p>'
        )
    return (
        f'<section class="status" aria-live="polite"><p class="who">{esc(who)}</p>'
        f'<p class="what">{esc(what)}</p></section>' + "".join(banners)
    )


def hint_row(tr: Tr, table: Table, seat: int, legal: tuple[str, ...]) -> str:
    """The Hint button for the human whose move it is (never a bot's turn nor a
    replay: ``legal`` is empty then), and the hint once asked for."""
    if not legal or table.replay is not None or table.seats[seat].kind == "bot":
        return ""
    shown = hint_line(tr, table, seat, legal) if hint_asked(table, seat) else ""
    return f'<div class="hint-row">{hint_button(tr("abyss.hint"))}{shown}</div>'


def hint_line(tr: Tr, table: Table, seat: int, legal: tuple[str, ...]) -> str:
    """What the hard bot would do, and why, from this seat's own view only."""
    found = bot_hint(table, seat, legal)
    if found is None:
        return ""
    action, key, params = found
    verb, _, arg = action.partition(":")
    if verb == "flip":
        what = tr("abyss.hint.flip", where=where(tr, int(arg)).lower())
    elif verb == "place":
        what = tr("abyss.hint.place", where=where(tr, int(arg)).lower())
    elif verb == "take":
        what = tr("abyss.hint.take")
    elif verb == "draw":
        what = tr("abyss.hint.draw")
    else:
        what = tr("abyss.hint.discard")
    values: dict[str, Any] = dict(params)
    for name in ("value", "top", "replaced"):
        if values.get(name) is not None:
            values[name] = num(int(values[name]))
    if "pos" in values:
        values["pos"] = where(tr, int(values["pos"])).lower()
    if "column" in values:
        values["column"] = int(values["column"]) + 1
    if "mean" in values:
        values["mean"] = decimal(tr, float(values["mean"]))
    if key == "hint.abyss.draw" and params.get("top") is None:
        key = "abyss.hint.why_empty"  # nothing on the discard to weigh
    why = tr(key, **values)  # hint.abyss.<one of engine.bots.HINT_REASONS["abyss"]>
    return hint_html(what, why)

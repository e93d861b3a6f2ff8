"""Abyss: the whole table screen, its status line and hint line."""

from __future__ import annotations

from typing import Any

from engine.abyss import bots as engine_bots
from engine.abyss.view import AbyssView, typed
from web.core import actions
from web.core.html import button, esc, region, region_box
from web.core.i18n import Tr
from web.core.model import Host, Table
from web.tables.abyss.cards import big_grid, fresh_spots, others, piles
from web.tables.abyss.sheets import history_sheet, round_end, score_sheet
from web.tables.abyss.state import (
    STARTER_REASON,
    decimal,
    focus_seat,
    num,
    opening_look,
    prompt_text,
    round_end_showing,
    up_seat,
    where,
)
from web.ui.kit import handoff
from web.ui.kit.frame import sheet, slot
from web.ui.kit.hint import bot_hint, hint_asked, hint_button, hint_html
from web.ui.kit.movelog import status_live, status_region
from web.ui.kit.tags import bot_tag
from web.ui.table_ui import Body


def body(app: Host, table: Table) -> Body:
    """The Abyss table inside its frame (:meth:`TableUI.render`)."""
    tr = app.tr
    game, state = table.game, table.state
    view = typed(game.view(state, None))
    ui = table.ui
    names = table.names
    replay = table.replay is not None
    move = state.moves
    elsewhere = handoff.elsewhere(table)
    focus = focus_seat(view, ui, elsewhere)
    # whose moment it is (the status, the piles, the Hint): the turn's seat, even
    # while the grid of the seat that just moved stays large (state.after_move)
    up = up_seat(view, ui, elsewhere)
    # A bot's move that passed the turn to a person stays on the board through the
    # hold: the status names that bot too (the board's seat, not yet the next
    # person), and no cue lies over its grid, where its cards are still landing.
    bot_board = focus != up and table.seats[focus].kind == "bot" and table.seats[up].kind == "human"
    is_bot = table.seats[up].kind == "bot"
    legal: tuple[str, ...] = ()  # a seat on another phone plays there: no controls here
    if not replay and table.seats[up].kind == "human" and up in view["actors"]:
        legal = game.legal(state, up)
    # the spots the last action changed (drawn fresh), from the app's UI state
    fresh = fresh_spots(view, ui.get("fresh_from"))
    tags = [bot_tag(tr, seat) for seat in table.seats]
    # While a round's results cover the table, the heading (and a replay's bar,
    # web/ui/kit/frame.py) names the round that ended, not the one just dealt.
    showing = round_end_showing(view, ui)
    last = view["last_round"]
    results = last["round"] if showing and last is not None else None
    shown = tr("abyss.round", n=results or view["round"])
    heading = esc(tr("game.abyss.name")) + f' <span class="round">{esc(shown)}</span>'
    parts = []
    regions: dict[str, str] = {}
    status_html: str | None = None
    under = ""
    if showing:
        parts.append(round_end(app, table, view))
    else:
        # Regions: a move usually changes the status, the piles, the large grid
        # and one compact grid; the browser morphs only what changed. The frame
        # puts the status, its Hint row and the last move in "rg-status".
        status_html = (
            status(tr, view, table, focus, False, idle=True, live=status_live(app, True))
            if bot_board
            else status(tr, view, table, up, is_bot, replay, legal, status_live(app, is_bot))
        )
        under = hint_row(tr, table, up, legal)
        hint = hint_button(tr("abyss.hint")) if hint_offered(table, up, legal) else ""
        parts.append(region(regions, "rg-piles", piles(tr, view, legal, up, move, names, hint)))
        # the turn just passed to this human (a cue over the grid drawn large)
        held = up if ui.get("guard") and up == ui.get("up") and not bot_board else None
        parts.append(
            region(
                regions,
                "rg-mine",
                big_grid(
                    tr,
                    view,
                    focus,
                    names,
                    legal if focus == up else (),
                    move,
                    fresh,
                    held,
                    tags[focus],
                    look=held is not None and opening_look(table),
                ),
            )
        )
        parts.append(region_box(regions, "rg-flips", flips_banner(tr, view, names)))
        parts.append(others(tr, view, focus, names, replay, fresh, regions, tags))
    scores = button(esc(tr("history.details")), actions.SHEET, arg="scores", cls="btn wide")
    open_sheet = ""
    if ui.get("sheet") == "history":
        open_sheet = history_sheet(tr, view, names, ui.get("order", "newest"))
    elif ui.get("sheet") == "scores":
        open_sheet = sheet(tr, "scores", tr("history.details"), score_sheet(tr, view, names))
    return Body(
        heading,
        "".join(parts),
        "abyss",
        menu=scores,
        sheet=open_sheet,
        regions=regions,
        status=status_html,
        under_status=under,
        status_region="rg-status",
    )


def status(
    tr: Tr,
    view: AbyssView,
    table: Table,
    focus: int,
    is_bot: bool,
    idle: bool,
    legal: tuple[str, ...] = (),
    live: str = "polite",
) -> str:
    """Whose moment it is and what they may do (``legal``: the seat's actions;
    ``idle``: nothing to do now: a replay, or a bot's move still on the board;
    ``live``: its ``aria-live``, :func:`~web.ui.kit.movelog.status_live`)."""
    who, what = prompt_text(tr, view, table, focus, is_bot and not idle, legal)
    names = table.names
    what = "" if idle else what
    banners = []
    starter = view["starter"]
    if view["phase"] == "turn" and starter is not None and starters_turn(view):
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
    return status_region(live, [("who", esc(who)), ("what", esc(what))]) + slot("".join(banners))


def starters_turn(view: AbyssView) -> bool:
    """Whether the round's starter, just named, is still on their first turn:
    the banner that says why stays until the turn passes (not only until their
    first action, so that drawing a card moves nothing on the screen)."""
    events = view["events"]
    named = max((e["n"] for e in events if e["type"] == "starter"), default=None)
    if named is None:
        return False
    seat = view["starter"]["seat"]
    return view["turn"] == seat and all(e.get("seat") == seat for e in events if e["n"] > named)


def flips_banner(tr: Tr, view: AbyssView, names: list[str]) -> str:
    """Who still has to flip at the round's start. It goes under the large grid,
    by the compact grids it tells about: at eight seats it is four lines."""
    if view["phase"] != "flips":
        return ""
    waiting = ", ".join(names[s] for s in view["actors"])
    return f'<p class="banner flips">{esc(tr("abyss.flips_banner", names=waiting))}</p>'


def hint_offered(table: Table, seat: int, legal: tuple[str, ...]) -> bool:
    """The Hint button is for the human whose move it is (never a bot's turn nor
    a replay: ``legal`` is empty then)."""
    return bool(legal) and table.replay is None and table.seats[seat].kind != "bot"


def hint_row(tr: Tr, table: Table, seat: int, legal: tuple[str, ...]) -> str:
    """The hint once asked for (its button sits with the piles)."""
    if not hint_offered(table, seat, legal) or not hint_asked(table, seat):
        return ""
    return f'<div class="hint-row">{hint_line(tr, table, seat, legal)}</div>'


def hint_line(tr: Tr, table: Table, seat: int, legal: tuple[str, ...]) -> str:
    """What the hard bot would do, and why, from this seat's own view only."""
    found = bot_hint(engine_bots.hint, table, seat, legal)
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

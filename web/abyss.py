"""The Abyss table: the grid of the player whose moment it is, large; the others
compact; the piles; what to do now in words; the round and game ends.

Nothing in Abyss is private, so the table draws from the table's view
(``view(state, None)``) and there are no hand-off screens. Every card is an
element whose accessible name says what a sighted player sees ("Row 2,
column 3: 7", "face down", "swallowed").
"""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from web.html import attrs, button, esc, region
from web.tables import (
    ask_hint,
    bot_hint,
    game_button,
    hint_asked,
    hint_button,
    hint_html,
    menu_sheet,
    ranking,
    replay_bar,
    sheet,
    table_bar,
)

if TYPE_CHECKING:
    from web.app import App, Table
    from web.i18n import Tr

ROWS, COLUMNS = 3, 4
OPTION_LABELS = {"target": "abyss.opt.target"}
OPTION_RANGES = {"target": (10, 500, 10)}

STARTER_REASON = {
    "sum": "abyss.starter.sum",
    "highest_card": "abyss.starter.highest_card",
    "seat_order": "abyss.starter.seat_order",
}
SOURCE = {
    "deal": "abyss.src.deal",
    "replaced": "abyss.src.replaced",
    "drawn": "abyss.src.drawn",
    "swallow": "abyss.src.swallow",
    "kept": "abyss.src.kept",
}
#: The hint's one-line reasons (keys named by engine.bots.abyss.hint, docs/bots.md).
HINT_WHY = {
    "hint.abyss.start_column": "hint.abyss.start_column",
    "hint.abyss.take": "hint.abyss.take",
    "hint.abyss.draw": "hint.abyss.draw",
    "hint.abyss.flip_nothing_better": "hint.abyss.flip_nothing_better",
    "hint.abyss.flip": "hint.abyss.flip",
    "hint.abyss.flip_pair": "hint.abyss.flip_pair",
    "hint.abyss.close": "hint.abyss.close",
    "hint.abyss.discard": "hint.abyss.discard",
    "hint.abyss.discard_and_close": "hint.abyss.discard_and_close",
    "hint.abyss.place_swallow": "hint.abyss.place_swallow",
    "hint.abyss.place_pair": "hint.abyss.place_pair",
    "hint.abyss.place_hidden": "hint.abyss.place_hidden",
    "hint.abyss.place_replace": "hint.abyss.place_replace",
    "hint.abyss.place_and_close": "hint.abyss.place_and_close",
}


def num(value: int) -> str:
    """A card value as printed on the card: a real minus sign."""
    return f"−{-value}" if value < 0 else str(value)


def band(value: int) -> str:
    """Colour family of a value, as on real cards (the number is always shown too)."""
    if value < 0:
        return "v-neg"
    if value == 0:
        return "v-zero"
    if value <= 4:
        return "v-low"
    if value <= 8:
        return "v-mid"
    return "v-high"


def where(tr: Tr, pos: int) -> str:
    return tr("abyss.where", row=pos // COLUMNS + 1, col=pos % COLUMNS + 1)


# -- UI state ------------------------------------------------------------------


def handle_ui(table: Table, action: str, arg: str | None) -> None:
    ui = table.ui
    if action == "sheet":
        ui["sheet"] = arg or None
    elif action == "order":
        ui["order"] = "oldest" if arg == "oldest" else "newest"
    elif action == "focus":
        try:
            ui["focus"] = int(arg or "")
        except ValueError:
            ui.pop("focus", None)
    elif action == "next-round":
        with contextlib.suppress(ValueError):
            ui["ack_round"] = int(arg or "")
    elif action == "hint":
        ask_hint(table, focus_seat(table.game.view(table.state, None), ui))


def after_move(table: Table) -> None:
    """Keep the focus on a seat that still has something to do; the hint is gone."""
    table.ui.pop("hint", None)
    focus = table.ui.get("focus")
    if focus is not None and focus not in table.game.actors(table.state):
        table.ui.pop("focus", None)


# -- what is going on -----------------------------------------------------------


def focus_seat(view: dict[str, Any], ui: dict[str, Any]) -> int:
    """The seat whose grid is drawn large."""
    if view["phase"] == "turn":
        return view["turn"]
    if view["phase"] == "flips":
        actors = view["actors"]
        if ui.get("focus") in actors:
            return ui["focus"]
        if actors:
            return actors[0]
    return 0


def round_end_showing(view: dict[str, Any], ui: dict[str, Any]) -> bool:
    """The summary of the round just scored stays up until someone moves on,
    and until the new round's first flip."""
    last = view["last_round"]
    if view["phase"] == "over":
        return True
    if last is None or ui.get("ack_round") == last["round"]:
        return False
    events = view["events"]
    deal = max((e["n"] for e in events if e["type"] == "deal"), default=None)
    return deal is not None and not any(e["type"] == "flip" and e["n"] > deal for e in events)


def prompt_text(
    tr: Tr, view: dict[str, Any], seat: int, names: list[str], bot: bool
) -> tuple[str, str]:
    """(who, what) in words: whose moment it is, and what they may do now."""
    name = names[seat]
    prompt = view["prompts"][seat]
    top = view["discard"]["top"]
    pending = view["pending"]
    if view["phase"] == "flips":
        who = tr("abyss.who.flips", name=name)
        left = view["grids"][seat]["flips_left"]
        what = tr("abyss.do.flip_two") if left == 2 else tr("abyss.do.flip_one")
    else:
        who = tr("abyss.who.turn", name=name)
        if prompt == "choose":
            what = (
                tr("abyss.do.choose", card=num(top))
                if top is not None
                else tr("abyss.do.choose_empty")
            )
        elif prompt == "place_taken":
            what = tr("abyss.do.place_taken", card=num(pending["value"]))
        elif prompt == "place_or_discard":
            if "discard" in _legal_of(view, seat):
                what = tr("abyss.do.place_or_discard", card=num(pending["value"]))
            else:
                what = tr("abyss.do.place_drawn", card=num(pending["value"]))
        elif prompt == "flip_after_discard":
            what = tr("abyss.do.flip_after_discard")
        else:
            what = ""
    if bot:
        what = tr("abyss.do.bot", name=name)
    return who, what


def _legal_of(view: dict[str, Any], seat: int) -> list[str]:
    return view.get("_legal", {}).get(seat, [])


# -- drawing ---------------------------------------------------------------------


def render(app: App, table: Table) -> str:
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
                + "</div>",
            )
        )
        parts.append(region(regions, "rg-piles", piles(tr, view, legal, focus, move, names)))
        parts.append(region(regions, "rg-mine", big_grid(tr, view, focus, names, legal, move)))
        parts.append(others(tr, view, focus, names, replay, regions))
    parts.append("</main>")
    if replay:
        parts.append(replay_bar(app, table))
    which = ui.get("sheet")
    if which == "menu":
        parts.append(menu_sheet(app, table))
    elif which == "history":
        parts.append(history_sheet(tr, view, names, ui.get("order", "newest")))
    return "".join(parts)


def status(
    tr: Tr, view: dict[str, Any], focus: int, names: list[str], is_bot: bool, replay: bool
) -> str:
    who, what = prompt_text(tr, view, focus, names, is_bot and not replay)
    banners = []
    starter = view["starter"]
    if view["phase"] == "turn" and starter is not None and _no_turn_yet(view):
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


def decimal(tr: Tr, value: float) -> str:
    """One decimal, with the decimal comma in Spanish and French."""
    text = f"{value:.1f}"
    return text if tr.lang.startswith("en") else text.replace(".", ",")


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
    why = tr(HINT_WHY.get(key, key), **values)
    return hint_html(what, why)


def _no_turn_yet(view: dict[str, Any]) -> bool:
    events = view["events"]
    last_starter = max((e["n"] for e in events if e["type"] == "starter"), default=None)
    if last_starter is None:
        return False
    return not any(e["n"] > last_starter for e in events)


def piles(
    tr: Tr, view: dict[str, Any], legal: tuple[str, ...], seat: int, move: int, names: list[str]
) -> str:
    discard = view["discard"]
    top = discard["top"]
    deck_label = tr("abyss.deck", n=view["draw_pile"])
    deck_face = f'<span class="pile-count">{view["draw_pile"]}</span>'
    if "draw" in legal:
        deck = game_button(
            deck_face,
            seat,
            "draw",
            move,
            cls="card pile deck back actionable",
            aria_label=tr("abyss.deck.draw", n=view["draw_pile"]),
            id="deck",
        )
    else:
        deck = f'<button type="button" disabled{attrs(class_="card pile deck back", aria_label=deck_label, id="deck")}>{deck_face}</button>'
    if top is None:
        disc = f'<div class="card pile empty" role="img"{attrs(aria_label=tr("abyss.discard.empty"))}></div>'
    else:
        face = f'<span class="face">{esc(num(top))}</span>'
        cls = f"card pile up {band(top)}"
        if "take" in legal:
            disc = game_button(
                face,
                seat,
                "take",
                move,
                cls=cls + " actionable",
                aria_label=tr("abyss.discard.take", card=num(top)),
                id="discard-top",
            )
        else:
            label = tr("abyss.discard.top", card=num(top))
            disc = f'<button type="button" disabled{attrs(class_=cls, aria_label=label, id="discard-top")}>{face}</button>'
    pending = view["pending"]
    hand = ""
    if pending is not None:
        v = pending["value"]
        src = (
            tr("abyss.hand.from_discard")
            if pending["from"] == "discard"
            else tr("abyss.hand.from_deck")
        )
        discard_btn = ""
        if "discard" in legal:
            discard_btn = game_button(
                esc(tr("abyss.hand.discard")), seat, "discard", move, cls="btn discard-it"
            )
        hand = (
            f'<div class="hand"><div class="card up in-hand {band(v)}" role="img"'
            f"{attrs(aria_label=tr('abyss.hand', card=num(v), name=names[pending['seat']]))}>"
            f'<span class="face">{esc(num(v))}</span></div>'
            f'<p class="pile-label">{esc(src)}</p>{discard_btn}</div>'
        )
    seen = len(discard["history"])
    hist = button(
        f'<span aria-hidden="true">☰</span> {esc(tr("abyss.history.open", n=seen))}',
        "sheet",
        arg="history",
        cls="btn small history-btn",
        aria_haspopup="dialog",
    )
    return (
        '<section class="piles" id="rg-piles">'
        f'<div class="pile-slot"><p class="pile-label" aria-hidden="true">{esc(tr("abyss.deck.label"))}</p>{deck}</div>'
        f'<div class="pile-slot"><p class="pile-label" aria-hidden="true">{esc(tr("abyss.discard.label"))}</p>{disc}</div>'
        f'{hand}<div class="pile-tools">{hist}</div></section>'
    )


def card_cell(
    tr: Tr,
    cell: dict[str, Any],
    seat: int,
    legal: tuple[str, ...],
    move: int,
    pending: int | None,
    swallowed_value: int | None,
    *,
    mini: bool = False,
    fresh: bool = False,
) -> str:
    """One space of a grid. In the large grid every space is a button (disabled
    when it has no action now), so redraws keep the same element and only a card
    that just moved animates; the compact grids are pictures."""
    pos = cell["pos"]
    here = where(tr, pos)
    state = cell["state"]
    extra = " fresh" if fresh else ""
    if state == "gone":
        label = tr("abyss.cell.gone", where=here)
        cls = "card gone" + extra
        face = (
            f'<span class="face">{esc(num(swallowed_value))}</span>'
            if swallowed_value is not None
            else ""
        )
    elif state == "hidden":
        label = tr("abyss.cell.hidden", where=here)
        cls = "card back" + extra
        face = ""
    else:
        value = cell["value"]
        label = tr("abyss.cell.up", where=here, card=num(value))
        cls = f"card up {band(value)}" + extra
        face = f'<span class="face">{esc(num(value))}</span>'
    if mini:
        # No inner span: seven compact grids are most of the table's nodes.
        text = esc(num(cell["value"])) if state == "up" else ""
        return f'<div class="{cls} mini" role="img" aria-label="{esc(label)}">{text}</div>'
    for action, key in ((f"place:{pos}", "abyss.act.place"), (f"flip:{pos}", "abyss.act.flip")):
        if action in legal:
            name = label + ". " + tr(key, card=num(pending) if pending is not None else "")
            return game_button(
                face,
                seat,
                action,
                move,
                cls=cls + " actionable",
                aria_label=name,
                data_pos=pos,
                id=f"card-{pos}",
            )
    return (
        f'<button type="button" disabled{attrs(class_=cls, aria_label=label, data_pos=pos, id=f"card-{pos}")}>'
        f"{face}</button>"
    )


#: Compact grids change only when their seat plays: their HTML is kept by content.
_MINI_CACHE: dict[tuple[Any, ...], str] = {}


def mini_cells(tr: Tr, cells: list[dict[str, Any]], gone: dict[int, int], fresh: set[int]) -> str:
    """The twelve pictures of a compact grid, drawn once per distinct content."""
    key = (
        tr.lang,
        tuple((c["state"], c["value"]) for c in cells),
        tuple(sorted(gone.items())),
        frozenset(fresh),
    )
    html = _MINI_CACHE.get(key)
    if html is None:
        if len(_MINI_CACHE) > 2048:
            _MINI_CACHE.clear()
        html = "".join(
            card_cell(tr, c, 0, (), 0, None, gone.get(c["pos"]), mini=True, fresh=c["pos"] in fresh)
            for c in cells
        )
        _MINI_CACHE[key] = html
    return html


def fresh_spots(view: dict[str, Any], since: int | None) -> set[tuple[int, int]]:
    """(seat, position) of the cards the last action flipped, placed or swallowed."""
    if since is None:
        return set()
    out = set()
    for e in view["events"]:
        if e["n"] < since:
            continue
        if e["type"] in ("flip", "place"):
            out.add((e["seat"], e["pos"]))
        elif e["type"] == "swallow":
            out.update((e["seat"], p) for p in e["positions"])
    return out


def _swallowed_values(view: dict[str, Any], seat: int) -> dict[int, int]:
    """Position -> value for the columns this seat had swallowed this round."""
    out = {}
    for e in view["events"]:
        if e["type"] == "swallow" and e["seat"] == seat:
            for p in e["positions"]:
                out[p] = e["value"]
        if e["type"] == "deal":
            out = {}
    return out


def big_grid(
    tr: Tr, view: dict[str, Any], seat: int, names: list[str], legal: tuple[str, ...], move: int
) -> str:
    grid = view["grids"][seat]
    pending = view["pending"]["value"] if view["pending"] else None
    gone = _swallowed_values(view, seat)
    fresh = fresh_spots(view, view.get("_fresh_from"))
    cells = "".join(
        card_cell(
            tr, c, seat, legal, move, pending, gone.get(c["pos"]), fresh=(seat, c["pos"]) in fresh
        )
        for c in grid["cells"]
    )
    total = view["totals"][seat]
    return (
        f'<section class="mine" id="rg-mine" aria-labelledby="grid-{seat}-name">'
        f'<h2 class="seat-head"><span id="grid-{seat}-name" class="seat-name">{esc(tr("abyss.grid_of", name=names[seat]))}</span>'
        f'<span class="seat-stats">{esc(tr("abyss.stats", up=grid["up_sum"], total=total))}</span></h2>'
        f'<div class="grid big" role="group"{attrs(aria_label=tr("abyss.grid_of", name=names[seat]))}>{cells}</div>'
        "</section>"
    )


def others(
    tr: Tr,
    view: dict[str, Any],
    focus: int,
    names: list[str],
    replay: bool,
    regions: dict[str, str] | None = None,
) -> str:
    # Every seat in table order, the one drawn large hidden: the list keeps its
    # shape from move to move, so only the grids that changed are written.
    n = view["players"]
    fresh = fresh_spots(view, view.get("_fresh_from"))
    parts = [f'<section class="others" aria-label="{esc(tr("abyss.others"))}"><ul class="minis">']
    for s in range(n):
        grid = view["grids"][s]
        gone = _swallowed_values(view, s)
        cells = mini_cells(tr, grid["cells"], gone, {p for seat, p in fresh if seat == s})
        marks = ""
        if view["closer"] == s:
            marks = f' <span class="tag">⚑ {esc(tr("abyss.closer"))}</span>'
        switch = ""
        if view["phase"] == "flips" and s in view["actors"]:
            if not replay:
                switch = button(
                    esc(tr("abyss.flip_for", name=names[s])), "focus", arg=s, cls="btn small"
                )
        elif view["phase"] == "flips":
            switch = f'<span class="tag done">✓ {esc(tr("abyss.flipped"))}</span>'
        hidden = " hidden" if s == focus else ""
        item = (
            f'<li class="other" id="other-{s}" data-seat="{s}"{hidden}><h3 class="seat-head small"><span class="seat-name">{esc(names[s])}</span>{marks}'
            f'<span class="seat-stats"><span aria-hidden="true">{esc(tr("abyss.stats_short", up=grid["up_sum"], total=view["totals"][s]))}</span>'
            f'<span class="sr">{esc(tr("abyss.stats", up=grid["up_sum"], total=view["totals"][s]))}</span></span></h3>'
            f'<div class="grid mini" role="group"{attrs(aria_label=tr("abyss.grid_of", name=names[s]))}>{cells}</div>{switch}</li>'
        )
        parts.append(region(regions, f"other-{s}", item))
    parts.append("</ul></section>")
    return "".join(parts)


# -- the end of a round, the end of the game ---------------------------------


def doubling_text(tr: Tr, line: dict[str, Any], names: list[str]) -> str:
    closer = line["closer"]
    if closer is None:
        return ""
    raw = line["raw"]
    mine = raw[closer]
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


def round_end(app: App, table: Table, view: dict[str, Any]) -> str:
    tr = app.tr
    names = table.names
    over = view["phase"] == "over"
    last = view["last_round"]
    n = view["players"]
    parts = ['<section class="round-end" aria-labelledby="round-end-title">']
    if over:
        result = view["result"]
        winners = result["winners"]
        win_names = ", ".join(names[s] for s in winners)
        title = tr("abyss.game_over")
        parts.append(f'<h2 id="round-end-title">{esc(title)}</h2>')
        key = "end.shared" if len(winners) > 1 else "end.wins"
        parts.append(f'<p class="verdict" role="status">♛ {esc(tr(key, names=win_names))}</p>')
        parts.append(ranking(tr, names, result["scores"], winners, lowest_wins=True))
    else:
        parts.append(
            f'<h2 id="round-end-title">{esc(tr("abyss.round_over", n=last["round"]))}</h2>'
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
        dbl = doubling_text(tr, last, names)
        if dbl:
            parts.append(
                f'<p class="banner doubling{" hit" if last["doubled"] else ""}">{esc(dbl)}</p>'
            )
        parts.append(
            f'<p class="meta">{esc(tr("abyss.reveal_legend"))}</p><ul class="minis reveal">'
        )
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
                tr("abyss.round_score_doubled", raw=raw, score=score)
                if score != raw
                else tr("abyss.round_score", score=score)
            )
            parts.append(
                f'<li class="other" data-seat="{s}"><h3 class="seat-head small"><span class="seat-name">{esc(names[s])}</span>{tag}'
                f'<span class="seat-stats" data-round-score="{score}">{esc(shown)}</span></h3>'
                f'<div class="grid mini" role="group"{attrs(aria_label=tr("abyss.grid_of", name=names[s]))}>{"".join(cells)}</div></li>'
            )
        parts.append("</ul>")
        parts.append(score_sheet(tr, view, names))
    parts.append('<div class="actions">')
    if over:
        if table.replay is None:
            parts.append(button(esc(tr("end.rematch")), "rematch", cls="btn primary big"))
        parts.append(button(esc(tr("records.export")), "export", cls="btn"))
        parts.append(button(esc(tr("end.home")), "home", cls="btn"))
    else:
        parts.append(
            button(
                esc(tr("abyss.next_round", n=view["round"])),
                "next-round",
                arg=last["round"],
                cls="btn primary big",
                autofocus=True,
            )
        )
    parts.append("</div></section>")
    return "".join(parts)


def score_sheet(tr: Tr, view: dict[str, Any], names: list[str]) -> str:
    """Players down, rounds across (it stays narrow with eight players)."""
    sheet_lines = view["sheet"]
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
        f'<p class="meta">{esc(tr("abyss.sheet.legend"))}</p>'
    )


# -- the discard history -------------------------------------------------------


def history_sheet(tr: Tr, view: dict[str, Any], names: list[str], order: str) -> str:
    discard = view["discard"]
    entries = list(enumerate(discard["history"]))
    if order == "newest":
        entries.reverse()
    seen: dict[int, int] = {}
    for e in discard["history"]:
        seen[e["value"]] = seen.get(e["value"], 0) + 1
    parts = []
    if discard["history"] and discard["history"][0]["source"] == "kept":
        parts.append(
            f'<p class="banner reshuffle" role="note">{esc(tr("abyss.history.reshuffled"))}</p>'
        )
    toggle = (
        f'<div class="segmented" role="group" aria-label="{esc(tr("abyss.history.order_label"))}">'
        + button(
            esc(tr("abyss.history.newest")),
            "order",
            arg="newest",
            cls="btn small seg",
            aria_pressed="true" if order == "newest" else "false",
        )
        + button(
            esc(tr("abyss.history.oldest")),
            "order",
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
        got = seen.get(v, 0)
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

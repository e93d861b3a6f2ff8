"""Abyss: drawing the cards: a grid (large or compact), the piles."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from typing import Any

from engine.abyss.view import AbyssView, Cell
from web.core import actions
from web.core.html import attrs, button, esc, region
from web.core.i18n import Tr
from web.tables.abyss import controls
from web.tables.abyss.state import band, num, where
from web.ui.kit.frame import deck_pile, game_button


def card_cell(
    tr: Tr,
    cell: Cell,
    seat: int,
    legal: tuple[str, ...],
    move: int,
    pending: int | None,
    swallowed_value: int | None,
    *,
    owner: str,
    mini: bool = False,
    fresh: bool = False,
) -> str:
    """One space of a grid. In the large grid every space is a button (disabled
    when it has no action now), so redraws keep the same element and only a card
    that just moved animates; the compact grids are pictures. Its name says where
    it is, what it shows and whose it is (``owner``: "Ana's cards"), as a card
    read alone (a screen reader's list of buttons, a search by name) is heard."""
    pos = cell["pos"]
    here = where(tr, pos)
    state, value = cell["state"], cell["value"]
    extra = " fresh" if fresh else ""
    if state == "gone":
        label = (
            tr("abyss.cell.gone", where=here)
            if swallowed_value is None
            else tr("abyss.cell.gone_card", where=here, card=num(swallowed_value))
        )
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
        assert value is not None  # a card face up shows its value
        label = tr("abyss.cell.up", where=here, card=num(value))
        cls = f"card up {band(value)}" + extra
        face = f'<span class="face">{esc(num(value))}</span>'
    label += " · " + owner
    if mini:
        # No inner span: seven compact grids are most of the table's nodes.
        text = esc(num(value)) if state == "up" and value is not None else ""
        return f'<div class="{cls} mini" role="img" aria-label="{esc(label)}" data-key="g{seat}-{pos}">{text}</div>'
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
                data_key=f"g{seat}-{pos}",
                id=f"card-{pos}",
            )
    return (
        f'<button type="button" disabled{attrs(class_=cls, aria_label=label, data_pos=pos, data_key=f"g{seat}-{pos}", id=f"card-{pos}")}>'
        f"{face}</button>"
    )


#: Compact grids change only when their seat plays: their HTML is kept by content.
_MINI_CACHE: dict[tuple[Any, ...], str] = {}


def mini_cells(
    tr: Tr,
    seat: int,
    name: str,
    cells: list[Cell],
    gone: dict[int, int],
    fresh: set[int],
) -> str:
    """The twelve pictures of seat ``seat``'s compact grid (``name``: its
    player's), drawn once per distinct content."""
    owner = tr("abyss.grid_of", name=name)
    key = (
        owner,
        seat,
        tuple((c["state"], c["value"]) for c in cells),
        tuple(sorted(gone.items())),
        frozenset(fresh),
    )
    html = _MINI_CACHE.get(key)
    if html is None:
        if len(_MINI_CACHE) > 2048:
            _MINI_CACHE.clear()
        html = "".join(
            card_cell(
                tr,
                c,
                seat,
                (),
                0,
                None,
                gone.get(c["pos"]),
                owner=owner,
                mini=True,
                fresh=c["pos"] in fresh,
            )
            for c in cells
        )
        _MINI_CACHE[key] = html
    return html


def fresh_spots(view: AbyssView, since: int | None) -> set[tuple[int, int]]:
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


def _swallowed_values(view: AbyssView, seat: int) -> dict[int, int]:
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
    tr: Tr,
    view: AbyssView,
    seat: int,
    names: list[str],
    legal: tuple[str, ...],
    move: int,
    fresh: set[tuple[int, int]],
    held: int | None = None,
    tag: str = "",
    look: bool = False,
) -> str:
    """The grid drawn large (the seat up's, or the one just played on while the
    next seat waits), its owner's name large on top (``tag``: a bot's tag beside
    it). ``held``: the human the turn just passed to (their controls ignore taps
    for a moment): a cue over the grid says whose turn it is now; with ``look``
    (the opening flip just played, not seen yet) over its owner's name only,
    the cards left clear."""
    grid = view["grids"][seat]
    pending = view["pending"]["value"] if view["pending"] else None
    gone = _swallowed_values(view, seat)
    owner = tr("abyss.grid_of", name=names[seat])
    cells = "".join(
        card_cell(
            tr,
            c,
            seat,
            legal,
            move,
            pending,
            gone.get(c["pos"]),
            owner=owner,
            fresh=(seat, c["pos"]) in fresh,
        )
        for c in grid["cells"]
    )
    total = view["totals"][seat]
    who = "abyss.who.flips" if view["phase"] == "flips" else "abyss.who.turn"
    cue = (
        f'<p class="turn-cue{" look" if look else ""}" aria-hidden="true">{esc(tr(who, name=names[held]))}</p>'
        if held is not None
        else ""
    )
    return (
        f'<section class="mine{" handover" if held is not None else ""}" id="rg-mine" data-seat="{seat}"{attrs(aria_label=tr("abyss.grid_of", name=names[seat]))}>'
        f'<h2 class="seat-head"><span id="grid-{seat}-name" class="seat-name">{esc(names[seat])}</span>{tag}'
        f'<span class="seat-stats">{esc(tr("abyss.stats", up=grid["up_sum"], total=total))}</span></h2>'
        f'<div class="grid big" role="group"{attrs(aria_label=tr("abyss.grid_of", name=names[seat]))}>{cells}</div>'
        f"{cue}</section>"
    )


def others(
    tr: Tr,
    view: AbyssView,
    focus: int,
    names: list[str],
    replay: bool,
    fresh: set[tuple[int, int]],
    regions: dict[str, str] | None = None,
    tags: list[str] | None = None,
) -> str:
    """Every seat's compact grid (``tags``: each seat's bot tag, or "")."""
    # Every seat in table order, the one drawn large hidden: the list keeps its
    # shape from move to move, so only the grids that changed are written.
    n = view["players"]
    parts = [f'<section class="others" aria-label="{esc(tr("abyss.others"))}"><ul class="minis">']
    for s in range(n):
        grid = view["grids"][s]
        gone = _swallowed_values(view, s)
        cells = mini_cells(
            tr, s, names[s], grid["cells"], gone, {p for seat, p in fresh if seat == s}
        )
        marks = tags[s] if tags else ""
        if view["closer"] == s:
            marks += f' <span class="tag">⚑ {esc(tr("abyss.closer"))}</span>'
        switch = ""
        if view["phase"] == "flips" and s in view["actors"]:
            if not replay:
                switch = button(
                    esc(tr("abyss.flip_for", name=names[s])), controls.FOCUS, arg=s, cls="btn small"
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


def hand_label(tr: Tr, source: str | None) -> str:
    """The label over the card in hand: "drawn" or "taken" (``source``: "deck" or
    "discard"; None: no card in hand). Both words are drawn in one place and all
    but the card's own are hidden, so the slot is as wide as the wider word
    whether or not it holds a card: at twice the text a word is wider than the
    card, and drawing a card still moves nothing on the screen."""
    words = (("deck", "abyss.hand.from_deck"), ("discard", "abyss.hand.from_discard"))
    spans = "".join(
        f'<span class="{"on" if src == source else "off"}">{esc(tr(key))}</span>'
        for src, key in words
    )
    return f'<p class="pile-label both">{spans}</p>'


def piles(
    tr: Tr,
    view: AbyssView,
    legal: tuple[str, ...],
    seat: int,
    move: int,
    names: list[str],
    hint: str = "",
) -> str:
    """The deck, the discard, the card in hand and the tools (``hint``: the Hint
    button, when offered), in one row whose size never changes: the card in
    hand has its place even when empty, and a drawn card is discarded with the
    discard pile itself, so drawing moves nothing on the screen."""
    discard = view["discard"]
    top = discard["top"]
    n = view["draw_pile"]
    draw = (seat, move, tr("abyss.deck.draw", n=n)) if "draw" in legal else None
    deck = deck_pile(n, tr("abyss.deck", n=n), draw)
    pending = view["pending"]
    if "discard" in legal and pending is not None:
        # The drawn card goes there: the pile is the button (marked ↓).
        face = f'<span class="face">{esc(num(top))}</span>' if top is not None else ""
        cls = f"card pile up {band(top)}" if top is not None else "card pile empty"
        disc = game_button(
            face,
            seat,
            "discard",
            move,
            cls=cls + " actionable discard-it",
            data_mark="↓",
            aria_label=(
                tr("abyss.hand.discard_onto", card=num(pending["value"]), top=num(top))
                if top is not None
                else tr("abyss.hand.discard") + ": " + num(pending["value"])
            ),
            id="discard-top",
        )
    elif top is None:
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
    if pending is not None:
        v = pending["value"]
        holder = pending["seat"]
        assert holder is not None  # a card in hand is the turn's seat's
        hand = (
            f'<div class="hand">{hand_label(tr, pending["from"])}'
            f'<div class="card up in-hand {band(v)}" role="img" data-key="hand"'
            f"{attrs(aria_label=tr('abyss.hand', card=num(v), name=names[holder]))}>"
            f'<span class="face">{esc(num(v))}</span></div></div>'
        )
    else:
        hand = (
            f'<div class="hand empty" aria-hidden="true">{hand_label(tr, None)}'
            '<div class="card in-hand slot"></div></div>'
        )
    seen = len(discard["history"])
    hist = button(
        f'<span aria-hidden="true">☰</span> {esc(tr("abyss.history.open", n=seen))}',
        actions.SHEET,
        arg="history",
        cls="btn small history-btn",
        aria_haspopup="dialog",
    )
    return (
        '<section class="piles" id="rg-piles">'
        f'<div class="pile-slot"><p class="pile-label" aria-hidden="true">{esc(tr("abyss.deck.label"))}</p>{deck}</div>'
        f'<div class="pile-slot"><p class="pile-label" aria-hidden="true">{esc(tr("abyss.discard.label"))}</p>{disc}</div>'
        f'{hand}<div class="pile-tools">{hint}{hist}</div></section>'
    )

"""Carta robada: every seat's zone (its tendido, its tools)."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from engine.carta_robada.view import Slot, Tendido
from web.core.actions import Action
from web.core.html import attrs, button, esc, region
from web.tables.carta_robada import controls, log
from web.tables.carta_robada.cards import (
    MARK_KEY,
    MARK_SIGN,
    card_face,
    card_kind,
    card_text,
    face_words,
)
from web.tables.carta_robada.context import Context
from web.ui.kit.frame import game_button
from web.ui.kit.tags import bot_tag


def zones(ctx: Context, regions: dict[str, str] | None = None) -> str:
    """Every seat's tendido in its own zone; human zones have their own tools.
    Each zone is a region (``cr-zone-<seat>``) in ``regions``, when given."""
    tr = ctx.tr
    out = [f'<section class="zones" aria-label="{esc(tr("cr.zones"))}"><ul class="zone-list">']
    for t in ctx.pub["tendidos"]:
        out.append(region(regions, f"cr-zone-{t['seat']}", zone(ctx, t)))
    out.append("</ul></section>")
    return "".join(out)


def zone(ctx: Context, t: Tendido) -> str:
    tr, pub, names = ctx.tr, ctx.pub, ctx.names
    s = t["seat"]
    seat = ctx.table.seats[s]
    tags = []
    if pub["turn"] == s and pub["phase"] == "play":
        tags.append(f'<span class="tag turn">▶ {esc(tr("cr.tag.turn"))}</span>')
    if pub["declarer"] == s:
        # What they did, in a neutral colour: a declarer who plays no more is not
        # eliminated (the status says they take no more turns), and often wins.
        tags.append(f'<span class="tag snap">⚑ {esc(tr("cr.tag.declared"))}</span>')
    tags.append(bot_tag(tr, seat))
    if pub["phase"] == "peek":
        key = "cr.tag.peeked" if t["peeked"] else "cr.tag.peeking"
        tags.append(f'<span class="tag{" done" if t["peeked"] else ""}">{esc(tr(key))}</span>')
    whirl = pub["whirl"]
    if pub["phase"] == "whirl" and whirl is not None and s in whirl["given"]:
        tags.append(f'<span class="tag done">✓ {esc(tr("cr.tag.given"))}</span>')
    tools = zone_tools(ctx, s)
    shown = pub["shown"]
    fresh_pos = {e["pos"] for e in ctx.fresh if e["type"] == "penalty" and e["seat"] == s}
    cells = []
    for pos in range(t["count"]):
        cells.append(card_cell(ctx, s, pos, t["marks"][pos], shown, pos in fresh_pos))
    cls = (
        "zone"
        + (" turn" if pub["turn"] == s and pub["phase"] == "play" else "")
        + (" out" if s in pub["out"] else "")
    )
    return (
        f'<li id="cr-zone-{s}" class="{cls}" data-seat="{s}"><h2 class="seat-head small"><span class="seat-name">{esc(names[s])}</span>{"".join(tags)}'
        f'<span class="seat-stats">{esc(tr("cr.count", n=t["count"]))}</span></h2>'
        f'<div class="zone-body"><div class="tendido" role="group"{attrs(aria_label=tr("cr.tendido_of", name=names[s]))}>{"".join(cells)}</div>{tools}</div></li>'
    )


def can_order(legal: tuple[str, ...]) -> bool:
    """Whether a seat may reorder its cards now. Its reorder tool, left on, holds
    only while it may: a moment that asks for another gesture (a Remolino's blind
    pass) finds its cards answering that, not the reorder it can no longer make."""
    return any(a.startswith("order:") for a in legal)


def zone_tools(ctx: Context, s: int) -> str:
    """A human's own tools: reorder (two taps, no peek), and what an armed cut
    tool asks: a cut is two taps, ✂ (by the discard) then the card, so a stray
    tap on a card never costs a penalty."""
    if not ctx.tools_live:
        return ""
    tr = ctx.tr
    legal = ctx.legal(s)
    mode = (ctx.table.ui.get("modes") or {}).get(str(s))
    items = []
    ordering = can_order(legal)
    if ordering:
        items.append(
            button(
                f'<span aria-hidden="true">⇄</span> {esc(tr("cr.tool.order"))}',
                controls.MODE,
                arg=f"{s}:order",
                cls="btn small tool",
                aria_pressed="true" if mode == "order" else "false",
            )
        )
    # (the cut tool is in the cut row by the discard: web/tables/carta_robada/cutrow.py)
    if mode == "cut":
        items.append(f'<span class="tool-hint">{esc(tr("cr.tool.cut_hint"))}</span>')
    if mode == "order" and ordering:
        items.append(f'<span class="tool-hint">{esc(tr("cr.tool.order_hint"))}</span>')
    if not items:
        return ""
    return f'<div class="zone-tools">{"".join(items)}</div>'


def _target_mode(ctx: Context) -> bool:
    """The turn player (a human) is choosing cards for an action."""
    t = ctx.turn_human
    pending = ctx.pub["pending"]
    return (
        t is not None
        and not ctx.locked
        and ctx.pub["step"] == "activate"
        and pending is not None
        and pending["target"] in ("two_seats", "own_or_one_other", "other_seat")
    )


def _flow_action(ctx: Context, s: int, pos: int) -> str | None:
    """The turn's own action a tap on this card means (swap, remove, give, peek), if any."""
    if ctx.locked:
        return None
    mom = ctx.mom
    pub = ctx.pub
    if mom is not None and mom["seat"] == s and not mom["handoff"]:
        if mom["kind"] == "give":
            return f"give:{pos}"
        if mom["kind"] == "peek":
            return "peek"
    t = ctx.turn_human
    if t == s:
        if pub["step"] == "decide":
            return f"swap:{pos}"
        if pub["step"] == "remove":
            return f"remove:{pos}"
    return None


def card_cell(
    ctx: Context, s: int, pos: int, mark: str | None, shown: Slot | None, penalty: bool
) -> str:
    """One tendido card: face down (its position, any mark), a failed cut's card
    shown to all, or a private value in its owner's moment."""
    tr = ctx.tr
    where = tr("cr.pos", n=pos + 1)
    face = ""
    cls = "card back"
    label = tr("cr.cell.down", where=where)
    value = ctx.seen.get((s, pos))
    up: str | None = None  # the card on the face, if face up
    if shown is not None and shown["seat"] == s and shown["pos"] == pos:
        code = up = shown["card"]
        cls = f"card up shown {card_kind(code)}"
        face = card_face(tr, code)
        label = tr("cr.cell.shown", where=where, card=card_text(tr, code))
    elif value is not None and ctx.open:
        up = value
        cls = f"card up open {card_kind(value)}"
        face = card_face(tr, value)
        label = tr("cr.cell.open", where=where, card=card_text(tr, value))
    elif value is not None:
        up = value
        cls = f"card up private {card_kind(value)}"
        face = card_face(tr, value)
        label = tr("cr.cell.seen", where=where, card=card_text(tr, value))
    if mark:
        cls += f" mark-{mark}"
        face += f'<span class="mark" aria-hidden="true">{MARK_SIGN[mark]}</span>'
        label += " · " + tr(MARK_KEY[mark])
    if penalty:
        cls += " penalty fresh"
        face += '<span class="new-sign" aria-hidden="true">+</span>'
        label += " · " + tr("cr.cell.penalty")
    elif (s, pos) in log.changed(ctx.fresh):
        cls += " changed"  # the last action put it there or moved it
    if "card back" in cls:
        face += f'<span class="posn" aria-hidden="true">{pos + 1}</span>'
    # Whose it is, so a card heard alone (a list of buttons, a search) still says it.
    label += " · " + tr("cr.tendido_of", name=ctx.names[s])
    action, ui_action, arg, extra_label = cell_action(ctx, s, pos)
    said = f"{label}. {extra_label}"  # a control's name: the face's words first
    if up is not None and (words := face_words(tr, up)) is not None:
        said = f"{words}: {said}"
    sel = ctx.table.ui
    if [s, pos] in (sel.get("tsel"), sel.get("osel")) or (
        sel.get("psel") == pos and ctx.mom and ctx.mom["seat"] == s
    ):
        cls += " selected"
        label += " · " + tr("cr.cell.selected")
    ident = f"c-{s}-{pos}"
    if action is not None:
        owner = ctx.turn_human if action.startswith("use:") else s
        assert owner is not None  # an action card is used by the turn player only
        if action.startswith(("cut:", "tied:")):
            cls += " cuttable"
            face += '<span class="cut-sign" aria-hidden="true">✂</span>'
        cls += " actionable"
        return game_button(
            face,
            owner,
            action,
            ctx.move,
            cls=cls,
            aria_label=said,
            data_pos=pos,
            id=ident,
        )
    if ui_action is not None:
        return button(
            face,
            ui_action,
            arg=arg,
            cls=cls + " actionable",
            aria_label=said,
            data_pos=pos,
            id=ident,
        )
    return f'<div class="{cls}" role="img"{attrs(aria_label=label, data_pos=pos, id=ident)}>{face}</div>'


def cell_action(
    ctx: Context, s: int, pos: int
) -> tuple[str | None, Action | None, str | None, str]:
    """(game action, or UI action and its argument, and what the tap does) for a card."""
    tr = ctx.tr
    none: tuple[str | None, Action | None, str | None, str] = (None, None, None, "")
    if not ctx.tools_live:
        return none
    ui = ctx.table.ui
    mode = (ui.get("modes") or {}).get(str(s))
    legal = ctx.legal(s)
    # Reorder: two taps on one's own cards.
    if mode == "order" and can_order(legal):
        first = ui.get("osel")
        if first is None or first[0] != s:
            return None, controls.ORDER_SELECT, f"{s}.{pos}", tr("cr.tap.order_first")
        if first[1] == pos:
            return None, controls.ORDER_SELECT, f"{s}.{pos}", tr("cr.tap.unselect")
        a, b = sorted((first[1], pos))
        act = f"order:{a},{b}"
        return (act, None, None, tr("cr.tap.order_second")) if act in legal else none
    # A cut: the zone's cut tool (✂) is on, and this is the card.
    cut = f"cut:{pos}"
    tied = f"tied:{pos}"
    if mode == "cut":
        if cut in legal:
            return cut, None, None, tr("cr.tap.cut")
        if tied in legal:
            return tied, None, None, tr("cr.tap.cut")
    # The turn's own gesture on one's own cards.
    flow = _flow_action(ctx, s, pos)
    if flow == "peek":
        first = ui.get("psel")
        if first is None:
            return None, controls.PEEK_SELECT, str(pos), tr("cr.tap.peek_first")
        if first == pos:
            return None, controls.PEEK_SELECT, str(pos), tr("cr.tap.unselect")
        a, b = sorted((first, pos))
        return f"peek:{a},{b}", None, None, tr("cr.tap.peek_second")
    if flow is not None and flow in legal:
        key = {"swap": "cr.tap.swap", "remove": "cr.tap.remove", "give": "cr.tap.give"}[
            flow.split(":")[0]
        ]
        return flow, None, None, tr(key)
    # The turn player choosing targets for an action card, anywhere on the table.
    if _target_mode(ctx):
        t = ctx.turn_human
        assert t is not None
        tlegal = ctx.legal(t)
        pending = ctx.pub["pending"]
        assert pending is not None  # a target is chosen for the card waiting to be used
        if pending["target"] == "other_seat":
            act = f"use:{s}"
            return (act, None, None, tr("cr.tap.shuffle")) if act in tlegal else none
        first = ui.get("tsel")
        if first is None:
            if any(
                a.startswith("use:") and (f"{s}.{pos}," in a or a.endswith(f",{s}.{pos}"))
                for a in tlegal
            ):
                return None, controls.TARGET_SELECT, f"{s}.{pos}", tr("cr.tap.target_first")
            return none
        if first == [s, pos]:
            return None, controls.TARGET_SELECT, f"{s}.{pos}", tr("cr.tap.unselect")
        (a, i), (b, j) = sorted([tuple(first), (s, pos)])
        act = f"use:{a}.{i},{b}.{j}"
        return (act, None, None, tr("cr.tap.target_second")) if act in tlegal else none
    return none

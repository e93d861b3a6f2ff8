"""Carta robada: the acting player's panel (the drawn card, an action card's
flow, the snap's question)."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from engine.carta_robada.view import Pending
from web.core.html import attrs, button, esc
from web.tables.carta_robada import controls
from web.tables.carta_robada.cards import (
    USE_KEY,
    card_face,
    card_kind,
    card_text,
)
from web.tables.carta_robada.context import Context
from web.tables.carta_robada.state import reveal_shown
from web.ui.kit.frame import game_button


def hand_html(ctx: Context) -> str:
    """The card the turn player holds. From the deck its value is private: drawn
    only in the drawer's moment and while shown."""
    tr, pub, names = ctx.tr, ctx.pub, ctx.names
    hand = pub["hand"]
    if hand is None:
        return ""
    seat = hand["seat"]
    code = hand["card"]
    mom = ctx.mom
    if (
        code is None
        and mom is not None
        and mom["kind"] == "hand"
        and not mom["handoff"]
        and reveal_shown(ctx.table, mom)
    ):
        code = mom["view"]["hand"]["card"]
    if code is None:
        label = tr("cr.hand.hidden", name=names[seat])
        card = f'<div class="card in-hand back" role="img"{attrs(aria_label=label, id="hand-card")}></div>'
    else:
        label = tr("cr.hand.card", name=names[seat], card=card_text(tr, code))
        card = f'<div class="card in-hand up {card_kind(code)}" role="img"{attrs(aria_label=label, id="hand-card")}>{card_face(tr, code)}</div>'
    src = tr("cr.hand.from_discard") if hand["source"] == "discard" else tr("cr.hand.from_deck")
    return f'<div class="hand"><p class="pile-label" aria-hidden="true">{esc(tr("cr.hand.label", name=names[seat]))}</p>{card}<p class="pile-label">{esc(src)}</p></div>'


def panel(ctx: Context) -> str:
    """The moment's controls: look / hide, declare, discard, the activation."""
    tr, pub, names = ctx.tr, ctx.pub, ctx.names
    if ctx.replay or ctx.locked:
        return ""
    out: list[str] = []
    mom = ctx.mom
    shown = mom is not None and reveal_shown(ctx.table, mom)
    multi = len(ctx.people) >= 2
    if mom is not None and mom["kind"] == "look":
        s = mom["seat"]
        kind = mom["view"]["reveal"]["kind"]
        # Once shown, one control puts the cards away, worded as when nobody
        # else plays here: a "Hide" beside it would be a second word for one act
        # (and a look the rules give once could be shown again).
        if multi and not shown:
            out.append(
                button(
                    f'<span aria-hidden="true">◉</span> {esc(tr("cr.look.show"))}',
                    controls.SHOW,
                    arg=s,
                    cls="btn primary big",
                    id="show",
                )
            )
        key = "cr.look.peek" if kind == "peek" else "cr.look.spy"
        out.insert(0, f'<p class="panel-text">{esc(tr(key, name=names[s]))}</p>')
        out.append(button(esc(tr("cr.look.done")), controls.LOOK_DONE, cls="btn", id="look-done"))
    elif mom is not None and mom["kind"] == "hand" and multi:
        s = mom["seat"]
        if shown:
            out.append(button(esc(tr("cr.look.hide")), controls.HIDE, cls="btn", id="hide"))
        else:
            out.append(
                button(
                    f'<span aria-hidden="true">◉</span> {esc(tr("cr.hand.show"))}',
                    controls.SHOW,
                    arg=s,
                    cls="btn primary",
                    id="show",
                )
            )
    elif mom is not None and mom["kind"] == "peek":
        out.append(
            f'<p class="panel-text">{esc(tr("cr.peek.choose", name=names[mom["seat"]]))}</p>'
        )
    elif mom is not None and mom["kind"] == "give":
        w = pub["whirl"]
        assert w is not None  # one gives in a Remolino
        key = "cr.give.next" if w["towards"] == "next" else "cr.give.prev"
        step = 1 if w["towards"] == "next" else -1
        to = names[(mom["seat"] + step) % pub["players"]]
        out.append(f'<p class="panel-text">{esc(tr(key, name=names[mom["seat"]], to=to))}</p>')
    t = None if ctx.inert else ctx.turn_human
    if t is not None and ctx.table.ui.get("ask") == t and "declare" in ctx.legal(t):
        out.append(snap_confirm(ctx, t))
    elif t is not None:
        legal = ctx.legal(t)
        move = ctx.move
        if "discard" in legal:
            out.append(
                game_button(
                    esc(tr("cr.discard_it")), t, "discard", move, cls="btn", id="discard-btn"
                )
            )
        pending = pub["pending"]
        if pub["step"] == "activate" and pending is not None:
            out.append(activation(ctx, t, pending, legal))
        if "declare" in legal:
            out.append(
                button(
                    f'<span aria-hidden="true">⚑</span> {esc(tr("cr.declare"))}',
                    controls.SNAP_ASK,
                    arg=t,
                    cls="btn danger declare",
                    id="declare",
                )
            )
    if not out:
        return ""
    return (
        f'<section class="carta-panel" aria-label="{esc(tr("cr.panel"))}">{"".join(out)}</section>'
    )


def snap_confirm(ctx: Context, seat: int) -> str:
    """SNAP! puts the player out for good after this turn: it is asked once more,
    and the confirming button stands apart from the turn's other controls."""
    tr = ctx.tr
    yes = game_button(
        f'<span aria-hidden="true">⚑</span> {esc(tr("cr.snap.yes"))}',
        seat,
        "declare",
        ctx.move,
        cls="btn danger declare",
        id="declare-yes",
    )
    no = button(esc(tr("cr.snap.no")), controls.SNAP_NO, cls="btn primary", id="declare-no")
    return (
        f'<p class="panel-text snap-ask" role="alert">{esc(tr("cr.snap.ask", name=ctx.names[seat]))}</p>'
        f'<div class="row center">{no}{yes}</div>'
    )


def activation(ctx: Context, seat: int, pending: Pending, legal: tuple[str, ...]) -> str:
    tr, names, move = ctx.tr, ctx.names, ctx.move
    card = pending["card"]
    target = pending["target"]
    parts = [
        f'<p class="panel-text"><strong>{esc(card_text(tr, card))}</strong> · {esc(tr(USE_KEY[card]))}</p>'
    ]
    buttons = []
    if target == "none":
        buttons.append(
            game_button(esc(tr("cr.act.use")), seat, "use", move, cls="btn primary", id="use")
        )
    elif target == "other_seat":
        for a in legal:
            if a.startswith("use:"):
                p = int(a[4:])
                buttons.append(
                    game_button(
                        esc(tr("cr.act.shuffle", name=names[p])), seat, a, move, cls="btn primary"
                    )
                )
    elif target == "direction":
        towards: set[int] = set()
        for a, key, arrow in (
            ("use:next", "cr.act.whirl_next", "→"),
            ("use:prev", "cr.act.whirl_prev", "←"),
        ):
            nxt = (seat + (1 if a == "use:next" else -1)) % ctx.pub["players"]
            if a in legal and nxt not in towards:  # two players: both ways are one
                towards.add(nxt)
                buttons.append(
                    game_button(
                        f'<span aria-hidden="true">{arrow}</span> {esc(tr(key, name=names[nxt]))}',
                        seat,
                        a,
                        move,
                        cls="btn primary",
                    )
                )
    else:
        sel = ctx.table.ui.get("tsel")
        key = "cr.act.pick_second" if sel else "cr.act.pick_first"
        parts.append(f'<p class="panel-text">{esc(tr(key))}</p>')
    buttons.append(game_button(esc(tr("cr.act.skip")), seat, "skip", move, cls="btn", id="skip"))
    return "".join(parts) + f'<div class="row center">{"".join(buttons)}</div>'

"""Carta robada: the whole table screen: status, what just happened, the
piles in the centre, the game end."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from typing import Any

from engine.carta_robada.view import CartaView, typed
from web.core import actions
from web.core.html import attrs, button, esc, region_box
from web.core.i18n import Tr
from web.core.model import Host, Table
from web.tables.carta_robada import controls
from web.tables.carta_robada.cards import card_face, card_kind, card_text, legend
from web.tables.carta_robada.context import Context
from web.tables.carta_robada.cutrow import cut_row
from web.tables.carta_robada.pacing import CUT_PACE, head_start, opportunity
from web.tables.carta_robada.panel import hand_html, panel
from web.tables.carta_robada.state import moment, view_of
from web.tables.carta_robada.zones import zones
from web.ui.kit.frame import cards_open, deck_pile, game_button, sheet, slot
from web.ui.kit.handoff import elsewhere, handoff_panel, humans
from web.ui.kit.movelog import status_live, status_region
from web.ui.kit.scores import end_buttons, ranking, verdict, winner_names
from web.ui.kit.tags import bot_busy
from web.ui.table_ui import Body


def body(app: Host, table: Table) -> Body:
    """The Carta robada table inside its frame (:meth:`TableUI.render`)."""
    tr = app.tr
    names = table.names
    mom = moment(table, view_of(table, None))
    pub = typed(table.game.open_view(table.state)) if cards_open(table) else view_of(table, None)
    parts = []
    above = ""
    # Regions (web/app/patch.py): a move usually changes the status, the piles and
    # one or two seats' zones, so only those are written, not all six zones.
    regions: dict[str, str] = {}
    top_regions: dict[str, str] = {}
    status_html: str | None = None
    if pub["phase"] == "over" and last_move_held(table):
        # (no held card: a game can end on the SNAP! marker drawn, which is no card)
        status_html = over_status(tr)
        parts.append(final_board(Context(app, table, {**pub, "hand": None}, None)))
    elif pub["phase"] == "over":
        parts.append(game_end(app, table, pub))
    else:
        ctx = Context(app, table, pub, mom)
        hand_off = ""
        if mom is not None and mom["handoff"]:
            why = {
                "look": "cr.handoff.look",
                "hand": "cr.handoff.hand",
                "turn": "cr.handoff.turn",
                "peek": "cr.handoff.peek",
                "give": "cr.handoff.give",
            }[mom["kind"]]
            hand_off = handoff_panel(
                tr, names, mom["seat"], tr(why, name=names[mom["seat"]]), mom["others"]
            )
            ctx.locked = True
        status_html = status(ctx)
        # Cuts stay open while the phone changes hands: the discard and the
        # humans' ✂ come right under the hand-off, in a phone's view, and after
        # the status otherwise. Every part keeps its place in both orders (empty
        # boxes where a part is elsewhere), so the status and the move line stay
        # the same nodes and a screen reader hears the move made just before a
        # hand-off (web/ui/kit/frame.slot).
        middle = centre(ctx)
        above = region_box(
            top_regions, "cr-top", slot(hand_off) + slot(middle if ctx.locked else "")
        )
        parts.append(region_box(regions, "cr-centre", slot("" if ctx.locked else middle)))
        parts.append(region_box(regions, "cr-panel", panel(ctx)))
        parts.append(zones(ctx, regions))
    top = view_of(table, None)["discard"]["top"]
    card = ""
    if table.ui.get("sheet") == "card" and top is not None:
        card = sheet(tr, "card", tr("cr.legend.title"), legend(tr, top["card"]))
    return Body(
        esc(tr("game.carta_robada.name")),
        "".join(parts),
        "carta",
        sheet=card,
        regions=regions,
        status=status_html,
        top=above,
        top_regions=top_regions,
        status_region="cr-status" if regions else "",
    )


def look_wait(ctx: Context, mom: dict[str, Any]) -> str:
    """The table's wait while someone looks: whose cards they are, which the
    table saw chosen (a Spy's targets), never what they are."""
    seat, names = mom["seat"], ctx.names
    cards = mom["view"]["reveal"]["cards"]
    owners = {c["seat"] for c in cards}
    one = len(cards) == 1
    if owners == {seat}:
        key = "cr.do.look_wait_own1" if one else "cr.do.look_wait_own"
        return ctx.tr(key, name=names[seat])
    if len(owners) == 1:
        key = "cr.do.look_wait_of1" if one else "cr.do.look_wait_of"
        return ctx.tr(key, name=names[seat], owner=names[owners.pop()])
    return ctx.tr("cr.do.look_wait", name=names[seat])


def status(ctx: Context) -> str:
    """Whose turn, what they may do, and the state of play: direction, extra
    turns, the declarer, the marker."""
    tr, pub, names = ctx.tr, ctx.pub, ctx.names
    phase = pub["phase"]
    bots = {s for s, st in enumerate(ctx.table.seats) if st.kind == "bot"}
    # a look open on another phone holds play (web/app/seatview.py)
    looks = [s for s in ctx.table.ui.get("phone_looks") or () if s not in ctx.people]
    held = tr("cr.do.look_wait", name=names[looks[0]]) if looks and not ctx.replay else ""
    if phase == "peek":
        # the humans to wait for: a bot looks when its turn to think comes
        waiting = [t["seat"] for t in pub["tendidos"] if not t["peeked"] and t["seat"] not in bots]
        who = tr("cr.who.peek")
        what = tr("cr.do.peek_wait", names=", ".join(names[s] for s in waiting)) if waiting else ""
        what = what or held
        bots_moment = not waiting
    elif phase == "whirl":
        w = pub["whirl"]
        assert w is not None and w["by"] is not None  # a Remolino is someone's
        who = tr("cr.who.whirl", name=names[w["by"]])
        what = tr("cr.do.give_wait", names=", ".join(names[s] for s in w["waiting"]))
        bots_moment = set(w["waiting"]) <= bots
    else:
        t = pub["turn"]
        assert t is not None  # in play, a seat has the turn
        who = (
            tr("cr.who.turn_extra", name=names[t])
            if pub["extra_turn"]
            else tr("cr.who.turn", name=names[t])
        )
        what = prompt_text(ctx)
        bots_moment = t in bots
        if ctx.replay:
            what = ""  # a replay shows whose moment it was: nothing to do, nobody thinks
        elif t in bots:
            what = bot_busy(tr, ctx.table, names[t], "cr.do.bot")
        elif t in elsewhere(ctx.table):
            what = tr("table.wait_phone", name=names[t])  # its instruction is on its phone
        what = held or what
        if ctx.inert and ctx.mom is not None:
            what = look_wait(ctx, ctx.mom)
    live = status_live(ctx.app, bots_moment and not ctx.replay)
    facts = []
    if phase == "peek":
        return status_region(live, [("who", esc(who)), ("what", esc(what))])
    nxt = (pub["turn"] + pub["direction"]) % pub["players"] if pub["turn"] is not None else None
    arrow = "↻" if pub["direction"] == 1 else "↺"
    dir_text = tr("cr.dir.forward") if pub["direction"] == 1 else tr("cr.dir.reversed")
    if nxt is not None:
        dir_text += " · " + tr("cr.dir.next", name=names[nxt])
    facts.append(
        f'<span class="fact dir{" reversed" if pub["direction"] == -1 else ""}"><span aria-hidden="true">{arrow}</span> {esc(dir_text)}</span>'
    )
    if pub["extra_turns"] or pub["extra_turn"]:
        facts.append(
            f'<span class="fact extra"><span aria-hidden="true">»</span> {esc(tr("cr.extra", n=pub["extra_turns"]))}</span>'
        )
    if pub["declarer"] is not None:
        d = pub["declarer"]
        key = "cr.declared_out" if d in pub["out"] else "cr.declared"
        facts.append(f'<span class="fact snap">SNAP! {esc(tr(key, name=names[d]))}</span>')
    return status_region(live, [("who", esc(who)), ("what", esc(what)), ("facts", " ".join(facts))])


def prompt_text(ctx: Context) -> str:
    tr, pub = ctx.tr, ctx.pub
    prompt = pub["prompt"]
    do = prompt.get("do")
    if do == "draw":
        return tr("cr.do.draw_or_take") if prompt.get("take") else tr("cr.do.draw")
    if do == "decide":
        return tr("cr.do.decide") if prompt.get("discard") else tr("cr.do.decide_taken")
    if do == "activate":
        return tr("cr.do.activate", card=card_text(tr, prompt["card"]))
    if do == "remove":
        return tr("cr.do.remove")
    return ""


def centre(ctx: Context) -> str:
    """The deck, the discard top (blocked: tinted red and a ⊘ sign), the SNAP!
    marker once found, and the card in the turn player's hand."""
    tr, pub, names = ctx.tr, ctx.pub, ctx.names
    t = ctx.turn_human
    legal = ctx.legal(t) if t is not None and not (ctx.locked or ctx.inert) else ()
    move = ctx.move
    n = pub["deck"]
    draw = (t, move, tr("cr.deck.draw", n=n)) if t is not None and "draw" in legal else None
    deck = deck_pile(n, tr("cr.deck", n=n), draw)
    top = pub["discard"]["top"]
    if top is None:
        disc = f'<div class="card pile empty" role="img"{attrs(aria_label=tr("cr.discard.empty"))}></div>'
    else:
        code = top["card"]
        blocked = top["blocked"]
        cls = f"card pile up {card_kind(code)}" + (" blocked" if blocked else "")
        inner = card_face(tr, code) + (
            '<span class="block-sign" aria-hidden="true">⊘</span>' if blocked else ""
        )
        key = "cr.discard.blocked" if blocked else "cr.discard.open"
        label = tr(key, card=card_text(tr, code), n=pub["discard"]["count"])
        if t is not None and "take" in legal:
            # named by the face's words and then hidden ones, as below: a name
            # that leaves out the words on the card is not the one a voice user says
            take = f'<span class="sr">{esc(tr("cr.discard.take", card=card_text(tr, code)))}</span>'
            disc = game_button(
                inner + take,
                t,
                "take",
                move,
                cls=cls + " actionable",
                id="discard-top",
            )
        else:  # a tap tells what the card is
            # named by its hidden words (no aria-label: the face's words are its own)
            words = f'<span class="sr">{esc(label)}. {esc(tr("cr.legend.open"))}</span>'
            disc = button(
                inner + words,
                actions.SHEET,
                arg="card",
                cls=cls,
                aria_haspopup="dialog",
                id="discard-top",
            )
    marker = ""
    found_by = pub["marker"]["by"]
    if pub["marker"]["found"] and found_by is not None:
        marker = (
            f'<div class="pile-slot"><p class="pile-label" aria-hidden="true">{esc(tr("cr.marker.label"))}</p>'
            f'<div class="snap-marker" role="img"{attrs(aria_label=tr("cr.marker", name=names[found_by]))}>SNAP!</div></div>'
        )
    hand = hand_html(ctx)
    cutting = ""
    if not ctx.tools_live:
        pass  # nobody can cut now: no call to cut, no countdown
    elif pub["cutters"] and not ctx.replay:  # a replay calls on nobody to cut
        assert top is not None  # a cut is open on the discard's top
        # only a human who may cut is told how to
        people = any(ctx.table.seats[s].kind == "human" for s in pub["cutters"])
        key = "cr.cut_open" if people else "cr.cut_open_bots"
        cutting = f'<p class="cut-open" role="note"><span aria-hidden="true">✂</span> {esc(tr(key, card=card_text(tr, top["card"])))}</p>'
        cutting += head_start_clock(ctx)
    elif top is not None and top["blocked"]:
        cutting = f'<p class="cut-closed"><span aria-hidden="true">⊘</span> {esc(tr("cr.top_blocked"))}</p>'
    return (
        '<section class="piles carta-centre">'
        f'<div class="pile-slot"><p class="pile-label" aria-hidden="true">{esc(tr("cr.deck.label"))}</p>{deck}</div>'
        f'<div class="pile-slot"><p class="pile-label" aria-hidden="true">{esc(tr("cr.discard.label"))}</p>{disc}</div>'
        f"{marker}{hand}</section>{cutting}{cut_row(ctx)}"
    )


def head_start_clock(ctx: Context) -> str:
    """The humans' head start on an open cut (``pacing.head_start``), as a bar that
    empties over it (CSS, by the pace: no timer redraws it) and its length in words;
    gone once it is over, and never drawn at a table without bots or while the
    app holds the bots (:attr:`Table.held`)."""
    head = head_start(ctx.app, ctx.table, ctx.pub)
    if head is None or ctx.replay or all(s.kind != "bot" for s in ctx.table.seats):
        return ""  # (no bot to wait: no head start to tell)
    if ctx.table.held:
        return ""  # the bots wait for the player anyway (a lesson's step)
    end, ms = head
    if ctx.app.now() >= end:
        return ""
    pace = ctx.app.settings[CUT_PACE]
    text = ctx.tr("cr.head_start", n=f"{ms / 1000:g}")
    # The key names the card on the discard: a new card starts a new bar, a redraw keeps it.
    key = esc(opportunity(ctx.pub) or "")
    return (
        f'<div class="cut-clock pace-{esc(pace)}" role="timer" data-key="{key}" data-ms="{ms}">'
        f'<span class="cut-clock-bar" aria-hidden="true"></span>'
        f'<span class="cut-clock-text">{esc(text)}</span></div>'
    )


# -- the end ------------------------------------------------------------------------------


def ranked(result: dict[str, Any]) -> list[int]:
    """The seats in the order of the results: the winners, then the lowest totals."""
    scores, winners = result["scores"], result["winners"]
    return sorted(range(len(scores)), key=lambda s: (s not in winners, scores[s]))


def last_move_held(table: Table) -> bool:
    """Whether the move that just ended the game (a swap, a Disrupción, a cut...)
    is still shown on the table, before the results: until "See the results".
    Never in a replay, nor after a reload (no move has just been played then), nor
    on a table of bots only: it plays to its end by itself, nobody to tap on."""
    return (
        table.replay is None
        and bool(humans(table))
        and table.ui.get("fresh_from") is not None
        and not table.ui.get("results")
    )


def over_status(tr: Tr) -> str:
    """The status while the move that ended the game is still on the table."""
    return status_region("polite", [("who", esc(tr("cr.game_over")))])


def final_board(ctx: Context) -> str:
    """The table as the last move left it, every card now face up, and the way on
    to the results (under :func:`over_status` and the last move)."""
    tr = ctx.tr
    if ctx.table.lesson:
        # The coach's "Next" is the way on, in its panel at the screen's foot: the
        # table's own way comes after the rows, a plain button, so both rows show
        # above the panel and one button only is the one to tap.
        see = button(esc(tr("cr.end.see")), controls.RESULTS, cls="btn", id="see-results")
        return centre(ctx) + zones(ctx) + f'<div class="actions">{see}</div>'
    see = button(
        esc(tr("cr.end.see")),
        controls.RESULTS,
        cls="btn primary big",
        autofocus=True,
        id="see-results",
    )
    return f'<div class="actions">{see}</div>' + centre(ctx) + zones(ctx)


def game_end(app: Host, table: Table, pub: CartaView) -> str:
    tr = app.tr
    names = table.names
    result = pub["result"]
    assert result is not None  # drawn once the game is over
    winners = result["winners"]
    parts = ['<section class="round-end" aria-labelledby="end-title">']
    parts.append(f'<h2 id="end-title">{esc(tr("cr.game_over"))}</h2>')
    parts.append(verdict(tr, names, winners))
    reason = {
        "declared": "cr.end.declared",
        "emptied": "cr.end.emptied",
        "exhausted": "cr.end.exhausted",
    }[result["reason"]]
    declarer = pub["declarer"]
    who = names[declarer] if declarer is not None else ""  # the declarer, said by name
    parts.append(
        f'<p class="meta">{esc(tr(reason, names=winner_names(names, winners), name=who))}</p>'
    )
    # The lowest total ranks first; one who emptied their tendido (0 points) wins
    # outright, so ranking from the highest total would put the winner last.
    parts.append(ranking(tr, names, result["scores"], winners, lowest_wins=True))
    parts.append('<ul class="reveal-list">')
    for s in ranked(result):
        cards = result["tendidos"][s]
        chips = "".join(
            f'<li class="card up mini-card {card_kind(c)}" aria-label="{esc(tr("cr.cell.up", where=tr("cr.pos", n=i + 1), card=card_text(tr, c)))}">{card_face(tr, c)}</li>'
            for i, c in enumerate(cards)
        )
        empty = f'<p class="meta">{esc(tr("cr.end.empty"))}</p>' if not cards else ""
        parts.append(
            f'<li class="reveal-row" data-seat="{s}"><h3 class="seat-head small"><span class="seat-name">{esc(names[s])}</span>'
            f'<span class="seat-stats" data-total="{result["scores"][s]}">{esc(tr("cr.end.total", n=result["scores"][s]))}</span></h3>'
            f'<ul class="revealed" aria-label="{esc(tr("cr.tendido_of", name=names[s]))}">{chips}</ul>{empty}</li>'
        )
    parts.append("</ul>")
    parts.append('<div class="actions">')
    parts.append(end_buttons(tr, table, []))  # no score sheet
    parts.append("</div></section>")
    return "".join(parts)

"""The dice game: the whole table screen: the prize, the reveal, the picker's
moment behind a hand-off, the seats, the round sheet and the game end."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from engine.dice_bid import bots as engine_bots
from engine.dice_bid.view import DiceView, typed
from web.core import actions
from web.core.html import attrs, button, esc, region_box
from web.core.i18n import Tr, number
from web.core.model import Host, Table
from web.tables.dice_bid import controls
from web.tables.dice_bid.seats import seats_panel
from web.tables.dice_bid.state import PIPS, face, fresh_reveal, moment, sheet_totals, signed
from web.ui.kit.frame import cards_open, game_button, sheet, slot
from web.ui.kit.handoff import handoff_panel, humans
from web.ui.kit.hint import bot_hint, hint_asked, hint_button, hint_html
from web.ui.kit.movelog import status_live, status_region, turns_only
from web.ui.kit.scores import end_buttons, ranking, verdict
from web.ui.kit.tags import bot_busy
from web.ui.table_ui import Body


def body(app: Host, table: Table) -> Body:
    """The dice table inside its frame (:meth:`TableUI.render`)."""
    tr = app.tr
    game, state = table.game, table.state
    view = typed(game.open_view(state) if cards_open(table) else game.view(state, None))
    names = table.names
    ui = table.ui
    seat, handoff = moment(table, view)
    parts = []
    above = ""
    # Regions (web/app/patch.py): a pick changes the status, the picker's own
    # moment and one seat's row, so only those are written, not every seat's.
    regions: dict[str, str] = {}
    top_regions: dict[str, str] = {}
    status_html: str | None = None
    # the last reveal in its slot, there before the first one too (web/ui/kit/frame.slot)
    # its verdict is said by the move line, or by itself when the move line is off
    live = "polite" if turns_only(app) else "off"
    last = view["last_reveal"] and reveal_panel(
        tr, view, names, fresh=fresh_reveal(view, ui), live=live
    )
    if view["phase"] == "over":
        parts.append(game_end(app, table, view))
    else:
        # The hand-off first, under the top bar as at the other tables: below the
        # last round's reveal it sat at the foot of a phone's screen. The prize
        # (a die just rerolled, maybe) comes next, then the reveal, the order
        # they came in. Every part keeps its place in both orders (empty boxes
        # where a part is elsewhere), so the status and the move line stay the
        # same nodes and a screen reader hears each move (web/ui/kit/frame.slot).
        handing = handoff and seat is not None
        hand_off = ""
        if handoff and seat is not None:
            waiting = [s for s in view["to_act"] if s in humans(table) and s != seat]
            why = tr("dice.handoff.why", name=names[seat])
            hand_off = handoff_panel(tr, names, seat, why, waiting)
        prize = prize_panel(tr, view)
        above = region_box(top_regions, "dc-top", slot(hand_off) + slot(prize if handing else ""))
        above += region_box(top_regions, "dc-reveal", slot(last or ""))
        status_html = status(app, view, names, table, None if handing else seat)
        parts.append(region_box(regions, "dc-prize", slot("" if handing else prize)))
        mine = my_moment(app, table, view, seat) if seat is not None and not handing else ""
        parts.append(region_box(regions, "dc-mine", mine))
        parts.append(seats_panel(tr, view, names, table, None if handing else seat, regions))
    if view["phase"] != "over":
        parts.append(
            '<div class="actions">'
            + button(
                f'<span aria-hidden="true">☰</span> {esc(tr("dice.sheet.open"))}',
                actions.SHEET,
                arg="rounds",
                cls="btn small",
                aria_haspopup="dialog",
            )
            + "</div>"
        )
    rounds = ""
    if ui.get("sheet") == "rounds":
        rounds = sheet(tr, "rounds", tr("dice.sheet.title"), round_sheet(tr, view, names))
    return Body(
        esc(tr("game.dice_bid.name")),
        "".join(parts),
        "dice",
        sheet=rounds,
        regions=regions,
        status=status_html,
        top=above,
        top_regions=top_regions,
        status_region="dc-status" if regions else "",
    )


def won_round(tr: Tr, view: DiceView, name: str) -> str:
    """ "Ana won round 1": the round whose reveal is shown, the header already
    counting the next one."""
    row = view["last_reveal"]
    assert row is not None  # a reroll follows a round won
    if row["tiebreak"]:
        return tr("dice.who.reroll_tiebreak", name=name, n=row["tiebreak"])
    return tr("dice.who.reroll", name=name, n=row["round"])


def status(app: Host, view: DiceView, names: list[str], table: Table, seat: int | None) -> str:
    tr = app.tr
    bots = {s for s, st in enumerate(table.seats) if st.kind == "bot"}
    if view["phase"] == "reroll":
        winner = view["to_act"][0]
        who = won_round(tr, view, names[winner])
        what = tr("dice.do.reroll_force") if view["can_force"] else tr("dice.do.reroll")
        if winner in bots:
            what = bot_busy(tr, table, names[winner], "dice.do.bot")
        bots_moment = winner in bots
    else:
        waiting = view["to_act"]
        bots_moment = seat is None and set(waiting) <= bots
        if seat is not None:
            who = tr("dice.who.pick", name=names[seat])
            what = tr("dice.do.pick")
        else:
            who = tr("dice.who.picking")
            what = tr("dice.do.waiting", names=", ".join(names[s] for s in waiting))
    if view["tiebreak"]:
        when = tr("dice.tiebreak_round", n=view["tiebreak"])
    else:
        when = tr("dice.round", n=view["round"], total=view["rounds"])
    return status_region(
        status_live(app, bots_moment),
        [("round-no", esc(when)), ("who", esc(who)), ("what", esc(what))],
    )


def dice_html(tr: Tr, dice: list[int], *, small: bool = False) -> str:
    cls = "die small" if small else "die"
    return "".join(
        f'<span class="{cls}" aria-hidden="true"><span class="pips">{PIPS[d]}</span><span class="pip-n">{d}</span></span>'
        for d in dice
    )


def prize_panel(tr: Tr, view: DiceView) -> str:
    prize = view["prize"]
    kind = "neg" if prize < 0 else "pos"
    if view["dice"] is not None:
        a, b = view["dice"]
        label = (
            tr("dice.dice_double", a=a, b=b, prize=signed(prize))
            if a == b
            else tr("dice.dice_single", a=a, b=b, prize=signed(prize))
        )
        art = f'<div class="dice-pair" role="img"{attrs(aria_label=label)}>{dice_html(tr, view["dice"])}</div>'
        rule = tr("dice.doubles_rule") if a == b else tr("dice.sum_rule")
    else:
        label = tr("dice.prize_card", prize=signed(prize))
        # "+10", three signs, is set smaller: at the card's size it wraps to "+1" over "0"
        face = "face long" if len(signed(prize)) > 2 else "face"
        art = (
            f'<div class="prize-card {kind}" role="img"{attrs(aria_label=label)}>'
            f'<span class="{face}">{esc(signed(prize))}</span></div>'
        )
        left = view["prize_deck"] or []
        rule = tr("dice.prize_left", cards=" ".join(signed(c) for c in left) or "—")
        if view["prize_discard"]:
            rule += " · " + tr(
                "dice.prize_discarded", cards=" ".join(signed(c) for c in view["prize_discard"])
            )
    return (
        f'<section class="prize {kind}" aria-label="{esc(tr("dice.prize_label"))}">{art}'
        f'<div class="prize-text"><p class="prize-value">{esc(tr("dice.prize_value", prize=signed(prize)))}</p>'
        f'<p class="meta">{esc(rule)}</p></div></section>'
    )


def reveal_panel(tr: Tr, view: DiceView, names: list[str], *, fresh: bool, live: str) -> str:
    """The last reveal: every card turned over, knocked-out ones crossed out (word and
    line, not colour alone), the winner and the prize, a status whose ``aria-live``
    is ``live`` (off where another region says who took the prize)."""
    row = view["last_reveal"]
    assert row is not None  # drawn once a round was revealed
    winner = row["winner"]
    cells = []
    for s, card in enumerate(row["cards"]):
        if card is None:
            continue
        out = s in row["knocked_out"]
        won = s == winner
        cls = (
            "rev-card"
            + (" out" if out else "")
            + (" won" if won else "")
            + (" fresh" if fresh else "")
        )
        note = (
            tr("dice.rev.out")
            if out
            else (tr("dice.rev.won", prize=signed(row["prize"])) if won else tr("dice.rev.lower"))
        )
        label = tr("dice.rev.card", name=names[s], card=face(card), value=card, note=note)
        mark = "✗" if out else ("♛" if won else "")
        cells.append(
            f'<li class="{cls}" data-seat="{s}"{attrs(aria_label=label)}>'
            f'<span class="rev-name" aria-hidden="true">{esc(names[s])}</span>'
            f'<span class="card up small-card" aria-hidden="true"><span class="face">{esc(face(card))}</span></span>'
            f'<span class="rev-note" aria-hidden="true">{esc(mark)} {esc(note)}</span></li>'
        )
    if winner is None:
        verdict = tr("dice.rev.nobody", prize=signed(row["prize"]))
    else:
        verdict = tr("dice.rev.verdict", name=names[winner], prize=signed(row["prize"]))
    title = (
        tr("dice.rev.title_tiebreak", n=row["tiebreak"])
        if row["tiebreak"]
        else tr("dice.rev.title", n=row["round"])
    )
    return (
        f'<section class="reveal-panel" aria-labelledby="rev-title"><h2 id="rev-title">{esc(title)}</h2>'
        f'<ul class="rev-cards">{"".join(cells)}</ul>'
        # the round's title before the verdict, for a reader only: two rounds with the
        # same verdict in a row change its words, and the second is said too
        f'<p class="verdict small" role="status" aria-live="{live}">'
        f'<span class="sr">{esc(title)}. </span>{esc(verdict)}</p></section>'
    )


def my_moment(app: Host, table: Table, view: DiceView, seat: int) -> str:
    """The acting human's controls: their hand to pick from, or the reroll."""
    tr = app.tr
    state = table.state
    move = state.moves
    legal = table.game.legal(state, seat)
    names = table.names
    ui = table.ui
    parts = [f'<section class="my-moment" aria-labelledby="moment-title" data-seat="{seat}">']
    hint_shown = hint_line(tr, table, seat, legal) if hint_asked(table, seat) else ""
    hint_btn = hint_button(tr("dice.hint"))
    if view["phase"] == "bid":
        mine = typed(table.game.view(state, seat))["seats"][seat]
        hand = mine["hand"] or []
        chosen = ui.get("sel") or [None, None]
        sel = chosen[1] if chosen[0] == seat and f"bid:{chosen[1]}" in legal else None
        owner = tr("dice.your_hand", name=names[seat])
        parts.append(f'<h2 id="moment-title">{esc(owner)}</h2>')
        cards = []
        for card in hand:
            pressed = "true" if sel == card else "false"
            cards.append(
                button(
                    f'<span class="face">{esc(face(card))}</span>',
                    controls.SELECT,
                    arg=card,
                    cls="card up pick-card" + (" chosen" if sel == card else ""),
                    aria_pressed=pressed,
                    aria_label=tr("dice.card_name", card=face(card), value=card) + " · " + owner,
                )
            )
        parts.append(
            f'<div class="hand-cards" role="group"{attrs(aria_label=owner)}>{"".join(cards)}</div>'
        )
        if sel is not None:
            lay = game_button(
                esc(tr("dice.lay", card=face(sel))),
                seat,
                f"bid:{sel}",
                move,
                cls="btn primary big",
                id="lay",
            )
        else:
            lay = f'<button type="button" class="btn primary big" disabled id="lay">{esc(tr("dice.lay_none"))}</button>'
        parts.append(f'<div class="actions">{lay}{hint_btn}</div>{hint_shown}')
    else:
        parts.append(
            f'<h2 id="moment-title">{esc(tr("dice.reroll_title", won=won_round(tr, view, names[seat])))}</h2>'
        )
        buttons = []
        dice = view["dice"]
        assert dice is not None  # a reroll is of the dice rolled
        for die in (0, 1):
            d = dice[die]
            buttons.append(
                game_button(
                    f"{dice_html(tr, [d], small=True)} {esc(tr('dice.reroll_die', n=die + 1, face=d))}",
                    seat,
                    f"reroll:{die}",
                    move,
                    cls="btn big reroll",
                )
            )
        for die in (0, 1):
            if f"force:{die}" in legal:
                other = dice[1 - die]
                buttons.append(
                    game_button(
                        esc(tr("dice.force_die", n=die + 1, face=other, prize=signed(-other))),
                        seat,
                        f"force:{die}",
                        move,
                        cls="btn force",
                    )
                )
        parts.append(f'<div class="actions">{"".join(buttons)}{hint_btn}</div>{hint_shown}')
    parts.append("</section>")
    return "".join(parts)


def hint_line(tr: Tr, table: Table, seat: int, legal: tuple[str, ...]) -> str:
    """What the hard bot would do, and why, from this human's own view only."""
    found = bot_hint(engine_bots.hint, table, seat, legal)
    if found is None:
        return ""
    action, key, params = found
    verb, _, arg = action.partition(":")
    if verb == "bid":
        what = tr("dice.hint.bid", card=face(int(arg)))
    elif verb == "force":
        what = tr("dice.hint.force", n=int(arg) + 1)
    else:
        what = tr("dice.hint.reroll", n=int(arg) + 1)
    values = dict(params)
    if "card" in values:
        values["card"] = face(int(values["card"]))
    if "prize" in values:
        values["prize"] = signed(int(values["prize"]))
    if "die" in values:
        values["die"] = int(values["die"]) + 1
    why = tr(key, **values)  # hint.dice_bid.<one of engine.bots.HINT_REASONS["dice_bid"]>
    return hint_html(what, why)


def round_sheet(tr: Tr, view: DiceView, names: list[str]) -> str:
    """One row per round: the prize, each card played (crossed out when knocked
    out, a crown on the winner), and the totals."""
    if not view["sheet"]:
        return f'<p class="meta">{esc(tr("dice.sheet.empty"))}</p>'
    head = "".join(f'<th scope="col">{esc(n)}</th>' for n in names)
    body = []
    for row in view["sheet"]:
        label = tr("dice.sheet.tb", n=row["tiebreak"]) if row["tiebreak"] else str(row["round"])
        cells = []
        for s, card in enumerate(row["cards"]):
            if card is None:
                cells.append('<td class="none">·</td>')
            elif s in row["knocked_out"]:
                cells.append(
                    f'<td class="out"><s>{esc(face(card))}</s><span class="sr"> {esc(tr("dice.rev.out"))}</span></td>'
                )
            elif s == row["winner"]:
                cells.append(
                    f'<td class="won"><strong>{esc(face(card))}</strong> ♛ {esc(signed(row["prize"]))}</td>'
                )
            else:
                cells.append(f"<td>{esc(face(card))}</td>")
        body.append(
            f'<tr><th scope="row">{esc(label)}</th><td class="prz">{esc(signed(row["prize"]))}</td>{"".join(cells)}</tr>'
        )
    totals = "".join(
        f'<td class="total" data-seat="{s}" data-total="{t}"><strong>{esc(number(t))}</strong></td>'
        for s, t in enumerate(view["scores"])
    )
    return (
        f'<div class="table-wrap"><table class="score-sheet dice-sheet"><caption>{esc(tr("dice.sheet.caption"))}</caption>'
        f'<thead><tr><th scope="col">{esc(tr("dice.sheet.round"))}</th><th scope="col">{esc(tr("dice.sheet.prize"))}</th>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody>"
        f'<tfoot><tr><th scope="row" colspan="2">{esc(tr("dice.sheet.total"))}</th>{totals}</tr></tfoot></table></div>'
        f'<p class="meta">{esc(tr("dice.sheet.legend"))}</p>'
    )


def game_end(app: Host, table: Table, view: DiceView) -> str:
    tr = app.tr
    names = table.names
    result = view["result"]
    assert result is not None  # the game is over
    winners = result["winners"]
    parts = ['<section class="round-end" aria-labelledby="end-title">']
    parts.append(f'<h2 id="end-title">{esc(tr("dice.game_over"))}</h2>')
    parts.append(verdict(tr, names, winners, shared=result["shared"]))
    if result["tiebreak_rounds"]:
        parts.append(
            f'<p class="meta">{esc(tr("dice.end.tiebreaks", n=result["tiebreak_rounds"]))}</p>'
        )
    elif result["shared"] and not view["options"]["tiebreak"]:
        parts.append(f'<p class="meta">{esc(tr("dice.end.shared_rule"))}</p>')
    parts.append(ranking(tr, names, result["scores"], winners, lowest_wins=False))
    if view["last_reveal"] is not None:  # silent: the game's verdict is said
        parts.append(reveal_panel(tr, view, names, fresh=False, live="off"))
    parts.append(round_sheet(tr, view, names))
    parts.append('<div class="actions">')
    parts.append(end_buttons(tr, table, sheet_totals(typed(table.game.view(table.state, None)))))
    parts.append("</div></section>")
    return "".join(parts)

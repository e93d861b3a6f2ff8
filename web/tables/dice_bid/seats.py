"""The dice table's seats panel: everyone's score, pick and cards left."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from engine.dice_bid.view import DiceView
from web.core.html import attrs, esc, region
from web.core.i18n import Tr
from web.core.model import Table
from web.tables.dice_bid.state import face, own_pick
from web.ui.kit.tags import bot_tag


def seats_panel(
    tr: Tr,
    view: DiceView,
    names: list[str],
    table: Table,
    seat: int | None,
    regions: dict[str, str] | None = None,
) -> str:
    """Everyone's score, whether they have picked, and the cards they have left
    (public: every card played was seen by all), and the pick laid by this
    phone's one person, face up for them. Each seat's row is a region
    (``dc-seat-<seat>``) in ``regions``, when given."""
    own = own_pick(table)
    rows = []
    for s, info in enumerate(view["seats"]):
        in_round = info["hand_count"] > 0 or info["picked"]
        if view["phase"] == "bid" and in_round:
            if info["picked"] and info["pick"] is not None:  # "Cards on the table"
                state = f'<span class="tag done open-pick">✓ {esc(tr("dice.picked_card", card=face(info["pick"])))}</span>'
            elif info["picked"] and own is not None and own[0] == s:
                state = f'<span class="tag done own-pick">✓ {esc(tr("dice.picked_card", card=face(own[1])))}</span>'
            elif info["picked"]:
                state = f'<span class="tag done">✓ {esc(tr("dice.picked"))}</span>'
            else:
                state = f'<span class="tag wait">… {esc(tr("dice.thinking"))}</span>'
        else:
            state = ""
        hand = info["hand"]
        if hand is None:
            cards = f'<p class="meta">{esc(tr("dice.hidden_hand", n=info["hand_count"], cards=" ".join(face(c) for c in info["candidates"])))}</p>'
        elif hand:
            chips = "".join(f'<span class="chip-card">{esc(face(c))}</span>' for c in hand)
            cards = f'<p class="chips" role="img"{attrs(aria_label=tr("dice.left_label", name=names[s], cards=", ".join(face(c) for c in hand)))}>{chips}</p>'
        else:
            cards = f'<p class="meta">{esc(tr("dice.no_cards"))}</p>'
        aside = ""
        if info["set_aside_count"]:
            aside = f'<p class="meta">{esc(tr("dice.set_aside", n=info["set_aside_count"]))}</p>'
        kind = bot_tag(tr, table.seats[s])
        row = (
            f'<li id="dc-seat-{s}" class="seat-row{" acting" if s == seat else ""}" data-seat="{s}">'
            f'<h3 class="seat-head small"><span class="seat-name">{esc(names[s])}</span>{kind}{state}'
            f'<span class="seat-stats" data-score="{info["score"]}">{esc(tr("dice.score", n=info["score"]))}</span></h3>'
            f"{cards}{aside}</li>"
        )
        rows.append(region(regions, f"dc-seat-{s}", row))
    return f'<section class="dice-seats" aria-label="{esc(tr("dice.players"))}"><ul class="seat-list">{"".join(rows)}</ul></section>'

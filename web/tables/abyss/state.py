"""Abyss: the table's UI state (focus, order, hint, round acknowledged) and what
is going on (whose grid is large, what to do now in words)."""

from __future__ import annotations

import contextlib
from collections.abc import Collection
from typing import Any

from engine.abyss.view import AbyssView, typed
from web.core import actions
from web.core.i18n import Tr
from web.core.model import Host, Table
from web.tables.abyss import controls
from web.ui.kit import handoff
from web.ui.kit.chart import running_totals
from web.ui.kit.hint import ask_hint
from web.ui.kit.tags import bot_busy

ROWS, COLUMNS = 3, 4


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


def handle_ui(app: Host, table: Table, action: str, arg: str | None) -> None:
    ui = table.ui
    if action == actions.SHEET:
        ui["sheet"] = arg or None
    elif action == controls.ORDER:
        ui["order"] = "oldest" if arg == "oldest" else "newest"
    elif action == controls.FOCUS:
        try:
            ui["focus"] = int(arg or "")
        except ValueError:
            ui.pop("focus", None)
    elif action == controls.NEXT_ROUND:
        with contextlib.suppress(ValueError):
            ui["ack_round"] = int(arg or "")
    elif action == actions.HINT:
        view = typed(table.game.view(table.state, None))
        ask_hint(table, up_seat(view, ui, handoff.elsewhere(table)))


#: The events of a player's own action (the others follow from one: a deal, a reveal).
ACTIONS = ("flip", "take", "draw", "place", "discard", "swallow")


def after_move(app: Host, table: Table) -> None:
    """Keep the focus on a seat that still has something to do; the hint is gone.
    A move that passed the turn to another seat stays drawn large (``ui["shown"]``)
    while the bot to play thinks (until its first action draws its own grid), or
    while the person to play is held after the hand-over (``ui["guard"]``, until
    :data:`web.ui.table_ui.HANDOVER_MS` later; ``ui["shown_held"]``): else the grid
    just played on would give way at once, and a player would see the result of
    their own move only small, at eight seats below the fold. Abyss hides nothing
    in a grid from the other players, so showing it is safe."""
    ui = table.ui
    ui.pop("hint", None)
    focus = ui.get("focus")
    if focus is not None and focus not in table.game.actors(table.state):
        ui.pop("focus", None)
    view = typed(table.game.view(table.state, None))
    since = ui.get("fresh_from")
    mover = next(
        (
            e.get("seat")
            for e in view["events"]
            if isinstance(since, int) and e["n"] >= since and e["type"] in ACTIONS
        ),
        None,
    )
    # the seat to play next: the turn's, or in the opening flips the next to flip
    # once the mover has flipped all theirs
    nxt = None
    if view["phase"] == "turn":
        nxt = view["turn"]
    elif view["phase"] == "flips" and view["actors"] and mover not in view["actors"]:
        nxt = up_seat(view, ui, handoff.elsewhere(table))
    if isinstance(mover, int) and nxt is not None and mover != nxt:
        ui["shown"] = mover
        ui["shown_held"] = table.seats[nxt].kind == "human"
    else:
        ui.pop("shown", None)
        ui.pop("shown_held", None)


#: How long a person's last opening flip stays drawn large, in ms, before the
#: next person's grid: the card was never seen face up (a turn's card was, in
#: hand), and the flip's own turn takes most of the usual hold.
FLIPPED_MS = 1500


def opening_look(table: Table) -> bool:
    """Whether the grid drawn large while the next person waits is there for the
    opening flip just played on it (its owner's last: their turn passed on)."""
    ui = table.ui
    since, shown = ui.get("fresh_from"), ui.get("shown")
    if not isinstance(since, int) or not isinstance(shown, int):
        return False
    return any(
        e["type"] == "flip" and e.get("start") is True and e.get("seat") == shown
        for e in table.state.events(None, since)
    )


# -- what is going on -----------------------------------------------------------


def focus_seat(view: AbyssView, ui: dict[str, Any], elsewhere: Collection[int] = ()) -> int:
    """The seat whose grid is drawn large: in a turn or the opening flips, the
    seat to play, or the one that just moved (its turn or its flips done) while
    the bot to play thinks or the person to play is held (:func:`after_move`)."""
    if view["phase"] in ("turn", "flips"):
        shown = ui.get("shown")
        if isinstance(shown, int) and (ui.get("guard") or not ui.get("shown_held")):
            return shown
    return up_seat(view, ui, elsewhere)


def up_seat(view: AbyssView, ui: dict[str, Any], elsewhere: Collection[int] = ()) -> int:
    """The seat whose moment it is: in a turn, the seat to play (whoever's grid
    is drawn large); in the opening flips, the one focused or the first to flip
    here (a seat played on another phone, in ``elsewhere``, flips there)."""
    turn = view["turn"]
    if view["phase"] == "turn" and turn is not None:
        return turn
    if view["phase"] == "flips":
        actors = view["actors"]
        if ui.get("focus") in actors:
            return ui["focus"]
        if actors:
            return next((a for a in actors if a not in elsewhere), actors[0])
    return 0


def round_end_showing(view: AbyssView, ui: dict[str, Any]) -> bool:
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
    tr: Tr, view: AbyssView, table: Table, seat: int, bot: bool, legal: tuple[str, ...]
) -> tuple[str, str]:
    """(who, what) in words: whose moment it is, and what they may do now
    (``legal``: the seat's legal actions, none for a bot or a replay)."""
    name = table.names[seat]
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
            assert pending is not None  # a card taken is in hand until placed
            what = tr("abyss.do.place_taken", card=num(pending["value"]))
        elif prompt == "place_or_discard":
            assert pending is not None  # a card drawn is in hand until placed or discarded
            if "discard" in legal:
                what = tr("abyss.do.place_or_discard", card=num(pending["value"]))
            else:
                what = tr("abyss.do.place_drawn", card=num(pending["value"]))
        elif prompt == "flip_after_discard":
            what = tr("abyss.do.flip_after_discard")
        else:
            what = ""
    if bot:
        what = bot_busy(tr, table, name, "abyss.do.bot")
    elif seat in handoff.elsewhere(table):
        what = tr("table.wait_phone", name=name)  # its instruction is on its own phone
    return who, what


def decimal(tr: Tr, value: float) -> str:
    """One decimal, with the decimal comma in Spanish and French."""
    text = f"{value:.1f}"
    return text if tr.lang.startswith("en") else text.replace(".", ",")


def sheet_totals(pub: AbyssView) -> list[list[int]]:
    """The score sheet's running totals after each round (each line's ``totals``)."""
    return running_totals(pub.get("sheet"), "totals")

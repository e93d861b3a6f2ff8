"""The dice game: the table's UI state (who holds the phone, the card chosen,
the hint) and whose moment it is."""

from __future__ import annotations

from typing import Any

from engine.dice_bid.view import DiceView, typed
from web.core import actions
from web.core.model import Host, Table
from web.tables.dice_bid import controls
from web.ui.kit.chart import running_totals
from web.ui.kit.handoff import humans, pass_phone
from web.ui.kit.hint import ask_hint

#: What a card shows (A = 1 … K = 13).
FACE = {1: "A", 11: "J", 12: "Q", 13: "K"}


#: The die faces as pips (the number is always said too).
PIPS = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


def face(card: int) -> str:
    return FACE.get(card, str(card))


def signed(points: int) -> str:
    """A prize as written on the sheet: +8, −4 (a real minus sign), 0."""
    if points > 0:
        return f"+{points}"
    if points < 0:
        return f"−{-points}"
    return "0"


# -- UI state ------------------------------------------------------------------


def handle_ui(app: Host, table: Table, action: str, arg: str | None) -> None:
    ui = table.ui
    if pass_phone(table, action, arg, forget=("sel", "hint")):
        return
    if action == actions.SHEET:
        ui["sheet"] = arg or None
    elif action == controls.SELECT:
        # The card chosen, with whose choice it is: it must never follow the
        # phone to the next picker.
        picker, _ = moment(table, typed(table.game.view(table.state, None)))
        try:
            ui["sel"] = [picker, int(arg or "")]
        except ValueError:
            ui.pop("sel", None)
    elif action == actions.HINT:
        picker, _ = moment(table, typed(table.game.view(table.state, None)))
        if picker is not None:
            ask_hint(table, picker)


def after_move(app: Host, table: Table) -> None:
    """A pick laid or a die rerolled: the forced picks laid (see
    :func:`lay_forced`); the hint is gone; a selection stays only for a picker
    who has not laid a card yet (a bot's pick does not undo it)."""
    lay_forced(table)
    table.ui.pop("hint", None)
    since = table.ui.get("fresh_from")
    if since is not None and any(
        e["type"] == "reveal" and e["n"] >= since
        for e in typed(table.game.view(table.state, None))["events"]
    ):
        # Everyone watched the reveal: whoever picks first next takes the phone anew.
        table.ui.pop("holder", None)
        table.ui.pop("picker", None)
    chosen = table.ui.get("sel")
    if chosen and chosen[0] not in table.game.actors(table.state):
        table.ui.pop("sel", None)


def lay_forced(table: Table) -> None:
    """Lay, without a tap, the pick of every person whose hand holds one card:
    the last round, where everyone can tell what each has left, so there is
    nothing to hide and nothing to choose. The bots lay theirs at their pace;
    the reveal is then drawn as after any round (its events follow the move
    that started this)."""
    game = table.game
    if table.replay is not None:
        return
    while game.view(table.state, None)["phase"] == "bid":
        forced = [
            (seat, legal[0])
            for seat in game.actors(table.state)
            if table.seats[seat].kind == "human"
            and len(legal := game.legal(table.state, seat)) == 1
        ]
        if not forced:
            return
        table.state = game.apply(table.state, *forced[0])


# -- whose moment ----------------------------------------------------------------


def moment(table: Table, view: DiceView) -> tuple[int | None, bool]:
    """(the human whose moment it is, whether the hand-off screen comes first).

    While picks are pending, a human's pick is private: with two or more humans
    at the table, the phone is passed first and the picker confirms who they
    are. The reroll is public: no hand-off.
    """
    if table.replay is not None or view["phase"] == "over":
        return None, False
    people = humans(table)
    waiting = [s for s in view["to_act"] if s in people]
    if not waiting:
        return None, False
    if view["phase"] != "bid":
        return waiting[0], False
    ui = table.ui
    seat = ui.get("picker") if ui.get("picker") in waiting else waiting[0]
    if len(people) < 2:
        return seat, False
    return seat, ui.get("holder") != seat


def fresh_reveal(view: DiceView, ui: dict[str, Any]) -> bool:
    """Whether the last action revealed the bids (the reveal is then news)."""
    since = ui.get("fresh_from")
    return since is not None and any(
        e["type"] == "reveal" and e["n"] >= since for e in view["events"]
    )


def sheet_totals(pub: DiceView) -> list[list[int]]:
    """The score sheet's running totals after each round (each line's
    ``scores``: the points so far)."""
    return running_totals(pub.get("sheet"), "scores")


def own_pick(table: Table) -> tuple[int, int] | None:
    """(seat, card): the pick laid by the one person this phone is held by, which
    is theirs to know. Only where a live table has a single person on it (the
    others bots or on their own phones): with two people sharing the phone, a
    laid card stays face down for everyone until the reveal."""
    people = humans(table)
    if len(people) != 1 or table.replay is not None:
        return None
    seat = people[0]
    pick = typed(table.game.view(table.state, seat))["seats"][seat]["pick"]
    return None if pick is None else (seat, pick)

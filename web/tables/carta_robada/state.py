"""Carta robada: whose moment it is, and the table's UI state (selections, the
hand-off holder, the shown value, a zone's tool, the stamp a cut's tie window
starts from).

Privacy on a shared phone. The table is drawn from the shared view
(``view(state, None)``), which holds no hidden value. A private value (the
initial peek, a spy's look, the card just drawn from the deck) is drawn only in
its owner's *moment*: with two or more humans at the table a hand-off screen
("Pass the phone to Ana") comes first, and the value is in the page only while
Ana has it shown; hidden again, it is gone from the page. Nothing seen stays
marked: the table never reads the event log to remind a player of a value
(the seed: "the interface remembers nothing for the player"); the log serves
only to tell what the last action did, in this moment.
"""

from __future__ import annotations

from typing import Any

from engine.carta_robada.view import CartaView, typed
from web.core import actions
from web.core.model import Host, Table
from web.tables.carta_robada import controls
from web.ui.kit.handoff import humans, pass_phone

# -- who sits where ------------------------------------------------------------------

_VIEWS: dict[str, Any] = {"state": None, "views": {}}


def view_of(table: Table, seat: int | None) -> CartaView:
    """``view(state, seat)``, computed once per state: a drawing, the moment and
    the bots' pacing all read the same views (the event log makes a view cost
    milliseconds late in a game). Read-only: bots get views of their own."""
    if _VIEWS["state"] is not table.state:
        _VIEWS["state"] = table.state
        _VIEWS["views"] = {}
    views = _VIEWS["views"]
    if seat not in views:
        views[seat] = typed(table.game.view(table.state, seat))
    return views[seat]


# -- the moment: whose private things may be on the screen now ------------------------


def _seen_key(view: CartaView, seat: int) -> str | None:
    """Identifies a seat's current peek or spy reveal (its ``seen`` event)."""
    if view["reveal"] is None:
        return None
    n = max(
        (e["n"] for e in view["events"] if e["type"] == "seen" and e["seat"] == seat), default=-1
    )
    return f"{seat}:{n}"


def _looking(table: Table, pub: CartaView) -> list[int]:
    """The humans the public view shows looking at a reveal."""
    people = humans(table)
    return [s for s in pub["looking"] if s in people]


def _done(table: Table, looking: list[int]) -> list[Any]:
    """The looks put away for good (``ui["done"]``, kept by "look-done"). On a
    table just opened (a reload, a resumed save) nothing is kept yet: a look
    already seen is over, never offered again (the seed: one look, once); one
    nobody has seen yet is still to come, behind its hand-off (as a drawn card is).
    A save that does not say (from an older version, or made outside the app):
    every look on is taken as seen, as those versions did."""
    if "done" in table.ui:
        return list(table.ui["done"])
    seen = table.kept.get("seen")
    return [
        k
        for s in looking
        if (k := _seen_key(view_of(table, s), s)) is not None and (seen is None or k in seen)
    ]


def reopen(table: Table) -> None:
    """The table screen opens. With one human, a look is on her screen the moment
    it comes (no hand-off, see :func:`reveal_shown`), so a table just opened (a
    reload, a save that kept no seen looks) holds none she has not had: every
    look on is over, and the bots do not wait for it. With two or more, the seen
    looks kept with the save decide (:func:`_done`)."""
    if "done" in table.ui or len(humans(table)) >= 2:
        return
    pub = view_of(table, None)
    keys = (_seen_key(view_of(table, s), s) for s in _looking(table, pub))
    table.ui["done"] = [k for k in keys if k is not None]


def moment(table: Table, pub: CartaView) -> dict[str, Any] | None:
    """The human whose private moment it is, and what it is:
    ``{"seat", "kind": "look"|"hand"|"turn"|"peek"|"give", "handoff": bool, "view": seat view}``.

    ``look``: a peek or spy reveal not yet put away; ``hand``: the turn player
    holds a card drawn from the deck; ``turn``: the turn player is to draw, and
    the phone is not known to be in their hands (always behind a hand-off);
    ``peek``: choosing the two cards to look at;
    ``give``: a Remolino's blind pick. None: nothing private now.

    ``handoff``: the phone must change hands first: the seat is not the
    ``holder``: who confirmed the last hand-off, as long as no other human's move
    was tapped since (see :func:`~web.tables.carta_robada.pacing.arrive`). A tap
    never makes anyone the holder (anyone may tap another seat's deck), so the
    holder's own draw asks nothing more, and another human's draw always asks.
    """
    if table.replay is not None or pub["phase"] == "over":
        return None
    people = humans(table)
    ui = table.ui
    # Only the humans the public view shows looking: a seat's view costs a copy of its log.
    looking = _looking(table, pub)
    done = _done(table, looking)
    chosen = ui.get("picker")
    found: list[tuple[int, str]] = []
    for s in looking:
        v = view_of(table, s)
        key = _seen_key(v, s)
        if key is not None and key not in done:
            found.append((s, "look"))
    if not found and pub["phase"] == "play":
        t = pub["turn"]
        hand = pub["hand"]
        if (
            t in people
            and hand is not None
            and hand["source"] == "deck"
            and pub["step"] == "decide"
        ):
            found.append((t, "hand"))
    if not found and pub["phase"] == "play":
        t = pub["turn"]
        # The turn's draw may be private: the phone goes to its player first (the
        # holder already has it). Cuts stay open meanwhile (see ``tools_live``).
        if t in people and pub["step"] == "draw" and len(people) >= 2 and ui.get("holder") != t:
            found.append((t, "turn"))
    if not found and pub["phase"] == "peek":
        found = [(s, "peek") for s in people if not pub["tendidos"][s]["peeked"]]
    whirl = pub["whirl"]
    if not found and pub["phase"] == "whirl" and whirl is not None:
        found = [(s, "give") for s in people if s in whirl["waiting"]]
    if not found:
        return None
    pick = next((f for f in found if f[0] == chosen), found[0])
    seat, kind = pick
    handoff = len(people) >= 2 and ui.get("holder") != seat
    return {
        "seat": seat,
        "kind": kind,
        "handoff": handoff,
        "view": view_of(table, seat),
        "others": [f[0] for f in found if f[0] != seat],
    }


def revealed(table: Table, mom: dict[str, Any] | None) -> dict[tuple[int, int], str]:
    """(seat, pos) -> card for the private values drawn now: only in the moment's
    owner's moment, only while shown (or always with a single human)."""
    if mom is None or mom["handoff"] or mom["kind"] != "look" or not reveal_shown(table, mom):
        return {}
    reveal = mom["view"]["reveal"]
    return {(c["seat"], c["pos"]): c["card"] for c in reveal["cards"]}


def reveal_shown(table: Table, mom: dict[str, Any]) -> bool:
    """Whether the moment's private value is on the screen: always with one human at
    the table, else only while its owner has it shown."""
    if len(humans(table)) < 2:
        return True
    return table.ui.get("show") == mom["seat"]


def _mark_seen(table: Table, mom: dict[str, Any] | None) -> None:
    """The moment's look counts as seen from now on, also after a reload
    (``table.kept["seen"]``, saved with the game: only the looks still on)."""
    if mom is None or mom["kind"] != "look":
        return
    pub = view_of(table, None)
    if "done" not in table.ui:  # what a table just opened counts as seen, before this look
        table.ui["done"] = _done(table, _looking(table, pub))
    on = {_seen_key(view_of(table, s), s) for s in pub["looking"]}
    seen = [k for k in table.kept.get("seen", []) if k in on]
    key = _seen_key(mom["view"], mom["seat"])
    table.kept["seen"] = seen + ([key] if key not in seen else [])


# -- UI state ------------------------------------------------------------------------


def _int(arg: str | None) -> int | None:
    try:
        return int(arg or "")
    except ValueError:
        return None


def handle_ui(app: Host, table: Table, action: str, arg: str | None) -> None:
    ui = table.ui
    # Cuts stay open under a hand-off: the humans' head start runs on through it
    # (it restarts after a look put away, when nobody could cut).
    if pass_phone(table, action, arg, forget=("show",)):
        back = ui.pop("reshow", None) if action == actions.HANDOFF else None
        if back is not None and ui.get("holder") == back:
            mom = moment(table, view_of(table, None))
            if mom is not None and (mom["seat"], mom["kind"]) == (back, "hand"):
                ui["show"] = back  # her card was face up when the phone left her: again
        return
    if action == actions.SHEET:
        ui["sheet"] = arg or None
    elif action == controls.SHOW:
        ui["show"] = _int(arg)
        mom = moment(table, view_of(table, None))
        if mom is not None and not mom["handoff"] and reveal_shown(table, mom):
            _mark_seen(table, mom)
    elif action == controls.HIDE:
        ui.pop("show", None)
    elif action == controls.SNAP_ASK:  # SNAP! puts the player out for good: a confirm step
        ui["ask"] = _int(arg)
        pub = view_of(table, None)
        ui["asked"] = [pub["turn"], pub["step"]]
    elif action == controls.SNAP_NO:
        ui.pop("ask", None)
    elif action == controls.RESULTS:  # the last move was seen: on to the results
        ui["results"] = True
    elif action == controls.LOOK_DONE:
        # The reveal is put away for good: it is not offered again.
        pub = view_of(table, None)
        mom = moment(table, pub)
        if mom is not None and mom["kind"] == "look":
            key = _seen_key(mom["view"], mom["seat"])
            ui["done"] = [*_done(table, _looking(table, pub)), key]
            _mark_seen(table, mom)
        ui.pop("show", None)
        ui.pop("picker", None)
        ui.pop("opened", None)
        ui["since"] = app.now()
    elif action == controls.PEEK_SELECT:  # the first of the two cards to peek at
        pos = _int(arg)
        ui["psel"] = None if ui.get("psel") == pos else pos
    elif action == controls.TARGET_SELECT:  # the first target of a two-card action
        owner, _, place = (arg or "").partition(".")
        target = [_int(owner), _int(place)]
        ui["tsel"] = None if ui.get("tsel") == target else target
    elif action == controls.ORDER_SELECT:  # the first card of a reorder
        owner, _, place = (arg or "").partition(".")
        target = [_int(owner), _int(place)]
        ui["osel"] = None if ui.get("osel") == target else target
    elif action == controls.MODE:  # a zone's tool: "seat:cut", "seat:order" (again: off)
        owner, _, mode = (arg or "").partition(":")
        s = _int(owner)
        took_phone(table, s)
        modes = ui.setdefault("modes", {})
        key = str(s)
        modes[key] = None if modes.get(key) == mode else mode
        ui.pop("osel", None)


def took_phone(table: Table, seat: int | None) -> None:
    """A human other than the holder took the phone: a tool of theirs taken up
    (Ben arms his ✂ while Ana's drawn card is face up) or a move of theirs
    tapped (:func:`~web.tables.carta_robada.pacing.arrive`). It is in Ben's
    hands now, so Ana's card leaves the screen and her moment waits behind
    "Pass the phone to Ana" again. The rules leave the card in her hand (a cut
    does not clear it); only the shared screen hides it. A card she had shown
    comes back shown once she confirms (``ui["reshow"]``, read by the hand-off)."""
    ui = table.ui
    holder = ui.get("holder")
    if holder is None or seat == holder or seat not in humans(table):
        return
    if ui.get("show") == holder:
        ui["reshow"] = holder
    ui.pop("show", None)
    ui.pop("holder", None)


def after_move(app: Host, table: Table) -> None:
    """Tidy the UI once an action was applied: selections of a finished gesture go,
    a shown value is hidden when its moment changed, a cut starts its tie window."""
    ui = table.ui
    ui["since"] = app.now()
    tapped = ui.pop("tapped", None)  # a cut's tap time, when it came from a tap
    pub = view_of(table, None)
    since = ui.get("fresh_from")
    modes = ui.get("modes") or {}
    if since is not None:
        for e in pub["events"]:
            if e["n"] >= since and e["type"] == "cut":
                at = tapped["at"] if tapped and tapped["seat"] == e["seat"] else ui["since"]
                ui["cut"] = {"at": at, "first": e["seat"], "pos": e["pos"]}
            # Reorder is for one swap, and ends with its player's draw: a tap on
            # a card then swaps the card in hand (as the status says).
            ends_order = e["type"] in ("order", "draw", "take")
            if e["n"] >= since and ends_order and modes.get(str(e["seat"])) == "order":
                modes[str(e["seat"])] = None
    for key in ("psel", "tsel", "osel"):
        ui.pop(key, None)
    # A SNAP! question outlives other seats' moves (a bot's cut a moment after the
    # tap): it goes once its player's turn or step is over.
    asked = [pub["turn"], pub["step"]]
    if ui.get("asked") != asked:
        ui.pop("ask", None)
    if "seen" not in table.kept:
        # From now on this table says which looks were seen; those on from before
        # this move (a save that did not say) count as seen, as they did then.
        table.kept["seen"] = [
            look
            for s in _looking(table, pub)
            if (look := _seen_key(view_of(table, s), s)) is not None
            and int(look.split(":")[1]) < (since if since is not None else 0)
        ]
    mom = moment(table, pub)
    who = None if mom is None else (mom["seat"], mom["kind"])
    if ui.get("moment") != who:
        ui.pop("show", None)
        if ui.get("moment") is not None:  # (a table just opened has not said it yet)
            ui.pop("reshow", None)
        ui["moment"] = who
    if mom is not None and not mom["handoff"] and len(humans(table)) < 2:
        _mark_seen(table, mom)  # a lone human's look is on the screen at once
    for key in list(modes):
        if modes[key] == "cut":
            modes[key] = None  # a cut tool is for one cut

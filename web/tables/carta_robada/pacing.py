"""Carta robada's timing: the cut tie window and the bots' pacing.

The table's time is the app's (``Host.now``: the time of the event answered, on the
page's clock). The cut tie window and the bots' reaction times to a cut opportunity are the game's
(``engine/carta_robada/timing.py``, which the arena reads too); the humans' head
start on a cut (``HEAD_START_MS``, by the ``cut_pace`` setting) and which bot
acts next and when are the table's.

The head start. A human needs time to see a card arrive, arm the cut tool and
tap a card; a bot needs none. So while a human may cut, no bot acts at all (no
cut, no move that could cover the discard) for ``HEAD_START_MS[pace]`` from the
moment the card reached the discard; after it the bots cut at their usual
reaction times. The table draws that head start as a countdown.
"""

from __future__ import annotations

import math
import random

from engine.bot import Player, Thought
from engine.carta_robada.timing import TIE_MS, reaction_ms
from engine.carta_robada.view import CartaView
from web.core.model import Host, Table
from web.tables.carta_robada.state import moment, took_phone, view_of
from web.ui.table_ui import BOT_SPEED_MS

#: The tie window on the page's clock, in seconds.
TIE_S = TIE_MS / 1000


#: The game's setting (declared in its entry) of the humans' head start on a cut.
CUT_PACE = "cut_pace"
#: How long, from a card's arrival on the discard, no bot acts while a human may
#: cut it: by the ``cut_pace`` setting (relaxed / normal / quick).
HEAD_START_MS = {"relaxed": 5000, "normal": 3000, "quick": 1500}


#: Extra pause before a bot's next move while a failed cut's card is on show.
SHOWN_PAUSE_MS = 1400


def tie_open(table: Table, seat: int, at: float) -> bool:
    """Whether a cut by ``seat`` made at ``at`` is within the tie window of
    another seat's cut (the engine offers ``tied`` until the next move; the
    table only within the window)."""
    cut = table.ui.get("cut")
    return cut is not None and cut["first"] != seat and at - cut["at"] <= TIE_S


def tie_closes_ms(table: Table, now: float) -> int | None:
    """In how many ms the tie window of the last cut closes, while a human is
    offered to tie it (their ✂ then goes: the table is drawn again), else None."""
    cut = table.ui.get("cut")
    if cut is None:
        return None
    left = cut["at"] + TIE_S - now
    offered = any(
        s != cut["first"]
        and seat.kind in ("human", "phone")  # a guest's ✂ goes too: its screen is drawn again
        and any(a.startswith("tied:") for a in table.game.legal(table.state, s))
        for s, seat in enumerate(table.seats)
    )
    # The first whole ms past the window's end: the window's own float arithmetic
    # leaves ``left`` a hair off a whole number of ms either way.
    return max(0, math.floor(left * 1000 + 1e-6) + 1) if offered and left >= 0 else None


def arrive(table: Table, seat: int, action: str, move: int, at: float) -> tuple[str, int]:
    """A cut made within the tie window of another seat's cut, or before it, is
    recorded as ``tied`` (cancelled, no penalty), whatever picture it was tapped
    on; a ``tied`` tap after the window is refused (the button was from that window).

    Cuts are judged in the order they arrive; the window is reckoned from when
    each was tapped (``at``: the tap's own time even when the app gets it late;
    a phone's cut as the host reckons it, ``web.app.linking.tapped_at``), and
    the judged cut's tap time starts the window (``ui["tapped"]``, read by
    ``state.after_move``).

    A move tapped for a human other than the phone's holder means the phone may
    have changed hands: nobody is the holder any more, so the holder's next private
    moment asks "I am Ana" again. A tap never makes its seat the holder: anyone
    may tap another seat's deck (Ana may draw Ben's card: it must not show)."""
    took_phone(table, seat)
    verb, _, arg = action.partition(":")
    table.ui.pop("tapped", None)
    if verb not in ("cut", "tied"):
        return action, move
    state = table.state
    legal = table.game.legal(state, seat)
    table.ui["tapped"] = {"seat": seat, "at": at}
    if tie_open(table, seat, at) and f"tied:{arg}" in legal:
        return f"tied:{arg}", state.moves
    if verb == "tied":
        return action, -1
    return action, move


# -- bots: pacing and cut reactions --------------------------------------------------------


def flow_seats(pub: CartaView) -> list[int]:
    """Seats the game waits for: the peekers, the Remolino's givers, the turn player."""
    if pub["phase"] == "peek":
        return [t["seat"] for t in pub["tendidos"] if not t["peeked"]]
    whirl = pub["whirl"]
    if pub["phase"] == "whirl" and whirl is not None:
        return list(whirl["waiting"])
    if pub["phase"] == "play" and pub["turn"] is not None:
        return [pub["turn"]]
    return []


def opportunity(pub: CartaView) -> str | None:
    """The open cut, as a key (the discard's count and its top card), or None."""
    top = pub["discard"]["top"]
    if not pub["cutters"] or top is None:
        return None
    return f"{pub['discard']['count']}:{top['card']}"


def head_start(app: Host, table: Table, pub: CartaView) -> tuple[float, int] | None:
    """``(when it ends, in clock seconds; its length in ms)`` of the humans' head
    start on the open cut, or None when no human may cut now. It starts when the
    card reached the discard (:func:`settle` notes when) and lasts while the same
    card is open."""
    opp = opportunity(pub)
    # the people here and on other phones: a guest's cut gets the same head start
    people = [s for s, st in enumerate(table.seats) if st.kind in ("human", "phone")]
    if opp is None or not any(s in people for s in pub["cutters"]):
        return None
    ms = HEAD_START_MS[app.settings[CUT_PACE]]
    opened = table.ui.get("opened")
    at = opened["at"] if opened is not None and opened["key"] == opp else app.now()
    return at + ms / 1000, ms


def settle(app: Host, table: Table) -> None:
    """Note the table's times after an event, so that planning and drawing only
    read them: when the position began (``since``: a bot's pause runs from it),
    when the open cut's card reached the discard (``opened``: the humans' head
    start runs from it), and each bot's reaction to that card (``react``: the
    cut it chose and when its hand lands, drawn once per card from the bots'
    own entropy). Only ``opened`` is noted while a seat looks at a private
    reveal: the bots wait for it, and their pause and reactions start when it
    is put away."""
    ui = table.ui
    pub = view_of(table, None)
    now = app.now()
    opp = opportunity(pub)
    opened = ui.get("opened")
    fresh = opp is not None and (opened is None or opened["key"] != opp)
    if fresh and head_start(app, table, pub) is not None:
        ui["opened"] = {"key": opp, "at": now}
    bots = [s for s, st in enumerate(table.seats) if st.kind == "bot"]
    if not bots or pub["phase"] == "over":
        return
    mom = moment(table, pub)
    if (mom is not None and mom["kind"] == "look") or ui.get("phone_looks"):
        return  # a look open here, or on another phone (web/app/linking.py)
    ui.setdefault("since", now)
    react = ui.setdefault("react", {})
    if opp is None:
        return
    head = head_start(app, table, pub)
    # With a human able to cut, the bots' reactions run from the end of the head start.
    start = now if head is None else max(now, head[0])
    # The bots' own entropy, never the seed that deals the cards (web.core.model.bot_seed).
    rng = random.Random(f"{table.bot_salt}:{opp}")
    flow = flow_seats(pub)
    for s in pub["cutters"]:
        if s not in bots or s in flow:
            continue
        r = react.get(str(s))
        if r is None or r["key"] != opp:
            bot = app.bot_for(table, s)
            legal = [a for a in table.game.legal(table.state, s) if a.startswith("cut:")]
            choice = bot.act(table.game.view(table.state, s), legal) if legal else None
            lo, hi = reaction_ms(table.seats[s].level or "")
            react[str(s)] = {"key": opp, "action": choice, "at": start + rng.uniform(lo, hi) / 1000}


def bot_plan(app: Host, table: Table) -> tuple[int, int] | None:
    """The next bot to act and in how many ms: a bot the game waits for after
    the bot-speed pause, or a bot's cut after its reaction time from the moment
    the card reached the discard (earliest first; both as :func:`settle` noted
    them). Bots wait while a human looks at a private reveal, and none acts
    during the humans' head start on a cut."""
    bots = [s for s, st in enumerate(table.seats) if st.kind == "bot"]
    if not bots:
        return None
    ui = table.ui
    pub = view_of(table, None)
    if pub["phase"] == "over":
        return None
    mom = moment(table, pub)
    if (mom is not None and mom["kind"] == "look") or ui.get("phone_looks"):
        return None  # a look open here, or on another phone (web/app/linking.py)
    now = app.now()
    since = ui.get("since", now)
    due: list[tuple[float, int]] = []
    flow = flow_seats(pub)
    stalled = ui.get("stall", {})
    pause = BOT_SPEED_MS[app.settings["bot_speed"]] / 1000
    if pub["shown"] is not None:
        pause += SHOWN_PAUSE_MS / 1000
    for s in flow:
        if s in bots and stalled.get(str(s)) != table.state.moves:
            due.append((since + pause, s))
    react = ui.get("react", {})
    head = head_start(app, table, pub)
    opp = opportunity(pub)
    if opp is not None:
        for s in pub["cutters"]:
            r = react.get(str(s))
            live = r is not None and r["key"] == opp and r["action"] and not r.get("done")
            if s in bots and s not in flow and live:
                due.append((r["at"], s))
    cut = ui.get("cut")
    if cut is not None:
        for s in bots:
            r = react.get(str(s))
            if (
                r
                and r["action"]
                and not r.get("done")
                and s != cut["first"]
                and cut["at"] <= r["at"] <= cut["at"] + TIE_S
                and f"tied:{r['action'].split(':')[1]}" in table.game.legal(table.state, s)
            ):
                due.append((r["at"], s))
    if not due:
        return None
    at, seat = min(due)
    if head is not None:
        at = max(at, head[0])
    return seat, max(0, int((at - now) * 1000))


def bot_act(app: Host, table: Table, seat: int, bot: Player) -> str | None:
    """What the planned bot does now: its move in the game's flow, or the cut it
    decided on when the card arrived (or ``tied`` if another cut beat it by less
    than the tie window).

    A cut is aimed at the top the bot saw: if that card is no longer the open
    top when the reaction time is up, nothing is sent (a cut landing on another
    card would be judged against it, a failed cut with a penalty, as for a
    player who slaps late). On the same top the bot is asked again, on the
    table as it is now, so a cut follows the card it remembered if a move
    carried it elsewhere, and is dropped if the bot lost track of it."""
    ui = table.ui
    state = table.state
    pub = view_of(table, None)
    legal = table.game.legal(state, seat)
    if seat in flow_seats(pub):
        return _stall_on_none(table, seat, bot.act(table.game.view(state, seat), legal))
    r = (ui.get("react") or {}).get(str(seat))
    if not r or not r["action"] or r.get("done"):
        return None
    r["done"] = True
    pos = r["action"].split(":")[1]
    cut = ui.get("cut")
    if cut is not None and cut["first"] != seat and cut["at"] <= r["at"] <= cut["at"] + TIE_S:
        tied = f"tied:{pos}"
        if tied in legal:
            return tied
    if r["key"] != opportunity(pub):
        return None  # aimed at a card that is no longer the open top: never sent at another
    # The same top: the bot looks again before its hand lands (a Disrupción, a
    # Remolino or a Manipulación may have moved the card it meant to cut).
    cuts = [a for a in legal if a.startswith("cut:")]
    return bot.act(table.game.view(state, seat), cuts) if cuts else None


def flow_thought(table: Table, seat: int, thought: Thought) -> Thought:
    """A bot's move in the game's flow, thought in slices (``thought``)."""
    return _stall_on_none(table, seat, (yield from thought))


def _stall_on_none(table: Table, seat: int, action: str | None) -> str | None:
    """``action``; a bot that finds no move in the flow is not planned again
    until the table moves."""
    if action is None:
        table.ui.setdefault("stall", {})[str(seat)] = table.state.moves
    return action

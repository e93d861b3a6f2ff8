"""The Carta robada table: every tendido face down, the piles, the SNAP! marker,
cuts from every seat's own zone, the action cards' flows, hand-offs.

Privacy on a shared phone. The table is drawn from the shared view
(``view(state, None)``), which holds no hidden value. A private value (the
initial peek, a spy's look, the card just drawn from the deck) is drawn only in
its owner's *moment*: with two or more humans at the table a hand-off screen
("Pass the phone to Ana") comes first, and the value is in the page only while
Ana has it shown; hidden again, it is gone from the page. Nothing seen stays
marked: the table never reads the event log to remind a player of a value
(the seed: "the interface remembers nothing for the player"); the log serves
only to tell what the last action did, in this moment.

Timing lives here, not in the engine: the cut tie window (``TIE_S``) and the
bots' reaction times to a cut opportunity (``REACTION_MS``), measured with
``web.clock`` (the page's clock, which tests replace).
"""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from web import clock
from web.html import attrs, button, esc
from web.tables import game_button, menu_sheet, ranking, replay_bar, table_bar

if TYPE_CHECKING:
    from web.app import App, Table
    from web.i18n import Tr

OPTION_LABELS: dict[str, str] = {}
OPTION_RANGES: dict[str, tuple[int, int, int]] = {}

#: Attempts to cut within this many seconds of the first are cancelled, unpenalised.
TIE_S = 0.3
#: A bot's reaction time to a cut opportunity, by level: (fastest, slowest) in ms.
REACTION_MS = {
    "random": (1600, 3000),
    "easy": (1300, 2400),
    "medium": (950, 1700),
    "hard": (650, 1150),
}
#: Extra pause before a bot's next move while a failed cut's card is on show.
SHOWN_PAUSE_MS = 1400
BOT_SPEED_MS = {"slow": 1400, "normal": 800, "fast": 300}

#: Card code -> (what the card says, a small sign drawn beside it).
CARD_KEY = {
    "disrupcion": "cr.card.disrupcion",
    "remolino": "cr.card.remolino",
    "impulso": "cr.card.impulso",
    "manipulacion": "cr.card.manipulacion",
    "espia": "cr.card.espia",
    "reversa": "cr.card.reversa",
    "bendicion": "cr.card.bendicion",
    "maldicion": "cr.card.maldicion",
    "milagro": "cr.card.milagro",
}
CARD_SIGN = {
    "disrupcion": "⇄",
    "remolino": "↻",
    "impulso": "»",
    "manipulacion": "✣",
    "espia": "◉",
    "reversa": "⇆",
    "bendicion": "✚",
    "maldicion": "☠",
    "milagro": "✦",
}
CARD_NUMBER = {
    "disrupcion": 11,
    "remolino": 11,
    "impulso": 12,
    "manipulacion": 12,
    "espia": 13,
    "reversa": 13,
}
CARD_POINTS = {"bendicion": -5, "maldicion": 15, "milagro": -15}
#: A mark's colour comes with its own shape, so colour is never the only signal.
MARK_SIGN = {"disrupcion": "▲", "remolino": "●", "manipulacion": "■", "espia": "◆"}
MARK_KEY = {
    "disrupcion": "cr.mark.disrupcion",
    "remolino": "cr.mark.remolino",
    "manipulacion": "cr.mark.manipulacion",
    "espia": "cr.mark.espia",
}
USE_KEY = {
    "impulso": "cr.use.impulso",
    "reversa": "cr.use.reversa",
    "manipulacion": "cr.use.manipulacion",
    "disrupcion": "cr.use.disrupcion",
    "espia": "cr.use.espia",
    "remolino": "cr.use.remolino",
}


def card_text(tr: Tr, code: str) -> str:
    """A card as a player names it: "7", "Espía (13)", "Milagro (−15)"."""
    if code in CARD_NUMBER:
        return tr("cr.card.numbered", name=tr(CARD_KEY[code]), n=CARD_NUMBER[code])
    if code in CARD_POINTS:
        pts = CARD_POINTS[code]
        return tr("cr.card.points", name=tr(CARD_KEY[code]), n=f"−{-pts}" if pts < 0 else f"+{pts}")
    return code


def card_face(tr: Tr, code: str) -> str:
    """The inside of a face-up card: the big number (or points) and the sign."""
    if code in CARD_NUMBER:
        big, small = str(CARD_NUMBER[code]), f"{CARD_SIGN[code]} {tr(CARD_KEY[code])}"
    elif code in CARD_POINTS:
        pts = CARD_POINTS[code]
        big = f"−{-pts}" if pts < 0 else f"+{pts}"
        small = f"{CARD_SIGN[code]} {tr(CARD_KEY[code])}"
    else:
        big, small = code, ""
    sub = f'<span class="cname" aria-hidden="true">{esc(small)}</span>' if small else ""
    long = " long" if len(big) > 2 else ""
    return f'<span class="face{long}" aria-hidden="true">{esc(big)}</span>{sub}'


def card_kind(code: str) -> str:
    if code in CARD_NUMBER:
        return "k-action"
    if code in CARD_POINTS:
        return "k-minus" if CARD_POINTS[code] < 0 else "k-curse"
    n = int(code)
    return "k-low" if n <= 3 else ("k-mid" if n <= 7 else "k-high")


# -- who sits where ------------------------------------------------------------------

_VIEWS: dict[str, Any] = {"state": None, "views": {}}


def view_of(table: Table, seat: int | None) -> dict[str, Any]:
    """``view(state, seat)``, computed once per state: a drawing, the moment and
    the bots' pacing all read the same views (the event log makes a view cost
    milliseconds late in a game). Read-only: bots get views of their own."""
    if _VIEWS["state"] is not table.state:
        _VIEWS["state"] = table.state
        _VIEWS["views"] = {}
    views = _VIEWS["views"]
    if seat not in views:
        views[seat] = table.game.view(table.state, seat)
    return views[seat]


def humans(table: Table) -> list[int]:
    return [s for s, seat in enumerate(table.seats) if seat.kind == "human"]


def handoff_panel(tr: Tr, names: list[str], seat: int, why: str, others: list[int]) -> str:
    """The hand-off screen ("Pass the phone to Ana"): nothing private on it; Ana confirms, then her
    moment is drawn. ``others``: humans who may go first instead."""
    alt = "".join(
        button(esc(tr("handoff.instead", name=names[s])), "pass", arg=s, cls="btn small")
        for s in others
    )
    alt_html = f'<div class="row center">{alt}</div>' if alt else ""
    return (
        f'<section class="handoff" role="region" aria-labelledby="handoff-title">'
        f'<p class="handoff-icon" aria-hidden="true">☞</p>'
        f'<h2 id="handoff-title">{esc(tr("handoff.pass", name=names[seat]))}</h2>'
        f'<p class="handoff-why">{esc(why)}</p>'
        + button(
            esc(tr("handoff.ready", name=names[seat])),
            "handoff",
            arg=seat,
            cls="btn primary big",
            autofocus=True,
            id="handoff-ready",
        )
        + f"{alt_html}</section>"
    )


# -- the moment: whose private things may be on the screen now ------------------------


def _seen_key(view: dict[str, Any], seat: int) -> str | None:
    """Identifies a seat's current peek or spy reveal (its ``seen`` event)."""
    if view["reveal"] is None:
        return None
    n = max(
        (e["n"] for e in view["events"] if e["type"] == "seen" and e["seat"] == seat), default=-1
    )
    return f"{seat}:{n}"


def moment(table: Table, pub: dict[str, Any]) -> dict[str, Any] | None:
    """The human whose private moment it is, and what it is:
    ``{"seat", "kind": "look"|"hand"|"peek"|"give", "handoff": bool, "view": seat view}``.

    ``look``: a peek or spy reveal not yet put away; ``hand``: the turn player
    holds a card drawn from the deck; ``peek``: choosing the two cards to look
    at; ``give``: a Remolino's blind pick. None: nothing private now.
    """
    if table.replay is not None or pub["phase"] == "over":
        return None
    people = humans(table)
    ui = table.ui
    # Only the humans the public view shows looking: a seat's view costs a copy of its log.
    looking = [s for s in pub["looking"] if s in people]
    if "done" not in ui:
        # A table just opened (a reload, a resumed save): a look that was on
        # before is over, never offered again (the seed: one look, once).
        ui["done"] = [k for s in looking if (k := _seen_key(view_of(table, s), s)) is not None]
    done = ui["done"]
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
    if not found and pub["phase"] == "peek":
        found = [(s, "peek") for s in people if not pub["tendidos"][s]["peeked"]]
    if not found and pub["phase"] == "whirl":
        found = [(s, "give") for s in people if s in pub["whirl"]["waiting"]]
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
    if mom is None or mom["handoff"] or mom["kind"] != "look" or not _shown(table, mom):
        return {}
    reveal = mom["view"]["reveal"]
    return {(c["seat"], c["pos"]): c["card"] for c in reveal["cards"]}


def _shown(table: Table, mom: dict[str, Any]) -> bool:
    if len(humans(table)) < 2:
        return True
    return table.ui.get("show") == mom["seat"]


# -- UI state ------------------------------------------------------------------------


def _int(arg: str | None) -> int | None:
    try:
        return int(arg or "")
    except ValueError:
        return None


def handle_ui(table: Table, action: str, arg: str | None) -> None:
    ui = table.ui
    if action == "sheet":
        ui["sheet"] = arg or None
    elif action == "handoff":
        seat = _int(arg)
        if seat is not None and 0 <= seat < len(table.seats):
            ui["holder"] = seat
            ui["picker"] = seat
            ui.pop("show", None)
    elif action == "pass":
        seat = _int(arg)
        if seat is not None:
            ui["picker"] = seat
            ui.pop("holder", None)
            ui.pop("show", None)
    elif action == "show":
        ui["show"] = _int(arg)
    elif action == "hide":
        ui.pop("show", None)
    elif action == "look-done":
        # The reveal is put away for good: it is not offered again.
        pub = view_of(table, None)
        mom = moment(table, pub)
        if mom is not None and mom["kind"] == "look":
            key = _seen_key(mom["view"], mom["seat"])
            ui.setdefault("done", []).append(key)
        ui.pop("show", None)
        ui.pop("picker", None)
        ui["since"] = clock.now()
    elif action == "psel":  # the first of the two cards to peek at
        pos = _int(arg)
        ui["psel"] = None if ui.get("psel") == pos else pos
    elif action == "tsel":  # the first target of a two-card action
        seat, _, pos = (arg or "").partition(".")
        target = [_int(seat), _int(pos)]
        ui["tsel"] = None if ui.get("tsel") == target else target
    elif action == "osel":  # the first card of a reorder
        seat, _, pos = (arg or "").partition(".")
        target = [_int(seat), _int(pos)]
        ui["osel"] = None if ui.get("osel") == target else target
    elif action == "mode":  # a zone's tool: "seat:cut", "seat:order" (again: off)
        seat, _, mode = (arg or "").partition(":")
        s = _int(seat)
        modes = ui.setdefault("modes", {})
        key = str(s)
        modes[key] = None if modes.get(key) == mode else mode
        ui.pop("osel", None)


def after_move(table: Table) -> None:
    """Tidy the UI once an action was applied: selections of a finished gesture go,
    a shown value is hidden when its moment changed, a cut starts its tie window."""
    ui = table.ui
    ui["since"] = clock.now()
    pub = view_of(table, None)
    since = ui.get("fresh_from")
    if since is not None:
        for e in pub["events"]:
            if e["n"] >= since and e["type"] == "cut":
                ui["cut"] = {"at": ui["since"], "first": e["seat"], "pos": e["pos"]}
    for key in ("psel", "tsel", "osel"):
        ui.pop(key, None)
    mom = moment(table, pub)
    who = None if mom is None else (mom["seat"], mom["kind"])
    if ui.get("moment") != who:
        ui.pop("show", None)
        ui["moment"] = who
    modes = ui.get("modes") or {}
    for key in list(modes):
        if modes[key] == "cut":
            modes[key] = None  # a cut tool is for one cut


def arrive(table: Table, seat: int, action: str, move: int) -> tuple[str, int]:
    """A cut that arrives within the tie window of another seat's cut is recorded
    as ``tied`` (cancelled, no penalty), whatever picture it was tapped on; a
    ``tied`` tap after the window is refused (the button was from that window)."""
    verb, _, arg = action.partition(":")
    if verb not in ("cut", "tied"):
        return action, move
    cut = table.ui.get("cut")
    state = table.state
    legal = table.game.legal(state, seat)
    within = cut is not None and cut["first"] != seat and clock.now() - cut["at"] <= TIE_S
    if within and f"tied:{arg}" in legal:
        return f"tied:{arg}", state.moves
    if verb == "tied":
        return action, -1
    return action, move


# -- bots: pacing and cut reactions --------------------------------------------------------


def _bot_levels(table: Table) -> dict[str, Any]:
    from web.app import available_bots

    return available_bots(table.game_id)


def _bot(app: App, table: Table, seat: int) -> Any:
    if seat not in app.bot_memory:
        factory = _bot_levels(table)[table.seats[seat].level]
        app.bot_memory[seat] = factory(table.state.seed * 16 + seat)
    return app.bot_memory[seat]


def flow_seats(pub: dict[str, Any]) -> list[int]:
    """Seats the game waits for: the peekers, the Remolino's givers, the turn player."""
    if pub["phase"] == "peek":
        return [t["seat"] for t in pub["tendidos"] if not t["peeked"]]
    if pub["phase"] == "whirl":
        return list(pub["whirl"]["waiting"])
    if pub["phase"] == "play" and pub["turn"] is not None:
        return [pub["turn"]]
    return []


def _opportunity(pub: dict[str, Any]) -> str | None:
    top = pub["discard"]["top"]
    if not pub["cutters"] or top is None:
        return None
    return f"{pub['discard']['count']}:{top['card']}"


def bot_plan(app: App, table: Table) -> tuple[int, int] | None:
    """The next bot to act and in how many ms: a bot the game waits for after
    the bot-speed pause, or a bot's cut after its reaction time from the moment
    the card reached the discard (earliest first). Bots wait while a human looks
    at a private reveal."""
    levels = _bot_levels(table)
    bots = [s for s, st in enumerate(table.seats) if st.kind == "bot" and st.level in levels]
    if not bots:
        return None
    ui = table.ui
    pub = view_of(table, None)
    if pub["phase"] == "over":
        return None
    mom = moment(table, pub)
    if mom is not None and mom["kind"] == "look":
        return None
    now = clock.now()
    since = ui.setdefault("since", now)
    due: list[tuple[float, int]] = []
    flow = flow_seats(pub)
    stalled = ui.get("stall", {})
    pause = BOT_SPEED_MS[app.settings["bot_speed"]] / 1000
    if pub["shown"] is not None:
        pause += SHOWN_PAUSE_MS / 1000
    for s in flow:
        if s in bots and stalled.get(str(s)) != table.state.moves:
            due.append((since + pause, s))
    react = ui.setdefault("react", {})
    opp = _opportunity(pub)
    if opp is not None:
        rng = random.Random(f"{table.state.seed}:{opp}")
        for s in pub["cutters"]:
            if s not in bots or s in flow:
                continue
            r = react.get(str(s))
            if r is None or r["key"] != opp:
                bot = _bot(app, table, s)
                legal = [a for a in table.game.legal(table.state, s) if a.startswith("cut:")]
                choice = bot.act(table.game.view(table.state, s), legal) if legal else None
                lo, hi = REACTION_MS.get(table.seats[s].level or "", (1200, 2200))
                r = {"key": opp, "action": choice, "at": now + rng.uniform(lo, hi) / 1000}
                react[str(s)] = r
            if r["action"] and not r.get("done"):
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
    return seat, max(0, int((at - now) * 1000))


def bot_act(app: App, table: Table, seat: int, bot: Any) -> str | None:
    """What the planned bot does now: its move in the game's flow, or the cut it
    decided on when the card arrived (or ``tied`` if another cut beat it by less
    than the tie window)."""
    ui = table.ui
    state = table.state
    pub = view_of(table, None)
    legal = table.game.legal(state, seat)
    if seat in flow_seats(pub):
        action = bot.act(table.game.view(state, seat), legal)
        if action is None:
            ui.setdefault("stall", {})[str(seat)] = state.moves
        return action
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
    if r["key"] == _opportunity(pub) and r["action"] in legal:
        return r["action"]
    return None


# -- drawing ---------------------------------------------------------------------------


def render(app: App, table: Table) -> str:
    tr = app.tr
    pub = view_of(table, None)
    names = table.names
    replay = table.replay is not None
    mom = moment(table, pub)
    heading = esc(tr("game.carta_robada.name"))
    if replay:
        heading = esc(tr("replay.title")) + " · " + heading
    parts = [table_bar(app, table, heading)]
    parts.append(f'<main class="table carta players-{pub["players"]}">')
    if pub["phase"] == "over":
        parts.append(game_end(app, table, pub))
    else:
        ctx = Context(app, table, pub, mom)
        if mom is not None and mom["handoff"]:
            why = {
                "look": "cr.handoff.look",
                "hand": "cr.handoff.hand",
                "peek": "cr.handoff.peek",
                "give": "cr.handoff.give",
            }[mom["kind"]]
            parts.append(
                handoff_panel(
                    tr, names, mom["seat"], tr(why, name=names[mom["seat"]]), mom["others"]
                )
            )
            ctx.locked = True
        parts.append(status(ctx))
        parts.append(centre(ctx))
        parts.append(panel(ctx))
        parts.append(zones(ctx))
    parts.append("</main>")
    if replay:
        parts.append(replay_bar(app, table))
    if table.ui.get("sheet") == "menu":
        parts.append(menu_sheet(app, table))
    return "".join(parts)


class Context:
    """What one drawing of the table needs, computed once."""

    def __init__(
        self, app: App, table: Table, pub: dict[str, Any], mom: dict[str, Any] | None
    ) -> None:
        self.app = app
        self.tr = app.tr
        self.table = table
        self.pub = pub
        self.mom = mom
        self.names = table.names
        self.move = table.state.moves
        self.replay = table.replay is not None
        self.locked = False  # a hand-off screen is up: only public gestures
        self.people = humans(table)
        self._legal: dict[int, tuple[str, ...]] = {}
        self.seen = revealed(table, mom)
        fresh_from = table.ui.get("fresh_from")
        self.fresh = [e for e in pub["events"] if fresh_from is not None and e["n"] >= fresh_from]

    def legal(self, seat: int) -> tuple[str, ...]:
        if self.replay or seat not in self.people:
            return ()
        if seat not in self._legal:
            self._legal[seat] = self.table.game.legal(self.table.state, seat)
        return self._legal[seat]

    @property
    def turn_human(self) -> int | None:
        t = self.pub["turn"]
        if self.pub["phase"] == "play" and t in self.people:
            return t
        return None


def status(ctx: Context) -> str:
    """Whose turn, what they may do, and the state of play: direction, extra
    turns, the declarer, the marker."""
    tr, pub, names = ctx.tr, ctx.pub, ctx.names
    phase = pub["phase"]
    bots = {s for s, st in enumerate(ctx.table.seats) if st.kind == "bot"}
    if phase == "peek":
        waiting = [t["seat"] for t in pub["tendidos"] if not t["peeked"]]
        who = tr("cr.who.peek")
        what = tr("cr.do.peek_wait", names=", ".join(names[s] for s in waiting)) if waiting else ""
    elif phase == "whirl":
        w = pub["whirl"]
        who = tr("cr.who.whirl", name=names[w["by"]])
        what = tr("cr.do.give_wait", names=", ".join(names[s] for s in w["waiting"]))
    else:
        t = pub["turn"]
        who = (
            tr("cr.who.turn_extra", name=names[t])
            if pub["extra_turn"]
            else tr("cr.who.turn", name=names[t])
        )
        what = prompt_text(ctx)
        if t in bots:
            what = tr("cr.do.bot", name=names[t])
    facts = []
    if phase == "peek":
        return (
            f'<section class="status" aria-live="polite"><p class="who">{esc(who)}</p>'
            f'<p class="what">{esc(what)}</p></section>'
        )
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
    return (
        f'<section class="status" aria-live="polite"><p class="who">{esc(who)}</p>'
        f'<p class="what">{esc(what)}</p><p class="facts">{"".join(facts)}</p></section>'
        + last_action(ctx)
    )


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


def last_action(ctx: Context) -> str:
    """What the last action did, in words, for this moment only (public facts)."""
    tr, names = ctx.tr, ctx.names
    lines = []
    for e in ctx.fresh:
        kind = e["type"]
        who = names[e["seat"]] if isinstance(e.get("seat"), int) and e["seat"] < len(names) else ""
        if kind == "cut":
            key = "cr.ev.cut_ok" if e["ok"] else "cr.ev.cut_failed"
            lines.append(tr(key, name=who, pos=e["pos"] + 1, card=card_text(tr, e["card"])))
        elif kind == "penalty":
            lines.append(tr("cr.ev.penalty", name=who, pos=e["pos"] + 1))
        elif kind == "tied":
            lines.append(tr("cr.ev.tied", name=who, first=names[e["first"]]))
        elif kind == "marker":
            lines.append(tr("cr.ev.marker", name=who))
        elif kind == "milagro":
            lines.append(tr("cr.ev.milagro", name=who))
        elif kind == "remove":
            lines.append(
                tr("cr.ev.remove", name=who, pos=e["pos"] + 1, card=card_text(tr, e["card"]))
            )
        elif kind == "use":
            lines.append(use_text(tr, e, names))
        elif kind == "whirl":
            lines.append(tr("cr.ev.whirl_done"))
        elif kind == "reshuffle":
            lines.append(tr("cr.ev.reshuffle", n=e["deck"]))
        elif kind == "declare":
            lines.append(tr("cr.ev.declare", name=who))
        elif kind == "order":
            a, b = e["positions"]
            lines.append(tr("cr.ev.order", name=who, a=a + 1, b=b + 1))
    if not lines:
        return ""
    items = "".join(f"<li>{esc(x)}</li>" for x in lines)
    return f'<div class="last-action" role="status"><ul>{items}</ul></div>'


def use_text(tr: Tr, e: dict[str, Any], names: list[str]) -> str:
    card, who = e["card"], names[e["seat"]]
    if card == "impulso":
        return tr("cr.ev.impulso", name=who, n=e.get("extra", 2))
    if card == "reversa":
        return tr("cr.ev.reversa", name=who)
    if card == "manipulacion":
        return tr("cr.ev.manipulacion", name=who, other=names[e["target"]])
    if card in ("disrupcion", "espia"):
        (a, i), (b, j) = e["cards"]
        key = "cr.ev.disrupcion" if card == "disrupcion" else "cr.ev.espia"
        return tr(key, name=who, a=names[a], i=i + 1, b=names[b], j=j + 1)
    if card == "remolino":
        key = "cr.ev.remolino_next" if e.get("towards") == "next" else "cr.ev.remolino_prev"
        return tr(key, name=who)
    return ""


def centre(ctx: Context) -> str:
    """The deck, the discard top (blocked: tinted red and a ⊘ sign), the SNAP!
    marker once found, and the card in the turn player's hand."""
    tr, pub, names = ctx.tr, ctx.pub, ctx.names
    t = ctx.turn_human
    legal = ctx.legal(t) if t is not None and not ctx.locked else ()
    move = ctx.move
    deck_face = f'<span class="pile-count" aria-hidden="true">{pub["deck"]}</span>'
    if "draw" in legal:
        deck = game_button(
            deck_face,
            t,
            "draw",
            move,
            cls="card pile deck back actionable",
            aria_label=tr("cr.deck.draw", n=pub["deck"]),
            id="deck",
        )
    else:
        deck = f'<div class="card pile deck back" role="img"{attrs(aria_label=tr("cr.deck", n=pub["deck"]), id="deck")}>{deck_face}</div>'
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
        if "take" in legal:
            disc = game_button(
                inner,
                t,
                "take",
                move,
                cls=cls + " actionable",
                aria_label=tr("cr.discard.take", card=card_text(tr, code)),
                id="discard-top",
            )
        else:
            disc = f'<div class="{cls}" role="img"{attrs(aria_label=label, id="discard-top")}>{inner}</div>'
    marker = ""
    if pub["marker"]["found"]:
        marker = (
            f'<div class="pile-slot"><p class="pile-label" aria-hidden="true">{esc(tr("cr.marker.label"))}</p>'
            f'<div class="snap-marker" role="img"{attrs(aria_label=tr("cr.marker", name=names[pub["marker"]["by"]]))}>SNAP!</div></div>'
        )
    hand = hand_html(ctx)
    cutting = ""
    if pub["cutters"]:
        cutting = f'<p class="cut-open" role="note"><span aria-hidden="true">✂</span> {esc(tr("cr.cut_open", card=card_text(tr, top["card"])))}</p>'
    elif top is not None and top["blocked"]:
        cutting = f'<p class="cut-closed"><span aria-hidden="true">⊘</span> {esc(tr("cr.top_blocked"))}</p>'
    return (
        '<section class="piles carta-centre">'
        f'<div class="pile-slot"><p class="pile-label" aria-hidden="true">{esc(tr("cr.deck.label"))}</p>{deck}</div>'
        f'<div class="pile-slot"><p class="pile-label" aria-hidden="true">{esc(tr("cr.discard.label"))}</p>{disc}</div>'
        f"{marker}{hand}</section>{cutting}"
    )


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
        and _shown(ctx.table, mom)
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
    shown = mom is not None and _shown(ctx.table, mom)
    multi = len(ctx.people) >= 2
    if mom is not None and mom["kind"] == "look":
        s = mom["seat"]
        kind = mom["view"]["reveal"]["kind"]
        if multi and not shown:
            out.append(
                button(
                    f'<span aria-hidden="true">◉</span> {esc(tr("cr.look.show"))}',
                    "show",
                    arg=s,
                    cls="btn primary big",
                    id="show",
                )
            )
        elif multi:
            out.append(button(esc(tr("cr.look.hide")), "hide", cls="btn big", id="hide"))
        key = "cr.look.peek" if kind == "peek" else "cr.look.spy"
        out.insert(0, f'<p class="panel-text">{esc(tr(key, name=names[s]))}</p>')
        out.append(button(esc(tr("cr.look.done")), "look-done", cls="btn", id="look-done"))
    elif mom is not None and mom["kind"] == "hand" and multi:
        s = mom["seat"]
        if shown:
            out.append(button(esc(tr("cr.look.hide")), "hide", cls="btn", id="hide"))
        else:
            out.append(
                button(
                    f'<span aria-hidden="true">◉</span> {esc(tr("cr.hand.show"))}',
                    "show",
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
        key = "cr.give.next" if w["towards"] == "next" else "cr.give.prev"
        step = 1 if w["towards"] == "next" else -1
        to = names[(mom["seat"] + step) % pub["players"]]
        out.append(f'<p class="panel-text">{esc(tr(key, name=names[mom["seat"]], to=to))}</p>')
    t = ctx.turn_human
    if t is not None:
        legal = ctx.legal(t)
        move = ctx.move
        if "discard" in legal:
            out.append(
                game_button(
                    esc(tr("cr.discard_it")), t, "discard", move, cls="btn", id="discard-btn"
                )
            )
        step = pub["step"]
        pending = pub["pending"]
        if step == "activate" and pending is not None:
            out.append(activation(ctx, t, pending, legal))
        if "declare" in legal:
            out.append(
                game_button(
                    f'<span aria-hidden="true">⚑</span> {esc(tr("cr.declare"))}',
                    t,
                    "declare",
                    move,
                    cls="btn danger declare",
                    id="declare",
                )
            )
    if not out:
        return ""
    return (
        f'<section class="carta-panel" aria-label="{esc(tr("cr.panel"))}">{"".join(out)}</section>'
    )


def activation(ctx: Context, seat: int, pending: dict[str, Any], legal: tuple[str, ...]) -> str:
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
        for a, key, arrow in (
            ("use:next", "cr.act.whirl_next", "→"),
            ("use:prev", "cr.act.whirl_prev", "←"),
        ):
            if a in legal:
                nxt = (seat + (1 if a == "use:next" else -1)) % ctx.pub["players"]
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


def zones(ctx: Context) -> str:
    """Every seat's tendido in its own zone; human zones have their own tools."""
    tr = ctx.tr
    out = [f'<section class="zones" aria-label="{esc(tr("cr.zones"))}"><ul class="zone-list">']
    for t in ctx.pub["tendidos"]:
        out.append(zone(ctx, t))
    out.append("</ul></section>")
    return "".join(out)


def zone(ctx: Context, t: dict[str, Any]) -> str:
    tr, pub, names = ctx.tr, ctx.pub, ctx.names
    s = t["seat"]
    seat = ctx.table.seats[s]
    tags = []
    if pub["turn"] == s and pub["phase"] == "play":
        tags.append(f'<span class="tag turn">▶ {esc(tr("cr.tag.turn"))}</span>')
    if s in pub["out"]:
        tags.append(f'<span class="tag out">⚑ {esc(tr("cr.tag.out"))}</span>')
    elif pub["declarer"] == s:
        tags.append(f'<span class="tag snap">⚑ {esc(tr("cr.tag.declared"))}</span>')
    if seat.kind == "bot":
        tags.append(f'<span class="tag bot">⚙ {esc(seat.level or "")}</span>')
    if pub["phase"] == "peek":
        key = "cr.tag.peeked" if t["peeked"] else "cr.tag.peeking"
        tags.append(f'<span class="tag{" done" if t["peeked"] else ""}">{esc(tr(key))}</span>')
    if pub["phase"] == "whirl" and s in pub["whirl"]["given"]:
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
        f'<li class="{cls}" data-seat="{s}"><h3 class="seat-head small"><span class="seat-name">{esc(names[s])}</span>{"".join(tags)}'
        f'<span class="seat-stats">{esc(tr("cr.count", n=t["count"]))}</span></h3>'
        f'<div class="zone-body"><div class="tendido" role="group"{attrs(aria_label=tr("cr.tendido_of", name=names[s]))}>{"".join(cells)}</div>{tools}</div></li>'
    )


def zone_tools(ctx: Context, s: int) -> str:
    """A human's own tools: reorder (two taps, no peek) and, when the zone's cards
    are busy with the turn, a cut tool."""
    if ctx.replay or ctx.locked:
        return ""
    tr = ctx.tr
    legal = ctx.legal(s)
    mode = (ctx.table.ui.get("modes") or {}).get(str(s))
    items = []
    if any(a.startswith("order:") for a in legal):
        items.append(
            button(
                f'<span aria-hidden="true">⇄</span> {esc(tr("cr.tool.order"))}',
                "mode",
                arg=f"{s}:order",
                cls="btn small tool",
                aria_pressed="true" if mode == "order" else "false",
            )
        )
    if any(a.startswith("cut:") for a in legal) and _busy(ctx, s):
        items.append(
            button(
                f'<span aria-hidden="true">✂</span> {esc(tr("cr.tool.cut"))}',
                "mode",
                arg=f"{s}:cut",
                cls="btn small tool cut-tool",
                aria_pressed="true" if mode == "cut" else "false",
            )
        )
    if mode == "order":
        items.append(f'<span class="tool-hint">{esc(tr("cr.tool.order_hint"))}</span>')
    if not items:
        return ""
    return f'<div class="zone-tools">{"".join(items)}</div>'


def _busy(ctx: Context, s: int) -> bool:
    """Whether a tap on this seat's cards means something other than a cut now."""
    return _flow_action(ctx, s, 0) is not None or _target_mode(ctx)


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
    ctx: Context, s: int, pos: int, mark: str | None, shown: dict[str, Any] | None, penalty: bool
) -> str:
    """One tendido card: face down (its position, any mark), a failed cut's card
    shown to all, or a private value in its owner's moment."""
    tr = ctx.tr
    where = tr("cr.pos", n=pos + 1)
    face = ""
    cls = "card back"
    label = tr("cr.cell.down", where=where)
    value = ctx.seen.get((s, pos))
    if shown is not None and shown["seat"] == s and shown["pos"] == pos:
        code = shown["card"]
        cls = f"card up shown {card_kind(code)}"
        face = card_face(tr, code)
        label = tr("cr.cell.shown", where=where, card=card_text(tr, code))
    elif value is not None:
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
    if "card back" in cls:
        face += f'<span class="posn" aria-hidden="true">{pos + 1}</span>'
    action, ui_action, arg, extra_label = cell_action(ctx, s, pos)
    sel = ctx.table.ui
    if [s, pos] in (sel.get("tsel"), sel.get("osel")) or (
        sel.get("psel") == pos and ctx.mom and ctx.mom["seat"] == s
    ):
        cls += " selected"
        label += " · " + tr("cr.cell.selected")
    ident = f"c-{s}-{pos}"
    if action is not None:
        owner = ctx.turn_human if action.startswith("use:") else s
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
            aria_label=f"{label}. {extra_label}",
            data_pos=pos,
            id=ident,
        )
    if ui_action is not None:
        return button(
            face,
            ui_action,
            arg=arg,
            cls=cls + " actionable",
            aria_label=f"{label}. {extra_label}",
            data_pos=pos,
            id=ident,
        )
    return f'<div class="{cls}" role="img"{attrs(aria_label=label, data_pos=pos, id=ident)}>{face}</div>'


def cell_action(ctx: Context, s: int, pos: int) -> tuple[str | None, str | None, str | None, str]:
    """(game action, or UI action and its argument, and what the tap does) for a card."""
    tr = ctx.tr
    none: tuple[str | None, str | None, str | None, str] = (None, None, None, "")
    if ctx.replay:
        return none
    ui = ctx.table.ui
    mode = (ui.get("modes") or {}).get(str(s))
    legal = ctx.legal(s)
    # Reorder: two taps on one's own cards.
    if mode == "order" and not ctx.locked:
        first = ui.get("osel")
        if first is None or first[0] != s:
            return None, "osel", f"{s}.{pos}", tr("cr.tap.order_first")
        if first[1] == pos:
            return None, "osel", f"{s}.{pos}", tr("cr.tap.unselect")
        a, b = sorted((first[1], pos))
        act = f"order:{a},{b}"
        return (act, None, None, tr("cr.tap.order_second")) if act in legal else none
    # A cut (one tap), when the zone is free or its cut tool is on.
    cut = f"cut:{pos}"
    tied = f"tied:{pos}"
    if mode == "cut" or not _busy(ctx, s):
        if cut in legal:
            return cut, None, None, tr("cr.tap.cut")
        if tied in legal:
            return tied, None, None, tr("cr.tap.cut")
    # The turn's own gesture on one's own cards.
    flow = _flow_action(ctx, s, pos)
    if flow == "peek":
        first = ui.get("psel")
        if first is None:
            return None, "psel", str(pos), tr("cr.tap.peek_first")
        if first == pos:
            return None, "psel", str(pos), tr("cr.tap.unselect")
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
        if pending["target"] == "other_seat":
            act = f"use:{s}"
            return (act, None, None, tr("cr.tap.shuffle")) if act in tlegal else none
        first = ui.get("tsel")
        if first is None:
            if any(
                a.startswith("use:") and (f"{s}.{pos}," in a or a.endswith(f",{s}.{pos}"))
                for a in tlegal
            ):
                return None, "tsel", f"{s}.{pos}", tr("cr.tap.target_first")
            return none
        if first == [s, pos]:
            return None, "tsel", f"{s}.{pos}", tr("cr.tap.unselect")
        (a, i), (b, j) = sorted([tuple(first), (s, pos)])
        act = f"use:{a}.{i},{b}.{j}"
        return (act, None, None, tr("cr.tap.target_second")) if act in tlegal else none
    return none


# -- the end ------------------------------------------------------------------------------


def game_end(app: App, table: Table, pub: dict[str, Any]) -> str:
    tr = app.tr
    names = table.names
    result = pub["result"]
    winners = result["winners"]
    win_names = ", ".join(names[s] for s in winners)
    parts = ['<section class="round-end" aria-labelledby="end-title">']
    parts.append(f'<h2 id="end-title">{esc(tr("cr.game_over"))}</h2>')
    key = "end.shared" if len(winners) > 1 else "end.wins"
    parts.append(f'<p class="verdict" role="status">♛ {esc(tr(key, names=win_names))}</p>')
    reason = {
        "declared": "cr.end.declared",
        "emptied": "cr.end.emptied",
        "exhausted": "cr.end.exhausted",
    }[result["reason"]]
    parts.append(f'<p class="meta">{esc(tr(reason, names=win_names))}</p>')
    parts.append(
        ranking(tr, names, result["scores"], winners, lowest_wins=result["reason"] != "emptied")
    )
    parts.append('<ul class="reveal-list">')
    for s, cards in enumerate(result["tendidos"]):
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
    if table.replay is None:
        parts.append(button(esc(tr("end.rematch")), "rematch", cls="btn primary big"))
    parts.append(button(esc(tr("records.export")), "export", cls="btn"))
    parts.append(button(esc(tr("end.home")), "home", cls="btn"))
    parts.append("</div></section>")
    return "".join(parts)

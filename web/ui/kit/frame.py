"""The frame of a table screen and the pieces every table draws the same way:
the top bar, the menu sheet and any bottom sheet, the replay controls, a game
button; and the other screens' top bar."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from web.core import actions
from web.core.actions import Action
from web.core.html import attrs, button, esc
from web.core.i18n import Tr
from web.core.model import Host, Table
from web.ui.kit.export import export_control


def close_sheet(table: Table) -> bool:
    """The back button closes an open sheet first (every table's ``close_sheet``)."""
    if table.ui.get("sheet"):
        table.ui["sheet"] = None
        return True
    return False


def game_button(
    label_html: str, seat: int, action: str, move: int, *, cls: str = "btn", **extra: object
) -> str:
    """A button that plays ``action`` for ``seat``. ``data-move`` is the move count
    it was drawn at: a tap arriving after the table moved on is refused. ``action``
    is the engine's move (one of ``game.legal``: ``"draw"``, ``"flip:7"``), its
    own vocabulary, not a control's :class:`~web.core.actions.Action`."""
    return (
        f"<button{attrs(type='button', class_=cls, data_action=action, data_seat=seat, data_move=move, **extra)}>"
        f"{label_html}</button>"
    )


def deck_pile(count: int, name: str, draw: tuple[int, int, str] | None = None) -> str:
    """The deck, face down, with how many cards it holds (``name`` says it: the
    count is hidden from screen readers). ``draw``: (seat, move, the name of the
    draw) when a tap on it draws for that seat; else the same button disabled, so
    the pile keeps its node on the page from turn to turn (web/shell/sync.js)."""
    face = f'<span class="pile-count" aria-hidden="true">{count}</span>'
    if draw is None:
        pile = attrs(
            type="button", disabled=True, class_="card pile deck back", aria_label=name, id="deck"
        )
        return f"<button{pile}>{face}</button>"
    seat, move, draw_name = draw
    return game_button(
        face,
        seat,
        "draw",
        move,
        cls="card pile deck back actionable",
        aria_label=draw_name,
        id="deck",
    )


def slot(html: str) -> str:
    """``html`` in a box that is drawn whether it holds anything or not, so that
    the live regions after it keep their places: the page keeps their nodes
    (web/shell/sync.js matches by position), and a screen reader, which says a
    live region's changes but never the words it is drawn with, hears them."""
    return f'<div class="keep-place">{html}</div>'


def table_bar(app: Host, table: Table, heading: str) -> str:
    """The table's top bar: home (the game stays saved), or for a replay the
    list it was opened from, named; the title, the menu. A guest's phone has no
    home there (its "Leave the table" is under the table)."""
    tr = app.tr
    leave = tr("table.home")
    if table.replay is not None:
        back_to = {"history": tr("table.back.history"), "records": tr("table.back.records")}
        leave = back_to.get(str(table.ui.get("back_to")), tr("end.home"))
    home = (
        ""
        if table.guest
        else button(
            f'<span aria-hidden="true">‹</span><span class="sr">{esc(leave)}</span>',
            actions.HOME,
            cls="btn icon back",
            title=leave,
        )
    )
    menu = button(
        f'<span aria-hidden="true">☰</span><span class="sr">{esc(tr("table.menu"))}</span>',
        actions.SHEET,
        arg="menu",
        cls="btn icon",
        title=tr("table.menu"),
        aria_haspopup="dialog",
    )
    return f'<header class="bar">{home}<h1>{heading}</h1>{menu}</header>'


def menu_sheet(app: Host, table: Table, first: str = "") -> str:
    """The table's menu; ``first``: a table's own items above the app's (Moves).
    On a guest's phone only what that phone can do: the table's items and the rules."""
    tr = app.tr
    live = table.replay is None
    rules = button(esc(tr("rules.title")), actions.RULES, arg=table.game_id, cls="btn wide")
    if table.guest:
        return sheet(tr, "menu", tr("table.menu"), first + rules)
    items = [
        first,
        rules,
        button(esc(tr("settings.title")), actions.GO, arg="settings", cls="btn wide"),
        sound_toggle(app),
        export_control(tr, table, cls="btn wide"),
    ]
    if live:
        # A finished game is in History already: there is nothing left to abandon.
        if table.game.result(table.state) is None:
            items.append(button(esc(tr("table.quit")), actions.QUIT, cls="btn wide danger"))
    else:
        items.append(button(esc(tr("replay.exit")), actions.HOME, cls="btn wide"))
    return sheet(tr, "menu", tr("table.menu"), "".join(items))


def sound_toggle(app: Host) -> str:
    """The sound setting, one tap from the table's menu."""
    on = bool(app.settings["sound"])
    return button(
        '<span aria-hidden="true">♪</span> '
        + esc(app.tr("sound.menu_on" if on else "sound.menu_off")),
        actions.SET,
        arg="sound=" + ("false" if on else "true"),
        cls="btn wide",
        aria_pressed="true" if on else "false",
        id="sound-toggle",
    )


def sheet(tr: Tr, name: str, heading: str, body: str) -> str:
    """A bottom sheet (modal): the table behind it is inert until it closes. Its
    body takes the focus in Tab's order, so that a keyboard scrolls a long one."""
    close = button(esc(tr("sheet.close")), actions.SHEET, arg="", cls="btn", autofocus=True)
    return (
        f'<div class="scrim sheet-scrim"><section class="sheet sheet-{esc(name)}" role="dialog" aria-modal="true" '
        f'aria-labelledby="sheet-{esc(name)}-title"><div class="sheet-head">'
        f'<h2 id="sheet-{esc(name)}-title">{esc(heading)}</h2>{close}</div>'
        f'<div class="sheet-body" tabindex="0">{body}</div></section></div>'
    )


#: Replay speeds, slowest first: the factor shown -> ms each move stays on screen
#: while the replay plays (through the app's clock: ``App.replay_plan``).
REPLAY_SPEEDS: dict[str, int] = {"0.5": 1600, "1": 800, "2": 400, "4": 200}
REPLAY_SPEED = "1"


def replay_speed(table: Table) -> str:
    """The replay's speed (a key of :data:`REPLAY_SPEEDS`)."""
    speed = table.ui.get("speed")
    return speed if speed in REPLAY_SPEEDS else REPLAY_SPEED


def _factor(speed: str) -> str:
    return ("½" if speed == "0.5" else speed) + "×"


def round_of(table: Table, step: int) -> int | None:
    """The round the replay's ``step`` is in (its public view's ``round``), or
    None for a game without rounds."""
    assert table.replay is not None
    found = table.game.view(table.replay[step], None).get("round")
    return found if isinstance(found, int) and not isinstance(found, bool) else None


def round_starts(table: Table) -> list[int]:
    """The first step of each round of the replay (index 0: round 1); [] without
    rounds. Found once, when the replay starts (:func:`find_round_starts`, kept in
    ``table.ui``), since a replay's steps never change; a draw only reads them."""
    kept = table.ui.get("round_starts")
    return kept if isinstance(kept, list) else find_round_starts(table)


def find_round_starts(table: Table) -> list[int]:
    """The first step of each round of the replay, found by bisection (a round
    never goes back)."""
    assert table.replay is not None
    last = len(table.replay) - 1
    rounds = round_of(table, last)
    starts: list[int] = []
    if rounds is not None:
        lo = 0
        for r in range(1, rounds + 1):
            hi = last
            while lo < hi:  # the first step whose round is r or more
                mid = (lo + hi) // 2
                if (round_of(table, mid) or 0) >= r:
                    hi = mid
                else:
                    lo = mid + 1
            starts.append(lo)
    return starts


def shown_round(app: Host, table: Table, starts: list[int]) -> int:
    """The replay's round on screen: the one its step is in, or the round that
    ended while its results cover the table (:meth:`Host.results_round`: the
    step after a round's last move already holds the next deal)."""
    results = app.results_round(table)
    if results is not None:
        return results
    return sum(1 for s in starts if s <= table.step)


def replay_finished(table: Table) -> bool:
    """Whether the table is a replay of a game that ended (a History entry whose
    game ended, an imported complete record) whose table can draw its hidden
    cards (``TableUI.OPEN_CARDS``, set by the replay): only then may they be opened."""
    return (
        table.replay is not None
        and bool(table.ui.get("can_open"))
        and table.game.result(table.replay[-1]) is not None
    )


def cards_open(table: Table) -> bool:
    """Whether the replay draws every seat's hidden cards face up ("Cards on the
    table", ``TableUI.OPEN_CARDS``): never on a live table, nor
    in the replay of an unfinished game."""
    return bool(table.ui.get("open_cards")) and replay_finished(table)


def replay_bar(app: Host, table: Table) -> str:
    """The replay's controls: start, back, play or pause, forward, end; where it
    is (move, round: a tap lists the rounds to jump to) and its speed."""
    tr = app.tr
    assert table.replay is not None
    last = len(table.replay) - 1
    step = table.step
    playing = bool(table.ui.get("playing"))

    def ctl(
        symbol: str, action: Action, arg: str | None, key: str, disabled: bool, **extra: object
    ) -> str:
        return button(
            f'<span aria-hidden="true">{symbol}</span><span class="sr">{esc(tr(key))}</span>',
            action,
            arg=arg,
            cls="btn icon",
            title=tr(key),
            disabled=disabled,
            **extra,
        )

    play = ctl(
        "❚❚" if playing else "▶",
        actions.REPLAY_PLAY,
        None,
        "replay.pause" if playing else "replay.play",
        last == 0,
        id="replay-play",
        data_playing="true" if playing else "false",
    )
    controls = (
        ctl("«", actions.STEP, "start", "replay.start", step == 0)
        + ctl("‹", actions.STEP, "back", "replay.back", step == 0)
        + play
        + ctl("›", actions.STEP, "next", "replay.next", step == last)
        + ctl("»", actions.STEP, "end", "replay.end", step == last)
    )
    info = f'<output class="replay-pos" aria-live="off">{esc(tr("replay.pos", n=step, total=last))}</output>'
    starts = round_starts(table)
    if len(starts) > 1:
        now = shown_round(app, table, starts)
        info += button(
            esc(tr("replay.round", n=now, total=len(starts)))
            + ' <span aria-hidden="true">▾</span>',
            actions.REPLAY_ROUNDS,
            cls="btn small replay-round",
            aria_haspopup="dialog",
        )
    if replay_finished(table):
        on = cards_open(table)
        info += button(
            esc(tr("replay.open_cards")),
            actions.REPLAY_OPEN,
            cls="btn small replay-open",
            aria_pressed="true" if on else "false",
        )
    speed = replay_speed(table)
    controls += button(
        esc(_factor(speed)),
        actions.REPLAY_SPEED,
        cls="btn small replay-speed",
        aria_label=tr("replay.speed", x=_factor(speed)),
        title=tr("replay.speed", x=_factor(speed)),
    )
    return (
        f'<nav class="replay-bar" aria-label="{esc(tr("replay.title"))}" data-step="{step}" data-last="{last}">'
        f'<div class="replay-row">{controls}</div><div class="replay-row replay-info">{info}</div></nav>'
    )


def rounds_sheet(app: Host, table: Table) -> str:
    """The replay's rounds, each a jump to its first move."""
    tr = app.tr
    starts = round_starts(table)
    now = shown_round(app, table, starts)
    items = "".join(
        "<li>"
        + button(
            esc(tr("replay.round_item", n=r, move=start)),
            actions.STEP,
            arg=f"round:{r}",
            cls="btn wide",
            aria_current="true" if r == now else None,
        )
        + "</li>"
        for r, start in enumerate(starts, 1)
    )
    return sheet(
        tr, "replay-rounds", tr("replay.rounds"), f'<ol class="replay-rounds">{items}</ol>'
    )


def top_bar(tr: Tr, heading: str, back: str | None = "home", extra: str = "") -> str:
    """A screen's heading with a back button (``back``: the action it runs)."""
    back_btn = (
        button(
            f'<span aria-hidden="true">‹</span><span class="sr">{esc(tr("nav.back"))}</span>',
            actions.BACK if back == actions.BACK else actions.GO,
            arg="home",
            cls="btn icon back",
            title=tr("nav.back"),
        )
        if back
        else ""
    )
    return f'<header class="bar">{back_btn}<h1>{heading}</h1>{extra}</header>'


def table_foot(app: Host, table: Table, menu_first: str = "") -> str:
    """What follows every table's ``<main>``: the replay bar during a replay, the
    menu sheet when it is open (a table adds its own sheets after it;
    ``menu_first``: its own menu items, see :func:`menu_sheet`)."""
    foot = replay_bar(app, table) if table.replay is not None else ""
    menu = menu_sheet(app, table, menu_first) if table.ui.get("sheet") == "menu" else ""
    if table.replay is not None and table.ui.get("sheet") == "replay-rounds":
        menu = rounds_sheet(app, table)
    return foot + menu

"""The frame of a table screen and the pieces every table draws the same way:
the top bar, the menu sheet and any bottom sheet, the replay controls, a game
button; and the other screens' top bar."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from web.html import attrs, button, esc
from web.i18n import Tr
from web.kit.export import export_control
from web.model import Host, Table


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
    it was drawn at: a tap arriving after the table moved on is refused."""
    return (
        f"<button{attrs(type='button', class_=cls, data_action=action, data_seat=seat, data_move=move, **extra)}>"
        f"{label_html}</button>"
    )


def table_bar(app: Host, table: Table, heading: str) -> str:
    """The table's top bar: home (the game stays saved), or for a replay the
    list it was opened from, named; the title, the menu."""
    tr = app.tr
    leave = tr("table.home")
    if table.replay is not None:
        back_to = {"history": tr("table.back.history"), "records": tr("table.back.records")}
        leave = back_to.get(str(table.ui.get("back_to")), tr("end.home"))
    home = button(
        f'<span aria-hidden="true">‹</span><span class="sr">{esc(leave)}</span>',
        "home",
        cls="btn icon back",
        title=leave,
    )
    menu = button(
        f'<span aria-hidden="true">☰</span><span class="sr">{esc(tr("table.menu"))}</span>',
        "sheet",
        arg="menu",
        cls="btn icon",
        title=tr("table.menu"),
        aria_haspopup="dialog",
    )
    return f'<header class="bar">{home}<h1>{heading}</h1>{menu}</header>'


def menu_sheet(app: Host, table: Table, first: str = "") -> str:
    """The table's menu; ``first``: a table's own items above the app's (Moves)."""
    tr = app.tr
    live = table.replay is None
    items = [
        first,
        button(esc(tr("rules.title")), "rules", arg=table.game_id, cls="btn wide"),
        button(esc(tr("settings.title")), "go", arg="settings", cls="btn wide"),
        export_control(tr, table, cls="btn wide"),
    ]
    if live:
        items.append(button(esc(tr("table.quit")), "quit", cls="btn wide danger"))
    else:
        items.append(button(esc(tr("replay.exit")), "home", cls="btn wide"))
    return sheet(tr, "menu", tr("table.menu"), "".join(items))


def sheet(tr: Tr, name: str, heading: str, body: str) -> str:
    """A bottom sheet (modal): the table behind it is inert until it closes."""
    close = button(esc(tr("sheet.close")), "sheet", arg="", cls="btn", autofocus=True)
    return (
        f'<div class="scrim sheet-scrim"><section class="sheet sheet-{esc(name)}" role="dialog" aria-modal="true" '
        f'aria-labelledby="sheet-{esc(name)}-title"><header class="sheet-head">'
        f'<h2 id="sheet-{esc(name)}-title">{esc(heading)}</h2>{close}</header>'
        f'<div class="sheet-body">{body}</div></section></div>'
    )


def replay_bar(app: Host, table: Table) -> str:
    """Step controls of a replay: start, back, forward, end."""
    tr = app.tr
    assert table.replay is not None
    last = len(table.replay) - 1
    step = table.step

    def ctl(symbol: str, arg: str, key: str, disabled: bool) -> str:
        return button(
            f'<span aria-hidden="true">{symbol}</span><span class="sr">{esc(tr(key))}</span>',
            "step",
            arg=arg,
            cls="btn icon",
            title=tr(key),
            disabled=disabled,
        )

    return (
        f'<nav class="replay-bar" aria-label="{esc(tr("replay.title"))}">'
        + ctl("«", "start", "replay.start", step == 0)
        + ctl("‹", "back", "replay.back", step == 0)
        + f'<output class="replay-pos" aria-live="polite">{esc(tr("replay.pos", n=step, total=last))}</output>'
        + ctl("›", "next", "replay.next", step == last)
        + ctl("»", "end", "replay.end", step == last)
        + "</nav>"
    )


def top_bar(tr: Tr, heading: str, back: str | None = "home", extra: str = "") -> str:
    """A screen's heading with a back button (``back``: the action it runs)."""
    back_btn = (
        button(
            f'<span aria-hidden="true">‹</span><span class="sr">{esc(tr("nav.back"))}</span>',
            "go" if back != "back" else "back",
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
    return foot + menu

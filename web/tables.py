"""The table screens, one module per game, and what every table shares.

A table module provides:

- ``render(app, table) -> str``: the whole table screen;
- ``handle_ui(table, action, arg)``: taps on its own UI controls (sheets, toggles);
- ``close_sheet(table) -> bool`` (optional; default :func:`close_sheet`): the back
  button closes what is open first;
- ``after_move(table)``: tidy its UI state once an action was applied;
- ``OPTION_LABELS`` (option -> catalog key; options not listed are not offered)
  and ``OPTION_RANGES`` (number option -> (low, high, step)).

Carta robada and the dice game join by adding their module to ``TABLES``.
"""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from web.html import attrs, button, esc

if TYPE_CHECKING:
    from web.app import App, Table
    from web.i18n import Tr


def _tables() -> dict[str, Any]:
    from web import abyss, carta_robada, dice_bid

    return {"abyss": abyss, "carta_robada": carta_robada, "dice_bid": dice_bid}


class _Lazy(dict):  # type: ignore[type-arg]
    """The registry, filled on first use (the table modules import this one)."""

    def _fill(self) -> None:
        if not super().__len__():
            self.update(_tables())

    def __getitem__(self, key: str) -> Any:
        self._fill()
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self._fill()
        return super().__contains__(key)

    def __iter__(self):  # type: ignore[no-untyped-def]
        self._fill()
        return super().__iter__()


#: game id -> table module.
TABLES: dict[str, Any] = _Lazy()


# -- pieces every table uses ---------------------------------------------------


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


def table_bar(app: App, table: Table, heading: str) -> str:
    """The table's top bar: home (the game stays saved), the title, the menu."""
    tr = app.tr
    home = button(
        f'<span aria-hidden="true">‹</span><span class="sr">{esc(tr("table.home"))}</span>',
        "home",
        cls="btn icon back",
        title=tr("table.home"),
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


def menu_sheet(app: App, table: Table) -> str:
    tr = app.tr
    live = table.replay is None
    items = [
        button(esc(tr("rules.title")), "rules", arg=table.game_id, cls="btn wide"),
        button(esc(tr("settings.title")), "go", arg="settings", cls="btn wide"),
        button(esc(tr("records.export")), "export", cls="btn wide"),
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


def replay_bar(app: App, table: Table) -> str:
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


def ranking(
    tr: Tr, names: list[str], totals: list[int], winners: list[int], lowest_wins: bool
) -> str:
    """The final ranking: places (ties share a place), totals, the winners marked
    by a word and a crown, not by colour alone."""
    order = sorted(range(len(names)), key=lambda s: totals[s] if lowest_wins else -totals[s])
    rows = []
    place = 0
    prev = None
    for i, s in enumerate(order):
        if totals[s] != prev:
            place, prev = i + 1, totals[s]
        won = s in winners
        badge = f' <span class="win-badge">♛ {esc(tr("end.winner"))}</span>' if won else ""
        rows.append(
            f'<li class="rank{" won" if won else ""}" data-seat="{s}"><span class="place">{place}</span>'
            f'<span class="who">{esc(names[s])}{badge}</span>'
            f'<span class="total" data-total="{totals[s]}">{esc(totals[s])}</span></li>'
        )
    return f'<ol class="ranking" aria-label="{esc(tr("end.ranking"))}">{"".join(rows)}</ol>'


# -- the hint (Abyss and the dice game) ----------------------------------------


def hint_asked(table: Table, seat: int) -> bool:
    """Whether ``seat`` asked for a hint at this very move (the next move hides it)."""
    return table.ui.get("hint") == [seat, table.state.moves]


def ask_hint(table: Table, seat: int) -> None:
    """Remember who asked at which move: the hint never follows the phone to
    another seat nor outlives the move it was asked at."""
    table.ui["hint"] = [seat, table.state.moves]


def bot_hint(table: Table, seat: int, legal: tuple[str, ...]) -> tuple[str, str, dict] | None:
    """What the hard bot would play for ``seat``, reading only that seat's own
    view: ``(action, reason_key, params)``, or None where there is no hint."""
    if table.replay is not None or not legal or table.seats[seat].kind == "bot":
        return None
    try:
        from engine.bots import hint
    except ImportError:
        return None
    try:
        return hint(table.game_id, table.game.view(table.state, seat), legal)
    except ValueError:
        return None


def hint_button(label: str) -> str:
    """The Hint button (a UI action: nothing is played)."""
    return button(
        f'<span aria-hidden="true">✦</span> {esc(label)}', "hint", cls="btn small hint-btn"
    )


def hint_html(what: str, why: str) -> str:
    """The hint's line: the move in words, then the one-line why."""
    return f'<p class="hint-line" role="status"><strong>{esc(what)}</strong> {esc(why)}</p>'

"""The home screen: the games, the game in progress, a broken save."""

from __future__ import annotations

from web.core import actions
from web.core.html import button, esc
from web.core.i18n import game_name, game_pitch
from web.core.reason import words
from web.core.store import HISTORY_KEY, NAMES_KEY, SAVE_KEY, SETTINGS_KEY, SETUP_KEY
from web.ui.screens.phones import home_panel
from web.ui.screens.phones_life import was_at_table
from web.ui.session import Session

#: How Home names each stored thing that could not be restored.
PARTS = {
    SAVE_KEY: "save.part.save",
    SETTINGS_KEY: "save.part.settings",
    HISTORY_KEY: "save.part.history",
    NAMES_KEY: "save.part.names",
    SETUP_KEY: "save.part.setup",
}


def _part(app: Session, key: str) -> str:
    """How Home names one stored thing not restored: some settings by their
    headings (the others were kept), else the whole part."""
    if key == SETTINGS_KEY and app.settings_aside:
        labels = {s.name: s.label for s in app.known_settings}
        names = ", ".join(app.tr(labels[n]) for n in app.settings_aside if n in labels)
        return app.tr("save.part.settings_some", names=names)
    return app.tr(PARTS[key])


def _damaged(app: Session) -> str:
    """Saved data the boot could not restore (:meth:`web.app.saving.Saving.restore`):
    what it was, a file to keep it, the damaged game's sound part to go on with."""
    tr = app.tr
    broken_game = SAVE_KEY in app.damaged
    title = "save.broken.title" if broken_game else "save.damaged.title"
    what = ", ".join(_part(app, key) for key in app.damaged if key in PARTS)
    out = [
        f'<section class="card-panel warn" role="alert"><h2>{esc(tr(title))}</h2>',
    ]
    partial = app.broken_partial
    if broken_game and partial is None:
        out.append(f"<p>{esc(tr('save.broken.body'))}</p>")
    if app.broken_save is not None:  # why, in the player's language
        out.append(words(tr, app.broken_save))
    out.append(
        f"<p>{esc(tr('save.damaged.body'))}</p><p>{esc(tr('save.damaged.parts', parts=what))}</p>"
    )
    buttons = []
    if partial is not None:
        move = partial.state.moves
        out.append(f"<p>{esc(tr('save.broken.partial', move=move))}</p>")
        buttons.append(
            button(
                esc(tr("save.broken.resume", move=move)), actions.RESUME_PARTIAL, cls="btn primary"
            )
        )
    buttons.append(button(esc(tr("save.damaged.download")), actions.EXPORT, arg="damaged"))
    drop = "save.broken.drop" if broken_game else "save.damaged.drop"
    buttons.append(button(esc(tr(drop)), actions.DROP_BROKEN))
    out.append(f'<div class="row">{"".join(buttons)}</div></section>')
    return "".join(out)


def home(app: Session) -> str:
    tr = app.tr
    parts = [
        '<header class="hero"><h1 class="logo">'
        f'<span class="suit" aria-hidden="true">♠</span>{esc(tr("app.name"))}</h1>'
        f'<p class="tagline">{esc(tr("app.tagline"))}</p></header>',
        '<main class="home">',
    ]
    if app.damaged:
        parts.append(_damaged(app))
    parts.append(was_at_table(app))  # a guest's page reopened: how to get back in
    table = app.table
    if table is not None and table.replay is None:
        who = ", ".join(table.names)
        parts.append(
            f'<section class="card-panel continue"><h2>{esc(tr("home.continue"))}</h2>'
            f"<p>{esc(game_name(tr, table.game_id))} · {esc(who)}</p>"
            '<div class="row">'
            + button(esc(tr("home.continue.go")), actions.CONTINUE, cls="btn primary")
            + button(esc(tr("table.quit")), actions.QUIT, cls="btn")
            + "</div></section>"
        )
    parts.append(f'<h2 class="section">{esc(tr("home.games"))}</h2><ul class="games">')
    for game_id, entry in app.entries.items():
        lo, hi = entry.game.min_players, entry.game.max_players
        seats = esc(tr("home.players", lo=lo, n=hi))
        # each button's name ends with the game's ("New game Abyss"): three
        # buttons that say only "New game" are one to a screen reader's list
        title = f"title-{game_id}"
        links = "".join(
            button(
                esc(tr(key)),
                action,
                arg=game_id,
                cls=cls,
                id=f"{action}-{game_id}",
                aria_labelledby=f"{action}-{game_id} {title}",
            )
            for key, action, cls in (
                ("home.new", actions.NEW, "btn primary"),
                ("home.rules", actions.RULES, "btn"),
            )
        )
        parts.append(
            f'<li class="game game-{esc(game_id)}">'
            f'<div class="game-art" aria-hidden="true"></div>'
            f'<div class="game-text"><h3 id="{esc(title)}">{esc(game_name(tr, game_id))} </h3>'
            f'<p>{esc(game_pitch(tr, game_id))}</p><p class="meta">{seats}</p></div>'
            f'<div class="row">{links}</div></li>'
        )
    parts.append("</ul>")
    parts.append(home_panel(tr))
    parts.append(
        '<nav class="home-nav">'
        + button(esc(tr("history.title")), actions.GO, arg="history")
        + button(esc(tr("stats.title")), actions.GO, arg="stats")
        + button(esc(tr("players.title")), actions.GO, arg="players")
        + button(esc(tr("records.title")), actions.GO, arg="records")
        + button(esc(tr("settings.title")), actions.GO, arg="settings")
        + "</nav></main>"
    )
    return "".join(parts)

"""The frame around every screen: the screen itself (a table, through its
:class:`~web.ui.table_ui.TableUI`, or one of the app's screens), the live message,
the confirmation dialog; and the page title."""

from __future__ import annotations

from web.core import actions
from web.core.html import Drawing, attrs, button, esc
from web.core.i18n import game_name
from web.ui.kit import coach
from web.ui.screens.botlab import botlab_screen
from web.ui.screens.history import history, records
from web.ui.screens.home import home
from web.ui.screens.phones import away_banner, host_games, join_screen, lobby
from web.ui.screens.players import players_screen
from web.ui.screens.rules import rules
from web.ui.screens.settings import settings
from web.ui.screens.setup import setup
from web.ui.screens.stats import stats
from web.ui.session import Session

SCREEN_TITLE = {
    "home": "app.name",
    "setup": "setup.title",
    "rules": "rules.title",
    "settings": "settings.title",
    "history": "history.title",
    "records": "records.title",
    "players": "players.title",
    "stats": "stats.title",
    "botlab": "lab.title",
    "phones": "phones.host_title",
    "lobby": "phones.lobby_title",
    "join": "phones.join_title",
}


def title(app: Session) -> str:
    tr = app.tr
    if app.screen == "table" and app.table is not None:
        return f"{game_name(tr, app.table.game_id)} · {tr('app.name')}"
    return tr(SCREEN_TITLE.get(app.screen, "app.name"))


def render_app(app: Session) -> Drawing:
    """The whole app: top bar, the screen, the live message, any dialog; with
    the regions the table on screen drew."""
    tr = app.tr
    regions: dict[str, str] = {}
    if app.screen == "table" and app.table is not None:
        entry = app.entries[app.table.game_id]
        drawn = entry.table.draw(app, app.table)
        body, regions = drawn.html, dict(drawn.regions)
        if app.table.lesson and entry.lesson is not None:
            body = coach.dress(tr, entry.lesson, app.table, body, regions)
        body = away_banner(app) + body
    else:
        body = {
            "home": home,
            "setup": setup,
            "rules": rules,
            "settings": settings,
            "history": history,
            "records": records,
            "players": players_screen,
            "stats": stats,
            "botlab": botlab_screen,
            "phones": host_games,
            "lobby": lobby,
            "join": join_screen,
        }.get(app.screen, home)(app)
    notice = esc(tr(app.notice[0], **app.notice[1])) if app.notice else ""
    dialog = confirm_dialog(app) if app.confirm else ""
    return Drawing(
        f'<div class="screen screen-{esc(app.screen)}"{attrs(inert=bool(dialog))}>{body}</div>'
        f'<div class="notice" role="status" aria-live="polite">{notice}</div>{dialog}',
        regions,
    )


# -- dialogs ------------------------------------------------------------------


def confirm_dialog(app: Session) -> str:
    """The open confirmation: quit the game, or abandon it for a new one. Cancel
    (first, focused; Escape and Back too) keeps everything as it was."""
    tr = app.tr
    if app.confirm == "quit":
        texts = (tr("quit.title"), tr("quit.body"), tr("quit.no"), tr("quit.yes"), actions.QUIT_YES)
    elif app.confirm == "abandon" and (table := app.game_in_progress()) is not None:
        name = game_name(tr, table.game_id)
        texts = (
            tr("abandon.title", game=name),
            tr("abandon.body"),
            tr("abandon.no"),
            tr("abandon.yes"),
            actions.ABANDON_YES,
        )
    else:
        return ""
    heading, body, keep, leave, action = texts
    return (
        '<div class="scrim"><div class="dialog" role="alertdialog" aria-modal="true" '
        'aria-labelledby="dlg-title" aria-describedby="dlg-body">'
        f'<h2 id="dlg-title">{esc(heading)}</h2><p id="dlg-body">{esc(body)}</p>'
        '<div class="row">'
        + button(esc(keep), actions.CANCEL, cls="btn primary", autofocus=True)
        + button(esc(leave), action, cls="btn danger")
        + "</div></div></div>"
    )

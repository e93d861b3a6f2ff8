"""The rules screen: a tab per game, the page in the player's language."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from web.core import actions
from web.core import rulepages as rules_pages
from web.core.html import button, esc
from web.core.i18n import Tr, game_name
from web.ui.kit import coach
from web.ui.kit.frame import top_bar
from web.ui.kit.options import house_rules
from web.ui.session import Session


def rules(app: Session) -> str:
    tr = app.tr

    game_id = app.rules_game
    tabs = "".join(
        button(
            esc(game_name(tr, g)),
            actions.RULES,
            arg=g,
            cls="btn seg",
            aria_pressed="true" if g == game_id else "false",
        )
        for g in app.entries
    )
    page_lang, html = rules_pages.page(game_id, app.lang)
    note = ""
    if html is None:
        body = f'<p class="card-panel">{esc(tr("rules.missing"))}</p>'
    else:
        if page_lang != app.lang:
            note = f'<p class="card-panel note" role="note">{esc(tr("rules.untranslated"))}</p>'
        body = f'<article class="prose" lang="{esc(page_lang)}">{html}</article>'
    table = app.table
    found = app.entries.get(game_id)
    if found is not None:
        body += help_pointer(tr)
    if found is not None and found.lesson is not None:
        body = after_quick_start(body, coach.learn(tr, app.storage, game_id, offer=False))
    if table is not None and table.game_id == game_id and found is not None:
        # opened from a table: the rules it plays by where they are not the page's
        told = house_rules(
            tr, found.table.OPTION_LABELS, found.game.default_options, table.state.options
        )
        if told:
            note += f'<section class="card-panel note table-rules" role="note">{told}</section>'
    return (
        top_bar(tr, esc(tr("rules.title")), back="back")
        + f'<main class="rules"><nav class="segmented tabs" aria-label="{esc(tr("rules.games"))}">{tabs}</nav>'
        + note
        + body
        + "</main>"
    )


#: Where a rules page's quick start ends: its "How to play" heading (every page has one).
HOW_TO_PLAY = '<h3 id="r-rules"'


def after_quick_start(body: str, html: str) -> str:
    """``html`` put just after the page's quick start (so the quick start still opens
    the page and fits one small screen), or at the end of a page without one."""
    at = body.find(HOW_TO_PLAY)
    return body[:at] + html + body[at:] if at >= 0 else body + html


def help_pointer(tr: Tr) -> str:
    """Under each game's page: where playing on several phones is told (how to join,
    what to do when a phone cannot connect)."""
    return (
        f'<section class="card-panel note phones-help"><p>{esc(tr("phones.help_note"))}</p>'
        + button(esc(tr("phones.help")), actions.RULES, arg="phones", cls="btn")
        + "</section>"
    )

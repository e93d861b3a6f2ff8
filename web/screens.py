"""The app's screens (home, new game, settings, rules, history, records) and
the frame around every screen. Pure functions of the :class:`~web.app.App`:
they read it and return HTML, nothing else.
"""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from typing import TYPE_CHECKING

import engine
from web import store
from web.html import attrs, button, esc
from web.i18n import LANGS, Tr

if TYPE_CHECKING:
    from web.app import App

#: Catalog keys per game, written out so the unused-key test sees them.
GAME_NAME = {
    "abyss": "game.abyss.name",
    "carta_robada": "game.carta_robada.name",
    "dice_bid": "game.dice_bid.name",
}
GAME_PITCH = {
    "abyss": "game.abyss.pitch",
    "carta_robada": "game.carta_robada.pitch",
    "dice_bid": "game.dice_bid.pitch",
}
#: Player counts shown before an engine exists (from the rulings).
GAME_SEATS = {"abyss": (2, 8), "carta_robada": (2, 6), "dice_bid": (2, 6)}
LANG_NAME = {"en": "English", "es": "Español", "fr": "Français"}
SCREEN_TITLE = {
    "home": "app.name",
    "setup": "setup.title",
    "rules": "rules.title",
    "settings": "settings.title",
    "history": "history.title",
    "records": "records.title",
}


def game_name(tr: Tr, game_id: str) -> str:
    return tr(GAME_NAME[game_id]) if game_id in GAME_NAME else game_id


def title(app: App) -> str:
    tr = app.tr
    if app.screen == "table" and app.table is not None:
        return f"{game_name(tr, app.table.game_id)} · {tr('app.name')}"
    return tr(SCREEN_TITLE.get(app.screen, "app.name"))


def render_app(app: App) -> str:
    """The whole app: top bar, the screen, the live message, any dialog."""
    tr = app.tr
    if app.screen == "table" and app.table is not None:
        from web.tables import TABLES

        body = TABLES[app.table.game_id].render(app, app.table)
    else:
        body = {
            "home": home,
            "setup": setup,
            "rules": rules,
            "settings": settings,
            "history": history,
            "records": records,
        }.get(app.screen, home)(app)
    notice = esc(tr(app.notice[0], **app.notice[1])) if app.notice else ""
    dialog = confirm_dialog(app) if app.confirm else ""
    return (
        f'<div class="screen screen-{esc(app.screen)}"{attrs(inert=bool(dialog))}>{body}</div>'
        f'<div class="notice" role="status" aria-live="polite">{notice}</div>{dialog}'
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


# -- home -------------------------------------------------------------------


def home(app: App) -> str:
    tr = app.tr
    from web.app import playable_games

    playable = playable_games()
    parts = [
        '<header class="hero"><h1 class="logo">'
        f'<span class="suit" aria-hidden="true">♠</span>{esc(tr("app.name"))}</h1>'
        f'<p class="tagline">{esc(tr("app.tagline"))}</p></header>',
        '<main class="home">',
    ]
    if app.broken_save is not None:
        parts.append(
            f'<section class="card-panel warn" role="alert"><h2>{esc(tr("save.broken.title"))}</h2>'
            f"<p>{esc(tr('save.broken.body'))}</p>"
            f"<details><summary>{esc(tr('save.broken.details'))}</summary>"
            f"<p><code>{esc(app.broken_save)}</code></p></details>"
            f'<div class="row">{button(esc(tr("save.broken.drop")), "drop-broken")}</div></section>'
        )
    table = app.table
    if table is not None and table.replay is None:
        who = ", ".join(table.names)
        parts.append(
            f'<section class="card-panel continue"><h2>{esc(tr("home.continue"))}</h2>'
            f"<p>{esc(game_name(tr, table.game_id))} · {esc(who)}</p>"
            f'<div class="row">{button(esc(tr("home.continue.go")), "continue", cls="btn primary")}'
            f"{button(esc(tr('table.quit')), 'quit', cls='btn')}</div></section>"
        )
    parts.append(f'<h2 class="section">{esc(tr("home.games"))}</h2><ul class="games">')
    for game_id in engine.GAME_IDS:
        lo, hi = GAME_SEATS.get(game_id, (2, 6))
        if game_id in engine.GAMES:
            lo, hi = engine.GAMES[game_id].min_players, engine.GAMES[game_id].max_players
        seats = esc(tr("home.players", lo=lo, hi=hi))
        if game_id in playable:
            actions = button(esc(tr("home.new")), "new", arg=game_id, cls="btn primary")
            badge = ""
        else:
            actions = ""
            badge = f'<span class="badge">{esc(tr("home.soon"))}</span>'
        actions += button(esc(tr("home.rules")), "rules", arg=game_id, cls="btn")
        parts.append(
            f'<li class="game game-{esc(game_id)}{"" if game_id in playable else " soon"}">'
            f'<div class="game-art" aria-hidden="true"></div>'
            f'<div class="game-text"><h3>{esc(game_name(tr, game_id))} {badge}</h3>'
            f'<p>{esc(tr(GAME_PITCH[game_id]))}</p><p class="meta">{seats}</p></div>'
            f'<div class="row">{actions}</div></li>'
        )
    parts.append("</ul>")
    parts.append(
        '<nav class="home-nav">'
        + button(esc(tr("history.title")), "go", arg="history")
        + button(esc(tr("records.title")), "go", arg="records")
        + button(esc(tr("settings.title")), "go", arg="settings")
        + "</nav></main>"
    )
    return "".join(parts)


# -- new game -----------------------------------------------------------------


def setup(app: App) -> str:
    tr = app.tr
    from web.app import available_bots
    from web.tables import TABLES

    form = app.setup
    game_id = form["game"]
    game = engine.GAMES[game_id]
    bots = available_bots(game_id)
    count = form["count"]
    parts = [
        top_bar(tr, esc(tr("setup.heading", game=game_name(tr, game_id)))),
        '<main class="setup">',
    ]
    parts.append(
        f'<section class="card-panel"><h2 id="count-label">{esc(tr("setup.players"))}</h2>'
        f'<div class="stepper" role="group" aria-labelledby="count-label">'
        + button(
            "−",
            "count",
            arg="-",
            cls="btn icon",
            aria_label=tr("setup.fewer"),
            disabled=count <= game.min_players,
        )
        + f'<output class="count" aria-live="polite">{count}</output>'
        + button(
            "+",
            "count",
            arg="+",
            cls="btn icon",
            aria_label=tr("setup.more"),
            disabled=count >= game.max_players,
        )
        + f'</div><p class="meta">{esc(tr("home.players", lo=game.min_players, hi=game.max_players))}</p>'
        "</section>"
    )
    parts.append(f'<section class="card-panel"><h2>{esc(tr("setup.seats"))}</h2><ol class="seats">')
    for i, seat in enumerate(form["seats"][:count]):
        default = tr("seat.default", n=i + 1)
        label = esc(tr("setup.seat_name", n=i + 1))
        kind = ""
        if bots:
            shown = (
                tr("setup.human")
                if seat["kind"] == "human"
                else tr("setup.bot", level=tr(BOT_LEVEL.get(seat["level"] or "", "setup.human")))
            )
            kind = button(
                esc(shown),
                "seat-kind",
                arg=i,
                cls="btn kind",
                aria_label=tr("setup.kind_of", n=i + 1, kind=shown),
            )
        long_hint = ""
        if len(" ".join(str(seat["name"]).split())) > store.MAX_NAME:
            long_hint = f'<span class="hint">{esc(tr("setup.name_long", n=store.MAX_NAME))}</span>'
        parts.append(
            f'<li class="seat"><label for="name-{i}" class="sr">{label}</label>'
            f'<span class="seat-no" aria-hidden="true">{i + 1}</span>'
            f'<input id="name-{i}" type="text" autocomplete="off" enterkeyhint="next"'
            f"{attrs(value=seat['name'], placeholder=default, data_field='name', data_arg=i, maxlength=60)}>"
            f"{kind}{long_hint}</li>"
        )
    parts.append(
        f'</ol><p class="meta">{esc(tr("setup.names_hint", n=store.MAX_NAME))}</p></section>'
    )
    table_ui = TABLES[game_id]
    shown_options = [(k, v) for k, v in form["options"].items() if k in table_ui.OPTION_LABELS]
    if shown_options:
        parts.append(f'<section class="card-panel"><h2>{esc(tr("setup.options"))}</h2>')
        for name, value in shown_options:
            label = tr(table_ui.OPTION_LABELS[name])
            if isinstance(value, bool):
                parts.append(
                    '<div class="opt">'
                    + button(
                        f"{esc(label)}: {esc(tr('yes' if value else 'no'))}",
                        "option",
                        arg=name,
                        cls="btn toggle",
                        aria_pressed="true" if value else "false",
                    )
                    + "</div>"
                )
            else:
                lo, hi, _ = table_ui.OPTION_RANGES.get(name, (0, 10_000, 1))
                oid = f"opt-{name}"
                parts.append(
                    f'<div class="opt"><span id="{esc(oid)}">{esc(label)}</span>'
                    f'<div class="stepper" role="group" aria-labelledby="{esc(oid)}">'
                    + button(
                        "−",
                        "option",
                        arg=f"{name}:-",
                        cls="btn icon",
                        aria_label=tr("setup.less", what=label),
                        disabled=value <= lo,
                    )
                    + f'<output class="count">{esc(value)}</output>'
                    + button(
                        "+",
                        "option",
                        arg=f"{name}:+",
                        cls="btn icon",
                        aria_label=tr("setup.more_of", what=label),
                        disabled=value >= hi,
                    )
                    + "</div></div>"
                )
        parts.append("</section>")
    parts.append(
        '<div class="actions">'
        + button(esc(tr("setup.start")), "start", cls="btn primary big")
        + "</div></main>"
    )
    return "".join(parts)


BOT_LEVEL = {
    "random": "bot.random",
    "easy": "bot.easy",
    "medium": "bot.medium",
    "hard": "bot.hard",
}


# -- settings -----------------------------------------------------------------

SETTING_LABEL = {
    "lang": "settings.lang",
    "motion": "settings.motion",
    "bot_speed": "settings.bot_speed",
    "theme": "settings.theme",
    "wake": "settings.wake",
    "vibrate": "settings.vibrate",
}
SETTING_VALUE = {
    ("lang", "auto"): "settings.lang.auto",
    ("motion", "system"): "settings.system",
    ("motion", "slow"): "settings.slow",
    ("motion", "normal"): "settings.normal",
    ("motion", "fast"): "settings.fast",
    ("motion", "off"): "settings.motion.off",
    ("bot_speed", "slow"): "settings.slow",
    ("bot_speed", "normal"): "settings.normal",
    ("bot_speed", "fast"): "settings.fast",
    ("theme", "system"): "settings.system",
    ("theme", "light"): "settings.theme.light",
    ("theme", "dark"): "settings.theme.dark",
    ("wake", True): "on",
    ("wake", False): "off",
    ("vibrate", True): "on",
    ("vibrate", False): "off",
}
SETTING_HELP = {
    "motion": "settings.motion.help",
    "wake": "settings.wake.help",
    "lang": "settings.lang.help",
}


def settings(app: App) -> str:
    tr = app.tr
    parts = [top_bar(tr, esc(tr("settings.title"))), '<main class="settings">']
    for name, (_default, allowed) in store.SETTINGS.items():
        if name == "bot_speed" and not _any_bots():
            continue
        label_id = f"set-{name}"
        parts.append(
            f'<section class="card-panel"><h2 id="{label_id}">{esc(tr(SETTING_LABEL[name]))}</h2>'
        )
        if name in SETTING_HELP:
            parts.append(
                f'<p class="meta">{esc(tr(SETTING_HELP[name], lang=LANG_NAME[app.browser_lang]))}</p>'
            )
        parts.append(f'<div class="segmented" role="group" aria-labelledby="{label_id}">')
        for value in allowed:
            if name == "lang" and value in LANGS:
                text = LANG_NAME[value]
                lang_attr = value
            else:
                text = tr(SETTING_VALUE[(name, value)])
                lang_attr = None
            on = app.settings[name] == value
            raw = ("true" if value else "false") if isinstance(value, bool) else value
            parts.append(
                button(
                    esc(text),
                    "set",
                    arg=f"{name}={raw}",
                    cls="btn seg",
                    aria_pressed="true" if on else "false",
                    lang=lang_attr,
                )
            )
        parts.append("</div></section>")
    parts.append("</main>")
    return "".join(parts)


def _any_bots() -> bool:
    from web.app import available_bots

    return any(available_bots(g) for g in engine.GAME_IDS)


# -- rules --------------------------------------------------------------------


def rules(app: App) -> str:
    tr = app.tr
    from web import rules as rules_pages

    game_id = app.rules_game
    tabs = "".join(
        button(
            esc(game_name(tr, g)),
            "rules",
            arg=g,
            cls="btn seg",
            aria_pressed="true" if g == game_id else "false",
        )
        for g in engine.GAME_IDS
    )
    page_lang, html = rules_pages.page(game_id, app.lang)
    note = ""
    if html is None:
        body = f'<p class="card-panel">{esc(tr("rules.missing"))}</p>'
    else:
        if page_lang != app.lang:
            note = f'<p class="card-panel note" role="note">{esc(tr("rules.untranslated"))}</p>'
        body = f'<article class="prose" lang="{esc(page_lang)}">{html}</article>'
    back = "back" if app.table is not None and app.screen == "rules" else "home"
    return (
        top_bar(tr, esc(tr("rules.title")), back=back)
        + f'<main class="rules"><nav class="segmented tabs" aria-label="{esc(tr("rules.games"))}">{tabs}</nav>'
        + note
        + body
        + "</main>"
    )


# -- history ------------------------------------------------------------------


def history(app: App) -> str:
    tr = app.tr
    entries = store.load_history(app.storage)
    parts = [top_bar(tr, esc(tr("history.title"))), '<main class="history">']
    if not entries:
        parts.append(f'<p class="card-panel empty">{esc(tr("history.empty"))}</p>')
    parts.append('<ul class="history-list">')
    for i, entry in enumerate(entries):
        names = [str(n) for n in entry["names"]]
        winners = ", ".join(
            names[w] for w in entry["winners"] if isinstance(w, int) and 0 <= w < len(names)
        )
        when = esc(entry["date"][:16].replace("T", " "))
        open_ = app.history_open == i
        parts.append(
            f'<li class="card-panel"><h2><time datetime="{esc(entry["date"])}">{when}</time> · '
            f"{esc(game_name(tr, entry['game']))}</h2>"
            f"<p>{esc(tr('history.players'))}: {esc(', '.join(names))}</p>"
            f"<p>{esc(tr('history.winners'))}: <strong>{esc(winners)}</strong></p>"
        )
        if open_:
            rows = "".join(
                f'<tr><th scope="row">{esc(n)}</th><td>{esc(s)}</td></tr>'
                for n, s in zip(names, entry["scores"], strict=False)
            )
            parts.append(
                f'<table class="scores"><caption class="sr">{esc(tr("history.scores"))}</caption>'
                f'<thead><tr><th scope="col">{esc(tr("history.player"))}</th>'
                f'<th scope="col">{esc(tr("history.score"))}</th></tr></thead><tbody>{rows}</tbody></table>'
            )
        row = ""
        if not open_:
            row += button(esc(tr("history.details")), "history-open", arg=i)
        if isinstance(entry.get("record"), dict):
            row += button(esc(tr("records.replay")), "history-replay", arg=i)
            row += button(esc(tr("records.export")), "export", arg=f"h{i}")
        parts.append(f'<div class="row">{row}</div></li>')
    parts.append("</ul></main>")
    return "".join(parts)


# -- records ------------------------------------------------------------------


def records(app: App) -> str:
    tr = app.tr
    parts = [top_bar(tr, esc(tr("records.title"))), '<main class="records">']
    parts.append(
        f'<section class="card-panel"><h2>{esc(tr("records.import"))}</h2>'
        f'<p class="meta">{esc(tr("records.import.help"))}</p>'
        f'<label class="btn primary file"><span>{esc(tr("records.choose"))}</span>'
        '<input type="file" accept=".json,application/json" data-field="import" class="sr-file"></label>'
        "</section>"
    )
    if app.import_error is not None:
        parts.append(
            f'<section class="card-panel warn" role="alert"><h2>{esc(tr("records.bad"))}</h2>'
            f"<p><code>{esc(app.import_error)}</code></p></section>"
        )
    if app.imported is not None:
        _, table = app.imported
        done = table.game.result(table.state) is not None
        parts.append(
            f'<section class="card-panel" role="status"><h2>{esc(game_name(tr, table.game_id))}</h2>'
            f"<p>{esc(', '.join(table.names))}</p>"
            f'<p class="meta">{esc(tr("records.moves", n=table.state.moves))} · '
            f"{esc(tr('records.finished' if done else 'records.unfinished'))}</p>"
            '<div class="row">'
            + (
                ""
                if done
                else button(esc(tr("records.resume")), "import-resume", cls="btn primary")
            )
            + button(esc(tr("records.replay")), "import-replay", cls="btn")
            + "</div></section>"
        )
    parts.append("</main>")
    return "".join(parts)


# -- dialogs ------------------------------------------------------------------


def confirm_dialog(app: App) -> str:
    tr = app.tr
    if app.confirm == "quit":
        return (
            '<div class="scrim"><div class="dialog" role="alertdialog" aria-modal="true" '
            'aria-labelledby="dlg-title" aria-describedby="dlg-body">'
            f'<h2 id="dlg-title">{esc(tr("quit.title"))}</h2><p id="dlg-body">{esc(tr("quit.body"))}</p>'
            '<div class="row">'
            + button(esc(tr("quit.no")), "cancel", cls="btn primary", autofocus=True)
            + button(esc(tr("quit.yes")), "quit-yes", cls="btn danger")
            + "</div></div></div>"
        )
    return ""

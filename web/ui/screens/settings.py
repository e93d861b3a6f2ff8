"""The settings screen: the app's own settings and each game's (``Session.known_settings``)."""

from __future__ import annotations

from web.core import actions
from web.core.html import button, esc
from web.core.i18n import LANGS
from web.ui.kit.frame import top_bar
from web.ui.session import Session

LANG_NAME = {"en": "English", "es": "Español", "fr": "Français"}


def settings(app: Session) -> str:
    tr = app.tr
    parts = [top_bar(tr, esc(tr("settings.title")), back="back"), '<main class="settings">']
    for setting in app.known_settings:
        name = setting.name
        label_id = f"set-{name}"
        parts.append(
            f'<section class="card-panel"><h2 id="{label_id}">{esc(tr(setting.label))}</h2>'
        )
        if setting.help is not None:
            parts.append(
                f'<p class="meta">{esc(tr(setting.help, lang=LANG_NAME[app.browser_lang]))}</p>'
            )
        parts.append(f'<div class="segmented" role="group" aria-labelledby="{label_id}">')
        for value, key in setting.values.items():
            if name == "lang" and value in LANGS:
                text = LANG_NAME[value]
                lang_attr = value
            else:
                text = tr(key)
                lang_attr = None
            on = app.settings[name] == value
            raw = ("true" if value else "false") if isinstance(value, bool) else value
            parts.append(
                button(
                    esc(text),
                    actions.SET,
                    arg=f"{name}={raw}",
                    cls="btn seg",
                    aria_pressed="true" if on else "false",
                    lang=lang_attr,
                )
            )
        parts.append("</div></section>")
    parts.append(
        f'<section class="card-panel lab-link"><h2>{esc(tr("lab.title"))}</h2>'
        f'<p class="meta">{esc(tr("lab.pitch"))}</p>'
        + button(esc(tr("lab.open")), actions.LAB, arg="open", cls="btn")
        + "</section>"
    )
    parts.append("</main>")
    return "".join(parts)

"""The settings screen (``web.store.SETTINGS``)."""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from web import store
from web.html import button, esc
from web.i18n import LANGS
from web.kit.frame import top_bar
from web.session import Session

LANG_NAME = {"en": "English", "es": "Español", "fr": "Français"}


SETTING_LABEL = {
    "lang": "settings.lang",
    "motion": "settings.motion",
    "bot_speed": "settings.bot_speed",
    "cut_pace": "settings.cut_pace",
    "theme": "settings.theme",
    "wake": "settings.wake",
    "vibrate": "settings.vibrate",
    "sound": "settings.sound",
}


SETTING_VALUE = {
    ("lang", "auto"): "settings.lang.auto",
    ("motion", "system"): "settings.system",
    ("motion", "slow"): "settings.slow",
    ("motion", "normal"): "settings.normal",
    ("motion", "fast"): "settings.fast",
    ("motion", "off"): "settings.motion.off",
    ("bot_speed", "slow"): "settings.bot_speed.slow",
    ("bot_speed", "normal"): "settings.bot_speed.normal",
    ("bot_speed", "fast"): "settings.bot_speed.fast",
    ("cut_pace", "relaxed"): "settings.cut_pace.relaxed",
    ("cut_pace", "normal"): "settings.cut_pace.normal",
    ("cut_pace", "quick"): "settings.cut_pace.quick",
    ("theme", "system"): "settings.system",
    ("theme", "light"): "settings.theme.light",
    ("theme", "dark"): "settings.theme.dark",
    ("wake", True): "on",
    ("wake", False): "off",
    ("vibrate", True): "on",
    ("vibrate", False): "off",
    ("sound", True): "on",
    ("sound", False): "off",
}


SETTING_HELP = {
    "motion": "settings.motion.help",
    "wake": "settings.wake.help",
    "lang": "settings.lang.help",
    "cut_pace": "settings.cut_pace.help",
    "sound": "settings.sound.help",
}


def settings(app: Session) -> str:
    tr = app.tr
    parts = [top_bar(tr, esc(tr("settings.title")), back="back"), '<main class="settings">']
    for name, (_default, allowed) in store.SETTINGS.items():
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
    parts.append(
        f'<section class="card-panel lab-link"><h2>{esc(tr("lab.title"))}</h2>'
        f'<p class="meta">{esc(tr("lab.pitch"))}</p>'
        + button(esc(tr("lab.open")), "lab", arg="open", cls="btn")
        + "</section>"
    )
    parts.append("</main>")
    return "".join(parts)

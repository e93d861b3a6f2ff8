"""The rules screens' pages.

``tools/build.py`` renders each page, written for players in Markdown
(``web/core/rulebook/<game>.<lang>.md``), into the app's archive as
``web/core/rulebook/<game>.<lang>.html`` (see tools/rulebook.py); this module only reads that
HTML. Run from the sources (the UI's unit tests on CPython) there is none, and a game
then has no page.
"""

from __future__ import annotations

from web.core.i18n import read_data

#: Help pages that are not a game's (``web/core/help/<topic>.<lang>.md``, rendered into
#: the archive beside the games' pages): the rules screen shows one under the games'
#: tabs (none of them pressed) when a link asks for it.
HELP_PAGES = ("phones",)

_HTML: dict[tuple[str, str], tuple[str, str | None]] = {}


def _read(game_id: str, lang: str) -> str | None:
    """A prebuilt page, through the module's loader: an entry of the zip archive that
    the site ships (where there is no file to open())."""
    try:
        return read_data("rulebook", f"{game_id}.{lang}.html").decode("utf-8")
    except OSError:
        return None


def page(game_id: str, lang: str) -> tuple[str, str | None]:
    """(language shown, HTML) for a rules page: the language asked for, else
    English, else ``None`` when the game has no page."""
    key = (game_id, lang)
    if key not in _HTML:
        html = _read(game_id, lang)
        if html is not None:
            _HTML[key] = (lang, html)
        else:
            _HTML[key] = ("en", _read(game_id, "en") if lang != "en" else None)
    return _HTML[key]

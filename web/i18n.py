"""Languages: the catalogs in ``web/i18n/<lang>.json`` and the lookup.

Every visible string is a key here; code never shows English of its own. A key
is written out literally where it is used (``t("home.title")``), so the test
that finds unused keys can see it. Placeholders use ``str.format`` names:
``"Take the {card}"``. Plurals use separate keys chosen by the caller.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from typing import Protocol, cast

LANGS: tuple[str, ...] = ("en", "es", "fr")
DEFAULT_LANG = "en"

_DIR = os.path.join(os.path.dirname(__file__), "i18n")
_CACHE: dict[str, dict[str, str]] = {}


class _DataLoader(Protocol):
    """What both loaders of the UI have (the sources' and zipimport's)."""

    def get_data(self, path: str) -> bytes: ...


def read_data(*parts: str) -> bytes:
    """The bytes of the UI's data file ``web/<parts...>`` (catalogs, rule pages),
    through the package's loader: the site ships ``web/`` inside a zip archive,
    where there is no file to ``open()``. ``OSError`` when there is no such file.
    (Here, not in a module of its own: tools/build.py loads this module alone.)"""
    path = os.path.join(os.path.dirname(__file__), *parts)
    return cast(_DataLoader, __spec__.loader).get_data(path)


def _read(name: str) -> dict[str, str]:
    return json.loads(read_data("i18n", name))


def catalog(lang: str) -> dict[str, str]:
    """The app's catalog ``<lang>.json`` merged with the tables' own
    ``<game>.<lang>.json`` files (read in name order; a table file may
    override an app key about its own game, e.g. the game's name)."""
    if lang not in _CACHE:
        merged = _read(f"{lang}.json")
        # In the site's archive there is no folder to list: tools/build.py wrote
        # each <lang>.json there already merged, by this very function.
        if os.path.isdir(_DIR):
            for extra in sorted(os.listdir(_DIR)):
                if extra.endswith(f".{lang}.json"):
                    merged.update(_read(extra))
        _CACHE[lang] = merged
    return _CACHE[lang]


def browser_lang(languages: Iterable[str]) -> str:
    """The first of the browser's preferred languages that Tapete speaks."""
    for tag in languages:
        base = str(tag).split("-")[0].lower()
        if base in LANGS:
            return base
    return DEFAULT_LANG


class Tr:
    """A catalog bound to one language; ``tr("key", name=...)``.

    A key missing from the language falls back to English (the test keeps that
    from happening); a key missing everywhere shows as itself, never crashes.
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGS else DEFAULT_LANG
        self.strings = catalog(self.lang)
        self.fallback = catalog(DEFAULT_LANG)

    def __call__(self, key: str, **values: object) -> str:
        text = self.strings.get(key) or self.fallback.get(key) or key
        if values:
            try:
                return text.format(**values)
            except (KeyError, IndexError, ValueError):
                return text
        return text


def game_name(tr: Tr, game_id: str) -> str:
    """A game's name in the player's language (catalog key ``game.<id>.name``)."""
    return tr(f"game.{game_id}.name")


def game_pitch(tr: Tr, game_id: str) -> str:
    """A game's one-line pitch on the home screen (catalog key ``game.<id>.pitch``)."""
    return tr(f"game.{game_id}.pitch")


def bot_level(tr: Tr, level: str) -> str:
    """A bot level's name (catalog key ``bot.<level>``, one per ``engine.bot.LEVELS``)."""
    return tr(f"bot.{level}")

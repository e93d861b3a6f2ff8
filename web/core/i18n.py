"""Languages: the catalogs in ``web/core/i18n/<lang>.json`` and the lookup.

Every visible string is a key here; code never shows English of its own. A key
is written out literally where it is used (``t("home.title")``), so the test
that finds unused keys can see it. Placeholders use ``str.format`` names:
``"Take the {card}"``.

A counted message ("3 cards") is a JSON object of plural forms instead of a
string: ``{"one": "{n} card", "other": "{n} cards"}``, the count always in the
placeholder ``n``. Each language has its own forms (:data:`PLURAL_FORMS`) and
picks one by :func:`plural_form`: English and Spanish say "1 card" and "0 cards",
French "0 carte" and "1 carte" (0 and 1 are singular). ``tr(key, n=3)`` picks the
form itself.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping
from typing import Protocol, TypeAlias, cast

LANGS: tuple[str, ...] = ("en", "es", "fr")
DEFAULT_LANG = "en"

#: A catalog entry: a plain message, or a counted message's plural forms.
Message: TypeAlias = str | dict[str, str]
#: The plural forms each language's counted messages have, in CLDR's names
#: (Spanish and French also have "many", for a round million: not a count the
#: app shows).
PLURAL_FORMS: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "es": ("one", "other"),
    "fr": ("one", "other"),
}

_DIR = os.path.join(os.path.dirname(__file__), "i18n")
_CACHE: dict[str, dict[str, Message]] = {}


def plural_form(lang: str, n: int) -> str:
    """Which of ``PLURAL_FORMS[lang]`` a count takes: "one" for 1 (French: also
    for 0), "other" for the rest. A negative count takes the form of its size
    ("−1 point", as CLDR reads the absolute value)."""
    size = abs(n)
    if lang == "fr":
        return "one" if size in (0, 1) else "other"
    return "one" if size == 1 else "other"


def number(n: int) -> str:
    """A whole number as the players read it: a negative one with the minus sign
    (U+2212), not a hyphen ("−5")."""
    return f"\u2212{-n}" if n < 0 else str(n)


def forms(message: Message) -> list[str]:
    """Every text of a catalog entry: the message, or each of its plural forms."""
    return [message] if isinstance(message, str) else list(message.values())


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


def _read(name: str) -> dict[str, Message]:
    return json.loads(read_data("i18n", name))


def catalog(lang: str) -> dict[str, Message]:
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


#: "de {name}" / "que {name}" before a value that starts with a vowel sound.
_ELIDABLE = re.compile(r"\b([dDqQ]u?e) \{(\w+)\}")


def elide(text: str, values: Mapping[str, object]) -> str:
    """French elision in front of a value: "Cartes de {name}" with Ana gives "Cartes
    d’Ana", with Ben "Cartes de Ben" (names: a vowel or a mute h counts as a vowel,
    other words keep their "de" as the catalog wrote it)."""

    def cut(m: re.Match[str]) -> str:
        value = values.get(m.group(2))
        if isinstance(value, str) and value[:1].lower() in "aeiouyàâäéèêëîïôöûüœh":
            return f"{m.group(1)[:-1]}’{{{m.group(2)}}}"
        return m.group(0)

    return _ELIDABLE.sub(cut, text)


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
        """The message ``key`` with ``values`` in its placeholders (negative
        numbers with a minus sign); a counted message in the form its count ``n``
        takes."""
        message = self.strings.get(key) or self.fallback.get(key) or key
        if isinstance(message, str):
            text = message
        else:
            count = values.get("n")
            form = plural_form(self.lang, count) if isinstance(count, int) else "other"
            text = message.get(form) or message["other"]
        if values:
            if self.lang == "fr":
                text = elide(text, values)
            shown = {
                k: number(v) if isinstance(v, int) and not isinstance(v, bool) else v
                for k, v in values.items()
            }
            try:
                return text.format(**shown)
            except (KeyError, IndexError, ValueError):
                return text
        return text


def game_name(tr: Tr, game_id: str) -> str:
    """A game's name in the player's language (catalog key ``game.<id>.name``)."""
    return tr(f"game.{game_id}.name")


def game_pitch(tr: Tr, game_id: str) -> str:
    """A game's one-line pitch on the home screen (catalog key ``game.<id>.pitch``)."""
    return tr(f"game.{game_id}.pitch")


#: Every bot level the catalogs have words for, weakest first: each level the
#: engine offers (``engine.bot.LEVELS``), and those it is about to offer, so a
#: level shows its words on the day the engine lists it.
BOT_LEVELS = ("random", "easy", "medium", "hard", "expert")


def bot_level(tr: Tr, level: str) -> str:
    """A bot level's name (catalog key ``bot.<level>``, one per :data:`BOT_LEVELS`)."""
    return tr(f"bot.{level}")


def bot_about(tr: Tr, level: str) -> str:
    """What a bot level plays like, in one line (``bot.<level>.about``)."""
    return tr(f"bot.{level}.about")


def seat_name(tr: Tr, seat: int, name: str) -> str:
    """A seat's name as shown: a default one ("Player 3", "Joueur 3": in any of the
    languages, as records made in another keep it) or none, in the player's language."""
    if not name or any(name == Tr(lang)("seat.default", n=seat + 1) for lang in LANGS):
        return tr("seat.default", n=seat + 1)
    return name


def date_words(tr: Tr, stamp: str) -> str:
    """A time stamp ("2026-12-07T14:32:05Z", "2026-12-07T14:32") as the player's
    language writes a date ("7 Dec 2026, 14:32", "7 déc. 2026 à 14:32"); a stamp of
    another shape as it is, cut to the minute. (This module is read by the build
    alone: no import of the app's.)"""
    try:
        year, month, day = (int(part) for part in stamp[:10].split("-"))
        hour, minute = int(stamp[11:13]), int(stamp[14:16])
        months = tr("date.months").split()
        name = months[month - 1] if len(months) == 12 and 1 <= month <= 12 else str(month)
    except (ValueError, IndexError):
        return stamp[:16].replace("T", " ")
    # Strings, not numbers: a year is written without a thousands separator.
    return tr(
        "date.when", day=str(day), month=name, year=str(year), time=f"{hour:02d}:{minute:02d}"
    )

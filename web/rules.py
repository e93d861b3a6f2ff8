"""The rules screens' pages.

The English pages are ``docs/rules/<game>.md`` (the part for players: see
:func:`for_players`); the Spanish and French ones are
translations kept beside this module (``web/rulebook/<game>.<lang>.md``). The
site ships only ``web/**/*.py`` and ``web/**/*.json``, so every page is bundled
into ``web/rulebook/<game>.json``; ``python -m web.rules`` rewrites the bundles,
and a test fails when a bundle is older than its sources.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

from web.markdown import to_html

HERE = Path(__file__).resolve().parent / "rulebook"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
GAMES = ("abyss", "carta_robada", "dice_bid")
LANGS = ("en", "es", "fr")

_HTML: dict[tuple[str, str], tuple[str, str | None]] = {}


def for_players(text: str) -> str:
    """The part of a rules page a player reads: everything before the developers'
    sections (actions, view), without the names of the tests that pin each ruling."""
    for heading in ("\n## Actions", "\n## Vocabulary", "\n## The view"):
        cut = text.find(heading)
        if cut > 0:
            text = text[:cut]
    text = re.sub(r"\s*\[`test_[^\]]*\]", "", text, flags=re.S)
    return text.rstrip() + "\n"


def bundle(game_id: str) -> dict[str, str]:
    """The page texts of a game, by language, from the sources."""
    pages = {}
    english = DOCS / f"{game_id}.md"
    if english.exists():
        pages["en"] = for_players(english.read_text(encoding="utf-8"))
    for lang in LANGS[1:]:
        path = HERE / f"{game_id}.{lang}.md"
        if path.exists():
            pages[lang] = path.read_text(encoding="utf-8")
    return pages


def write_bundles() -> list[Path]:
    written = []
    for game_id in GAMES:
        pages = bundle(game_id)
        path = HERE / f"{game_id}.json"
        if pages:
            path.write_text(
                json.dumps(pages, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
            )
            written.append(path)
    return written


def page(game_id: str, lang: str) -> tuple[str, str | None]:
    """(language shown, HTML) for a rules page: the language asked for, else
    English, else ``None`` when the game has no page yet."""
    key = (game_id, lang)
    if key not in _HTML:
        # Through the module's loader: a file on CPython, an entry of the zip
        # archive that the site ships (where there is no file to open()).
        path = os.path.join(os.path.dirname(__file__), "rulebook", f"{game_id}.json")
        try:
            pages = json.loads(__spec__.loader.get_data(path))
        except (OSError, ValueError):
            pages = {}
        shown = lang if lang in pages else "en"
        _HTML[key] = (shown, to_html(pages[shown]) if shown in pages else None)
    return _HTML[key]


if __name__ == "__main__":
    for p in write_bundles():
        print(p)
    sys.exit(0)

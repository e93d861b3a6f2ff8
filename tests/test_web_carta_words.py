"""Carta robada's words, language by language: one name per card everywhere a
player reads it (the cards, the move log, the rules page), and the face-down
cards in front of each player called by a word of the language ("row",
"rangée"), never the Spanish "tendido", on the screen and in its accessible
names alike."""

from __future__ import annotations

import html as html_lib
import re

import pytest

pytest.importorskip("markdown_it", reason="tools/rulebook.py needs markdown-it-py")

from engine.carta_robada.cards import ACTIONS, MILAGRO
from tools import rulebook
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import store
from web.core.i18n import LANGS, catalog
from web.core.model import Seat

NAMED = sorted({*ACTIONS, MILAGRO, "bendicion", "maldicion"})


def rules_text(lang: str) -> str:
    """The rules page as a player reads it (its anchors are no words)."""
    page = rulebook.to_html(rulebook.sources()["carta_robada", lang])
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_calls_every_card_by_its_name_on_the_cards(lang: str) -> None:
    """Failed before in English and French: the rules said Impulso, Remolino,
    Espía where the cards say Boost, Whirlwind, Spy (Élan, Tourbillon, Espion)."""
    text = rules_text(lang)
    names = {card: str(catalog(lang)[f"cr.card.{card}"]) for card in NAMED}
    for card, name in names.items():
        assert re.search(rf"\b{re.escape(name)}\b", text), f"{lang}: {name} not in the rules"
        for other in LANGS:
            foreign = str(catalog(other)[f"cr.card.{card}"])
            if foreign not in names.values():
                assert not re.search(rf"\b{re.escape(foreign)}\b", text), (lang, foreign)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_cards_in_front_of_a_player_have_a_name_of_the_language(lang: str) -> None:
    """Failed before: "Ana's tendido", "Tendido de Ana" on the screen, in the
    screen reader's labels and on the rules page."""
    assert not re.search(r"tendido", rules_text(lang), re.I), f"{lang} rules page"
    app = App(store.MemoryStorage(), [lang], lambda: 3, entries=ENTRIES)
    app.start("carta_robada", [Seat("Ana"), Seat("Ben")], {})
    page = app.render()
    words = re.sub(r"<[^>]+>", " ", page)
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', page))
    assert "tendido" not in (words + labels).lower(), lang
    assert html_lib.escape(app.tr("cr.tendido_of", name="Ben")) in page

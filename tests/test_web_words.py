"""Words a family reads on the shared screens: one language variety, one word
for one thing."""

from __future__ import annotations

import re
from pathlib import Path

from web.core.i18n import catalog, forms

ROOT = Path(__file__).resolve().parent.parent
#: Spain's second person plural (vosotros: "pasaos", "tenéis") and words that are
#: Spain's only ("móvil", "ordenador", "coger"): the Spanish of the app is the one
#: every Spanish speaker reads as theirs.
SPAIN_ONLY = re.compile(
    r"\b(\w+(?:áis|éis|aos)|vosotr[oa]s|vuestr[oa]s?|móvil(?:es)?|ordenador(?:es)?|coge[rs]?|cogi\w+)\b",
    re.IGNORECASE,
)


def spanish_texts() -> dict[str, str]:
    texts = {f"catalog {key}": " ".join(forms(value)) for key, value in catalog("es").items()}
    for path in sorted((ROOT / "web" / "core" / "rulebook").glob("*.es.md")):
        texts[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    return texts


def test_the_spanish_is_neutral_not_spains_own() -> None:
    found = {
        where: sorted(set(SPAIN_ONLY.findall(text)))
        for where, text in spanish_texts().items()
        if SPAIN_ONLY.search(text)
    }
    assert not found, found


#: The word for leaving a game before its end, in each language.
QUIT = {"en": "quit", "es": "abandon", "fr": "abandon"}
QUIT_KEYS = (
    "table.quit",
    "quit.title",
    "quit.yes",
    "abandon.title",
    "abandon.yes",
    "history.unfinished",
)


def test_leaving_a_game_has_one_word_on_every_screen() -> None:
    for lang, word in QUIT.items():
        texts = catalog(lang)
        other = {"quit", "abandon"} - {word}
        for key in QUIT_KEYS:
            text = str(texts[key]).casefold()
            assert word in text, f"{lang}:{key} {text!r} does not say {word!r}"
            assert not any(w in text for w in other), f"{lang}:{key} {text!r}"


def test_a_history_record_that_cannot_open_says_why_under_its_entry() -> None:
    """As the import screen does: the reason in words, under the game tapped."""
    import engine
    from web.app.controller import App
    from web.app.registry import ENTRIES
    from web.core import store
    from web.core.i18n import Tr
    from web.core.model import Seat, Table

    game = engine.GAMES["abyss"]
    state = game.new(2, 4, {})
    record = Table("abyss", game, state, [Seat("Ana"), Seat("Ben")], "2026-11-30").record()
    record["actions"] = [[0, "flip:99"]]  # no such space: the record is damaged
    storage = store.MemoryStorage()
    entry = {"game": "abyss", "date": "2026-11-30T10:00:00Z", "names": ["Ana", "Ben"]}
    store.add_history(storage, {**entry, "scores": [1, 2], "winners": [0], "record": record})
    app = App(storage, ["en"], lambda: 1, ENTRIES)
    app.handle("go", "history")
    app.handle("history-replay", "0")
    assert app.screen == "history"
    page = app.render()
    tr = Tr("en")
    assert tr("history.bad").replace("’", "&#x27;") in page or tr("history.bad") in page
    assert tr("bad.illegal").split("{")[0][:20] in page or tr("bad.move").split("{")[0][:20] in page


QUICK = {
    "en": ("a tie is enough", "zero or less is never doubled", "end score chosen"),
    "es": ("basta un empate", "cero o menos nunca se dobla", "puntos elegidos"),
    "fr": ("une égalité suffit", "zéro ou moins n’est jamais doublé", "score de fin choisi"),
}


def test_abyss_quick_start_states_the_doubling_and_the_end_exactly() -> None:
    for lang, phrases in QUICK.items():
        text = (ROOT / "web" / "core" / "rulebook" / f"abyss.{lang}.md").read_text(encoding="utf-8")
        quick = " ".join(text.split("\n## ")[1].split())  # the quick start, one line
        for phrase in phrases:
            assert phrase in quick, f"{lang}: {phrase!r} not in the quick start"


def test_the_rules_opened_from_a_table_state_its_house_rules() -> None:
    from web.app.controller import App
    from web.app.registry import ENTRIES
    from web.core import store
    from web.core.model import Seat

    app = App(store.MemoryStorage(), ["en"], lambda: 1, ENTRIES)
    app.start("abyss", [Seat("Ana"), Seat("Ben")], {"target": 50, "doubling": False})
    app.handle("rules", "abyss")
    page = app.render()
    assert "End score: 50" in page and "no" in page.split("table-rules")[1][:300]
    app.handle("rules", "dice_bid")  # another game's page: not this table's rules
    assert "table-rules" not in app.render()

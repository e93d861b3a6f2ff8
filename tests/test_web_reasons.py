"""Why a record or a save cannot be opened reaches the player in their language:
the engine's BadSave carries a stable code (its str() stays English, for
developers), the import screen and Home word it from the catalogs, and a code
without a sentence says a generic one plus the English detail."""

from __future__ import annotations

import ast
import html
import json
import re
from pathlib import Path

import pytest

import engine
from engine.abyss.cards import DECK
from engine.core import REASONS, SAVE_VERSION, BadSave
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import store
from web.core.i18n import Tr, catalog
from web.core.reason import KEYS, Reason, reason_of, words

ROOT = Path(__file__).resolve().parents[1]
ABYSS = engine.GAMES["abyss"]


def new_app(lang: str, storage: store.MemoryStorage | None = None) -> App:
    return App(storage or store.MemoryStorage(), [lang], lambda: 5, entries=ENTRIES)


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def good_record() -> dict:
    state = ABYSS.new(2, 3)
    for _ in range(3):
        seat = ABYSS.actors(state)[0]
        state = ABYSS.apply(state, seat, ABYSS.legal(state, seat)[0])
    return ABYSS.dump(state)


def bad_files() -> dict[str, str]:
    """One damaged file per reason a player may meet, by the code it gives."""
    good = good_record()
    illegal = dict(good, actions=[*good["actions"], [0, "nonsense"]])
    return {
        "not_json": "this is not json",
        "not_record": "[1, 2]",
        "unknown_game": json.dumps({**good, "game": "chess"}),
        "not_tapete": json.dumps({**good, "format": "other"}),
        "no_version": json.dumps({k: v for k, v in good.items() if k != "version"}),
        "newer": json.dumps({**good, "version": SAVE_VERSION + 1}),
        "older": json.dumps({**good, "version": 0}),
        "incomplete": json.dumps({k: v for k, v in good.items() if k != "seed"}),
        "shape": json.dumps({**good, "actions": "draw"}),
        "setup": json.dumps({**good, "players": 99}),
        "move": json.dumps(dict(good, actions=[*good["actions"], "x"])),
        "illegal": json.dumps(illegal),
        "test_options": json.dumps(
            {**good, "options": {**good["options"], "deck": list(DECK)}, "actions": []}
        ),
    }


def test_bad_save_keeps_a_code_its_params_and_english() -> None:
    data = good_record()
    with pytest.raises(BadSave) as caught:
        ABYSS.load({**data, "version": 0})
    assert caught.value.code == "older" and caught.value.params == {"version": 0}
    assert str(caught.value) == "the save comes from an older version of Tapete (0)"
    with pytest.raises(BadSave) as caught:
        ABYSS.load(dict(data, actions=[*data["actions"], [0, "nonsense"]]))
    assert caught.value.code == "illegal" and caught.value.params["move"] == 4
    assert str(caught.value).startswith("the save is damaged at move 4: abyss: seat 0 ")
    assert caught.value.move == 4 and caught.value.partial is not None  # nothing lost
    legacy = BadSave("an English sentence")
    assert legacy.code == str(legacy) == "an English sentence" and legacy.params == {}


def test_every_code_raised_has_an_english_sentence_and_a_translated_one() -> None:
    """Every literal code given to BadSave (engine/, web/) is in REASONS, and every
    code in REASONS but 'fault' (the generic sentence) has a catalog sentence."""
    raised = set()
    for folder in ("engine", "web"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id in ("BadSave", "RecordTooLarge")
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                ):
                    raised.add(node.args[0].value)
    assert "older" in raised and "too_large" in raised  # the scan sees both folders
    assert raised <= set(REASONS), sorted(raised - set(REASONS))
    assert set(KEYS) == set(REASONS) - {"fault"}
    for lang in ("en", "es", "fr"):
        assert all(key in catalog(lang) for key in KEYS.values())


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_an_imported_files_reason_is_in_the_players_language(lang: str) -> None:
    tr = Tr(lang)
    app = new_app(lang)
    for code, text in bad_files().items():
        app.import_record(text)
        while app.import_step():  # the slices the browser's timer runs
            pass
        assert app.state_of("records").get("error") is not None, code
        assert app.state_of("records").get("error").code == code
        page = text_of(app.render())
        assert tr("records.bad") in page, code
        english = str(app.state_of("records").get("error"))
        assert english not in page, f"{code}: English shown: {english}"
        assert "<code>" not in app.render(), code
        sentence = text_of(words(tr, app.state_of("records").get("error"))).strip()
        assert sentence and sentence in page, code
        assert not re.search(r"\b(the|save|damaged|record)\b", sentence), sentence


def test_a_corrupt_save_at_boot_says_why_in_french() -> None:
    data = good_record()
    data["actions"].append([0, "nonsense"])
    storage = store.MemoryStorage({store.SAVE_KEY: json.dumps(data)})
    app = new_app("fr", storage)
    page = text_of(app.render())
    assert "Le relevé est abîmé au coup 4\u00a0: ce coup n’y est pas permis." in page
    assert "damaged" not in page
    assert store.SAVE_KEY in app.damaged  # set aside for the player to download: kept
    storage = store.MemoryStorage({store.SAVE_KEY: json.dumps({**data, "version": 99})})
    page = text_of(new_app("es", storage).render())
    assert "Viene de una versión más reciente de Tapete: actualiza la aplicación" in page
    assert "newer" not in page


def test_an_unknown_code_says_the_generic_sentence_and_the_english_detail() -> None:
    tr = Tr("fr")
    drawn = words(tr, reason_of(BadSave("a reason from older code")))
    assert catalog("fr")["bad.unknown"] in html.unescape(drawn)
    assert "<code>a reason from older code</code>" in drawn
    fault = words(tr, Reason("fault", "TypeError: a bug"))
    assert "<code>TypeError: a bug</code>" in fault
    other = words(Tr("fr"), Reason("other_game", "", {"found": "'x'", "game": "abyss"}))
    assert html.unescape(other) == "<p>C’est une partie d’un autre jeu, pas d’Abysse.</p>"

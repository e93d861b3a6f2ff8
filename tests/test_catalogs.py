"""The catalogs' counted messages: every one has its plural forms in every
language, each form says the count, and no count is left in a plain message
("1 cards", "round(s)")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from web.core.i18n import LANGS, PLURAL_FORMS, Tr, catalog, forms, plural_form

ROOT = Path(__file__).resolve().parents[1]

#: A count in a plain message: ``{n}`` before a noun in the plural ("{n} cards",
#: "{n} extra turns", "{n} cartas", "{n} coups"), or a "(s)" left for the reader.
COUNTED = re.compile(r"\{n\} (\w+ )?\w+[sx]\b|\(s\)")


def counted_keys() -> list[str]:
    return sorted(k for k, v in catalog("en").items() if isinstance(v, dict))


@pytest.mark.parametrize(
    ("lang", "one", "other"),
    [("en", [1, -1], [0, 2, 13, -2]), ("es", [1, -1], [0, 2, 21]), ("fr", [0, 1, -1], [2, 10])],
)
def test_each_language_picks_its_form(lang: str, one: list[int], other: list[int]) -> None:
    assert [plural_form(lang, n) for n in one] == ["one"] * len(one)
    assert [plural_form(lang, n) for n in other] == ["other"] * len(other)


def test_every_counted_message_has_its_forms_in_every_language() -> None:
    assert "dice.score" in counted_keys()  # the test sees the counted messages
    for lang in LANGS:
        strings = catalog(lang)
        for key in counted_keys():
            message = strings[key]
            assert isinstance(message, dict), f"{lang}:{key} has no plural forms"
            assert tuple(message) == PLURAL_FORMS[lang], f"{lang}:{key} has {list(message)}"
            assert all(isinstance(text, str) and text for text in message.values()), key
            assert "{n}" in message["other"], f"{lang}:{key} does not say its count"
        plain = [k for k, v in strings.items() if isinstance(v, dict)]
        assert sorted(plain) == counted_keys(), f"{lang}: counted where English is not"


def test_no_count_is_left_in_a_plain_message() -> None:
    for lang in LANGS:
        left = sorted(
            k for k, v in catalog(lang).items() if isinstance(v, str) and COUNTED.search(v)
        )
        assert not left, f"{lang}: counted messages without plural forms: {left}"


def test_the_count_picks_the_form() -> None:
    assert Tr("en")("dice.score", n=1) == "1 point"
    assert Tr("en")("dice.score", n=0) == "0 points"
    assert Tr("es")("dice.score", n=-1) == "\u22121 punto"  # a minus sign, not a hyphen
    assert Tr("fr")("dice.score", n=0) == "0 point"
    assert Tr("fr")("dice.score", n=2) == "2 points"
    assert Tr("fr")("dice.end.tiebreaks", n=1) == "Départagé après 1 manche décisive."


def test_every_form_has_the_placeholders_of_its_message() -> None:
    for lang in LANGS:
        english = catalog("en")
        for key, message in catalog(lang).items():
            want = set().union(*(re.findall(r"{(\w+)}", t) for t in forms(english[key])))
            for text in forms(message):
                got = set(re.findall(r"{(\w+)}", text))
                assert got <= want, f"{lang}:{key} has {got}, English has {want}"


def test_french_sets_its_high_punctuation_apart_with_a_no_break_space() -> None:
    """``: ; ? !`` and ``»`` follow a no-break space in French, never a plain one
    (a line may break there: "Robot" at the end of one line, ": moyen" on the
    next), in the app's catalog and in every game's (``catalog`` merges them)."""
    plain = [
        key
        for key, message in catalog("fr").items()
        for text in forms(message)
        if re.search(r" [:;?!»]|« ", text)
    ]
    assert not plain, f"a plain space before French punctuation: {plain}"


def test_french_elides_de_before_a_vowel_and_writes_its_apostrophes_curly():
    """ "Cartes de Ana" reads wrong in French: "de"/"que" before a name that starts
    with a vowel sound elide; every apostrophe of the French catalogs is ’."""
    fr = Tr("fr")
    assert fr("abyss.grid_of", name="Ana") == "Cartes d’Ana"
    assert fr("abyss.grid_of", name="Ben") == "Cartes de Ben"
    assert fr("dice.who.pick", name="Hugo").startswith("Au choix d’Hugo")
    for name in ("fr", "dice_bid.fr", "carta_robada.fr"):
        text = (ROOT / "web" / "core" / "i18n" / f"{name}.json").read_text(encoding="utf-8")
        assert "'" not in text, f"{name}.json: a straight apostrophe"

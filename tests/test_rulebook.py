"""The rules pages players read (``web/core/rulebook/<game>.<lang>.md``, rendered by
tools/rulebook.py), in every language: each opens with its quick start and a card
picture, states the same rulings as the others (a ruling missing from a translation
fails), and names none of the engine's internals: no file names, exception names,
engine or action ids, card codes, option keys, seats counted from 0 or seeds. The
developers' pages, ``docs/rules/<game>.md``, tie each ruling's id to the tests that pin
it ("The players' page"), so a ruling they state is on the players' page too."""

from __future__ import annotations

import builtins
import html as html_lib
import importlib
import pkgutil
import random
import re

import pytest

# The pages are rendered on CPython with the dev tools (not in the engine's Pyodide run).
pytest.importorskip("markdown_it", reason="tools/rulebook.py needs markdown-it-py")

import engine
from engine.carta_robada import CARDS
from tests.playout import random_steps
from tools import rulebook
from tools.build import ROOT
from web.core.i18n import LANGS, catalog

PAGES = rulebook.sources()
CASES = [(g, lang) for g in engine.GAME_IDS for lang in LANGS]


def html_of(game_id: str, lang: str) -> str:
    return rulebook.to_html(PAGES[game_id, lang])


def text_of(html: str) -> str:
    """What a player reads: the page without its tags."""
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", html))


def ids_of(html: str, what: str) -> list[str]:
    """The ids of a page's rulings (``what="ruling"``) or headings (``"h"``)."""
    if what == "ruling":
        return re.findall(r'<(?:p|li) id="r-([\w-]+)" class="ruling">', html)
    return re.findall(r'<h\d id="r-([\w-]+)">', html)


def exception_names() -> set[str]:
    """Python's exceptions and every exception class the engine defines."""
    names = {
        n for n, v in vars(builtins).items() if isinstance(v, type) and issubclass(v, BaseException)
    }
    for info in pkgutil.walk_packages(engine.__path__, "engine."):
        module = importlib.import_module(info.name)
        names |= {
            n
            for n, v in vars(module).items()
            if isinstance(v, type) and issubclass(v, BaseException)
        }
    return names


def action_names() -> set[str]:
    """The first word of every action the engine offered in a few random games of each
    game (``flip`` of ``flip:3``)."""
    names = set()
    for game_id in engine.GAME_IDS:
        game = engine.GAMES[game_id]
        for seed in range(3):
            state = game.new(3, seed)
            for before, seat, _, _ in random_steps(game, state, random.Random(seed)):
                names |= {a.split(":")[0] for a in game.legal(before, seat)}
    return names


def internals() -> list[tuple[str, re.Pattern[str]]]:
    """(what, pattern) for every internal name a rules page must not show."""
    options = set()
    for game in engine.GAMES.values():
        options |= set(game.default_options) | set(game.test_options)
    # A card code that is not also the card's name in some language (espia, not Espía).
    names = {str(catalog(lang).get(f"cr.card.{c}", "")).lower() for c in CARDS for lang in LANGS}
    codes = {c for c in CARDS if c.isalpha() and c not in names}
    actions = "|".join(sorted(action_names()))
    return [
        ("a file name", re.compile(r"\b[\w/-]+\.(?:py|md|json|js|html|css|txt)\b")),
        ("a folder", re.compile(r"\b(?:tests|engine|web|docs|tools|seeds)/")),
        ("an exception name", re.compile(rf"\b(?:{'|'.join(sorted(exception_names()))})\b")),
        ("an engine id or test name", re.compile(r"\b[a-z]+_[a-z0-9_]+\b")),
        ("an action id", re.compile(rf"\b(?:{actions}):\S")),
        ("a card code", re.compile(rf"\b(?:{'|'.join(sorted(codes))})\b")),
        ("an option key", re.compile(rf"\b(?:{'|'.join(sorted(options))})\s*=\s*\w")),
        ("a seat number", re.compile(r"\b(?:seats?|asientos?|sièges?)\b", re.I)),
        (
            "a position counted from 0",
            re.compile(
                r"\b(?:position|posición|case|casilla|row|fila|ligne|column|columna|colonne"
                r"|place|player|jugador|joueur)s?\s+0\b|[×x]\s*4\s*\+"
                r"|\b(?:asiento|place|position|posición|player|jugador|joueur)\s*[+−-]\s*1\b",
                re.I,
            ),
        ),
        ("the game's seed", re.compile(r"\b(?:seed|semilla|graine)s?\b", re.I)),
        (
            "the project's notes",
            re.compile(r"\bRULINGS\b|\bruling\b|Tapete ruling|Criterio de Tapete", re.I),
        ),
    ]


INTERNALS = internals()


def test_every_game_has_a_page_in_every_language() -> None:
    assert set(PAGES) == set(CASES)


@pytest.mark.parametrize(("game_id", "lang"), CASES)
def test_every_page_opens_with_a_quick_start_and_a_card_picture(game_id: str, lang: str) -> None:
    html = html_of(game_id, lang)
    title, rest = html.split("\n", 1)
    assert title.startswith('<h2 id="r-') and rest.startswith('<h3 id="r-quick-start">')
    quick = rest.split("<h3 ", 2)[1]  # the quick start, up to the next section
    assert '<figure class="rb-fig">' in quick and "<figcaption>" in quick
    # Goal, a turn, the end: three short parts, each led by a bold word.
    assert quick.count("<p><strong>") >= 3
    assert len(text_of(quick).split()) < 150, "a quick start fits one phone screen"


@pytest.mark.parametrize("game_id", engine.GAME_IDS)
def test_every_language_states_the_same_rulings(game_id: str) -> None:
    english = html_of(game_id, "en")
    rulings = ids_of(english, "ruling")
    assert len(rulings) >= 15 and len(set(rulings)) == len(rulings)
    for lang in LANGS:
        html = html_of(game_id, lang)
        assert ids_of(html, "ruling") == rulings, f"{lang}: rulings differ from English"
        assert ids_of(html, "h")[1:] == ids_of(english, "h")[1:], f"{lang}: sections differ"


@pytest.mark.parametrize(("game_id", "lang"), CASES)
def test_no_page_names_the_engines_internals(game_id: str, lang: str) -> None:
    html = html_of(game_id, lang)
    text = text_of(html)
    assert "<code>" not in html and "<pre>" not in html and "{#" not in text
    found = [(what, m.group(0)) for what, pattern in INTERNALS for m in pattern.finditer(text)]
    assert not found, found


@pytest.mark.parametrize(
    "leak",
    [
        "see tests/test_abyss.py", "rules.py", "a ValueError", "BadSave", "IllegalAction",
        "test_starter_tie_seat_order", "carta_robada", "force_negative", "flip:3",
        "use:next", "the espia", "target = 100", "seat 0 first", "asiento + 1",
        "casilla = fila × 4 + columna", "drawn with the game's seed", "Tapete ruling",
    ],
)  # fmt: skip
def test_the_internals_check_finds_each_kind_of_leak(leak: str) -> None:
    assert any(pattern.search(leak) for _, pattern in INTERNALS), leak


def test_rulings_carry_their_id_and_a_picture_its_caption() -> None:
    html = rulebook.to_html(
        "# G\n\n## Quick start {#quick-start}\n\n- {#one} First.\n- Plain.\n\n{#two} Para.\n\n"
        "```cards abyss\n? -2 !7 ~12 _ d3 =+5 !?\n: Caption\n```\n"
    )
    assert '<h3 id="r-quick-start">Quick start</h3>' in html
    assert '<li id="r-one" class="ruling">First.</li>\n<li>Plain.</li>' in html
    assert '<p id="r-two" class="ruling">Para.</p>' in html
    assert (
        '<div class="rb-cards" aria-hidden="true"><div class="rb-row">'
        '<span class="card rb-card back"></span><span class="card rb-card v-neg">−2</span>'
        '<span class="card rb-card hi v-mid">7</span>'
        '<span class="card rb-card out v-high">12</span>'
        '<span class="rb-card gone"></span><span class="rb-die">⚂</span>'
        '<span class="rb-text">+5</span><span class="card rb-card hi back"></span></div></div>'
        "<figcaption>Caption</figcaption>"
    ) in html


def players_table(game_id: str) -> dict[str, list[str]]:
    """The developers' page's table "The players' page": ruling id -> its tests."""
    page = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    section = page.split("\n## The players' page\n", 1)[1]
    rows = re.findall(r"^\| `([\w-]+)` \| (.*) \|$", section, flags=re.M)
    return {rid: re.findall(r"`(test_\w+)`", tests) for rid, tests in rows}


def rules_tests(game_id: str) -> set[str]:
    """The tests the developers' page names in its rules and variants (not in its
    sections for tests and replays, the vocabulary or the view)."""
    page = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    named: set[str] = set()
    for section in re.split(r"\n(?=## )", page):
        if section.startswith(("## The rules", "## Variants")):
            named |= set(re.findall(r"`(test_\w+)`", section.split("\n### Test options", 1)[0]))
    return named


@pytest.mark.parametrize("game_id", engine.GAME_IDS)
def test_the_developers_page_ties_every_ruling_to_the_players_page(game_id: str) -> None:
    table = players_table(game_id)
    assert set(table) == set(ids_of(html_of(game_id, "en"), "ruling"))
    assert all(table.values()), "every ruling on the players' page has a test"
    defined = {
        name
        for path in (ROOT / "tests").glob("test_*.py")
        for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
    }
    named = {test for tests in table.values() for test in tests}
    assert named <= defined, sorted(named - defined)
    assert not rules_tests(game_id) - named, "a rule of the developers' page is missing"

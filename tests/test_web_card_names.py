"""Every card says what it is in its accessible name, in the three languages: whose
it is, where it lies, and face down or its value; a face-down card's name never
holds its value. Checked on every screen of whole games played through the app
(humans with random moves, their hand-offs taken, and a bot)."""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest

from tests.app_play import table_step
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import clock, store
from web.core.model import Seat

LANGS = ("en-GB", "es-ES", "fr-FR")
NAMES = ("Ana", "Ben", "Rob")


class _Named(HTMLParser):
    """Every element that has an accessible name of its own: its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "aria-label" in a:
            self.found.append(a)


def named(html: str) -> list[dict[str, str]]:
    parser = _Named()
    parser.feed(html)
    return parser.found


def screens(game_id: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The app after each step of a whole game: Ana and Ben play random moves
    (taking the phone at each hand-off), Rob is a bot."""
    now = [10.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    app = App(store.MemoryStorage(), [lang], lambda: 3, entries=ENTRIES)
    app.start(game_id, [Seat("Ana"), Seat("Ben"), Seat("Rob", "bot", "medium")], {})
    table = app.table
    assert table is not None
    rng = random.Random(4)
    for _ in range(400):
        if table.game.result(table.state) is not None:
            break
        html = app.render()
        yield app
        now[0] += 10
        handoff = re.search(r'data-action="handoff" data-arg="(\d)"', html)
        if handoff and rng.random() < 0.7:
            app.release()
            app.handle("handoff", handoff.group(1))
            yield app
        table_step(app, rng)
    yield app


def cards(
    game_id: str, lang: str, monkeypatch: pytest.MonkeyPatch, attr: str, pattern: str
) -> Iterator[tuple[App, int, int, dict[str, str]]]:
    """Every card of every screen whose ``attr`` matches ``pattern`` (its seat and
    position as the two groups): the app, seat, position and its attributes."""
    for app in screens(game_id, lang, monkeypatch):
        for a in named(app.render()):
            found = re.fullmatch(pattern, a.get(attr, ""))
            if found is not None:
                yield app, int(found.group(1)), int(found.group(2)), a


@pytest.mark.parametrize("lang", LANGS)
def test_abyss_cards_name_owner_place_and_face(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = 0
    for app, seat, pos, a in cards("abyss", lang, monkeypatch, "data-key", r"g(\d)-(\d+)"):
        seen += 1
        tr, table = app.tr, app.table
        assert table is not None
        where = tr("abyss.where", row=pos // 4 + 1, col=pos % 4 + 1)
        owner = tr("abyss.grid_of", name=NAMES[seat])
        label = a["aria-label"]
        assert label.startswith(where) and owner in label, label
        cell = table.game.view(table.state, None)["grids"][seat]["cells"][pos]
        if cell["state"] == "hidden":
            # Nothing but its place, its state and its owner (then what a tap does).
            hidden = tr("abyss.cell.hidden", where=where) + " · " + owner
            assert label == hidden or label.startswith(hidden + ". "), label
    assert seen > 500


@pytest.mark.parametrize("lang", LANGS)
def test_carta_robada_cards_name_owner_place_and_never_a_hidden_value(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = 0
    for app, seat, pos, a in cards("carta_robada", lang, monkeypatch, "id", r"c-(\d)-(\d+)"):
        seen += 1
        where = app.tr("cr.pos", n=pos + 1)
        label = a["aria-label"]
        assert label.startswith(where), label
        assert app.tr("cr.tendido_of", name=NAMES[seat]) in label, label
        if "back" in a["class"].split():
            assert label.startswith(app.tr("cr.cell.down", where=where) + " · "), label
    assert seen > 200


@pytest.mark.parametrize("lang", LANGS)
def test_dice_hand_cards_name_their_owner(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = 0
    for app in screens("dice_bid", lang, monkeypatch):
        owners = [app.tr("dice.your_hand", name=n) for n in NAMES]
        for a in named(app.render()):
            if a.get("data-action") == "select":
                seen += 1
                assert any(a["aria-label"].endswith(" · " + o) for o in owners), a["aria-label"]
    assert seen > 20


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_a_face_that_shortens_a_cards_name_leads_the_name_of_a_control_showing_it(lang):
    """Carta robada: "12 Manip." on the face, so a cell's button is named "12 Manip.:
    Position 1: 12 Manipulación..." (a control's name holds the words on it, what a
    voice user says to press it); a face with the whole name adds nothing. The
    face's text is read as the page joins it, part after part."""
    from web.core.i18n import Tr
    from web.tables.carta_robada.cards import CARD_KEY, SHORT_KEY, card_face, card_text, face_words

    tr = Tr(lang)
    for code in CARD_KEY:
        drawn = words(re.sub(r"<[^>]+>", "", card_face(tr, code)))
        said = face_words(tr, code)
        if code in SHORT_KEY and tr(SHORT_KEY[code]) != tr(CARD_KEY[code]):
            assert said is not None and words(said) == drawn, (code, said, drawn)
        else:
            assert said is None, code
            assert holds(words(card_text(tr, code)), drawn), (code, drawn)
    if lang == "es":
        assert face_words(tr, "manipulacion") == "12 Manip."


class _DrawnWords(HTMLParser):
    """Every named button: its name and the text drawn inside it, as the page
    joins its text nodes (nothing between two elements), visually hidden text
    (``.sr``) left out."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []
        self._open: list[tuple[int, str, list[str]]] = []  # named buttons open: depth, name, text
        self._stack: list[bool] = []  # for each open element: is it visually hidden?

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag in ("br", "img", "input", "meta", "link", "hr", "wbr"):
            return
        self._stack.append("sr" in a.get("class", "").split())
        if tag == "button" and "aria-label" in a:
            self._open.append((len(self._stack), a["aria-label"], []))

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == len(self._stack):
            _, name, text = self._open.pop()
            self.found.append((name, "".join(text)))
        if self._stack:
            self._stack.pop()

    def handle_data(self, data: str) -> None:
        if self._open and not any(self._stack):
            self._open[-1][2].append(data)


def words(text: str) -> list[str]:
    """The words of a text as axe-core's label-content-name-mismatch reads them:
    letters and digits, everything else a break (a sign, a dash, a point)."""
    text = unicodedata.normalize("NFKD", text)
    text = re.sub(r"\([^()]*\)", "", text)
    return [w.casefold() for w in re.findall(r"[^\W_]+", text)]


def holds(name: list[str], drawn: list[str]) -> bool:
    return not drawn or any(name[i : i + len(drawn)] == drawn for i in range(len(name)))


@pytest.mark.parametrize("game_id", ["abyss", "carta_robada", "dice_bid"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_buttons_name_holds_the_words_drawn_on_it(
    game_id: str, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a voice-control user says to press a control is what they see on it:
    the words drawn on a named button, in order, are words of its name."""
    seen = 0
    for app in screens(game_id, lang, monkeypatch):
        parser = _DrawnWords()
        parser.feed(app.render())
        for name, drawn in parser.found:
            seen += 1
            assert holds(words(name), words(drawn)), (name, drawn)
    assert seen > 200


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_a_swallowed_place_that_shows_its_card_says_the_card_in_its_name(lang: str) -> None:
    """A column swallowed this round keeps its cards faintly on the grid (so a
    table sees what went): the place's name holds the value drawn on it, as any
    control's name holds the words on it."""
    from web.core.i18n import Tr
    from web.tables.abyss.cards import card_cell

    tr = Tr(lang)
    cell = {"pos": 5, "state": "gone", "value": None}
    for value in (-2, 0, 7, 12):
        html = card_cell(tr, cell, 0, (), 3, None, value, owner="Ana")
        parser = _DrawnWords()
        parser.feed(html)
        [(name, drawn)] = parser.found
        assert words(drawn) == words(str(value)) and holds(words(name), words(drawn)), (name, drawn)
    bare = card_cell(tr, cell, 0, (), 3, None, None, owner="Ana")
    assert tr("abyss.cell.gone", where=tr("abyss.where", row=2, col=2)) in bare

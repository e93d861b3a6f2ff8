"""Every card says what it is in its accessible name, in the three languages: whose
it is, where it lies, and face down or its value; a face-down card's name never
holds its value. Checked on every screen of whole games played through the app
(humans with random moves, their hand-offs taken, and a bot)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser

import pytest

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
        app.release()
        handoff = re.search(r'data-action="handoff" data-arg="(\d)"', html)
        if handoff and rng.random() < 0.7:
            app.handle("handoff", handoff.group(1))
            yield app
        bot = app.bot_turn()
        if bot is not None and app.bot_play(bot, table.state.moves):
            continue
        humans = [s for s in table.game.actors(table.state) if s < 2]
        if humans:
            seat = rng.choice(humans)
            app.play(seat, rng.choice(table.game.legal(table.state, seat)), table.state.moves)
    yield app


Check = Callable[[App, dict[str, str]], None]


def check_every_screen(
    game_id: str, lang: str, monkeypatch: pytest.MonkeyPatch, check: Check
) -> None:
    """Runs ``check`` on the attributes of every named element of every screen."""
    for app in screens(game_id, lang, monkeypatch):
        for a in named(app.render()):
            check(app, a)


@pytest.mark.parametrize("lang", LANGS)
def test_abyss_cards_name_owner_place_and_face(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    cards = 0

    def check(app: App, a: dict[str, str]) -> None:
        nonlocal cards
        key = re.fullmatch(r"g(\d)-(\d+)", a.get("data-key", ""))
        if key is None:
            return
        cards += 1
        seat, pos = int(key.group(1)), int(key.group(2))
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

    check_every_screen("abyss", lang, monkeypatch, check)
    assert cards > 500


@pytest.mark.parametrize("lang", LANGS)
def test_carta_robada_cards_name_owner_place_and_never_a_hidden_value(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    cards = 0

    def check(app: App, a: dict[str, str]) -> None:
        nonlocal cards
        ident = re.fullmatch(r"c-(\d)-(\d+)", a.get("id", ""))
        if ident is None:
            return
        cards += 1
        seat, pos = int(ident.group(1)), int(ident.group(2))
        tr = app.tr
        where = tr("cr.pos", n=pos + 1)
        label = a["aria-label"]
        assert label.startswith(where), label
        assert tr("cr.tendido_of", name=NAMES[seat]) in label, label
        if "back" in a["class"].split():
            assert label.startswith(tr("cr.cell.down", where=where) + " · "), label

    check_every_screen("carta_robada", lang, monkeypatch, check)
    assert cards > 200


@pytest.mark.parametrize("lang", LANGS)
def test_dice_hand_cards_name_their_owner(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    cards = 0

    def check(app: App, a: dict[str, str]) -> None:
        nonlocal cards
        if a.get("data-action") != "select":
            return
        cards += 1
        owners = [app.tr("dice.your_hand", name=n) for n in NAMES]
        assert any(a["aria-label"].endswith(" · " + o) for o in owners), a["aria-label"]

    check_every_screen("dice_bid", lang, monkeypatch, check)
    assert cards > 20

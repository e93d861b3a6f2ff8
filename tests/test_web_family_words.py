"""What a family reads at one phone, on CPython: the Abyss end screen's legend,
the discard's button, the move log and the menu once a game is over, Carta
robada's SNAP! words, the name hint, History's dates, the lesson offer and the
new-game form's options beside Start."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import engine
from engine.abyss.view import typed
from tests.playout import play_out
from web.app.controller import App
from web.app.registry import ENTRIES
from web.app.wire import Wire
from web.core import store
from web.core.i18n import LANGS, Tr, catalog
from web.core.model import Seat
from web.tables.abyss.sheets import round_end
from web.tables.carta_robada.log import use_text

ABYSS = engine.GAMES["abyss"]
CARTA = engine.GAMES["carta_robada"]


def new_app(lang: str = "en", storage: store.MemoryStorage | None = None) -> App:
    return App(storage or store.MemoryStorage(), [lang], lambda: 7, entries=ENTRIES)


def finished(app: App, game_id: str, seed: int, names: tuple[str, ...]) -> None:
    """A table of ``names`` showing a whole random game of ``game_id``, over."""
    state, _ = play_out(engine.GAMES[game_id], len(names), seed)
    app.start(game_id, [Seat(n) for n in names], {})
    assert app.table is not None
    app.table.state = state


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


# -- Abyss -------------------------------------------------------------------------


def test_the_end_legend_speaks_of_turned_cards_only_when_some_were_turned() -> None:
    app = new_app("fr")
    finished(app, "abyss", 3, ("Ana", "Ben", "Bot"))
    assert app.table is not None
    view = typed(ABYSS.view(app.table.state, None))
    legend = catalog("fr")["abyss.reveal_legend"]
    # The same end with no card left face down at the reveal: nothing was turned.
    quiet = dict(view, events=[e for e in view["events"] if e["type"] != "reveal"])
    drawn = round_end(app, app.table, quiet)  # type: ignore[arg-type]
    assert legend not in drawn
    assert 'class="card mini up' in drawn and " revealed" not in drawn
    turned = any(e["type"] == "reveal" and e["positions"] for e in view["events"])
    drawn = round_end(app, app.table, view)
    assert (legend in drawn) == (" revealed" in drawn)
    assert turned or legend not in drawn


@pytest.mark.parametrize("lang", LANGS)
def test_the_discards_button_is_named_after_the_discard_not_history(lang: str) -> None:
    app = new_app(lang)
    app.start("abyss", [Seat("Ana"), Seat("Ben")], {})
    html = app.render()
    button = re.search(r'data-arg="history"[^>]*>(.*?)</button>', html)
    assert button is not None
    words = text(button.group(1))
    assert catalog(lang)["history.title"] not in words
    # the pile's own word, as the pile's label says it
    stem = catalog(lang)["abyss.discard.label"][:6]
    assert stem.lower() in words.lower(), (words, stem)
    app.handle("sheet", "history")
    sheet = text(app.render().split('class="sheet')[1])
    assert catalog(lang)["history.title"] not in sheet


def test_the_moves_sheet_keeps_every_move_once_the_game_is_over() -> None:
    app = new_app("en")
    finished(app, "abyss", 5, ("Ana", "Ben"))
    assert app.table is not None and ABYSS.result(app.table.state) is not None
    app.handle("sheet", "moves")
    listed = re.findall(r"<li data-n=", app.render())
    flips = sum(1 for e in app.table.state.events(None) if e["type"] == "flip")
    assert len(listed) > flips >= 4  # every flip of every round, and more
    assert "Round 1" in app.render() or "round 1" in app.render()


@pytest.mark.parametrize("game_id", ["abyss", "carta_robada", "dice_bid"])
def test_abandon_is_gone_from_the_menu_once_the_game_is_over(game_id: str) -> None:
    app = new_app("fr")
    app.start(game_id, [Seat("Ana"), Seat("Ben")], {})
    app.handle("sheet", "menu")
    assert 'data-action="quit"' in app.render()
    finished(app, game_id, 2, ("Ana", "Ben"))
    app.handle("sheet", "menu")
    html = app.render()
    assert 'data-action="quit"' not in html
    assert catalog("fr")["table.quit"] not in html


# -- Carta robada ------------------------------------------------------------------


def declared_game(app: App) -> int:
    """A finished Carta robada table whose game a SNAP! ended; its declarer."""
    for seed in range(200):
        state, _ = play_out(CARTA, 3, seed)
        result = CARTA.result(state)
        if result is not None and result["reason"] == "declared":
            app.start("carta_robada", [Seat("Ana"), Seat("Luis"), Seat("Bea")], {})
            assert app.table is not None
            app.table.state = state
            declarer = CARTA.view(state, None)["declarer"]
            assert isinstance(declarer, int)
            return declarer
    raise AssertionError("no game ended by a SNAP!")


@pytest.mark.parametrize("lang", LANGS)
def test_the_declarer_is_marked_as_such_and_named_at_the_end(lang: str) -> None:
    app = new_app(lang)
    declarer = declared_game(app)
    app.table.ui["results"] = True  # type: ignore[union-attr]
    html = app.render()
    name = ["Ana", "Luis", "Bea"][declarer]
    assert 'class="tag out"' not in html
    reason = re.search(r'<p class="meta">([^<]*)</p>', html.split('class="round-end"')[1])
    assert reason is not None
    assert "SNAP" in reason.group(1) and name in reason.group(1), reason.group(1)


@pytest.mark.parametrize("lang", LANGS)
def test_a_zone_marks_the_declarer_with_what_they_declared(lang: str) -> None:
    from web.tables.carta_robada import zones
    from web.tables.carta_robada.context import Context

    app = new_app(lang)
    declared_game(app)
    assert app.table is not None
    pub = CARTA.view(app.table.state, None)
    ctx = Context(app, app.table, pub, None)  # type: ignore[arg-type]
    declarer = ctx.pub["declarer"]
    tendido = next(t for t in ctx.pub["tendidos"] if t["seat"] == declarer)
    html = zones.zone(ctx, tendido)
    assert "SNAP" in html and 'class="tag snap"' in html
    assert "tag out" not in html


SPY = {
    "es": (
        "Jugador 3 mira sus posiciones 2 y 3.",
        "Jugador 3 mira las posiciones 1 y 4 de Ana.",
        "Jugador 3 mira su posición 2 y la posición 1 de Ana.",
    ),
    "en": (
        "Player 3 looks at their positions 2 and 3.",
        "Player 3 looks at Ana's positions 1 and 4.",
        "Player 3 looks at their position 2 and Ana's position 1.",
    ),
    "fr": (
        "Joueur 3 regarde ses positions 2 et 3.",
        "Joueur 3 regarde les positions 1 et 4 d’Ana.",
        "Joueur 3 regarde sa position 2 et la position 1 d’Ana.",
    ),
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_says_their_own_positions_once(lang: str) -> None:
    own, one, mine = SPY[lang]
    tr, names = Tr(lang), ["Ana", "Ben", tr_default(lang)]

    def spy(cards: list[list[int]]) -> str:
        event: dict[str, Any] = {"type": "use", "card": "espia", "seat": 2, "cards": cards}
        return use_text(tr, event, names)

    assert spy([[2, 2], [2, 1]]) == own
    assert spy([[0, 3], [0, 0]]) == one
    assert spy([[0, 0], [2, 1]]) == mine


def tr_default(lang: str) -> str:
    return Tr(lang)("seat.default", n=3)


@pytest.mark.parametrize("lang", LANGS)
def test_the_name_hint_says_what_an_empty_name_becomes(lang: str) -> None:
    app = new_app(lang)
    app.handle("new", "abyss")
    html = app.render()
    hint = re.search(r'</ol><p class="meta">([^<]*)</p>', html)
    assert hint is not None
    words = hint.group(1)
    assert Tr(lang)("seat.default", n=1) in words and Tr(lang)("seat.default", n=2) in words
    assert "siempre" not in words


# -- History, the lesson offer, the new-game form ------------------------------------------


@pytest.mark.parametrize(
    ("lang", "shown"),
    [("en", "7 Dec 2026, 14:32"), ("es", "7 dic 2026, 14:32"), ("fr", "7 déc. 2026 à 14:32")],
)
def test_history_dates_are_written_as_each_language_writes_them(lang: str, shown: str) -> None:
    storage = store.MemoryStorage()
    entry = {
        "game": "abyss",
        "date": "2026-12-07T14:32:05Z",
        "names": ["Ana", "Ben"],
        "scores": [12, 40],
        "winners": [0],
    }
    storage.set(store.HISTORY_KEY, json.dumps([entry]))
    app = new_app(lang, storage)
    app.handle("go", "history")
    html = app.render()
    assert f">{shown}</time>" in html, re.findall(r"<time[^>]*>[^<]*</time>", html)
    assert "2026-12-07 14:32" not in html


@pytest.mark.parametrize(
    ("tz", "stamp", "shown"),
    [
        (60, "2026-12-07T14:32:05Z", "7 Dec 2026, 15:32"),  # Paris in winter
        (-300, "2026-12-07T02:10:00Z", "6 Dec 2026, 21:10"),  # New York: the day before
        (330, "2026-12-31T20:00:00Z", "1 Jan 2027, 01:30"),  # India: the next year
        (0, "2026-12-07T14:32:05Z", "7 Dec 2026, 14:32"),
    ],
)
def test_history_times_are_the_phones_own(tz: int, stamp: str, shown: str) -> None:
    """A game stored at a UTC time is listed at the time the phone's clock read:
    the page tells its offset from UTC when the app starts."""
    entry = {"game": "abyss", "date": stamp, "names": ["Ana", "Ben"], "scores": [12, 40],
             "winners": [0]}  # fmt: skip
    wire = Wire(ENTRIES, lambda: 7)
    storage = {store.HISTORY_KEY: json.dumps([entry])}
    wire.start({"storage": storage, "languages": ["en"], "build": "b", "t": 0, "tz": tz})
    wire.app.handle("go", "history")
    html = wire.app.render()
    assert f">{shown}</time>" in html, re.findall(r"<time[^>]*>[^<]*</time>", html)
    assert f'datetime="{stamp}"' in html  # the machine-readable time stays UTC


@pytest.mark.parametrize("tz", ["60", None, 10**9, [1], 2.5e3])
def test_an_offset_that_is_no_offset_leaves_times_in_utc(tz: object) -> None:
    wire = Wire(ENTRIES, lambda: 7)
    wire.start({"storage": {}, "languages": ["en"], "build": "b", "t": 0, "tz": tz})
    assert wire.app.utc_offset == 0


def test_the_first_time_offer_is_gone_once_the_game_was_played() -> None:
    storage = store.MemoryStorage()
    app = new_app("fr", storage)
    app.handle("new", "abyss")
    assert "lesson-offer" in app.render()
    entry = {"game": "abyss", "date": "2026-12-07T14:32:05Z", "names": ["A", "B"],
             "scores": [1, 2], "winners": [0]}  # fmt: skip
    storage.set(store.HISTORY_KEY, json.dumps([entry]))
    app = new_app("fr", storage)
    app.handle("new", "abyss")
    html = app.render()
    assert "lesson-offer" not in html
    assert 'data-action="lesson"' in html  # "Learn to play" stays, one tap away
    app.handle("back")
    app.handle("new", "dice_bid")
    assert "lesson-offer" in app.render()  # another title, never played


def test_the_options_are_told_beside_start() -> None:
    app = new_app("fr")
    app.handle("new", "abyss")
    html = app.render()
    actions = html.split('<div class="actions">')[-1]
    assert "Score de fin\u00a0: 100" in actions  # French puts a no-break space before a colon
    assert catalog("fr")["abyss.opt.doubling"] in actions
    assert actions.index("setup-summary") < actions.index('data-action="start"')


def test_no_summary_beside_start_when_every_option_is_off() -> None:
    """The dice game's options are yes-or-no rules, all off at first: nothing to
    tell, so no "Options below:" left hanging with an empty list (which also
    pushed Start off the middle of a phone's foot)."""
    for lang in LANGS:
        app = new_app(lang)
        app.handle("new", "dice_bid")
        actions = app.render().split('<div class="actions">')[-1]
        assert "setup-summary" not in actions, lang
        app.handle("option", "tiebreak")
        actions = app.render().split('<div class="actions">')[-1]
        assert catalog(lang)["dice.opt.tiebreak"] in text(actions), lang

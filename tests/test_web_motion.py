"""Motion on CPython: each table turns the engine's events into effects
(:mod:`web.ui.kit.motion`) whose cards are on the screen before and after the move
(a card that travels from nowhere would not travel), and the sound setting."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from web.app.controller import App
from web.app.effects import Stage
from web.app.midend import MidEnd
from web.app.registry import ENTRIES
from web.core import clock, store
from web.core.model import Seat, Table
from web.tables.abyss import motion as abyss_motion
from web.tables.carta_robada import motion as carta_motion
from web.tables.dice_bid import motion as dice_motion
from web.ui.screens.settings import settings as settings_screen
from web.ui.table_ui import BOT_SPEED_MS

#: A selector of one element: an id or a data-key (what a slide names).
ONE = re.compile(r'^#([\w-]+)$|^\[data-key="([\w-]+)"\]$')


def on_screen(selector: str, html: str) -> bool:
    """Whether the element ``selector`` names is drawn in ``html``."""
    m = ONE.match(selector)
    assert m, f"a card is named by its id or data-key: {selector}"
    ident, key = m.groups()
    return (f'id="{ident}"' if ident else f'data-key="{key}"') in html


@pytest.fixture(autouse=True)
def still_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Time stands still: a move's effects do not depend on how fast the machine plays
    (a cut after a cut is a tie on any machine, however loaded)."""
    monkeypatch.setattr(clock, "now", lambda: 1000.0)


def play_out(game_id: str, players: int, seed: int, steps: int) -> Counter[str]:
    """Random legal moves by humans through the app; after each, every sliding
    card is drawn where it left and where it lands. Returns the effects seen."""
    rng = random.Random(seed)
    app = App(store.MemoryStorage(), ["en-GB"], lambda: seed, entries=ENTRIES)
    app.start(game_id, [Seat(f"P{i}") for i in range(players)], {})
    table = app.table
    assert table is not None
    seen: Counter[str] = Counter()
    for _ in range(steps):
        game = table.game
        if game.result(table.state) is not None:
            break
        before = app.render()
        seat = rng.choice(game.actors(table.state))
        app.table.ui.pop("guard", None)
        assert app.play(seat, rng.choice(game.legal(table.state, seat)), table.state.moves)
        after = app.render()
        for e in ENTRIES[game_id].table.motion(table, table.ui["fresh_from"]):
            seen[e["kind"] + ":" + (e["sound"] or "-")] += 1
            if e["kind"] == "slide":
                assert on_screen(e["from"], before), (e, game_id)
                assert on_screen(e["to"], after), (e, game_id)
    return seen


def test_abyss_cards_travel_from_where_they_were_to_where_they_are() -> None:
    seen = play_out("abyss", 3, 5, 400)
    assert seen["turn:flip"] and seen["slide:slide"] and seen["slide:-"]


@pytest.mark.parametrize("seed", [1, 2])
def test_carta_robada_cards_travel_from_where_they_were_to_where_they_are(seed: int) -> None:
    seen = play_out("carta_robada", 3, seed, 300)
    assert seen["slide:slide"] and seen["lift:slide"]


def test_the_dice_roll_and_the_bid_reveal_turns_every_card() -> None:
    seen = play_out("dice_bid", 3, 4, 200)
    assert seen["roll:dice"] and seen["turn:flip"]


def test_abyss_place_sends_the_replaced_card_to_the_discard() -> None:
    effects = abyss_motion.derive(
        [{"type": "place", "seat": 1, "pos": 4, "value": 3, "replaced": 9, "source": "deck"}]
    )
    assert [(e["kind"], e["from"], e["to"]) for e in effects] == [
        ("slide", '[data-key="hand"]', '[data-key="g1-4"]'),
        ("slide", '[data-key="g1-4"]', "#discard-top"),
    ]


def test_a_swallowed_column_slides_its_three_cards_together() -> None:
    effects = abyss_motion.derive([{"type": "swallow", "seat": 0, "positions": [1, 5, 9]}])
    assert [e["from"] for e in effects] == [f'[data-key="g0-{p}"]' for p in (1, 5, 9)]
    assert {e["to"] for e in effects} == {"#discard-top"}
    assert [e["delay"] for e in effects] == sorted(e["delay"] for e in effects)
    assert sum(1 for e in effects if e["sound"]) == 1  # one sound for the three


def test_cuts_sound_and_buzz_by_outcome_and_a_peek_never_turns_a_card() -> None:
    ok, failed = (
        carta_motion.derive([{"type": "cut", "seat": 2, "pos": 1, "card": "5", "ok": ok}])[0]
        for ok in (True, False)
    )
    assert (ok["kind"], ok["to"], ok["sound"], ok["buzz"]) == (
        "slide",
        "#discard-top",
        "cut-ok",
        "ok",
    )
    assert (failed["kind"], failed["sound"], failed["buzz"]) == ("turn", "cut-fail", "fail")
    peek = carta_motion.derive([{"type": "peek", "seat": 0, "positions": [0, 2]}])
    assert [e["kind"] for e in peek] == ["lift", "lift"]
    snap = carta_motion.derive([{"type": "declare", "seat": 0}])
    assert (snap[0]["sound"], snap[0]["buzz"]) == ("snap", "snap")


def test_a_remolino_passes_each_card_to_the_next_seat() -> None:
    effects = carta_motion.derive([{"type": "whirl", "towards": "next", "positions": [0, 3, 1]}])
    slides = [(e["from"], e["to"]) for e in effects if e["kind"] == "slide"]
    assert slides == [("#c-2-1", "#c-0-0"), ("#c-0-0", "#c-1-3"), ("#c-1-3", "#c-2-1")]


def test_the_dice_game_never_shows_a_pick() -> None:
    effects = dice_motion.derive([{"type": "pick", "seat": 1}])
    assert effects[0]["to"] == '.seat-row[data-seat="1"] .tag'
    assert effects[0]["kind"] == "lift"


def test_sound_is_on_by_default_and_persists() -> None:
    storage = store.MemoryStorage()
    app = App(storage, ["en-GB"], entries=ENTRIES)
    assert app.settings["sound"] is True
    app.handle("set", "sound=false")
    assert App(storage, ["en-GB"], entries=ENTRIES).settings["sound"] is False
    html = settings_screen(app)
    assert 'data-arg="sound=true"' in html and "Sound" in html


def test_the_table_menu_turns_sound_off_in_one_tap() -> None:
    app = App(store.MemoryStorage(), ["en-GB"], entries=ENTRIES)
    app.start("abyss", [Seat("Ana"), Seat("Ben")], {})
    app.handle("sheet", "menu")
    html = app.render()
    assert 'id="sound-toggle"' in html and "Sound: on" in html
    app.handle("set", "sound=false")
    assert "Sound: off" in app.render() and app.settings["sound"] is False
    assert app.screen == "table" and app.table is not None  # the game goes on


def test_the_sound_item_uses_no_emoji() -> None:
    """A phone without an emoji font shows an emoji as an empty box: the item's
    symbol is one the app's text font has (as the menu's other symbols)."""
    app = App(store.MemoryStorage(), ["en-GB"], entries=ENTRIES)
    app.start("abyss", [Seat("Ana"), Seat("Ben")], {})
    app.handle("sheet", "menu")
    on = app.render()
    app.handle("set", "sound=false")
    off = app.render()
    for html in (on, off):
        toggle = html[html.index('id="sound-toggle"') :]
        toggle = toggle[: toggle.index("</button>")]
        assert "♪" in toggle and not any(ord(c) >= 0x1F000 for c in toggle)


def test_a_redraw_plays_the_last_action_once_and_cues_the_next_human() -> None:
    """The effects of a move come with its first redraw only; after a bot's move
    that leaves the turn to a human, and when the phone changes hands, a "your
    turn" cue (motion, sound and a buzz) comes with them."""
    app = App(store.MemoryStorage(), ["en-GB"], lambda: 7, entries=ENTRIES)
    app.start("abyss", [Seat("Ana"), Seat("Ben")], {})
    stage = Stage()
    assert stage.effects(app) == []  # a table just opened: nothing moved
    table = app.table
    assert table is not None
    flip = next(a for a in table.game.legal(table.state, 0) if a.startswith("flip:"))
    assert app.play(0, flip, table.state.moves)
    fx = stage.effects(app)
    assert [e["kind"] for e in fx] == ["turn"] and fx[0]["to"] == '[data-key="g0-{}"]'.format(
        flip.split(":")[1]
    )
    assert stage.effects(app) == []  # the same picture drawn again: nothing plays twice
    flip = next(a for a in table.game.legal(table.state, 0) if a.startswith("flip:"))
    assert app.play(0, flip, table.state.moves)  # Ana's last: Ben's grid, the phone passes
    cue = stage.effects(app)[-1]
    assert (cue["kind"], cue["sound"], cue["buzz"]) == ("cue", "turn", "turn")


def _ana_and_a_bot() -> tuple[App, Stage, Table]:
    """Abyss with Ana and an easy bot, its first picture drawn (nothing to play)."""
    app = App(store.MemoryStorage(), ["en-GB"], lambda: 7, entries=ENTRIES)
    app.start("abyss", [Seat("Ana"), Seat("Bot", "bot", "easy")], {})
    stage = Stage()
    stage.effects(app)
    assert app.table is not None
    return app, stage, app.table


def test_a_bot_move_that_leaves_a_human_up_cues_them() -> None:
    app, stage, table = _ana_and_a_bot()
    cues = 0
    for _ in range(60):
        seat = app.bot_turn()
        if seat is not None:
            assert app.bot_play(seat, table.state.moves)
            stage.bot_moved = True
        else:
            actor = table.game.actors(table.state)[0]
            assert app.play(actor, table.game.legal(table.state, actor)[0], table.state.moves)
        fx = stage.effects(app)
        human_up = app.bot_turn() is None
        cued = any(e["kind"] == "cue" for e in fx)
        assert cued == (seat is not None and human_up), (seat, fx)
        cues += cued
    assert cues


def test_a_redraw_without_a_move_leaves_no_animation_to_wait_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The next bot waits for the animations of the last frame (the page tells
    the mid end how long they run): a frame with nothing moving (a sheet opened,
    a refused tap) ends them, so no bot's pause grows by them again."""
    monkeypatch.setattr(clock, "now", lambda: 1000.0)
    app = App(store.MemoryStorage(), ["en-GB"], lambda: 7, ENTRIES)
    mid = MidEnd(app)
    app.start("abyss", [Seat("Ana"), Seat("Bot", "bot", "easy")], {})
    mid.start()  # the table drawn: nothing moved yet
    table = app.table
    assert table is not None
    flip = next(a for a in table.game.legal(table.state, 0) if a.startswith("flip:"))
    assert mid.tap(0, flip, table.state.moves).motion
    mid.animated(400)  # what the page answers once the flip plays
    bot = {kind: ms for kind, ms, _ in mid.timers.pending()}["bot"]
    assert bot == BOT_SPEED_MS["normal"] + 400
    assert mid.handle("sheet", "menu").motion == []  # a redraw, nothing moved
    assert mid.timers.anim_ms == 0

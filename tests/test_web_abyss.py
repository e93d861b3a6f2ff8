"""Abyss's table on CPython: a tap plays for the seat that was up only (the hold
after a hand-over), the turn-change cue, the bots' tags, the score sheet in play."""

from __future__ import annotations

import random
import re

import engine
from engine.bots import BOTS
from web.app.controller import App
from web.app.registry import ENTRIES
from web.app.timers import Timers
from web.core import store
from web.core.model import Seat
from web.tables.abyss.state import FLIPPED_MS
from web.ui.table_ui import HANDOVER_MS

ABYSS = engine.GAMES["abyss"]


def table_app(*seats: Seat, seed: int = 7) -> App:
    app = App(store.MemoryStorage(), ["en-GB"], lambda: seed, entries=ENTRIES)
    app.start("abyss", list(seats), {})
    return app


def first_flip(app: App, seat: int) -> str:
    assert app.table is not None
    return next(a for a in ABYSS.legal(app.table.state, seat) if a.startswith("flip:"))


def tap_flip(app: App, seat: int) -> bool:
    assert app.table is not None
    return app.tap(seat, first_flip(app, seat), app.table.state.moves)


def test_the_next_humans_controls_are_held_after_a_hand_over() -> None:
    app = table_app(Seat("Ana"), Seat("Ben"))
    assert tap_flip(app, 0) and not app.guarded()  # still Ana's grid
    assert tap_flip(app, 0) and app.guarded()  # her last: Ben's grid, held
    assert not tap_flip(app, 1)  # the second tap of a double tap
    assert app.table is not None and app.table.state.moves == 2
    assert app.release() and not app.guarded() and not app.release()
    assert tap_flip(app, 1)


def test_a_hand_over_between_finger_down_and_tap_refuses_it() -> None:
    app = table_app(Seat("Ana"), Seat("Ben"))
    tap_flip(app, 0)
    app.press()  # a finger down on Ana's grid...
    app.table.ui["focus"] = 1  # ... Ben's grid drawn meanwhile (as "Flip for Ben" does)
    assert not tap_flip(app, 1)
    app.release()
    app.press()
    assert tap_flip(app, 1)  # a fresh finger down: live


def test_no_hold_when_a_bot_comes_between_one_human() -> None:
    app = table_app(Seat("Ana"), Seat("Bot", "bot", "easy"))
    assert tap_flip(app, 0) and tap_flip(app, 0)
    assert not app.guarded()


def test_the_turn_cue_names_the_new_seat_while_held() -> None:
    app = table_app(Seat("Ana"), Seat("Ben"))
    tap_flip(app, 0)
    tap_flip(app, 0)
    html = app.render()
    # after an opening flip, over Ana's name only: the card she turned shows
    assert '<p class="turn-cue look" aria-hidden="true">Ben: round start</p>' in html
    assert 'class="mine handover"' in html
    app.release()
    assert "turn-cue" not in app.render()


def test_bots_carry_their_level_in_the_players_language() -> None:
    app = table_app(Seat("Ana"), Seat("Robo", "bot", "easy"))
    app.settings["lang"] = "es"
    html = app.render()
    assert html.count('class="tag bot"') == 1
    assert "Bot: fácil" in html and "easy" not in html


def test_the_menu_opens_the_score_sheet_during_play() -> None:
    app = table_app(Seat("Ana"), Seat("Ben"))
    app.handle("sheet", "menu")
    assert 'data-action="sheet" data-arg="scores"' in app.render()
    app.handle("sheet", "scores")
    html = app.render()
    assert 'class="sheet sheet-scores"' in html and 'class="score-sheet"' in html
    assert app.back() is None and "sheet-scores" not in app.render()


def test_a_new_rounds_last_move_line_says_the_round_began() -> None:
    """Round 2's deal, round 1's results put away: the line under the status says
    the new cards were dealt, not round 1's reveal or scores (those were on the
    results just put away)."""
    app = table_app(Seat("Ana"), Seat("Ben"), Seat("Cy"), Seat("Dee"))
    table = app.table
    assert table is not None
    bots = [BOTS["abyss"]["medium"](s) for s in range(4)]
    rng = random.Random(3)
    while ABYSS.view(table.state, None)["round"] == 1:
        seat = rng.choice(ABYSS.actors(table.state))
        legal = ABYSS.legal(table.state, seat)
        action = bots[seat].act(ABYSS.view(table.state, seat), legal)
        assert app.play(seat, action if action in legal else legal[0], table.state.moves)
    assert "End of round 1" in app.render()
    app.handle("next-round", "1")
    line = re.search(r'class="last-move"[^>]*>(.*?)</p>', app.render())
    assert line is not None
    text = re.sub(r"<[^>]+>", "", line.group(1))
    assert text.startswith("Round 2: new cards are dealt; the discard opens with the ")
    assert "scored" not in text and "turned up" not in text


def big_grid_of(app: App) -> str:
    """Whose grid is drawn large, and the status's first line."""
    html = app.render()
    seat = re.search(r'<section class="mine[^"]*" id="rg-mine" data-seat="(\d)"', html)
    who = re.search(r'<p class="who" role="none">([^<]*)</p>', html)
    assert seat and who
    return f"{seat.group(1)} {who.group(1)}"


def test_a_move_that_passes_the_turn_to_a_bot_stays_large_while_it_thinks() -> None:
    """Ana's turn ends with her card placed: her grid stays drawn large, the card
    just placed lit, while the bot whose turn it is thinks ('Bot's turn' above);
    the bot's first action draws its grid. Before, the bot's grid came at once
    and her move was seen only small (at eight seats below the fold)."""
    app = table_app(Seat("Ana"), Seat("Robo", "bot", "easy"), seed=3)
    table = app.table
    assert table is not None
    for _ in range(400):  # the opening flips, the bot's turns, to Ana's turn
        view = ABYSS.view(table.state, None)
        if view["phase"] == "turn" and view["turn"] == 0:
            break
        seat = app.bot_turn()
        if seat is not None:
            assert app.bot_play(seat, table.state.moves)
        else:
            app.release()
            assert tap_flip(app, 0)
    assert big_grid_of(app) == "0 Ana&#x27;s turn"
    assert app.tap(0, "draw", table.state.moves)
    assert big_grid_of(app) == "0 Ana&#x27;s turn"  # drawing: her turn goes on
    place = next(a for a in ABYSS.legal(table.state, 0) if a.startswith("place:"))
    assert app.tap(0, place, table.state.moves)
    assert ABYSS.view(table.state, None)["turn"] == 1
    assert big_grid_of(app) == "0 Robo&#x27;s turn"  # her grid, the bot's moment
    pos = int(place.split(":")[1])
    assert re.search(rf'class="card[^"]* fresh[^"]*"[^>]*data-key="g0-{pos}"', app.render())
    assert app.bot_turn() == 1 and app.bot_play(1, table.state.moves)
    assert big_grid_of(app) == "1 Robo&#x27;s turn"


def test_a_move_that_passes_the_turn_to_a_person_stays_large_while_held() -> None:
    """Ana's placement passes the turn to Ben (pass-and-play): during the hand-off
    hold her grid stays drawn large, the card just placed lit, the cue 'Ben's
    turn' over it; when the hold ends Ben's grid comes, live. Before, Ben's grid
    came at once and Ana saw her move only on her compact grid."""
    app = table_app(Seat("Ana"), Seat("Ben"), seed=3)
    table = app.table
    assert table is not None
    for _ in range(40):  # the opening flips, to Ana's turn
        view = ABYSS.view(table.state, None)
        if view["phase"] == "turn":
            break
        app.release()
        seat = view["actors"][0]
        assert app.tap(seat, first_flip(app, seat), table.state.moves)
    app.release()
    if ABYSS.view(table.state, None)["turn"] == 1:  # Ben starts: his turn first
        assert app.tap(1, "draw", table.state.moves)
        assert app.tap(1, "discard", table.state.moves)
        assert app.tap(1, first_flip(app, 1), table.state.moves)
        app.release()
    assert big_grid_of(app) == "0 Ana&#x27;s turn"
    assert app.tap(0, "draw", table.state.moves)
    place = next(a for a in ABYSS.legal(table.state, 0) if a.startswith("place:"))
    assert app.tap(0, place, table.state.moves)
    assert app.guarded()  # the hand-off hold, as before
    assert big_grid_of(app) == "0 Ben&#x27;s turn"
    html = app.render()
    pos = int(place.split(":")[1])
    assert re.search(rf'class="card[^"]* fresh[^"]*"[^>]*data-key="g0-{pos}"', html)
    assert '<p class="turn-cue" aria-hidden="true">Ben&#x27;s turn</p>' in html
    assert 'data-action="draw"' in html and "hint-btn" in html  # Ben's piles, dimmed
    assert not app.tap(1, "draw", table.state.moves)  # held
    app.press()  # a finger down on Ana's grid while held...
    assert app.release()
    assert big_grid_of(app) == "1 Ben&#x27;s turn"
    assert "turn-cue" not in app.render()
    moves = table.state.moves
    assert not app.tap(1, first_flip(app, 1), moves)  # ... lifted on Ben's: refused
    assert table.state.moves == moves
    app.press()
    assert app.tap(1, "draw", table.state.moves)


def test_the_last_opening_flip_stays_large_while_the_next_person_is_held() -> None:
    """Ana's second opening flip passes the flips to Ben: during the hold her grid
    stays drawn large with the card just turned lit, Ben's cue over it; then Ben's
    grid. Before, Ben's grid came at once and her card was barely seen."""
    app = table_app(Seat("Ana"), Seat("Ben"))
    assert tap_flip(app, 0)
    flip = first_flip(app, 0)
    assert tap_flip(app, 0) and app.guarded()
    assert big_grid_of(app).startswith("0 ")
    html = app.render()
    pos = int(flip.split(":")[1])
    assert re.search(rf'class="card[^"]* fresh[^"]*"[^>]*data-key="g0-{pos}"', html)
    # after an opening flip, over Ana's name only: the card she turned shows
    assert '<p class="turn-cue look" aria-hidden="true">Ben: round start</p>' in html
    assert app.release()
    assert big_grid_of(app).startswith("1 ")


def test_the_last_opening_flip_stays_large_while_the_bot_to_flip_thinks() -> None:
    app = table_app(Seat("Ana"), Seat("Robo", "bot", "easy"))
    assert tap_flip(app, 0) and tap_flip(app, 0)
    assert big_grid_of(app).startswith("0 ")
    assert app.bot_turn() == 1 and app.bot_play(1, app.table.state.moves)
    assert big_grid_of(app).startswith("1 ")


def test_a_bots_move_on_the_board_is_named_above_it_until_the_next_person_comes() -> None:
    """Ana, a bot, Ben: the bot's placement passes the turn to Ben. While its grid
    stays large (the hold), the status names the bot, not Ben, and no "Ben's
    turn" cue lies over the grid its cards are landing on; when the hold ends,
    Ben's grid and his name come together."""
    app = table_app(Seat("Ana"), Seat("Robo", "bot", "easy"), Seat("Ben"), seed=3)
    table = app.table
    assert table is not None
    for _ in range(600):  # to the first placement by the bot that passes the turn to Ben
        view = ABYSS.view(table.state, None)
        seat = app.bot_turn()
        if seat is not None:
            assert app.bot_play(seat, table.state.moves)
            if view["phase"] == "turn" and ABYSS.view(table.state, None)["turn"] == 2:
                break
            continue
        app.release()
        human = view["actors"][0]
        legal = ABYSS.legal(table.state, human)
        # draw, discard it and flip: the humans' turns move quickly
        action = next(a for a in ("discard", "draw", *legal) if a in legal)
        assert app.tap(human, action, table.state.moves)
    else:
        raise AssertionError("the bot never passed the turn to Ben")
    assert app.guarded()
    assert big_grid_of(app) == "1 Robo&#x27;s turn"
    assert "turn-cue" not in app.render()
    assert app.release()
    assert big_grid_of(app) == "2 Ben&#x27;s turn"


def test_a_last_opening_flip_is_held_on_its_grid_longer_than_a_turn() -> None:
    """The card a person turned last at the round's start was never seen face up:
    their grid stays drawn large, the card clear of the cue, well past the usual
    hold; a turn's move (its card seen in hand) keeps the usual hold."""

    app = table_app(Seat("Ana"), Seat("Ben"), Seat("Bot", "bot", "easy"))
    assert tap_flip(app, 0) and tap_flip(app, 0) and app.guarded()
    assert app.table is not None and app.table.ui["shown"] == 0
    assert FLIPPED_MS >= 3 * HANDOVER_MS
    assert ("release", FLIPPED_MS) in [(k, ms) for k, ms, _ in Timers(app).arm()]
    assert 'class="turn-cue look"' in app.render()
    app.release()
    assert tap_flip(app, 1) and tap_flip(app, 1)
    while ABYSS.view(app.table.state)["phase"] == "flips":  # the bot's flips
        seat = ABYSS.actors(app.table.state)[0]
        assert app.play(seat, first_flip(app, seat), app.table.state.moves, "bot")
    app.release()
    seat = ABYSS.view(app.table.state)["turn"]
    assert app.tap(seat, "draw", app.table.state.moves)
    assert app.tap(seat, "discard", app.table.state.moves)
    assert app.tap(seat, first_flip(app, seat), app.table.state.moves)
    if app.guarded():  # the next seat is a person's
        assert [ms for k, ms, _ in Timers(app).arm() if k == "release"] == [HANDOVER_MS]
        assert 'class="turn-cue"' in app.render()

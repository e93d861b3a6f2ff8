"""Replays that play themselves: play and pause through the app's plan
(the browser arms the timer, web/shell/page.js; here the test fires it), speeds, a step
by hand, a jump to a round, the move that led to each position in words, the
public view only while a hidden-information game is replayed; and the house
rules a game was played with, on its score sheet and in History."""

from __future__ import annotations

import json
import random
import re

import engine
from engine.bots import BOTS
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import store
from web.core.i18n import Tr
from web.core.model import Seat, log_size
from web.tables.abyss import log as abyss_log
from web.ui.kit.frame import REPLAY_SPEEDS


def new_app(storage: store.MemoryStorage | None = None, seed: int = 7) -> App:
    return App(storage or store.MemoryStorage(), ["en-GB"], lambda: seed, entries=ENTRIES)


def play_bots(app: App, game_id: str, players: int, options: dict, seed: int = 3) -> None:
    """A whole game of medium bots through the app (every seat a human at the
    table, its moves chosen by a bot): it ends in History."""
    app.start(game_id, [Seat(f"P{s + 1}") for s in range(players)], options)
    table = app.table
    assert table is not None
    game = table.game
    bots = [BOTS[game_id]["medium"](seed * 7 + s) for s in range(players)]
    rng = random.Random(seed)
    while game.actors(table.state):
        seat = rng.choice(game.actors(table.state))
        legal = game.legal(table.state, seat)
        action = bots[seat].act(game.view(table.state, seat), legal)
        assert app.play(seat, action if action in legal else legal[0], table.state.moves)


def replay_last_game(app: App) -> None:
    app.handle("go", "history")
    app.handle("history-replay", "0")
    assert app.table is not None and app.table.replay is not None


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def bar(app: App) -> str:
    html = app.render()
    return html[html.index('<nav class="replay-bar"') :]


# -- playing by itself ---------------------------------------------------------------


def test_a_replay_plays_to_its_end_on_the_clock_and_stops() -> None:
    app = new_app()
    play_bots(app, "abyss", 2, {"target": 30})
    replay_last_game(app)
    table = app.table
    assert table is not None and table.replay is not None
    last = len(table.replay) - 1
    assert app.replay_plan() is None  # nothing plays until Play
    assert 'data-playing="false"' in bar(app) and "Play" in bar(app)
    app.handle("replay-play")
    assert app.replay_plan() == REPLAY_SPEEDS["1"]
    assert 'data-playing="true"' in bar(app) and "Pause" in bar(app)
    ticks = 0
    while app.replay_plan() is not None:
        assert app.replay_tick(table.step)
        ticks += 1
    assert ticks == last and table.step == last and table.state is table.replay[-1]
    assert table.game.result(table.state) is not None
    assert 'data-playing="false"' in bar(app)  # stopped at the end
    app.handle("replay-play")  # Play at the end starts over
    assert table.step == 0 and app.replay_plan() is not None


def test_speed_pause_and_a_step_by_hand() -> None:
    app = new_app()
    play_bots(app, "abyss", 2, {"target": 30})
    replay_last_game(app)
    table = app.table
    assert table is not None
    app.handle("replay-play")
    plans = []
    for _ in REPLAY_SPEEDS:
        plans.append(app.replay_plan())
        app.handle("replay-speed")
    assert plans == [800, 400, 200, 1600]  # 1×, 2×, 4×, ½×, then 1× again
    assert app.replay_plan() == 800 and "Speed 1×" in bar(app)
    assert app.replay_tick(0) and table.step == 1
    assert not app.replay_tick(0)  # a timer armed at another step does nothing
    app.handle("sheet", "menu")
    assert app.replay_plan() is None  # a sheet over the table holds it
    app.handle("sheet", "")
    assert app.replay_plan() == 800
    app.handle("replay-play")  # pause
    assert app.replay_plan() is None and not app.replay_tick(1) and table.step == 1
    app.handle("replay-play")
    app.handle("step", "next")  # by hand: pauses
    assert table.step == 2 and app.replay_plan() is None
    app.handle("home")  # leaving the replay: nothing plays
    assert app.replay_plan() is None


def test_every_position_tells_the_move_that_led_there() -> None:
    app = new_app()
    play_bots(app, "abyss", 2, {"target": 30})
    replay_last_game(app)
    table = app.table
    assert table is not None and table.replay is not None
    tr = Tr("en")
    app.handle("replay-play")
    for _ in range(6):
        assert app.replay_tick(table.step)
    since = log_size(table.replay[table.step - 1])
    said = " ".join(m.text for m in abyss_log.moves(tr, table, since))
    assert said and said in text_of(app.render())  # the table's own move-log words
    app.handle("step", "back")
    since = log_size(table.replay[table.step - 1])
    said = " ".join(m.text for m in abyss_log.moves(tr, table, since))
    assert said and said in text_of(app.render())
    app.handle("step", "start")
    assert 'class="last-move-btn"' not in app.render()  # the deal: no move yet


def test_jump_to_a_round() -> None:
    app = new_app()
    play_bots(app, "abyss", 2, {"target": 60})
    replay_last_game(app)
    table = app.table
    assert table is not None and table.replay is not None
    game = table.game
    rounds = game.view(table.replay[-1], None)["round"]
    assert rounds >= 2
    assert f"Round 1 of {rounds}" in bar(app)
    app.handle("replay-rounds")
    sheet = app.render()
    assert sheet.count('data-arg="round:') == rounds and "Jump to a round" in sheet
    app.handle("step", "round:2")
    step = table.step
    assert game.view(table.replay[step], None)["round"] == 2
    assert game.view(table.replay[step - 1], None)["round"] == 1  # its first move
    # It lands on round 2's deal, not on round 1's results.
    html = app.render()
    assert "End of round 1" not in html and "Start round 2" not in html
    assert 'Abyss <span class="round">Round 2</span>' in html
    assert table.ui.get("sheet") is None and f"Round 2 of {rounds}" in bar(app)
    app.handle("step", f"round:{rounds + 1}")  # no such round: nothing moves
    assert table.step == step
    # Playing, the move that ends a round stays longer: its results are up.
    app.handle("step", "back")
    app.handle("replay-play")
    assert app.replay_tick(step - 1) and table.step == step
    html = app.render()
    assert "End of round 1" in html and app.replay_plan() == 4 * REPLAY_SPEEDS["1"]
    assert app.replay_tick(step) and app.replay_plan() == REPLAY_SPEEDS["1"]


def test_round_results_name_the_round_that_ended() -> None:
    """Round 1's results (the state already holds round 2's deal): the heading
    and the replay bar say round 1, and round 2 once they are put away."""
    app = new_app()
    play_bots(app, "abyss", 2, {"target": 60})
    replay_last_game(app)
    table = app.table
    assert table is not None and table.replay is not None
    rounds = table.game.view(table.replay[-1], None)["round"]
    app.handle("step", "round:2")
    step = table.step
    app.handle("step", "back")
    app.handle("step", "next")  # the move that ended round 1
    html = app.render()
    assert "End of round 1" in html
    assert 'Abyss <span class="round">Round 1</span>' in html
    assert f"Round 1 of {rounds}" in bar(app) and table.step == step
    app.handle("next-round", "1")
    assert "End of round 1" not in app.render() and f"Round 2 of {rounds}" in bar(app)


def test_a_jump_to_a_round_keeps_a_playing_replay_playing() -> None:
    app = new_app()
    play_bots(app, "abyss", 2, {"target": 60})
    replay_last_game(app)
    table = app.table
    assert table is not None
    app.handle("replay-play")
    app.handle("replay-rounds")
    app.handle("step", "round:2")
    app.render()
    assert 'data-playing="true"' in bar(app) and app.replay_plan() == REPLAY_SPEEDS["1"]


def test_games_without_rounds_offer_no_round_list() -> None:
    app = new_app()
    play_bots(app, "carta_robada", 3, {})
    replay_last_game(app)
    assert "replay-rounds" not in bar(app) and "Play" in bar(app)


def test_a_hidden_information_replay_shows_only_the_public_view() -> None:
    """Whatever the hidden cards are (the engine reshuffles what no seat sees),
    each position of a Carta robada replay is drawn the same, playing or not:
    the replay holds no hidden value (the table draws it from the public view)."""
    app = new_app()
    play_bots(app, "carta_robada", 3, {}, seed=5)
    replay_last_game(app)
    table = app.table
    assert table is not None and table.replay is not None
    game = table.game
    app.handle("replay-play")
    last = len(table.replay) - 1
    checked = 0
    while table.step < last - 1:
        assert app.replay_tick(table.step)
        html = app.render()
        real = table.state
        table.state = game.redeal_hidden(real, None, table.step)
        if game.view(table.state, 0) != game.view(real, 0):
            checked += 1  # a seat would see the difference: the page must not
        assert app.render() == html, table.step
        table.state = real
    assert checked >= 5


# -- house rules on the score sheet and in History -----------------------------------


def test_house_rules_are_shown_on_the_score_sheet_and_in_history() -> None:
    app = new_app()
    play_bots(app, "abyss", 2, {"target": 50, "doubling": False, "swallow_rows": True})
    html = text_of(app.render())
    assert "House rules: Closer doubling: no · Swallowing rows too: yes" in html
    assert "the game ends at 50" in html
    # The closer is never told "the lowest: no doubling": the table has no doubling.
    assert "closed the round with" in html and "no doubling at this table" in html
    assert "the lowest" not in html
    assert "closed the round ·" not in html and "×2" not in html  # no doubling to explain
    app.handle("go", "history")
    entry = text_of(app.render())
    assert "House rules: End score: 50 · Closer doubling: no · Swallowing rows too: yes" in entry
    plain = new_app()
    play_bots(plain, "abyss", 2, {"target": 30})
    assert "House rules" not in plain.render()
    entries = store.load_history(plain.storage)
    entries[0]["record"]["options"] = {"target": 100}  # a record from before the house rules
    plain.storage.set(store.HISTORY_KEY, json.dumps(entries))
    plain.handle("go", "history")
    assert "House rules" not in plain.render()
    plain.handle("history-replay", "0")
    assert plain.table is not None and plain.table.replay is not None


def test_the_setup_form_offers_every_house_rule() -> None:
    app = new_app()
    app.handle("new", "abyss")
    html = app.render()
    for label in (
        "End score",
        "Closer doubling: yes",
        "Swallowing columns: yes",
        "Swallowing rows too: no",
        "Cards turned at the start",
    ):
        assert label in html, label
    app.handle("option", "target=150")
    assert app.setup["options"]["target"] == 150
    app.handle("option", "target=77")  # not a preset: nothing changes
    assert app.setup["options"]["target"] == 150
    assert 'data-arg="target=150" aria-pressed="true"' in app.render()
    for _ in range(10):
        app.handle("option", "target:-")
    app.handle("option", "doubling")
    app.handle("option", "start_flips:+")
    assert app.setup["options"] == {
        **engine.GAMES["abyss"].default_options,
        "target": 50,
        "doubling": False,
        "start_flips": 3,
    }
    app.handle("start")
    assert app.table is not None and app.table.state.options["doubling"] is False
    assert app.table.record()["options"]["target"] == 50


def test_the_round_list_is_the_only_sheet_over_a_dice_replay() -> None:
    """The dice table has a round sheet of its own: the replay's list is another."""
    app = new_app()
    play_bots(app, "dice_bid", 3, {})
    replay_last_game(app)
    app.handle("replay-rounds")
    html = app.render()
    assert html.count('role="dialog"') == 1 and "Jump to a round" in html
    app.handle("step", "round:3")
    assert 'role="dialog"' not in app.render() and "Round 3 of" in bar(app)
    # Round 2's reveal stays above round 3's start: played, it keeps its hold.
    app.handle("replay-play")
    assert app.replay_plan() == 4 * REPLAY_SPEEDS["1"]


def test_a_swallowed_row_is_told_in_the_move_log() -> None:
    """The "rows too" house rule's swallow, in words in every language."""
    row = {"n": 9, "type": "swallow", "seat": 0, "row": 1, "positions": [4, 5, 6, 7], "value": 5}
    column = {
        "n": 9,
        "type": "swallow",
        "seat": 0,
        "column": 2,
        "positions": [2, 6, 10],
        "value": 5,
    }
    said = [m.text for m in abyss_log.describe(Tr("en"), ["Ana", "Ben"], [row])]
    assert said == ["Row 2 of Ana's grid shows the 5 4 times: it is swallowed."]
    assert abyss_log.describe(Tr("en"), ["Ana"], [column])[0].text.startswith("Column 3 of Ana")
    for lang in ("es", "fr"):
        text = abyss_log.describe(Tr(lang), ["Ana"], [{**row, "positions": [5, 6, 7]}])[0].text
        assert "2" in text and "3" in text and "Ana" in text


def test_the_game_ends_chart_title_shows_once() -> None:
    """The folded 'Totals round by round' chart at a game's end: its title shows on
    the fold, the chart's own caption only for screen readers."""
    app = new_app()
    play_bots(app, "abyss", 2, {"target": 60})
    html = app.render()
    shown = re.sub(r'<(\w+)[^>]*class="sr"[^>]*>[^<]*</\1>', "", html)
    assert text_of(shown).count("Totals round by round") == 1
    assert "<summary>Totals round by round</summary>" in html


def test_an_abyss_replay_gives_the_viewer_no_instruction() -> None:
    """The replay's first position must not tell the viewer "Turn over two cards
    of your choice", a player's instruction; a replay says whose
    moment it is, nothing to do."""
    app = new_app()
    play_bots(app, "abyss", 2, {"target": 20})
    replay_last_game(app)
    tr = Tr(app.lang)
    text = text_of(app.render())
    assert "P1" in text
    for key in ("abyss.do.flip_two", "abyss.do.flip_one"):
        assert tr(key) not in text, key


def test_default_seat_names_follow_the_language_in_history_and_replay() -> None:
    """A game played in English with its seats left unnamed shows "Joueur 2", not
    "Player 2", in the French History and replay."""
    app = new_app()
    default = Tr("en")("seat.default", n=2)
    app.start("abyss", [Seat("Ana"), Seat(default)], {"target": 20})
    table = app.table
    assert table is not None
    while table.game.actors(table.state):
        seat = table.game.actors(table.state)[0]
        assert app.play(seat, table.game.legal(table.state, seat)[-1], table.state.moves)
    app.handle("set", "lang=fr")
    app.handle("go", "history")
    french = Tr("fr")("seat.default", n=2)
    assert default not in app.render() and french in app.render()
    replay_last_game(app)
    assert app.table is not None and app.table.names == ["Ana", french]

"""Following a table on CPython: round results wait for a human, a replay exports
its whole record, an unfinished game is not exported, the Abyss discard counts
count cards."""

from __future__ import annotations

import json
import random
import re

import engine
from tests.playout import random_steps
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import store
from web.core.i18n import catalog
from web.core.model import Seat
from web.tables.abyss.state import round_end_showing

ABYSS = engine.GAMES["abyss"]


def new_app(seed: int = 7) -> App:
    return App(store.MemoryStorage(), ["en-GB"], lambda: seed, entries=ENTRIES)


def random_until(app: App, stop, seed: int = 1, limit: int = 20_000) -> None:
    """Random legal actions of the first seat that may act (bot seats too: the
    table's state is set, as a bot's move sets it), until ``stop``."""
    rng = random.Random(seed)
    table = app.table
    for _ in range(limit):
        if stop(app):
            return
        seat = ABYSS.actors(table.state)[0]
        table.state = ABYSS.apply(table.state, seat, rng.choice(ABYSS.legal(table.state, seat)))
    raise AssertionError("did not get there")


def round_over(app: App) -> bool:
    return app.table.game.view(app.table.state, None)["last_round"] is not None


def finished(app: App) -> bool:
    return app.table.game.result(app.table.state) is not None


# -- round results wait for a human ------------------------------------------------


def test_round_results_stay_until_a_human_taps_continue():
    app = new_app()
    app.start("abyss", [Seat("Ana"), Seat("Bot", "bot", "easy")], {})
    random_until(app, round_over)
    table = app.table
    assert round_end_showing(table.game.view(table.state, None), table.ui)
    assert app.bot_turn() is None  # the bot's first flip would close the results
    assert 'data-action="next-round"' in app.render()
    app.handle("next-round", "1")
    assert app.bot_turn() == 1


def test_a_table_of_bots_goes_on_by_itself():
    app = new_app()
    app.start("abyss", [Seat("B1", "bot", "easy"), Seat("B2", "bot", "easy")], {})
    random_until(app, round_over)
    assert app.bot_turn() is not None


def test_the_game_end_stays_in_every_game():
    """The end screen of each game has nothing for a bot to do: it stays until a tap."""
    for game_id, options in (("abyss", {"target": 10}), ("carta_robada", {}), ("dice_bid", {})):
        app = new_app()
        game = engine.GAMES[game_id]
        app.start(game_id, [Seat("Ana"), Seat("Bot", "bot", "easy")], options)
        for *_, state in random_steps(game, app.table.state, random.Random(3)):
            app.table.state = state
        assert game.result(state) is not None, game_id
        assert app.bot_turn() is None, game_id
        assert 'data-action="home"' in app.render(), game_id


# -- export ------------------------------------------------------------------------


def test_a_replay_exports_the_whole_record_wherever_its_step():
    app = new_app()
    app.start("abyss", [Seat("Ana"), Seat("Ben")], {"target": 10})
    random_until(app, finished)
    total = app.table.state.moves
    _, text = app.export_record()
    app.import_record(text)
    app.handle("import-replay")
    for step in ("start", "next", "back", "end"):
        app.handle("step", step)
        if step == "next":
            app.handle("step", "next")
            assert app.table.step == 2
        _, out = app.export_record()
        assert len(json.loads(out)["actions"]) == total, step
    assert app.table.step == total  # exporting moved nothing


def test_an_unfinished_game_is_not_exported_and_the_menu_says_why():
    app = new_app()
    app.start("abyss", [Seat("Ana"), Seat("Ben")], {})
    random_until(app, lambda a: a.table.state.moves >= 9)
    assert app.export_record() is None
    app.handle("sheet", "menu")
    html = app.render()
    assert 'data-action="export"' not in html
    for lang in ("en", "es", "fr"):
        app.settings["lang"] = lang
        assert catalog(lang)["records.export_later"].replace("'", "&#x27;") in app.render()


def test_a_replay_of_an_unfinished_record_is_not_exported_either():
    app = new_app()
    app.start("abyss", [Seat("Ana"), Seat("Ben")], {})
    random_until(app, lambda a: a.table.state.moves >= 9)
    app.import_record(json.dumps(app.table.record()))
    app.handle("import-replay")
    app.handle("step", "end")
    assert app.export_record() is None


def test_an_unfinished_record_imported_still_resumes():
    app = new_app()
    app.start("abyss", [Seat("Ana"), Seat("Ben")], {})
    random_until(app, lambda a: a.table.state.moves >= 9)
    other = new_app()
    other.import_record(json.dumps(app.table.record()))
    assert other.state_of("records").get("error") is None
    other.handle("import-resume")
    assert other.screen == "table"
    assert ABYSS.dump(other.table.state) == ABYSS.dump(app.table.state)


def test_a_finished_game_exports_as_before():
    app = new_app()
    app.start("abyss", [Seat("Ana"), Seat("Ben")], {"target": 10})
    random_until(app, finished)
    assert 'data-action="export"' in app.render()
    name, text = app.export_record()
    assert name.startswith("tapete-abyss-") and json.loads(text)["seats"][0]["name"] == "Ana"


# -- the discard counts ------------------------------------------------------------


def recycle(app: App, value: int, turns: int) -> None:
    """Each player keeps replacing their top-left card: the discard's ``value`` is
    taken and put there, and the next card placed there sends it back to the discard."""
    game = app.table.game
    for seat in range(2):
        for pos in (1, 2):
            assert app.play(seat, f"flip:{pos}", app.table.state.moves)
    for _ in range(turns):
        view = game.view(app.table.state, None)
        seat = view["turn"]
        action = "take" if view["discard"]["top"] == value else "draw"
        assert app.play(seat, action, app.table.state.moves)
        assert app.play(seat, "place:0", app.table.state.moves)


def test_discard_counts_count_cards_not_passages():
    app = new_app(seed=192)  # the discard opens on a −2, of which the deck holds 5
    app.start("abyss", [Seat("Ana"), Seat("Ben")], {})
    value = ABYSS.view(app.table.state, None)["discard"]["top"]
    recycle(app, value, 21)
    view = ABYSS.view(app.table.state, None)
    passages = sum(e["value"] == value for e in view["discard"]["history"])
    count = next(c for c in view["discard"]["counts"] if c["value"] == value)
    assert passages > count["deck"]  # the same card, again and again
    app.handle("sheet", "history")
    html = app.render()
    label = re.escape(f"−{-value}" if value < 0 else str(value))
    shown = re.search(rf'<span class="sr">{label}: </span>(\d+) of (\d+)', html)
    assert shown is not None
    assert int(shown.group(1)) == min(count["visible"], count["deck"]) < passages
    assert int(shown.group(1)) <= int(shown.group(2))

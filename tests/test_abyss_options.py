"""Abyss's house rules, option by option: end score, closer doubling,
column swallowing, "rows too", cards flipped at the start. Each defaults to the
seed's rule (docs/rules/abyss.md, "House rules"); scenarios are stacked with the
``deck`` test option as in tests/test_abyss.py."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine import BadSave, IllegalAction
from engine.abyss import GAME
from engine.core import State
from tests.test_abyss import (
    HIGH,
    LOW,
    cells,
    events,
    flip_lowest,
    history,
    play,
    play_round,
    stacked,
)

HOUSE = ("target", "doubling", "swallow_columns", "swallow_rows", "start_flips")


def house(
    options: dict[str, Any],
    grids: dict[int, Sequence[int]],
    opener: int | None = None,
    players: int = 2,
) -> State:
    """A two-seat table with these house rules and these grids."""
    return GAME.new(players, 1, {**options, "deck": stacked(players, grids=grids, opener=opener)})


def opened(options: dict[str, Any], grid: Sequence[int], up: Sequence[int], opener: int) -> State:
    """Seat 0 has ``grid`` and flips ``up`` at the start (``start_flips`` =
    len(up)); seat 1's filler is low, so seat 0 starts."""
    options = {**options, "start_flips": len(up)}
    state = house(options, {0: grid}, opener)
    state = play(state, *(f"0 flip:{p}" for p in up), *(f"1 flip:{p}" for p in range(len(up))))
    assert GAME.view(state)["turn"] == 0
    return state


def swallows(state: State) -> list[dict[str, Any]]:
    """The swallow events without their log index."""
    return [{k: v for k, v in e.items() if k != "n"} for e in events(state, "swallow")]


# -- the options as data --------------------------------------------------------------


def test_defaults_are_the_seed_rules_and_the_view_shows_them() -> None:
    assert dict(GAME.default_options) == {
        "target": 100,
        "doubling": True,
        "swallow_columns": True,
        "swallow_rows": False,
        "start_flips": 2,
    }
    view = GAME.view(GAME.new(2, 1, {"deck": stacked(2), "swallow_rows": True}))
    # The view holds every house rule and never a test option (a stacked deck).
    assert view["options"] == {**GAME.default_options, "swallow_rows": True}
    assert view["grids"][0]["swallowed_rows"] == []


def test_bad_house_rules_are_refused() -> None:
    bad = [
        ({"start_flips": 0}, "option 'start_flips' must be 1 to 6, not 0"),
        ({"start_flips": 7}, "option 'start_flips' must be 1 to 6, not 7"),
        ({"start_flips": "2"}, "option 'start_flips' must be int, not '2'"),
        ({"start_flips": True}, "option 'start_flips' must be int, not True"),
        ({"doubling": 1}, "option 'doubling' must be bool, not 1"),
        ({"swallow_rows": "yes"}, "option 'swallow_rows' must be bool, not 'yes'"),
        ({"swallow_columns": None}, "option 'swallow_columns' must be bool, not None"),
        ({"target": 0}, "option 'target' must be 1 to 10000, not 0"),
        ({"rows": True}, "unknown option 'rows'"),
    ]
    for options, message in bad:
        with pytest.raises(ValueError) as info:
            GAME.new(2, 1, options)
        assert str(info.value) == f"abyss: {message}"
    record = GAME.dump(GAME.new(2, 1))
    with pytest.raises(BadSave, match="option 'start_flips' must be 1 to 6, not 9"):
        GAME.load({**record, "options": {**record["options"], "start_flips": 9}})


def test_records_without_house_rules_load_unchanged() -> None:
    """A record from before the house rules (``options`` with ``target`` only, or
    empty) replays under the seed's rules, and its game goes on the same."""
    state, pick = GAME.new(2, 5), random.Random(5).choice
    for _ in range(25):  # into the game, not to its end
        seat = GAME.actors(state)[0]
        state = GAME.apply(state, seat, pick(GAME.legal(state, seat)))
    record = GAME.dump(state)
    assert record["options"] == dict(GAME.default_options)
    for old in ({"target": 100}, {}):
        loaded = GAME.load({**record, "options": old})
        assert GAME.view(loaded, 0) == GAME.view(state, 0)
        assert GAME.dump(loaded) == record


# -- end score --------------------------------------------------------------------------


def test_end_score_50() -> None:
    def one_round(target: int) -> dict[str, Any]:
        state = house({"target": target}, {0: LOW, 1: [1, 1, 2, 3, 4, 5, 6, 7, 8, 3, 5, 10]})
        return GAME.view(play_round(state, {0: (3, 2), 1: (0, 1)}))

    over = one_round(50)
    assert over["options"]["target"] == 50
    assert over["phase"] == "over" and over["totals"] == [10, 55]
    assert over["result"]["winners"] == [0]
    assert one_round(150)["phase"] == "flips"


# -- doubling ---------------------------------------------------------------------------


def test_no_doubling() -> None:
    def line(doubling: bool) -> dict[str, Any]:
        state = house({"doubling": doubling}, {0: LOW, 1: LOW})
        return GAME.view(play_round(state, {0: (3, 2), 1: (0, 1)}))["sheet"][0]

    doubled, plain = line(True), line(False)
    assert doubled["closer"] == 0 and doubled["scores"] == [20, 10] and doubled["doubled"]
    assert plain["closer"] == 0 and plain["raw"] == [10, 10]
    assert plain["scores"] == [10, 10] and not plain["doubled"] and plain["totals"] == [10, 10]


# -- column swallowing -----------------------------------------------------------------


def test_no_column_swallowing() -> None:
    grid = [7, 0, 1, 2, 7, 3, 4, 5, 3, 6, 8, 9]  # column 0: 7, 7 and a hidden 3
    state = opened({"swallow_columns": False}, grid, (0, 4), opener=7)
    state = play(state, "0 take", "0 place:8")
    view = GAME.view(state)
    assert [c["state"] for c in cells(state, 0)][0::4] == ["up"] * 3
    assert view["grids"][0]["swallowed"] == [] and swallows(state) == []
    assert history(state)[-1] == (3, "replaced")
    assert view["grids"][0]["up_sum"] == 21  # the three 7s count
    assert "place:0" in GAME.legal(play(state, "1 flip:2", "0 draw"), 0)


# -- rows too ---------------------------------------------------------------------------


def test_rows_too_swallows_a_row_of_four() -> None:
    grid = [5, 5, 5, 9, 0, 1, 2, 3, 4, 6, 7, 8]
    state = opened({"swallow_rows": True}, grid, (0, 1, 2), opener=5)
    assert swallows(state) == []  # three of the row's four: not yet
    state = play(state, "0 take", "0 place:3")
    view = GAME.view(state)
    assert swallows(state) == [
        {"type": "swallow", "seat": 0, "row": 0, "positions": [0, 1, 2, 3], "value": 5}
    ]
    assert history(state)[-5:] == [(9, "replaced")] + [(5, "swallow")] * 4
    assert view["discard"]["top"] == 5
    assert view["grids"][0]["swallowed"] == [0, 1, 2, 3]
    assert view["grids"][0]["swallowed_rows"] == [0]
    assert view["grids"][0]["swallowed_columns"] == []
    state = play(state, "1 flip:3", "0 draw")
    assert not {f"place:{p}" for p in range(4)} & set(GAME.legal(state, 0))
    with pytest.raises(IllegalAction, match="position 2 was swallowed"):
        GAME.apply(state, 0, "place:2")


def test_rows_too_a_cross_swallows_the_column_then_the_row() -> None:
    """One card completes its column and its row: the column goes first (top row
    first), then the row's three other cards (left to right)."""
    grid = [9, 5, 5, 5, 5, 0, 1, 2, 5, 3, 4, 6]  # the 9 at position 0 stays hidden
    state = opened({"swallow_rows": True}, grid, (1, 2, 3, 4, 8), opener=5)
    state = play(state, "0 take", "0 place:0")
    assert swallows(state) == [
        {"type": "swallow", "seat": 0, "column": 0, "positions": [0, 4, 8], "value": 5},
        {"type": "swallow", "seat": 0, "row": 0, "positions": [1, 2, 3], "value": 5},
    ]
    assert history(state)[-7:] == [(9, "replaced")] + [(5, "swallow")] * 6
    grid_view = GAME.view(state)["grids"][0]
    assert grid_view["swallowed"] == [0, 1, 2, 3, 4, 8]
    assert (grid_view["swallowed_columns"], grid_view["swallowed_rows"]) == ([0], [0])


def test_rows_too_a_column_leaves_a_row_of_three() -> None:
    """A swallowed column takes one card of each row: a row whose three other
    cards are face up and equal goes with it."""
    grid = [0, 1, 2, 9, 6, 6, 6, 9, 3, 4, 5, 7]  # the 7 at position 11 stays hidden
    state = opened({"swallow_rows": True}, grid, (3, 4, 5, 6, 7), opener=9)
    state = play(state, "0 take", "0 place:11")
    assert [(e.get("column"), e.get("row"), e["positions"]) for e in swallows(state)] == [
        (3, None, [3, 7, 11]),
        (None, 1, [4, 5, 6]),
    ]
    assert GAME.view(state)["grids"][0]["up_sum"] == 0  # only 3 and 9 face up, both gone


def test_rows_too_a_column_that_lost_a_card_stays() -> None:
    """A row swallowed first leaves each column two cards: never swallowed."""
    grid = [5, 5, 5, 9, 3, 0, 1, 2, 3, 4, 6, 7]  # column 0 would be 5, 3, 3
    state = opened({"swallow_rows": True}, grid, (0, 1, 2, 4, 8), opener=5)
    state = play(state, "0 take", "0 place:3")
    assert [e.get("row") for e in swallows(state)] == [0]
    # Column 0 keeps its two 3s face up: two cards are not a line.
    assert [(c["state"], c["value"]) for c in cells(state, 0)][4::4] == [("up", 3), ("up", 3)]
    assert GAME.view(state)["grids"][0]["swallowed"] == [0, 1, 2, 3]


def test_rows_too_at_the_final_reveal() -> None:
    late = [5, 1, 2, 3, 6, 0, 1, 2, 4, 4, 4, 4]  # row 2 stays hidden: four 4s
    state = house({"swallow_rows": True}, {0: LOW, 1: late})
    state = play_round(state, {0: (3, 2), 1: (1, 5)}, {1: flip_lowest(keep_hidden=(8, 9, 10, 11))})
    view = GAME.view(state)
    reveal = [e for e in view["events"] if e["type"] in ("reveal", "swallow")]
    assert [e["type"] for e in reveal] == ["reveal", "swallow"]
    assert reveal[1]["seat"] == 1 and reveal[1]["row"] == 2
    assert reveal[1]["positions"] == [8, 9, 10, 11]
    assert view["last_round"]["grids"][1][8:] == [None] * 4


def test_rows_only() -> None:
    """Columns off, rows on: a column of three stays, a row of four goes."""
    grid = [7, 5, 5, 5, 7, 0, 1, 2, 7, 3, 4, 6]
    rules = {"swallow_columns": False, "swallow_rows": True}
    state = opened(rules, grid, (0, 4, 8, 1, 2, 3), opener=5)
    assert swallows(state) == []  # column 0 is three 7s, row 0 is 7, 5, 5, 5
    state = play(state, "0 take", "0 place:0")
    assert swallows(state) == [
        {"type": "swallow", "seat": 0, "row": 0, "positions": [0, 1, 2, 3], "value": 5}
    ]
    assert GAME.view(state)["grids"][0]["swallowed"] == [0, 1, 2, 3]


# -- cards flipped at the start ----------------------------------------------------------


def test_start_flips() -> None:
    grid = [12, 11, 1, 0, 2, 3, 4, 5, 6, 7, 8, 9]  # seat 1: HIGH, 11s at 4, 5 and 6
    state = house({"start_flips": 3}, {0: grid, 1: HIGH})
    assert GAME.view(state)["grids"][0]["flips_left"] == 3
    state = play(state, "0 flip:0", "0 flip:1", "1 flip:4")
    assert GAME.actors(state) == (0, 1)
    state = play(state, "0 flip:2")
    assert GAME.actors(state) == (1,)
    with pytest.raises(IllegalAction, match="it has flipped its three cards; waiting for seat 1"):
        GAME.apply(state, 0, "flip:3")
    state = play(state, "1 flip:5", "1 flip:6")
    view = GAME.view(state)
    assert view["grids"][0]["opening"] == [12, 11, 1] and view["grids"][0]["hidden"] == 9
    assert view["starter"]["sums"] == [24, 33] and view["starter"]["seat"] == 1
    one = house({"start_flips": 1}, {0: grid, 1: HIGH})
    one = play(one, "1 flip:4", "0 flip:0")
    view = GAME.view(one)
    assert view["starter"] == {"seat": 0, "reason": "sum", "sums": [12, 11], "highs": [12, 11]}
    assert [g["hidden"] for g in view["grids"]] == [11, 11]
    with pytest.raises(IllegalAction, match="every player first flips one card"):
        GAME.apply(house({"start_flips": 1}, {0: grid}), 0, "take")

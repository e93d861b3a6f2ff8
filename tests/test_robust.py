"""Nothing a file or a long game does kills the runtime (deep records, huge
numbers, damaged files, short errors). These run on CPython and inside Pyodide (``make
test-pyodide``), whose C stack is far smaller: there a recursive free of a long
chain, or a parser recursing once per nesting level, is a fatal error, not an
exception."""

from __future__ import annotations

import gc
import json
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.core import MAX_JSON_DEPTH, BadSave, Link, parse_json

#: The longest game the app offers: Abyss, 8 hard bots, to 500 points (7,285 moves).
LONG_GAME = Path(__file__).parent / "data" / "abyss-8-seats-to-500.json"


def long_record() -> dict[str, Any]:
    data = json.loads(LONG_GAME.read_text())
    assert isinstance(data, dict)
    return data


# -- point 1: long chains are freed without recursion ---------------------------------


def test_a_million_action_record_is_created_and_released_repeatedly() -> None:
    game = engine.GAMES["abyss"]
    for _ in range(2):
        state = game.new(2, 1)
        chain = None
        for i in range(1_000_000):
            chain = Link(chain, (i & 1, "flip:0"))
        state.record, chain = chain, None
        assert state.moves == 1_000_000
        del state  # the whole chain goes at once: a recursive free overflowed here
        gc.collect()


def test_releasing_one_state_keeps_the_chain_another_state_shares() -> None:
    shared = None
    for i in range(1000):
        shared = Link(shared, i)
    left, right = Link(shared, "left"), Link(shared, "right")
    del left, shared
    gc.collect()
    assert Link.items(right) == [*range(1000), "right"]


def test_a_long_game_its_replay_states_and_a_short_one_after_it_are_released() -> None:
    game = engine.GAMES["abyss"]
    data = long_record()
    for _ in range(2):
        state = game.load(data)
        states = [game.new(data["players"], data["seed"], data["options"])]
        for seat, action in data["actions"]:
            states.append(game.apply(states[-1], seat, action))
        assert states[-1].moves == state.moves == 7285
        del state, states
        short = dict(data, actions=data["actions"][:10])
        assert game.load(short).moves == 10


# -- point 2: deep nesting is refused before anything recursive sees it -------------


@pytest.mark.parametrize(
    "text",
    [
        "[" * 20_000,
        "[" * 20_000 + "]" * 20_000,
        '{"a":' * 20_000 + "1" + "}" * 20_000,
        '{"format": "tapete-record", "options": ' + "[" * 5_000 + "]" * 5_000 + "}",
    ],
)
def test_deep_json_is_a_bad_save(text: str) -> None:
    with pytest.raises(BadSave, match="nested"):
        parse_json(text)
    for game in engine.GAMES.values():
        with pytest.raises(BadSave):
            game.load(text)


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    text = json.dumps({"name": "[" * 1000 + '\\"{' * 100, "x": [[1]]})
    assert parse_json(text)["x"] == [[1]]


def test_a_deep_value_already_parsed_is_a_bad_save() -> None:
    deep: Any = 1
    # (Not thousands deep: freeing such a list is itself a deep recursion in Pyodide;
    # the app only meets deep values as text, which parse_json refuses.)
    for _ in range(MAX_JSON_DEPTH * 4):
        deep = [deep]
    data = long_record()
    data["options"] = {"deck": deep}
    with pytest.raises(BadSave, match="nested"):
        engine.GAMES["abyss"].load(data)
    assert MAX_JSON_DEPTH < 100


def test_json_over_the_size_limit_is_refused_before_parsing() -> None:
    with pytest.raises(BadSave, match="too large"):
        parse_json("[" + "1," * 100 + "1]", max_chars=100)


# -- point 4 (the fuzz is tests/test_fuzz.py) and point 9: short, resumable errors ------


def test_an_unforeseen_fault_while_loading_is_a_bad_save() -> None:
    data = long_record()
    data["players"] = 2**200  # the deal's range() and friends raise their own errors
    with pytest.raises(BadSave):
        engine.GAMES["abyss"].load(data)
    data = long_record()
    data["options"] = {"target": 100, "deck": {"not": "a list"}}
    with pytest.raises(BadSave):
        engine.GAMES["abyss"].load(data)


def test_a_bad_action_at_move_k_leaves_the_game_before_it_and_a_short_message() -> None:
    game = engine.GAMES["abyss"]
    data = long_record()
    data["actions"][99] = [data["actions"][99][0], "x" * 3_000_000]
    with pytest.raises(BadSave) as caught:
        game.load(data)
    assert caught.value.move == 100
    assert caught.value.partial is not None and caught.value.partial.moves == 99
    assert len(str(caught.value)) <= 200
    data["actions"][99] = "not a pair"
    with pytest.raises(BadSave) as caught:
        game.load(data)
    assert caught.value.move == 100 and caught.value.partial is not None


# -- point 5: a record opens step by step ----------------------------------------------


def test_load_steps_counts_every_action_and_ends_on_the_state_load_builds() -> None:
    game = engine.GAMES["abyss"]
    data = long_record()
    total = len(data["actions"])
    steps = list(game.load_steps(data))
    assert [(done, t) for done, t, _ in steps] == [(k, total) for k in range(total + 1)]
    assert steps[0][2].moves == 0
    assert game.snapshot(steps[-1][2]) == game.snapshot(game.load(data))
    assert game.dump(steps[-1][2]) == game.dump(game.load(json.dumps(data)))


def test_load_steps_raises_bad_save_as_load_does() -> None:
    game = engine.GAMES["abyss"]
    data = long_record()
    data["actions"][99] = [data["actions"][99][0], "nonsense"]
    seen = []
    with pytest.raises(BadSave) as caught:
        for done, _total, _state in game.load_steps(data):
            seen.append(done)
    assert seen == list(range(100)) and caught.value.move == 100
    assert caught.value.partial is not None and caught.value.partial.moves == 99
    data["players"] = 2**200  # an unforeseen fault: still a BadSave, before any step
    with pytest.raises(BadSave, match="damaged"):
        next(game.load_steps(data))
    with pytest.raises(BadSave, match="not a Tapete"):
        next(game.load_steps({"format": "other"}))

"""Property-based fuzzing of ``Game.load``: whatever it is given,
any JSON value, any text, or a real record damaged anywhere, every game answers
with :class:`BadSave` or a game it could have played, and in well under a second.

Hypothesis is a pinned dev tool (``make install``); Pyodide's test run has no
wheel of it, so this file runs on CPython only (the depth and release checks that
matter most in Pyodide are tests/test_robust.py, which runs there too)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import engine  # noqa: E402
from engine.core import BadSave, Game, State  # noqa: E402
from tests.playout import play_out  # noqa: E402

GAMES = sorted(engine.GAMES)
FUZZ = settings(
    max_examples=100,
    deadline=1000,  # ms per example: "in well under 1 s"
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=30,
)
RECORDS = {gid: engine.GAMES[gid].dump(play_out(engine.GAMES[gid], 3, 7)[0]) for gid in GAMES}


def check(game: Game, data: Any) -> None:
    """``load`` gives a game whose record replays to the same state, or BadSave."""
    try:
        state = game.load(data)
    except BadSave as exc:
        assert len(str(exc)) <= 200
        return
    assert isinstance(state, State)
    assert game.load(game.dump(state)).moves == state.moves


@FUZZ
@given(st.sampled_from(GAMES), json_values)
def test_any_json_value_loads_or_is_a_bad_save(gid: str, value: Any) -> None:
    check(engine.GAMES[gid], value)
    check(engine.GAMES[gid], json.dumps(value))


@FUZZ
@given(st.sampled_from(GAMES), st.text(max_size=200) | st.binary(max_size=200))
def test_any_text_loads_or_is_a_bad_save(gid: str, text: str | bytes) -> None:
    check(engine.GAMES[gid], text)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a record a value sits (the actions are sampled: thousands)."""
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        indices = (
            range(len(value)) if len(value) < 8 else random.Random(1).sample(range(len(value)), 8)
        )
        for i in indices:
            out += _paths(value[i], (*path, i))
    return out


@FUZZ
@given(st.sampled_from(GAMES), st.data())
def test_a_record_damaged_anywhere_loads_or_is_a_bad_save(gid: str, data: Any) -> None:
    record = json.loads(json.dumps(RECORDS[gid]))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(record)))
        if not path:
            continue
        parent = record
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()):
            parent[path[-1]] = data.draw(json_values)
        elif isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
    check(engine.GAMES[gid], record)
    text = json.dumps(record)
    cut = data.draw(st.integers(0, len(text)))
    check(engine.GAMES[gid], text[:cut])

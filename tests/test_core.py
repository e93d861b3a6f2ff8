"""The shared pieces of the engine: the generator, the persistent log, the registry."""

from __future__ import annotations

import pytest

import engine
from engine.bots import BOTS
from engine.core import Link, Rng, State


@pytest.mark.statistical
def test_rng_is_deterministic_and_uniform_enough() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(10)] == [b.next64() for _ in range(10)]
    counts = [0] * 6
    r = Rng(7)
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_rng_shuffle_is_a_permutation_and_depends_on_seed() -> None:
    one, two = list(range(52)), list(range(52))
    Rng(1).shuffle(one)
    Rng(2).shuffle(two)
    assert sorted(one) == list(range(52)) and one != two


def test_rng_known_values_pin_the_algorithm() -> None:
    """Saves replay by seed: changing the generator would break every record."""
    r = Rng(1)
    assert [r.below(6) for _ in range(5)] == [5, 1, 0, 5, 3]


def test_link_shares_history_between_states() -> None:
    first = Link(None, "a")
    second = Link(first, "b")
    branch = Link(first, "c")
    assert Link.items(second) == ["a", "b"] and Link.items(branch) == ["a", "c"]
    assert second.size == 2 and list(Link.newest(second)) == ["b", "a"]


def test_private_events_reach_only_their_seats() -> None:
    s = State(3, 1, {})
    s.emit("deal")
    s.emit_to((1,), "peek", card=7)
    s.emit("draw", seat=0)
    assert [e["type"] for e in s.events(None)] == ["deal", "draw"]
    assert [e["type"] for e in s.events(0)] == ["deal", "draw"]
    assert s.events(1)[1] == {"n": 1, "type": "peek", "card": 7}
    assert [e["n"] for e in s.events(1, since=2)] == [2]


@pytest.mark.parametrize("field", ["to", "n", "type"])
def test_an_event_field_cannot_take_a_name_the_log_uses(field: str) -> None:
    """The log keeps an event's audience in "to" and numbers it in "n": a field
    of that name would make a public event private, or lose its number."""
    s = State(2, 1, {})
    with pytest.raises(ValueError, match="not event fields"):
        s.emit("reveal", **{field: [0]})
    with pytest.raises(ValueError, match="not event fields"):
        s.emit_to((0,), "peek", **{field: [0]})
    assert s.log is None


def test_copy_does_not_share_the_generator() -> None:
    s = State(2, 5, {})
    c = s.copy()
    c.rng.next64()
    assert s.rng.state != c.rng.state


def test_registry_lists_games_in_home_order() -> None:
    assert list(engine.GAMES) == list(engine.GAME_IDS)
    for gid, game in engine.GAMES.items():
        assert game.id == gid


def test_events_hand_out_copies_of_their_lists() -> None:
    s = State(2, 1, {})
    s.emit("reveal", cards=[1, 2], sheet={"row": [3]})
    first = s.events(None)[0]
    first["cards"].append(99)
    first["sheet"]["row"].append(99)
    assert s.events(None)[0]["cards"] == [1, 2]
    assert s.events(None)[0]["sheet"] == {"row": [3]}


def test_engine_exports_the_bots_of_every_game() -> None:
    assert set(BOTS) == set(engine.GAMES)
    for levels in BOTS.values():
        assert {"random", "easy", "medium", "hard"} <= set(levels)


def test_a_bad_save_missing_a_parameter_is_still_a_bad_save() -> None:
    """A known code whose sentence needs a parameter the raise left out (or one of
    the wrong kind) still builds a BadSave that names the code, never a KeyError."""
    missing = engine.BadSave("older")
    assert missing.code == "older" and "older" in str(missing)
    wrong = engine.BadSave("too_large", chars="many", limit=5)
    assert wrong.code == "too_large" and "too_large" in str(wrong)

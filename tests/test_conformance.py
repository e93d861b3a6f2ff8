"""The protocol contract, checked over every game in ``engine.GAMES``.

A game that joins ``GAMES`` is covered here without a line of its own: seeded
random play-outs at the smallest, a middle and the largest seat count, and at
states sampled along them, every promise of DESIGN.md's protocol. Games with
options (house rules, variants) are played again under the combinations of
``VARIANTS``, at the middle seat count.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from engine import GAMES, BadSave, IllegalAction
from engine.core import SAVE_VERSION, Game, State
from tests.playout import random_steps

#: Games per (game, seat count) in CI; the soak run plays far more.
GAMES_PER_COUNT = int(os.environ.get("TAPETE_CONFORMANCE_GAMES", "100"))
#: States sampled per game for the expensive checks.
SAMPLES = 6

GARBAGE = (
    "",
    " ",
    "garbage",
    "flip",
    "flip:",
    "flip:99",
    "flip:-1",
    "place:12",
    "x" * 500,
    "draw:1:2",
    "DRAW",
    "bid:99",
    "cut:-3",
    "\x00",
    "🂠",
)


#: Option combinations played besides the defaults (each option away from its
#: default at least once, the rules that interact together).
VARIANTS: dict[str, list[dict[str, object]]] = {
    "abyss": [
        {"target": 50, "doubling": False, "swallow_rows": True, "start_flips": 3},
        {"swallow_columns": False, "swallow_rows": True, "start_flips": 1},
        {"swallow_columns": False, "doubling": False, "start_flips": 6, "target": 150},
    ],
    "dice_bid": [
        {"force_negative": True, "tiebreak": True},
        {"prize_cards": True, "tiebreak": True},
    ],
}

Options = dict[str, object]


def seat_counts(game: Game) -> list[int]:
    return sorted({game.min_players, (game.min_players + game.max_players) // 2, game.max_players})


CASES: list[tuple[str, int, Options]] = [
    (gid, n, {}) for gid, game in GAMES.items() for n in seat_counts(game)
] + [
    (gid, seat_counts(GAMES[gid])[1], options)
    for gid, variants in VARIANTS.items()
    for options in variants
]
CASE_IDS = [
    f"{gid}-{n}" + "".join(f"-{k}={v}" for k, v in options.items()) for gid, n, options in CASES
]
ARGS = ("game_id", "players", "options")


def play_out(
    game: Game, players: int, seed: int, options: Options | None = None
) -> tuple[State, list[tuple[int, str]]]:
    """A whole seeded random game under ``options``: the final state and the actions."""
    state = game.new(players, seed, options)
    actions = []
    for _, seat, action, after in random_steps(game, state, random.Random(seed)):
        actions.append((seat, action))
        state = after
    return state, actions


def sampled_states(game: Game, players: int, seed: int, options: Options) -> list[State]:
    """States spread over one seeded random game, the last one finished."""
    final, actions = play_out(game, players, seed, options)
    picks = sorted(random.Random(seed).sample(range(len(actions)), min(SAMPLES, len(actions))))
    states, state, j = [], game.new(players, seed, options), 0
    for i, (seat, action) in enumerate(actions):
        if j < len(picks) and picks[j] == i:
            states.append(state)
            j += 1
        state = game.apply(state, seat, action)
    states.append(final)
    return states


def all_views(game: Game, state: State) -> list[dict]:
    return [game.view(state, None)] + [game.view(state, s) for s in range(state.players)]


@pytest.mark.parametrize(ARGS, CASES, ids=CASE_IDS)
def test_random_games_end_with_a_result(game_id: str, players: int, options: Options) -> None:
    game = GAMES[game_id]
    for seed in range(GAMES_PER_COUNT):
        final, actions = play_out(game, players, seed, options)
        result = game.result(final)
        assert result is not None and game.actors(final) == ()
        assert len(result["scores"]) == players
        assert result["winners"], "somebody wins (or shares the win)"
        assert all(0 <= w < players for w in result["winners"])
        assert actions, "a game has at least one move"


@pytest.mark.parametrize(ARGS, CASES, ids=CASE_IDS)
def test_actors_are_sorted_and_every_legal_action_applies(
    game_id: str, players: int, options: Options
) -> None:
    game = GAMES[game_id]
    for seed in range(3):
        for state in sampled_states(game, players, seed, options):
            actors = game.actors(state)
            assert actors == tuple(sorted(set(actors)))
            for seat in range(players):
                legal = game.legal(state, seat)
                assert isinstance(legal, tuple)
                assert len(set(legal)) == len(legal), "no duplicate actions"
                assert (seat in actors) == bool(legal)
                assert legal == game.legal(state, seat), "legal is a pure query"
                for action in legal:
                    game.apply(state, seat, action)


@pytest.mark.parametrize(ARGS, CASES, ids=CASE_IDS)
def test_bad_actions_raise_and_change_nothing(game_id: str, players: int, options: Options) -> None:
    game = GAMES[game_id]
    for seed in range(3):
        for state in sampled_states(game, players, seed, options):
            before = game.snapshot(state)
            actors = game.actors(state)
            attempts = [
                (s, a) for s in range(players) for a in GARBAGE if a not in game.legal(state, s)
            ]
            attempts += [
                (s, a)
                for s in range(players)
                if s not in actors
                for a in {a for t in actors for a in game.legal(state, t)}
            ]
            attempts += [(-1, "draw"), (players, "draw"), (None, "draw"), (True, "draw")]
            if actors:
                attempts += [(actors[0], None), (actors[0], 3), (actors[0], ["draw"])]
            for seat, action in attempts:
                with pytest.raises(IllegalAction) as info:
                    game.apply(state, seat, action)  # type: ignore[arg-type]
                assert str(info.value), "the error says why"
                assert isinstance(info.value, ValueError)
            assert game.snapshot(state) == before


@pytest.mark.parametrize(ARGS, CASES, ids=CASE_IDS)
def test_apply_never_mutates_its_input(game_id: str, players: int, options: Options) -> None:
    game = GAMES[game_id]
    for seed in range(5):
        for before, seat, action, _ in random_steps(
            game, game.new(players, seed, options), random.Random(seed)
        ):
            snap = game.snapshot(before)
            game.apply(before, seat, action)
            assert game.snapshot(before) == snap, f"{action!r} by seat {seat} mutated its input"


def _scribble(value: object) -> None:
    """Change every list and dict inside a view, as a careless caller might."""
    if isinstance(value, dict):
        for key in list(value):
            _scribble(value[key])
            value[key] = "scribbled"
    elif isinstance(value, list):
        for item in value:
            _scribble(item)
        value.append("scribbled")


@pytest.mark.parametrize(ARGS, CASES, ids=CASE_IDS)
def test_changing_a_view_or_result_changes_nothing_in_the_game(
    game_id: str, players: int, options: Options
) -> None:
    game = GAMES[game_id]
    for state in sampled_states(game, players, 3, options):
        snap = game.snapshot(state)
        for seat in [None, *range(players)]:
            clean = json.dumps(game.view(state, seat), sort_keys=True)
            _scribble(game.view(state, seat))
            _scribble(game.result(state))
            assert game.snapshot(state) == snap
            assert json.dumps(game.view(state, seat), sort_keys=True) == clean


@pytest.mark.parametrize(ARGS, CASES, ids=CASE_IDS)
def test_same_seed_and_actions_replay_to_the_same_dump(
    game_id: str, players: int, options: Options
) -> None:
    game = GAMES[game_id]
    for seed in range(5):
        final, actions = play_out(game, players, seed, options)
        state = game.new(players, seed, options)
        for seat, action in actions:
            state = game.apply(state, seat, action)
        assert json.dumps(game.dump(state)) == json.dumps(game.dump(final))
        assert game.snapshot(state) == game.snapshot(final)


@pytest.mark.parametrize(ARGS, CASES, ids=CASE_IDS)
def test_load_of_dump_behaves_like_the_original(
    game_id: str, players: int, options: Options
) -> None:
    game = GAMES[game_id]
    for seed in range(3):
        for state in sampled_states(game, players, seed, options):
            text = json.dumps(game.dump(state))
            loaded = game.load(json.loads(text))
            assert game.snapshot(loaded) == game.snapshot(state)
            assert game.actors(loaded) == game.actors(state)
            assert all_views(game, loaded) == all_views(game, state)
            assert game.load(text).moves == state.moves  # JSON text is accepted too


@pytest.mark.parametrize(ARGS, CASES, ids=CASE_IDS)
def test_every_view_is_plain_json(game_id: str, players: int, options: Options) -> None:
    game = GAMES[game_id]
    for seed in range(3):
        for state in sampled_states(game, players, seed, options):
            for view in all_views(game, state):
                assert json.loads(json.dumps(view, allow_nan=False)) == view


@pytest.mark.parametrize(ARGS, CASES, ids=CASE_IDS)
def test_redealing_hidden_cards_leaves_each_view_unchanged(
    game_id: str, players: int, options: Options
) -> None:
    game = GAMES[game_id]
    for seed in range(5):
        for state in sampled_states(game, players, seed, options):
            for seat in [None, *range(players)]:
                view = game.view(state, seat)
                for redeal_seed in (1, 2):
                    other = game.redeal_hidden(state, seat, redeal_seed)
                    assert game.view(other, seat) == view, f"seat {seat}'s view leaks"


@pytest.mark.parametrize(ARGS, CASES, ids=CASE_IDS)
def test_redealing_changes_what_a_game_with_hidden_information_hides(
    game_id: str, players: int, options: Options
) -> None:
    """A game that declares hidden information redeals it for real: at most
    states of a game in play, for each seat (and for the table as a whole),
    some redeal gives another state (cards elsewhere, another generator), so the
    leak test above compares two different tables' views, never a view with
    itself. A game without hidden information has nothing to redeal."""
    game = GAMES[game_id]
    if not game.hidden_information:
        state = game.new(players, 1, options)
        assert game.snapshot(game.redeal_hidden(state, None, 1)) == game.snapshot(state)
        return
    live = changed = 0
    for seed in range(3):
        for state in sampled_states(game, players, seed, options)[:-1]:  # the last is over
            live += 1
            before = game.snapshot(state)
            changed += all(
                any(game.snapshot(game.redeal_hidden(state, seat, k)) != before for k in (1, 2, 3))
                for seat in [None, *range(players)]
            )
    assert live and changed >= live * 3 // 4, f"{game_id}: redeal changed {changed} of {live}"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_load_rejects_damaged_saves(game_id: str) -> None:
    game = GAMES[game_id]
    final, _ = play_out(game, game.min_players, 7)
    good = game.dump(final)
    text = json.dumps(good)
    damaged: list[object] = [
        None,
        3,
        "",
        "{",
        text[: len(text) // 2],
        [],
        {},
        {**good, "format": "other"},
        {**good, "version": SAVE_VERSION + 1},
        {**good, "version": "1"},
        {**good, "game": "chess"},
        {k: v for k, v in good.items() if k != "actions"},
        {**good, "players": game.max_players + 1},
        {**good, "players": "2"},
        {**good, "seed": None},
        {**good, "options": {"no_such_option": 1}},
        {**good, "options": []},
        {**good, "actions": "draw"},
        {**good, "actions": [[0]]},
        {**good, "actions": [["0", "draw"]]},
        {**good, "actions": [*good["actions"], [0, "garbage"]]},
        {**good, "actions": [[a[0], a[1] + "x"] for a in good["actions"]]},
    ]
    for data in damaged:
        with pytest.raises(BadSave) as info:
            game.load(data)
        assert str(info.value)
        assert isinstance(info.value, ValueError)
    assert game.snapshot(game.load(good)) == game.snapshot(final)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_new_rejects_bad_setups(game_id: str) -> None:
    game = GAMES[game_id]
    for players in (game.min_players - 1, game.max_players + 1, "3", 2.0, None):
        with pytest.raises(ValueError):
            game.new(players, 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        game.new(game.min_players, 1, {"no_such_option": True})


@pytest.mark.soak
@pytest.mark.parametrize("game_id", list(GAMES))
def test_soak_many_random_games(game_id: str) -> None:
    """``pytest -m soak``: TAPETE_SOAK_GAMES (default 100,000) seeded games per game,
    spread over every seat count."""
    game = GAMES[game_id]
    total = int(os.environ.get("TAPETE_SOAK_GAMES", "100000"))
    counts = list(range(game.min_players, game.max_players + 1))
    for i in range(total):
        final, _ = play_out(game, counts[i % len(counts)], 1_000_000 + i)
        assert game.result(final) is not None

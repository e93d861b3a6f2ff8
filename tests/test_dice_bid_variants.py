"""The dice bid game under random play, in every variant combination: the
conformance suite plays only the default options, so the protocol promises
that matter most here (no leak of a pick or of set-aside cards, replay,
saves) are checked again with each variant on, and every reveal on the sheet
is re-derived from the rules.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest

from engine.dice_bid import GAME, PRIZE_CARDS, dice_prize
from tests.playout import random_steps

VARIANTS = [
    {},
    {"force_negative": True},
    {"prize_cards": True},
    {"tiebreak": True},
    {"force_negative": True, "tiebreak": True},
    {"prize_cards": True, "tiebreak": True},
]
CASES = [(options, players) for options in VARIANTS for players in (2, 3, 6)]


def name(case: tuple[dict, int]) -> str:
    options, players = case
    return "+".join(options) + f"-{players}p" if options else f"default-{players}p"


def play(options: dict, players: int, seed: int) -> list:
    """The states of one random game, first to last."""
    state = GAME.new(players, seed, options)
    states = [state]
    for _, _, _, after in random_steps(GAME, state, random.Random(seed)):
        states.append(after)
    return states


def check_sheet(final, options: dict) -> None:
    """Re-derive every reveal of a finished game from the rules."""
    view = GAME.view(final)
    totals = [0] * final.players
    for row in view["sheet"]:
        cards = row["cards"]
        counts = Counter(c for c in cards if c is not None)
        knocked = [t for t, c in enumerate(cards) if c is not None and counts[c] > 1]
        standing = [t for t, c in enumerate(cards) if c is not None and counts[c] == 1]
        winner = max(standing, key=lambda t: cards[t]) if standing else None
        assert row["knocked_out"] == knocked and row["winner"] == winner
        if options.get("prize_cards"):
            assert row["dice"] is None and row["prize"] == row["prize_card"] in PRIZE_CARDS
        else:
            assert row["prize"] == dice_prize(*row["dice"])
        if winner is not None:
            totals[winner] += row["prize"]
        assert row["scores"] == totals
    result = GAME.result(final)
    assert result["scores"] == totals
    assert result["winners"] == [t for t in range(final.players) if totals[t] == max(totals)]
    main = [r for r in view["sheet"] if not r["tiebreak"]]
    assert len(main) == view["rounds"]
    for seat in view["seats"]:
        played = [r["cards"][seat["seat"]] for r in main]
        assert len(set(played)) == len(played), "a card is played once"
    if not options.get("tiebreak"):
        assert result["tiebreak_rounds"] == 0


@pytest.mark.parametrize("case", CASES, ids=name)
def test_random_variant_games_follow_the_rules(case: tuple[dict, int]) -> None:
    options, players = case
    for seed in range(20):
        final = play(options, players, seed)[-1]
        check_sheet(final, options)


@pytest.mark.parametrize("case", CASES, ids=name)
def test_no_view_leaks_a_pick_or_a_set_aside_card(case: tuple[dict, int]) -> None:
    options, players = case
    for seed in range(3):
        for state in play(options, players, seed)[::3]:
            for seat in [None, *range(players)]:
                view = GAME.view(state, seat)
                for redeal in (1, 2, 3):
                    other = GAME.redeal_hidden(state, seat, redeal)
                    assert GAME.view(other, seat) == view, f"seat {seat}'s view leaks"


def test_redeal_really_moves_the_two_player_set_aside_cards() -> None:
    state = GAME.new(2, 8)
    hands = {tuple(GAME.snapshot(GAME.redeal_hidden(state, 0, k))["hands"][1]) for k in range(9)}
    assert len(hands) > 1
    mine = {tuple(GAME.snapshot(GAME.redeal_hidden(state, 0, k))["hands"][0]) for k in range(9)}
    assert len(mine) == 1, "a seat's own hand is never redealt for it"


@pytest.mark.parametrize("case", CASES, ids=name)
def test_variant_games_replay_and_reload(case: tuple[dict, int]) -> None:
    options, players = case
    for seed in range(3):
        states = play(options, players, seed)
        for state in (states[len(states) // 2], states[-1]):
            loaded = GAME.load(json.dumps(GAME.dump(state)))
            assert GAME.snapshot(loaded) == GAME.snapshot(state)
            for seat in [None, *range(players)]:
                view = GAME.view(state, seat)
                assert GAME.view(loaded, seat) == view
                assert json.loads(json.dumps(view, allow_nan=False)) == view


def test_random_tiebreaks_happen_and_end() -> None:
    """Random play ties often enough that the tiebreak path is really walked."""
    seen = Counter()
    for seed in range(300):
        result = GAME.result(play({"tiebreak": True}, 3, seed)[-1])
        seen[result["tiebreak_rounds"]] += 1
        assert result["tiebreak_rounds"] <= 5
    assert sum(n for k, n in seen.items() if k) > 0


@pytest.mark.soak
@pytest.mark.parametrize("options", VARIANTS[1:], ids=lambda o: "+".join(o))
def test_soak_variant_games(options: dict) -> None:
    """``pytest -m soak``: a fifth of TAPETE_SOAK_GAMES per variant, over every
    seat count, each game's sheet re-derived from the rules."""
    total = int(os.environ.get("TAPETE_SOAK_GAMES", "100000")) // 5
    for i in range(total):
        players = 2 + i % 5
        state = GAME.new(players, 2_000_000 + i, options)
        for _, _, _, after in random_steps(GAME, state, random.Random(i)):
            state = after
        check_sheet(state, options)

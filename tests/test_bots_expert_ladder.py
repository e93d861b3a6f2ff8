"""Expert beats hard, on a fixed set of decisions, in seconds.

A match between the two takes hundreds of games to tell them apart
(docs/bots.md: 58% to 68% heads-up). Here the hard bot plays fixed seeded
heads-up games against itself; at each of seat 0's decisions the expert (same
seed, fed the same views, so it remembers what that seat saw) is asked too. Where
the two differ, an oracle judges both answers: each is played on from the same
position, the unseen cards dealt again (``redeal_hidden``) and every seat then
played by hard bots to the game's end, the same redeals for both; the value
is seat 0's share of the wins. The expert's gain is the sum, over those
departures, of the oracle's value of its answer less that of hard's. The
expert must depart (an expert that plays as hard does not) and its departures
must gain at least the game's floor: above zero where the oracle can credit
the expert's edge (Abyss, Carta robada: each departure is a better move now);
for the dice game, whose expert's edge is its reading of the opponent over a
whole game (a hard play-out after one bid cannot credit it; docs/bots.md
measures it in matches; ``tests/test_bots_dice_expert_reads.py`` credits it bid by
bid over whole games), a floor that a worse expert falls through. The
oracle's values are kept in ``tests/data/expert_ladder.json`` (``python3 -m
tests.test_bots_expert_ladder`` writes them again, in minutes); a departure the
file does not know is judged on the spot.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import GAMES
from engine.arena import _mix
from engine.bot import Player
from engine.bots import BOTS
from engine.core import Game, State

DATA = Path(__file__).resolve().parent / "data" / "expert_ladder.json"

#: game id -> (options, games, redeals per judged answer, least gain in games won,
#: least departures). Today's figures are the file's "departures" and "gain" (each
#: departure is worth its difference in the share of the games won, so a gain of
#: 1.0 is one more game won).
SETUP: dict[str, tuple[dict[str, Any], int, int, float, int]] = {
    "abyss": ({"target": 40}, 1, 8, 0.25, 10),
    "carta_robada": ({}, 4, 16, 0.25, 15),
    "dice_bid": ({}, 6, 16, -1.0, 15),
}


def act(bot: Player, game: Game, state: State, seat: int) -> str | None:
    return bot.act(game.view(state, seat), game.legal(state, seat))


def step(game: Game, state: State, bots: list[Player]) -> State | None:
    """The first actor (by seat) whose bot answers plays; None: nobody moved."""
    for seat in game.actors(state):
        action = act(bots[seat], game, state, seat)
        if action is not None:
            return game.apply(state, seat, action)
    return None


def played_on(game: Game, state: State, seat: int, action: str, deals: int, seed: int) -> float:
    """``seat``'s share of the wins when it plays ``action`` here and hard bots
    then play every seat, over ``deals`` redeals of what the seat cannot see."""
    wins = 0.0
    for d in range(deals):
        st: State | None = game.apply(game.redeal_hidden(state, seat, _mix(seed, d)), seat, action)
        bots = [BOTS[game.id]["hard"](_mix(seed, d, s)) for s in range(state.players)]
        while st is not None and game.actors(st):
            last, st = st, step(game, st, bots)
        result = game.result(st if st is not None else last)
        if result is not None and seat in result["winners"]:
            wins += 1.0 / len(result["winners"])
    return wins / deals


def departures(game_id: str) -> list[tuple[str, State, str, str]]:
    """Each decision of seat 0 where the expert and hard part ways: (key, state,
    expert's answer, hard's answer), on the fixed games of :data:`SETUP`."""
    game = GAMES[game_id]
    options, games, _, _, _ = SETUP[game_id]
    found = []
    for g in range(games):
        state: State | None = game.new(2, _mix(31, g), options)
        bots = [BOTS[game_id]["hard"](_mix(37, g, s)) for s in range(2)]
        expert = BOTS[game_id]["expert"](_mix(37, g, 0))
        n = 0
        while state is not None and game.actors(state):
            moved = None
            for seat in game.actors(state):  # as step() does, each bot asked once
                view, legal = game.view(state, seat), game.legal(state, seat)
                action = bots[seat].act(view, legal)
                if seat == 0:
                    mine = expert.act(view, legal)
                    if action is not None and mine is not None and action != mine:
                        found.append((f"{g}:{n}", state, mine, action))
                    n += 1
                if action is not None:
                    moved = game.apply(state, seat, action)
                    break
            state = moved
    return found


def judged(game_id: str, known: dict[str, dict[str, float]]) -> list[float]:
    """The oracle's gain of the expert's answer over hard's at each departure."""
    _, _, deals, _, _ = SETUP[game_id]
    game = GAMES[game_id]
    gains = []
    for key, state, mine, hard in departures(game_id):
        values = known.setdefault(key, {})
        for action in (mine, hard):
            if action not in values:
                values[action] = played_on(game, state, 0, action, deals, _mix(41, len(gains)))
        gains.append(values[mine] - values[hard])
    return gains


@pytest.mark.ladder
@pytest.mark.parametrize("game_id", list(SETUP))
def test_expert_beats_hard_where_they_part_ways(game_id: str) -> None:
    known = json.loads(DATA.read_text())[game_id]["values"] if DATA.exists() else {}
    gains = judged(game_id, known)
    _, _, _, least, departed = SETUP[game_id]
    said = f"{game_id}: the expert left hard's answer {len(gains)} times, for {sum(gains):+.2f}"
    assert len(gains) >= departed, f"{said} (it must search: at least {departed} times)"
    assert sum(gains) >= least, f"{said} games won (at least {least:+.2f})"


def main() -> None:
    """Write the oracle's values (and today's gains) for every game of :data:`SETUP`."""
    out: dict[str, Any] = {}
    for game_id in sys.argv[1:] or list(SETUP):
        known: dict[str, dict[str, float]] = {}
        gains = judged(game_id, known)
        out[game_id] = {"departures": len(gains), "gain": round(sum(gains), 4), "values": known}
        print(game_id, len(gains), "departures, gain", round(sum(gains), 3), flush=True)
    old = json.loads(DATA.read_text()) if DATA.exists() else {}
    DATA.write_text(json.dumps({**old, **out}, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()

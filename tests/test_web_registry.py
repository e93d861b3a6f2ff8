"""One registration of the games: ``engine.GAMES`` (each game's declared facts
checked there) gives the games and the home screen's order; the bots
(``engine.bots.BOTS``) and the app's entries (``web.app.registry.ENTRIES``)
follow it, so a game registered in one place only cannot slip past the
conformance suite or the bots' tests."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

import engine
from engine import GAMES, in_game_order
from engine.bots import BOTS, HINTS
from engine.core import Game, State, register_games
from web.app.registry import ENTRIES


def test_games_bots_and_entries_list_the_same_games_in_one_order() -> None:
    assert list(GAMES) == list(engine.GAME_IDS) == list(BOTS) == list(ENTRIES)
    assert set(HINTS) <= set(GAMES)
    for gid, entry in ENTRIES.items():
        assert entry.game is GAMES[gid], f"{gid}: the app plays the engine's registered game"
        assert dict(entry.bots) == BOTS[gid], f"{gid}: the app offers the bots the arena tests"


def test_a_registry_beside_the_engines_must_name_every_game_and_no_other() -> None:
    """What ``BOTS`` and ``ENTRIES`` are built with: a game only there, or one
    left out, fails at import (every test then fails with it)."""
    whole = {gid: gid.upper() for gid in reversed(engine.GAME_IDS)}
    assert list(in_game_order("x", whole)) == list(engine.GAME_IDS)
    with pytest.raises(ValueError, match="unknown \\['fourth'\\]"):
        in_game_order("ENTRIES", {**whole, "fourth": "?"})
    with pytest.raises(ValueError, match="missing \\['abyss'\\]"):
        in_game_order("BOTS", {k: v for k, v in whole.items() if k != "abyss"})


class _Hidden(Game):
    """A game whose seats hold secret cards: ``redeal_hidden`` is its own to write."""

    id = "secret"
    min_players = 2
    max_players = 2
    hidden_information: ClassVar[bool] = True

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return State(players, seed, options)

    def actors(self, state: State) -> tuple[int, ...]:
        return ()

    def legal(self, state: State, seat: int) -> tuple[str, ...]:
        return ()

    def _apply(self, state: State, seat: int, action: str) -> None:
        pass

    def view(self, state: State, seat: int | None = None) -> dict[str, Any]:
        return {}

    def result(self, state: State) -> dict[str, Any] | None:
        return {"scores": [0, 0], "winners": [0, 1]}


def test_a_game_with_hidden_information_must_redeal_it_itself() -> None:
    """No default copy stands in for a redeal (the leak tests would compare a
    view with itself): the default refuses, and so does the registration."""
    game = _Hidden()
    with pytest.raises(NotImplementedError, match="secret"):
        game.redeal_hidden(game.new(2, 1), 0, 1)
    with pytest.raises(TypeError, match="no redeal_hidden"):
        register_games(game)


def test_a_game_must_declare_whether_it_hides_anything() -> None:
    class Undeclared(_Hidden):
        id = "undeclared"

    Undeclared.hidden_information = None  # type: ignore[assignment,misc]
    with pytest.raises(TypeError, match="declare hidden_information"):
        register_games(Undeclared())


def test_a_game_without_hidden_information_redeals_as_a_copy() -> None:
    class Open(_Hidden):
        id = "open"
        hidden_information = False

    game = Open()
    state = game.new(2, 1)
    assert game.snapshot(game.redeal_hidden(state, None, 3)) == game.snapshot(state)
    assert list(register_games(game)) == ["open"]


def test_one_game_registered_twice_is_refused() -> None:
    with pytest.raises(TypeError, match="twice"):
        register_games(GAMES["abyss"], GAMES["abyss"])

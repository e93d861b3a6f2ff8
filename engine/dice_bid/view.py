"""The shapes of the dice game's views, for mypy: what ``DiceBidGame.view``
builds and what the table and the bots read (``docs/rules/dice_bid.md``, "The
view", says what each field means). At run time a view is a plain JSON dict."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast

from engine.core import Event


class DiceSeat(TypedDict):
    """One seat as the viewer knows it."""

    seat: int
    hand: list[int] | None  # None: blurred by unseen set-aside cards (two players)
    hand_count: int
    candidates: list[int]
    set_aside_count: int
    played: list[int]
    picked: bool
    pick: int | None  # the viewer's own secret pick only
    score: int
    won: list[int]


class DiceRound(TypedDict):
    """A revealed round: a line of the score sheet (and its ``reveal`` event)."""

    round: int
    tiebreak: int
    dice: list[int] | None
    prize_card: int | None
    prize: int
    cards: list[int | None]
    knocked_out: list[int]
    winner: int | None
    scores: list[int]


class DiceView(TypedDict):
    """``view(state, seat)``: what ``seat`` (None: the whole table) knows now."""

    game: str
    seat: int | None
    players: int
    options: dict[str, Any]
    two_player: bool
    rounds: int
    round: int
    tiebreak: int
    phase: str
    to_act: list[int]
    prompt: str | None
    can_force: bool
    dice: list[int] | None
    prize_card: int | None
    prize: int
    prize_deck: list[int] | None
    prize_discard: list[int]
    seats: list[DiceSeat]
    scores: list[int]
    last_reveal: DiceRound | None
    sheet: list[DiceRound]
    events: list[Event]
    result: dict[str, Any] | None


def typed(view: Mapping[str, Any]) -> DiceView:
    """A view of this game (``view``, ``open_view``) as mypy should read it."""
    return cast(DiceView, view)

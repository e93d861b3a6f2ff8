"""The shapes of Abyss's views, for mypy: what ``AbyssGame.view`` builds and
what the table and the bots read (``docs/rules/abyss.md`` says what each field
means). At run time a view is a plain JSON dict."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast

from engine.core import Event


class Cell(TypedDict):
    """One space of a grid: ``up`` (its value shown), ``hidden`` or ``gone``."""

    pos: int
    state: str
    value: int | None


class Grid(TypedDict):
    seat: int
    cells: list[Cell]
    hidden: int
    up_sum: int
    swallowed: list[int]
    swallowed_columns: list[int]
    swallowed_rows: list[int]
    flips_left: int
    opening: list[int]


class Discarded(TypedDict):
    """A card that went to the discard, oldest first, and whether it was taken back."""

    value: int
    seat: int | None
    source: str
    taken: bool


class ValueCount(TypedDict):
    """How many of a value are in the discard, in sight, and in the whole deck."""

    value: int
    discard: int
    visible: int
    deck: int


class Discard(TypedDict):
    top: int | None
    size: int
    history: list[Discarded]
    counts: list[ValueCount]


#: The card in the turn player's hand and where it came from ("from" is a
#: keyword, hence this spelling).
Pending = TypedDict("Pending", {"value": int, "from": str | None, "seat": int | None})


class AbyssView(TypedDict):
    """``view(state, seat)``: what ``seat`` (None: the whole table) knows now."""

    game: str
    players: int
    seat: int | None
    round: int
    target: int
    options: dict[str, Any]
    phase: str
    turn: int | None
    actors: list[int]
    prompt: str
    prompts: list[str]
    legal: list[str]
    grids: list[Grid]
    discard: Discard
    draw_pile: int
    pending: Pending | None
    closer: int | None
    last_turns_left: int
    last_turns: list[int]
    starter: Any
    totals: list[int]
    sheet: list[dict[str, Any]]
    last_round: dict[str, Any] | None
    result: dict[str, Any] | None
    events: list[Event]


def typed(view: Mapping[str, Any]) -> AbyssView:
    """A view of this game (``view``, ``open_view``) as mypy should read it."""
    return cast(AbyssView, view)

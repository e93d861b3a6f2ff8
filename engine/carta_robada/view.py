"""The shapes of Carta robada's views, for mypy: what ``CartaRobadaGame.view``
builds and what the table and the bots read (``docs/rules/carta_robada.md``
says what each field means). At run time a view is a plain JSON dict."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, cast

from engine.core import Event


class Tendido(TypedDict):
    """A seat's face-down cards as the viewer knows them."""

    seat: int
    count: int
    marks: list[str | None]
    cards: list[str] | None  # face up once the game is over (or to an omniscient observer)
    peeked: bool
    out: bool


class Top(TypedDict):
    card: str
    blocked: bool


class Discard(TypedDict):
    count: int
    top: Top | None


class Marker(TypedDict):
    found: bool
    by: int | None


class TieWindow(TypedDict):
    first: int
    tied: list[int]


class Hand(TypedDict):
    """The card the turn player holds (its value: theirs, or the discard's)."""

    seat: int
    source: str | None
    card: str | None


class Pending(TypedDict):
    seat: int
    card: str
    target: str


class Whirl(TypedDict):
    by: int | None
    towards: str
    given: list[int]
    waiting: list[int]
    mine: int | None


class Slot(TypedDict):
    seat: int
    pos: int
    card: str


class Reveal(TypedDict):
    """The viewer's own private reveal of this moment (a peek, a spy's look)."""

    kind: str
    cards: list[Slot]


class CartaView(TypedDict):
    """``view(state, seat)``: what ``seat`` (None: the whole table) knows now."""

    game: str
    players: int
    seat: int | None
    phase: str
    first: int
    turn: int | None
    step: str | None
    direction: int
    extra_turn: bool
    extra_turns: int
    tendidos: list[Tendido]
    discard: Discard
    deck: int
    marker: Marker
    declarer: int | None
    out: list[int | None]
    cutters: list[int]
    tie_window: TieWindow | None
    hand: Hand | None
    pending: Pending | None
    whirl: Whirl | None
    reveal: Reveal | None
    looking: list[int]
    shown: Slot | None
    prompt: dict[str, Any]
    result: dict[str, Any] | None
    events: list[Event]


def typed(view: Mapping[str, Any]) -> CartaView:
    """A view of this game (``view``, ``open_view``) as mypy should read it."""
    return cast(CartaView, view)

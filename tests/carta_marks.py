"""A Carta robada table that shows every mark at once, for the checks that each
colour comes with its own sign (tests/test_web_not_by_colour.py) and for the
pictures through simulated colour blindness (e2e/test_colour_filters.py).

Five seats, a stacked deck, Ana (seat 0) first. Ana discards a 5; Ben uses a
Manipulación on Ana (all four of her cards), Cleo a Disrupción on Ana's first card
and Ben's, Dan an Espía on Ben's second and third, Eva a Remolino to the left
(everyone's fourth card moves on, marked); Dan then cuts the Remolino with a
Disrupción, which lies blocked on the discard. Ana is to draw: nobody who holds a
mark has drawn since it was made, so none of them is cleared."""

from __future__ import annotations

from typing import Any

import engine

GAME = engine.GAMES["carta_robada"]
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva")
_DEALT = [
    ["1", "2", "3", "4"],
    ["5", "6", "7", "8"],
    ["9", "10", "1", "2"],
    ["disrupcion", "4", "5", "6"],
    ["7", "8", "9", "10"],
]
_PILE = ["5", "manipulacion", "disrupcion", "espia", "remolino", "7", "8", "9", "10", "1"]
#: (seat, action) from the deal on.
_PLAY = [
    *((s, "peek:0,1") for s in range(5)),
    (0, "draw"),
    (0, "discard"),
    (1, "draw"),
    (1, "discard"),
    (1, "use:0"),
    (2, "draw"),
    (2, "discard"),
    (2, "use:0.0,1.0"),
    (3, "draw"),
    (3, "discard"),
    (3, "use:1.1,1.2"),
    (4, "draw"),
    (4, "discard"),
    (4, "use:next"),
    *((s, "give:3") for s in range(5)),
    (3, "cut:0"),
]


def every_mark() -> Any:
    """The state: Ana to draw, the four marks on the table, the discard blocked."""
    deck = [card for hand in _DEALT for card in hand] + _PILE
    state = GAME.new(len(NAMES), 5, {"deck": deck, "first": 0})
    for seat, action in _PLAY:
        state = GAME.apply(state, seat, action)
    view = GAME.view(state, None)
    marks = {m for t in view["tendidos"] for m in t["marks"] if m}
    assert marks == {"disrupcion", "remolino", "manipulacion", "espia"}, marks
    assert view["discard"]["top"]["blocked"] and view["turn"] == 0 and view["step"] == "draw"
    return state

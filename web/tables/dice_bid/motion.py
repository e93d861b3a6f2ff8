"""The dice game: what the last action looks and sounds like (see
:mod:`web.ui.kit.motion`): the dice tumble, a seat's secret pick shows as its ✓
popping up (never the card), and at the bid reveal every card turns together."""

from __future__ import annotations

from typing import Any

from web.ui.kit.motion import Effect, effect, noise, turn

DICE = ".dice-pair .die"
REVEALED = ".rev-card .card"


def derive(events: list[dict[str, Any]]) -> list[Effect]:
    out: list[Effect] = []
    for e in events:
        kind = e["type"]
        if kind in ("roll", "reroll"):
            out.append(effect("roll", DICE, sound="dice"))
        elif kind == "pick":
            out.append(effect("lift", f'.seat-row[data-seat="{e["seat"]}"] .tag', sound="slide"))
        elif kind == "reveal":
            out.append(turn(REVEALED))
        elif kind == "game_over":
            out.append(noise("win"))
    return out

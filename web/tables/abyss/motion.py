"""Abyss: what the last action looks and sounds like (see :mod:`web.ui.kit.motion`).

Every card that moves in Abyss is face up, so every move is shown to all: a draw
(deck to hand), a take (discard to hand), a placement (hand to grid, the card it
replaces to the discard), a discard, a flip (a 3D turn) and a swallowed column
(its three cards slide to the discard together)."""

from __future__ import annotations

from typing import Any

from web.ui.kit.motion import Effect, key, noise, slide, turn

DECK, DISCARD, HAND = "#deck", "#discard-top", key("hand")


def cell(seat: int, pos: int) -> str:
    """The selector of a grid space (the large grid or a compact one: ``data-key``)."""
    return key(f"g{seat}-{pos}")


def derive(events: list[dict[str, Any]]) -> list[Effect]:
    out: list[Effect] = []
    for e in events:
        kind = e["type"]
        if kind == "draw":
            out.append(slide(DECK, HAND))
        elif kind == "take":
            out.append(slide(DISCARD, HAND))
        elif kind == "place":
            out.append(slide(HAND, cell(e["seat"], e["pos"])))
            out.append(slide(cell(e["seat"], e["pos"]), DISCARD, delay=90, sound=""))
        elif kind == "discard":
            out.append(slide(HAND, DISCARD))
        elif kind == "flip":
            out.append(turn(cell(e["seat"], e["pos"])))
        elif kind == "swallow":
            out.extend(
                slide(cell(e["seat"], p), DISCARD, delay=300 + 80 * i, sound="" if i else "slide")
                for i, p in enumerate(e["positions"])
            )
        elif kind in ("deal", "round_end"):
            # The table is drawn anew (the results, a new round): the cards that
            # moved before are not where they went; only the sounds are kept.
            out = [e for e in out if not e["kind"]]
            out.append(noise("shuffle" if kind == "deal" else "round"))
        elif kind == "reshuffle":
            out.append(noise("shuffle"))
        elif kind == "game_end":
            out.append(noise("win"))
    return out

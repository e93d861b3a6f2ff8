"""Carta robada: what the last action looks, sounds and feels like (see
:mod:`web.ui.kit.motion`), from the public events only: a card drawn from the deck
travels face down (its value is its drawer's), a peek or an Espía lifts the cards
without turning them, a failed cut turns its card for all and the penalty card
flies in from the deck."""

from __future__ import annotations

from typing import Any

from web.ui.kit.motion import Effect, lift, noise, slide, turn

DECK, DISCARD, HAND = "#deck", "#discard-top", "#hand-card"


def cell(seat: int, pos: int) -> str:
    """The selector of a tendido card (its id, drawn by ``zones.card_cell``)."""
    return f"#c-{seat}-{pos}"


def derive(events: list[dict[str, Any]]) -> list[Effect]:
    out: list[Effect] = []
    for e in events:
        kind = e["type"]
        seat = e.get("seat", -1)
        if kind == "draw":
            out.append(slide(DECK, HAND))
        elif kind == "take":
            out.append(slide(DISCARD, HAND))
        elif kind == "swap":
            out.append(slide(HAND, cell(seat, e["pos"])))
            out.append(slide(cell(seat, e["pos"]), DISCARD, delay=90, sound=""))
        elif kind in ("discard", "skip"):
            out.append(slide(HAND, DISCARD))
        elif kind == "peek":
            out.extend(lift(cell(seat, p), delay=120 * i) for i, p in enumerate(e["positions"]))
        elif kind == "order":
            a, b = e["positions"]
            out += [slide(cell(seat, a), cell(seat, b)), slide(cell(seat, b), cell(seat, a), 0, "")]
        elif kind == "use" and e["card"] == "disrupcion":
            (a, i), (b, j) = e["cards"]
            out += [slide(cell(a, i), cell(b, j)), slide(cell(b, j), cell(a, i), 0, "")]
        elif kind == "use" and e["card"] == "espia":
            out.extend(lift(cell(p, i), delay=120 * n) for n, (p, i) in enumerate(e["cards"]))
        elif kind == "whirl":
            n = len(e["positions"])  # each seat's card went to the next (or previous) seat
            step = 1 if e.get("towards") == "next" else -1
            out.extend(
                slide(cell((p - step) % n, e["positions"][(p - step) % n]), cell(p, pos), 0, "")
                for p, pos in enumerate(e["positions"])
            )
            out.append(noise("shuffle"))
        elif kind == "cut":
            if e["ok"]:
                out.append(slide(cell(seat, e["pos"]), DISCARD, sound="cut-ok"))
                out[-1]["buzz"] = "ok"
            else:
                out.append(turn(cell(seat, e["pos"]), sound="cut-fail"))
                out[-1]["buzz"] = "fail"
        elif kind == "penalty":
            out.append(slide(DECK, cell(seat, e["pos"]), delay=250))
        elif kind == "remove":
            out.append(slide(cell(seat, e["pos"]), DISCARD))
        elif kind == "declare":
            out.append(noise("snap", "snap"))
        elif kind in ("deal", "reshuffle"):
            out.append(noise("shuffle"))
        elif kind == "end":
            out.append(noise("win"))
    return out

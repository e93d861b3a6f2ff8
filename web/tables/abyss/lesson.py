"""Abyss's lesson: one round against Ana on a stacked deck.

The learner's first two cards (9 and 7) beat Ana's (3 and 2), so the learner
starts. The discard's 4 is taken and must be placed (over the 9); the first
card drawn, another 4, goes under it; the second, an 11, is thrown away, and
the card flipped after it is the third 4 of that column, which is swallowed.
The learner looks through the discard history, then flips a card a turn (a
turn of its own) until none is hidden: that closes the round. Ana plays her
last turn; the learner's 51 is doubled to 102, which ends the game.

Every cue is read from the game's state and events, so a learner who draws
where the coach said take, or flips another card, is told where the game is
now: the lesson re-offers a rule it has not shown yet on a later turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.abyss.cards import COMPOSITION
from engine.abyss.view import AbyssView, typed
from web.core import actions
from web.core.model import Table
from web.ui.kit.coach import Cue, Lesson, acked

LEARNER, ANA = 0, 1
#: The learner's twelve cards (positions 0 to 11, row-major: column 0 is 0, 4, 8).
MINE = (9, 7, 8, 6, 10, 5, 9, 3, 4, 6, 2, 5)
#: Ana's: low, so the learner's early close is doubled.
HERS = (3, 2, 0, 1, -1, 0, 2, 1, 3, 0, 1, -1)
#: The discard's first card, then the draw pile's first two.
OPENING, FIRST_DRAW, SECOND_DRAW = 4, 4, 11
#: The column the lesson fills with 4s, and where each goes.
COLUMN = (0, 4, 8)
#: The learner's round-start flips, and the order of the later flips.
START = (0, 1)
LATER = (2, 3, 5, 6, 7, 9, 10, 11)
#: Ana flips her own cards while more than this many are hidden; then she
#: swaps the discard's top for her highest card (so she never closes first).
ANA_KEEPS_HIDDEN = 4


def deck() -> list[int]:
    """The 150 cards in the order dealt: the learner's, Ana's, the discard's
    first card, the two draws the lesson plans, then the rest, low cards first."""
    head = [*MINE, *HERS, OPENING, FIRST_DRAW, SECOND_DRAW]
    left = dict(COMPOSITION)
    for v in head:
        left[v] -= 1
    return head + [v for v in sorted(left) for _ in range(left[v])]


def _view(table: Table) -> AbyssView:
    return typed(table.game.view(table.state, LEARNER))


def _mine(view: AbyssView, kind: str) -> list[Mapping[str, Any]]:
    return [e for e in view["events"] if e["type"] == kind and e.get("seat") == LEARNER]


def _hidden(view: AbyssView, seat: int) -> list[int]:
    return [c["pos"] for c in view["grids"][seat]["cells"] if c["state"] == "hidden"]


def _up(view: AbyssView, seat: int) -> dict[int, int]:
    cells = view["grids"][seat]["cells"]
    return {c["pos"]: c["value"] for c in cells if c["state"] == "up" and c["value"] is not None}


def _next_hidden(view: AbyssView, order: Sequence[int]) -> int:
    hidden = _hidden(view, LEARNER)
    return next((p for p in order if p in hidden), hidden[0] if hidden else 0)


def _column_free(view: AbyssView) -> int | None:
    """The space of the lesson's column still hidden, if the column still can be filled."""
    grid = view["grids"][LEARNER]
    if grid["swallowed_columns"]:
        return None
    hidden = _hidden(view, LEARNER)
    return next((p for p in COLUMN if p in hidden), None)


def _since_last_move(view: AbyssView, kind: str) -> Mapping[str, Any] | None:
    """The event ``kind`` if it came with the last move (nothing was played since)."""
    moves = ("flip", "take", "draw", "place", "discard")
    for e in reversed(view["events"]):
        if e["type"] == kind:
            return e
        if e["type"] in moves:
            return None
    return None


def cue(table: Table) -> Cue:
    view = _view(table)
    names = table.names
    grid = view["grids"][LEARNER]
    top = view["discard"]["top"]
    pending = view["pending"]
    prompt = view["prompts"][LEARNER]
    if view["last_round"] is not None:
        return _round_end(view, names)
    if view["phase"] == "flips":
        if grid["flips_left"]:
            pos = _next_hidden(view, START)
            key = "abyss.lesson.flip_two" if grid["flips_left"] == 2 else "abyss.lesson.flip_second"
            return Cue(key, mark=(f"flip:{pos}", None), rule="flips-any-order")
        return Cue("abyss.lesson.wait_flips", {"name": names[ANA]})
    starter = view["starter"]
    if starter is not None and not _any_turn(view) and not acked(table):
        s = starter["seat"]
        values = {"name": names[s], "sum": starter["sums"][s], "other": starter["sums"][1 - s]}
        key = "abyss.lesson.you_start" if s == LEARNER else "abyss.lesson.bot_starts"
        return Cue(key, values, rule="starter", ack=True)
    swallow = _since_last_move(view, "swallow")
    if swallow is not None and not acked(table):
        key = (
            "abyss.lesson.swallowed" if swallow["seat"] == LEARNER else "abyss.lesson.swallowed_bot"
        )
        values = {"card": swallow["value"], "name": names[swallow["seat"]]}
        return Cue(key, values, rule="swallow-when", ack=True)
    close = _since_last_move(view, "close")
    if close is not None and not acked(table):
        return Cue("abyss.lesson.closed", {"name": names[ANA]}, rule="closing", ack=True)
    if view["turn"] != LEARNER:
        return Cue("abyss.lesson.wait_turn", {"name": names[ANA]})
    if table.ui.get("sheet") == "history":
        table.kept["coach_history"] = True  # looked at: the coach moves on after it
        return Cue("abyss.lesson.history_seen", mark=(actions.SHEET, ""), rule="history")
    if prompt == "place_taken":
        assert pending is not None
        card = pending["value"]
        swap = _best_swap(view, card)
        if swap is None:  # higher than every face-up card: it covers a hidden one
            spot = _next_hidden(view, LATER)
            return Cue("abyss.lesson.place_hidden", {"card": card}, (f"place:{spot}", None), "take")
        values = {"card": card, "old": _up(view, LEARNER)[swap]}
        return Cue("abyss.lesson.place_taken", values, (f"place:{swap}", None), "place-face-up")
    if prompt == "place_or_discard":
        assert pending is not None
        card = pending["value"]
        free = _column_free(view)
        column_up = [_up(view, LEARNER).get(p) for p in COLUMN]
        if card == OPENING and free is not None and OPENING in column_up:
            return Cue("abyss.lesson.place_drawn", {"card": card}, (f"place:{free}", None), "draw")
        if card >= 8:
            return Cue("abyss.lesson.discard_drawn", {"card": card}, ("discard", None), "draw")
        swap = _best_swap(view, card)
        if swap is None:
            return Cue("abyss.lesson.discard_drawn", {"card": card}, ("discard", None), "draw")
        return Cue("abyss.lesson.place_low", {"card": card}, (f"place:{swap}", None), "draw")
    if prompt == "flip_after_discard":
        free = _column_free(view)
        pos = free if free is not None else _next_hidden(view, LATER)
        key = "abyss.lesson.flip_column" if free is not None else "abyss.lesson.flip_after"
        return Cue(key, mark=(f"flip:{pos}", None), rule="draw")
    # the learner's turn to choose: each rule once, in the lesson's order
    if not _mine(view, "take") and top is not None and _best_swap(view, top) is not None:
        return Cue("abyss.lesson.take", {"card": top}, ("take", None), "take")
    if len(_mine(view, "draw")) < 2 and _column_free(view) is not None:
        key = "abyss.lesson.draw" if not _mine(view, "draw") else "abyss.lesson.draw_again"
        return Cue(key, mark=("draw", None), rule="draw")
    if not table.kept.get("coach_history"):
        return Cue("abyss.lesson.history", mark=(actions.SHEET, "history"), rule="history")
    pos = _next_hidden(view, LATER)
    if len(_hidden(view, LEARNER)) == 1:
        return Cue("abyss.lesson.flip_last", mark=(f"flip:{pos}", None), rule="closing")
    n = len(_hidden(view, LEARNER))
    return Cue("abyss.lesson.flip", {"n": n}, (f"flip:{pos}", None), "flip")


def _any_turn(view: AbyssView) -> bool:
    return any(
        e["type"] in ("take", "draw") or (e["type"] == "flip" and not e["start"])
        for e in view["events"]
    )


def _best_swap(view: AbyssView, card: int) -> int | None:
    """The face-up card a drawn ``card`` is best put on (the highest, if higher)."""
    up = _up(view, LEARNER)
    if not up:
        return None
    spot, value = max(up.items(), key=lambda kv: kv[1])
    return spot if value > card else None


def _round_end(view: AbyssView, names: list[str]) -> Cue:
    line = view["last_round"]
    assert line is not None
    closer = line["closer"] if line["closer"] is not None else LEARNER
    values = {"name": names[closer], "raw": line["raw"][closer], "score": line["scores"][closer]}
    key = "abyss.lesson.doubled" if line["doubled"] else "abyss.lesson.not_doubled"
    key += "" if closer == LEARNER else "_bot"
    return Cue(key, values, rule="doubling", also=("game-end-100",), ack=True)


def move(table: Table, seat: int, legal: Sequence[str]) -> str:
    """Ana: her round-start flips and her first turns flip her cards left to
    right; once few are hidden she takes the discard's top and puts it on her
    highest card (never on a hidden one, so she never closes first)."""
    view = typed(table.game.view(table.state, seat))
    hidden = _hidden(view, seat)
    if view["pending"] is not None:
        up = _up(view, seat)
        if up:
            spot = max(up.items(), key=lambda kv: kv[1])[0]
            return f"place:{spot}"
        return legal[0]
    if view["phase"] == "flips" or len(hidden) > ANA_KEEPS_HIDDEN or "take" not in legal:
        return f"flip:{hidden[0]}" if hidden else legal[0]
    return "take"


def waits(table: Table) -> bool:
    """Ana flips her two cards after the learner's."""
    view = _view(table)
    return view["phase"] == "flips" and view["grids"][LEARNER]["flips_left"] > 0


def over(table: Table) -> bool:
    """Once the round's score is read (the lesson is one round)."""
    return _view(table)["last_round"] is not None and acked(table)


def shown(events: Iterable[Mapping[str, Any]]) -> set[str]:
    """The rules the game's own events show were played."""
    out = set()
    seen = list(events)
    for i, ev in enumerate(seen):
        kind = ev.get("type")
        before = seen[i - 1] if i else {}
        if kind == "starter" and ev.get("reason") == "sum":
            out.add("starter")
        if kind == "flip" and ev.get("start"):
            out.add("flips-any-order")
        if kind == "take":
            out.add("history")  # a card taken back stays in the discard's history
        if kind == "place":
            out.add("take" if ev.get("source") == "discard" else "draw")
            if not ev.get("was_hidden"):
                out.add("place-face-up")
        if kind == "flip" and not ev.get("start"):
            out.add("draw" if before.get("type") == "discard" else "flip")
        if kind == "swallow" and before.get("type") == "flip":
            out.add("swallow-when")
        if kind == "close":
            out.add("closing")
        if kind == "round_end" and ev.get("doubled"):
            out.add("doubling")
        if kind == "game_end" and max(ev.get("totals") or [0]) >= 100:
            out.add("game-end-100")
    return out


LESSON = Lesson(
    bots=("Ana",),
    options={"deck": deck()},
    seed=7,
    cue=cue,
    move=move,
    waits=waits,
    over=over,
    summary=(
        "abyss.lesson.sum.start",
        "abyss.lesson.sum.turn",
        "abyss.lesson.sum.column",
        "abyss.lesson.sum.history",
        "abyss.lesson.sum.close",
        "abyss.lesson.sum.end",
    ),
    rules=(
        "flips-any-order",
        "starter",
        "take",
        "place-face-up",
        "draw",
        "flip",
        "swallow-when",
        "history",
        "closing",
        "doubling",
        "game-end-100",
    ),
    shown=shown,
)

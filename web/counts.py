"""Per-seat counts of a finished game, for Statistics: taken once from the game's
public events (``state.events(None)``) when it goes to History, and kept in the
entry as ``"counts"`` (key -> one number per seat; only keys that happened).
Entries older than this have none: Statistics counts what it has.

The event kinds read here are the engines' public events (docs/engine.md): a
game without them simply gives no counts.
"""

from __future__ import annotations

from typing import Any

#: The counts, in the order Statistics shows them, with their labels' keys.
LABELS = {
    "rounds_won": "stats.count.rounds_won",
    "closes": "stats.count.closes",
    "doubled": "stats.count.doubled",
    "cuts_ok": "stats.count.cuts_ok",
    "cuts_failed": "stats.count.cuts_failed",
    "snap_won": "stats.count.snap_won",
    "prizes": "stats.count.prizes",
}
KEYS = tuple(LABELS)


def counts(events: list[dict[str, Any]], seats: int, winners: list[int]) -> dict[str, list[int]]:
    """Each key's number per seat: rounds won (the round's lowest score, ties
    included: Abyss), closes and doubled closes (Abyss), cuts that matched and
    failed, SNAP! declared by a winner (Carta robada), prizes taken (dice)."""
    out = {key: [0] * seats for key in KEYS}

    def add(key: str, seat: object) -> None:
        if isinstance(seat, int) and 0 <= seat < seats:
            out[key][seat] += 1

    for ev in events:
        kind = ev.get("type")
        if kind == "close":
            add("closes", ev.get("seat"))
        elif kind == "round_end":
            scores = ev.get("scores")
            if isinstance(scores, list) and scores and all(isinstance(s, int) for s in scores):
                for seat, score in enumerate(scores):
                    if score == min(scores):
                        add("rounds_won", seat)
            if ev.get("doubled") is True:
                add("doubled", ev.get("closer"))
        elif kind == "cut":
            add("cuts_ok" if ev.get("ok") is True else "cuts_failed", ev.get("seat"))
        elif kind == "declare" and ev.get("seat") in winners:
            add("snap_won", ev.get("seat"))
        elif kind == "reveal" and "winner" in ev:
            add("prizes", ev.get("winner"))
    return {key: values for key, values in out.items() if any(values)}


def valid(raw: object, seats: int) -> dict[str, list[int]]:
    """An entry's ``"counts"`` as read back: known keys, one int per seat."""
    if not isinstance(raw, dict):
        return {}
    return {
        key: values
        for key, values in raw.items()
        if key in KEYS
        and isinstance(values, list)
        and len(values) == seats
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 100_000 for v in values)
    }

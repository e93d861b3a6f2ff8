"""Per-seat counts of a finished game, for Statistics: taken once from the game's
public events (``state.events(None)``) when it goes to History, and kept in the
entry as ``"counts"`` (key -> one number per seat; only keys that happened).
Entries older than this have none: Statistics counts what it has.

Which counts a game has is its own business: each game's entry
(:class:`web.ui.entry.GameEntry`) lists its :class:`Count` s, and this module only
adds them up and checks what is read back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

#: A public event and the game's winners -> the seats that event counts for once.
Seats = Callable[[dict[str, Any], Sequence[int]], Iterable[object]]


@dataclass(frozen=True)
class Count:
    """One figure Statistics shows per player for a game ("closes", "prizes")."""

    #: Its name in a History entry's ``"counts"`` (kept on the device: never renamed).
    key: str
    #: The catalog key of its column's label.
    label: str
    #: Which seats one public event adds one to (none for most events).
    seats: Seats


def counts(
    events: list[dict[str, Any]], seats: int, winners: Sequence[int], kinds: Sequence[Count]
) -> dict[str, list[int]]:
    """Each of ``kinds`` per seat, over a finished game's public events; only the
    counts that happened (a game where nobody closed keeps no "closes")."""
    out = {kind.key: [0] * seats for kind in kinds}
    for ev in events:
        for kind in kinds:
            for seat in kind.seats(ev, winners):
                if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < seats:
                    out[kind.key][seat] += 1
    return {key: values for key, values in out.items() if any(values)}


def valid(raw: object, seats: int, kinds: Sequence[Count]) -> dict[str, list[int]]:
    """An entry's ``"counts"`` as read back: the game's keys, one int per seat."""
    if not isinstance(raw, dict):
        return {}
    keys = {kind.key for kind in kinds}
    return {
        key: values
        for key, values in raw.items()
        if key in keys
        and isinstance(values, list)
        and len(values) == seats
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 100_000 for v in values)
    }

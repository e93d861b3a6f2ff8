"""Carta robada's cut race in time: the tie window and the bots' reaction times.

The rules have no clock (the order of ``apply`` calls is the order things
happened); a table does. These figures are the one place both timing tables
read: the app's (``web/tables/carta_robada/pacing.py``, on the page's clock) and
the arena's (``engine/arena.py``, which orders simultaneous answers by them), so
the ladder measures the cut races the app plays.
"""

from __future__ import annotations

__all__ = ["OTHER_REACTION_MS", "REACTION_MS", "TIE_MS", "reaction_ms"]

#: Attempts to cut within this many ms of a judged cut are cancelled, unpenalised
#: (recorded as ``tied:i``).
TIE_MS = 300

#: A bot's reaction time to a cut opportunity, by level: (fastest, slowest) in ms,
#: any time between equally likely. A person needs time to see a card arrive: the
#: weaker levels leave more of it.
REACTION_MS: dict[str, tuple[int, int]] = {
    "random": (1600, 3000),
    "easy": (1300, 2400),
    "medium": (950, 1700),
    "hard": (650, 1150),
    "expert": (650, 1150),  # it searches its turns, not its cuts: as quick as hard
}

#: The reaction time of a bot of no level listed (one from outside the levels).
OTHER_REACTION_MS = (1200, 2200)


def reaction_ms(level: str) -> tuple[int, int]:
    """(fastest, slowest) reaction time of a bot of ``level``, in ms."""
    return REACTION_MS.get(level, OTHER_REACTION_MS)

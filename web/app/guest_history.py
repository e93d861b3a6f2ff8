"""A finished game's copy on a guest's phone: its result, for History and Statistics.

Once the game on the host is over, every screen the host sends a guest carries
the game's end as the whole table sees it (:func:`final`): the names, the scores,
the winners and the per-seat counts Statistics adds up (from the public events
only). Never the record itself: it holds the seed, which deals every card, and
the engine replays a game from its seed only. The guest keeps it in its History
once (:func:`keep`), without a replay.
"""

from __future__ import annotations

from typing import Any

from web.app.controller import App
from web.core import clock, roster
from web.core.counts import counts
from web.core.link import Joined
from web.core.model import Table


def final(app: App, table: Table) -> dict[str, Any] | None:
    """The finished game as every seat may know it, or None while it goes on."""
    result = table.game.result(table.state)
    if result is None or table.lesson:
        return None
    winners = list(result["winners"])
    return {
        "key": f"{table.game_id}:{table.started}",
        "game": table.game_id,
        "names": list(table.names),
        "people": [s.kind != "bot" for s in table.seats],
        "scores": list(result["scores"]),
        "winners": winners,
        "counts": counts(
            table.state.events(None), len(table.seats), winners, app.entries[table.game_id].counts
        ),
    }


def keep(app: App, joined: Joined, sent: Any) -> None:
    """A finished game the host sent this guest goes to its History, once; the
    player of this phone's seat becomes one of its players (Statistics counts them)."""
    if not isinstance(sent, dict) or not isinstance(sent.get("key"), str):
        return
    if sent["key"] in joined.kept or sent.get("game") not in app.entries:
        return
    joined.kept.add(sent["key"])
    names = [str(n) for n in sent.get("names") or []]
    people = [bool(p) for p in sent.get("people") or []]
    if isinstance(joined.seat, int) and 0 <= joined.seat < len(names):
        roster.remember(app.storage, [names[joined.seat]])  # this phone's own player
    entry = {
        "game": sent["game"],
        "date": clock.utc_stamp(),
        "names": names,
        "scores": list(sent.get("scores") or []),
        "winners": list(sent.get("winners") or []),
        "players": roster.seat_ids(app.storage, names, people),
        "counts": sent.get("counts") or {},
        "from_host": True,
    }
    app.saving._add_history(entry)

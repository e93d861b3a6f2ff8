"""The new-game form's contents: the last table each title was played with
(count, names, who is a bot and at which level, house rules), kept on the device
under ``store.SETUP_KEY`` as ``{game_id: {"count", "seats", "options"}}``.

Names are people: a bot seat never takes a remembered name. A seat switched to
a bot keeps its person's name aside (``"kept"``) and gets it back when switched
to a person again, so the bot never plays as that person and nothing typed is lost.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from engine import Game
from engine.bot import LEVELS
from web.core import store

#: A bot seat's level when the form makes one without a level remembered.
DEFAULT_LEVEL = "medium"


def form(
    storage: store.Storage,
    game: Game,
    levels: Collection[str],
    ranges: Mapping[str, tuple[int, int, int]],
) -> dict[str, Any]:
    """The form for ``game`` (whose bots offer ``levels``): its last table if one
    was kept (what no longer fits the game, such as a level the engine dropped,
    falls back to the default), else two seats named after the last people who
    played."""
    game_id = game.id
    kept = store.read_json(storage, store.SETUP_KEY)
    last = kept.get(game_id) if isinstance(kept, dict) else None
    if isinstance(last, int):  # what was once kept: the count alone
        last = {"count": last}
    if not isinstance(last, dict):
        last = {}
    count = last.get("count")
    if not isinstance(count, int) or not game.min_players <= count <= game.max_players:
        count = min(max(2, game.min_players), game.max_players)
    people = iter(n for n in store.load_names(storage) if n)
    raw_seats = last.get("seats")
    raw_seats = raw_seats if isinstance(raw_seats, list) else []
    seats = []
    for i in range(game.max_players):
        raw = raw_seats[i] if i < len(raw_seats) and isinstance(raw_seats[i], dict) else None
        level = raw.get("level") if raw is not None else None
        if (
            raw is not None
            and raw.get("kind") == "bot"
            and isinstance(level, str)
            and level in levels
        ):
            seat = {"name": store.clean_name(raw.get("name")), "kind": "bot", "level": raw["level"]}
        elif raw is not None:
            seat = {"name": store.clean_name(raw.get("name")), "kind": "human", "level": None}
        else:
            seat = {"name": next(people, ""), "kind": "human", "level": None}
        seats.append(seat)
    options = _options(game, last, ranges)
    return {"game": game_id, "count": count, "seats": seats, "options": options}


def _options(
    game: Game, last: dict[str, Any], ranges: Mapping[str, tuple[int, int, int]]
) -> dict[str, Any]:
    """The game's options, each kept value that still has the default's type and
    range in place of the default."""
    options = dict(game.default_options)
    raw = last.get("options")
    if not isinstance(raw, dict):
        return options
    for name, default in game.default_options.items():
        value = raw.get(name)
        if type(value) is not type(default):
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            lo, hi, _ = ranges.get(name, (0, 10_000, 1))
            if not lo <= value <= hi:
                continue
        options[name] = value
    return options


def switch_kind(levels: Collection[str], seat: dict[str, Any], phones: bool = False) -> None:
    """A person's seat becomes a bot at :data:`DEFAULT_LEVEL` (or the level
    nearest below it the engine offers), its name kept aside; a bot's seat
    becomes a person again, with that name back. No levels: stays a person.
    With ``phones`` (a table on several phones), a person's seat becomes a
    person on another phone first (same name), then a bot."""
    if seat["kind"] == "bot":
        seat["name"] = seat.pop("kept", "") or seat["name"]
        seat["kind"], seat["level"] = "human", None
    elif phones and seat["kind"] == "human":
        seat["kind"] = "phone"
    elif not levels:
        seat["kind"] = "human"
    else:
        seat["kept"], seat["name"] = seat["name"], ""
        seat["kind"], seat["level"] = "bot", default_level(list(levels))


def default_level(levels: list[str]) -> str:
    """The level a new bot seat takes: the default if the engine offers it,
    else the strongest below it in :data:`engine.bot.LEVELS`, else the weakest."""
    known = list(LEVELS)
    below = [lv for lv in levels if lv in known and known.index(lv) <= known.index(DEFAULT_LEVEL)]
    return below[-1] if below else levels[0]


def set_level(levels: Collection[str], seat: dict[str, Any], level: str) -> None:
    """A bot seat's level, if it is one of ``levels`` (those the game offers)."""
    if seat["kind"] == "bot" and level in levels:
        seat["level"] = level


def remember(storage: store.Storage, setup: dict[str, Any]) -> None:
    """Keep the table about to be played as its title's next form, and the
    people's names (not the bots') for titles without a table of their own."""
    seats = setup["seats"]
    people = [s["name"] for s in seats[: setup["count"]] if s["kind"] == "human"]
    store.save_names(storage, [store.clean_name(n) for n in people])
    kept = store.read_json(storage, store.SETUP_KEY)
    kept = kept if isinstance(kept, dict) else {}
    kept[setup["game"]] = {
        "count": setup["count"],
        "seats": [
            {"name": store.clean_name(s["name"]), "kind": s["kind"], "level": s["level"]}
            for s in seats
        ],
        "options": dict(setup["options"]),
    }
    store.write_json(storage, store.SETUP_KEY, kept)

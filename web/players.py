"""Players remembered on this device (nothing leaves it): each has a stable id, a
name (cleaned as a seat name: :func:`web.store.clean_name`), the names it had
before (so old History entries, which link seats by name, still find it after a
rename or a merge) and an optional emoji avatar.

Stored under ``tapete.players`` as a list of ``{"id", "name", "was", "emoji"}``;
every reader validates what it reads back and drops what it cannot use. History
entries made since carry ``"players"``: one id (or None for a bot) per seat.
"""

from __future__ import annotations

import json
import re
from typing import Any

import engine
from engine.core import parse_json
from web import store

PLAYERS_KEY = store.PREFIX + "players"
#: Players kept on the device (the oldest unused go first beyond it).
MAX_PLAYERS = 60
#: Former names kept per player (for History entries older than player ids).
MAX_WAS = 12
#: Avatars offered on the Players screen (one tap each; none is the default).
AVATARS = ("🦊", "🐻", "🐼", "🐸", "🦉", "🐙", "🌻", "⭐", "🍀", "🎲")

Player = dict[str, Any]


def load(storage: store.Storage) -> list[Player]:
    """The players kept, validated: ids unique, names cleaned, unique and not empty."""
    raw = store.read_json(storage, PLAYERS_KEY)
    out: list[Player] = []
    ids: set[str] = set()
    names: set[str] = set()
    for item in raw if isinstance(raw, list) else []:
        if not isinstance(item, dict):
            continue
        pid, name = item.get("id"), store.clean_name(item.get("name"))
        if not isinstance(pid, str) or not pid or len(pid) > 20 or pid in ids or not name:
            continue
        if name.casefold() in names:
            continue
        was = item.get("was")
        was = [store.clean_name(w) for w in was] if isinstance(was, list) else []
        emoji = item.get("emoji")
        player = {"id": pid, "name": name, "was": [w for w in was if w][:MAX_WAS]}
        if emoji in AVATARS:
            player["emoji"] = emoji
        ids.add(pid)
        names.add(name.casefold())
        out.append(player)
    return out[:MAX_PLAYERS]


def save(storage: store.Storage, players: list[Player]) -> bool:
    return store.write_json(storage, PLAYERS_KEY, players[:MAX_PLAYERS])


def by_name(players: list[Player], name: str) -> Player | None:
    """The player called ``name`` now (case aside), else the one that was called so."""
    key = store.clean_name(name).casefold()
    if not key:
        return None
    for player in players:
        if player["name"].casefold() == key:
            return player
    for player in players:
        if any(w.casefold() == key for w in player["was"]):
            return player
    return None


def by_id(players: list[Player], pid: object) -> Player | None:
    return next((p for p in players if p["id"] == pid), None)


def _new_id(players: list[Player]) -> str:
    used = {p["id"] for p in players}
    n = len(players) + 1
    while f"p{n}" in used:
        n += 1
    return f"p{n}"


def remember(storage: store.Storage, names: list[str]) -> list[str]:
    """The ids of the players named ``names`` (a new player for a new name, first
    in the list: the most recent first), kept on the device."""
    players = load(storage)
    seated: list[Player] = []
    for name in names:
        clean = store.clean_name(name)
        player = by_name(players + seated, clean)
        if player is None:
            player = {"id": _new_id(players + seated), "name": clean, "was": []}
        if player in players:
            players.remove(player)
        if player not in seated:
            seated.append(player)
    save(storage, seated + players)
    return [p["id"] for p in seated]


def rename(storage: store.Storage, pid: str, name: str) -> str | None:
    """Rename a player; an error key when it cannot be (empty, or another's name)."""
    players = load(storage)
    player, clean = by_id(players, pid), store.clean_name(name)
    if player is None:
        return None
    if not clean:
        return "players.err_empty"
    other = by_name(players, clean)
    if other is not None and other is not player and other["name"].casefold() == clean.casefold():
        return "players.err_taken"
    if clean != player["name"]:
        player["was"] = [player["name"], *[w for w in player["was"] if w != clean]][:MAX_WAS]
        player["name"] = clean
        save(storage, players)
    return None


def set_emoji(storage: store.Storage, pid: str, emoji: str) -> None:
    players = load(storage)
    player = by_id(players, pid)
    if player is not None:
        if emoji in AVATARS and player.get("emoji") != emoji:
            player["emoji"] = emoji
        else:
            player.pop("emoji", None)
        save(storage, players)


def delete(storage: store.Storage, pid: str) -> None:
    """Forget a player (History keeps the games, under the names played)."""
    save(storage, [p for p in load(storage) if p["id"] != pid])


def merge(storage: store.Storage, source: str, target: str) -> bool:
    """``source`` becomes ``target``: its names join target's former names and its
    History seats are target's. False if either is unknown or they are one."""
    players = load(storage)
    src, dst = by_id(players, source), by_id(players, target)
    if src is None or dst is None or src is dst:
        return False
    dst["was"] = [src["name"], *src["was"], *dst["was"]][:MAX_WAS]
    history = store.load_history(storage)
    for entry in history:
        ids = entry.get("players")
        if isinstance(ids, list):
            entry["players"] = [target if i == source else i for i in ids]
    store.write_json(storage, store.HISTORY_KEY, history)
    save(storage, [p for p in players if p is not src])
    return True


def shared_games(storage: store.Storage, a: str, b: str) -> int:
    """How many History games had both players at the table (seats of either)."""
    known = load(storage)
    return sum(
        1
        for entry in store.load_history(storage)
        if {a, b} <= {p["id"] for p in seat_players(entry, known) if p is not None}
    )


def seat_ids(storage: store.Storage, names: list[str], humans: list[bool]) -> list[str | None]:
    """For a History entry: the id of the player at each seat (None for a bot, or
    a name no player has, like the default "Player 2"); a former name is the
    player's still (the form may offer a name from before a rename)."""
    players = load(storage)
    out: list[str | None] = []
    for name, human in zip(names, humans, strict=False):
        player = by_name(players, name) if human else None
        out.append(player["id"] if player is not None else None)
    return out


def seat_players(entry: dict[str, Any], players: list[Player]) -> list[Player | None]:
    """The player at each seat of a History entry: by its ids (entries since player
    ids), else by the name played (older entries); None for a seat nobody is."""
    names = entry.get("names")
    names = names if isinstance(names, list) else []
    ids = entry.get("players")
    out: list[Player | None] = []
    for i, name in enumerate(names):
        if isinstance(ids, list):
            pid = ids[i] if i < len(ids) else None
            out.append(by_id(players, pid) if isinstance(pid, str) else None)
        else:
            out.append(by_name(players, name) if isinstance(name, str) else None)
    return out


def label(player: Player) -> str:
    """A player's name with the avatar, if any (plain text: escape it to draw)."""
    return f"{player['emoji']} {player['name']}" if player.get("emoji") else player["name"]


# -- one file: the players and the history, to keep or to move to another phone --

FILE_FORMAT = "tapete-players"
#: The largest such file read (the history holds at most 50 records of ~110 kB).
MAX_FILE_CHARS = 8_000_000


def is_players_file(text: str) -> bool:
    """Whether a file chosen for import is one of :func:`export_file`'s (it starts
    with its format), not a game's record."""
    return re.match(r'\s*\{\s*"format"\s*:\s*"' + FILE_FORMAT + '"', text[:200]) is not None


def export_file(storage: store.Storage) -> tuple[str, str]:
    """(file name, JSON text): the players and the finished games of History (an
    unfinished game stays: its record shows every hidden card)."""
    history = [e for e in store.load_history(storage) if e.get("unfinished") is not True]
    data = {"format": FILE_FORMAT, "version": 1, "players": load(storage), "history": history}
    return "tapete-players.json", json.dumps(data, ensure_ascii=False)


def _check_entry(i: int, item: object) -> dict[str, Any]:
    """A History entry from a file, as it may be kept; ValueError naming what is wrong."""
    where = f"game {i + 1} in the history"
    if not isinstance(item, dict) or not store.is_entry(item):
        raise ValueError(f"{where} is not a finished game")
    names = [store.clean_name(n) for n in item["names"]]
    seats = len(names)
    if not 1 <= seats <= 8 or not all(names):
        raise ValueError(f"{where}: its players' names are not readable")
    if item.get("unfinished") is True or item["game"] not in engine.GAMES:
        raise ValueError(f"{where}: unknown game {str(item['game'])[:20]!r} or unfinished")
    if len(item["scores"]) != seats or not all(
        isinstance(s, int) and not isinstance(s, bool) for s in item["scores"]
    ):
        raise ValueError(f"{where}: the scores do not match its {seats} players")
    if not all(isinstance(w, int) and 0 <= w < seats for w in item["winners"]):
        raise ValueError(f"{where}: a winner is not one of its players")
    ids = item.get("players")
    if ids is not None and (
        not isinstance(ids, list)
        or len(ids) != seats
        or not all(p is None or isinstance(p, str) for p in ids)
    ):
        raise ValueError(f"{where}: its players' ids do not match its seats")
    if "record" in item and not isinstance(item["record"], dict):
        raise ValueError(f"{where}: its record is damaged")
    return {**item, "names": names}


def _same(entry: dict[str, Any]) -> str:
    """What makes two History entries one game: its game, date, names and scores."""
    return json.dumps([entry["game"], entry["date"], entry["names"], entry["scores"]])


def import_file(storage: store.Storage, text: str) -> tuple[int, int]:
    """Merge a file from :func:`export_file` into this device: players by name (a
    player known here by that name, or a former one, is the same; others are
    added), games not already in History (same game, date, names and scores) added.
    Returns (players added, games added). ValueError, saying what is wrong,
    when any part of the file is not as written: then nothing has changed."""
    if len(text) > MAX_FILE_CHARS:
        raise ValueError("the file is too large")
    try:
        data = parse_json(text, max_chars=MAX_FILE_CHARS)
    except Exception as exc:
        raise ValueError("the file is not JSON (damaged or cut short)") from exc
    if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
        raise ValueError("the file is not a Tapete players and history file")
    raw_players, raw_history = data.get("players"), data.get("history")
    if not isinstance(raw_players, list) or not isinstance(raw_history, list):
        raise ValueError("the file has no list of players or no history")
    for i, item in enumerate(raw_players):
        if (
            not isinstance(item, dict)
            or not isinstance(item.get("id"), str)
            or not store.clean_name(item.get("name"))
        ):
            raise ValueError(f"player {i + 1} has no id or no name")
    entries = [_check_entry(i, item) for i, item in enumerate(raw_history)]
    local = load(storage)
    before = len(local)
    id_map: dict[str, str] = {}
    for item in raw_players:
        name = store.clean_name(item["name"])
        player = by_name(local, name)
        if player is None:
            player = {"id": _new_id(local), "name": name, "was": []}
            if item.get("emoji") in AVATARS:
                player["emoji"] = item["emoji"]
            local.append(player)
        id_map[item["id"]] = player["id"]
    history = store.load_history(storage)
    seen = {_same(e) for e in history}
    added = []
    for entry in entries:
        key = _same(entry)
        if key in seen:
            continue
        seen.add(key)
        ids = entry.get("players")
        if isinstance(ids, list):
            entry["players"] = [id_map.get(p) if isinstance(p, str) else None for p in ids]
        added.append(entry)
    merged = sorted([*history, *added], key=lambda e: str(e["date"]), reverse=True)
    if not store.write_json(storage, store.HISTORY_KEY, merged[: store.HISTORY_LIMIT]):
        raise ValueError("this device has no room left for them")
    if not save(storage, local):
        store.write_json(storage, store.HISTORY_KEY, history)
        raise ValueError("this device has no room left for them")
    return len(local) - before, len(added)

"""Players remembered on this device (nothing leaves it): each has a stable id, a
name (cleaned as a seat name: :func:`web.store.clean_name`), the names it had
before (so old History entries, which link seats by name, still find it after a
rename or a merge) and an optional emoji avatar.

Stored under ``tapete.players`` as a list of ``{"id", "name", "was", "emoji"}``;
every reader validates what it reads back and drops what it cannot use. History
entries made since carry ``"players"``: one id (or None for a bot) per seat.
"""

from __future__ import annotations

from typing import Any

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


def seat_ids(storage: store.Storage, names: list[str], humans: list[bool]) -> list[str | None]:
    """For a History entry: the id of the player at each seat (None for a bot, or
    a name no player has, like the default "Player 2")."""
    players = load(storage)
    out: list[str | None] = []
    for name, human in zip(names, humans, strict=False):
        player = by_name(players, name) if human else None
        out.append(player["id"] if player is not None and player["name"] == name else None)
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

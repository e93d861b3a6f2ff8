"""Players remembered on this device (nothing leaves it): each has a stable id, a
name (cleaned as a seat name: :func:`web.core.store.clean_name`), the names it had
before (so old History entries, which link seats by name, still find it after a
rename or a merge) and an optional avatar: a white shape on a coloured disc,
drawn as inline SVG (:func:`avatar`), so that it shows on a phone without an
emoji font (the emoji avatars of before showed as empty boxes there).

Stored under ``tapete.players`` as a list of ``{"id", "name", "was", "avatar"}``
(before: ``"emoji"``, one of :data:`OLD_AVATARS`, still read); every reader
validates what it reads back and drops what it cannot use. History entries made
since carry ``"players"``: one id (or None for a bot) per seat.
"""

# ruff: noqa: E501  (SVG shapes read better unbroken)

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from web.core import store
from web.core.html import attrs, esc

PLAYERS_KEY = store.PREFIX + "players"
#: Players kept on the device (the oldest unused go first beyond it).
MAX_PLAYERS = 60
#: Former names kept per player (for History entries older than player ids).
MAX_WAS = 12
#: Avatars offered on the Players screen (one tap each; none is the default): id ->
#: (disc colour, the white shape's SVG, where ``{c}`` is the disc colour). Every
#: colour has a contrast of 4.5:1 or more with white (WCAG AA for text, more than
#: the 3:1 a graphic needs); a white edge sets the disc apart on the dark theme.
AVATARS: dict[str, tuple[str, str]] = {
    "triangle": ("#c2410c", '<path d="M12 5.6 18.6 17.2H5.4Z"/>'),
    "square": ("#795548", '<rect x="6.8" y="6.8" width="10.4" height="10.4" rx="1.6"/>'),
    "ring": (
        "#455a64",
        '<circle cx="12" cy="12" r="4.6" fill="none" stroke="#fff" stroke-width="2.6"/>',
    ),
    "hexagon": ("#2e7d32", '<path d="M12 5.6 17.5 8.8V15.2L12 18.4 6.5 15.2V8.8Z"/>'),
    "moon": ("#6a1b9a", '<path d="M14.6 5.9A6.4 6.4 0 1 0 14.6 18.1 7.6 7.6 0 0 1 14.6 5.9Z"/>'),
    "drop": (
        "#1565c0",
        '<path d="M12 5.2C14.7 8.6 16.6 11.2 16.6 13.6A4.6 4.6 0 0 1 7.4 13.6C7.4 11.2 9.3 8.6 12 5.2Z"/>',
    ),
    "sun": (
        "#a15c00",
        '<circle cx="12" cy="12" r="3.3"/><path d="M12 4.8V7M12 17V19.2M4.8 12H7M17 12H19.2'
        'M6.9 6.9 8.5 8.5M15.5 15.5 17.1 17.1M6.9 17.1 8.5 15.5M15.5 8.5 17.1 6.9" fill="none" '
        'stroke="#fff" stroke-width="1.7" stroke-linecap="round"/>',
    ),
    "star": (
        "#b3261e",
        '<path d="M12.0 6.4L13.6 10.4L17.9 10.7L14.6 13.4L15.6 17.6L12.0 15.3L8.4 17.6L9.4 13.4L6.1 10.7L10.4 10.4Z"/>',
    ),
    "clover": (
        "#00695c",
        '<circle cx="12" cy="8.6" r="2.9"/><circle cx="8.7" cy="12.6" r="2.9"/>'
        '<circle cx="15.3" cy="12.6" r="2.9"/><path d="M12 12V18.4" fill="none" stroke="#fff" stroke-width="1.6"/>',
    ),
    "die": (
        "#ad1457",
        '<rect x="6.4" y="6.4" width="11.2" height="11.2" rx="2.2"/><g fill="{c}">'
        '<circle cx="9.3" cy="9.3" r="1.3"/><circle cx="12" cy="12" r="1.3"/><circle cx="14.7" cy="14.7" r="1.3"/></g>',
    ),
}
#: The emoji avatars of before -> the avatar each became (a saved or exported
#: player keeps one, as distinct as it was).
OLD_AVATARS = {
    "🦊": "triangle",
    "🐻": "square",
    "🐼": "ring",
    "🐸": "hexagon",
    "🦉": "moon",
    "🐙": "drop",
    "🌻": "sun",
    "⭐": "star",
    "🍀": "clover",
    "🎲": "die",
}

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
        player: Player = {"id": pid, "name": name, "was": [w for w in was if w][:MAX_WAS]}
        if (shown := avatar_id(item)) is not None:
            player["avatar"] = shown
        if item.get("elsewhere") is True:
            player["elsewhere"] = True
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


def new_id(players: list[Player]) -> str:
    used = {p["id"] for p in players}
    n = len(players) + 1
    while f"p{n}" in used:
        n += 1
    return f"p{n}"


def remember(
    storage: store.Storage, names: list[str], elsewhere: Collection[str] = ()
) -> list[str]:
    """The ids of the players named ``names`` (a new player for a new name, first
    in the list: the most recent first), kept on the device. Those of them in
    ``elsewhere`` sat at another phone: one new to the device is marked so
    (``"elsewhere"``: not offered as a player of this phone), and a player
    seated on this phone loses the mark."""
    players = load(storage)
    seated: list[Player] = []
    for name in names:
        clean = store.clean_name(name)
        player = by_name(players + seated, clean)
        if player is None:
            player = {"id": new_id(players + seated), "name": clean, "was": []}
            if clean in elsewhere:
                player["elsewhere"] = True
        elif clean not in elsewhere:
            player.pop("elsewhere", None)
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


def avatar_id(item: dict[str, Any]) -> str | None:
    """The avatar of a player as stored or exported (an old emoji one as the
    avatar it became), or None."""
    shown = item.get("avatar")
    if isinstance(shown, str) and shown in AVATARS:
        return shown
    old = item.get("emoji")
    return OLD_AVATARS.get(old) if isinstance(old, str) else None


def set_avatar(storage: store.Storage, pid: str, shown: str) -> None:
    """Give a player the avatar ``shown``; the one it has already: none."""
    players = load(storage)
    player = by_id(players, pid)
    if player is not None:
        if shown in AVATARS and player.get("avatar") != shown:
            player["avatar"] = shown
        else:
            player.pop("avatar", None)
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


def names_now(entry: dict[str, Any], players: list[Player], played: list[str]) -> list[str]:
    """The names of a History entry's seats as the players are called now (a
    rename or a merge since reaches History and its replays); ``played``: the
    names the game was played under, kept for a seat nobody is."""
    now = seat_players(entry, players)
    return [
        p["name"] if i < len(now) and (p := now[i]) is not None else n for i, n in enumerate(played)
    ]


def avatar(shown: str | None, label: str | None = None) -> str:
    """The avatar ``shown`` as inline SVG (no font needed: presentation attributes,
    no ``style``), "" for none; hidden from screen readers unless ``label`` names it."""
    if shown not in AVATARS:
        return ""
    colour, shape = AVATARS[shown]
    named = attrs(role="img", aria_label=label) if label else ' aria-hidden="true"'
    return (
        f'<svg class="avatar" viewBox="0 0 24 24" focusable="false"{named}>'
        f'<circle cx="12" cy="12" r="11.2" fill="{colour}" stroke="#fff" stroke-width="1.4"/>'
        f'<g fill="#fff" transform="matrix(1.2 0 0 1.2 -2.4 -2.4)">{shape.replace("{c}", colour)}</g></svg>'
    )


def named(name: str, shown: str | None) -> str:
    """A name after the avatar ``shown``, if any, as HTML (the name escaped)."""
    drawn = avatar(shown)
    return f"{drawn} {esc(name)}" if drawn else esc(name)


def label(player: Player) -> str:
    """A player's name after their avatar, as HTML (:func:`named`)."""
    return named(player["name"], player.get("avatar"))

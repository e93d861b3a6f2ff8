"""One file holding the players kept on the device (:mod:`web.core.roster`) and
the finished games of History: to keep, or to move to another phone, where
:func:`import_file` merges it (players by name, games not already there)."""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from typing import Any

from engine.core import parse_json
from web.core import roster, store

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
    players = roster.load(storage)
    data = {"format": FILE_FORMAT, "version": 1, "players": players, "history": history}
    return "tapete-players.json", json.dumps(data, ensure_ascii=False)


class FileProblem(ValueError):
    """What is wrong with a players and history file, for the player: a catalog key
    (``players.why.*``, a clause that ends ``players.import_bad``'s sentence) and
    its placeholders."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


def _check_entry(i: int, item: object, games: Collection[str]) -> dict[str, Any]:
    """A History entry from a file, as it may be kept (one of ``games``);
    :class:`FileProblem` naming what is wrong (``game``: its place in the file's
    history, from 1)."""
    at = i + 1
    if not isinstance(item, dict) or not store.is_entry(item):
        raise FileProblem("players.why.game_unfinished", game=at)
    names = [store.clean_name(n) for n in item["names"]]
    seats = len(names)
    if not 1 <= seats <= 8 or not all(names):
        raise FileProblem("players.why.game_names", game=at)
    if item.get("unfinished") is True or item["game"] not in games:
        raise FileProblem("players.why.game_unknown", game=at, id=str(item["game"])[:20])
    if len(item["scores"]) != seats or not all(
        isinstance(s, int) and not isinstance(s, bool) for s in item["scores"]
    ):
        raise FileProblem("players.why.game_scores", game=at, seats=seats)
    if not all(isinstance(w, int) and 0 <= w < seats for w in item["winners"]):
        raise FileProblem("players.why.game_winner", game=at)
    ids = item.get("players")
    if ids is not None and (
        not isinstance(ids, list)
        or len(ids) != seats
        or not all(p is None or isinstance(p, str) for p in ids)
    ):
        raise FileProblem("players.why.game_ids", game=at)
    if "record" in item and not isinstance(item["record"], dict):
        raise FileProblem("players.why.game_record", game=at)
    return {**item, "names": names}


def _same(entry: dict[str, Any]) -> str:
    """What makes two History entries one game: its game, date, names and scores."""
    return json.dumps([entry["game"], entry["date"], entry["names"], entry["scores"]])


def import_file(storage: store.Storage, text: str, games: Collection[str]) -> tuple[int, int]:
    """Merge a file from :func:`export_file` into this device (its History of the
    ``games`` this app plays): players by name (a
    player known here by that name, or a former one, is the same; others are
    added), games not already in History (same game, date, names and scores) added.
    Returns (players added, games added). :class:`FileProblem`, saying what is
    wrong, when any part of the file is not as written: then nothing has changed."""
    if len(text) > MAX_FILE_CHARS:
        raise FileProblem("players.why.too_large")
    try:
        data = parse_json(text, max_chars=MAX_FILE_CHARS)
    except Exception as exc:
        raise FileProblem("players.why.not_json") from exc
    if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
        raise FileProblem("players.why.not_ours")
    raw_players, raw_history = data.get("players"), data.get("history")
    if not isinstance(raw_players, list) or not isinstance(raw_history, list):
        raise FileProblem("players.why.no_lists")
    for i, item in enumerate(raw_players):
        if (
            not isinstance(item, dict)
            or not isinstance(item.get("id"), str)
            or not store.clean_name(item.get("name"))
        ):
            raise FileProblem("players.why.player", player=i + 1)
    entries = [_check_entry(i, item, games) for i, item in enumerate(raw_history)]
    local = roster.load(storage)
    before = len(local)
    id_map: dict[str, str] = {}
    for item in raw_players:
        name = store.clean_name(item["name"])
        player = roster.by_name(local, name)
        if player is None:
            player = {"id": roster.new_id(local), "name": name, "was": []}
            if (shown := roster.avatar_id(item)) is not None:
                player["avatar"] = shown
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
        raise FileProblem("players.why.no_room")
    if not roster.save(storage, local):
        store.write_json(storage, store.HISTORY_KEY, history)
        raise FileProblem("players.why.no_room")
    return len(local) - before, len(added)

"""What the app keeps on the device: settings, the game in progress, the names
last used, and the history of finished games.

The browser's ``localStorage`` is reached through a tiny :class:`Storage`
protocol (get/set/remove of strings) so the same code runs on CPython with a
dict in the tests. Nothing read back is trusted: every reader validates and
falls back to a default instead of raising.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core import parse_json

PREFIX = "tapete."
SAVE_KEY = PREFIX + "save"
SETTINGS_KEY = PREFIX + "settings"
NAMES_KEY = PREFIX + "names"
HISTORY_KEY = PREFIX + "history"
SETUP_KEY = PREFIX + "setup"
#: The titles whose lesson was offered already (game id -> True).
LESSONS_KEY = PREFIX + "lessons"

#: Finished games kept in the local history, newest first.
HISTORY_LIMIT = 50
MAX_NAME = 20


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


class MemoryStorage:
    """A dict behind the :class:`Storage` protocol (tests, and a browser whose
    storage is blocked: the app still works, it just forgets on reload)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = data if data is not None else {}

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


class MirrorStorage:
    """A copy of the page's storage, where the app runs without it (a worker):
    reads answer from the copy, and every write is made on the copy and kept,
    in order, for the page to make (:meth:`drain`). A write the page could not
    make (storage full) comes back as :meth:`refused`: the copy keeps what the
    app wrote (it goes on reading its own data, as it would in memory), and the
    key is written again, with its value then, before the next write the app
    makes (a save that fits, once room is made, brings it along)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = dict(data or {})
        #: Writes made since the last :meth:`drain`: key -> value (None: removed),
        #: in the order of each key's last write.
        self._writes: dict[str, str | None] = {}
        #: Keys whose last write the page refused, not written again yet.
        self.behind: dict[str, None] = {}

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value
        self._note(key, value)

    def remove(self, key: str) -> None:
        self.data.pop(key, None)
        self._note(key, None)

    def _note(self, key: str, value: str | None) -> None:
        for late in list(self.behind):
            if late != key and late not in self._writes:
                self._writes[late] = self.data.get(late)
        self.behind.clear()
        self._writes.pop(key, None)
        self._writes[key] = value

    def drain(self) -> dict[str, str | None]:
        """The writes made since the last call, in order (None: remove the key)."""
        out, self._writes = self._writes, {}
        return out

    def refused(self, key: str) -> None:
        """The page could not write ``key`` (its storage is full): write it
        again with the next write."""
        self.behind[key] = None


@dataclass(frozen=True)
class Setting:
    """One of the player's settings: its default and the values it may take, in
    the order the Settings screen offers them, each with its label's catalog key."""

    name: str
    default: Any
    #: value -> catalog key of its label on the Settings screen.
    values: dict[Any, str]
    #: Catalog keys of the setting's heading and of its help line (None: no help).
    label: str
    help: str | None = None


_ON_OFF = {True: "on", False: "off"}

#: The app's own settings that pace the table, in the Settings screen's order; a
#: game's own settings (its :class:`web.ui.entry.GameEntry`) come after these.
TABLE_SETTINGS: tuple[Setting, ...] = (
    Setting(
        "lang",
        "auto",
        {"auto": "settings.lang.auto", "en": "", "es": "", "fr": ""},  # each in its own name
        "settings.lang",
        "settings.lang.help",
    ),
    Setting(
        "motion",
        "system",
        {
            "system": "settings.system",
            "slow": "settings.slow",
            "normal": "settings.normal",
            "fast": "settings.fast",
            "off": "settings.motion.off",
        },
        "settings.motion",
        "settings.motion.help",
    ),
    Setting(
        "bot_speed",
        "normal",
        {
            "slow": "settings.bot_speed.slow",
            "normal": "settings.bot_speed.normal",
            "fast": "settings.bot_speed.fast",
        },
        "settings.bot_speed",
    ),
    # How much a screen reader hears unasked: the move line's words are spoken
    # ("all") or only the table's status, whose turn it is and the results ("mine").
    Setting(
        "announce",
        "all",
        {"all": "settings.announce.all", "mine": "settings.announce.mine"},
        "settings.announce",
        "settings.announce.help",
    ),
)
#: The app's settings of the device, after every game's own.
DEVICE_SETTINGS: tuple[Setting, ...] = (
    Setting(
        "theme",
        "system",
        {
            "system": "settings.system",
            "light": "settings.theme.light",
            "dark": "settings.theme.dark",
        },
        "settings.theme",
    ),
    Setting("wake", True, _ON_OFF, "settings.wake", "settings.wake.help"),
    Setting("vibrate", True, _ON_OFF, "settings.vibrate"),
    # Synthesized table sounds (web/shell/sound.js), on at a gentle volume.
    Setting("sound", True, _ON_OFF, "settings.sound", "settings.sound.help"),
)


def settings_with(own: Iterable[Setting]) -> tuple[Setting, ...]:
    """Every setting, in the Settings screen's order, with the games' ``own``."""
    return (*TABLE_SETTINGS, *own, *DEVICE_SETTINGS)


def read_json(storage: Storage, key: str) -> Any:
    """The parsed value at ``key``, or ``None`` if absent or unreadable (too large
    or too deep included: :func:`engine.core.parse_json`)."""
    try:
        text = storage.get(key)
        return None if text is None else parse_json(text)
    except Exception:  # BadSave, or a storage that refuses to be read
        return None


def write_json(storage: Storage, key: str, value: Any) -> bool:
    """False when the device refuses (storage full or blocked)."""
    try:
        storage.set(key, json.dumps(value, ensure_ascii=False, separators=(",", ":")))
        return True
    except Exception:  # the browser raises QuotaExceededError and friends
        return False


def valid(setting: Setting, value: object) -> bool:
    """Whether ``value`` is one of ``setting``'s values, of its default's type
    (``1`` is not ``True``). A list or an object from a damaged store is none of
    them, and never reaches a lookup that would raise on it."""
    return type(value) is type(setting.default) and value in setting.values


def load_settings(storage: Storage, known: Iterable[Setting]) -> dict[str, Any]:
    """The ``known`` settings as saved, each one not saved or not one of its
    values at its default."""
    raw = read_json(storage, SETTINGS_KEY)
    raw = raw if isinstance(raw, dict) else {}
    out = {}
    for setting in known:
        value = raw.get(setting.name, setting.default)
        out[setting.name] = value if valid(setting, value) else setting.default
    return out


def bad_settings(saved: dict[str, Any], known: Iterable[Setting]) -> dict[str, Any]:
    """The ``known`` settings ``saved`` with a value none of theirs (a wrong type,
    null, a choice this version lacks): name -> the value. A name this version
    does not know is not judged (a newer version's setting)."""
    return {s.name: saved[s.name] for s in known if s.name in saved and not valid(s, saved[s.name])}


def save_settings(storage: Storage, settings: dict[str, Any]) -> None:
    write_json(storage, SETTINGS_KEY, settings)


#: Invisible characters a name may keep: the joiners inside emoji sequences and
#: the tag characters of subdivision flags. Every other format character goes,
#: the bidi controls first (U+202E turned "Ana" and all after it around).
_KEEP_FORMAT = frozenset({"\u200c", "\u200d"}) | frozenset(map(chr, range(0xE0020, 0xE0080)))


def clean_name(text: object) -> str:
    """A seat name as the player typed it: text only (a null or a list from a file
    is no name), NFC, without control or format characters (bidi overrides,
    zero-width spaces: they cannot be seen), spaces collapsed and trimmed, at most
    ``MAX_NAME`` characters. Spaces only counts as empty."""
    if not isinstance(text, str):
        return ""
    name = "".join(
        " " if ch.isspace() else ch
        for ch in unicodedata.normalize("NFC", text[: MAX_NAME * 20])
        if ch.isspace() or unicodedata.category(ch)[0] != "C" or ch in _KEEP_FORMAT
    )
    return " ".join(name.split())[:MAX_NAME].rstrip()


def load_names(storage: Storage) -> list[str]:
    raw = read_json(storage, NAMES_KEY)
    if not isinstance(raw, list):
        return []
    return [clean_name(n) for n in raw if isinstance(n, str)][:8]


def save_names(storage: Storage, names: list[str]) -> None:
    old = load_names(storage)
    merged = list(names) + old[len(names) :]
    write_json(storage, NAMES_KEY, merged[:8])


def load_history(storage: Storage) -> list[dict[str, Any]]:
    raw = read_json(storage, HISTORY_KEY)
    if not isinstance(raw, list):
        return []
    return [item for item in raw if is_entry(item)]


def is_entry(item: object) -> bool:
    """Whether ``item`` has the shape of a History entry."""
    return (
        isinstance(item, dict)
        and isinstance(item.get("game"), str)
        and isinstance(item.get("names"), list)
        and isinstance(item.get("scores"), list)
        and isinstance(item.get("winners"), list)
        and isinstance(item.get("date"), str)
    )


def add_history(storage: Storage, *entries: dict[str, Any]) -> bool:
    """Put ``entries`` (newest last) at the top of the history; False when the
    device refuses (storage full), and then the history is as it was."""
    history = [*reversed(entries), *load_history(storage)][:HISTORY_LIMIT]
    return write_json(storage, HISTORY_KEY, history)

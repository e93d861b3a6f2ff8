"""STAND-IN for the worker's entry module (owned by the wire part; replaced at merge).

Just enough of the contract in /work/wt/notes/WORKER.md for the boot to be tested:
``start`` builds the app and answers the first frame, ``dispatch`` plays a tap
(``click``) and the timers it arms (``fire``) and answers nothing else, storage writes
ride on each frame. ``store_snapshot``/``snapshot_state`` are the real ones: they read
the worker's interpreter module (pwa/snapshot.mjs, ``globalThis.tapeteSnapshot``).
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import js

from web.app.controller import App
from web.app.midend import Frame, MidEnd
from web.app.registry import ENTRIES
from web.core import store

_rng = random.Random(os.urandom(16))
_mid: MidEnd | None = None


class _Recorded(store.MemoryStorage):
    """The page's storage as it was at start, every write recorded for the page."""

    def __init__(self, data: dict[str, str]) -> None:
        super().__init__(data)
        self.writes: dict[str, str | None] = {}

    def set(self, key: str, value: str) -> None:
        super().set(key, value)
        self.writes[key] = value

    def remove(self, key: str) -> None:
        super().remove(key)
        self.writes[key] = None


_storage = _Recorded({})


def _frame(frame: Frame | None, seq: int | None = None) -> str:
    if frame is None:
        return ""
    writes, _storage.writes = _storage.writes, {}
    return json.dumps(
        {
            "html": frame.html,
            "page": frame.page,
            "title": frame.title,
            "attrs": frame.attrs,
            "timers": [list(t) for t in frame.timers],
            "focus": frame.focus,
            "writes": writes,
            "seq": seq,
            "snapshot": snapshot_state(),
        }
    )


def start(init: str) -> str:
    """The app built afresh; its first frame."""
    global _mid, _storage
    given: dict[str, Any] = json.loads(init)
    _storage = _Recorded(dict(given.get("storage") or {}))
    app = App(
        _storage, list(given.get("languages") or []), lambda: _rng.randrange(1, 2**53), ENTRIES
    )
    _mid = MidEnd(app, painted=given.get("painted"))
    return _frame(_mid.start())


def dispatch(event: str) -> str:
    """A tap or a timer; anything else answers nothing."""
    if _mid is None:
        return ""
    data = json.loads(event)
    kind = data.get("type")
    if kind == "click":
        if data.get("move") is not None and data.get("seat") is not None:
            frame = _mid.tap(int(data["seat"]), data["action"], int(data["move"]))
        else:
            frame = _mid.handle(data["action"], data.get("arg"))
        return _frame(frame, data.get("seq"))
    if kind == "fire":
        return _frame(_mid.fire(data["kind"], int(data["token"])), data.get("seq"))
    return ""


async def store_snapshot() -> str:
    """Store the memory snapshot made at this start (pwa/snapshot.mjs's rules)."""
    snapshot = getattr(js, "tapeteSnapshot", None)
    return str(await snapshot.store()) if snapshot is not None else "none"


def snapshot_state() -> str:
    snapshot = getattr(js, "tapeteSnapshot", None)
    return str(snapshot.state) if snapshot is not None else "none"


__export__ = ["start", "dispatch", "store_snapshot", "snapshot_state"]

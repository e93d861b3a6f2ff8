"""What the app asks of the phone itself: its storage, keeping the screen awake
during a game, a vibration, and handing a file to the system (share sheet, else
a download).

Page-bound (``js``), called by web/shell/main.py. Nothing here touches the page at
import: the boot's memory snapshot imports this module once for every later start
(docs/performance.md, "Memory snapshot"), so a value read at import would be the
first start's.
"""

from __future__ import annotations

import contextlib
from typing import Any, TypeAlias

import js
from pyodide.ffi import create_once_callable, to_js

from web.core import clock, store

#: A JavaScript object through Pyodide's proxy (``js`` has no type stubs).
JsObject: TypeAlias = Any

#: The screen wake lock (a JS WakeLockSentinel), "pending" while asked for, or None.
_wake_lock: JsObject = None


def keep_awake(want: bool) -> None:
    """Hold a screen wake lock while ``want`` (where the browser has one), else
    release it. The browser drops the lock when the page is hidden: call
    :func:`woke` when it shows again."""
    global _wake_lock
    if want and _wake_lock is None and hasattr(js.navigator, "wakeLock"):
        _wake_lock = "pending"

        def got(lock: JsObject) -> None:
            global _wake_lock
            _wake_lock = lock

        def failed(_e: JsObject) -> None:
            global _wake_lock
            _wake_lock = None

        try:
            js.navigator.wakeLock.request("screen").then(create_once_callable(got)).catch(
                create_once_callable(failed)
            )
        except Exception:
            _wake_lock = None
    elif not want and _wake_lock not in (None, "pending"):
        _wake_lock.release()
        _wake_lock = None


def woke() -> None:
    """The page is visible again: a lock held before was dropped by the browser."""
    global _wake_lock
    if _wake_lock != "pending":
        _wake_lock = None


def vibrate(pattern: int | list[int]) -> None:
    """A vibration of ``pattern`` ms (on, off, on...), where the phone can."""
    if hasattr(js.navigator, "vibrate"):
        with contextlib.suppress(Exception):
            js.navigator.vibrate(to_js(pattern))


def _json_options() -> JsObject:
    return to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)


def hand_over_file(name: str, text: str) -> None:
    """Give the JSON ``text`` to the system as the file ``name``: the share sheet
    where files can be shared, else a download."""
    nav = js.navigator
    try:
        file = js.File.new(to_js([text]), name, _json_options())
        files = to_js({"files": to_js([file])}, dict_converter=js.Object.fromEntries)
        if hasattr(nav, "canShare") and nav.canShare(files):
            nav.share(files).catch(create_once_callable(lambda _e: None))
            return
    except Exception:
        pass
    url = js.URL.createObjectURL(js.Blob.new(to_js([text]), _json_options()))
    link = js.document.createElement("a")
    link.href = url
    link.download = name
    js.document.body.appendChild(link)
    link.click()
    link.remove()
    clock.set_timeout(lambda: js.URL.revokeObjectURL(url), 1000)


class BrowserStorage:
    """``localStorage`` behind :class:`web.core.store.Storage`; raises on a full disk,
    which :func:`web.core.store.write_json` turns into a "not saved" notice."""

    def get(self, key: str) -> str | None:
        value = js.localStorage.getItem(key)
        # JS null arrives as None or as pyodide's jsnull, depending on the version.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        js.localStorage.setItem(key, value)

    def remove(self, key: str) -> None:
        js.localStorage.removeItem(key)


def storage() -> store.Storage:
    """The page's ``localStorage``, or memory where it is blocked."""
    try:
        js.localStorage.getItem("tapete.probe")
        return BrowserStorage()
    except Exception:  # storage blocked (private mode, policy): play without saving
        return store.MemoryStorage()

"""The worker's Python: the app in PyScript's worker, answering its page in JSON text.

The page (``web/shell/page.js``) calls these through the worker's ``sync`` proxy
(``__export__``): :func:`start` once the worker is up (and again when the e2e
harness restarts the app in place), :func:`dispatch` for every event, and
:func:`store_snapshot` / :func:`snapshot_state` for the memory snapshot, which the
boot's script in the worker (``globalThis.tapeteSnapshot``) makes and stores.
Everything else is :mod:`web.app.wire`'s, testable on CPython.

Nothing here touches JavaScript at import: the memory snapshot imports this
module once for every later start (tools/fastboot.py lists what it imports).
"""

from __future__ import annotations

import json
from typing import Any

from web.app.registry import ENTRIES
from web.app.wire import Wire

__export__ = ["start", "dispatch", "store_snapshot", "snapshot_state"]

#: The app behind the page. One for the worker's life: each :func:`start` builds
#: its App and mid end anew (the timers the last one armed are stale then).
_wire = Wire(ENTRIES)


def _text(frame: dict[str, Any] | None) -> str:
    if frame is None:
        return ""
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def start(init: str) -> str:
    """A new app from the page's ``init`` (JSON: the storage copy, languages,
    reduced motion, the painted screen, the build, whether phones can link, the
    time); its first frame (JSON), with the snapshot's state."""
    return _text(_wire.start(json.loads(init), snapshot=snapshot_state()))


def dispatch(event: str) -> str:
    """One event (JSON) -> its frame (JSON), or "" when nothing is to be done."""
    return _text(_wire.dispatch(json.loads(event)))


def _glue() -> Any:
    """``globalThis.tapeteSnapshot`` (the boot's script in the worker), or None
    (no snapshot here; on CPython, no JavaScript at all)."""
    try:
        import js  # Pyodide's globals: the worker's own
    except ImportError:
        return None
    return getattr(js, "tapeteSnapshot", None)


async def store_snapshot() -> str:
    """Store the snapshot made at this start, if any: "stored", "skipped",
    "restored", "none", or "off" where there is no snapshot."""
    glue = _glue()
    if glue is None:
        return "off"
    return str(await glue.store())


def snapshot_state() -> str:
    """The snapshot's state now ("made", "restored", "none"...; "off": none here)."""
    glue = _glue()
    state = None if glue is None else getattr(glue, "state", None)
    return "off" if state is None else str(state)

"""When the screen a reload would show (:class:`web.app.prerender.Keeper`) is kept:
never in a tap's task nor a bot move's.

A reload, a closed tab or a tab the phone's system ends later all leave the page
first, hidden or gone (``visibilitychange`` to hidden, ``pagehide``): the screen
is kept then, with the page as the player left it. While the page shows, it is
kept once more in the browser's next idle period after a draw that leaves the
table waiting for a person, or :data:`KEEP_WITHIN_MS` after it if the browser gives
the page no idle period (:meth:`Moments.soon`; in a hidden page, at once):
after a bot's move, the next one follows at once and nothing is kept. An idle
callback, not a timer of :mod:`web.core.clock`: it draws nothing, and the tests of the
UI's timers see none. (In every draw's task it cost 3 ms at an eight-seat Abyss
table, up to 80 ms on a loaded machine: docs/performance.md, Motion.)

Page-bound (``js``), made by web/shell/main.py; nothing here touches the page at import
(the boot's memory snapshot imports web modules once for every later start).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

#: The longest a kept screen waits for an idle period. Once a page has made an
#: AudioContext (every page with sound on, after its first tap: the context is made in
#: it), Chromium may give it no idle period for seconds on end, even with the context
#: suspended or closed (Chromium 156, headless and headed: none in 7 s after a tap),
#: so without a deadline the keep would wait for the page to be left.
KEEP_WITHIN_MS = 1000


class Moments:
    """Calls ``keep`` when the page is left or hidden, and in the next idle
    period after :meth:`soon`, or at most :data:`KEEP_WITHIN_MS` after it (at once
    where the browser has no idle callbacks)."""

    def __init__(self, keep: Callable[[], None]) -> None:
        self.keep = keep
        #: An idle callback is asked for and has not run yet.
        self.waiting = False
        self._idle = create_proxy(self._on_idle)
        self._deadline = to_js({"timeout": KEEP_WITHIN_MS}, dict_converter=js.Object.fromEntries)
        self._leave = create_proxy(self._on_leave)
        js.window.addEventListener("pagehide", self._leave)
        js.document.addEventListener("visibilitychange", self._leave)

    def soon(self) -> None:
        """Keep the screen in the browser's next idle period (once however often
        this is called before it); at once in a hidden page (bots playing on in a
        tab left: nobody taps it, and the browser may give it no idle period before
        the phone's system ends it, with no pagehide then)."""
        if js.document.visibilityState == "hidden":
            self.keep()
            return
        if self.waiting:
            return
        if not hasattr(js.window, "requestIdleCallback"):
            self.keep()
            return
        self.waiting = True
        js.window.requestIdleCallback(self._idle, self._deadline)

    def _on_idle(self, _deadline: Any) -> None:
        self.waiting = False
        self.keep()

    def _on_leave(self, event: Any) -> None:
        if event.type == "pagehide" or js.document.visibilityState == "hidden":
            self.keep()

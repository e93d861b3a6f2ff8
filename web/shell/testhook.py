"""A test-only restart of the app inside a running page, so that an end-to-end test
sets up a position (storage, language, motion, clock) in milliseconds, not a boot.

Inert in production. :func:`offer` does something only in a page where the e2e
harness put ``window.tapeteTest`` before any page script ran (``e2e/hook.js``, an
init script); the shipped page never sets it, so there it exposes nothing.

Where it is on, :func:`offer` gives the harness ``tapeteTest.runApp()``: it forgets
the timers the running app armed (:mod:`web.core.clock`) and runs ``web.shell.main`` again as
``__main__``, so a new App is built from the storage, languages and media of the page
as they are now, draws, and sets ``data-ready``, exactly as at a boot, but with every
module already imported. ``e2e/hook.js`` does the page's half first: it takes away
the listeners the previous run added and the test clock's timers, empties ``#app``
and the attributes on ``<html>``, and writes the storage and languages asked for.

web/shell/main.py calls :func:`offer` with its own name once its first screen is up.
"""

from __future__ import annotations

import runpy
from typing import Any

from web.core import clock


def offer(main: str) -> None:
    """Hand ``window.tapeteTest.runApp`` (run module ``main`` again) to the e2e
    harness, if it asked for it; once per page."""
    import js  # page-bound: imported only when called
    from pyodide.ffi import create_proxy

    test: Any = getattr(js.window, "tapeteTest", None)
    if test is None or callable(getattr(test, "runApp", None)):
        return

    def restart() -> None:
        clock.forget_timers()
        runpy.run_module(main, run_name="__main__")

    test.runApp = create_proxy(restart)

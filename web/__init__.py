"""Tapete's user interface, in Python (docs/architecture.md draws its layers).

All of it runs in a web worker (PyScript's), never on the page, and nothing here but
:mod:`web.shell.worker` (the worker's entry) and :mod:`web.core.clock` imports ``js``:
screens are functions from (game view, UI state, catalog) to an HTML string, so they
run and are tested on CPython. The page's glue is JavaScript (``web/shell/page.js``):
it forwards events to :class:`web.app.wire.Wire` as JSON and applies the frames it
answers (the DOM, focus, storage writes, timers armed on the page's clock, the phones).
"""

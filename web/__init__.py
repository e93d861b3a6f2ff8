"""Tapete's user interface, in Python (docs/architecture.md draws its layers).

Everything here except :mod:`web.shell.main` and :mod:`web.core.clock` is pure: screens are
functions from (game view, UI state, catalog) to an HTML string, so they run and
are tested on CPython. :mod:`web.shell.main` is the thin module that touches the
browser (``js``, ``pyodide``): it owns the DOM write, the delegated listener and
``localStorage``; :mod:`web.core.clock` owns time and timers (``window.tapeteClock``),
with a CPython fallback the tests replace.
"""

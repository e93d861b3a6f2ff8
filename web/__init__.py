"""Tapete's user interface, in Python.

Everything here except :mod:`web.main` is pure: screens are functions from
(game view, UI state, catalog) to an HTML string, so they run and are tested on
CPython. :mod:`web.main` is the one thin module that touches the browser
(``js``, ``pyodide``): it owns the DOM write, the delegated listener,
``localStorage`` and the timers.
"""

"""The page before Python: the screens that paint with the boot shell.

Two of them, both rendered by the app's own render code (:meth:`App.render`):

- :func:`home_page`: the home screen of a first visit, in one language; the build
  (tools/build.py) puts one per language into index.html, where web/shell/boot.js shows
  the one the app would choose.
- :func:`boot_screen`: the screen a reload would bring up now (the saved game's
  table, as a freshly opened table shows it, or home), which web/shell/page.js keeps in
  storage (:data:`SCREEN_KEY`) when the page is left or hidden, and when idle while
  the table waits for a person (web/shell/page.js); web/shell/boot.js paints it at the next
  start, before Python, if it comes from the same build. A screen that would show a
  private value (:meth:`TableUI.private_on_screen`, e.g. a lone human's drawn card,
  which a reload shows without a hand-off) is never kept: then nothing is.

Pure Python: testable on CPython (tests/test_web_prerender.py).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
from collections.abc import Mapping
from typing import Any

from web.app.controller import App
from web.core.store import PREFIX, MemoryStorage
from web.ui.entry import GameEntry
from web.ui.screens.page import title
from web.ui.session import Session

#: Where web/shell/page.js keeps :func:`boot_screen` (a JSON object, see :func:`page_entry`).
SCREEN_KEY = PREFIX + "screen"
#: A screen larger than this (characters of HTML) is not kept: storage is shared
#: with the saved game, which matters more.
MAX_SCREEN_CHARS = 300_000


def page_entry(app: Session, html: str) -> dict[str, Any]:
    """What the page needs to paint ``html`` as Python would: the screen and what
    web/shell/page.js sets on ``<html>`` and the title."""
    theme = app.settings["theme"]
    return {
        "lang": app.lang,
        "theme": None if theme == "system" else theme,
        "title": title(app),
        "html": html,
    }


def home_page(entries: Mapping[str, GameEntry], lang: str) -> dict[str, Any]:
    """The home screen of a phone that has nothing saved, in ``lang``."""
    app = App(MemoryStorage(), [lang], None, entries)
    return page_entry(app, app.render())


def reload_view(app: App) -> App:
    """The app as a reload would open it now, without replaying the save: a new
    :class:`App` (built as any is, on empty storage) with the same settings and
    language, holding the saved game (if any) on a freshly opened table (empty UI
    state: no holder of the phone, no open sheet), on the table screen; else on
    home, as :meth:`~web.app.saving.Saving.restore` would open it."""
    # drawn at the app's time (a head start's bar)
    view = type(app)(MemoryStorage(), [app.browser_lang], app.new_seed, app.entries, app.time)
    view.settings = dict(app.settings)
    replaying = app.table is not None and app.table.replay is not None
    saved = app.paused if replaying else app.table
    if saved is not None:
        view.set_match(dataclasses.replace(saved, ui={}))
        view.screen = "table"
    return view


def boot_screen(app: App) -> dict[str, Any] | None:
    """The screen a reload would show now, as :func:`page_entry`; None when it
    would show a private value (or is too large to keep)."""
    view = reload_view(app)
    html = view.render()
    table = view.table
    if table is not None and view.entries[table.game_id].table.private_on_screen(table):
        return None
    if len(html) > MAX_SCREEN_CHARS:
        return None
    return page_entry(view, html)


def stored(entry: dict[str, Any] | None, build: str) -> str | None:
    """The text kept under :data:`SCREEN_KEY` for ``entry`` (None: keep nothing)."""
    if entry is None:
        return None
    return json.dumps({"build": build, **entry}, ensure_ascii=False, separators=(",", ":"))


class Keeper:
    """Keeps :func:`boot_screen` under :data:`SCREEN_KEY`, tied to ``build``, at
    web/shell/page.js's moments: :meth:`take` says what to write (the page writes
    it, from a worker), calling it writes into the app's storage; only when it
    changed. Storage full or failing: nothing is kept (the boot shell shows)."""

    def __init__(self, build: str) -> None:
        self.build = build
        #: The text kept last ("": none), or None: not known (nothing kept yet,
        #: or the write failed).
        self.last: str | None = None

    def take(self, app: App) -> str | None:
        """What to keep under :data:`SCREEN_KEY` now: the screen's text, or ""
        to keep none (remove the key); None when that is what was kept last."""
        try:
            text = stored(boot_screen(app), self.build) or ""
        except Exception:
            self.last = None
            return ""
        if text == self.last:
            return None
        self.last = text
        return text

    def __call__(self, app: App) -> None:
        text = self.take(app)
        if text is None:
            return
        try:
            if text:
                app.storage.set(SCREEN_KEY, text)
            else:
                app.storage.remove(SCREEN_KEY)
        except Exception:
            self.last = None
            with contextlib.suppress(Exception):
                app.storage.remove(SCREEN_KEY)

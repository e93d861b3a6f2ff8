"""Fixtures of the other engines' stages (``make test-firefox``, ``make test-webkit``):
the built site in Debian's Firefox and WebKitGTK through :mod:`e2e.engines.drivers`.

``TAPETE_ENGINES`` (``firefox``, ``webkit`` or both, space-separated; both by default)
names the engines; every test runs once in each. Per engine, one browser for the whole
run (WebKit's automation keeps no storage across a restart), and one warm page:
``app`` (:class:`Warm`) made by a first visit at 390x844, then a start under the
service worker that stores the memory snapshot and one restored from it, as on a
player's phone. A test borrows it with :meth:`Warm.fresh` (empty storage, a warm
reload) or :meth:`Warm.table` (a table loaded from a save record), in a second or
two, never a cold boot. ``origin`` makes a new server on a port of its own: a new
origin is a fresh profile (no service worker, caches or storage) in the same browser.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from e2e.engines.drivers import Driver, open_engine
from e2e.tables_helpers import record_of
from tools.serve import SiteServer

ENGINES = os.environ.get("TAPETE_ENGINES", "firefox webkit").split()
SNAPSHOT = "() => document.documentElement.dataset.snapshot"
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
#: The app's settings for a table in a test: bots play at once, no motion.
FAST = json.dumps({"bot_speed": "fast", "motion": "off"})


@dataclass
class Warm:
    """An engine's browser and its warm page, at ``server``'s origin."""

    driver: Driver
    server: SiteServer
    #: What the first visit measured: seconds to ready, errors, the page's width.
    first_visit: dict = field(default_factory=dict)

    def fresh(self, storage: dict[str, str] | None = None) -> Driver:
        """The app restarted on ``storage`` (and nothing else), by a warm reload."""
        self.driver.forget_console()
        self.driver.js(
            "(kept) => { localStorage.clear(); for (const [k, v] of Object.entries(kept))"
            " localStorage.setItem(k, v); }",
            storage or {},
        )
        self.driver.reload()
        self.driver.ready()
        return self.driver

    def table(self, game_id: str, seats: list[dict], seed: int, options: dict) -> Driver:
        """The table of a new game of ``game_id`` at ``seats``, as a reload finds
        its save (bots fast, no motion)."""
        import engine

        state = engine.GAMES[game_id].new(len(seats), seed, options)
        record = record_of(game_id, seats, state)
        self.fresh({"tapete.save": json.dumps(record), "tapete.settings": FAST})
        self.driver.wait_for("main.table")
        return self.driver


@pytest.fixture(scope="session", params=ENGINES)
def engine_name(request) -> str:
    return request.param


@pytest.fixture(scope="session")
def driver(engine_name: str) -> Iterator[Driver]:
    opened = open_engine(engine_name)
    yield opened
    opened.close()


@pytest.fixture(scope="session")
def app(driver: Driver, site_dir: Path) -> Iterator[Warm]:
    server = SiteServer(site_dir).start()
    warm = Warm(driver, server)
    began = time.monotonic()
    driver.goto(server.url)
    driver.ready()
    warm.first_visit = {
        "seconds": time.monotonic() - began,
        "errors": driver.errors(),
        "width": driver.js("() => [innerWidth, document.documentElement.scrollWidth]"),
        "snapshot": driver.js(SNAPSHOT),
    }
    driver.wait(CONTROLLED)
    driver.reload()
    driver.ready()
    driver.wait("() => ['stored', 'skipped'].includes(document.documentElement.dataset.snapshot)")
    driver.reload()
    driver.ready()
    yield warm
    warm.server.stop()


@pytest.fixture
def origin(site_dir: Path) -> Iterator[SiteServer]:
    """A server of its own: a new origin, as a fresh profile sees it."""
    server = SiteServer(site_dir).start()
    yield server
    server.stop()

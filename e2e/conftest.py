"""Fixtures for Tapete's end-to-end tests: the built site in Debian's Chromium.

The site
    ``site_dir`` (session): the built site. ``TAPETE_DIST=dist`` (what ``make test``
    sets after ``make build``) uses that folder; otherwise the session builds one
    into a temporary folder with ``tools/build.py``.
    ``server`` (session): a :class:`tools.serve.SiteServer` serving ``site_dir`` on a
    free localhost port with the right content types; ``server.log`` records every
    request. ``site_url``: its address (``http://localhost:PORT/``).

The browser
    ``playwright`` (session): the Playwright instance (for ``launch_persistent_context``:
    a non-incognito profile, e.g. for install criteria).
    ``browser`` (session): one headless Chromium (``/usr/bin/chromium``, the flags this
    machine needs) for the whole session. A context opened from it
    (``e2e.helpers.new_context``) is a fresh profile: no HTTP cache, no service worker,
    no localStorage, so its first page boots Pyodide cold (2 s, more when the machine
    is busy): keep those for what is about a first visit, an offline start or an update.
    ``open_page(width=390, height=844, path="", ready=True, service_workers="block",
    url=None, clock="real")``: at the site's own address, ready, with service workers
    not asked for, the shared warm page (:class:`e2e.helpers.Warm`: the service
    worker's cache and the memory snapshot, as on a player's phone), restarted in
    place with empty storage, that viewport and the test clock in that mode, in
    milliseconds. Anything else (``service_workers="allow"``: a first visit that
    installs the worker; another ``path`` or ``url``; ``ready=False``) opens a fresh
    context at that viewport, as before. Every page gets a
    :class:`tools.browser.Watch`: ``watch_of(page)`` (a fixture).
    ``phones_browser`` (session): the other players' phones' Chromium, with a fake
    camera filming ``camera_video`` (e2e/camera.py); its phones
    (:func:`e2e.helpers.phone_of`) are booted once for the run.
    ``page``: ``open_page()``: 390x844, booted, ready. ``small_page``: the same at 360x640.
    ``watch``: the :class:`Watch` of ``page`` (console errors, uncaught page errors,
    requests that left the origin); ``watch.assert_clean()`` fails on any of them.

Every page the fixtures and helpers make has the test clock (``e2e/clock.js``):
``window.tapeteClock``, which a test drives with ``clock_pause``,
``clock_advance``... from :mod:`e2e.helpers`.

At the end of the run the summary says how many times Pyodide's runtime
(``pyodide.asm.wasm``) came from the test server, the cold starts (a service
worker's install fetches it once too), and how many restarts in place stood in for
boots, in the shared page and in the guest phones of the tests of several phones
(:class:`e2e.helpers.Phone`: each booted once for the run). Under pytest-xdist
(``make test-e2e``: ``-n 2 --dist loadgroup``) every worker has its own server,
browser, shared page and phones, and the controller adds up what each worker counted;
``xdist_group`` marks keep the tests that share a module's profile or the guest
phones on one worker.

Files
    ``artifacts`` (session): ``e2e/artifacts/``, for screenshots (not committed),
    taken only with ``TAPETE_SHOTS=1``.

Constants live in :mod:`tools.browser` (``from tools.browser import READY,
BOOT_TIMEOUT_MS, CHROMIUM_ARGS``): the repository root is on ``sys.path``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from e2e.camera import write_video  # noqa: E402
from e2e.helpers import _WARM, AXE, AXE_PATH, Phone, new_context, warm_of  # noqa: E402
from e2e.settle import install as _settle_inputs  # noqa: E402
from tools.browser import (  # noqa: E402
    BOOT_TIMEOUT_MS,
    CHROMIUM,
    CHROMIUM_ARGS,
    READY,
    Watch,
    launch,
    origin_of,
)
from tools.serve import SiteServer  # noqa: E402

_settle_inputs()  # a test's tap returns once the app (in its worker) has answered it

playwright_api = pytest.importorskip("playwright.sync_api")

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.e2e)


_WATCHES: dict[int, Watch] = {}


def _watch_of(page) -> Watch:
    return _WATCHES[id(page)]


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("TAPETE_DIST")
    if given:
        path = Path(given).resolve()
        if not (path / "index.html").exists():
            pytest.fail(f"TAPETE_DIST={given} has no index.html: run `make build`")
        return path
    from tools.build import build

    path = tmp_path_factory.mktemp("site") / "dist"
    build(path, quick_brotli=True)
    return path


@pytest.fixture(scope="session")
def server(site_dir: Path) -> Iterator[SiteServer]:
    with SiteServer(site_dir, extra={AXE_PATH: AXE}) as running:
        yield running


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed:  # what a failed test left in the shared page is not the next one's
        for warm in _WARM.values():
            warm.scripted = True
    return report


def _wasm_fetches() -> int:
    return sum(log.count("pyodide.asm.wasm") for log in SiteServer.logs)


#: Test id -> how many times Pyodide's runtime was fetched while it ran (set up,
#: call and tear down): where the run's cold boots come from.
_FETCHED_BY: dict[str, int] = {}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    before = _wasm_fetches()
    try:
        return (yield)
    finally:
        if _wasm_fetches() > before:
            _FETCHED_BY[item.nodeid] = _wasm_fetches() - before


def _tally() -> dict:
    """This process's counts for the end-of-run summary (JSON, so that a pytest-xdist
    worker can hand them to the controller)."""
    shared = [warm for warm in _WARM.values() if not isinstance(warm, Phone)]
    phones = [warm for warm in _WARM.values() if isinstance(warm, Phone)]
    return {
        "fetched": _wasm_fetches(),
        "by": dict(_FETCHED_BY),
        "shared": [len(shared), sum(w.boots for w in shared), sum(w.restarts for w in shared)],
        "phones": [len(phones), sum(w.boots for w in phones), sum(w.restarts for w in phones)],
        "servers": len(SiteServer.logs),
    }


#: What each pytest-xdist worker handed over at its end (``-n 2``: each worker has
#: its own server, browser and shared warm page).
_WORKER_TALLIES: list[dict] = []


def pytest_sessionfinish(session) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["tapete_e2e"] = _tally()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    tally = getattr(node, "workeroutput", {}).get("tapete_e2e")
    if tally is not None:
        _WORKER_TALLIES.append(tally)


def pytest_terminal_summary(terminalreporter) -> None:
    tallies = _WORKER_TALLIES or [_tally()]
    if not any(tally["servers"] for tally in tallies):
        return
    for tally in tallies:
        for nodeid, count in tally["by"].items():
            terminalreporter.write_line(f"e2e: pyodide.asm.wasm fetched {count}x in {nodeid}")

    def total(key: str, index: int) -> int:
        return sum(tally[key][index] for tally in tallies)

    workers = f" over {len(tallies)} workers" if _WORKER_TALLIES else ""
    terminalreporter.write_line(
        f"e2e: pyodide.asm.wasm fetched from the test servers"
        f" {sum(tally['fetched'] for tally in tallies)} times{workers} (cold boots and"
        f" service-worker installs); {total('shared', 0)} shared warm pages:"
        f" {total('shared', 1)} boots, {total('shared', 2)} restarts in place;"
        f" {total('phones', 0)} guest phones: {total('phones', 1)} boots,"
        f" {total('phones', 2)} restarts in place"
    )


@pytest.fixture(scope="session")
def site_url(server: SiteServer) -> str:
    return server.url


@pytest.fixture(scope="session")
def playwright() -> Iterator:
    with playwright_api.sync_playwright() as running:
        yield running


@pytest.fixture(scope="session")
def browser(playwright) -> Iterator:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `apt-get install chromium` (make test does it)")
    chromium = launch(playwright)
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def camera_video(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What the fake camera of ``phones_browser`` films (e2e/camera.py)."""
    path = tmp_path_factory.mktemp("camera") / "camera.y4m"
    write_video(path)  # white until a test films a code
    return path


@pytest.fixture(scope="session")
def phones_browser(playwright, camera_video: Path) -> Iterator:
    """The browser of the guest phones (:func:`e2e.helpers.phone_of`): another
    Chromium than the host's, with a camera that films ``camera_video``; a context
    granted the "camera" permission gets it, one not granted is refused."""
    flags = [
        "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={camera_video}",
    ]
    chromium = playwright.chromium.launch(
        executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *flags], headless=True
    )
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def open_page(browser, site_url: str) -> Iterator[Callable[..., object]]:
    contexts = []

    def open_(
        width: int = 390,
        height: int = 844,
        path: str = "",
        ready: bool = True,
        service_workers: str = "block",
        url: str | None = None,
        clock: str = "real",
    ):
        if ready and service_workers == "block" and url is None and path == "":
            warm = warm_of(browser, site_url)
            page = warm.page(width, height, "en-US", clock)
            _WATCHES[id(page)] = warm.watch
            return page
        target = url or site_url + path
        context = new_context(
            browser,
            clock,
            viewport={"width": width, "height": height},
            service_workers=service_workers,
        )
        # The machine is shared: navigations can take long when others run tests too.
        context.set_default_navigation_timeout(BOOT_TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        _WATCHES[id(page)] = Watch(origin_of(target)).attach(page)
        page.goto(target)
        if ready:
            page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        return page

    yield open_
    for context in contexts:
        context.close()


@pytest.fixture
def page(open_page):
    return open_page()


@pytest.fixture
def small_page(open_page):
    return open_page(width=360, height=640)


@pytest.fixture
def watch(page) -> Watch:
    return _watch_of(page)


@pytest.fixture
def watch_of() -> Callable[[object], Watch]:
    """``watch_of(page)``: the :class:`Watch` of a page opened by ``open_page``."""
    return _watch_of

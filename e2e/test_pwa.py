"""The site as an offline PWA: first load, offline reload, install criteria, updates,
and the error screen of a boot that fails."""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from e2e.helpers import app_action, install_clock, new_context, save_of, shoot
from tools.browser import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_ARGS, READY, Watch, origin_of
from tools.build import ROOT, build
from tools.serve import SiteServer

# Functions, not bare expressions: Playwright eval()s an expression inside the page,
# which the app's CSP (no 'unsafe-eval') forbids.
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
#: pwa/snapshot.mjs's state: the first start of a build under its service worker
#: makes and stores a memory snapshot, the next ones boot from it.
SNAPSHOT_STORED = 'html[data-snapshot="stored"]'
SNAPSHOT_RESTORED = 'html[data-snapshot="restored"]'
#: Made, not stored.
SNAPSHOT_SKIPPED = 'html[data-snapshot="skipped"]'
#: The snapshot is in the build's cache: stored by this start, or restored from it.
SNAPSHOT_KEPT = f"{SNAPSHOT_STORED}, {SNAPSHOT_RESTORED}"
#: Where the page keeps the snapshot, and whether a cache holds it (without creating
#: the cache, as caches.open would).
SNAPSHOT_IN = """name => caches.match(new URL("pyodide/__snapshot__", document.baseURI).href,
  {cacheName: name}).then(hit => hit !== undefined)"""
BUILD_CACHE = '() => "tapete-" + document.documentElement.dataset.build'
DROP_SNAPSHOT = """name => caches.open(name).then(cache =>
  cache.delete(new URL("pyodide/__snapshot__", document.baseURI).href))"""


def wait_controlled(page) -> None:
    page.wait_for_function(CONTROLLED, timeout=BOOT_TIMEOUT_MS)


def start_under_the_service_worker(page, url: str) -> None:
    """A first visit (plain Pyodide: no service worker's cache yet), then a reload
    under the installed service worker, ready: its snapshot is made and stored."""
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    wait_controlled(page)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def real_profile(playwright, folder: Path, **options):
    """A persistent profile in ``folder``, with the test clock: Chromium never offers
    to install from an incognito profile, which is what a plain Playwright context is."""
    context = playwright.chromium.launch_persistent_context(
        folder, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **options
    )
    install_clock(context)
    context.set_default_navigation_timeout(BOOT_TIMEOUT_MS)
    return context


@pytest.fixture(scope="module")
def first_visit(playwright, site_url, tmp_path_factory: pytest.TempPathFactory):
    """A fresh profile's first visit at 360x640, watched until its service worker
    controls the page: ``(context, page, watch)``. The profile, installed by it, is
    then shared by the snapshot tests (``installed``) and the install check: one
    cold boot for all."""
    folder = tmp_path_factory.mktemp("pwa-profile")
    context = real_profile(playwright, folder, viewport={"width": 360, "height": 640})
    page = context.new_page()
    watch = Watch(origin_of(site_url)).attach(page)
    page.goto(site_url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    # The service worker's install runs right after boot; its downloads count too.
    wait_controlled(page)
    yield context, page, watch
    context.close()


#: The tests that share the module's first visit (its profile, ``installed``) run on
#: one worker of a pytest-xdist run, so that it is booted once.
ON_THE_FIRST_VISIT = pytest.mark.xdist_group("pwa-first-visit")


@ON_THE_FIRST_VISIT
def test_first_load_stays_on_origin_without_errors(first_visit, artifacts: Path) -> None:
    _context, page, watch = first_visit
    if not page.is_closed():
        shoot(page, artifacts, "pwa-first-load", full=False)
    assert watch.requests, "no request was recorded"
    watch.assert_clean()
    # The engine comes as its wheel, which Pyodide installs from the site's own lock;
    # micropip (its wheel, 55 modules to import) is never fetched.
    wheels = [url.rsplit("/", 1)[1] for url in watch.requests if url.endswith(".whl")]
    assert [name.split("-")[0] for name in wheels] == ["tapete"]
    assert not [url for url in watch.requests if "micropip" in url]
    # The script that paints the first screen is in the page (tools/build.py,
    # INLINE_SCRIPTS): no request for it waits behind the runtime's.
    assert not [url for url in watch.requests if url.endswith("/boot.js")]


def test_offline_reload_boots_from_the_service_worker(browser, site_dir: Path) -> None:
    server = SiteServer(site_dir).start()
    context = new_context(browser, viewport={"width": 390, "height": 844})
    context.set_default_navigation_timeout(BOOT_TIMEOUT_MS)
    try:
        page = context.new_page()
        start_under_the_service_worker(page, server.url)
        page.wait_for_selector(SNAPSHOT_KEPT, state="attached", timeout=BOOT_TIMEOUT_MS)
        server.stop()
        # The network is really gone: the port refuses connections, and the browser
        # cannot fetch a file that the service worker does not hold.
        with pytest.raises(urllib.error.URLError):
            urllib.request.urlopen(server.url, timeout=5)
        reached = page.evaluate("fetch('./not-precached.txt').then(() => true, () => false)")
        assert reached is False
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate(CONTROLLED)
        # Offline, the memory snapshot is there too, and the app it restores works:
        # the rules screen reads its page from the app's archive after the restore.
        assert page.get_attribute("html", "data-snapshot") == "restored"
        app_action(page, "rules", "abyss")
        page.wait_for_selector("#app article.prose #r-quick-start")
        # A restored file system holds no engine module the first start did not
        # import; the bot lab imports the arena on first use, from the wheel itself.
        app_action(page, "back")
        app_action(page, "go", "settings")
        app_action(page, "lab", "open")
        page.wait_for_selector(".screen-botlab")
        app_action(page, "lab", "game:dice_bid")
        app_action(page, "lab", "games:10")
        app_action(page, "lab", "run")
        page.wait_for_selector(".lab-results", timeout=BOOT_TIMEOUT_MS)
    finally:
        context.close()
        server.stop()


#: The Cache API refuses the memory snapshot (its quota), as a full phone would. Run
#: in the app's worker, which stores the snapshot (pwa/snapshot.mjs).
CACHE_FULL = """() => {
  const put = Cache.prototype.put;
  Cache.prototype.put = function (request, response) {
    if (String(request.url || request).endsWith("/__snapshot__")) {
      return Promise.reject(new DOMException("full", "QuotaExceededError"));
    }
    return put.call(this, request, response);
  };
}"""


#: The origin's quota has less than twice the snapshot's size (31 MB) free (in the
#: app's worker too).
ROOM_SHORT = """() => {
  StorageManager.prototype.estimate = () => Promise.resolve({usage: 10e6, quota: 60e6});
}"""


@pytest.fixture(scope="module")
def installed(first_visit):
    """A profile whose service worker is installed and controls its pages (after its
    first visit), shared by the snapshot tests: each gets a page of it that starts
    as if this build had made no snapshot yet (``controlled_page``)."""
    context, page, _watch = first_visit
    if not page.is_closed():
        page.close()
    return context


#: No memory snapshot of this build, and no mark of one that failed (pwa/snapshot.mjs).
NO_SNAPSHOT = """name => caches.open(name).then(cache =>
  cache.delete(new URL("pyodide/__snapshot__", document.baseURI).href)).then(() =>
  localStorage.removeItem("tapete-snapshot"))"""


@pytest.fixture
def controlled_page(installed):
    """``(page, start)``: a new page of the installed profile; ``start(url, script,
    in_worker)`` adds the init script and opens ``url``, controlled by the service
    worker, ready.
    Afterwards the build has no snapshot again, nor any mark of one."""
    page = installed.new_page()

    def start(url: str, script: str = "", in_worker: str = "") -> None:
        """``script``: the page's init script; ``in_worker``: a function run in the
        app's worker as soon as it starts (seconds before the first screen, and so
        before the page asks the worker to store its snapshot)."""
        if script:
            page.add_init_script(script=script)
        if in_worker:
            with page.expect_worker() as started:
                page.goto(url, wait_until="commit")
            started.value.evaluate(in_worker)
        else:
            page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate(CONTROLLED)

    yield page, start
    page.evaluate(NO_SNAPSHOT, page.evaluate(BUILD_CACHE))
    page.close()


@ON_THE_FIRST_VISIT
@pytest.mark.parametrize("full", [CACHE_FULL, ROOM_SHORT], ids=["refused", "room-short"])
def test_a_snapshot_not_stored_is_not_made_at_every_start(controlled_page, site_url, full) -> None:
    """The Cache API's quota refuses the 31 MB snapshot, or the origin has less than
    twice its size free (a stored snapshot could block the next update's install): it
    is not stored, and the next start boots plain Pyodide (data-snapshot "off") instead
    of making it again for nothing."""
    page, start = controlled_page
    start(site_url, in_worker=full)
    page.wait_for_selector(SNAPSHOT_SKIPPED, state="attached", timeout=BOOT_TIMEOUT_MS)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-snapshot") == "off"


#: Once, when the page asked for it (localStorage "at-ready"), web/shell/page.js's
#: setAttribute("data-ready") is changed: "hold" never sets it (a start that ends
#: before the app is ready, as when the player reloads or closes the page mid-boot).
AT_READY_ONCE = """(() => {
  const set = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    const change = name === "data-ready" && localStorage.getItem("at-ready");
    if (!change) return set.call(this, name, value);
    localStorage.removeItem("at-ready");
    window.readyChanged = change;
  };
})();"""


def cut_short_restored_start(page) -> None:
    """Reload into a restored start that never gets ready."""
    page.evaluate("() => localStorage.setItem('at-ready', 'hold')")
    page.reload()
    page.wait_for_function("() => window.readyChanged === 'hold'", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-snapshot") == "restored"
    assert page.get_attribute("html", "data-ready") is None


@ON_THE_FIRST_VISIT
def test_a_restored_start_cut_short_once_keeps_the_snapshot(controlled_page, site_url) -> None:
    """A reload during a restored boot (before data-ready) does not turn snapshots
    off: the next start restores again. Two such starts in a row (a snapshot that
    crashes every boot) turn them off: the next start boots plain Pyodide, ready."""
    page, start = controlled_page
    start(site_url, AT_READY_ONCE)
    page.wait_for_selector(SNAPSHOT_KEPT, state="attached", timeout=BOOT_TIMEOUT_MS)
    cut_short_restored_start(page)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-snapshot") == "restored"
    cut_short_restored_start(page)
    cut_short_restored_start(page)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.get_attribute("html", "data-snapshot") == "off"


@ON_THE_FIRST_VISIT
def test_manifest_meets_install_criteria(installed, site_url: str, site_dir: Path) -> None:
    page = installed.new_page()
    try:
        page.goto(site_url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        wait_controlled(page)
        cdp = installed.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
        parsed = cdp.send("Page.getAppManifest")
        assert parsed["errors"] == []
        touch = page.get_attribute("link[rel=apple-touch-icon]", "href")
    finally:
        page.close()

    manifest = json.loads((site_dir / "manifest.webmanifest").read_text())
    for key in ("name", "short_name", "description", "start_url", "scope"):
        assert manifest[key]
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]
    for icon in manifest["icons"]:
        declared = tuple(int(n) for n in icon["sizes"].split("x"))
        assert icon["type"] == "image/png"
        assert png_size((site_dir / icon["src"]).read_bytes()) == declared, icon["src"]
    offered = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= offered
    assert png_size((site_dir / touch).read_bytes()) == (180, 180)


#: What the new version says on the home screen, in every language.
NEW_TAGLINE = "A new version of the card table."


def copy_of_sources(target: Path) -> Path:
    """What tools/build.py builds the site from, copied into ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    for name in ("index.html", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, target / name)
    ignore = shutil.ignore_patterns("__pycache__")
    for folder in ("engine", "web", "pwa"):
        shutil.copytree(ROOT / folder, target / folder, ignore=ignore)
    return target


def changed_copy_of_sources(target: Path) -> Path:
    """The sources of the site with one thing changed: the home screen's tagline in
    the UI's catalogs (which the site ships inside its Python archive)."""
    copy_of_sources(target)
    for lang in ("en", "es", "fr"):
        catalog = target / "web" / "core" / "i18n" / f"{lang}.json"
        strings = json.loads(catalog.read_text(encoding="utf-8"))
        assert strings["app.tagline"] != NEW_TAGLINE
        strings["app.tagline"] = NEW_TAGLINE
        catalog.write_text(json.dumps(strings, ensure_ascii=False), encoding="utf-8")
    return target


def build_aside(dist: Path, src: Path) -> subprocess.Popen:
    """Start building the site from ``src`` into ``dist`` (quick brotli) in another
    process, so that the build runs while the browser boots the version before it;
    :func:`built` waits for it and returns its build id."""
    code = (
        "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]);"
        "from tools.build import build;"
        "print(build(Path(sys.argv[2]), src=Path(sys.argv[3]), quick_brotli=True))"
    )
    args = [sys.executable, "-c", code, str(ROOT), str(dist), str(src)]
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def built(job: subprocess.Popen) -> str:
    output, _ = job.communicate()
    assert job.returncode == 0, f"the build failed:\n{output}"
    return output.strip().splitlines()[-1]


def test_update_prompt_brings_the_new_version(browser, tmp_path: Path) -> None:
    """From a version with the engine inside the app's archive (the builds before the
    engine came as its wheel) to one that installs the wheel: the game in progress and
    the new version's own snapshot survive the change of loading path."""
    # The new version is built aside meanwhile (two cores), and takes the old one's
    # place below.
    upcoming = build_aside(tmp_path / "next", changed_copy_of_sources(tmp_path / "src"))
    served = tmp_path / "site"
    build(served, loader="archive", quick_brotli=True)
    old_build = (served / "index.html").read_text().split('data-build="', 1)[1].split('"')[0]
    server = SiteServer(served).start()
    context = new_context(browser, viewport={"width": 390, "height": 844})
    context.set_default_navigation_timeout(BOOT_TIMEOUT_MS)
    try:
        page = context.new_page()
        start_under_the_service_worker(page, server.url)
        assert page.get_attribute("html", "data-build") == old_build
        page.wait_for_selector(SNAPSHOT_KEPT, state="attached", timeout=BOOT_TIMEOUT_MS)
        app_action(page, "new", "abyss")
        app_action(page, "start")
        page.wait_for_selector("#app main.table")
        saved = save_of(page)
        assert saved is not None

        new_build = built(upcoming)
        assert new_build != old_build
        served.rename(tmp_path / "old")  # the server serves the folder by its name
        (tmp_path / "next").rename(served)
        # Deployed now, as a rebuild in place would be: built while the old version
        # was, its files would look older and the server would answer the browser's
        # update check (If-Modified-Since) with a 304.
        for path in served.rglob("*"):
            os.utime(path)

        # The page still runs the old version; a visit checks for a new service worker.
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert page.get_attribute("html", "data-build") == old_build
        prompt = page.locator("#update")
        prompt.wait_for(state="visible", timeout=BOOT_TIMEOUT_MS)
        # The new version, installed and waiting, deleted the old one's snapshot before
        # its own files went in (room on a small quota); the old files stay for the
        # old page until the player accepts.
        old_cache = f"tapete-{old_build}"
        assert page.evaluate(SNAPSHOT_IN, old_cache) is False
        assert page.evaluate("name => caches.has(name)", old_cache)
        # The app's save hook runs before the reload.
        page.evaluate("window.tapeteBeforeUpdate = () => localStorage.setItem('saved', 'yes')")
        page.click("#update-accept")
        page.wait_for_function(
            f"() => document.documentElement.dataset.build === {new_build!r}",
            timeout=BOOT_TIMEOUT_MS,
        )
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("localStorage.getItem('saved')") == "yes"
        assert page.locator("#update").is_hidden()
        # The game is back, on the engine the wheel brought.
        page.wait_for_selector("#app main.table")
        kept = save_of(page)
        assert kept is not None
        same = ("game", "seed", "players", "started")
        assert {k: kept[k] for k in same} == {k: saved[k] for k in same}
        assert page.get_attribute('meta[name="tapete-loader"]', "content") == "wheel"
        # The old version's memory snapshot is never used by the new one: the new
        # version makes its own, the old one is gone with the old version's cache.
        assert page.get_attribute("html", "data-snapshot") in {"made", "stored"}
        page.wait_for_selector(SNAPSHOT_STORED, state="attached", timeout=BOOT_TIMEOUT_MS)
        names = page.evaluate("() => caches.keys()")
        assert f"tapete-{old_build}" not in names and f"tapete-{new_build}" in names
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert page.get_attribute("html", "data-snapshot") == "restored"
        page.wait_for_selector("#app main.table")
        app_action(page, "home")
        assert page.locator("#app .tagline").inner_text() == NEW_TAGLINE
    finally:
        context.close()
        server.stop()
        if upcoming.poll() is None:
            upcoming.kill()
            upcoming.wait()


def test_a_python_error_at_boot_names_its_file_and_line(browser, tmp_path: Path) -> None:
    # The site ships bytecode without sources: a traceback has no source lines, so
    # the error screen must say which file and line raised.
    sources = copy_of_sources(tmp_path / "src")
    init = sources / "web" / "__init__.py"
    text = init.read_text().rstrip("\n") + "\n"
    # Only in the browser: the build itself imports web/ on CPython (the prerendered
    # home screen), and the memory snapshot's imports meet the error first there.
    broken = [
        "import sys",
        'if sys.platform == "emscripten":',
        '    raise ValueError("the table fell over")',
    ]
    init.write_text(text + "\n".join(broken) + "\n")
    line = len(text.splitlines()) + 3
    site = tmp_path / "site"
    build(site, src=sources, compress=False)  # what it sends is not the point here
    server = SiteServer(site).start()
    context = new_context(browser, viewport={"width": 390, "height": 844}, service_workers="block")
    try:
        page = context.new_page()
        page.goto(server.url)
        page.locator("#boot-error").wait_for(state="visible", timeout=BOOT_TIMEOUT_MS)
        detail = page.inner_text("#boot-error-detail")
        assert detail == f"ValueError: the table fell over (web/__init__.py, line {line})"
        assert page.locator("#boot-retry").is_visible()
        assert page.get_attribute("html", "data-ready") is None
    finally:
        context.close()
        server.stop()

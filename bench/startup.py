"""Startup benchmark: Tapete's boot against a bare Pyodide page, in one Chromium.

    python3 bench/startup.py [--dist dist] [--loads 5] [--bare-worker] [--compare-loaders]
                             [--compare-bytecode]
                             [--compare-snapshot] [--also NAME=DIR ...]

Prints figures; it is not a test. In one run and one headless Chromium:

- **bare**: a page that only imports ``loadPyodide`` from the same Pyodide files, calls
  it and runs one line (its own origin: another localhost port, so Tapete's service
  worker never answers for it; the HTTP cache serves it warm).
- **bare worker** (``--bare-worker``): the same in a module worker the page starts
  (``data-ready`` when the worker's answer comes back): what the app's start in PyScript's
  worker compares with.
- **tapete**: ``index.html`` until ``html[data-ready]`` (the first screen interactive).

Cold: a fresh browser context (empty caches) per load. Warm: one context per page,
primed once (for Tapete: until the service worker controls the page and has
precached), then reloaded. Loads alternate between the pages so that the machine's
load hits both alike. Reported: medians, warm and cold ratios, the shell's first paint,
and the bytes a cold load transfers, split into Pyodide/PyScript and Tapete's own.
Also, per Tapete page: the first usable home screen ("New game" in the page
and painted: its tap is kept before Python), cold (fresh context) and warm (reload,
HTTP cache), with ``pyodide.asm.wasm`` held back by a route so that no Python runs
(service workers blocked: a route does not see a service worker's fetches); and a game
in progress back on screen (``#app main.table``) after a warm reload (service worker).
``--slowdown 1,4,6`` measures every page at each CPU slowdown (a phone's speed:
bench/phone.py), loads of all the rates interleaved, and ends with each throttled
figure against the same page's 1x figure of the run.
``--compare-snapshot`` also builds the site without the memory snapshot (tools/build.py
``--no-snapshot``). ``--compare-bytecode`` also builds the site with sources instead of
bytecode in its archive; ``--compare-loaders`` also builds the site with the other
loader (see tools/build.py: the engine's wheel installed from Pyodide's lock, or its
bytecode in the app's archive) and measures it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from bench.phone import load_average, parse_rates, ratio, set_rate, slow_down  # noqa: E402
from tools.browser import READY, launch  # noqa: E402
from tools.build import build  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

BARE_PAGE = """<!doctype html>
<meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "./pyodide/" });
pyodide.runPython("import sys; sys.version");
document.documentElement.setAttribute("data-ready", "");
</script>
"""

BARE_WORKER_PAGE = """<!doctype html>
<meta charset="utf-8"><title>bare Pyodide worker</title>
<script type="module">
const worker = new Worker("./bare-worker.mjs", { type: "module" });
worker.onmessage = () => document.documentElement.setAttribute("data-ready", "");
</script>
"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
postMessage(pyodide.runPython("import sys; sys.version"));
"""

# Runs before any page script (Playwright injects it through devtools, so the app's
# CSP does not apply): when data-ready appears, note the time since navigation start.
READY_CLOCK = """
// The document has no <html> element yet when this runs: watch the whole tree.
new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (root && root.hasAttribute("data-ready")) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, attributeFilter: ["data-ready"], subtree: true });
"""

# When the first usable screens appear (a MutationObserver over the whole document;
# usable also means painted: see usable_home).
SEEN_CLOCK = """
window.__seen = {};
const WATCH = { home: '#app [data-action="new"]', table: "#app main.table" };
new MutationObserver(() => {
  for (const [name, selector] of Object.entries(WATCH)) {
    if (!(name in window.__seen) && document.querySelector(selector)) {
      window.__seen[name] = performance.now();
    }
  }
}).observe(document, { childList: true, subtree: true });
"""

FIRST_CONTENTFUL_PAINT = """() => {
  const paint = performance.getEntriesByType("paint")
    .find((e) => e.name === "first-contentful-paint");
  return paint ? paint.startTime : null;
}"""

FIRST_PAINT = """() => {
  const paint = performance.getEntriesByType("paint").find((e) => e.name === "first-paint");
  return paint ? paint.startTime : null;
}"""

RUNTIME_PREFIXES = ("/pyodide/", "/pyscript/")


@dataclass
class Page:
    name: str
    directory: Path
    #: The CPU slowdown every page of this subject runs under (bench/phone.py).
    rate: int = 1
    #: A bare Pyodide page (in the page or in a worker), not Tapete.
    bare: bool = False
    server: SiteServer | None = None
    cold: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    paint_cold: list[float] = field(default_factory=list)
    paint_warm: list[float] = field(default_factory=list)
    home_cold: list[float] = field(default_factory=list)
    home_warm: list[float] = field(default_factory=list)
    table_warm: list[float] = field(default_factory=list)
    table_ready_warm: list[float] = field(default_factory=list)
    bytes_runtime: int = 0
    bytes_own: int = 0
    #: Path -> bytes sent, of every request of a cold load up to data-ready.
    files: dict[str, int] = field(default_factory=dict)


def load(page, url: str) -> tuple[float, float | None]:
    """Navigate, wait for data-ready; return (seconds to ready, first paint seconds)."""
    page.goto(url, wait_until="commit")
    page.wait_for_selector(READY, state="attached")
    ready_at = page.evaluate("() => window.__readyAt")
    paint = page.evaluate(FIRST_PAINT)
    return ready_at / 1000, (paint / 1000 if paint is not None else None)


def new_context(browser, service_workers: str = "allow"):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, service_workers=service_workers
    )
    context.add_init_script(READY_CLOCK)
    context.add_init_script(SEEN_CLOCK)
    return context


#: How long to wait for a screen that Python would draw, with Python held back.
HELD_TIMEOUT_MS = 5_000
WASM = "**/pyodide/pyodide.asm.wasm"


def usable_home(page, rate: int) -> float:
    """Seconds from navigation to the home screen usable: its "New game" button in
    the page and painted (NaN: not before Python; the wait grows with the slowdown)."""
    try:
        page.wait_for_selector('#app [data-action="new"]', timeout=HELD_TIMEOUT_MS * rate)
    except PlaywrightTimeout:
        return float("nan")
    page.wait_for_function(f"() => ({FIRST_CONTENTFUL_PAINT})() !== null")
    seen = page.evaluate("() => window.__seen.home")
    paint = page.evaluate(FIRST_CONTENTFUL_PAINT)
    return max(seen, paint or 0) / 1000


def measure_home(browser, subject: Page) -> None:
    """Home screen with the wasm held back: cold (fresh context), then warm (reload)."""
    context = new_context(browser, service_workers="block")
    held = []
    try:
        page = context.new_page()
        slow_down(page, subject.rate)
        page.route(WASM, lambda route: held.append(route))
        page.goto(subject.server.url, wait_until="commit")
        subject.home_cold.append(usable_home(page, subject.rate))
        page.reload(wait_until="commit")
        subject.home_warm.append(usable_home(page, subject.rate))
        page.unroute_all(behavior="ignoreErrors")
    finally:
        context.close()


def start_game(page) -> None:
    """A game in progress: Abyss started from the home screen with its defaults, as a
    player does (a save record written by the test would tie it to one save format,
    and the baseline may be an older version)."""
    for selector in ('[data-action="new"][data-arg="abyss"]', '[data-action="start"]'):
        page.click(f"#app {selector}")
    page.wait_for_selector("#app main.table")


def measure_table(page, subject: Page) -> None:
    """A warm reload with a game in progress: when its table is on screen, and ready."""
    page.reload(wait_until="commit")
    page.wait_for_selector("#app main.table")
    page.wait_for_selector(READY, state="attached")
    seen = page.evaluate("() => window.__seen.table")
    paint = page.evaluate(FIRST_CONTENTFUL_PAINT)
    subject.table_warm.append(max(seen, paint or 0) / 1000)
    subject.table_ready_warm.append(page.evaluate("() => window.__readyAt") / 1000)


def measure_cold(browser, subject: Page, count_bytes: bool) -> None:
    # The load that counts bytes runs without a service worker: its precaching starts
    # at data-ready and would mix with the boot's own requests.
    context = new_context(browser, service_workers="block" if count_bytes else "allow")
    try:
        subject.server.log.clear()
        page = context.new_page()
        slow_down(page, subject.rate)
        seconds, paint = load(page, subject.server.url)
        hits = subject.server.log.snapshot()
        subject.cold.append(seconds)
        if paint is not None:
            subject.paint_cold.append(paint)
        if count_bytes:
            runtime = own = 0
            files: dict[str, int] = {}
            for hit in hits:
                if hit.path.startswith(RUNTIME_PREFIXES):
                    runtime += hit.size
                else:
                    own += hit.size
                files[hit.path] = files.get(hit.path, 0) + hit.size
            subject.bytes_runtime, subject.bytes_own, subject.files = runtime, own, files
    finally:
        context.close()


def prime(browser, subject: Page):
    context = new_context(browser)
    page = context.new_page()
    slow_down(page, subject.rate)
    load(page, subject.server.url)
    if not subject.bare:
        # Warm means the service worker holds the whole site and controls the page.
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        load(page, subject.server.url)
        # The first controlled start makes the memory snapshot and stores it after
        # data-ready (pwa/snapshot.mjs): wait for it, or the first warm load would
        # make it again instead of restoring it. Builds without one never mark it.
        page.wait_for_function("() => document.documentElement.dataset.snapshot !== 'made'")
    # It waits unthrottled until it is measured (bench/phone.py: set_rate).
    set_rate(page, 1)
    return context, page


def fmt(seconds: float) -> str:
    return "-" if seconds != seconds else f"{seconds:.3f}"  # NaN: no paint to time


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def kb(n: int) -> str:
    return f"{n / 1024:,.0f} KB"


def on_disk(directory: Path, path: str) -> Path:
    file = directory / path.lstrip("/").split("?", 1)[0]
    return directory / "index.html" if file.is_dir() or not file.exists() else file


#: How a host may send the site: as it is, its precompressed .gz files (any host that
#: serves them), its .br files (brotli: tools/serve.py, a host that serves them).
CODINGS = {"plain": "", "gzip": ".gz", "br": ".br"}


def weight(file: Path, suffix: str) -> int:
    """The bytes of ``file`` from a host that sends its ``suffix`` variant where the
    build wrote one (tools/fastboot.py), else the file as it is."""
    variant = file.with_name(file.name + suffix)
    return (variant if suffix and variant.is_file() else file).stat().st_size


def archive_parts(file: Path) -> dict[str, int]:
    """Compressed bytes in a zip archive, by kind of entry."""
    parts: dict[str, int] = {}
    with zipfile.ZipFile(file) as archive:
        for info in archive.infolist():
            top = info.filename.split("/", 1)[0]
            kind = info.filename.rsplit(".", 1)[-1]
            key = f"{top}/ .{kind}"
            parts[key] = parts.get(key, 0) + info.compress_size
    return parts


def report(subjects: list[Page]) -> None:
    bare = subjects[0]
    print()
    print(f"{'page':<32}{'cold s':>8}{'warm s':>8}{'cold/bare':>11}{'warm/bare':>11}"
          f"{'paint cold':>12}{'paint warm':>12}")  # fmt: skip
    for s in subjects:
        cold, warm = median(s.cold), median(s.warm)
        print(
            f"{s.name:<32}{cold:>8.2f}{warm:>8.2f}"
            f"{cold / median(bare.cold):>11.2f}{warm / median(bare.warm):>11.2f}"
            f"{fmt(median(s.paint_cold)):>12}{fmt(median(s.paint_warm)):>12}"
        )
    print()
    print("Python ready (data-ready), warm, against bare Pyodide warm:")
    for s in subjects[1:]:
        print(f"    {s.name:<40} {median(s.warm) / median(bare.warm):.2f}")
    workers = [s for s in subjects if s.bare and s is not bare]
    if workers:
        print()
        print("Python ready, cold, against the bare Pyodide worker's cold boot:")
        for s in subjects:
            if not s.bare:
                print(f"    {s.name:<40} {median(s.cold) / median(workers[0].cold):.2f}")
    apps = [s for s in subjects if not s.bare]
    print()
    print(f"{'page':<32}{'home cold':>11}{'home warm':>11}{'table warm':>12}{'its ready':>11}")
    print("    (home: 'New game' painted, pyodide.asm.wasm held back; table: a game in")
    print("     progress on screen after a warm reload; its ready: data-ready of that reload)")
    for s in apps:
        print(
            f"{s.name:<32}{fmt(median(s.home_cold)):>11}{fmt(median(s.home_warm)):>11}"
            f"{fmt(median(s.table_warm)):>12}{fmt(median(s.table_ready_warm)):>11}"
        )
    print()
    for s in subjects:
        print(f"{s.name}: cold loads {[round(x, 2) for x in s.cold]}")
        print(f"{s.name}: warm loads {[round(x, 2) for x in s.warm]}")
        if not s.bare:
            print(f"{s.name}: home cold {[round(x, 3) for x in s.home_cold]}")
            print(f"{s.name}: home warm {[round(x, 3) for x in s.home_warm]}")
            print(f"{s.name}: table warm {[round(x, 3) for x in s.table_warm]}")
    print()
    for s in apps:
        files = {path: on_disk(s.directory, path) for path in s.files}
        totals = {
            coding: sum(weight(file, suffix) for file in files.values())
            for coding, suffix in CODINGS.items()
        }
        print(
            f"{s.name}: bytes of a cold load up to data-ready: sent {kb(sum(s.files.values()))}"
            f" (Pyodide/PyScript {kb(s.bytes_runtime)}, Tapete's own {kb(s.bytes_own)});"
            f" from a host that sends " + ", ".join(f"{c} {kb(n)}" for c, n in totals.items())
        )
        print(f"    {'sent':>9}" + "".join(f" {coding:>9}" for coding in CODINGS))
        for path, size in sorted(s.files.items(), key=lambda item: -item[1]):
            file = files[path]
            sizes = "".join(f" {weight(file, suffix):>9,}" for suffix in CODINGS.values())
            print(f"    {size:>9,}{sizes} {path}")
            if file.suffix in {".zip", ".whl"} and not path.startswith(RUNTIME_PREFIXES):
                for part, packed in sorted(archive_parts(file).items()):
                    print(f"    {packed:>9,} {'':>9}   {part}")


def report_slowdowns(subjects: list[Page]) -> None:
    """Each throttled page's medians beside its own 1x medians of the run."""
    base = {s.name: s for s in subjects if s.rate == 1}
    print()
    print("At a phone's speed (CPU slowdown), medians in s and against the same page at 1x:")
    columns = ("cold", "warm", "home_cold", "home_warm", "table_warm")
    print(f"{'page':<40}" + "".join(f"{c.replace('_', ' '):>17}" for c in columns))
    for s in subjects:
        one = base[s.name]
        cells = []
        for column in columns:
            value, at_1x = median(getattr(s, column)), median(getattr(one, column))
            cells.append(f"{fmt(value)} ({ratio(value, at_1x):>5})")
        print(f"{s.name + f' @{s.rate}x':<40}" + "".join(f"{c:>17}" for c in cells))
    bares = {s.rate: s for s in subjects if s.name == "bare"}
    workers = {s.rate: s for s in subjects if s.name == "bare worker"}
    print()
    print("Python ready against bare Pyodide at the same slowdown (cold / warm):")
    for s in subjects:
        if s.name != "bare":
            bare = bares[s.rate]
            print(
                f"    {s.name + f' @{s.rate}x':<40} {median(s.cold) / median(bare.cold):.2f}"
                f" / {median(s.warm) / median(bare.warm):.2f}"
            )
    if workers:
        print("Python ready, cold, against the bare Pyodide worker at the same slowdown:")
        for s in subjects:
            if not s.bare:
                against = median(s.cold) / median(workers[s.rate].cold)
                print(f"    {s.name + f' @{s.rate}x':<40} {against:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--loads", type=int, default=5, help="loads per page, cold and warm")
    parser.add_argument("--compare-loaders", action="store_true")
    parser.add_argument(
        "--bare-worker", action="store_true", help="also bare Pyodide in a module worker"
    )
    parser.add_argument(
        "--compare-snapshot", action="store_true", help="also the site without memory snapshot"
    )
    parser.add_argument(
        "--compare-bytecode", action="store_true", help="also the site with sources, no .pyc"
    )
    parser.add_argument(
        "--also",
        action="append",
        default=[],
        metavar="NAME=DIR",
        help="also a site built elsewhere (e.g. an older version), under that name",
    )
    parser.add_argument(
        "--slowdown", default="1", help="CPU slowdowns to measure at, e.g. 1,4,6 (1 first)"
    )
    args = parser.parse_args()
    rates = parse_rates(args.slowdown)
    if not (args.dist / "index.html").exists():
        raise SystemExit(f"{args.dist} has no index.html: run `make build`")

    with tempfile.TemporaryDirectory() as tmp:
        bare_dir = Path(tmp) / "bare"
        bare_dir.mkdir()
        (bare_dir / "index.html").write_text(BARE_PAGE)
        (bare_dir / "pyodide").symlink_to(args.dist.resolve() / "pyodide")
        shipped = (args.dist / "index.html").read_text()
        loader = shipped.split('name="tapete-loader" content="', 1)[1].split('"', 1)[0]
        subjects = [Page("bare", bare_dir, bare=True)]
        if args.bare_worker:
            worker_dir = Path(tmp) / "bare-worker"
            worker_dir.mkdir()
            (worker_dir / "index.html").write_text(BARE_WORKER_PAGE)
            (worker_dir / "bare-worker.mjs").write_text(BARE_WORKER)
            (worker_dir / "pyodide").symlink_to(args.dist.resolve() / "pyodide")
            subjects.append(Page("bare worker", worker_dir, bare=True))
        subjects.append(Page(f"tapete ({loader})", args.dist))
        if args.compare_bytecode:
            folder = Path(tmp) / "sources-only"
            build(folder, loader=loader, bytecode=False)
            subjects.append(Page(f"tapete ({loader}, sources)", folder))
        if args.compare_snapshot:
            folder = Path(tmp) / "no-snapshot"
            build(folder, loader=loader, snapshot=False)
            subjects.append(Page(f"tapete ({loader}, no snapshot)", folder))
        if args.compare_loaders:
            for other in ("archive", "wheel"):
                if other != loader:
                    folder = Path(tmp) / other
                    build(folder, loader=other)
                    subjects.append(Page(f"tapete ({other})", folder))

        for other in args.also:
            name, _, folder = other.partition("=")
            subjects.append(Page(name, Path(folder)))

        subjects += [
            Page(s.name, s.directory, rate=rate, bare=s.bare)
            for rate in rates[1:]
            for s in list(subjects)
        ]
        for subject in subjects:
            subject.server = SiteServer(subject.directory).start()
        try:
            with sync_playwright() as playwright:
                browser = launch(playwright)
                start = time.time()
                tapetes = [s for s in subjects if not s.bare]
                for i in range(args.loads):
                    for subject in subjects:
                        measure_cold(browser, subject, count_bytes=i == 0)
                    for subject in tapetes:
                        measure_home(browser, subject)
                warm = [(subject, *prime(browser, subject)) for subject in subjects]
                for _ in range(args.loads):
                    for subject, _context, page in warm:
                        set_rate(page, subject.rate)
                        seconds, paint = load(page, subject.server.url)
                        set_rate(page, 1)
                        subject.warm.append(seconds)
                        if paint is not None:
                            subject.paint_warm.append(paint)
                apps = [(s, c, p) for s, c, p in warm if not s.bare]
                for _subject, _context, page in apps:
                    start_game(page)
                for _ in range(args.loads):
                    for subject, _context, page in apps:
                        set_rate(page, subject.rate)
                        measure_table(page, subject)
                        set_rate(page, 1)
                for _subject, context, _page in warm:
                    context.close()
                browser.close()
                print(f"{len(subjects)} pages, {args.loads} cold + {args.loads} warm loads "
                      f"each, {time.time() - start:.0f} s, load {load_average()}")  # fmt: skip
        finally:
            for subject in subjects:
                subject.server.stop()
        report([s for s in subjects if s.rate == 1])
        if len(rates) > 1:
            report_slowdowns(subjects)


if __name__ == "__main__":
    main()

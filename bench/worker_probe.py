"""Python in a worker, measured before the app moves there: today's main-thread boot
against the app's Python in PyScript's own worker and in a plain module worker.

    make build BUILD_FLAGS=--quick-brotli
    nice -n 15 python3 bench/worker_probe.py --dist dist --loads 3 --slowdown 1,4

Nothing shipped changes: the built site is copied into a temporary folder and three
pages are added beside its ``index.html`` (``probe-pyscript.html``, ``probe-plain.html``
and their scripts, all files, no inline script):

- **main**: ``index.html`` as built, Python on the page's main thread, ready at
  ``html[data-ready]``.
- **pyscript**: PyScript's own worker (the vendored ``PyWorker``, the JavaScript form
  of ``<script type="py" worker>``), configured as the build configures the page (its
  ``<py-config>``: the app's archive in ``files``, the engine wheel in ``packages``,
  ``passthrough``) plus ``sync_main_only``. The CSP is index.html's with
  ``worker-src 'self' blob:`` (PyScript starts its worker from a ``blob:`` URL). The
  worker's Python exports ``start`` (``__export__``) and the page awaits
  ``worker.sync.start()``: no SharedArrayBuffer, no COOP/COEP (tools/serve.py sends none).
- **plain**: a module worker (``new Worker(url, {type: "module"})``, today's CSP
  unchanged) that imports Pyodide itself and answers a message.

Both workers run the same Python: the app's archive on ``sys.path``, ``MidEnd(App(...))``
built (memory storage: the page's ``localStorage`` stays on the page) and its first
frame's HTML returned, which the page puts in ``#app``; then the page sets
``data-ready``. Both load Pyodide through the same worker-safe copy of
``pwa/snapshot.mjs``'s steps (``_makeSnapshot``, the wheel unpacked by zipfile, the
boot's modules imported, ``makeMemorySnapshot``; later ``_loadSnapshot`` and the wheel
reached again), without its page-only guards (``document``, ``localStorage``): as
today, a start makes a snapshot only once the service worker's cache of this build
exists, and stores it (the Cache API, from the worker) after the page is ready; later
starts restore it. ``web.shell`` modules are left out of the snapshot's imports: they
are the page's glue (``web/shell/page.js`` reads ``js.document``), which stays on the page.

Loads alternate between the three pages at each CPU slowdown (bench/phone.py).
**First visit**: a fresh context (no cache, no service worker), to Python ready.
**Warm**: a primed context (the service worker controls the page, the snapshot stored),
reloaded. For each load, the page's longest main-thread task up to ready
(PerformanceObserver ``longtask``; 0 when none reached 50 ms) and the snapshot's state
the worker reports. Prints medians with the single loads and, per rate, the ratio of the
two workers' first visits; it is not a test.

Chromium's CPU throttling slows the page's main thread, not a dedicated worker's (a loop
ran 3.1-3.5x slower on the page at 4x, 1.1-1.3x in a worker): at 4x, a worker's Python
runs at about the machine's speed, so compare the workers at 1x and read 4x for the page's
longest task. Chromium's processes do not keep the bench's ``nice``: on a shared machine,
renice them by PID.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import shutil
import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from phone import load_average, parse_rates, set_rate, slow_down  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tools.browser import launch  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

#: Installed before any page script: ready's time, and the longest main-thread task
#: (and the blocking time: each long task's part over 50 ms) until ready.
PROBE_CLOCK = """
window.__longest = 0; window.__blocking = 0;
new PerformanceObserver((list) => {
  if (window.__readyAt !== undefined) return;
  for (const entry of list.getEntries()) {
    window.__longest = Math.max(window.__longest, entry.duration);
    window.__blocking += Math.max(0, entry.duration - 50);
  }
}).observe({ type: "longtask", buffered: true });
new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (root && root.hasAttribute("data-ready")) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, attributeFilter: ["data-ready"], subtree: true });
"""

#: Pyodide behind pwa/snapshot.mjs's steps, for a worker (no document, no localStorage):
#: written as pyodide/probe-<variant>.mjs, beside pyodide.mjs (PyScript takes Pyodide's
#: files from the interpreter module's folder).
SNAPSHOT_MODULE = r"""
import { loadPyodide as loadRuntime, version } from "./pyodide.mjs";
export { version };
const CONFIG = __CONFIG__;
// The site's URLs, absolute: PyScript's worker runs from a blob: URL.
const SITE = new URL("../", import.meta.url);
CONFIG.archive = new URL(CONFIG.archive, SITE).href;
CONFIG.wheels = CONFIG.wheels.map(([url, integrity]) => [new URL(url, SITE).href, integrity]);
const BUILD = __BUILD__;
const KEY = new URL("./__probe_snapshot__/__VARIANT__", import.meta.url).href;
globalThis.probeSnapshot = "off";
// web/core/clock.py reads window.tapeteClock at import (web/shell/clock.js on the page):
// the worker's own clock, the same three calls.
globalThis.window ??= {
  tapeteClock: {
    now: () => performance.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id),
  },
};
let made = null;

async function ownedCache() {
  const name = "tapete-" + BUILD;
  return (await caches.has(name)) ? caches.open(name) : null;
}
function distribution(name) {
  return name.slice(name.lastIndexOf("/") + 1).split("-")[0].replace(/[-_.]+/g, "_").toLowerCase();
}
async function fetchWheel(url, integrity) {
  const response = await fetch(url, { integrity });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return { url, data: new Uint8Array(await response.arrayBuffer()) };
}
function reachWheel(pyodide, { url, data }) {
  const file = `/home/pyodide/wheels/${url.slice(url.lastIndexOf("/") + 1)}`;
  pyodide.FS.mkdirTree("/home/pyodide/wheels");
  pyodide.FS.writeFile(file, data);
  pyodide.runPython([
    "def _reach(wheel):",
    "    import sys, zipfile",
    "    with zipfile.ZipFile(wheel) as archive:",
    "        tops = {n.split('/')[0] for n in archive.namelist() if '.dist-info/' not in n}",
    "    sys.path.append(wheel)",
    "    for name, module in list(sys.modules.items()):",
    "        path = getattr(module, '__path__', None)",
    "        if path is not None and name.split('.')[0] in tops:",
    "            path.append(wheel + '/' + name.replace('.', '/'))",
    `_reach(${JSON.stringify(file)})`,
    "del _reach",
  ].join("\n"));
}
async function restore(hit, options) {
  const wheels = Promise.all(CONFIG.wheels.map(([url, integrity]) => fetchWheel(url, integrity)));
  wheels.catch(() => {});
  const own = new Set(CONFIG.wheels.map(([url]) => distribution(url)));
  const rest = { ...options, _loadSnapshot: hit.arrayBuffer() };
  if (options.packages) rest.packages = options.packages.filter((n) => !own.has(distribution(n)));
  const pyodide = await loadRuntime(rest);
  for (const wheel of await wheels) reachWheel(pyodide, wheel);
  pyodide.runPython("import random; random.seed()");
  globalThis.probeSnapshot = "restored";
  return pyodide;
}
const GLOBALS = new Proxy(globalThis, { get: (target, name) => Reflect.get(target, name) });
async function make(options) {
  const { packages, ...rest } = options;
  const pyodide = await loadRuntime({ ...rest, jsglobals: GLOBALS, _makeSnapshot: true });
  const unpacked = new Set();
  try {
    for (const [url, integrity] of CONFIG.wheels) {
      const { data } = await fetchWheel(url, integrity);
      const file = "/tmp/" + url.slice(url.lastIndexOf("/") + 1);
      pyodide.FS.writeFile(file, data);
      pyodide.runPython([
        "import sys, zipfile",
        "site = next(p for p in sys.path if p.endswith('site-packages'))",
        `zipfile.ZipFile(${JSON.stringify(file)}).extractall(site)`,
      ].join("\n"));
      pyodide.FS.unlink(file);
      unpacked.add(distribution(url));
    }
    const response = await fetch(CONFIG.archive);
    if (!response.ok) throw new Error(`${CONFIG.archive}: HTTP ${response.status}`);
    pyodide.FS.mkdirTree(CONFIG.path.slice(0, CONFIG.path.lastIndexOf("/")));
    pyodide.FS.writeFile(CONFIG.path, new Uint8Array(await response.arrayBuffer()));
    pyodide.runPython([
      "import sys, importlib",
      `sys.path.insert(0, ${JSON.stringify(CONFIG.path)})`,
      "importlib.invalidate_caches()",
      ...CONFIG.modules.map((name) => `import ${name}`),
    ].join("\n"));
    made = pyodide.makeMemorySnapshot();
    globalThis.probeSnapshot = "made";
  } catch (error) {
    globalThis.probeSnapshot = "none: " + String((error && error.message) || error).slice(-300);
  }
  pyodide.runPython([
    "import sys",
    "for name in [n for n in sys.modules if n.split('.')[0] in ('engine', 'web', 'js')]:",
    "    del sys.modules[name]",
  ].join("\n"));
  pyodide.registerJsModule("js", globalThis);
  const left = (packages || []).filter((name) => !unpacked.has(distribution(name)));
  if (left.length) await pyodide.loadPackage(left);
  return pyodide;
}
// Called by the worker once the page is ready: the snapshot made at this start, stored.
globalThis.probeStore = async () => {
  if (!made) return globalThis.probeSnapshot;
  const cache = await ownedCache();
  if (!cache) return "skipped";
  const headers = { "Content-Type": "application/octet-stream" };
  await cache.put(KEY, new Response(made, { headers }));
  made = null;
  globalThis.probeSnapshot = "stored";
  return "stored";
};
export async function loadPyodide(options) {
  const cache = await ownedCache();
  if (!cache) return loadRuntime(options);
  const hit = await cache.match(KEY);
  return hit ? restore(hit, options) : make(options);
}
"""

#: The worker's Python, both workers alike: the app's first frame as HTML.
WORKER_PY = """
import json, os, random, sys, importlib
import js
{path!r} in sys.path or sys.path.insert(0, {path!r})
importlib.invalidate_caches()
from web.app.controller import App
from web.app.midend import MidEnd
from web.app.registry import ENTRIES
from web.core import store as _store

_rng = random.Random(os.urandom(16))
mid = None


def start(langs):
    global mid
    state = str(js.probeSnapshot)
    app = App(_store.MemoryStorage(), list(langs), lambda: _rng.randrange(1, 2**53), ENTRIES)
    mid = MidEnd(app)
    return json.dumps({{"html": mid.start().html, "snapshot": state}})


async def store():
    return str(await js.probeStore())


__export__ = ["start", "store"]
"""

#: The page's end of both workers: ready once #app holds the worker's first frame, then
#: the service worker registered (as index.html does at ready) and the snapshot stored.
PAGE_END = """
function shown(answer) {
  const { html, snapshot } = JSON.parse(answer);
  document.getElementById("app").innerHTML = html;
  const shell = document.getElementById("shell");
  if (shell) shell.hidden = true;
  document.documentElement.dataset.probeSnapshot = snapshot;
  document.documentElement.setAttribute("data-ready", "");
}
async function after(store) {
  if ("serviceWorker" in navigator) await navigator.serviceWorker.register("./sw.js");
  document.documentElement.dataset.probeStored = await store();
}
const langs = [...(navigator.languages || [navigator.language])];
"""

PYSCRIPT_JS = (
    """
import { PyWorker, hooks } from "./pyscript/core.js";
// As index.html: PyScript's default worker hook would need Function() ('unsafe-eval').
hooks.worker.onBeforeRunAsync.clear();
"""
    + PAGE_END
    + """
// The build's <py-config>, its URLs made absolute: a worker started from a blob: URL
// would resolve relative ones against it.
const base = new URL("./", location.href).href;
const config = __CONFIG__;
config.interpreter = base + "pyodide/probe-pyscript.mjs";
config.files = Object.fromEntries(
  Object.entries(config.files).map(([url, path]) => [new URL(url, base).href, path]),
);
config.sync_main_only = true;
addEventListener("error", (event) => {
  document.documentElement.dataset.probeError = String(event.error || event.message);
});
addEventListener("unhandledrejection", (event) => {
  const reason = event.reason;
  document.documentElement.dataset.probeError = String((reason && reason.message) || reason);
});
// PyWorker resolves once the worker's Python has run (its __export__ on worker.sync).
// `version`: the interpreter module's URL, as PyScript passes a worker script's config.
const worker = await PyWorker(new URL("./probe-app.py", location.href).href, {
  config, version: config.interpreter,
});
shown(await worker.sync.start(langs));
await after(() => worker.sync.store());
"""
)

PLAIN_WORKER = """
import { loadPyodide } from "./pyodide/probe-plain.mjs";
const pyodide = await loadPyodide({ packages: __PACKAGES__ });
const files = __FILES__;
for (const [url, path] of Object.entries(files)) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  pyodide.FS.writeFile(path, new Uint8Array(await response.arrayBuffer()));
}
const code = await (await fetch("./probe-app.py")).text();
pyodide.runPython(code);
const exported = pyodide.globals;
onmessage = async ({ data: [id, name, args] }) => {
  try {
    let value = exported.get(name)(...args);
    if (value && typeof value.then === "function") value = await value;
    postMessage([id, value]);
  } catch (error) {
    postMessage([id, null, String(error)]);
  }
};
postMessage(["ready"]);
"""

PLAIN_JS = (
    PAGE_END
    + """
const worker = new Worker("./probe-plain-worker.mjs", { type: "module" });
const pending = new Map();
let ids = 0;
const ready = new Promise((resolve, reject) => {
  worker.onerror = (event) => {
    document.documentElement.dataset.probeError = String(event.message);
    reject(event);
  };
  worker.onmessage = ({ data: [id, value, error] }) => {
    if (id === "ready") return void resolve();
    const [ok, fail] = pending.get(id);
    pending.delete(id);
    error ? fail(new Error(error)) : ok(value);
  };
});
// What the worker's Python exports, awaited by the page (postMessage, no Atomics).
const call = (name, ...args) => new Promise((ok, fail) => {
  const id = ++ids;
  pending.set(id, [ok, fail]);
  worker.postMessage([id, name, args]);
});
await ready;
shown(await call("start", langs));
await after(() => call("store"));
"""
)

VARIANTS = ("main", "pyscript", "plain")


def write_probe(dist: Path) -> None:
    """Add the two worker pages to the built site in ``dist`` (a copy)."""
    index = (dist / "index.html").read_text()
    build = re.search(r'data-build="([^"]+)"', index).group(1)
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', index).group(1)
    csp = html.unescape(csp)
    found = re.search(r"<py-config hidden>(.*?)</py-config>", index)
    config = json.loads(html.unescape(found.group(1)))
    module = (dist / "pyodide" / "tapete.mjs").read_text()
    snap = json.loads(re.search(r"const CONFIG = (.*?);\n", module, re.S).group(1))
    # web.shell is the page's glue (js.document at import): it stays on the page.
    snap["modules"] = [m for m in snap["modules"] if not m.startswith("web.shell")]
    for variant in ("pyscript", "plain"):
        code = SNAPSHOT_MODULE.replace("__CONFIG__", json.dumps(snap))
        code = code.replace("__BUILD__", json.dumps(build)).replace("__VARIANT__", variant)
        (dist / "pyodide" / f"probe-{variant}.mjs").write_text(code)
    ((archive_url, path),) = config["files"].items()
    (dist / "probe-app.py").write_text(WORKER_PY.format(path=path))
    (dist / "probe-pyscript.js").write_text(PYSCRIPT_JS.replace("__CONFIG__", json.dumps(config)))
    (dist / "probe-plain.js").write_text(PLAIN_JS)
    plain = PLAIN_WORKER.replace("__PACKAGES__", json.dumps(config.get("packages", [])))
    (dist / "probe-plain-worker.mjs").write_text(
        plain.replace("__FILES__", json.dumps({archive_url: path}))
    )
    # PyScript reads one config per interpreter type and loads every plugin of a type
    # without one: index.html's two configs turn the unused ones off (their chunks are not
    # shipped).
    configs = "\n".join(re.findall(r"<(?:py|mpy)-config hidden>.*?</(?:py|mpy)-config>", index))
    shell = re.search(r'(<div id="shell".*?)\n<div id="boot-error"', index, re.S)
    for variant, policy in (
        ("pyscript", csp.replace("worker-src 'self'", "worker-src 'self' blob:")),
        ("plain", csp),
    ):
        page = (
            '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{html.escape(policy)}">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            '<link rel="stylesheet" href="./web/ui/style.css">\n'
            f'<script type="module" src="./probe-{variant}.js"></script>\n'
            f"</head>\n<body>\n{shell.group(1) if shell else ''}\n"
            + (configs if variant == "pyscript" else "")
            + "\n"
            '<div id="app"></div>\n</body>\n</html>\n'
        )
        (dist / f"probe-{variant}.html").write_text(page)
    # The service worker answers every navigation with index.html: not the probe's pages
    # (they and their scripts come from the network; Pyodide, the wheel and the archive
    # from its cache, as for index.html).
    sw = (dist / "sw.js").read_text()
    old = 'if (request.mode === "navigate") {'
    if old not in sw:
        raise SystemExit("bench: sw.js's navigation fallback changed: update write_probe")
    new = old[:-3] + ' && !request.url.includes("/probe-")) {'
    (dist / "sw.js").write_text(sw.replace(old, new))
    for suffix in (".br", ".gz"):
        (dist / f"sw.js{suffix}").unlink(missing_ok=True)


@dataclass
class Subject:
    variant: str
    rate: int
    cold: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    longest_cold: list[float] = field(default_factory=list)
    longest_warm: list[float] = field(default_factory=list)
    blocking_cold: list[float] = field(default_factory=list)
    blocking_warm: list[float] = field(default_factory=list)
    states: list[str] = field(default_factory=list)
    context: object = None
    page: object = None

    def url(self, base: str) -> str:
        return base + ("" if self.variant == "main" else f"probe-{self.variant}.html")


def new_context(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(PROBE_CLOCK)
    return context


def load(page, url: str) -> tuple[float, float, float, str]:
    """Navigate and wait for ready: (seconds, longest task ms, blocking ms, snapshot)."""
    page.goto(url, wait_until="commit")
    page.wait_for_function(
        "() => document.documentElement && (document.documentElement.hasAttribute('data-ready')"
        " || document.documentElement.dataset.probeError)"
    )
    got = page.evaluate(
        "() => [window.__readyAt, window.__longest, window.__blocking,"
        " document.documentElement.dataset.probeError || null,"
        " document.documentElement.dataset.probeSnapshot"
        " || document.documentElement.dataset.snapshot || '']"
    )
    if got[3]:
        raise SystemExit(f"{url}: {got[3]}")
    return got[0] / 1000, got[1], got[2], got[4]


def prime(browser, subject: Subject, base: str) -> None:
    """A context whose service worker controls the page and holds the snapshot."""
    context = new_context(browser)
    page = context.new_page()
    slow_down(page, subject.rate)
    load(page, subject.url(base))
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    _, _, _, state = load(page, subject.url(base))
    if subject.variant == "main":
        page.wait_for_function("() => document.documentElement.dataset.snapshot !== 'made'")
        state = page.evaluate("() => document.documentElement.dataset.snapshot")
    else:
        page.wait_for_function("() => document.documentElement.dataset.probeStored !== undefined")
        state = page.evaluate("() => document.documentElement.dataset.probeStored")
    subject.states.append(f"primed: {state}")
    set_rate(page, 1)
    subject.context, subject.page = context, page


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def listed(values: list[float]) -> str:
    return ", ".join(f"{v:.2f}" for v in values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--dist", default="dist", help="the built site (make build)")
    parser.add_argument("--loads", type=int, default=3, help="loads per page and kind")
    parser.add_argument("--slowdown", default="1,4", help="CPU slowdowns, e.g. 1,4")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tapete-worker-probe-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(args.dist, site)
        write_probe(site)
        subjects = [Subject(v, r) for r in parse_rates(args.slowdown) for v in VARIANTS]
        with SiteServer(site) as server, sync_playwright() as playwright:
            base = server.url
            browser = launch(playwright)
            print(f"load average before: {load_average()}", flush=True)
            for subject in subjects:
                prime(browser, subject, base)
            for i in range(args.loads):
                for subject in subjects:
                    context = new_context(browser)
                    page = context.new_page()
                    slow_down(page, subject.rate)
                    seconds, longest, blocking, _ = load(page, subject.url(base))
                    context.close()
                    subject.cold.append(seconds)
                    subject.longest_cold.append(longest)
                    subject.blocking_cold.append(blocking)
                    set_rate(subject.page, subject.rate)
                    seconds, longest, blocking, state = load(subject.page, subject.url(base))
                    set_rate(subject.page, 1)
                    subject.warm.append(seconds)
                    subject.longest_warm.append(longest)
                    subject.blocking_warm.append(blocking)
                    subject.states.append(state)
                    print(
                        f"  {i + 1}/{args.loads} {subject.variant} {subject.rate}x: cold"
                        f" {subject.cold[-1]:.3f} s, warm {seconds:.3f} s ({state})",
                        flush=True,
                    )
            print(f"load average after: {load_average()}", flush=True)
            browser.close()
    print(
        "\nvariant  rate  first visit s (loads)  longest task ms  blocking ms"
        "  warm s (loads)  longest task ms  blocking ms"
    )
    for s in subjects:
        print(
            f"{s.variant:8} {s.rate}x   {median(s.cold):.3f} ({listed(s.cold)})"
            f"  {median(s.longest_cold):.0f}  {median(s.blocking_cold):.0f}"
            f"   {median(s.warm):.3f} ({listed(s.warm)})"
            f"  {median(s.longest_warm):.0f}  {median(s.blocking_warm):.0f}"
        )
        print(f"         snapshot: {', '.join(dict.fromkeys(s.states))}")
    for rate in sorted({s.rate for s in subjects}):
        by = {s.variant: s for s in subjects if s.rate == rate}
        ratio = median(by["pyscript"].cold) / median(by["plain"].cold)
        print(f"{rate}x: first visit, PyScript's worker / plain module worker: {ratio:.3f}")


if __name__ == "__main__":
    main()

/* Pyodide with a memory snapshot: what PyScript's worker loads as its interpreter.

   tools/build.py writes this file as pyodide/tapete.mjs (beside pyodide.mjs) with
   __SNAPSHOT__ filled in. index.html starts the app's Python in PyScript's own worker
   (PyWorker) and names this module, by absolute URL, as the worker's interpreter:
   PyScript imports it in the worker and calls its loadPyodide() exactly as it would
   Pyodide's own, so nothing else of PyScript changes (docs/performance.md, "Memory
   snapshot").

   The worker has no document and no localStorage: the page decides (index.html, the
   module that starts the worker) and hands its decision to this module in the query
   of its URL, "?snapshot=<decision>&build=<build id>" (not a fragment: import.meta.url
   has none; the service worker answers this file whatever its query, pwa/sw.js):
   - "restore": this build's service worker's cache holds a snapshot, and the restored
     starts counted in localStorage allow one more;
   - "make": the cache has none yet;
   - "off": plain Pyodide (no service worker's cache of this build, no Cache API, a
     storage that refuses the count, or snapshots turned off for this build).
   This module tells the page what happened by messages (the worker's postMessage, which
   PyScript's own listener passes over): {tapete: "snapshot", state} for
   html[data-snapshot], {tapete: "snapshot-off"} to mark this build "off:<build>",
   {tapete: "progress", detail} for each of PyScript's py:progress stages (in a worker
   without SharedArrayBuffer PyScript does not send them to the page itself).
   globalThis.tapeteSnapshot = {state, store()} is what web/shell/worker.py reads.

   - First start of a build under its service worker: Pyodide boots with
     _makeSnapshot, the app's archive is written into its file system and every module
     web/shell/worker.py imports at load is imported (not web.shell.worker itself, whose
     start builds the app); then the whole wasm memory is copied (makeMemorySnapshot)
     before PyScript or the app touches the interpreter, and kept until store().
   - Later starts of the same build: Pyodide boots from that memory (_loadSnapshot),
     which skips Python's start-up and the app's imports.
   - The snapshot lives in the service worker's cache of this build ("tapete-<build
     id>"), so it is only ever used by the build that made it, and the service worker
     deletes it when a newer version installs (to make room) and the whole cache when
     that version takes over. Pyodide itself refuses a snapshot of another Pyodide build.
   - Only a page the service worker controls makes one, and it is stored (store(), which
     the page asks for once its first screen is up) only into a cache that worker created
     (caches.has, never caches.open, which would bring back, 31 MB at a time, a cache an
     update deleted under an old tab), only while no newer version is installing or
     waiting (it deleted this build's snapshot to make room), and only with twice its
     size free in the origin's quota (navigator.storage).
   - A restored boot that does not reach data-ready leaves a count in localStorage (the
     page writes it before the worker starts and clears it at data-ready); after two such
     starts in a row this build boots without a snapshot from then on, so a bad snapshot
     can never lock the player out, and one reload or closed tab mid-boot does not turn
     it off (RESTORE_TRIES, in index.html).
   - A snapshot that cannot be stored (the Cache API's quota, or too little room) is not
     made again for this build (the "off:<build>" mark, which the page writes).
   - No Cache API (an insecure origin, a private mode that blocks it) or no service
     worker: plain Pyodide. */
/* global caches, postMessage, __SNAPSHOT__ */
import { loadPyodide as loadRuntime, version } from "./pyodide.mjs";

export { version };

// {archive: URL of the app's archive, path: where it lies in Pyodide's file system,
//  modules: what web/shell/worker.py imports at load, wheels: [URL, integrity] of the
//  wheels they need (the engine's)}
const CONFIG = __SNAPSHOT__;
// The site's URLs are relative to the site: PyScript's worker runs from a blob: URL,
// so they are made absolute against this module's own URL (pyodide/ of the site).
const SITE = new URL("../", import.meta.url);
CONFIG.archive = new URL(CONFIG.archive, SITE).href;
CONFIG.wheels = CONFIG.wheels.map(([url, integrity]) => [new URL(url, SITE).href, integrity]);
const ASKED = new URL(import.meta.url).searchParams;
const DECISION = ASKED.get("snapshot") || "off";
const BUILD = ASKED.get("build") || "";
const KEY = new URL("./__snapshot__", import.meta.url).href;
// Free quota wanted before storing, in snapshot sizes.
const ROOM = 2;

function tell(message) {
  try {
    postMessage(message);
  } catch {
    // not in a worker (a test under node): nobody to tell
  }
}

// html[data-snapshot]: "made", then "stored" (first controlled start of a build) or
// "skipped" (not stored: see store), "restored", "none" (could not make one), "off" (no
// Cache API, no service worker's cache of this build, or turned off after a failure).
let made = null;
const snapshot = {
  state: "off",
  decision: DECISION,
  store: () => store(),
};
globalThis.tapeteSnapshot = snapshot;
function mark(state) {
  snapshot.state = state;
  tell({ tapete: "snapshot", state });
}

// PyScript's boot stages, for the page's boot bar.
globalThis.addEventListener?.("py:progress", (event) => {
  tell({ tapete: "progress", detail: String(event.detail) });
});

// Pyodide only warns when a file it needs does not arrive, and then waits forever:
// the page turns a failed request of the worker's into its boot error (it ignores
// them once the app is ready).
const fetchFile = globalThis.fetch;
globalThis.fetch = function (resource, ...rest) {
  const pending = fetchFile.call(globalThis, resource, ...rest);
  const url = String((resource && resource.url) || resource);
  pending.then(
    (response) => response.ok || tell({ tapete: "failed", detail: `${url}: HTTP ${response.status}` }),
    () => tell({ tapete: "failed", detail: `Could not load ${url}` }),
  );
  return pending;
};

// The service worker's cache of this build, or null: never created here.
async function ownedCache() {
  try {
    const name = "tapete-" + BUILD;
    return BUILD && globalThis.caches && (await caches.has(name)) ? await caches.open(name) : null;
  } catch {
    return null;
  }
}

// A newer version is installing or waiting: it deleted this build's snapshot to make
// room for its own files, so do not put 31 MB back beside them. A worker may have no
// navigator.serviceWorker; then a newer version shows as a cache of another build (a
// build's service worker deletes the older caches as it takes over, so while this
// build controls the page any other one is a newer version's).
async function newerVersion() {
  try {
    const container = globalThis.navigator && navigator.serviceWorker;
    if (container) {
      const registration = await container.getRegistration();
      return Boolean(registration && (registration.installing || registration.waiting));
    }
    const own = "tapete-" + BUILD;
    return (await caches.keys()).some((name) => name.startsWith("tapete-") && name !== own);
  } catch {
    return false;
  }
}

// Less than ROOM times `bytes` left in the origin's quota (unknown: room enough).
async function short(bytes) {
  try {
    const { usage, quota } = await navigator.storage.estimate();
    return quota - usage < ROOM * bytes;
  } catch {
    return false;
  }
}

async function restore(cache, options) {
  const hit = await cache.match(KEY);
  if (!hit) return null;
  // The build's wheels (PyScript passes them by name as `packages`): the
  // snapshot holds them imported, so Pyodide does not install them again
  // (fetch, check, unpack into site-packages: a restored start's largest cost at a
  // phone's speed); only their files are reached again, for the imports made later.
  const wheels = Promise.all(CONFIG.wheels.map(([url, integrity]) => fetchWheel(url, integrity)));
  wheels.catch(() => {}); // awaited below, after the restore: no unhandled rejection before
  const own = new Set(CONFIG.wheels.map(([url]) => distribution(url)));
  const rest = { ...options, _loadSnapshot: hit.arrayBuffer() };
  if (options.packages) rest.packages = options.packages.filter((name) => !own.has(distribution(name)));
  try {
    const pyodide = await loadRuntime(rest);
    for (const wheel of await wheels) reachWheel(pyodide, wheel);
    // The snapshot holds the random module's state of the first start: reseed it.
    pyodide.runPython("import random; random.seed()");
    mark("restored");
    return pyodide;
  } catch (error) {
    console.warn("tapete: memory snapshot not usable", error);
    await cache.delete(KEY);
    return null;
  }
}

// With _makeSnapshot, Pyodide wraps the `js` module's globals in a Proxy that records
// access paths (a restored snapshot looks its JavaScript objects up by path again);
// that Proxy calls getters with itself as `this`, which the runtime's own ones may
// refuse ("Illegal invocation"). Reading through one more Proxy that drops the
// receiver makes the imports work; it is only used until the snapshot.
const GLOBALS = new Proxy(globalThis, { get: (target, name) => Reflect.get(target, name) });

// After the snapshot: the app's modules go, and `js` is the worker's own globals again,
// so that web/shell/worker.py imports them afresh against the real objects.
const FORGET = [
  "import sys",
  "for name in [n for n in sys.modules if n.split('.')[0] in ('engine', 'web', 'js')]:",
  "    del sys.modules[name]",
].join("\n");

// The page asks once its first screen is up, not while the boot still needs the CPU.
async function store() {
  if (!made) return snapshot.state;
  const bytes = made;
  made = null;
  // Checked now, not at the start: the service worker may have deleted this build's
  // cache (an update took over) or started a newer version's install since.
  const cache = await ownedCache();
  if (!cache || (await newerVersion())) {
    mark("skipped");
    return "skipped";
  }
  try {
    if (await short(bytes.byteLength)) throw new Error("less than twice its size free");
    const headers = { "Content-Type": "application/octet-stream" };
    await cache.put(KEY, new Response(bytes, { headers }));
    mark("stored");
    return "stored";
  } catch (error) {
    // Not stored (the Cache API's quota: 31 MB): without the mark every start would
    // make one again (the imports twice, the memory copied) for nothing.
    console.warn("tapete: memory snapshot not stored", error);
    tell({ tapete: "snapshot-off" });
    mark("skipped");
    return "skipped";
  }
}

// "tapete" of "./packages/<hash>/tapete-0.1.0-py3-none-any.whl" or of "tapete" (a
// wheel's name and a lock's package name, normalized alike).
function distribution(name) {
  return name.slice(name.lastIndexOf("/") + 1).split("-")[0].replace(/[-_.]+/g, "_").toLowerCase();
}

async function fetchWheel(url, integrity) {
  const response = await fetch(url, { integrity });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return { url, data: new Uint8Array(await response.arrayBuffer()) };
}

// A restored start's file system is a fresh one (a memory snapshot holds the wasm
// memory, not the files), so a module the first start did not import (engine.arena:
// the bot lab imports it on first use) has no file left in site-packages. The wheel
// itself, written as one file, is where zipimport finds it: on sys.path, and inside
// every package the snapshot already imported from it.
const WHEEL_DIR = "/home/pyodide/wheels";

function reachWheel(pyodide, { url, data }) {
  const file = `${WHEEL_DIR}/${url.slice(url.lastIndexOf("/") + 1)}`;
  pyodide.FS.mkdirTree(WHEEL_DIR);
  pyodide.FS.writeFile(file, data);
  pyodide.runPython(
    [
      "def _tapete_reach(wheel):",
      "    import sys, zipfile",
      "    with zipfile.ZipFile(wheel) as archive:",
      "        tops = {n.split('/')[0] for n in archive.namelist() if '.dist-info/' not in n}",
      "    sys.path.append(wheel)",
      "    for name, module in list(sys.modules.items()):",
      "        path = getattr(module, '__path__', None)",
      "        if path is not None and name.split('.')[0] in tops:",
      "            path.append(wheel + '/' + name.replace('.', '/'))",
      `_tapete_reach(${JSON.stringify(file)})`,
      "del _tapete_reach",
    ].join("\n"),
  );
}

// A wheel's modules into site-packages by Python's zipfile, for the imports before the
// snapshot: Pyodide's loadPackage keeps JavaScript state that a snapshot cannot hold
// ("Unexpected hiwire entry"). The fetch checks the same sha256 as the lock's entry.
async function unpackWheel(pyodide, url, integrity) {
  const { data } = await fetchWheel(url, integrity);
  const file = "/tmp/" + url.slice(url.lastIndexOf("/") + 1);
  pyodide.FS.writeFile(file, data);
  pyodide.runPython(
    [
      "import sys, zipfile",
      "site = next(p for p in sys.path if p.endswith('site-packages'))",
      `wheel = zipfile.ZipFile(${JSON.stringify(file)})`,
      "wheel.extractall(site)",
    ].join("\n"),
  );
  pyodide.FS.unlink(file);
}

async function make(options) {
  // The packages PyScript passes are loaded after the snapshot, for the reason in
  // unpackWheel; a wheel of the build unpacked there is not installed again.
  const { packages, ...rest } = options;
  const pyodide = await loadRuntime({ ...rest, jsglobals: GLOBALS, _makeSnapshot: true });
  const unpacked = new Set();
  try {
    for (const [url, integrity] of CONFIG.wheels) {
      await unpackWheel(pyodide, url, integrity);
      unpacked.add(distribution(url));
    }
    const response = await fetch(CONFIG.archive);
    if (!response.ok) throw new Error(`${CONFIG.archive}: HTTP ${response.status}`);
    const data = new Uint8Array(await response.arrayBuffer());
    pyodide.FS.mkdirTree(CONFIG.path.slice(0, CONFIG.path.lastIndexOf("/")));
    pyodide.FS.writeFile(CONFIG.path, data);
    pyodide.runPython(
      [
        "import sys, importlib",
        `${JSON.stringify(CONFIG.path)} in sys.path or sys.path.insert(0, ${JSON.stringify(CONFIG.path)})`,
        "importlib.invalidate_caches()",
        ...CONFIG.modules.map((name) => `import ${name}`),
      ].join("\n"),
    );
    made = pyodide.makeMemorySnapshot();
    mark("made");
  } catch (error) {
    // A module that keeps a JavaScript object at import cannot be snapshot: the app
    // still boots, only without a snapshot.
    console.warn("tapete: no memory snapshot", error);
    mark("none");
  }
  pyodide.runPython(FORGET);
  pyodide.registerJsModule("js", globalThis);
  const left = (packages || []).filter((name) => !unpacked.has(distribution(name)));
  if (left.length) await pyodide.loadPackage(left);
  return pyodide;
}

export async function loadPyodide(options) {
  // Checked again here: the page decided on what it could see; this build's cache may
  // have gone since (an update took over).
  const cache = DECISION === "off" ? null : await ownedCache();
  if (!cache) {
    mark("off");
    return loadRuntime(options);
  }
  return (DECISION === "restore" && (await restore(cache, options))) || make(options);
}

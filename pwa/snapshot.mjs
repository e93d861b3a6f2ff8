/* Pyodide with a memory snapshot: what PyScript loads as its interpreter.

   tools/build.py writes this file as pyodide/tapete.mjs (beside pyodide.mjs) with
   __SNAPSHOT__ filled in, and PyScript's config names it as the "interpreter": PyScript
   imports it and calls its loadPyodide() exactly as it would Pyodide's own, so nothing
   else of PyScript changes (docs/performance.md, "Memory snapshot").

   - First start of a build: Pyodide boots with _makeSnapshot, the app's archive is
     written into its file system and every module web/shell/main.py imports at boot is
     imported (not web.shell.main itself, which draws and binds events); then the whole wasm
     memory is copied (makeMemorySnapshot) before PyScript or the app touches the
     interpreter, and stored in the Cache API once the app is ready.
   - Later starts of the same build: Pyodide boots from that memory (_loadSnapshot),
     which skips Python's start-up and the app's imports.
   - The snapshot lives in the service worker's cache of this build ("tapete-<build
     id>"), so it is only ever used by the build that made it, and the service worker
     deletes it when a newer version installs (to make room) and the whole cache when
     that version takes over. Pyodide itself refuses a snapshot of another Pyodide build.
   - Only a page the service worker controls makes one, and it is stored only into a
     cache that worker created (caches.has, never caches.open, which would bring back,
     31 MB at a time, a cache an update deleted under an old tab), only while no newer
     version is installing or waiting (it deleted this build's snapshot to make room),
     and only with twice its size free in the origin's quota (navigator.storage).
   - A restored boot that does not reach data-ready leaves a count in localStorage;
     after two such starts in a row this build boots without a snapshot from then on,
     so a bad snapshot can never lock the player out, and one reload or closed tab
     mid-boot does not turn it off (see RESTORE_TRIES).
   - A snapshot that cannot be stored (the Cache API's quota, or too little room) is not
     made again for this build (the "off:<build>" mark).
   - No Cache API (an insecure origin, a private mode that blocks it) or no service
     worker: plain Pyodide. */
/* global document, caches, MutationObserver, __SNAPSHOT__ */
import { loadPyodide as loadRuntime, version } from "./pyodide.mjs";

export { version };

// {archive: URL of the app's archive, path: where it lies in Pyodide's file system,
//  modules: what web/shell/main.py imports at boot, wheels: [URL, integrity] of the
//  wheels they need (the engine's)}
const CONFIG = __SNAPSHOT__;
const KEY = new URL("./__snapshot__", import.meta.url).href;
// localStorage: "<build> <n>" while a restored boot runs (n: restored starts in a row
// that did not reach data-ready, this one included), "off:<build>" once turned off.
const GUARD = "tapete-snapshot";
// Restored starts in a row that may end before data-ready. Two, not one: a player who
// reloads or closes the page during a restored boot (nothing wrong with the snapshot)
// must not lose it for good. A count, not a mark cleared on pagehide "when no error was
// seen": a boot that hangs (no error, the player reloads) or a tab the browser kills
// (no pagehide at all) looks the same as an interruption from inside the page, so only
// a count tells a snapshot that keeps failing from one start cut short. A snapshot that
// really crashes costs one more failed start, then plain boots.
const RESTORE_TRIES = 2;
// Free quota wanted before storing, in snapshot sizes.
const ROOM = 2;

const root = document.documentElement;

function whenReady(callback) {
  if (root.hasAttribute("data-ready")) return void callback();
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute("data-ready")) return;
    observer.disconnect();
    callback();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

// html[data-snapshot]: "made", then "stored" (first controlled start of a build) or
// "skipped" (not stored: see store), "restored", "none" (could not make one), "off" (no
// Cache API, no service worker's cache of this build, or turned off after a failure).
function mark(state) {
  root.dataset.snapshot = state;
}

// The service worker's cache of this build, or null: never created here.
async function ownedCache(build) {
  try {
    const name = "tapete-" + build;
    return build && globalThis.caches && (await caches.has(name)) ? await caches.open(name) : null;
  } catch {
    return null;
  }
}

// A newer version is installing or waiting: it deleted this build's snapshot to make
// room for its own files, so do not put 31 MB back beside them.
async function newerVersion() {
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(registration && (registration.installing || registration.waiting));
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

function guard(value) {
  try {
    if (value === undefined) return localStorage.getItem(GUARD);
    if (value === null) localStorage.removeItem(GUARD);
    else localStorage.setItem(GUARD, value);
    return value;
  } catch {
    return "blocked"; // no guard possible, so no snapshot either
  }
}

async function restore(cache, build, tries, options) {
  const hit = await cache.match(KEY);
  if (!hit) {
    if (tries) guard(null); // the count was a deleted snapshot's: the next one starts afresh
    return null;
  }
  guard(`${build} ${tries + 1}`);
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
    whenReady(() => guard(null));
    mark("restored");
    return pyodide;
  } catch (error) {
    console.warn("tapete: memory snapshot not usable", error);
    await cache.delete(KEY);
    guard(null);
    return null;
  }
}

// With _makeSnapshot, Pyodide wraps the `js` module's globals in a Proxy that records
// access paths (a restored snapshot looks its JavaScript objects up by path again);
// that Proxy calls getters with itself as `this`, which the browser's own ones refuse
// ("Illegal invocation": `js.window` is a getter). Reading through one more Proxy that
// drops the receiver makes the imports work; it is only used until the snapshot.
const GLOBALS = new Proxy(globalThis, { get: (target, name) => Reflect.get(target, name) });

// After the snapshot: the app's modules go, and `js` is the page's own globals again,
// so that web/shell/main.py imports them afresh against the real objects.
const FORGET = [
  "import sys",
  "for name in [n for n in sys.modules if n.split('.')[0] in ('engine', 'web', 'js')]:",
  "    del sys.modules[name]",
].join("\n");

async function store(build, snapshot) {
  // Checked now, not at the start: the service worker may have deleted this build's
  // cache (an update took over) or started a newer version's install since.
  const cache = await ownedCache(build);
  if (!cache || (await newerVersion())) return void mark("skipped");
  try {
    if (await short(snapshot.byteLength)) throw new Error("less than twice its size free");
    const headers = { "Content-Type": "application/octet-stream" };
    await cache.put(KEY, new Response(snapshot, { headers }));
    mark("stored");
  } catch (error) {
    // Not stored (the Cache API's quota: 31 MB): without the mark every start would
    // make one again (the imports twice, the memory copied) for nothing.
    console.warn("tapete: memory snapshot not stored", error);
    guard("off:" + build);
    mark("skipped");
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

async function make(build, options) {
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
    const snapshot = pyodide.makeMemorySnapshot();
    mark("made");
    // Stored once the first screen is up, not while the boot still needs the CPU.
    whenReady(() => store(build, snapshot));
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
  const build = root.dataset.build;
  // Only under this build's service worker: its cache is the one place to keep the
  // snapshot, and it is gone with this build (a first visit boots plain Pyodide).
  const controlled = Boolean(globalThis.navigator && navigator.serviceWorker?.controller);
  const cache = controlled ? await ownedCache(build) : null;
  const previous = guard();
  const [owner, count] = (previous || "").split(" ");
  const tries = owner === build ? Number(count) || 0 : 0;
  if (tries >= RESTORE_TRIES) {
    // RESTORE_TRIES restored starts in a row never got ready: do not trust it again.
    guard("off:" + build);
    if (cache) await cache.delete(KEY);
  } else if (previous !== null && owner !== build && previous !== "off:" + build) {
    guard(null); // a mark of an older build
  }
  const retry = owner === build && tries < RESTORE_TRIES;
  if (!cache || (guard() !== null && !retry)) {
    mark("off");
    return loadRuntime(options);
  }
  return (await restore(cache, build, tries, options)) || make(build, options);
}

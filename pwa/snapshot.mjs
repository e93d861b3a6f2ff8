/* Pyodide with a memory snapshot: what PyScript loads as its interpreter.

   tools/build.py writes this file as pyodide/tapete.mjs (beside pyodide.mjs) with
   __SNAPSHOT__ filled in, and PyScript's config names it as the "interpreter": PyScript
   imports it and calls its loadPyodide() exactly as it would Pyodide's own, so nothing
   else of PyScript changes (docs/performance.md, "Memory snapshot").

   - First start of a build: Pyodide boots with _makeSnapshot, the app's archive is
     written into its file system and every module web/main.py imports at boot is
     imported (not web.main itself, which draws and binds events); then the whole wasm
     memory is copied (makeMemorySnapshot) before PyScript or the app touches the
     interpreter, and stored in the Cache API once the app is ready.
   - Later starts of the same build: Pyodide boots from that memory (_loadSnapshot),
     which skips Python's start-up and the app's imports.
   - The snapshot lives in the service worker's cache of this build ("tapete-<build
     id>"), so it is only ever used by the build that made it, and the service worker
     deletes it with that cache when a new version takes over. Pyodide itself refuses
     a snapshot of another Pyodide build.
   - A restored boot that does not reach data-ready (a crash, a reload mid-way) leaves
     a mark in localStorage; the next start then deletes the snapshot, and this build
     boots without one from then on, so a bad snapshot can never lock the player out.
   - A snapshot that cannot be stored (the Cache API's quota) is not made again for this
     build (the same "off:<build>" mark).
   - No Cache API (an insecure origin, a private mode that blocks it): plain Pyodide. */
/* global document, caches, MutationObserver, __SNAPSHOT__ */
import { loadPyodide as loadRuntime, version } from "./pyodide.mjs";

export { version };

// {archive: URL of the app's archive, path: where it lies in Pyodide's file system,
//  modules: what web/main.py imports at boot}
const CONFIG = __SNAPSHOT__;
const KEY = new URL("./__snapshot__", import.meta.url).href;
// localStorage: "<build>" while a restored boot runs, "off:<build>" once one failed.
const GUARD = "tapete-snapshot";

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

// html[data-snapshot]: "made", then "stored" (first start of a build), "restored",
// "none" (could not make one), "off" (no Cache API, or turned off after a failure).
function mark(state) {
  root.dataset.snapshot = state;
}

async function openCache(build) {
  try {
    return build && globalThis.caches ? await caches.open("tapete-" + build) : null;
  } catch {
    return null;
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

async function restore(cache, build, options) {
  const hit = await cache.match(KEY);
  if (!hit) return null;
  guard(build);
  try {
    const pyodide = await loadRuntime({ ...options, _loadSnapshot: hit.arrayBuffer() });
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
// so that web/main.py imports them afresh against the real objects.
const FORGET = [
  "import sys",
  "for name in [n for n in sys.modules if n.split('.')[0] in ('engine', 'web', 'js')]:",
  "    del sys.modules[name]",
].join("\n");

async function make(cache, build, options) {
  const pyodide = await loadRuntime({ ...options, jsglobals: GLOBALS, _makeSnapshot: true });
  try {
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
    whenReady(() => {
      const headers = { "Content-Type": "application/octet-stream" };
      cache.put(KEY, new Response(snapshot, { headers })).then(
        () => mark("stored"),
        (error) => {
          // Not stored (the Cache API's quota: 31 MB): without the mark every start
          // would make one again (the imports twice, the memory copied) for nothing.
          console.warn("tapete: memory snapshot not stored", error);
          guard("off:" + build);
        },
      );
    });
  } catch (error) {
    // A module that keeps a JavaScript object at import cannot be snapshot: the app
    // still boots, only without a snapshot.
    console.warn("tapete: no memory snapshot", error);
    mark("none");
  }
  pyodide.runPython(FORGET);
  pyodide.registerJsModule("js", globalThis);
  return pyodide;
}

export async function loadPyodide(options) {
  const build = root.dataset.build;
  const cache = await openCache(build);
  const previous = guard();
  if (previous === build) {
    // The last start from this snapshot never got ready: do not trust it again.
    guard("off:" + build);
    if (cache) await cache.delete(KEY);
  } else if (previous !== null && previous !== "off:" + build) {
    guard(null); // a mark of an older build
  }
  if (!cache || guard() !== null) {
    mark("off");
    return loadRuntime(options);
  }
  return (await restore(cache, build, options)) || make(cache, build, options);
}

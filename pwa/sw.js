/* Tapete's service worker. tools/build.py fills in the build id and the precache
   list ([path, sha256 prefix] for every file of the site), so the cache name
   changes whenever any file does.

   - install: first delete older versions' memory snapshots (31 MB each: an old
     version's files and snapshot beside the new files could pass a small quota and
     fail this all-or-nothing install at every try), then fetch every file into a new
     cache, all or nothing; a file whose hash is unchanged is copied from the previous
     version's cache instead of downloaded.
   - fetch: cache first, and the cached Response is returned as it is (wrapping it
     in a new Response would lose V8's cache of the compiled wasm); only the snapshot's
     small module is answered anew, under the URL with the page's query it was asked by.
   - Responses are stored as fetched: a host (or tools/serve.py) may send them gzipped
     (Content-Encoding); the cache keeps the decoded body, whose hash is checked.
   - The version's cache also holds Pyodide's memory snapshot of this build, put there
     by the app's worker (pwa/snapshot.mjs), never by this service worker.
   - activate: delete the caches of older versions (their snapshots with them) and take
     control of open pages.
   - a new version waits until the page asks it to take over ("skip-waiting"), which
     the page does once the player accepts the update prompt.
   - WebKit can leave a Cache API call of an installing worker unanswered for good when
     the page reloads just as the install starts (the worker then stays "installing",
     fetches nothing, and every later register or update of the scope waits behind
     it): the install's first cache calls fail after STALL_MS instead, so the install
     fails, and the page registers the worker again (index.html).

   Hand-written on purpose: about 120 lines doing exactly the precache/update protocol of
   README's contract ("Service worker and versions"). A service-worker library (Workbox
   and the like) would ship more code than this file, bring its own build step and cache
   naming, and hide the one behaviour the app relies on: a new version waits for the
   player, and an unchanged file is reused, not downloaded again. */
"use strict";

const BUILD_ID = "__BUILD_ID__";
const PREFIX = "tapete-";
const CACHE = PREFIX + BUILD_ID;
const PRECACHE = __PRECACHE__;
// Each cache keeps its own list, so the next version knows which files it can reuse.
const LIST_KEY = "__precache__.json";
// Where pwa/snapshot.mjs (served as pyodide/tapete.mjs) keeps the memory snapshot.
const SNAPSHOT_KEY = "pyodide/__snapshot__";
// pwa/snapshot.mjs itself, PyScript's worker's interpreter module (tools/fastboot.py).
const SNAPSHOT_MODULE = "pyodide/tapete.mjs";

const scope = self.registration.scope;
const urlOf = (path) => new URL(path, scope).href;
const INDEX = urlOf("index.html");
const INTERPRETER = urlOf(SNAPSHOT_MODULE);

async function digest(response) {
  const bytes = await response.clone().arrayBuffer();
  const hash = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function previousFiles() {
  // path -> [hash, cache name], over the older Tapete caches.
  const known = new Map();
  for (const name of await olderCaches()) {
    const listed = await (await caches.open(name)).match(urlOf(LIST_KEY));
    if (!listed) continue;
    for (const [path, hash] of await listed.json()) known.set(path, [hash, name]);
  }
  return known;
}

async function olderCaches() {
  return (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
}

async function dropOlderSnapshots() {
  // An old page still running keeps its Pyodide in memory; its next start without a
  // snapshot boots plain Pyodide (and does not store one while this version waits).
  for (const name of await olderCaches()) {
    await (await caches.open(name)).delete(urlOf(SNAPSHOT_KEY));
  }
}

// The longest the install's first Cache API calls may go unanswered (see above).
const STALL_MS = 20000;
function inTime(promise, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${STALL_MS} ms`)), STALL_MS);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function fill(cache) {
  const known = await previousFiles();
  await Promise.all(
    PRECACHE.map(async ([path, hash]) => {
      const url = urlOf(path);
      const before = known.get(path);
      if (before && before[0] === hash) {
        const kept = await (await caches.open(before[1])).match(url);
        if (kept) return cache.put(url, kept);
      }
      // "no-cache": revalidate with the server, never trust a stale HTTP cache entry.
      const response = await fetch(new Request(url, { cache: "no-cache" }));
      if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
      // A file changed on the server between the build and now (a deploy in
      // progress): do not install a mix of two versions.
      if (!(await digest(response)).startsWith(hash)) throw new Error(`${path}: not the built file`);
      await cache.put(url, response);
    }),
  );
  await cache.put(urlOf(LIST_KEY), new Response(JSON.stringify(PRECACHE)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await inTime(dropOlderSnapshots(), "the older caches");
      const cache = await inTime(caches.open(CACHE), "the new cache");
      try {
        await fill(cache);
      } catch (error) {
        await caches.delete(CACHE);
        throw error;
      }
      // The very first version has no page to disturb: take over at once.
      const pages = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
      if (!pages.some((page) => page.url && page.url.startsWith(scope)) || !self.registration.active) {
        await self.skipWaiting();
      }
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await olderCaches()) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

let opened = null;
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope)) return;
  event.respondWith(
    (async () => {
      opened = opened || caches.open(CACHE);
      const cache = await opened;
      // The snapshot's module is asked for with the page's decision in its query, which
      // it reads from its own URL: answered under the URL asked for (a new Response
      // has none, so the module's URL is the request's), not the cached one's.
      if (request.url.split("?")[0] === INTERPRETER) {
        const module = await cache.match(request, { ignoreSearch: true });
        if (module) return new Response(module.body, { headers: module.headers });
      }
      const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
      if (hit) return hit;
      // The app's pages: every navigation inside the scope is the single-page app.
      if (request.mode === "navigate") {
        const index = await cache.match(INDEX);
        if (index) return index;
      }
      return fetch(request);
    })(),
  );
});

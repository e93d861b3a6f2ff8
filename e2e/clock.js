// The end-to-end tests' window.tapeteClock: the clock every UI timer and every
// reading of time in web/ goes through (the clock contract: README and
// web/shell/clock.js, which keeps a clock that is already there). The harness adds this
// file to every browser context as an init script, so it is in place before any
// page script runs; e2e/helpers.py drives it.
//
// Modes:
//   real    like web/shell/clock.js: time flows, timers fire when due (on real timers);
//   paused  time stands still and no timer fires until advance(ms) or next();
//   fast    time stands still between timers, and every pending timer fires at
//           once, due-first, one per macrotask (a bot's pause takes no wall time).
// Timers due at the same instant fire in the order they were set. Two taps made
// while the clock is paused or fast happen at the same instant.
//
// The harness calls the function below with the mode a page starts in (every load
// of the context, a reload too, starts in it; in the harness's shared page, the mode
// of its last restart, e2e/hook.js).
(function installTestClock(startMode) {
  "use strict";
  const realNow = performance.now.bind(performance);
  const realSetTimeout = window.setTimeout.bind(window);
  const realClearTimeout = window.clearTimeout.bind(window);

  let mode = "real";
  let offset = 0; // real mode: virtual time = realNow() + offset (continuous across modes)
  let frozen = 0; // paused and fast modes: virtual time
  let lastId = 0;
  let pump = null; // fast mode: the real timer of the next firing
  const timers = new Map(); // id -> {at, fn, handle}; insertion order = setting order

  const now = () => (mode === "real" ? realNow() + offset : frozen);

  function fire(id) {
    const timer = timers.get(id);
    if (timer === undefined) return;
    timers.delete(id);
    if (timer.handle !== null) realClearTimeout(timer.handle);
    timer.fn();
  }

  function arm(id, timer) {
    timer.handle = realSetTimeout(() => {
      timer.handle = null;
      fire(id);
    }, Math.max(0, timer.at - now()));
  }

  /** [id, timer] of the timer due first (among equals, the one set first), or null. */
  function earliest() {
    let best = null;
    for (const entry of timers) {
      if (best === null || entry[1].at < best[1].at) best = entry;
    }
    return best;
  }

  /** Move time to the earliest timer (never backwards) and fire it; false if none. */
  function fireEarliest() {
    const entry = earliest();
    if (entry === null) return false;
    frozen = Math.max(frozen, entry[1].at);
    fire(entry[0]);
    return true;
  }

  function schedulePump() {
    if (mode !== "fast" || pump !== null || timers.size === 0) return;
    pump = realSetTimeout(() => {
      const page = window.tapetePage;
      if (page && page.busy && page.busy()) {
        // the app is answering the last one: the next timer may be one it sets
        page.settled().then(() => {
          pump = null;
          schedulePump();
        });
        return;
      }
      pump = null;
      try {
        if (mode === "fast") fireEarliest();
      } finally {
        schedulePump();
      }
    }, 0);
  }

  function setMode(next) {
    if (!["real", "paused", "fast"].includes(next)) throw new Error(`no clock mode ${next}`);
    const at = now();
    for (const timer of timers.values()) {
      if (timer.handle !== null) realClearTimeout(timer.handle);
      timer.handle = null;
    }
    if (pump !== null) realClearTimeout(pump);
    pump = null;
    mode = next;
    if (mode === "real") {
      offset = at - realNow();
      for (const [id, timer] of timers) arm(id, timer);
    } else {
      frozen = at;
      schedulePump();
    }
  }

  // The app answers a timer's event in its worker, a moment later, and that answer may
  // set the next timer: a test's step of time waits for each answer before it looks
  // for the next timer due (web/shell/page.js, tapetePage.settled; no app: nothing to wait for).
  function answered() {
    const page = window.tapetePage;
    if (!page || !page.settled) return Promise.resolve();
    // An app that never answers fails the test that waits, rather than hang it.
    return new Promise((done, fail) => {
      const limit = realSetTimeout(
        () => fail(new Error("tapeteClock: the app has not answered in 30 s")), 30000);
      page.settled().then(() => { realClearTimeout(limit); done(); });
    });
  }

  async function advanceTo(target) {
    let fired = 0;
    for (;;) {
      await answered();
      const e = earliest();
      if (e === null || e[1].at > target) break;
      fireEarliest();
      fired += 1;
    }
    frozen = Math.max(frozen, target);
    return fired;
  }

  async function nextAnswered() {
    await answered();
    const fired = fireEarliest();
    await answered();
    return fired;
  }

  function stopped(what) {
    if (mode === "real") throw new Error(`tapeteClock.${what}: pause the clock first`);
  }

  window.tapeteClock = {
    // The contract (what web/ uses).
    now,
    setTimeout(fn, ms) {
      const id = ++lastId;
      const timer = { at: now() + Math.max(0, Number(ms) || 0), fn, handle: null };
      timers.set(id, timer);
      if (mode === "real") arm(id, timer);
      else schedulePump();
      return id;
    },
    clearTimeout(id) {
      const timer = timers.get(id);
      if (timer === undefined) return;
      timers.delete(id);
      if (timer.handle !== null) realClearTimeout(timer.handle);
    },
    // The tests' controls.
    testing: true,
    mode: () => mode,
    pause: () => setMode("paused"),
    fast: () => setMode("fast"),
    resume: () => setMode("real"),
    /** Paused or fast: move time on by ms, firing every timer due by then in order
     * (timers the app's answers set meanwhile included); a promise of the number fired,
     * once the app has answered them all (`answers: false`: at once, not waiting). */
    advance(ms, { answers = true } = {}) {
      stopped("advance");
      const target = frozen + Math.max(0, Number(ms) || 0);
      if (answers) return advanceTo(target);
      // Without waiting for the app: the page's own glue tested against a stand-in
      // worker that holds its answers on purpose.
      let fired = 0;
      for (let e = earliest(); e !== null && e[1].at <= target; e = earliest()) {
        fireEarliest();
        fired += 1;
      }
      frozen = target;
      return fired;
    },
    /** Paused or fast: jump to the earliest timer and fire it; a promise of false if
     * none is set, else of true once the app has answered it. */
    next() {
      stopped("next");
      return nextAnswered();
    },
    /** Drop every pending timer (none of them fires), then go on in mode `next`:
     * a restart of the app in place (e2e/hook.js). */
    reset(next) {
      for (const timer of timers.values()) {
        if (timer.handle !== null) realClearTimeout(timer.handle);
      }
      timers.clear();
      setMode(next);
    },
    /** Milliseconds until each pending timer is due, soonest first. */
    pending() {
      const at = now();
      return [...timers.values()].map((t) => t.at - at).sort((a, b) => a - b);
    },
  };
  setMode(startMode);
})

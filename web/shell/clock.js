// window.tapeteClock: the one clock that every UI timer and every reading of time in
// web/ goes through (README, "Clock"; web/core/clock.py is its Python side): now() in
// milliseconds, monotonic; setTimeout(fn, ms) -> id; clearTimeout(id). index.html loads
// this file before Python runs. A clock already there is kept: the end-to-end tests add
// their own (e2e/clock.js) before any page script, so they can stop and move time.
(function () {
  "use strict";
  window.tapeteClock = window.tapeteClock || {
    now: () => performance.now(),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id),
  };
})();

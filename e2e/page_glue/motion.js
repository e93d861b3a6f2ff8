// A stand-in for web/shell/motion.js: records what page.js asks of it; play() answers
// window.tapeteMotion.ms, the animations' length a test chose.
(function () {
  "use strict";
  const calls = [];
  window.tapeteMotion = {
    calls,
    ms: 0,
    before(effects) {
      calls.push(["before", effects]);
    },
    play(speed) {
      calls.push(["play", speed]);
      return window.tapeteMotion.ms;
    },
    finish() {
      calls.push(["finish"]);
    },
  };
})();

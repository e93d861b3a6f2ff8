// The page's half of the e2e harness's restart of the app in place (web/shell/testhook.py
// is the Python half). The harness adds this file to its shared context as an init
// script, after e2e/clock.js: window.tapeteTest exists only in such a page, and
// web/shell/testhook.py offers its restart (tapeteTest.runApp) only where it exists.
//
// tapeteTest.restart({storage, languages, clock}) starts the app again as a boot
// would, with every module already imported: the listeners and idle callbacks that
// Python added go, the test clock drops its timers and takes the mode asked for, any
// animation ends, #app and <html>'s app attributes are emptied, localStorage's
// "tapete." keys become `storage` (null: kept as they are), the browser's languages
// become `languages`; then web.shell.main runs again and sets data-ready. The languages
// and the clock mode hold for later reloads of the page too (sessionStorage).
(function installTestHook() {
  "use strict";
  const KEPT = "tapete-test"; // sessionStorage: {languages, clock} for every load
  let saved;
  try {
    saved = JSON.parse(sessionStorage.getItem(KEPT) || "{}");
  } catch {
    return; // a document with no storage of its own (about:blank): no app to restart
  }

  function setLanguages(languages) {
    if (!languages) return;
    Object.defineProperty(navigator, "languages", { get: () => languages.slice(), configurable: true });
    Object.defineProperty(navigator, "language", { get: () => languages[0], configurable: true });
  }
  setLanguages(saved.languages);

  // Python's listeners (PyProxy functions) on the window and the document, and its
  // idle callbacks: what a restart takes away, as leaving the page would.
  const added = [];
  const isPython = (fn) => typeof fn === "function" && typeof fn.destroy === "function"
    && typeof fn.copy === "function";
  for (const target of [window, document]) {
    const add = target.addEventListener.bind(target);
    target.addEventListener = function (type, listener, options) {
      if (isPython(listener)) added.push([target, type, listener, options]);
      return add(type, listener, options);
    };
  }
  const idle = new Set();
  if (window.requestIdleCallback) {
    const request = window.requestIdleCallback.bind(window);
    window.requestIdleCallback = function (callback, options) {
      if (!isPython(callback)) return request(callback, options);
      const id = request((deadline) => { idle.delete(id); callback(deadline); }, options);
      idle.add(id);
      return id;
    };
  }

  const APP_ATTRIBUTES = ["data-ready", "data-painted", "data-guard", "data-theme",
    "data-motion", "data-sound"];

  window.tapeteTest = {
    // runApp: set by web/shell/testhook.py once the app is up.
    restart({ storage = null, languages = null, clock = null } = {}) {
      if (typeof this.runApp !== "function") throw new Error("tapeteTest: the app offered no restart");
      const kept = JSON.parse(sessionStorage.getItem(KEPT) || "{}");
      if (languages) kept.languages = languages;
      if (clock) kept.clock = clock;
      sessionStorage.setItem(KEPT, JSON.stringify(kept));
      for (const [target, type, listener, options] of added.splice(0)) {
        target.removeEventListener(type, listener, options);
      }
      for (const id of idle) window.cancelIdleCallback(id);
      idle.clear();
      window.tapeteClock.reset(clock || window.tapeteClock.mode());
      if (window.tapeteMotion) window.tapeteMotion.finish();
      if (storage !== null) {
        for (const key of Object.keys(localStorage)) {
          if (key.startsWith("tapete.")) localStorage.removeItem(key);
        }
        for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
      }
      setLanguages(languages);
      const root = document.documentElement;
      for (const name of APP_ATTRIBUTES) root.removeAttribute(name);
      if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
      document.getElementById("app").replaceChildren();
      // what the page said belongs to the app that said it: a boot starts silent
      const said = document.getElementById("said");
      if (said) said.textContent = "";
      window.scrollTo(0, 0);
      // web/shell/main.py pushes one history entry at its start: a restart takes its place.
      const push = history.pushState;
      history.pushState = function (state, title) {
        if (history.state && history.state.tapete) return history.replaceState(state, title);
        return push.call(history, state, title);
      };
      try {
        this.runApp();
      } finally {
        history.pushState = push;
      }
    },
  };
})();

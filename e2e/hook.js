// The page's half of the e2e harness's restart of the app in place. The harness adds
// this file to its shared context as an init script, after e2e/clock.js: window.tapeteTest
// exists only in such a page, and web/shell/page.js offers its restart
// (tapeteTest.runApp) only where it exists.
//
// tapeteTest.restart({storage, languages, clock}) starts the app again as a boot would,
// with the worker already up: the test clock drops its timers and takes the mode asked
// for, any animation ends, #app and <html>'s app attributes are emptied, localStorage's
// "tapete." keys become `storage` (null: kept as they are), the browser's languages
// become `languages`; then runApp sends the worker a new `start` (page.js drops what the
// last run armed or asked for: its timers, its idle callback, its queued events) and
// sets data-ready. The promise it returns settles once the first frame is applied. The
// languages and the clock mode hold for later reloads of the page too (sessionStorage).
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

  const APP_ATTRIBUTES = ["data-ready", "data-painted", "data-guard", "data-theme",
    "data-motion", "data-sound"];

  window.tapeteTest = {
    // runApp: set by web/shell/page.js once the worker is handed to it.
    restart({ storage = null, languages = null, clock = null } = {}) {
      if (typeof this.runApp !== "function") throw new Error("tapeteTest: the app offered no restart");
      const kept = JSON.parse(sessionStorage.getItem(KEPT) || "{}");
      if (languages) kept.languages = languages;
      if (clock) kept.clock = clock;
      sessionStorage.setItem(KEPT, JSON.stringify(kept));
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
      // (page.js's runApp takes the place of the history entry its first run pushed.)
      return this.runApp();
    },
  };
})();

// The page before Python (docs/architecture.md, "Before Python"). index.html runs this
// file right after its boot script (window.tapeteBoot: the language it chose), before
// the first paint, so that a usable screen paints with the shell:
//
// - the screen the last visit kept (web/shell/page.js stores web/app/prerender.py's boot_screen
//   under "tapete.screen" when the page is left or hidden, or idle (web/shell/page.js):
//   what a reload shows, never a private value), if it comes from this very build
//   (html[data-build]) and language;
// - else, with no saved game, the home screen that the build rendered for that
//   language (<template id="tapete-home-LANG">);
// - else nothing: the boot shell shows as before (a saved game opens on its table,
//   which only Python can draw then).
//
// html[data-painted] then turns the shell into a thin progress bar along the top.
// Until Python is ready (html[data-ready]) a tap on a control of the screen is kept:
// the first one only (later ones are ignored, never doubled), shown pressed with a
// spinner; web/shell/page.js calls window.tapeteBoot.replay() once it has drawn the same
// screen, which taps the matching control of Python's page once.
(function () {
  "use strict";
  const root = document.documentElement;
  const app = document.getElementById("app");
  const boot = window.tapeteBoot;
  const KEY = "tapete.screen";
  // What identifies a control across the two drawings of the same screen.
  const MATCH = ["id", "data-action", "data-arg", "data-seat", "data-move"];

  function read(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null; // storage blocked: nothing kept
    }
  }

  function kept() {
    let page;
    try {
      page = JSON.parse(read(KEY) || "null");
    } catch {
      return null; // damaged: not painted (web/shell/page.js writes it again)
    }
    const fits =
      page && page.build === root.getAttribute("data-build") && page.lang === boot.lang;
    return fits && typeof page.html === "string" ? page : null;
  }

  function home() {
    const template = document.getElementById("tapete-home-" + boot.lang);
    if (!template || read("tapete.save") !== null) return null;
    const page = JSON.parse(template.getAttribute("data-page"));
    page.node = template.content.cloneNode(true);
    try {
      const theme = JSON.parse(read("tapete.settings") || "{}").theme;
      if (theme === "light" || theme === "dark") page.theme = theme; // as web/shell/page.js sets it
    } catch {
      // damaged settings: the app sets them aside and uses its defaults
    }
    return page;
  }

  const page = kept() || home();
  if (page) {
    if (page.node) app.replaceChildren(page.node);
    else app.innerHTML = page.html;
    root.lang = page.lang;
    if (page.theme) root.setAttribute("data-theme", page.theme);
    document.title = page.title;
    root.setAttribute("data-painted", "");
  }

  let queued = null;
  document.addEventListener(
    "click",
    (event) => {
      if (root.hasAttribute("data-ready")) return;
      const target = event.target instanceof Element ? event.target.closest("[data-action]") : null;
      if (!target || !app.contains(target)) return;
      event.preventDefault();
      event.stopPropagation();
      if (queued || target.disabled) return;
      queued = MATCH.map((name) => target.getAttribute(name));
      target.setAttribute("data-queued", "");
      target.setAttribute("aria-busy", "true");
    },
    true,
  );

  // Python is up and has drawn its screen: the kept tap, if any, on the control that
  // matches it (none matches if the screen changed meanwhile: then it is dropped).
  boot.replay = () => {
    const tap = queued;
    queued = null;
    if (!tap) return false;
    const found = Array.from(app.querySelectorAll("[data-action]")).find((el) =>
      MATCH.every((name, i) => el.getAttribute(name) === tap[i]),
    );
    if (!found || found.disabled) return false;
    found.click();
    return true;
  };
})();

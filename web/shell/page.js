// STAND-IN for the page's side of the app (owned by the page part; replaced at merge).
// Just enough of the contract (/work/wt/notes/WORKER.md) for the boot to be tested:
// window.tapetePage.run(worker) starts the app in the worker, draws its first frame into
// #app (morphed over what web/shell/boot.js painted), sets html[data-ready], plays the
// tap kept before Python, and afterwards sends taps and the timers frames arm.
(function () {
  "use strict";
  const root = document.documentElement;
  const app = document.getElementById("app");
  let seq = 0;
  let worker = null;

  function storage() {
    try {
      const out = {};
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key && key.startsWith("tapete")) out[key] = localStorage.getItem(key);
      }
      return out;
    } catch {
      return null;
    }
  }

  function apply(text) {
    if (!text) return;
    const frame = JSON.parse(text);
    for (const [key, value] of Object.entries(frame.writes || {})) {
      try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      } catch {
        // the stand-in says nothing of a write that failed
      }
    }
    if (frame.html !== null) window.tapeteSyncContent(app, frame.html);
    if (frame.title) document.title = frame.title;
    for (const [name, value] of Object.entries(frame.attrs || {})) {
      if (value === null) root.removeAttribute(name);
      else root.setAttribute(name, value);
    }
    for (const [kind, ms, token] of frame.timers || []) {
      window.tapeteClock.setTimeout(() => send({ type: "fire", kind, token }), ms);
    }
  }

  async function send(event) {
    event.t = window.tapeteClock.now();
    event.seq = ++seq;
    apply(await worker.sync.dispatch(JSON.stringify(event)));
  }

  function attr(el, name) {
    const value = el.getAttribute(name);
    return value === null ? null : value;
  }

  document.addEventListener("click", (event) => {
    if (!worker || !root.hasAttribute("data-ready")) return;
    const target = event.target instanceof Element ? event.target.closest("[data-action]") : null;
    if (!target || !app.contains(target) || target.disabled) return;
    const move = attr(target, "data-move");
    send({
      type: "click",
      action: attr(target, "data-action"),
      arg: attr(target, "data-arg"),
      seat: move === null ? null : Number(attr(target, "data-seat")),
      move: move === null ? null : Number(move),
      remote: Boolean(target.closest("[data-remote]")),
    });
  });

  window.tapetePage = {
    async run(given) {
      worker = given;
      const init = {
        storage: storage(),
        languages: [...(navigator.languages || [navigator.language])],
        reduced: matchMedia("(prefers-reduced-motion: reduce)").matches,
        painted: root.hasAttribute("data-painted") ? app.innerHTML : null,
        build: root.dataset.build,
        unlinkable: !("RTCPeerConnection" in window),
        t: window.tapeteClock.now(),
      };
      apply(await worker.sync.start(JSON.stringify(init)));
      root.setAttribute("data-ready", "");
      window.tapeteBoot.replay();
    },
  };
})();

// The page's side of Tapete (docs/architecture.md): the app runs in PyScript's worker,
// and this file is all the page does for it. index.html loads it (a same-origin classic
// script, after clock.js and sync.js) and, once the worker is up, calls
// window.tapetePage.run(worker), where worker.sync.start/dispatch/store_snapshot are the
// worker's exports (web/shell/worker.py; the events and frames: web/app/wire.py).
//
// run() sends `start` with what the app needs to know of the page (its storage, the
// browser's languages, reduced motion, the screen web/shell/boot.js painted), applies the
// first frame and sets html[data-ready] (the boot screen's signal); then it forwards every
// event of the page (a tap on a data-action control, a finger down, a field's edit, a
// key, the back button, the page shown or hidden, a file chosen, a timer that fired, a
// link's message, the phones' answers) to the worker as one JSON event, and applies the
// frame it answers: one morph of #app (web/shell/sync.js), <html>'s attributes and the
// title, the focus, the cards' motion, the sounds, the vibrations, the storage writes,
// the timers (window.tapeteClock, each one's firing an event), the phones' requests
// (window.tapetePhones) and the screen a reload would show (web/shell/boot.js reads it).
// Nothing here decides a rule of the app: the frame says what to do.
//
// Events go one at a time: the next is sent only once the last one's frame is applied,
// so frames apply in the order of their events (a finger down, which the app answers
// with nothing, is not waited for: see `pump`). Each carries `t` (the page clock's time,
// read in the event's own task: a tap's time is when the finger came down, however late
// the worker hears of it) and `seq` (the page's running count); each frame names the
// seq of the event it answers, so a frame computed before the last keystroke in the
// field being typed in never puts back what the field held before it.
(function () {
  "use strict";
  const HTML = document.documentElement;
  const SCREEN_KEY = "tapete.screen";
  // The longest a kept screen waits for an idle period (a page that made an AudioContext
  // may get no idle period for seconds).
  const KEEP_WITHIN_MS = 1000;
  // What a Tab may land on inside a dialog.
  const TABBABLE =
    "button:not([disabled]),[href],input:not([disabled]),select:not([disabled])," +
    "textarea:not([disabled]),summary,[tabindex]:not([tabindex='-1'])";

  const clock = () => window.tapeteClock;
  // The system's reduced-motion setting, sent with every event (it may change while the app runs).
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const root = () => document.getElementById("app");

  // -- the state of one run of the app (a restart in place starts it afresh) ----------

  let worker = null;
  let generation = 0; // a restart's number: what an older run armed or asked does nothing
  let seq = 0;
  const queue = []; // events not sent yet: {event, gen, then}
  let sending = false;
  let storageOk = true; // false: localStorage is blocked (the app plays without saving)
  let keys = { Escape: false, Enter: [] }; // the last frame's keys: the app's, not the browser's
  let backLeaves = true; // the last frame's: the browser's Back leaves the app
  let page = {}; // what <html> carries now (name -> value; "title"): changes only
  let opener = []; // the control that opened the dialog on screen (see moveFocus)
  let lastKept; // the last screen kept for web/shell/boot.js (undefined: none yet)
  let idleId = null; // the idle callback of the next keep, asked for and not run yet
  const typed = new WeakMap(); // a field -> {seq, pending} of its latest `field` event
  let wakeLock = null; // a WakeLockSentinel, "pending" while asked for, or null

  // -- sending events ------------------------------------------------------------------

  /** An event of the page, stamped now (its own task): sent once those before it are
      answered. `then(frame)` runs once its frame is applied (or with null: nothing to do).
      `first`: sent before the events waiting (the `animated` of the frame just applied,
      as part of it). `unanswered`: the app answers it with nothing (a finger down), so
      the next event is sent without waiting for its answer. */
  function send(
    type,
    fields = {},
    { then = null, first = false, kind = "draw", start = null, field = null, unanswered = false } = {},
  ) {
    const event = { type, ...fields, t: clock().now(), seq: ++seq, reduced: reducedMotion.matches };
    const item = { event, gen: generation, then, kind, start, field, unanswered };
    if (field) {
      // the field's live value outlives every frame computed before this keystroke
      const mark = typed.get(field) || { seq: 0, pending: 0 };
      mark.seq = event.seq;
      mark.pending += 1;
      typed.set(field, mark);
    }
    if (first) queue.unshift(item);
    else queue.push(item);
    pump();
    return event;
  }

  async function pump() {
    if (sending || !worker) return;
    sending = true;
    try {
      while (queue.length) {
        const item = queue.shift();
        if (item.gen !== generation) continue;
        if (item.run) await item.run();
        // An event the app answers with nothing (a finger down) is not waited for: the
        // click that follows goes at once, not a trip later. dispatch posts it before its
        // first await, and the worker runs its calls, and answers them, in that order.
        else if (item.unanswered) dispatch(item);
        else await dispatch(item);
      }
    } finally {
      sending = false;
      idleNow();
    }
  }

  const waiting = []; // settled()'s promises, resolved once no event waits or is out
  let reading = 0; // chosen files being read, their text not yet sent to the app

  /** Whether an event waits, is out with the app, or a chosen file is still being read. */
  function busy() {
    return sending || queue.length > 0 || reading > 0;
  }

  /** settled()'s promises resolve once nothing is on its way. */
  function idleNow() {
    if (!busy()) for (const resolve of waiting.splice(0)) resolve();
  }

  async function dispatch(item) {
    let frame = null;
    const sent = performance.now();
    try {
      const text = await worker.sync.dispatch(JSON.stringify(item.event));
      frame = text ? JSON.parse(text) : null;
    } catch (error) {
      console.error("tapete: the app failed on", item.event.type, error);
    } finally {
      if (item.field) {
        const mark = typed.get(item.field);
        if (mark) mark.pending -= 1;
      }
    }
    if (item.gen !== generation) return; // the app restarted meanwhile: not its frame
    try {
      if (frame) {
        if (typeof frame.seq !== "number") frame.seq = item.event.seq;
        // the worker's answer, there and back (its own phases included)
        frame.spans = { ...(frame.spans || {}), roundtrip: performance.now() - sent };
        apply(frame, item.kind, item.start, item.event.type === "click");
      }
    } catch (error) {
      console.error("tapete: a frame failed", item.event.type, error); // the next event goes on
    }
    if (item.then) item.then(frame);
  }

  // -- applying a frame ----------------------------------------------------------------

  function setPage(name, value) {
    if (Object.hasOwn(page, name) ? page[name] === value : value === "") return;
    page[name] = value;
    if (name === "title") document.title = value;
    else if (value === null || value === undefined) HTML.removeAttribute(name);
    else HTML.setAttribute(name, value);
  }

  /** Bring #app to the frame's HTML: the regions its patch names alone, else all of it;
      bench/ui.py --morphs may ask for another morpher (window.tapeteMorph). */
  function morph(frame) {
    const morpher = String(window.tapeteMorph || "");
    if (morpher === "other") {
      window.tapeteMorphOther(root(), frame.html || "");
      return;
    }
    const changed = morpher === "content" ? null : frame.patch;
    if (changed && changed.length === 0) return; // the page on screen
    if (changed && window.tapeteSyncRegions(changed, changed.map((id) => frame.regions[id]).join(""))) {
      return;
    }
    window.tapeteSyncContent(root(), frame.html || "");
  }

  /** The field the player is typing in, when the frame was computed before its last
      keystroke reached the app: its value and caret, to put back after the morph. */
  function typing(frame) {
    const field = document.activeElement;
    const mark = field ? typed.get(field) : null;
    if (!mark || !(mark.pending > 0 || frame.seq < mark.seq)) return null;
    const live = { field, value: field.value };
    try {
      live.range = [field.selectionStart, field.selectionEnd, field.selectionDirection];
    } catch {
      live.range = null; // a field with no caret
    }
    return live;
  }

  function keepTyping(live) {
    if (!live || !live.field.isConnected || live.field.value === live.value) return;
    live.field.value = live.value;
    if (live.range && live.range[0] !== null) {
      try {
        live.field.setSelectionRange(...live.range);
      } catch {
        // a field with no caret
      }
    }
  }

  /** The DOM write of a frame: the cards that travel measured before the morph and
      played after it (on another table, #said emptied first), the sounds, the
      vibrations, then <html> and the title. [the morph's ms, the animations' ms] */
  function write(frame, spans) {
    const mover = window.tapeteMotion;
    const moving = frame.motion && frame.motion.length > 0 && frame.speed;
    let animMs = 0;
    const t = performance.now();
    if (mover) {
      try {
        if (moving) mover.before(frame.motion);
        else mover.finish();
      } catch (error) {
        console.warn("tapete: motion", error); // an animation never stops the game
      }
    }
    const said = document.getElementById("said");
    if (frame.hush && said) said.textContent = "";
    const live = typing(frame);
    const m = performance.now();
    morph(frame);
    keepTyping(live);
    const morphMs = performance.now() - m;
    if (mover && moving) {
      try {
        animMs = Math.trunc(Number(mover.play(frame.speed)) || 0);
      } catch (error) {
        console.warn("tapete: motion", error);
      }
    }
    spans.motion = performance.now() - t - morphMs;
    const player = window.tapeteSound;
    if (player) {
      for (const [name, delay] of Object.entries(frame.sounds || {})) player.play(name, delay);
    }
    for (const pattern of frame.buzz || []) vibrate(pattern);
    for (const [name, value] of Object.entries(frame.attrs || {})) setPage(name, value);
    setPage("title", frame.title);
    return [morphMs, animMs];
  }

  /** Apply a frame the worker answered (`kind`: what it answers, for the phase times;
      `start`: when a game tap began, for bench/ui.py; `tapped`: it answers a tap). */
  function apply(frame, kind = "draw", start = null, tapped = false) {
    writes(frame.writes);
    if (frame.keys) keys = frame.keys;
    if (typeof frame.back_leaves === "boolean") backLeaves = frame.back_leaves;
    keptScreen(frame.kept);
    let animMs = 0;
    if (frame.html !== null && frame.html !== undefined) {
      const spans = { ...(frame.spans || {}) };
      const active = document.activeElement;
      const activeId = active && active.id ? active.id : null;
      const [morphMs, ms] = write(frame, spans);
      animMs = ms;
      if (start !== null) {
        window.tapeteTimings.push(performance.now() - start);
        window.tapeteParts.push([spans.apply || 0, spans.render || 0, morphMs]);
      }
      const t = performance.now();
      try {
        moveFocus(root(), activeId, frame.focus, tapped);
        coached(root());
      } finally {
        // whatever focus does, the game goes on
        if (frame.keep) keepSoon();
      }
      spans.focus = performance.now() - t;
      if (window.tapeteProfile) window.tapeteSpans.push({ kind, ...spans, morph: morphMs });
    }
    if (frame.focus_to !== null && frame.focus_to !== undefined) focusTo(root(), frame.focus_to);
    if (frame.file) handOverFile(frame.file[0], frame.file[1]);
    keepAwake(Boolean(frame.awake) && document.visibilityState === "visible");
    for (const [timerKind, ms, token] of frame.timers || []) arm(timerKind, ms, token);
    for (const request of frame.requests || []) phones(request);
    if (animMs) send("animated", { ms: animMs }, { first: true });
  }

  /** The storage writes of a frame, in order (null: remove); one the browser refuses
      (a full disk) is said to the app, which shows its "not saved" notice. */
  function writes(changes) {
    if (!changes || !storageOk) return;
    for (const [key, value] of Object.entries(changes)) {
      try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      } catch (error) {
        console.warn("tapete: not saved", key, error);
        send("write_failed", { key });
      }
    }
  }

  // -- timers --------------------------------------------------------------------------

  /** The one timer loop: a timer the frame asked for comes back as a `fire` event. */
  function arm(kind, ms, token) {
    const gen = generation;
    clock().setTimeout(() => {
      if (gen === generation) send("fire", { kind, token }, { kind });
    }, ms);
  }

  // -- the phone itself ----------------------------------------------------------------

  function vibrate(pattern) {
    if (typeof navigator.vibrate !== "function") return;
    try {
      navigator.vibrate(pattern);
    } catch {
      // a phone that cannot: nothing
    }
  }

  /** Hold a screen wake lock while `want` (where the browser has one), else release it.
      The browser drops the lock when the page is hidden (see onVisibility). */
  function keepAwake(want) {
    if (want && wakeLock === null && navigator.wakeLock) {
      wakeLock = "pending";
      try {
        navigator.wakeLock.request("screen").then(
          (lock) => {
            wakeLock = lock;
          },
          () => {
            wakeLock = null;
          },
        );
      } catch {
        wakeLock = null;
      }
    } else if (!want && wakeLock !== null && wakeLock !== "pending") {
      wakeLock.release().catch(() => {});
      wakeLock = null;
    }
  }

  /** Give the JSON `text` to the system as the file `name`: the share sheet where files
      can be shared, else a download. */
  function handOverFile(name, text) {
    try {
      const files = { files: [new File([text], name, { type: "application/json" })] };
      if (navigator.canShare && navigator.canShare(files)) {
        navigator.share(files).catch(() => {});
        return;
      }
    } catch {
      // no share sheet for files: a download
    }
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    clock().setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // -- the screen a reload shows (web/shell/boot.js) -----------------------------------

  /** The screen the worker made for a `keep` event (web/app/prerender.py's Keeper):
      its text, "" to keep none (the screen shows a private value), null: as kept last. */
  function keptScreen(text) {
    if (typeof text !== "string") return;
    storeKept(text);
  }

  /** Write the kept screen ("": remove it); a refusal (storage full) is said to the
      worker, whose Keeper then hands the same screen over again next time. */
  function storeKept(text) {
    lastKept = text;
    if (!storageOk) return;
    try {
      if (text === "") localStorage.removeItem(SCREEN_KEY);
      else localStorage.setItem(SCREEN_KEY, text);
    } catch {
      lastKept = undefined; // nothing kept: the boot shell shows
      try {
        localStorage.removeItem(SCREEN_KEY);
      } catch {
        // storage gone
      }
      send("write_failed", { key: SCREEN_KEY });
    }
  }

  /** Keep the screen a reload would show in the browser's next idle period, or at most
      KEEP_WITHIN_MS after (once however often asked before it); at once in a hidden
      page (bots playing on in a tab left: the browser may give it no idle period before
      the phone's system ends it) or where the browser has no idle callbacks. Never in a
      tap's task: it is a second render in the worker and a storage write. */
  function keepSoon() {
    if (document.visibilityState === "hidden" || !window.requestIdleCallback) {
      send("keep");
      return;
    }
    if (idleId !== null) return;
    const gen = generation;
    idleId = window.requestIdleCallback(
      () => {
        idleId = null;
        if (gen === generation) send("keep");
      },
      { timeout: KEEP_WITHIN_MS },
    );
  }

  /** The page is left or hidden: the last screen kept is written again (the page may
      be gone before the worker answers), and, hidden, a fresh one is asked for. */
  function onLeave(event) {
    if (event.type !== "pagehide" && document.visibilityState !== "hidden") return;
    if (lastKept !== undefined) storeKept(lastKept);
    if (event.type !== "pagehide") send("keep");
  }

  // -- focus (where it goes after a frame) ---------------------------------------------

  function first(within, ...selectors) {
    for (const selector of selectors) {
      const found = within.querySelector(selector);
      if (found) return found;
    }
    return null;
  }

  // Only the app's own dialogs: the shell's update prompt (outside #app) is not modal.
  const dialogOf = (el) => el.querySelector("[role=dialog],[role=alertdialog]");
  const keyOf = (el) => [el.id || "", el.getAttribute("data-action") || "", el.getAttribute("data-arg") || ""];

  /** The element `key` names in the page as drawn now, or null. */
  function found(el, key) {
    const [ident, action] = key;
    if (ident) return document.getElementById(ident);
    if (!action) return null;
    return (
      Array.from(el.querySelectorAll("[data-action]")).find((c) => keyOf(c).every((v, i) => v === key[i])) ||
      null
    );
  }

  /** Tab and Shift+Tab go round the open dialog (aria-modal: the table behind it is
      not there for the keyboard until it closes). */
  function trap(el, event) {
    const dialog = dialogOf(el);
    if (!dialog) return;
    const stops = Array.from(dialog.querySelectorAll(TABBABLE));
    if (!stops.length) return;
    const current = document.activeElement;
    const inside = current !== null && dialog.contains(current);
    if (event.shiftKey && (!inside || current === stops[0])) {
      stops[stops.length - 1].focus();
      event.preventDefault();
    } else if (!event.shiftKey && (!inside || current === stops[stops.length - 1])) {
      stops[0].focus();
      event.preventDefault();
    }
  }

  /** Keyboard players keep their place across frames (focus "keep"); a new screen or
      dialog takes the focus to its first thing, and a dialog closed hands it back to the
      control that opened it; a new page ("page") starts at its top, the section of its
      focused control in view. After a tap, the control the app asks for next
      (`autofocus`: a hand-off's "I am Ana", "See the results") is in view: a tap far
      down the page (a cut among many cards) may have left it above the fold. */
  function moveFocus(el, activeId, focus, tapped = false) {
    const dialog = dialogOf(el);
    const current = document.activeElement;
    if (dialog) {
      const openedBy = current !== null && current !== document.body;
      if (!opener.length && openedBy && !dialog.contains(current)) opener.push(keyOf(current));
      if (current === null || !dialog.contains(current)) {
        const target = first(dialog, "[autofocus]", "button");
        if (target) target.focus();
      }
      return;
    }
    const back = opener.length ? opener.pop() : null;
    // (A sheet closed comes as a "screen" frame; a new page never goes back.)
    if (focus !== "page" && back) {
      const control = found(el, back);
      if (control && !control.matches(":disabled")) {
        control.focus({ preventScroll: true });
        return;
      }
    }
    const asked = tapped && focus === "keep" ? el.querySelector("[autofocus]") : null;
    if (asked && !asked.matches(":disabled") && !inView(asked)) {
      asked.focus({ preventScroll: true });
      asked.scrollIntoView({ block: "nearest" });
      return;
    }
    if (focus !== "keep") {
      if (focus === "page") window.scrollTo(0, 0);
      const target = first(el, "[autofocus]", "h1");
      if (target) {
        if (!target.hasAttribute("tabindex") && target.tagName === "H1") target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: true });
        if (focus === "page") (target.closest("section") || target).scrollIntoView({ block: "nearest" });
      }
      return;
    }
    // A control disabled under the focus (the card just played, patched in place) is
    // lost too, though the browser reports it focused until its next rendering.
    if (current === null || current === document.body || current.matches(":disabled")) {
      let target = activeId ? document.getElementById(activeId) : null;
      // (Only form controls have `disabled`: the focus may have been on a heading.)
      if (target === null || target.matches(":disabled")) {
        // The card just played is no longer a control: go on to the next one.
        target = document.querySelector("#app [data-move]:not([disabled])");
      }
      if (target) target.focus({ preventScroll: true });
    }
  }

  /** Whether the whole of `element` is inside the window (to a pixel: a scroll leaves
      fractions). */
  function inView(element) {
    const box = element.getBoundingClientRect();
    return box.top > -1 && box.bottom < window.innerHeight + 1;
  }

  /** A lesson's marked control in view (its CSS scroll-margin, from the coach panel's
      measured height, keeps it clear of the panel); on a step to read, the coach's own
      "Next" is marked, in its panel: the table is shown from its top. */
  function coached(el) {
    const mark = el.querySelector(".coach-mark");
    if (!mark) return;
    const panel = el.querySelector(".coach-panel");
    if (panel) {
      // The panel grows with its sentence: the page's foot and the mark's scroll
      // margin follow its height (--coach-h in style.css).
      const height = panel.getBoundingClientRect().height;
      HTML.style.setProperty("--coach-h", `${Math.ceil(height)}px`);
    }
    if (!mark.closest(".coach-panel")) mark.scrollIntoView({ block: "nearest" });
    else window.scrollTo(0, 0);
  }

  /** Focus the control `selector` names under #app (a key's answer), if drawn. */
  function focusTo(el, selector) {
    const target = first(el, selector);
    if (target) target.focus();
  }

  // -- the phones (web/shell/phones.js) ------------------------------------------------

  /** One of the frame's requests for the links, the camera or the share sheet; what
      comes back later becomes an event. */
  function phones(request) {
    const glue = window.tapetePhones;
    if (!glue) return;
    const gen = generation;
    const later = (type, fields) => {
      if (gen === generation) send(type, fields);
    };
    const failed = (error) => {
      console.warn("tapete: no link", error);
      later("link_failed", {});
    };
    const [what, a, b, c] = request;
    if (what === "send" || what === "say") glue.send(String(a), b);
    else if (what === "offer") {
      glue.offer(String(a)).then(
        (sdp) => later("offered", { seat: Number(a), sdp: String(sdp), prompting: Boolean(glue.prompting()) }),
        failed,
      );
    } else if (what === "accept") {
      Promise.resolve(glue.accept(String(a), b)).catch((error) => console.warn("tapete: no link", error));
    } else if (what === "join") {
      glue.join(a).then((sdp) => later("answered", { sdp: String(sdp) }), failed);
    } else if (what === "drop") glue.drop(String(a));
    else if (what === "bye") glue.bye(String(a), b);
    else if (what === "refuse") {
      Promise.resolve(glue.refuse(String(a), b, c)).catch((error) => console.warn("tapete: no refusal", error));
    } else if (what === "scan") scan(glue, String(a), later);
    else if (what === "share") glue.share(String(a)).then((how) => later("shared", { how: String(how) }));
  }

  /** Read a code with the camera, in the scanner beside the button that asked for
      `field`; what was read (null: no camera) goes to the app. */
  function scan(glue, field, later) {
    const button = Array.from(document.querySelectorAll('[data-action="phones-scan"]')).find(
      (el) => el.getAttribute("data-arg") === field,
    );
    const video = button && button.parentElement ? button.parentElement.querySelector("video.scanner") : null;
    if (!video) return;
    glue.scan(video).then(
      (text) => later("scanned", { field, text: String(text) }),
      () => later("scanned", { field, text: null }),
    );
  }

  // -- the page's events ---------------------------------------------------------------

  const attr = (el, name) => (el ? el.getAttribute(name) : null);
  const integer = (text) => (text !== null && /^\s*[-+]?\d+\s*$/.test(text) ? Number.parseInt(text, 10) : NaN);

  function onPress() {
    send("press", {}, { unanswered: true });
  }

  function onClick(event) {
    const target = event.target instanceof Element ? event.target.closest("[data-action]") : null;
    if (!target || target.matches(":disabled")) return;
    const start = performance.now();
    let seat = null;
    let move = null;
    if (target.hasAttribute("data-move")) {
      seat = integer(attr(target, "data-seat"));
      move = integer(attr(target, "data-move"));
      if (Number.isNaN(seat) || Number.isNaN(move)) return;
    }
    const remote = target.closest("[data-remote]") !== null;
    const fields = { action: attr(target, "data-action") || "", arg: attr(target, "data-arg"), seat, move, remote };
    send("click", fields, move !== null ? { kind: "tap", start } : {});
  }

  function onInput(event) {
    const target = event.target;
    if (!(target instanceof Element) || !target.hasAttribute("data-field")) return;
    const fields = { name: attr(target, "data-field"), arg: attr(target, "data-arg"), value: String(target.value) };
    send("field", fields, { field: target });
  }

  function onChange(event) {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.type !== "file") {
      send("changed", { name: target ? attr(target, "data-field") : null });
      return;
    }
    const files = target.files;
    if (!files || files.length === 0) return;
    const file = files.item(0);
    target.value = "";
    const gen = generation;
    send(
      "file_size",
      { size: file.size },
      {
        then: (frame) => {
          if (!frame || !frame.read_file) return;
          reading += 1; // the file is on its way to the app: the page is not idle
          file.text().then(
            (text) => {
              reading -= 1;
              if (gen === generation) send("file_text", { text });
              else idleNow();
            },
            (error) => {
              reading -= 1;
              idleNow();
              console.warn("tapete: file unread", error);
            },
          );
        },
      },
    );
  }

  function onKey(event) {
    if (event.key === "Tab") {
      trap(root(), event); // round the open dialog, as aria-modal says
      return;
    }
    const target = event.target instanceof Element ? event.target : null;
    const field = target ? attr(target, "data-field") : null;
    const enter = Array.isArray(keys.Enter) ? keys.Enter : [];
    const mine =
      (event.key === "Escape" && Boolean(keys.Escape)) || (event.key === "Enter" && field !== null && enter.includes(field));
    if (!mine) return; // the browser's key
    event.preventDefault();
    send("key", { key: event.key, field, arg: field !== null ? attr(target, "data-arg") : null });
  }

  /** Android back: close what is open or leave the table (it stays saved). The history
      entry is pushed again in this task unless Back now leaves the app; if the app still
      had something to close, once its frame comes. */
  function onPopstate() {
    const pushed = !backLeaves;
    if (pushed) history.pushState({ tapete: 1 }, "");
    send("back", {}, {
      then: (frame) => {
        if (frame && frame.html !== null && !pushed) history.pushState({ tapete: 1 }, "");
      },
    });
  }

  function onVisibility(event) {
    const visible = document.visibilityState === "visible";
    if (visible && wakeLock !== "pending") wakeLock = null; // the browser dropped it: ask again
    send("shown", { visible });
    onLeave(event);
  }

  function listen() {
    document.addEventListener("pointerdown", onPress);
    document.addEventListener("click", onClick);
    document.addEventListener("input", onInput);
    document.addEventListener("change", onChange);
    document.addEventListener("keydown", onKey);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("popstate", onPopstate);
    window.addEventListener("pagehide", onLeave);
    const glue = window.tapetePhones;
    if (glue) glue.listen((peer, kind, text) => send("linked", { peer: String(peer), kind: String(kind), text: String(text) }));
    window.tapeteBeforeUpdate = () =>
      new Promise((resolve) => {
        send("before_update", {}, { then: resolve });
      });
  }

  // -- starting ------------------------------------------------------------------------

  function storage() {
    try {
      localStorage.getItem("tapete.probe");
    } catch {
      return null; // storage blocked (private mode, policy): play without saving
    }
    const found = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null && key.startsWith("tapete")) found[key] = localStorage.getItem(key);
    }
    return found;
  }

  function init() {
    const stored = storage();
    storageOk = stored !== null;
    const glue = window.tapetePhones;
    return {
      storage: stored,
      languages: Array.from(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]),
      reduced: reducedMotion.matches,
      // web/shell/boot.js painted a screen: the first frame morphs it in place.
      painted: HTML.hasAttribute("data-painted") ? root().innerHTML : null,
      build: HTML.getAttribute("data-build") || "",
      unlinkable: !glue || !glue.linkable(),
      // Minutes east of UTC: History shows the stored UTC times as this phone's clock.
      tz: -new Date().getTimezoneOffset(),
      t: clock().now(),
    };
  }

  /** A new run of the app: what the last one armed or asked for does nothing now. */
  function reset() {
    generation += 1;
    queue.length = 0;
    keys = { Escape: false, Enter: [] };
    backLeaves = true;
    page = {};
    opener = [];
    lastKept = undefined;
    if (idleId !== null && window.cancelIdleCallback) window.cancelIdleCallback(idleId);
    idleId = null;
    // Tap-to-DOM-updated times in ms, for bench/ui.py (the worker's hops included), and
    // the same taps split: [apply and save, render to one HTML string, morph].
    window.tapeteTimings = [];
    window.tapeteParts = [];
    // bench/ui.py --smooth sets window.tapeteProfile: each frame's phases in ms.
    if (window.tapeteProfile) window.tapeteSpans = [];
  }

  /** Start the app (again): its first frame, data-ready, the tap kept before it. */
  function begin() {
    reset();
    const gen = generation;
    return new Promise((resolve, reject) => {
      queue.unshift({
        gen,
        run: async () => {
          try {
            const frame = JSON.parse(await worker.sync.start(JSON.stringify(init())));
            if (gen !== generation) return resolve();
            apply(frame);
            if (typeof frame.snapshot === "string") HTML.setAttribute("data-snapshot", frame.snapshot);
            HTML.setAttribute("data-ready", "");
            if (window.tapeteBoot && window.tapeteBoot.replay) window.tapeteBoot.replay();
            resolve();
          } catch (error) {
            reject(error);
          }
        },
      });
      pump();
    }).then(() => {
      if (gen !== generation) return;
      Promise.resolve(worker.sync.store_snapshot()).then(
        (state) => HTML.setAttribute("data-snapshot", String(state)),
        (error) => console.warn("tapete: no snapshot stored", error),
      );
    });
  }

  window.tapetePage = {
    /** Whether an event is waiting for or being answered by the app (e2e/settle.py). */
    busy,
    // Resolves once every event sent so far has been answered and its frame applied
    // (the e2e tests' taps wait for it: the app answers in another thread now).
    settled() {
      if (!busy()) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
    async run(given) {
      if (worker) throw new Error("tapete: the page runs once (a restart: tapeteTest.runApp)");
      worker = given;
      listen();
      history.pushState({ tapete: 1 }, "");
      // The e2e harness's restart in place (e2e/hook.js): only where it asked for it.
      const test = window.tapeteTest;
      if (test && typeof test.runApp !== "function") {
        test.runApp = () => {
          // the entry pushed at the first start stands for this one
          if (history.state && history.state.tapete) history.replaceState({ tapete: 1 }, "");
          else history.pushState({ tapete: 1 }, "");
          return begin();
        };
      }
      await begin();
    },
  };
})();

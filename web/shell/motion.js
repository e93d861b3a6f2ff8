// window.tapeteMotion: cards that travel (FLIP with the Web Animations API). web/shell/page.js
// calls it around each table redraw, with the effects the table derived from the
// engine's events (web/ui/kit/motion.py): before(effects) measures where the moving cards
// are, the page is patched, then play(speed) animates them from there to where they are
// now. web/shell/sync.js loads this file.
//
// A card that travels is drawn by a "ghost": a copy of its new look, in a layer above
// the table that takes no taps, flying from the old place to the new one while the real
// card waits unseen (opacity 0) in its place. The real cards never move, so a tap
// during an animation lands where the player sees the card's place; finish() (called
// before any redraw and on every finger down) ends every animation at once.
//
// Effects (dicts from Python): {kind, from, to, delay}: "slide" (from -> to), "turn"
// (the to card turns over in 3D), "lift" (the to card rises and settles: a peek nobody
// else sees), "roll" (every to element tumbles: dice), "cue" (the to element pulses:
// your turn). from/to are CSS selectors; the first visible match is used ("roll",
// "turn" and "cue" take every visible match, a little apart).
//
// Budget: the old places come from a cache of the cards' rects, read at the frame
// after the last redraw once its animations are over (a layout the browser made for
// that frame anyway; a scroll or a resize reads them again at the next frame), so
// the tap's task makes no layout of its own; only a tap during an animation reads
// them there. The new places are read at the next frame, with the layout the browser
// makes for it anyway: the moving cards' own CSS effects end, then every read (rects,
// computed font size), then every write (ghosts, animations).
(function () {
  "use strict";
  /** Base duration of each kind, in ms at speed 1 ("normal"). */
  const BASE = { slide: 360, turn: 400, lift: 520, roll: 620, cue: 700 };
  const STAGGER = 70;
  const running = new Set();
  let measured = [];
  let layer = null;
  let frame = 0; // a play() waiting for the next frame
  /** The cards whose old places the cache keeps (every "from" of the tables). */
  const CACHED = "[data-key], #deck, #discard-top, #hand-card";
  /** element -> its rect at the last quiet frame, or null (not shown); null when stale. */
  let rects = null;
  let refresh = 0; // a rAF that reads them again

  function shown(el) {
    return el.getClientRects().length > 0;
  }

  /** Every element shown that selector names (none for no selector). */
  function all(selector) {
    return selector ? Array.from(document.querySelectorAll(selector)).filter(shown) : [];
  }

  function first(selector) {
    return all(selector)[0] || null;
  }

  /** Read the cached rects again at the next frame, if no animation runs then (the
      last one to end asks again). */
  function stale() {
    rects = null;
    if (!refresh) refresh = requestAnimationFrame(measure);
  }

  /** Whether animation will end and may move what it animates: an endless one (a
      lesson's pulsing mark) changes no place, and waiting for it would read the
      page again at every frame for as long as it runs. */
  function moving(animation) {
    if (animation.playState !== "running") return false;
    const timing = animation.effect && animation.effect.getTiming();
    return !timing || timing.iterations !== Infinity;
  }

  function measure() {
    refresh = 0;
    if (running.size || frame) return; // the last animation to end asks again
    if (document.getAnimations().some(moving)) {
      refresh = requestAnimationFrame(measure); // a CSS effect moves a card: not yet
      return;
    }
    const fresh = new Map();
    for (const el of document.querySelectorAll(CACHED)) {
      const rect = el.getBoundingClientRect();
      fresh.set(el, rect.width || rect.height ? rect : null);
    }
    rects = fresh;
  }

  /** The first shown match of selector and its rect, from the cache (null: none
      shown), or undefined when the cache does not know (then ask the layout). */
  function cached(cache, selector) {
    if (!cache || !selector) return undefined;
    for (const el of document.querySelectorAll(selector)) {
      const rect = cache.get(el);
      if (rect === undefined) return undefined;
      if (rect) return { el, rect };
    }
    return null;
  }

  /** A copy of el that looks the same and is inert (no ids, keys, actions or coach mark). */
  function copy(el) {
    const ghost = el.cloneNode(true);
    for (const node of [ghost, ...ghost.querySelectorAll("[id],[data-action],[data-key]")]) {
      for (const name of ["id", "data-action", "data-key", "data-move"]) node.removeAttribute(name);
    }
    // Nor is it a lesson's marked control: the coach marks the card itself.
    for (const node of [ghost, ...ghost.querySelectorAll(".coach-mark")]) {
      node.classList.remove("coach-mark");
      node.removeAttribute("aria-describedby");
    }
    ghost.classList.add("ghost");
    return ghost;
  }

  /** Keep animation in the running set; a ghost leaves the page when it ends. */
  function track(animation, ghost = null) {
    running.add(animation);
    const done = () => {
      running.delete(animation);
      if (!running.size) stale(); // the page is still: its places can be read
      if (!ghost) return;
      const home = ghost.parentNode;
      ghost.remove();
      if (home && !home.firstChild) home.remove(); // the last ghost: the page is as drawn
    };
    animation.addEventListener("finish", done);
    animation.addEventListener("cancel", done);
    return animation;
  }

  /** End every animation at once (a finger down: the tap acts on the final picture). */
  function end() {
    if (frame) {
      cancelAnimationFrame(frame);
      frame = 0;
    }
    for (const animation of Array.from(running)) {
      try {
        animation.finish();
      } catch {
        animation.cancel();
      }
    }
    // (The ghosts, now where their cards are, leave with the animations' finish
    // events: nothing here changes the page's layout before before() reads it.)
    running.clear();
  }

  /** Before a redraw: end every animation; the new places are read at the next
      quiet frame. (While an animation runs the cache is stale already: only a
      redraw starts one.) */
  function finish() {
    end();
    stale();
  }

  // Before the patch: where each effect's card is, and (for a turn) its look now;
  // from the cache when it knows (no layout in the tap's task).
  function before(effects) {
    const cache = running.size || frame ? null : rects;
    finish();
    measured = Array.from(effects).filter((effect) => effect.kind && effect.to).map((effect) => {
      const selector = effect.kind === "turn" ? effect.to : effect.from;
      let found = cached(cache, selector);
      if (found === undefined) {
        const el = first(selector);
        found = el ? { el, rect: el.getBoundingClientRect() } : null;
      }
      return {
        effect,
        rect: found ? found.rect : null,
        look: found && effect.kind === "turn" ? copy(found.el) : null,
      };
    });
    return measured.length;
  }

  // After the patch: play what before() measured, at the next frame (its layout is
  // one the browser makes anyway: the tap's task ends without waiting for it).
  // speed: 0 (off), 0.5, 1, 1.8. Returns how long the animations will run, in ms
  // (the bots wait that long more), counted without layout.
  function play(speed) {
    const jobs = measured;
    measured = [];
    if (!speed || !jobs.length || typeof Element.prototype.animate !== "function") return 0;
    let end = 0;
    for (const { effect } of jobs) {
      const many = effect.kind === "slide" ? 1 : document.querySelectorAll(effect.to).length;
      const last = (effect.delay || 0) + (BASE[effect.kind] || BASE.slide) + STAGGER * (many - 1);
      end = Math.max(end, last * speed);
    }
    frame = requestAnimationFrame(() => {
      frame = 0;
      start(jobs, speed);
    });
    return Math.round(end);
  }

  function start(jobs, speed) {
    const found = jobs.map(({ effect }) => (effect.kind === "slide" ? [first(effect.to)] : all(effect.to)));
    // A card that travels or turns hides under its ghosts: its own CSS effect (the
    // in-place ones, from before the travels: a flip, a lift into the hand) ends at
    // once, so the reads below find it where it stays, and a finger finds it flat.
    jobs.forEach(({ effect }, k) => {
      if (effect.kind !== "slide" && effect.kind !== "turn") return;
      for (const el of found[k]) {
        for (const animation of el ? el.getAnimations() : []) {
          if (running.has(animation)) continue;
          try {
            animation.finish();
          } catch {
            animation.cancel();
          }
        }
      }
    });
    // Read: every destination, its place and its font size.
    const reads = [];
    jobs.forEach(({ effect, rect, look }, k) => {
      found[k].forEach((el, i) => {
        if (!el) return;
        let to = el.getBoundingClientRect();
        if (effect.kind === "turn") to = flat(el, to);
        const font = effect.kind === "slide" || effect.kind === "turn" ? getComputedStyle(el).fontSize : "";
        reads.push({ effect, rect, look: i === 0 ? look : null, el, to, font, i });
      });
    });
    // Write: the ghosts and the animations.
    for (const job of reads) {
      const { effect } = job;
      const ms = (BASE[effect.kind] || BASE.slide) * speed;
      const delay = ((effect.delay || 0) + job.i * STAGGER) * speed;
      const timing = { duration: ms, delay, easing: "ease-out", fill: "backwards" };
      if (effect.kind === "slide") slide(job, timing);
      else if (effect.kind === "turn") turn(job, timing);
      else if (effect.kind === "lift") {
        track(job.el.animate([
          { transform: "none" },
          { transform: "translateY(-22%) scale(1.08)", offset: 0.35 },
          { transform: "translateY(-22%) scale(1.08)", offset: 0.7 },
          { transform: "none" },
        ], timing));
      } else if (effect.kind === "roll") {
        const turns = job.i % 2 ? -1 : 1;
        track(job.el.animate([
          { transform: "translateY(-40%) rotate(0deg) scale(0.8)" },
          { transform: `translateY(0) rotate(${turns * 540}deg) scale(1.1)`, offset: 0.7 },
          { transform: `rotate(${turns * 720}deg)` },
        ], { ...timing, easing: "cubic-bezier(.2,.7,.3,1)" }));
      } else if (effect.kind === "cue") {
        track(job.el.animate([
          { transform: "scale(1)", filter: "none" },
          { transform: "scale(1.12)", filter: "drop-shadow(0 0 8px #f2c14e)", offset: 0.3 },
          { transform: "scale(1)", filter: "none" },
        ], { ...timing, easing: "ease-in-out" }));
      }
    }
  }

  /** el's place untransformed, from its rect: a card may start a CSS effect of its
      own (the in-place flip, edge-on at first); a transform about its centre keeps
      the centre, and offsetWidth/Height are the layout's. */
  function flat(el, rect) {
    const width = el.offsetWidth;
    const height = el.offsetHeight;
    const left = rect.left + (rect.width - width) / 2;
    const top = rect.top + (rect.height - height) / 2;
    return { left, top, width, height };
  }

  /** The layer of the ghosts (it leaves with its last ghost). */
  function ghostLayer(near) {
    if (!layer || !layer.isConnected) {
      layer = document.createElement("div");
      layer.className = "motion-layer";
      layer.setAttribute("aria-hidden", "true");
      (near.closest("main") || document.body).appendChild(layer);
    }
    return layer;
  }

  function place(ghost, to, font) {
    Object.assign(ghost.style, {
      left: `${to.left}px`,
      top: `${to.top}px`,
      width: `${to.width}px`,
      height: `${to.height}px`,
      fontSize: font,
    });
    return ghost;
  }

  // The card flies from its old place (rect) to el's: a ghost of its new look.
  function slide({ el, rect, to, font }, timing) {
    if (!rect || !to.width) return;
    const dx = rect.left - to.left;
    const dy = rect.top - to.top;
    const sx = rect.width / to.width;
    const sy = rect.height / to.height;
    const ghost = place(copy(el), to, font);
    ghostLayer(el).appendChild(ghost);
    const lift = `translate(${dx / 2}px, ${dy / 2 - 18}px) scale(${(sx + 1) / 2 + 0.06}, ${(sy + 1) / 2 + 0.06})`;
    track(ghost.animate([
      { transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`, opacity: 1 },
      { transform: lift, offset: 0.5 },
      { transform: "none", opacity: 1 },
    ], { ...timing, easing: "ease-in-out", fill: "both" }), ghost);
    // The real card waits unseen in its place until the ghost lands.
    track(el.animate([{ opacity: 0 }, { opacity: 0 }], timing));
  }

  // A 3D turn in place, by two ghosts: the old look turns to the edge, the new one
  // from it. The real card waits unseen (opacity) but flat, where a tap finds it:
  // turned edge-on, a finger down on its place would land on the table behind.
  function turn({ el, look, to, font }, timing) {
    if (!to.width) return;
    const half = timing.duration / 2;
    const spin = (ghost, from, until, delay) => {
      place(ghost, to, font).style.transformOrigin = "50% 50%";
      ghostLayer(el).appendChild(ghost);
      track(ghost.animate([
        { transform: `perspective(600px) rotateY(${from}deg)` },
        { transform: `perspective(600px) rotateY(${until}deg)` },
      ], { ...timing, duration: half, delay, easing: from ? "ease-out" : "ease-in", fill: "both" }), ghost);
    };
    if (look) spin(look, 0, 90, timing.delay);
    spin(copy(el), -90, 0, timing.delay + (look ? half : 0));
    track(el.animate([{ opacity: 0 }, { opacity: 0 }], { ...timing, duration: look ? timing.duration : half }));
  }

  window.tapeteMotion = {
    before,
    play,
    finish,
    /** How many animations run now, or wait for the next frame (tests, bench). */
    running: () => running.size + (frame ? 1 : 0),
    /** Whether the cards' places are read for the next tap (tests). */
    cached: () => rects !== null,
  };
  // A finger down ends every animation first: the tap acts on the final picture.
  document.addEventListener("pointerdown", end, true);
  document.addEventListener("keydown", end, true);
  // The cached places are the viewport's: a scroll (of the page or of a part) or a
  // new size reads them again.
  document.addEventListener("scroll", stale, { capture: true, passive: true });
  window.addEventListener("resize", stale, { passive: true });
})();

// window.tapeteSound: the table's sounds, synthesized with the Web Audio API (no files):
// play(name, delayMs) for "slide", "flip", "shuffle", "cut-ok", "cut-fail", "snap",
// "dice", "round", "win", "turn". <html data-sound> carries the sound setting (web/shell/page.js),
// which calls play() with the sounds of the effects the table derived from the engine's events.
// web/shell/sync.js loads this file.
//
// The AudioContext is made on the first tap or key press while sound is on (a user
// gesture: no autoplay warning), never before; nothing plays while the page is hidden.
(function () {
  "use strict";
  /** The master volume: gentle. */
  const VOLUME = 0.22;
  let ctx = null;
  let master = null;
  let noise = null;

  // The sound setting, as web/shell/page.js puts it on <html data-sound="on|off">.
  const sound = {
    get enabled() {
      const set = document.documentElement.getAttribute("data-sound");
      if (set !== null) return set !== "off";
      // Before Python sets it (a tap on the screen web/shell/boot.js painted): the setting
      // as stored (web/core/store.py), so that sound off makes no AudioContext then either.
      try {
        return JSON.parse(localStorage.getItem("tapete.settings") || "{}").sound !== false;
      } catch {
        return true;
      }
    },
    /** Whether an AudioContext exists (tests). */
    ready: () => ctx !== null,
    /** Whether the noise is made (tests). */
    noiseReady: () => noise !== null,
    play,
  };

  /** Half a second of white noise for hiss(). An AudioBuffer needs no AudioContext, so it
   * is made while the page is idle after it loads: the first tap, which must make the
   * context, does not also fill 22,050 samples (about 17 ms at a phone's speed). A
   * context of another sample rate resamples it. */
  function makeNoise() {
    if (noise || typeof AudioBuffer === "undefined") return noise;
    const sampleRate = 44100;
    const length = Math.floor(sampleRate * 0.5);
    try {
      noise = new AudioBuffer({ length, sampleRate, numberOfChannels: 1 });
    } catch {
      return null;
    }
    const data = noise.getChannelData(0);
    for (let i = 0; i < length; i++) data[i] = Math.random() * 2 - 1;
    return noise;
  }

  function unlock() {
    if (!sound.enabled) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!ctx && Context) {
      try {
        ctx = new Context();
      } catch {
        return;
      }
      master = ctx.createGain();
      master.gain.value = VOLUME;
      master.connect(ctx.destination);
    }
    if (ctx && ctx.state === "suspended" && !document.hidden) ctx.resume().catch(() => {});
  }

  /** A short tone: frequency from f0 to f1 (Hz), t seconds from now, for d seconds. */
  function tone(t, d, f0, f1, type = "triangle", level = 0.6) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(f0, t);
    osc.frequency.exponentialRampToValueAtTime(f1, t + d);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(level, t + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + d);
    osc.connect(gain).connect(master);
    osc.start(t);
    osc.stop(t + d + 0.02);
  }

  /** A burst of filtered noise (paper on felt): band centre from f0 to f1. */
  function hiss(t, d, f0, f1, level = 0.7, q = 1.2) {
    const src = ctx.createBufferSource();
    src.buffer = makeNoise();
    const filter = ctx.createBiquadFilter();
    filter.type = "bandpass";
    filter.Q.value = q;
    filter.frequency.setValueAtTime(f0, t);
    filter.frequency.exponentialRampToValueAtTime(f1, t + d);
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(level, t + d * 0.2);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + d);
    src.connect(filter).connect(gain).connect(master);
    src.start(t, Math.random() * 0.3);
    src.stop(t + d + 0.02);
  }

  const VOICES = {
    slide: (t) => hiss(t, 0.16, 2600, 900, 0.5),
    flip: (t) => {
      hiss(t, 0.05, 4000, 2500, 0.6, 2);
      tone(t + 0.02, 0.06, 900, 600, "triangle", 0.15);
    },
    shuffle: (t) => {
      for (let i = 0; i < 7; i++) hiss(t + i * 0.055, 0.05, 3200, 1800, 0.45, 1.5);
    },
    "cut-ok": (t) => {
      hiss(t, 0.08, 3000, 1500, 0.5);
      tone(t + 0.05, 0.12, 660, 670);
      tone(t + 0.15, 0.2, 990, 1000);
    },
    "cut-fail": (t) => {
      tone(t, 0.18, 320, 240, "sawtooth", 0.18);
      tone(t + 0.16, 0.3, 240, 150, "sawtooth", 0.18);
    },
    snap: (t) => {
      hiss(t, 0.04, 5000, 3000, 0.9, 3);
      tone(t, 0.25, 1400, 1100, "square", 0.2);
      tone(t + 0.08, 0.25, 1760, 1700, "triangle", 0.4);
    },
    dice: (t) => {
      [0, 0.07, 0.16, 0.23, 0.34].forEach((at, i) => {
        hiss(t + at, 0.03, 2200 + i * 300, 1500, 0.7, 4);
        tone(t + at, 0.03, 500 + i * 40, 400, "square", 0.06);
      });
    },
    round: (t) => [523, 659, 784].forEach((f, i) => tone(t + i * 0.12, 0.3, f, f)),
    win: (t) => [523, 659, 784, 1047].forEach((f, i) => tone(t + i * 0.13, 0.45, f, f, "triangle", 0.5)),
    turn: (t) => {
      tone(t, 0.14, 784, 790, "sine", 0.5);
      tone(t + 0.13, 0.22, 1175, 1180, "sine", 0.5);
    },
  };

  function play(name, delayMs = 0) {
    if (!sound.enabled || !ctx || document.hidden || ctx.state === "closed") return false;
    const voice = VOICES[name];
    if (!voice) return false;
    voice(ctx.currentTime + Math.max(0, delayMs) / 1000);
    return true;
  }

  window.tapeteSound = sound;
  // User gestures only (a finger down is not one on touch screens).
  for (const kind of ["click", "keydown", "touchend"]) {
    document.addEventListener(kind, unlock, true);
  }
  // The noise, with sound on, once the page is idle; a browser without idle callbacks
  // waits a second on the UI's clock (web/shell/clock.js).
  const whenIdle = window.requestIdleCallback
    ? (fn) => window.requestIdleCallback(fn)
    : (fn) => window.tapeteClock.setTimeout(fn, 1000);
  whenIdle(() => {
    if (sound.enabled) makeNoise();
  });
  document.addEventListener("visibilitychange", () => {
    if (!ctx) return;
    if (document.hidden) ctx.suspend().catch(() => {});
    else if (sound.enabled) ctx.resume().catch(() => {});
  });
})();

// A fake of the app's worker for e2e/test_page_glue.py: worker.sync.start/dispatch/
// store_snapshot as PyScript's PyWorker exports them (promises of text), answering with
// the frames a test scripted and recording what the page sent.
//
// window.fake.inits: the start calls' init objects; fake.events: every event, in order.
// fake.answers: frames (or "" for nothing) that the next events get, in order ("" once
// they run out); fake.on[type]: a frame for every event of that type. fake.hold = true
// keeps every answer back (fake.held: [{event, answer(frame)}]) until the test gives it.
// fake.frame(fields): a whole frame (every field present, as the contract says).
(function () {
  "use strict";
  const realSetTimeout = window.setTimeout.bind(window); // the worker's hop, not a UI timer

  function frame(fields = {}) {
    return {
      html: null, regions: {}, patch: null, page: "", focus: "keep", title: "Tapete",
      attrs: {}, motion: [], speed: 1, sounds: {}, buzz: [], timers: [], keep: false,
      awake: false, file: null, focus_to: null, hush: false, spans: {}, seq: null,
      writes: {}, requests: [], keys: { Escape: true, Enter: [] }, back_leaves: false,
      read_file: false, ready: false, kept: null, snapshot: null,
      ...fields,
    };
  }

  const text = (answer, event) => {
    if (answer === "" || answer === null || answer === undefined) return "";
    const whole = frame(answer);
    if (whole.seq === null) whole.seq = event.seq;
    return JSON.stringify(whole);
  };

  const fake = {
    inits: [],
    events: [],
    answers: [],
    on: {},
    hold: false,
    held: [],
    first: frame({ html: "<h1>Home</h1>", ready: true, snapshot: "made", focus: "page" }),
    snapshot: "stored",
    frame,
    worker: {
      sync: {
        start(init) {
          fake.inits.push(JSON.parse(init));
          return new Promise((resolve) => realSetTimeout(() => resolve(JSON.stringify(fake.first)), 0));
        },
        dispatch(eventText) {
          const event = JSON.parse(eventText);
          fake.events.push(event);
          if (fake.hold) {
            return new Promise((resolve) => {
              fake.held.push({ event, answer: (answer) => resolve(text(answer, event)) });
            });
          }
          const answer = event.type in fake.on ? fake.on[event.type] : fake.answers.shift();
          return new Promise((resolve) => realSetTimeout(() => resolve(text(answer, event)), 0));
        },
        store_snapshot() {
          return Promise.resolve(fake.snapshot);
        },
      },
    },
  };
  window.fake = fake;
})();

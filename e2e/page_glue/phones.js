// A stand-in for web/shell/phones.js: records every call page.js makes, and answers
// offer/join/scan/share from window.tapetePhones.answers ({ok: value} or {error}).
(function () {
  "use strict";
  const calls = [];
  const answer = (what) => {
    const planned = window.tapetePhones.answers[what] || { ok: what + "-answer" };
    return "error" in planned ? Promise.reject(new Error(planned.error)) : Promise.resolve(planned.ok);
  };
  window.tapetePhones = {
    calls,
    answers: {},
    canLink: true,
    heard: null,
    listen(fn) {
      window.tapetePhones.heard = fn;
    },
    linkable: () => window.tapetePhones.canLink,
    prompting: () => true,
    offer(id) {
      calls.push(["offer", id]);
      return answer("offer");
    },
    accept(id, sdp) {
      calls.push(["accept", id, sdp]);
      return Promise.resolve();
    },
    join(sdp) {
      calls.push(["join", sdp]);
      return answer("join");
    },
    refuse(id, sdp, text) {
      calls.push(["refuse", id, sdp, text]);
      return Promise.resolve();
    },
    send(id, text) {
      calls.push(["send", id, text]);
      return true;
    },
    drop(id) {
      calls.push(["drop", id]);
    },
    bye(id, text) {
      calls.push(["bye", id, text]);
    },
    scan(video) {
      calls.push(["scan", video.id]);
      return answer("scan");
    },
    share(text) {
      calls.push(["share", text]);
      return answer("share");
    },
  };
})();

// window.tapetePhones: WebRTC data channels between the phones at one table, with no
// server (docs/phones.md). No STUN or TURN (iceServers: []): the phones share a Wi-Fi or
// one phone's hotspot, and only host candidates are gathered, all of them before a
// description is handed over (no trickle: the description travels once, as a QR code).
// Python (web/shell/peers.py) packs descriptions into codes and back; this file only
// holds the connections. Every event comes back through listen(fn): fn(id, kind, text)
// with kind "open", "message" or "close". A host holds one connection per seat (id: the
// seat); a guest holds one, id "host".
(function () {
  "use strict";
  const peers = new Map();
  let listener = () => {};

  function gathered(pc) {
    // The full description once ICE gathering is complete (every host candidate in it).
    return new Promise((resolve) => {
      const done = () => resolve(pc.localDescription.sdp);
      if (pc.iceGatheringState === "complete") return done();
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") done();
      });
    });
  }

  function wire(id, channel) {
    const entry = peers.get(id);
    if (entry) entry.channel = channel;
    channel.addEventListener("open", () => listener(String(id), "open", ""));
    channel.addEventListener("message", (e) => listener(String(id), "message", String(e.data)));
    channel.addEventListener("close", () => listener(String(id), "close", ""));
  }

  function fresh(id) {
    const old = peers.get(id);
    if (old) old.pc.close();
    const pc = new RTCPeerConnection({ iceServers: [] });
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed" || pc.connectionState === "disconnected") {
        listener(String(id), "close", "");
      }
    });
    peers.set(id, { pc, channel: null });
    return pc;
  }

  window.tapetePhones = {
    listen(fn) {
      listener = fn;
    },
    // The host: a new offer for seat `id` (its description, once gathered).
    async offer(id) {
      const pc = fresh(id);
      wire(id, pc.createDataChannel("tapete", { ordered: true }));
      await pc.setLocalDescription(await pc.createOffer());
      return gathered(pc);
    },
    // The host: the guest's answer for seat `id`.
    async accept(id, sdp) {
      const entry = peers.get(id);
      if (!entry) throw new Error("no offer for " + id);
      await entry.pc.setRemoteDescription({ type: "answer", sdp });
    },
    // A guest: the answer to the host's offer.
    async join(sdp) {
      const pc = fresh("host");
      pc.addEventListener("datachannel", (e) => wire("host", e.channel));
      await pc.setRemoteDescription({ type: "offer", sdp });
      await pc.setLocalDescription(await pc.createAnswer());
      return gathered(pc);
    },
    send(id, text) {
      const entry = peers.get(id);
      if (!entry || !entry.channel || entry.channel.readyState !== "open") return false;
      entry.channel.send(text);
      return true;
    },
    drop(id) {
      const entry = peers.get(id);
      if (entry) entry.pc.close();
      peers.delete(id);
    },
    // The camera, opened before a connection is made (a page holding it gets real host
    // addresses instead of mDNS names), and read with BarcodeDetector where the browser
    // has one. Resolves with the first QR code's text; rejects when there is no camera,
    // it is refused, or no detector exists (then the code is pasted).
    async scan(video) {
      if (!("BarcodeDetector" in window)) throw new Error("no BarcodeDetector");
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "environment" },
      });
      video.srcObject = stream;
      video.classList.add("on"); // shown only while the camera runs (style.css)
      await video.play();
      const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
      try {
        for (;;) {
          const found = await detector.detect(video);
          if (found.length) return found[0].rawValue;
          await new Promise((r) => requestAnimationFrame(r));
        }
      } finally {
        stream.getTracks().forEach((t) => t.stop());
        video.srcObject = null;
        video.classList.remove("on");
      }
    },
  };
})();

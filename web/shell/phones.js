// window.tapetePhones: WebRTC data channels between the phones at one table, with no
// server (docs/phones.md). No STUN or TURN (iceServers: []): the phones share a Wi-Fi or
// one phone's hotspot, and only host candidates are gathered, all of them before a
// description is handed over (no trickle: the description travels once, as a QR code).
// Python (web/shell/page.js) packs descriptions into codes and back; this file only
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

  // Only the current channel of a peer speaks: one closed by drop or bye, or replaced
  // by a new offer for the same seat (a new table's), is heard no more.
  function current(id, channel) {
    const entry = peers.get(id);
    return Boolean(entry && entry.channel === channel);
  }

  function wire(id, channel) {
    const entry = peers.get(id);
    if (entry) entry.channel = channel;
    const hear = (kind) => (e) => {
      if (current(id, channel)) listener(String(id), kind, kind === "message" ? String(e.data) : "");
    };
    channel.addEventListener("open", hear("open"));
    channel.addEventListener("message", hear("message"));
    channel.addEventListener("close", hear("close"));
  }

  function fresh(id, certificate) {
    const old = peers.get(id);
    if (old) old.pc.close();
    const certificates = certificate ? [certificate] : undefined;
    const pc = new RTCPeerConnection({ iceServers: [], certificates });
    pc.addEventListener("connectionstatechange", () => {
      const entry = peers.get(id);
      if (!entry || entry.pc !== pc) return; // a connection closed or replaced
      if (pc.connectionState === "failed" || pc.connectionState === "disconnected") {
        listener(String(id), "close", "");
      }
    });
    peers.set(id, { pc, channel: null, certificate, offer: "" });
    return pc;
  }

  // A description's value of attribute `key` (a=key:value).
  function attribute(sdp, key) {
    const found = sdp.match(new RegExp("^a=" + key + ":(.*)$", "m"));
    return found ? found[1].trim() : "";
  }

  // The last word on a channel, then the connection goes once the other phone closes
  // it (a guest drops its link on a last word), or after BYE_MS. Closing it here at
  // once could lose the word: a channel just opened and closed delivered nothing
  // (measured in Chromium).
  function lastWord(pc, channel, text) {
    channel.addEventListener("close", () => pc.close());
    channel.send(text);
    window.tapeteClock.setTimeout(() => pc.close(), BYE_MS);
  }

  // Where this script was loaded from: the kept decoder lies beside the site's other files.
  const here = (document.currentScript && document.currentScript.src) || document.baseURI;
  const ZXING = new URL("../../vendor/zxing/", here).href;

  // A function video -> the text of a QR code in its current frame, or null.
  // BarcodeDetector where the browser has one that reads QR codes (Chrome on Android);
  // elsewhere (iOS Safari, desktop Linux Chromium) zxing-wasm's reader, served from
  // the site (vendor/zxing/, precached by the service worker: it works offline),
  // loaded on the first scan only.
  async function reader() {
    if ("BarcodeDetector" in window) {
      const formats = await window.BarcodeDetector.getSupportedFormats();
      if (formats.includes("qr_code")) {
        const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
        return async (video) => {
          const found = await detector.detect(video);
          return found.length ? found[0].rawValue : null;
        };
      }
    }
    const zxing = await kept();
    const canvas = document.createElement("canvas");
    const pen = canvas.getContext("2d", { willReadFrequently: true });
    return async (video) => {
      const width = video.videoWidth;
      const height = video.videoHeight;
      if (!width || !height) return null;
      canvas.width = width;
      canvas.height = height;
      pen.drawImage(video, 0, 0, width, height);
      const found = await zxing.readBarcodes(pen.getImageData(0, 0, width, height), {
        formats: ["QRCode"],
        maxNumberOfSymbols: 1,
      });
      return found.length && found[0].isValid ? found[0].text : null;
    };
  }

  // Whether the camera may be used, asked once a page before the host's first offer:
  // a page that holds the camera permission gathers its real addresses as host
  // candidates instead of <uuid>.local names, which Android's Chrome may not resolve.
  // Holding the permission is enough (docs/phones.md), so the camera is closed at
  // once. Refused, missing or unasked for (no mediaDevices), the offer is made all
  // the same: its code goes as text.
  let asked = null;
  // Whether the browser's camera prompt is still up, unanswered (desktop browsers keep
  // it open): the host's code is made without waiting any longer (see offer), and the
  // screen says to answer the prompt; the listener hears ("camera", "answered") once it is.
  let prompting = false;
  function allowCamera() {
    asked =
      asked ||
      (async () => {
        try {
          const now = await navigator.permissions.query({ name: "camera" });
          if (now.state === "granted") return; // no need to light the camera
        } catch {
          // no Permissions API, or it does not know "camera": ask the camera itself
        }
        prompting = true;
        try {
          const stream = await navigator.mediaDevices.getUserMedia({ video: true });
          stream.getTracks().forEach((t) => t.stop());
        } catch (error) {
          console.info("tapete: no camera for the codes", error);
        } finally {
          prompting = false;
          if (listener) listener("camera", "answered", "");
        }
      })();
    return asked;
  }

  // The longest the host's first code waits for the camera prompt to be answered, on
  // the UI's clock: a code made before it carries mDNS names, which a desktop or
  // another Chromium guest on this network resolves.
  const PROMPT_WAIT_MS = 4000;
  function cameraOrWait() {
    return Promise.race([
      allowCamera(),
      new Promise((resolve) => window.tapeteClock.setTimeout(resolve, PROMPT_WAIT_MS)),
    ]);
  }

  // The longest a link's last word waits for the other phone to close it.
  const BYE_MS = 10000;

  let loading = null;
  function kept() {
    // zxing-wasm's reader: its script, then its wasm (never from its default CDN).
    loading =
      loading ||
      new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = ZXING + "reader.js";
        script.addEventListener("error", () => reject(new Error("no QR decoder")));
        script.addEventListener("load", () => {
          const zxing = window.ZXingWASM;
          zxing
            .prepareZXingModule({
              overrides: { locateFile: (file) => ZXING + file },
              fireImmediately: true,
            })
            .then(() => resolve(zxing), reject);
        });
        document.head.appendChild(script);
      }).catch((error) => {
        loading = null; // try again on the next scan
        throw error;
      });
    return loading;
  }

  // A browser with no WebRTC (some in-app, locked-down or old browsers; WebKitGTK's
  // builds) cannot link phones: offer and join then fail at once, before the camera.
  const linkable = () => typeof window.RTCPeerConnection === "function";
  const unlinkable = () => Promise.reject(new Error("this browser has no RTCPeerConnection"));

  window.tapetePhones = {
    listen(fn) {
      listener = fn;
    },
    linkable,
    // The host: a new offer for seat `id` (its description, once gathered). The first
    // one waits for the camera to be asked for (see allowCamera), at most PROMPT_WAIT_MS.
    // Its certificate and description are kept: a second phone answering the same
    // code is refused through a connection of their own (see refuse).
    async offer(id) {
      if (!linkable()) return unlinkable();
      await cameraOrWait();
      const certificate = await RTCPeerConnection.generateCertificate({
        name: "ECDSA",
        namedCurve: "P-256",
      });
      const pc = fresh(id, certificate);
      wire(id, pc.createDataChannel("tapete", { ordered: true }));
      await pc.setLocalDescription(await pc.createOffer());
      const sdp = await gathered(pc);
      const entry = peers.get(id);
      if (entry && entry.pc === pc) entry.offer = sdp;
      return sdp;
    },
    // The host: another phone answered seat `id`'s code, already used. That phone
    // waits on the code's ICE credentials and certificate: a connection of their own
    // (the same certificate, the code's user fragment and password) reaches it, says
    // `text` (why it is refused) and closes. It is no peer: nothing it says is heard.
    async refuse(id, sdp, text) {
      const entry = peers.get(id);
      if (!entry || !entry.certificate || !entry.offer) return;
      const pc = new RTCPeerConnection({ iceServers: [], certificates: [entry.certificate] });
      const channel = pc.createDataChannel("tapete", { ordered: true });
      channel.addEventListener("open", () => lastWord(pc, channel, text));
      const made = await pc.createOffer();
      const same = made.sdp
        .replace(/^a=ice-ufrag:.*$/m, "a=ice-ufrag:" + attribute(entry.offer, "ice-ufrag"))
        .replace(/^a=ice-pwd:.*$/m, "a=ice-pwd:" + attribute(entry.offer, "ice-pwd"));
      await pc.setLocalDescription({ type: "offer", sdp: same });
      await pc.setRemoteDescription({ type: "answer", sdp });
    },
    // The host: the guest's answer for seat `id`.
    async accept(id, sdp) {
      const entry = peers.get(id);
      if (!entry) throw new Error("no offer for " + id);
      await entry.pc.setRemoteDescription({ type: "answer", sdp });
    },
    // A guest: the answer to the host's offer.
    async join(sdp) {
      if (!linkable()) return unlinkable();
      const pc = fresh("host");
      pc.addEventListener("datachannel", (e) => wire("host", e.channel));
      await pc.setRemoteDescription({ type: "offer", sdp });
      // The guest answers as the DTLS server (passive): the host starts the handshake
      // as soon as a connection reaches it, so a refusal (see refuse) comes at once,
      // however long after the answer (a client's retries back off to many seconds).
      // Its ICE user fragment begins with the code's: the host knows which of its codes
      // an answer answers, whichever field it is pasted in (web/app/lifetime.py).
      const made = await pc.createAnswer();
      const theirs = attribute(sdp, "ice-ufrag");
      const answer = made.sdp
        .replace(/^a=setup:active/m, "a=setup:passive")
        .replace(/^a=ice-ufrag:(.*)$/m, (_line, own) => "a=ice-ufrag:" + theirs + own.trim());
      await pc.setLocalDescription({ type: "answer", sdp: answer });
      return gathered(pc);
    },
    // Whether the camera prompt is up, unanswered, now.
    prompting() {
      return prompting;
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
    // The last word to `id` (the table is over), then its link closes (see lastWord).
    // It is no peer any more: nothing it says is heard.
    bye(id, text) {
      const entry = peers.get(id);
      peers.delete(id);
      if (!entry) return;
      const { pc, channel } = entry;
      if (!channel || channel.readyState !== "open") {
        pc.close();
        return;
      }
      lastWord(pc, channel, text);
    },
    // The camera, opened before a connection is made (a page holding it gets real host
    // addresses instead of mDNS names), and read until a QR code shows. Resolves with
    // its text; rejects when there is no camera, it is refused, the decoder cannot
    // load, or `video` leaves the page (the player went elsewhere: the camera stops).
    async scan(video) {
      const reading = reader(); // loads, if it must, while the camera opens
      reading.catch(() => {});
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "environment" },
      });
      try {
        video.srcObject = stream;
        video.classList.add("on"); // shown only while the camera runs (style.css)
        await video.play();
        const read = await reading;
        for (;;) {
          if (!video.isConnected) throw new Error("the scanner left the page");
          const text = await read(video);
          if (text) return text;
          await new Promise((r) => requestAnimationFrame(r));
        }
      } finally {
        stream.getTracks().forEach((t) => t.stop());
        video.srcObject = null;
        video.classList.remove("on");
      }
    },
    // A code as text, for when the camera cannot help: the system's share sheet where
    // the browser has one (it works offline: AirDrop, Nearby Share), else the
    // clipboard. Resolves with "shared", "copied" or "" (neither, or the player
    // closed the sheet).
    async share(text) {
      try {
        if (navigator.share) {
          await navigator.share({ text });
          return "shared";
        }
        if (navigator.clipboard) {
          await navigator.clipboard.writeText(text);
          return "copied";
        }
      } catch (error) {
        console.info("tapete: code not shared", error);
      }
      return "";
    },
  };
})();

"""The camera's way between phones: a guest scans the host's QR code, and the host
scans the guest's, through Chromium's fake camera fed a video of the code as the
other page draws it; and when the camera is refused, the code goes as text (shared,
then pasted).

Debian's Chromium has no BarcodeDetector, so the scans here read the frames with
the decoder the site ships (zxing-wasm, vendor/zxing/), loaded on the first scan.

Chromium's flags: ``--use-fake-device-for-media-stream`` (a camera that exists) and
``--use-file-for-fake-video-capture=<file>.y4m`` (what it films), in the browser
of the run's guest phones (the ``phones_browser`` and ``camera_video`` fixtures);
a context granted the "camera" permission gets it, one not
granted is refused (no ``--use-fake-ui-for-media-stream``, which would accept for
every context). Chromium reads the file each time a camera opens, so one file
carries the host's code for the guest's scan, then the guest's for the host's.

That browser's two phones (:class:`e2e.helpers.Phone`: Ben's and Cleo's, booted
once for the run) are restarted in place for each test, holding the permissions the
test gives them. A page asks for the camera once, before its first offer as a host:
the test that watches that ask has Ben's phone host, which was only ever a guest."""

from __future__ import annotations

from pathlib import Path

from e2e.camera import HEIGHT, write_video
from e2e.helpers import axe, clock_advance, new_context, open_app, patch, phone_of
from e2e.test_phones import BEN, CLEO, host_offers
from tools.browser import BOOT_TIMEOUT_MS, READY
from web.core import linkcode

#: A QR code as the page draws it, rendered by the browser at ``px`` pixels a
#: module: its SVG through an <img> onto a canvas, one grey level per pixel.
RENDER_JS = """async ([selector, px]) => {
  const svg = document.querySelector(selector);
  const modules = svg.viewBox.baseVal.width;
  const size = modules * px;
  const img = new Image();
  const xml = new XMLSerializer().serializeToString(svg);
  img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(xml);
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = size;
  const pen = canvas.getContext("2d");
  pen.imageSmoothingEnabled = false;
  pen.drawImage(img, 0, 0, size, size);
  const rgba = pen.getImageData(0, 0, size, size).data;
  const grey = new Array(size * size);
  for (let i = 0; i < grey.length; i++) grey[i] = rgba[4 * i];
  return [size, grey];
}"""


def film(path: Path, page, selector: str) -> None:
    """Point the fake camera at the QR code ``selector`` on ``page``."""
    modules = page.evaluate(f"() => document.querySelector({selector!r}).viewBox.baseVal.width")
    px = min(6, HEIGHT // int(modules))
    size, grey = page.evaluate(RENDER_JS, [selector, px])
    write_video(path, size, grey)


def phone(browser, site_url: str, name: str, permissions: list[str]):
    """(phone, page): the phone ``name`` of this browser, restarted on empty
    storage, holding ``permissions`` alone."""
    held = phone_of(browser, site_url, name)
    return held, held.borrow(permissions=permissions)


def fresh_phone(browser, site_url: str, init: str, clock: str):
    """A phone that never asked for the camera, in a profile of its own (one cold
    boot: the shared phones asked when they first hosted); ``init`` runs before
    the page's own scripts."""
    context = new_context(
        browser, clock=clock, viewport={"width": 390, "height": 844}, service_workers="block"
    )
    context.add_init_script(script=init)
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return context, page


FOR_BEN = 'svg.qr[aria-label="QR code for Ben to scan"]'
FOR_HOST = 'svg.qr[aria-label="QR code for the host to scan"]'


def test_a_guest_joins_through_the_camera_both_ways(phones_browser, site_url, camera_video) -> None:
    _, host = phone(phones_browser, site_url, CLEO, ["camera"])
    ben, guest = phone(phones_browser, site_url, BEN, ["camera"])
    assert not guest.evaluate("() => 'BarcodeDetector' in window")
    host_offers(host)
    film(camera_video, host, FOR_BEN)
    guest.click('[data-action="phones"][data-arg="join"]')
    guest.click('[data-action="phones-scan"][data-arg="host"]')
    guest.wait_for_selector(FOR_HOST, timeout=60_000)
    assert any(url.endswith("/vendor/zxing/zxing_reader.wasm") for url in ben.requested)
    # A page that holds the camera permission shows its real addresses, not mDNS
    # names that Android's Chromium cannot resolve: the reason a guest opens the
    # camera before it answers.
    answer = linkcode.read(guest.inner_text("output.linkcode"))
    assert answer.candidates
    assert not [name for name, _port in answer.candidates if name.endswith(".local")]

    film(camera_video, guest, FOR_HOST)
    host.click('[data-action="phones-scan"][data-arg="1"]')
    host.wait_for_selector("text=Ben's phone is linked.", timeout=60_000)
    guest.wait_for_selector("[data-remote] main.table.dice")
    host.click('[data-action="phones"][data-arg="table"]')
    host.wait_for_selector("main.table.dice")
    # The camera is off again on both phones once the code is read.
    for page in (host, guest):
        assert page.locator("video.scanner.on").count() == 0


#: Records, in order, each time the page asks for the camera and each connection
#: it makes, from now on; ``UNASKED`` puts both back.
ASKED = """() => {
  window.tapeteAsked = [];
  const media = MediaDevices.prototype.getUserMedia;
  const Connection = window.RTCPeerConnection;
  window.tapeteUnasked = () => {
    MediaDevices.prototype.getUserMedia = media;
    window.RTCPeerConnection = Connection;
  };
  MediaDevices.prototype.getUserMedia = function (constraints) {
    window.tapeteAsked.push("camera");
    return media.call(this, constraints);
  };
  window.RTCPeerConnection = class extends Connection {
    constructor(...args) {
      window.tapeteAsked.push("connection");
      super(...args);
    }
  };
}"""
UNASKED = "() => window.tapeteUnasked()"


def test_the_host_asks_for_the_camera_before_its_first_offer(phones_browser, site_url) -> None:
    """A host that never granted the camera makes codes with mDNS names only,
    which an Android guest may not resolve: so the camera is asked for before the
    first offer is made. Here it is refused (no permission in the context), and the
    code still shows, to share as text."""
    _, host = phone(phones_browser, site_url, BEN, [])
    patch(host, ASKED, UNASKED)
    host_offers(host)
    assert host.evaluate("() => window.tapeteAsked") == ["camera", "connection"]
    assert linkcode.read(host.inner_text("output.linkcode")).candidates
    assert host.locator("video.scanner.on").count() == 0


#: A camera prompt nobody answers (desktop browsers keep it open): the page's
#: request for the camera stays pending until the test answers it, refused.
UNANSWERED = """
navigator.permissions.query = () => Promise.resolve({ state: "prompt" });
MediaDevices.prototype.getUserMedia = function () {
  return new Promise((_resolve, reject) => {
    window.tapeteRefuse = () => reject(new DOMException("refused", "NotAllowedError"));
  });
};
"""


def test_an_unanswered_camera_prompt_delays_the_code_only_a_few_seconds(browser, site_url) -> None:
    """The host's first code waits for the camera prompt at most 4 s of the UI's
    clock, then shows beside the prompt still up, with what to do about it; the
    prompt answered, that advice goes."""
    host_ctx, host = fresh_phone(browser, site_url, UNANSWERED, clock="paused")
    try:
        host_offers(host, wait=False)
        host.wait_for_selector("text=If the browser asks to use the camera, allow it")
        host.wait_for_function("() => window.tapeteRefuse !== undefined")
        assert host.locator(FOR_BEN).count() == 0
        clock_advance(host, 3900)
        assert host.locator(FOR_BEN).count() == 0
        clock_advance(host, 100)
        host.wait_for_selector(FOR_BEN)
        assert linkcode.read(host.inner_text("output.linkcode")).candidates
        asking = "text=The browser is asking to use the camera: allow it"
        host.wait_for_selector(asking)
        host.evaluate("() => window.tapeteRefuse()")
        host.wait_for_selector(asking, state="detached")
        assert host.locator(FOR_BEN).count() == 1
    finally:
        host_ctx.close()


NO_CAMERA = "No camera here, or it was refused: paste the code instead."


def test_a_refused_camera_leaves_the_code_to_paste_and_share(
    browser, phones_browser, site_url, artifacts
) -> None:
    """The guest's camera is refused (its context holds no camera permission): the
    screen says to paste; the host's code pasted, the guest's own code goes to the
    clipboard with "Share the code" (Linux Chromium has no share sheet). On the way,
    every linking screen has no axe violation at all at 360x640, with the CSP on,
    and each is shot at 360x640 and 390x844."""
    host_ctx, host, _watch = open_app(browser, site_url, 360, 640)
    _, guest = phone(phones_browser, site_url, CLEO, ["clipboard-read", "clipboard-write"])
    guest.set_viewport_size({"width": 360, "height": 640})
    try:
        host_offers(host)
        look(host, "lobby", artifacts)
        guest.click('[data-action="phones"][data-arg="join"]')
        look(guest, "join", artifacts)
        guest.click('[data-action="phones-scan"][data-arg="host"]')
        guest.wait_for_selector(f"text={NO_CAMERA}")
        assert guest.locator("video.scanner.on").count() == 0
        guest.fill("#code-host", host.inner_text("output.linkcode"))
        guest.click('[data-action="phones"][data-arg="read"]')
        guest.wait_for_selector(FOR_HOST)
        assert guest.locator(f"text={NO_CAMERA}").count() == 0  # it would cover the code
        look(guest, "answer", artifacts)
        answer = guest.inner_text("output.linkcode")
        assert not guest.evaluate("() => 'share' in navigator")
        guest.click('[data-action="phones-share"]')
        guest.wait_for_selector("text=The code is copied")
        assert guest.evaluate("() => navigator.clipboard.readText()") == answer

        # The help page, and Back to the code still shown.
        guest.click('[data-action="rules"][data-arg="phones"]')
        guest.wait_for_selector("text=When a phone cannot connect")
        look(guest, "help", artifacts)
        guest.click('[data-action="back"]')
        guest.wait_for_selector(FOR_HOST)
        assert guest.inner_text("output.linkcode") == answer
    finally:
        host_ctx.close()


def look(page, name: str, artifacts: Path) -> None:
    """axe with every impact at 360x640; screenshots at 360x640 and 390x844."""
    axe(page, name, every=True)
    page.screenshot(path=str(artifacts / f"phones-{name}-360x640.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / f"phones-{name}-390x844.png"), full_page=True)
    page.set_viewport_size({"width": 360, "height": 640})

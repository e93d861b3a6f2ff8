"""Several phones over loopback WebRTC in headless Chromium: a guest's join, its
tap to its own screen updated through the host, and the bytes a move costs.

    python3 bench/phones.py [--dist DIR] [--taps 40]

Two browser contexts (a host with Ana and a bot, a guest with Ben) link as
``e2e/test_phones.py`` does, pasting the codes. Three figures:

- the join: from the host's first code on its screen to the table on the guest's
  (the guest reads the code and makes its answer, the host reads the answer, the
  channel opens, the host sends Ben's table); the pastes are instant, so it is
  the phones' part of a join, without the people's scans;
- a tap: Ben choosing a card (a control that plays nothing: a ``ui`` message to
  the host, which draws Ben's screen again and sends it back), from the click in
  the guest's page to the guest's DOM changed (a MutationObserver on its table):
  the guest's message, the host's Python, its render of Ben's table, the message
  back, the guest's morph. Median and p95 in ms;
- bytes per move: a whole dice game then played to its end (Ana and Ben lay a
  card each round, the bot too), every message each side's channel sent counted
  (UTF-8 bytes), over the moves the game took, each direction.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from e2e.helpers import clock_fast, new_context  # noqa: E402
from e2e.test_phones import host_offers, join, play_to_the_end  # noqa: E402
from tools.browser import BOOT_TIMEOUT_MS, READY, launch  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

#: Every message this page's channels send, as its size in UTF-8 bytes.
COUNT_SENT = """
window.tapeteSent = [];
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) {
  window.tapeteSent.push(new TextEncoder().encode(String(data)).length);
  return send.call(this, data);
};
"""

ROUND_TRIP = """async (card) => {
  const table = document.querySelector('[data-remote]');
  const done = new Promise((resolve) => {
    const seen = new MutationObserver(() => { seen.disconnect(); resolve(); });
    seen.observe(document.getElementById('app'), {subtree: true, childList: true,
      attributes: true, characterData: true});
  });
  const t = performance.now();
  table.querySelector(`[data-action="select"][data-arg="${card}"]`).click();
  await done;
  return performance.now() - t;
}"""


def sent(page) -> list[int]:
    return page.evaluate("() => window.tapeteSent.slice()")


def moves(host) -> int:
    return host.evaluate("() => JSON.parse(localStorage.getItem('tapete.save')).actions.length")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dist", default="dist")
    parser.add_argument("--taps", type=int, default=40)
    args = parser.parse_args()
    with SiteServer(Path(args.dist)) as server, sync_playwright() as pw:
        browser = launch(pw)
        pages = []
        for clock in ("paused", "real"):
            context = new_context(browser, clock=clock, viewport={"width": 390, "height": 844})
            context.add_init_script(script=COUNT_SENT)
            page = context.new_page()
            page.goto(server.url)
            page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
            pages.append(page)
        host, guest = pages
        host_offers(host)
        start = time.perf_counter()
        join(host, guest)
        joined = (time.perf_counter() - start) * 1000
        print(f"join: first code on the host -> the table on the guest: {joined:.0f} ms")

        times = [guest.evaluate(ROUND_TRIP, 1 + i % 13) for i in range(args.taps)]
        size = len(guest.inner_html("[data-remote]").encode())
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(
            f"guest tap -> guest screen updated through the host: {len(times)} taps, "
            f"median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms; "
            f"a screen sent: {size} bytes of HTML"
        )

        clock_fast(host)  # the bot plays as soon as it may
        before = {"host": len(sent(host)), "guest": len(sent(guest)), "moves": moves(host)}
        play_to_the_end(host, guest)
        played = moves(host) - before["moves"]
        for side, page, to in (("host", host, "guest"), ("guest", guest, "host")):
            sizes = sent(page)[before[side] :]
            median = statistics.median(sizes)
            print(
                f"{side} -> {to}: {len(sizes)} messages for {played} moves of a dice game, "
                f"{sum(sizes) / played:.0f} bytes a move, median message {median:.0f} bytes, "
                f"largest {max(sizes)}, {sum(sizes)} in all"
            )
        browser.close()


if __name__ == "__main__":
    main()

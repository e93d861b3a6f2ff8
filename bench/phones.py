"""A guest's tap to its own screen updated, through the host, over loopback WebRTC
in headless Chromium.

    python3 bench/phones.py [--dist DIR] [--taps 40]

Two browser contexts (a host with Ana and a bot, a guest with Ben) link as
``e2e/test_phones.py`` does (the join itself is not timed yet). Each timed tap is
Ben choosing a card (a control that plays nothing: a ``ui`` message to the host,
which draws Ben's screen again and sends it back): from the click in the guest's
page to the guest's DOM changed (a MutationObserver on its table), so the whole
round trip is in it: the guest's message, the host's Python, its render of Ben's
table, the message back, the guest's morph. Prints the median and p95 in ms, and
the bytes of a screen sent.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from e2e.helpers import new_context  # noqa: E402
from e2e.test_phones import link  # noqa: E402
from tools.browser import BOOT_TIMEOUT_MS, READY, launch  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

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
            page = context.new_page()
            page.goto(server.url)
            page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
            pages.append(page)
        host, guest = pages
        link(host, guest)
        times = [guest.evaluate(ROUND_TRIP, 1 + i % 13) for i in range(args.taps)]
        size = len(guest.inner_html("[data-remote]").encode())
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(
            f"guest tap -> guest screen updated through the host: {len(times)} taps, "
            f"median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms; "
            f"a screen sent: {size} bytes of HTML"
        )
        browser.close()


if __name__ == "__main__":
    main()

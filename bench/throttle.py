"""Whether Chromium's CPU throttling slows a dedicated worker, as it slows the page.

    python3 bench/throttle.py [--additions 200000000] [--rounds 5]

bench/phone.py slows a page by ``Emulation.setCPUThrottlingRate`` on the page's DevTools
session. The app's Python runs in a dedicated worker (PyScript's), so a figure "at 4x"
is only a phone's if the worker is slowed too. In one headless Chromium, a loop of
``--additions`` additions is timed in the page's main thread and in a module worker of
the page, in three settings in turn, ``--rounds`` times: no throttling; the page
throttled 4x; the page throttled 4x and the same rate sent to the worker's own target
(attached from a browser session). Prints each setting's median against the unthrottled
one, the worker target's answers to the rate, and the load (wall times: on a loaded
machine compare the ratios of one run).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.phone import load_average  # noqa: E402
from tools.browser import launch  # noqa: E402

URL = "http://throttle.test/"
SETTINGS = ("1x", "page 4x", "page and worker 4x")


def page_html(additions: int) -> str:
    """A page with the loop, and a module worker that runs it when asked."""
    loop = (
        "function loop() { const t = performance.now(); let s = 0;"
        f" for (let i = 0; i < {additions}; i++) s += i; return [performance.now() - t, s]; }}"
    )
    return f"""<!doctype html><script>
{loop}
const source = `{loop}\nonmessage = () => postMessage(loop()[0]);`;
const url = URL.createObjectURL(new Blob([source], {{ type: "text/javascript" }}));
window.worker = new Worker(url, {{ type: "module" }});
window.inWorker = () => new Promise((resolve) => {{
  window.worker.onmessage = (e) => resolve(e.data);
  window.worker.postMessage(0);
}});
window.inPage = () => loop()[0];
</script>"""


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--additions", type=int, default=200_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    html = page_html(args.additions)
    times: dict[tuple[str, str], list[float]] = {}
    answers: list[str] = []
    with sync_playwright() as pw:
        browser = launch(pw)
        context = browser.new_context()
        context.route(URL, lambda route: route.fulfill(body=html, content_type="text/html"))
        page = context.new_page()
        page.goto(URL)
        page.evaluate("() => inWorker()")
        session = context.new_cdp_session(page)
        browser_session = browser.new_browser_cdp_session()
        targets = browser_session.send("Target.getTargets")["targetInfos"]
        worker = next(t for t in targets if t["type"] == "worker")
        attached = browser_session.send(
            "Target.attachToTarget", {"targetId": worker["targetId"], "flatten": False}
        )
        browser_session.on(
            "Target.receivedMessageFromTarget", lambda event: answers.append(event["message"])
        )
        print(f"load at the start {load_average()}", flush=True)
        for n in range(args.rounds):
            for setting in SETTINGS:
                page_rate = 1 if setting == SETTINGS[0] else 4
                session.send("Emulation.setCPUThrottlingRate", {"rate": page_rate})
                message = {
                    "id": len(answers) + 1000 * (n + 1),
                    "method": "Emulation.setCPUThrottlingRate",
                    "params": {"rate": 4 if setting == SETTINGS[2] else 1},
                }
                browser_session.send(
                    "Target.sendMessageToTarget",
                    {"sessionId": attached["sessionId"], "message": json.dumps(message)},
                )
                times.setdefault(("page", setting), []).append(page.evaluate("() => inPage()"))
                times.setdefault(("worker", setting), []).append(page.evaluate("() => inWorker()"))
        session.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        browser.close()
    print(f"load at the end {load_average()}")
    refused = sorted({json.loads(a).get("error", {}).get("message", "") for a in answers} - {""})
    print(f"the worker's target, asked for a rate: {'; '.join(refused) or 'accepted'}")
    for where in ("page", "worker"):
        base = statistics.median(times[(where, SETTINGS[0])])
        for setting in SETTINGS:
            values = times[(where, setting)]
            mid = statistics.median(values)
            single = " ".join(f"{v:.0f}" for v in values)
            print(f"{where:<7}{setting:<20}median {mid:7.0f} ms  x{mid / base:.2f}  ({single})")


if __name__ == "__main__":
    main()

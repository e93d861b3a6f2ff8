"""Restored starts only: warm reloads of builds' primed pages, interleaved, at each CPU
slowdown, with where each start's time goes.

    python3 bench/warm.py --slowdown 1,4 --loads 5 today=dist before=<other build>

Each page is primed as bench/startup.py primes it (its service worker controls it and
the memory snapshot is stored), then reloaded ``--loads`` times, the pages in turn.
Prints, per page and rate, the median time to data-ready with the single loads, what
the first warm load asked for (a restored start should fetch no package it already
holds imported), and the medians of the phases between PyScript's ``py:progress``
events (``Loading interpreter`` to ``Loaded interpreter`` is Pyodide's ``loadPyodide``,
the snapshot's restore). Where the app runs in PyScript's worker, also the worker's own
start: from the page making the worker to its Python up (``py:ready``), which Chromium's
CPU slowdown does not slow (bench/throttle.py). Faster than ``bench/startup.py`` when
only the warm start is in question.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from phone import load_average, parse_rates, set_rate  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from startup import Page, load, prime  # noqa: E402

from tools.browser import launch  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

#: The marks of the worker's own start, where the app runs in PyScript's worker: the
#: page made the worker, and the worker's Python was up (index.html's ``py:ready``).
WORKER_MADE, WORKER_UP = "worker made", "py:ready"
#: Each start's PyScript progress events and those two marks, with their times.
PHASES = """window.__phases = [];
addEventListener('py:progress',
    e => window.__phases.push([performance.now(), String(e.detail)]), true);
addEventListener('py:ready', () => window.__phases.push([performance.now(), UP]), true);
if (window.Worker) {
  const Made = window.Worker;
  window.Worker = class extends Made {
    constructor(...args) {
      super(...args);
      window.__phases.push([performance.now(), MADE]);
    }
  };
}""".replace("UP", repr(WORKER_UP)).replace("MADE", repr(WORKER_MADE))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("sites", nargs="+", metavar="NAME=DIR", help="built sites")
    parser.add_argument("--loads", type=int, default=5, help="warm loads per page")
    parser.add_argument("--slowdown", default="1,4", help="CPU slowdowns, e.g. 1,4,6")
    args = parser.parse_args()
    sites = [site.split("=", 1) for site in args.sites]
    subjects = [Page(n, Path(d), rate=r) for r in parse_rates(args.slowdown) for n, d in sites]
    phases: dict[int, dict[str, list[float]]] = {}
    asked: dict[int, list[str]] = {}
    own: dict[int, list[float]] = collections.defaultdict(list)  # the worker's start, ms
    for subject in subjects:
        subject.server = SiteServer(subject.directory).start()
    print(f"load at the start {load_average()}")
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            warm = [(subject, *prime(browser, subject)) for subject in subjects]
            for subject, context, _page in warm:
                context.add_init_script(PHASES)
                phases[id(subject)] = collections.defaultdict(list)
                asked[id(subject)] = []
            for i in range(args.loads):
                for subject, _context, page in warm:
                    names: set[str] = set()

                    def note(request, names: set[str] = names) -> None:
                        names.add(request.url.rsplit("/", 1)[-1])

                    page.on("request", note)
                    set_rate(page, subject.rate)
                    seconds, _paint = load(page, subject.server.url)
                    set_rate(page, 1)
                    page.remove_listener("request", note)
                    subject.warm.append(seconds)
                    if i == 0:
                        asked[id(subject)] = sorted(names - {""})
                    before = 0.0
                    events = page.evaluate("() => window.__phases")
                    marks = {name: at for at, name in events}
                    if WORKER_MADE in marks and WORKER_UP in marks:
                        own[id(subject)].append(marks[WORKER_UP] - marks[WORKER_MADE])
                    for at, name in [*events, [seconds * 1000, "data-ready"]]:
                        phases[id(subject)][name].append(at - before)
                        before = at
            browser.close()
    finally:
        for subject in subjects:
            subject.server.stop()
    print(f"load at the end {load_average()}")
    for subject in subjects:
        loads = " ".join(f"{s:.2f}" for s in subject.warm)
        print(f"\n{subject.name} @{subject.rate}x: warm ready median "
              f"{statistics.median(subject.warm):.3f} s ({loads})")  # fmt: skip
        print(f"    asked for: {', '.join(asked[id(subject)])}")
        if own[id(subject)]:
            spans = " ".join(f"{ms / 1000:.2f}" for ms in own[id(subject)])
            print(f"    the worker's start ({WORKER_MADE} to {WORKER_UP}): median "
                  f"{statistics.median(own[id(subject)]) / 1000:.3f} s ({spans})")  # fmt: skip
        for name, values in phases[id(subject)].items():
            print(f"    {statistics.median(values):8.1f} ms  to {name}")


if __name__ == "__main__":
    main()

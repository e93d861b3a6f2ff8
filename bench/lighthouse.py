"""Lighthouse 12 (mobile) on built sites, runs alternating between them.

    python3 bench/lighthouse.py [--runs 3] NAME=DIR [NAME=DIR ...]

Each site is served by tools/serve.py (gzip as a static host does, if the build wrote
``.gz`` files) on its own localhost port; each run is a fresh Chromium (Debian's, from
CHROME_PATH, default /usr/bin/chromium) driven by bench/lighthouse.mjs: Lighthouse's
default mobile preset (emulated phone, simulated slow 4G and 4x CPU slowdown), cold
(Lighthouse clears the origin's storage first). Prints the median scores of
performance, accessibility and best practices, the median metrics, the audits below
full marks, and the machine's load. Figures, not a test. ``make bench`` installs
Lighthouse (bench/package.json) and runs this on today's site.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

SCRIPT = Path(__file__).with_name("lighthouse.mjs")
CATEGORIES = ["performance", "accessibility", "best-practices"]
METRICS = ["fcp", "lcp", "tbt", "si", "tti"]


def run(url: str) -> dict:
    # --headless comes from lighthouse.mjs; the rest as the e2e tests launch Chromium.
    flags = [f for f in CHROMIUM_ARGS if not f.startswith("--headless")]
    env = dict(os.environ, CHROME_PATH=os.environ.get("CHROME_PATH", CHROMIUM))
    for attempt in (1, 2):
        out = subprocess.run(
            ["node", str(SCRIPT), url, json.dumps(flags)],
            capture_output=True, text=True, env=env, timeout=600,
        )  # fmt: skip
        if out.returncode == 0:
            break
        # On a loaded machine Chromium may start too late for Lighthouse: run it again once.
        print(f"Lighthouse failed (run {attempt}): {out.stderr.strip()[-600:]}", flush=True)
    out.check_returncode()
    return json.loads(out.stdout.strip().splitlines()[-1])


def load_average() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("sites", nargs="+", metavar="NAME=DIR")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    sites = [(name, Path(folder)) for name, _, folder in (s.partition("=") for s in args.sites)]
    results: dict[str, list[dict]] = {name: [] for name, _ in sites}
    servers = {name: SiteServer(folder).start() for name, folder in sites}
    print(f"load average before: {load_average()}")
    try:
        for _ in range(args.runs):
            for name, _folder in sites:
                result = run(servers[name].url)
                if result["runtimeError"]:
                    error = result["runtimeError"]
                    print(f"{name}: runtime error {error['code']}: {error['message'][:160]}")
                results[name].append(result)
    finally:
        for server in servers.values():
            server.stop()
    print(f"load average after: {load_average()}")
    first = next(iter(results.values()))[0]
    print(f"Lighthouse {first['lighthouse']}, {first['formFactor']}, {first['userAgent']}")
    print()

    def mid(values: list) -> float:
        """Median of the values a run produced (a run with a runtime error may lack some)."""
        found = [v for v in values if v is not None]
        return statistics.median(found) if found else float("nan")

    header = "".join(f"{c:>16}" for c in CATEGORIES) + "".join(f"{m:>9}" for m in METRICS)
    print(f"{'site':<24}{header}    (scores x100, metrics in ms; medians)")
    for name, runs in results.items():
        scores = "".join(
            f"{100 * mid([r['scores'].get(c) for r in runs]):>16.0f}" for c in CATEGORIES
        )
        metrics = "".join(f"{mid([r['metrics'].get(m) for r in runs]):>9.0f}" for m in METRICS)
        print(f"{name:<24}{scores}{metrics}")
    print()
    for name, runs in results.items():
        per_run = [r["scores"].get("performance") for r in runs]
        per_run = [None if x is None else round(100 * x) for x in per_run]
        print(f"{name}: performance per run {per_run}")
        for category, audits in runs[-1]["below"].items():
            if audits:
                print(f"{name}: {category} below full marks: {', '.join(audits)}")


if __name__ == "__main__":
    main()

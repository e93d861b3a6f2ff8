"""Tap to DOM updated, in headless Chromium, over games played through taps.

    python3 bench/ui.py [--dist DIR] [--players 2,4,8] [--rounds 1] [--json FILE]
                        [--tables abyss,carta_robada,dice_bid] [--other-players 2,6]

What is timed: from the start of the delegated click handler to the end of the
DOM write (``game.apply``, ``game.view``, the render to one HTML string, the
morph, the page attributes), as ``web/main.py`` records it in
``window.tapeteTimings`` for every game tap (a tap on a ``data-move`` control).
Not timed: the browser's own event dispatch, style, layout and paint, CSS
animations, bot pacing, taps that only change the UI (a selection, a hand-off).

Abyss (``--players``): the script taps like a player who mostly flips and
sometimes takes or draws, through whole rounds. Carta robada and the dice game
(``--other-players``): every seat human, the phone passed at every hand-off, a
random control tapped (a game move two times in three when one is on offer),
for ``--taps`` game taps (rematches when a game ends). The page is built by
``tools/build.py`` (``--dist`` to reuse a build).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.browser import BOOT_TIMEOUT_MS, READY, launch  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

MOVE = "#app [data-move]:not([disabled])"


def offered(page) -> list[str]:
    return page.eval_on_selector_all(MOVE, "els => els.map(e => e.dataset.action)")


def tap(page, action: str) -> None:
    page.locator(f'{MOVE}[data-action="{action}"]').first.click()


def play_rounds(page, players: int, rounds: int, rng: random.Random) -> int:
    """Start a game and tap through ``rounds`` rounds; the number of game taps."""
    new_game(page, "abyss", players)
    taps = 0
    done = 0
    while done < rounds:
        if page.locator(".round-end").count():
            done += 1
            nxt = page.locator('[data-action="next-round"]')
            if done >= rounds or not nxt.count():
                break
            nxt.click()
            continue
        actions = offered(page)
        flips = [a for a in actions if a.startswith("flip:")]
        places = [a for a in actions if a.startswith("place:")]
        roll = rng.random()
        if "take" in actions and roll < 0.2:
            choice = "take"
        elif "draw" in actions and roll < 0.45:
            choice = "draw"
        elif places and "discard" in actions and roll < 0.5:
            choice = "discard"
        elif places:
            choice = rng.choice(places)
        else:
            choice = rng.choice(flips)
        tap(page, choice)
        taps += 1
    return taps


#: Controls the random player leaves alone: they leave the table or open sheets.
AWAY = ("home", "sheet", "rules", "go", "export", "quit", "hint", "rematch", "close")
CONTROL = "#app button:not([disabled])"
#: Whether the page offers the random player something: a hand-off, a game move,
#: a control it may tap, or a rematch (its argument: the AWAY actions).
TAPPABLE = """away => [...document.querySelectorAll('#app button:not([disabled])')].some(
    e => e.hasAttribute('data-move') || e.dataset.action === 'rematch'
        || (e.dataset.action && !away.includes(e.dataset.action)))"""


def play_taps(page, game_id: str, players: int, taps: int, rng: random.Random) -> int:
    """Start an all-human game and tap random controls until ``taps`` game taps
    (a game that ends is played again with the same seats)."""
    new_game(page, game_id, players)
    done = steps = 0
    while done < taps and steps < taps * 20:
        steps += 1
        handoff = page.locator('#app [data-action="handoff"]')
        if handoff.count():
            handoff.first.click()
            continue
        controls = page.eval_on_selector_all(
            CONTROL,
            "els => els.map((e, i) => [i, e.dataset.action || '', e.hasAttribute('data-move')])",
        )
        moves = [i for i, _, move in controls if move]
        others = [i for i, action, move in controls if not move and action and action not in AWAY]
        if moves and (not others or rng.random() < 2 / 3):
            pick, done = rng.choice(moves), done + 1
        elif others:
            pick = rng.choice(others)
        elif page.locator('#app [data-action="rematch"]').count():
            page.locator('#app [data-action="rematch"]').click()  # the game is over
            continue
        else:  # nothing to tap yet: wait until the page offers something
            page.wait_for_function(TAPPABLE, arg=list(AWAY), timeout=BOOT_TIMEOUT_MS)
            continue
        page.locator(CONTROL).nth(pick).click()
    return done


def new_game(page, game_id: str, players: int) -> None:
    page.locator(f'[data-action="new"][data-arg="{game_id}"]').click()
    shown = int(page.inner_text(".stepper .count"))
    while shown < players:
        page.locator('[data-action="count"][data-arg="+"]').click()
        shown += 1
    while shown > players:
        page.locator('[data-action="count"][data-arg="-"]').click()
        shown -= 1
    page.locator('[data-action="start"]').click()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--dist", type=Path, help="a built site (default: build one)")
    parser.add_argument("--players", default="2,4,8")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", default="abyss,carta_robada,dice_bid")
    parser.add_argument("--other-players", default="2,6", help="seats at the other tables")
    parser.add_argument("--taps", type=int, default=80, help="game taps at the other tables")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    runs = []
    for game_id in args.tables.split(","):
        counts = args.players if game_id == "abyss" else args.other_players
        runs += [(game_id, int(p)) for p in counts.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        dist = args.dist
        if dist is None:
            from tools.build import build

            dist = Path(tmp) / "dist"
            build(dist)
        with SiteServer(dist) as server, sync_playwright() as pw:
            browser = launch(pw)
            figures = {}
            for game_id, players in runs:
                context = browser.new_context(
                    viewport={"width": 390, "height": 844}, service_workers="block"
                )
                page = context.new_page()
                page.goto(server.url)
                page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
                started = time.perf_counter()
                rng = random.Random(args.seed)
                if game_id == "abyss":
                    taps = play_rounds(page, players, args.rounds, rng)
                else:
                    taps = play_taps(page, game_id, players, args.taps, rng)
                wall = time.perf_counter() - started
                timings = page.evaluate("() => Array.from(window.tapeteTimings)")
                parts = page.evaluate("() => Array.from(window.tapeteParts)")
                context.close()
                f = figures[f"{game_id}/{players}"] = {
                    "taps": len(timings),
                    "median_ms": round(statistics.median(timings), 2),
                    "p95_ms": round(percentile(timings, 0.95), 2),
                    "max_ms": round(max(timings), 2),
                    "apply_median_ms": round(statistics.median(p[0] for p in parts), 2),
                    "render_median_ms": round(statistics.median(p[1] for p in parts), 2),
                    "morph_median_ms": round(statistics.median(p[2] for p in parts), 2),
                    "wall_s": round(wall, 1),
                }
                print(
                    f"{game_id} {players} players: {f['taps']} taps ({taps} scripted), "
                    f"tap to DOM updated median {f['median_ms']} ms, p95 {f['p95_ms']} ms, "
                    f"max {f['max_ms']} ms (apply+save median {f['apply_median_ms']} ms, "
                    f"render median {f['render_median_ms']} ms, "
                    f"morph median {f['morph_median_ms']} ms)",
                    flush=True,
                )
            browser.close()
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n")


if __name__ == "__main__":
    main()

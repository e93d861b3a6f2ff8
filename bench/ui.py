"""Tap to DOM updated, in headless Chromium, over games played through taps.

    python3 bench/ui.py [--dist DIR] [--players 2,4,8] [--rounds 1] [--json FILE]
                        [--tables abyss,carta_robada,dice_bid] [--other-players 2,6]

What is timed: from the start of the delegated click handler to the end of the
DOM write (``game.apply``, ``game.view``, the render to one HTML string, the
morph, the page attributes), as ``web/shell/page.js`` records it in
``window.tapeteTimings`` for every game tap (a tap on a ``data-move`` control).
Not timed: the browser's own event dispatch, style, layout and paint, CSS
animations, bot pacing, taps that only change the UI (a selection, a hand-off).

Abyss (``--players``): the script taps like a player who mostly flips and
sometimes takes or draws, through whole rounds. Carta robada and the dice game
(``--other-players``): every seat human, the phone passed at every hand-off, a
random control tapped (a game move two times in three when one is on offer),
for ``--taps`` game taps (rematches when a game ends). The page is built by
``tools/build.py`` (``--dist`` to reuse a build).

Smoothness (``--smooth``), at 360x640 with the animations on (the
"normal" motion setting): a human at seat 0 and bots at every other seat (Abyss 8
players, the others 6: their most), bots at the fast speed on the real clock.
While the bots play (between two of the human's taps) and during each human move
(the tap until its animations are over), the page records the longest main-thread
task (``PerformanceObserver``: ``long-animation-frame`` and ``longtask``) and the
``requestAnimationFrame`` deltas; tap to DOM updated is the timing above. With
``--baseline DIR`` (again for more builds) the same runs are made on other builds
(today's main...), one game after the other on each build, in one process; the new
build also runs with the motion setting off (what the animations themselves cost).
``--repeat N`` makes each run N times, in turn (a loaded machine's noise). Each
run's figures carry the load average at its end.
``--slowdown 1,4,6`` runs each table at each CPU slowdown (a phone's speed:
bench/phone.py) and ends with a table of each throttled run against the same run's
1x figures; ``--motion normal`` leaves out the new build's run without animations.

A Chromium trace of each run (``--smooth``; ``--no-trace`` leaves it out) gives what
the app costs whatever the machine's load: the main thread's tasks with their wall
time (``dur``) and their thread time (``tdur``: the thread's CPU time, without the
time other processes had the core, or the thread waited for the browser's other
threads: a commit waits for the compositor), each told by what it ran (see
:func:`trace_figures`): the taps' tasks, the tasks over 50 ms (wall or thread), the
longest thread time of any task, and the V8 garbage collections. The page also
counts the Pyodide proxies (PyProxies) made and destroyed during the moves.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.phone import load_average, parse_rates, ratio, slow_down  # noqa: E402
from tools.browser import BOOT_TIMEOUT_MS, READY, launch  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

MOVE = "#app [data-move]:not([disabled])"


def offered(page) -> list[str]:
    """The game moves on offer (a card's ghost in flight carries no action)."""
    return page.eval_on_selector_all(MOVE, "els => els.map(e => e.dataset.action).filter(Boolean)")


def tap(page, action: str) -> None:
    """Tap the move, and wait for its frame: the app in a worker answers in a later task."""
    page.locator(f'{MOVE}[data-action="{action}"]').first.click()
    page.evaluate("() => window.tapetePage ? window.tapetePage.settled() : null")


#: The morpher ``--morphs idiomorph`` compares with: a dev dependency, never in the build.
IDIOMORPH = ROOT / "node_modules" / "idiomorph" / "dist" / "idiomorph.min.js"


def morph_script(morph: str) -> str:
    """The init script that makes the page draw its frames the ``morph`` way
    (``window.tapeteMorph``, read by web/shell/page.js's ``_morph``)."""
    if morph == "content":
        return 'window.tapeteMorph = "content";'
    if morph == "idiomorph":
        return (
            IDIOMORPH.read_text()
            + '\nwindow.tapeteMorph = "other";\n'
            + "window.tapeteMorphOther = (root, html) =>"
            + ' Idiomorph.morph(root, html, {morphStyle: "innerHTML"});\n'
        )
    raise SystemExit(f"--morphs: no morpher {morph!r} (page, content, idiomorph)")


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
        if not actions:  # the hand-over's hold: the next seat's controls come live soon
            page.wait_for_selector(f"{MOVE}, .round-end")
            continue
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
        else:  # a flip, else what the turn offers (draw or take)
            choice = rng.choice(flips or actions)
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


#: Installed before any page script: every frame's time and the main thread's long
#: tasks, taken (and reset) by ``window.smoothTake()``; ``tapeteProfile`` has
#: web/shell/page.js record its phases' times (``window.tapeteSpans``).
SMOOTH_JS = """window.tapeteProfile = true;
(() => {
  // Long tasks are kept with their start, so that each is counted in the window it
  // started in: an observer may hear of a task after its window was taken (the boot's,
  // heard after the first take, belong to no window).
  let frames = [], last = null, since = performance.now();
  const longs = [];
  const tick = (t) => {
    if (last !== null) frames.push(t - last);
    last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  for (const type of ['long-animation-frame', 'longtask']) {
    try {
      new PerformanceObserver(list => {
        for (const e of list.getEntries()) longs.push([e.startTime, e.duration]);
      }).observe({type, buffered: false});
    } catch (e) { /* not supported by this browser */ }
  }
  // Pyodide registers each PyProxy (a Python object handed to JS: create_proxy,
  // create_once_callable...) with a FinalizationRegistry and unregisters it when
  // destroyed: the proxies made and destroyed since the page started.
  const registry = FinalizationRegistry.prototype, reg = registry.register;
  const unreg = registry.unregister;
  window.tapeteProxies = {made: 0, destroyed: 0};
  registry.register = function (...args) {
    window.tapeteProxies.made++;
    return reg.apply(this, args);
  };
  registry.unregister = function (...args) {
    window.tapeteProxies.destroyed++;
    return unreg.apply(this, args);
  };
  // The frames since the last take, and that window's bounds: smoothLongs() gives every
  // long task [start, duration] heard so far, to be put in their windows at the end.
  window.smoothTake = () => {
    const now = performance.now();
    const out = {frames, window: [since, now]};
    frames = []; since = now;
    return out;
  };
  window.smoothLongs = () => longs.slice();
})();"""
#: Whether the page has applied the frame of every event it sent (the app in a worker
#: answers a tap in a later task: ``window.tapetePage.busy``) and the table's animations
#: are over (a build without web/shell/motion.js: its CSS animations last 0.8 s at most).
SETTLED = """() => !(window.tapetePage && window.tapetePage.busy())
    && (!window.tapeteMotion || window.tapeteMotion.running() === 0)"""


#: What the trace records: the tasks (toplevel), what runs in them (devtools.timeline:
#: EventDispatch, TimerFire, FunctionCall, Paint, MinorGC/MajorGC...).
TRACE_CATEGORIES = ["toplevel", "devtools.timeline", "v8", "disabled-by-default-devtools.timeline"]
#: Events inside a task, by what they are: the app's script (a click, a timer, a frame
#: callback, any other call into JS), V8's garbage collections, the browser's
#: style, layout, paint and commit.
TRACE_KINDS = {
    "script": (
        "EventDispatch",
        "TimerFire",
        "FireAnimationFrame",
        "FunctionCall",
        "FireIdleCallback",
    ),
    "gc": ("MinorGC", "MajorGC", "V8.GC_MC_INCREMENTAL", "BlinkGC.AtomicPhase"),
    "style/layout": ("UpdateLayoutTree", "Layout", "RecalculateStyles"),
    "paint/commit": ("Paint", "PrePaint", "Layerize", "Commit", "UpdateLayer", "PaintImage"),
}
LONG_TASK_MS = 50


def _main_thread(events: list[dict]) -> tuple[int, int] | None:
    """The page's renderer main thread (pid, tid): the CrRendererMain with most events."""
    mains = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M"
        and e.get("name") == "thread_name"
        and e.get("args", {}).get("name") == "CrRendererMain"
    }
    counts = {key: 0 for key in mains}
    for e in events:
        key = (e.get("pid"), e.get("tid"))
        if key in counts:
            counts[key] += 1
    return max(counts, key=counts.__getitem__) if counts else None


def trace_figures(trace: dict) -> dict:
    """The main thread's tasks in a Chromium trace (``toplevel`` complete events
    not inside another), each with its wall ms (``dur``), its thread ms (``tdur``:
    CPU time, without the time the thread waited for a core) and its kind: "tap"
    (a click dispatched: the app's handler, its Python draw), "timer" (a timer
    fired: a bot's move...), "frame" (requestAnimationFrame callbacks: web/shell/motion.js),
    else "gc", "paint/commit", "style/layout" or "other" by what took most of it.
    Headless Chromium runs a tap's input events (pointer, mouse, click) in one task,
    often with the frame that follows: the click's dispatch alone is given too.
    Returns the taps' p50/p95/max (dur and tdur), the tasks over ``LONG_TASK_MS``
    (wall or thread) with what they spent, the longest thread time of any task,
    and the garbage collections (count, total and longest ms, wall and thread)."""
    events = trace.get("traceEvents", trace) if isinstance(trace, dict) else trace
    main = _main_thread(events)
    mine = sorted(
        (e for e in events if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) == main),
        key=lambda e: (e["ts"], -e.get("dur", 0)),
    )
    tasks: list[dict] = []
    gcs: list[tuple[float, float]] = []
    gc_end = -1.0
    for e in mine:
        name, ts, dur = e["name"], e["ts"], e.get("dur", 0)
        if "toplevel" in e.get("cat", "") and (not tasks or ts >= tasks[-1]["end"]):
            tasks.append(
                {
                    "end": ts + dur,
                    "dur": dur / 1000,
                    "tdur": e.get("tdur", dur) / 1000,
                    "names": set(),
                    "ends": {},
                    "parts": dict.fromkeys(TRACE_KINDS, 0.0),
                }
            )
            continue
        if name in TRACE_KINDS["gc"][:3] and ts >= gc_end:  # a GC not inside another
            gcs.append((dur / 1000, e.get("tdur", dur) / 1000))
            gc_end = ts + dur
        if not tasks or ts >= tasks[-1]["end"]:
            continue
        task = tasks[-1]
        if name == "EventDispatch" and e.get("args", {}).get("data", {}).get("type") == "click":
            task["names"].add("click")
            task["click"] = (dur / 1000, e.get("tdur", dur) / 1000)
        task["names"].add(name)
        for kind, names in TRACE_KINDS.items():
            if name in names and ts >= task["ends"].get(kind, -1):  # not inside its own kind
                task["parts"][kind] += dur / 1000
                task["ends"][kind] = ts + dur
    for task in tasks:
        names = task.pop("names")
        del task["ends"]
        if "click" in names:
            task["kind"] = "tap"
        elif "TimerFire" in names:
            task["kind"] = "timer"
        elif "FireAnimationFrame" in names:
            task["kind"] = "frame"
        else:
            rest = {k: v for k, v in task["parts"].items() if k != "script" and v > 0}
            task["kind"] = max(rest, key=rest.__getitem__) if rest else "other"
    taps = [t for t in tasks if t["kind"] == "tap"]

    def stats(values: list[float]) -> list[float] | None:
        if not values:
            return None
        return [
            round(statistics.median(values), 1),
            round(percentile(values, 0.95), 1),
            round(max(values), 1),
        ]

    long = sorted(
        (t for t in tasks if max(t["dur"], t["tdur"]) > LONG_TASK_MS), key=lambda t: -t["dur"]
    )
    top = max(tasks, key=lambda t: t["tdur"], default=None)
    by_kind: dict[str, list[float]] = {}  # kind -> [tasks, longest dur, longest tdur]
    for t in long:
        row = by_kind.setdefault(t["kind"], [0, 0.0, 0.0])
        row[:] = [row[0] + 1, max(row[1], round(t["dur"], 1)), max(row[2], round(t["tdur"], 1))]
    return {
        "tasks": len(tasks),
        "tap_tasks": len(taps),
        "tap_dur_ms": stats([t["dur"] for t in taps]),  # p50, p95, max
        "tap_tdur_ms": stats([t["tdur"] for t in taps]),
        # the click's dispatch alone (the app's handler: apply, render, morph, settle)
        "click_dur_ms": stats([t["click"][0] for t in taps]),
        "click_tdur_ms": stats([t["click"][1] for t in taps]),
        "longest_tdur": top and _task_row(top),
        "long_tasks": len(long),
        "long_tasks_by_kind": by_kind,
        "long_tasks_over_50_tdur": sum(1 for t in tasks if t["tdur"] > LONG_TASK_MS),
        "longest_tasks": [_task_row(t) for t in long[:5]],
        "gc": {
            "count": len(gcs),
            "dur_ms": round(sum(d for d, _ in gcs), 1),
            "tdur_ms": round(sum(t for _, t in gcs), 1),
            "longest_dur_ms": round(max((d for d, _ in gcs), default=0), 1),
            "longest_tdur_ms": round(max((t for _, t in gcs), default=0), 1),
        },
    }


def _task_row(task: dict) -> dict:
    """A task's kind, wall and thread ms, and the ms of what it ran (by kind)."""
    parts = {k: round(v, 1) for k, v in task["parts"].items() if v >= 0.5}
    return {
        "kind": task["kind"],
        "dur": round(task["dur"], 1),
        "tdur": round(task["tdur"], 1),
    } | parts


def smooth_run(
    browser,
    url: str,
    game_id: str,
    players: int,
    moves: int,
    seed: int,
    motion: str = "normal",
    trace: bool = True,
    rate: int = 1,
    keep_trace: Path | None = None,
) -> dict:
    """One table (see the module's doc): the frames and tasks of the bots' turns
    and of ``moves`` human moves, and the human taps' times to DOM updated; with
    ``trace``, :func:`trace_figures` of a Chromium trace of those moves. ``rate``:
    the CPU slowdown the page runs under, from its first load (bench/phone.py);
    ``keep_trace``: where to write the trace too (to open in DevTools' Performance panel)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    import engine

    rng = random.Random(seed)
    state = engine.GAMES[game_id].new(players, seed, {})
    record = engine.GAMES[game_id].dump(state)
    seats = [{"name": "Ana", "kind": "human", "level": None}] + [
        {"name": f"Bot {i}", "kind": "bot", "level": "easy"} for i in range(1, players)
    ]
    record.update(app="tapete", seats=seats, started="2026-12-01T07:00:00Z", recorded=False)
    context = browser.new_context(viewport={"width": 360, "height": 640}, service_workers="block")
    context.add_init_script(script=SMOOTH_JS)
    page = context.new_page()
    slow_down(page, rate)
    page.goto(url)
    page.wait_for_selector(READY, state="attached")
    page.evaluate(
        "([r, s]) => { localStorage.setItem('tapete.save', JSON.stringify(r));"
        " localStorage.setItem('tapete.settings', JSON.stringify(s)); }",
        [record, {"motion": motion, "bot_speed": "fast"}],
    )
    page.reload()
    page.wait_for_selector(READY, state="attached")
    page.evaluate("() => window.smoothTake()")
    proxies = page.evaluate("() => ({...window.tapeteProxies})")
    if trace:
        browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    windows: dict[str, list[dict]] = {"bots": [], "human": []}
    done = steps = 0
    while done < moves and steps < moves * 30:
        steps += 1
        page.wait_for_function(TAPPABLE, arg=list(AWAY))
        page.wait_for_selector("html:not([data-guard])", state="attached")
        controls = page.eval_on_selector_all(
            CONTROL,
            "els => els.map((e, i) => [i, e.dataset.action || '', e.hasAttribute('data-move')])",
        )
        game_moves = [i for i, _, move in controls if move]
        others = [i for i, action, move in controls if not move and action and action not in AWAY]
        if page.locator(".sheet-scrim").count():
            # A sheet a tapped control opened covers the table: close it, as a player
            # would, before anything under it can be tapped.
            shut = page.locator('#app [data-action="close"]')
            if shut.count():
                shut.first.click()
            else:
                page.keyboard.press("Escape")
            continue
        if not game_moves:
            if page.locator('#app [data-action="rematch"]').count():
                break
            if others:
                page.locator(CONTROL).nth(rng.choice(others)).click()
            continue
        page.wait_for_function(SETTLED)
        windows["bots"].append(page.evaluate("() => window.smoothTake()"))
        try:
            page.locator(CONTROL).nth(rng.choice(game_moves)).click(timeout=10_000 * rate)
        except PlaywrightTimeout:
            # The table moved on while the page settled (a bot's move, a cut, the
            # hand-off redrew it), so the control read before is gone or another:
            # read the table again.
            continue
        page.wait_for_function(SETTLED)
        page.wait_for_timeout(50 if page.evaluate("() => !!window.tapeteMotion") else 800)
        windows["human"].append(page.evaluate("() => window.smoothTake()"))
        done += 1
    longs = page.evaluate("() => window.smoothLongs()")
    timings = page.evaluate("() => Array.from(window.tapeteTimings)")
    parts = page.evaluate("() => Array.from(window.tapeteParts)")
    spans = page.evaluate("() => Array.from(window.tapeteSpans || [])")
    now = page.evaluate("() => ({...window.tapeteProxies})")
    traced = json.loads(browser.stop_tracing()) if trace else None
    if traced is not None and keep_trace is not None:
        keep_trace.write_text(json.dumps(traced))
    context.close()
    draws = sum(1 for r in spans if r["kind"] != "keep")
    out: dict = {"human_moves": done, "draws": draws}
    # PyProxies made and destroyed during the moves (made - destroyed: still alive)
    out["pyproxies"] = {k: now[k] - proxies[k] for k in ("made", "destroyed")}
    if traced is not None:
        out["trace"] = trace_figures(traced)
    for kind in ("tap", "bot", "draw"):  # web/shell/page.js's phases: median / max ms
        rows = [r for r in spans if r["kind"] == kind]
        names = sorted({k for r in rows for k in r if k != "kind"})
        out[f"{kind}_phases_ms"] = {
            k: [round(f(r.get(k, 0) for r in rows), 1) for f in (statistics.median, max)]
            for k in names
        }
    for kind, taken in windows.items():
        deltas = [d for w in taken for d in w["frames"]]
        out[kind] = {
            "frames": len(deltas),
            "longest_task_ms": round(max(window_longs(taken, longs), default=0), 1),
            "frames_over_16_7_pct": round(
                100 * sum(1 for d in deltas if d > 16.7 * 1.5) / max(1, len(deltas)), 1
            ),
            "frame_p95_ms": round(percentile(deltas, 0.95), 1) if deltas else None,
        }
    out["tap_p95_ms"] = round(percentile(timings, 0.95), 2) if timings else None
    out["tap_median_ms"] = round(statistics.median(timings), 2) if timings else None
    if parts:  # [apply and save, render, morph (with the motion's measures)] medians
        out["parts_median_ms"] = [
            round(statistics.median(p[i] for p in parts), 2) for i in range(3)
        ]
    return out


def window_longs(taken: list[dict], longs: list[list[float]]) -> list[float]:
    """The durations of the long tasks ``[start, duration]`` that started in one of the
    windows ``taken`` (``smoothTake()``'s, each with its ``[from, to)`` ms)."""
    return [d for w in taken for t, d in longs if w["window"][0] <= t < w["window"][1]]


SMOOTH_TABLES = "abyss,carta_robada,dice_bid"


def smooth(
    dist: Path,
    baselines: list[Path],
    moves: int,
    seed: int,
    tables: str = SMOOTH_TABLES,
    repeat: int = 1,
    trace: bool = True,
    rates: list[int] | None = None,
    motions: tuple[str, ...] = ("normal", "off"),
    keep_traces: Path | None = None,
) -> dict:
    """``smooth_run`` of each game at its largest table on ``dist`` (and on each of
    ``baselines``: "old", "old2"...), at each CPU slowdown of ``rates`` (labels end
    ``@4x``...), each run ``repeat`` times in turn ("#2"...), printed; then, with more
    than one rate, a summary against the 1x runs (:func:`print_slowdowns`). The new
    build runs with each of ``motions`` (off: what the animations themselves cost)."""
    from playwright.sync_api import sync_playwright

    import engine

    olds = {("old" if i == 0 else f"old{i + 1}"): path for i, path in enumerate(baselines)}
    builds = {"new": dist} | olds
    rates = rates or [1]
    configs = [("new", motion) for motion in motions] + [(name, "normal") for name in olds]
    figures: dict = {}
    with sync_playwright() as pw:
        browser = launch(pw)
        servers = {name: SiteServer(path).start() for name, path in builds.items()}
        try:
            urls = {name: server.url for name, server in servers.items()}
            for game_id in tables.split(","):
                players = engine.GAMES[game_id].max_players
                for n in range(repeat):
                    for name, motion in configs:
                        for rate in rates:
                            label = f"{name}/{motion}/{game_id}/{players}"
                            label += (f"@{rate}x" if rate > 1 else "") + (f"#{n + 1}" if n else "")
                            kept = None
                            if keep_traces is not None:
                                keep_traces.mkdir(parents=True, exist_ok=True)
                                kept = keep_traces / (re.sub(r"[^\w@#.-]+", "-", label) + ".json")
                            f = smooth_run(
                                browser, urls[name], game_id, players, moves, seed, motion,
                                trace, rate, kept,
                            )  # fmt: skip
                            f["load"] = load_average()
                            f["rate"] = rate
                            figures[label] = f
                            print(f"{label}: {json.dumps(f)}", flush=True)
        finally:
            for server in servers.values():
                server.stop()
            browser.close()
    if len(rates) > 1:
        print_slowdowns(figures)
    return figures


def print_slowdowns(figures: dict) -> None:
    """Each throttled run beside the 1x run of the same build, motion, table and repeat:
    tap to DOM updated p50 / p95 (wall, the page's clock), the longest task the page saw
    during the bots' turns and during the human's moves (0: none over 50 ms), the
    trace's longest task (wall), each with its ratio to 1x, and the load."""
    print()
    print(f"{'run':<36}{'load':>6}{'tap p50':>9}{'tap p95':>9}{'x1x':>6}"
          f"{'bots task':>11}{'human task':>11}{'trace max':>11}{'x1x':>6}")  # fmt: skip
    for label, f in figures.items():
        base = figures.get(re.sub(r"@\d+x", "", label)) or {}
        trace = (f.get("trace") or {}).get("longest_tasks") or [{}]
        base_trace = (base.get("trace") or {}).get("longest_tasks") or [{}]
        top, base_top = trace[0].get("dur"), base_trace[0].get("dur")
        print(
            f"{label:<36}{f.get('load') or 0:>6.1f}{f['tap_median_ms'] or 0:>9.1f}"
            f"{f['tap_p95_ms'] or 0:>9.1f}{ratio(f['tap_p95_ms'], base.get('tap_p95_ms')):>6}"
            f"{f['bots']['longest_task_ms']:>11.1f}{f['human']['longest_task_ms']:>11.1f}"
            f"{top or 0:>11.1f}{ratio(top, base_top):>6}"
        )


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
    parser.add_argument("--smooth", action="store_true", help="animation smoothness instead")
    parser.add_argument(
        "--baseline",
        type=Path,
        action="append",
        default=[],
        help="--smooth: a build to compare (again for more: old, old2...)",
    )
    parser.add_argument("--repeat", type=int, default=1, help="runs of each, in turn")
    parser.add_argument(
        "--morphs",
        default="page",
        help="how frames reach the DOM, each in turn: page (as the page does it: "
        "by position, a table's changed regions only), content (by position, "
        "no regions), idiomorph (every frame through Idiomorph, from node_modules)",
    )
    parser.add_argument("--moves", type=int, default=12, help="--smooth: human moves per table")
    parser.add_argument(
        "--no-trace", action="store_true", help="--smooth: without the Chromium trace"
    )
    parser.add_argument(
        "--keep-traces", type=Path, help="--smooth: write each run's trace in this folder"
    )
    parser.add_argument(
        "--slowdown",
        default="1",
        help="--smooth: CPU slowdowns to run each table at, e.g. 1,4,6 (bench/phone.py)",
    )
    parser.add_argument(
        "--motion", default="normal,off", help="--smooth: the new build's motion settings"
    )
    args = parser.parse_args(argv)
    if args.smooth:
        if args.dist is None:
            parser.error("--smooth needs --dist (a build; --baseline: today's main's)")
        figures = smooth(
            args.dist,
            args.baseline,
            args.moves,
            args.seed,
            args.tables,
            args.repeat,
            not args.no_trace,
            parse_rates(args.slowdown),
            tuple(args.motion.split(",")),
            args.keep_traces,
        )
        if args.json:
            args.json.write_text(json.dumps(figures, indent=1) + "\n")
        return

    from playwright.sync_api import sync_playwright

    runs = []
    for _ in range(args.repeat):
        for game_id in args.tables.split(","):
            counts = args.players if game_id == "abyss" else args.other_players
            for p in counts.split(","):
                runs += [(game_id, int(p), morph) for morph in args.morphs.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        dist = args.dist
        if dist is None:
            from tools.build import build

            dist = Path(tmp) / "dist"
            build(dist)
        with SiteServer(dist) as server, sync_playwright() as pw:
            browser = launch(pw)
            figures = {}
            for n, (game_id, players, morph) in enumerate(runs):
                context = browser.new_context(
                    viewport={"width": 390, "height": 844}, service_workers="block"
                )
                if morph != "page":
                    context.add_init_script(script=morph_script(morph))
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
                label = f"{game_id}/{players}" + ("" if morph == "page" else f"/{morph}")
                label += f"#{n // (len(runs) // args.repeat)}" if args.repeat > 1 else ""
                f = figures[label] = {
                    "taps": len(timings),
                    "median_ms": round(statistics.median(timings), 2),
                    "p95_ms": round(percentile(timings, 0.95), 2),
                    "max_ms": round(max(timings), 2),
                    "apply_median_ms": round(statistics.median(p[0] for p in parts), 2),
                    "render_median_ms": round(statistics.median(p[1] for p in parts), 2),
                    "morph_median_ms": round(statistics.median(p[2] for p in parts), 2),
                    "wall_s": round(wall, 1),
                    "load": load_average(),
                }
                print(
                    f"{label}: {f['taps']} taps ({taps} scripted), "
                    f"tap to DOM updated median {f['median_ms']} ms, p95 {f['p95_ms']} ms, "
                    f"max {f['max_ms']} ms (apply+save median {f['apply_median_ms']} ms, "
                    f"render median {f['render_median_ms']} ms, "
                    f"morph median {f['morph_median_ms']} ms; load {f['load']})",
                    flush=True,
                )
            browser.close()
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n")


if __name__ == "__main__":
    main()

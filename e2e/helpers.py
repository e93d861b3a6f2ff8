"""Helpers for the app's end-to-end tests: browser contexts with the test clock,
taps, reading the table, axe-core, layout checks and (``TAPETE_SHOTS=1``)
screenshots. Pages boot Pyodide (seconds on a busy machine), so a test reuses
one page for many steps.

The clock. Every context gets ``e2e/clock.js`` as an init script: a
``window.tapeteClock`` (the clock every UI timer and time reading in ``web/``
goes through) that a test drives. A context starts in one mode, and every load
and reload of its pages starts in it again: ``"real"`` (time flows: the
default), ``"paused"`` (time stands still, no bot moves until the test says so:
two taps are at the same instant) or ``"fast"`` (every timer fires at once,
due-first: bots play without pauses). ``clock_pause``/``clock_fast``/
``clock_resume`` switch a running page; ``clock_advance`` and ``clock_next`` move
paused time; ``clock_idle`` waits until no timer is pending (in fast mode: until
the bots have nothing left to do).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from tools.browser import BOOT_TIMEOUT_MS, READY, Watch, origin_of
from web.table_ui import HANDOVER_MS  # a new seat's controls are held that long

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
CLOCK_JS = (Path(__file__).resolve().parent / "clock.js").read_text()
CLOCK_MODES = ("real", "paused", "fast")
#: Screenshots are taken only when asked for (``TAPETE_SHOTS=1``): they check
#: nothing by themselves, and the layout is checked by geometry either way.
SHOTS = os.environ.get("TAPETE_SHOTS") == "1"
#: The two phone sizes every screen is checked at.
PHONES = ((390, 844), (360, 640))

#: A game button still in play (rendered with the move count it belongs to).
MOVE = "#app [data-move]:not([disabled])"


def install_clock(context, clock: str = "real"):
    """Give every page of ``context`` the test clock, starting in mode ``clock``."""
    if clock not in CLOCK_MODES:
        raise ValueError(f"clock mode {clock!r} is not one of {CLOCK_MODES}")
    context.add_init_script(script=f"{CLOCK_JS}({json.dumps(clock)});")
    return context


def new_context(browser, clock: str = "real", **options):
    """``browser.new_context(**options)`` with the test clock installed."""
    return install_clock(browser.new_context(**options), clock)


def open_app(
    browser,
    site_url: str,
    width: int = 390,
    height: int = 844,
    langs: str = "en-US",
    clock: str = "real",
    **options,
):
    """A fresh profile at that size, booted; ``options`` go to ``new_context``
    (``reduced_motion="reduce"``: the system asks for no animations, which the
    app's default motion setting follows, and a tap needs no wait for one to
    end). CSP is bypassed only so that axe-core can be injected as a script; the
    app's own CSP is covered by the PWA tests."""
    context = new_context(
        browser,
        clock,
        viewport={"width": width, "height": height},
        service_workers="block",
        bypass_csp=True,
        locale=langs,
        **options,
    )
    page = context.new_page()
    watch = Watch(origin_of(site_url)).attach(page)
    page.goto(site_url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return context, page, watch


# -- the clock -----------------------------------------------------------------------


def clock_pause(page) -> None:
    """Stop time: no UI timer fires (no bot moves) until advanced or resumed."""
    page.evaluate("() => window.tapeteClock.pause()")


def clock_fast(page) -> None:
    """Every pending and later timer fires at once, due-first."""
    page.evaluate("() => window.tapeteClock.fast()")


def clock_resume(page) -> None:
    """Back to real time, going on from the clock's current reading."""
    page.evaluate("() => window.tapeteClock.resume()")


def clock_now(page) -> float:
    return page.evaluate("() => window.tapeteClock.now()")


def clock_advance(page, ms: float) -> int:
    """Paused time moves on by ``ms``, firing the timers due by then in order
    (their effects, bot moves included, are on the page when this returns);
    the number of timers fired."""
    return page.evaluate("ms => window.tapeteClock.advance(ms)", ms)


def clock_next(page) -> bool:
    """Paused time jumps to the earliest pending timer and fires it; False if
    none is pending."""
    return page.evaluate("() => window.tapeteClock.next()")


def clock_pending(page) -> list[float]:
    """Milliseconds until each pending timer is due, soonest first."""
    return page.evaluate("() => window.tapeteClock.pending()")


def clock_idle(page, timeout: float = 30_000) -> None:
    """Wait until no UI timer is pending (fast mode: the bots are done)."""
    page.wait_for_function("() => window.tapeteClock.pending().length === 0", timeout=timeout)


def handled(page) -> None:
    """Return once the page has handled every event sent to it so far: a round
    trip through its event loop (console messages and errors it raised meanwhile
    have then reached the test's :class:`Watch`, which hears them in order)."""
    page.evaluate("() => new Promise(done => setTimeout(done, 0))")


def reload(page) -> None:
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)


def live(page) -> None:
    """Return once no seat's controls are held after a hand-over (html[data-guard]);
    with the clock paused, time moves on by the hold to release them."""
    page.evaluate(
        """ms => { const c = window.tapeteClock;
                   if (document.documentElement.hasAttribute('data-guard') && c.mode() === 'paused')
                       c.advance(ms); }""",
        HANDOVER_MS,
    )
    page.wait_for_selector("html:not([data-guard])", state="attached")


def tap(page, selector: str) -> None:
    live(page)
    page.locator(selector).first.click()


def app_action(page, action: str, arg: str | None = None) -> None:
    selector = f'#app [data-action="{action}"]'
    if arg is not None:
        selector += f'[data-arg="{arg}"]'
    tap(page, selector)


def moves(page) -> list[str]:
    """The game actions on offer now, in page order (once they are live)."""
    live(page)
    return page.eval_on_selector_all(MOVE, "els => els.map(e => e.dataset.action)")


def play(page, action: str) -> None:
    """Tap the (first) button that plays ``action``."""
    tap(page, f'{MOVE}[data-action="{action}"]')


def play_first(page, prefix: str) -> str:
    """Tap the first offered action that starts with ``prefix``; return it."""
    for action in moves(page):
        if action.startswith(prefix):
            play(page, action)
            return action
    raise AssertionError(f"no {prefix!r} action on offer: {moves(page)}")


def save_of(page) -> dict | None:
    text = page.evaluate("() => localStorage.getItem('tapete.save')")
    return None if text is None else json.loads(text)


def text_of(page, selector: str = "#app") -> str:
    return page.inner_text(selector)


def axe(page, label: str) -> None:
    """axe-core on the whole page, once animations have finished (a sheet still
    fading in fails on contrast): no serious or critical violation."""
    settled(page)
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    violations = page.evaluate(
        """async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations
              .filter(v => v.impact === 'serious' || v.impact === 'critical')
              .map(v => ({id: v.id, impact: v.impact, help: v.help,
                          nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
        }"""
    )
    assert not violations, f"axe on {label}: {json.dumps(violations, indent=1)}"


def settled(page) -> None:
    """Wait until every finite animation and transition on the page has finished
    (endless ones, such as a spinner, are left running)."""
    page.evaluate(
        """async () => {
            const finite = document.getAnimations().filter(
                a => a.effect && a.effect.getComputedTiming().endTime !== Infinity);
            await Promise.all(finite.map(a => a.finished.catch(() => null)));
        }"""
    )


def assert_fits(page, name: str) -> None:
    """The screen's layout at the current viewport: nothing sticks out sideways
    (no horizontal scrolling) and every visible control lies within the width."""
    problems = page.evaluate(
        """() => {
            const width = document.documentElement.clientWidth;
            const found = [];
            const over = document.documentElement.scrollWidth - width;
            if (over > 0) found.push(`the page scrolls ${over}px sideways`);
            for (const el of document.querySelectorAll('#app button, #app input, #app select')) {
                const box = el.getBoundingClientRect();
                if (box.width === 0 || box.height === 0) continue;
                if (box.left < -0.5 || box.right > width + 0.5) {
                    const what = el.id || el.dataset.action || el.textContent.trim().slice(0, 20);
                    found.push(`${el.tagName.toLowerCase()} ${what}: ${Math.round(box.left)}`
                               + `..${Math.round(box.right)} of ${width}px`);
                }
            }
            return found;
        }"""
    )
    size = page.viewport_size
    assert not problems, f"{name} at {size['width']}x{size['height']}: {problems}"


def shoot(page, artifacts: Path, name: str, full: bool = True) -> None:
    """A screenshot named after the screen and the viewport, once animations have
    finished (only with ``TAPETE_SHOTS=1``)."""
    if not SHOTS:
        return
    size = page.viewport_size
    settled(page)
    page.screenshot(
        path=str(artifacts / f"{name}-{size['width']}x{size['height']}.png"), full_page=full
    )


def both_sizes(page, artifacts: Path, name: str) -> None:
    """The same screen at both phone sizes (resizing keeps the page, no reboot):
    its layout checked by geometry at each, and a screenshot with TAPETE_SHOTS=1."""
    before = page.viewport_size
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        assert_fits(page, name)
        shoot(page, artifacts, name)
    page.set_viewport_size(before)

"""The test clock (``e2e/clock.js``) that the other e2e tests drive: it is the
clock the booted app uses, and it pauses, advances, runs fast and resumes as
:mod:`e2e.helpers` says."""

from __future__ import annotations

from pytest import approx

from e2e.helpers import (
    clock_advance,
    clock_fast,
    clock_next,
    clock_now,
    clock_pending,
    clock_resume,
    handled,
)

#: Four timers set at one instant (one of them cleared); the second, when it
#: fires, sets another 50 ms later. ``window.fired`` logs [name, ms since, rounded].
SET_TIMERS = """() => {
    const c = window.tapeteClock, t0 = c.now();
    window.fired = [];
    const log = (name) => () => window.fired.push([name, Math.round(c.now() - t0)]);
    c.setTimeout(log("b"), 200);
    c.setTimeout(() => { log("a")(); c.setTimeout(log("a2"), 50); }, 100);
    c.clearTimeout(c.setTimeout(log("cleared"), 150));
    c.setTimeout(log("c"), 200);
    return t0;
}"""


def fired(page) -> list[list]:
    return page.evaluate("() => window.fired")


def test_the_app_keeps_the_test_clock_which_pauses_advances_runs_fast_and_resumes(
    open_page,
) -> None:
    page = open_page(clock="paused")
    assert page.evaluate("() => window.tapeteClock.testing === true"), "the app replaced it"
    assert page.evaluate("() => window.tapeteClock.mode()") == "paused"
    t0 = page.evaluate(SET_TIMERS)
    assert clock_pending(page) == approx([100, 200, 200])
    handled(page)  # the page's event loop turned: nothing fired, no time passed
    assert fired(page) == []
    assert clock_now(page) == t0

    assert clock_advance(page, 120) == 1
    assert fired(page) == [["a", 100]]
    assert clock_now(page) == approx(t0 + 120)
    assert clock_pending(page) == approx([30, 80, 80])
    # Due-first; a timer set while firing fires at its own time; equal times in
    # the order they were set.
    assert clock_advance(page, 100) == 3
    assert fired(page) == [["a", 100], ["a2", 150], ["b", 200], ["c", 200]]
    assert clock_now(page) == approx(t0 + 220)
    assert clock_next(page) is False

    # Fast: the same timers fire at once, due-first, time jumping to each.
    t0 = page.evaluate(SET_TIMERS)
    clock_fast(page)
    page.wait_for_function("() => window.fired.length === 4")
    assert fired(page) == [["a", 100], ["a2", 150], ["b", 200], ["c", 200]]
    assert clock_now(page) == approx(t0 + 200), "fast time jumps from timer to timer"

    clock_resume(page)
    assert clock_now(page) >= t0 + 199.999, "time never goes back"
    page.evaluate("() => window.tapeteClock.setTimeout(() => { window.rang = true; }, 20)")
    page.wait_for_function("() => window.rang === true")  # real time flows again
    # Moving time by hand needs a stopped clock.
    error = page.evaluate(
        "() => { try { window.tapeteClock.advance(5); return ''; }"
        " catch (e) { return e.message; } }"
    )
    assert "pause the clock first" in error

"""A phone's speed in headless Chromium: the CPU slowdown the benchmarks run under.

Chromium slows a page's renderer by a factor (``Emulation.setCPUThrottlingRate`` over
the DevTools protocol), as DevTools' "4x slowdown" and Lighthouse's mobile profile do.
It holds for the page's target across reloads and navigations, not for its service
worker or the network. A trace's thread time (``tdur``) grows with it too (an Abyss 8
tap's task: 13 ms at 1x, 117 ms at 4x on a loaded machine), so both wall and thread
figures show the slowdown; the machine's own load multiplies it further.

A rate of 1 sets nothing: the page runs as the benchmarks always ran it.

Chromium keeps a throttled renderer busy even while its page is idle: a primed Tapete
page left on its home screen at 4x took 16 s of CPU in 20 s (none at 1x, measured with
``ps``). A bench that keeps several pages open at once (primed warm pages) therefore
throttles each only while it is measured (:func:`set_rate`), or the idle ones take the
cores from the one being measured: a warm start at 4x measured 3.1 s with three other
primed pages open, 1.7 s alone, at the same load.
"""

from __future__ import annotations

import weakref
from pathlib import Path

from tools.browser import BOOT_TIMEOUT_MS

#: The rates ``make bench`` measures: the desktop core this runs on, Lighthouse's mobile
#: profile (4x), and a slower mid-range phone (6x).
RATES = (1, 4, 6)


def parse_rates(text: str) -> list[int]:
    """``"1,4,6"`` -> ``[1, 4, 6]``; 1 (the baseline the ratios need) always first."""
    rates = sorted({int(part) for part in text.split(",") if part.strip()})
    if not rates or rates[0] < 1:
        raise ValueError(f"slowdown rates are whole factors of at least 1: {text!r}")
    return rates if rates[0] == 1 else [1, *rates]


def slow_down(page, rate: int) -> None:
    """Throttle ``page``'s CPU by ``rate`` (call it before the page navigates: its boot
    is then throttled too), and give its waits ``rate`` times the usual patience (the
    page's default timeout: a 6x boot on a loaded machine takes minutes). The CDP
    session stays open with the page."""
    page.set_default_timeout(BOOT_TIMEOUT_MS * rate)
    set_rate(page, rate)


#: Each throttled page's DevTools session, open as long as the page.
_SESSIONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def set_rate(page, rate: int) -> None:
    """Throttle ``page``'s CPU by ``rate`` from now on (1: not at all, for a page that
    waits while another is measured; see the module's doc)."""
    if rate == 1 and page not in _SESSIONS:
        return
    if page not in _SESSIONS:
        _SESSIONS[page] = page.context.new_cdp_session(page)
    _SESSIONS[page].send("Emulation.setCPUThrottlingRate", {"rate": rate})


def load_average() -> float | None:
    """The machine's load average over the last minute (the figures' context)."""
    try:
        return float(Path("/proc/loadavg").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def ratio(value: float | None, base: float | None) -> str:
    """``value`` against the same run's 1x figure, as ``3.9x`` (``-`` without both)."""
    if value is None or base is None or base != base or value != value or base <= 0:
        return "-"
    return f"{value / base:.1f}x"

"""Every input a test gives a page returns once the app has answered it.

The app runs in a worker: a tap is a message to it and the frame it answers comes
back a moment later, while a person looks at the screen. A test reads the page
right after its tap, as a person reads it once it has changed: so each of
Playwright's inputs (a click, a tap, a key, a fill, a check, a selection) waits,
after it is given, until the page has no event waiting for or being answered by
the app (``window.tapetePage.busy()``, web/shell/page.js). Timers (a bot's move,
an animation's end) are not inputs: tests wait for what they draw, as before.

A page without the app (about:blank, a fixture) or one that an input reloaded or
closed has nothing to wait for.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from playwright.sync_api import ElementHandle, Keyboard, Locator, Mouse, Page, Touchscreen
from playwright.sync_api import Error as PlaywrightError

#: True while an event is on its way to the app or back.
BUSY = "() => !!(window.tapetePage && window.tapetePage.busy && window.tapetePage.busy())"
SETTLED = "() => !(window.tapetePage && window.tapetePage.busy && window.tapetePage.busy())"
#: How long an answer may take on a loaded machine.
SETTLE_TIMEOUT_MS = 60_000
#: Off for tests that hold the app's answers on purpose (a stand-in worker's).
ON = [True]


def settle(page: Page | None) -> None:
    """Return once ``page``'s app has answered every input given so far."""
    if not ON[0] or page is None or page.is_closed():
        return
    try:
        if page.evaluate(BUSY):
            page.wait_for_function(SETTLED, timeout=SETTLE_TIMEOUT_MS)
    except PlaywrightError as error:
        # the input reloaded, navigated or closed the page: no answer to wait for
        text = str(error)
        if not any(
            word in text
            for word in ("Execution context was destroyed", "closed", "navigation", "Target page")
        ):
            raise


def _after(method: Callable[..., Any], page_of: Callable[[Any], Page | None]) -> Callable[..., Any]:
    @functools.wraps(method)
    def given(self: Any, *args: Any, **kwargs: Any) -> Any:
        out = method(self, *args, **kwargs)
        settle(page_of(self))
        return out

    given.__tapete_settles__ = True  # type: ignore[attr-defined]
    return given


def _handle_page(handle: ElementHandle) -> Page | None:
    frame = handle.owner_frame()
    return frame.page if frame is not None else None


#: The input objects that have no page of their own: the page that gave them out.
_OWNER: dict[int, Page] = {}


def _owned(kind: str) -> Callable[[Page], Any]:
    prop = getattr(Page, kind)

    def get(page: Page) -> Any:
        device = prop.fget(page)
        _OWNER[id(device)] = page
        return device

    return property(get)


#: What a person does to a control: every input object has these.
_ON_CONTROLS = ("click", "dblclick", "tap", "press", "fill", "type", "check", "uncheck")
_ON_CONTROLS += ("select_option", "dispatch_event", "set_input_files")

INPUTS: dict[type, tuple[tuple[str, ...], Callable[[Any], Page | None]]] = {
    Page: ((*_ON_CONTROLS, "go_back"), lambda page: page),
    Locator: (
        (*_ON_CONTROLS, "press_sequentially", "set_checked"),
        lambda locator: locator.page,
    ),
    ElementHandle: (_ON_CONTROLS, _handle_page),
    Keyboard: (("press", "type", "insert_text", "up"), lambda k: _OWNER.get(id(k))),
    Mouse: (("click", "dblclick", "up"), lambda m: _OWNER.get(id(m))),
    Touchscreen: (("tap",), lambda t: _OWNER.get(id(t))),
}


def install() -> None:
    """Make every input above wait for the app's answer (once per process)."""
    if getattr(Locator.click, "__tapete_settles__", False):
        return
    for kind in ("keyboard", "mouse", "touchscreen"):
        setattr(Page, kind, _owned(kind))
    for cls, (names, page_of) in INPUTS.items():
        for name in names:
            if hasattr(cls, name):
                setattr(cls, name, _after(getattr(cls, name), page_of))

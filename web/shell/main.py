"""The browser side of Tapete: the DOM, the listeners, storage and one timer loop.

index.html runs this module as ``__main__`` from the app archive that the build
puts on ``sys.path`` (PyScript's ``codeBeforeRun`` hook). It builds the
:class:`~web.app.midend.MidEnd` around the :class:`~web.app.controller.App`, forwards every
event to it (taps on ``data-action`` elements, fingers down, edits of
``data-field`` inputs, keys, the back button, the page shown or hidden, a file
chosen, a timer that fired) and applies the :class:`~web.app.midend.Frame` it
answers: one morph of ``#app`` (nodes are kept, so CSS transitions run; see
:func:`_morph`), ``<html>``'s attributes and the title, the focus, the effects,
and the timers it asks for, armed through :mod:`web.core.clock` and handed back to
:meth:`MidEnd.fire` with their token. Nothing here decides a rule of the app.
Then it sets ``data-ready`` on ``<html>`` (the boot screen's signal).
"""

from __future__ import annotations

import contextlib
import os
import random
from typing import Any, TypeAlias

import js
from pyodide.ffi import create_proxy, to_js

from web.app import keep, prerender
from web.app.controller import App
from web.app.midend import Frame, MidEnd
from web.app.registry import ENTRIES
from web.core import clock
from web.shell import device, focus, testhook
from web.shell import peers as links

#: A JavaScript object through Pyodide's proxy (``js`` has no type stubs).
JsObject: TypeAlias = Any

ROOT = js.document.getElementById("app")
HTML = js.document.documentElement
#: The page's voice (web/shell/said.js): a polite live region outside ``#app``.
SAID = focus.node(js.document.getElementById("said"))


def _options(values: dict[str, Any]) -> JsObject:
    return to_js(values, dict_converter=js.Object.fromEntries)


_rng = random.Random(os.urandom(16))
_REDUCED = js.window.matchMedia("(prefers-reduced-motion: reduce)")
mid = MidEnd(
    App(
        device.storage(),
        list(js.navigator.languages or [js.navigator.language]),
        lambda: _rng.randrange(1, 2**53),
        ENTRIES,
    ),
    reduced=lambda: bool(_REDUCED.matches),
    # web/shell/boot.js painted a screen: the first frame morphs it in place (no scroll to the top).
    painted=str(ROOT.innerHTML) if HTML.hasAttribute("data-painted") else None,
)
#: The screen a reload would show, kept for web/shell/boot.js when the page is left or
#: hidden, and when idle while the table waits for a person (web/app/keep.py).
_keep_screen = prerender.Keeper(str(HTML.getAttribute("data-build")))
#: Tap-to-DOM-updated times in ms, for bench/ui.py; and the same taps split:
#: [apply and save, render to one HTML string, morph (the DOM write)].
js.window.tapeteTimings = to_js([])
js.window.tapeteParts = to_js([])
#: bench/ui.py --smooth sets window.tapeteProfile before the page's scripts: each
#: frame then pushes its phases' times in ms (name -> ms, and "kind") to window.tapeteSpans.
_PROFILE = bool(getattr(js.window, "tapeteProfile", False))
if _PROFILE:
    js.window.tapeteSpans = to_js([])
#: bench/ui.py --morphs sets window.tapeteMorph: "content" (no regions: a table's
#: frame patched whole) or "other" (every frame through ``window.tapeteMorphOther(root,
#: html)``, a morpher the bench brings to compare with).
_MORPHER = str(getattr(js.window, "tapeteMorph", "") or "")
#: What <html> carries now, so a frame only touches what changed (each change
#: to <html> restyles the whole page).
_page: dict[str, str | None] = {}


def _set_page(name: str, value: str | None) -> None:
    if _page.get(name, "") == value:
        return
    _page[name] = value
    if name == "title":
        js.document.title = value
    elif value is None:
        HTML.removeAttribute(name)
    else:
        HTML.setAttribute(name, value)


def _morph(frame: Frame) -> None:
    """Bring ``#app`` to the frame's HTML: the regions its patch names alone
    (``tapeteSyncRegions``), else the whole page (``tapeteSyncContent``); nodes
    are matched by position (web/shell/sync.js), for a new screen as for a move."""
    if _MORPHER == "other":
        js.window.tapeteMorphOther(ROOT, frame.html or "")
        return
    changed = None if _MORPHER == "content" else frame.patch
    if changed == []:  # the page on screen
        return
    if changed and js.window.tapeteSyncRegions(
        to_js(changed), "".join(frame.regions[rid] for rid in changed)
    ):
        return
    js.window.tapeteSyncContent(ROOT, frame.html or "")


def _write(frame: Frame) -> tuple[float, int]:
    """The DOM write of a frame: the cards that travel measured before the morph
    and played after it (on another table, ``#said`` emptied first), the sounds,
    the vibrations, then <html> and the title.
    Returns the morph's ms and how long the animations run."""
    mover = getattr(js.window, "tapeteMotion", None)
    anim_ms = 0
    t = clock.perf_ms()
    if mover is not None:
        with contextlib.suppress(Exception):  # an animation never stops the game
            if frame.motion and frame.speed:
                mover.before(to_js(frame.motion, dict_converter=js.Object.fromEntries))
            else:
                mover.finish()
    if frame.hush and SAID is not None:
        SAID.textContent = ""
    m = clock.perf_ms()
    _morph(frame)
    morph_ms = clock.perf_ms() - m
    if mover is not None and frame.motion and frame.speed:
        with contextlib.suppress(Exception):
            anim_ms = int(mover.play(frame.speed))
    frame.spans["motion"] = clock.perf_ms() - t - morph_ms
    player = getattr(js.window, "tapeteSound", None)
    if player is not None:
        for name, delay in frame.sounds.items():
            player.play(name, delay)
    for pattern in frame.buzz:
        device.vibrate(pattern)
    for name, value in frame.attrs.items():
        _set_page(name, value)
    _set_page("title", frame.title)
    return morph_ms, anim_ms


def apply(frame: Frame | None, kind: str = "draw", start: float | None = None) -> None:
    """Apply what the mid end answered to an event (``kind``: what it was, for the
    phase times; ``start``: when a game tap began, for bench/ui.py)."""
    if frame is None:
        return
    anim_ms = 0
    if frame.html is not None:
        active = focus.node(js.document.activeElement)
        active_id = active.id if active is not None and active.id else None
        morph_ms, anim_ms = _write(frame)
        if start is not None:
            js.window.tapeteTimings.push(clock.perf_ms() - start)
            parts = [frame.spans.get("apply", 0), frame.spans.get("render", 0), morph_ms]
            js.window.tapeteParts.push(to_js(parts))
        t = clock.perf_ms()
        try:
            focus.move(ROOT, active_id, frame.focus)
            focus.coached(ROOT)
        finally:  # whatever focus does, the game goes on
            if frame.keep:
                _moments.soon()
        frame.spans["focus"] = clock.perf_ms() - t
        if _PROFILE:
            spans = {"kind": kind, **frame.spans, "morph": morph_ms}
            js.window.tapeteSpans.push(_options(spans))
    if frame.focus_to is not None:
        focus.to(ROOT, frame.focus_to)
    if frame.file is not None:
        device.hand_over_file(*frame.file)
    visible = js.document.visibilityState == "visible"
    device.keep_awake(frame.awake and visible)
    for timer_kind, ms, token in frame.timers:
        _arm(timer_kind, ms, token)
    links.flush(mid, apply)
    if frame.html is not None and anim_ms:
        apply(mid.animated(anim_ms))


def _arm(kind: str, ms: int, token: int) -> None:
    """The one timer loop: a timer the mid end asked for calls it back."""
    clock.set_timeout(lambda: apply(mid.fire(kind, token), kind), ms)


def attr(element: JsObject, name: str) -> str | None:
    """An attribute's text, or None (JS null arrives as None or jsnull)."""
    value = element.getAttribute(name)
    return value if isinstance(value, str) else None


def on_click(event: JsObject) -> None:
    target = focus.node(event.target.closest("[data-action]")) if event.target else None
    if target is None or target.matches(":disabled"):
        return
    start = clock.perf_ms()
    action, arg = attr(target, "data-action") or "", attr(target, "data-arg")
    seat = move = None
    if target.hasAttribute("data-move"):
        try:
            seat, move = int(attr(target, "data-seat") or ""), int(attr(target, "data-move") or "")
        except (TypeError, ValueError):
            return
    remote = focus.node(target.closest("[data-remote]")) is not None
    frame = mid.click(action, arg, seat, move, remote)
    if seat is not None and move is not None and not remote:
        apply(frame, "tap", start)
    else:
        apply(frame)


def on_press(_event: JsObject) -> None:
    mid.press()


def on_input(event: JsObject) -> None:
    target = event.target
    if target is None or not target.hasAttribute("data-field"):
        return
    name = attr(target, "data-field")
    if name is not None:
        mid.field(name, attr(target, "data-arg"), str(target.value))


async def on_change(event: JsObject) -> None:
    target = event.target
    if target is None or target.type != "file":
        apply(mid.changed(attr(target, "data-field") if target is not None else None))
        return
    files = target.files
    if files is None or files.length == 0:
        return
    file = files.item(0)
    target.value = ""
    refused = mid.choose_file(int(file.size))
    apply(refused if refused is not None else mid.read_file(str(await file.text())))


def on_key(event: JsObject) -> None:
    if event.key == "Tab":  # round the open dialog, as aria-modal says (the page's DOM)
        focus.trap(ROOT, event)
        return
    target = event.target
    field = attr(target, "data-field") if target is not None else None
    frame = mid.key(str(event.key), field, attr(target, "data-arg") if field else None)
    if frame is not None:  # the app's key, not the browser's
        event.preventDefault()
        apply(frame)


def on_popstate(_event: JsObject) -> None:
    """Android back: close what is open or leave the table (it stays saved)."""
    frame = mid.browser_back()
    if frame is not None:
        apply(frame)
        js.history.pushState(_options({"tapete": 1}), "")


def _on_visibility(_event: JsObject) -> None:
    visible = js.document.visibilityState == "visible"
    if visible:  # the browser drops a wake lock when the page is hidden: ask again
        device.woke()
    apply(mid.shown(visible))


def _keep() -> None:
    """Keep the screen a reload would show (a second render and a storage write),
    never in a tap's task: see web/app/keep.py for when."""
    _keep_screen(mid.app)


_moments = keep.Moments(_keep)
_listeners = [
    ("pointerdown", create_proxy(on_press)),
    ("click", create_proxy(on_click)),
    ("input", create_proxy(on_input)),
    ("change", create_proxy(on_change)),
    ("keydown", create_proxy(on_key)),
]
for kind, proxy in _listeners:
    js.document.addEventListener(kind, proxy)
_popstate = create_proxy(on_popstate)
js.window.addEventListener("popstate", _popstate)
_links = links.listen(mid, apply)
_visibility = create_proxy(_on_visibility)
js.document.addEventListener("visibilitychange", _visibility)
js.window.tapeteBeforeUpdate = create_proxy(lambda: mid.before_update())
js.history.pushState(_options({"tapete": 1}), "")

apply(mid.start())
HTML.setAttribute("data-ready", "")
js.window.tapeteBoot.replay()  # a tap made before Python was up (web/shell/boot.js)
testhook.offer(__spec__.name)  # the e2e harness's restart in place; inert unless it asks

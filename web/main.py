"""The browser side of Tapete: the DOM, the listeners, storage and the bots' timer
(armed through :mod:`web.clock`, the only other module that touches ``js``).

index.html runs this module as ``__main__`` from the app archive that the build
puts on ``sys.path`` (PyScript's ``codeBeforeRun`` hook). It builds the :class:`~web.app.App`,
draws it into ``#app`` with one morph per update (nodes are kept, so CSS
transitions run; see :func:`_morph`), and listens once, on the document, for taps on
``data-action`` elements, edits of ``data-field`` inputs and the back button.
Then it sets ``data-ready`` on ``<html>`` (the boot screen's signal).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
from collections.abc import Callable
from typing import Any, TypeAlias

import js
from pyodide.ffi import create_proxy, to_js

from web import clock, device, effects, keep, players, prerender, store
from web.app import App
from web.kit import motion
from web.regions import skeleton as page_skeleton
from web.registry import ENTRIES
from web.table_ui import HANDOVER_MS

#: A JavaScript object through Pyodide's proxy (``js`` has no type stubs).
JsObject: TypeAlias = Any

ROOT = js.document.getElementById("app")
HTML = js.document.documentElement
MORPH = to_js({"morphStyle": "innerHTML"}, dict_converter=js.Object.fromEntries)


class BrowserStorage:
    """``localStorage`` behind :class:`web.store.Storage`; raises on a full disk,
    which :func:`web.store.write_json` turns into a "not saved" notice."""

    def get(self, key: str) -> str | None:
        value = js.localStorage.getItem(key)
        # JS null arrives as None or as pyodide's jsnull, depending on the version.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        js.localStorage.setItem(key, value)

    def remove(self, key: str) -> None:
        js.localStorage.removeItem(key)


def _storage() -> store.Storage:
    try:
        js.localStorage.getItem("tapete.probe")
        return BrowserStorage()
    except Exception:  # storage blocked (private mode, policy): play without saving
        return store.MemoryStorage()


_rng = random.Random(os.urandom(16))
app = App(
    _storage(),
    list(js.navigator.languages or [js.navigator.language]),
    lambda: _rng.randrange(1, 2**53),
    ENTRIES,
)
_last_screen: str | None = None
#: The page under any dialog or sheet (see :func:`_page_view`) at the last draw.
_last_view: str | None = None


class _Pending:
    """At most one armed timer of a kind (a bot's move, the hold's release, an
    import's next slice): arming it while one waits does nothing, and ``step``
    runs with the slot already free, so it may arm the next one itself."""

    def __init__(self) -> None:
        self.armed = False

    def arm(self, ms: int, step: Callable[[], None]) -> None:
        if self.armed:
            return
        self.armed = True

        def go() -> None:
            self.armed = False
            step()

        clock.set_timeout(go, ms)


#: The screen a reload would show, kept for web/boot.js (:func:`_keep`) when the
#: page is left or hidden, and when idle while the table waits for a person.
_keep_screen = prerender.Keeper(str(HTML.getAttribute("data-build")))
_bot_timer = _Pending()
_guard_timer = _Pending()
_import_timer = _Pending()
_replay_timer = _Pending()
_lab_timer = _Pending()
_render_ms = _morph_ms = 0.0
#: Tap-to-DOM-updated times in ms (engine, view, render, morph), for bench/ui.py.
js.window.tapeteTimings = to_js([])
#: The same taps split: [apply and save, render to one HTML string, morph (the DOM write)].
js.window.tapeteParts = to_js([])


#: bench/ui.py --smooth sets window.tapeteProfile before the page's scripts: each
#: draw (a tap, a bot's move, a keep) then pushes its phases' times in ms (name ->
#: ms, and "kind") to window.tapeteSpans.
_PROFILE = bool(getattr(js.window, "tapeteProfile", False))
_spans: dict[str, float] = {}


def _span(name: str, since: float) -> float:
    """Add the time since ``since`` to phase ``name`` (when profiling); now."""
    t = clock.perf_ms()
    if _PROFILE:
        _spans[name] = _spans.get(name, 0.0) + t - since
    return t


def _flush_spans(kind: str) -> None:
    if _PROFILE and _spans:
        spans = to_js({"kind": kind, **_spans}, dict_converter=js.Object.fromEntries)
        js.window.tapeteSpans.push(spans)
        _spans.clear()


if _PROFILE:
    js.window.tapeteSpans = to_js([])

_REDUCED = js.window.matchMedia("(prefers-reduced-motion: reduce)")
#: What <html> carries now, so a redraw only touches what changed (each change
#: to <html> restyles the whole page).
_page: dict[str, str | None] = {}


def reduced_motion() -> bool:
    return bool(_REDUCED.matches)


def _node(value: JsObject) -> JsObject:
    """A DOM query's answer as an element or ``None``: Pyodide hands JS ``null``
    over as ``jsnull``, which is not ``None`` (and has no methods)."""
    return None if value is None or type(value).__name__ == "JsNull" else value


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


_last_skeleton: str | None = None
_last_regions: dict[str, str] = {}
_last_table: object = None


def _morph(html: str, regions: dict[str, str], table: object) -> None:
    """Bring ``#app`` to ``html``, touching as little of the page as it can.

    Within one table (``table``: the table on screen, or None) nodes are matched by
    position (``tapeteSyncRegions``/``tapeteSyncContent`` in index.html): when only
    registered regions changed (the rest of the page, its "skeleton", is the same
    string as last time), just those are written, else the whole table. A new
    screen goes through Idiomorph, whose matching by id suits a new layout and the
    form fields of setup screens. A flip at an eight-seat Abyss table thus writes
    one grid and the status; Idiomorph would walk and index the whole table."""
    global _last_skeleton, _last_regions, _last_table
    skeleton = page_skeleton(html, regions)
    same_table = table is not None and table is _last_table
    done = same_table and skeleton == _last_skeleton and regions.keys() == _last_regions.keys()
    if done:
        changed = [rid for rid, part in regions.items() if part != _last_regions[rid]]
        if changed:
            joined = "".join(regions[rid] for rid in changed)
            done = bool(js.window.tapeteSyncRegions(to_js(changed), joined))
    if not done:
        if same_table:
            js.window.tapeteSyncContent(ROOT, html)
        else:
            js.window.Idiomorph.morph(ROOT, html, MORPH)
    _last_skeleton, _last_regions, _last_table = skeleton, dict(regions), table


def _forget_page() -> None:
    """Make the next write morph the whole app, not only the changed regions."""
    global _last_skeleton
    _last_skeleton = None


#: What the table showed at the last draw: the effects a redraw plays (web/effects.py).
_stage = effects.Stage()


def _play(fx: list[motion.Effect], speed: float) -> None:
    """After the morph: the animations (web/motion.js, measured before it), the
    sounds (web/sound.js) and one vibration of ``fx``."""
    mover = getattr(js.window, "tapeteMotion", None)
    if mover is not None and speed:
        with contextlib.suppress(Exception):  # an animation never stops the game
            _stage.anim_ms = int(mover.play(speed))
    player = getattr(js.window, "tapeteSound", None)
    if player is not None and app.settings["sound"]:
        for name, delay in effects.sounds(fx).items():
            player.play(name, delay * (speed or 1))
    buzz = next((e["buzz"] for e in fx if e["buzz"]), None)
    if buzz is not None:
        _vibrate(motion.BUZZ[buzz])


def write() -> str | None:
    """The one DOM write of an update: the morph, then what changed on <html>.
    Returns the id of the element that had the focus before. The cards the
    engine says moved travel (web/motion.js): measured before the morph, played
    after it; any animation still running ends first."""
    global _render_ms, _morph_ms
    active = _node(js.document.activeElement)
    active_id = active.id if active is not None and active.id else None
    t0 = clock.perf_ms()
    html = app.render()
    t1 = _span("render", t0)
    fx = _stage.effects(app)
    speed = effects.SPEEDS.get(app.motion(reduced_motion()), 1.0)
    t = _span("effects", t1)
    mover = getattr(js.window, "tapeteMotion", None)
    if mover is not None:
        with contextlib.suppress(Exception):  # an animation never stops the game
            if fx and speed:
                mover.before(to_js(fx, dict_converter=js.Object.fromEntries))
            else:
                mover.finish()
    t = _span("before", t)
    _morph(html, app.regions, app.table if app.screen == "table" else None)
    t = _span("morph", t)
    if fx:
        _play(fx, speed)
    t = _span("play", t)
    _render_ms, _morph_ms = t1 - t0, t - t1
    _set_page("lang", app.lang)
    _set_page("data-motion", app.motion(reduced_motion()))
    _set_page("data-sound", "on" if app.settings["sound"] else "off")
    _set_page("data-guard", "" if app.guarded() else None)
    theme = app.settings["theme"]
    _set_page("data-theme", None if theme == "system" else theme)
    _set_page("title", app.title())
    return active_id


def _page_view() -> str:
    """What the page under any dialog or sheet shows: the screen, and the control
    it asks to focus (a table's hand-off screen, "Pass the phone", has one), a
    finished game's results (drawn in its table's place). When this changes, the
    player sees a new page, which starts at its top."""
    view = app.screen
    if (table := app.table) is not None and table.game.result(table.state) is not None:
        view += "/over"
    for element in ROOT.querySelectorAll(".screen [autofocus]"):
        if _node(element.closest("[role=dialog],[role=alertdialog]")) is None:
            return view + "#" + str(element.id or element.tagName)
    return view


def settle(active_id: str | None) -> None:
    """After the write: focus, scroll, wake lock, the next bot move."""
    global _last_screen, _last_view
    t = clock.perf_ms()
    screen = app.screen + ("/" + (app.confirm or "") if app.confirm else "")
    if app.table is not None:
        screen += "/" + str(app.table.ui.get("sheet") or "")
    view = _page_view()
    new_page = view != _last_view or app.take_page_top()
    try:
        _restore_focus(active_id, screen != _last_screen or new_page, new_page)
    finally:  # whatever focus does, the game goes on
        _last_screen, _last_view = screen, view
        t = _span("focus", t)
        if app.bot_turn() is None:
            _moments.soon()
        _keep_awake()
        _schedule_bot()
        _schedule_release()
        _schedule_import()
        _schedule_replay()
        _schedule_lab()
        _span("timers", t)


def draw(kind: str = "draw") -> None:
    """Write the app to the page, then settle focus and timers (``kind``: what
    drew, for the phase times)."""
    settle(write())
    _flush_spans(kind)


def _first(within: JsObject, *selectors: str) -> JsObject:
    """The first element under ``within`` that matches one of ``selectors``, in the
    order given, or None. (No ``a or b`` on proxies: a JS object can be falsy.)"""
    for selector in selectors:
        found = _node(within.querySelector(selector))
        if found is not None:
            return found
    return None


def _restore_focus(active_id: str | None, screen_changed: bool, new_page: bool = False) -> None:
    """Keyboard players keep their place across redraws; a new screen or dialog
    takes the focus to its first thing. A new page (``new_page``: not just a
    dialog or sheet over the same one) starts at its top, the section of its focused
    control in view: all of it, or its top (a round's results: the headline)."""
    doc = js.document
    # Only the app's own dialogs: the shell's update prompt (outside #app) is not modal.
    dialog = _node(ROOT.querySelector("[role=dialog],[role=alertdialog]"))
    current = _node(doc.activeElement)
    if dialog is not None:
        if current is None or not dialog.contains(current):
            target = _first(dialog, "[autofocus]", "button")
            if target is not None:
                target.focus()
        return
    if screen_changed:
        if new_page:
            js.window.scrollTo(0, 0)
        target = _first(ROOT, "[autofocus]", "h1")
        if target is not None:
            if not target.hasAttribute("tabindex") and target.tagName == "H1":
                target.setAttribute("tabindex", "-1")
            target.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))
            if new_page:  # (an element proxy is truthy: it has no length)
                (_node(target.closest("section")) or target).scrollIntoView(
                    to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries)
                )
        return
    if current is None or current == doc.body:
        target = _node(doc.getElementById(active_id)) if active_id else None
        # (Only form controls have ``disabled``: the focus may have been on a heading.)
        if target is None or target.matches(":disabled"):
            # The card just played is no longer a control: go on to the next one.
            target = _node(doc.querySelector("#app [data-move]:not([disabled])"))
        if target is not None:
            target.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))


def _vibrate(pattern: int | list[int]) -> None:
    """A vibration of ``pattern`` ms (on, off, on...), if the setting is on."""
    if app.settings["vibrate"]:
        device.vibrate(pattern)


def _effects() -> None:
    for effect in app.effects:
        if effect == "vibrate":
            _vibrate(60)
    app.effects.clear()


def attr(element: JsObject, name: str) -> str | None:
    """An attribute's text, or None (JS null arrives as None or jsnull)."""
    value = element.getAttribute(name)
    return value if isinstance(value, str) else None


def on_click(event: JsObject) -> None:
    target = _node(event.target.closest("[data-action]")) if event.target else None
    if target is None or target.matches(":disabled"):
        return
    start = clock.perf_ms()
    action = attr(target, "data-action") or ""
    if target.hasAttribute("data-move"):
        try:
            seat, move = int(attr(target, "data-seat") or ""), int(attr(target, "data-move") or "")
        except (TypeError, ValueError):
            return
        played = app.tap(seat, action, move)
        _span("apply", start)
        if not played:
            _forget_page()  # a refused tap redraws everything: the page must match the game
        t_play = clock.perf_ms()
        active_id = write()
        js.window.tapeteTimings.push(clock.perf_ms() - start)
        js.window.tapeteParts.push(to_js([t_play - start, _render_ms, _morph_ms]))
        settle(active_id)
        if played:
            _vibrate(12)
        _flush_spans("tap")
    else:
        arg = attr(target, "data-arg")
        if action == "export":
            export(arg)
        else:
            app.handle(action, arg)
        draw()
    _effects()


def on_press(_event: JsObject) -> None:
    """A finger down: the tap it ends in plays only if no hand-over came between."""
    app.press()


def on_input(event: JsObject) -> None:
    target = event.target
    if target is None or not target.hasAttribute("data-field"):
        return
    name = attr(target, "data-field")
    if name is None or name == "import":
        return
    app.field(name, attr(target, "data-arg"), str(target.value))


async def on_change(event: JsObject) -> None:
    target = event.target
    if target is None or attr(target, "data-field") != "import":
        if target is not None and attr(target, "data-field") == "name":
            draw()  # the long-name hint
        return
    files = target.files
    if files is None or files.length == 0:
        return
    file = files.item(0)
    target.value = ""
    if file.size > app.max_import_bytes():  # not even read: it could be gigabytes
        app.import_too_large()
    else:
        app.import_record(str(await file.text()))
    draw()


def on_key(event: JsObject) -> None:
    if event.key == "Escape":
        app.back()
        draw()
    elif (
        event.key == "Enter"
        and event.target is not None
        and attr(event.target, "data-field") == "name"
    ):
        event.preventDefault()
        nxt = _node(
            js.document.getElementById(f"name-{int(attr(event.target, 'data-arg') or 0) + 1}")
        )
        if nxt is None:  # the last name: on to Start
            nxt = _first(ROOT, "[data-action=start]")
        if nxt is not None:
            nxt.focus()


def on_popstate(_event: JsObject) -> None:
    """Android back: close what is open or leave the table (it stays saved)."""
    leaving = app.screen == "home" and app.confirm is None
    if leaving:
        return
    app.back()
    draw()
    js.history.pushState(to_js({"tapete": 1}, dict_converter=js.Object.fromEntries), "")


def export(arg: str | None) -> None:
    """Share the record as a file where the system can, else download it."""
    record = None
    if arg and arg.startswith("h"):
        try:
            entry = store.load_history(app.storage)[int(arg[1:])]
            if entry.get("unfinished") is True:
                return  # its record shows every hidden card (History offers no export)
            record = entry["record"]
            name = f"tapete-{entry['game']}-{entry['date'][:10]}.json"
            text = json.dumps(record, ensure_ascii=False)
        except (ValueError, IndexError, KeyError):
            return
    else:
        out = app.damaged_file() if arg == "damaged" else app.export_record()
        if arg == "players":  # the players and the history (web/players.py)
            out = players.export_file(app.storage)
        if out is None:
            return
        name, text = out
    device.hand_over_file(name, text)


def _keep_awake() -> None:
    """Wake Lock during a game, where the browser has it and the setting is on."""
    visible = js.document.visibilityState == "visible"
    device.keep_awake(bool(app.settings["wake"]) and app.screen == "table" and visible)


def _on_visibility(_event: JsObject) -> None:
    # The browser drops a wake lock when the page is hidden: ask again on return.
    if js.document.visibilityState == "visible":
        device.woke()
    _keep_awake()


def _schedule_bot() -> None:
    """A bot seat acts after a pause (the bot-speed setting), if nothing moved meanwhile."""
    seat = app.bot_turn()
    if seat is None or _bot_timer.armed or (app.table and app.table.ui.get("sheet")):
        return
    move = app.table.state.moves  # type: ignore[union-attr]

    def go() -> None:
        t = clock.perf_ms()
        if app.bot_play(seat, move):
            _span("apply", t)
            _stage.bot_moved = True
            draw("bot")
        else:
            _schedule_bot()

    # The last move's animations first, then the bot-speed pause.
    _bot_timer.arm(app.bot_delay_ms() + _stage.anim_ms, go)


def _keep() -> None:
    """Keep the screen a reload would show (about 3 ms at an eight-seat Abyss
    table: a second render and a storage write), never in a tap's task: see
    web/keep.py for when."""
    t = clock.perf_ms()
    _keep_screen(app)
    _span("keeper", t)
    _flush_spans("keep")


_moments = keep.Moments(_keep)


def _schedule_release() -> None:
    """A new seat's held controls come live :data:`HANDOVER_MS` after the hand-over."""
    if app.guarded():
        _guard_timer.arm(HANDOVER_MS, lambda: _draw_if(app.release()))


def _schedule_replay() -> None:
    """A playing replay's next move, after its speed's pause (``App.replay_plan``)."""
    ms = app.replay_plan()
    if ms is None or app.table is None:
        return
    step = app.table.step

    def go() -> None:
        if app.replay_tick(step):
            draw()
        else:  # paused, or moved by hand meanwhile: plan again from where it is
            _schedule_replay()

    _replay_timer.arm(ms, go)


def _schedule_import() -> None:
    """The next slice of a record being opened, once the page has drawn the last."""
    if app.opening is not None:
        _import_timer.arm(0, lambda: _draw_if(app.import_step()))


def _schedule_lab() -> None:
    """The bot lab's next slice of games (``App.lab_step``), once the page has drawn the last."""
    if app.lab.running:
        _lab_timer.arm(0, lambda: draw() if app.lab_step() else _schedule_lab())


def _draw_if(changed: bool) -> None:
    if changed:
        draw()


def _before_update() -> None:
    app.save()


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
_visibility = create_proxy(_on_visibility)
js.document.addEventListener("visibilitychange", _visibility)
js.window.tapeteBeforeUpdate = create_proxy(_before_update)
js.history.pushState(to_js({"tapete": 1}, dict_converter=js.Object.fromEntries), "")

if HTML.hasAttribute("data-painted"):  # web/boot.js painted this screen: morph it in place,
    _last_view = _page_view()  # the same page (no scroll to its top)
draw()
HTML.setAttribute("data-ready", "")
js.window.tapeteBoot.replay()  # a tap made before Python was up (web/boot.js)

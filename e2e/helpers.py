"""Helpers for the app's end-to-end tests: pages from the shared warm profile (or
a fresh one), the test clock, taps, reading the table, axe-core, layout checks and
(``TAPETE_SHOTS=1``) screenshots.

Pages. A player's phone boots the app from its service worker's cache and Pyodide's
memory snapshot; so does the harness. One shared context (:class:`Warm`: the service
worker installed, the snapshot stored and restored) keeps one page, and each test
gets it restarted in place (:func:`restart`: ``e2e/hook.js`` and ``web/shell/page.js``
build a new App from the storage, languages, motion and clock the test asks for) in
milliseconds instead of a boot. :func:`open_app` and the ``page`` fixtures hand out
that page; :func:`reload` restarts it keeping its storage (a real reload only after
the test added an init script). A test that needs what one page cannot change (touch
input, a first visit, a blocked or fresh service worker, its own init scripts before
the first load) opens a fresh context (:func:`new_context`): a cold boot, counted at
the end of the run.

The clock. Every context gets ``e2e/clock.js`` as an init script: a
``window.tapeteClock`` (the clock every UI timer and time reading in ``web/``
goes through) that a test drives. A page starts in one mode, and every load
and reload of it starts in it again: ``"real"`` (time flows: the
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
from web.ui.table_ui import HANDOVER_MS  # a new seat's controls are held that long

ROOT = Path(__file__).resolve().parent.parent
#: axe-core, served by the test server from the origin (tools/serve.py's ``extra``),
#: so that the production CSP (scripts from the origin only) stays on.
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_PATH = "__e2e__/axe.min.js"
CLOCK_JS = (Path(__file__).resolve().parent / "clock.js").read_text()
HOOK_JS = (Path(__file__).resolve().parent / "hook.js").read_text()
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
    """``browser.new_context(**options)`` with the test clock installed: a fresh
    profile, whose first page boots Pyodide cold."""
    return install_clock(browser.new_context(**options), clock)


#: The clock mode of a page's last restart, at every load of it (e2e/hook.js; a
#: document with no storage of its own, about:blank, has "real").
_KEPT_MODE = (
    "(() => { try { return JSON.parse(sessionStorage.getItem('tapete-test') || '{}')"
    ".clock || 'real'; } catch { return 'real'; } })()"
)

#: What :func:`restart` can set in the shared page; any other option of
#: :func:`open_app` needs a context of its own.
_RESTARTABLE = {"reduced_motion"}


class Warm:
    """The shared warm profile: one context whose service worker is installed and
    whose memory snapshot is stored, and the page the tests borrow in turn.

    The first :meth:`page` call boots it as a phone's first days do: a first visit
    (plain Pyodide; the service worker installs and takes over), a controlled start
    that makes and stores the snapshot, then a start restored from it, which the
    page must say (``html[data-snapshot=restored]``). A borrowed page that a test
    changed beyond what a restart resets (an init script, a closed page) is
    replaced by a new page of the same context: a warm start, never a cold one."""

    def __init__(self, browser, site_url: str) -> None:
        self.browser, self.site_url = browser, site_url
        self.context = None
        self._page = None
        self.watch: Watch | None = None
        #: The borrowed page took an init script: reloads are real, and it is
        #: replaced when given back.
        self.scripted = False
        self.restarts = 0
        self.boots = 0
        #: What undoes the borrower's :func:`patch` calls (JS), run at the next borrow.
        self.undo: list[str] = []
        #: Pages of this context whose renderer died: nothing can be asked of them
        #: any more (every call fails with "Page crashed"), only closing them.
        self._crashed: set[int] = set()
        #: Every URL the current page asked for since it was booted.
        self.requested: list[str] = []

    def _open(self, watch: Watch | None = None):
        """A new page of the context, booted: its console, errors and requests go
        to ``watch``, or (None) to the Watch of the shared page's borrower."""
        page = self.context.new_page()
        if watch is not None:
            watch.attach(page)
        else:
            page.on("console", lambda message: self.watch and self.watch._console(message))
            page.on(
                "pageerror", lambda error: self.watch and self.watch.page_errors.append(str(error))
            )
            page.on("request", lambda request: self.watch and self.watch._request(request))
        page.on("crash", lambda _: self._crashed.add(id(page)))
        requested: list[str] = []
        self.requested = requested
        page.on("request", lambda request: requested.append(request.url))
        page.goto(self.site_url)
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        self.boots += 1
        return page

    def _start(self) -> None:
        self.context = self.browser.new_context(
            viewport={"width": 390, "height": 844}, service_workers="allow", locale="en-US"
        )
        self.context.set_default_navigation_timeout(BOOT_TIMEOUT_MS)
        self.context.add_init_script(script=f"{CLOCK_JS}({_KEPT_MODE});")
        self.context.add_init_script(script=HOOK_JS)
        page = self._open()
        page.wait_for_function(
            "() => navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS
        )
        page.reload()
        stored = "html[data-snapshot=stored]"
        page.wait_for_selector(stored, state="attached", timeout=BOOT_TIMEOUT_MS)
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert page.get_attribute("html", "data-snapshot") == "restored", "no warm start"
        self._page = page

    def page(self, width: int, height: int, langs: str, clock: str, reduced_motion=None):
        """The shared page at that size, restarted with empty storage, the
        browser's languages ``langs``, motion ``reduced_motion`` (None: no
        preference) and the test clock in mode ``clock``; a fresh :class:`Watch`."""
        if clock not in CLOCK_MODES:
            raise ValueError(f"clock mode {clock!r} is not one of {CLOCK_MODES}")
        if self.context is None:
            self._start()
        gone = self._page is None or self._page.is_closed() or id(self._page) in self._crashed
        if gone or self.scripted:
            if self._page is not None:
                self.close(self._page)
            self._page, self.scripted = self._open(), False
            self.undo.clear()
        page = self._page
        for undo in self.undo:
            page.evaluate(undo)
        self.undo.clear()
        self.watch = None
        page.unroute_all(behavior="ignoreErrors")
        self.context.set_offline(False)
        page.set_viewport_size({"width": width, "height": height})
        page.emulate_media(reduced_motion=reduced_motion or "no-preference")
        if not page.url.startswith(self.site_url) or not page.evaluate(
            "() => typeof (window.tapeteTest || {}).runApp === 'function'"
        ):
            page.goto(self.site_url)
            page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
            self.boots += 1
        page.evaluate(DROP_LINKS)  # a link of the last test's phones is not this test's
        handled(page)  # what the last test's page still said is not this test's
        self.watch = Watch(origin_of(self.site_url))
        restart(page, storage={}, languages=[langs], clock=clock)
        return page

    def close(self, page) -> None:
        """Close a page of this context. A start it held back on purpose and left
        unfinished is not a snapshot that failed: its count goes (pwa/snapshot.mjs
        counts those in the origin's localStorage, RESTORE_TRIES, and after two
        would boot every later page of the context without the snapshot)."""
        if page.is_closed():
            return
        if id(page) not in self._crashed and page.locator(READY).count() == 0:
            page.evaluate("() => localStorage.removeItem('tapete-snapshot')")
        page.close()

    def own_page(self, width: int, height: int, langs: str, clock: str):
        """(page, watch): a page of the warm context for this test alone, booted
        from the service worker's cache and the memory snapshot as the shared page
        is, then restarted in place with empty storage, the browser's languages
        ``langs`` and the clock in mode ``clock``. For a test that holds Python's
        start back or reloads for real: the shared page, which lives through the
        whole run, is never held, and a held start's renderer is new. The shared
        page is parked first (restarted on empty storage, its clock paused), so
        that no timer of the last test writes the storage this page now owns.
        Close it with :meth:`close`."""
        if self.context is None:
            self._start()
        shared = self._page
        parked = shared is None or shared.is_closed() or self.scripted
        if not parked and id(shared) not in self._crashed:
            restart(shared, storage={}, clock="paused")
        watch = Watch(origin_of(self.site_url))
        page = self._open(watch)
        page.set_viewport_size({"width": width, "height": height})
        restart(page, storage={}, languages=[langs], clock=clock)
        return page, watch


#: Every WebRTC link the page holds (the host's one per seat, a guest's to the
#: host) closed, as leaving the page would close them.
DROP_LINKS = """() => { const p = window.tapetePhones; if (!p) return;
  for (const id of ["host", ...Array.from({length: 10}, (_, s) => s)]) {
    p.drop(id); p.drop(String(id)); } }"""

#: Every message a phone's channels deliver, in order, kept in ``window.tapeteGot``
#: (installed once per document: a restart in place keeps the list growing).
RECORD_MESSAGES = """
if (!window.tapeteGot) {
  window.tapeteGot = [];
  const listen = RTCDataChannel.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, fn, options) {
    if (type !== "message") return listen.call(this, type, fn, options);
    const kept = (e) => { window.tapeteGot.push(String(e.data)); fn(e); };
    return listen.call(this, type, kept, options);
  };
}
"""


class Phone(Warm):
    """Another player's phone at a table of several phones: a profile of its own
    with no service worker (another browser, first visit), booted once for the
    whole run (one cold boot, counted at the end) and restarted in place for each
    test that borrows it, as the shared page is. Its pages record the messages
    their channels deliver (``RECORD_MESSAGES``). A page closed by a test (a phone
    that drops) is replaced at the next borrow: another cold boot."""

    def _start(self) -> None:
        self.context = self.browser.new_context(
            viewport={"width": 390, "height": 844}, service_workers="block", locale="en-US"
        )
        self.context.set_default_navigation_timeout(BOOT_TIMEOUT_MS)
        self.context.add_init_script(script=f"{CLOCK_JS}({_KEPT_MODE});")
        self.context.add_init_script(script=HOOK_JS)
        self.context.add_init_script(script=RECORD_MESSAGES)
        self._page = self._open()

    def borrow(
        self,
        width: int = 390,
        height: int = 844,
        permissions=(),
        clock: str = "real",
        langs: str = "en-US",
    ):
        """The phone's page restarted with empty storage, holding only the
        browser permissions ``permissions`` (a context of its own would be granted
        them at its start), its browser speaking ``langs``."""
        if self.context is None:
            self._start()
        self.context.clear_permissions()
        if permissions:
            self.context.grant_permissions(list(permissions))
        return self.page(width, height, langs, clock)

    def drop(self) -> None:
        """The phone leaves (its page closes): every link it held goes down."""
        if self._page is not None and not self._page.is_closed():
            self._page.close()


_WARM: dict[tuple[int, str], Warm] = {}


def warm_of(browser, site_url: str) -> Warm:
    """The shared warm profile of this browser (made at the first call)."""
    key = (id(browser), "")
    if key not in _WARM:
        _WARM[key] = Warm(browser, site_url)
    return _WARM[key]


def phone_of(browser, site_url: str, name: str) -> Phone:
    """The phone called ``name`` in this browser (:class:`Phone`, made at the
    first call): the same phone for every test that asks for it by name."""
    key = (id(browser), name)
    if key not in _WARM:
        _WARM[key] = Phone(browser, site_url)
    phone = _WARM[key]
    assert isinstance(phone, Phone)
    return phone


def restart(page, storage: dict[str, str] | None = None, languages=None, clock=None) -> None:
    """Start the app again in ``page`` as a boot would (e2e/hook.js): with
    ``storage`` as its localStorage (None: as it is now), the browser's
    ``languages`` and the clock in mode ``clock`` (None: both as they are)."""
    page.evaluate(
        "o => window.tapeteTest.restart(o)",
        {"storage": storage, "languages": languages, "clock": clock},
    )
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    for warm in _WARM.values():
        if warm._page is page:
            warm.restarts += 1


def add_page_script(page, script: str) -> None:
    """An init script for ``page`` alone, at each of its later loads. The shared
    page reloads for real from then on, and is replaced when given back."""
    page.add_init_script(script=script)
    for warm in _WARM.values():
        if warm._page is page:
            warm.scripted = True


def patch(page, script: str, undo: str) -> None:
    """Change the page's document now with ``script`` (a JS expression), for the
    rest of the test: a restart in place keeps it, where an init script makes every
    reload a real one (a boot) and the shared page be replaced after the test. In
    the shared page, ``undo`` (JS) puts the document back at its next borrow; any
    other page gets ``script`` as an init script too, for its later loads."""
    page.evaluate(script)
    for warm in _WARM.values():
        if warm._page is page:
            warm.undo.append(undo)
            return
    page.add_init_script(script=script)


def as_phone(page) -> None:
    """From now on ``page`` is a touch phone's, as in a context opened with
    ``has_touch=True, is_mobile=True`` (the DevTools emulation Playwright sends for
    those): ``(hover: none)``, ``(pointer: coarse)``, a mobile viewport. For a page
    of its own (:func:`open_own`), never the shared one: Chromium keeps ``(hover:
    none)`` after the touch emulation is turned off, so no later test could borrow
    the page as a desktop's again."""
    assert all(warm._page is not page for warm in _WARM.values()), "not the shared page"
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    size = page.viewport_size
    metrics = {"width": size["width"], "height": size["height"], "deviceScaleFactor": 1}
    portrait = {"angle": 0, "type": "portraitPrimary"}
    session.send(
        "Emulation.setDeviceMetricsOverride",
        {**metrics, "mobile": True, "screenOrientation": portrait},
    )
    session.detach()


class Borrowed:
    """What :func:`open_app` hands out for the shared page instead of its context:
    ``close()`` gives the page back (the context stays), ``add_init_script`` adds
    the script to the page only (and makes its reloads real ones); anything else
    goes to the shared context."""

    def __init__(self, warm: Warm) -> None:
        self._warm = warm

    def close(self) -> None:
        self._warm.watch = None

    def add_init_script(self, script: str) -> None:
        add_page_script(self._warm._page, script)

    def __getattr__(self, name: str):
        return getattr(self._warm.context, name)


class Own:
    """What :func:`open_own` hands out instead of a context: ``close()`` closes
    the page (the warm context stays), ``add_init_script`` adds the script to the
    page alone."""

    def __init__(self, warm: Warm, page) -> None:
        self._warm, self._page = warm, page

    def close(self) -> None:
        self._warm.close(self._page)

    def add_init_script(self, script: str) -> None:
        self._page.add_init_script(script=script)


def open_own(browser, site_url: str, size: tuple[int, int], langs: str = "en-US", clock="real"):
    """(own, page, watch): the app at ``size`` in a page of the warm profile for
    this test alone (:meth:`Warm.own_page`), ready; ``own.close()`` closes it.
    Its reloads are real ones (warm starts), and it may be held or scripted."""
    warm = warm_of(browser, site_url)
    page, watch = warm.own_page(*size, langs, clock)
    return Own(warm, page), page, watch


def open_app(
    browser,
    site_url: str,
    width: int = 390,
    height: int = 844,
    langs: str = "en-US",
    clock: str = "real",
    **options,
):
    """(context, page, watch): the app at that size with the browser's language
    ``langs``, booted. ``reduced_motion="reduce"`` (the system asks for no
    animations, which the app's default motion setting follows, and a tap needs no
    wait for one to end) and no other option: the shared page, restarted (its
    ``context.close()`` gives it back). Any other option of ``new_context``
    (``has_touch``...): a fresh profile of its own, booted cold."""
    if set(options) <= _RESTARTABLE:
        warm = warm_of(browser, site_url)
        page = warm.page(width, height, langs, clock, options.get("reduced_motion"))
        return Borrowed(warm), page, warm.watch
    context = new_context(
        browser,
        clock,
        viewport={"width": width, "height": height},
        service_workers="block",
        locale=langs,
        **options,
    )
    context.set_default_navigation_timeout(BOOT_TIMEOUT_MS)
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
    (their effects, bot moves included, are on the page when this returns: the app's
    answer to each, and the timers those answers set, are waited for);
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
    """Wait until no UI timer is pending and the app has answered every one fired
    (fast mode: the bots are done; an answer on its way may still set a timer)."""
    page.wait_for_function(
        "() => window.tapeteClock.pending().length === 0"
        " && !(window.tapetePage && window.tapetePage.busy())",
        timeout=timeout,
    )


def handled(page) -> None:
    """Return once the page has handled every event sent to it so far: a round
    trip through its event loop (console messages and errors it raised meanwhile
    have then reached the test's :class:`Watch`, which hears them in order)."""
    page.evaluate("() => new Promise(done => setTimeout(done, 0))")


def reload(page, real: bool = False) -> None:
    """The app starts again on the storage as it is, as after a reload: in the
    shared page a restart in place (milliseconds), unless ``real`` or the test
    gave it an init script; elsewhere a real reload (a boot)."""
    hooked = any(w._page is page and not w.scripted for w in _WARM.values())
    if hooked and not real:
        restart(page)
        return
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)


#: Runs in the page: releases the hold after a hand-over, if one is on, as waiting
#: it out would; true once no seat's controls are held. Paused time moves on by the
#: hold (the tests of paused time count on that much): the length html[data-guard]
#: gives (a table may hold longer, as Abyss after an opening flip), else ``ms``;
#: real time is paused and moved on timer by timer, only until the hold's own timer
#: has fired (the timers due before it fire too, as in the wait it stands for),
#: then flows again.
_RELEASE = """async ms => { const c = window.tapeteClock, root = document.documentElement;
  const held = () => root.hasAttribute('data-guard');
  ms = Number(root.getAttribute('data-guard')) || ms;
  if (held() && c.mode() === 'paused') await c.advance(ms);
  if (held() && c.mode() === 'real') {
    c.pause();
    try {
      const end = c.now() + ms;
      while (held() && c.pending().length && c.pending()[0] <= end - c.now()) await c.next();
    } finally { c.resume(); }
  }
  return !held(); }"""


def live(page) -> None:
    """Return once no seat's controls are held after a hand-over (html[data-guard]);
    with the clock paused, time moves on by the hold to release them, and in real
    time the hold's timer fires at once instead of after a wait of HANDOVER_MS."""
    if not page.evaluate(_RELEASE, HANDOVER_MS):
        page.wait_for_selector("html:not([data-guard])", state="attached")


def tap(page, selector: str) -> None:
    """Tap the first control ``selector`` finds, once live (it returns once the app
    answered: e2e/settle.py)."""
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


def axe(page, label: str, every: bool = False) -> None:
    """axe-core on the whole page, once animations have finished (a sheet still
    fading in fails on contrast): no serious or critical violation (with ``every``,
    no violation at all, minor and moderate ones too)."""
    settled(page)
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(url=origin_of(page.url) + AXE_PATH)
    violations = page.evaluate(
        """async (every) => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations
              .filter(v => every || v.impact === 'serious' || v.impact === 'critical')
              .map(v => ({id: v.id, impact: v.impact, help: v.help,
                          nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
        }""",
        every,
    )
    assert not violations, f"axe on {label}: {json.dumps(violations, indent=1)}"


def settled(page) -> None:
    """Every finite animation and transition on the page brought to its end, as a
    tap does (web/shell/motion.js finishes them on every finger down), rather than
    waited out at full length; endless ones, such as a spinner, are left running."""
    page.evaluate(
        """async () => {
            const finite = document.getAnimations().filter(
                a => a.effect && a.effect.getComputedTiming().endTime !== Infinity);
            for (const a of finite) { try { a.finish(); } catch { /* already gone */ } }
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

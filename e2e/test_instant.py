"""The page before Python: with Pyodide held back (no Python can run until the test
lets it through), the home screen, or the screen the last visit kept, is on the page
and answers taps; once Python is up it takes that very page over (the same nodes,
the same places) and plays the kept tap once.

The first visit's instant start is a cold boot on purpose (a fresh profile, no
service worker); the others start as a player's phone does, from the service
worker's cache and the memory snapshot, each in a warm page of its own
(``e2e.helpers.open_own``): the shared page that the rest of the run borrows is
never held back.

``TAPETE_SHOTS=1`` keeps screenshots of each screen before and after Python."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from e2e.helpers import PHONES, handled, new_context, open_app, open_own, shoot
from e2e.tables_helpers import page_words, seat, start_from_record
from e2e.test_privacy import DEALT, PILE, SECRET, assert_nothing_private
from tools.browser import BOOT_TIMEOUT_MS, READY, Watch, origin_of
from web.core.i18n import Tr, game_name

KEPT = "tapete.screen"
#: The stacked deck's private values (test_privacy's), and Ana's drawn card, a Spy.
HIDDEN = re.compile(SECRET.pattern + "|Spy")
NEW_DICE = '#app [data-action="new"][data-arg="dice_bid"]'
#: Every click that reaches the app's own listener (the document, bubbling): a tap
#: that web/shell/boot.js keeps before Python does not, its replay does, once.
COUNT_TAPS = """
window.appTaps = [];
document.addEventListener("click", (event) => {
  const el = event.target instanceof Element ? event.target.closest("[data-action]") : null;
  if (el) window.appTaps.push(el.dataset.action + ":" + (el.dataset.arg || ""));
});
"""
#: While sessionStorage's "tapete-hold" is "1" at a load (``first`` when unset),
#: the app's worker gets nothing from the page until window.tapeteReleasePython():
#: PyScript's first message to it (its config and first Python file) and every later
#: one wait, so the worker loads no Pyodide and runs no Python, whether Pyodide comes
#: from the network or the service worker's cache. window.tapetePythonAsked: the
#: worker was started and waits.
HOLD = """((first) => {
  const hold = (sessionStorage.getItem("tapete-hold") || first) === "1";
  let release;
  const gate = new Promise((done) => { release = done; });
  window.tapeteReleasePython = () => { sessionStorage.setItem("tapete-hold", "0"); release(); };
  window.tapetePythonAsked = false;
  if (!hold) return;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (...args) {
    window.tapetePythonAsked = true;
    gate.then(() => post.apply(this, args));
  };
})"""


class Python:
    """Holds Pyodide's start in ``page`` until :meth:`release`, from its next load
    (``HOLD`` and ``COUNT_TAPS`` go into the page's init scripts once, unless its
    context has them: ``scripted``)."""

    def __init__(self, page, scripted: bool = False) -> None:
        self.page = page
        if scripted:
            return
        if not _HELD.get(id(page)):
            page.add_init_script(script=COUNT_TAPS)
            page.add_init_script(script=f"{HOLD}('0');")
            _HELD[id(page)] = True
        if page.url.startswith("http"):
            page.evaluate("() => sessionStorage.setItem('tapete-hold', '1')")

    def assert_held(self) -> None:
        """The page started the worker, which has not been told anything: no Python runs."""
        self.page.wait_for_function("() => window.tapetePythonAsked", timeout=BOOT_TIMEOUT_MS)
        assert self.page.locator(READY).count() == 0, "Python is up although held back"

    def release(self) -> None:
        """Let Pyodide start, then wait until the app is ready."""
        self.page.evaluate("() => window.tapeteReleasePython()")
        self.page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)


#: Pages given the hold's init scripts.
_HELD: dict[int, bool] = {}


def open_held(browser, site_url: str, size: tuple[int, int], ready_first: bool = False):
    """The app at ``size`` in a warm page of its own (the service worker's cache and
    the memory snapshot, never the shared page that lives through the run), counting
    app taps. With ``ready_first`` it is returned ready (hold later with
    :func:`reload_held`); else it is reloaded with Python held. Returns (context,
    page, watch, python): ``context.close()`` closes the page."""
    context, page, watch = open_own(browser, site_url, size)
    _HELD.pop(id(page), None)  # (the id of a page closed before)
    if ready_first:
        return context, page, watch, None
    return context, page, watch, reload_held(page)


def open_cold_held(browser, site_url: str, size: tuple[int, int]):
    """A first visit: a fresh profile (no service worker, nothing cached) at ``size``,
    counting app taps, opened with Python held. Returns (context, page, watch, python)."""
    width, height = size
    context = new_context(
        browser, "real", viewport={"width": width, "height": height}, service_workers="block"
    )
    context.set_default_navigation_timeout(BOOT_TIMEOUT_MS)
    context.add_init_script(script=COUNT_TAPS)
    context.add_init_script(script=f"{HOLD}('1');")
    page = context.new_page()
    watch = Watch(origin_of(site_url)).attach(page)
    page.goto(site_url, wait_until="domcontentloaded")
    return context, page, watch, Python(page, scripted=True)


def reload_held(page) -> Python:
    python = Python(page)
    page.reload(wait_until="domcontentloaded")
    return python


def kept_when(page, test: str) -> str:
    """The kept screen once ``test`` (a JS predicate on its text) holds (waiting
    on what is kept, not on when: web/shell/page.js keeps it with each draw)."""
    page.wait_for_function(f"() => ({test})(localStorage.getItem('{KEPT}') || '')")
    return str(page.evaluate(f"() => localStorage.getItem('{KEPT}')"))


def app_taps(page) -> list[str]:
    return page.evaluate("() => window.appTaps")


def boxes(page, selector: str) -> list[list[float]]:
    """Where each element matching ``selector`` lies on the page."""
    return page.eval_on_selector_all(
        selector,
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.x, r.y + window.scrollY, r.width, r.height]; })",
    )


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_home_answers_before_python_and_plays_the_first_tap_once(
    browser, site_url: str, artifacts: Path, size: tuple[int, int]
) -> None:
    context, page, watch, python = open_cold_held(browser, site_url, size)
    try:
        page.wait_for_selector(NEW_DICE, state="visible")
        python.assert_held()
        shoot(page, artifacts, "instant-home-before-python", full=False)
        page.click(NEW_DICE)
        page.click(NEW_DICE)  # a double tap, and a second thought: kept is the first
        page.click('#app [data-action="rules"][data-arg="abyss"]')
        queued = page.locator("#app [data-queued]")
        assert queued.count() == 1
        assert queued.get_attribute("data-arg") == "dice_bid"
        assert queued.get_attribute("aria-busy") == "true"
        shoot(page, artifacts, "instant-home-tap-kept", full=False)
        assert app_taps(page) == []
        python.release()
        page.wait_for_selector(".screen-setup")
        assert game_name(Tr("en"), "dice_bid") in page.inner_text(".screen-setup h1")
        assert app_taps(page) == ["new:dice_bid"], "the kept tap was not played exactly once"
        assert page.locator("#app [data-queued]").count() == 0
        shoot(page, artifacts, "instant-setup-after-python", full=False)
        watch.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_game_in_progress_is_back_before_python_and_python_keeps_its_page(
    browser, site_url: str, artifacts: Path, size: tuple[int, int]
) -> None:
    context, page, watch, _ = open_held(browser, site_url, size, ready_first=True)
    try:
        start_from_record(page, "abyss", [seat("Ana"), seat("Ben"), seat("Cleo")], 5, {})
        python = reload_held(page)
        page.wait_for_selector("#app main.table", state="visible")
        python.assert_held()
        before_html = page.inner_html("#app")
        before_boxes = boxes(page, "#app button, #app .card, #app h1, #app h2")
        page.evaluate("() => { window.keptTable = document.querySelector('#app main.table'); }")
        shoot(page, artifacts, "instant-table-before-python", full=False)
        python.release()
        page.wait_for_selector("#app main.table")
        # Python morphed the painted page: the same nodes, in the same places.
        assert page.evaluate(
            "() => window.keptTable === document.querySelector('#app main.table')"
        ), "Python replaced the painted table instead of taking it over"
        assert boxes(page, "#app button, #app .card, #app h1, #app h2") == before_boxes
        after_html = page.inner_html("#app").replace(' tabindex="-1"', "")
        assert after_html == before_html.replace(' tabindex="-1"', "")
        shoot(page, artifacts, "instant-table-after-python", full=False)
        watch.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_reload_at_a_hand_off_paints_no_private_value_and_keeps_the_tap(
    browser, site_url: str, artifacts: Path, size: tuple[int, int]
) -> None:
    """Carta robada, Ana's drawn card (a Spy, private) waits behind her hand-off:
    what is kept, what paints before Python and what Python draws hold no hidden
    value; "I am Ana" tapped before Python opens her moment once Python is up."""
    context, page, watch, _ = open_held(browser, site_url, size, ready_first=True)
    try:
        seats = [seat("Ana"), seat("Ben"), seat("Cleo")]
        deck = [c for hand in DEALT for c in hand] + PILE
        start_from_record(page, "carta_robada", seats, 4, {"deck": deck, "first": 0})
        for s in range(3):  # everyone's opening peek, put away
            page.click("#handoff-ready")
            page.click(f"#c-{s}-0")
            page.click(f"#c-{s}-1")
            page.click("#look-done")
        page.click("#handoff-ready")  # the phone goes to Ana before her draw
        before = page.evaluate(f"() => localStorage.getItem('{KEPT}')")
        page.click("#deck")
        page.wait_for_selector("#show")
        kept = kept_when(page, f"s => s !== {json.dumps(before)} && s.includes('handoff-ready')")
        assert kept and "handoff-ready" in kept and not HIDDEN.search(kept)

        python = reload_held(page)
        page.wait_for_selector("#handoff-ready", state="visible")
        python.assert_held()
        assert "Pass the phone to Ana" in page.inner_text(".handoff")
        assert_nothing_private(page, "the hand-off painted before Python")
        assert not HIDDEN.search(page.inner_html("#app"))
        shoot(page, artifacts, "instant-handoff-before-python", full=False)
        page.click("#handoff-ready")
        python.release()
        page.wait_for_selector("#show")  # Ana's moment: her card, hidden until shown
        assert app_taps(page) == ["handoff:0"]
        assert_nothing_private(page, "Ana's moment after Python")
        assert not HIDDEN.search(page.inner_html("#app"))
        page.click("#show")
        assert "Spy" in page_words(page), "the probe finds the value once shown"
        watch.assert_clean()
    finally:
        context.close()


def test_the_screen_is_kept_while_the_page_shows_once_a_sound_has_played(
    browser, site_url: str
) -> None:
    """Sound on: a tap makes the page's AudioContext, after which Chromium may give the
    page no idle period for seconds; the screen a reload would show is kept all the
    same after a draw that waits for a person, with the page in view and never left
    (the idle callback's deadline, web/shell/page.js)."""
    context, page, watch = open_app(browser, site_url, 360, 640)
    try:
        start_from_record(page, "abyss", [seat("Ana"), seat("Ben")], 5, {})
        flip = page.locator('#app [data-action^="flip:"]').first
        drawn = f'data-action="{flip.get_attribute("data-action")}"'
        has = f"t => {{ try {{ return JSON.parse(t).html.includes({json.dumps(drawn)}); }}"
        has += " catch { return false; } }"
        kept_when(page, has)  # the table as loaded, the card still face down
        flip.click()
        handled(page)
        assert page.evaluate("() => window.tapeteSound.ready()")  # the tap made the context
        assert page.locator(f"#app [{drawn}]").count() == 0  # turned over
        kept_when(page, f"t => !({has})(t)")
        watch.assert_clean()
    finally:
        context.close()


def test_a_screen_kept_by_another_build_is_not_painted(
    browser, site_url: str, artifacts: Path
) -> None:
    context, page, watch, python = open_held(browser, site_url, (360, 640))
    try:
        page.wait_for_selector(NEW_DICE, state="visible")
        build = page.get_attribute("html", "data-build")
        # The home template takes the theme setting too (Python would switch it at once).
        page.evaluate("() => localStorage.setItem('tapete.settings', '{\"theme\": \"light\"}')")
        screen = {"lang": "en", "theme": None, "title": "Tapete", "html": '<p id="kept">Kept</p>'}
        for kept_by, painted in (("0123456789ab", False), (build, True)):
            page.evaluate(
                "([k, v]) => localStorage.setItem(k, v)",
                [KEPT, json.dumps({"build": kept_by, **screen})],
            )
            python = reload_held(page)
            page.wait_for_selector(NEW_DICE if not painted else "#kept", state="visible")
            python.assert_held()
            assert page.locator("#kept").count() == (1 if painted else 0), kept_by
            if not painted:
                assert page.get_attribute("html", "data-theme") == "light"
        # Python draws its own screen over it and keeps that, for this build.
        python.release()
        page.wait_for_selector(NEW_DICE, state="visible")
        kept = json.loads(kept_when(page, "s => s.includes('screen-home')"))
        assert kept["build"] == build and "screen-home" in kept["html"]
        watch.assert_clean()
    finally:
        context.close()

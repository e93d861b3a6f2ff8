"""The page's glue (web/shell/page.js) without Python: a fixture page (e2e/page_glue/)
with web/shell/boot.js, sync.js, said.js and page.js, stand-ins for motion.js,
sound.js and phones.js that record what they are asked, and a fake of the app's
worker (e2e/page_glue/fake.js) that answers scripted frames and records the events.

What the contract between the page and the worker asks of the page (the worker
move's notes): the events' shapes, order and times (the test clock, e2e/clock.js,
paused: an event's ``t`` is the clock's now in its own task), one event at a time,
the typing guard, storage writes, the keys the app takes, the history entry, the
timers, the phones' requests, the kept screen, the focus (tests/test_web_focus.py
and tests/test_web_keep.py, for the Python these replace) and the start.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from e2e import settle
from e2e.helpers import HOOK_JS, new_context

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "e2e" / "page_glue"
ORIGIN = "http://localhost:8765"
STANDINS = {"motion.js", "sound.js", "phones.js"}
WAIT_MS = 10_000


def _serve(route) -> None:
    path = route.request.url[len(ORIGIN) :].split("?")[0].lstrip("/") or "index.html"
    name = path.rsplit("/", 1)[-1]
    real = path.startswith("web/shell/") and name not in STANDINS
    file = ROOT / path if real else FIXTURE / name
    if not file.is_file():
        route.fulfill(status=404, body="")
        return
    kind = "text/html" if name.endswith(".html") else "text/javascript"
    route.fulfill(status=200, body=file.read_text(), headers={"content-type": kind})


@pytest.fixture(autouse=True)
def _answers_held() -> Iterator[None]:
    """The stand-in worker holds its answers when a test asks it to: a tap returns at
    once here (e2e/settle.py waits for the app's answers everywhere else)."""
    settle.ON[0] = False
    yield
    settle.ON[0] = True


@pytest.fixture
def context(browser) -> Iterator:
    # A zone with a half-hour offset: the start tells the phone's offset from UTC.
    made = new_context(
        browser, "paused", viewport={"width": 360, "height": 640}, timezone_id="Asia/Kolkata"
    )
    made.add_init_script(script=HOOK_JS)
    made.route(f"{ORIGIN}/**", _serve)
    yield made
    made.close()


@pytest.fixture
def glue(context):
    """The fixture page, loaded, the worker not handed over yet; errors collected."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors
    page.goto(f"{ORIGIN}/")
    page.wait_for_function(
        "() => window.tapetePage && window.fake && window.tapetePhones && window.tapeteMotion"
        " && window.tapeteSound",
        timeout=WAIT_MS,
    )
    return page


def run(page, first: dict | None = None) -> None:
    """Hand the fake worker to page.js (its first frame: ``first``) and wait for data-ready."""
    if first is not None:
        page.evaluate("f => { window.fake.first = window.fake.frame(f); }", first)
    page.evaluate("() => { window.running = window.tapetePage.run(window.fake.worker); }")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=WAIT_MS)


def events(page, kind: str | None = None) -> list[dict]:
    found = page.evaluate("() => window.fake.events")
    return [e for e in found if kind is None or e["type"] == kind]


def wait_events(page, count: int, kind: str | None = None) -> list[dict]:
    page.wait_for_function(
        "([n, kind]) => window.fake.events.filter(e => !kind || e.type === kind).length >= n",
        arg=[count, kind],
        timeout=WAIT_MS,
    )
    return events(page, kind)


def answer(page, *frames) -> None:
    """The next events' answers, in order (a dict: a frame's fields; "": nothing)."""
    page.evaluate("fs => { window.fake.answers.push(...fs); }", list(frames))


def on(page, kind: str, frame) -> None:
    """Every event of ``kind`` answered with ``frame``."""
    page.evaluate("([k, f]) => { window.fake.on[k] = f; }", [kind, frame])


def now(page) -> float:
    return page.evaluate("() => window.tapeteClock.now()")


def advance(page, ms: float) -> None:
    page.evaluate("ms => window.tapeteClock.advance(ms, {answers: false})", ms)


def idle(page) -> None:
    """Every event sent has been answered and its frame applied."""
    page.wait_for_function(
        "() => window.fake.held.length === 0 && window.fake.answers.length === 0",
        timeout=WAIT_MS,
    )
    page.evaluate("() => new Promise(r => setTimeout(r, 0))")
    page.evaluate("() => new Promise(r => setTimeout(r, 0))")


# -- the start ----------------------------------------------------------------------------


def test_start_sends_the_page_as_it_is_and_applies_the_first_frame(glue) -> None:
    glue.evaluate(
        """() => {
        localStorage.setItem("tapete.save", "{}"); localStorage.setItem("tapete-snapshot", "1");
        localStorage.setItem("other", "x");
        document.getElementById("app").innerHTML = "<h1>Kept</h1>";
        document.documentElement.setAttribute("data-painted", "");
        window.tapetePhones.canLink = false;
    }"""
    )
    t = now(glue)
    run(
        glue,
        {
            "html": "<h1>Home</h1><button data-action='go'>Go</button>",
            "ready": True,
            "snapshot": "made",
            "title": "Tapete home",
            "attrs": {"lang": "es", "data-theme": "dark", "data-guard": None},
        },
    )
    (init,) = glue.evaluate("() => window.fake.inits")
    assert init == {
        "storage": {"tapete.save": "{}", "tapete-snapshot": "1"},
        "languages": glue.evaluate("() => Array.from(navigator.languages)"),
        "reduced": False,
        "painted": "<h1>Kept</h1>",
        "build": "glue-build",
        "unlinkable": True,
        "tz": 330,
        "t": t,
    }
    assert glue.inner_html("#app") == '<h1>Home</h1><button data-action="go">Go</button>'
    assert glue.title() == "Tapete home"
    assert glue.get_attribute("html", "lang") == "es"
    assert glue.get_attribute("html", "data-theme") == "dark"
    # then the snapshot's state after store_snapshot
    glue.wait_for_selector("html[data-snapshot=stored]", state="attached", timeout=WAIT_MS)
    assert glue.evaluate("() => history.state") == {"tapete": 1}
    assert glue.errors == []


def test_the_start_says_the_snapshot_state_until_it_is_stored(glue) -> None:
    glue.evaluate("() => { window.fake.snapshot = new Promise(() => {}); }")  # never answers
    glue.evaluate("() => { window.fake.worker.sync.store_snapshot = () => window.fake.snapshot; }")
    run(glue)
    assert glue.get_attribute("html", "data-snapshot") == "made"


def test_a_blocked_storage_starts_with_none_and_writes_nothing(context) -> None:
    context.add_init_script(
        script="Object.defineProperty(window, 'localStorage', "
        "{get() { throw new DOMException('blocked', 'SecurityError'); }});"
    )
    page = context.new_page()
    page.goto(f"{ORIGIN}/")
    page.wait_for_function("() => window.tapetePage && window.fake && window.tapetePhones")
    run(page, {"html": "<h1>Home</h1>", "writes": {"tapete.save": "{}"}})
    assert page.evaluate("() => window.fake.inits[0].storage") is None
    idle(page)
    assert events(page, "write_failed") == []


def test_a_tap_before_the_start_is_replayed_once_the_app_is_up(glue) -> None:
    glue.evaluate(
        """() => {
        document.getElementById("app").innerHTML =
            "<button data-action='go' data-arg='x'>Go</button>";
        document.documentElement.setAttribute("data-painted", "");
    }"""
    )
    glue.click("[data-action=go]")  # web/shell/boot.js keeps it
    assert glue.get_attribute("[data-action=go]", "data-queued") == ""
    run(glue, {"html": "<button data-action='go' data-arg='x'>Go</button>", "ready": True})
    (click,) = wait_events(glue, 1, "click")
    assert (click["action"], click["arg"]) == ("go", "x")


# -- events -------------------------------------------------------------------------------

BOARD = (
    "<section><button id='c0' data-action='play' data-seat='1' data-move='4'>A</button>"
    "<button id='c1' data-action='play' data-seat='1' data-move='4'>B</button>"
    "<div data-remote>"
    "<button id='r' data-action='flip' data-seat='0' data-move='2'>R</button></div>"
    "<button id='menu' data-action='menu' data-arg='m'>M</button>"
    "<button id='off' data-action='menu' disabled>Off</button>"
    "<input id='name' data-field='name' data-arg='0'>"
    "<input id='other' data-field='other'>"
    "<select id='pick' data-field='pick'><option>a</option><option>b</option></select>"
    "</section>"
)


def test_events_carry_their_fields_the_clock_time_and_a_running_count(glue) -> None:
    run(glue, {"html": BOARD})
    advance(glue, 250)
    t = now(glue)
    glue.click("#c0")
    glue.click("#r")
    glue.click("#menu")
    glue.click("#off", force=True)  # a disabled control sends nothing
    glue.focus("#name")
    glue.keyboard.insert_text("Ana")
    glue.select_option("#pick", "b")
    sent = wait_events(glue, 10)
    kinds = [e["type"] for e in sent]
    assert kinds == [
        "press", "click", "press", "click", "press", "click", "press", "field", "field", "changed",
    ]  # fmt: skip
    press, tap, _, remote, _, menu, _, field, picked, changed = sent
    assert tap == {
        "type": "click", "action": "play", "arg": None, "seat": 1, "move": 4,
        "remote": False, "t": t, "seq": tap["seq"], "reduced": False,
    }  # fmt: skip
    assert remote["remote"] is True and (remote["seat"], remote["move"]) == (0, 2)
    assert (menu["action"], menu["arg"], menu["seat"], menu["move"]) == ("menu", "m", None, None)
    assert field == {
        "type": "field", "name": "name", "arg": "0", "value": "Ana", "t": t,
        "seq": field["seq"], "reduced": False,
    }  # fmt: skip
    assert (picked["name"], picked["value"], changed["name"]) == ("pick", "b", "pick")
    assert [e["seq"] for e in sent] == list(range(sent[0]["seq"], sent[0]["seq"] + 10))
    assert {e["t"] for e in sent} == {t}
    assert press == {"type": "press", "t": t, "seq": press["seq"], "reduced": False}


def test_one_event_at_a_time_and_frames_in_their_order(glue) -> None:
    run(glue, {"html": BOARD})
    glue.evaluate("() => { window.fake.hold = true; }")
    # A finger down is answered with nothing: its click goes at once, not a trip later.
    glue.click("#menu")
    wait_events(glue, 1, "click")
    glue.evaluate("() => window.fake.held.shift().answer('')")  # (the press: unread)
    advance(glue, 10)
    glue.click("#c0")
    # the second tap (its press too) waits for the first click's answer
    assert [e["type"] for e in events(glue)] == ["press", "click"]
    glue.evaluate("() => window.fake.held.shift().answer({html: '<h1>One</h1>'})")
    glue.wait_for_function("() => window.fake.events.length === 4")  # press and click at once
    assert glue.inner_html("#app") == "<h1>One</h1>"
    glue.evaluate("() => window.fake.held.shift().answer('')")  # (the press)
    glue.evaluate("() => window.fake.held.shift().answer({html: '<h1>Two</h1>'})")
    glue.wait_for_function("() => document.querySelector('#app h1').textContent === 'Two'")
    sent = events(glue)
    assert [e["type"] for e in sent] == ["press", "click", "press", "click"]
    assert sent[2]["t"] == sent[1]["t"] + 10  # its own time, not when it was sent


def test_settled_waits_for_every_event_sent_to_be_answered(glue) -> None:
    run(glue, {"html": BOARD})
    assert glue.evaluate("() => window.tapetePage.settled().then(() => 'now')") == "now"
    glue.evaluate("() => { window.fake.hold = true; }")
    glue.click("#menu")
    glue.evaluate(
        "() => { window.done = false; window.tapetePage.settled().then(() => window.done = true); }"
    )
    glue.evaluate("() => window.fake.held.shift().answer('')")  # the press
    glue.wait_for_function("() => window.fake.held.length === 1")
    assert glue.evaluate("() => window.done") is False  # the click still out
    glue.evaluate("() => window.fake.held.shift().answer({html: '<h1>Menu</h1>'})")
    glue.wait_for_function("() => window.done")
    assert glue.inner_html("#app") == "<h1>Menu</h1>"


def test_a_frame_from_before_the_last_keystroke_keeps_what_is_typed(glue) -> None:
    run(glue, {"html": BOARD})
    glue.evaluate("() => { window.fake.hold = true; }")
    glue.click("#menu")  # a frame that the worker computes now...
    glue.evaluate("() => window.fake.held.shift().answer('')")  # (the press)
    wait_events(glue, 1, "click")
    glue.focus("#name")
    glue.keyboard.type("Ana")  # ...while the player types
    stale = BOARD.replace("id='name'", "id='name' value='Bo'")
    glue.evaluate("f => window.fake.held.shift().answer(f)", {"html": stale, "title": "Menu"})
    glue.wait_for_function("() => document.title === 'Menu'")
    assert glue.input_value("#name") == "Ana"
    assert glue.evaluate("() => document.getElementById('name').selectionStart") == 3
    # the keystrokes reach the app; a frame computed after them is the field's again
    for _ in range(3):
        glue.wait_for_function("() => window.fake.held.length === 1")
        glue.evaluate("() => window.fake.held.shift().answer('')")
    glue.evaluate("() => { window.fake.hold = false; }")
    assert [e["value"] for e in events(glue, "field")] == ["A", "An", "Ana"]
    answer(glue, {"html": stale, "title": "Fresh"})
    glue.click("#menu")
    glue.wait_for_function("() => document.title === 'Fresh'")
    assert glue.input_value("#name") == "Bo"


# -- what a frame does --------------------------------------------------------------------


def test_writes_apply_in_order_and_a_refused_one_is_said(glue) -> None:
    glue.evaluate("() => localStorage.setItem('tapete.old', 'x')")
    run(glue)
    glue.evaluate(
        """() => {
        const set = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (key === "tapete.big") throw new DOMException("full", "QuotaExceededError");
            return set.call(this, key, value);
        };
    }"""
    )
    answer(
        glue,
        {
            "html": "<h1>Saved</h1>",
            "writes": {
                "tapete.a": "1",
                "tapete.old": None,
                "tapete.big": "x" * 10,
                "tapete.b": "2",
            },
        },
    )
    glue.evaluate("() => document.dispatchEvent(new Event('pointerdown'))")
    (failed,) = wait_events(glue, 1, "write_failed")
    assert failed["key"] == "tapete.big"
    stored = glue.evaluate("() => ({...localStorage})")
    assert stored == {"tapete.a": "1", "tapete.b": "2"}


def test_the_last_frames_keys_decide_what_the_browser_does_with_a_key(glue) -> None:
    run(glue, {"html": BOARD, "keys": {"Escape": True, "Enter": ["name"]}})
    glue.evaluate(
        """() => { window.prevented = [];
        window.addEventListener("keydown",
            e => window.prevented.push([e.key, e.defaultPrevented])); }"""
    )
    glue.focus("#name")
    glue.keyboard.press("Enter")
    glue.focus("#other")
    glue.keyboard.press("Enter")
    glue.keyboard.press("Escape")
    glue.keyboard.press("a")
    assert glue.evaluate("() => window.prevented") == [
        ["Enter", True],
        ["Enter", False],
        ["Escape", True],
        ["a", False],
    ]
    keys = wait_events(glue, 2, "key")
    assert [(k["key"], k["field"], k["arg"]) for k in keys] == [
        ("Enter", "name", "0"),
        ("Escape", "other", None),
    ]
    # a frame that gives Escape back to the browser
    answer(glue, "", {"keys": {"Escape": False, "Enter": []}})
    glue.click("#menu")
    idle(glue)
    glue.keyboard.press("Escape")
    assert glue.evaluate("() => window.prevented.at(-1)") == ["Escape", False]


@pytest.mark.parametrize("leaves", [False, True])
def test_back_pushes_the_entry_again_unless_back_leaves_the_app(glue, leaves: bool) -> None:
    run(glue, {"html": "<h1>Home</h1>", "back_leaves": leaves})
    length = glue.evaluate("() => history.length")
    on(glue, "back", "")
    glue.go_back()
    (back,) = wait_events(glue, 1, "back")
    assert back["type"] == "back"
    idle(glue)
    state = glue.evaluate("() => history.state")
    assert state == (None if leaves else {"tapete": 1})
    assert glue.evaluate("() => history.length") == length


def test_timers_fire_through_the_page_clock(glue) -> None:
    run(glue, {"html": "<h1>Table</h1>", "timers": [["bot", 500, 7], ["hold", 200, 8]]})
    assert glue.evaluate("() => window.tapeteClock.pending()") == [200, 500]
    advance(glue, 199)
    assert events(glue, "fire") == []
    t = now(glue)
    advance(glue, 1)
    (fired,) = wait_events(glue, 1, "fire")
    assert (fired["kind"], fired["token"], fired["t"]) == ("hold", 8, t + 1)
    advance(glue, 300)
    fired = wait_events(glue, 2, "fire")[1]
    assert (fired["kind"], fired["token"], fired["t"]) == ("bot", 7, t + 301)


def test_motion_sound_buzz_and_the_animations_length(glue) -> None:
    run(glue, {"html": BOARD})
    glue.evaluate(
        """() => { window.tapeteMotion.ms = 340; window.buzzed = [];
        navigator.vibrate = (p) => { window.buzzed.push(p); return true; };
        document.getElementById("said").textContent = "old news"; }"""
    )
    fx = [{"kind": "slide", "from": "deck", "to": "c0"}]
    answer(
        glue,
        "",
        {
            "html": BOARD,
            "motion": fx,
            "speed": 0.5,
            "sounds": {"slide": 40},
            "buzz": [12, [30, 20, 30]],
            "hush": True,
        },
    )
    glue.evaluate("() => { window.fake.events.length = 0; }")
    glue.click("#c0")
    (animated,) = wait_events(glue, 1, "animated")
    assert animated["ms"] == 340
    calls = glue.evaluate("() => window.tapeteMotion.calls")
    assert calls[-2:] == [["before", fx], ["play", 0.5]]
    assert glue.evaluate("() => window.tapeteSound.played") == [["slide", 40]]
    assert glue.evaluate("() => window.buzzed") == [12, [30, 20, 30]]
    assert glue.text_content("#said") == ""
    assert [e["type"] for e in events(glue)] == ["press", "click", "animated"]


def test_a_frame_with_no_motion_ends_the_last_ones(glue) -> None:
    run(glue, {"html": "<h1>A</h1>"})
    assert glue.evaluate("() => window.tapeteMotion.calls") == [["finish"]]


def test_timings_of_a_game_tap_for_the_bench(glue) -> None:
    run(glue, {"html": BOARD})
    answer(glue, "", {"html": BOARD, "spans": {"apply": 1.5, "render": 2.5}}, "", {"html": BOARD})
    glue.click("#c0")
    glue.wait_for_function("() => window.tapeteTimings.length === 1")
    glue.click("#menu")  # not a game tap
    idle(glue)
    assert glue.evaluate("() => window.tapeteTimings.length") == 1
    apply_ms, render_ms, morph_ms = glue.evaluate("() => window.tapeteParts[0]")
    assert (apply_ms, render_ms) == (1.5, 2.5) and morph_ms >= 0


def test_the_phones_requests_and_their_answers(glue) -> None:
    run(glue, {"html": "<button data-action='phones-scan' data-arg='host'>Scan</button>"
               "<video id='cam' class='scanner'></video>"})  # fmt: skip
    glue.evaluate(
        """() => { window.tapetePhones.answers = {offer: {ok: "sdp-o"}, join: {ok: "sdp-a"},
        scan: {ok: "CODE"}, share: {ok: "copied"}}; }"""
    )
    requests = [
        ["send", 1, "screen"],
        ["offer", 2],
        ["accept", 2, "sdp-g"],
        ["join", "code"],
        ["drop", 3],
        ["bye", 4, "over"],
        ["refuse", 2, "sdp-x", "taken"],
        ["scan", "host"],
        ["share", "CODE"],
    ]
    answer(glue, {"requests": requests})
    glue.evaluate("() => document.dispatchEvent(new Event('pointerdown'))")
    wait_events(glue, 1, "shared")
    got = {e["type"]: e for e in wait_events(glue, 5)}
    assert (got["offered"]["seat"], got["offered"]["sdp"]) == (2, "sdp-o")
    assert got["offered"]["prompting"] is True
    assert got["answered"]["sdp"] == "sdp-a"
    assert (got["scanned"]["field"], got["scanned"]["text"]) == ("host", "CODE")
    assert got["shared"]["how"] == "copied"
    assert glue.evaluate("() => window.tapetePhones.calls") == [
        ["send", "1", "screen"],
        ["offer", "2"],
        ["accept", "2", "sdp-g"],
        ["join", "code"],
        ["drop", "3"],
        ["bye", "4", "over"],
        ["refuse", "2", "sdp-x", "taken"],
        ["scan", "cam"],
        ["share", "CODE"],
    ]
    # refusals: no link, no camera
    glue.evaluate(
        """() => { window.tapetePhones.answers = {offer: {error: "no"}, join: {error: "no"},
        scan: {error: "no camera"}}; window.fake.events.length = 0; }"""
    )
    answer(glue, {"requests": [["offer", 1], ["join", "c"], ["scan", "host"]]})
    glue.evaluate("() => document.dispatchEvent(new Event('pointerdown'))")
    sent = wait_events(glue, 4)
    assert sorted(e["type"] for e in sent[1:]) == ["link_failed", "link_failed", "scanned"]
    assert next(e for e in sent if e["type"] == "scanned")["text"] is None
    # a link's events
    glue.evaluate("() => window.tapetePhones.heard('2', 'message', 'hi')")
    (linked,) = wait_events(glue, 1, "linked")
    assert (linked["peer"], linked["kind"], linked["text"]) == ("2", "message", "hi")
    assert [m for m in glue.errors if "tapete: no link" not in m] == []


def test_before_update_resolves_once_its_writes_are_made(glue) -> None:
    run(glue)
    on(glue, "before_update", {"writes": {"tapete.save": "saved"}})
    stored = glue.evaluate(
        "() => window.tapeteBeforeUpdate().then(() => localStorage.getItem('tapete.save'))"
    )
    assert stored == "saved"


def test_a_file_is_read_only_when_the_app_asks_for_it(glue) -> None:
    run(glue, {"html": "<input type='file' id='f' data-field='import'>"})
    on(glue, "file_size", {"read_file": True})
    glue.set_input_files("#f", files=[{"name": "r.json", "mimeType": "application/json",
                                        "buffer": b'{"a": 1}'}])  # fmt: skip
    (text,) = wait_events(glue, 1, "file_text")
    assert text["text"] == '{"a": 1}'
    assert [e["size"] for e in events(glue, "file_size")] == [8]
    assert glue.input_value("#f") == ""


def test_a_file_being_read_keeps_the_page_busy_until_its_text_is_sent(glue) -> None:
    """A test (or bench) waiting for the app's answer to a chosen file waits for the
    file's own answer, not only the one to its size."""
    run(glue, {"html": "<input type='file' id='f' data-field='import'>"})
    on(glue, "file_size", {"read_file": True})
    glue.evaluate(
        """() => { const real = File.prototype.text;
          File.prototype.text = function () {
            return new Promise((done) => { window.readIt = () => real.call(this).then(done); });
          }; }"""
    )
    glue.set_input_files("#f", files=[{"name": "r.json", "mimeType": "application/json",
                                        "buffer": b'{"a": 1}'}])  # fmt: skip
    glue.wait_for_function("() => typeof window.readIt === 'function'")
    assert glue.evaluate("() => window.tapetePage.busy()"), "idle while the file is read"
    glue.evaluate(
        "() => { window.settledNow = false;"
        " window.tapetePage.settled().then(() => { window.settledNow = true; }); }"
    )
    glue.evaluate("() => window.readIt()")
    (text,) = wait_events(glue, 1, "file_text")
    assert text["text"] == '{"a": 1}'
    glue.wait_for_function("() => window.settledNow && !window.tapetePage.busy()")


def test_a_file_handed_over_is_downloaded_where_no_share_sheet_takes_it(glue) -> None:
    run(glue)
    answer(glue, {"file": ["game.json", '{"g": 1}']})
    with glue.expect_download() as made:
        glue.evaluate("() => document.dispatchEvent(new Event('pointerdown'))")
    assert made.value.suggested_filename == "game.json"
    assert Path(made.value.path()).read_text() == '{"g": 1}'


# -- the kept screen (tests/test_web_keep.py) ---------------------------------------------

IDLE = """() => { window.idle = []; window.deadlines = [];
  window.requestIdleCallback = (fn, options) => { window.idle.push(fn);
    window.deadlines.push(options.timeout); return window.idle.length; };
  window.cancelIdleCallback = () => {}; }"""


def test_a_visible_page_keeps_once_when_idle_and_when_left(glue) -> None:
    glue.evaluate(IDLE)
    kept = json.dumps({"build": "glue-build", "html": "<h1>T</h1>"})
    on(glue, "keep", {"kept": kept})
    run(glue, {"html": "<h1>T</h1>", "keep": True})
    answer(glue, {"html": "<h1>T</h1>", "keep": True})
    glue.evaluate("() => document.dispatchEvent(new Event('pointerdown'))")
    idle(glue)
    # not in the draw's task; asked once, with a deadline (an AudioContext may mean no idle period)
    assert glue.evaluate("() => [window.idle.length, window.deadlines]") == [1, [1000]]
    assert events(glue, "keep") == []
    glue.evaluate("() => window.idle.pop()({})")
    wait_events(glue, 1, "keep")
    idle(glue)
    assert glue.evaluate("() => localStorage.getItem('tapete.screen')") == kept
    glue.evaluate("() => localStorage.removeItem('tapete.screen')")
    glue.evaluate("() => window.dispatchEvent(new PageTransitionEvent('pagehide'))")
    assert glue.evaluate("() => localStorage.getItem('tapete.screen')") == kept  # at once
    glue.evaluate("() => localStorage.removeItem('tapete.screen')")
    glue.evaluate(
        """() => { Object.defineProperty(document, "visibilityState", {value: "hidden",
        configurable: true}); document.dispatchEvent(new Event("visibilitychange")); }"""
    )
    assert glue.evaluate("() => localStorage.getItem('tapete.screen')") == kept
    assert [e["visible"] for e in wait_events(glue, 1, "shown")] == [False]
    wait_events(glue, 2, "keep")  # and a fresh one asked for


def test_a_draw_in_a_hidden_page_keeps_at_once(glue) -> None:
    """Bots play on in a tab the player left: the browser may give a hidden page no
    idle period before the phone's system ends it: keep at once."""
    glue.evaluate(IDLE)
    run(glue, {"html": "<h1>T</h1>"})
    glue.evaluate(
        """() => { Object.defineProperty(document, "visibilityState", {value: "hidden",
        configurable: true}); document.dispatchEvent(new Event("visibilitychange")); }"""
    )
    wait_events(glue, 1, "keep")
    answer(glue, {"html": "<h1>T2</h1>", "keep": True})  # the last bot's move, drawn hidden
    advance(glue, 0)
    glue.evaluate("() => window.tapetePhones.heard('1', 'message', 'm')")
    wait_events(glue, 2, "keep")
    assert glue.evaluate("() => window.idle.length") == 0


def test_a_private_screen_keeps_nothing_and_a_kept_one_unchanged_stays(glue) -> None:
    glue.evaluate("() => localStorage.setItem('tapete.screen', 'old')")
    on(glue, "keep", {"kept": None, "writes": {"tapete.save": "s"}})  # null: as kept last
    run(glue, {"html": "<h1>T</h1>", "keep": True})
    wait_events(glue, 1, "keep")  # (no idle period needed: the deadline)
    glue.wait_for_function("() => localStorage.getItem('tapete.save') === 's'")
    assert glue.evaluate("() => localStorage.getItem('tapete.screen')") == "old"
    on(glue, "keep", {"kept": ""})  # "": a private screen, keep none
    answer(glue, {"html": "<h1>T</h1>", "keep": True})
    glue.evaluate("() => document.dispatchEvent(new Event('pointerdown'))")
    wait_events(glue, 2, "keep")
    glue.wait_for_function("() => localStorage.getItem('tapete.screen') === null")


def test_a_kept_screen_the_storage_refuses_is_said(glue) -> None:
    glue.evaluate(
        """() => { const set = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (key === "tapete.screen") throw new DOMException("full", "QuotaExceededError");
            return set.call(this, key, value); }; }"""
    )
    on(glue, "keep", {"kept": "screen"})
    run(glue, {"html": "<h1>T</h1>", "keep": True})
    (failed,) = wait_events(glue, 1, "write_failed")
    assert failed["key"] == "tapete.screen"


# -- focus (tests/test_web_focus.py) ------------------------------------------------------

CARDS = (
    "<h1>Table</h1><button id='card-0' data-action='play' data-seat='0' data-move='1'>A</button>"
    "<button id='card-1' data-action='play' data-seat='0' data-move='1'>B</button>"
    "<button id='hint' data-action='hint'>Hint</button>"
)


def test_a_card_disabled_under_the_focus_hands_it_to_the_next_playable_card(glue) -> None:
    """The played card is patched in place: the browser still reports it focused,
    disabled, until it next renders; Enter must play the next card."""
    run(glue, {"html": CARDS})
    glue.focus("#card-0")
    played = CARDS.replace("id='card-0'", "id='card-0' disabled")
    answer(glue, {"html": played})
    glue.keyboard.press("Enter")  # (no finger down: a click alone)
    glue.wait_for_function("() => document.getElementById('card-0').disabled")
    idle(glue)
    assert glue.evaluate("() => document.activeElement.id") == "card-1"


@pytest.mark.parametrize("still_focused", [True, False])
def test_a_live_control_keeps_the_focus_or_gets_it_back(glue, still_focused: bool) -> None:
    """Not a move's control: the focus stays, or comes back if the redraw dropped it."""
    run(glue, {"html": CARDS})
    glue.focus("#hint")
    if not still_focused:
        # the redraw drops the focused node: every node drawn anew (bench/ui.py's
        # other morpher, which keeps no focus itself, unlike web/shell/sync.js)
        glue.evaluate(
            """() => { window.tapeteMorph = "other";
            window.tapeteMorphOther = (root, html) => { root.innerHTML = html; }; }"""
        )
    answer(glue, {"html": CARDS, "title": "Again"})
    glue.evaluate("() => document.dispatchEvent(new Event('pointerdown'))")
    glue.wait_for_function("() => document.title === 'Again'")
    assert glue.evaluate("() => document.activeElement.id") == "hint"


def test_a_new_page_focuses_its_heading_and_a_dialog_its_first_control_then_back(glue) -> None:
    run(glue, {"html": CARDS, "focus": "page"})
    assert glue.evaluate("() => document.activeElement.tagName") == "H1"
    assert glue.get_attribute("h1", "tabindex") == "-1"
    glue.focus("#hint")
    dialog = CARDS + "<div role='dialog'><p>Sure?</p><button id='yes'>Yes</button></div>"
    answer(glue, "", {"html": dialog, "focus": "screen"}, "", {"html": CARDS, "focus": "screen"})
    glue.click("#hint")
    glue.wait_for_function("() => document.activeElement.id === 'yes'")
    glue.keyboard.press("Tab")  # round the dialog
    assert glue.evaluate("() => document.activeElement.id") == "yes"
    glue.click("#yes")  # (no data-action: nothing sent) the dialog closes
    glue.evaluate("() => document.dispatchEvent(new Event('pointerdown'))")
    glue.wait_for_function("() => !document.querySelector('[role=dialog]')")
    idle(glue)
    assert glue.evaluate("() => document.activeElement.id") == "hint"


ROWS = "<p>a row of cards</p>" * 60
CUT = "<button id='cut' data-action='cut'>Cut</button>"
ASKED = "<h1>Table</h1><section><button id='me' autofocus data-action='handoff'>I am Ben</button>"


def in_view(page, selector: str) -> bool:
    """The whole control inside the window (to a pixel: a scroll leaves fractions)."""
    return page.evaluate(
        """s => { const r = document.querySelector(s).getBoundingClientRect();
        return r.top > -1 && r.bottom < innerHeight + 1; }""",
        selector,
    )


def test_after_a_tap_the_control_the_app_asks_for_next_is_brought_into_view(glue) -> None:
    """A tap far down the page (a cut among many cards) whose answer asks for a
    control above the fold ("I am Ben", the same page: focus kept) brings it into
    view and focus; a frame no tap asked for (a bot's timer) leaves the page where
    the player scrolled it."""
    run(glue, {"html": "<h1>Table</h1>" + ROWS + CUT})
    glue.evaluate("() => document.getElementById('cut').scrollIntoView()")
    asked = ASKED + "</section>" + ROWS + CUT
    answer(glue, "", {"html": asked, "timers": [["bot", 100, 1]]})
    glue.click("#cut")
    glue.wait_for_selector("#me", state="attached")
    idle(glue)
    assert in_view(glue, "#me")
    assert glue.evaluate("() => document.activeElement.id") == "me"

    glue.evaluate("() => document.getElementById('cut').scrollIntoView()")
    answer(glue, {"html": asked.replace("I am Ben", "I am Ben (2)")})
    advance(glue, 100)
    glue.wait_for_selector("text=I am Ben (2)", state="attached")
    idle(glue)
    assert not in_view(glue, "#me") and in_view(glue, "#cut")


def test_focus_to_moves_to_the_control_the_key_asked_for(glue) -> None:
    run(glue, {"html": BOARD, "keys": {"Escape": True, "Enter": ["name"]}})
    on(glue, "key", {"focus_to": "[data-action=menu]"})
    glue.focus("#name")
    glue.keyboard.press("Enter")
    glue.wait_for_function("() => document.activeElement.id === 'menu'")


# -- the restart in place (e2e/hook.js) ---------------------------------------------------


def test_the_restart_in_place_starts_again_and_drops_what_the_last_run_armed(glue) -> None:
    run(glue, {"html": "<h1>One</h1>", "timers": [["bot", 100, 1]], "keep": True})
    glue.evaluate("() => window.fake.hold = true")
    glue.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")  # in flight
    first = {"html": "<h1>Two</h1>", "ready": True, "snapshot": "restored"}
    glue.evaluate("f => { window.fake.first = window.fake.frame(f); }", first)
    restart = (
        "() => { window.restarted = window.tapeteTest.restart({storage: {'tapete.x': '1'}}); }"
    )
    glue.evaluate(restart)
    assert glue.get_attribute("html", "data-ready") is None
    # the old run's answer comes after the restart: not applied; then the start
    stale = {"html": "<h1>Stale</h1>", "writes": {"tapete.stale": "1"}}
    glue.evaluate("f => window.fake.held.shift().answer(f)", stale)
    glue.evaluate("() => { window.fake.hold = false; }")
    glue.evaluate("() => window.restarted")
    assert glue.inner_html("#app") == "<h1>Two</h1>"
    assert glue.get_attribute("html", "data-ready") == ""
    inits = glue.evaluate("() => window.fake.inits")
    assert len(inits) == 2 and inits[1]["storage"] == {"tapete.x": "1"}
    advance(glue, 1000)
    idle(glue)
    assert glue.inner_html("#app") == "<h1>Two</h1>"
    assert glue.evaluate("() => localStorage.getItem('tapete.stale')") is None
    assert events(glue, "fire") == []
    assert glue.evaluate("() => history.state") == {"tapete": 1}
    glue.click("h1")  # one app listens: one press
    wait_events(glue, 1, "press")
    idle(glue)
    assert len(events(glue, "press")) == 1

"""The wire (web/app/wire.py) on CPython: scripted games of every title (people
and bots, hand-offs, sheets, History, reloads, records out and in) played through
it as a worker's page plays them, every event and every frame as JSON text. The
page here is a small model of what the page's script does with a frame (the
whole page or its regions written, timers armed by token, storage written,
the kept screen stored), fed once with each frame as the wire made it and once
with it decoded from its JSON text: both pages must be the same, and each the
page the app drew. The app's time is only the events' own (``clock.now`` raises)."""

from __future__ import annotations

import itertools
import json
import os
import random
from typing import Any

import pytest

from tests.test_web_carta_robada import everyone_looks, press, stacked
from tools import same_html
from web.app import prerender
from web.app.registry import ENTRIES
from web.app.wire import Wire, frame_data, plain, requests
from web.core import clock, store
from web.core.i18n import catalog
from web.core.model import Seat

#: Scripts played (each a new game of one title and all that follows it: reloads,
#: History's replays, a record out and in); ``TAPETE_WIRE_SCRIPTS=300`` for a soak.
SCRIPTS = int(os.environ.get("TAPETE_WIRE_SCRIPTS", "20"))

EN = catalog("en")

#: Every field of a frame the page reads (docs: the worker's contract).
FIELDS = {
    *("html", "regions", "patch", "page", "focus", "title", "attrs", "motion", "speed"),
    *("sounds", "buzz", "timers", "keep", "awake", "file", "focus_to", "hush", "spans"),
    *("seq", "writes", "requests", "keys", "back_leaves", "read_file", "ready", "kept"),
    "snapshot",
}


def no_clock() -> float:
    raise AssertionError("the app read the clock: its time is the event's")


class Page:
    """What the page keeps of the frames it applied."""

    def __init__(self, storage: dict[str, str]) -> None:
        self.storage = storage
        self.html = ""
        self.regions: dict[str, str] = {}
        self.attrs: dict[str, str | None] = {}
        self.title = ""
        self.timers: dict[str, tuple[int, int]] = {}
        self.keys: dict[str, Any] = {}
        self.back_leaves = False
        self.sent: list[list[Any]] = []

    def apply(self, frame: dict[str, Any]) -> None:
        assert set(frame) == FIELDS, set(frame) ^ FIELDS
        for key, value in frame["writes"].items():
            if value is None:
                self.storage.pop(key, None)
            else:
                self.storage[key] = value
        if frame["kept"] is not None:  # "": nothing may be kept
            if frame["kept"]:
                self.storage[prerender.SCREEN_KEY] = frame["kept"]
            else:
                self.storage.pop(prerender.SCREEN_KEY, None)
        if frame["html"] is not None:
            patch = frame["patch"]
            if patch is None:
                self.html = frame["html"]
            for rid in patch or ():
                assert self.html.count(self.regions[rid]) == 1
                self.html = self.html.replace(self.regions[rid], frame["regions"][rid])
            self.regions = frame["regions"]
            assert self.html == frame["html"], "the page differs from the app's"
        self.attrs.update(frame["attrs"])
        self.title = frame["title"]
        for kind, ms, token in frame["timers"]:
            self.timers[kind] = (ms, token)
        self.keys, self.back_leaves = frame["keys"], frame["back_leaves"]
        self.sent.extend(frame["requests"])

    def same(self, other: Page) -> bool:
        mine = (self.html, self.attrs, self.title, self.timers, self.storage, self.sent)
        return mine == (
            other.html,
            other.attrs,
            other.title,
            other.timers,
            other.storage,
            other.sent,
        )


class WireDriver(same_html.Driver):
    """tools/same_html.py's scripts, through a :class:`Wire` as a page drives it."""

    def __init__(self, script: int, extras: bool = True) -> None:
        #: The page's own choices, apart from the script's (which stays tools/same_html.py's).
        self.own = random.Random(script + 1000)
        #: Whether the page does more than tools/same_html.py's driver: the browser's
        #: Back, Enter in a field, the animations' length, the screen kept, no WebRTC.
        self.extras = extras
        super().__init__(script)

    def _boot(self) -> None:
        clock.now = no_clock  # (the driver set its own: the wire must not need it)
        self.t = getattr(self, "t", 0)
        self.local: dict[str, str] = getattr(self, "local", {})
        self.pages = (Page(dict(self.local)), Page(dict(self.local)))
        self.wire = Wire(self.games, lambda: self.seeds.randrange(1, 2**31))
        init = {
            "storage": dict(self.local),
            "languages": [self.lang],
            "reduced": False,
            "painted": None,
            "build": "b1",
            "unlinkable": self.extras,
            "t": self.clock.ms,
        }
        first = self.wire.start(json.loads(json.dumps(init)), snapshot="none")
        assert first["ready"] and first["snapshot"] == "none"
        self.mid = self.wire.mid
        self.app = self.wire.app
        self.first: Any = first

    # -- the page -----------------------------------------------------------------

    def send(self, type_: str, **fields: Any) -> dict[str, Any] | None:
        """One event as JSON text, its frame applied to both pages."""
        self.t += 1
        event = {"type": type_, "t": self.clock.ms, "seq": self.t, **fields}
        frame = self.wire.dispatch(json.loads(json.dumps(event)))
        if frame is None:
            return None
        assert frame["seq"] == self.t
        self.apply(frame)
        return frame

    def apply(self, frame: dict[str, Any]) -> None:
        text = json.dumps(frame, allow_nan=False)
        decoded = json.loads(text)
        assert decoded == frame  # nothing but JSON: a tuple would differ from its list
        plain(frame)
        self.pages[0].apply(frame)
        self.pages[1].apply(decoded)
        assert self.pages[0].same(self.pages[1])
        self.local = self.pages[1].storage
        mirror = self.app.storage
        assert isinstance(mirror, store.MirrorStorage)

        def own(data: dict[str, str]) -> dict[str, str]:  # (the kept screen: the page's)
            return {k: v for k, v in data.items() if k != prerender.SCREEN_KEY}

        assert own(mirror.data) == own(self.local), "a write the page was not given"
        if frame["html"] is not None and getattr(self, "noting", True):
            self.draw_data(frame)

    def draw_data(self, frame: dict[str, Any]) -> None:
        attrs = frame["attrs"]
        page = {
            "lang": attrs["lang"],
            "title": frame["title"],
            "guard": attrs["data-guard"] is not None,
            "theme": attrs["data-theme"] or "system",
            "motion": attrs["data-motion"],
            "sound": attrs["data-sound"] == "on",
        }
        self.html = frame["html"]
        self.frames.append(json.dumps(page, sort_keys=True) + "\n" + self.html)

    # -- the driver's events, as page events ---------------------------------------

    def draw(self, frame: Any = None) -> None:
        if isinstance(frame, dict):
            self.apply(frame)

    def event(self, name: str, *args: Any, draw: bool = True) -> None:
        self.noting = draw  # (tools/same_html.py notes no screen of an event it does not draw)
        try:
            self._event(name, *args)
        finally:
            self.noting = True

    def _event(self, name: str, *args: Any) -> None:
        if name == "tap":
            seat, action, move = args
            self.send("click", action=action, arg=None, seat=seat, move=move, remote=False)
        elif name == "handle":
            action, arg = (*args, None)[:2]
            self.send("click", action=action, arg=arg, seat=None, move=None, remote=False)
        elif name == "press":
            assert self.send("press") is None
        elif name == "field":
            name_, arg, value = args
            self.send("field", name=name_, arg=arg, value=value)
        elif name == "back":
            if self.extras and self.own.random() < 0.5:
                left = self.pages[1].back_leaves
                frame = self.send("back")
                assert (frame is None) == left
            else:
                assert self.send("key", key="Escape", field=None, arg=None) is not None
        elif name == "read_file":
            (text,) = args
            frame = self.send("file_size", size=len(text.encode()))
            if frame is not None and frame["read_file"]:
                self.send("file_text", text=text)
        else:
            raise AssertionError(f"no page event for {name}")

    def tap(self, control: same_html.Control) -> None:
        if control.field is not None:
            value = self.rng.choice(("Ana", "", "Ben Ibn Abi Talib Al-Hashimi", "Zoé"))
            self.event("field", control.field, control.arg, value)
            self.send("changed", name=control.field)
            enter = control.field in self.pages[1].keys["Enter"]
            if enter and self.extras and self.own.random() < 0.3:
                frame = self.send("key", key="Enter", field=control.field, arg=control.arg)
                assert frame is not None, "Enter said to be the app's, but it did nothing"
            return
        super().tap(control)

    def fire(self, kind: str) -> None:
        """The page's timer of ``kind`` fires (a bot's thought's slices first, each
        at once): the token the page was given for it, which is the one the mid end
        holds (a kind it no longer wants is no longer due: the page's timer of it
        would answer nothing)."""

        def pending() -> dict[str, int]:
            return {k: token for k, _, token in self.wire.mid.timers.pending()}

        armed = pending().get(kind)
        for _ in range(1000):  # (the bot's timer armed anew: it runs later, as the page's)
            now = pending()
            if kind != "bot" or "think" not in now or now.get(kind) != armed:
                break
            token = self.disarm("think")
            assert token == now["think"], "the page holds another token than the mid end"
            self.send("fire", kind="think", token=token)
        if armed is not None and pending().get(kind) == armed:
            assert self.disarm(kind) == armed, "the page holds another token than the mid end"
            frame = self.send("fire", kind=kind, token=armed)
            moved = frame is not None and frame["html"] is not None and frame["motion"]
            if moved and self.extras:
                self.send("animated", ms=300)

    def disarm(self, kind: str) -> int:
        """The page's timer of ``kind`` runs: its token (and it is armed no more)."""
        token = self.pages[0].timers.pop(kind)[1]
        assert self.pages[1].timers.pop(kind)[1] == token
        return token

    def reload(self) -> None:
        self.send("before_update")
        if self.extras and self.own.random() < 0.5:
            self.send("keep")
        self._boot()
        self.draw(self.first)


@pytest.fixture
def wired(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("now", "perf_ms", "utc_stamp"):  # the driver sets its own
        monkeypatch.setattr(clock, name, getattr(clock, name))
    # A slice's measure (the bot lab's) ticks by itself, not the game's clock: an
    # event's time is when it happened, not moved by the work that answers it.
    ticks = itertools.count(0.0, 1.0)
    monkeypatch.setattr(same_html.Clock, "perf_ms", lambda _self: next(ticks))


def test_scripted_games_through_the_wire_draw_the_same_page_from_json(wired: None) -> None:
    reached: set[tuple[str, str]] = set()
    for script in range(SCRIPTS):
        driver = WireDriver(script)
        game = same_html.GAMES[script % len(same_html.GAMES)]
        driver.run(game)
        assert len(driver.frames) > 20
        for html in driver.frames:
            reached.update((game, s) for s in ("table", "history") if f'class="{s}' in html)
        if driver.app.table is not None:
            kinds = {s.kind for s in driver.app.table.seats}
            reached.update((game, kind) for kind in kinds)
    assert {(g, "bot") for g in same_html.GAMES} <= reached
    assert {(g, "human") for g in same_html.GAMES} <= reached


def test_the_same_scripts_draw_the_same_screens_through_the_wire(wired: None) -> None:
    """The wire changes nothing the player sees: a script through it draws the
    screens tools/same_html.py's driver draws through the mid end itself."""
    for script in range(3):
        mine = WireDriver(script, extras=False)
        mine.run(same_html.GAMES[script % 3])
        theirs = same_html.Driver(script)
        theirs.run(same_html.GAMES[script % 3])
        assert len(mine.frames) > 20
        assert mine.frames == theirs.frames


# -- one frame's data ----------------------------------------------------------------


def start(storage: dict[str, str] | None = None, t: float = 5000.0) -> Wire:
    wire = Wire(ENTRIES, lambda: 7)
    wire.start({"storage": storage or {}, "languages": ["en"], "build": "b1", "t": t})
    return wire


def test_a_frame_holds_no_live_object() -> None:
    wire = start()
    assert wire.mid is not None
    wire.app.start("abyss", [Seat("Ana"), Seat("Bot", "bot", "easy")], {})
    frame = wire.mid.handle("noop")
    assert frame.scene is wire.app.table  # the page never gets it
    data = frame_data(frame)
    assert "scene" not in data and json.loads(json.dumps(data)) == data
    frame.motion.append({"table": wire.app.table})
    with pytest.raises(TypeError, match=r"motion\[\d+\]\.table: Table"):
        frame_data(frame)


def test_requests_are_the_link_glue_calls_in_order() -> None:
    wire = start()
    link = wire.app.link
    link.requests += [("offer", 2), ("say", "host", "hi"), ("refuse", 1, "sdp", "no")]
    link.requests.append(("scan", "host"))
    assert requests(wire.app) == [
        ["offer", "2"],
        ["send", "host", "hi"],
        ["refuse", "1", "sdp", "no"],
        ["scan", "host"],
    ]
    assert link.requests == []


def test_a_scan_control_asks_the_page_and_its_answer_comes_back_as_an_event() -> None:
    wire = start()
    frame = wire.dispatch({"type": "click", "t": 6000, "seq": 1, "action": "phones-scan"})
    assert frame is not None and frame["requests"] == [["scan", "host"]]
    frame = wire.dispatch({"type": "scanned", "t": 6100, "seq": 2, "field": "host", "text": None})
    assert frame is not None and frame["html"] is not None and frame["seq"] == 2


def test_a_failed_link_says_so_on_the_linking_screen() -> None:
    wire = start()
    wire.dispatch({"type": "click", "t": 6000, "seq": 1, "action": "phones", "arg": "join"})
    assert not wire.app.link.unlinkable
    frame = wire.dispatch({"type": "link_failed", "t": 6100, "seq": 2})
    assert frame is not None and wire.app.link.unlinkable


def test_typing_and_a_finger_down_answer_nothing() -> None:
    wire = start()
    assert wire.dispatch({"type": "press", "t": 6000, "seq": 1}) is None
    event = {"type": "field", "t": 6001, "seq": 2, "name": "linkcode", "arg": "host", "value": "x"}
    assert wire.dispatch(event) is None
    assert wire.dispatch({"type": "fire", "t": 6002, "seq": 3, "kind": "bot", "token": 99}) is None


def test_the_keys_and_back_say_what_is_the_apps_on_the_screen_now() -> None:
    wire = start()
    home = wire.dispatch({"type": "shown", "t": 6000, "seq": 1, "visible": True})
    assert home is not None and home["back_leaves"] is True
    assert home["keys"] == {"Escape": True, "Enter": ["lesson-name"]}
    assert wire.dispatch({"type": "back", "t": 6001, "seq": 2}) is None  # the browser leaves
    setup = wire.dispatch({"type": "click", "t": 6002, "seq": 3, "action": "new", "arg": "abyss"})
    assert setup is not None and not setup["back_leaves"] and "name" in setup["keys"]["Enter"]
    enter = {"type": "key", "t": 6003, "seq": 4, "key": "Enter", "field": "name", "arg": "0"}
    frame = wire.dispatch(enter)
    assert frame is not None and frame["focus_to"] == "#name-1"
    assert wire.dispatch({**enter, "key": "a"}) is None  # the browser's own
    back = wire.dispatch({"type": "back", "t": 6004, "seq": 5})
    assert back is not None and wire.app.screen == "home"


def test_a_file_too_large_is_refused_unread_and_one_that_fits_is_read() -> None:
    wire = start()
    big = wire.app.max_import_bytes() + 1
    refused = wire.dispatch({"type": "file_size", "t": 6000, "seq": 1, "size": big})
    assert refused is not None and not refused["read_file"] and refused["html"]
    fits = wire.dispatch({"type": "file_size", "t": 6001, "seq": 2, "size": 10})
    assert fits is not None and fits["read_file"] and fits["html"] is None
    read = wire.dispatch({"type": "file_text", "t": 6002, "seq": 3, "text": "{"})
    assert read is not None and read["html"] is not None


def test_keep_answers_the_screen_a_reload_shows_once_per_change() -> None:
    wire = start()
    kept = wire.dispatch({"type": "keep", "t": 6000, "seq": 1})
    assert kept is not None and json.loads(kept["kept"])["build"] == "b1"
    assert kept["html"] is None and kept["writes"] == {}
    assert wire.dispatch({"type": "keep", "t": 6001, "seq": 2}) is None  # the same screen
    refused = {"type": "write_failed", "t": 6002, "seq": 3, "key": prerender.SCREEN_KEY}
    assert wire.dispatch(refused) is None
    again = wire.dispatch({"type": "keep", "t": 6003, "seq": 4})
    assert again is not None and again["kept"] == kept["kept"]


def test_start_again_drops_the_last_apps_timers() -> None:
    wire = start()
    assert wire.mid is not None
    wire.app.start("abyss", [Seat("Bot", "bot", "easy"), Seat("Ana")], {})
    frame = wire.dispatch({"type": "shown", "t": 6000, "seq": 1, "visible": True})
    assert frame is not None
    (token,) = [token for kind, _, token in frame["timers"] if kind == "bot"]
    wire.start({"storage": {}, "languages": ["en"], "build": "b1", "t": 7000})
    wire.app.start("abyss", [Seat("Bot", "bot", "easy"), Seat("Ana")], {})
    frame = wire.dispatch({"type": "shown", "t": 7001, "seq": 1, "visible": True})
    assert frame is not None and all(t > token for _, _, t in frame["timers"])
    assert (
        wire.dispatch({"type": "fire", "t": 9000, "seq": 2, "kind": "bot", "token": token}) is None
    )


def test_an_unknown_event_is_refused() -> None:
    with pytest.raises(ValueError, match="no event of type 'tap'"):
        start().dispatch({"type": "tap", "t": 1, "seq": 1})


def test_storage_blocked_writes_nothing() -> None:
    wire = Wire(ENTRIES, lambda: 7)
    first = wire.start({"storage": None, "languages": ["en"], "build": "b1", "t": 0})
    assert first["writes"] == {} and isinstance(wire.app.storage, store.MemoryStorage)


# -- time: an event's own ------------------------------------------------------------


def ready_to_cut(t: float) -> tuple[Wire, int]:
    """Ana and Ben both hold a 5 at position 0, and a 5 was just discarded, at ``t``
    (ms of the page's clock): the picture both may cut on, its move count."""
    wire = start(t=t)
    app = wire.app
    opts = stacked([["5", "2", "3", "4"], ["5", "6", "7", "8"]], ["5", "9", "10", "1", "2", "3"])
    app.start("carta_robada", [Seat("Ana"), Seat("Ben")], opts)
    everyone_looks(app, positions=(2, 3))
    press(app, id="deck")
    press(app, id="discard-btn")
    app.release()  # (the hand-over's hold is over)
    table = app.table
    assert table is not None and table.game.view(table.state, None)["cutters"] == [0, 1]
    return wire, table.state.moves


def cut(wire: Wire, seat: int, t: float, move: int, seq: int) -> dict[str, Any] | None:
    event = {"type": "click", "t": t, "seq": seq, "action": "cut:0", "seat": seat, "move": move}
    return wire.dispatch(json.loads(json.dumps(event)))


def test_a_cut_tap_that_reaches_the_app_late_is_judged_at_its_own_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ana's finger came down 100 ms before Ben's, but her tap reaches the app
    after his (the worker was busy, or her click came after her finger went up),
    900 ms after the card was discarded. Ben's cut, arrived first, is judged; by
    its own time hers fell within his tie window, so it is recorded as a tie
    (cancelled, no penalty), not refused as a tap on a picture gone by."""
    got = [100.0]  # when Python gets each event (the worker's own time): not the tap's
    monkeypatch.setattr(clock, "now", lambda: got[0])
    wire, picture = ready_to_cut(t=100_000)
    got[0] = 100.5
    assert cut(wire, 1, 100_500, picture, 1) is not None  # Ben's: arrives first, judged
    got[0] = 100.9
    frame = cut(wire, 0, 100_400, picture, 2)  # Ana's: tapped first, arrives late
    table = wire.app.table
    assert frame is not None and table is not None
    events = table.game.view(table.state, None)["events"]
    assert events[-1] == {**events[-1], "type": "tied", "seat": 0, "first": 1}
    assert table.game.view(table.state, None)["tendidos"][0]["count"] == 4  # no penalty


def test_a_cut_tap_late_past_the_window_by_its_own_time_is_refused() -> None:
    """The other way round: a tap made 400 ms after the judged cut (past its 300 ms
    window) is not saved by reaching the app quickly."""
    wire, picture = ready_to_cut(t=100_000)
    assert cut(wire, 1, 100_500, picture, 1) is not None
    cut(wire, 0, 100_900, picture, 2)
    table = wire.app.table
    assert table is not None
    assert table.game.view(table.state, None)["events"][-1]["type"] != "tied"


def test_the_bots_pause_runs_on_the_events_time() -> None:
    """A bot's timer is armed for the pause left at the event's time (the page's
    clock), whatever the worker's own clock says."""
    wire = start(t=50_000)
    wire.app.start("abyss", [Seat("Ana"), Seat("Bot", "bot", "easy")], {})
    frame = wire.dispatch({"type": "shown", "t": 50_000, "seq": 1, "visible": True})
    assert frame is not None
    assert [ms for kind, ms, _ in frame["timers"] if kind == "bot"] == [800]
    assert wire.mid is not None
    due = wire.mid.timers._bot
    assert due is not None and due.due == 50.8  # the pause's end, on the page's clock


# -- storage: a copy in the worker, written by the page ------------------------------


def test_mirror_storage_reads_its_copy_and_gives_its_writes_in_order() -> None:
    mirror = store.MirrorStorage({"tapete.a": "1", "tapete.b": "2"})
    assert mirror.get("tapete.a") == "1" and mirror.get("tapete.z") is None
    mirror.set("tapete.c", "3")
    mirror.remove("tapete.a")
    mirror.set("tapete.b", "4")
    mirror.set("tapete.c", "5")  # written twice: once, where its last write was
    assert list(mirror.drain().items()) == [
        ("tapete.a", None),
        ("tapete.b", "4"),
        ("tapete.c", "5"),
    ]
    assert mirror.drain() == {}
    assert mirror.data == {"tapete.b": "4", "tapete.c": "5"}


def test_a_refused_write_goes_again_before_the_next_one() -> None:
    mirror = store.MirrorStorage()
    mirror.set(store.HISTORY_KEY, "[1]")
    mirror.set(store.SAVE_KEY, "{}")
    mirror.drain()
    mirror.refused(store.HISTORY_KEY)
    assert mirror.drain() == {} and list(mirror.behind) == [store.HISTORY_KEY]
    mirror.set(store.SAVE_KEY, "{2}")
    assert list(mirror.drain().items()) == [(store.HISTORY_KEY, "[1]"), (store.SAVE_KEY, "{2}")]
    assert not mirror.behind


def test_a_save_the_page_could_not_write_shows_the_not_saved_notice() -> None:
    wire = start()
    app = wire.app
    app.start("abyss", [Seat("Ana"), Seat("Ben")], {})
    frame = wire.dispatch({"type": "click", "t": 6000, "seq": 1, "action": "noop"})
    assert frame is not None
    failed = {"type": "write_failed", "t": 6001, "seq": 2, "key": store.SAVE_KEY}
    frame = wire.dispatch(failed)
    assert frame is not None and frame["html"] is not None
    assert EN["notice.save_failed"] in frame["html"]
    assert app.effects == [] and app.notice == ("notice.save_failed", {})
    history = {**failed, "key": store.HISTORY_KEY}
    frame = wire.dispatch(history)  # and History's: the result too
    assert frame is not None and EN["notice.result_unsaved"] in (frame["html"] or "")
    other = {**failed, "key": store.NAMES_KEY}  # (the names: nothing to say, as today)
    wire.app.notice = None
    frame = wire.dispatch(other)
    assert frame is not None and EN["notice.save_failed"] not in (frame["html"] or "")
    # The page has room again: the next save carries the refused keys first.
    table = app.table
    assert table is not None
    seat = table.game.actors(table.state)[0]
    action = table.game.legal(table.state, seat)[0]
    tap = {"type": "click", "t": 7000, "seq": 3, "action": action, "seat": seat}
    frame = wire.dispatch({**tap, "move": table.state.moves})
    assert frame is not None
    assert list(frame["writes"])[:2] == [store.HISTORY_KEY, store.NAMES_KEY]  # (then the save)
    assert store.SAVE_KEY in frame["writes"]


def test_the_systems_reduced_motion_follows_each_event() -> None:
    """A phone's reduced-motion setting may change while the app runs: each event
    says it, and the frames' motion follows (no travelling cards, data-motion off)."""
    from web.app.registry import ENTRIES
    from web.app.wire import Wire

    wire = Wire(ENTRIES, lambda: 7)
    first = wire.start({"storage": {}, "languages": ["en"], "reduced": False, "t": 0})
    assert first["attrs"]["data-motion"] != "off"
    frame = wire.dispatch(
        {"type": "click", "action": "go", "arg": "settings", "t": 10, "seq": 1, "reduced": True}
    )
    assert frame is not None and frame["attrs"]["data-motion"] == "off"

"""The mid end on CPython: the rules of the table's time and of what the page
does after an event (bots wait while a sheet is open, a bot thinks in slices
while its pause runs, a hand-off's hold ends, a replay steps, an import and the
bot lab run in slices, a stale timer does nothing, game over is a new page, an
unfinished game's record is never handed out)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.bot import Thought, View
from web.app.controller import App
from web.app.midend import Frame, MidEnd
from web.app.registry import ENTRIES
from web.core import clock, store
from web.core.model import Seat
from web.tables.abyss.state import FLIPPED_MS


class Time:
    """The UI's clock, moved by hand."""

    def __init__(self) -> None:
        self.s = 1000.0

    def __call__(self) -> float:
        return self.s


@pytest.fixture
def now(monkeypatch: pytest.MonkeyPatch) -> Time:
    time = Time()
    monkeypatch.setattr(clock, "now", time)
    return time


def table(game: str, *seats: Seat, seed: int = 7) -> MidEnd:
    app = App(store.MemoryStorage(), ["en-GB"], lambda: seed, ENTRIES)
    mid = MidEnd(app)
    mid.start()
    app.start(game, list(seats), {})
    return mid


def timers(frame: Frame | None, mid: MidEnd) -> dict[str, tuple[int, int]]:
    """Every timer armed after ``frame`` (the frames lists only those new): kind
    -> (ms it was armed with, token)."""
    return {kind: (ms, token) for kind, ms, token in mid.timers.pending()}


def fire(mid: MidEnd, kind: str) -> Frame | None:
    """The timer of ``kind`` armed now fires."""
    return mid.fire(kind, timers(None, mid)[kind][1])


def flip(mid: MidEnd, seat: int) -> Frame:
    t = mid.app.table
    assert t is not None
    action = next(a for a in t.game.legal(t.state, seat) if a.startswith("flip:"))
    return mid.tap(seat, action, t.state.moves)


def test_bots_wait_while_a_sheet_is_open(now: Time) -> None:
    mid = table("abyss", Seat("Ana"), Seat("Bot", "bot", "easy"))
    before = mid.handle("noop")
    assert timers(before, mid)["bot"][0] == 800  # the bot-speed pause
    token = timers(before, mid)["bot"][1]
    opened = mid.handle("sheet", "menu")
    assert "bot" not in timers(opened, mid)
    now.s += 5
    assert mid.fire("bot", token) is None  # armed before the sheet: stale
    assert mid.app.table is not None and mid.app.table.state.moves == 0
    closed = mid.handle("sheet", None)
    assert timers(closed, mid)["bot"][0] == 800  # a whole pause from the sheet's closing
    frame = fire(mid, "think")
    assert frame is None or frame.html is None  # thinking draws nothing
    assert fire(mid, "bot") is not None and mid.app.table.state.moves == 1


def test_a_timer_for_a_position_the_table_left_does_nothing(now: Time) -> None:
    mid = table("abyss", Seat("Ana"), Seat("Bot", "bot", "easy"))
    frame = mid.handle("noop")
    token = timers(frame, mid)["bot"][1]
    flip(mid, 0)  # Ana flips while the bot waits: the bot thinks again
    assert token != timers(None, mid)["bot"][1]
    moves = mid.app.table.state.moves  # type: ignore[union-attr]
    assert mid.fire("bot", token) is None
    assert mid.app.table.state.moves == moves  # type: ignore[union-attr]


class Slow:
    """A stand-in bot that thinks in ``slices`` slices, then plays its first
    legal action that starts with ``prefix`` (Abyss: it flips its first card)."""

    level = "easy"

    def __init__(self, slices: int, prefix: str = "flip:") -> None:
        self.slices = slices
        self.prefix = prefix
        self.ran = 0
        self.thoughts = 0

    def act(self, view: View, legal: Sequence[str]) -> str | None:
        raise AssertionError("the table asks for a thought, not an act")

    def think(self, view: View, legal: Sequence[str]) -> Thought:
        self.thoughts += 1
        for _ in range(self.slices):
            self.ran += 1
            yield None
        return next(a for a in legal if a.startswith(self.prefix))


def test_a_bot_thinks_one_slice_per_tick_and_moves_when_its_pause_is_over(now: Time) -> None:
    mid = table("abyss", Seat("Ana"), Seat("Bot", "bot", "easy"))
    slow = mid.app.table.bots[1] = Slow(3)
    frame = mid.handle("noop")
    assert timers(frame, mid)["think"][0] == 0 and timers(frame, mid)["bot"][0] == 800
    fire(mid, "think")
    assert slow.ran == 1  # one slice per tick: a tap between two slices is answered at once
    sheet = mid.handle("sheet", "menu")
    assert sheet.html is not None and slow.ran == 1
    mid.handle("sheet", None)
    for _ in range(5):
        if "think" in timers(None, mid):
            fire(mid, "think")
    assert slow.ran == 3 and mid.app.table.state.moves == 0  # type: ignore[union-attr]
    now.s += 0.8
    assert fire(mid, "bot") is not None  # the move comes with the pause's end, not later
    assert mid.app.table.state.moves == 1  # type: ignore[union-attr]
    assert slow.thoughts == 1


def test_a_carta_robada_bot_thinks_its_turn_in_slices(now: Time) -> None:
    # A searching bot's turn would otherwise hold every tap for its whole decision.
    mid = table("carta_robada", Seat("Bot", "bot", "expert"), Seat("Ana"))
    slow = mid.app.table.bots[0] = Slow(3, "")
    frame = mid.handle("noop")
    assert timers(frame, mid)["think"][0] == 0
    fire(mid, "think")
    assert slow.ran == 1
    while "think" in timers(None, mid):
        fire(mid, "think")
    assert slow.ran == 3 and mid.app.table.state.moves == 0  # type: ignore[union-attr]
    now.s += 5
    assert fire(mid, "bot") is not None
    assert mid.app.table.state.moves == 1 and slow.thoughts == 1  # type: ignore[union-attr]


def test_a_slow_thought_moves_with_its_last_slice(now: Time) -> None:
    mid = table("abyss", Seat("Ana"), Seat("Bot", "bot", "easy"))
    slow = mid.app.table.bots[1] = Slow(2)
    mid.handle("noop")
    fire(mid, "think")
    now.s += 0.8
    assert fire(mid, "bot").html is None  # type: ignore[union-attr]  (still thinking)
    assert "bot" not in timers(None, mid)
    fire(mid, "think")
    assert mid.app.table.state.moves == 0  # type: ignore[union-attr]
    frame = fire(mid, "think")  # the last slice: the move at once
    assert frame is not None and frame.html is not None
    assert slow.ran == 2 and mid.app.table.state.moves == 1  # type: ignore[union-attr]


def test_a_thought_is_dropped_when_the_position_moves(now: Time) -> None:
    mid = table("abyss", Seat("Ana"), Seat("Bot", "bot", "easy"))
    slow = mid.app.table.bots[1] = Slow(3)
    mid.handle("noop")
    fire(mid, "think")
    flip(mid, 0)  # Ana flips between two slices
    fire(mid, "think")
    assert slow.thoughts == 2 and slow.ran == 2  # a new thought, on the table as it is now
    assert mid.app.table.state.moves == 1  # type: ignore[union-attr]


def test_the_hand_off_hold_ends_by_its_timer() -> None:
    mid = table("abyss", Seat("Ana"), Seat("Ben"))
    flip(mid, 0)
    held = flip(mid, 0)  # her last flip: Ben's grid, his controls held
    # an opening flip is held longer than a turn's move: it was never seen face up
    assert held.attrs["data-guard"] == str(FLIPPED_MS)
    assert timers(held, mid)["release"][0] == FLIPPED_MS
    assert flip(mid, 1).patch is None  # refused: the page redraws whole
    released = fire(mid, "release")
    assert released is not None and released.attrs["data-guard"] is None


def test_game_over_is_a_new_page() -> None:
    """The results are drawn in the table's place: the page starts at its top."""
    mid = table("dice_bid", Seat("Ana"), Seat("Ben"), seed=3)
    app = mid.app
    t = app.table
    assert t is not None
    for _ in range(2000):
        if t.game.result(t.state) is not None:
            break
        if "release" in timers(None, mid):
            fire(mid, "release")
        frame: Frame | None = None
        seat = t.game.actors(t.state)[0]
        if t.ui.get("up") is not None or "handoff" in mid.app.render():
            frame = mid.handle("handoff", str(seat))
        if t.game.result(t.state) is None:
            frame = mid.tap(seat, t.game.legal(t.state, seat)[0], t.state.moves)
    assert frame is not None and t.game.result(t.state) is not None
    assert frame.page.startswith("table/over") and frame.focus == "page"


def test_an_unfinished_games_record_is_never_handed_out() -> None:
    mid = table("abyss", Seat("Ana"), Seat("Ben"))
    flip(mid, 0)
    mid.handle("quit")
    mid.handle("quit_yes")  # into History, unfinished
    entries = store.load_history(mid.app.storage)
    assert entries[0].get("unfinished") is True
    assert mid.handle("export", "h0").file is None
    assert mid.handle("export", None).file is None  # no game on the table


def test_a_replay_steps_by_its_timer_and_a_paused_one_does_not() -> None:
    mid = table("dice_bid", Seat("Ana", "bot", "easy"), Seat("Ben", "bot", "easy"), seed=5)
    mid.handle("noop")
    for _ in range(3000):
        if mid.app.table is None or mid.app.table.game.result(mid.app.table.state):
            break
        for kind in ("think", "bot"):
            if kind in timers(None, mid):
                fire(mid, kind)
    mid.handle("go", "history")
    mid.handle("history_replay", "0")
    replay = mid.app.table
    assert replay is not None and replay.replay is not None
    mid.handle("replay_play")
    step = replay.step
    token = timers(None, mid)["replay"][1]
    assert mid.fire("replay", token) is not None and replay.step == step + 1
    token = timers(None, mid)["replay"][1]
    mid.handle("replay_play")  # paused
    assert "replay" not in timers(None, mid) and mid.fire("replay", token) is None
    assert replay.step == step + 1


def test_a_record_opens_in_slices_and_the_bot_lab_runs_in_slices() -> None:
    mid = table("dice_bid", Seat("Ana", "bot", "easy"), Seat("Ben", "bot", "easy"), seed=5)
    mid.handle("noop")
    while mid.app.table is not None and not mid.app.table.game.result(mid.app.table.state):
        for kind in ("think", "bot"):
            if kind in timers(None, mid):
                fire(mid, kind)
    out = mid.app.export_record()
    assert out is not None
    mid.read_file(out[1])
    slices = 0
    while "import" in timers(None, mid):
        fire(mid, "import")
        slices += 1
    assert mid.app.imported is not None
    mid.handle("lab", "open")
    mid.handle("lab", "run")
    assert timers(None, mid)["lab"][0] == 0
    runs = 0
    while "lab" in timers(None, mid) and runs < 10_000:
        fire(mid, "lab")
        runs += 1
    assert runs > 1 and not mid.app.lab.running


def test_escape_goes_back_and_enter_in_a_name_goes_on_to_the_next_then_start() -> None:
    """Keys as the mid end answers them: Escape is Back (a sheet closes first);
    Enter in a seat's name focuses the next seat's name, after the last one Start
    (the form's options lie between, so it starts nothing); other keys are the
    browser's."""
    app = App(store.MemoryStorage(), ["en-GB"], lambda: 7, ENTRIES)
    mid = MidEnd(app)
    mid.start()
    mid.handle("new", "abyss")
    mid.handle("count", "+")
    assert app.setup["count"] == 3
    focused = [getattr(mid.key("Enter", "name", str(i)), "focus_to", None) for i in range(3)]
    assert focused == ["#name-1", "#name-2", "[data-action=start]"]
    assert app.screen == "setup"
    assert mid.key("Enter") is None and mid.key("a", "name", "0") is None
    assert mid.key("Enter", "linkcode", "host") is None  # a new line in the code's box
    mid.handle("start")
    mid.handle("sheet", "menu")
    assert app.table is not None and app.table.ui.get("sheet") == "menu"
    mid.key("Escape")
    assert app.screen == "table" and not app.table.ui.get("sheet")
    mid.key("Escape")
    assert app.screen == "home"


def test_enter_in_the_lessons_name_presses_its_start() -> None:
    """The lesson asks a name nobody known yet in its one field: Enter there is
    its Start, refused while the field is empty, as the button is."""
    app = App(store.MemoryStorage(), ["en-GB"], lambda: 7, ENTRIES)
    mid = MidEnd(app)
    mid.start()
    mid.handle("lesson", "abyss")
    assert 'id="coach-name"' in app.render()
    refused = mid.key("Enter", "lesson-name")
    assert refused is not None and 'class="coach-missing"' in (refused.html or "")
    mid.field("lesson-name", None, "Lu")
    started = mid.key("Enter", "lesson-name")
    assert started is not None and 'id="coach-name"' not in (started.html or "")
    assert app.table is not None and app.table.seats[0].name == "Lu"


def test_another_table_hushes_what_the_page_said_of_the_last() -> None:
    """The page's voice (#said) keeps the last verdict's words: a frame with
    another table on it (a new game, a rematch) asks the page to empty it; a
    move on the same table, or a screen away and back, does not."""
    mid = table("abyss", Seat("Ana"), Seat("Ben"))
    assert mid.handle("noop").hush is True  # the first frame of this table
    assert flip(mid, 0).hush is False
    assert mid.handle("sheet", "menu").hush is False
    assert mid.handle("go", "settings").hush is False
    assert mid.back().hush is False
    assert mid.handle("rematch").hush is True

"""Nothing a player or a file can do kills the app,
in the built site at 360x640. docs/reliability.md lists the promises and
the tests that hold them; Pyodide's own checks of the engine are
tests/test_robust.py (run by ``make test-pyodide``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import engine
from e2e.helpers import (
    add_page_script,
    app_action,
    clock_fast,
    clock_pause,
    live,
    reload,
    tap,
    text_of,
)
from e2e.tables_helpers import SAVE, SETTINGS, import_record, load_table, moves_count
from engine.abyss.cards import DECK
from tools.browser import BOOT_TIMEOUT_MS
from web.core.i18n import catalog

LONG_GAME = Path(__file__).parents[1] / "tests" / "data" / "abyss-8-seats-to-500.json"
HISTORY = "tapete.history"
EN = catalog("en")


def long_record(kind: str = "bot") -> dict:
    """The longest game the app offers, finished: Abyss, 8 seats, to 500 points."""
    record = json.loads(LONG_GAME.read_text())
    level = "easy" if kind == "bot" else None
    seats = [{"name": f"P{i + 1}", "kind": kind, "level": level} for i in range(8)]
    record.update(app="tapete", seats=seats, started="2026-11-30T07:00:00Z", recorded=False)
    return record


def alive(page, watch) -> None:
    """The runtime still answers taps (a fatal Pyodide error would stop them)."""
    app_action(page, "go", "settings")
    page.wait_for_selector("main.settings, #app h1", timeout=10_000)
    app_action(page, "back")
    watch.assert_clean()


def set_store(page, items: dict[str, str]) -> None:
    page.evaluate(
        "items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        items,
    )


def choose_file(page, text: str) -> None:
    app_action(page, "go", "records")
    page.set_input_files(
        '[data-field="import"]',
        files=[{"name": "r.json", "mimeType": "application/json", "buffer": text.encode()}],
    )


def test_point1_8_a_long_game_is_released_rematched_and_replayed(small_page, watch_of) -> None:
    page, watch = small_page, watch_of(small_page)
    load_table(page, long_record())
    page.wait_for_selector('[data-action="rematch"]')
    app_action(page, "home")  # releases 7,285 states' worth of links: fatal before
    page.wait_for_selector("main.home")
    alive(page, watch)
    load_table(page, long_record())
    clock_fast(page)
    app_action(page, "rematch")  # an 8-bot table: the bots must start playing
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('tapete.save')).actions.length > 3"
    )
    app_action(page, "home")
    import_record(page, long_record())
    app_action(page, "import-replay")
    page.wait_for_selector('[data-action="step"][data-arg="end"]')
    app_action(page, "step", "end")
    tap(page, '[data-action="home"]')  # the replay's 7,286 states go
    page.wait_for_selector("main.records")
    short = dict(long_record(), actions=long_record()["actions"][:10])
    page.set_input_files(
        '[data-field="import"]',
        files=[
            {"name": "r.json", "mimeType": "application/json", "buffer": json.dumps(short).encode()}
        ],
    )
    page.wait_for_selector('[data-action="import-replay"]')
    app_action(page, "back")
    alive(page, watch)


@pytest.mark.parametrize(
    ("key", "damage"),
    [
        (SAVE, "[" * 20_000),  # point 2: thousands deep
        (SAVE, "{"),
        (SETTINGS, '{"a":' * 20_000),
        (HISTORY, "[{}, 7"),
        ("tapete.names", "null"),
    ],
)
def test_point2_3_damaged_data_never_stops_the_boot(small_page, watch_of, key, damage) -> None:
    page = small_page
    set_store(page, {key: damage})
    reload(page, real=True)  # the whole boot, the shell's too: Retry forever failed here
    panel = page.locator(".card-panel.warn")
    panel.wait_for()
    assert "could not be read" in panel.inner_text() or "cannot be read" in panel.inner_text()
    with page.expect_download() as download:
        app_action(page, "export", "damaged")
    kept = json.loads(Path(download.value.path()).read_text())
    assert kept == {key: damage}
    assert page.evaluate("k => localStorage.getItem(k)", key) is None  # set aside
    app_action(page, "drop-broken")
    assert page.locator(".card-panel.warn").count() == 0
    reload(page)
    assert page.locator(".card-panel.warn").count() == 0
    app_action(page, "new", "abyss")
    app_action(page, "start")
    page.wait_for_selector("main.table")
    watch_of(page).assert_clean()


#: A few of the values tests/test_web_fuzz_storage.py gives every stored key: settings of
#: every wrong type beside a good one, a bot's level kept as a list, junk elsewhere.
JUNK = {
    SETTINGS: '{"lang": 5, "theme": ["x"], "motion": null, "bot_speed": {"a": 1}, "sound": false}',
    "tapete.setup": '{"abyss": {"count": "x", "seats": [{"kind": "bot", "level": ["x"]}]}}',
    "tapete.players": '[{"id": [1], "name": {"a": 2}, "avatar": ["x"]}, 7, null]',
    "tapete.lessons": '{"abyss": [[[]]]}',
    "tapete.screen": '{"build": null, "html": 5',
    "tapete.names": "[" * 5_000 + "]" * 5_000,
}


def test_point3_any_stored_value_lets_the_app_start(small_page, watch_of) -> None:
    """The whole boot, the shell's included, with junk under every key: Home names
    the settings set aside (the sound stays off: that value was good) and offers
    them as a file; the setup form opens (failed before: "Tapete could not start")."""
    page = small_page
    set_store(page, JUNK)
    reload(page, real=True)
    panel = page.locator(".card-panel.warn")
    panel.wait_for()
    said = panel.inner_text()
    assert "the settings Language, Animations, Bot speed, Theme (the others were kept)" in said
    assert page.get_attribute("html", "data-sound") == "off"
    with page.expect_download() as download:
        app_action(page, "export", "damaged")
    kept = json.loads(Path(download.value.path()).read_text())
    assert json.loads(kept[SETTINGS]) == {
        "lang": 5,
        "theme": ["x"],
        "motion": None,
        "bot_speed": {"a": 1},
    }
    for game_id in ("abyss", "carta_robada", "dice_bid"):
        app_action(page, "new", game_id)
        page.wait_for_selector(".screen-setup")
        app_action(page, "back")
        page.wait_for_selector("main.home")
    app_action(page, "new", "abyss")
    app_action(page, "start")
    page.wait_for_selector("main.table")
    watch_of(page).assert_clean()


def test_point2_5_9_imports_deep_large_or_rigged_are_refused_in_words(small_page, watch_of) -> None:
    page, watch = small_page, watch_of(small_page)
    choose_file(page, "[" * 20_000)
    page.wait_for_selector(".card-panel.warn")
    assert EN["bad.not_json"] in text_of(page)  # (too deep: not JSON a save can be)
    app_action(page, "back")
    record = long_record()
    record["actions"] = record["actions"] * 3  # 21,855 moves: over the limit
    choose_file(page, json.dumps(record))
    page.wait_for_selector(".card-panel.warn")
    assert "Tapete opens records of up to 20000 moves" in text_of(page)
    app_action(page, "back")
    choose_file(page, " " * 4_000_001)  # over 4 MB: refused without being read
    page.wait_for_selector(".card-panel.warn")
    assert "Tapete opens records of up to 20000 moves" in text_of(page)
    app_action(page, "back")
    record = long_record()
    record["options"]["deck"] = list(DECK)  # a real deck order: a rigged deal
    record["actions"] = []  # (the moves of another deal would not replay)
    choose_file(page, json.dumps(record))
    page.wait_for_selector(".card-panel.warn")
    assert EN["bad.test_options"] in text_of(page)
    app_action(page, "back")
    record = long_record("human")
    record["seats"][0]["name"] = "Ana\u202eBen"
    record["seats"][1]["name"] = None
    record["seats"][2]["name"] = ["x"]
    import_record(page, record)
    names = page.locator(".card-panel[role=status]").inner_text()
    assert "AnaBen, Player 2, Player 3, P4" in names and "None" not in names
    app_action(page, "back")
    alive(page, watch)


def test_point9_a_save_damaged_at_move_k_resumes_from_move_k_minus_1(small_page, watch_of) -> None:
    page = small_page
    record = long_record("human")
    record["actions"] = record["actions"][:60]
    record["actions"][41][1] = "x" * 300_000
    set_store(page, {SAVE: json.dumps(record)})
    reload(page)
    page.wait_for_selector('[data-action="resume-partial"]')
    assert len(text_of(page)) < 5_000  # the details are short
    app_action(page, "resume-partial")
    page.wait_for_selector("main.table")
    assert moves_count(page) == 41
    watch_of(page).assert_clean()


def test_point7_storage_full_at_the_last_move(small_page, watch_of) -> None:
    page = small_page
    record = long_record("human")
    seat, last = record["actions"].pop()
    load_table(page, record)
    page.evaluate(
        """() => { window.realSetItem = Storage.prototype.setItem;
                   Storage.prototype.setItem = function () {
                     throw new DOMException('full', 'QuotaExceededError'); }; }"""
    )
    live(page)
    page.locator(f'#app [data-move][data-seat="{seat}"][data-action="{last}"]').click()
    page.wait_for_selector('[data-action="rematch"]', timeout=BOOT_TIMEOUT_MS)
    assert "neither this game nor its result could be saved" in text_of(page)
    assert page.evaluate("k => localStorage.getItem(k)", HISTORY) is None
    page.evaluate("() => { Storage.prototype.setItem = window.realSetItem; }")
    app_action(page, "rematch")  # the next save that fits writes History too
    page.wait_for_selector("main.table")
    history = json.loads(page.evaluate("k => localStorage.getItem(k)", HISTORY))
    assert len(history) == 1 and len(history[0]["record"]["actions"]) == 7285
    watch_of(page).assert_clean()


#: At the next load only, the app's archive answers 404 (the reload after it boots).
WORKER_REFUSED_ONCE = """(() => {
  if (sessionStorage.getItem("tapete-worker-refused") !== "1") return;
  sessionStorage.removeItem("tapete-worker-refused");
  window.Worker = function () {
    throw new Error("this browser refused the app's worker");
  };
})();"""


def test_point3_if_the_boot_fails_anyway_saved_data_can_be_taken_away(small_page, watch_of) -> None:
    """The shell's last way out (index.html): a boot that fails for any reason, with
    data saved, offers to download it all and start with an empty storage."""
    page = small_page
    set_store(page, {SAVE: "{", SETTINGS: '{"lang": "en"}'})
    # The app's Python never starts: the browser refuses its worker (once).
    add_page_script(page, WORKER_REFUSED_ONCE)
    page.evaluate("() => sessionStorage.setItem('tapete-worker-refused', '1')")
    page.reload()
    fresh = page.locator("#boot-fresh")
    fresh.wait_for()
    assert "start fresh" in fresh.inner_text()
    with page.expect_download() as download:
        fresh.click()
    kept = json.loads(Path(download.value.path()).read_text())
    assert kept == {SAVE: "{", SETTINGS: '{"lang": "en"}'}
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    # Nothing saved is left (the app may keep its new screen again, tapete.screen, and
    # marks that this browser booted once, tapete.booted).
    left = "() => Object.keys(localStorage).filter(k => k.startsWith('tapete.'))"
    assert [k for k in page.evaluate(left) if k not in ("tapete.screen", "tapete.booted")] == []


#: The main thread's tasks over 50 ms while the page runs (Chromium's Long Tasks API).
WATCH_LONG_TASKS = """() => {
  window.longTasks = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration));
  }).observe({type: "longtask"});
}"""


def random_record(moves: int = 19_000) -> dict:
    """An Abyss game of ``moves`` legal random moves (8 seats, to 10,000 points: it
    is still on then), near the longest record the app opens (MAX_RECORD_ACTIONS)."""
    game, rng = engine.GAMES["abyss"], random.Random(5)
    state = game.new(8, 5, {"target": 10_000})
    while state.moves < moves:
        seat = game.actors(state)[0]
        state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
    seats = [{"name": f"P{i + 1}", "kind": "human"} for i in range(8)]
    return dict(game.dump(state), app="tapete", seats=seats, started="2026-12-01T06:00:00Z")


def test_point5_a_long_record_opens_in_slices_with_its_progress(small_page, watch_of) -> None:
    """Opening a 19,000-move record shows its progress (the paused clock holds the
    next slice) and a Cancel, then the resume/replay choice; the longest task of
    the main thread is printed (docs/reliability.md). Failed before: the whole
    record replayed in one task, with no progress shown."""
    page, watch = small_page, watch_of(small_page)
    record = random_record()
    page.evaluate(WATCH_LONG_TASKS)
    clock_pause(page)
    choose_file(page, json.dumps(record))
    status = page.locator("main.records [role=status]").first
    status.wait_for(timeout=30_000)
    assert "Opening the record… 2000 / 19000 moves" in status.inner_text()
    assert page.locator('[data-action="import-cancel"]').is_visible()
    assert page.locator('[data-action="import-replay"]').count() == 0
    page.screenshot(path="/tmp/slice-opening-360.png")
    clock_fast(page)
    page.wait_for_selector('[data-action="import-replay"]', timeout=60_000)
    assert "19000 moves" in text_of(page, "main.records")
    tasks = page.evaluate("() => window.longTasks")
    print(f"\nlong tasks while opening 19,000 moves (ms): {tasks}; longest {max(tasks, default=0)}")
    app_action(page, "import-replay")  # the states built while opening: no second pass
    page.wait_for_selector('[data-action="step"][data-arg="end"]')
    app_action(page, "step", "end")
    # a cancel stops the opening; the records screen stays usable
    tap(page, '[data-action="home"]')
    page.wait_for_selector("main.records")
    clock_pause(page)
    file = {"name": "r.json", "mimeType": "application/json", "buffer": json.dumps(record).encode()}
    page.set_input_files('[data-field="import"]', files=[file])
    page.locator('[data-action="import-cancel"]').wait_for()
    tap(page, '[data-action="import-cancel"]')
    clock_fast(page)
    page.wait_for_function("() => !document.querySelector('[data-action=\"import-cancel\"]')")
    assert page.locator('[data-action="import-replay"]').count() == 0
    watch.assert_clean()

"""The app survives what a file, the storage or a long game does to it (and
that bot seeds say nothing of the deal), on CPython. The same promises in the
built site are e2e/test_robust.py; docs/reliability.md lists them all."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.abyss.cards import DECK
from web.app.controller import App
from web.app.records import SLICE_ACTIONS
from web.app.registry import ENTRIES
from web.app.saving import MAX_RECORD_ACTIONS, MAX_RECORD_CHARS, Saving
from web.core import store
from web.core.i18n import catalog
from web.core.model import Seat, Table, bot_seed

LONG_GAME = Path(__file__).parent / "data" / "abyss-8-seats-to-500.json"
EN = catalog("en")


def new_app(storage: store.MemoryStorage, seeds: Any = None) -> App:
    counter = itertools.count(11)
    return App(storage, ["en"], seeds or (lambda: next(counter)), entries=ENTRIES)


def long_record() -> dict[str, Any]:
    data = json.loads(LONG_GAME.read_text())
    data["seats"] = [{"name": f"P{i}", "kind": "bot", "level": "easy"} for i in range(8)]
    return dict(data)


def open_whole(app: App) -> None:
    """Open the rest of a record being imported, as the browser's timer does slice
    by slice, so that the page never freezes long."""
    while app.import_step():
        pass


# -- point 3: the boot never depends on saved data ------------------------------------

DAMAGE = [
    "{",
    "[" * 20_000,
    '{"a":' * 20_000,
    "null",
    "7",
    '"text"',
    "\udcff",
    "x" * 6_000_000,
]


@pytest.mark.parametrize(
    "key", [store.SAVE_KEY, store.SETTINGS_KEY, store.HISTORY_KEY, store.NAMES_KEY, store.SETUP_KEY]
)
@pytest.mark.parametrize("damage", DAMAGE, ids=lambda d: repr(d[:12]))
def test_any_damaged_key_is_set_aside_said_offered_and_the_app_starts(
    key: str, damage: str
) -> None:
    storage = store.MemoryStorage({key: damage})
    app = new_app(storage)
    if key == store.SAVE_KEY or damage not in ("null",):
        assert key in app.damaged and key not in storage.data
        html = app.render()
        assert 'data-action="export" data-arg="damaged"' in html
        name, text = app.damaged_file() or ("", "")
        assert name.endswith(".json") and json.loads(text)[key] == damage
        app.handle("drop-broken")
        assert not app.damaged and 'data-arg="damaged"' not in app.render()
    app.handle("new", "abyss")
    app.handle("start")
    assert app.screen == "table"


WRONG_VALUES = [["x"], {"a": 1}, 5, 1.5, None, "purple", "", True, ["x"] * 10_000]


@pytest.mark.parametrize("wrong", WRONG_VALUES, ids=lambda v: repr(v)[:12])
def test_a_setting_of_a_wrong_value_is_set_aside_alone_said_and_offered(wrong: Any) -> None:
    """A value an older or newer build (or a sync tool) may leave: the app starts,
    the other settings stay in force and saved, and Home names the one set aside
    and offers it as a file."""
    saved = {"lang": "es", "theme": wrong, "sound": False}
    storage = store.MemoryStorage({store.SETTINGS_KEY: json.dumps(saved)})
    app = new_app(storage)
    assert app.settings["lang"] == "es" and app.settings["sound"] is False
    assert app.settings["theme"] == "system"
    assert json.loads(storage.data[store.SETTINGS_KEY]) == {"lang": "es", "sound": False}
    html = app.render()
    assert "Sin restaurar: los ajustes Tema (los demás se han conservado)" in html
    assert 'data-action="export" data-arg="damaged"' in html
    _name, text = app.damaged_file() or ("", "")
    assert json.loads(json.loads(text)[store.SETTINGS_KEY]) == {"theme": wrong}
    app.handle("drop-broken")
    assert "Sin restaurar" not in app.render() and new_app(storage).settings["lang"] == "es"


def test_the_settings_that_stopped_the_boot_are_each_set_aside() -> None:
    """Three wrong values at once, a list among them (it once raised at boot)."""
    storage = store.MemoryStorage(
        {store.SETTINGS_KEY: '{"lang": 5, "theme": ["x"], "motion": null}'}
    )
    app = new_app(storage)
    assert app.settings["lang"] == "auto" and app.settings["theme"] == "system"
    assert set(app.settings_aside) == {"lang", "theme", "motion"}
    assert "Not restored: the settings Language, Animations, Theme" in app.render()
    assert json.loads(storage.data[store.SETTINGS_KEY]) == {}
    app.handle("new", "abyss")
    app.handle("start")
    assert app.screen == "table"


def test_a_storage_that_raises_on_read_does_not_stop_the_boot() -> None:
    class Broken(store.MemoryStorage):
        def get(self, key: str) -> str | None:
            raise RuntimeError("SecurityError")

    app = new_app(Broken())
    assert app.screen == "home" and "<main" in app.render()


# -- point 9: a save damaged at move k resumes from move k - 1 --------------------------


def test_a_save_damaged_at_move_k_offers_the_game_up_to_move_k_minus_1() -> None:
    data = long_record()
    data["actions"][41] = [0, "x" * 300_000]
    storage = store.MemoryStorage({store.SAVE_KEY: json.dumps(data)})
    app = new_app(storage)
    assert app.table is None and app.broken_partial is not None
    html = app.render()
    assert len(html) < 100_000  # the details are short, not 300 kB of the action
    assert EN["save.broken.resume"].format(move=41) in html
    app.handle("resume-partial")
    assert app.screen == "table" and app.table is not None and app.table.state.moves == 41
    assert [s.name for s in app.table.seats][:2] == ["P0", "P1"]
    again = new_app(storage)
    assert again.table is not None and again.table.state.moves == 41


# -- point 5: limits -----------------------------------------------------------------


def test_a_record_over_the_limits_is_refused_in_words() -> None:
    app = new_app(store.MemoryStorage())
    data = long_record()
    data["actions"] = data["actions"] * 3  # 21,855 moves (illegal, but refused first)
    assert len(data["actions"]) > MAX_RECORD_ACTIONS
    too_large = EN["records.too_large"].format(limit=MAX_RECORD_ACTIONS)
    app.import_record(json.dumps(data))
    assert app.state_of("records").get("error") is not None and too_large in app.render()
    app.import_record(" " * (MAX_RECORD_CHARS + 1))
    assert app.state_of("records").get("error") is not None and too_large in app.render()
    app.import_record(json.dumps(long_record()))
    open_whole(app)
    assert app.state_of("records").get("error") is None and app.imported is not None


def test_a_long_record_opens_in_slices_shown_on_the_records_screen() -> None:
    app = new_app(store.MemoryStorage())
    data = long_record()  # 7,285 moves
    total = len(data["actions"])
    app.import_record(json.dumps(data))
    slices = 1
    assert app.opening is not None and app.imported is None
    assert app.opening.done == SLICE_ACTIONS and app.opening.total == total
    assert EN["records.opening"].format(done=SLICE_ACTIONS, total=total) in app.render()
    while app.opening is not None:
        assert app.import_step()
        slices += 1
    assert slices == -(-total // SLICE_ACTIONS) and not app.import_step()
    assert app.imported is not None and app.imported[1].state.moves == total
    states = app.imported[0]
    app.handle("import-replay")  # the replay takes the states built while opening
    assert app.table is not None and app.table.replay is states and len(states) == total + 1
    app.handle("step", "end")
    assert app.table.state is states[-1]
    # a cancel stops it; a small record opens at once, as before
    app.handle("go", "records")
    app.import_record(json.dumps(data))
    app.handle("import-cancel")
    assert app.opening is None and app.imported is None and not app.import_step()
    short = dict(data, actions=data["actions"][:SLICE_ACTIONS])
    app.import_record(json.dumps(short))
    assert app.opening is None and app.imported is not None


def test_a_record_damaged_late_fails_in_a_later_slice() -> None:
    app = new_app(store.MemoryStorage())
    data = long_record()
    data["actions"][5000] = [0, "nonsense"]
    app.import_record(json.dumps(data))
    open_whole(app)
    assert app.imported is None and "at move 5001" in str(app.state_of("records").get("error"))


# -- point 9: imports are not trusted ---------------------------------------------------


def test_a_record_with_a_stacked_deck_is_refused() -> None:
    app = new_app(store.MemoryStorage())
    data = long_record()
    data["options"]["deck"] = list(DECK)  # a real deck order: a rigged deal
    data["actions"] = []  # (the moves of another deal would not replay)
    app.import_record(json.dumps(data))
    assert app.imported is None and "tests only" in str(app.state_of("records").get("error"))


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Ana\u202eBen", "AnaBen"),
        (None, "Player 1"),
        (["x"], "Player 1"),
        ({"a": 1}, "Player 1"),
        ("  \u200b ", "Player 1"),
        ("Zoe\u0301" + "x" * 100, "Zoé" + "x" * 17),
    ],
)
def test_names_from_a_record_are_text_normalised_without_controls(raw: Any, shown: str) -> None:
    app = new_app(store.MemoryStorage())
    data = long_record()
    data["seats"][0]["name"] = raw
    app.import_record(json.dumps(data))
    open_whole(app)
    assert app.imported is not None
    assert app.imported[1].seats[0].name == shown


def test_a_bot_level_this_version_lacks_is_a_level_it_has() -> None:
    app = new_app(store.MemoryStorage())
    data = long_record()
    data["seats"][0]["level"] = "godlike"
    app.import_record(json.dumps(data))
    open_whole(app)
    assert app.imported is not None and app.imported[1].seats[0].level == "random"


# -- point 7: storage full at the last move ---------------------------------------------


class FullStorage(store.MemoryStorage):
    full = False

    def set(self, key: str, value: str) -> None:
        if self.full:
            raise RuntimeError("QuotaExceededError")
        super().set(key, value)


def test_storage_full_at_the_last_move_the_game_ends_and_history_follows() -> None:
    storage = FullStorage()
    app = new_app(storage)
    game = engine.GAMES["abyss"]
    state = game.new(2, 5, {"target": 10})
    table = Table("abyss", game, state, [Seat("Ana"), Seat("Ben")], "2026-01-01T00:00:00Z")
    app.set_match(table)
    app.screen = "table"
    storage.full = True
    rng = random.Random(3)
    for _ in range(5000):
        if game.result(table.state) is not None:
            break
        seat = game.actors(table.state)[0]
        assert app.play(seat, rng.choice(game.legal(table.state, seat)), table.state.moves)
    assert app.notice == ("notice.result_unsaved", {})
    assert EN["notice.result_unsaved"] in app.render()
    assert store.load_history(storage) == [] and len(app.unsaved_history) == 1
    storage.full = False
    app.handle("rematch")
    (entry,) = store.load_history(storage)
    assert entry["scores"] == game.result(table.state)["scores"]
    assert not app.unsaved_history


# -- bot seeds say nothing about the deal ---------------------------------------------------


def test_bot_seeds_are_not_a_function_of_the_game_seed_alone() -> None:
    seeds = iter([5, 1001, 5, 2002])  # the same deal twice, each with its own salt
    app = new_app(store.MemoryStorage(), lambda: next(seeds))
    bots = [Seat("A"), Seat("B", "bot", "easy")]
    app.start("abyss", bots, {})
    first = app.table
    app.start("abyss", bots, {})
    second = app.table
    assert first is not None and second is not None
    assert first.state.seed == second.state.seed == 5
    assert bot_seed(first, 1) != bot_seed(second, 1)
    assert bot_seed(first, 1) != first.state.seed * 16 + 1
    saved = json.loads(app.storage.get(store.SAVE_KEY) or "")
    assert saved["bot_salt"] == 2002
    assert new_app(app.storage).table.bot_salt == 2002  # type: ignore[union-attr]


def test_dismissing_the_damage_notice_keeps_the_game_in_progress() -> None:
    """Only the damaged settings were set aside: dismissing Home's notice throws
    them away, never the sound game saved beside them (nor a game started since)."""
    storage = store.MemoryStorage()
    app = new_app(storage)
    app.handle("new", "abyss")
    app.handle("start")
    storage.data[store.SETTINGS_KEY] = "{"
    again = new_app(storage)
    assert store.SETTINGS_KEY in again.damaged and again.table is not None
    again.handle("home")
    again.handle("drop-broken")
    assert not again.damaged and store.SAVE_KEY in storage.data
    assert new_app(storage).table is not None


def test_a_fault_no_check_foresaw_still_offers_the_saved_game_as_a_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    storage = store.MemoryStorage()
    app = new_app(storage)
    app.handle("new", "abyss")
    app.handle("start")
    raw = storage.data[store.SAVE_KEY]

    def broken(self: Saving, raw: Any, **_how: Any) -> Table:
        raise TypeError("a bug")

    monkeypatch.setattr(Saving, "table_from_record", broken)
    again = new_app(storage)
    assert again.table is None and str(again.broken_save) == "TypeError: a bug"
    _name, text = again.damaged_file() or ("", "")
    assert json.loads(text)[store.SAVE_KEY] == raw and store.SAVE_KEY not in storage.data

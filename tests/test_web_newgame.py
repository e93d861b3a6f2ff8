"""The new-game form: it brings back the last table of each title, and tells
what each bot level plays like."""

from __future__ import annotations

import re

import pytest

import engine
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import store
from web.core.i18n import BOT_LEVELS, LANGS, Tr


def new_app(storage: store.MemoryStorage, lang: str = "en") -> App:
    return App(storage, [lang], lambda: 7, entries=ENTRIES)


def type_name(app: App, seat: int, name: str) -> None:
    app.field("name", str(seat), name)


def test_the_form_brings_back_the_last_table_of_its_title() -> None:
    storage = store.MemoryStorage()
    app = new_app(storage)
    app.handle("new", "abyss")
    app.handle("count", "+")
    type_name(app, 0, "Ana")
    type_name(app, 2, "Carla")
    app.handle("seat-kind", "1")
    app.handle("seat-level", "1:hard")
    app.handle("option", "target=50")
    app.handle("option", "doubling")
    app.handle("start")
    assert [(s.kind, s.level) for s in app.table.seats][1] == ("bot", "hard")

    again = new_app(storage)  # another day: the game was finished or abandoned
    again.handle("new", "abyss")
    form = again.setup
    assert form["count"] == 3
    assert [(s["name"], s["kind"], s["level"]) for s in form["seats"][:3]] == [
        ("Ana", "human", None),
        ("", "bot", "hard"),
        ("Carla", "human", None),
    ]
    assert form["options"]["target"] == 50 and form["options"]["doubling"] is False
    html = again.render()
    assert ">Bot: hard<" in html and 'aria-pressed="true">50<' in html


def test_a_title_without_a_table_of_its_own_takes_the_people_not_the_bots() -> None:
    storage = store.MemoryStorage()
    app = new_app(storage)
    app.handle("new", "abyss")
    app.handle("count", "+")
    type_name(app, 0, "Ana")
    app.handle("seat-kind", "1")
    type_name(app, 2, "Carla")
    app.handle("start")
    app.handle("new", "dice_bid")
    assert [s["name"] for s in app.setup["seats"][:2]] == ["Ana", "Carla"]
    assert all(s["kind"] == "human" for s in app.setup["seats"])
    assert app.setup["options"] == engine.GAMES["dice_bid"].default_options


def test_a_seat_switched_to_a_bot_does_not_play_under_the_persons_name() -> None:
    app = new_app(store.MemoryStorage())
    app.handle("new", "dice_bid")
    type_name(app, 0, "Ana")
    type_name(app, 1, "Roberto")
    app.handle("seat-kind", "1")
    assert 'value="Roberto"' not in app.render()
    app.handle("seat-kind", "1")  # a person again: the name typed comes back
    assert 'value="Roberto"' in app.render()
    app.handle("seat-kind", "1")
    app.handle("start")
    assert app.table.seats[1].kind == "bot" and app.table.seats[1].name != "Roberto"
    again = new_app(app.storage)
    again.handle("new", "dice_bid")
    assert again.setup["seats"][1]["name"] != "Roberto"
    assert "Roberto" not in store.load_names(app.storage)


def test_a_new_bot_seat_plays_at_medium() -> None:
    app = new_app(store.MemoryStorage())
    for game_id in engine.GAME_IDS:
        app.handle("new", game_id)
        app.handle("seat-kind", "1")
        assert app.setup["seats"][1]["level"] == "medium", game_id


def test_a_kept_table_that_no_longer_fits_falls_back_to_the_defaults() -> None:
    storage = store.MemoryStorage()
    store.write_json(
        storage,
        store.SETUP_KEY,
        {
            "abyss": {
                "count": 99,
                "seats": [{"name": "Ana", "kind": "bot", "level": "grandmaster"}, "x"],
                "options": {"target": 7, "doubling": "no", "start_flips": 3},
            },
            "dice_bid": 3,  # the count alone, as the form once kept it
        },
    )
    app = new_app(storage)
    app.handle("new", "abyss")
    assert app.setup["count"] == 2
    assert app.setup["seats"][0] == {"name": "Ana", "kind": "human", "level": None}
    defaults = engine.GAMES["abyss"].default_options
    assert app.setup["options"] == {**defaults, "start_flips": 3}
    app.handle("new", "dice_bid")
    assert app.setup["count"] == 3


def test_every_level_the_engine_offers_has_words() -> None:
    for game_id, entry in ENTRIES.items():
        assert set(entry.bots) <= set(BOT_LEVELS), game_id


@pytest.mark.parametrize("lang", LANGS)
def test_each_bot_level_is_told_in_one_line(lang: str) -> None:
    tr = Tr(lang)
    lines = [tr(f"bot.{level}.about") for level in BOT_LEVELS]
    for level, line in zip(BOT_LEVELS, lines, strict=True):
        assert not line.startswith("bot."), f"{lang}: no words for {level}"
        assert "\n" not in line and len(line) <= 70, f"{lang}:{level}: {line!r}"
    assert len(set(lines)) == len(lines)


@pytest.mark.parametrize("lang", LANGS)
def test_the_form_says_what_the_chosen_level_plays_like(lang: str) -> None:
    tr = Tr(lang)
    app = new_app(store.MemoryStorage(), lang)
    app.handle("new", "abyss")
    assert tr("bot.medium.about") not in app.render()
    app.handle("seat-kind", "1")
    html = app.render()
    assert html.count(tr("bot.medium.about")[:12]) == 1
    offered = re.findall(r'data-action="seat-level" data-arg="1:(\w+)"', html)
    assert offered == list(ENTRIES["abyss"].bots)
    app.handle("seat-level", "1:random")
    html = app.render()
    assert tr("bot.random.about")[:12] in html and tr("bot.medium.about")[:12] not in html

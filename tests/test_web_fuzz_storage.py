"""Whatever is stored under any key the app reads, the app starts: every
``tapete.*`` key given any JSON value (nested, huge, of the wrong type, close to
the right shape with wrong fields) or text that is no JSON at all. It starts on
Home, and the screens that read those keys open: each game's setup (the table
sizes and names last used, the players, the lesson offer), History, Players,
Statistics, Settings.

Hypothesis is a pinned dev tool (``make install``); this file runs on CPython
only. The same promise in the built site, with a few of these values, is
e2e/test_robust.py's storage boot."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from web.app.controller import App  # noqa: E402
from web.app.prerender import SCREEN_KEY  # noqa: E402
from web.app.registry import ENTRIES  # noqa: E402
from web.core import roster, store  # noqa: E402

#: Every key of the device's storage the app's Python reads (web/shell/boot.js and
#: index.html read tapete.screen, tapete.settings and tapete.booted in JavaScript,
#: each inside a try).
KEYS = (
    store.SAVE_KEY,
    store.SETTINGS_KEY,
    store.NAMES_KEY,
    store.HISTORY_KEY,
    store.SETUP_KEY,
    store.LESSONS_KEY,
    roster.PLAYERS_KEY,
    SCREEN_KEY,
)
#: The field names the app's own records use, so that values come near the right shapes.
FIELDS = (
    *(s.name for s in store.settings_with(s for e in ENTRIES.values() for s in e.settings)),
    *ENTRIES,
    "game", "names", "scores", "winners", "date", "record", "players", "counts",
    "unfinished", "actions", "seats", "name", "kind", "level", "count", "options",
    "id", "was", "avatar", "emoji", "seed", "version", "kept", "started", "bot_salt",
)  # fmt: skip

FUZZ = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(FIELDS)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), inner, max_size=6)
    ),
    max_leaves=25,
)
games = st.sampled_from(list(ENTRIES)) | json_values
lists = st.lists(json_values, max_size=6) | json_values
seat = st.fixed_dictionaries(
    {},
    optional={
        "name": st.text(max_size=30) | json_values,
        "kind": st.sampled_from(["bot", "human", "phone"]) | json_values,
        "level": st.sampled_from(["easy", "normal", "hard", "expert"]) | json_values,
    },
)
seats = st.lists(seat | json_values, max_size=9) | json_values
#: Each key's own shape (what the app writes there) with any value in its fields:
#: the damage a half-written field, an older or newer build, or a sync tool leaves.
SHAPES = {
    store.SETTINGS_KEY: st.fixed_dictionaries(
        {}, optional={name: json_values for name in FIELDS[: FIELDS.index(next(iter(ENTRIES)))]}
    ),
    store.SETUP_KEY: st.dictionaries(
        st.sampled_from(list(ENTRIES)),
        st.fixed_dictionaries(
            {},
            optional={
                "count": st.integers(-1, 10) | json_values,
                "seats": seats,
                "options": st.dictionaries(st.text(max_size=8), json_values) | json_values,
            },
        )
        | json_values,
    ),
    store.HISTORY_KEY: st.lists(
        st.fixed_dictionaries(
            {"game": games, "names": lists, "scores": lists, "winners": lists, "date": scalars},
            optional={"players": lists, "counts": json_values, "unfinished": json_values},
        )
        | json_values,
        max_size=4,
    ),
    roster.PLAYERS_KEY: st.lists(
        st.fixed_dictionaries(
            {},
            optional={
                f: json_values | st.text(max_size=8)
                for f in ("id", "name", "was", "avatar", "emoji")
            },
        )
        | json_values,
        max_size=4,
    ),
    store.NAMES_KEY: lists,
    store.LESSONS_KEY: st.dictionaries(games.filter(lambda g: isinstance(g, str)), json_values),
    store.SAVE_KEY: st.fixed_dictionaries(
        {"game": games},
        optional={
            f: json_values
            for f in ("actions", "seed", "options", "version", "kept", "started", "bot_salt")
        }
        | {"seats": seats, "players": st.integers(-1, 9) | json_values},
    ),
    SCREEN_KEY: json_values,
}
shaped = st.sampled_from(KEYS).flatmap(
    lambda key: SHAPES[key].map(lambda v: (key, json.dumps(v, ensure_ascii=False)))
)
texts = st.one_of(
    json_values.map(lambda v: json.dumps(v, ensure_ascii=False)),
    st.text(max_size=40),  # no JSON at all, or JSON by chance
    st.sampled_from(["[" * 20_000, '{"a":' * 20_000, "x" * 3_000_000, "\udcff", "NaN", "1e999"]),
    st.lists(json_values, min_size=300, max_size=300).map(json.dumps),  # long
)


def boot(data: dict[str, str]) -> App:
    counter = itertools.count(7)
    return App(store.MemoryStorage(dict(data)), ["en"], lambda: next(counter), entries=ENTRIES)


def visit(app: App) -> None:
    """Home, then every screen that reads stored data, each drawn."""
    assert "<main" in app.render()
    for game_id in ENTRIES:
        app.handle("new", game_id)
        assert "<main" in app.render(), game_id
        app.handle("home")
    for screen in ("history", "players", "stats", "settings"):
        app.handle("go", screen)
        assert "<main" in app.render(), screen
    app.handle("home")
    assert "<main" in app.render()


@FUZZ
@given(st.dictionaries(st.sampled_from(KEYS), texts, min_size=1))
def test_any_stored_values_let_the_app_start_and_open_its_screens(data: dict[str, Any]) -> None:
    app = boot(data)
    visit(app)
    if app.damaged:  # set aside: said on Home, and offered as a file
        assert 'data-action="export" data-arg="damaged"' in app.render()


#: A bot's level kept as a list (once raised in the setup form: unhashable).
LIST_LEVEL = {"abyss": {"seats": [{"kind": "bot", "level": []}]}}


@FUZZ
@given(st.lists(shaped, min_size=1, max_size=4))
@example([(store.SETUP_KEY, json.dumps(LIST_LEVEL))])
@example([(store.SETTINGS_KEY, '{"lang": 5, "theme": ["x"], "motion": null}')])
def test_each_keys_own_shape_with_any_fields_lets_the_app_start(items: list[Any]) -> None:
    visit(boot(dict(items)))

"""web/app/patch.py: the skeleton of a page (what is not in a region) at an
Abyss table, from the app's own render, as the former one-region-at-a-time
replacement made it."""

from __future__ import annotations

import random

import pytest

from web.app.controller import App
from web.app.patch import Patch, _each, skeleton
from web.app.registry import ENTRIES
from web.core import store
from web.core.model import Seat


@pytest.mark.parametrize("players", [2, 4, 8])
def test_the_skeleton_is_the_page_without_its_regions(players: int) -> None:
    """Abyss: the one table that registers regions (its grids, the hand...)."""
    rng = random.Random(3)
    app = App(store.MemoryStorage(), ["en-GB"], lambda: 3, entries=ENTRIES)
    app.start("abyss", [Seat(f"P{i}") for i in range(players)], {})
    table = app.table
    assert table is not None
    drawn = 0
    for _ in range(40):
        drawing = app.draw()
        html, regions = drawing.html, drawing.regions
        drawn += bool(regions)  # (a hand-off screen has none)
        made = skeleton(html, regions)
        assert made == _each(html, regions)
        for rid, part in regions.items():
            assert f"<!--{rid}-->" in made and part not in made.replace(f"<!--{rid}-->", "")
        game = table.game
        if game.result(table.state) is not None:
            break
        seat = rng.choice(game.actors(table.state))
        table.ui.pop("guard", None)
        app.play(seat, rng.choice(game.legal(table.state, seat)), table.state.moves)
    assert drawn >= 5, "a table registers regions"


def test_parts_out_of_page_order_are_found_one_at_a_time() -> None:
    html = "<p><b id=a>1</b> <i id=b>2</i></p>"
    regions = {"b": "<i id=b>2</i>", "a": "<b id=a>1</b>"}
    assert skeleton(html, regions) == "<p><!--a--> <!--b--></p>"


def test_only_the_regions_that_changed_are_written_within_one_table() -> None:
    table, other = object(), object()
    patch = Patch()
    page = '<h1>T</h1><p id="a">1</p><p id="b">2</p>'
    regions = {"a": '<p id="a">1</p>', "b": '<p id="b">2</p>'}
    assert patch.plan(page, regions, table) is None  # the first page: written whole
    assert patch.plan(page, regions, table) == []  # the page on screen: nothing to write
    moved = {"a": '<p id="a">3</p>', "b": '<p id="b">2</p>'}
    assert patch.plan(page.replace(">1<", ">3<"), moved, table) == ["a"]
    # a change outside the regions, another table, a redraw asked whole: the whole page
    assert patch.plan(page.replace("T", "U").replace(">1<", ">3<"), moved, table) is None
    assert patch.plan(page.replace("T", "U").replace(">1<", ">3<"), moved, other) is None
    assert (
        patch.plan(page.replace("T", "U").replace(">1<", ">3<"), moved, other, whole=True) is None
    )
    # another screen (no table on it) is always written whole
    assert patch.plan("<h1>Home</h1>", {}, None) is None
    assert patch.plan("<h1>Home</h1>", {}, None) is None

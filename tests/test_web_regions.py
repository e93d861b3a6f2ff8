"""web/app/patch.py: the skeleton of a page (what is not in a region) at each
game's table, from the app's own render, as the former one-region-at-a-time
replacement made it; and what a move at a big table writes."""

from __future__ import annotations

import random
import statistics

import pytest

from web.app.controller import App
from web.app.patch import Patch, _each, skeleton
from web.app.registry import ENTRIES
from web.core import store
from web.core.model import Seat


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("abyss", 2), ("abyss", 4), ("abyss", 8), ("carta_robada", 6), ("dice_bid", 6)],
)
def test_the_skeleton_is_the_page_without_its_regions(game_id: str, players: int) -> None:
    """Every seat human: hand-offs, peeks, cuts and picks among the moves."""
    rng = random.Random(3)
    app = App(store.MemoryStorage(), ["en-GB"], lambda: 3, entries=ENTRIES)
    app.start(game_id, [Seat(f"P{i}") for i in range(players)], {})
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
            assert html.count(part) == 1 and part.startswith(f"<{part[1:].split()[0]} ")
            assert f'id="{rid}"' in part[: part.index(">")], "the part's outer element"
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


@pytest.mark.parametrize("game_id", ["carta_robada", "dice_bid"])
def test_a_move_at_six_seats_writes_a_few_regions_not_the_page(game_id: str) -> None:
    """A human among five bots, through a whole game: a move is written as the
    regions it changed, the page whole only for the first screen, a sheet or the
    end; and a move changes a few of the table's regions, not every seat's."""
    rng = random.Random(5)
    app = App(store.MemoryStorage(), ["en-GB"], lambda: 5, entries=ENTRIES)
    seats = [Seat("Ana")] + [Seat(f"Bot {i}", kind="bot", level="easy") for i in range(1, 6)]
    app.start(game_id, seats, {})
    table = app.table
    assert table is not None
    patch = Patch()
    written: list[list[str] | None] = []
    sizes = []
    for _ in range(400):
        drawing = app.draw()
        plan = patch.plan(drawing.html, drawing.regions, table)
        written.append(plan)
        sizes.append(len(drawing.regions))
        app.release()
        if table.game.result(table.state) is not None:
            break
        if (bot := app.bot_turn()) is not None:
            assert app.bot_play(bot, table.state.moves)
            continue
        game = table.game
        legal = game.legal(table.state, 0) if 0 in game.actors(table.state) else ()
        if not legal:
            break
        assert app.tap(0, rng.choice(legal), table.state.moves)
    assert table.game.result(table.state) is not None, "a whole game"
    moves = written[1:-1]  # (the first screen, the results: written whole)
    assert len(moves) >= 20
    assert sum(p is None for p in moves) <= len(moves) // 10, written
    changed = [len(p) for p in moves if p]
    assert max(changed) < min(sizes[1:-1]), (changed, sizes)
    assert statistics.median(changed) <= 4, changed

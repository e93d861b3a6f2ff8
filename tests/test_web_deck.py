"""The deck's pile is drawn by one kit helper for every table: the same element
whether it draws now or not (a button, disabled while it may not draw), named
with its count, the count itself hidden from screen readers (the name says it)."""

from __future__ import annotations

import random
import re

import pytest

from tests.app_play import table_step
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import clock, store
from web.core.model import Seat

DECK = re.compile(r"<(\w+)([^>]*\bid=\"deck\"[^>]*)>(.*?)</\1>")
TABLES = ["abyss", "carta_robada"]


def decks(game_id: str, humans: int, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The deck as drawn over a few moves: (tag and attributes without the name
    and move, inner HTML), each kind once."""
    now = [100.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    app = App(store.MemoryStorage(), ["en"], lambda: 7, entries=ENTRIES)
    seats = [Seat(n) if i < humans else Seat(n, "bot", "easy") for i, n in enumerate("ABC")]
    app.start(game_id, seats, {})
    rng = random.Random(2)
    seen: dict[str, tuple[str, str]] = {}
    for _ in range(120):
        for _ in range(2):  # "I am Ana" (held at first after a hand-over): her moment
            app.release()
            ready = re.search(r'data-action="handoff" data-arg="(\d+)"', app.render())
            if ready is not None:
                app.handle("handoff", ready.group(1))
        found = DECK.search(app.render())
        if found is None:  # a round's results over the table
            now[0] += 5
            table_step(app, rng, humans)
            continue
        tag, attributes, inner = found.groups()
        shape = re.sub(r' (aria-label|data-move|data-seat)="[^"]*"', "", attributes)
        inner = re.sub(r">\d+<", ">N<", inner)
        seen.setdefault("draw" if "data-action" in shape else "idle", (f"<{tag}{shape}>", inner))
        if len(seen) == 2:
            break
        now[0] += 5
        table_step(app, rng, humans)
    return sorted(seen.values())


def test_one_deck_for_every_table(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = {game_id: decks(game_id, 0, monkeypatch) for game_id in TABLES}
    idle = {game_id: d[-1] for game_id, d in drawn.items()}
    assert len(set(idle.values())) == 1, idle
    tag, inner = idle["abyss"]
    assert tag.startswith("<button") and " disabled" in tag
    assert 'aria-hidden="true"' in inner


def test_the_deck_that_draws_is_the_same_element(monkeypatch: pytest.MonkeyPatch) -> None:
    for game_id in TABLES:
        kinds = decks(game_id, 2, monkeypatch)
        assert len(kinds) == 2, f"{game_id}: the deck drew and waited"
        assert {k[0].split()[0] for k in kinds} == {"<button"}, kinds
        assert len({k[1] for k in kinds}) == 1, kinds

"""Words and signs of the table's HTML that need no browser: the App on CPython with
a save in its storage, as a reload finds it (the e2e suite checks them on the page
only where the page's layout matters)."""

from __future__ import annotations

import json
import random
import re

import engine
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import store


def reloaded(game_id: str, names: list[str], state, langs: list[str]) -> str:
    """The HTML of the app started on a save of ``state`` (every seat a person)."""
    record = engine.GAMES[game_id].dump(state)
    seats = [{"name": name, "kind": "human", "level": None} for name in names]
    record.update(app="tapete", seats=seats, started="2026-11-30T07:00:00Z", recorded=False)
    storage = store.MemoryStorage()
    storage.set(store.SAVE_KEY, json.dumps(record))
    app = App(storage, langs, lambda: 7, entries=ENTRIES)
    assert app.screen == "table"
    return app.render()


def played_to_the_end(game_id: str, players: int, seed: int):
    game = engine.GAMES[game_id]
    state = game.new(players, seed, {})
    rng = random.Random(seed)
    while game.result(state) is None:
        who = game.actors(state)[0]
        state = game.apply(state, who, rng.choice(game.legal(state, who)))
    return state


def test_rankings_and_the_dice_sheet_write_a_negative_total_with_a_minus_sign() -> None:
    """Ana ends a dice game on -1: the ranking and the sheet's totals say it with the
    minus sign (U+2212), not a hyphen."""
    state = played_to_the_end("dice_bid", 3, 8)
    assert engine.GAMES["dice_bid"].result(state)["scores"][0] == -1
    html = reloaded("dice_bid", ["Ana", "Ben", "Cleo"], state, ["es"])
    rank = re.search(r'<li class="rank[^"]*" data-seat="0">.*?</li>', html)
    assert rank is not None
    assert re.search(r'<span class="total"[^>]*>\u22121</span>', rank.group(0)), rank.group(0)
    assert re.search(r'<td class="total" data-seat="0"[^>]*><strong>\u22121</strong>', html)
    assert "-1<" not in html


def test_abyss_grids_say_their_numbers_in_words() -> None:
    """The other players' grids head their numbers with words, in French (a bare
    "12 · Σ0" said nothing to a new player)."""
    state = engine.GAMES["abyss"].new(3, 2, {})
    html = reloaded("abyss", ["Ana", "Bo", "Cy"], state, ["fr"])
    others = re.findall(r'<li class="other" id="other-\d" data-seat="\d">(.*?)</li>', html)
    heads = [re.search(r'<span aria-hidden="true">([^<]*)</span>', o).group(1) for o in others]
    assert len(heads) == 2, heads  # the grid on show is not among the others
    for text in heads:
        assert "Σ" not in text and "visibles" in text and "partie" in text, text

"""The page before Python (web/app/prerender.py): the home screens the build ships, and
the screen kept for the next start: what a reload draws, never a hidden value."""

from __future__ import annotations

import html
import json
import random
import re

import pytest

import engine
import engine.bots
from tests.test_web_carta_robada import buttons
from tools.build import ROOT, prerendered_homes
from web.app import prerender
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import store
from web.core.i18n import LANGS
from web.core.model import Seat

TEMPLATE = re.compile(
    r'<template id="tapete-home-(\w+)" data-page="([^"]*)">(.*?)</template>', re.S
)


def new_app(storage: store.MemoryStorage | None = None, langs=("en",), seed: int = 3) -> App:
    return App(storage or store.MemoryStorage(), list(langs), lambda: seed, ENTRIES)


def reloaded(app: App) -> App:
    """A new app on a copy of ``app``'s storage: what a reload opens."""
    assert isinstance(app.storage, store.MemoryStorage)
    return new_app(store.MemoryStorage(dict(app.storage.data)), [app.browser_lang])


def test_the_build_ships_each_language_home_as_the_app_draws_it() -> None:
    found = {lang: (meta, body) for lang, meta, body in TEMPLATE.findall(prerendered_homes(ROOT))}
    assert sorted(found) == sorted(LANGS)
    for lang, (meta, body) in found.items():
        app = new_app(langs=[lang])
        assert body == app.render()
        assert json.loads(html.unescape(meta)) == {
            "lang": lang,
            "theme": None,
            "title": app.title(),
        }


def random_taps(app: App, rng: random.Random, steps: int):
    """Random taps on what the page offers (hand-offs, shows, hides, moves) and
    bot moves; yields after each."""
    for _ in range(steps):
        table = app.table
        if table is None or table.game.result(table.state) is not None:
            return
        app.release()
        seat = app.bot_turn()
        if seat is not None and rng.random() < 0.5:
            app.bot_play(seat, table.state.moves)
        else:
            offered = [
                b
                for b in buttons(app.render())
                if b.get("data-action") not in ("sheet", "home", "export", "quit", "go", "rules")
            ]
            if not offered:
                continue
            b = rng.choice(offered)
            if "data-move" in b:
                app.play(int(b["data-seat"]), b["data-action"], int(b["data-move"]))
            else:
                app.handle(b["data-action"], b.get("data-arg"))
        yield


@pytest.mark.parametrize("game_id", ["abyss", "carta_robada", "dice_bid"])
def test_the_kept_screen_is_what_a_reload_draws(game_id: str) -> None:
    """Same page before and after Python: the kept screen is the reloaded app's first
    drawing, to the character, at many points of a game (and home after it)."""
    app = new_app(langs=["fr"])
    assert prerender.boot_screen(app) == prerender.page_entry(app, app.render())
    seats = [Seat("Ana"), Seat("Ben"), Seat("Bot", "bot", next(iter(engine.bots.BOTS[game_id])))]
    app.start(game_id, seats, {})
    rng = random.Random(5)
    for step, _ in enumerate(random_taps(app, rng, 120)):
        if step % 10:
            continue
        kept = prerender.boot_screen(app)
        again = reloaded(app)
        if kept is None:  # a private moment: nothing is kept
            assert again.entries[game_id].table.private_on_screen(again.table)
            continue
        assert kept == prerender.page_entry(again, again.render()), f"step {step}"
        assert kept["lang"] == "fr"
    app.handle("quit")
    app.handle("quit-yes")
    assert prerender.boot_screen(app)["html"] == new_app(langs=["fr"]).render()


SEATINGS = {
    "one human": ["Ana", "bot", "bot"],
    "two humans": ["Ana", "Ben", "bot"],
    "three humans": ["Ana", "Ben", "Cleo"],
}


@pytest.mark.parametrize("seating", SEATINGS)
@pytest.mark.parametrize("game_id", ["carta_robada", "dice_bid"])
def test_the_kept_screen_never_holds_a_hidden_value(game_id: str, seating: str) -> None:
    """Random games, at every position: the kept screen is the same whatever the
    hidden cards (the laid picks, the deck, the tendidos) are: the engine deals
    them again consistently with what everyone saw (``redeal_hidden``); the same
    probe tells Carta robada's live private moments apart, so it can fail. The
    dice game's pick in the making is the picker's panel (``my-moment``), on the
    live page at times, never in a kept screen."""
    game = engine.GAMES[game_id]
    level = next(iter(engine.bots.BOTS[game_id]))
    seats = [Seat(n) if n != "bot" else Seat("Bot", "bot", level) for n in SEATINGS[seating]]
    counts = {"kept": 0, "none": 0, "live private": 0}
    for seed in (1, 2, 3):
        app = new_app(seed=seed)
        app.start(game_id, seats, {})
        rng = random.Random(seed)
        for _ in random_taps(app, rng, 150):
            table = app.table
            assert table is not None
            real = table.state
            kept, live = prerender.boot_screen(app), app.render()
            table.state = game.redeal_hidden(real, None, seed + 99)
            try:
                assert prerender.boot_screen(app) == kept, f"a hidden value kept at {real.moves}"
                counts["live private"] += app.render() != live
            finally:
                table.state = real
            counts["kept" if kept is not None else "none"] += 1
            if game_id == "dice_bid" and game.view(real, None)["phase"] == "bid":
                counts["live private"] += "my-moment" in live
                assert kept is None or "my-moment" not in kept["html"], f"a pick at {real.moves}"
    assert counts["kept"] > 0 and counts["live private"] > 0, counts
    if seating == "one human":  # no hand-off: a private moment keeps nothing
        assert counts["none"] > 0, counts


class FullStorage(store.MemoryStorage):
    """A device whose storage refuses any write (full)."""

    def set(self, key: str, value: str) -> None:
        raise OSError("QuotaExceededError")


def test_the_kept_screen_follows_the_game_and_a_full_storage_keeps_none() -> None:
    app = new_app()
    keep = prerender.Keeper("b1")
    keep(app)
    kept = json.loads(app.storage.get(prerender.SCREEN_KEY) or "")
    assert kept["build"] == "b1" and "screen-home" in kept["html"]
    app.start("abyss", [Seat("Ana"), Seat("Ben")], {})
    keep(app)
    assert 'main class="table' in json.loads(app.storage.get(prerender.SCREEN_KEY) or "")["html"]
    full = new_app(FullStorage({prerender.SCREEN_KEY: "an older screen"}))
    prerender.Keeper("b1")(full)  # no exception, and the older screen is gone
    assert full.storage.get(prerender.SCREEN_KEY) is None

"""Issue 12 at phone size (360x640): round results wait for a human's Continue,
a replay exports its whole record, the Abyss discard counts count cards, an
unfinished game is never exported (and its record, imported, still resumes).

Tables start from a save record written before a reload (the app's own format),
built here on CPython: a game part-played, a finished one, a stacked discard."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import engine
from e2e.helpers import app_action, clock_advance, clock_pending, open_app, reload, shoot
from e2e.tables_helpers import SAVE, SETTINGS, import_record, load_table, record_of, seat

ABYSS = engine.GAMES["abyss"]
PHONE = {"width": 360, "height": 640}


def random_abyss(players: int, seed: int, stop, options: dict | None = None):
    """An Abyss state after random legal moves, until ``stop(state)``."""
    rng = random.Random(seed)
    state = ABYSS.new(players, seed, options or {})
    while not stop(state):
        actor = ABYSS.actors(state)[0]
        state = ABYSS.apply(state, actor, rng.choice(ABYSS.legal(state, actor)))
    return state


def round_over(state) -> bool:
    return ABYSS.view(state, None)["last_round"] is not None


# -- 1. round results wait for a human -----------------------------------------------


def test_round_results_stay_until_a_human_continues(browser, site_url: str, artifacts: Path):
    context, page, watch = open_app(browser, site_url, **PHONE, clock="paused")
    try:
        state = random_abyss(2, 5, round_over, {"target": 500})
        load_table(page, record_of("abyss", [seat("Ana"), seat("Bot", "bot", "easy")], state))
        page.wait_for_selector("section.round-end")
        # Time passes: the bots' pauses are long over, nobody tapped.
        clock_advance(page, 10_000)
        assert page.locator("section.round-end").is_visible()
        assert clock_pending(page) == []  # no bot waits to act behind the results
        shoot(page, artifacts, "follow-round-end")
        app_action(page, "next-round")
        page.wait_for_selector("section.round-end", state="detached")
        clock_advance(page, 10_000)  # now the bot flips its two cards
        saved = json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE}')"))
        assert [s for s, a in saved["actions"][state.moves :]] == [1, 1]
        watch.assert_clean()
    finally:
        context.close()


# -- 2. a replay exports its whole record -----------------------------------------------


def test_a_replay_exports_the_whole_record(browser, site_url: str, artifacts: Path):
    context, page, watch = open_app(browser, site_url, **PHONE)
    try:
        state = random_abyss(2, 9, lambda s: ABYSS.result(s) is not None, {"target": 10})
        record = record_of("abyss", [seat("Ana"), seat("Ben")], state)
        record["recorded"] = True
        import_record(page, record)
        app_action(page, "import-replay")
        page.wait_for_selector("nav.replay-bar")
        app_action(page, "step", "next")
        assert "1" in page.inner_text(".replay-pos")
        app_action(page, "sheet", "menu")
        shoot(page, artifacts, "follow-replay-menu")
        with page.expect_download() as info:
            app_action(page, "export")
        exported = json.loads(Path(info.value.path()).read_text())
        assert exported["actions"] == record["actions"]
        assert len(exported["actions"]) == state.moves > 1
        watch.assert_clean()
    finally:
        context.close()


# -- 3. the discard counts count cards --------------------------------------------------


def recycled(seed: int, turns: int):
    """Both players keep replacing their top-left card: the discard's first card is
    taken and put there each time it is on top, and the next card placed there
    sends it back. The same card reaches the discard again and again."""
    state = ABYSS.new(2, seed, {})
    value = ABYSS.view(state, None)["discard"]["top"]
    for s in range(2):
        for pos in (1, 2):
            state = ABYSS.apply(state, s, f"flip:{pos}")
    for _ in range(turns):
        view = ABYSS.view(state, None)
        turn = view["turn"]
        state = ABYSS.apply(state, turn, "take" if view["discard"]["top"] == value else "draw")
        state = ABYSS.apply(state, turn, "place:0")
    return state, value


def test_discard_counts_count_cards_not_passages(browser, site_url: str, artifacts: Path):
    context, page, watch = open_app(browser, site_url, **PHONE)
    try:
        state, value = recycled(192, 21)  # a −2: 5 in the deck
        view = ABYSS.view(state, None)
        passages = sum(e["value"] == value for e in view["discard"]["history"])
        count = next(c for c in view["discard"]["counts"] if c["value"] == value)
        assert passages > count["deck"]  # more passages than the deck holds of it
        load_table(page, record_of("abyss", [seat("Ana"), seat("Ben")], state))
        app_action(page, "sheet", "history")
        label = f"−{-value}" if value < 0 else str(value)
        item = page.locator(".counts li", has_text=re.compile(rf"^{re.escape(label)}\b"))
        shot = item.first.inner_text()
        got, deck = (int(n) for n in re.findall(r"\d+", shot.split(":")[-1])[:2])
        assert got == count["visible"] <= deck, shot
        assert got < passages
        shoot(page, artifacts, "follow-history")
        watch.assert_clean()
    finally:
        context.close()


# -- 4. an unfinished game is never exported -----------------------------------------------


WHY = {
    "en": "export it when the game ends",
    "es": "expórtalo cuando termine la partida",
    "fr": "exportez-le à la fin de la partie",
}


def part_played(game_id: str, moves: int):
    game = engine.GAMES[game_id]
    state = game.new(2, 4, {})
    rng = random.Random(4)
    for _ in range(moves):
        actor = game.actors(state)[0]
        state = game.apply(state, actor, rng.choice(game.legal(state, actor)))
    return state


def test_an_unfinished_game_offers_no_export(browser, site_url: str, artifacts: Path):
    context, page, watch = open_app(browser, site_url, **PHONE, clock="paused")
    try:
        for game_id in ("abyss", "carta_robada", "dice_bid"):
            state = part_played(game_id, 4)
            load_table(page, record_of(game_id, [seat("Ana"), seat("Ben")], state))
            app_action(page, "sheet", "menu")
            menu = page.locator(".sheet-menu")
            assert menu.locator('[data-action="export"]').count() == 0, game_id
            assert WHY["en"] in menu.inner_text(), game_id
            shoot(page, artifacts, f"follow-menu-{game_id}")
        for lang, words in WHY.items():
            page.evaluate(
                "([k, v]) => localStorage.setItem(k, v)",
                [SETTINGS, json.dumps({"lang": lang, "motion": "off"})],
            )
            reload(page)
            app_action(page, "sheet", "menu")
            assert words in page.inner_text(".sheet-menu"), lang
            shoot(page, artifacts, f"follow-menu-{lang}")
        # History: an unfinished game's entry offers a replay, no export, and says why.
        state = part_played("abyss", 4)
        entry = {
            "game": "abyss",
            "date": "2026-11-30T08:00:00Z",
            "names": ["Ana", "Ben"],
            "scores": [],
            "winners": [],
            "unfinished": True,
            "record": record_of("abyss", [seat("Ana"), seat("Ben")], state),
        }
        page.evaluate(
            "([k, v]) => localStorage.setItem(k, v)", ["tapete.history", json.dumps([entry])]
        )
        app_action(page, "sheet", "")
        app_action(page, "home")
        app_action(page, "go", "history")
        item = page.locator("#app .history-list > li")
        assert item.locator('[data-action="export"]').count() == 0
        assert item.locator('[data-action="history-replay"]').count() == 1
        # History says why in its own words: an abandoned game never ends.
        assert "son relevé montrerait toutes les cartes cachées" in item.inner_text()
        shoot(page, artifacts, "follow-history-unfinished")
        watch.assert_clean()
    finally:
        context.close()


def test_an_unfinished_record_imported_still_resumes(browser, site_url: str):
    context, page, watch = open_app(browser, site_url, **PHONE, clock="paused")
    try:
        state = part_played("abyss", 9)
        import_record(page, record_of("abyss", [seat("Ana"), seat("Ben")], state))
        app_action(page, "import-resume")
        page.wait_for_selector("main.table")
        saved = json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE}')"))
        assert saved["actions"] == ABYSS.dump(state)["actions"]
        watch.assert_clean()
    finally:
        context.close()

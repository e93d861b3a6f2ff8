"""At phone size (360x640): round results wait for a human's Continue,
a replay exports its whole record, the Abyss discard counts count cards, an
unfinished game is never exported (and its record, imported, still resumes).

Tables start from a save record written before a reload (the app's own format),
built here on CPython: a game part-played, a finished one, a stacked discard."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import engine
from e2e.helpers import (
    app_action,
    clock_advance,
    clock_next,
    clock_pending,
    open_app,
    play,
    reload,
    shoot,
    tap,
)
from e2e.tables_helpers import (
    SAVE,
    SETTINGS,
    import_record,
    load_table,
    record_of,
    seat,
    true_state,
)

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
        reload(page)  # the app reads the storage it starts with (a copy in its worker)
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


# -- 5. the table says what happened; the Moves sheet lists the round ----------------------

#: What the last action did, as the table shows it, and the Moves sheet's entries.
LAST = ".last-move"
LOG_ITEMS = ".sheet-moves ol.move-log > li"


def last_line(page) -> str:
    """The last-move line's words as a person reads them (every other move ends with
    a space, so that the same words twice in a row are news to a screen reader)."""
    return " ".join(page.inner_text(LAST).split())


def public_since(game_id: str, state, since: int) -> list[dict]:
    """The public events (what the whole table saw) numbered ``since`` or later."""
    return [e for e in engine.GAMES[game_id].view(state, None)["events"] if e["n"] >= since]


def log_size(state) -> int:
    return state.log.size if state.log is not None else 0


def bot_acts(page, game_id: str, seat_no: int):
    """Let time run until the bot at ``seat_no`` has applied one action; the state
    before it and after it (from the save)."""
    before = true_state(page, game_id)
    while true_state(page, game_id).moves == before.moves:
        assert clock_next(page), "no bot timer pending"
    after = true_state(page, game_id)
    assert engine.GAMES[game_id].dump(after)["actions"][-1][0] == seat_no
    return before, after


def open_moves(page) -> list[str]:
    app_action(page, "sheet", "menu")
    tap(page, '.sheet-menu [data-action="sheet"][data-arg="moves"]')
    page.wait_for_selector(".sheet-moves")
    return page.locator(LOG_ITEMS).all_inner_texts()


ABYSS_SAYS = {
    "en": {"draw": "Bot drew the {v}", "take": "Bot took the {v} from the discard"},
    "es": {"draw": "Bot robó el {v}", "take": "Bot tomó el {v} del descarte"},
    "fr": {"draw": "Bot a pioché le {v}", "take": "Bot a pris le {v} de la défausse"},
}


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_abyss_says_what_the_bot_did(browser, site_url: str, artifacts: Path, lang: str):
    context, page, watch = open_app(browser, site_url, **PHONE, langs=lang, clock="paused")
    try:
        state = ABYSS.new(2, 3)  # the engine's worked example: seat 1 opens the round
        for s, action in [(0, "flip:0"), (1, "flip:5"), (0, "flip:11"), (1, "flip:6")]:
            state = ABYSS.apply(state, s, action)
        load_table(page, record_of("abyss", [seat("Ana"), seat("Bot", "bot", "easy")], state))
        # A table drawn from a save tells the last thing that happened: who opens the
        # round, by the highest sum of the two flips (5 + 9 for the bot, in every language).
        opening = last_line(page)
        assert "Bot" in opening and "14" in opening, opening
        before, after = bot_acts(page, "abyss", 1)
        first = public_since("abyss", after, log_size(before))
        said = last_line(page)
        if first[0]["type"] in ("take", "draw"):
            v = first[0]["value"]
            expected = ABYSS_SAYS[lang][first[0]["type"]].format(v=f"−{-v}" if v < 0 else v)
            assert said.startswith(expected), said
        assert "Bot" in said
        shoot(page, artifacts, f"follow-last-move-abyss-{lang}")
        page.click(".last-move-btn")  # the line opens the whole log
        assert page.locator(LOG_ITEMS).first.inner_text() == said
        app_action(page, "sheet", "")
        # The bot ends its turn: the line tells its last action, the sheet the round.
        while ABYSS.actors(true_state(page, "abyss")) != (0,):
            bot_acts(page, "abyss", 1)
        said = last_line(page)
        assert said.startswith("Bot"), said
        # The card its last action placed or turned up stays lit (motion off too).
        lit = page.locator(".card.fresh")
        assert lit.count() >= 1
        assert "drop-shadow" in lit.first.evaluate("e => getComputedStyle(e).filter")
        items = open_moves(page)
        assert items[0] == said  # newest first
        assert len(items) >= 5  # the four flips, the starter, the bot's turn
        flips = {"en": "Ana turned up", "es": "Ana dio la vuelta", "fr": "Ana a retourné"}[lang]
        deal = {"en": "Round 1:", "es": "Ronda 1:", "fr": "Manche 1\u00a0:"}[lang]
        assert items[-1].startswith(deal) and items[-2].startswith(flips), items
        shoot(page, artifacts, f"follow-moves-abyss-{lang}")
        watch.assert_clean()
    finally:
        context.close()


def test_carta_robada_says_what_the_bot_did(browser, site_url: str, artifacts: Path):
    game = engine.GAMES["carta_robada"]
    context, page, watch = open_app(browser, site_url, **PHONE, clock="paused")
    try:
        # A deal where the bot plays first (a record with the test option 'first' is refused).
        state = next(
            s for s in (game.new(2, k) for k in range(1, 99)) if game.view(s, None)["first"] == 1
        )
        state = game.apply(state, 0, "peek:0,1")
        state = game.apply(state, 1, "peek:2,3")
        load_table(
            page, record_of("carta_robada", [seat("Ana"), seat("Bot", "bot", "easy")], state)
        )
        before, after = bot_acts(page, "carta_robada", 1)
        events = public_since("carta_robada", after, log_size(before))
        said = last_line(page)
        if events[0]["type"] == "draw":
            assert said.startswith("Bot draws from the deck."), said
        else:
            assert said.startswith("Bot takes "), said
        while game.view(true_state(page, "carta_robada"), None)["turn"] == 1:
            bot_acts(page, "carta_robada", 1)
        shoot(page, artifacts, "follow-last-move-carta")
        items = open_moves(page)
        assert last_line(page).endswith(items[0])  # the line tells the newest
        assert items[-1] == "Four cards each, face down; Bot plays first."
        assert "Ana looks at their positions 1 and 2." in items
        # The bot's draw came before its swap or discard: newest first.
        drew = [i for i, t in enumerate(items) if t.startswith(("Bot draws", "Bot takes"))]
        put = [i for i, t in enumerate(items) if t.startswith(("Bot puts", "Bot discards"))]
        assert drew and put and min(put) < max(drew), items
        shoot(page, artifacts, "follow-moves-carta")
        # Ana draws and swaps her third card: the table says so and lights that card.
        app_action(page, "sheet", "")
        play(page, "draw")
        play(page, "swap:2")
        page.wait_for_selector('.zone[data-seat="0"] .card.changed')
        assert last_line(page).startswith("Ana puts the drawn card at position 3; ")
        cells = page.locator('.zone[data-seat="0"] .card')
        assert [
            i
            for i in range(cells.count())
            if "changed" in (cells.nth(i).get_attribute("class") or "")
        ] == [2]
        shoot(page, artifacts, "follow-changed-carta")
        watch.assert_clean()
    finally:
        context.close()


def test_dice_bid_tells_bids_only_after_the_reveal(browser, site_url: str, artifacts: Path):
    game = engine.GAMES["dice_bid"]
    context, page, watch = open_app(browser, site_url, **PHONE, clock="paused")
    try:
        state = game.new(2, 7, {})
        load_table(page, record_of("dice_bid", [seat("Ana"), seat("Bot", "bot", "easy")], state))
        bot_acts(page, "dice_bid", 1)
        assert last_line(page) == "Bot laid a card face down."
        truth = true_state(page, "dice_bid")
        assert "bid" not in " ".join(open_moves(page))  # the pick is still secret
        app_action(page, "sheet", "")
        card = game.legal(truth, 0)[0].split(":")[1]
        page.click(f'[data-action="select"][data-arg="{card}"]')
        page.click("#lay")  # Ana lays her card: the reveal
        page.wait_for_function(
            "() => (document.querySelector('.last-move') || {}).innerText?.includes('bid')"
        )
        after = true_state(page, "dice_bid")
        row = game.view(after, None)["sheet"][0]
        said = last_line(page)
        bot_card = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(row["cards"][1], str(row["cards"][1]))
        prize = row["prize"]
        sign = f"+{prize}" if prize > 0 else (f"−{-prize}" if prize < 0 else "0")
        assert f"Bot bid {bot_card} for the {sign} prize." in said, said
        items = open_moves(page)
        assert items.index(f"Bot bid {bot_card} for the {sign} prize.") < items.index(
            "Bot laid a card face down."
        )
        shoot(page, artifacts, "follow-moves-dice")
        watch.assert_clean()
    finally:
        context.close()

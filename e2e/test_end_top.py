"""A finished game's results open at the top of the page (at
360x640): the player who scrolled down to the foot of the table
(their hand, the bots' boards) and made the last move, or watched a bot make it,
saw the game-over page scrolled as far down, its "Game over" title and winner
above the fold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from e2e.helpers import clock_idle, open_app, restart, shoot
from e2e.tables_helpers import SAVE, SETTINGS, load_table, record_of, seat
from e2e.test_label_fit import assert_words_whole
from engine.bots import BOTS


def last_bid_to_make(seed: int = 7):
    """A heads-up dice game where the human's next bid is the game's last move."""
    game = engine.GAMES["dice_bid"]
    state = game.new(2, seed, {})
    while True:
        actors = game.actors(state)
        if actors == (0,) and game.result(game.apply(state, 0, game.legal(state, 0)[0])):
            return state
        who = 1 if 1 in actors else actors[0]
        state = game.apply(state, who, game.legal(state, who)[0])


def test_the_game_over_page_opens_at_its_top(browser, site_url: str, artifacts: Path) -> None:
    """Failed before: scrollY stayed where the player had scrolled (the game-over
    page is drawn in the table's place, with no control asking for the focus, so
    the app took it for the same page)."""
    context, page, watch = open_app(browser, site_url, 360, 640, clock="fast")
    try:
        seats = [seat("Ana"), seat("Bot", "bot", "hard")]
        load_table(page, record_of("dice_bid", seats, last_bid_to_make()))
        card = page.locator('#app [data-action="select"]').first
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        assert page.evaluate("() => window.scrollY") > 0, "the table scrolls at 360x640"
        card.click()
        page.locator('#app [data-action^="bid:"]').click()
        page.wait_for_selector('#app [data-action="rematch"]')
        shoot(page, artifacts, "end-top-dice", full=False)
        assert page.evaluate("() => window.scrollY") == 0, "the results start at their top"
        watch.assert_clean()
    finally:
        context.close()


def last_abyss_move(seed: int = 2):
    """A three-seat Abyss game to 50 (medium bots: three rounds), one move before its end."""
    game = engine.GAMES["abyss"]
    state = game.new(3, seed, {"target": 50})
    bots = [BOTS["abyss"]["medium"](seed * 10 + seat) for seat in range(3)]
    while True:
        who = game.actors(state)[0]
        move = bots[who].act(game.view(state, who), game.legal(state, who))
        after = game.apply(state, who, move)
        if game.result(after):
            return state
        state = after


@pytest.mark.parametrize("langs", ["en-US", "fr-FR", "es-ES"])
def test_the_final_score_sheet_keeps_its_headings_whole(browser, site_url, artifacts, langs):
    """The results' score sheet at 360 px, three rounds in its
    columns: its headings wrap between words or not at all (its "Total" once broke
    into "To / ta / l", the round columns squeezing it)."""
    context, page, watch = open_app(browser, site_url, 360, 640, langs, clock="fast")
    try:
        seats = [seat("Bot", "bot", "easy"), seat("Bob", "bot", "easy"), seat("Cy", "bot", "easy")]
        settings = json.dumps({"bot_speed": "fast", "motion": "off"})
        record = json.dumps(record_of("abyss", seats, last_abyss_move()))
        restart(page, {SAVE: record, SETTINGS: settings})
        clock_idle(page)
        page.wait_for_selector('#app [data-action="rematch"]')
        assert page.locator("#app .score-sheet thead th").count() >= 5, "three rounds"
        shoot(page, artifacts, f"final-sheet-{langs[:2]}", full=True)
        assert_words_whole(page, "#app .score-sheet th", f"Abyss's final score sheet ({langs})")
        watch.assert_clean()
    finally:
        context.close()

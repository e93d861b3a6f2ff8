"""A finished game's results open at the top of the page (at
360x640): the player who scrolled down to the foot of the table
(their hand, the bots' boards) and made the last move, or watched a bot make it,
saw the game-over page scrolled as far down, its "Game over" title and winner
above the fold."""

from __future__ import annotations

from pathlib import Path

import engine
from e2e.helpers import open_app, shoot
from e2e.tables_helpers import load_table, record_of, seat


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

"""Abyss's round results open with their headline in view (at
360x640): at four players the "Start round 2" button, which takes
the focus, is far below "End of round 1" and the doubling news, and the page
must not scroll straight down to it, the headline above the screen."""

from __future__ import annotations

from pathlib import Path

import engine
from e2e.helpers import open_app, shoot
from e2e.tables_helpers import load_table, record_of, seat

ABYSS = engine.GAMES["abyss"]


def round_just_scored(players: int = 4, seed: int = 3):
    """An Abyss game just after its first round was scored (each seat played its
    last legal move: a flip rather than a take)."""
    state = ABYSS.new(players, seed, {})
    while not ABYSS.view(state, None)["sheet"]:
        who = ABYSS.actors(state)[0]
        state = ABYSS.apply(state, who, ABYSS.legal(state, who)[-1])
    return state


def test_the_round_results_open_with_their_headline_in_view(
    browser, site_url: str, artifacts: Path
) -> None:
    """Failed before: the headline's top was above the screen (the focused button
    scrolled into view)."""
    context, page, watch = open_app(browser, site_url, 360, 640, clock="fast")
    try:
        seats = [seat("Ana"), seat("Ben", "bot", "easy"), seat("Cy", "bot", "easy")]
        seats.append(seat("Di", "bot", "easy"))
        load_table(page, record_of("abyss", seats, round_just_scored()))
        button = page.wait_for_selector('#app [data-action="next-round"]')
        shoot(page, artifacts, "round-end-top", full=False)
        top = page.eval_on_selector("#round-end-title", "h => h.getBoundingClientRect().top")
        assert top >= 0, "the round's headline starts on the screen"
        assert page.evaluate("() => document.activeElement.dataset.action") == "next-round"
        assert button.is_visible()
        watch.assert_clean()
    finally:
        context.close()

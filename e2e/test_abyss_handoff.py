"""Abyss, pass and play at 360x640: a move that passes the turn to another
person stays drawn large through the hand-off hold (HANDOVER_MS), the card just
placed lit and on screen under the cue naming the next player; then the next
player's grid comes, live. No tap is waited for and no timer added."""

from __future__ import annotations

import pytest

from e2e.helpers import (
    HANDOVER_MS,
    MOVE,
    both_sizes,
    clock_advance,
    moves,
    open_app,
    play,
)
from e2e.test_abyss import new_game, round_start_flips

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Fede", "Gus", "Hana"]


def held(page) -> bool:
    return page.evaluate("() => document.documentElement.hasAttribute('data-guard')")


@pytest.mark.parametrize("players", [2, 8])
def test_a_move_stays_large_through_the_hand_off_to_the_next_person(
    browser, site_url: str, artifacts, players: int
) -> None:
    names = NAMES[:players]
    context, page, watch = open_app(
        browser, site_url, 360, 640, clock="paused", reduced_motion="reduce"
    )
    try:
        new_game(page, players, names)
        page.locator('#app [data-action="start"]').click()
        round_start_flips(page)
        moves(page)  # the last flip's hand-off over: the grid of the seat to play
        mover = int(page.get_attribute("#rg-mine", "data-seat") or "")
        play(page, "draw")
        place = next(a for a in moves(page) if a.startswith("place:"))
        play(page, place)
        assert held(page)  # the hand-off hold, as before
        nxt = (mover + 1) % players
        assert page.inner_text(".status .who") == f"{names[nxt]}'s turn"
        assert page.get_attribute("#rg-mine", "data-seat") == str(mover), "the grid gave way"
        assert page.inner_text(".mine.handover .turn-cue") == f"{names[nxt]}'s turn"
        lit = page.locator(f'#rg-mine .card.fresh[data-key="g{mover}-{place.split(":")[1]}"]')
        box = lit.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 640, box
        # the next player's piles are drawn, held (dimmed); nothing to tap in the grid
        assert page.locator("#rg-mine [data-move]").count() == 0
        deck = page.locator(f'{MOVE}[data-action="draw"]')
        assert float(deck.evaluate("e => getComputedStyle(e).opacity")) < 0.6
        both_sizes(page, artifacts, f"abyss-handoff-held-{players}")
        assert clock_advance(page, HANDOVER_MS) >= 1  # the hold's own timer, nothing else
        assert not held(page)
        assert page.get_attribute("#rg-mine", "data-seat") == str(nxt)
        assert page.locator(".turn-cue, .mine.handover").count() == 0
        assert "draw" in moves(page)
        both_sizes(page, artifacts, f"abyss-handoff-next-{players}")
        watch.assert_clean()
    finally:
        context.close()

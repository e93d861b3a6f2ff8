"""At 360x640: a game of Abyss under house rules set by taps
(ending at 50, no closer doubling), a human and a bot playing to the end, the
house rules on the score sheet and in History; then its record replayed by
itself to the end on the test clock (Play, time moves on, the final position)."""

from __future__ import annotations

import engine
from e2e.helpers import (
    MOVE,
    app_action,
    assert_fits,
    axe,
    both_sizes,
    clock_advance,
    clock_pause,
    moves,
    open_app,
    play,
    shoot,
    tap,
    text_of,
)
from e2e.tables_helpers import true_state
from web.app.replays import ROUND_END_HOLD
from web.ui.kit.frame import REPLAY_SPEEDS

ABYSS = engine.GAMES["abyss"]
#: Something for the human to do, a round's results to close, or the game's end.
NEXT = f'{MOVE}, #app [data-action="next-round"], #app [data-action="rematch"]'


def play_to_the_end(page) -> None:
    """The human flips a card whenever it is their move and closes each round's
    results; the bot plays on the fast clock."""
    for _ in range(400):
        page.wait_for_selector(NEXT)
        if page.locator('#app [data-action="rematch"]').count():
            return
        if page.locator('#app [data-action="next-round"]').count():
            app_action(page, "next-round")
            continue
        flips = [a for a in moves(page) if a.startswith("flip:")]
        if flips:
            play(page, flips[0])
    raise AssertionError("the game did not end")


def test_a_house_rule_game_to_50_without_doubling_then_its_replay_plays_itself(
    browser, site_url: str, artifacts
) -> None:
    context, page, watch = open_app(
        browser, site_url, 360, 640, clock="fast", reduced_motion="reduce"
    )
    try:
        # The new-game form, by taps: Ana and a bot, the game ends at 50, no doubling.
        app_action(page, "new", "abyss")
        page.fill("#name-0", "Ana")
        app_action(page, "seat-kind", "1")
        assert "Bot" in page.inner_text('[data-action="seat-kind"][data-arg="1"]')
        app_action(page, "option", "target=150")  # a preset, then the stepper and a preset
        app_action(page, "option", "target:+")
        assert page.inner_text("#opt-target + .stepper .count") == "160"
        app_action(page, "option", "target=50")
        assert page.get_attribute('[data-arg="target=50"]', "aria-pressed") == "true"
        app_action(page, "option", "doubling")
        form = text_of(page)
        assert "End score" in form and "Closer doubling: no" in form
        assert "Swallowing columns: yes" in form and "Swallowing rows too: no" in form
        assert "Cards turned at the start" in form
        assert page.inner_text("#opt-target + .stepper .count") == "50"
        both_sizes(page, artifacts, "house-setup")
        axe(page, "the new-game form with house rules")
        app_action(page, "start")

        play_to_the_end(page)
        state = true_state(page, "abyss")
        assert state.options["target"] == 50 and state.options["doubling"] is False
        result = ABYSS.result(state)
        assert result is not None and max(result["scores"]) >= 50
        assert not any(line["doubled"] for line in result["sheet"])
        sheet = text_of(page, ".score-sheet")
        assert "the game ends at 50" in sheet
        assert "House rules: Closer doubling: no" in text_of(page, ".round-end")
        assert "no doubling at this table" in text_of(page, ".round-end")
        assert page.locator(".score-sheet abbr").count() == 0  # no ×2 anywhere
        both_sizes(page, artifacts, "house-score-sheet")
        axe(page, "the score sheet of a house-rule game")

        # History says how it was played; its replay plays by itself to the end.
        app_action(page, "home")
        app_action(page, "go", "history")
        entry = text_of(page, ".history-list li")
        assert "House rules: End score: 50 · Closer doubling: no" in entry
        shoot(page, artifacts, "house-history")
        app_action(page, "history-replay", "0")
        bar = page.locator(".replay-bar")
        last = int(bar.get_attribute("data-last") or "0")
        assert last == state.moves and bar.get_attribute("data-step") == "0"
        clock_pause(page)
        tap(page, "#replay-play")
        page.wait_for_selector('#replay-play[data-playing="true"]')
        assert_fits(page, "the playing replay")
        clock_advance(page, 10 * REPLAY_SPEEDS["1"])
        page.wait_for_selector('.replay-bar[data-step="10"]')
        assert text_of(page, ".last-move").strip(), "the move in words"
        both_sizes(page, artifacts, "house-replay-playing")
        axe(page, "a replay playing")
        tap(page, ".replay-speed")  # 2×
        clock_advance(page, ROUND_END_HOLD * last * REPLAY_SPEEDS["2"])  # rounds' ends wait
        page.wait_for_selector(f'.replay-bar[data-step="{last}"]')
        page.wait_for_selector('#replay-play[data-playing="false"]')  # stopped at the end
        final = text_of(page)
        for score in result["scores"]:
            assert str(score) in text_of(page, ".round-end")
        assert "Game over" in final
        both_sizes(page, artifacts, "house-replay-end")
        watch.assert_clean()
    finally:
        context.close()

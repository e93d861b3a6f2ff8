"""Watching the bots at 360x640: the bot lab, opened from Settings,
runs 10 dice games hard against easy a slice at a time (the progress drawn
between slices), then shows each level's win rate with its 95% interval; and a
table of bots only, set up on the new-game form, plays to its end by itself."""

from __future__ import annotations

import re

from e2e.helpers import (
    app_action,
    axe,
    both_sizes,
    clock_fast,
    clock_next,
    clock_pause,
    open_app,
    shoot,
    tap,
    text_of,
)

#: The control ``s`` has a name other than ``before``, and the page's voice
#: (``#said``) has just said it.
SAID_ITS_NEW_NAME = """([s, before]) => {
    const name = document.querySelector(s).getAttribute('aria-label');
    return name !== before && document.getElementById('said').textContent.trim() === name;
}"""


def test_the_bot_lab_runs_ten_dice_games_and_shows_win_rates_with_intervals(
    browser, site_url: str, artifacts
) -> None:
    context, page, watch = open_app(
        browser, site_url, 360, 640, clock="paused", reduced_motion="reduce"
    )
    try:
        app_action(page, "go", "settings")
        app_action(page, "lab", "open")
        page.wait_for_selector(".screen-botlab")
        app_action(page, "lab", "game:dice_bid")
        assert page.eval_on_selector_all(
            ".lab-seat .btn", "els => els.map(e => e.textContent)"
        ) == ["Bot: expert", "Bot: easy"]  # the strongest against the weakest
        # A seat's new level is said (the focus stays on its button), round to expert again.
        seat = '.lab-seat [data-arg="level:0"]'
        for _ in range(6):
            before = page.get_attribute(seat, "aria-label")
            tap(page, seat)
            page.wait_for_function(SAID_ITS_NEW_NAME, arg=[seat, before])
            if page.inner_text(seat) == "Bot: expert":
                break
        assert page.inner_text(seat) == "Bot: expert"
        app_action(page, "lab", "games:10")
        both_sizes(page, artifacts, "botlab-form")
        axe(page, "the bot lab's form")
        app_action(page, "lab", "run")
        page.wait_for_selector(".lab-run progress")
        assert text_of(page, ".lab-done") == "0 of 10 games played"
        # One slice at a time (the clock stands still between them): the page
        # draws how far the run is, and the form waits.
        value = 0
        for _ in range(400):
            assert clock_next(page), "no slice pending while the run goes on"
            value = int(page.get_attribute(".lab-run progress", "value") or 0)
            if value > 0:
                break
        assert 0 < value < 10, value
        assert text_of(page, ".lab-done") == f"{value} of 10 games played"
        assert page.locator('[data-action="lab"][data-arg="run"]').count() == 0
        shoot(page, artifacts, "botlab-progress")
        clock_fast(page)  # the remaining slices at once
        page.wait_for_selector(".lab-results", timeout=120_000)
        clock_pause(page)
        shown = text_of(page, ".lab-results")
        assert "Double or Nothing, 2 players, 10 games" in shown
        rows = page.eval_on_selector_all(
            ".lab-table tbody tr", "rows => rows.map(r => r.innerText.replace(/\\s+/g, ' '))"
        )
        assert [r.split(" ")[0] for r in rows] == ["expert", "easy"], rows
        for row in rows:  # won, its 95% interval around it, the fair share, the mean score
            m = re.search(r"(\d+)% (\d+)% to (\d+)% 50% (−?\d+)$", row)
            assert m, row
            won, lo, hi = (int(x) for x in m.groups()[:3])
            assert lo <= won <= hi and hi - lo > 10, row  # 10 games: a wide interval
        both_sizes(page, artifacts, "botlab-results")
        axe(page, "the bot lab's results")
        watch.assert_clean()
    finally:
        context.close()


def test_a_table_of_bots_only_plays_to_the_end_by_itself(browser, site_url: str, artifacts) -> None:
    context, page, watch = open_app(
        browser, site_url, 360, 640, clock="paused", reduced_motion="reduce"
    )
    try:
        app_action(page, "new", "dice_bid")
        for seat in ("0", "1"):
            kind = f'[data-action="seat-kind"][data-arg="{seat}"]'
            while "Bot" not in page.inner_text(kind):
                app_action(page, "seat-kind", seat)
        app_action(page, "start")
        page.wait_for_selector(".screen-table")
        assert "Pass the phone" not in text_of(page)  # nobody to hand it to
        played = "() => JSON.parse(localStorage.getItem('tapete.save')).actions.length"
        assert page.evaluate(played) == 0
        for _ in range(20):  # the paused clock's next timers: a bot plays with no tap
            if not clock_next(page) or page.evaluate(played) > 0:
                break
        assert page.evaluate(played) > 0
        shoot(page, artifacts, "allbots-table")
        clock_fast(page)
        page.wait_for_selector('#app [data-action="rematch"]', timeout=120_000)
        assert page.locator('#app [data-action="home"]').count() > 0
        assert "Pass the phone" not in text_of(page)
        both_sizes(page, artifacts, "allbots-end")
        watch.assert_clean()
    finally:
        context.close()

"""The expert bot at a real table: its thought runs in slices, one per tick of the
UI clock, so a person's tap between two slices is answered at once, and the
bot's move still follows.

The dice game heads-up: Ana (a person) and an expert bot lay their cards at the
same time, so the bot thinks while Ana's moment is on screen. The paused test
clock fires one timer at a time (``clock_next``): a ``think`` timer is due at
once (0 ms) while the thought goes on, the bot's move is due when its pause
ends."""

from __future__ import annotations

from e2e.helpers import clock_next, clock_now, clock_pending, live
from e2e.tables_helpers import actions_of, seat, start_from_record

SEATS = [seat("Ana"), seat("Bot", "bot", "expert")]
#: A deal whose first decision the expert takes in several slices (seven on CPython).
SEED = 1


def thinking(page) -> bool:
    """Whether the bot's thought wants another slice now: a timer due at once."""
    return 0 in clock_pending(page)


def test_a_tap_while_the_expert_thinks_is_answered_at_once_and_the_bot_moves_after(
    open_page,
) -> None:
    page = open_page(width=360, height=640, clock="paused")
    start_from_record(page, "dice_bid", SEATS, SEED, {})
    page.wait_for_selector("main.table.dice")
    if page.locator("#handoff-ready").count():
        live(page)
        page.click("#handoff-ready")
    assert thinking(page), "the expert's turn did not start with a slice of thought"

    assert clock_next(page)  # one slice
    assert thinking(page), "one slice was the whole thought: nothing to tap between"
    assert actions_of(page) == [], "the bot moved before its thought was over"
    at = clock_now(page)

    page.click('#app [data-action="sheet"][data-arg="rounds"]')
    # Answered at once: the sheet is up with no tick of the clock, the bot unmoved.
    assert page.locator(".sheet").is_visible()
    assert clock_now(page) == at and actions_of(page) == []
    assert "Bot laid a card face down" not in page.inner_text("#app")

    page.click('.sheet [data-action="sheet"]')  # closed: the bot thinks on
    assert page.locator(".sheet").count() == 0
    slices = 0
    while not actions_of(page):
        assert clock_next(page), "the clock ran out of timers before the bot moved"
        slices += 1
        assert slices < 100, "the bot never moved"
    assert slices >= 2, "the thought did not go on after the tap"
    assert [who for who, _ in actions_of(page)] == [1]  # the bot's pick, not Ana's
    page.wait_for_selector("text=Bot laid a card face down")

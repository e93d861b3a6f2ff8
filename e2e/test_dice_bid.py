"""The dice bid game (Double or Nothing) on a phone, through taps: three humans
in the prize-card variant from the new-game screen to the final ranking, every
pick behind a hand-off checked for privacy, a reload during a hand-off and in a
picker's moment, the round sheet, axe-core, screenshots at both sizes."""

from __future__ import annotations

import re
from pathlib import Path

import engine
from e2e.helpers import (
    app_action,
    axe,
    both_sizes,
    clock_idle,
    live,
    open_app,
    reload,
    tap,
)
from e2e.tables_helpers import (
    actions_of,
    assert_handoff_held,
    burst_on_handoff,
    confirm_after_hold,
    page_words,
    seat,
    start_from_record,
    true_state,
)
from web.core.i18n import number

GAME = engine.GAMES["dice_bid"]
NAMES = ["Ana", "Ben", "Cleo"]


def assert_no_pick_shown(page, where: str) -> None:
    """A laid or chosen pick is nowhere: no picker's hand, no chosen card, no
    wording of a pick, whatever the seats' hands (public) say."""
    assert page.locator(".my-moment").count() == 0, f"{where}: a picker's hand is on the page"
    assert page.locator(".chosen, [aria-pressed=true]").count() == 0, where
    # public words about picks: the instruction, and the log's "Ana laid a card
    # face down" (which card, it never says)
    words = page_words(page).replace("lay it face down", "")
    words = re.sub(r"laid a card face down", "", words)
    assert "Lay the" not in words and "face down" not in words, where


def new_game(page) -> None:
    app_action(page, "new", "dice_bid")
    shown = int(page.inner_text(".stepper .count"))
    while shown < 3:
        app_action(page, "count", "+")
        shown += 1
    while shown > 3:
        app_action(page, "count", "-")
        shown -= 1
    for i, name in enumerate(NAMES):
        page.fill(f"#name-{i}", name)
    app_action(page, "option", "prize_cards")


def at_rest(page) -> None:
    """The next hand-off's controls are dimmed through the hand-over's hold (the
    tap a hand-over eats): accessibility is checked on the screen at rest."""
    live(page)
    page.wait_for_selector("html:not([data-guard])", state="attached")


def test_three_humans_play_prize_cards_through_taps(browser, site_url, artifacts: Path) -> None:
    # Over a hundred taps: no animation to wait out before each (see open_app), and
    # the clock paused, so that each hand-over's hold ends by moving the clock on
    # (tap, live) instead of being waited out in real time.
    context, page, watch = open_app(browser, site_url, clock="paused", reduced_motion="reduce")
    try:
        new_game(page)
        both_sizes(page, artifacts, "dice-setup")
        app_action(page, "start")
        page.wait_for_selector("main.table.dice")
        reloaded = set()
        for rnd in range(13):
            for k in range(3 if rnd < 12 else 0):  # the last round's one card each: no tap
                # the hand-off: nothing private on the page
                page.wait_for_selector("#handoff-ready")
                assert_no_pick_shown(page, f"round {rnd + 1}, hand-off {k + 1}")
                if rnd == 0 and k == 0:
                    both_sizes(page, artifacts, "dice-handoff")
                    axe(page, "dice hand-off")
                if rnd == 1 and k == 1 and "handoff" not in reloaded:
                    reload(page)
                    page.wait_for_selector("#handoff-ready")
                    assert_no_pick_shown(page, "after a reload during a hand-off")
                    reloaded.add("handoff")
                who = int(page.get_attribute("#handoff-ready", "data-arg"))
                tap(page, "#handoff-ready")
                state = true_state(page, "dice_bid")
                hand = GAME.view(state, who)["seats"][who]["hand"]
                card = hand[(rnd * 5 + who * 3) % len(hand)]
                page.click(f'[data-action="select"][data-arg="{card}"]')
                if rnd == 0 and k == 0:
                    page.click(".hint-btn")
                    assert page.locator(".hint-line").count() == 1
                    both_sizes(page, artifacts, "dice-pick")
                    axe(page, "dice picker's moment")
                if rnd == 2 and k == 0 and "moment" not in reloaded:
                    reload(page)
                    page.wait_for_selector("main.table.dice")
                    assert_no_pick_shown(page, "after a reload in a picker's moment")
                    reloaded.add("moment")
                    tap(page, "#handoff-ready")
                    page.click(f'[data-action="select"][data-arg="{card}"]')
                before = len(actions_of(page))
                page.click("#lay")
                # the last pick of round 12 lays the one card each has left for round 13
                forced = 3 if (rnd, k) == (11, 2) else 0
                assert len(actions_of(page)) == before + 1 + forced
            # the reveal, all at once, knocked-out cards named
            row = GAME.view(true_state(page, "dice_bid"), None)["last_reveal"]
            panel = page.inner_text(".reveal-panel") if rnd < 12 else page.inner_text(".round-end")
            for s in row["knocked_out"]:
                assert "knocked out" in panel
                assert page.locator(f'.rev-card.out[data-seat="{s}"]').count() >= 1
            if rnd == 0:
                at_rest(page)
                both_sizes(page, artifacts, "dice-reveal")
                axe(page, "dice reveal")
            if rnd == 5:
                page.click('[data-action="sheet"][data-arg="rounds"]')
                both_sizes(page, artifacts, "dice-sheet")
                at_rest(page)
                axe(page, "dice round sheet")
                page.click('.sheet [data-action="sheet"]')
        assert reloaded == {"handoff", "moment"}
        result = GAME.result(true_state(page, "dice_bid"))
        assert result is not None
        for s, total in enumerate(result["scores"]):
            shown = page.locator(f'.ranking .rank[data-seat="{s}"] .total').inner_text()
            assert shown == number(total)  # a minus sign, not a hyphen
        for s in result["winners"]:
            assert "won" in page.get_attribute(f'.rank[data-seat="{s}"]', "class")
        both_sizes(page, artifacts, "dice-end")
        axe(page, "dice end")
        watch.assert_clean()
    finally:
        context.close()


def test_dice_with_bots_force_negative_and_the_reroll(browser, site_url, artifacts: Path) -> None:
    """One human against two bots with force negative: no hand-off, the reroll
    choice and the forcing offered to the human winner. The clock is fast: the
    bots play at once, and the test waits until they have nothing left to do."""
    context, page, watch = open_app(browser, site_url, clock="fast")
    try:
        seats = [seat("Ana"), seat("Bo", "bot", "medium"), seat("Cy", "bot", "hard")]
        # no stacked dice: a save with a test-only option is refused (web/app/records.py)
        start_from_record(page, "dice_bid", seats, 3, {"force_negative": True})
        assert page.locator("#handoff-ready").count() == 0
        # Ana bids her highest card each round until she wins one.
        for _ in range(13):
            clock_idle(page)  # the bots have played: the game waits for Ana
            view = GAME.view(true_state(page, "dice_bid"), 0)
            if view["phase"] == "reroll" and view["to_act"] == [0]:
                break
            assert view["phase"] == "bid" and 0 in view["to_act"], view["phase"]
            before = len(actions_of(page))
            top = max(view["seats"][0]["hand"])
            page.click(f'[data-action="select"][data-arg="{top}"]')
            page.click("#lay")
            assert actions_of(page)[before] == [0, f"bid:{top}"]  # the bots may follow at once
        else:
            raise AssertionError("Ana never won a round")
        page.wait_for_selector('[data-action="reroll:0"]')
        dice = GAME.view(true_state(page, "dice_bid"), None)["dice"]
        if dice[0] != dice[1]:
            assert page.locator('[data-action="force:0"]').count() == 1
        both_sizes(page, artifacts, "dice-reroll")
        axe(page, "dice reroll")
        page.click('[data-action="force:1"]' if dice[0] != dice[1] else '[data-action="reroll:0"]')
        clock_idle(page)
        dice = GAME.view(true_state(page, "dice_bid"), None)["dice"]
        if dice[0] == dice[1]:
            assert "doubles" in page.inner_text(".prize").lower()
        watch.assert_clean()
    finally:
        context.close()


def test_a_double_tap_on_a_pick_never_says_i_am_ben(browser, site_url, artifacts: Path) -> None:
    """No tap crosses a hand-off, at 360x640, the clock paused: the hand-off that Ana's pick
    brings up ignores taps for a visible moment (dimmed), so her double tap on
    "Lay" leaves Ben's hand hidden; once the moment is over "I am Ben" works."""
    context, page, watch = open_app(browser, site_url, width=360, height=640, clock="paused")
    try:
        seats = [seat("Ana"), seat("Ben")]
        start_from_record(page, "dice_bid", seats, 8, {})
        tap(page, "#handoff-ready")
        tap(page, '[data-action="select"][data-arg="13"]')
        burst_on_handoff(page, "#lay")
        assert_handoff_held(page, "Ben")
        assert page.locator(".my-moment").count() == 0, "Ben's hand was shown to Ana"
        both_sizes(page, artifacts, "dice-handoff-held")
        confirm_after_hold(page)
        assert "Ben" in page.inner_text(".my-moment")
        watch.assert_clean()
    finally:
        context.close()


#: Runs in the page: the prize card's face is on one line and inside the card.
FACE_FITS = """() => {
  const card = document.querySelector('#app .prize-card'), face = card.querySelector('.face');
  const range = document.createRange();
  range.selectNodeContents(face);
  const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
  const c = card.getBoundingClientRect(), f = range.getBoundingClientRect();
  return {text: face.textContent, lines,
          inside: f.left >= c.left && f.right <= c.right && f.top >= c.top && f.bottom <= c.bottom};
}"""


def test_the_widest_prize_card_shows_on_one_line(open_page, artifacts: Path) -> None:
    """The +10 prize card, behind a hand-off and in the picker's moment, at both
    phone sizes: "+10" on one line inside the card (not "+1" over "0")."""
    for width, height in ((360, 640), (390, 844)):
        page = open_page(width, height)
        seats = [seat("Ana"), seat("Ben")]
        start_from_record(page, "dice_bid", seats, 8, {"prize_cards": True, "prizes": [10]})
        for moment in ("hand-off", "pick"):
            fit = page.evaluate(FACE_FITS)
            assert fit == {"text": "+10", "lines": 1, "inside": True}, (width, moment, fit)
            if moment == "hand-off":
                tap(page, "#handoff-ready")
                page.wait_for_selector("#app .my-moment")
        both_sizes(page, artifacts, "dice-prize-card-10")

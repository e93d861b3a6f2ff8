"""A tap kept before Python (web/shell/boot.js marks its target ``data-queued``) shows a
small spinner in the target's corner: the button's words and the card's face
stay readable (at 360x640 the Abyss deck's count turned into a dark blob, the
text made transparent under a spinner in its middle).

``TAPETE_SHOTS=1`` keeps screenshots of both."""

from __future__ import annotations

from pathlib import Path

from e2e.helpers import MOVE, play_first, shoot
from e2e.tables_helpers import seat, start_from_record
from e2e.test_instant import NEW_DICE, kept_when, open_held, reload_held

SIZE = (360, 640)
DECK = "#app #deck:not([disabled])"

#: The kept target's text colour and its spinner's box (the ::after), in its own px.
LOOK = """el => {
  const s = getComputedStyle(el), a = getComputedStyle(el, '::after');
  const px = v => parseFloat(v) || 0;
  return {fill: s.webkitTextFillColor, color: s.color, w: el.clientWidth, h: el.clientHeight,
          aw: px(a.width), ah: px(a.height), top: px(a.top), left: px(a.left),
          anim: a.animationName};
}"""


def assert_small_corner_spinner(page, selector: str) -> None:
    look = page.eval_on_selector(selector, LOOK)
    assert look["fill"] == look["color"], f"the words are hidden while queued: {look}"
    assert look["anim"] == "tapete-spin", look
    assert look["aw"] <= 16 and look["ah"] <= 16, f"the spinner is not small: {look}"
    # In the top right corner, clear of the middle where words and counts are.
    assert look["left"] >= look["w"] - look["aw"] - 8 and look["top"] <= 8, look


def test_a_kept_tap_on_a_button_shows_a_corner_spinner(
    browser, site_url: str, artifacts: Path
) -> None:
    context, page, _, python = open_held(browser, site_url, SIZE)
    try:
        page.wait_for_selector(NEW_DICE, state="visible")
        python.assert_held()
        page.click(NEW_DICE)
        assert page.locator("#app [data-queued]").count() == 1
        assert_small_corner_spinner(page, "#app [data-queued]")
        shoot(page, artifacts, "queued-button-360", full=False)
    finally:
        context.close()


def test_a_kept_tap_on_the_abyss_deck_leaves_its_count_readable(
    browser, site_url: str, artifacts: Path
) -> None:
    context, page, _, _ = open_held(browser, site_url, SIZE, ready_first=True)
    try:
        start_from_record(page, "abyss", [seat("Ana"), seat("Ben", "bot", "easy")], 5, {})
        while page.locator(DECK).count() == 0:  # Ana's two flips, the bot's, then a turn
            page.wait_for_selector(f"{MOVE}, {DECK}", state="visible")
            if page.locator(DECK).count() == 0:
                play_first(page, "flip")
        kept_when(page, "s => s.includes('deck back actionable')")
        python = reload_held(page)
        page.wait_for_selector(DECK, state="visible")
        python.assert_held()
        page.click(DECK)
        assert page.locator("#app #deck[data-queued]").count() == 1
        assert_small_corner_spinner(page, "#app #deck")
        assert page.locator("#app #deck .pile-count").is_visible()
        shoot(page, artifacts, "queued-deck-360", full=False)
    finally:
        context.close()

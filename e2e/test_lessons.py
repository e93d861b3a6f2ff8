"""The lessons ("Learn to play") on a 360x640 phone, each title in another
language: a learner who taps only what the coach marks reaches the summary,
one who taps something else at two steps too; at every step the coach's
sentence and the marked control are both on screen without scrolling."""

from __future__ import annotations

from pathlib import Path

from e2e.helpers import app_action, clock_idle, live, open_app, shoot

#: Each lesson in one language (rotate them as lessons are added).
LANG = {"dice_bid": "es-ES"}


def on_screen(page, selector: str) -> dict:
    """The element's box, asserted to lie inside the viewport, not under the coach."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not drawn"
    height = page.viewport_size["height"]
    panel = page.locator(".coach-panel").bounding_box()
    in_panel = page.locator(f".coach-panel {selector.removeprefix('#app ')}").count() > 0
    bottom = panel["y"] if panel is not None and not in_panel else height
    assert box["y"] >= 0 and box["y"] + box["height"] <= bottom + 0.5, (
        f"{selector} at {box} is off screen (visible down to {bottom})"
    )
    return box


def step(page, artifacts: Path, name: str, i: int) -> None:
    clock_idle(page)
    live(page)
    assert page.locator("#coach[aria-live=polite]").count() == 1
    mark = page.locator("#app .coach-mark")
    assert mark.count() == 1, f"step {i}: {mark.count()} marked controls"
    assert mark.get_attribute("aria-describedby") == "coach"
    on_screen(page, "#coach")
    on_screen(page, "#app .coach-mark")
    shoot(page, artifacts, f"lesson-{name}-{i:02d}", full=False)


def walk(page, artifacts: Path, name: str, detours: dict[int, str] | None = None) -> int:
    """Tap the marked control at each step (at a step of ``detours``, that
    control instead) until the summary; the number of steps."""
    for i in range(40):
        clock_idle(page)
        live(page)
        if page.locator(".lesson-summary").count():
            return i
        step(page, artifacts, name, i)
        selector = (detours or {}).get(i, "#app .coach-mark")
        page.locator(selector).first.click()
    raise AssertionError("no summary after 40 steps")


def test_dice_lesson_marked_taps_reach_the_summary_and_a_real_game(browser, site_url, artifacts):
    context, page, _watch = open_app(browser, site_url, 360, 640, LANG["dice_bid"], clock="fast")
    try:
        app_action(page, "new", "dice_bid")
        assert page.locator(".lesson-offer").count() == 1  # the first time: offered
        app_action(page, "lesson", "dice_bid")
        steps = walk(page, artifacts, "dice_bid")
        assert steps <= 15
        shoot(page, artifacts, "lesson-dice_bid-summary", full=False)
        assert "Ya sabes jugar" in page.inner_text("#app")
        app_action(page, "lesson-play")
        clock_idle(page)
        assert page.locator("#coach").count() == 0
        assert page.locator(".table.dice").count() == 1
    finally:
        context.close()


def test_dice_lesson_with_two_other_taps_still_reaches_the_summary(browser, site_url, artifacts):
    context, page, _watch = open_app(browser, site_url, 360, 640, "fr-FR", clock="fast")
    try:
        app_action(page, "new", "dice_bid")
        app_action(page, "lesson", "dice_bid")
        # the K instead of the A for the doubles; the second die rather than the first
        detours = {0: '#app [data-action="select"][data-arg="13"]', 2: "#app .reroll >> nth=1"}
        walk(page, artifacts, "dice_bid-fr", detours)
        assert "Vous savez jouer" in page.inner_text("#app")
    finally:
        context.close()

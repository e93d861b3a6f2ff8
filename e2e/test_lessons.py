"""The lessons ("Learn to play") on a 360x640 phone, each title in another
language: a learner who taps only what the coach marks reaches the summary,
one who taps something else at two steps too; at every step the coach's
sentence and the marked control are both on screen without scrolling, and the
table's motion has read where the cards are while the marked control pulses."""

from __future__ import annotations

from pathlib import Path

import pytest

from e2e.helpers import app_action, clock_idle, live, open_app, settled, shoot

#: Each lesson's walk on the marked controls in one language, its walk with two
#: other taps in another (rotate them as lessons are added).
MARKED = {"abyss": "en-US", "carta_robada": "es-ES", "dice_bid": "fr-FR"}
DETOUR = {"abyss": "fr-FR", "carta_robada": "fr-FR", "dice_bid": "es-ES"}
#: What the summary says in each language.
DONE = {"en-US": "You know how to play", "es-ES": "Ya sabes jugar", "fr-FR": "Vous savez jouer"}
#: The lesson's table on screen after "Play a real game".
TABLE = {"abyss": ".table.abyss", "carta_robada": ".table.carta", "dice_bid": ".table.dice"}
#: At two steps, another control than the marked one: Abyss, the draw pile
#: instead of the discard's 4, then another hidden card than the marked one;
#: Carta robada, a card drawn before the marked cut, then the Spy aimed at the
#: learner's own first card; the dice game, the K instead of the A for the
#: doubles, then the second die rather than the first.
DETOURS = {
    "abyss": {3: "#app #deck", 15: '#app [data-action="flip:11"]'},
    "carta_robada": {
        5: '#app [data-action="draw"]',
        9: '#app [data-action="tsel"][data-arg="0.0"]',
    },
    "dice_bid": {0: '#app [data-action="select"][data-arg="13"]', 2: "#app .reroll >> nth=1"},
}
#: Steps at most, tapping only the marked controls.
STEPS = {"abyss": 25, "carta_robada": 25, "dice_bid": 15}


def on_screen(page, selector: str) -> dict:
    """The element's box, asserted to lie inside the viewport, not under the coach."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not drawn"
    height = page.viewport_size["height"]
    coach = page.locator(".coach-panel")  # none on the name asked first
    panel = coach.bounding_box() if coach.count() else None
    in_panel = page.locator(f".coach-panel {selector.removeprefix('#app ')}").count() > 0
    bottom = panel["y"] if panel is not None and not in_panel else height
    assert box["y"] >= 0 and box["y"] + box["height"] <= bottom + 0.5, (
        f"{selector} at {box} is off screen (visible down to {bottom})"
    )
    # on top, too: nothing (a sheet, its scrim) drawn over its middle
    middle = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, selector]
    seen = page.evaluate(
        "([x, y, sel]) => !!document.elementFromPoint(x, y)?.closest(sel)",
        middle,
    )
    assert seen, f"{selector} is covered at its middle {middle[:2]}"
    return box


def step(page, artifacts: Path, name: str, i: int) -> None:
    clock_idle(page)
    live(page)
    settled(page)
    # The marked control pulses without end, which moves nothing: the cards' places
    # are read for the next tap all the same (not again at every frame).
    page.wait_for_function("() => window.tapeteMotion.cached()")
    assert page.locator("#coach[aria-live=polite]").count() == 1
    mark = page.locator("#app .coach-mark")
    assert mark.count() == 1, (
        f"step {i}: marked {mark.evaluate_all('ns => ns.map(n => n.outerHTML)')}"
    )
    assert mark.get_attribute("aria-describedby") == "coach"
    on_screen(page, "#coach")
    on_screen(page, "#app .coach-mark")
    shoot(page, artifacts, f"lesson-{name}-{i:02d}", full=False)


def walk(page, artifacts: Path, name: str, detours: dict[int, str] | None = None) -> int:
    """Tap the marked control at each step (at a step of ``detours``, that
    control instead) until the summary; the number of steps."""
    asked = 0  # the name asked first is not a step of the game: ``detours`` count without it
    for i in range(40):
        clock_idle(page)
        live(page)
        if page.locator(".lesson-summary").count():
            return i - asked
        step(page, artifacts, name, i)
        selector = (detours or {}).get(i - asked, "#app .coach-mark")
        if page.locator("#coach-name").count():  # the device knows nobody: a name first
            page.locator("#coach-name").fill("Lu")
            asked, selector = 1, "#app .coach-mark"
        page.locator(selector).first.click()
    raise AssertionError("no summary after 40 steps")


@pytest.mark.parametrize("game_id", sorted(MARKED))
def test_marked_taps_reach_the_summary_and_a_real_game(browser, site_url, artifacts, game_id):
    lang = MARKED[game_id]
    context, page, _watch = open_app(browser, site_url, 360, 640, lang, clock="fast")
    try:
        app_action(page, "new", game_id)
        assert page.locator(".lesson-offer").count() == 1  # the first time: offered
        app_action(page, "lesson", game_id)
        steps = walk(page, artifacts, f"{game_id}-{lang[:2]}")
        assert steps <= STEPS[game_id]
        shoot(page, artifacts, f"lesson-{game_id}-{lang[:2]}-summary", full=False)
        assert DONE[lang] in page.inner_text("#app")
        app_action(page, "lesson-play")
        clock_idle(page)
        assert page.locator("#coach").count() == 0
        assert page.locator(TABLE[game_id]).count() == 1
    finally:
        context.close()


@pytest.mark.parametrize("game_id", sorted(DETOUR))
def test_two_other_taps_still_reach_the_summary(browser, site_url, artifacts, game_id):
    lang = DETOUR[game_id]
    context, page, _watch = open_app(browser, site_url, 360, 640, lang, clock="fast")
    try:
        app_action(page, "new", game_id)
        app_action(page, "lesson", game_id)
        walk(page, artifacts, f"{game_id}-{lang[:2]}-other", DETOURS[game_id])
        assert DONE[lang] in page.inner_text("#app")
    finally:
        context.close()

"""Motion, sound and touch at 360x640: the cards the engine says moved
travel (web/shell/motion.js), a tap during an animation acts at once, the sound and
vibration settings persist, and an AudioContext exists only after a user gesture.

Time: the test clock is paused, so a bot moves only when the test fires its timer
(``clock_next``); the animations themselves run on the page's own timeline, so
every one is paused where it starts (``FREEZE``): a test looks at them, never
waits for them or races them."""

from __future__ import annotations

import json
import os

import pytest

import engine
from e2e.helpers import (
    clock_next,
    clock_pause,
    handled,
    live,
    open_app,
    patch,
    play_first,
    reload,
)
from e2e.tables_helpers import SAVE, SETTINGS, moves_count, record_of, seat
from e2e.test_instant import NEW_DICE, open_held, reload_held
from tools.browser import BOOT_TIMEOUT_MS

#: Every running animation: what it animates (a card of the table, or a ghost
#: flying above it) and its play state.
ANIMATIONS = """() => document.getAnimations().map(a => {
    const t = a.effect && a.effect.target;
    return {state: a.playState,
            css: a instanceof CSSAnimation || a instanceof CSSTransition,
            ghost: !!(t && t.classList.contains('ghost')),
            key: t ? (t.dataset.key || t.id || t.className) : null,
            card: !!(t && t.closest('#app') && t.classList.contains('card'))};
})"""


def next_frame(page) -> None:
    """Return after the page's next animation frame (when web/shell/motion.js starts
    the animations of the last redraw)."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => done()))")


#: Every animation is paused the moment the page starts it: the cards' travels run on
#: the page's own (real-time) timeline, and a test that looked at them a few calls
#: later would race their course (a 200 ms turn could end before a loaded machine
#: answers). finish() (a finger down, the next redraw) still ends them. UNFREEZE
#: puts the page's own animate back.
FREEZE = """(() => {
  const animate = Element.prototype.animate;
  window.tapeteUnfreeze = () => { Element.prototype.animate = animate; };
  Element.prototype.animate = function (...args) {
    const animation = animate.apply(this, args);
    animation.pause();
    return animation;
  };
})()"""
UNFREEZE = "window.tapeteUnfreeze()"


def table_page(browser, site_url, record: dict, settings: dict, **options):
    """A 360x640 page with the paused test clock, at the table of ``record``; its
    animations frozen where they start (``FREEZE``)."""
    context, page, watch = open_app(browser, site_url, 360, 640, clock="paused", **options)
    patch(page, FREEZE, UNFREEZE)  # the restart below keeps it: no boot
    page.evaluate(
        "([k, v, sk, s]) => { localStorage.setItem(k, v); localStorage.setItem(sk, s); }",
        [SAVE, json.dumps(record), SETTINGS, json.dumps({"bot_speed": "fast", **settings})],
    )
    reload(page)
    clock_pause(page)
    page.wait_for_selector("main.table", timeout=BOOT_TIMEOUT_MS)
    return context, page, watch


def abyss_record(seed: int = 7) -> dict:
    state = engine.GAMES["abyss"].new(2, seed, {})
    record = record_of("abyss", [seat("Ana"), seat("Bot", "bot", "easy")], state)
    record["bot_salt"] = seed  # the same bot moves on every page
    return record


def to_bot_move(page) -> None:
    """Ana flips her two start cards: the next timer is the bot's."""
    for _ in range(2):
        play_first(page, "flip:")
    live(page)


def bot_move(page) -> None:
    """Fire the paused clock's timers until a bot has moved, then let the page
    draw a frame (the animations start there)."""
    before = moves_count(page)
    while moves_count(page) == before:
        assert clock_next(page), "no bot move pending"
    next_frame(page)


def app_html(page) -> str:
    return page.evaluate("() => document.getElementById('app').innerHTML")


def test_a_bot_move_animates_its_card_and_none_without_motion(browser, site_url) -> None:
    """After the bot's flip its card turns (an animation on it, a ghost of its old
    face above); with reduced motion (the system setting) or the setting off there
    is none, and the final table is the same, node for node."""
    record = abyss_record()
    finals = []
    for settings, media in (
        ({"motion": "normal"}, "no-preference"),
        ({"motion": "system"}, "reduce"),
        ({"motion": "off"}, "no-preference"),
    ):
        context, page, watch = table_page(browser, site_url, record, settings, reduced_motion=media)
        try:
            to_bot_move(page)
            bot_move(page)  # the bot's first flip
            running = page.evaluate(ANIMATIONS)
            if settings["motion"] == "normal":
                flipped = [a for a in running if a["card"] and a["key"].startswith("g1-")]
                assert flipped, running
                assert any(a["ghost"] for a in running), running
                page.evaluate("() => window.tapeteMotion.finish()")
                next_frame(page)  # the ghosts leave with the finish events
            else:
                assert running == [], running
            handled(page)
            finals.append(app_html(page))
            watch.assert_clean()
        finally:
            context.close()
    assert finals[0] == finals[1] == finals[2]


def test_a_turning_card_stays_where_a_finger_finds_it(browser, site_url) -> None:
    """While the bot's flipped card turns (frozen at its start), the point at its
    centre is the card itself: ghosts turn above it and take no taps, the card
    waits unseen but flat (turned edge-on, a finger down there would land on the
    grid behind it, and the tap end on the card: no click)."""
    context, page, watch = table_page(browser, site_url, abyss_record(), {"motion": "slow"})
    try:
        to_bot_move(page)
        bot_move(page)  # the bot's first flip
        running = page.evaluate(ANIMATIONS)
        turning = [a["key"] for a in running if a["card"] and not (a["css"] or a["ghost"])]
        assert turning and turning[0].startswith("g1-"), turning
        hit = page.evaluate(
            """key => { const card = document.querySelector(`#app [data-key="${key}"]`);
              const r = card.getBoundingClientRect();
              const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              return at && at.closest('[data-key]') === card; }""",
            turning[0],
        )
        assert hit, "the turning card is not under its own centre"
        watch.assert_clean()
    finally:
        context.close()


def test_a_tap_during_an_animation_acts_at_once(browser, site_url) -> None:
    """The bot's last move still animating (frozen there), Ana's tap on the deck
    ends it and plays, once: her card is in hand, the animations are over."""
    context, page, watch = table_page(browser, site_url, abyss_record(), {"motion": "slow"})
    try:
        to_bot_move(page)
        while not page.locator('#app [data-action="draw"]').count():
            assert clock_next(page)  # the bots' moves until Ana may draw
        next_frame(page)
        assert page.evaluate(ANIMATIONS), "the bot's move should still be animating"
        page.evaluate(
            "() => { window.botAnimations = document.getAnimations().filter(a =>"
            " !(a instanceof CSSAnimation || a instanceof CSSTransition)); }"
        )
        before = moves_count(page)
        page.locator('#app [data-action="draw"]').click()
        handled(page)
        next_frame(page)
        assert moves_count(page) == before + 1
        assert page.locator('[data-key="hand"]').count() == 1, "the drawn card is in hand"
        over = "() => window.botAnimations.every(a => a.playState === 'finished')"
        assert page.evaluate(over), "the tap ends the bot's animations"
        now = page.evaluate(ANIMATIONS)  # Ana's draw plays (frozen where it starts)
        assert any(a["key"] == "hand" for a in now), now
        watch.assert_clean()
    finally:
        context.close()


#: Counts AudioContexts made, before any page script runs.
AUDIO_SPY = """(() => {
  window.audioMade = 0;
  for (const name of ['AudioContext', 'webkitAudioContext']) {
    const Real = window[name];
    if (!Real) continue;
    window[name] = class extends Real {
      constructor(...args) { super(...args); window.audioMade += 1; }
    };
  }
})();"""


def test_sound_waits_for_a_gesture_and_the_settings_persist(browser, site_url) -> None:
    """Sound on (the default): no AudioContext at boot nor after a bot's move (the
    sounds' noise made while idle, without one), one after the first tap, no console
    warning; sound and vibration off in Settings
    stay off after a reload, and with sound off a tap makes no AudioContext."""
    context, page, watch = open_app(browser, site_url, 360, 640, clock="paused")
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    try:
        context.add_init_script(script=AUDIO_SPY)
        reload(page)
        # The noise the sounds need is made while the page is idle, without a context,
        # so the first tap only has to make the context.
        page.wait_for_function("() => window.tapeteSound.noiseReady()")
        assert page.evaluate("() => window.audioMade") == 0
        page.locator('#app [data-action="go"][data-arg="settings"]').first.click()
        handled(page)
        assert page.evaluate("() => window.audioMade") == 1  # the tap: a user gesture
        assert page.get_attribute("html", "data-sound") == "on"
        for arg in ("sound=false", "vibrate=false"):
            page.locator(f'#app [data-action="set"][data-arg="{arg}"]').click()
        reload(page)
        assert page.get_attribute("html", "data-sound") == "off"
        page.locator('#app [data-action="go"][data-arg="settings"]').first.click()
        for name in ("sound", "vibrate"):
            pressed = page.get_attribute(f'#app [data-arg="{name}=false"]', "aria-pressed")
            assert pressed == "true", name
        page.locator('#app [data-action="set"][data-arg="vibrate=true"]').click()
        handled(page)
        assert page.evaluate("() => window.audioMade") == 0  # sound off: none made
        assert not [w for w in warnings if "Audio" in w], warnings
        watch.assert_clean()
    finally:
        context.close()


def test_sound_off_a_tap_before_python_makes_no_audio_context(browser, site_url) -> None:
    """Sound off: a tap on the screen painted before Python (web/shell/boot.js keeps it)
    makes no AudioContext either, although <html data-sound> is not set yet."""
    context, page, _watch, _ = open_held(browser, site_url, (360, 640), ready_first=True)
    try:
        context.add_init_script(script=AUDIO_SPY)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SETTINGS, '{"sound": false}'])
        python = reload_held(page)
        python.assert_held()
        page.wait_for_function("() => window.tapeteSound !== undefined")
        page.locator(NEW_DICE).click()
        assert page.locator(f"{NEW_DICE}[data-queued]").count() == 1  # kept for Python
        assert page.evaluate("() => window.audioMade") == 0
    finally:
        context.close()


def frames(page, shots, name: str, parts: int = 4) -> None:
    """Screenshots of the animations now running, frozen at ``parts`` points of
    their course (the test clock drives the bots, this the animations)."""
    next_frame(page)
    end = page.evaluate(
        """() => { const all = document.getAnimations();
                   all.forEach(a => a.pause());
                   return Math.max(0, ...all.map(a => { const t = a.effect.getComputedTiming();
                                                         return t.endTime || 0; })); }"""
    )
    for i in range(parts):
        at = end * i / parts
        page.evaluate("t => document.getAnimations().forEach(a => { a.currentTime = t; })", at)
        page.screenshot(path=str(shots / f"motion-{name}-{i}.png"))
    page.evaluate("() => window.tapeteMotion.finish()")


@pytest.mark.parametrize("game_id", ["abyss", "carta_robada", "dice_bid"])
def test_screenshots_of_bot_turns(browser, site_url, artifacts, game_id: str) -> None:
    """A sequence of frames of bot moves at each game (looked at by a person:
    ``TAPETE_SHOTS=1``, in e2e/artifacts/motion-*.png)."""
    if not os.environ.get("TAPETE_SHOTS"):
        pytest.skip("screenshots only with TAPETE_SHOTS=1")
    players = 4
    state = engine.GAMES[game_id].new(players, 3, {})
    seats = [seat(f"Bot {i + 1}", "bot", "easy") for i in range(players)]
    context, page, watch = table_page(
        browser, site_url, record_of(game_id, seats, state), {"motion": "normal"}
    )
    try:
        shot, start = 0, {"abyss": 8, "carta_robada": 4, "dice_bid": 3}[game_id]
        for step in range(60):
            if shot == 5 or not clock_next(page):
                break
            next_frame(page)
            if step >= start and page.evaluate(ANIMATIONS):
                frames(page, artifacts, f"{game_id}-{shot}")
                shot += 1
        watch.assert_clean()
    finally:
        context.close()

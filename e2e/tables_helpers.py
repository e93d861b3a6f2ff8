"""Helpers for the tables' end-to-end tests: a table started from a save record
(or a record imported), the true state read back from the save (the test knows what
the players cannot), and the privacy probe."""

from __future__ import annotations

import json
import re

import engine
from e2e.helpers import HANDOVER_MS, app_action, clock_advance, reload
from tools.browser import BOOT_TIMEOUT_MS

SAVE = "tapete.save"
SETTINGS = "tapete.settings"


def seat(name: str, kind: str = "human", level: str | None = None) -> dict:
    return {"name": name, "kind": kind, "level": level}


def record_of(game_id: str, seats: list[dict], state) -> dict:
    """A save record in the app's own format (the engine's dump plus the seats)."""
    record = engine.GAMES[game_id].dump(state)
    record.update(app="tapete", seats=seats, started="2026-11-30T07:00:00Z", recorded=False)
    return record


def load_table(page, record: dict) -> None:
    """The table of ``record`` on the page, as a reload finds a save (bots fast,
    no motion)."""
    settings = json.dumps({"bot_speed": "fast", "motion": "off"})
    page.evaluate(
        "([k, v, sk, s]) => { localStorage.setItem(k, v); localStorage.setItem(sk, s); }",
        [SAVE, json.dumps(record), SETTINGS, settings],
    )
    reload(page)
    page.wait_for_selector("main.table", timeout=BOOT_TIMEOUT_MS)


def start_from_record(page, game_id: str, seats: list[dict], seed: int, options: dict) -> None:
    """Start a table by writing its save record before a reload: the way to set
    test-only options such as a stacked deck, which the new-game screen never offers."""
    state = engine.GAMES[game_id].new(len(seats), seed, options)
    load_table(page, record_of(game_id, seats, state))


def import_record(page, record: dict, opens: bool = True) -> None:
    """Choose ``record`` as a file on the Records screen (from the home screen);
    with ``opens``, wait until it is open (its replay offered)."""
    app_action(page, "go", "records")
    page.set_input_files(
        '[data-field="import"]',
        files=[
            {
                "name": "record.json",
                "mimeType": "application/json",
                "buffer": json.dumps(record).encode(),
            }
        ],
    )
    if opens:
        page.wait_for_selector('[data-action="import-replay"]')


def true_state(page, game_id: str):
    """The game as it really is (hidden cards included), from the save."""
    text = page.evaluate(f"() => localStorage.getItem('{SAVE}')")
    assert text, "no save"
    return engine.GAMES[game_id].load(json.loads(text))


def actions_of(page) -> list[list]:
    text = page.evaluate(f"() => localStorage.getItem('{SAVE}')")
    return json.loads(text)["actions"] if text else []


def moves_count(page) -> int:
    return len(actions_of(page))


def page_words(page) -> str:
    """Everything a sighted or screen-reader player can get from the page: its
    text and every accessible name and label (aria-label, title, alt)."""
    return page.evaluate(
        """() => {
            const bits = [document.querySelector('#app').innerText];
            for (const el of document.querySelectorAll('#app *')) {
                for (const a of ['aria-label', 'title', 'alt', 'aria-description', 'data-card']) {
                    const v = el.getAttribute(a); if (v) bits.push(v);
                }
            }
            return bits.join('\\n');
        }"""
    )


def card_words(tr_words: list[str]) -> re.Pattern:
    return re.compile("|".join(re.escape(w) for w in tr_words))


def burst_on_handoff(page, last: str) -> None:
    """Ana's double tap: ``last`` (her last action), and at once a second tap
    where the hand-off's "I am Ben" has just come up, by finger (its place on the
    screen) and by the keyboard's way (a click on the button itself)."""
    page.click(last)
    page.wait_for_selector("#handoff-ready")
    box = page.locator("#handoff-ready").bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.evaluate("() => document.getElementById('handoff-ready').click()")


def assert_handoff_held(page, name: str) -> None:
    """The hand-off for ``name`` is up, and held: the page is guarded and its
    "I am …" button visibly dimmed."""
    assert name in page.inner_text(".handoff h2"), f"the hand-off is not for {name}"
    assert page.locator("html[data-guard]").count() == 1
    assert page.eval_on_selector("#handoff-ready", "b => getComputedStyle(b).opacity") != "1"


def confirm_after_hold(page) -> None:
    """The paused clock moves past the hold; then "I am …" is tapped, and works."""
    clock_advance(page, HANDOVER_MS)
    page.wait_for_selector("html:not([data-guard])", state="attached")
    page.click("#handoff-ready")

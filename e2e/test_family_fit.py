"""What a family sees at one 360x640 phone, by geometry: table words whole, the
new-game form's options told beside Start, the lesson's last screen from its
top and clear of the coach, an Abyss round's end that draws a swallowed place
unlike a card turned at the end, and an opening flip seen on its grid."""

from __future__ import annotations

import json

import engine
from e2e.helpers import (
    HANDOVER_MS,
    MOVE,
    app_action,
    assert_fits,
    both_sizes,
    clock_advance,
    clock_idle,
    live,
    open_app,
    reload,
    settled,
)
from e2e.tables_helpers import load_table, record_of, seat
from e2e.test_abyss import new_game
from tests.playout import play_out
from web.core import roster, store
from web.tables.abyss.state import FLIPPED_MS

#: Runs in the page: the words of ``sel``'s elements that a line break cuts in two
#: (a word's letters on two lines; a hyphen ends a word, as in "Jean-Baptiste").
BROKEN = """sel => {
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const m of node.data.matchAll(/[^\\s\\u00a0-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0)
                                                   .map(r => Math.round(r.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""

#: Runs in the page: pairs of neighbouring header cells in a row of ``sel`` whose
#: words come closer than 4 px (they read as one word) or overlap.
CROWDED = """sel => {
  const out = [];
  for (const row of document.querySelectorAll(sel)) {
    const boxes = [...row.children].map(cell => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const rects = [...range.getClientRects()].filter(r => r.width > 0);
      return {text: cell.textContent.trim(), left: Math.min(...rects.map(r => r.left)),
              right: Math.max(...rects.map(r => r.right))};
    });
    for (let i = 1; i < boxes.length; i++) {
      if (boxes[i].left - boxes[i - 1].right < 4) out.push([boxes[i - 1].text, boxes[i].text]);
    }
  }
  return out;
}"""

NAMES = ["Maximilienne-Josépha", "Ana", "Jean-Baptiste"]


def seed_history(page) -> None:
    """Six finished games of three named players (one with a long hyphenated
    name) and a bot, on this device."""
    players = [{"id": f"p{i}", "name": n, "was": [], "emoji": ""} for i, n in enumerate(NAMES)]
    games = ("abyss", "dice_bid", "carta_robada")
    history = [
        {
            "game": games[i % 3],
            "date": f"2026-12-0{i + 1}T14:32:00Z",
            "names": [*NAMES, "Bot"],
            "scores": [10 + i, 20, 30, 40],
            "winners": [i % 3],
            "players": ["p0", "p1", "p2", None],
        }
        for i in range(6)
    ]
    page.evaluate(
        "([hk, h, pk, p]) => { localStorage.setItem(hk, h); localStorage.setItem(pk, p); }",
        [store.HISTORY_KEY, json.dumps(history), roster.PLAYERS_KEY, json.dumps(players)],
    )
    reload(page)


def test_statistics_in_french_keep_every_word_whole(browser, site_url, artifacts) -> None:
    context, page, watch = open_app(browser, site_url, 360, 640, "fr-FR", reduced_motion="reduce")
    try:
        seed_history(page)
        app_action(page, "go", "stats")
        assert page.locator("table.stats").count() >= 4
        assert page.evaluate(BROKEN, "#app table.stats th, #app table.stats td") == []
        assert page.evaluate(CROWDED, "#app table.stats thead tr") == []
        assert_fits(page, "statistics")
        both_sizes(page, artifacts, "family-stats-fr")
        watch.assert_clean()
    finally:
        context.close()


def test_the_dice_results_keep_their_headers_whole(browser, site_url, artifacts) -> None:
    context, page, watch = open_app(browser, site_url, 360, 640, reduced_motion="reduce")
    try:
        state, _ = play_out(engine.GAMES["dice_bid"], 4, 3)
        seats = [seat("Ana"), seat("Ben"), seat(""), seat("")]  # Player 3, Player 4
        load_table(page, record_of("dice_bid", seats, state))
        sheet = page.locator(".dice-sheet")
        assert sheet.count() == 1
        assert "Player 4" in sheet.inner_text()
        assert page.evaluate(BROKEN, "#app .dice-sheet th") == []
        assert page.evaluate(CROWDED, "#app .dice-sheet thead tr") == []
        assert_fits(page, "dice results")
        both_sizes(page, artifacts, "family-dice-results")
        watch.assert_clean()
    finally:
        context.close()


def test_the_options_show_beside_start_on_a_small_phone(browser, site_url, artifacts) -> None:
    """The Start button stays at the foot of the screen: the target score and the
    house rules below the fold are told in a line above it, in view."""
    context, page, watch = open_app(browser, site_url, 360, 640, "fr-FR", reduced_motion="reduce")
    try:
        for played in (False, True):
            if played:
                seed_history(page)
            new_game(page, 3, ["Ana", "Luis"])
            assert (page.locator(".lesson-offer").count() == 0) == played
            told = page.locator(".setup-summary")
            box, start = told.bounding_box(), page.locator('[data-action="start"]').bounding_box()
            assert box is not None and start is not None
            assert box["y"] >= 0 and box["y"] + box["height"] <= start["y"] <= 640, (box, start)
            words = told.inner_text()
            assert "Score de fin\u00a0: 100" in words and "Doubler celui qui ferme" in words
            middle = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
            assert page.evaluate(
                "([x, y]) => !!document.elementFromPoint(x, y)?.closest('.setup-summary')", middle
            )
            both_sizes(page, artifacts, f"family-setup-fr{'-played' if played else ''}")
            app_action(page, "back")
        watch.assert_clean()
    finally:
        context.close()


def test_the_lessons_last_screen_shows_from_its_top(browser, site_url, artifacts) -> None:
    """Carta robada's lesson in French, to its last step: the page at its top (the
    "Game over" title whole), both rows of cards above the coach's panel, and one
    button drawn as the one to tap (the coach's "Next")."""
    context, page, _watch = open_app(browser, site_url, 360, 640, "fr-FR", clock="fast")
    try:
        app_action(page, "new", "carta_robada")
        app_action(page, "lesson", "carta_robada")
        for _ in range(40):
            clock_idle(page)
            live(page)
            if page.locator("#see-results").count():
                break
            if page.locator("#coach-name").count():
                page.locator("#coach-name").fill("Lu")
            page.locator("#app .coach-mark").first.click()
        settled(page)
        assert page.locator("#see-results").count() == 1
        assert page.evaluate("() => window.scrollY") == 0
        title = page.locator(".status .who").bounding_box()
        assert title is not None and title["y"] >= 0
        panel = page.locator(".coach-panel").bounding_box()
        assert panel is not None
        for zone in page.locator(".zone").all():
            box = zone.bounding_box()
            assert box is not None and box["y"] + box["height"] <= panel["y"], (box, panel)
        primary = page.locator("#app .btn.primary")
        assert primary.count() == 1 and "Suivant" in primary.inner_text()
        both_sizes(page, artifacts, "family-lesson-last-fr")
    finally:
        context.close()


def abyss_end_with_a_swallowed_column():
    """A finished Abyss game (three players) that swallowed a column in its last round."""
    game = engine.GAMES["abyss"]
    for seed_no in range(400):
        state, _ = play_out(game, 3, seed_no)
        last = game.view(state, None)["last_round"]
        if any(v is None for grid in last["grids"] for v in grid):
            return state
    raise AssertionError("no game swallowed a column in its last round")


def test_a_swallowed_place_is_drawn_unlike_a_card_turned_at_the_end(
    browser, site_url, artifacts
) -> None:
    context, page, watch = open_app(browser, site_url, 360, 640, "fr-FR", reduced_motion="reduce")
    try:
        state = abyss_end_with_a_swallowed_column()
        load_table(page, record_of("abyss", [seat("Ana"), seat("Luis"), seat("Bot")], state))
        gone = page.locator(".round-end .card.mini.gone").first
        style = gone.evaluate(
            "e => { const s = getComputedStyle(e); return [s.borderTopStyle, s.outlineStyle]; }"
        )
        assert "dashed" not in style and "dotted" not in style, style
        turned = page.locator(".round-end .card.mini.revealed").count()
        legend = page.locator(".round-end p.meta", has_text="pointillé").count()
        assert legend == (1 if turned else 0)
        if turned:
            outline = page.locator(".round-end .card.mini.revealed").first.evaluate(
                "e => getComputedStyle(e).outlineStyle"
            )
            assert outline in ("dashed", "dotted")
        both_sizes(page, artifacts, "family-abyss-end-fr")
        watch.assert_clean()
    finally:
        context.close()


def test_the_last_opening_flip_is_seen_on_its_grid(browser, site_url, artifacts) -> None:
    """Ana's second opening flip stays on her grid, drawn large and clear of the
    cue naming Luis, longer than a turn's hand-over hold; then Luis's grid comes."""
    context, page, watch = open_app(
        browser, site_url, 360, 640, "fr-FR", clock="paused", reduced_motion="reduce"
    )
    try:
        new_game(page, 2, ["Ana", "Luis"])
        app_action(page, "start")
        for _ in range(2):
            first = page.locator(f'{MOVE}[data-seat="0"][data-action^="flip:"]').first
            pos = (first.get_attribute("data-action") or "").split(":")[1]
            first.click()
        card = page.locator(f'#rg-mine .card[data-pos="{pos}"]')
        assert page.get_attribute("#rg-mine", "data-seat") == "0"
        assert card.inner_text().strip() != ""  # its value, face up
        box = card.bounding_box()
        assert box is not None
        middle = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
        assert page.evaluate(  # the card itself under a finger, no cue over it
            "([x, y, p]) => document.elementFromPoint(x, y)?.closest('.card')?.dataset.pos === p",
            [*middle, pos],
        )
        assert "Luis" in page.inner_text(".turn-cue")
        both_sizes(page, artifacts, "family-abyss-second-flip")
        clock_advance(page, HANDOVER_MS)
        assert page.get_attribute("#rg-mine", "data-seat") == "0", "gone in a turn's hold"
        clock_advance(page, FLIPPED_MS - HANDOVER_MS)
        assert page.get_attribute("#rg-mine", "data-seat") == "1"
        assert page.locator(".turn-cue").count() == 0
        watch.assert_clean()
    finally:
        context.close()

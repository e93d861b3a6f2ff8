"""Issue 12's words, labels and sheets at 360x640: score sheets that fit (the
last column never clipped, no header cut short), counted words in their plural
forms, signs in words, bots tagged with their level in the player's language,
the setup's seat control beside its name, History's minus sign, the dice
header that agrees with the reveal below it, the dice thumbnail's pips whole."""

from __future__ import annotations

import random

import engine
from e2e.helpers import app_action, open_app, reload
from e2e.tables_helpers import load_table, record_of, seat

SMALL = {"width": 360, "height": 640}


def played(game_id: str, players: int, seed: int, stop=None, options: dict | None = None):
    """A game played by random legal moves, to its end or until ``stop(view)``."""
    game = engine.GAMES[game_id]
    state = game.new(players, seed, options or {})
    rng = random.Random(seed)
    while game.result(state) is None:
        if stop is not None and stop(game.view(state, None)):
            break
        who = game.actors(state)[0]
        state = game.apply(state, who, rng.choice(game.legal(state, who)))
    return state


#: Every score sheet's table on the page, by geometry: the first and last
#: cells of every row inside the sheet's visible box (scrolled or not), and no
#: header cell cut short.
SHEET_PROBLEMS = """() => {
    const found = [];
    const span = r => `${Math.round(r.left)}..${Math.round(r.right)}`;
    const wraps = document.querySelectorAll('#app .table-wrap');
    if (!wraps.length) found.push('no score sheet on the page');
    for (const wrap of wraps) {
        const box = wrap.getBoundingClientRect();
        const inside = el => {
            const r = el.getBoundingClientRect();
            if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
                found.push(`${el.textContent.trim()}: ${span(r)} outside ${span(box)}`);
        };
        const caption = wrap.querySelector('caption');
        if (caption) inside(caption);
        for (const row of wrap.querySelectorAll('tr')) {
            inside(row.children[0]);
            inside(row.children[row.children.length - 1]);
        }
        for (const th of wrap.querySelectorAll('th')) {
            if (th.scrollWidth > th.clientWidth + 0.5)
                found.push(`header ${th.textContent.trim()} cut: ${th.scrollWidth}px`);
        }
    }
    return found;
}"""


def assert_sheet_fits(page, where: str) -> None:
    problems = page.evaluate(SHEET_PROBLEMS)
    assert not problems, f"{where} at 360x640: {problems}"
    # scrolled to the end too: the sticky columns stay whole
    page.evaluate("() => document.querySelectorAll('.table-wrap').forEach(w => w.scrollLeft = 1e6)")
    problems = page.evaluate(SHEET_PROBLEMS)
    assert not problems, f"{where} at 360x640, scrolled: {problems}"


def test_score_sheets_fit_a_small_phone(browser, site_url) -> None:
    """The dice sheet with six players, mid-game and at the end, and the Abyss
    sheet after thirteen rounds: the last column is never clipped, headers whole."""
    context, page, watch = open_app(browser, site_url, **SMALL, reduced_motion="reduce")
    try:
        names = [seat(f"Player {i + 1}") for i in range(6)]
        state = played("dice_bid", 6, 4, stop=lambda v: v["round"] > 6)
        load_table(page, record_of("dice_bid", names, state))
        page.click('[data-action="sheet"][data-arg="rounds"]')
        assert_sheet_fits(page, "dice round sheet, six players")
        load_table(page, record_of("dice_bid", names, played("dice_bid", 6, 4)))
        assert_sheet_fits(page, "dice game end, six players")
        state = played("abyss", 4, 5, options={"target": 1000})
        assert len(engine.GAMES["abyss"].view(state, None)["sheet"]) >= 10
        load_table(page, record_of("abyss", names[:4], state))
        assert_sheet_fits(page, "Abyss game end, many rounds")
        watch.assert_clean()
    finally:
        context.close()


def test_history_writes_negative_scores_with_a_minus_sign(browser, site_url) -> None:
    """A finished game with a score below zero: History's scores, and the dice
    table's own words for it, have the minus sign (U+2212), not a hyphen."""
    context, page, watch = open_app(browser, site_url, **SMALL, langs="es", reduced_motion="reduce")
    try:
        state = played("dice_bid", 3, 8)
        assert min(engine.GAMES["dice_bid"].result(state)["scores"]) == -1
        record = record_of("dice_bid", [seat("Ana"), seat("Ben"), seat("Cleo")], state)
        entry = {
            "game": "dice_bid",
            "names": ["Ana", "Ben", "Cleo"],
            "scores": engine.GAMES["dice_bid"].result(state)["scores"],
            "winners": engine.GAMES["dice_bid"].result(state)["winners"],
            "date": "2026-11-30T08:00:00Z",
            "record": record,
        }
        page.evaluate("e => localStorage.setItem('tapete.history', JSON.stringify([e]))", entry)
        reload(page)
        app_action(page, "go", "history")
        app_action(page, "history-open", "0")
        scores = page.inner_text("#app table.scores")
        assert "\u22121" in scores and "-1" not in scores, scores
        watch.assert_clean()
    finally:
        context.close()

"""What a family meets first at phone size: the new-game form, the first start,
the dice game's last round, the hand-over moments of Abyss, the words and layout
of the shared screens."""

from __future__ import annotations

import re

import pytest

import engine
from e2e.helpers import (
    HANDOVER_MS,
    PHONES,
    app_action,
    assert_fits,
    clock_advance,
    new_context,
    open_app,
    reload,
    shoot,
    tap,
)
from e2e.tables_helpers import load_table, record_of, seat, true_state
from e2e.test_instant import HOLD, Python
from tools.browser import Watch, origin_of
from web.core.i18n import Tr

SMALL = {"width": 360, "height": 640}
DICE = engine.GAMES["dice_bid"]


def test_the_form_tells_each_level_and_brings_the_table_back(browser, site_url, artifacts) -> None:
    """Spanish at 360x640: a bot seat offers its levels in one row, with one line
    saying what the chosen level plays like; the next game's form, after a
    reload, has the same bots at the same levels and the same house rules."""
    tr = Tr("es")
    context, page, watch = open_app(
        browser, site_url, **SMALL, langs="es-ES", reduced_motion="reduce"
    )
    try:
        app_action(page, "new", "abyss")
        app_action(page, "count", "+")
        page.fill("#name-0", "Ana")
        app_action(page, "seat-kind", "1")
        app_action(page, "seat-kind", "2")
        app_action(page, "seat-level", "2:hard")
        app_action(page, "option", "target=50")
        about = page.locator("#app .seat .level-about")
        assert about.all_inner_texts() == [tr("bot.medium.about"), tr("bot.hard.about")]
        for width, height in PHONES:
            page.set_viewport_size({"width": width, "height": height})
            assert_fits(page, "setup with bots")
            shoot(page, artifacts, "setup-levels")
        app_action(page, "start")
        page.wait_for_selector(".screen-table")
        reload(page)
        app_action(page, "home")
        page.wait_for_selector(".screen-home")
        app_action(page, "new", "abyss")
        kinds = page.locator("#app .seat .btn.kind").all_inner_texts()
        assert kinds == [
            tr("setup.human"),
            tr("setup.bot", level=tr("bot.medium")),
            tr("setup.bot", level=tr("bot.hard")),
        ]
        assert page.input_value("#name-0") == "Ana" and page.input_value("#name-1") == ""
        assert page.get_attribute('[data-arg="target=50"]', "aria-pressed") == "true"
        watch.assert_clean()
    finally:
        context.close()


def test_the_first_start_says_what_it_is_doing_and_only_the_first_time(
    browser, site_url, artifacts
) -> None:
    """French at 360x640, Python held back: the first start of this browser says in
    words, over the home screen already painted, that the table is being prepared
    this once, with how far it got; once ready, a reload says nothing of it."""
    context = new_context(browser, "real", viewport=SMALL, service_workers="block", locale="fr-FR")
    context.add_init_script(script=f"{HOLD}('1');")  # a first visit, Python held
    try:
        page = context.new_page()
        watch = Watch(origin_of(site_url)).attach(page)
        page.goto(site_url, wait_until="domcontentloaded")
        python = Python(page, scripted=True)
        python.assert_held()
        first = page.locator("#boot-first")
        assert first.is_visible()
        words = first.inner_text()
        assert words.startswith("Préparation de la table\u00a0: seulement la première fois")
        assert re.search(r"\(\d+ ?%\)$", words), words
        box = first.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= SMALL["width"]
        assert box["y"] + box["height"] <= SMALL["height"]
        shoot(page, artifacts, "first-start", full=False)
        python.release()
        assert not first.is_visible()
        page.evaluate("() => sessionStorage.setItem('tapete-hold', '1')")  # held again
        page.reload(wait_until="domcontentloaded")
        again = Python(page, scripted=True)
        again.assert_held()
        assert page.locator("#boot-first").is_hidden()
        assert page.locator("#boot-stage").count() == 1
        again.release()
        watch.assert_clean()
    finally:
        context.close()


def rerolled_table(page) -> None:
    """Ana, Ben and Cleo; Ana has won the first round and rerolls a die."""
    state = DICE.new(3, 1, {})
    for s, card in ((0, 13), (1, 1), (2, 2)):
        state = DICE.apply(state, s, f"bid:{card}")
    load_table(page, record_of("dice_bid", [seat("Ana"), seat("Ben"), seat("Cleo")], state))
    tap(page, '#app [data-action="reroll:0"]')
    page.wait_for_selector("#handoff-ready")


def test_the_winners_reroll_is_in_view_above_the_hand_off(browser, site_url, artifacts) -> None:
    """At 360x640 and 390x844, after the round's winner rerolls a die: the dice and
    the new prize are on the screen as it stands, with the hand-off's button."""
    for width, height in PHONES:
        context, page, watch = open_app(
            browser, site_url, width, height, clock="paused", reduced_motion="reduce"
        )
        try:
            rerolled_table(page)
            shoot(page, artifacts, "dice-rerolled", full=False)
            for what in (".prize", "#handoff-ready"):
                box = page.locator(f"#app {what}").first.bounding_box()
                assert box is not None and box["y"] >= 0, what
                assert box["y"] + box["height"] <= height, f"{what} below {height}px: {box}"
            watch.assert_clean()
        finally:
            context.close()


ABYSS = engine.GAMES["abyss"]
FOUR = ["Ana", "Beto", "Carla", "Player 4"]


def abyss_after_flips(players: int = 4, seed: int = 5):
    """A fresh Abyss game past its opening flips (each seat its first flips)."""
    state = ABYSS.new(players, seed, {})
    while ABYSS.view(state, None)["phase"] == "flips":
        seat = ABYSS.actors(state)[0]
        flip = next(a for a in ABYSS.legal(state, seat) if a.startswith("flip:"))
        state = ABYSS.apply(state, seat, flip)
    return state


def assert_last_move_whole(page, where: str) -> str:
    """The last-move line says a whole sentence, nothing cut."""
    line = page.locator("#app .last-move-text")
    assert line.count() == 1, f"{where}: no last move shown"
    cut = line.evaluate("el => el.scrollWidth > el.clientWidth + 1")
    text = line.inner_text().strip()
    assert not cut and text.endswith("."), f"{where}: {text!r} is cut"
    return text


def test_the_last_move_is_said_whole_at_360_and_after_a_reload(browser, site_url, artifacts):
    """Four people at 360x640: the line under the status tells the move just made
    whole (two lines if need be; it was cut to "…put it at row 2, colu…"), and
    after a reload it tells the last move instead of showing an empty bar."""
    context, page, watch = open_app(
        browser, site_url, **SMALL, clock="paused", reduced_motion="reduce"
    )
    try:
        state = abyss_after_flips()
        seats = [seat(n) for n in FOUR]
        turn = ABYSS.view(state, None)["turn"]
        state = ABYSS.apply(state, turn, "draw")
        place = next(a for a in ABYSS.legal(state, turn) if a.startswith("place:"))
        state = ABYSS.apply(state, turn, place)
        load_table(page, record_of("abyss", seats, state))
        before = assert_last_move_whole(page, "after a reload")
        assert "row" in before and "column" in before, before
        shoot(page, artifacts, "abyss-last-move", full=False)
        for action in ("draw", "place:"):
            tap(page, f'#app [data-move][data-action^="{action}"]')
        after = assert_last_move_whole(page, "after a place")
        assert after != before
        watch.assert_clean()
    finally:
        context.close()


def luminance(css: str) -> float:
    """Relative luminance (WCAG) of a CSS colour written #rrggbb or rgb(r, g, b)."""
    css = css.strip()
    if css.startswith("#"):
        channels = [int(css[i : i + 2], 16) for i in (1, 3, 5)]
    else:
        channels = [int(float(c)) for c in re.findall(r"[\d.]+", css)[:3]]
    lin = [(c / 255 / 12.92) if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def ratio(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_light_and_dark_look_apart_at_the_table_and_sheets_hide_what_is_behind(
    browser, site_url
) -> None:
    """The same Abyss table in the Light and the Dark theme: the felt and the
    cards clearly apart (they looked almost the same); the menu sheet and the
    quit dialog over it are opaque (96%: the table's text showed through)."""
    context, page, watch = open_app(browser, site_url, **SMALL, reduced_motion="reduce")
    try:
        load_table(page, record_of("abyss", [seat(n) for n in FOUR[:2]], abyss_after_flips(2)))
        looks = {}
        for theme in ("light", "dark"):
            page.evaluate(
                "t => { const s = JSON.parse(localStorage.getItem('tapete.settings') || '{}');"
                " s.theme = t; localStorage.setItem('tapete.settings', JSON.stringify(s)); }",
                theme,
            )
            reload(page)
            page.wait_for_selector("main.table.abyss")
            looks[theme] = page.evaluate(
                """() => ({
                    felt: getComputedStyle(document.documentElement).getPropertyValue('--felt'),
                    card: getComputedStyle(document.querySelector('#app .card[class*="v-"]'))
                          .backgroundColor})"""
            )
            app_action(page, "sheet", "menu")
            backgrounds = [
                page.evaluate(
                    "() => getComputedStyle(document.querySelector('.sheet')).backgroundColor"
                )
            ]
            app_action(page, "quit")
            page.wait_for_selector(".dialog")
            backgrounds.append(
                page.evaluate(
                    "() => getComputedStyle(document.querySelector('.dialog')).backgroundColor"
                )
            )
            for bg in backgrounds:
                assert bg.startswith("rgb(") or bg.endswith(", 1)"), (
                    f"{theme}: {bg} lets the table show"
                )
            page.keyboard.press("Escape")
        assert ratio(looks["light"]["felt"], looks["dark"]["felt"]) >= 2.5, looks
        assert ratio(looks["light"]["card"], looks["dark"]["card"]) >= 1.2, looks
        watch.assert_clean()
    finally:
        context.close()


#: The cells matching a selector whose words were broken inside (more lines than words).
BROKEN_WORDS = """els => els.filter(e => {
    const r = document.createRange();
    r.selectNodeContents(e);
    const tops = Array.from(r.getClientRects(), b => Math.round(b.top));
    return new Set(tops).size > e.textContent.trim().split(/\\s+/).length;
}).map(e => e.textContent)"""


def assert_words_whole(page, selector: str) -> None:
    broken = page.eval_on_selector_all(selector, BROKEN_WORDS)
    assert not broken, f"{selector}: words broken inside in {broken}"


LONG = ["W" * 20, "M" * 20, "Ŵ" * 20]  # within the name limit, no space to wrap at


def dice_one_pick_from_the_end(names: list[str]):
    """A dice game of people where only the last pick before the forced last
    round is left to make (by the first seat)."""
    state = DICE.new(len(names), 3, {})
    rounds = DICE.view(state, None)["rounds"]
    while True:
        view = DICE.view(state, None)
        seat = DICE.actors(state)[0]
        legal = DICE.legal(state, seat)
        if view["round"] == rounds - 1 and view["phase"] == "bid" and len(view["to_act"]) == 1:
            return state
        state = DICE.apply(state, seat, legal[0])


def test_a_long_name_without_spaces_never_widens_a_screen(browser, site_url, artifacts) -> None:
    """Three 20-letter names with no space (the name limit) at 360x640, on every
    screen a name appears: the new-game form and its remembered players, the
    dice game's hand-off, pick, reveal and results, an Abyss table and its score
    sheet, Carta robada's hand-off, History, Players and Statistics. Before, the
    hand-off screens scrolled sideways to 505 px."""
    context, page, watch = open_app(
        browser, site_url, **SMALL, clock="paused", reduced_motion="reduce"
    )

    def fits(where: str) -> None:
        assert_fits(page, where)
        shoot(page, artifacts, f"long-name-{where.replace(' ', '-')}", full=False)

    try:
        app_action(page, "new", "dice_bid")
        app_action(page, "count", "+")
        for i, name in enumerate(LONG):
            page.fill(f"#name-{i}", name)
        fits("new game")
        app_action(page, "start")  # the names typed become players on this phone
        page.wait_for_selector("main.table.dice")
        fits("dice first hand-off")
        seats = [seat(n) for n in LONG]
        load_table(page, record_of("dice_bid", seats, dice_one_pick_from_the_end(LONG)))
        page.wait_for_selector("#handoff-ready")
        fits("dice hand-off")
        tap(page, "#handoff-ready")
        fits("dice pick")
        card = page.locator('#app [data-action="select"]').first
        card.click()
        tap(page, "#lay")
        page.wait_for_selector('#app [data-action="rematch"]')
        fits("dice results")
        record = record_of("abyss", seats, abyss_after_flips(3))
        load_table(page, record)
        fits("abyss table")
        app_action(page, "sheet", "menu")
        app_action(page, "sheet", "scores")
        fits("abyss scores")
        state = engine.GAMES["carta_robada"].new(3, 2, {})
        load_table(page, record_of("carta_robada", seats, state))
        fits("carta robada table")
        app_action(page, "home")
        page.wait_for_selector(".screen-home")
        fits("home")
        for screen in ("history", "players", "stats"):
            app_action(page, "go", screen)
            fits(screen)
            if screen == "stats":  # the bars' labels start inside the picture
                starts = page.eval_on_selector_all(
                    ".chart .chart-label", "els => els.map(e => e.getBBox().x)"
                )
                assert starts and min(starts) >= 0, starts
                assert_words_whole(page, "#app thead th")
            app_action(page, "back")
        app_action(page, "new", "abyss")
        fits("setup")
        watch.assert_clean()
    finally:
        context.close()


def abyss_rounds_played(rounds: int, players: int = 4, seed: int = 2):
    """An Abyss game (to 500) played by easy bots until ``rounds`` are scored
    (random moves score so high that the game ends by the seventh)."""
    from engine.bots import BOTS

    bots = [BOTS["abyss"]["easy"](s) for s in range(players)]
    state = ABYSS.new(players, seed, {"target": 500})
    while len(ABYSS.view(state, None)["sheet"]) < rounds:
        seat = ABYSS.actors(state)[0]
        legal = ABYSS.legal(state, seat)
        action = bots[seat].act(ABYSS.view(state, seat), legal)
        state = ABYSS.apply(state, seat, action if action in legal else legal[0])
    return state


#: Four long names, one with no space to break at (within the name limit).
LONG_FOUR = ["Maximiliana", "WWWWWWWWWWWWWWWWWWWW", "Bartolomé José", "Player 4"]


@pytest.mark.parametrize(("rounds", "names"), [(6, FOUR), (9, LONG_FOUR)], ids=["6", "9-long"])
def test_the_score_sheet_at_360_shows_its_last_round_and_the_closers_flag(
    browser, site_url, artifacts, rounds, names
) -> None:
    """Four players, six rounds (and nine with long names), 360x640: scrolled to
    its end, the sheet's last round lies whole left of the sticky Total, every ⚑
    is inside its cell, and the headings' words are whole (a long name may
    break, "Total" may not)."""
    context, page, watch = open_app(browser, site_url, **SMALL, reduced_motion="reduce")
    try:
        state = abyss_rounds_played(rounds)
        load_table(page, record_of("abyss", [seat(n) for n in names], state))
        app_action(page, "sheet", "menu")
        app_action(page, "sheet", "scores")
        wrap = page.locator(".sheet .table-wrap")
        wrap.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
        shoot(page, artifacts, f"abyss-score-sheet-end-{rounds}", full=False)
        heads = page.locator(".sheet .score-sheet thead th")
        last_round = heads.nth(heads.count() - 2).bounding_box()
        total = heads.last.bounding_box()
        assert last_round["x"] + last_round["width"] <= total["x"] + 0.5, (last_round, total)
        cut = page.eval_on_selector_all(
            ".sheet .score-sheet td",
            "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)",
        )
        assert not cut, cut
        assert_words_whole(page, ".sheet .score-sheet thead th")
        watch.assert_clean()
    finally:
        context.close()


def test_the_discards_mark_leaves_its_label_readable(browser, site_url, artifacts) -> None:
    """A card drawn, the discard marked ↓ as where it may go: the mark lies clear
    of the pile's "DISCARD" label (it covered its end), at both phone sizes."""
    context, page, watch = open_app(browser, site_url, **SMALL, reduced_motion="reduce")
    try:
        state = abyss_after_flips(2)
        turn = ABYSS.view(state, None)["turn"]
        state = ABYSS.apply(state, turn, "draw")
        load_table(page, record_of("abyss", [seat(n) for n in FOUR[:2]], state))
        for width, height in PHONES:
            page.set_viewport_size({"width": width, "height": height})
            shoot(page, artifacts, "abyss-discard-mark", full=False)
            mark, label = page.evaluate(
                """() => {
                    const pile = document.querySelector('#discard-top');
                    const s = getComputedStyle(pile, '::after');
                    const box = pile.getBoundingClientRect();
                    const w = parseFloat(s.width), h = parseFloat(s.height);
                    const left = s.right !== 'auto' ? box.right - parseFloat(s.right) - w
                                                    : box.left + parseFloat(s.left);
                    const top = s.top !== 'auto' ? box.top + parseFloat(s.top)
                                                 : box.bottom - parseFloat(s.bottom) - h;
                    const labels = Array.from(document.querySelectorAll('#app .pile-label'));
                    const off = r => Math.abs(r.left - box.left);
                    const near = labels.map(l => l.getBoundingClientRect())
                        .sort((a, b) => off(a) - off(b))[0];
                    return [[left, top, left + w, top + h],
                            [near.left, near.top, near.right, near.bottom]];
                }"""
            )
            apart = mark[1] >= label[3] or mark[3] <= label[1] or mark[0] >= label[2]
            assert apart or mark[2] <= label[0], (width, mark, label)
        watch.assert_clean()
    finally:
        context.close()


CARTA = engine.GAMES["carta_robada"]
#: Four seats dealt in turn (Cleo holds a Remolino, an 11, at her second place); the
#: pile starts with a Disrupción (11) for Ana.
CARTA_DEALT = [
    ["1", "2", "3", "4"],
    ["5", "6", "7", "8"],
    ["9", "remolino", "10", "1"],
    ["2", "3", "4", "5"],
]
CARTA_PILE = ["disrupcion", "6", "7", "8", "9", "10", "1", "2"]
CARTA_FOUR = ["Ana", "Ben", "Cleo", "WWWWWWWWWWWWWWWWWWWW"]


def in_view(page, selector: str) -> bool:
    """Whether ``selector``'s box lies inside the viewport as the page stands (no scroll)."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


def test_every_humans_cut_is_in_reach_at_360_and_the_phone_goes_before_a_draw(
    browser, site_url, artifacts
) -> None:
    """Four humans at 360x640, a Disrupción (11) on the discard: its panel and four
    zones push most zones below the fold, yet each human's ✂, and once armed the
    card to cut with, is on screen without scrolling (the 3rd and 4th players
    had to scroll). Ana skips: the phone goes to Ben before his draw (his deck
    answered anyone first, then "Pass the phone" came), and while it waits every
    ✂ is still in reach: Cleo cuts with her Remolino under it."""
    deck = [c for hand in CARTA_DEALT for c in hand] + CARTA_PILE
    state = CARTA.new(4, 5, {"deck": deck, "first": 0})
    for s in range(4):
        state = CARTA.apply(state, s, "peek:0,1")
    state = CARTA.apply(state, 0, "draw")
    state = CARTA.apply(state, 0, "discard")
    seats = [seat(n) for n in CARTA_FOUR]
    context, page, watch = open_app(browser, site_url, **SMALL, clock="paused")
    try:
        load_table(page, record_of("carta_robada", seats, state))
        page.wait_for_selector("#skip")  # Ana's Disrupción: hers to use or skip
        page.evaluate("() => window.scrollTo(0, 0)")
        shoot(page, artifacts, "carta-4p-cut-row", full=False)
        for s in range(4):
            assert in_view(page, f"#cut-{s}"), f"{CARTA_FOUR[s]}'s ✂ below the fold"
        tap(page, "#skip")
        page.wait_for_selector("#handoff-ready")
        assert "Ben" in page.inner_text(".handoff h2")
        assert page.locator("#app #deck[data-move]").count() == 0, "Ben's deck before his hand-off"
        clock_advance(page, HANDOVER_MS)  # the hand-off's hold after Ana's move
        page.evaluate("() => window.scrollTo(0, 0)")
        shoot(page, artifacts, "carta-4p-handoff-cut-row", full=False)
        for s in range(4):
            assert in_view(page, f"#cut-{s}"), f"{CARTA_FOUR[s]}'s ✂ out of reach at the hand-off"
        page.click("#cut-2")
        assert in_view(page, "#cutpick-2-1"), "Cleo's card to cut with below the fold"
        shoot(page, artifacts, "carta-4p-cut-armed", full=False)
        page.click("#cutpick-2-1")
        events = CARTA.view(true_state(page, "carta_robada"), None)["events"]
        assert events[-1]["type"] == "cut" and events[-1]["seat"] == 2, events[-1]
        assert "Ben" in page.inner_text(".handoff h2"), "the cut took Ben's hand-off away"
        assert page.locator("#app #deck[data-move]").count() == 0
        page.click("#handoff-ready")
        page.click("#deck")
        page.wait_for_selector("#show")
        assert page.locator("#handoff-ready").count() == 0, "Ben is asked again after his draw"
        watch.assert_clean()
    finally:
        context.close()

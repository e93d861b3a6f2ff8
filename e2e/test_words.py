"""Words, labels and sheets at 360x640: score sheets that fit (the
last column never clipped, no header cut short), counted words in their plural
forms, signs in words, bots tagged with their level in the player's language,
the setup's seat control beside its name, History's minus sign, the dice
header that agrees with the reveal below it, the dice thumbnail's pips whole."""

from __future__ import annotations

import base64
import random

import engine
from e2e.helpers import app_action, assert_fits, open_app, reload
from e2e.tables_helpers import load_table, page_words, record_of, seat

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


def in_history(page, state) -> None:
    """A finished dice game of Ana, Ben and Cleo as History's one entry (the page
    reloaded to read it)."""
    result = engine.GAMES["dice_bid"].result(state)
    entry = {
        "game": "dice_bid",
        "names": ["Ana", "Ben", "Cleo"],
        "scores": result["scores"],
        "winners": result["winners"],
        "date": "2026-11-30T08:00:00Z",
        "record": record_of("dice_bid", [seat("Ana"), seat("Ben"), seat("Cleo")], state),
    }
    page.evaluate("e => localStorage.setItem('tapete.history', JSON.stringify([e]))", entry)
    reload(page)


def test_history_writes_negative_scores_with_a_minus_sign(browser, site_url) -> None:
    """A finished game with a score below zero: History's scores, and the dice
    table's own words for it, have the minus sign (U+2212), not a hyphen."""
    context, page, watch = open_app(browser, site_url, **SMALL, langs="es", reduced_motion="reduce")
    try:
        state = played("dice_bid", 3, 8)
        assert min(engine.GAMES["dice_bid"].result(state)["scores"]) == -1
        in_history(page, state)
        app_action(page, "go", "history")
        app_action(page, "history-open", "0")
        scores = page.inner_text("#app table.scores")
        assert "\u22121" in scores and "-1" not in scores, scores
        # French sets its colon apart: "Victoire : Ben" (the code glued "Victoire:")
        app_action(page, "back")  # home, the scores open or not
        app_action(page, "go", "settings")
        app_action(page, "set", "lang=fr")
        app_action(page, "back")
        app_action(page, "go", "history")
        assert "Victoire\u00a0: Ben" in page.inner_text("#app .history-list")
        watch.assert_clean()
    finally:
        context.close()


def test_setup_keeps_the_seat_kind_beside_the_name(browser, site_url) -> None:
    """In French at 360 px, a bot seat's control sits on its name's line (it
    fell on a line of its own), and the random bot is offered as the beginner."""
    context, page, watch = open_app(browser, site_url, **SMALL, langs="fr", reduced_motion="reduce")
    try:
        app_action(page, "new", "abyss")
        app_action(page, "count", "+")
        page.click('[data-action="seat-kind"][data-arg="1"]')
        page.click('[data-action="seat-level"][data-arg="1:random"]')
        page.click('[data-action="seat-kind"][data-arg="2"]')
        page.click('[data-action="seat-level"][data-arg="2:hard"]')
        kinds = page.locator("#app .seat .btn.kind")
        assert kinds.nth(1).inner_text() == "Robot\u00a0: débutant"
        for i in range(3):
            name = page.locator(f"#name-{i}").bounding_box()
            kind = kinds.nth(i).bounding_box()
            middle = kind["y"] + kind["height"] / 2
            assert name["y"] <= middle <= name["y"] + name["height"], f"seat {i + 1}: {kind}"
        watch.assert_clean()
    finally:
        context.close()


def test_a_long_screen_title_is_shown_whole(browser, site_url) -> None:
    """At 360 px in Spanish the setup's title "Nueva partida: Carta robada" was cut
    to "Nueva partida: Carta ro…": it takes a second line instead, inside the bar."""
    context, page, watch = open_app(browser, site_url, **SMALL, langs="es")
    try:
        for game in ("carta_robada", "dice_bid", "abyss"):
            app_action(page, "new", game)
            title = page.locator("#app .bar h1")
            size = title.evaluate(
                "h => [h.scrollWidth, h.clientWidth, h.scrollHeight, h.clientHeight]"
            )
            assert size[0] <= size[1] and size[2] <= size[3], f"{game}: title cut {size}"
            assert title.inner_text().startswith("Nueva partida: ")
            bar = page.locator("#app .bar").bounding_box()
            box = title.bounding_box()
            assert box["y"] + box["height"] <= bar["y"] + bar["height"] + 1
            app_action(page, "back")
        watch.assert_clean()
    finally:
        context.close()


def test_default_names_follow_the_language(browser, site_url) -> None:
    """A game started in English with the names left empty, then Spanish chosen
    in the settings: its players are "Jugador 1", "Jugador 2" (were "Player 1")."""
    context, page, watch = open_app(browser, site_url, **SMALL, reduced_motion="reduce")
    try:
        app_action(page, "new", "dice_bid")
        app_action(page, "start")
        page.wait_for_selector("main.table")
        app_action(page, "sheet", "menu")
        app_action(page, "go", "settings")
        app_action(page, "set", "lang=es")
        app_action(page, "back")
        page.wait_for_selector("main.table")
        words = page_words(page)
        assert "Jugador 1" in words and "Jugador 2" in words and "Player" not in words
        watch.assert_clean()
    finally:
        context.close()


def test_bots_carry_their_level_in_the_players_language(browser, site_url) -> None:
    """Every bot at every table is tagged "Bot: <level>" in Spanish ("⚙ hard"
    stayed English, Abyss bots had no tag); in French, the tags of three bots
    at a four-seat Abyss table fit 360 px ("⚙ Robot : moyen" pushed it wider)."""
    context, page, watch = open_app(
        browser, site_url, **SMALL, langs="es", clock="paused", reduced_motion="reduce"
    )
    try:
        seats = [seat("Ana"), seat("Bo", "bot", "random"), seat("Cy", "bot", "hard")]
        for game_id in ("dice_bid", "abyss", "carta_robada"):
            load_table(page, record_of(game_id, seats, engine.GAMES[game_id].new(3, 2, {})))
            tags = {
                t.replace("⚙", "").strip() for t in page.locator("#app .tag.bot").all_inner_texts()
            }
            assert tags - {""} == {"Bot: principiante", "Bot: difícil"}, game_id
        seats = [
            seat("Ana"),
            seat("Bo", "bot", "easy"),
            seat("Cy", "bot", "medium"),
            seat("Di", "bot", "hard"),
        ]
        load_table(page, record_of("abyss", seats, engine.GAMES["abyss"].new(4, 2, {})))
        french = {"lang": "fr", "bot_speed": "fast", "motion": "off"}
        page.evaluate("s => localStorage.setItem('tapete.settings', JSON.stringify(s))", french)
        reload(page)
        assert page.locator("#app .tag.bot").first.inner_text().endswith("Robot\u00a0: facile")
        assert_fits(page, "Abyss, three bots, in French")
        watch.assert_clean()
    finally:
        context.close()


def test_the_dice_reveal_comes_before_the_round_it_led_to(browser, site_url) -> None:
    """After a reveal, the page reads in the order things happened: "Round 1:
    the reveal" above "Round 2 of 13" (the header said round 2 above round 1);
    a long name in the reveal is whole ("Bartholom…")."""
    context, page, watch = open_app(browser, site_url, **SMALL, reduced_motion="reduce")
    try:
        names = [seat("Ana"), seat("Bartholomew"), seat("Cleo")]
        state = played("dice_bid", 3, 6, stop=lambda v: v["round"] == 2 and v["phase"] == "bid")
        load_table(page, record_of("dice_bid", names, state))
        page.click("#handoff-ready")
        reveal = page.locator("#rev-title")
        assert reveal.inner_text().startswith("Round 1")
        header = page.locator(".status .round-no")
        assert header.inner_text().upper().startswith("ROUND 2")
        assert reveal.bounding_box()["y"] < header.bounding_box()["y"]
        cut = page.evaluate(
            "() => [...document.querySelectorAll('.rev-name')]"
            ".filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent)"
        )
        assert not cut, f"names cut short in the reveal: {cut}"
        watch.assert_clean()
    finally:
        context.close()


#: Dark pixels in the band just inside an element's border, read from a
#: screenshot of it (a data URL) drawn on a canvas.
EDGE_INK = """async ([url, border]) => {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width; canvas.height = img.height;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const {data, width, height} = ctx.getImageData(0, 0, img.width, img.height);
    let dark = 0;
    for (let y = border; y < height - border; y++)
        for (let x = border; x < width - border; x++) {
            const edge = x < border + 2 || x >= width - border - 2
                      || y < border + 2 || y >= height - border - 2;
            const i = 4 * (y * width + x);
            if (edge && data[i] + data[i + 1] + data[i + 2] < 240) dark++;
        }
    return dark;
}"""


def test_the_dice_thumbnail_shows_whole_pips(browser, site_url) -> None:
    """The dice game's picture on the home screen: no pip touches the face's edge
    (the bottom row was cut in half)."""
    context, page, watch = open_app(browser, site_url, **SMALL, langs="es", reduced_motion="reduce")
    try:
        art = page.locator(".game-dice_bid .game-art")
        url = "data:image/png;base64," + base64.b64encode(art.screenshot()).decode()
        border = round(float(art.evaluate("e => getComputedStyle(e).borderTopWidth")[:-2]))
        assert page.evaluate(EDGE_INK, [url, border]) == 0
        watch.assert_clean()
    finally:
        context.close()


def test_a_replay_goes_back_to_history_and_says_so(browser, site_url) -> None:
    """A replay opened from History: its Back control is named "Volver al
    historial" (it said "Home") and leads there, the browser's Back too."""
    context, page, watch = open_app(browser, site_url, **SMALL, langs="es", reduced_motion="reduce")
    try:
        state = played("dice_bid", 3, 8)
        in_history(page, state)
        for how in ("control", "browser"):
            app_action(page, "go", "history")
            app_action(page, "history-replay", "0")
            page.wait_for_selector("#app .replay-bar")
            back = page.locator("#app .bar .back")
            assert back.get_attribute("title") == "Volver al historial"
            assert back.inner_text().strip().endswith("Volver al historial")
            if how == "control":
                back.click()
            else:
                page.go_back()
            page.wait_for_selector("#app > .screen-history")
            app_action(page, "back")
            page.wait_for_selector("#app > .screen-home")
        watch.assert_clean()
    finally:
        context.close()

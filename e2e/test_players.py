"""Players and statistics at 360x640: three short games of Abyss (one
round: the game ends at 10) with named players, a remembered player seated by one
tap, then Statistics shows them with charts and their tables, and Players
renames one (the statistics follow)."""

from __future__ import annotations

import json
from pathlib import Path

from e2e.helpers import app_action, axe, both_sizes, open_app, reload, tap, text_of
from e2e.test_house_rules import play_to_the_end
from web.core import roster, store


def choose(page, text: str) -> None:
    """A file chosen on the Players screen's Open button."""
    page.set_input_files(
        '.players [data-field="import"]',
        files=[{"name": "p.json", "mimeType": "application/json", "buffer": text.encode()}],
    )


#: The form shows the remembered players as the name field now leaves them
#: free: the group is drawn exactly when one of them is not the name typed.
SHOWN_FREE = """name => {
    const known = [...document.querySelectorAll('#known-players option')].map(o => o.value);
    const free = known.some(k => k.toLowerCase() !== name.trim().toLowerCase());
    return free === (document.querySelector('.known') !== null);
}"""


def one_game(page, name: str | None, pick: str | None = None) -> None:
    """Abyss to 10: seat 0 typed (``name``) or tapped from the remembered players
    (``pick``), seat 1 a bot; played to the end, then home."""
    app_action(page, "new", "abyss")
    if "Bot" not in page.inner_text('[data-action="seat-kind"][data-arg="1"]'):
        app_action(page, "seat-kind", "1")
    if pick is not None:  # seat 0 holds the last name typed: the tapped player takes it
        page.locator(".known button", has_text=pick).click()
        page.wait_for_function("n => document.getElementById('name-0').value === n", arg=pick)
    else:
        page.fill("#name-0", name or "")
        # Leaving the field redraws the form, and a remembered player no longer
        # seated shows above the options: drawn before the next tap, or the tap's
        # press and release land on two different buttons.
        page.dispatch_event("#name-0", "change")
        page.wait_for_function(SHOWN_FREE, arg=name or "")
    # each tap's new end score drawn before the next tap
    count = "n => document.querySelector('#opt-target + .stepper .count').textContent.trim() === n"
    app_action(page, "option", "target=50")
    page.wait_for_function(count, arg="50")
    for score in ("40", "30", "20", "10"):
        app_action(page, "option", "target:-")
        page.wait_for_function(count, arg=score)
    app_action(page, "start")
    play_to_the_end(page)
    app_action(page, "home")


def test_three_games_with_named_players_then_statistics(browser, site_url: str, artifacts) -> None:
    context, page, watch = open_app(
        browser, site_url, 360, 640, clock="fast", reduced_motion="reduce"
    )
    try:
        one_game(page, "Ana")
        one_game(page, "Ben <b>")
        # Ana is remembered: offered on the form, seated by one tap
        app_action(page, "new", "abyss")
        assert "Players on this phone" in text_of(page, ".known")
        both_sizes(page, artifacts, "players-setup")
        axe(page, "the new-game form with remembered players")
        app_action(page, "back")
        one_game(page, None, pick="Ana")

        app_action(page, "go", "stats")
        shown = text_of(page)
        assert "Ana" in shown and "Ben <b>" in shown  # escaped: drawn as typed
        rows = page.locator("table.stats").first.locator("tbody tr")
        assert rows.count() == 2
        figures = {
            rows.nth(i).locator("th").inner_text(): rows.nth(i).locator("td").nth(0).inner_text()
            for i in range(2)
        }
        assert figures == {"Ana": "2", "Ben <b>": "1"}  # games each
        wins = sum(int(rows.nth(i).locator("td").nth(1).inner_text()) for i in range(2))
        charts = page.locator('svg.chart[role="img"]')
        if wins:  # the deals are random: the bot may have won all three
            assert charts.count() == 2
            assert charts.first.get_attribute("aria-label") == "Wins per player, all games"
            # each chart's table equivalent, one tap away
            details = page.locator("details.chart-table")
            assert details.count() == 2
            details.first.locator("summary").click()
            assert details.first.locator("tbody tr").count() == 2
        else:  # no chart of zeros: words instead
            assert charts.count() == 0
            assert "No wins yet" in text_of(page, ".no-wins")
        both_sizes(page, artifacts, "players-stats")
        axe(page, "the statistics")

        # Players: rename Ana; the statistics follow the player, not the name
        app_action(page, "back")
        app_action(page, "go", "players")
        both_sizes(page, artifacts, "players-list")
        axe(page, "the players")
        field = page.locator('input[data-field="player-name"]').nth(
            [t.strip() for t in page.locator(".player h2").all_inner_texts()].index("Ana")
        )
        field.fill("Anaïs")
        pid = field.get_attribute("data-arg")
        app_action(page, "player", f"rename:{pid}")
        assert "Anaïs" in text_of(page, ".player-list")
        app_action(page, "back")
        app_action(page, "go", "stats")
        assert "Anaïs" in text_of(page, "table.stats") and "Ana\t" not in text_of(page)

        # the players and the history leave as one file; a damaged one changes nothing
        app_action(page, "back")
        app_action(page, "go", "players")
        with page.expect_download() as info:
            app_action(page, "export", "players")
        saved = json.loads(Path(info.value.path()).read_text())
        assert [p["name"] for p in saved["players"]] == ["Anaïs", "Ben <b>"]
        assert len(saved["history"]) == 3
        before = page.evaluate("() => localStorage.getItem('tapete.history')")
        saved["history"][1]["winners"] = [7]
        choose(page, json.dumps(saved))
        page.wait_for_selector('.players [role="alert"]')
        assert "Nothing was changed: game 2 in the history: a winner" in text_of(page)
        assert page.evaluate("() => localStorage.getItem('tapete.history')") == before
        both_sizes(page, artifacts, "players-import-bad")
        axe(page, "a damaged file refused")
        watch.assert_clean()
    finally:
        context.close()


def test_merging_two_players_who_shared_a_table_asks_first(browser, site_url: str, artifacts):
    """Bé won a game where Ana sat too: merging Bé into Ana says what happens to
    that game and waits for a yes; then Statistics keeps the win."""
    storage = store.MemoryStorage()
    roster.remember(storage, ["Ana", "Bé"])
    ana, be = (roster.by_name(roster.load(storage), n)["id"] for n in ("Ana", "Bé"))
    shared = {"game": "abyss", "date": "2026-11-30T10:00:00Z", "names": ["Ana", "Bé"]}
    store.add_history(storage, {**shared, "scores": [40, 10], "winners": [1], "players": [ana, be]})
    context, page, watch = open_app(browser, site_url, 360, 640, reduced_motion="reduce")
    try:
        page.evaluate(
            "data => { for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v); }",
            storage.data,
        )
        reload(page)
        app_action(page, "go", "players")
        app_action(page, "player", f"merge:{be}")
        app_action(page, "player", f"merge-into:{be}:{ana}")
        assert "Bé and Ana sat at the same table" in text_of(page, ".player-list")
        both_sizes(page, artifacts, "players-merge-ask")
        axe(page, "the merge question")
        tap(page, f'[data-arg="merge-yes:{be}:{ana}"]')
        page.wait_for_function("() => !document.querySelector('.player-list [role=alert]')")
        app_action(page, "back")
        app_action(page, "go", "stats")
        assert "100%" in text_of(page, "table.stats")
        watch.assert_clean()
    finally:
        context.close()

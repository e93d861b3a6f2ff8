"""The app around the tables: languages, settings, rules, records, a corrupt save."""

from __future__ import annotations

import json
from pathlib import Path

from e2e.helpers import app_action, axe, both_sizes, handled, live, open_app, reload, save_of
from e2e.tables_helpers import import_record

#: Text that is the same in every language: the app's and games' names, language names.
SAME_EVERYWHERE = {
    "Tapete",
    "Carta robada",
    "English",
    "Español",
    "Français",
    "‹",
    "☰",
    "♠Tapete",
    "+",
    "−",
}
#: Words French and English share.
SAME_IN_FRENCH = {"Options", "Menu", "Total", "Scores", "Animations", "Vibration", "Normales"}


def lines(page) -> set[str]:
    """The visible lines of the app that hold words (numbers and symbols are the
    same in every language)."""
    found = {line.strip() for line in page.inner_text("#app").splitlines()}
    return {line for line in found if any(ch.isalpha() and ch.isascii() for ch in line)}


def set_lang(page, lang: str) -> None:
    if not page.locator('#app [data-action="go"][data-arg="settings"]').count():
        app_action(page, "back")
    app_action(page, "go", "settings")
    app_action(page, "set", f"lang={lang}")


def test_switching_language_changes_every_visible_string(
    browser, site_url: str, artifacts: Path
) -> None:
    context, page, watch = open_app(browser, site_url, 360, 640)
    try:
        screens = {}
        for lang in ("en", "es", "fr"):
            set_lang(page, lang)
            app_action(page, "back")
            seen = {"home": lines(page)}
            app_action(page, "go", "settings")
            seen["settings"] = lines(page)
            app_action(page, "back")
            app_action(page, "new", "abyss")
            seen["setup"] = lines(page)
            app_action(page, "start")
            seen["table"] = lines(page)
            both_sizes(page, artifacts, f"abyss-start-2p-{lang}")
            app_action(page, "sheet", "menu")
            app_action(page, "quit")
            seen["quit"] = lines(page)
            app_action(page, "quit-yes")
            screens[lang] = seen
            assert page.evaluate("() => document.documentElement.lang") == lang
        for lang in ("es", "fr"):
            allowed = SAME_EVERYWHERE | (SAME_IN_FRENCH if lang == "fr" else set())
            for name, english in screens["en"].items():
                left = (english & screens[lang][name]) - allowed
                assert not left, f"{lang} {name}: still English: {sorted(left)}"
        watch.assert_clean()
    finally:
        context.close()


def test_settings_rules_records_and_a_corrupt_save(browser, site_url: str, artifacts: Path) -> None:
    context, page, watch = open_app(browser, site_url, 390, 844)
    try:
        app_action(page, "go", "settings")
        both_sizes(page, artifacts, "settings")
        axe(page, "settings")
        app_action(page, "set", "theme=dark")
        assert page.get_attribute("html", "data-theme") == "dark"
        both_sizes(page, artifacts, "settings-dark")
        app_action(page, "set", "motion=off")
        assert page.get_attribute("html", "data-motion") == "off"
        app_action(page, "set", "theme=system")
        app_action(page, "set", "motion=system")

        app_action(page, "back")
        app_action(page, "rules", "abyss")
        assert "Swallowed column" in page.inner_text(".prose")
        both_sizes(page, artifacts, "rules-abyss")
        axe(page, "rules")
        set_lang(page, "es")
        app_action(page, "back")
        app_action(page, "rules", "abyss")
        assert "engull" in page.inner_text(".prose")
        both_sizes(page, artifacts, "rules-abyss-es")
        app_action(page, "rules", "dice_bid")
        both_sizes(page, artifacts, "rules-dice_bid-es")
        set_lang(page, "en")

        app_action(page, "back")
        app_action(page, "go", "records")
        both_sizes(page, artifacts, "records")
        axe(page, "records")

        # A game in progress, then its save damaged behind the app's back.
        app_action(page, "back")
        app_action(page, "new", "abyss")
        app_action(page, "start")
        page.locator("#app [data-move]:not([disabled])").first.click()
        record = save_of(page)
        page.locator("#app [data-move]:not([disabled])").first.click()
        record["actions"].append([0, "flip:99"])
        page.evaluate("(t) => localStorage.setItem('tapete.save', t)", json.dumps(record))
        reload(page)
        assert page.locator(".card-panel.warn").count() == 1
        both_sizes(page, artifacts, "home-broken-save")
        axe(page, "home with a broken save")
        app_action(page, "drop-broken")
        assert page.locator(".card-panel.warn").count() == 0
        app_action(page, "new", "abyss")
        app_action(page, "start")
        assert page.locator(".grid.big").count() == 1

        # Export, then import the record: the same game, resumed.
        record = save_of(page)
        page.locator("#app [data-move]:not([disabled])").first.click()
        record = save_of(page)
        app_action(page, "home")
        import_record(page, record)
        both_sizes(page, artifacts, "records-imported")
        app_action(page, "import-replay")
        app_action(page, "step", "next")
        assert "Move 1 of 1" in page.inner_text(".replay-pos")
        both_sizes(page, artifacts, "replay")
        app_action(page, "step", "start")
        # The replay's Back leads to the records it was opened from, and says so.
        back = page.get_attribute('#app [data-action="home"]', "title")
        assert back == "Back to the game records"
        app_action(page, "home")
        page.wait_for_selector("#app input[data-field=import]", state="attached")
        page.set_input_files(
            "input[data-field=import]",
            files=[{"name": "bad.json", "mimeType": "application/json", "buffer": b"{not json"}],
        )
        page.wait_for_selector(".card-panel.warn")
        watch.assert_clean()
    finally:
        context.close()


def test_keyboard_play_and_the_back_button(browser, site_url: str) -> None:
    context, page, watch = open_app(browser, site_url, 390, 844)
    try:
        inside = "() => document.getElementById('app').contains(document.activeElement)"
        app_action(page, "new", "abyss")
        assert page.evaluate(inside), "a new screen takes the focus to its first thing"
        app_action(page, "start")
        assert page.evaluate(inside)
        focused = "() => document.activeElement && document.activeElement.dataset.action || ''"
        for flips in (1, 2):
            for _ in range(60):
                page.keyboard.press("Tab")
                if page.evaluate(focused).startswith("flip:"):
                    break
            page.keyboard.press("Enter")
            assert len(save_of(page)["actions"]) == flips
        # The focus stays in the table after a move: Enter again plays the next card
        # (Ben's, once his grid is live: Ana's last flip stays drawn large while he is held).
        live(page)
        assert page.evaluate(focused).startswith("flip:")
        page.keyboard.press("Enter")
        assert len(save_of(page)["actions"]) == 3
        # Escape closes a sheet first; the back button leaves the table, not the game.
        app_action(page, "sheet", "history")
        page.keyboard.press("Escape")
        assert page.locator(".sheet").count() == 0
        page.go_back()
        page.wait_for_selector(".continue")
        app_action(page, "continue")
        assert len(save_of(page)["actions"]) == 3
        watch.assert_clean()
    finally:
        context.close()


def test_taps_on_empty_space_and_keys_raise_no_error(page, watch) -> None:
    """The delegated listener sees every tap: one that lands on no control (JS
    ``closest`` answers null) must be ignored quietly, and so must focus moves."""
    page.mouse.click(3, 3)
    page.keyboard.press("Tab")
    page.keyboard.press("Escape")
    page.mouse.click(195, 838)
    handled(page)
    assert page.locator("html[data-ready]").count() == 1
    watch.assert_clean()


SYNC_CASES = [
    # (before, after): tags kept, changed, added, removed; attributes and text.
    (
        '<div class="a" data-x="1"><span>1</span><b>2</b></div>',
        '<div class="b"><span>3</span>t<i>4</i><p></p></div>',
    ),
    ("<ul><li>1</li><li>2</li><li>3</li></ul>", '<ul><li hidden="">1</li></ul>'),
    ("<p>text</p>", '<p><button disabled="">go</button> and text</p>'),
    (
        '<section id="s"><h2>A</h2></section><div></div>',
        '<div id="s2">x</div><section><h2 class="c">B</h2></section>',
    ),
]


def test_the_table_patcher_writes_exactly_the_new_html(page) -> None:
    """web/shell/sync.js's positional patcher (every redraw within a table goes through it)
    leaves the page equal to the HTML it was given, keeping the nodes whose tag held."""
    results = page.evaluate(
        """(cases) => cases.map(([before, after]) => {
            const box = document.createElement("div");
            box.innerHTML = before;
            const first = box.firstElementChild;
            window.tapeteSyncContent(box, after);
            const expected = document.createElement("template");
            expected.innerHTML = after;
            const kept = first.nodeName === expected.content.firstElementChild.nodeName;
            return [box.innerHTML === expected.innerHTML, !kept || box.firstElementChild === first];
        })""",
        SYNC_CASES,
    )
    assert results == [[True, True]] * len(SYNC_CASES)
    regions = page.evaluate(
        """() => {
            const box = document.createElement("div");
            box.innerHTML = '<p id="r1">a</p><span>keep</span><p id="r2" class="x">b</p>';
            document.body.appendChild(box);
            const ok = window.tapeteSyncRegions(["r1", "r2"], '<p id="r1">A</p><p id="r2">B</p>');
            const missing = window.tapeteSyncRegions(
                ["r1", "nope"], '<p id="r1">C</p><p id="nope"></p>'
            );
            const html = box.innerHTML;
            box.remove();
            return [ok, missing, html];
        }"""
    )
    assert regions == [True, False, '<p id="r1">A</p><span>keep</span><p id="r2">B</p>']


def test_the_patcher_draws_a_new_screens_fields_as_its_html_says(page) -> None:
    """Every frame goes through the positional patcher, a new screen too: a kept
    <input> shows the value the new HTML gives it, not what was typed into the
    field drawn there before, and the focus follows its control's id."""
    seen = page.evaluate(
        """() => {
            const box = document.createElement("div");
            box.innerHTML = '<input id="a" value=""><button id="b">B</button>'
                + '<button id="c">C</button>';
            document.body.appendChild(box);
            box.querySelector("#a").value = "typed on the screen before";
            box.querySelector("#c").focus();
            window.tapeteSyncContent(box, '<input id="z" value="Ana"><button id="c">C</button>');
            const shown = box.querySelector("input").value;
            const focused = document.activeElement.id;
            box.remove();
            return [shown, focused];
        }"""
    )
    assert seen == ["Ana", "c"]

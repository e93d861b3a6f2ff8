"""Button labels at phone size in the three languages: a label wraps between its
words or not at all (a French "Fermer" once broke as "Ferme / r" beside a long
sheet title), on every sheet of each table and on each title's new-game form,
where Start is in reach without scrolling."""

from __future__ import annotations

import pytest

from e2e.helpers import PHONES, app_action, assert_fits, clock_idle, live, open_app, shoot

LANGS = ("en-US", "fr-FR", "es-ES")
GAMES = ("abyss", "carta_robada", "dice_bid")

#: Every word of every visible button under ``sel`` that its lines cut in two:
#: the word's range has boxes on more than one line.
BROKEN = """(sel) => {
    const out = [];
    for (const el of document.querySelectorAll(sel)) {
        if (!el.getClientRects().length) continue;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const m of node.data.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, m.index);
                range.setEnd(node, m.index + m[0].length);
                const lines = new Set([...range.getClientRects()]
                    .filter((b) => b.width > 0).map((b) => Math.round(b.top)));
                if (lines.size > 1) out.push(`${el.id || el.dataset.action}: ${m[0]}`);
            }
        }
    }
    return out;
}"""


def assert_words_whole(page, sel: str, where: str) -> None:
    broken = page.evaluate(BROKEN, sel)
    size = page.viewport_size
    assert not broken, f"{where} at {size['width']}x{size['height']}: {broken}"


#: The sheets a table opens now: ``data-arg`` of its visible sheet controls.
OPENERS = """(sel) => [...document.querySelectorAll(sel)]
    .filter((e) => e.getClientRects().length && e.dataset.arg)
    .map((e) => e.dataset.arg)"""


def sheets_of_the_table(page) -> list[str]:
    """The sheets the table opens (its own controls), then those of its menu."""
    names = page.evaluate(OPENERS, '#app [data-action="sheet"]')
    app_action(page, "sheet", "menu")
    names += page.evaluate(OPENERS, '#app .sheet [data-action="sheet"]')
    close_sheet(page)
    return list(dict.fromkeys(name for name in names if name != "menu"))


def open_sheet(page, name: str) -> None:
    """Open the sheet ``name`` from the table, else from its menu."""
    if page.evaluate(OPENERS, f'#app [data-action="sheet"][data-arg="{name}"]'):
        page.locator(f'#app [data-action="sheet"][data-arg="{name}"]:visible').first.click()
    else:
        app_action(page, "sheet", "menu")
        page.locator(f'#app .sheet [data-action="sheet"][data-arg="{name}"]').first.click()
    live(page)


def close_sheet(page) -> None:
    page.locator('#app .sheet-head [data-action="sheet"]').first.click()
    live(page)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", GAMES)
def test_no_button_label_breaks_inside_a_word(browser, site_url, artifacts, game_id, lang):
    context, page, _watch = open_app(browser, site_url, 360, 640, lang, clock="fast")
    try:
        app_action(page, "new", game_id)
        page.fill("#name-0", "Ana")
        for width, height in PHONES:
            page.set_viewport_size({"width": width, "height": height})
            assert_words_whole(page, "#app .btn", f"{game_id} setup")
            # the first visit's form (a lesson offer on top): Start in reach unscrolled
            start = page.locator('#app [data-action="start"]').bounding_box()
            assert start is not None and start["y"] + start["height"] <= height, start
            shoot(page, artifacts, f"label-fit-{game_id}-setup-{lang[:2]}", full=False)
        page.set_viewport_size({"width": 360, "height": 640})
        app_action(page, "start")
        page.wait_for_selector(".screen-table")
        clock_idle(page)
        for name in ["menu", *sheets_of_the_table(page)]:
            open_sheet(page, name)
            page.wait_for_selector(f"#app .sheet-{name}")
            for width, height in PHONES:
                page.set_viewport_size({"width": width, "height": height})
                assert_words_whole(page, "#app .sheet .btn", f"{game_id}'s {name} sheet")
                assert_fits(page, f"{game_id}'s {name} sheet")
                shoot(page, artifacts, f"label-fit-{game_id}-{name}-{lang[:2]}", full=False)
            page.set_viewport_size({"width": 360, "height": 640})
            close_sheet(page)
    finally:
        context.close()

"""The Rules screens at 360x640 in every language (the Rules screens are
written for players): each game's page opens with its quick start, on the first screen
and no taller than one screen, and no card picture sticks out or is cut."""

from __future__ import annotations

from pathlib import Path

import engine
from e2e.helpers import app_action, assert_fits, axe, open_app, shoot
from web.core.i18n import LANGS

#: The geometry of a rules page, measured in the browser: where the quick start lies
#: (from its heading to the "Learn to play" button after it, or the next heading), and
#: every card picture's parts that do not lie wholly inside their picture and the
#: screen's width.
MEASURE = """() => {
    const width = document.documentElement.clientWidth;
    const prose = document.querySelector('#app article.prose');
    const heads = [...prose.querySelectorAll('h3')];
    const quick = prose.querySelector('#r-quick-start');
    const next = heads[heads.indexOf(quick) + 1];
    // "Learn to play" stands between the quick start and the next heading: not part of it
    const learn = prose.querySelector('.lesson-learn');
    const end = learn && (quick.compareDocumentPosition(learn) & Node.DOCUMENT_POSITION_FOLLOWING)
        ? learn : next;
    const figs = [...quick.parentElement.querySelectorAll('.rb-fig')]
        .filter(f => next && (f.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING));
    const clipped = [];
    for (const fig of prose.querySelectorAll('.rb-fig')) {
        const box = fig.getBoundingClientRect();
        if (fig.scrollWidth > fig.clientWidth + 0.5) clipped.push('a picture scrolls sideways');
        for (const part of fig.querySelectorAll('.rb-card, .rb-die, .rb-text, figcaption')) {
            const b = part.getBoundingClientRect();
            if (b.left < Math.max(0, box.left) - 0.5 || b.right > Math.min(width, box.right) + 0.5)
                clipped.push(`${part.className} "${part.textContent}": ${b.left}..${b.right}`);
        }
    }
    const top = quick.getBoundingClientRect().top;
    return {
        lang: prose.lang,
        first: heads[0] && heads[0].id,
        top, height: end.getBoundingClientRect().top - top,
        figures: figs.length,
        figBottom: Math.max(...figs.map(f => f.getBoundingClientRect().bottom)),
        viewport: window.innerHeight, scrollY: window.scrollY, clipped,
    };
}"""


def test_every_rules_page_opens_with_its_quick_start_and_fits_a_small_phone(
    browser, site_url: str, artifacts: Path
) -> None:
    context, page, watch = open_app(browser, site_url, 360, 640)
    try:
        for lang in LANGS:
            app_action(page, "go", "settings")
            app_action(page, "set", f"lang={lang}")
            app_action(page, "back")
            for game_id in engine.GAME_IDS:
                app_action(page, "rules", game_id)
                page.wait_for_selector(
                    f'#app [data-action="rules"][data-arg="{game_id}"][aria-pressed="true"]'
                )
                page.wait_for_selector(f'#app article.prose[lang="{lang}"] #r-quick-start')
                got = page.evaluate(MEASURE)
                where = f"{game_id} in {lang}"
                assert got["lang"] == lang, where
                # The quick start is the page's first section, seen without scrolling,
                # its card pictures too, and the whole of it fits one screen.
                assert got["first"] == "r-quick-start", where
                assert got["scrollY"] == 0 and 0 <= got["top"] < 300, (where, got)
                assert got["figures"] >= 1, where
                assert got["figBottom"] <= got["viewport"], (where, got)
                assert got["height"] <= got["viewport"], (where, got)
                assert not got["clipped"], (where, got["clipped"])
                assert_fits(page, f"rules {where}")
                shoot(page, artifacts, f"rules-{game_id}-{lang}", full=False)
            app_action(page, "back")
        axe(page, "home after the rules")
        app_action(page, "rules", "carta_robada")
        axe(page, "rules of carta robada")
        watch.assert_clean()
    finally:
        context.close()

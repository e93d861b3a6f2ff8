"""Statistics and each game's table as a colour-blind player sees them: the page through an
SVG filter with Machado et al.'s simulation matrix for each dichromacy
(tests/colour_vision.py; feColorMatrix works in linear RGB, as the model asks),
photographed to be looked at (TAPETE_SHOTS=1), with the chart's lines (drawn once
someone has won) still told apart by their legend's markers."""

from __future__ import annotations

from e2e.helpers import app_action, open_app, shoot
from e2e.test_players import one_game
from tests.colour_vision import DICHROMACY

#: Puts the page behind the filter ``values`` (a 4x5 matrix): built in the DOM, as the
#: production CSP allows no inline style sheet.
FILTER_JS = """values => {
    const ns = 'http://www.w3.org/2000/svg';
    let svg = document.getElementById('cvd-sim');
    if (!svg) {
        svg = document.createElementNS(ns, 'svg');
        svg.id = 'cvd-sim';
        svg.setAttribute('width', '0'); svg.setAttribute('height', '0');
        svg.style.position = 'absolute';
        svg.innerHTML = '<filter id="cvd-filter"><feColorMatrix type="matrix"/></filter>';
        document.body.appendChild(svg);
    }
    svg.querySelector('feColorMatrix').setAttribute('values', values);
    document.documentElement.style.filter = values ? 'url(#cvd-filter)' : '';
    return getComputedStyle(document.documentElement).filter;
}"""


#: The class each game's table carries on its <main>.
TABLE_CLASS = {"abyss": "abyss", "carta_robada": "carta", "dice_bid": "dice"}


def simulate(page, vision: str) -> None:
    rows = [[*row, 0, 0] for row in DICHROMACY[vision]] + [[0, 0, 0, 1, 0]]
    values = " ".join(str(v) for row in rows for v in row)
    assert "cvd-filter" in page.evaluate(FILTER_JS, values)


def test_statistics_and_a_table_through_simulated_colour_blindness(
    browser, site_url: str, artifacts
) -> None:
    context, page, watch = open_app(
        browser, site_url, 360, 640, clock="fast", reduced_motion="reduce"
    )
    try:
        one_game(page, "Ana")
        one_game(page, "Ben")
        app_action(page, "go", "stats")
        keys = page.eval_on_selector_all(
            ".chart-legend li", "els => els.map(e => e.textContent.trim())"
        )
        # each line's key is its own marker beside its name, whatever its colour
        assert len({k.split()[0] for k in keys}) == len(keys), keys
        for vision in DICHROMACY:
            simulate(page, vision)
            shoot(page, artifacts, f"stats-{vision}")
        page.evaluate(FILTER_JS, "")
        app_action(page, "back")
        for game_id in ("abyss", "carta_robada", "dice_bid"):
            app_action(page, "new", game_id)
            app_action(page, "start")
            if game_id != "abyss":  # the table left just before is still in progress
                app_action(page, "abandon-yes")
            page.wait_for_selector(f"main.table.{TABLE_CLASS[game_id]}")
            for vision in DICHROMACY:
                simulate(page, vision)
                shoot(page, artifacts, f"{game_id}-{vision}")
            page.evaluate(FILTER_JS, "")
            app_action(page, "home")
        watch.assert_clean()
    finally:
        context.close()

"""Statistics and each game's table as a colour-blind player sees them: the page through an
SVG filter with Machado et al.'s simulation matrix for each dichromacy
(tests/colour_vision.py; feColorMatrix works in linear RGB, as the model asks),
photographed to be looked at (TAPETE_SHOTS=1), with the chart's three lines still
told apart by their legend's markers, and Carta robada's
marks and blocked discard (all at once: tests/carta_marks.py) each with its sign in
the page as drawn."""

from __future__ import annotations

import json

from e2e.helpers import app_action, open_app, restart, shoot
from tests.carta_marks import GAME, NAMES, every_mark
from tests.colour_vision import DICHROMACY
from tests.test_web_not_by_colour import SIGNS, _Coloured
from tests.test_web_players import new_app, play_out, start
from web.core.store import MemoryStorage

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


def played_games() -> dict[str, str]:
    """The storage of an app in which Ana, Ben and Cleo played four games of Abyss
    (random moves, on CPython): each of them has a line on the Statistics chart."""
    app = new_app()
    for seed in range(4):
        start(app, "abyss", ["Ana", "Ben", "Cleo"])
        play_out(app, seed)
        app.handle("home")
    assert isinstance(app.storage, MemoryStorage)
    return dict(app.storage.data)


def test_statistics_and_a_table_through_simulated_colour_blindness(
    browser, site_url: str, artifacts
) -> None:
    context, page, watch = open_app(
        browser, site_url, 360, 640, clock="fast", reduced_motion="reduce"
    )
    try:
        restart(page, played_games())
        app_action(page, "go", "stats")
        keys = page.eval_on_selector_all(
            ".chart-legend li", "els => els.map(e => e.textContent.trim())"
        )
        # each line's key is its own marker beside its name, whatever its colour
        assert len(keys) == 3 and len({k.split()[0] for k in keys}) == len(keys), keys
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


def test_carta_robadas_marks_through_simulated_colour_blindness(
    browser, site_url: str, artifacts
) -> None:
    """Each of the four marks (Disrupción, Remolino, Manipulación, Espía) and a
    blocked discard on one table, as the page draws them: each coloured element
    carries its own sign, then the table through each filter."""
    context, page, watch = open_app(
        browser, site_url, 360, 640, clock="paused", reduced_motion="reduce"
    )
    try:
        seats = [{"name": NAMES[0], "kind": "human", "level": None}] + [
            {"name": name, "kind": "bot", "level": "medium"} for name in NAMES[1:]
        ]
        record = GAME.dump(every_mark())
        record.update(app="tapete", seats=seats, started="", recorded=False)
        restart(page, {"tapete.save": json.dumps(record)})
        page.wait_for_selector("main.table.carta")
        signs = SIGNS["carta_robada"]
        parser = _Coloured(list(signs))
        parser.feed(page.inner_html("#app"))
        for pattern, words in parser.found:
            assert signs[pattern] in words, f"{pattern} drawn without {signs[pattern]}: {words!r}"
        assert {pattern for pattern, _ in parser.found} == set(signs)
        for vision in DICHROMACY:
            simulate(page, vision)
            shoot(page, artifacts, f"carta_robada-marks-{vision}")
        page.evaluate(FILTER_JS, "")
        shoot(page, artifacts, "carta_robada-marks")
        watch.assert_clean()
    finally:
        context.close()

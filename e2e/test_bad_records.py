"""A record or a save that cannot be opened says why in the player's language
(French and Spanish here), at 360x640 and 390x844: the import screen's reason
under its heading, and Home's damaged saved game at the next start."""

from __future__ import annotations

import json

import engine
from e2e.helpers import axe, both_sizes, open_app, reload
from e2e.tables_helpers import import_record
from web.core.i18n import Tr

ABYSS = engine.GAMES["abyss"]


def damaged_record() -> dict:
    """An Abyss record whose fourth action cannot be played."""
    state = ABYSS.new(2, 3)
    for _ in range(3):
        seat = ABYSS.actors(state)[0]
        state = ABYSS.apply(state, seat, ABYSS.legal(state, seat)[0])
    data = ABYSS.dump(state)
    data["actions"].append([0, "flip:99"])
    return data


def test_a_damaged_record_and_save_say_why_in_the_players_language(
    browser, site_url: str, artifacts
) -> None:
    context, page, watch = open_app(browser, site_url, 360, 640, langs="fr-FR")
    try:
        data = damaged_record()
        import_record(page, data, opens=False)
        panel = page.locator(".card-panel.warn")
        panel.wait_for()
        fr = Tr("fr")
        assert panel.locator("h2").inner_text() == fr("records.bad")
        assert panel.locator("p").inner_text() == fr("bad.illegal", move=4)
        assert panel.locator("code").count() == 0  # no English left
        both_sizes(page, artifacts, "records-bad-fr")
        axe(page, "a record that cannot be opened")

        # The same damage in the saved game, read at the next start, in Spanish.
        page.evaluate(
            "(t) => { localStorage.setItem('tapete.save', t);"
            " localStorage.setItem('tapete.settings', JSON.stringify({lang: 'es'})); }",
            json.dumps({**data, "version": 99}),
        )
        reload(page)
        panel = page.locator(".card-panel.warn")
        es = Tr("es")
        assert es("save.broken.title") in panel.inner_text()
        assert es("bad.newer") in panel.inner_text()
        assert "newer" not in panel.inner_text()
        both_sizes(page, artifacts, "home-broken-save-es")
        axe(page, "home with a save from a newer version")
        watch.assert_clean()
    finally:
        context.close()

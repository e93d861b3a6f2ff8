"""Every screen the app draws obeys the page's Content-Security-Policy
(index.html: no inline style or script): no ``style=`` attribute, no inline event
handler, no ``<script>``, no ``javascript:`` URL. The browser refuses such markup
(an inline style loses its look and logs a console error), and most e2e tests
open pages with the policy off for axe, so they cannot see it: this tour renders
every screen and many table moments, sheets open, in each language."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tests.test_web_carta_robada import buttons
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import store
from web.core.i18n import LANGS
from web.core.model import Seat

#: Markup the policy refuses (attribute names are case-insensitive in HTML).
REFUSED = re.compile(r"""\sstyle\s*=|\son[a-z]+\s*=|<script|javascript:""", re.I)
#: Controls that leave the table or the app (the tour visits screens itself).
#: How Home reaches every other screen (web/ui/screens/page.py's render_app).
NAVIGATION = [
    ("go", "history"),
    ("go", "stats"),
    ("go", "players"),
    ("go", "records"),
    ("go", "settings"),
    ("lab", "open"),
    *((what, game_id) for game_id in ENTRIES for what in ("new", "rules")),
]
LEAVING = ("home", "go", "quit", "export", "rules", "new", "rematch", "lab")


def check(app: App, where: str) -> None:
    page = app.render()
    found = REFUSED.search(page)
    assert found is None, f"{where}: {page[max(0, found.start() - 80) : found.end() + 80]!r}"


def tour_table(app: App, game_id: str, rng: random.Random, steps: int) -> None:
    """A game with one human and two bots, tapped at random (sheets and menus
    included) and then played out by the bots; every drawing checked."""
    seats = [Seat("Ana <b>"), Seat("Bot", "bot", "hard"), Seat("Bot 2", "bot", "easy")]
    app.start(game_id, seats, {})
    for step in range(steps):
        table = app.table
        assert table is not None
        check(app, f"{game_id} step {step}")
        if table.game.result(table.state) is not None:
            return
        app.release()
        seat = app.bot_turn()
        offered = [
            b
            for b in buttons(app.render())
            if b.get("data-action", "").split(":")[0] not in LEAVING
        ]
        if seat is not None and (not offered or rng.random() < 0.6):
            app.bot_play(seat, table.state.moves)
        elif offered:
            b = rng.choice(offered)
            if "data-move" in b:
                app.play(int(b["data-seat"]), b["data-action"], int(b["data-move"]))
            else:
                app.handle(b["data-action"], b.get("data-arg"))


@pytest.mark.parametrize("lang", LANGS)
def test_no_screen_carries_markup_the_policy_refuses(lang: str) -> None:
    rng = random.Random(7)
    app = App(store.MemoryStorage(), [lang], lambda: 11, ENTRIES)
    for game_id in ENTRIES:
        tour_table(app, game_id, rng, 400)
    # Every other screen, reached by its button, with a History (and its
    # statistics) behind it; on each, every control tapped once.
    for action, arg in NAVIGATION:
        app.handle("home", None)
        app.handle(action, arg)
        where = f"{action} {arg}"
        check(app, where)
        for b in buttons(app.render()):
            if b.get("data-action") in ("home", "back", "quit", "export") or "data-move" in b:
                continue
            app.handle(action, arg)
            app.handle(b["data-action"], b.get("data-arg"))
            check(app, f"{where}, then {b['data-action']} {b.get('data-arg')}")


def test_the_check_sees_an_inline_style() -> None:
    """The pattern is not vacuous: it finds what the policy refuses."""
    for bad in (
        '<i style="color:red">',
        "<b onclick='x()'>",
        "<SCRIPT>",
        '<a href="javascript:x">',
    ):
        assert REFUSED.search(bad)
    assert not REFUSED.search('<svg><rect fill="#f2c14e" class="key"/></svg><p data-style="x">')


#: index.html, as tools/build.py fills it in.
INDEX = Path(__file__).resolve().parent.parent / "index.html"


def policy() -> dict[str, list[str]]:
    found = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', INDEX.read_text())
    assert found, "index.html has no Content-Security-Policy"
    directives = (part.split() for part in found.group(1).split(";") if part.strip())
    return {name: values for name, *values in directives}


def test_the_page_lets_pyscripts_worker_start_and_nothing_more() -> None:
    """The app's Python runs in PyScript's worker, which starts from a blob: URL: the
    policy allows workers from blob: and changes nothing else (no 'unsafe-eval', no
    script from blob:)."""
    found = policy()
    assert found["worker-src"] == ["'self'", "blob:"]
    assert found["script-src"][:2] == ["'self'", "'wasm-unsafe-eval'"]
    assert "'unsafe-eval'" not in found["script-src"] and "blob:" not in found["script-src"]
    assert found["default-src"] == ["'self'"] and found["connect-src"] == ["'self'"]
    # No Python runs on the page: PyScript's script tag is gone.
    assert '<script type="py"' not in INDEX.read_text()

"""The ways around a camera on the linking screens (a scan button beside every code
field, every code shareable as text) and the "Playing on several phones" help
page: in three languages, reachable from Home, the linking screens and each
game's rules page, and left by Back to where it was opened."""

from __future__ import annotations

import re

import pytest

from tests.test_web_linkcode import OFFER
from tools import rulebook
from web.app.controller import App
from web.app.midend import MidEnd
from web.app.registry import ENTRIES
from web.core import linkcode, rulepages, store
from web.core.i18n import LANGS

ANSWER = OFFER.replace("actpass", "active")


@pytest.fixture(autouse=True)
def help_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    """The help pages as the build renders them into the archive (run from the
    sources, the app has only the Markdown)."""
    pages = rulebook.help_sources()
    monkeypatch.setattr(rulepages, "_HTML", {})
    real = rulepages._read

    def read(page: str, lang: str) -> str | None:
        text = pages.get((page, lang))
        return rulebook.to_html(text) if text is not None else real(page, lang)

    monkeypatch.setattr(rulepages, "_read", read)


def hosting() -> tuple[App, MidEnd]:
    """The host's links screen for a dice game: Ana here, Ben on another phone."""
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    mid = MidEnd(app)
    mid.handle("phones", "host")
    mid.handle("phones", "new:dice_bid")
    mid.field("name", "1", "Ben")
    mid.handle("seat-kind", "1")
    mid.handle("start")
    mid.offered(1, OFFER)
    assert app.screen == "lobby"
    return app, mid


def joining() -> tuple[App, MidEnd]:
    """A guest's join screen, before the host's code is read."""
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    mid = MidEnd(app)
    mid.handle("phones", "join")
    return app, mid


def control(html: str, action: str) -> list[tuple[str, str]]:
    """(data-arg, text) of each button of ``action``."""
    found = re.findall(
        rf'<button[^>]*data-action="{action}"(?:[^>]*data-arg="([^"]*)")?[^>]*>(.*?)</button>', html
    )
    return [(arg, text) for arg, text in found]


def test_the_host_can_scan_each_phone_code_or_share_its_own_as_text() -> None:
    app, _mid = hosting()
    html = app.render()
    assert control(html, "phones-scan") == [("1", "Scan Ben&#x27;s code")]
    assert control(html, "phones-share") == [(linkcode.pack(OFFER), "Share the code")]


def test_a_guest_can_scan_the_host_code_then_share_its_own_as_text() -> None:
    app, mid = joining()
    assert control(app.render(), "phones-scan") == [("host", "Scan the code")]
    mid.field("linkcode", "host", linkcode.pack(OFFER))
    mid.handle("phones", "read")
    html = mid.answered(ANSWER).html or ""
    assert control(html, "phones-share") == [(linkcode.pack(ANSWER), "Share the code")]


def test_a_refused_camera_says_to_paste_and_how_the_other_phone_sends_the_code() -> None:
    app, mid = joining()
    app.notice = ("phones.no_camera", {})
    html = mid.handle("phones", "noop").html or ""
    assert "it was refused: paste the code instead" in html
    assert "“Share the code”" in html
    assert 'id="code-host"' in html  # the field to paste into is still there


@pytest.mark.parametrize("opened", ["home", "lobby", "join"])
def test_the_help_page_opens_from_home_and_the_linking_screens_and_back_returns(
    opened: str,
) -> None:
    """Back from the help page must not lose a link being made."""
    if opened == "lobby":
        app, mid = hosting()
    elif opened == "join":
        app, mid = joining()
    else:
        app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
        mid = MidEnd(app)
    assert ("phones", "How to play on several phones") in control(app.render(), "rules")
    html = mid.handle("rules", "phones").html or ""
    assert app.screen == "rules"
    # Under the games' tabs, none of them pressed: a small phone's row of tabs stays one row.
    assert 'aria-pressed="true"' not in html and "Abyss" in html
    assert "When a phone cannot connect" in html
    mid.handle("back")
    assert app.screen == opened


@pytest.mark.parametrize("game_id", sorted(ENTRIES))
def test_every_game_rules_page_points_to_the_phones_help(game_id: str) -> None:
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    html = MidEnd(app).handle("rules", game_id).html or ""
    pointer = html[html.index('class="card-panel note phones-help"') :]
    assert "what to do when a phone cannot connect" in pointer
    assert ("phones", "How to play on several phones") in control(pointer, "rules")


def test_the_help_page_is_in_every_language_with_the_same_sections() -> None:
    pages = rulebook.help_sources()
    assert {lang for topic, lang in pages if topic == "phones"} == set(LANGS)
    assert {topic for topic, _lang in pages} == set(rulepages.HELP_PAGES)  # each is shown
    sections = {lang: re.findall(r"\{#([a-z-]+)\}", text) for (topic, lang), text in pages.items()}
    assert all(found == sections["en"] for found in sections.values()), sections
    assert sections["en"] == ["before", "host", "join", "no-camera", "table-ends", "cannot-connect"]
    english = pages["phones", "en"]
    for advice in ("same network", "hotspot", "mobile data off", "Allow the camera"):
        assert advice in english
    archive = rulebook.archive_pages()
    assert {f"web/core/rulebook/phones.{lang}.html" for lang in LANGS} <= set(archive)


def test_a_notice_about_the_camera_goes_once_the_code_is_pasted_and_read() -> None:
    """It said to paste the code: once pasted, it must not cover the guest's own code."""
    app, mid = joining()
    app.notice = ("phones.no_camera", {})
    mid.field("linkcode", "host", linkcode.pack(OFFER))
    html = mid.handle("phones", "read").html or ""
    assert "it was refused" not in html

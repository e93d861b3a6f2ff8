"""A browser with no WebRTC: both linking screens say at once that linking phones
does not work there and what does (one phone passed around), in every language,
instead of a "Preparing the code…" or "Linking…" that would never end."""

from __future__ import annotations

import pytest

from web.app import linking
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import store
from web.core.html import esc
from web.core.link import Joined
from web.core.model import Seat
from web.ui.screens import phones


def app_in(lang: str) -> App:
    app = App(store.MemoryStorage(), [lang], lambda: 3, ENTRIES)
    app.start("dice_bid", [Seat("Ana"), Seat("Ben")], {})
    return app


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_the_hosts_links_say_linking_does_not_work_here(lang: str) -> None:
    app = app_in(lang)
    linking.seat_phone(app, 1, "")  # its code not made yet
    app.link.unlinkable = True
    html = phones.lobby(app)
    assert esc(app.tr("phones.no_webrtc")) in html
    assert esc(app.tr("phones.preparing")) not in html
    assert 'role="alert"' in html
    app.link.unlinkable = False  # a browser with WebRTC: the code is on its way
    assert esc(app.tr("phones.preparing")) in phones.lobby(app)


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_a_guests_join_says_linking_does_not_work_here(lang: str) -> None:
    app = app_in(lang)
    app.link.joined = Joined(step="joining")
    app.link.unlinkable = True
    html = phones.join_screen(app)
    assert esc(app.tr("phones.no_webrtc")) in html
    assert esc(app.tr("phones.joining")) not in html
    app.link.joined = Joined()  # before any code: said at once too
    assert esc(app.tr("phones.no_webrtc")) in phones.join_screen(app)

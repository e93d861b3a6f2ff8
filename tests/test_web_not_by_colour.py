"""Nothing on a drawn screen is told apart by colour alone: in the HTML the app
renders through whole games, every element whose class gives it a colour that
means something (a Carta robada mark, a blocked discard, the zone whose turn it
is, the dice game's knocked-out and winning cards and its negative prize) also
carries its own sign or words, and no two such colours share one; every avatar's
disc carries its own shape."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tests.carta_marks import NAMES, every_mark
from tests.test_web_card_names import screens
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import roster, store
from web.core.model import Seat

#: Each colour-meaning class (a regex on the element's classes) and the sign or
#: words that must come with it, in its own text or its accessible name.
SIGNS = {
    "carta_robada": {
        r"\bmark-disrupcion\b": "▲",
        r"\bmark-remolino\b": "●",
        r"\bmark-manipulacion\b": "■",
        r"\bmark-espia\b": "◆",
        r"\bpile\b.*\bblocked\b": "⊘",
        r"\bzone turn\b": "▶",
    },
    "dice_bid": {
        r"\brev-card out\b": "✗",
        r"\brev-card\b.*\bwon\b": "♛",
        r"\bprize-card neg\b": "−",
    },
}
VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _Coloured(HTMLParser):
    """Every element whose classes match one of ``patterns``: the pattern, and
    the element's text (hidden signs included: they are on the screen) and name."""

    def __init__(self, patterns: list[str]) -> None:
        super().__init__()
        self.patterns = patterns
        self.open: list[tuple[str, str | None, list[str]]] = []
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        hit = next((p for p in self.patterns if re.search(p, a.get("class", ""))), None)
        if tag not in VOID:
            self.open.append((tag, hit, [a.get("aria-label", "")]))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            name, hit, words = self.open.pop()
            if self.open:
                self.open[-1][2].extend(words)
            if hit is not None:
                self.found.append((hit, " ".join(words)))
            if name == tag:
                return

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1][2].append(data)


@pytest.mark.parametrize("game_id", sorted(SIGNS))
def test_every_meaningful_colour_comes_with_its_own_sign(game_id, monkeypatch) -> None:
    signs = SIGNS[game_id]
    assert len(set(signs.values())) == len(signs)  # no two colours share a sign
    seen: set[str] = set()
    for app in screens(game_id, "en-GB", monkeypatch):
        parser = _Coloured(list(signs))
        parser.feed(app.render())
        for pattern, words in parser.found:
            assert signs[pattern] in words, f"{pattern} drawn without {signs[pattern]}: {words!r}"
            seen.add(pattern)
    # the game drew half of them at least (one game need not bring every mark)
    assert len(seen) >= len(signs) // 2, sorted(set(signs) - seen)


def test_every_carta_robada_mark_at_once_comes_with_its_sign() -> None:
    """A whole game need not bring every mark; this table holds them all (and a
    blocked discard, and Ana's turn), each with its sign."""
    app = App(store.MemoryStorage(), ["en-GB"], lambda: 3, entries=ENTRIES)
    seats = [Seat(NAMES[0])] + [Seat(name, "bot", "medium") for name in NAMES[1:]]
    app.start("carta_robada", seats, {})
    assert app.table is not None
    app.table.state = every_mark()
    signs = SIGNS["carta_robada"]
    parser = _Coloured(list(signs))
    parser.feed(app.render())
    for pattern, words in parser.found:
        assert signs[pattern] in words, f"{pattern} drawn without {signs[pattern]}: {words!r}"
    assert {pattern for pattern, _ in parser.found} == set(signs)


def test_every_avatar_disc_carries_its_own_shape() -> None:
    drawn = {shown: roster.avatar(shown) for shown in roster.AVATARS}
    shapes = {re.sub(r'fill="#[0-9a-fA-F]+"|#[0-9a-fA-F]{6}', "", svg) for svg in drawn.values()}
    assert len(shapes) == len(drawn)  # with every colour taken out, each still differs

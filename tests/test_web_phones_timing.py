"""A guest's cut in Carta robada, timed across two phones whose clocks differ.

A host's page and a guest's page, each a :class:`~web.app.wire.Wire` driven by
JSON events as its page sends them (``t``: that page's own clock), the link
between them a queue of the texts each asks its page to send. The guest's tap
says how long after the host's last screen arrived the finger came down; the
host places it after that screen's ``ping`` by the link's delay and that span
(``web.app.linking.tapped_at``), however late the tap itself travels.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.test_web_carta_robada import stacked
from web.app import linking
from web.app.registry import ENTRIES
from web.app.wire import Wire
from web.core import clock
from web.core.link import Joined
from web.core.model import Seat

#: The host's page clock when the cut opens, in ms.
OPEN = 100_000.0
#: How far behind the host's the guest's page clock reads: never used by the app,
#: which only ever sends spans measured on one clock.
SKEW = 61_234.5
BEN = 1


class Pair:
    """Ana on the host's phone, Ben on his own; both hold a 5 at position 0, and
    Ana discarded a 5 at :data:`OPEN`. The host's first screen for Ben leaves then,
    takes 100 ms to reach him, and his echo 100 ms to come back: a link of 0.2 s
    round trip, 0.1 s each way."""

    def __init__(self) -> None:
        self.seq = 0
        self.to_guest: list[str] = []
        self.to_host: list[str] = []
        self.host = Wire(ENTRIES, lambda: 7)
        self.host.start({"storage": {}, "languages": ["en"], "build": "b1", "t": OPEN})
        app = self.host.app
        opts = stacked([["5", "2", "3", "4"], ["5", "6", "7", "8"]], ["5", "9", "10", "1"])
        app.start("carta_robada", [Seat("Ana"), Seat("Ben")], opts)
        linking.seat_phone(app, BEN, "CODE")
        table = app.table
        assert table is not None
        assert app.play(0, "peek:2,3", table.state.moves)
        assert app.play(BEN, "peek:2,3", table.state.moves, "phone")
        assert app.play(0, "draw", table.state.moves)
        assert app.play(0, "discard", table.state.moves)
        app.release()  # (the hand-over's hold after a move is over)
        assert table.game.view(table.state, None)["cutters"] == [0, BEN]
        self.picture = table.state.moves  # the move count both may cut on
        self.guest = Wire(ENTRIES, lambda: 9)
        self.guest.start({"storage": {}, "languages": ["en"], "build": "b1", "t": OPEN - SKEW})
        self.guest.app.link.joined, self.guest.app.screen = Joined(step="linked"), "join"
        self.at_host(OPEN, type="linked", peer=str(BEN), kind="open", text="")
        self.reach_guest(OPEN + 100)
        self.reach_host(OPEN + 200)
        assert linking.lag(app.link.phones[BEN]) == pytest.approx(0.1)

    def at_host(self, t: float, **event: Any) -> dict[str, Any] | None:
        """An event on the host's page at ``t`` (its clock, ms); what it sends Ben is queued."""
        frame = self._dispatch(self.host, t, event)
        for request in frame["requests"] if frame else []:
            if request[:2] == ["send", str(BEN)]:
                self.to_guest.append(request[2])
        return frame

    def at_guest(self, t: float, **event: Any) -> dict[str, Any] | None:
        """An event on Ben's page when the host's clock reads ``t`` (his own reads
        :data:`SKEW` less); what it sends the host is queued."""
        frame = self._dispatch(self.guest, t - SKEW, event)
        for request in frame["requests"] if frame else []:
            if request[:2] == ["send", "host"]:
                self.to_host.append(request[2])
        return frame

    def reach_guest(self, t: float) -> None:
        """What the host sent Ben arrives, at ``t`` on the host's clock."""
        sent, self.to_guest = self.to_guest, []
        for text in sent:
            self.at_guest(t, type="linked", peer="host", kind="message", text=text)

    def reach_host(self, t: float) -> None:
        """What Ben's phone sent arrives at the host at ``t``."""
        sent, self.to_host = self.to_host, []
        for text in sent:
            self.at_host(t, type="linked", peer=str(BEN), kind="message", text=text)

    def ana_cuts(self, t: float) -> None:
        self.at_host(t, type="click", action="cut:0", seat=0, move=self.picture)

    def ben_cuts(self, t: float) -> None:
        """Ben's finger comes down on his ✂ card at ``t`` (the host's clock)."""
        event = {"type": "click", "action": "cut:0", "seat": BEN, "move": self.picture}
        self.at_guest(t, **event, remote=True)

    def _dispatch(self, wire: Wire, t: float, event: dict[str, Any]) -> dict[str, Any] | None:
        self.seq += 1
        return wire.dispatch(json.loads(json.dumps({**event, "t": t, "seq": self.seq})))

    def events(self) -> list[dict[str, Any]]:
        table = self.host.app.table
        assert table is not None
        return list(table.game.view(table.state, None)["events"])

    def cards(self, seat: int) -> int:
        table = self.host.app.table
        assert table is not None
        return int(table.game.view(table.state, None)["tendidos"][seat]["count"])


@pytest.fixture(autouse=True)
def no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    def read() -> float:
        raise AssertionError("the app read the clock: its time is the event's")

    monkeypatch.setattr(clock, "now", read)


def test_a_guests_cut_within_the_window_ties_however_late_it_arrives() -> None:
    """Ben's finger comes down 50 ms after Ana's cut, on the screen from before
    it, and his tap reaches the host a whole second later (his phone was busy,
    or the link stalled for that message): within the tie window by when it was
    made, it ties, as a late tap on one phone does (no penalty)."""
    pair = Pair()
    pair.ana_cuts(OPEN + 1000)
    assert pair.events()[-1] == {**pair.events()[-1], "type": "cut", "seat": 0}
    pair.ben_cuts(OPEN + 1050)
    (said,) = pair.to_host
    assert json.loads(said)["seen"] == [OPEN, 950.0]  # the screen, and 950 ms after it arrived
    pair.reach_host(OPEN + 2000)
    assert pair.events()[-1] == {**pair.events()[-1], "type": "tied", "seat": BEN, "first": 0}
    assert pair.cards(BEN) == 4


def test_a_guests_cut_made_before_the_judged_one_ties_even_beyond_the_window() -> None:
    """Ben cut half a second before Ana (more than the window), but his tap
    reaches the host half a second after hers: cuts are judged in their order
    of arrival, so hers is; his, made before it, ties: cancelled, no penalty."""
    pair = Pair()
    pair.ben_cuts(OPEN + 500)
    pair.ana_cuts(OPEN + 1000)
    pair.reach_host(OPEN + 1500)
    assert pair.events()[-1] == {**pair.events()[-1], "type": "tied", "seat": BEN, "first": 0}
    assert pair.cards(BEN) == 4


def test_a_guests_cut_made_after_the_window_does_not_tie_however_fast_it_arrives() -> None:
    """Ben's finger came down 0.35 s after Ana's cut (past the 0.3 s window), on
    the screen from before it; his tap happens to cross the link in 30 ms, much
    faster than the link's usual 0.1 s: it is a cut after the window, on a
    picture gone by, refused (no tie, no penalty); counting back the usual delay
    from its arrival would have made it a tie."""
    pair = Pair()
    pair.ana_cuts(OPEN + 1000)
    judged = pair.events()[-1]
    pair.ben_cuts(OPEN + 1350)
    pair.reach_host(OPEN + 1380)
    assert pair.events()[-1] == judged
    assert pair.cards(BEN) == 4


def seen_cut(seen: str | None) -> float:
    """Ben's tap, written by hand with ``seen`` as raw JSON (None: an older guest's,
    without it), reaches the host 2 s after the screen it names left, the first
    cut (judged): when the host placed it."""
    pair = Pair()
    said = "" if seen is None else f', "seen": {seen}'
    text = f'{{"n": 99, "tap": ["cut:0", {pair.picture}]{said}}}'
    pair.to_host = [text]
    pair.reach_host(OPEN + 2000)
    assert pair.events()[-1] == {**pair.events()[-1], "type": "cut", "seat": BEN}
    table = pair.host.app.table
    assert table is not None
    return float(table.ui["cut"]["at"])


@pytest.mark.parametrize(
    ("seen", "at"),
    [
        ("[100000.0, 400]", OPEN + 500),  # the screen, its delay, the span
        ("[100000.0, -1e9]", OPEN),  # never before the screen it answers
        ("[100000.0, 1e12]", OPEN + 2000),  # never after it arrived
        ("[100000.0, NaN]", OPEN + 1900),  # no span: its arrival less the link's delay
        ("[100000.0, Infinity]", OPEN + 1900),
        ("[100000.0, -Infinity]", OPEN + 1900),
        ('[100000.0, "soon"]', OPEN + 1900),
        ("[100000.0]", OPEN + 1900),
        ("[50000.0, 1000]", OPEN + 1900),  # no screen sent to Ben: as an old guest's tap
        ("[NaN, 1000]", OPEN + 1900),
        ('"now"', OPEN + 1900),
        ("{}", OPEN + 1900),
        ("null", OPEN + 1900),
        (None, OPEN + 1900),  # an older guest's tap: its arrival less the link's delay
    ],
)
def test_what_a_guest_says_of_its_tap_cannot_place_it_outside_its_screen(
    seen: str | None, at: float
) -> None:
    assert seen_cut(seen) == pytest.approx(at / 1000)


def cut_timed_from(ping: float, drawn: int, span: str) -> float:
    """When the host judges Ben's cut made: a screen sent at ``ping`` (drawn ``drawn``
    moves from the cut's picture) among his phone's, his tap naming it with ``span``
    (JSON text) and arriving at OPEN + 2 s."""
    pair = Pair()
    app = pair.host.app
    app.link.phones[BEN].pings.insert(0, (ping, pair.picture + drawn))
    text = f'{{"n": 99, "tap": ["cut:0", {pair.picture}], "seen": [{ping}, {span}]}}'
    pair.to_host = [text]
    pair.reach_host(OPEN + 2000)
    table = app.table
    assert table is not None
    return float(table.ui["cut"]["at"])


def test_a_guest_cannot_time_a_tap_from_a_screen_older_than_its_button() -> None:
    """A screen sent to Ben before the card his ✂ cuts was discarded cannot
    anchor his cut: the tap is timed as an old guest's, from its arrival."""
    assert cut_timed_from(OPEN - 5000, -1, "0") == pytest.approx((OPEN + 1900) / 1000)


def test_a_span_that_is_no_number_still_lands_after_the_screen_it_names() -> None:
    """A screen sent 50 ms before the tap arrived, over a link of 0.1 s each way:
    a tap naming it with no span is not counted back to before it left."""
    assert cut_timed_from(OPEN + 1950, 0, '"x"') == pytest.approx((OPEN + 1950) / 1000)

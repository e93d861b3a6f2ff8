"""Carta robada at the table: a bot's cut is aimed at the top it saw.

The table decides a bot's cut when a card reaches the discard and sends it
after the bot's reaction time. Meanwhile the table moves on; a cut that lands
on a card the bot no longer knows is a failed cut with a penalty, so the bot
looks again just before its cut is sent (``pacing.bot_act``)."""

from __future__ import annotations

import web.app.controller
from tests.test_web_carta_robada import GAME, everyone_looks, new_app, stacked
from web.core import clock
from web.core.model import Seat


class Rememberer:
    """Knows that its position 0 holds a 12 (an Impulso) until a Manipulación
    scrambles its tendido; cuts with it whenever a 12 is open."""

    def __init__(self, seed: int) -> None:
        self.asked = 0

    def act(self, view, legal):
        if view["phase"] == "peek":
            return legal[0]
        self.asked += 1
        me = view["seat"]
        lost = any(e["type"] == "use" and e.get("target") == me for e in view["events"])
        top = view["discard"]["top"]
        if "cut:0" in legal and not lost and top and top["card"] in ("impulso", "manipulacion"):
            return "cut:0"
        return None


def rob_aims_at_a_manipulacion(monkeypatch) -> tuple[web.app.controller.App, list[float]]:
    """Ana, Ben and Rob (a :class:`Rememberer` bot): everyone has looked, Rob
    peeked, and Ana has drawn and discarded a Manipulación (a 12), open to
    cuts, so Rob means to cut its Impulso. Returns the app and the clock's
    time (a one-item list the test moves on)."""
    now = [50.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    opts = stacked(
        [["1", "2", "3", "4"], ["5", "6", "7", "8"], ["impulso", "9", "10", "1"]],
        ["manipulacion", "9", "10", "1", "2", "3"],
    )
    app = new_app(
        [Seat("Ana"), Seat("Ben"), Seat("Rob", "bot", "hard")], opts, bots={"hard": Rememberer}
    )
    everyone_looks(app)
    app.bot_play(2, app.table.state.moves)  # Rob peeks
    app.play(0, "draw", app.table.state.moves)
    app.play(0, "discard", app.table.state.moves)
    assert app.bot_turn() == 2
    return app, now


def test_a_bot_cut_is_not_sent_at_a_card_moved_since_it_decided(monkeypatch):
    app, now = rob_aims_at_a_manipulacion(monkeypatch)
    due = app.bot_delay_ms()
    assert app.table.ui["react"]["2"]["action"] == "cut:0"
    # Before Rob's hand lands, Ana scrambles Rob's tendido: the top is the same card.
    assert app.play(0, "use:2", app.table.state.moves)
    top = GAME.view(app.table.state, None)["discard"]["top"]
    assert top == {"card": "manipulacion", "blocked": False}
    now[0] += due / 1000 + 1
    if app.bot_turn() == 2:
        app.bot_play(2, app.table.state.moves)
    events = GAME.view(app.table.state, None)["events"]
    assert not [e for e in events if e["type"] in ("cut", "penalty") and e["seat"] == 2]
    assert app.table.bots[2].asked >= 2, "Rob was asked again before its cut was sent"


def test_a_bot_cut_still_lands_on_the_top_it_saw(monkeypatch):
    """Nothing moved: the cut the bot decided on is sent, and cuts."""
    app, now = rob_aims_at_a_manipulacion(monkeypatch)
    now[0] += app.bot_delay_ms() / 1000
    assert app.bot_turn() == 2
    assert app.bot_play(2, app.table.state.moves)
    last = GAME.view(app.table.state, None)["events"][-1]
    assert last["type"] == "cut" and last["seat"] == 2 and last["ok"]

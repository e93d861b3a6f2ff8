"""A replay narrates, it does not call on anyone: a Carta robada replay never says
"Cut open on the 7: tap ✂ with your name, then your card" (nobody can cut in a
replay, so the call would be a lie), while the live game does."""

from __future__ import annotations

from tests.test_web_replay import new_app, play_bots, replay_last_game
from web.tables.carta_robada.state import view_of

CALL = "tap ✂ with your name"


def test_a_carta_robada_replay_never_calls_for_a_cut() -> None:
    app = new_app()
    play_bots(app, "carta_robada", 3, {}, seed=5)
    replay_last_game(app)
    table = app.table
    assert table is not None and table.replay is not None
    app.handle("replay-play")
    last = len(table.replay) - 1
    open_cuts = 0
    while table.step < last:
        assert app.replay_tick(table.step)
        if view_of(table, None)["cutters"]:
            open_cuts += 1  # a position where the live game called for a cut
        assert CALL not in app.render(), table.step
    assert open_cuts >= 3

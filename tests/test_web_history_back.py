"""Back on History leaves it, whatever entry shows its scores (a finished
game's "Scores" opened, the bar's ‹ Back must not only fold them away and
leave the player on History, asking a second tap)."""

from __future__ import annotations

from tests.test_web_players import new_app, play_out, start


def test_back_from_history_with_an_entry_s_scores_open_goes_home() -> None:
    """Failed before: the first Back folded the open entry and stayed on History."""
    app = new_app()
    start(app, "dice_bid", ["Ana", "Ben"])
    play_out(app)
    app.handle("home")
    app.handle("go", "history")
    app.handle("history-open", "0")
    assert "Final scores" in app.render()
    app.handle("back")
    assert app.screen == "home"
    # Coming back from Players or Statistics, the scores are as the player left them.
    app.handle("go", "history")
    app.handle("history-open", "0")
    app.handle("go", "players")
    app.handle("back")
    assert app.screen == "history" and "Final scores" in app.render()
    app.handle("back")
    assert app.screen == "home"

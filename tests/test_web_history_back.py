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


def test_back_returns_the_way_each_screen_was_opened() -> None:
    """Each screen's Back, one table of them (``web.app.controller.BACK``): the
    bot lab to Settings, Settings and the rules to the table whose menu opened
    them, Statistics to History, the records to Players (a file chosen there);
    anything else home."""
    app = new_app()
    start(app, "dice_bid", ["Ana", "Ben"])
    walks = [
        (["go settings", "lab open"], ["botlab", "settings", "table"]),
        (["go rules"], ["rules", "table"]),
        (["home", "go history", "go stats"], ["stats", "history", "home"]),
        (["go players", "import"], ["records", "players", "home"]),
        (["new dice_bid"], ["setup", "home"]),
        (["go settings"], ["settings", "home"]),
    ]
    for taps, backs in walks:
        for tap in taps:
            action, _, arg = tap.partition(" ")
            if action == "import":
                app.import_record("not a record")
            else:
                app.handle(action, arg or None)
        seen = [app.screen]
        while app.screen != backs[-1]:
            app.handle("back")
            seen.append(app.screen)
        assert seen == backs, taps

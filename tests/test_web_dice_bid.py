"""The dice bid table on CPython: secret picks behind hand-offs, the reveal,
the reroll, the sheet and the end."""

from __future__ import annotations

import re

import engine
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import store
from web.core.model import Seat

GAME = engine.GAMES["dice_bid"]


def new_app(seats, options=None, seed=5) -> App:
    app = App(store.MemoryStorage(), ["en"], lambda: seed, entries=ENTRIES)
    app.start("dice_bid", seats, options or {})
    return app


def three(options=None) -> App:
    return new_app([Seat("Ana"), Seat("Ben"), Seat("Cleo")], options)


def pick(app: App, seat: int, card: int) -> None:
    """The picker's taps: confirm the hand-off if one is up (once its hold
    after the last pick is over), choose, lay."""
    app.release()
    if f'data-action="handoff" data-arg="{seat}"' in app.render():
        app.handle("handoff", str(seat))
    elif 'data-action="handoff"' in app.render():
        app.handle("pass", str(seat))
        app.handle("handoff", str(seat))
    app.handle("select", str(card))
    assert app.play(seat, f"bid:{card}", app.table.state.moves)


def with_pick(app: App, seat: int, card: int) -> str:
    """The page as it would be if ``seat`` had laid ``card`` (same everything else)."""
    table = app.table
    real = table.state
    data = GAME.dump(real)
    data["actions"][-1] = [seat, f"bid:{card}"]
    table.state = GAME.load(data)
    try:
        return app.render()
    finally:
        table.state = real


def test_picks_wait_behind_a_hand_off_and_a_laid_pick_is_never_drawn():
    app = three()
    html = app.render()
    assert "Pass the phone to Ana" in html
    assert "Ana&#x27;s cards" not in html
    app.handle("handoff", "0")
    assert "Ana&#x27;s cards" in app.render()
    pick(app, 0, 9)
    html = app.render()
    assert "Pass the phone to Ben" in html
    # The hand-off after Ana's pick is the same page whichever card she laid.
    assert html == with_pick(app, 0, 2)
    assert "picked" in html


def test_a_selection_never_follows_the_phone_to_the_next_picker():
    app = three()
    app.handle("handoff", "0")
    app.handle("select", "7")
    app.handle("pass", "1")  # Ben goes first instead
    app.release()  # the hand-off for Ben is held a moment (see the test below)
    app.handle("handoff", "1")
    html = app.render()
    assert 'aria-pressed="true"' not in html
    assert "Choose a card first" in html


def test_a_burst_of_taps_never_says_i_am_ben_for_ana():
    """No tap crosses a hand-off: the hand-off that Ana's pick brings up holds "I am Ben"
    until the browser's timer releases it; a finger down before a hand-off came
    up cannot press it even then."""
    app = three()
    app.handle("handoff", "0")
    assert not app.guarded()  # the table's first hand-off: nothing to hold
    pick(app, 0, 9)  # Ana's pick brings up the hand-off for Ben
    assert app.guarded() and "Pass the phone to Ben" in app.render()
    app.handle("handoff", "1")  # her second tap
    assert "Pass the phone to Ben" in app.render() and "Ben&#x27;s cards" not in app.render()
    assert app.release() and not app.guarded()
    app.press()  # a finger goes down on "I am Ben" ...
    assert app.play(1, "bid:9", app.table.state.moves)  # ... Ben's pick comes first
    assert app.release()
    app.handle("handoff", "2")  # the finger from before Cleo's hand-off came up
    assert "Pass the phone to Cleo" in app.render()
    app.press()
    app.handle("handoff", "2")  # a tap after the hold
    assert "Cleo&#x27;s cards" in app.render()


def test_a_single_human_picks_without_a_hand_off():
    app = new_app([Seat("Ana"), Seat("B1", "bot", "random"), Seat("B2", "bot", "random")])
    assert "Pass the phone" not in app.render()
    assert "Ana&#x27;s cards" in app.render()


def test_the_reveal_shows_every_card_and_the_knocked_out_ones():
    app = three()
    pick(app, 0, 6)
    pick(app, 1, 6)
    pick(app, 2, 2)
    html = app.render()
    assert html.count("knocked out") >= 2
    row = GAME.view(app.table.state, None)["last_reveal"]
    assert row["winner"] == 2
    assert f"Cleo takes {'+' if row['prize'] > 0 else '−'}" in html


def ana_won_round_one() -> App:
    """Three people, the negative forced: Ana's king takes the first round."""
    app = new_app([Seat("Ana"), Seat("Ben"), Seat("Cleo")], {"force_negative": True})
    pick(app, 0, 13)
    pick(app, 1, 1)
    pick(app, 2, 2)
    return app


def test_the_winner_rerolls_or_forces_a_negative():
    app = ana_won_round_one()
    html = app.render()
    assert re.search(r'data-action="reroll:0" data-seat="0"', html)
    dice = GAME.view(app.table.state, None)["dice"]
    if dice[0] != dice[1]:
        assert re.search(r'data-action="force:0" data-seat="0"', html)
    assert app.play(0, "reroll:1", app.table.state.moves)


def test_the_reroll_says_which_round_its_winner_won():
    """The header already counts the next round: the winner's line names the one won."""
    html = ana_won_round_one().render()
    assert "Round 2 of 13" in html or "ROUND 2 OF 13" in html.upper()
    assert "Ana won round 1" in html and "won the round" not in html


def test_the_hint_speaks_from_the_pickers_own_view():
    app = new_app([Seat("Ana"), Seat("B1", "bot", "random"), Seat("B2", "bot", "random")])
    app.handle("hint")
    html = app.render()
    assert 'class="hint-line"' in html
    assert re.search(r"Play the (A|[2-9]|10|J|Q|K)\.", html)


def test_prize_card_game_to_the_end_shows_totals_matching_the_result():
    app = three({"prize_cards": True})
    for rnd in range(12):  # the 13th round's one card each is laid without a tap
        for s in range(3):
            hand = GAME.view(app.table.state, s)["seats"][s]["hand"]
            pick(app, s, hand[(rnd + s) % len(hand)])
    result = GAME.result(app.table.state)
    assert result is not None
    html = app.render()
    for total in result["scores"]:
        assert f'data-total="{total}"' in html
    assert "Rematch" in html
    assert html.count("<tr>") >= 13


def test_options_that_cannot_go_together_are_refused_kindly():
    app = App(store.MemoryStorage(), ["en"], lambda: 1, entries=ENTRIES)
    app.handle("new", "dice_bid")
    app.handle("option", "force_negative")
    app.handle("option", "prize_cards")
    app.handle("start")
    assert app.screen == "setup"
    assert "cannot be played together" in app.render()


def test_after_a_reveal_the_first_picker_takes_the_phone_anew():
    app = three({"prize_cards": True})
    for s, card in ((0, 5), (1, 6), (2, 7)):
        pick(app, s, card)
    assert "Pass the phone to" in app.render()


def test_the_hand_off_after_a_reveal_comes_first_under_the_top_bar():
    # Below the reveal, the status and the prize, "I am Ana" sat at the foot of
    # a 360x640 screen: the one who takes the phone sees it first now.
    app = three({"prize_cards": True})
    for s, card in ((0, 5), (1, 6), (2, 7)):
        pick(app, s, card)
    html = app.render()
    assert 'class="reveal-panel"' in html
    body = html.split("</header>", 1)[1]
    first = min(
        body.index(mark) for mark in ('class="reveal-panel"', 'class="status"', 'class="prize')
    )
    assert body.index('<section class="handoff"') < first


def play_to_last_round(app: App) -> list[int]:
    """Every seat's first legal move (picks by taps, as :func:`pick`) until the
    game ends; returns the rounds in which a person had to tap a pick."""
    tapped = []
    for _ in range(200):
        view = GAME.view(app.table.state, None)
        if view["phase"] == "over":
            return tapped
        seat = app.table.game.actors(app.table.state)[0]
        action = GAME.legal(app.table.state, seat)[0]
        if action.startswith("bid:"):
            tapped.append(view["round"])
            pick(app, seat, int(action.split(":")[1]))
        else:
            app.release()
            assert app.play(seat, action, app.table.state.moves)
    raise AssertionError("the game did not end")


def test_the_last_round_lays_the_one_card_left_at_once_and_shows_the_reveal():
    for seats in ([Seat("Ana"), Seat("Ben"), Seat("Cleo")], [Seat("Ana"), Seat("Ben")]):
        app = new_app(seats)
        rounds = GAME.view(app.table.state, None)["rounds"]
        tapped = play_to_last_round(app)
        assert rounds not in tapped and rounds - 1 in tapped, (len(seats), tapped)
        view = GAME.view(app.table.state, None)
        assert view["last_reveal"]["round"] == rounds
        html = app.render()
        assert 'class="reveal-panel"' in html
        assert "Pass the phone" not in html

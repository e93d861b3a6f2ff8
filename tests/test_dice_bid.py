"""The dice bid game: one scenario per rule, variant and ruling, with the dice
and prize cards fixed through the test options ``dice`` and ``prizes``.

Seat numbers, card values (A=1 … K=13) and die indexes (0, 1) are those of
``docs/rules/dice_bid.md``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from itertools import product

import pytest

from engine import GAMES, IllegalAction, State
from engine.dice_bid import GAME, PRIZE_CARDS, SUIT, dice_prize

# -- helpers -------------------------------------------------------------------


def new(players: int = 3, seed: int = 1, **options: object) -> State:
    return GAME.new(players, seed, options)


def bids(state: State, cards: Sequence[int | None]) -> State:
    """Every seat with a card in ``cards`` picks it, seat 0 first."""
    for seat, card in enumerate(cards):
        if card is not None:
            state = GAME.apply(state, seat, f"bid:{card}")
    return state


def knock_all(state: State) -> State:
    """One round in which every seat in the round picks the lowest card that
    all of them hold, so all are knocked out."""
    hands = [s["hand"] for s in GAME.view(state)["seats"] if s["hand"]]
    card = min(set.intersection(*(set(h) for h in hands)))
    return bids(state, [card if s["hand"] else None for s in GAME.view(state)["seats"]])


def view(state: State, seat: int | None = None) -> dict:
    return GAME.view(state, seat)


def prize_order(*first: int) -> list[int]:
    """A full prize deck order starting with ``first``."""
    return [*first, *(c for c in PRIZE_CARDS if c not in first)]


# -- the game's facts --------------------------------------------------------


def test_game_is_registered_as_dice_bid() -> None:
    assert GAMES["dice_bid"] is GAME
    assert GAME.id == "dice_bid"


def test_players_three_to_six_and_two_with_the_two_player_variant() -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    for players in range(2, 7):
        assert view(new(players))["players"] == players
    for players in (1, 7):
        with pytest.raises(ValueError, match="2 to 6"):
            new(players)


def test_each_player_holds_one_full_suit_a_to_k() -> None:
    state = new(5)
    for seat in view(state)["seats"]:
        assert seat["hand"] == list(range(1, 14))
    assert tuple(range(1, 14)) == SUIT


def test_card_values_order_a_low_k_high() -> None:
    # A (1) loses to 2, Q (12) loses to K (13).
    state = bids(new(3, dice=[2, 3]), [1, 2, 13])
    assert view(state)["last_reveal"]["winner"] == 2
    state = bids(new(3, dice=[2, 3]), [12, 1, 3])
    assert view(state)["last_reveal"]["winner"] == 0


# -- the prize ---------------------------------------------------------------


def test_opening_roll_shows_two_dice_and_the_prize() -> None:
    v = view(new(3, dice=[4, 6]))
    assert v["dice"] == [4, 6] and v["prize"] == 10 and v["prize_card"] is None
    assert v["events"][-1] == {"n": 1, "type": "roll", "dice": [4, 6], "prize": 10}


def test_doubles_prize_is_minus_face() -> None:
    assert view(new(3, dice=[4, 4]))["prize"] == -4
    for face in range(1, 7):
        assert dice_prize(face, face) == -face


def test_singles_prize_is_sum_of_faces() -> None:
    for a, b in product(range(1, 7), repeat=2):
        if a != b:
            assert dice_prize(a, b) == a + b
    assert view(new(3, dice=[1, 5]))["prize"] == 6


# -- secret simultaneous picks -----------------------------------------------


def test_every_player_with_cards_acts_until_they_have_picked() -> None:
    state = new(4)
    assert GAME.actors(state) == (0, 1, 2, 3)
    state = GAME.apply(state, 2, "bid:7")
    assert GAME.actors(state) == (0, 1, 3)
    assert GAME.legal(state, 2) == ()
    assert GAME.legal(state, 0) == tuple(f"bid:{c}" for c in range(1, 14))
    state = GAME.apply(state, 0, "bid:7")
    assert GAME.actors(state) == (1, 3)


def test_bid_hidden_until_all_picked() -> None:
    before = new(3, dice=[2, 5])
    high = GAME.apply(before, 0, "bid:13")
    low = GAME.apply(before, 0, "bid:2")
    for seat in (None, 1, 2):
        # Whatever seat 0 picked, nobody else's view can tell.
        assert view(high, seat) == view(low, seat)
        mine = view(high, seat)["seats"][0]
        assert mine["picked"] is True and mine["pick"] is None
        assert mine["hand"] == list(range(1, 14)), "a face-down pick still counts as in hand"
        assert all("card" not in event for event in view(high, seat)["events"])
    own = view(high, 0)
    assert own["seats"][0]["pick"] == 13 and own["seats"][0]["picked"] is True
    assert own["events"][-1] == {"n": 3, "type": "picked", "seat": 0, "card": 13}
    assert view(high, 1)["seats"][1]["picked"] is False
    revealed = bids(high, [None, 5, 6])
    assert view(revealed, 1)["last_reveal"]["cards"] == [13, 5, 6]


def test_a_pick_is_final() -> None:
    state = GAME.apply(new(3), 0, "bid:13")
    with pytest.raises(IllegalAction, match="already picked"):
        GAME.apply(state, 0, "bid:1")


def test_a_played_card_cannot_be_bid_again() -> None:
    state = bids(new(3, dice=[2, 5]), [13, 5, 6])
    state = GAME.apply(state, 0, "reroll:0")
    assert "bid:13" not in GAME.legal(state, 0)
    with pytest.raises(IllegalAction, match="not in this seat's hand"):
        GAME.apply(state, 0, "bid:13")


# -- the reveal ----------------------------------------------------------------


def test_highest_card_wins_the_prize() -> None:
    state = bids(new(3, dice=[4, 6]), [9, 12, 3])
    v = view(state)
    assert v["scores"] == [0, 10, 0]
    assert v["last_reveal"] == {
        "round": 1,
        "tiebreak": 0,
        "dice": [4, 6],
        "prize_card": None,
        "prize": 10,
        "cards": [9, 12, 3],
        "knocked_out": [],
        "winner": 1,
        "scores": [0, 10, 0],
    }
    assert v["seats"][1]["won"] == [10]


def test_negative_prize_is_subtracted() -> None:
    state = bids(new(3, dice=[3, 3]), [13, 1, 2])
    assert view(state)["scores"] == [-3, 0, 0]


def test_equal_cards_knock_each_other_out() -> None:
    # The seed's example: 6, 6 and 2 -> the 2 wins.
    state = bids(new(3, dice=[1, 4]), [6, 6, 2])
    reveal = view(state)["last_reveal"]
    assert reveal["knocked_out"] == [0, 1] and reveal["winner"] == 2
    assert view(state)["scores"] == [0, 0, 5]


def test_knocked_out_cards_are_spent() -> None:
    state = bids(new(3, dice=[1, 4]), [6, 6, 2])
    seats = view(state)["seats"]
    assert seats[0]["played"] == [6] and 6 not in seats[0]["hand"]


def test_all_knocked_out_nobody_scores() -> None:
    state = bids(new(4, dice=[2, 6, 1]), [5, 5, 7, 7])
    v = view(state)
    assert v["last_reveal"]["winner"] is None
    assert v["last_reveal"]["knocked_out"] == [0, 1, 2, 3]
    assert v["scores"] == [0, 0, 0, 0]


# -- the next round's dice ----------------------------------------------------


def test_winner_rerolls_chosen_die() -> None:
    state = bids(new(3, dice=[2, 5, 3]), [4, 13, 1])
    assert GAME.actors(state) == (1,)
    assert GAME.legal(state, 1) == ("reroll:0", "reroll:1")
    v = view(state, 1)
    assert v["phase"] == "reroll" and v["prompt"] == "reroll" and v["round"] == 2
    assert view(state, 0)["prompt"] is None
    state = GAME.apply(state, 1, "reroll:1")
    v = view(state)
    assert v["dice"] == [2, 3] and v["prize"] == 5 and v["phase"] == "bid"
    assert v["events"][-1] == {
        "n": v["events"][-1]["n"],
        "type": "reroll",
        "seat": 1,
        "die": 1,
        "face": 3,
        "dice": [2, 3],
        "prize": 5,
    }
    assert GAME.actors(state) == (0, 1, 2)


def test_only_the_winner_acts_before_the_reroll() -> None:
    state = bids(new(3, dice=[2, 5, 3]), [4, 13, 1])
    with pytest.raises(IllegalAction, match="seat 1 won the round"):
        GAME.apply(state, 0, "bid:5")
    with pytest.raises(IllegalAction, match="seat 1 won the round"):
        GAME.apply(state, 0, "reroll:0")


def test_force_negative_turns_die_to_match() -> None:
    won = bids(new(3, dice=[2, 5], force_negative=True), [4, 13, 1])
    assert GAME.legal(won, 1) == ("reroll:0", "reroll:1", "force:0", "force:1")
    assert view(won, 1)["can_force"] is True
    zero = GAME.apply(won, 1, "force:0")  # die 0 turned to show die 1's face
    assert view(zero)["dice"] == [5, 5] and view(zero)["prize"] == -5
    one = GAME.apply(won, 1, "force:1")
    assert view(one)["dice"] == [2, 2] and view(one)["prize"] == -2
    assert view(one)["events"][-1]["type"] == "force"


def test_force_negative_may_still_reroll() -> None:
    won = bids(new(3, dice=[2, 5, 6], force_negative=True), [4, 13, 1])
    assert view(GAME.apply(won, 1, "reroll:0"))["dice"] == [6, 5]


def test_force_not_offered_without_the_variant() -> None:
    won = bids(new(3, dice=[2, 5]), [4, 13, 1])
    assert view(won, 1)["can_force"] is False
    with pytest.raises(IllegalAction, match="force-negative variant"):
        GAME.apply(won, 1, "force:0")


def test_force_not_offered_when_the_dice_already_match() -> None:
    won = bids(new(3, dice=[3, 3], force_negative=True), [4, 13, 1])
    assert GAME.legal(won, 1) == ("reroll:0", "reroll:1")
    with pytest.raises(IllegalAction, match="already match"):
        GAME.apply(won, 1, "force:1")


def test_nobody_won_random_die_rerolled() -> None:
    chosen = set()
    for seed in range(12):
        state = bids(new(3, seed, dice=[2, 5, 6]), [7, 7, 7])
        v = view(state)
        assert v["phase"] == "bid" and GAME.actors(state) == (0, 1, 2), "no reroll step"
        event = v["events"][-1]
        assert event["type"] == "reroll" and event["seat"] is None and event["face"] == 6
        assert v["dice"] == ([6, 5] if event["die"] == 0 else [2, 6])
        chosen.add(event["die"])
    assert chosen == {0, 1}, "either die may be the one rerolled"


def test_no_reroll_after_the_last_round() -> None:
    state = bids(new(3), [2, 1, 1])  # seat 0 wins with the 2
    state = GAME.apply(state, 0, "reroll:0")
    for _ in range(11):
        state = knock_all(state)
    state = bids(state, [1, 2, 2])  # and with the ace
    assert view(state)["last_reveal"]["winner"] == 0
    assert GAME.actors(state) == () and view(state)["phase"] == "over"


def test_dice_test_option_runs_out_into_the_generator() -> None:
    state = bids(new(3, dice=[2, 5]), [4, 13, 1])
    state = GAME.apply(state, 1, "reroll:0")
    assert 1 <= view(state)["dice"][0] <= 6 and view(state)["dice"][1] == 5


# -- the end -------------------------------------------------------------------


def test_game_ends_when_hands_are_empty() -> None:
    state = new(3)
    for n in range(13):
        assert GAME.result(state) is None
        assert view(state)["round"] == n + 1
        state = knock_all(state)
    v = view(state)
    assert all(s["hand"] == [] and len(s["played"]) == 13 for s in v["seats"])
    assert GAME.actors(state) == () and v["phase"] == "over" and v["prompt"] is None
    assert len(v["sheet"]) == 13 and v["result"] == GAME.result(state)


def test_highest_total_wins() -> None:
    state = bids(new(3, dice=[4, 6, 1, 1]), [13, 1, 1])  # seat 0: +10
    state = GAME.apply(state, 0, "reroll:0")  # dice 1, 6: prize 7
    state = bids(state, [1, 13, 2])  # seat 1: +7
    state = GAME.apply(state, 1, "reroll:1")  # dice 1, 1: prize -1
    state = bids(state, [2, 2, 13])  # seat 2: -1
    state = GAME.apply(state, 2, "reroll:0")
    while GAME.result(state) is None:
        state = knock_all(state)
    result = GAME.result(state)
    assert result["scores"] == [10, 7, -1]
    assert result["winners"] == [0] and result["shared"] is False


def two_way_tie(**options: object) -> State:
    """Three seats; seat 2 wins -3 twice, every other round is knocked out:
    seats 0 and 1 end tied at 0, on top. 14 die faces are used by then."""
    dice = options.pop("dice", [3, 3, 3, *[4] * 11])
    state = bids(new(3, dice=dice, **options), [1, 1, 13])
    state = GAME.apply(state, 2, "reroll:0")  # 3, 3 again: -3
    state = bids(state, [13, 13, 1])
    state = GAME.apply(state, 2, "reroll:0")
    for _ in range(11):
        state = knock_all(state)
    assert view(state)["scores"] == [0, 0, -6]
    return state


def test_shared_win_on_tie() -> None:
    state = two_way_tie()
    result = GAME.result(state)
    assert result["winners"] == [0, 1] and result["shared"] is True
    assert result["tiebreak_rounds"] == 0
    assert view(state)["events"][-1]["type"] == "game_over"


def test_everyone_knocked_out_every_round_is_shared_by_all() -> None:
    state = new(4)
    while GAME.result(state) is None:
        state = knock_all(state)
    assert GAME.result(state)["winners"] == [0, 1, 2, 3]


# -- two-player variant --------------------------------------------------------


def test_two_player_variant_sets_three_aside() -> None:
    state = new(2, seed=5)
    v0, v1, table = view(state, 0), view(state, 1), view(state)
    assert v0["two_player"] is True and v0["rounds"] == 10
    own, other = v0["seats"]
    assert len(own["hand"]) == 10 and own["set_aside_count"] == 3
    assert other["hand"] is None and other["hand_count"] == 10
    assert other["candidates"] == list(range(1, 14)), "any 10 of its 13 cards"
    assert v1["seats"][1]["hand"] is not None and v1["seats"][0]["hand"] is None
    assert [s["hand"] for s in table["seats"]] == [None, None]
    snap = GAME.snapshot(state)
    for seat in (0, 1):
        assert sorted(snap["hands"][seat] + snap["aside"][seat]) == list(range(1, 14))


def test_two_player_set_aside_cards_are_random() -> None:
    hands = {tuple(view(new(2, seed), 0)["seats"][0]["hand"]) for seed in range(10)}
    assert len(hands) > 5


def test_two_player_game_lasts_ten_rounds() -> None:
    state = new(2, seed=3)
    rounds = 0
    while GAME.result(state) is None:
        if view(state)["phase"] == "reroll":
            state = GAME.apply(state, GAME.actors(state)[0], "reroll:0")
            continue
        hands = [view(state, s)["seats"][s]["hand"] for s in (0, 1)]
        state = bids(state, [hands[0][0], hands[1][-1]])
        rounds += 1
    assert rounds == 10 and len(view(state)["sheet"]) == 10
    other = view(state, 0)["seats"][1]
    assert other["hand"] == [] and other["set_aside_count"] == 3, "an empty hand is known"


def test_two_player_candidates_shrink_as_cards_are_played() -> None:
    state = new(2, seed=5)
    card0 = view(state, 0)["seats"][0]["hand"][0]
    card1 = view(state, 1)["seats"][1]["hand"][0]
    state = bids(state, [card0, card1])
    other = view(state, 1)["seats"][0]
    assert other["played"] == [card0] and card0 not in other["candidates"]
    assert len(other["candidates"]) == 12 and other["hand_count"] == 9


def test_three_players_need_no_set_aside() -> None:
    v = view(new(3))
    assert v["two_player"] is False and v["rounds"] == 13
    assert all(s["set_aside_count"] == 0 for s in v["seats"])


# -- prize-card variant --------------------------------------------------------


def test_prize_cards_replace_the_dice() -> None:
    state = new(3, prize_cards=True, prizes=prize_order(7))
    v = view(state)
    assert v["dice"] is None and v["prize_card"] == 7 and v["prize"] == 7
    assert v["prize_deck"] == sorted(set(PRIZE_CARDS) - {7})
    assert sorted(PRIZE_CARDS) == [-5, -4, -3, -2, 2, 3, 4, 5, 6, 7, 8, 9, 10]


def test_prize_card_won_goes_to_the_winner_and_no_reroll_step() -> None:
    state = bids(new(3, prize_cards=True, prizes=prize_order(7, -3)), [2, 13, 5])
    v = view(state)
    assert v["scores"] == [0, 7, 0] and v["seats"][1]["won"] == [7]
    assert v["phase"] == "bid" and GAME.actors(state) == (0, 1, 2)
    assert v["prize_card"] == -3 and v["prize"] == -3
    state = bids(state, [13, 12, 1])
    assert view(state)["scores"] == [-3, 7, 0]


def test_prize_card_unwon_is_discarded() -> None:
    state = bids(new(3, prize_cards=True, prizes=prize_order(9, 4)), [8, 8, 8])
    v = view(state)
    assert v["prize_discard"] == [9] and v["scores"] == [0, 0, 0]
    assert v["prize_card"] == 4 and 9 not in v["prize_deck"]
    assert {"n": v["events"][-2]["n"], "type": "discard_prize", "card": 9} in v["events"]


def test_prize_cards_each_revealed_once_over_the_game() -> None:
    state = new(4, seed=9, prize_cards=True)
    seen = []
    while GAME.result(state) is None:
        seen.append(view(state)["prize_card"])
        state = knock_all(state)
    assert sorted(seen) == sorted(PRIZE_CARDS)
    assert view(state)["prize_deck"] == []


def test_two_player_prize_cards_leave_three_unrevealed() -> None:
    state = new(2, seed=4, prize_cards=True)
    while GAME.result(state) is None:
        hands = [view(state, s)["seats"][s]["hand"] for s in (0, 1)]
        state = bids(state, [hands[0][0], hands[1][0]])
    assert len(view(state)["prize_deck"]) == 3


# -- tiebreak option -------------------------------------------------------------


def test_tiebreak_off_by_default() -> None:
    assert GAME.default_options["tiebreak"] is False
    assert GAME.result(two_way_tie())["shared"] is True


def test_tiebreak_round_for_tied_players_only_with_fresh_suits_and_new_roll() -> None:
    state = two_way_tie(tiebreak=True, dice=[3, 3, 3, *[4] * 11, 2, 6])
    v = view(state)
    assert GAME.result(state) is None and v["phase"] == "bid"
    assert v["tiebreak"] == 1 and v["round"] == 14
    assert GAME.actors(state) == (0, 1), "only the players tied on top"
    assert [s["hand"] for s in v["seats"]] == [list(SUIT), list(SUIT), []]
    assert [s["played"] for s in v["seats"]] == [[], [], []]
    assert v["dice"] == [2, 6] and v["prize"] == 8
    assert v["events"][-2] == {"n": v["events"][-2]["n"], "type": "tiebreak", "number": 1,
                               "seats": [0, 1]}  # fmt: skip
    assert GAME.legal(state, 2) == ()


def test_tiebreak_round_winner_takes_the_game() -> None:
    state = two_way_tie(tiebreak=True, dice=[3, 3, 3, *[4] * 11, 2, 6])
    state = bids(state, [12, 13, None])
    result = GAME.result(state)
    assert result["scores"] == [0, 8, -6], "the tiebreak prize counts in the total"
    assert result["winners"] == [1] and result["shared"] is False
    assert result["tiebreak_rounds"] == 1 and result["rounds"] == 14
    assert view(state)["last_reveal"]["tiebreak"] == 1
    assert view(state)["last_reveal"]["cards"] == [12, 13, None]
    assert [s["hand"] for s in view(state)["seats"]] == [[], [], []], "the rest is put away"


def test_tiebreak_round_with_negative_prize_gives_the_game_to_the_other() -> None:
    state = two_way_tie(tiebreak=True, dice=[3, 3, 3, *[4] * 11, 5, 5])
    state = bids(state, [12, 13, None])
    assert GAME.result(state)["winners"] == [0]


def test_tiebreak_repeats_while_tied_at_most_five_times_then_shared() -> None:
    state = two_way_tie(tiebreak=True)
    for number in range(1, 6):
        assert view(state)["tiebreak"] == number and GAME.actors(state) == (0, 1)
        state = bids(state, [7, 7, None])  # knocked out: still tied
    result = GAME.result(state)
    assert result is not None and result["tiebreak_rounds"] == 5
    assert result["winners"] == [0, 1] and result["shared"] is True


def test_tiebreak_has_no_reroll_step() -> None:
    state = two_way_tie(tiebreak=True, dice=[3, 3, 3, *[4] * 11, 2, 6, 1, 1])
    state = bids(state, [7, 7, None])
    assert view(state)["tiebreak"] == 2 and view(state)["dice"] == [1, 1]
    assert GAME.actors(state) == (0, 1)


def three_way_tie(**options: object) -> State:
    """Three seats each win 3 once (rounds 1 to 3), then all rounds are
    knocked out: 3, 3, 3. 14 die faces are used by then."""
    dice = options.pop("dice", [1, 2, 1, 1, 1, *[6] * 9])
    state = bids(new(3, dice=dice, **options), [13, 1, 1])
    state = GAME.apply(state, 0, "reroll:0")
    state = bids(state, [1, 13, 2])
    state = GAME.apply(state, 1, "reroll:0")
    state = bids(state, [2, 2, 13])
    state = GAME.apply(state, 2, "reroll:0")
    for _ in range(10):
        state = knock_all(state)
    assert view(state)["scores"] == [3, 3, 3]
    return state


def test_tiebreak_goes_on_with_those_still_tied() -> None:
    state = three_way_tie(tiebreak=True, dice=[1, 2, 1, 1, 1, *[6] * 9, 2, 2, 3, 4])
    assert GAME.actors(state) == (0, 1, 2)
    state = bids(state, [13, 5, 4])  # seat 0 wins -2: seats 1 and 2 stay tied on 3
    v = view(state)
    assert v["scores"] == [1, 3, 3] and v["tiebreak"] == 2
    assert GAME.actors(state) == (1, 2) and v["seats"][0]["hand"] == []
    state = bids(state, [None, 4, 9])
    assert GAME.result(state)["winners"] == [2] and GAME.result(state)["scores"] == [1, 3, 10]


def test_tiebreak_in_the_two_player_game_deals_full_suits() -> None:
    state = new(2, seed=1, tiebreak=True, dice=[1, 2, 1])
    hands = [set(view(state, s)["seats"][s]["hand"]) for s in (0, 1)]
    assert hands[0] - hands[1] == {3, 4} and hands[1] - hands[0] == {2, 10}, "seed 1's deal"
    state = bids(state, [3, 2])  # seat 0 wins 3
    state = GAME.apply(state, 0, "reroll:0")  # 1, 2: 3 again
    state = bids(state, [4, 10])  # seat 1 wins 3
    state = GAME.apply(state, 1, "reroll:0")
    for card in sorted(hands[0] & hands[1]):
        state = bids(state, [card, card])
    v = view(state, 0)
    assert v["scores"] == [3, 3] and v["tiebreak"] == 1
    assert [s["hand"] for s in v["seats"]] == [list(SUIT), list(SUIT)]
    assert [s["set_aside_count"] for s in v["seats"]] == [0, 0]
    assert view(state)["seats"][1]["hand"] == list(SUIT), "no unseen cards in a tiebreak"


def test_tiebreak_with_prize_cards_draws_from_a_fresh_prize_deck() -> None:
    order = prize_order(-5, -4)
    state = bids(new(3, prize_cards=True, tiebreak=True, prizes=[*order, 10]), [1, 1, 13])
    state = bids(state, [13, 13, 1])
    for _ in range(11):
        state = knock_all(state)
    v = view(state)
    assert v["scores"] == [0, 0, -9] and v["tiebreak"] == 1
    assert v["prize_card"] == 10, "a used card can come back: the deck is fresh"
    assert v["prize_deck"] == sorted(set(PRIZE_CARDS) - {10})
    state = bids(state, [3, 2, None])
    assert GAME.result(state)["winners"] == [0] and GAME.result(state)["scores"] == [10, 0, -9]


# -- options ---------------------------------------------------------------------


def test_default_options_follow_the_seed() -> None:
    assert dict(GAME.default_options) == {
        "force_negative": False,
        "prize_cards": False,
        "tiebreak": False,
    }
    assert view(new(3))["options"] == dict(GAME.default_options)


def test_test_options_stay_out_of_the_view() -> None:
    v = view(new(3, dice=[1, 2, 3]))
    assert "dice" not in v["options"]
    v = view(new(3, prize_cards=True, prizes=prize_order(5)))
    assert "prizes" not in v["options"]


@pytest.mark.parametrize(
    "options",
    [
        {"force_negative": True, "prize_cards": True},
        {"prize_cards": True, "dice": [1, 2]},
        {"prizes": prize_order(5)},
        {"dice": [0, 7]},
        {"dice": [True]},
        {"dice": "12"},
        {"prize_cards": True, "prizes": [1]},
        {"prize_cards": True, "prizes": [5, 5]},
        {"tiebreak": 1},
    ],
)
def test_bad_options_are_refused(options: dict) -> None:
    with pytest.raises(ValueError, match="dice_bid"):
        GAME.new(3, 1, options)


def test_variant_game_saves_and_loads_with_test_options() -> None:
    state = bids(new(3, dice=[2, 5, 3], force_negative=True), [4, 13, 1])
    state = GAME.apply(state, 1, "force:0")
    loaded = GAME.load(json.dumps(GAME.dump(state)))
    assert GAME.snapshot(loaded) == GAME.snapshot(state)


# -- the view --------------------------------------------------------------------


VIEW_KEYS = {
    "game", "seat", "players", "options", "two_player", "rounds", "round", "tiebreak",
    "phase", "to_act", "prompt", "can_force", "dice", "prize_card", "prize", "prize_deck",
    "prize_discard", "seats", "scores", "last_reveal", "sheet", "events", "result",
}  # fmt: skip
SEAT_KEYS = {
    "seat", "hand", "hand_count", "candidates", "set_aside_count", "played", "picked",
    "pick", "score", "won",
}  # fmt: skip
ROW_KEYS = {
    "round", "tiebreak", "dice", "prize_card", "prize", "cards", "knocked_out", "winner",
    "scores",
}  # fmt: skip


def test_view_has_the_documented_shape() -> None:
    state = bids(new(3, dice=[2, 5]), [4, 13, 1])
    for seat in (None, 0, 1, 2):
        v = view(state, seat)
        assert set(v) == VIEW_KEYS
        assert all(set(s) == SEAT_KEYS for s in v["seats"])
        assert set(v["last_reveal"]) == ROW_KEYS and all(set(r) == ROW_KEYS for r in v["sheet"])
        assert v["seat"] == seat and v["to_act"] == [1]
        assert json.loads(json.dumps(v)) == v


def test_rules_page_documents_every_view_field() -> None:
    from tests.conftest import ROOT

    page = (ROOT / "docs" / "rules" / "dice_bid.md").read_text(encoding="utf-8")
    for key in VIEW_KEYS | SEAT_KEYS | ROW_KEYS:
        assert f"`{key}`" in page, f"the rules page does not describe {key!r}"
    for action in ("bid:11", "reroll:0", "reroll:1", "force:0", "force:1"):
        assert f"`{action}`" in page


def test_rules_page_names_only_tests_that_exist() -> None:
    import re

    from tests import test_dice_bid_variants
    from tests.conftest import ROOT

    page = (ROOT / "docs" / "rules" / "dice_bid.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(test_\w+)`", page))
    assert len(named) > 40
    here = set(globals()) | set(vars(test_dice_bid_variants))
    assert named <= here, f"named on the rules page but missing: {sorted(named - here)}"


def test_sheet_has_one_row_per_round() -> None:
    state = bids(new(3, dice=[4, 6, 1]), [13, 1, 2])
    state = GAME.apply(state, 0, "reroll:0")
    state = bids(state, [5, 5, 3])
    sheet = view(state)["sheet"]
    assert [r["round"] for r in sheet] == [1, 2]
    assert [r["winner"] for r in sheet] == [0, 2]
    assert [r["prize"] for r in sheet] == [10, 7]
    assert sheet[1]["knocked_out"] == [0, 1] and sheet[1]["cards"] == [5, 5, 3]


def test_changing_a_view_does_not_change_the_game() -> None:
    state = bids(new(3, dice=[4, 6]), [13, 1, 2])
    v = view(state)
    v["last_reveal"]["cards"].append(99)
    v["sheet"][0]["scores"][0] = 99
    v["seats"][0]["hand"].clear()
    assert view(state)["last_reveal"]["cards"] == [13, 1, 2]
    assert view(state)["sheet"][0]["scores"] == [10, 0, 0]


def test_every_seat_sees_played_cards_and_remaining_hands() -> None:
    state = bids(new(3, dice=[4, 6]), [13, 1, 2])
    for seat in (None, 0, 1, 2):
        seats = view(state, seat)["seats"]
        assert [s["played"] for s in seats] == [[13], [1], [2]]
        assert seats[1]["hand"] == list(range(2, 14))


def test_redeal_hidden_swaps_only_what_the_seat_cannot_see() -> None:
    state = bids(new(3, dice=[4, 6]), [13, 7, None])
    for seed in range(5):
        other = GAME.redeal_hidden(state, 0, seed)
        snap = GAME.snapshot(other)
        assert snap["picks"][0] == 13, "a seat's own pick is not hidden from it"
        assert snap["picks"][1] in range(1, 14) and snap["picks"][2] is None
        assert view(other, 0) == view(state, 0)
    seen = {GAME.snapshot(GAME.redeal_hidden(state, 2, s))["picks"][1] for s in range(20)}
    assert len(seen) > 1, "seat 1's pick really is redealt for seat 2"


def test_redeal_hidden_keeps_the_picker_s_own_log_consistent() -> None:
    state = bids(new(3, dice=[4, 6]), [13, None, None])
    other = GAME.redeal_hidden(state, 2, 3)
    pick = GAME.snapshot(other)["picks"][0]
    assert view(other, 0)["events"][-1]["card"] == pick == view(other, 0)["seats"][0]["pick"]


# -- messages --------------------------------------------------------------------


def test_illegal_actions_say_why() -> None:
    state = new(3)
    with pytest.raises(IllegalAction, match=r"seat 0 cannot play 'reroll:0'.*picking a card"):
        GAME.apply(state, 0, "reroll:0")
    with pytest.raises(IllegalAction, match="not in this seat's hand"):
        GAME.apply(state, 0, "bid:14")
    state = two_way_tie(tiebreak=True)
    with pytest.raises(IllegalAction, match="no card in this round"):
        GAME.apply(state, 2, "bid:1")

"""Carta robada, rule by rule: seed 003 and the Carta robada rulings, each pinned
by a scenario built by hand with the ``deck`` and ``first`` test options
(docs/rules/carta_robada.md)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

import pytest

from engine import GAMES, BadSave, IllegalAction
from engine.carta_robada import CARDS, FULL_DECK, GAME, CartaRobadaState
from engine.core import State

# -- building scenarios ----------------------------------------------------------


def table(*hands: Sequence[str], pile: Sequence[str] = (), first: int = 0, peek: bool = True):
    """A game whose tendidos are ``hands`` (seat 0 first) and whose draw pile
    is ``pile``, next card first; every seat has looked at positions 0 and 1."""
    deck = [c for h in hands for c in h] + list(pile)
    s = GAME.new(len(hands), 1, {"deck": deck, "first": first})
    if peek:
        for seat in range(len(hands)):
            s = GAME.apply(s, seat, "peek:0,1")
    return s


def play(state: State, *moves: tuple[int, str]) -> State:
    for seat, action in moves:
        state = GAME.apply(state, seat, action)
    return state


def cards(state: State, seat: int) -> list[str]:
    """The real cards of a tendido (not what any seat sees)."""
    assert isinstance(state, CartaRobadaState)
    return list(state.tendidos[seat])


def top(state: State) -> dict | None:
    return GAME.view(state, None)["discard"]["top"]


def events(state: State, seat: int | None, kind: str) -> list[dict]:
    return [e for e in GAME.view(state, seat)["events"] if e["type"] == kind]


A = ["1", "2", "3", "4"]
B = ["5", "6", "7", "8"]
C = ["9", "10", "1", "2"]
PILE = ["3", "4", "5", "6", "7", "8", "9", "10"]


# -- the deck and the deal -------------------------------------------------------


def test_deck_has_eighty_cards_numbers_points_and_copies_of_the_seed() -> None:
    counts = Counter(FULL_DECK)
    assert len(FULL_DECK) == 80
    assert all(counts[str(n)] == 5 for n in range(1, 11))
    actions = {
        "disrupcion": (11, 5),
        "remolino": (11, 3),
        "impulso": (12, 3),
        "manipulacion": (12, 5),
        "espia": (13, 5),
        "reversa": (13, 3),
    }
    for code, (num, n) in actions.items():
        assert counts[code] == n and CARDS[code]["number"] == num == CARDS[code]["points"]
        assert CARDS[code]["action"]
    for code, (pts, n) in {"bendicion": (-5, 2), "maldicion": (15, 3), "milagro": (-15, 1)}.items():
        assert counts[code] == n and CARDS[code]["points"] == pts
        assert CARDS[code]["number"] is None and not CARDS[code]["action"]
    assert "snap" not in counts and CARDS["snap"]["copies"] == 1


def test_deal_four_face_down_marker_shuffled_into_the_draw_pile_after_the_deal() -> None:
    for players in range(2, 7):
        s = GAME.new(players, 11)
        assert isinstance(s, CartaRobadaState)
        assert all(len(t) == 4 for t in s.tendidos)
        assert all("snap" not in t for t in s.tendidos)
        assert s.deck.count("snap") == 1 and len(s.deck) == 80 - 4 * players + 1
        view = GAME.view(s, 0)
        assert view["discard"] == {"count": 0, "top": None}  # the discard starts empty
        assert view["deck"] == 80 - 4 * players + 1
        assert all(t["cards"] is None and t["count"] == 4 for t in view["tendidos"])
        assert not view["marker"]["found"]
    # the marker lands anywhere in the pile, seed by seed
    spots = {GAME.new(2, seed).deck.index("snap") for seed in range(40)}  # type: ignore[attr-defined]
    assert len(spots) > 20


def test_first_player_is_drawn_at_random_with_the_seed() -> None:
    firsts = [GAME.view(GAME.new(4, seed), None)["first"] for seed in range(60)]
    assert set(firsts) == {0, 1, 2, 3}
    assert firsts == [GAME.view(GAME.new(4, seed), None)["first"] for seed in range(60)]


def test_stacked_deck_option_is_checked() -> None:
    for bad in (["1"] * 6 + ["2"] * 2, "1234", [1, 2, 3, 4, 5, 6, 7, 8], ["snap", *A, *B]):
        with pytest.raises(ValueError):
            GAME.new(2, 1, {"deck": bad})
    with pytest.raises(ValueError):
        GAME.new(2, 1, {"deck": A + B[:3]})  # too few to deal
    with pytest.raises(ValueError):
        GAME.new(2, 1, {"deck": A + B, "first": 2})
    with pytest.raises(ValueError):
        GAME.new(2, 1, {"nonsense": 1})


# -- the initial peek ----------------------------------------------------------


def test_initial_peek_is_private_simultaneous_and_of_two_cards() -> None:
    s = table(A, B, C, pile=PILE, peek=False)
    assert GAME.actors(s) == (0, 1, 2)
    assert GAME.legal(s, 1) == tuple(
        f"peek:{i},{j}" for i, j in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
    )
    s = play(s, (2, "peek:1,3"))
    assert GAME.actors(s) == (0, 1)  # the others still peek, in any order
    mine = GAME.view(s, 2)["reveal"]
    assert mine == {
        "kind": "peek",
        "cards": [{"seat": 2, "pos": 1, "card": "10"}, {"seat": 2, "pos": 3, "card": "2"}],
    }
    assert GAME.view(s, 0)["reveal"] is None and GAME.view(s, None)["reveal"] is None
    assert events(s, 2, "seen") and not events(s, 0, "seen") and not events(s, None, "seen")
    assert "10" not in json.dumps(GAME.view(s, 0))
    assert GAME.view(s, 0)["prompt"] == {"do": "peek", "count": 2, "of": 4}
    assert GAME.view(s, 2)["prompt"] == {"do": "wait", "for": [0, 1]}
    with pytest.raises(IllegalAction, match="already looked"):
        GAME.apply(s, 2, "peek:0,1")
    s = play(s, (0, "peek:0,1"), (1, "peek:2,3"))
    assert GAME.view(s, None)["phase"] == "play" and GAME.view(s, None)["turn"] == 0


def test_peek_reveal_lasts_until_the_first_turn_action() -> None:
    s = table(A, B, pile=PILE)
    assert GAME.view(s, 1)["reveal"]["kind"] == "peek"
    s = play(s, (0, "draw"))
    assert GAME.view(s, 1)["reveal"] is None
    assert GAME.view(s, 0)["reveal"] is None


def test_every_seat_sees_who_is_looking_but_not_what() -> None:
    s = table(A, B, pile=PILE)
    for seat in (None, 0, 1):
        assert GAME.view(s, seat)["looking"] == [0, 1]
    assert GAME.view(s, None)["reveal"] is None
    s = play(s, (0, "draw"))
    assert GAME.view(s, None)["looking"] == []


def test_no_reorder_during_the_peek() -> None:
    s = table(A, B, pile=PILE, peek=False)
    assert not any(a.startswith("order") for a in GAME.legal(s, 0))


# -- the turn --------------------------------------------------------------------


def test_draw_from_deck_only_the_drawer_sees_the_card() -> None:
    s = play(table(A, B, pile=PILE), (0, "draw"))
    assert GAME.view(s, 0)["hand"] == {"seat": 0, "source": "deck", "card": "3"}
    assert GAME.view(s, 1)["hand"] == {"seat": 0, "source": "deck", "card": None}
    assert GAME.view(s, None)["hand"]["card"] is None
    assert events(s, 0, "drawn")[0]["card"] == "3" and not events(s, 1, "drawn")
    assert GAME.view(s, 0)["prompt"] == {
        "do": "decide",
        "seat": 0,
        "discard": True,
        "declare": False,
    }


def test_a_redealt_table_keeps_the_marker_in_the_draw_pile() -> None:
    """The SNAP! marker is no card: an imagined table (a bot's guess, a privacy
    check) never hands it to a player or lays it in a tendido, and keeps it once."""
    s = play(GAME.new(2, 3), (0, "peek:0,1"), (1, "peek:0,1"))
    s = play(s, (GAME.view(s, None)["turn"], "draw"))
    assert isinstance(s, CartaRobadaState) and s.deck.count("snap") == 1
    for seed in range(200):
        other = GAME.redeal_hidden(s, None, seed)
        assert isinstance(other, CartaRobadaState)
        assert other.hand != "snap"
        assert all("snap" not in t for t in other.tendidos)
        assert other.deck.count("snap") == 1
    depths = {GAME.redeal_hidden(s, None, seed).deck.index("snap") for seed in range(40)}  # type: ignore[attr-defined]
    assert len(depths) > 10  # where the marker lies is hidden too


def test_swap_blind_replaced_card_goes_face_up_to_the_discard() -> None:
    s = play(table(A, B, pile=["9", *PILE]), (0, "draw"), (0, "swap:2"))
    assert cards(s, 0) == ["1", "2", "9", "4"]
    assert top(s) == {"card": "3", "blocked": False}
    assert events(s, 1, "swap")[-1]["card"] == "3" and events(s, 1, "swap")[-1]["pos"] == 2
    # the card now in the tendido is face down, to its owner too
    view = GAME.view(s, 0)
    assert view["tendidos"][0]["cards"] is None and view["hand"] is None
    assert view["turn"] == 1


def test_discard_the_drawn_card() -> None:
    s = play(table(A, B, pile=PILE), (0, "draw"), (0, "discard"))
    assert cards(s, 0) == A and top(s) == {"card": "3", "blocked": False}
    assert events(s, None, "discard")[0]["card"] == "3"


def test_taken_discard_top_must_be_swapped() -> None:
    s = play(table(A, B, pile=PILE), (0, "draw"), (0, "discard"), (1, "take"))
    legal = GAME.legal(s, 1)
    assert "discard" not in legal and "swap:0" in legal
    with pytest.raises(IllegalAction, match="must be swapped"):
        GAME.apply(s, 1, "discard")
    s = play(s, (1, "swap:0"))
    assert cards(s, 1) == ["3", "6", "7", "8"] and top(s) == {"card": "5", "blocked": False}


def test_a_card_placed_on_the_discard_blocks_the_one_beneath_for_good() -> None:
    # 0 discards 3, 1 discards 4 (covers the 3), 0 takes the 4: the 3 shows again, blocked
    s = play(table(A, B, pile=PILE), (0, "draw"), (0, "discard"), (1, "draw"), (1, "discard"))
    s = play(s, (0, "take"))
    assert top(s) == {"card": "3", "blocked": True}
    s = play(s, (0, "swap:0"))
    assert top(s) == {"card": "1", "blocked": False}
    s = play(s, (1, "take"), (1, "swap:0"))
    assert top(s) == {"card": "5", "blocked": False}


def test_blocked_top_forces_a_deck_draw_and_opens_no_cut() -> None:
    s = play(table(A, B, pile=PILE), (0, "draw"), (0, "discard"), (0, "cut:2"))
    assert top(s) == {"card": "3", "blocked": True}  # a cut card is blocked
    assert GAME.view(s, None)["cutters"] == []
    assert not any(a.startswith("cut") for a in GAME.legal(s, 1))
    assert GAME.legal(s, 1)[:1] == ("draw",) and "take" not in GAME.legal(s, 1)
    assert GAME.view(s, 1)["prompt"]["take"] is False
    with pytest.raises(IllegalAction, match="blocked"):
        GAME.apply(s, 1, "take")


def test_cards_without_a_number_open_no_cut_window() -> None:
    s = play(table(["bendicion", *A[1:]], B, pile=PILE), (0, "draw"), (0, "swap:0"))
    assert top(s) == {"card": "bendicion", "blocked": False}
    assert GAME.view(s, None)["cutters"] == []
    assert "take" in GAME.legal(s, 1)  # it can still be taken
    s = play(table(A, ["maldicion", *B[1:]], pile=PILE), (0, "draw"), (0, "discard"))
    s = play(s, (1, "cut:0"))  # a Maldición never matches, not even a number
    assert events(s, None, "cut")[-1]["ok"] is False


# -- cuts --------------------------------------------------------------------------


def test_successful_cut_puts_the_card_on_top_blocked_without_its_effect() -> None:
    s = play(table(A, ["espia", *B[1:]], pile=["espia", *PILE]), (0, "draw"), (0, "discard"))
    assert GAME.view(s, 0)["pending"]["card"] == "espia"
    s = play(s, (0, "skip"))
    assert GAME.view(s, None)["cutters"] == [0, 1]
    s = play(s, (1, "cut:0"))
    assert cards(s, 1) == B[1:] and top(s) == {"card": "espia", "blocked": True}
    assert GAME.view(s, None)["step"] == "draw" and GAME.view(s, None)["pending"] is None
    assert GAME.view(s, 1)["tendidos"][1]["count"] == 3
    assert events(s, None, "cut")[-1] == {
        "n": events(s, None, "cut")[-1]["n"],
        "type": "cut",
        "seat": 1,
        "pos": 0,
        "card": "espia",
        "ok": True,
    }


def test_failed_cut_shows_the_card_returns_it_and_adds_an_unseen_penalty() -> None:
    s = play(table(A, B, pile=PILE), (0, "draw"), (0, "discard"))  # a 3 on top
    s = play(s, (1, "cut:2"))  # a 7
    assert cards(s, 1) == [*B, "4"]
    shown = {"seat": 1, "pos": 2, "card": "7"}
    assert GAME.view(s, 0)["shown"] == shown and GAME.view(s, None)["shown"] == shown
    view = GAME.view(s, 1)
    assert view["tendidos"][1]["count"] == 5 and view["reveal"] is None
    assert [e for e in view["events"] if e["type"] == "penalty"][-1]["pos"] == 4
    assert not [e for e in view["events"] if "card" in e and e["type"] == "penalty"]
    assert top(s) == {"card": "3", "blocked": False}  # still open to later cuts
    assert GAME.view(s, None)["cutters"] == [0, 1]


def test_cut_out_of_turn() -> None:
    s = play(table(A, B, pile=PILE), (0, "draw"), (0, "discard"))  # seat 1's turn
    assert GAME.view(s, None)["turn"] == 1
    s = play(s, (0, "cut:2"))  # seat 0's 3, out of turn
    assert cards(s, 0) == ["1", "2", "4"] and top(s) == {"card": "3", "blocked": True}


def test_cut_during_ones_own_turn_while_holding_a_card() -> None:
    s = play(table(A, ["3", *B[1:]], pile=["3", "5", *PILE[2:]]), (0, "draw"), (0, "discard"))
    s = play(s, (1, "draw"), (1, "cut:0"))
    assert cards(s, 1) == B[1:] and GAME.view(s, 1)["hand"]["card"] == "5"
    assert GAME.view(s, 1)["prompt"]["do"] == "decide"


def test_action_cards_cut_only_against_their_own_number() -> None:
    s = table(A, ["remolino", "impulso", "7", "8"], pile=["disrupcion", *PILE])
    s = play(s, (0, "draw"), (0, "discard"), (0, "skip"))
    failed = play(s, (1, "cut:1"))  # an Impulso (12) on a Disrupción (11)
    assert not events(failed, None, "cut")[-1]["ok"]
    s = play(s, (1, "cut:0"))  # a Remolino (11) on a Disrupción (11)
    assert events(s, None, "cut")[-1]["ok"] and cards(s, 1) == ["impulso", "7", "8"]
    s = table(A, ["disrupcion", *B[1:]], pile=["1", *PILE])
    s = play(s, (0, "draw"), (0, "discard"), (1, "cut:0"))  # 11 never matches a 1
    assert not events(s, None, "cut")[-1]["ok"]


def test_tie_window_cancels_near_simultaneous_attempts_without_penalty() -> None:
    s = play(table(A, B, C, pile=PILE), (0, "draw"), (0, "discard"))  # a 3 on top
    s = play(s, (1, "cut:0"))  # the first attempt (fails): judged
    assert GAME.view(s, None)["tie_window"] == {"first": 1, "tied": []}
    assert "tied:0" in GAME.legal(s, 2) and "tied:0" in GAME.legal(s, 0)
    assert not any(a.startswith("tied") for a in GAME.legal(s, 1))
    before = cards(s, 2)
    s = play(s, (2, "tied:2"))  # arrived within the window: cancelled, no penalty
    assert cards(s, 2) == before and GAME.view(s, None)["shown"] is None
    assert GAME.view(s, None)["tie_window"] == {"first": 1, "tied": [2]}
    assert not any(a.startswith("tied") for a in GAME.legal(s, 2))
    assert events(s, None, "tied")[-1]["first"] == 1
    # a successful first cut blocks the top: later attempts can only be cancelled
    s = play(table(A, B, ["3", *C[1:]], pile=PILE), (0, "draw"), (0, "discard"))
    s = play(s, (2, "cut:0"))
    assert top(s)["blocked"] and "tied:1" in GAME.legal(s, 1)


def test_tie_window_closes_with_the_next_action_but_not_a_reorder() -> None:
    s = play(table(A, B, C, pile=PILE), (0, "draw"), (0, "discard"), (1, "cut:0"))
    s = play(s, (0, "order:0,1"))
    assert GAME.view(s, None)["tie_window"] is not None
    s = play(s, (1, "draw"))
    assert GAME.view(s, None)["tie_window"] is None
    assert not any(a.startswith("tied") for a in GAME.legal(s, 2))


def test_emptied_tendido_wins_at_once_even_against_a_lower_total() -> None:
    s = table(["bendicion", "bendicion", "milagro", "1"], ["3", "4", "5", "6"], pile=[*"3456"])
    s = play(s, (0, "draw"), (0, "discard"), (1, "cut:0"))
    s = play(s, (1, "draw"), (1, "discard"), (1, "cut:0"))
    s = play(s, (0, "draw"), (0, "discard"), (1, "cut:0"))
    s = play(s, (1, "draw"), (1, "discard"))
    assert GAME.result(s) is None
    s = play(s, (1, "cut:0"))
    assert GAME.result(s) == {
        "reason": "emptied",
        "scores": [-24, 0],
        "winners": [1],
        "tendidos": [["bendicion", "bendicion", "milagro", "1"], []],
    }
    assert GAME.actors(s) == () and GAME.view(s, 0)["tendidos"][0]["cards"][2] == "milagro"


def test_reorder_own_tendido_blind_at_any_time() -> None:
    s = table(A, B, C, pile=PILE)
    assert GAME.actors(s) == (0, 1, 2)  # everyone may reorder, turn or not
    s = play(s, (2, "order:0,3"), (1, "order:1,2"))
    assert cards(s, 2) == ["2", "10", "1", "9"] and cards(s, 1) == ["5", "7", "6", "8"]
    assert not any(a.startswith("order") and a.count(",") != 1 for a in GAME.legal(s, 0))
    assert events(s, None, "order")[-1] == {
        "n": events(s, None, "order")[-1]["n"],
        "type": "order",
        "seat": 1,
        "positions": [1, 2],
    }
    assert GAME.view(s, 2)["tendidos"][2]["cards"] is None  # still blind


# -- the draw pile ---------------------------------------------------------------


def test_reshuffle_all_but_the_top_and_unblock_everything() -> None:
    s = table(A, ["3", *B[1:]], pile=["3"])
    s = play(s, (0, "draw"), (0, "discard"), (1, "cut:0"))
    assert top(s) == {"card": "3", "blocked": True} and GAME.view(s, None)["deck"] == 0
    s = play(s, (1, "draw"))
    assert events(s, None, "reshuffle")[-1]["deck"] == 1
    assert top(s) == {"card": "3", "blocked": False}  # the top is unblocked too
    assert GAME.view(s, 1)["hand"]["card"] == "3" and GAME.view(s, None)["discard"]["count"] == 1
    assert GAME.view(s, None)["cutters"] == [0, 1]


def test_nothing_left_to_draw_ends_the_game_and_the_lowest_total_wins() -> None:
    s = table(A, B, pile=[])
    assert GAME.result(s) == {
        "reason": "exhausted",
        "scores": [10, 26],
        "winners": [0],
        "tendidos": [A, B],
    }
    s = table(A, B, pile=["9"])
    s = play(s, (0, "draw"), (0, "discard"))
    # only the open top remains: seat 1 must take it
    assert GAME.legal(s, 1)[:1] == ("take",) and "draw" not in GAME.legal(s, 1)
    s = play(s, (1, "take"), (1, "swap:0"))  # a 5 on top, open
    s = play(s, (0, "take"), (0, "swap:0"))  # a 1 on top
    s = play(s, (1, "cut:0"))  # a failed cut with nothing to draw as penalty
    assert GAME.result(s)["reason"] == "exhausted"


def test_snap_marker_is_shown_set_in_the_centre_and_the_drawer_draws_again() -> None:
    s = table(A, B, pile=["snap", "9", *PILE])
    assert GAME.view(s, 0)["marker"] == {"found": False, "by": None}
    s = play(s, (0, "draw"))
    view = GAME.view(s, 1)
    assert view["marker"] == {"found": True, "by": 0}
    assert events(s, 1, "marker")[0]["seat"] == 0
    assert GAME.view(s, 0)["hand"]["card"] == "9" and view["turn"] == 0
    assert view["deck"] == len(PILE)
    assert "declare" in GAME.legal(s, 0)


def test_snap_marker_found_in_a_penalty_draw() -> None:
    s = table(A, B, pile=["3", "snap", "9", *PILE[1:]])
    s = play(s, (0, "draw"), (0, "discard"), (1, "cut:1"))
    assert cards(s, 1) == [*B, "9"] and GAME.view(s, None)["marker"]["by"] == 1
    assert "declare" in GAME.legal(s, 1)


# -- declaring and the end -------------------------------------------------------


def test_nobody_can_declare_before_the_marker_appears() -> None:
    s = table(A, B, pile=PILE)
    assert "declare" not in GAME.legal(s, 0)
    with pytest.raises(IllegalAction, match="marker"):
        GAME.apply(s, 0, "declare")


def test_declare_before_drawing_and_the_game_ends_when_the_turn_returns() -> None:
    s = table(A, B, pile=["snap", "9", "10", "9", "10"])
    s = play(s, (0, "draw"), (0, "discard"))
    s = play(s, (1, "declare"))
    assert GAME.view(s, 0)["declarer"] == 1 and GAME.view(s, 0)["out"] == []
    assert "declare" not in GAME.legal(s, 0) + GAME.legal(s, 1)
    s = play(s, (1, "draw"), (1, "discard"))
    assert GAME.view(s, 0)["out"] == [1] and GAME.view(s, 0)["tendidos"][1]["out"]
    assert GAME.actors(s) == (0,)
    s = play(s, (0, "draw"), (0, "discard"))
    assert GAME.result(s) == {
        "reason": "declared",
        "scores": [10, 26],
        "winners": [0],
        "tendidos": [A, B],
    }


def test_declare_after_drawing() -> None:
    s = table(A, B, pile=["snap", "9", "10"])
    s = play(s, (0, "draw"), (0, "declare"), (0, "discard"))
    assert GAME.view(s, None)["out"] == [0]
    s = play(s, (1, "draw"), (1, "discard"))
    assert GAME.result(s)["reason"] == "declared"


def test_declarer_plays_the_turn_normally_then_is_out_and_cannot_cut_or_reorder() -> None:
    s = table(A, B, pile=["snap", "9", "3", "10", "9", "5"])
    s = play(s, (0, "draw"), (0, "discard"), (1, "draw"), (1, "discard"))  # a 3 on top
    s = play(s, (0, "declare"), (0, "cut:2"))  # the declarer may still cut this turn
    assert cards(s, 0) == ["1", "2", "4"]
    s = play(s, (0, "draw"), (0, "discard"))  # a 10 on top, open
    assert GAME.legal(s, 0) == () and 0 not in GAME.actors(s)
    assert GAME.view(s, None)["cutters"] == [1]
    with pytest.raises(IllegalAction, match="declarer is out"):
        GAME.apply(s, 0, "order:0,1")
    assert GAME.view(s, 0)["prompt"] == {"do": "wait", "for": [1], "cut": False, "order": False}
    s = play(s, (1, "draw"), (1, "discard"))
    assert GAME.result(s)["winners"] == [0]


def test_the_declarer_is_still_hit_by_the_others_action_cards() -> None:
    s = table(A, B, ["9", "10", "1", "2"], pile=["snap", "9", "manipulacion", *PILE])
    s = play(s, (0, "draw"), (0, "declare"), (0, "discard"))
    s = play(s, (1, "draw"), (1, "discard"))
    assert "use:0" in GAME.legal(s, 1)
    s = play(s, (1, "use:0"))
    assert sorted(cards(s, 0)) == sorted(A)
    assert GAME.view(s, None)["tendidos"][0]["marks"] == ["manipulacion"] * 4
    assert GAME.result(s) is None and GAME.view(s, None)["turn"] == 2


def test_reversa_path_ends_the_game_at_the_declarer() -> None:
    s = table(A, B, C, pile=["snap", "9", "reversa", *PILE])
    s = play(s, (0, "draw"), (0, "declare"), (0, "discard"))
    s = play(s, (1, "draw"), (1, "discard"), (1, "use"))
    assert GAME.result(s)["reason"] == "declared"  # seat 2 never played again
    assert not [e for e in events(s, None, "turn") if e["seat"] == 2]


def test_impulso_path_ends_the_game_when_the_declarer_is_owed_extra_turns() -> None:
    s = table(A, B, C, pile=["snap", "impulso", *PILE])
    s = play(s, (0, "draw"), (0, "declare"), (0, "discard"), (0, "use"))
    assert GAME.result(s)["reason"] == "declared"


def test_ties_share_the_win() -> None:
    s = table(A, ["4", "3", "2", "1"], pile=["snap", "9", "10"])
    s = play(s, (0, "draw"), (0, "declare"), (0, "discard"), (1, "draw"), (1, "discard"))
    assert GAME.result(s)["scores"] == [10, 10] and GAME.result(s)["winners"] == [0, 1]


# -- activation ------------------------------------------------------------------


def test_activation_is_optional() -> None:
    s = play(table(A, B, pile=["reversa", *PILE]), (0, "draw"), (0, "discard"))
    assert GAME.legal(s, 0)[:2] == ("skip", "use")
    assert GAME.view(s, 1)["pending"] == {"seat": 0, "card": "reversa", "target": "none"}
    s = play(s, (0, "skip"))
    assert GAME.view(s, None)["direction"] == 1 and GAME.view(s, None)["turn"] == 1


def test_activation_works_from_the_tendido_as_from_the_deck() -> None:
    s = play(table(["reversa", *A[1:]], B, C, pile=PILE), (0, "draw"), (0, "swap:0"))
    assert GAME.view(s, 0)["prompt"] == {
        "do": "activate",
        "seat": 0,
        "card": "reversa",
        "target": "none",
        "declare": False,
    }
    s = play(s, (0, "use"))
    assert GAME.view(s, None)["direction"] == -1 and GAME.view(s, None)["turn"] == 2


def test_a_taken_action_card_does_not_act_but_the_one_it_replaces_may() -> None:
    s = play(table(A, ["espia", *B[1:]], pile=["reversa", *PILE]), (0, "draw"), (0, "discard"))
    s = play(s, (0, "skip"), (1, "take"))
    assert GAME.view(s, None)["pending"] is None
    s = play(s, (1, "swap:0"))
    assert GAME.view(s, None)["pending"]["card"] == "espia"


def test_a_cut_on_a_pending_action_card_leaves_the_owner_free_to_activate() -> None:
    s = play(table(A, ["reversa", *B[1:]], pile=["reversa", *PILE]), (0, "draw"), (0, "discard"))
    s = play(s, (1, "cut:0"))
    assert top(s) == {"card": "reversa", "blocked": True}
    assert GAME.view(s, None)["pending"]["card"] == "reversa"
    s = play(s, (0, "use"))
    assert GAME.view(s, None)["direction"] == -1


def test_reversa_inverts_the_turn_order() -> None:
    s = play(table(A, B, C, pile=["reversa", *PILE]), (0, "draw"), (0, "discard"), (0, "use"))
    assert GAME.view(s, None)["turn"] == 2
    s = play(s, (2, "draw"), (2, "discard"))
    assert GAME.view(s, None)["turn"] == 1


def test_disrupcion_swaps_an_own_card_with_another_players_in_place() -> None:
    s = play(table(A, B, C, pile=["disrupcion", *PILE]), (0, "draw"), (0, "discard"))
    legal = GAME.legal(s, 0)
    assert "use:0.1,2.0" in legal and "use:1.0,2.0" in legal  # both forms
    assert not any(a[4] == a[8] for a in legal if a.startswith("use:"))  # two seats
    s = play(s, (0, "use:0.1,2.0"))
    assert cards(s, 0) == ["1", "9", "3", "4"] and cards(s, 2) == ["2", "10", "1", "2"]
    view = GAME.view(s, 1)
    assert view["tendidos"][0]["marks"] == [None, "disrupcion", None, None]
    assert view["tendidos"][2]["marks"] == ["disrupcion", None, None, None]
    assert view["tendidos"][1]["marks"] == [None] * 4


def test_disrupcion_makes_two_other_players_swap() -> None:
    s = play(table(A, B, C, pile=["disrupcion", *PILE]), (0, "draw"), (0, "discard"))
    s = play(s, (0, "use:1.2,2.0"))
    assert cards(s, 1) == ["5", "6", "9", "8"] and cards(s, 2) == ["7", "10", "1", "2"]
    assert cards(s, 0) == A
    assert events(s, None, "use")[-1]["cards"] == [[1, 2], [2, 0]]


def test_remolino_every_player_passes_one_blind_card_at_once() -> None:
    s = play(table(A, B, C, pile=["remolino", *PILE]), (0, "draw"), (0, "discard"))
    assert GAME.legal(s, 0)[:3] == ("skip", "use:next", "use:prev")
    s = play(s, (0, "use:next"))
    assert GAME.actors(s) == (0, 1, 2) and GAME.view(s, None)["phase"] == "whirl"
    assert GAME.view(s, None)["step"] == "give" and GAME.view(s, None)["pending"] is None
    assert GAME.view(s, 2)["prompt"] == {"do": "give", "towards": "next"}
    assert GAME.legal(s, 1) == ("give:0", "give:1", "give:2", "give:3")  # no cut, no reorder
    s = play(s, (1, "give:2"), (0, "give:0"))
    # nobody sees another seat's pick before the exchange
    assert GAME.view(s, 2)["whirl"] == {
        "by": 0,
        "towards": "next",
        "given": [0, 1],
        "waiting": [2],
        "mine": None,
    }
    assert GAME.view(s, 1)["whirl"]["mine"] == 2
    assert cards(s, 1) == B  # nothing moves yet
    s = play(s, (2, "give:3"))
    # next: 0 -> 1 -> 2 -> 0; each card takes the gap of the one given
    assert cards(s, 0) == ["2", "2", "3", "4"]
    assert cards(s, 1) == ["5", "6", "1", "8"]
    assert cards(s, 2) == ["9", "10", "1", "7"]
    marks = [t["marks"] for t in GAME.view(s, None)["tendidos"]]
    assert marks == [
        ["remolino", None, None, None],
        [None, None, "remolino", None],
        [None, None, None, "remolino"],
    ]
    assert GAME.view(s, None)["phase"] == "play" and GAME.view(s, None)["turn"] == 1


def test_remolino_the_declarer_who_is_out_passes_a_card_picked_at_random() -> None:
    picks = set()
    for seed in range(12):
        deck = [*A, *B, *C, "snap", "9", "remolino", *PILE]
        s = GAME.new(3, seed, {"deck": deck, "first": 0})
        s = play(s, (0, "peek:0,1"), (1, "peek:0,1"), (2, "peek:0,1"))
        s = play(s, (0, "draw"), (0, "declare"), (0, "discard"))
        s = play(s, (1, "draw"), (1, "discard"), (1, "use:prev"))
        assert GAME.actors(s) == (1, 2)  # the declarer cannot respond
        s = play(s, (1, "give:0"), (2, "give:0"))
        picks.add(GAME.view(s, None)["tendidos"][0]["marks"].index("remolino"))
        # prev: 1 -> 0, 2 -> 1, 0 -> 2
        assert cards(s, 1)[0] == "9" and cards(s, 0).count("5") == 1
    assert len(picks) > 1


def test_impulso_grants_two_extra_turns_drawing_from_the_deck_only() -> None:
    s = play(table(A, B, pile=["impulso", *PILE]), (0, "draw"), (0, "discard"), (0, "use"))
    view = GAME.view(s, 1)
    assert view["turn"] == 0 and view["extra_turn"] and view["extra_turns"] == 1
    assert top(s) == {"card": "impulso", "blocked": False}
    assert "take" not in GAME.legal(s, 0)
    with pytest.raises(IllegalAction, match="extra turn"):
        GAME.apply(s, 0, "take")
    s = play(s, (0, "draw"), (0, "discard"))
    assert GAME.view(s, None)["turn"] == 0 and GAME.view(s, None)["extra_turns"] == 0
    s = play(s, (0, "draw"), (0, "discard"))
    assert GAME.view(s, None)["turn"] == 1 and not GAME.view(s, None)["extra_turn"]
    assert "take" in GAME.legal(s, 1)


def test_impulso_chains_two_more_turns() -> None:
    s = table(A, B, pile=["impulso", "impulso", *PILE])
    s = play(s, (0, "draw"), (0, "discard"), (0, "use"))
    s = play(s, (0, "draw"), (0, "discard"), (0, "use"))
    # one extra turn was left: with two more, three extra turns follow this one
    assert GAME.view(s, None)["extra_turns"] == 2 and GAME.view(s, None)["extra_turn"]
    for _ in range(3):
        assert GAME.view(s, None)["turn"] == 0
        s = play(s, (0, "draw"), (0, "discard"))
    assert GAME.view(s, None)["turn"] == 1


def test_manipulacion_reorders_another_tendido_at_random_unknown_to_all() -> None:
    s = play(table(A, B, C, pile=["manipulacion", *PILE]), (0, "draw"), (0, "discard"))
    assert GAME.legal(s, 0)[:3] == ("skip", "use:1", "use:2")  # another player's, never one's own
    s = play(s, (2, "order:0,1"))
    s = play(s, (0, "use:2"))
    assert sorted(cards(s, 2)) == sorted(C)
    assert GAME.view(s, None)["tendidos"][2]["marks"] == ["manipulacion"] * 4
    orders = set()
    for seed in range(10):
        t = GAME.new(3, seed, {"deck": [*A, *B, *C, "manipulacion", *PILE], "first": 0})
        t = play(t, (0, "peek:0,1"), (1, "peek:0,1"), (2, "peek:0,1"))
        t = play(t, (0, "draw"), (0, "discard"), (0, "use:1"))
        orders.add(tuple(cards(t, 1)))
    assert len(orders) > 3


def test_espia_looks_at_two_cards_own_other_or_mixed_privately() -> None:
    s = play(table(A, B, C, pile=["espia", *PILE]), (0, "draw"), (0, "discard"))
    legal = GAME.legal(s, 0)
    assert {"use:0.0,0.3", "use:1.0,1.2", "use:0.2,2.1"} <= set(legal)
    assert "use:1.0,2.0" not in legal  # not two different other players
    assert not any(a.count(".") == 1 for a in legal if a.startswith("use"))  # always two
    s = play(s, (0, "use:0.2,2.1"))
    assert GAME.view(s, 0)["reveal"] == {
        "kind": "spy",
        "cards": [{"seat": 0, "pos": 2, "card": "3"}, {"seat": 2, "pos": 1, "card": "10"}],
    }
    assert GAME.view(s, 2)["reveal"] is None and GAME.view(s, None)["reveal"] is None
    assert [e["cards"] for e in events(s, 0, "seen")][-1] == [[0, 2, "3"], [2, 1, "10"]]
    assert not any(e.get("why") == "spy" for e in events(s, 2, "seen"))
    marks = [t["marks"] for t in GAME.view(s, None)["tendidos"]]
    assert marks[0] == [None] * 4  # one's own spying leaves no mark
    assert marks[2] == [None, "espia", None, None]  # another's Espía: yellow
    s = play(s, (1, "draw"))  # the moment has passed
    assert GAME.view(s, 0)["reveal"] is None


def test_a_reveal_ends_when_its_cards_move() -> None:
    s = play(table(A, B, pile=["espia", *PILE]), (0, "draw"), (0, "discard"))
    s = play(s, (0, "use:1.0,1.1"))
    assert GAME.view(s, 0)["reveal"]["kind"] == "spy"
    s = play(s, (1, "order:0,3"))
    assert GAME.view(s, 0)["reveal"] is None


# -- the Milagro -------------------------------------------------------------------


def test_milagro_drawn_removes_one_card_blind_and_ends_the_turn() -> None:
    s = play(table(A, B, pile=["milagro", *PILE]), (0, "draw"))
    assert top(s) == {"card": "milagro", "blocked": True}
    assert GAME.legal(s, 0)[:4] == ("remove:0", "remove:1", "remove:2", "remove:3")
    assert "skip" not in GAME.legal(s, 0) and "discard" not in GAME.legal(s, 0)  # compulsory
    assert GAME.view(s, 1)["prompt"]["do"] == "wait"
    s = play(s, (0, "remove:2"))
    assert cards(s, 0) == ["1", "2", "4"]
    assert events(s, 1, "remove")[-1]["card"] == "3"  # the whole table sees which it was
    assert top(s) == {"card": "milagro", "blocked": True}
    assert GAME.view(s, None)["discard"]["count"] == 2
    assert GAME.view(s, None)["turn"] == 1 and GAME.view(s, None)["cutters"] == []
    assert "take" not in GAME.legal(s, 1)


def test_milagro_emptying_the_tendido_wins_at_once() -> None:
    s = table(["bendicion", "bendicion", "1", "2"], ["3", "4", "5", "6"], pile=[*"345", "milagro"])
    s = play(s, (0, "draw"), (0, "discard"), (1, "cut:0"))
    s = play(s, (1, "draw"), (1, "discard"), (1, "cut:0"))
    s = play(s, (0, "draw"), (0, "discard"), (1, "cut:0"))
    s = play(s, (1, "draw"), (1, "remove:0"))
    assert GAME.result(s)["reason"] == "emptied" and GAME.result(s)["winners"] == [1]


def test_milagro_received_any_other_way_is_a_minus_fifteen_card() -> None:
    s = table(A, B, pile=["3", "milagro", *PILE[1:]])
    s = play(s, (0, "draw"), (0, "discard"), (1, "cut:0"))  # penalty: the Milagro
    assert cards(s, 1) == [*B, "milagro"] and GAME.view(s, None)["step"] == "draw"
    s = table(["milagro", *A[1:]], B, pile=["disrupcion", *PILE])
    s = play(s, (0, "draw"), (0, "discard"), (0, "use:0.0,1.0"))
    assert cards(s, 1)[0] == "milagro" and GAME.view(s, None)["step"] == "draw"


def test_milagro_back_in_the_pile_after_a_reshuffle_acts_again() -> None:
    s = table(A, B, pile=["milagro"])
    s = play(s, (0, "draw"), (0, "remove:0"))  # the 1 under the Milagro
    s = play(s, (1, "draw"))  # reshuffle: the 1 is drawn, the Milagro stays on top
    assert GAME.view(s, 1)["hand"]["card"] == "1"
    assert top(s) == {"card": "milagro", "blocked": True}  # never takeable
    s = play(s, (1, "discard"), (0, "draw"))  # reshuffle again: now the Milagro
    assert GAME.view(s, None)["step"] == "remove"


def test_a_milagro_swapped_out_of_a_tendido_lies_blocked() -> None:
    s = play(table(["milagro", *A[1:]], B, pile=PILE), (0, "draw"), (0, "swap:0"))
    assert top(s) == {"card": "milagro", "blocked": True}
    assert GAME.view(s, None)["step"] == "draw" and GAME.view(s, None)["turn"] == 1


# -- marks -------------------------------------------------------------------------


def test_own_marks_clear_when_their_owner_draws_on_the_next_turn() -> None:
    s = play(table(A, B, C, pile=["disrupcion", *PILE]), (0, "draw"), (0, "discard"))
    s = play(s, (0, "use:1.0,2.0"))
    s = play(s, (1, "order:0,1"))  # a mark travels with its card
    assert GAME.view(s, None)["tendidos"][1]["marks"] == [None, "disrupcion", None, None]
    s = play(s, (1, "draw"))
    assert GAME.view(s, None)["tendidos"][1]["marks"] == [None] * 4
    assert GAME.view(s, None)["tendidos"][2]["marks"][0] == "disrupcion"
    s = play(s, (1, "discard"), (2, "draw"))
    assert GAME.view(s, None)["tendidos"][2]["marks"] == [None] * 4


# -- what a seat sees --------------------------------------------------------------


def test_views_never_show_a_face_down_value_not_even_ones_own() -> None:
    s = play(table(A, B, pile=["10", *PILE]), (0, "draw"))
    assert GAME.view(s, 0)["hand"]["card"] == "10"
    s = play(s, (0, "swap:0"))  # seat 0 knows the 10 is at 0: the view does not say it
    for seat in (None, 0, 1):
        view = GAME.view(s, seat)
        assert all(t["cards"] is None for t in view["tendidos"])
        assert view["reveal"] is None and view["hand"] is None
        without_log = json.dumps({k: v for k, v in view.items() if k != "events"})
        assert '"10"' not in without_log
    # only the drawer's own log keeps what it saw, for a bot to remember
    assert events(s, 0, "drawn")[-1]["card"] == "10" and not events(s, 1, "drawn")


def test_view_tells_whose_turn_and_what_to_do() -> None:
    s = table(A, B, pile=PILE)
    assert GAME.view(s, 0)["prompt"] == {
        "do": "draw",
        "seat": 0,
        "deck": True,
        "take": False,
        "declare": False,
    }
    assert GAME.view(s, None)["prompt"]["do"] == "draw"
    assert GAME.view(s, 1)["prompt"] == {"do": "wait", "for": [0], "cut": False, "order": True}
    s = play(s, (0, "draw"), (0, "discard"))
    assert GAME.view(s, 0)["prompt"] == {"do": "wait", "for": [1], "cut": True, "order": True}


def test_why_an_action_is_illegal_is_said() -> None:
    s = table(A, B, pile=PILE)
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        GAME.apply(s, 1, "draw")
    with pytest.raises(IllegalAction, match="carta_robada: seat 0 cannot play 'cut:0'"):
        GAME.apply(s, 0, "cut:0")


def test_a_stacked_game_saves_and_loads() -> None:
    s = play(table(A, B, pile=["espia", *PILE]), (0, "draw"), (0, "discard"))
    s = play(s, (0, "use:1.0,1.1"), (1, "order:0,2"))
    loaded = GAME.load(json.loads(json.dumps(GAME.dump(s))))
    assert GAME.snapshot(loaded) == GAME.snapshot(s)
    with pytest.raises(BadSave):
        GAME.load({**GAME.dump(s), "options": {"deck": ["nope"]}})
    assert GAMES["carta_robada"] is GAME


def test_declare_while_removing_for_a_milagro() -> None:
    s = table(A, B, pile=["snap", "9", "milagro", "10"])
    s = play(s, (0, "draw"), (0, "discard"), (1, "draw"))
    assert GAME.view(s, 1)["prompt"] == {"do": "remove", "seat": 1, "declare": True}
    s = play(s, (1, "declare"), (1, "remove:0"))
    assert GAME.view(s, None)["out"] == [1]
    s = play(s, (0, "draw"), (0, "discard"))
    assert GAME.result(s)["scores"] == [10, 21]


def test_a_card_removed_for_a_milagro_never_acts() -> None:
    s = play(table(["espia", *A[1:]], B, pile=["milagro", *PILE]), (0, "draw"), (0, "remove:0"))
    assert events(s, None, "remove")[-1]["card"] == "espia"
    assert GAME.view(s, None)["pending"] is None and GAME.view(s, None)["turn"] == 1


def test_a_position_shows_its_latest_mark() -> None:
    s = table(A, B, C, pile=["disrupcion", "espia", *PILE])
    s = play(s, (0, "draw"), (0, "discard"), (0, "use:1.0,2.0"))
    s = play(s, (1, "draw"), (1, "discard"), (1, "use:2.0,2.1"))
    assert GAME.view(s, None)["tendidos"][2]["marks"] == ["espia", "espia", None, None]
    assert GAME.view(s, None)["tendidos"][1]["marks"] == [None] * 4  # cleared by 1's draw


def test_random_play_of_the_conformance_suite_reaches_every_action() -> None:
    """The conformance suite's random player must explore the whole game, not
    wander among reorders: every kind of action shows up in a few games."""
    from tests.playout import play_out

    seen: set[str] = set()
    for seed in range(40):
        final, actions = play_out(GAME, 2 + seed % 5, seed)
        assert GAME.result(final) is not None
        seen.update(a.split(":")[0] for _, a in actions)
    assert seen == {
        "peek", "draw", "take", "swap", "discard", "use", "skip", "give",
        "remove", "declare", "cut", "tied", "order",
    }  # fmt: skip


def test_a_view_is_a_copy_that_cannot_change_the_game() -> None:
    s = play(table(A, B, pile=["espia", *PILE]), (0, "draw"), (0, "discard"))
    s = play(s, (0, "use:1.0,1.1"))
    before = GAME.snapshot(s)
    view = GAME.view(s, 0)
    view["tendidos"][1]["marks"].append("x")
    view["reveal"]["cards"].clear()
    for event in view["events"]:
        for value in event.values():
            if isinstance(value, list):
                value.append("x")
    assert GAME.snapshot(s) == before
    assert GAME.view(s, 0) != view

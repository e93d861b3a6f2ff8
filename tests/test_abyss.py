"""Abyss, rule by rule: seeds 000/001/002 and the Abyss rulings, each pinned by
a scenario built by hand with the ``deck`` test option (docs/rules/abyss.md)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import pytest

from engine import GAMES, BadSave, IllegalAction
from engine.abyss import COMPOSITION, DECK, GAME
from engine.core import State

# -- building scenarios ----------------------------------------------------------

LOW = [0, 1, 2, 3, 1, 0, 0, 0, 0, 1, 2, 0]  # sums to 10, no column of three equal values


def stacked(
    players: int,
    grids: dict[int, Sequence[int]] | None = None,
    opener: int | None = None,
    draws: Sequence[int] = (),
) -> list[int]:
    """A full 150-card deck order: the given grids (seat -> 12 values), opening
    discard and first draws; every other card comes from what is left, spread
    over many values so that no column of hidden filler is all one value."""
    pool = Counter(DECK)

    def use(value: int) -> int:
        assert pool[value] > 0, f"the deck has no more {value}s"
        pool[value] -= 1
        return value

    grids = grids or {}
    chosen = {s: [use(v) for v in g] for s, g in grids.items()}
    first = use(opener) if opener is not None else None
    drawn = [use(v) for v in draws]
    filler: list[int] = []
    while sum(pool.values()):
        for v in sorted(pool):
            if pool[v]:
                filler.append(v)
                pool[v] -= 1
    filler.reverse()
    order: list[int] = []
    for s in range(players):
        order += chosen[s] if s in chosen else [filler.pop() for _ in range(12)]
    order.append(first if first is not None else filler.pop())
    order += drawn + filler[::-1]
    assert sorted(order) == sorted(DECK)
    return order


def table(players: int, **kw: object) -> State:
    target = kw.pop("target", None)
    options: dict[str, object] = {"deck": stacked(players, **kw)}  # type: ignore[arg-type]
    if target is not None:
        options["target"] = target
    return GAME.new(players, 1, options)


def play(state: State, *moves: str) -> State:
    """Moves as "seat action" strings, e.g. "0 flip:3"."""
    for move in moves:
        seat, action = move.split()
        state = GAME.apply(state, int(seat), action)
    return state


def cells(state: State, seat: int) -> list[dict]:
    return GAME.view(state)["grids"][seat]["cells"]


def hidden_positions(state: State, seat: int) -> list[int]:
    return [c["pos"] for c in cells(state, seat) if c["state"] == "hidden"]


def history(state: State) -> list[tuple[int, str]]:
    return [(e["value"], e["source"]) for e in GAME.view(state)["discard"]["history"]]


def events(state: State, kind: str) -> list[dict]:
    return [e for e in GAME.view(state)["events"] if e["type"] == kind]


Policy = Callable[[State, int], list[str]]


def flip_lowest(keep_hidden: Iterable[int] = ()) -> Policy:
    """A turn that flips the lowest hidden position not kept hidden; once only
    kept ones are left, take the discard and place it on the first face-up space."""
    keep = set(keep_hidden)

    def turn(state: State, seat: int) -> list[str]:
        free = [p for p in hidden_positions(state, seat) if p not in keep]
        if free:
            return [f"flip:{free[0]}"]
        up = next(c["pos"] for c in cells(state, seat) if c["state"] == "up")
        return ["take", f"place:{up}"]

    return turn


def play_round(
    state: State,
    opening: dict[int, tuple[int, int]],
    policies: dict[int, Policy] | None = None,
) -> State:
    """Round-start flips as given, then turns by the policies (default: flip the
    lowest hidden card) until the round is over."""
    for seat, positions in opening.items():
        for p in positions:
            state = GAME.apply(state, seat, f"flip:{p}")
    start = GAME.view(state)["round"]
    while GAME.view(state)["round"] == start and GAME.result(state) is None:
        seat = GAME.view(state)["turn"]
        for action in (policies or {}).get(seat, flip_lowest())(state, seat):
            state = GAME.apply(state, seat, action)
    return state


# -- the deck and the deal -------------------------------------------------------


def test_deck_composition() -> None:
    assert len(DECK) == 150
    assert Counter(DECK) == {-2: 5, -1: 10, 0: 15, **{v: 10 for v in range(1, 13)}}
    assert Counter(DECK) == COMPOSITION


def test_players_2_to_8() -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 8)
    assert GAMES["abyss"] is GAME
    for n in (2, 8):
        view = GAME.view(GAME.new(n, 3))
        assert len(view["grids"]) == n and view["draw_pile"] == 150 - 12 * n - 1
    for n in (1, 9):
        with pytest.raises(ValueError):
            GAME.new(n, 3)


def test_deal_twelve_face_down_and_open_the_discard() -> None:
    order = stacked(3, opener=-2)
    state = GAME.new(3, 1, {"deck": order})
    view = GAME.view(state, 0)
    assert view["phase"] == "flips" and view["round"] == 1
    for grid in view["grids"]:
        assert [c["state"] for c in grid["cells"]] == ["hidden"] * 12
        assert all(c["value"] is None for c in grid["cells"])
    assert view["discard"]["top"] == -2 and view["discard"]["size"] == 1
    assert history(state) == [(-2, "deal")]
    assert view["draw_pile"] == 150 - 36 - 1
    # seat s holds the cards at 12s..12s+11, in positions 0..11
    state = play(state, "1 flip:0", "1 flip:11")
    assert [c["value"] for c in cells(state, 1)][0::11] == [order[12], order[23]]


def test_every_round_redeals_the_whole_deck() -> None:
    state = play_round(table(2, grids={0: LOW, 1: LOW}), {0: (3, 2), 1: (0, 1)})
    view = GAME.view(state)
    assert view["round"] == 2 and view["phase"] == "flips"
    assert all(g["hidden"] == 12 and g["swallowed"] == [] for g in view["grids"])
    assert view["draw_pile"] == 150 - 24 - 1 and view["discard"]["size"] == 1
    assert [e["source"] for e in view["discard"]["history"]] == ["deal"]


def test_deck_option_orders_later_rounds_too() -> None:
    second = stacked(2, grids={1: [9] * 10 + [8, 8]})
    state = GAME.new(2, 1, {"deck": [stacked(2, grids={0: LOW, 1: LOW}), second]})
    state = play_round(state, {0: (3, 2), 1: (0, 1)})
    state = play(state, "1 flip:5", "1 flip:6")
    assert [c["value"] for c in cells(state, 1) if c["state"] == "up"] == [9, 9]


def test_deck_option_must_be_the_whole_deck() -> None:
    for bad in ([1, 2, 3], [*DECK[:-1], 11], [*DECK[:-1], True], "deck", [], [[*DECK], [1]]):
        with pytest.raises(ValueError):
            GAME.new(2, 1, {"deck": bad})
    save = GAME.dump(GAME.new(2, 1, {"deck": list(DECK)}))
    save["options"]["deck"] = list(DECK[:-1])
    with pytest.raises(BadSave):
        GAME.load(save)


def test_grid_positions_are_row_major() -> None:
    # column 0 is positions 0, 4, 8: three 6s there are one column
    state = table(2, grids={0: [6, 0, 1, 2, 6, 3, 4, 5, 6, 7, 8, 9]}, opener=1)
    state = play(state, "0 flip:0", "0 flip:4", "1 flip:0", "1 flip:1", "0 flip:8")
    view = GAME.view(state)
    assert view["grids"][0]["swallowed"] == [0, 4, 8]
    assert view["grids"][0]["swallowed_columns"] == [0]


# -- round start -------------------------------------------------------------------


def test_round_start_flips_in_any_order() -> None:
    state = table(3)
    assert GAME.actors(state) == (0, 1, 2)
    assert GAME.view(state, 2)["prompt"] == "start_flips"
    state = play(state, "2 flip:5", "0 flip:0", "2 flip:7")
    assert GAME.actors(state) == (0, 1)
    assert GAME.view(state, 2)["prompt"] == "wait"
    with pytest.raises(IllegalAction, match="flipped its two cards"):
        GAME.apply(state, 2, "flip:1")
    with pytest.raises(IllegalAction, match="first flips two cards"):
        GAME.apply(state, 0, "take")
    state = play(state, "1 flip:3", "0 flip:1", "1 flip:2")
    assert GAME.view(state)["phase"] == "turn"


def test_starter_highest_sum() -> None:
    state = table(
        3,
        grids={0: [5, 5, *range(10)], 1: [12, -2, *range(10)], 2: [7, 4, *range(10)]},
    )
    state = play(state, "0 flip:0", "0 flip:1", "1 flip:0", "1 flip:1", "2 flip:0", "2 flip:1")
    view = GAME.view(state)
    assert view["starter"]["seat"] == 2 and view["starter"]["reason"] == "sum"
    assert view["starter"]["sums"] == [10, 10, 11]
    assert view["turn"] == 2 and view["prompts"] == ["wait", "wait", "choose"]


def test_starter_tie_highest_card() -> None:
    state = table(3, grids={0: [5, 5, *range(10)], 1: [12, -2, *range(10)], 2: [3, 4, *range(10)]})
    state = play(state, "0 flip:0", "0 flip:1", "1 flip:0", "1 flip:1", "2 flip:0", "2 flip:1")
    starter = GAME.view(state)["starter"]
    assert (starter["seat"], starter["reason"]) == (1, "highest_card")


def test_starter_tie_seat_order() -> None:
    state = table(3, grids={0: [2, 1, *range(10)], 1: [6, 3, *range(10)], 2: [3, 6, *range(10)]})
    state = play(state, "2 flip:0", "2 flip:1", "1 flip:0", "1 flip:1", "0 flip:0", "0 flip:1")
    starter = GAME.view(state)["starter"]
    assert (starter["seat"], starter["reason"]) == (1, "seat_order")
    assert [e["type"] for e in GAME.view(state)["events"]][-1] == "starter"


def test_starter_chosen_again_every_round() -> None:
    second = stacked(2, grids={0: [1, 1, *range(10)], 1: [12, 12, *range(10)]})
    state = GAME.new(2, 1, {"deck": [stacked(2, grids={0: LOW, 1: LOW}), second]})
    state = play_round(state, {0: (3, 2), 1: (0, 1)})
    view = GAME.view(state)
    assert view["starter"] is None and view["actors"] == [0, 1] and view["turn"] is None
    state = play(state, "0 flip:0", "0 flip:1", "1 flip:0", "1 flip:1")
    assert GAME.view(state)["starter"]["seat"] == 1  # round 1 was opened by seat 0


# -- a turn ---------------------------------------------------------------------------


def opened(players: int = 2, first: tuple[int, int] = (0, 1), **kw: object) -> State:
    """Seat 0 opens, flipping ``first`` (its 12 and 11 unless a grid is given);
    the other seats flip their positions 0 and 1 (low filler cards)."""
    grids = kw.pop("grids", None) or {0: [12, 11, *range(10)]}
    state = table(players, grids=grids, **kw)
    state = play(state, *(f"0 flip:{p}" for p in first))
    for s in range(1, players):
        state = play(state, f"{s} flip:0", f"{s} flip:1")
    assert GAME.view(state)["turn"] == 0
    return state


def test_turn_choices() -> None:
    state = opened()
    assert GAME.legal(state, 0) == ("take", "draw", *(f"flip:{i}" for i in range(2, 12)))
    assert GAME.legal(state, 1) == ()
    with pytest.raises(IllegalAction, match="seat 1 cannot play 'draw': it is seat 0's turn"):
        GAME.apply(state, 1, "draw")


def test_taken_discard_must_be_placed() -> None:
    state = play(opened(opener=-2), "0 take")
    view = GAME.view(state, 0)
    assert view["prompt"] == "place_taken" and view["pending"]["value"] == -2
    assert view["discard"]["size"] == 0 and view["discard"]["top"] is None
    assert GAME.legal(state, 0) == tuple(f"place:{i}" for i in range(12))
    for action in ("discard", "draw", "take", "flip:5"):
        with pytest.raises(IllegalAction, match="the taken card must be placed"):
            GAME.apply(state, 0, action)
    state = play(state, "0 place:7")
    assert cells(state, 0)[7] == {"pos": 7, "state": "up", "value": -2}
    assert GAME.view(state)["turn"] == 1


def test_draw_then_place() -> None:
    state = play(opened(draws=[-1]), "0 draw")
    assert GAME.view(state, 0)["prompt"] == "place_or_discard"
    assert GAME.legal(state, 0) == (*(f"place:{i}" for i in range(12)), "discard")
    state = play(state, "0 place:5")
    assert cells(state, 0)[5]["value"] == -1
    assert GAME.view(state)["discard"]["top"] == 3  # the replaced card: LOW-free filler
    assert GAME.view(state)["turn"] == 1


def test_draw_then_discard_then_flip() -> None:
    state = play(opened(draws=[12]), "0 draw", "0 discard")
    view = GAME.view(state, 0)
    assert view["prompt"] == "flip_after_discard" and view["discard"]["top"] == 12
    assert GAME.legal(state, 0) == tuple(f"flip:{i}" for i in range(2, 12))
    with pytest.raises(IllegalAction, match="position 0 is already face up"):
        GAME.apply(state, 0, "flip:0")
    with pytest.raises(IllegalAction, match="flip one of your hidden cards"):
        GAME.apply(state, 0, "place:3")
    state = play(state, "0 flip:9")
    assert cells(state, 0)[9]["state"] == "up" and GAME.view(state)["turn"] == 1
    assert [e["type"] for e in GAME.view(state)["events"]][-3:] == ["draw", "discard", "flip"]


def test_flip_alone_ends_the_turn() -> None:
    state = play(opened(), "0 flip:4")
    view = GAME.view(state)
    assert view["turn"] == 1 and view["grids"][0]["hidden"] == 9
    assert view["discard"]["size"] == 1 and view["draw_pile"] == 150 - 24 - 1
    with pytest.raises(IllegalAction, match="take or draw first"):
        GAME.apply(state, 1, "place:3")


def test_place_on_face_up_space() -> None:
    state = play(opened(opener=0), "0 take", "0 place:0")
    view = GAME.view(state)
    assert cells(state, 0)[0] == {"pos": 0, "state": "up", "value": 0}
    assert view["grids"][0]["hidden"] == 10
    assert view["discard"]["top"] == 12
    assert events(state, "place")[-1] == {
        "n": events(state, "place")[-1]["n"],
        "type": "place",
        "seat": 0,
        "pos": 0,
        "value": 0,
        "replaced": 12,
        "was_hidden": False,
        "source": "discard",
    }


def test_drawn_card_is_public() -> None:
    state = play(opened(draws=[7]), "0 draw")
    for seat in (None, 0, 1):
        assert GAME.view(state, seat)["pending"] == {"value": 7, "from": "draw", "seat": 0}
    assert events(state, "draw")[-1]["value"] == 7


# -- the discard history and the reshuffle ----------------------------------------------


def test_discard_history_marks_taken_cards() -> None:
    state = play(opened(opener=4), "0 take", "0 place:2")
    entries = GAME.view(state)["discard"]["history"]
    assert [(e["value"], e["source"], e["taken"]) for e in entries] == [
        (4, "deal", True),
        (0, "replaced", False),
    ]
    assert entries[1]["seat"] == 0 and entries[0]["seat"] is None


def test_counts_per_value_against_the_deck() -> None:
    state = opened(opener=-2, grids={0: [12, 11, *range(10)], 1: [-2, -2, *range(10)]})
    counts = {c["value"]: c for c in GAME.view(state)["discard"]["counts"]}
    assert [c for c in counts] == list(range(-2, 13))
    assert counts[-2] == {"value": -2, "discard": 1, "visible": 3, "deck": 5}
    assert counts[12] == {"value": 12, "discard": 0, "visible": 1, "deck": 10}
    assert sum(c["deck"] for c in counts.values()) == 150


def test_reshuffle_keeps_top_and_restarts_history() -> None:
    state = opened()
    seat = 0
    while GAME.view(state)["draw_pile"]:
        state = play(state, f"{seat} draw", f"{seat} place:0")
        seat = 1 - seat
    before = GAME.view(state)
    top, size = before["discard"]["top"], before["discard"]["size"]
    assert len(before["discard"]["history"]) > 100
    state = play(state, f"{seat} draw")
    view = GAME.view(state)
    assert events(state, "reshuffle")[-1]["draw_pile"] == size - 1
    assert view["draw_pile"] == size - 2  # one card already drawn from the new pile
    assert view["discard"]["top"] == top and view["discard"]["size"] == 1
    assert history(state) == [(top, "kept")]
    assert next(c for c in view["discard"]["counts"] if c["value"] == top)["discard"] == 1


# -- swallowed columns ----------------------------------------------------------------


def test_swallowed_column_discard_order() -> None:
    grid = [7, 0, 1, 2, 7, 3, 4, 5, 3, 6, 8, 9]  # column 0: 7, 7 and a hidden 3
    state = opened(grids={0: grid}, opener=7, first=(0, 4))
    state = play(state, "0 take", "0 place:8")
    view = GAME.view(state)
    assert history(state)[-4:] == [(3, "replaced"), (7, "swallow"), (7, "swallow"), (7, "swallow")]
    assert view["discard"]["top"] == 7
    assert view["grids"][0]["swallowed"] == [0, 4, 8]
    assert [c["state"] for c in cells(state, 0)][0::4] == ["gone"] * 3
    assert events(state, "swallow") == [
        {**events(state, "swallow")[0], "seat": 0, "column": 0, "positions": [0, 4, 8], "value": 7}
    ]
    assert view["grids"][0]["up_sum"] == 0


def test_swallow_after_a_flip() -> None:
    grid = [12, 11, 0, 1, 2, 4, 3, 5, 6, 4, 7, 4]  # column 1: 11, 4, 4
    state = opened(grids={0: grid}, opener=4)
    state = play(state, "0 take", "0 place:1", "1 flip:2")
    assert GAME.view(state)["grids"][0]["swallowed"] == []
    state = play(state, "0 flip:5", "1 flip:3")
    assert GAME.view(state)["grids"][0]["swallowed"] == []
    state = play(state, "0 flip:9")
    assert GAME.view(state)["grids"][0]["swallowed"] == [1, 5, 9]
    assert history(state)[-3:] == [(4, "swallow")] * 3


def test_swallowed_spaces_are_out_of_play() -> None:
    grid = [7, 0, 1, 2, 7, 3, 4, 5, 3, 6, 8, 9]
    state = play(
        opened(grids={0: grid}, opener=7, first=(0, 4)), "0 take", "0 place:8", "1 flip:2", "0 draw"
    )
    assert "place:0" not in GAME.legal(state, 0) and "place:1" in GAME.legal(state, 0)
    with pytest.raises(IllegalAction, match="position 4 was swallowed"):
        GAME.apply(state, 0, "place:4")
    state = play(state, "0 discard")
    assert "flip:8" not in GAME.legal(state, 0)
    with pytest.raises(IllegalAction, match="position 8 was swallowed"):
        GAME.apply(state, 0, "flip:8")


def test_swallow_at_final_reveal() -> None:
    late = [5, 1, 2, 3, 5, 0, 1, 2, 5, 3, 0, 1]  # column 0 stays hidden: three 5s
    state = table(2, grids={0: LOW, 1: late})
    state = play_round(state, {0: (3, 2), 1: (1, 2)}, {1: flip_lowest(keep_hidden=(0, 4, 8))})
    line = GAME.view(state)["sheet"][0]
    reveal = [e for e in GAME.view(state)["events"] if e["type"] in ("reveal", "swallow")]
    assert [e["type"] for e in reveal] == ["reveal", "swallow"]
    assert reveal[0]["seat"] == 1 and reveal[0]["positions"] == [0, 4, 8]
    assert reveal[1]["seat"] == 1 and reveal[1]["column"] == 0
    final = GAME.view(state)["last_round"]["grids"][1]
    assert final[0::4] == [None, None, None]
    # the three 5s count nothing; position 1 holds whatever seat 1's last take put there
    assert line["raw"][1] == sum(late) - 3 * 5 - late[1] + final[1]


# -- closing, scoring, the end ----------------------------------------------------------


def test_last_turns_after_close() -> None:
    state = table(3, grids={0: LOW, 2: [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]})
    state = play(state, "0 flip:3", "0 flip:2", "1 flip:0", "1 flip:1", "2 flip:0", "2 flip:1")
    assert GAME.view(state)["turn"] == 0
    for _ in range(9):
        for seat in (0, 1, 2):
            state = play(state, f"{seat} flip:{hidden_positions(state, seat)[0]}")
    state = play(state, f"0 flip:{hidden_positions(state, 0)[0]}")
    view = GAME.view(state)
    assert view["closer"] == 0 and view["last_turns"] == [1, 2] and view["last_turns_left"] == 2
    assert events(state, "close")[-1]["last_turns"] == 2
    state = play(state, "1 draw", "1 place:0")
    view = GAME.view(state)
    assert view["turn"] == 2 and view["last_turns"] == [2] and view["round"] == 1
    state = play(state, "2 take", "2 place:0")
    view = GAME.view(state)
    assert view["round"] == 2 and view["phase"] == "flips" and view["closer"] is None
    assert view["sheet"][0]["closer"] == 0


def scored(closer_grid: list[int], other_grid: list[int], **kw: object) -> dict:
    """Seat 0 opens with its 3 and 2, flips one card a turn and closes; seat 1 too."""
    state = table(2, grids={0: closer_grid, 1: other_grid}, **kw)
    state = play_round(state, {0: (3, 2), 1: (0, 1)})
    return GAME.view(state)


def test_only_the_first_player_out_is_the_closer() -> None:
    state = table(2, grids={0: LOW, 1: LOW})
    state = play_round(state, {0: (3, 2), 1: (0, 1)})  # seat 1's last turn flips its last card
    log = state.events(None)
    assert [e["seat"] for e in log if e["type"] == "close"] == [0]
    assert [e for e in log if e["type"] == "reveal"] == []  # nobody had a card left to turn
    line = GAME.view(state)["sheet"][0]
    assert line["closer"] == 0 and line["scores"] == [20, 10]


def test_closer_doubled_on_tie() -> None:
    view = scored(LOW, LOW)
    line = view["sheet"][0]
    assert line["raw"] == [10, 10] and line["scores"] == [20, 10] and line["doubled"]
    assert view["totals"] == [20, 10] == line["totals"]


def test_closer_doubled_when_beaten() -> None:
    other = [0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0]  # 5
    line = scored(LOW, other)["sheet"][0]
    assert line["raw"] == [10, 5] and line["scores"] == [20, 5] and line["doubled"]


def test_closer_not_doubled_when_strictly_lowest() -> None:
    other = [0, 1, 2, 3, 1, 0, 0, 0, 0, 1, 2, 1]  # 11
    line = scored(LOW, other)["sheet"][0]
    assert line["raw"] == [10, 11] and line["scores"] == [10, 11] and not line["doubled"]


def test_closer_not_doubled_when_zero_or_below() -> None:
    zero = [-2, -1, 1, 2, 2, 0, 1, -1, 0, 1, -1, -2]  # opens with 2 + 1, sums to 0
    lower = [-2, -1, 0, 1, 0, -1, 0, 1, -2, 0, 1, 0]  # -3
    line = scored(zero, lower)["sheet"][0]
    assert line["raw"] == [0, -3] and line["scores"] == [0, -3] and not line["doubled"]
    below = [-2, -1, 1, 2, -1, 0, 1, -1, 0, -2, -1, -2]  # -6
    lowest = [-2, -2, 0, 0, -1, 0, -1, 0, 0, -1, -1, -1]  # -9
    line = scored(below, lowest)["sheet"][0]
    assert line["raw"] == [-6, -9] and line["scores"] == [-6, -9] and not line["doubled"]


def test_game_goes_on_below_100() -> None:
    view = scored(LOW, LOW)
    assert view["result"] is None and view["round"] == 2 and view["phase"] == "flips"


HIGH = [12, 12, 12, 12, 11, 11, 11, 11, 12, 12, 12, 12]  # 140, no swallow (12, 11, 12)
HEAVY = [0, 0, 12, 12, 12, 12, 11, 11, 11, 11, 12, 12]  # 116, opens low with its 0s


def test_game_ends_at_100() -> None:
    view = scored(LOW, HEAVY)
    assert view["phase"] == "over" and view["actors"] == [] and view["round"] == 1
    assert view["totals"] == [10, 116]
    result = view["result"]
    assert result["scores"] == [10, 116] and result["winners"] == [0] and result["rounds"] == 1
    assert result["sheet"] == view["sheet"]
    assert events_of(view, "game_end") == [
        {**events_of(view, "game_end")[0], "totals": [10, 116], "winners": [0], "rounds": 1}
    ]


def events_of(view: dict, kind: str) -> list[dict]:
    return [e for e in view["events"] if e["type"] == kind]


def test_game_ends_exactly_at_the_target() -> None:
    view = scored(LOW, LOW, target=20)
    assert view["phase"] == "over" and view["totals"] == [20, 10]
    assert scored(LOW, LOW, target=21)["phase"] == "flips"


def test_actions_after_the_end_are_refused() -> None:
    state = table(2, grids={0: LOW, 1: HIGH})
    state = play_round(state, {0: (3, 2), 1: (0, 1)})
    assert GAME.result(state) is not None and GAME.actors(state) == ()
    for seat in (0, 1):
        assert GAME.legal(state, seat) == ()
        with pytest.raises(IllegalAction, match="the game is over"):
            GAME.apply(state, seat, "flip:0")


def test_shared_win() -> None:
    state = table(3, grids={0: HIGH, 1: LOW, 2: LOW})
    state = play_round(state, {0: (0, 1), 1: (0, 1), 2: (0, 1)})
    result = GAME.result(state)
    assert result is not None
    assert result["scores"] == [280, 10, 10] and result["winners"] == [1, 2]


def test_target_option() -> None:
    assert GAME.default_options["target"] == 100  # the others: tests/test_abyss_options.py
    assert GAME.view(GAME.new(2, 1, {"target": 50}))["target"] == 50
    for bad in (0, "100", 100.0, True):
        with pytest.raises(ValueError):
            GAME.new(2, 1, {"target": bad})


# -- messages and the view ------------------------------------------------------------


def test_illegal_actions_say_why() -> None:
    state = opened()
    cases = {
        (0, "place:3"): "take or draw first",
        (0, "flip:1"): "position 1 is already face up",
        (0, "flip:12"): "positions run from 0 to 11",
        (0, "fly"): "Abyss knows take, draw, discard, place:i and flip:i (i = 0..11)",
        (1, "take"): "it is seat 0's turn",
    }
    for (seat, action), reason in cases.items():
        with pytest.raises(IllegalAction) as info:
            GAME.apply(state, seat, action)
        assert str(info.value) == f"abyss: seat {seat} cannot play {action!r}: {reason}"
    state = play(state, "0 draw")
    with pytest.raises(IllegalAction, match="place the drawn card"):
        GAME.apply(state, 0, "flip:4")


def test_view_never_shows_a_face_down_value() -> None:
    state = opened(grids={0: [12, 11, -2, -2, -2, -2, -2, -1, -1, -1, -1, -1]}, opener=3)
    text = json.dumps(GAME.view(state, 1)["grids"][0]["cells"])
    assert "-2" not in text and "-1" not in text
    assert [c["state"] for c in cells(state, 0)].count("hidden") == 10


def test_view_prompts_follow_the_turn() -> None:
    state = opened()
    assert GAME.view(state, 0)["prompt"] == "choose"
    assert GAME.view(state, 1)["prompt"] == "wait"
    assert GAME.view(state, None)["prompt"] == "choose"
    assert GAME.view(state, 0)["legal"] == list(GAME.legal(state, 0))
    assert GAME.view(state, 1)["legal"] == []


def test_rules_page_documents_every_view_key_and_event() -> None:
    """The UI is built against docs/rules/abyss.md: every key a view can hold,
    and every event type with its keys, is named there."""
    import random
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "rules" / "abyss.md").read_text()
    keys: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            keys.update(value)
            if "type" in value:
                keys.add(value["type"])  # event types
            for inner in value.values():
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    for players in (2, 5):
        state, pick = GAME.new(players, 11), random.Random(11).choice
        while True:
            walk(GAME.view(state, 0))
            if not GAME.actors(state):
                break
            seat = pick(GAME.actors(state))
            state = GAME.apply(state, seat, pick(GAME.legal(state, seat)))
    section = page[page.index("## The view") :]
    missing = sorted(k for k in keys if not re.search(rf"[\"`{{ ]{k}[\"`,}}: ]", section))
    assert not missing, f"not documented in docs/rules/abyss.md: {missing}"


def all_cards(state: State) -> Counter:
    """Every card on the table, hidden ones included (from the state itself)."""
    snap = GAME.snapshot(state)
    cards = Counter(v for row in snap["grids"] for v in row)
    for seat, row in enumerate(snap["grids"]):
        for p, v in enumerate(row):
            if snap["gone"][seat] >> p & 1:
                cards[v] -= 1  # swallowed cards lie in the discard now
    cards.update(v for v, _ in snap["discard"] or [])
    cards.update(snap["pile"][snap["drawn"] :])
    if snap["pending"] is not None:
        cards[snap["pending"]] += 1
    return +cards


def test_the_150_cards_are_all_on_the_table_at_every_moment() -> None:
    import random

    for players, seed in ((2, 5), (8, 6), (3, 7)):
        state, pick = GAME.new(players, seed), random.Random(seed).choice
        while GAME.actors(state):
            assert all_cards(state) == Counter(DECK)
            seat = pick(GAME.actors(state))
            state = GAME.apply(state, seat, pick(GAME.legal(state, seat)))


@pytest.mark.statistical
def test_shuffle_is_uniform_enough() -> None:
    """The deck is shuffled as it is dealt and drawn (a lazy Fisher-Yates): the
    opening discard and the first draw follow the deck's composition."""
    openers: Counter = Counter()
    draws: Counter = Counter()
    for seed in range(3000):
        state = GAME.new(2, seed)
        openers[GAME.view(state)["discard"]["top"]] += 1
        state = play(state, "0 flip:0", "0 flip:1", "1 flip:0", "1 flip:1")
        seat = GAME.view(state)["turn"]
        draws[GAME.view(play(state, f"{seat} draw"))["pending"]["value"]] += 1
    for seen in (openers, draws):
        for value, copies in COMPOSITION.items():
            expected = 3000 * copies / 150
            assert abs(seen[value] - expected) < 5 * expected**0.5, (value, seen[value])


def test_changing_a_view_or_result_does_not_change_the_game() -> None:
    state = table(3, grids={0: HIGH, 1: LOW, 2: LOW})
    state = play_round(state, {0: (0, 1), 1: (0, 1), 2: (0, 1)})
    before = GAME.snapshot(state)
    for got in (GAME.view(state, 1), GAME.result(state)):
        got["sheet"][0]["raw"].append(99)  # type: ignore[index]
        got["sheet"][0]["scores"][0] = 0  # type: ignore[index]
    view = GAME.view(state, 1)
    view["starter"]["sums"].clear()
    view["last_round"]["grids"][0].clear()
    view["last_round"]["totals"].clear()
    for event in view["events"]:
        for value in event.values():
            if isinstance(value, list):
                value.clear()
    assert GAME.snapshot(state) == before
    with pytest.raises(ValueError):
        GAME.view(state, 3)


def test_rules_page_names_only_tests_that_exist() -> None:
    """Each rule on docs/rules/abyss.md names the tests that pin it."""
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "rules" / "abyss.md").read_text()
    named = set(re.findall(r"`(test_\w+)`", page))
    assert len(named) >= 25
    from tests import test_abyss_options  # the house rules' tests

    defined = set(globals()) | set(vars(test_abyss_options))
    assert named <= defined, sorted(named - defined)

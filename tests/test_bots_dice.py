"""The dice game's hard bot in concrete positions: the heads-up stage game is
solved (the equilibrium of a known small game, a dominant card played), and
several hard bots at one table draw their bids independently."""

from __future__ import annotations

from typing import Any

import pytest

from engine import GAMES
from engine.bot import conclude
from engine.bots import BOTS
from engine.dice_bid.bots import (
    ExpertBot,
    HardBot,
    MatchBot,
    _exact_end,
    _held,
    _solved_duel,
    duel_matrix,
    duel_strategy,
    exploitability,
    finish_first,
    last_two_best,
    last_two_held,
    last_two_matrices,
    match_card,
    past_view,
    safe_lean,
    solve_matrix,
)
from tests.playout import think_through

GAME = GAMES["dice_bid"]


def duel_view(hand: list[int], rival: list[int], prize: int, diff: int = 0) -> dict[str, Any]:
    """Seat 0's view of a two-player bid: its ``hand``, the opponent's possible
    cards ``rival`` (hand and unseen set-aside cards), ``prize`` on the dice and
    a score lead of ``diff``."""
    view = GAME.view(GAME.new(2, 1), 0)
    view["seats"][0].update(hand=sorted(hand), candidates=sorted(hand), hand_count=len(hand))
    aside = max(0, len(rival) - len(hand))
    view["seats"][1].update(
        hand=None, candidates=sorted(rival), hand_count=len(rival) - aside, set_aside_count=aside
    )
    view["prize"] = prize
    view["scores"] = [diff, 0]
    return view


def bids(view: dict[str, Any]) -> list[str]:
    return [f"bid:{c}" for c in view["seats"][view["seat"]]["hand"]]


def test_solver_finds_the_mixed_equilibrium_of_a_small_game() -> None:
    """Rows [3, 0] / [1, 2]: the row player mixes 1/4 : 3/4, the column player
    1/2 : 1/2 (each makes the other indifferent), value 1.5."""
    payoff = [[3.0, 0.0], [1.0, 2.0]]
    x, y = solve_matrix(payoff, 300)
    assert x == pytest.approx([0.25, 0.75], abs=0.01)
    assert y == pytest.approx([0.5, 0.5], abs=0.01)
    assert exploitability(payoff, x, y) < 0.01
    # A pure strategy is exploitable: its best response gains.
    assert exploitability(payoff, [1.0, 0.0], [0.5, 0.5]) > 0.4


def test_heads_up_stage_matches_its_closed_form_equilibrium() -> None:
    """Two cards each, the last two rounds: the 2x2 stage game of the hard
    bot has no saddle point, and its bid mix is the closed-form equilibrium
    p = (d - c) / (a - b - c + d) of that matrix."""
    payoff = duel_matrix([5, 9], [6, 10], diff=2, prize=8)
    (a, b), (c, d) = payoff
    assert not (a >= b and c >= d) and not (a <= b and c <= d), "no dominated column"
    p = (d - c) / (a - b - c + d)
    assert 0.05 < p < 0.95
    x, _ = solve_matrix(payoff, 300)
    assert x[0] == pytest.approx(p, abs=0.02)
    strategy = duel_strategy(duel_view([5, 9], [6, 10], prize=8, diff=2))
    assert strategy[5] == pytest.approx(p, abs=0.02)


def test_heads_up_hard_plays_a_strictly_dominant_card() -> None:
    """Its king beats every card the opponent may hold and the prize (11) is
    the biggest the dice show: taking it now dominates saving the king (the
    ace wins nothing later either), whatever the opponent plays."""
    view = duel_view([1, 13], [2, 3, 4, 5, 6], prize=11)
    payoff = duel_matrix([1, 13], [2, 3, 4, 5, 6], 0, 11)
    assert all(k > a for a, k in zip(payoff[0], payoff[1], strict=True))
    for seed in range(10):
        assert HardBot(seed).act(view, bids(view)) == "bid:13"


def test_heads_up_hard_sheds_its_lowest_on_a_negative_prize_it_cannot_lose() -> None:
    """A prize of -6 and an ace that loses to every card the opponent may
    hold: the ace, every time."""
    view = duel_view([1, 7, 12], [2, 8, 9, 10, 11, 13], prize=-6)
    for seed in range(10):
        assert HardBot(seed).act(view, bids(view)) == "bid:1"


def test_heads_up_hard_mixes_where_the_stage_has_no_pure_answer() -> None:
    """Early in the game, a middling prize: the solved strategy puts weight on
    several cards, and the bot's bids over seeds follow it."""
    view = duel_view(list(range(1, 11)), list(range(1, 14)), prize=7)
    strategy = duel_strategy(view)
    assert len(strategy) >= 2
    assert max(strategy.values()) < 0.9
    picks = {HardBot(seed).act(view, bids(view)) for seed in range(40)}
    assert len(picks) >= 2
    assert picks <= {f"bid:{c}" for c in strategy}


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_bots_with_different_seeds_do_not_all_pick_the_same_card(level: str) -> None:
    """Four hard (or expert) bots at one table, the first round (same hand,
    same view but for the seat): seeded apart, they do not all bid the same
    card, and the same seed gives the same bid. Each expert predicts the
    others and still draws its own bid, so experts do not cancel out."""
    bot = BOTS["dice_bid"][level]
    state = GAME.new(4, 5)
    for seeds in ((1, 2, 3, 4), (11, 12, 13, 14)):
        picks = [
            bot(seed).act(GAME.view(state, seat), GAME.legal(state, seat))
            for seat, seed in enumerate(seeds)
        ]
        assert len(set(picks)) > 1, picks
    again = bot(7).act(GAME.view(state, 0), GAME.legal(state, 0))
    assert again == bot(7).act(GAME.view(state, 0), GAME.legal(state, 0))


def test_hard_at_a_table_of_equals_spreads_its_bid() -> None:
    """Four full suits, first round, a prize of 9: the other seats could all
    be hard bots with this very mix, so a card they are likely to pick risks a
    knock-out. The mix spreads: no card gets 40%, and two seats drawing from
    it pick the same card less than one time in five."""
    state = GAME.new(4, 6)
    view = GAME.view(state, 0)
    assert view["prize"] == 9
    mix = HardBot(1).strategy(view)
    assert max(mix.values()) < 0.4, mix
    assert sum(p * p for p in mix.values()) < 0.2, mix


def test_hard_answers_a_seat_that_always_matched_the_prize() -> None:
    """A seat whose every bid was the card of the prize's rank: at three
    players the hard bot expects that card again and bids to beat it or to
    save its cards, not the same card (the knock-out would hand the round to
    the third seat)."""
    from engine.dice_bid.bots import match_card

    game = GAME
    state = game.new(3, 2, {"dice": [3, 5, 2, 4, 6, 1, 1, 5, 3, 6]})
    for _ in range(4):
        view = game.view(state, 1)
        card = match_card(view["seats"][1]["hand"], view["prize"], False)
        for seat in (0, 2):
            state = game.apply(state, seat, game.legal(state, seat)[0])
        state = game.apply(state, 1, f"bid:{card}")
        if game.actors(state) and game.view(state, game.actors(state)[0])["prompt"] == "reroll":
            seat = game.actors(state)[0]
            state = game.apply(state, seat, "reroll:0")
    view = game.view(state, 0)
    expected = match_card(view["seats"][1]["hand"], view["prize"], False)
    bot = HardBot(3)
    assert bot.predict(view, 1) == expected
    mix = bot.strategy(view)
    assert mix.get(expected, 0.0) < 0.1, (expected, mix)


def test_heads_up_hard_reads_an_opponent_who_always_bids_high() -> None:
    """Heads-up, an opponent who bid its highest card in each of five
    rounds: the habit is trusted (most of its bids' spread explained), it
    expects one of the top cards it may hold, and the bid leans off the
    equilibrium mix towards the answer."""
    from engine.dice_bid.bots import read_opponent

    state = GAME.new(2, 4)
    for _ in range(5):
        state = GAME.apply(state, 0, GAME.legal(state, 0)[0])
        state = GAME.apply(state, 1, GAME.legal(state, 1)[-1])
        while GAME.actors(state) and GAME.view(state, GAME.actors(state)[0])["prompt"] == "reroll":
            state = GAME.apply(state, GAME.actors(state)[0], "reroll:0")
    view = GAME.view(state, 0)
    trust, model = read_opponent(view, 1)
    assert trust > 0.5
    assert max(range(len(model)), key=model.__getitem__) >= len(model) - 2
    assert duel_strategy(view) != duel_strategy(view, exploit=False)


def three_seat_endgame(mine: list[int], scores: list[int], prize: int) -> dict[str, Any]:
    """Seat 0's view with two cards left each at three players: seat 1 bid its
    lowest card in each of the eleven rounds so far (it holds 12 and 13),
    seat 2 its highest (it holds the ace and 2), seat 0 holds ``mine``."""
    view = GAME.view(GAME.new(3, 1), 0)
    lowest = list(range(1, 12))
    highest = list(range(13, 2, -1))
    spent = [c for c in range(1, 14) if c not in mine]
    view["sheet"] = [
        {"round": i + 1, "tiebreak": 0, "prize": 7, "cards": [spent[i], lowest[i], highest[i]]}
        for i in range(11)
    ]
    for seat, hand in zip(view["seats"], (sorted(mine), [12, 13], [1, 2]), strict=True):
        seat.update(hand=hand, candidates=hand, hand_count=2, played=[])
    view.update(scores=scores, prize=prize, round=12)
    return view


def test_hard_knocks_out_the_leader_rather_than_hand_it_the_game() -> None:
    """Two rounds left, the leader (25 points, seat 1) will bid its 12 and the
    trailer (0 points) its 2; hard has 24 points and holds a 12 and a 3.
    Bidding 3 lets the leader take the 8 and the game; bidding 12 knocks the
    leader out (the trailer's 2 takes a harmless 8) and keeps a chance that a
    double takes points off the leader next round. Counted in points, both
    bids lose 8 to someone and keep a card as good (so a count
    in points alone picks either, half the time); in the chance to finish first, the 12 every
    time."""
    view = three_seat_endgame([3, 12], [24, 25, 0], 8)
    bot = HardBot(1)
    assert (bot.predict(view, 1), bot.predict(view, 2)) == (12, 2)
    column = finish_first(0, {0: [3, 12], 1: [12, 13], 2: [1, 2]}, [24, 25, 0], 8, 5.25, 47.25)
    assert max(column[1]) < 0.05, "the leader taking 8 all but ends it"
    assert min(column[2]) > 0.15, "the trailer taking it leaves a chance"
    for seed in range(20):
        assert HardBot(seed).act(view, ["bid:3", "bid:12"]) == "bid:12"


def test_a_prize_to_the_leader_costs_more_than_one_to_the_trailer() -> None:
    """Mid-game at four players: whatever card hard spends, the leader (seat
    1) taking the prize leaves it less chance to finish first than the last
    seat (3) taking it, and a high card spent costs more of the future than a
    low one."""
    suit = list(range(1, 9))
    hands = {0: suit, 1: suit, 2: suit, 3: suit}
    column = finish_first(0, hands, [10, 16, 10, 2], 9, 5.25, 47.25)
    assert all(a < b for a, b in zip(column[1], column[3], strict=True))
    assert column[None][0] > column[None][-1]


def test_a_bidder_that_dumps_its_lowest_on_big_prizes_is_read() -> None:
    """A seat that bid the card of the prize's standing on middling prizes and
    its lowest on the big ones (as the reference bidder of bench/refbots.py
    does), ten rounds with four 11s among them: a straight line through its
    bids explains nothing and expects a middling card on the next 11; the
    smoothed reading (``HABIT_BANDWIDTH``) trusts it and expects its lowest."""
    from engine.dice_bid.bots import HABIT_BANDWIDTH, read_opponent

    state = GAME.new(3, 8)
    prizes: list[int] = []
    while len(prizes) < 10:
        view = GAME.view(state, 1)
        prize, hand = view["prize"], view["seats"][1]["hand"]
        card = hand[0] if prize >= 9 or prize < 0 else match_card(hand, prize, False)
        for seat in (0, 2):
            state = GAME.apply(state, seat, GAME.legal(state, seat)[-1])
        state = GAME.apply(state, 1, f"bid:{card}")
        prizes.append(prize)
        while GAME.actors(state) and GAME.view(state, GAME.actors(state)[0])["prompt"] == "reroll":
            state = GAME.apply(state, GAME.actors(state)[0], "reroll:0")
    assert prizes.count(11) == 4 and any(3 <= p < 9 for p in prizes), prizes
    view = GAME.view(state, 0)
    view["prize"] = 11
    line_trust, line = read_opponent(view, 1)
    trust, model = read_opponent(view, 1, HABIT_BANDWIDTH)
    assert line_trust < 0.1 and max(range(len(line)), key=line.__getitem__) > 0
    assert trust > 0.5
    assert model[0] > 0.9


# -- the expert -----------------------------------------------------------------


def play_out(state: Any, rounds: int, seat_0: Any, seat_1: Any) -> Any:
    """``rounds`` rounds with ``seat_0(view, legal)`` and ``seat_1(view, legal)``
    bidding, each winner rerolling as a hard bot of its seat's number would."""
    for _ in range(rounds):
        answers = {
            seat: bot(GAME.view(state, seat), GAME.legal(state, seat))
            for seat, bot in ((0, seat_0), (1, seat_1))
        }
        for seat, action in answers.items():
            state = GAME.apply(state, seat, action)
        while GAME.actors(state) and GAME.view(state, GAME.actors(state)[0])["prompt"] == "reroll":
            seat = GAME.actors(state)[0]
            state = GAME.apply(
                state, seat, HardBot(seat).act(GAME.view(state, seat), GAME.legal(state, seat))
            )
    return state


def test_heads_up_expert_sees_the_reader_coming_and_sheds_its_ace() -> None:
    """Heads-up, seat 0 bid its highest card in each of five rounds (11, 10,
    9, 8, 7) against a hard bot, which reads that habit and answers it. Now
    seat 0 holds 1, 3, 4, 5, 6 and the prize is 5: the hard bot in seat 1
    expects its 6 and bids 7 (28 seeds of 30; 5 otherwise), which every card
    but a knock-out loses to. The expert's ``reader`` picture (the
    opponent's own solve, over hands sampled from its candidates) has fitted
    the five bids, so it sheds its ace every time. Hard in seat 0 reads no
    such opponent: it bids its 3, 5 or 6, all lost to the 7, with 24 seeds of
    30 (its ace with 6)."""
    opponent = HardBot(52)
    state = play_out(GAME.new(2, 2), 5, lambda view, legal: legal[-1], opponent.act)
    view, legal = GAME.view(state, 0), GAME.legal(state, 0)
    assert [row["cards"][0] for row in view["sheet"]] == [11, 10, 9, 8, 7]
    assert (view["seats"][0]["hand"], view["prize"]) == ([1, 3, 4, 5, 6], 5)
    theirs = [HardBot(seed).act(GAME.view(state, 1), GAME.legal(state, 1)) for seed in range(30)]
    assert theirs.count("bid:7") >= 25
    assert {ExpertBot(seed).act(view, legal) for seed in range(10)} == {"bid:1"}
    spent = [HardBot(seed).act(view, legal) for seed in range(30)]
    assert sum(bid != "bid:1" for bid in spent) >= 15, spent


def test_heads_up_expert_reads_a_fixed_rule_through_the_unseen_cards() -> None:
    """Heads-up, seat 1 bid the card of the prize's rank in its hand in each
    of five rounds (``match``); its three set-aside cards are unseen, so its
    hand is one of the 56 ways of taking them from its eight candidates, and
    the rule gave every bid it made with the hands each way left it. Now the
    prize is 3, seat 0 holds 6, 8, 9, 10, 12 and seat 1 bids its 7. The
    expert's ``rule`` picture (each rule played on each way the unseen cards
    may lie) foretells the 7, and it bids the 8 that beats it. Hard reads
    only a line through the bids' standings and bids its 6, lost to the 7,
    with every seed of 30; so did the expert without the picture."""
    state = play_out(GAME.new(2, 21), 5, HardBot(52).act, MatchBot(1).act)
    view, legal = GAME.view(state, 0), GAME.legal(state, 0)
    assert [row["cards"][1] for row in view["sheet"]] == [9, 6, 8, 10, 4]
    assert (view["seats"][0]["hand"], view["prize"]) == ([6, 8, 9, 10, 12], 3)
    assert MatchBot(1).act(GAME.view(state, 1), GAME.legal(state, 1)) == "bid:7"
    assert {ExpertBot(seed).act(view, legal) for seed in range(10)} == {"bid:8"}
    assert {HardBot(seed).act(view, legal) for seed in range(30)} == {"bid:6"}


def test_expert_thinks_in_slices_and_decides_as_it_acts() -> None:
    """The expert's heads-up bid is several bounded slices (one per opponent
    hand it samples); run through, it is the bid ``act`` gives for the same
    seed, and the same seed gives the same bid."""
    opponent = HardBot(52)
    state = play_out(GAME.new(2, 2), 3, lambda view, legal: legal[-1], opponent.act)
    view, legal = GAME.view(state, 0), GAME.legal(state, 0)
    slices, action = think_through(ExpertBot(4).think(view, legal))
    assert slices > ExpertBot.samples  # one per sampled hand, then the answer
    assert action == ExpertBot(4).act(view, legal)
    assert BOTS["dice_bid"]["expert"] is ExpertBot


def test_a_safe_lean_gives_up_at_most_epsilon_against_a_best_reply() -> None:
    """Matching pennies: the equilibrium holds 0.5 against either column.
    Leaning towards row 0 holds ``0.5 - w / 2`` against column 1, so within
    0.1 the lean stops at w = 0.2, and a lean of 1 is allowed only when the
    pure row is as safe."""
    payoff = [[1.0, 0.0], [0.0, 1.0]]
    w = safe_lean(payoff, [0.5, 0.5], 0, 0.1)
    assert w == pytest.approx(0.2)
    x = [0.5 + w / 2, 0.5 - w / 2]
    assert min(
        sum(a * b for a, b in zip(x, col, strict=True)) for col in zip(*payoff, strict=True)
    ) == pytest.approx(0.4)
    assert safe_lean([[1.0, 1.0], [0.0, 1.0]], [0.5, 0.5], 0, 0.0) == 1.0


def test_heads_up_expert_bid_gives_up_at_most_epsilon_as_played() -> None:
    """The bound holds for the bid it plays, not only for the lean: its mix,
    faint tail dropped or kept, holds against a best reply in the solved
    round at least the equilibrium's worst case less ``epsilon``. (Dropping
    the tail of a lean already at its bound gave up 10.24 points in these
    games.)"""

    checked = 0
    for g in (3, 5, 15):
        me = g % 2
        expert = ExpertBot(13500 + g)
        bots = [HardBot(13000 + g), HardBot(13000 + g)]
        bots[me] = expert
        state = GAME.new(2, 13 * 7919 + g // 2)
        while GAME.actors(state):
            answers = {}
            for seat in GAME.actors(state):
                view, legal = GAME.view(state, seat), GAME.legal(state, seat)
                solved = view["prompt"] == "bid" and len(legal) > 1 and not _exact_end(view)
                if seat == me and solved:
                    hand = sorted(view["seats"][me]["hand"])
                    mix = conclude(expert.duel(view))
                    _, payoff, x, _ = _solved_duel(view)
                    bid = [mix.get(c, 0.0) for c in hand]
                    assert _held(payoff, bid) >= _held(payoff, x) - ExpertBot.epsilon - 1e-9
                    checked += 1
                answers[seat] = bots[seat].act(view, legal)
            for seat, action in answers.items():
                state = GAME.apply(state, seat, action)
    assert checked >= 20


def test_a_past_view_is_the_view_of_then() -> None:
    """What the expert reads of an earlier round: the view of round 3 rebuilt
    from the view of round 6 shows the hands, candidates, scores, prize and
    sheet that the view of round 3 showed."""
    state = GAME.new(2, 9)
    then = None
    for r in range(6):
        if r == 3:
            then = GAME.view(state, 0)
        state = play_out(state, 1, lambda view, legal: legal[0], lambda view, legal: legal[-1])
    assert then is not None
    past = past_view(GAME.view(state, 0), 3)
    for key in ("round", "prize", "dice", "scores", "sheet"):
        assert past[key] == then[key], key
    for seat in (0, 1):
        for key in ("hand", "candidates", "hand_count", "played"):
            assert past["seats"][seat][key] == then["seats"][seat][key], (seat, key)


def test_heads_up_expert_rerolls_for_the_big_prize_it_needs() -> None:
    """Two rounds left, seat 0 trails by 14 and won the round: the dice show 5
    and 3. Only big prizes can close the gap, so the expert keeps the 5
    (rerolling die 1: 6 to 11, or -5 on a double) after valuing each prize
    the reroll may bring as the next round solved. The hard bot's rule (a
    small prize when the others' hands are stronger) keeps the 3 (4 to 9)."""
    view = duel_view([5, 7], [2, 3, 6, 8, 9], 8, diff=-14)
    view.update(dice=[5, 3], prompt="reroll")
    legal = ("reroll:0", "reroll:1")
    assert HardBot(0).act(view, legal) == "reroll:0"
    assert {ExpertBot(seed).act(view, legal) for seed in range(5)} == {"reroll:1"}


def test_heads_up_expert_mixes_its_last_two_cards_as_the_exact_game_does() -> None:
    """Two cards each (10 and 12 against two of 5, 9, 11, 12, 13), a prize of 4
    on dice 1 and 3, seat 0 three points behind: the last two rounds are
    written out (the opponent knows its hand and answers it best; the winner
    of the first reveal rerolls the die that serves it), and their
    equilibrium bids the 10 a little under half the time. The hard bot's
    stage game, which sums up the last round by the cards' edge, bids the
    10 always: against a best reply that holds 14.2% where the equilibrium
    holds 31.4%. The expert bids both, and its mix holds the equilibrium's
    value."""
    view = duel_view([10, 12], [5, 9, 11, 12, 13], 4, diff=-3)
    view["dice"] = [1, 3]
    legal = ("bid:10", "bid:12")
    matrices = last_two_matrices(view)
    value, p = last_two_best(matrices)
    assert value == pytest.approx(0.314, abs=0.001) and 0.4 < p < 0.5
    assert {HardBot(seed).act(view, legal) for seed in range(10)} == {"bid:10"}
    assert last_two_held(matrices, 1.0) == pytest.approx(0.142, abs=0.001)
    assert {ExpertBot(seed).act(view, legal) for seed in range(20)} == set(legal)
    mix = conclude(ExpertBot(1).duel(view))
    assert last_two_held(matrices, mix[10]) == pytest.approx(value)

"""Carta robada's bots in concrete positions: when the hard bot
declares SNAP!, when it discards a card to cut its twin, and that a cut is
aimed at the top the bot saw. Win rates are in docs/bots.md."""

from __future__ import annotations

from engine import GAMES
from engine.arena import _aim_again, _top, play_game
from engine.bots import BOTS
from engine.carta_robada.cards import FULL_DECK, number, points
from tests.playout import think_through

GAME = GAMES["carta_robada"]
HARD = BOTS["carta_robada"]["hard"]


def table(dealt: list[list[str]], pile: list[str]):
    """Two seats, seat 0 first; both look at their positions 0 and 1."""
    deck = [c for hand in dealt for c in hand] + pile
    state = GAME.new(2, 1, {"deck": deck, "first": 0})
    state = GAME.apply(state, 0, "peek:0,1")
    return GAME.apply(state, 1, "peek:0,1")


def play(state, *moves: tuple[int, str]):
    for seat, action in moves:
        state = GAME.apply(state, seat, action)
    return state


def ask(bot, state, seat: int = 0):
    return bot.act(GAME.view(state, seat), GAME.legal(state, seat))


def filler(used: list[str], n: int, high: int = 0) -> list[str]:
    """``n`` cards that the deck still has beside ``used``, of no number in
    ``used`` (so nobody could cut them): the ``high`` dearest first, then low
    and high numbered cards in turn."""
    avoid = {number(c) for c in used}
    left = [c for c in FULL_DECK if number(c) is not None and number(c) not in avoid]
    for card in used:
        if card in left:
            left.remove(card)
    left.sort(key=points)
    dear = [left.pop() for _ in range(high)]
    return dear + [left[i // 2] if i % 2 == 0 else left[-1 - i // 2] for i in range(n - high)]


def late_position(own: list[str], rounds: int, high: int = 0):
    """Seat 0 knows its whole tendido ``own`` (it looked at two cards and swapped
    the other two in), the SNAP! marker is out, and ``rounds`` more rounds of
    draw-and-discard have passed: seat 0 is about to draw. It knows nothing of
    seat 1's cards."""
    dealt = [[own[0], own[1], "10", "10"], ["9", "9", "9", "9"]]
    head = [own[2], "4", own[3], "4", "snap"]
    pile = [*head, *filler([*dealt[0], *dealt[1], *head], 2 * rounds, high)]
    state = table(dealt, pile)
    state = play(state, (0, "draw"), (0, "swap:2"), (1, "draw"), (1, "discard"))
    state = play(state, (0, "draw"), (0, "swap:3"), (1, "draw"), (1, "discard"))
    for _ in range(2 * rounds):
        seat = GAME.view(state, None)["turn"]
        state = play(state, (seat, "draw"), (seat, "discard"))
        if GAME.view(state, None)["step"] == "activate":
            state = play(state, (seat, "skip"))  # an action card's effect, not used
    assert GAME.view(state, 0)["prompt"] == {
        "do": "draw",
        "seat": 0,
        "deck": True,
        "take": True,
        "declare": True,
    }
    return state


def unseen_mean(state) -> float:
    """The mean points of the cards seat 0 cannot place (its own are known)."""
    view = GAME.view(state, 0)
    left = list(FULL_DECK)
    placed = [e["card"] for e in view["events"] if e["type"] in ("swap", "discard")]
    for card in placed + [
        c for e in view["events"] if e["type"] == "seen" for _, _, c in e["cards"]
    ]:
        left.remove(card)
    return sum(points(c) for c in left) / len(left)


def test_hard_does_not_declare_with_a_total_above_an_opponents_estimate():
    """Late in a game (the old margin had shrunk below zero by then), seat 0
    knows it holds 31 points; seat 1's four unknown cards are worth less on
    average: no SNAP!."""
    state = late_position(["8", "8", "8", "7"], rounds=14)
    assert 4 * unseen_mean(state) < 31
    assert ask(HARD(3), state) != "declare"


def test_hard_declares_when_its_known_total_is_far_below_every_estimate():
    state = late_position(["1", "1", "2", "bendicion"], rounds=2)
    assert 4 * unseen_mean(state) > -1 + 20
    assert ask(HARD(3), state) == "declare"


def test_hard_discards_a_drawn_card_to_cut_its_twin():
    """Seat 0 looked at a 9 and a Maldición and draws another 9. Swapped over
    the Maldición it would save six points; discarded, it opens the cut of
    seat 0's own 9 right after: nine points and a card fewer, and the
    Maldición can still go at a later draw."""
    state = table([["9", "maldicion", "10", "10"], ["2", "2", "2", "2"]], ["9", "4", "4", "4"])
    state = play(state, (0, "draw"))
    bot = HARD(3)
    assert ask(bot, state) == "discard"
    state = play(state, (0, "discard"))
    assert ask(bot, state) == "cut:0"


def test_a_random_bot_asked_again_before_its_cut_lands_keeps_it():
    """The table asks a bot again just before its cut lands (the top may have
    changed meanwhile): the random bot's blind cut stays the one it chose
    instead of drawing its one chance in twenty again."""
    state = table([["1", "2", "3", "4"], ["5", "6", "7", "8"]], ["9", "4", "4", "4"])
    state = play(state, (0, "draw"), (0, "discard"))  # a 9 on top, open; seat 1's turn
    for seed in range(400):
        bot = BOTS["carta_robada"]["random"](seed)
        view, legal = GAME.view(state, 0), GAME.legal(state, 0)
        first = bot.act(view, legal)
        if first is not None:
            break
    assert first is not None and first.startswith("cut:")
    after = play(state, (1, "draw"))  # the table moved on; the top is the same 9
    assert ask(bot, after) == first


def test_the_arena_sends_a_cut_only_at_the_top_its_bot_saw():
    """A cut decided on one position and arriving after the turn player moved:
    sent as the bot answers on seeing the table again when the top is the
    same, and never at another top."""
    dealt = [["impulso", "1", "2", "3"], ["4", "5", "6", "7"]]
    state = table(dealt, ["manipulacion", "9", "4", "4"])
    state = play(state, (0, "draw"), (0, "discard"), (0, "skip"))  # a 12 on top; seat 1 to play
    seen = _top(GAME.view(state, 0))
    bot = HARD(3)
    assert ask(bot, state) == "cut:0"  # seat 0 remembers its Impulso (12)
    drawn = play(state, (1, "draw"))  # the top stays: the cut goes as decided
    assert _aim_again(GAME, drawn, 0, bot, seen) == "cut:0"
    taken = play(state, (1, "take"), (1, "swap:0"))  # a 4 on top now: no cut at it
    assert _aim_again(GAME, taken, 0, bot, seen) is None


def turns_pass(state, rounds: int):
    """``rounds`` turns of draw-and-discard, effects not used."""
    for _ in range(rounds):
        seat = GAME.view(state, None)["turn"]
        state = play(state, (seat, "draw"), (seat, "discard"))
        if GAME.view(state, None)["step"] == "activate":
            state = play(state, (seat, "skip"))
    return state


def test_hard_still_knows_its_total_after_a_manipulacion_scrambled_its_cards():
    """Seat 0 knew its four cards (1, 1, 2, Bendición: -1 point) when seat 1's
    Manipulación shuffled them: it no longer knows where each lies, but it
    knows what it holds, so it declares SNAP! (it counted four unknown cards
    before, level with seat 1's, and did not)."""
    dealt = [["1", "1", "10", "10"], ["9", "9", "9", "9"]]
    head = ["2", "4", "bendicion", "snap", "manipulacion"]
    state = table(dealt, head + filler([*dealt[0], *dealt[1], *head], 12))
    state = play(state, (0, "draw"), (0, "swap:2"), (1, "draw"), (1, "discard"))
    state = play(state, (0, "draw"), (0, "swap:3"), (1, "draw"), (1, "discard"))
    state = play(state, (1, "use:0"))  # seat 1 drew the marker, then the Manipulación
    assert GAME.view(state, 0)["prompt"]["declare"]
    assert ask(HARD(3), state) == "declare"


def opponent_kept_two_cards(own: list[str]):
    """Seat 0 knows its whole tendido ``own``; seat 1 drew two cards from the
    deck and swapped each in blind over a card the table then saw: a 2 and a 3."""
    dealt = [[own[0], own[1], "10", "10"], ["2", "3", "10", "9"]]
    head = [own[2], "2", own[3], "1", "snap"]
    state = table(dealt, head + filler([*dealt[0], *dealt[1], *head], 8))
    state = play(state, (0, "draw"), (0, "swap:2"), (1, "draw"), (1, "swap:0"))
    state = play(state, (0, "draw"), (0, "swap:3"), (1, "draw"), (1, "swap:1"))
    return turns_pass(state, 2)


def test_hard_prices_a_card_an_opponent_kept_below_the_one_it_replaced():
    """Seat 0 holds 14 points; seat 1's four cards are unseen, but two of them
    seat 1 chose to keep over a 2 and a 3: they are likely low (the mean of the
    unseen cards below the unseen mean, not the unseen mean itself), so seat
    1's estimate is about 21, not 30, and 14 is not enough for SNAP!."""
    state = opponent_kept_two_cards(["4", "4", "3", "3"])
    assert GAME.view(state, 0)["prompt"]["declare"]
    assert ask(HARD(3), state) == "draw"


def test_hard_disrupcion_takes_the_card_an_opponent_chose_to_keep():
    """Seat 0 holds a Maldición it knows and plays a Disrupción: of seat 1's
    unseen cards it takes the one seat 1 drew and kept over a 2 (likely low),
    not one dealt unseen."""
    dealt = [["maldicion", "1", "10", "10"], ["9", "9", "2", "9"]]
    head = ["4", "1", "disrupcion"]
    state = table(dealt, head + filler([*dealt[0], *dealt[1], *head], 8))
    state = play(state, (0, "draw"), (0, "discard"), (1, "draw"), (1, "swap:2"))
    state = play(state, (0, "draw"), (0, "discard"))
    assert ask(HARD(3), state) == "use:0.0,1.2"


EXPERT = BOTS["carta_robada"]["expert"]


def test_the_expert_thinks_in_slices_and_decides_alike_whole():
    """A decision with a choice is searched in several slices (the table runs
    one per timer tick, so a tap waits for one slice at most), and the same
    seed decides the same whether the slices run one by one or at once."""
    state = table([["9", "maldicion", "10", "10"], ["2", "2", "2", "2"]], ["9", "4", "4", "4"])
    state = play(state, (0, "draw"))
    view, legal = GAME.view(state, 0), GAME.legal(state, 0)
    slices, sliced = think_through(EXPERT(5).think(view, legal))
    assert slices >= 4
    assert sliced == EXPERT(5).act(view, legal) in legal


def test_experts_play_whole_games_legally_at_the_largest_table():
    """Two experts among the other levels at six seats: every answer legal,
    the game to its end (the arena raises on an illegal answer or a stall)."""
    lineup = ["expert", "hard", "medium", "expert", "easy", "random"]
    result, _, _ = play_game(GAME, lineup, 4, 9)
    assert result["winners"]


#: A game of two hard bots' kind (seed 1, no options), up to the moment the
#: test below looks at: ``seat:action`` in the order they were applied.
LAST_CARDS = """
0:peek:2,3 1:peek:0,1 1:draw 1:swap:1 1:skip 0:draw 0:swap:2 1:cut:1 0:use 0:draw
0:swap:0 0:use:1 0:draw 0:discard 1:draw 1:swap:2 0:take 0:swap:1 1:take 1:swap:1
1:use:0 0:draw 0:swap:2 1:draw 1:discard 1:use:0.2,1.0 0:draw 0:discard 0:use:0.0,1.0
1:draw 1:discard 0:draw 0:swap:3 1:draw 1:swap:0 0:take 0:swap:2 1:draw 1:discard
0:cut:2 0:draw 0:swap:1 1:cut:2 1:draw 1:swap:0 0:cut:1 0:draw 0:swap:1 1:take 1:swap:1
0:take 0:swap:1 1:draw 1:discard 0:draw 0:discard 0:use:0.0,1.0 1:draw 1:discard 0:draw
0:discard 1:draw 1:discard 0:draw 0:discard 0:cut:1 1:draw 1:discard 1:use 1:draw
1:discard 1:cut:0 1:draw 1:discard 0:draw 0:discard 0:skip 1:draw 1:discard 1:skip
0:draw 0:discard 0:use:0.0,1.0 1:draw 1:discard 1:skip 0:draw 0:discard 1:draw 1:discard
0:draw
"""


def test_expert_keeps_its_last_card_when_swapping_it_out_hands_the_win_away():
    """Each seat holds one card, a 1 (seat 0's last Disrupción traded its 1 for
    seat 1's, and seat 0 knows both), and seat 0 draws a Bendición. The hard bot
    swaps it in (six points saved) and sends its 1 to the discard: seat 1 takes
    that 1 and swaps it over its own card, the other 1, which lands on top, and
    cuts its new 1: its tendido is empty, it wins at once. The expert plays
    those turns out and discards the Bendición: if seat 1 takes it, the 1 it
    swaps out is seat 0's cut to an empty tendido."""
    state = GAME.new(2, 1)
    for move in LAST_CARDS.split():
        seat, _, action = move.partition(":")
        state = GAME.apply(state, int(seat), action)
    view = GAME.view(state, 0)
    assert view["hand"]["card"] == "bendicion"
    assert [t["count"] for t in view["tendidos"]] == [1, 1]
    assert ask(HARD(3), state) == "swap:0"
    assert ask(EXPERT(3), state) == "discard"
    after = play(state, (0, "swap:0"))
    assert ask(HARD(4), after, 1) == "take"
    after = play(after, (1, "take"), (1, "swap:0"))
    assert GAME.view(after, None)["discard"]["top"]["card"] == "1"
    assert ask(HARD(4), after, 1) == "cut:0"


def test_the_experts_imagined_tables_hold_the_deck_and_what_it_knows():
    """Every table the expert imagines is one the view allows: the 80 cards
    once each (the marker too while undrawn: in the draw pile), as many cards
    in each tendido and in the draw pile as the view counts, the discard as
    the table saw it, and every card the expert remembers where it is."""
    from collections import Counter

    from engine.carta_robada.bots import _ID, _SNAP, CODES

    state = GAME.new(3, 8)
    bots = [HARD(s) for s in range(3)]
    for _ in range(60):  # into the middle of a game
        seat = GAME.view(state, None)["turn"]
        if seat is None:
            seat = GAME.actors(state)[0]
        state = GAME.apply(state, seat, ask(bots[seat], state, seat))
    seat = GAME.view(state, None)["turn"]
    view = GAME.view(state, seat)
    bot = EXPERT(1)
    bot.memory.read(view)  # what it remembers: its seat's log, read from the start
    root = bot.root(view)
    assert root is not None
    for _ in range(20):
        world = bot.imagine(view, root)
        cards = [c for t in world.tend for c in t] + world.deck + world.pile
        if world.hand is not None:
            cards.append(world.hand)
        expected = Counter(_ID[c] for c in FULL_DECK)
        if not view["marker"]["found"]:
            expected[_SNAP] += 1
        assert Counter(cards) == expected
        assert [len(t) for t in world.tend] == [t["count"] for t in view["tendidos"]]
        assert len(world.deck) == view["deck"]
        assert [CODES[c] for c in world.pile][-1:] == [view["discard"]["top"]["card"]]
        for p, row in enumerate(bot.memory.know):
            for i, fact in enumerate(row):
                if fact is not None:
                    assert CODES[world.tend[p][i]] == fact.card

"""The dice bid game, in the order of the seed text (004) and its rulings.

Every player holds one suit A..K (values 1..13). Two dice show the prize of the
round: doubles are worth minus the face, other throws the sum. Every player
picks a card in secret; when all have picked, the cards are revealed together,
equal values knock each other out and the highest card left wins the prize.
The winner then rerolls one die of their choice for the next round.

Variants (``options``): the two-player game (automatic with two seats), force
negative, prize cards, and the tiebreak round of the rulings. Test options
(``dice``, ``prizes``) fix the order of die faces and prize cards, for tests
and replays.

State is kept in tuples (and dicts that are never changed once built), so
that ``State.copy`` is a shallow copy and ``apply`` stays cheap.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar, cast

from engine.core import Event, Game, Link, Rng, State, fresh
from engine.dice_bid.cards import PRIZE_CARDS, SUIT, dice_prize
from engine.dice_bid.view import DiceSeat, DiceView

__all__ = ["GAME", "DiceBidGame", "DiceBidState"]

T = TypeVar("T")

# -- the game's facts ---------------------------------------------------------

#: Two-player variant: cards each player sets aside unseen at the start.
SET_ASIDE = 3
#: Tiebreak option: at most this many extra rounds, then the tie is shared.
MAX_TIEBREAKS = 5

BID, REROLL, OVER = "bid", "reroll", "over"


def _replace(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _with_die(dice: tuple[int, int] | None, die: int, face: int) -> tuple[int, int]:
    """The pair of dice with die ``die`` (0 or 1) turned to ``face``."""
    assert dice is not None, "no dice on the table"
    return (face, dice[1]) if die == 0 else (dice[0], face)


# -- the state ---------------------------------------------------------------


class DiceBidState(State):
    """One table. ``hands`` hold every card not yet revealed, a pending pick
    included (a picked card lies face down until the reveal). ``aside`` holds
    the two-player variant's unseen cards. ``sheet`` has one row per round
    played; its last row is the last reveal."""

    two_player: bool
    rounds: int  # rounds of the main game: 13, or 10 with two players
    round: int  # the round in play (or about to be, during the reroll step)
    tiebreak: int  # 0 in the main game; k during the k-th tiebreak round
    phase: str
    hands: tuple[tuple[int, ...], ...]
    aside: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]
    picks: tuple[int | None, ...]
    dice: tuple[int, int] | None
    prize_card: int | None
    prize: int
    prize_deck: tuple[int, ...]  # the unrevealed prize cards, sorted: their order is the Rng's
    prize_discard: tuple[int, ...]
    scores: tuple[int, ...]
    won: tuple[tuple[int, ...], ...]
    sheet: tuple[dict[str, Any], ...]
    rerolling: int | None  # the seat that must reroll (or force) now
    dice_used: int  # faces taken from the "dice" test option so far
    prizes_used: int  # cards taken from the "prizes" test option so far


# -- the game ----------------------------------------------------------------


class DiceBidGame(Game):
    """The dice bid game behind Tapete's one protocol (see ``engine.core``)."""

    id = "dice_bid"
    min_players = 2  # two only with the two-player variant, which two seats switch on
    max_players = 6
    #: The secret picks until the reveal, the prize deck and the dice to come.
    hidden_information = True
    default_options: ClassVar[Mapping[str, Any]] = {
        "force_negative": False,
        "prize_cards": False,
        "tiebreak": False,
    }
    test_options = frozenset({"dice", "prizes"})

    # -- setup --------------------------------------------------------------

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        _check_test_options(options)
        st = DiceBidState(players, seed, options)
        st.two_player = players == 2
        st.rounds = len(SUIT) - (SET_ASIDE if st.two_player else 0)
        st.round = 1
        st.tiebreak = 0
        st.phase = BID
        st.picks = (None,) * players
        st.dice = None
        st.prize_card = None
        st.prize = 0
        st.prize_deck = PRIZE_CARDS if options["prize_cards"] else ()
        st.prize_discard = ()
        st.scores = (0,) * players
        st.won = ((),) * players
        st.sheet = ()
        st.rerolling = None
        st.dice_used = 0
        st.prizes_used = 0
        st.played = ((),) * players
        if st.two_player:
            hands, aside = [], []
            for _ in range(players):
                suit = list(SUIT)
                st.rng.shuffle(suit)
                aside.append(tuple(sorted(suit[:SET_ASIDE])))
                hands.append(tuple(sorted(suit[SET_ASIDE:])))
            st.hands, st.aside = tuple(hands), tuple(aside)
        else:
            st.hands, st.aside = (SUIT,) * players, ((),) * players
        st.emit(
            "deal",
            players=players,
            hand_size=len(st.hands[0]),
            set_aside=SET_ASIDE if st.two_player else 0,
        )
        self._show_prize(st, fresh=True)
        return st

    # -- who acts, and how --------------------------------------------------

    def actors(self, state: State) -> tuple[int, ...]:
        st = _state(state)
        if st.phase == BID:
            return tuple(t for t in range(st.players) if st.hands[t] and st.picks[t] is None)
        if st.phase == REROLL:
            assert st.rerolling is not None
            return (st.rerolling,)
        return ()

    def legal(self, state: State, seat: int) -> tuple[str, ...]:
        st = _state(state)
        if st.phase == BID:
            if 0 <= seat < st.players and st.hands[seat] and st.picks[seat] is None:
                return tuple(f"bid:{card}" for card in st.hands[seat])
            return ()
        if st.phase == REROLL and seat == st.rerolling:
            if self._can_force(st):
                return ("reroll:0", "reroll:1", "force:0", "force:1")
            return ("reroll:0", "reroll:1")
        return ()

    def why_illegal(self, state: State, seat: int, action: str) -> str:
        st = _state(state)
        if st.phase == BID and 0 <= seat < st.players:
            if not st.hands[seat]:
                return "this seat has no card in this round"
            if st.picks[seat] is not None:
                return "this seat has already picked its card for this round"
            if action.startswith("bid:"):
                return "that card is not in this seat's hand"
            return "every player is picking a card (bid:N)"
        if st.phase == REROLL:
            if seat != st.rerolling:
                return f"seat {st.rerolling} won the round and chooses the die to reroll"
            if action.startswith("force:"):
                if not st.options["force_negative"]:
                    return "forcing a die needs the force-negative variant"
                return "the dice already match"
            return "the winner rerolls a die (reroll:0 or reroll:1)"
        return super().why_illegal(state, seat, action)

    def _apply(self, state: State, seat: int, action: str) -> None:
        st = _state(state)
        verb, _, arg = action.partition(":")
        if verb == "bid":
            self._pick(st, seat, int(arg))
        elif verb == "reroll":
            die = int(arg)
            face = self._roll_die(st)
            st.dice = _with_die(st.dice, die, face)
            self._set_dice_prize(st)
            st.emit("reroll", seat=seat, die=die, face=face, dice=list(st.dice), prize=st.prize)
            self._next_bids(st)
        else:  # force: that die is turned to show the other die's face
            die = int(arg)
            assert st.dice is not None
            st.dice = _with_die(st.dice, die, st.dice[1 - die])
            self._set_dice_prize(st)
            st.emit("force", seat=seat, die=die, dice=list(st.dice), prize=st.prize)
            self._next_bids(st)

    # -- the round ------------------------------------------------------------

    def _pick(self, st: DiceBidState, seat: int, card: int) -> None:
        """A secret pick. It is final: a card laid face down is not taken back."""
        st.picks = _replace(st.picks, seat, card)
        st.emit("pick", seat=seat)
        st.emit_to((seat,), "picked", seat=seat, card=card)
        if not self.actors(st):
            self._reveal(st)

    def _reveal(self, st: DiceBidState) -> None:
        """All cards face up together; equal values knock each other out; the
        highest card left wins the prize (a negative prize is subtracted)."""
        cards = st.picks
        counts = Counter(c for c in cards if c is not None)
        knocked = [t for t, c in enumerate(cards) if c is not None and counts[c] > 1]
        standing = {t: c for t, c in enumerate(cards) if c is not None and counts[c] == 1}
        winner = max(standing, key=standing.__getitem__) if standing else None
        if winner is not None:
            st.scores = _replace(st.scores, winner, st.scores[winner] + st.prize)
            st.won = _replace(st.won, winner, (*st.won[winner], st.prize))
        hands, played = list(st.hands), list(st.played)
        for t, c in enumerate(cards):
            if c is not None:
                hands[t] = tuple(x for x in hands[t] if x != c)
                played[t] = (*played[t], c)
        st.hands, st.played, st.picks = tuple(hands), tuple(played), (None,) * st.players
        row = {
            "round": st.round,
            "tiebreak": st.tiebreak,
            "dice": None if st.dice is None else list(st.dice),
            "prize_card": st.prize_card,
            "prize": st.prize,
            "cards": list(cards),
            "knocked_out": knocked,
            "winner": winner,
            "scores": list(st.scores),
        }
        st.sheet = (*st.sheet, row)
        st.emit("reveal", **row)
        if st.prize_card is not None and winner is None:
            st.prize_discard = (*st.prize_discard, st.prize_card)
            st.emit("discard_prize", card=st.prize_card)

        if st.tiebreak or not any(st.hands):
            self._end_or_tiebreak(st)
            return
        st.round += 1
        if st.dice is None:
            self._show_prize(st, fresh=False)
            st.phase = BID
        elif winner is not None:
            st.phase, st.rerolling = REROLL, winner
        else:
            # Nobody won: the table rerolls one die chosen at random (a ruling).
            die = st.rng.below(2)
            face = self._roll_die(st)
            st.dice = _with_die(st.dice, die, face)
            self._set_dice_prize(st)
            st.emit("reroll", seat=None, die=die, face=face, dice=list(st.dice), prize=st.prize)
            st.phase = BID

    def _next_bids(self, st: DiceBidState) -> None:
        st.phase, st.rerolling = BID, None

    def _end_or_tiebreak(self, st: DiceBidState) -> None:
        """Hands are empty. With the tiebreak option, the players tied on top
        play one more round with fresh full suits and a new prize, while still
        tied and at most five times; otherwise the game is over."""
        top = max(st.scores)
        tied = tuple(t for t in range(st.players) if st.scores[t] == top)
        if st.options["tiebreak"] and len(tied) > 1 and st.tiebreak < MAX_TIEBREAKS:
            st.tiebreak += 1
            st.round += 1
            st.hands = tuple(SUIT if t in tied else () for t in range(st.players))
            st.aside = ((),) * st.players
            st.played = ((),) * st.players
            st.emit("tiebreak", number=st.tiebreak, seats=list(tied))
            self._show_prize(st, fresh=True)
            st.phase = BID
            return
        st.phase = OVER
        st.hands = ((),) * st.players  # a tiebreak's unplayed cards are put away
        st.emit("game_over", scores=list(st.scores), winners=list(tied), shared=len(tied) > 1)

    # -- dice and prize cards -----------------------------------------------

    def _show_prize(self, st: DiceBidState, fresh: bool) -> None:
        """The prize of a new round: a fresh roll of both dice, or the next
        prize card (``fresh``: from a new full prize deck, for a tiebreak)."""
        if st.options["prize_cards"]:
            if fresh and st.tiebreak:
                st.prize_deck = PRIZE_CARDS
            card = self._draw_prize(st)
            st.prize_card, st.prize = card, card
            st.emit("prize_card", card=card, prize=card)
        else:
            st.dice = (self._roll_die(st), self._roll_die(st))
            self._set_dice_prize(st)
            st.emit("roll", dice=list(st.dice), prize=st.prize)

    def _set_dice_prize(self, st: DiceBidState) -> None:
        assert st.dice is not None
        st.prize = dice_prize(*st.dice)

    def _roll_die(self, st: DiceBidState) -> int:
        faces: list[int] = st.options.get("dice", [])
        if st.dice_used < len(faces):
            st.dice_used += 1
            return faces[st.dice_used - 1]
        return st.rng.below(6) + 1

    def _draw_prize(self, st: DiceBidState) -> int:
        order: list[int] = st.options.get("prizes", [])
        if st.prizes_used < len(order) and order[st.prizes_used] in st.prize_deck:
            card = order[st.prizes_used]
            st.prizes_used += 1
        else:
            card = st.prize_deck[st.rng.below(len(st.prize_deck))]
        st.prize_deck = tuple(c for c in st.prize_deck if c != card)
        return card

    def _can_force(self, st: DiceBidState) -> bool:
        """Force negative is offered when it changes something: not on doubles."""
        return (
            bool(st.options["force_negative"]) and st.dice is not None and st.dice[0] != st.dice[1]
        )

    # -- what a seat sees ----------------------------------------------------

    def view(self, state: State, seat: int | None = None) -> dict[str, Any]:
        """See ``docs/rules/dice_bid.md`` ("The view") for every field."""
        st = _state(state)
        actors = self.actors(st)
        seats: list[DiceSeat] = []
        for t in range(st.players):
            # Every card played is public, so a hand is known to all unless
            # unseen set-aside cards blur it (two-player variant): its owner
            # still knows it, and the set-aside cards follow by elimination.
            known = seat == t or not st.aside[t] or not st.hands[t]
            hand = sorted(st.hands[t])
            seats.append(
                {
                    "seat": t,
                    "hand": hand if known else None,
                    "hand_count": len(hand),
                    "candidates": hand if known else sorted(st.hands[t] + st.aside[t]),
                    "set_aside_count": len(st.aside[t]),
                    "played": list(st.played[t]),
                    "picked": st.picks[t] is not None,
                    "pick": st.picks[t] if seat == t else None,
                    "score": st.scores[t],
                    "won": list(st.won[t]),
                }
            )
        prompt = None
        if seat in actors:
            prompt = BID if st.phase == BID else REROLL
        view: DiceView = {
            "game": self.id,
            "seat": seat,
            "players": st.players,
            "options": {k: st.options[k] for k in self.default_options},
            "two_player": st.two_player,
            "rounds": st.rounds,
            "round": st.round,
            "tiebreak": st.tiebreak,
            "phase": st.phase,
            "to_act": list(actors),
            "prompt": prompt,
            "can_force": st.phase == REROLL and self._can_force(st),
            "dice": None if st.dice is None else list(st.dice),
            "prize_card": st.prize_card,
            "prize": st.prize,
            "prize_deck": sorted(st.prize_deck) if st.options["prize_cards"] else None,
            "prize_discard": list(st.prize_discard),
            "seats": seats,
            "scores": list(st.scores),
            "last_reveal": fresh(st.sheet[-1]) if st.sheet else None,
            "sheet": fresh(list(st.sheet)),
            "events": st.events(seat),
            "result": self.result(st),
        }
        return cast("dict[str, Any]", view)  # the protocol's JSON dict, of DiceView's shape

    def open_view(self, state: State) -> dict[str, Any]:
        """The public view with each seat's part as its own view has it: its hand,
        its candidates and its secret pick."""
        pub = self.view(state, None)
        pub["seats"] = [self.view(state, t)["seats"][t] for t in range(len(pub["seats"]))]
        return pub

    def result(self, state: State) -> dict[str, Any] | None:
        st = _state(state)
        if st.phase != OVER:
            return None
        top = max(st.scores)
        winners = [t for t in range(st.players) if st.scores[t] == top]
        return {
            "scores": list(st.scores),
            "winners": winners,
            "shared": len(winners) > 1,
            "rounds": len(st.sheet),
            "tiebreak_rounds": st.tiebreak,
        }

    def redeal_hidden(self, state: State, seat: int | None, seed: int) -> State:
        """What ``seat`` cannot see, redealt: other seats' pending picks (each
        swapped for a card still in that hand), in the two-player variant the
        other seats' split between hand and set-aside cards, and the future
        dice and prize order (the generator is reseeded)."""
        st = _state(state).copy()
        rng = Rng(seed * 0x9E3779B97F4A7C15 + 1)
        hands, aside, picks = list(st.hands), list(st.aside), list(st.picks)
        for t in range(st.players):
            if t == seat:
                continue
            if aside[t]:
                pool = list(hands[t] + aside[t])
                rng.shuffle(pool)
                n = len(hands[t])
                hands[t], aside[t] = tuple(sorted(pool[:n])), tuple(sorted(pool[n:]))
            if picks[t] is not None:
                picks[t] = rng.choice(hands[t])
        st.hands, st.aside, st.picks = tuple(hands), tuple(aside), tuple(picks)
        st.rng = Rng(rng.next64())
        st.log = _with_picks(st.log, st.picks)
        return st


def _with_picks(log: Link | None, picks: tuple[int | None, ...]) -> Link | None:
    """The log with each private "picked" event of the round in play showing
    the pick now in ``picks`` (so a redealt state stays consistent)."""
    events: list[Event] = Link.items(log)
    pending = {t for t, c in enumerate(picks) if c is not None}
    for i in range(len(events) - 1, -1, -1):
        ev = events[i]
        if ev["type"] in ("reveal", "roll", "prize_card", "reroll", "force", "tiebreak"):
            break  # earlier picks were revealed already
        if ev["type"] == "picked" and ev["seat"] in pending:
            events[i] = {**ev, "card": picks[ev["seat"]]}
    out = None
    for ev in events:
        out = Link(out, ev)
    return out


def _state(state: State) -> DiceBidState:
    """``state`` as a dice bid state: the protocol's methods take any ``State``."""
    if not isinstance(state, DiceBidState):
        raise TypeError(f"dice_bid: not a dice bid state: {type(state).__name__}")
    return state


def _check_test_options(options: dict[str, Any]) -> None:
    """The test-only options: ``dice`` (die faces, used in order for every
    roll; the generator takes over when they run out) and ``prizes`` (prize
    cards in the order they are revealed; the first 13 are distinct, being
    the deck; further ones are the prizes of tiebreak rounds)."""
    if options["force_negative"] and options["prize_cards"]:
        raise ValueError("dice_bid: force_negative needs the dice, which prize_cards replaces")
    if "dice" in options:
        faces = options["dice"]
        if options["prize_cards"]:
            raise ValueError("dice_bid: option 'dice' given but prize_cards replaces the dice")
        if not isinstance(faces, list) or not all(type(f) is int and 1 <= f <= 6 for f in faces):
            raise ValueError(f"dice_bid: option 'dice' must be a list of faces 1..6, not {faces!r}")
    if "prizes" in options:
        order = options["prizes"]
        if not options["prize_cards"]:
            raise ValueError("dice_bid: option 'prizes' needs the prize_cards variant")
        if not isinstance(order, list) or not all(
            type(c) is int and c in PRIZE_CARDS for c in order
        ):
            raise ValueError(f"dice_bid: option 'prizes' must list prize cards, not {order!r}")
        deck = order[: len(PRIZE_CARDS)]
        if len(set(deck)) != len(deck):
            raise ValueError(
                "dice_bid: option 'prizes': the first 13 cards are the deck, no repeats"
            )


GAME = DiceBidGame()

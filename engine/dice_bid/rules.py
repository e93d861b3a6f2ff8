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
from typing import Any, ClassVar

from engine.core import Event, Game, Link, Rng, State

__all__ = ["GAME", "PRIZE_CARDS", "SUIT", "DiceBid", "DiceBidState", "dice_prize"]

# -- the game's facts ---------------------------------------------------------

#: One suit, A..K, as values 1..13.
SUIT: tuple[int, ...] = tuple(range(1, 14))
#: The prize-card variant's 13 cards.
PRIZE_CARDS: tuple[int, ...] = (-5, -4, -3, -2, 2, 3, 4, 5, 6, 7, 8, 9, 10)
#: Two-player variant: cards each player sets aside unseen at the start.
SET_ASIDE = 3
#: Tiebreak option: at most this many extra rounds, then the tie is shared.
MAX_TIEBREAKS = 5

BID, REROLL, OVER = "bid", "reroll", "over"


def dice_prize(a: int, b: int) -> int:
    """The prize two dice show: doubles give minus the face, otherwise the sum.

    >>> dice_prize(4, 4), dice_prize(4, 6)
    (-4, 10)
    """
    return -a if a == b else a + b


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


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


class DiceBid(Game):
    """The dice bid game behind Tapete's one protocol (see ``engine.core``)."""

    id = "dice_bid"
    min_players = 2  # two only with the two-player variant, which two seats switch on
    max_players = 6
    default_options: ClassVar[Mapping[str, Any]] = {
        "force_negative": False,
        "prize_cards": False,
        "tiebreak": False,
    }
    test_options = frozenset({"dice", "prizes"})

    # -- setup --------------------------------------------------------------

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        _check_test_options(options)
        s = DiceBidState(players, seed, options)
        s.two_player = players == 2
        s.rounds = len(SUIT) - (SET_ASIDE if s.two_player else 0)
        s.round = 1
        s.tiebreak = 0
        s.phase = BID
        s.picks = (None,) * players
        s.dice = None
        s.prize_card = None
        s.prize = 0
        s.prize_deck = PRIZE_CARDS if options["prize_cards"] else ()
        s.prize_discard = ()
        s.scores = (0,) * players
        s.won = ((),) * players
        s.sheet = ()
        s.rerolling = None
        s.dice_used = 0
        s.prizes_used = 0
        s.played = ((),) * players
        if s.two_player:
            hands, aside = [], []
            for _ in range(players):
                suit = list(SUIT)
                s.rng.shuffle(suit)
                aside.append(tuple(sorted(suit[:SET_ASIDE])))
                hands.append(tuple(sorted(suit[SET_ASIDE:])))
            s.hands, s.aside = tuple(hands), tuple(aside)
        else:
            s.hands, s.aside = (SUIT,) * players, ((),) * players
        s.emit(
            "deal",
            players=players,
            hand_size=len(s.hands[0]),
            set_aside=SET_ASIDE if s.two_player else 0,
        )
        self._show_prize(s, fresh=True)
        return s

    # -- who acts, and how --------------------------------------------------

    def actors(self, state: State) -> tuple[int, ...]:
        s = _state(state)
        if s.phase == BID:
            return tuple(t for t in range(s.players) if s.hands[t] and s.picks[t] is None)
        if s.phase == REROLL:
            return (s.rerolling,)  # type: ignore[return-value]
        return ()

    def legal(self, state: State, seat: int) -> tuple[str, ...]:
        s = _state(state)
        if s.phase == BID:
            if 0 <= seat < s.players and s.hands[seat] and s.picks[seat] is None:
                return tuple(f"bid:{card}" for card in s.hands[seat])
            return ()
        if s.phase == REROLL and seat == s.rerolling:
            if self._can_force(s):
                return ("reroll:0", "reroll:1", "force:0", "force:1")
            return ("reroll:0", "reroll:1")
        return ()

    def why_illegal(self, state: State, seat: int, action: str) -> str:
        s = _state(state)
        if s.phase == BID and 0 <= seat < s.players:
            if not s.hands[seat]:
                return "this seat has no card in this round"
            if s.picks[seat] is not None:
                return "this seat has already picked its card for this round"
            if action.startswith("bid:"):
                return "that card is not in this seat's hand"
            return "every player is picking a card (bid:N)"
        if s.phase == REROLL:
            if seat != s.rerolling:
                return f"seat {s.rerolling} won the round and chooses the die to reroll"
            if action.startswith("force:"):
                if not s.options["force_negative"]:
                    return "forcing a die needs the force-negative variant"
                return "the dice already match"
            return "the winner rerolls a die (reroll:0 or reroll:1)"
        return super().why_illegal(state, seat, action)

    def _apply(self, state: State, seat: int, action: str) -> None:
        s = _state(state)
        verb, _, arg = action.partition(":")
        if verb == "bid":
            self._pick(s, seat, int(arg))
        elif verb == "reroll":
            die = int(arg)
            face = self._roll_die(s)
            s.dice = _replace(s.dice, die, face)  # type: ignore[assignment, arg-type]
            self._set_dice_prize(s)
            s.emit("reroll", seat=seat, die=die, face=face, dice=list(s.dice), prize=s.prize)
            self._next_bids(s)
        else:  # force: that die is turned to show the other die's face
            die = int(arg)
            assert s.dice is not None
            s.dice = _replace(s.dice, die, s.dice[1 - die])  # type: ignore[assignment]
            self._set_dice_prize(s)
            s.emit("force", seat=seat, die=die, dice=list(s.dice), prize=s.prize)
            self._next_bids(s)

    # -- the round ------------------------------------------------------------

    def _pick(self, s: DiceBidState, seat: int, card: int) -> None:
        """A secret pick. It is final: a card laid face down is not taken back."""
        s.picks = _replace(s.picks, seat, card)
        s.emit("pick", seat=seat)
        s.emit("picked", to=(seat,), seat=seat, card=card)
        if not self.actors(s):
            self._reveal(s)

    def _reveal(self, s: DiceBidState) -> None:
        """All cards face up together; equal values knock each other out; the
        highest card left wins the prize (a negative prize is subtracted)."""
        cards = s.picks
        counts = Counter(c for c in cards if c is not None)
        knocked = [t for t, c in enumerate(cards) if c is not None and counts[c] > 1]
        standing = [t for t, c in enumerate(cards) if c is not None and counts[c] == 1]
        winner = max(standing, key=lambda t: cards[t]) if standing else None  # type: ignore[arg-type, return-value]
        if winner is not None:
            s.scores = _replace(s.scores, winner, s.scores[winner] + s.prize)
            s.won = _replace(s.won, winner, (*s.won[winner], s.prize))
        hands, played = list(s.hands), list(s.played)
        for t, c in enumerate(cards):
            if c is not None:
                hands[t] = tuple(x for x in hands[t] if x != c)
                played[t] = (*played[t], c)
        s.hands, s.played, s.picks = tuple(hands), tuple(played), (None,) * s.players
        row = {
            "round": s.round,
            "tiebreak": s.tiebreak,
            "dice": None if s.dice is None else list(s.dice),
            "prize_card": s.prize_card,
            "prize": s.prize,
            "cards": list(cards),
            "knocked_out": knocked,
            "winner": winner,
            "scores": list(s.scores),
        }
        s.sheet = (*s.sheet, row)
        s.emit("reveal", **row)
        if s.prize_card is not None and winner is None:
            s.prize_discard = (*s.prize_discard, s.prize_card)
            s.emit("discard_prize", card=s.prize_card)

        if s.tiebreak or not any(s.hands):
            self._end_or_tiebreak(s)
            return
        s.round += 1
        if s.dice is None:
            self._show_prize(s, fresh=False)
            s.phase = BID
        elif winner is not None:
            s.phase, s.rerolling = REROLL, winner
        else:
            # Nobody won: the table rerolls one die chosen at random (a ruling).
            die = s.rng.below(2)
            face = self._roll_die(s)
            s.dice = _replace(s.dice, die, face)  # type: ignore[assignment]
            self._set_dice_prize(s)
            s.emit("reroll", seat=None, die=die, face=face, dice=list(s.dice), prize=s.prize)
            s.phase = BID

    def _next_bids(self, s: DiceBidState) -> None:
        s.phase, s.rerolling = BID, None

    def _end_or_tiebreak(self, s: DiceBidState) -> None:
        """Hands are empty. With the tiebreak option, the players tied on top
        play one more round with fresh full suits and a new prize, while still
        tied and at most five times; otherwise the game is over."""
        top = max(s.scores)
        tied = tuple(t for t in range(s.players) if s.scores[t] == top)
        if s.options["tiebreak"] and len(tied) > 1 and s.tiebreak < MAX_TIEBREAKS:
            s.tiebreak += 1
            s.round += 1
            s.hands = tuple(SUIT if t in tied else () for t in range(s.players))
            s.aside = ((),) * s.players
            s.played = ((),) * s.players
            s.emit("tiebreak", number=s.tiebreak, seats=list(tied))
            self._show_prize(s, fresh=True)
            s.phase = BID
            return
        s.phase = OVER
        s.hands = ((),) * s.players  # a tiebreak's unplayed cards are put away
        s.emit("game_over", scores=list(s.scores), winners=list(tied), shared=len(tied) > 1)

    # -- dice and prize cards -----------------------------------------------

    def _show_prize(self, s: DiceBidState, fresh: bool) -> None:
        """The prize of a new round: a fresh roll of both dice, or the next
        prize card (``fresh``: from a new full prize deck, for a tiebreak)."""
        if s.options["prize_cards"]:
            if fresh and s.tiebreak:
                s.prize_deck = PRIZE_CARDS
            card = self._draw_prize(s)
            s.prize_card, s.prize = card, card
            s.emit("prize_card", card=card, prize=card)
        else:
            s.dice = (self._roll_die(s), self._roll_die(s))
            self._set_dice_prize(s)
            s.emit("roll", dice=list(s.dice), prize=s.prize)

    def _set_dice_prize(self, s: DiceBidState) -> None:
        assert s.dice is not None
        s.prize = dice_prize(*s.dice)

    def _roll_die(self, s: DiceBidState) -> int:
        faces = s.options.get("dice", ())
        if s.dice_used < len(faces):
            s.dice_used += 1
            return faces[s.dice_used - 1]
        return s.rng.below(6) + 1

    def _draw_prize(self, s: DiceBidState) -> int:
        order = s.options.get("prizes", ())
        if s.prizes_used < len(order) and order[s.prizes_used] in s.prize_deck:
            card = order[s.prizes_used]
            s.prizes_used += 1
        else:
            card = s.prize_deck[s.rng.below(len(s.prize_deck))]
        s.prize_deck = tuple(c for c in s.prize_deck if c != card)
        return card

    def _can_force(self, s: DiceBidState) -> bool:
        """Force negative is offered when it changes something: not on doubles."""
        return bool(s.options["force_negative"]) and s.dice is not None and s.dice[0] != s.dice[1]

    # -- what a seat sees ----------------------------------------------------

    def view(self, state: State, seat: int | None = None) -> dict[str, Any]:
        """See ``docs/rules/dice_bid.md`` ("The view") for every field."""
        s = _state(state)
        actors = self.actors(s)
        seats = []
        for t in range(s.players):
            # Every card played is public, so a hand is known to all unless
            # unseen set-aside cards blur it (two-player variant): its owner
            # still knows it, and the set-aside cards follow by elimination.
            known = seat == t or not s.aside[t] or not s.hands[t]
            hand = sorted(s.hands[t])
            seats.append(
                {
                    "seat": t,
                    "hand": hand if known else None,
                    "hand_count": len(hand),
                    "candidates": hand if known else sorted(s.hands[t] + s.aside[t]),
                    "set_aside_count": len(s.aside[t]),
                    "played": list(s.played[t]),
                    "picked": s.picks[t] is not None,
                    "pick": s.picks[t] if seat == t else None,
                    "score": s.scores[t],
                    "won": list(s.won[t]),
                }
            )
        prompt = None
        if seat in actors:
            prompt = BID if s.phase == BID else REROLL
        return {
            "game": self.id,
            "seat": seat,
            "players": s.players,
            "options": {k: s.options[k] for k in self.default_options},
            "two_player": s.two_player,
            "rounds": s.rounds,
            "round": s.round,
            "tiebreak": s.tiebreak,
            "phase": s.phase,
            "to_act": list(actors),
            "prompt": prompt,
            "can_force": s.phase == REROLL and self._can_force(s),
            "dice": None if s.dice is None else list(s.dice),
            "prize_card": s.prize_card,
            "prize": s.prize,
            "prize_deck": sorted(s.prize_deck) if s.options["prize_cards"] else None,
            "prize_discard": list(s.prize_discard),
            "seats": seats,
            "scores": list(s.scores),
            "last_reveal": _row_copy(s.sheet[-1]) if s.sheet else None,
            "sheet": [_row_copy(row) for row in s.sheet],
            "events": s.events(seat),
            "result": self.result(s),
        }

    def result(self, state: State) -> dict[str, Any] | None:
        s = _state(state)
        if s.phase != OVER:
            return None
        top = max(s.scores)
        winners = [t for t in range(s.players) if s.scores[t] == top]
        return {
            "scores": list(s.scores),
            "winners": winners,
            "shared": len(winners) > 1,
            "rounds": len(s.sheet),
            "tiebreak_rounds": s.tiebreak,
        }

    def redeal_hidden(self, state: State, seat: int | None, seed: int) -> State:
        """What ``seat`` cannot see, redealt: other seats' pending picks (each
        swapped for a card still in that hand), in the two-player variant the
        other seats' split between hand and set-aside cards, and the future
        dice and prize order (the generator is reseeded)."""
        s = _state(state).copy()
        rng = Rng(seed * 0x9E3779B97F4A7C15 + 1)
        hands, aside, picks = list(s.hands), list(s.aside), list(s.picks)
        for t in range(s.players):
            if t == seat:
                continue
            if aside[t]:
                pool = list(hands[t] + aside[t])
                rng.shuffle(pool)
                n = len(hands[t])
                hands[t], aside[t] = tuple(sorted(pool[:n])), tuple(sorted(pool[n:]))
            if picks[t] is not None:
                picks[t] = rng.choice(hands[t])
        s.hands, s.aside, s.picks = tuple(hands), tuple(aside), tuple(picks)
        s.rng = Rng(rng.next64())
        s.log = _with_picks(s.log, s.picks)
        return s


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


def _row_copy(row: dict[str, Any]) -> dict[str, Any]:
    """A sheet row for a view: its own lists, so a caller that changes the view
    cannot change the game."""
    return {k: list(v) if isinstance(v, list) else v for k, v in row.items()}


def _state(state: State) -> DiceBidState:
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


GAME = DiceBid()

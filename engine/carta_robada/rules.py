"""Carta robada (seed 003 and its rulings): the rules, in the order of the seed.

Every seat keeps a *tendido* of face-down cards and must remember them alone.
The view never shows a face-down value, the seat's own included, except a
private reveal that belongs to this moment (the initial peek, a spy's peek, the
card just drawn from the deck). See ``docs/rules/carta_robada.md`` for the
rules, the vocabulary and the exact shape of the view.

Invariants the code relies on:

- every card under the discard top is blocked (a card placed on the pile blocks
  all below it for good; a taken top uncovers a card that was covered), so only
  the top's flag is stored;
- a private reveal stores positions, not values, and is dropped as soon as the
  tendido it points into changes, so it never points at a card that moved.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any, ClassVar, cast

from engine.carta_robada.cards import (
    ACTIONS,
    CARDS,
    FULL_DECK,
    MILAGRO,
    SNAP,
    copies,
    number,
    points,
)
from engine.carta_robada.view import CartaView, Hand, Reveal, Slot, Whirl
from engine.core import Game, Rng, State

__all__ = ["GAME", "CartaRobadaGame", "CartaRobadaState"]

DEAL = 4
PEEK = 2

#: Actions of the turn's flow. Any of them ends the moment of every private
#: reveal (peek, spy); the out-of-turn gestures (cut, tied, order) and the
#: simultaneous peeks do not.
_FLOW = frozenset({"draw", "take", "swap", "discard", "use", "skip", "remove", "give", "declare"})
#: Actions that leave the cut tie window open (later attempts may still arrive).
_KEEP_WINDOW = frozenset({"tied", "order"})

#: Direction words of the Remolino: where each seat's card goes, by seat number.
WHIRL = {"next": 1, "prev": -1}


class CartaRobadaState(State):
    """A table of Carta robada. ``phase`` is ``"peek"`` (everyone looks at two
    cards), ``"play"`` (turns), ``"whirl"`` (a Remolino's simultaneous picks) or
    ``"over"``. In ``"play"``, ``step`` says where the turn player is:
    ``"draw"``, ``"decide"`` (holding a card), ``"activate"`` (an action card
    reached the discard) or ``"remove"`` (a Milagro was drawn)."""

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        self.phase = "peek"
        self.tendidos: list[list[str]] = []
        self.marks: list[list[str | None]] = []
        self.deck: list[str] = []  # the next card drawn is the last one
        self.discard: list[str] = []  # the top is the last one
        self.top_blocked = False
        self.peeked: list[bool] = [False] * players
        self.first = 0
        self.turn = 0
        self.direction = 1
        self.step = ""
        self.extra = 0  # extra turns (Impulso) still owed to the turn player
        self.in_extra = False  # the current turn is an extra one
        self.hand: str | None = None  # the card the turn player holds
        self.hand_from: str | None = None  # "deck" or "discard"
        self.pending: str | None = None  # the action card awaiting use or skip
        self.marker_by: int | None = None
        self.declarer: int | None = None
        self.out = False  # the declarer's turn has ended
        # seat -> (kind, ((owner, position), ...)): the private reveal of this moment
        self.reveals: dict[int, tuple[str, tuple[tuple[int, int], ...]]] = {}
        self.shown: tuple[int, int] | None = None  # the failed cut shown to the table
        self.window: tuple[int, tuple[int, ...]] | None = None  # (cutter, seats tied)
        self.whirl_by: int | None = None
        self.whirl_dir = 1
        self.picks: dict[int, int] = {}
        self.ended: dict[str, Any] | None = None

    def _copy_mutables(self) -> None:
        self.tendidos = [list(t) for t in self.tendidos]
        self.marks = [list(m) for m in self.marks]
        self.deck = list(self.deck)
        self.discard = list(self.discard)
        self.peeked = list(self.peeked)
        self.reveals = dict(self.reveals)
        self.picks = dict(self.picks)


def _pairs(n: int) -> list[tuple[int, int]]:
    return [(i, j) for i in range(n) for j in range(i + 1, n)]


@lru_cache(maxsize=256)
def _gestures(name: str, size: int) -> tuple[str, ...]:
    """The out-of-turn actions on a tendido of ``size`` cards (asked for at
    every step of a game, hence cached)."""
    if name == "order":
        return tuple(f"order:{i},{j}" for i, j in _pairs(size))
    return tuple(f"{name}:{i}" for i in range(size))


def _parse_slots(text: str) -> list[tuple[int, int]]:
    """``"0.2,1.3"`` -> ``[(0, 2), (1, 3)]`` (only called on legal actions)."""
    out = []
    for part in text.split(","):
        a, _, b = part.partition(".")
        out.append((int(a), int(b)))
    return out


class CartaRobadaGame(Game):
    id = "carta_robada"
    min_players = 2
    max_players = 6
    #: Face-down tendidos, the deck, a drawn card and a look seen by one seat.
    hidden_information = True
    default_options: ClassVar[dict[str, Any]] = {}
    #: ``deck``: the card codes top first (the deal takes the first four for seat
    #: 0, the next four for seat 1, ...; the rest is the draw pile in that order,
    #: the marker where the list puts it); ``first``: the first player's seat.
    test_options: ClassVar[frozenset[str]] = frozenset({"deck", "first"})

    # -- the deal ------------------------------------------------------------

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        st = CartaRobadaState(players, seed, options)
        stacked = options.get("deck")
        if stacked is None:
            cards = list(FULL_DECK)
            st.rng.shuffle(cards)
            dealt, rest = cards[: DEAL * players], cards[DEAL * players :]
            # Ruling: the marker is shuffled into the draw pile after the deal.
            rest.insert(st.rng.below(len(rest) + 1), SNAP)
        else:
            _check_stacked(stacked, players)
            dealt, rest = list(stacked[: DEAL * players]), list(stacked[DEAL * players :])
        st.tendidos = [dealt[DEAL * p : DEAL * p + DEAL] for p in range(players)]
        st.marks = [[None] * DEAL for _ in range(players)]
        st.deck = rest[::-1]
        first = options.get("first")
        if first is None:
            first = st.rng.below(players)  # Ruling: the first player is drawn with the seed
        elif isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
            raise ValueError(f"carta_robada: option 'first' must be a seat, not {first!r}")
        st.first = st.turn = first
        st.emit("deal", players=players, cards=DEAL, first=first, deck=len(st.deck))
        return st

    # -- who acts, what is legal ---------------------------------------------

    def actors(self, state: State) -> tuple[int, ...]:
        st = _state(state)
        if st.phase == "over":
            return ()
        if st.phase == "peek":
            return tuple(p for p in range(st.players) if not st.peeked[p])
        if st.phase == "whirl":
            return tuple(p for p in range(st.players) if p not in st.picks and not _is_out(st, p))
        cut_open = _cut_open(st)
        return tuple(
            p
            for p in range(st.players)
            if p == st.turn
            or (not _is_out(st, p) and (len(st.tendidos[p]) >= 2 or cut_open or _may_tie(st, p)))
        )

    def legal(self, state: State, seat: int) -> tuple[str, ...]:
        st = _state(state)
        if st.phase == "over" or not 0 <= seat < st.players:
            return ()
        size = len(st.tendidos[seat])
        if st.phase == "peek":
            if st.peeked[seat]:
                return ()
            return tuple(f"peek:{i},{j}" for i, j in _pairs(DEAL))
        if st.phase == "whirl":
            if seat in st.picks or _is_out(st, seat):
                return ()
            return tuple(f"give:{i}" for i in range(size))
        if _is_out(st, seat):
            return ()
        acts: list[str] = self._turn_actions(st) if seat == st.turn else []
        if _cut_open(st):
            acts += _gestures("cut", size)
        if _may_tie(st, seat):
            acts += _gestures("tied", size)
        acts += _gestures("order", size)
        return tuple(acts)

    def _turn_actions(self, st: CartaRobadaState) -> list[str]:
        me = st.turn
        declare = ["declare"] if _may_declare(st) else []
        if st.step == "draw":
            acts = ["draw"] if _can_draw(st) else []
            if _can_take(st):
                acts.append("take")
            return acts + declare
        if st.step == "decide":
            acts = [f"swap:{i}" for i in range(len(st.tendidos[me]))]
            if st.hand_from == "deck":
                acts.append("discard")  # a card taken from the discard must be swapped
            return acts + declare
        if st.step == "activate":
            return ["skip", *self._uses(st), *declare]
        if st.step == "remove":
            return [f"remove:{i}" for i in range(len(st.tendidos[me]))] + declare
        return []

    def _uses(self, st: CartaRobadaState) -> list[str]:
        """Every way to activate the pending action card, targets included."""
        card, me, n = st.pending, st.turn, st.players
        sizes = [len(t) for t in st.tendidos]
        if card in ("impulso", "reversa"):
            return ["use"]
        if card == "remolino":
            return ["use:next", "use:prev"]
        if card == "manipulacion":
            return [f"use:{p}" for p in range(n) if p != me]
        if card == "disrupcion":
            # Own card with another's, or two other players' cards: any two seats.
            return [
                f"use:{a}.{i},{b}.{j}"
                for a, b in _pairs(n)
                for i in range(sizes[a])
                for j in range(sizes[b])
            ]
        if card == "espia":
            # Always two cards: both own, both of one other player, or one of each.
            slots = [(p, i) for p in range(n) for i in range(sizes[p])]
            return [
                f"use:{a}.{i},{b}.{j}"
                for x, (a, i) in enumerate(slots)
                for b, j in slots[x + 1 :]
                if a == b or me in (a, b)
            ]
        return []

    def why_illegal(self, state: State, seat: int, action: str) -> str:
        st = _state(state)
        name = action.partition(":")[0]
        if st.phase == "over":
            return "the game is over"
        if _is_out(st, seat):
            return "the declarer is out: they neither play nor cut nor reorder"
        if st.phase == "peek" and st.peeked[seat]:
            return "this seat has already looked at its two cards"
        if name == "declare" and st.marker_by is None:
            return "nobody can declare before the SNAP! marker has appeared"
        if name == "declare" and st.declarer is not None:
            return f"seat {st.declarer} has already declared"
        if name == "take" and st.in_extra:
            return "in an extra turn (Impulso) only the draw pile can be drawn from"
        if name in ("take", "cut") and st.discard and st.top_blocked:
            return "the discard top is blocked"
        if name in ("take", "cut") and st.discard and number(st.discard[-1]) is None:
            return f"a {st.discard[-1]} on the discard top can be neither taken nor cut"
        if name == "discard" and st.hand_from == "discard":
            return "a card taken from the discard must be swapped into the tendido"
        if st.phase == "whirl":
            return "a Remolino is being passed: only the picks (give:i) are open"
        if name in ("draw", "take", "swap", "discard", "use", "skip", "remove", "declare") and (
            seat != st.turn
        ):
            return f"it is seat {st.turn}'s turn"
        return super().why_illegal(state, seat, action)

    # -- playing an action ---------------------------------------------------

    def _apply(self, state: State, seat: int, action: str) -> None:
        st = _state(state)
        name, _, arg = action.partition(":")
        st.shown = None
        if name not in _KEEP_WINDOW:
            st.window = None
        if name in _FLOW:
            st.reveals = {}
        else:
            st.reveals.pop(seat, None)
        getattr(self, f"_do_{name}")(st, seat, arg)

    def _do_peek(self, st: CartaRobadaState, seat: int, arg: str) -> None:
        i, j = (int(x) for x in arg.split(","))
        st.peeked[seat] = True
        st.reveals[seat] = ("peek", ((seat, i), (seat, j)))
        st.emit("peek", seat=seat, positions=[i, j])
        st.emit_to(
            (seat,),
            "seen",
            seat=seat,
            why="peek",
            cards=[[seat, i, st.tendidos[seat][i]], [seat, j, st.tendidos[seat][j]]],
        )
        if all(st.peeked):
            st.phase = "play"
            self._begin_turn(st, st.first, extra=False)

    def _do_draw(self, st: CartaRobadaState, seat: int, arg: str) -> None:
        st.marks[seat] = [None] * len(st.marks[seat])  # own marks clear on drawing
        st.emit("draw", seat=seat, source="deck")
        card = self._draw_card(st, seat)
        if card is None:
            return
        if card == MILAGRO:
            # Drawn in one's own turn: discarded at once, blocked; the owner must
            # remove one tendido card blind, which goes under it.
            st.emit("milagro", seat=seat)
            self._place(st, MILAGRO, blocked=True)
            st.step = "remove"
            return
        st.emit_to((seat,), "drawn", seat=seat, card=card)
        st.hand, st.hand_from, st.step = card, "deck", "decide"

    def _do_take(self, st: CartaRobadaState, seat: int, arg: str) -> None:
        st.marks[seat] = [None] * len(st.marks[seat])
        card = st.discard.pop()
        st.top_blocked = bool(st.discard)  # the card uncovered was covered: blocked
        st.emit("take", seat=seat, card=card)
        st.hand, st.hand_from, st.step = card, "discard", "decide"

    def _do_swap(self, st: CartaRobadaState, seat: int, arg: str) -> None:
        pos, held = int(arg), st.hand
        assert held is not None
        old = st.tendidos[seat][pos]
        st.tendidos[seat][pos] = held
        st.marks[seat][pos] = None
        _changed(st, seat)
        came = st.hand_from
        st.hand = st.hand_from = None
        st.emit("swap", seat=seat, pos=pos, card=old, source=came)
        self._reach_discard(st, old)

    def _do_discard(self, st: CartaRobadaState, seat: int, arg: str) -> None:
        card = st.hand
        assert card is not None
        st.hand = st.hand_from = None
        st.emit("discard", seat=seat, card=card)
        self._reach_discard(st, card)

    def _reach_discard(self, st: CartaRobadaState, card: str) -> None:
        self._place(st, card, blocked=card == MILAGRO)
        if card in ACTIONS:
            st.pending, st.step = card, "activate"
        else:
            self._end_turn(st)

    def _do_skip(self, st: CartaRobadaState, seat: int, arg: str) -> None:
        st.emit("skip", seat=seat, card=st.pending)
        self._end_turn(st)

    def _do_use(self, st: CartaRobadaState, seat: int, arg: str) -> None:
        card = st.pending
        if card == "impulso":
            st.extra += 2
            st.emit("use", seat=seat, card=card, extra=st.extra)
        elif card == "reversa":
            st.direction = -st.direction
            st.emit("use", seat=seat, card=card, direction=st.direction)
        elif card == "manipulacion":
            target = int(arg)
            st.rng.shuffle(st.tendidos[target])  # nobody knows the new order
            st.marks[target] = ["manipulacion"] * len(st.tendidos[target])
            _changed(st, target)
            st.emit("use", seat=seat, card=card, target=target)
        elif card == "disrupcion":
            (a, i), (b, j) = _parse_slots(arg)
            ta, tb = st.tendidos[a], st.tendidos[b]
            ta[i], tb[j] = tb[j], ta[i]
            st.marks[a][i] = st.marks[b][j] = "disrupcion"
            _changed(st, a)
            _changed(st, b)
            st.emit("use", seat=seat, card=card, cards=[[a, i], [b, j]])
        elif card == "espia":
            slots = _parse_slots(arg)
            for p, i in slots:
                if p != seat:  # another player's Espía leaves a mark; one's own does not
                    st.marks[p][i] = "espia"
            st.reveals[seat] = ("spy", tuple(slots))
            st.emit("use", seat=seat, card=card, cards=[[p, i] for p, i in slots])
            st.emit_to(
                (seat,),
                "seen",
                seat=seat,
                why="spy",
                cards=[[p, i, st.tendidos[p][i]] for p, i in slots],
            )
        elif card == "remolino":
            st.whirl_by, st.whirl_dir, st.picks = seat, WHIRL[arg], {}
            st.phase, st.step = "whirl", "give"
            st.emit("use", seat=seat, card=card, towards=arg)
            return  # the turn ends once every card has been passed
        self._end_turn(st)

    def _do_give(self, st: CartaRobadaState, seat: int, arg: str) -> None:
        st.picks[seat] = int(arg)
        st.emit("give", seat=seat)  # the position stays secret until all have picked
        if any(p not in st.picks and not _is_out(st, p) for p in range(st.players)):
            return
        n = st.players
        for p in range(n):
            if p not in st.picks:  # the declarer who is out: picked at random
                st.picks[p] = st.rng.below(len(st.tendidos[p]))
        given = {p: st.tendidos[p][st.picks[p]] for p in range(n)}
        for p in range(n):
            giver = (p - st.whirl_dir) % n
            st.tendidos[p][st.picks[p]] = given[giver]  # the gap takes the card received
            st.marks[p][st.picks[p]] = "remolino"
            _changed(st, p)
        towards = "next" if st.whirl_dir == 1 else "prev"
        st.emit("whirl", towards=towards, positions=[st.picks[p] for p in range(n)])
        st.phase, st.whirl_by, st.picks = "play", None, {}
        self._end_turn(st)

    def _do_remove(self, st: CartaRobadaState, seat: int, arg: str) -> None:
        pos = int(arg)
        card = st.tendidos[seat].pop(pos)
        st.marks[seat].pop(pos)
        _changed(st, seat)
        st.discard.insert(len(st.discard) - 1, card)  # face up, under the Milagro
        st.emit("remove", seat=seat, pos=pos, card=card)
        if not st.tendidos[seat]:
            self._finish(st, "emptied", winner=seat)
            return
        self._end_turn(st)

    def _do_declare(self, st: CartaRobadaState, seat: int, arg: str) -> None:
        st.declarer = seat
        st.emit("declare", seat=seat)

    def _do_cut(self, st: CartaRobadaState, seat: int, arg: str) -> None:
        pos = int(arg)
        card, top = st.tendidos[seat][pos], st.discard[-1]
        st.window = (seat, ())
        if number(card) == number(top):
            st.tendidos[seat].pop(pos)
            st.marks[seat].pop(pos)
            _changed(st, seat)
            self._place(st, card, blocked=True)  # a cut card is blocked; no effect
            st.emit("cut", seat=seat, pos=pos, card=card, ok=True)
            if not st.tendidos[seat]:
                self._finish(st, "emptied", winner=seat)
            return
        # Failed: shown to the table, back in place, plus an unseen penalty card.
        st.shown = (seat, pos)
        st.emit("cut", seat=seat, pos=pos, card=card, ok=False)
        penalty = self._draw_card(st, seat)
        if penalty is None:
            return
        st.tendidos[seat].append(penalty)
        st.marks[seat].append(None)
        st.emit("penalty", seat=seat, pos=len(st.tendidos[seat]) - 1)

    def _do_tied(self, st: CartaRobadaState, seat: int, arg: str) -> None:
        assert st.window is not None
        cutter, tied = st.window
        st.window = (cutter, tuple(sorted((*tied, seat))))
        st.emit("tied", seat=seat, pos=int(arg), first=cutter)

    def _do_order(self, st: CartaRobadaState, seat: int, arg: str) -> None:
        i, j = (int(x) for x in arg.split(","))
        t, m = st.tendidos[seat], st.marks[seat]
        t[i], t[j] = t[j], t[i]
        m[i], m[j] = m[j], m[i]  # a mark is on the card, which everyone saw move
        _changed(st, seat)
        st.emit("order", seat=seat, positions=[i, j])

    # -- the machinery of a turn ---------------------------------------------

    def _place(self, st: CartaRobadaState, card: str, blocked: bool) -> None:
        st.discard.append(card)
        st.top_blocked = blocked

    def _draw_card(self, st: CartaRobadaState, seat: int) -> str | None:
        """One card off the draw pile for ``seat`` (a turn's draw or a penalty):
        reshuffles when the pile is empty and sets the SNAP! marker aside.
        ``None``: nothing could be drawn, and the game is over."""
        while True:
            if not st.deck:
                if len(st.discard) <= 1:
                    self._finish(st, "exhausted")
                    return None
                # Everything but the top becomes the new pile; all unblocked.
                st.deck, st.discard = st.discard[:-1], st.discard[-1:]
                st.rng.shuffle(st.deck)
                st.top_blocked = False
                st.emit("reshuffle", deck=len(st.deck))
            card = st.deck.pop()
            if card != SNAP:
                return card
            st.marker_by = seat
            st.emit("marker", seat=seat)

    def _end_turn(self, st: CartaRobadaState) -> None:
        seat = st.turn
        st.hand = st.hand_from = st.pending = None
        if st.declarer == seat:
            st.out = True
            st.emit("out", seat=seat)
        if st.extra > 0:
            st.extra -= 1
            nxt, extra = seat, True
        else:
            nxt, extra = (seat + st.direction) % st.players, False
        if st.out and nxt == st.declarer:
            self._finish(st, "declared")  # the turn would come back to the declarer
            return
        self._begin_turn(st, nxt, extra)

    def _begin_turn(self, st: CartaRobadaState, seat: int, extra: bool) -> None:
        st.turn, st.in_extra, st.step = seat, extra, "draw"
        st.emit("turn", seat=seat, extra=extra)
        if not _can_draw(st) and not _can_take(st):
            self._finish(st, "exhausted")

    def _finish(self, st: CartaRobadaState, reason: str, winner: int | None = None) -> None:
        scores = [sum(points(c) for c in t) for t in st.tendidos]
        if winner is not None:
            winners = [winner]
        else:
            low = min(scores)
            winners = [p for p, x in enumerate(scores) if x == low]
        st.phase, st.step, st.window = "over", "", None
        st.reveals, st.shown = {}, None
        st.hand = st.hand_from = st.pending = None
        st.ended = {
            "reason": reason,
            "scores": scores,
            "winners": winners,
            "tendidos": [list(t) for t in st.tendidos],
        }
        st.emit("end", **copy.deepcopy(st.ended))

    # -- what a seat sees ----------------------------------------------------

    def result(self, state: State) -> dict[str, Any] | None:
        st = _state(state)
        return None if st.ended is None else copy.deepcopy(st.ended)

    def view(self, state: State, seat: int | None = None) -> dict[str, Any]:
        st = _state(state)
        over = st.phase == "over"
        cut_open = _cut_open(st)
        hand: Hand | None = None
        if st.hand is not None:
            seen = st.hand_from == "discard" or seat == st.turn
            hand = {"seat": st.turn, "source": st.hand_from, "card": st.hand if seen else None}
        reveal: Reveal | None = None
        if seat is not None and seat in st.reveals:
            kind, slots = st.reveals[seat]
            reveal = {
                "kind": kind,
                "cards": [{"seat": p, "pos": i, "card": st.tendidos[p][i]} for p, i in slots],
            }
        shown: Slot | None = None
        if st.shown is not None:
            p, i = st.shown
            shown = {"seat": p, "pos": i, "card": st.tendidos[p][i]}
        whirl: Whirl | None = None
        if st.phase == "whirl":
            whirl = {
                "by": st.whirl_by,
                "towards": "next" if st.whirl_dir == 1 else "prev",
                "given": sorted(st.picks),
                "waiting": [
                    p for p in range(st.players) if p not in st.picks and not _is_out(st, p)
                ],
                "mine": st.picks.get(seat) if seat is not None else None,
            }
        view: CartaView = {
            "game": self.id,
            "players": st.players,
            "seat": seat,
            "phase": st.phase,
            "first": st.first,
            "turn": None if over or st.phase == "peek" else st.turn,
            "step": st.step or None,
            "direction": st.direction,
            "extra_turn": st.in_extra,
            "extra_turns": st.extra,
            "tendidos": [
                {
                    "seat": p,
                    "count": len(t),
                    "marks": list(st.marks[p]),
                    "cards": list(t) if over else None,
                    "peeked": st.peeked[p],
                    "out": _is_out(st, p),
                }
                for p, t in enumerate(st.tendidos)
            ],
            "discard": {
                "count": len(st.discard),
                "top": (
                    {"card": st.discard[-1], "blocked": st.top_blocked or st.discard[-1] == MILAGRO}
                    if st.discard
                    else None
                ),
            },
            "deck": len(st.deck),
            "marker": {"found": st.marker_by is not None, "by": st.marker_by},
            "declarer": st.declarer,
            "out": [st.declarer] if st.out else [],
            "cutters": ([p for p in range(st.players) if not _is_out(st, p)] if cut_open else []),
            "tie_window": (
                None if st.window is None else {"first": st.window[0], "tied": list(st.window[1])}
            ),
            "hand": hand,
            "pending": (
                None
                if st.pending is None or st.step != "activate"
                else {"seat": st.turn, "card": st.pending, "target": TARGETS[st.pending]}
            ),
            "whirl": whirl,
            "reveal": reveal,
            # Who is looking at a private reveal now: the table sees someone peek.
            "looking": sorted(st.reveals),
            "shown": shown,
            "prompt": self._prompt(st, seat),
            "result": self.result(st),
            "events": st.events(seat),  # fresh copies: the log itself stays untouched
        }
        return cast("dict[str, Any]", view)  # the protocol's JSON dict, of CartaView's shape

    def open_view(self, state: State) -> dict[str, Any]:
        """The public view with every tendido's cards and the held card face up."""
        st = _state(state)
        pub = self.view(st, None)
        for t in pub["tendidos"]:
            t["cards"] = list(st.tendidos[t["seat"]])
        if pub["hand"] is not None:
            pub["hand"]["card"] = st.hand
        return pub

    def _prompt(self, st: CartaRobadaState, seat: int | None) -> dict[str, Any]:
        """What ``seat`` must do now, for the UI to word it (``None``: the table)."""
        if st.phase == "over":
            return {"do": "over"}
        if st.phase == "peek":
            waiting = [p for p in range(st.players) if not st.peeked[p]]
            if seat is not None and seat in waiting:
                return {"do": "peek", "count": PEEK, "of": DEAL}
            return {"do": "wait", "for": waiting}
        if st.phase == "whirl":
            waiting = [p for p in range(st.players) if p not in st.picks and not _is_out(st, p)]
            if seat is not None and seat in waiting:
                return {"do": "give", "towards": "next" if st.whirl_dir == 1 else "prev"}
            return {"do": "wait", "for": waiting}
        if seat is not None and seat != st.turn:
            return {
                "do": "wait",
                "for": [st.turn],
                "cut": _cut_open(st) and not _is_out(st, seat),
                "order": not _is_out(st, seat) and len(st.tendidos[seat]) >= 2,
            }
        prompt: dict[str, Any] = {"do": st.step, "seat": st.turn}
        if st.step == "draw":
            prompt.update(deck=_can_draw(st), take=_can_take(st))
        elif st.step == "decide":
            prompt.update(discard=st.hand_from == "deck")
        elif st.step == "activate":
            prompt.update(card=st.pending, target=TARGETS[st.pending or ""])
        prompt["declare"] = _may_declare(st)
        return prompt

    # -- for the conformance suite ---------------------------------------------

    def redeal_hidden(self, state: State, seat: int | None, seed: int) -> State:
        """Reshuffle, consistently, every card whose value ``seat`` cannot see
        now: face-down cards outside its current reveal, the held card when it
        came from the deck and is not ``seat``'s, and the draw pile. Counts,
        marks, blocked flags, the discard and the log stay as they are. The SNAP!
        marker is no card: it stays in the draw pile, at a depth drawn anew."""
        st = _state(state).copy()
        rng = Rng(seed)
        marker = SNAP in st.deck
        if marker:
            st.deck.remove(SNAP)
        seen: set[tuple[int, int]] = set()
        if seat is not None and seat in st.reveals:
            seen.update(st.reveals[seat][1])
        if st.shown is not None:
            seen.add(st.shown)
        slots: list[tuple[str, int, int]] = []
        if st.phase != "over":  # at the end every tendido is on the table
            slots += [
                ("t", p, i)
                for p, t in enumerate(st.tendidos)
                for i in range(len(t))
                if (p, i) not in seen
            ]
        if st.hand is not None and st.hand_from == "deck" and seat != st.turn:
            slots.append(("h", 0, 0))
        slots += [("d", 0, i) for i in range(len(st.deck))]
        values = [_slot_get(st, slot) for slot in slots]
        rng.shuffle(values)
        for slot, value in zip(slots, values, strict=True):
            _slot_set(st, slot, value)
        if marker:
            st.deck.insert(rng.below(len(st.deck) + 1), SNAP)
        return st


#: What an action card's activation asks for (the ``target`` of ``pending``):
#: ``two_seats``: two cards of two different seats (``use:a.i,b.j``, a < b);
#: ``own_or_one_other``: two cards, both of one seat or one of them the
#: activator's (``use:a.i,b.j`` in reading order); ``other_seat``: another seat
#: (``use:p``); ``direction``: ``use:next`` or ``use:prev``; ``none``: ``use``.
TARGETS: dict[str, str] = {
    "disrupcion": "two_seats",
    "espia": "own_or_one_other",
    "manipulacion": "other_seat",
    "remolino": "direction",
    "impulso": "none",
    "reversa": "none",
    "": "none",
}


def _state(state: State) -> CartaRobadaState:
    """``state`` as a Carta robada state: the protocol's methods take any ``State``."""
    if not isinstance(state, CartaRobadaState):
        raise TypeError(f"carta_robada: not a Carta robada state: {type(state).__name__}")
    return state


def _is_out(st: CartaRobadaState, seat: int) -> bool:
    return st.out and st.declarer == seat


def _cut_open(st: CartaRobadaState) -> bool:
    """A cut window is open: play is on and the top is unblocked and numbered."""
    return (
        st.phase == "play"
        and bool(st.discard)
        and not st.top_blocked
        and number(st.discard[-1]) is not None
    )


def _may_tie(st: CartaRobadaState, seat: int) -> bool:
    return (
        st.phase == "play"
        and st.window is not None
        and seat != st.window[0]
        and seat not in st.window[1]
        and not _is_out(st, seat)
    )


def _may_declare(st: CartaRobadaState) -> bool:
    return st.marker_by is not None and st.declarer is None


def _can_draw(st: CartaRobadaState) -> bool:
    return bool(st.deck) or len(st.discard) > 1


def _can_take(st: CartaRobadaState) -> bool:
    return not st.in_extra and bool(st.discard) and not st.top_blocked and st.discard[-1] != MILAGRO


def _changed(st: CartaRobadaState, owner: int) -> None:
    """``owner``'s tendido changed: drop every reveal that points into it."""
    for seat, (_, slots) in list(st.reveals.items()):
        if any(p == owner for p, _ in slots):
            del st.reveals[seat]
    if st.shown is not None and st.shown[0] == owner:
        st.shown = None


def _slot_get(st: CartaRobadaState, slot: tuple[str, int, int]) -> str:
    kind, p, i = slot
    if kind == "t":
        return st.tendidos[p][i]
    if kind == "h":
        assert st.hand is not None
        return st.hand
    return st.deck[i]


def _slot_set(st: CartaRobadaState, slot: tuple[str, int, int], value: str) -> None:
    kind, p, i = slot
    if kind == "t":
        st.tendidos[p][i] = value
    elif kind == "h":
        st.hand = value
    else:
        st.deck[i] = value


def _check_stacked(deck: Any, players: int) -> None:
    """The test option ``deck``: known codes, no more copies than the real deck,
    the marker at most once and not dealt, enough cards for the deal."""
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise ValueError("carta_robada: option 'deck' must be a list of card codes")
    counts: dict[str, int] = {}
    for card in deck:
        counts[card] = counts.get(card, 0) + 1
        if counts[card] > copies(card):
            raise ValueError(f"carta_robada: option 'deck' has too many {card!r}")
    if len(deck) < DEAL * players:
        raise ValueError(f"carta_robada: option 'deck' needs at least {DEAL * players} cards")
    if SNAP in deck[: DEAL * players]:
        raise ValueError("carta_robada: the SNAP! marker cannot be dealt")


assert len(FULL_DECK) == 80 and set(CARDS) >= set(FULL_DECK)

GAME = CartaRobadaGame()

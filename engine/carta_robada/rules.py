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
from typing import Any, ClassVar

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
from engine.core import Game, Rng, State

__all__ = ["GAME", "CartaRobada", "CartaRobadaState"]

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


class CartaRobada(Game):
    id = "carta_robada"
    min_players = 2
    max_players = 6
    default_options: ClassVar[dict[str, Any]] = {}
    #: ``deck``: the card codes top first (the deal takes the first four for seat
    #: 0, the next four for seat 1, ...; the rest is the draw pile in that order,
    #: the marker where the list puts it); ``first``: the first player's seat.
    test_options: ClassVar[frozenset[str]] = frozenset({"deck", "first"})

    # -- the deal ------------------------------------------------------------

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        s = CartaRobadaState(players, seed, options)
        stacked = options.get("deck")
        if stacked is None:
            cards = list(FULL_DECK)
            s.rng.shuffle(cards)
            dealt, rest = cards[: DEAL * players], cards[DEAL * players :]
            # Ruling: the marker is shuffled into the draw pile after the deal.
            rest.insert(s.rng.below(len(rest) + 1), SNAP)
        else:
            _check_stacked(stacked, players)
            dealt, rest = list(stacked[: DEAL * players]), list(stacked[DEAL * players :])
        s.tendidos = [dealt[DEAL * p : DEAL * p + DEAL] for p in range(players)]
        s.marks = [[None] * DEAL for _ in range(players)]
        s.deck = rest[::-1]
        first = options.get("first")
        if first is None:
            first = s.rng.below(players)  # Ruling: the first player is drawn with the seed
        elif isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
            raise ValueError(f"carta_robada: option 'first' must be a seat, not {first!r}")
        s.first = s.turn = first
        s.emit("deal", players=players, cards=DEAL, first=first, deck=len(s.deck))
        return s

    # -- who acts, what is legal ---------------------------------------------

    def actors(self, state: State) -> tuple[int, ...]:
        s = _cast(state)
        if s.phase == "over":
            return ()
        if s.phase == "peek":
            return tuple(p for p in range(s.players) if not s.peeked[p])
        if s.phase == "whirl":
            return tuple(p for p in range(s.players) if p not in s.picks and not _is_out(s, p))
        cut_open = _cut_open(s)
        return tuple(
            p
            for p in range(s.players)
            if p == s.turn
            or (not _is_out(s, p) and (len(s.tendidos[p]) >= 2 or cut_open or _may_tie(s, p)))
        )

    def legal(self, state: State, seat: int) -> tuple[str, ...]:
        s = _cast(state)
        if s.phase == "over" or not 0 <= seat < s.players:
            return ()
        size = len(s.tendidos[seat])
        if s.phase == "peek":
            if s.peeked[seat]:
                return ()
            return tuple(f"peek:{i},{j}" for i, j in _pairs(DEAL))
        if s.phase == "whirl":
            if seat in s.picks or _is_out(s, seat):
                return ()
            return tuple(f"give:{i}" for i in range(size))
        if _is_out(s, seat):
            return ()
        acts: list[str] = self._turn_actions(s) if seat == s.turn else []
        if _cut_open(s):
            acts += _gestures("cut", size)
        if _may_tie(s, seat):
            acts += _gestures("tied", size)
        acts += _gestures("order", size)
        return tuple(acts)

    def _turn_actions(self, s: CartaRobadaState) -> list[str]:
        me = s.turn
        declare = ["declare"] if _may_declare(s) else []
        if s.step == "draw":
            acts = ["draw"] if _can_draw(s) else []
            if _can_take(s):
                acts.append("take")
            return acts + declare
        if s.step == "decide":
            acts = [f"swap:{i}" for i in range(len(s.tendidos[me]))]
            if s.hand_from == "deck":
                acts.append("discard")  # a card taken from the discard must be swapped
            return acts + declare
        if s.step == "activate":
            return ["skip", *self._uses(s), *declare]
        if s.step == "remove":
            return [f"remove:{i}" for i in range(len(s.tendidos[me]))] + declare
        return []

    def _uses(self, s: CartaRobadaState) -> list[str]:
        """Every way to activate the pending action card, targets included."""
        card, me, n = s.pending, s.turn, s.players
        sizes = [len(t) for t in s.tendidos]
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
        s = _cast(state)
        name = action.partition(":")[0]
        if s.phase == "over":
            return "the game is over"
        if _is_out(s, seat):
            return "the declarer is out: they neither play nor cut nor reorder"
        if s.phase == "peek" and s.peeked[seat]:
            return "this seat has already looked at its two cards"
        if name == "declare" and s.marker_by is None:
            return "nobody can declare before the SNAP! marker has appeared"
        if name == "declare" and s.declarer is not None:
            return f"seat {s.declarer} has already declared"
        if name == "take" and s.in_extra:
            return "in an extra turn (Impulso) only the draw pile can be drawn from"
        if name in ("take", "cut") and s.discard and s.top_blocked:
            return "the discard top is blocked"
        if name in ("take", "cut") and s.discard and number(s.discard[-1]) is None:
            return f"a {s.discard[-1]} on the discard top can be neither taken nor cut"
        if name == "discard" and s.hand_from == "discard":
            return "a card taken from the discard must be swapped into the tendido"
        if s.phase == "whirl":
            return "a Remolino is being passed: only the picks (give:i) are open"
        if name in ("draw", "take", "swap", "discard", "use", "skip", "remove", "declare") and (
            seat != s.turn
        ):
            return f"it is seat {s.turn}'s turn"
        return super().why_illegal(state, seat, action)

    # -- playing an action ---------------------------------------------------

    def _apply(self, state: State, seat: int, action: str) -> None:
        s = _cast(state)
        name, _, arg = action.partition(":")
        s.shown = None
        if name not in _KEEP_WINDOW:
            s.window = None
        if name in _FLOW:
            s.reveals = {}
        else:
            s.reveals.pop(seat, None)
        getattr(self, f"_do_{name}")(s, seat, arg)

    def _do_peek(self, s: CartaRobadaState, seat: int, arg: str) -> None:
        i, j = (int(x) for x in arg.split(","))
        s.peeked[seat] = True
        s.reveals[seat] = ("peek", ((seat, i), (seat, j)))
        s.emit("peek", seat=seat, positions=[i, j])
        s.emit(
            "seen",
            to=(seat,),
            seat=seat,
            why="peek",
            cards=[[seat, i, s.tendidos[seat][i]], [seat, j, s.tendidos[seat][j]]],
        )
        if all(s.peeked):
            s.phase = "play"
            self._begin_turn(s, s.first, extra=False)

    def _do_draw(self, s: CartaRobadaState, seat: int, arg: str) -> None:
        s.marks[seat] = [None] * len(s.marks[seat])  # own marks clear on drawing
        s.emit("draw", seat=seat, source="deck")
        card = self._draw_card(s, seat)
        if card is None:
            return
        if card == MILAGRO:
            # Drawn in one's own turn: discarded at once, blocked; the owner must
            # remove one tendido card blind, which goes under it.
            s.emit("milagro", seat=seat)
            self._place(s, MILAGRO, blocked=True)
            s.step = "remove"
            return
        s.emit("drawn", to=(seat,), seat=seat, card=card)
        s.hand, s.hand_from, s.step = card, "deck", "decide"

    def _do_take(self, s: CartaRobadaState, seat: int, arg: str) -> None:
        s.marks[seat] = [None] * len(s.marks[seat])
        card = s.discard.pop()
        s.top_blocked = bool(s.discard)  # the card uncovered was covered: blocked
        s.emit("take", seat=seat, card=card)
        s.hand, s.hand_from, s.step = card, "discard", "decide"

    def _do_swap(self, s: CartaRobadaState, seat: int, arg: str) -> None:
        pos, held = int(arg), s.hand
        assert held is not None
        old = s.tendidos[seat][pos]
        s.tendidos[seat][pos] = held
        s.marks[seat][pos] = None
        _changed(s, seat)
        came = s.hand_from
        s.hand = s.hand_from = None
        s.emit("swap", seat=seat, pos=pos, card=old, source=came)
        self._reach_discard(s, old)

    def _do_discard(self, s: CartaRobadaState, seat: int, arg: str) -> None:
        card = s.hand
        assert card is not None
        s.hand = s.hand_from = None
        s.emit("discard", seat=seat, card=card)
        self._reach_discard(s, card)

    def _reach_discard(self, s: CartaRobadaState, card: str) -> None:
        self._place(s, card, blocked=card == MILAGRO)
        if card in ACTIONS:
            s.pending, s.step = card, "activate"
        else:
            self._end_turn(s)

    def _do_skip(self, s: CartaRobadaState, seat: int, arg: str) -> None:
        s.emit("skip", seat=seat, card=s.pending)
        self._end_turn(s)

    def _do_use(self, s: CartaRobadaState, seat: int, arg: str) -> None:
        card = s.pending
        if card == "impulso":
            s.extra += 2
            s.emit("use", seat=seat, card=card, extra=s.extra)
        elif card == "reversa":
            s.direction = -s.direction
            s.emit("use", seat=seat, card=card, direction=s.direction)
        elif card == "manipulacion":
            target = int(arg)
            s.rng.shuffle(s.tendidos[target])  # nobody knows the new order
            s.marks[target] = ["manipulacion"] * len(s.tendidos[target])
            _changed(s, target)
            s.emit("use", seat=seat, card=card, target=target)
        elif card == "disrupcion":
            (a, i), (b, j) = _parse_slots(arg)
            ta, tb = s.tendidos[a], s.tendidos[b]
            ta[i], tb[j] = tb[j], ta[i]
            s.marks[a][i] = s.marks[b][j] = "disrupcion"
            _changed(s, a)
            _changed(s, b)
            s.emit("use", seat=seat, card=card, cards=[[a, i], [b, j]])
        elif card == "espia":
            slots = _parse_slots(arg)
            for p, i in slots:
                if p != seat:  # another player's Espía leaves a mark; one's own does not
                    s.marks[p][i] = "espia"
            s.reveals[seat] = ("spy", tuple(slots))
            s.emit("use", seat=seat, card=card, cards=[[p, i] for p, i in slots])
            s.emit(
                "seen",
                to=(seat,),
                seat=seat,
                why="spy",
                cards=[[p, i, s.tendidos[p][i]] for p, i in slots],
            )
        elif card == "remolino":
            s.whirl_by, s.whirl_dir, s.picks = seat, WHIRL[arg], {}
            s.phase, s.step = "whirl", "give"
            s.emit("use", seat=seat, card=card, towards=arg)
            return  # the turn ends once every card has been passed
        self._end_turn(s)

    def _do_give(self, s: CartaRobadaState, seat: int, arg: str) -> None:
        s.picks[seat] = int(arg)
        s.emit("give", seat=seat)  # the position stays secret until all have picked
        if any(p not in s.picks and not _is_out(s, p) for p in range(s.players)):
            return
        n = s.players
        for p in range(n):
            if p not in s.picks:  # the declarer who is out: picked at random
                s.picks[p] = s.rng.below(len(s.tendidos[p]))
        given = {p: s.tendidos[p][s.picks[p]] for p in range(n)}
        for p in range(n):
            giver = (p - s.whirl_dir) % n
            s.tendidos[p][s.picks[p]] = given[giver]  # the gap takes the card received
            s.marks[p][s.picks[p]] = "remolino"
            _changed(s, p)
        towards = "next" if s.whirl_dir == 1 else "prev"
        s.emit("whirl", towards=towards, positions=[s.picks[p] for p in range(n)])
        s.phase, s.whirl_by, s.picks = "play", None, {}
        self._end_turn(s)

    def _do_remove(self, s: CartaRobadaState, seat: int, arg: str) -> None:
        pos = int(arg)
        card = s.tendidos[seat].pop(pos)
        s.marks[seat].pop(pos)
        _changed(s, seat)
        s.discard.insert(len(s.discard) - 1, card)  # face up, under the Milagro
        s.emit("remove", seat=seat, pos=pos, card=card)
        if not s.tendidos[seat]:
            self._finish(s, "emptied", winner=seat)
            return
        self._end_turn(s)

    def _do_declare(self, s: CartaRobadaState, seat: int, arg: str) -> None:
        s.declarer = seat
        s.emit("declare", seat=seat)

    def _do_cut(self, s: CartaRobadaState, seat: int, arg: str) -> None:
        pos = int(arg)
        card, top = s.tendidos[seat][pos], s.discard[-1]
        s.window = (seat, ())
        if number(card) == number(top):
            s.tendidos[seat].pop(pos)
            s.marks[seat].pop(pos)
            _changed(s, seat)
            self._place(s, card, blocked=True)  # a cut card is blocked; no effect
            s.emit("cut", seat=seat, pos=pos, card=card, ok=True)
            if not s.tendidos[seat]:
                self._finish(s, "emptied", winner=seat)
            return
        # Failed: shown to the table, back in place, plus an unseen penalty card.
        s.shown = (seat, pos)
        s.emit("cut", seat=seat, pos=pos, card=card, ok=False)
        penalty = self._draw_card(s, seat)
        if penalty is None:
            return
        s.tendidos[seat].append(penalty)
        s.marks[seat].append(None)
        s.emit("penalty", seat=seat, pos=len(s.tendidos[seat]) - 1)

    def _do_tied(self, s: CartaRobadaState, seat: int, arg: str) -> None:
        assert s.window is not None
        cutter, tied = s.window
        s.window = (cutter, tuple(sorted((*tied, seat))))
        s.emit("tied", seat=seat, pos=int(arg), first=cutter)

    def _do_order(self, s: CartaRobadaState, seat: int, arg: str) -> None:
        i, j = (int(x) for x in arg.split(","))
        t, m = s.tendidos[seat], s.marks[seat]
        t[i], t[j] = t[j], t[i]
        m[i], m[j] = m[j], m[i]  # a mark is on the card, which everyone saw move
        _changed(s, seat)
        s.emit("order", seat=seat, positions=[i, j])

    # -- the machinery of a turn ---------------------------------------------

    def _place(self, s: CartaRobadaState, card: str, blocked: bool) -> None:
        s.discard.append(card)
        s.top_blocked = blocked

    def _draw_card(self, s: CartaRobadaState, seat: int) -> str | None:
        """One card off the draw pile for ``seat`` (a turn's draw or a penalty):
        reshuffles when the pile is empty and sets the SNAP! marker aside.
        ``None``: nothing could be drawn, and the game is over."""
        while True:
            if not s.deck:
                if len(s.discard) <= 1:
                    self._finish(s, "exhausted")
                    return None
                # Everything but the top becomes the new pile; all unblocked.
                s.deck, s.discard = s.discard[:-1], s.discard[-1:]
                s.rng.shuffle(s.deck)
                s.top_blocked = False
                s.emit("reshuffle", deck=len(s.deck))
            card = s.deck.pop()
            if card != SNAP:
                return card
            s.marker_by = seat
            s.emit("marker", seat=seat)

    def _end_turn(self, s: CartaRobadaState) -> None:
        seat = s.turn
        s.hand = s.hand_from = s.pending = None
        if s.declarer == seat:
            s.out = True
            s.emit("out", seat=seat)
        if s.extra > 0:
            s.extra -= 1
            nxt, extra = seat, True
        else:
            nxt, extra = (seat + s.direction) % s.players, False
        if s.out and nxt == s.declarer:
            self._finish(s, "declared")  # the turn would come back to the declarer
            return
        self._begin_turn(s, nxt, extra)

    def _begin_turn(self, s: CartaRobadaState, seat: int, extra: bool) -> None:
        s.turn, s.in_extra, s.step = seat, extra, "draw"
        s.emit("turn", seat=seat, extra=extra)
        if not _can_draw(s) and not _can_take(s):
            self._finish(s, "exhausted")

    def _finish(self, s: CartaRobadaState, reason: str, winner: int | None = None) -> None:
        scores = [sum(points(c) for c in t) for t in s.tendidos]
        if winner is not None:
            winners = [winner]
        else:
            low = min(scores)
            winners = [p for p, x in enumerate(scores) if x == low]
        s.phase, s.step, s.window = "over", "", None
        s.reveals, s.shown = {}, None
        s.hand = s.hand_from = s.pending = None
        s.ended = {
            "reason": reason,
            "scores": scores,
            "winners": winners,
            "tendidos": [list(t) for t in s.tendidos],
        }
        s.emit("end", **copy.deepcopy(s.ended))

    # -- what a seat sees ----------------------------------------------------

    def result(self, state: State) -> dict[str, Any] | None:
        s = _cast(state)
        return None if s.ended is None else copy.deepcopy(s.ended)

    def view(self, state: State, seat: int | None = None) -> dict[str, Any]:
        s = _cast(state)
        over = s.phase == "over"
        cut_open = _cut_open(s)
        hand = None
        if s.hand is not None:
            seen = s.hand_from == "discard" or seat == s.turn
            hand = {"seat": s.turn, "source": s.hand_from, "card": s.hand if seen else None}
        reveal = None
        if seat is not None and seat in s.reveals:
            kind, slots = s.reveals[seat]
            reveal = {
                "kind": kind,
                "cards": [{"seat": p, "pos": i, "card": s.tendidos[p][i]} for p, i in slots],
            }
        shown = None
        if s.shown is not None:
            p, i = s.shown
            shown = {"seat": p, "pos": i, "card": s.tendidos[p][i]}
        whirl = None
        if s.phase == "whirl":
            whirl = {
                "by": s.whirl_by,
                "towards": "next" if s.whirl_dir == 1 else "prev",
                "given": sorted(s.picks),
                "waiting": [p for p in range(s.players) if p not in s.picks and not _is_out(s, p)],
                "mine": s.picks.get(seat) if seat is not None else None,
            }
        return {
            "game": self.id,
            "players": s.players,
            "seat": seat,
            "phase": s.phase,
            "first": s.first,
            "turn": None if over or s.phase == "peek" else s.turn,
            "step": s.step or None,
            "direction": s.direction,
            "extra_turn": s.in_extra,
            "extra_turns": s.extra,
            "tendidos": [
                {
                    "seat": p,
                    "count": len(t),
                    "marks": list(s.marks[p]),
                    "cards": list(t) if over else None,
                    "peeked": s.peeked[p],
                    "out": _is_out(s, p),
                }
                for p, t in enumerate(s.tendidos)
            ],
            "discard": {
                "count": len(s.discard),
                "top": (
                    {"card": s.discard[-1], "blocked": s.top_blocked or s.discard[-1] == MILAGRO}
                    if s.discard
                    else None
                ),
            },
            "deck": len(s.deck),
            "marker": {"found": s.marker_by is not None, "by": s.marker_by},
            "declarer": s.declarer,
            "out": [s.declarer] if s.out else [],
            "cutters": ([p for p in range(s.players) if not _is_out(s, p)] if cut_open else []),
            "tie_window": (
                None if s.window is None else {"first": s.window[0], "tied": list(s.window[1])}
            ),
            "hand": hand,
            "pending": (
                None
                if s.pending is None or s.step != "activate"
                else {"seat": s.turn, "card": s.pending, "target": TARGETS[s.pending]}
            ),
            "whirl": whirl,
            "reveal": reveal,
            # Who is looking at a private reveal now: the table sees someone peek.
            "looking": sorted(s.reveals),
            "shown": shown,
            "prompt": self._prompt(s, seat),
            "result": self.result(s),
            "events": s.events(seat),  # fresh copies: the log itself stays untouched
        }

    def _prompt(self, s: CartaRobadaState, seat: int | None) -> dict[str, Any]:
        """What ``seat`` must do now, for the UI to word it (``None``: the table)."""
        if s.phase == "over":
            return {"do": "over"}
        if s.phase == "peek":
            waiting = [p for p in range(s.players) if not s.peeked[p]]
            if seat is not None and seat in waiting:
                return {"do": "peek", "count": PEEK, "of": DEAL}
            return {"do": "wait", "for": waiting}
        if s.phase == "whirl":
            waiting = [p for p in range(s.players) if p not in s.picks and not _is_out(s, p)]
            if seat is not None and seat in waiting:
                return {"do": "give", "towards": "next" if s.whirl_dir == 1 else "prev"}
            return {"do": "wait", "for": waiting}
        if seat is not None and seat != s.turn:
            return {
                "do": "wait",
                "for": [s.turn],
                "cut": _cut_open(s) and not _is_out(s, seat),
                "order": not _is_out(s, seat) and len(s.tendidos[seat]) >= 2,
            }
        prompt: dict[str, Any] = {"do": s.step, "seat": s.turn}
        if s.step == "draw":
            prompt.update(deck=_can_draw(s), take=_can_take(s))
        elif s.step == "decide":
            prompt.update(discard=s.hand_from == "deck")
        elif s.step == "activate":
            prompt.update(card=s.pending, target=TARGETS[s.pending or ""])
        prompt["declare"] = _may_declare(s)
        return prompt

    # -- for the conformance suite ---------------------------------------------

    def redeal_hidden(self, state: State, seat: int | None, seed: int) -> State:
        """Reshuffle, consistently, every card whose value ``seat`` cannot see
        now: face-down cards outside its current reveal, the held card when it
        came from the deck and is not ``seat``'s, and the draw pile. Counts,
        marks, blocked flags, the discard and the log stay as they are."""
        s = _cast(state).copy()
        seen: set[tuple[int, int]] = set()
        if seat is not None and seat in s.reveals:
            seen.update(s.reveals[seat][1])
        if s.shown is not None:
            seen.add(s.shown)
        slots: list[tuple[str, int, int]] = []
        if s.phase != "over":  # at the end every tendido is on the table
            slots += [
                ("t", p, i)
                for p, t in enumerate(s.tendidos)
                for i in range(len(t))
                if (p, i) not in seen
            ]
        if s.hand is not None and s.hand_from == "deck" and seat != s.turn:
            slots.append(("h", 0, 0))
        slots += [("d", 0, i) for i in range(len(s.deck))]
        values = [_slot_get(s, slot) for slot in slots]
        Rng(seed).shuffle(values)
        for slot, value in zip(slots, values, strict=True):
            _slot_set(s, slot, value)
        return s


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


def _cast(state: State) -> CartaRobadaState:
    assert isinstance(state, CartaRobadaState)
    return state


def _is_out(s: CartaRobadaState, seat: int) -> bool:
    return s.out and s.declarer == seat


def _cut_open(s: CartaRobadaState) -> bool:
    """A cut window is open: play is on and the top is unblocked and numbered."""
    return (
        s.phase == "play"
        and bool(s.discard)
        and not s.top_blocked
        and number(s.discard[-1]) is not None
    )


def _may_tie(s: CartaRobadaState, seat: int) -> bool:
    return (
        s.phase == "play"
        and s.window is not None
        and seat != s.window[0]
        and seat not in s.window[1]
        and not _is_out(s, seat)
    )


def _may_declare(s: CartaRobadaState) -> bool:
    return s.marker_by is not None and s.declarer is None


def _can_draw(s: CartaRobadaState) -> bool:
    return bool(s.deck) or len(s.discard) > 1


def _can_take(s: CartaRobadaState) -> bool:
    return not s.in_extra and bool(s.discard) and not s.top_blocked and s.discard[-1] != MILAGRO


def _changed(s: CartaRobadaState, owner: int) -> None:
    """``owner``'s tendido changed: drop every reveal that points into it."""
    for seat, (_, slots) in list(s.reveals.items()):
        if any(p == owner for p, _ in slots):
            del s.reveals[seat]
    if s.shown is not None and s.shown[0] == owner:
        s.shown = None


def _slot_get(s: CartaRobadaState, slot: tuple[str, int, int]) -> str:
    kind, p, i = slot
    if kind == "t":
        return s.tendidos[p][i]
    if kind == "h":
        assert s.hand is not None
        return s.hand
    return s.deck[i]


def _slot_set(s: CartaRobadaState, slot: tuple[str, int, int], value: str) -> None:
    kind, p, i = slot
    if kind == "t":
        s.tendidos[p][i] = value
    elif kind == "h":
        s.hand = value
    else:
        s.deck[i] = value


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

GAME = CartaRobada()

"""Abyss: twelve cards face down in a 3 x 4 grid, lowest total wins.

The rules read top to bottom in the order of the seed texts (000 es, 001 fr,
002 en); the rulings of ``shared/RULINGS.md`` and the ones made here are named
where they apply (``Ruling:``). ``docs/rules/abyss.md`` states them for players
and describes the view's shape key by key.

How a state is kept (it is copied on every ``apply``, so copying must be
cheap): every field is an int, a string, ``None``, a tuple or a persistent
:class:`~engine.core.Link`; none is ever changed in place, a changed seat's
row is rebuilt, so a copy is one dict copy (``AbyssState.copy``; even the
generator is shared until a move draws from it). A grid is a
tuple of 12 values plus two 12-bit masks per seat: ``hidden`` (face down) and
``gone`` (swallowed). ``legal`` answers from caches keyed by those masks. The
events of every move (flip, take, draw, place, discard) are linked into
``State.log`` directly, the same dicts ``State.emit`` would make without its
keyword packing: they are most of what a move costs beyond the core's copy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, cast

from engine.abyss.cards import (
    COLUMN_POSITIONS,
    COLUMNS,
    COMPOSITION,
    DECK,
    ROW_POSITIONS,
    ROWS,
    SPACES,
    VALUES,
)
from engine.abyss.view import AbyssView, Cell, Discarded, Grid, ValueCount
from engine.core import Game, Link, Rng, State, fresh

__all__ = ["GAME", "AbyssGame", "AbyssState"]

# -- the grid as bit masks (the cards and positions are in engine.abyss.cards) --

ALL_SPACES = (1 << SPACES) - 1
COLUMN_MASK: tuple[int, ...] = tuple(
    sum(1 << p for p in positions) for positions in COLUMN_POSITIONS
)
#: The lines a house rule may swallow: columns 0..3 are lines 0..3, rows 0..2 lines 4..6.
LINE_POSITIONS: tuple[tuple[int, ...], ...] = (*COLUMN_POSITIONS, *ROW_POSITIONS)
LINE_MASK: tuple[int, ...] = tuple(sum(1 << p for p in line) for line in LINE_POSITIONS)
ROW_LINES: tuple[int, ...] = tuple(range(COLUMNS, COLUMNS + ROWS))
#: A line is swallowed only while it has at least this many cards in play.
LINE_MIN = 3

# -- phases and the prompt of the seat whose move it is ---------------------

FLIPS, TURN, OVER = "flips", "turn", "over"
START_FLIPS = "start_flips"
CHOOSE, PLACE_TAKEN, PLACE_OR_DISCARD, FLIP_AFTER_DISCARD = (
    "choose",
    "place_taken",
    "place_or_discard",
    "flip_after_discard",
)
WAIT = "wait"

#: Flips each player makes at the start of every round: the seed's count, and the
#: range of the ``start_flips`` house rule (at least one card to name a starter by).
START_FLIP_COUNT = 2
START_FLIPS_RANGE = (1, 6)
#: The range of the ``target`` house rule.
TARGET_RANGE = (1, 10_000)

# -- the action vocabulary ---------------------------------------------------

FLIP_ACTIONS = tuple(f"flip:{i}" for i in range(SPACES))
PLACE_ACTIONS = tuple(f"place:{i}" for i in range(SPACES))
#: action string -> (kind, position); position -1 for take / draw / discard.
_PARSE: dict[str, tuple[str, int]] = {
    "take": ("take", -1),
    "draw": ("draw", -1),
    "discard": ("discard", -1),
    **{a: ("flip", i) for i, a in enumerate(FLIP_ACTIONS)},
    **{a: ("place", i) for i, a in enumerate(PLACE_ACTIONS)},
}


class _ByMask(dict[int, tuple[str, ...]]):
    """Legal-action tuples built once per 12-bit mask, on first use."""

    def __init__(self, build: Callable[[int], tuple[str, ...]]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, mask: int) -> tuple[str, ...]:
        actions = self.build(mask)
        self[mask] = actions
        return actions


def _bits(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(SPACES) if mask >> i & 1)


# keyed by the hidden mask
_FLIPS = _ByMask(lambda hidden: tuple(FLIP_ACTIONS[i] for i in _bits(hidden)))
_CHOOSE = _ByMask(lambda hidden: ("take", "draw", *_FLIPS[hidden]))
# keyed by the mask of spaces still in play (not swallowed)
_PLACES = _ByMask(lambda live: tuple(PLACE_ACTIONS[i] for i in _bits(live)))
_PLACES_OR_DISCARD = _ByMask(lambda live: (*_PLACES[live], "discard"))

_SOLO: tuple[tuple[int, ...], ...] = tuple((s,) for s in range(8))


class _Flippers(dict[tuple[int, ...], tuple[int, ...]]):
    """flips left per seat -> the seats that still flip, built once per pattern."""

    def __missing__(self, flips_left: tuple[int, ...]) -> tuple[int, ...]:
        seats = tuple(s for s, left in enumerate(flips_left) if left)
        self[flips_left] = seats
        return seats


_STILL_FLIPPING = _Flippers()


def _put(row: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*row[:i], value, *row[i + 1 :])


class AbyssState(State):
    """One Abyss table. Fields (all immutable values, see the module docstring):

    ``round`` (1-based), ``phase`` (``flips`` / ``turn`` / ``over``), ``step``
    (what the seat in turn must do), ``turn`` (that seat, ``None`` outside
    turns), ``grids`` / ``hidden`` / ``gone`` (per seat), ``flips_left`` and
    ``opening`` (the round-start flips), ``pile`` with ``drawn`` (the draw
    pile and how many cards of it are gone) and ``pile_random`` (whether the
    cards left are still to be shuffled, one per draw, or lie in draw order),
    ``discard`` (a Link of ``(value, history index)``, top first; the pile as
    it lies), ``history`` (a Link of
    ``(value, seat, source)`` for every card that reached the discard since the
    last reshuffle), ``taken`` (Link of history indexes taken back),
    ``pending`` (the card in hand), ``closer`` and ``last_left``, ``starter``,
    ``totals``, ``sheet``, ``last_round``, ``round_log`` (log index where the
    view's events start), ``lines`` (per seat, a mask of the lines swallowed
    this round: bit ``c`` column ``c``, bit ``4 + r`` row ``r``).
    """

    round: int
    phase: str
    step: str
    turn: int | None
    grids: tuple[tuple[int, ...], ...]
    hidden: tuple[int, ...]
    gone: tuple[int, ...]
    lines: tuple[int, ...]
    flips_left: tuple[int, ...]
    opening: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    drawn: int
    pile_random: bool
    discard: Link | None
    history: Link | None
    taken: Link | None
    pending: int | None
    pending_from: str | None
    closer: int | None
    last_left: int
    starter: dict[str, Any] | None
    totals: tuple[int, ...]
    sheet: tuple[dict[str, Any], ...]
    last_round: dict[str, Any] | None
    round_log: int

    def copy(self) -> AbyssState:
        """A copy that shares the generator with this state: most moves draw no
        random number, and copying it on every ``apply`` was a tenth of a move's
        cost. Whatever draws a number first takes its own copy (``_own_rng``);
        the conformance suite's "apply never mutates its input" guards this."""
        new = object.__new__(AbyssState)
        new.__dict__ = self.__dict__.copy()
        return new


class AbyssGame(Game):
    """The rules of Abyss behind the engine protocol."""

    id: ClassVar[str] = "abyss"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    #: Face-down grid cards and the draw pile.
    hidden_information: ClassVar[bool] = True
    #: The house rules, each defaulting to the seed's rule (``docs/rules/abyss.md``):
    #: ``target``: the game ends at the end of a round in which a total reaches it;
    #: ``doubling``: the closer's score may be doubled; ``swallow_columns``: three
    #: equal face-up cards in a column are swallowed; ``swallow_rows``: rows too;
    #: ``start_flips``: the cards each player flips at the start of a round.
    default_options: ClassVar[Mapping[str, Any]] = {
        "target": 100,
        "doubling": True,
        "swallow_columns": True,
        "swallow_rows": False,
        "start_flips": START_FLIP_COUNT,
    }
    #: ``deck``, for tests and replays only: the deck order of round 1 (a list of
    #: the 150 values, a permutation of ``DECK``), or a list of such orders for
    #: rounds 1, 2, ...; rounds past the list are shuffled from the seed.
    test_options: ClassVar[frozenset[str]] = frozenset({"deck"})

    # -- setting up: the deck and the deal --------------------------------

    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        for name, (lo, hi) in (("target", TARGET_RANGE), ("start_flips", START_FLIPS_RANGE)):
            if not lo <= options[name] <= hi:
                value = options[name]
                raise ValueError(f"abyss: option {name!r} must be {lo} to {hi}, not {value!r}")
        if "deck" in options:
            _deck_orders(options["deck"])  # raises ValueError if malformed
        st = AbyssState(players, seed, options)
        st.round = 0
        st.totals = (0,) * players
        st.sheet = ()
        st.last_round = None
        st.round_log = 0
        self._deal(st)
        return st

    def _deal(self, st: AbyssState) -> None:
        """Ruling: every round re-deals the whole 150-card deck, freshly shuffled.
        Seat s gets the cards at 12s..12s+11 of the order, in positions 0..11; the
        next card opens the discard; the rest is the draw pile, drawn in order.

        The shuffle is a Fisher-Yates run forwards and lazily: the dealt cards
        are picked now, each draw picks its card when it is drawn (``_draw``).
        That is a uniform shuffle all the same, at a fraction of the generator's
        cost (it is pure Python, and most of the pile is never drawn)."""
        n = st.players
        st.round += 1
        orders = _deck_orders(st.options["deck"]) if "deck" in st.options else []
        dealt = SPACES * n + 1
        if st.round <= len(orders):
            deck = list(orders[st.round - 1])
            st.pile_random = False
        else:
            deck = list(DECK)
            below = _own_rng(st).below
            size = len(deck)
            for i in range(dealt):
                j = i + below(size - i)
                deck[i], deck[j] = deck[j], deck[i]
            st.pile_random = True
        st.grids = tuple(tuple(deck[SPACES * s : SPACES * (s + 1)]) for s in range(n))
        st.hidden = (ALL_SPACES,) * n
        st.gone = (0,) * n
        st.lines = (0,) * n
        st.flips_left = (st.options["start_flips"],) * n
        st.opening = ((),) * n
        opener = deck[SPACES * n]
        st.pile = tuple(deck[SPACES * n + 1 :])
        st.drawn = 0
        st.history = Link(None, (opener, None, "deal"))
        st.discard = Link(None, (opener, 0))
        st.taken = None
        st.pending = None
        st.pending_from = None
        st.closer = None
        st.last_left = 0
        st.starter = None
        st.phase = FLIPS
        st.step = START_FLIPS
        st.turn = None
        st.emit("deal", round=st.round, discard=opener, draw_pile=len(st.pile))

    # -- who acts and what they may do -------------------------------------

    def actors(self, state: State) -> tuple[int, ...]:
        st = _state(state)
        if st.phase == TURN:
            assert st.turn is not None  # a turn has its seat
            return _SOLO[st.turn]
        if st.phase == FLIPS:
            return _STILL_FLIPPING[st.flips_left]
        return ()

    def legal(self, state: State, seat: int) -> tuple[str, ...]:
        st = _state(state)
        phase = st.phase
        if phase == TURN:
            if seat != st.turn:
                return ()
            step = st.step
            if step == CHOOSE:
                return _CHOOSE[st.hidden[seat]]
            if step == PLACE_OR_DISCARD:
                if st.hidden[seat]:
                    return _PLACES_OR_DISCARD[ALL_SPACES ^ st.gone[seat]]
                return _PLACES[ALL_SPACES ^ st.gone[seat]]
            if step == PLACE_TAKEN:
                return _PLACES[ALL_SPACES ^ st.gone[seat]]
            return _FLIPS[st.hidden[seat]]  # FLIP_AFTER_DISCARD
        if phase == FLIPS and 0 <= seat < st.players and st.flips_left[seat]:
            return _FLIPS[st.hidden[seat]]
        return ()

    def why_illegal(self, state: State, seat: int, action: str) -> str:
        st = _state(state)
        parsed = _PARSE.get(action)
        if st.phase == OVER:
            return "the game is over"
        if parsed is None:
            verb, _, number = action.partition(":")
            if verb in ("flip", "place") and number.lstrip("-").isdigit():
                return f"positions run from 0 to {SPACES - 1}"
            return "Abyss knows take, draw, discard, place:i and flip:i (i = 0..11)"
        kind, pos = parsed
        if st.phase == FLIPS:
            if not st.flips_left[seat]:
                waiting = ", ".join(f"seat {s}" for s in self.actors(st))
                flips = _cards(st.options["start_flips"])
                return f"it has flipped its {flips}; waiting for {waiting}"
            if kind != "flip":
                return f"every player first flips {_cards(st.options['start_flips'])} (flip:i)"
            return _why_not_flip(st, seat, pos)
        if seat != st.turn:
            return f"it is seat {st.turn}'s turn"
        step = st.step
        if step == CHOOSE:
            if kind in ("place", "discard"):
                return "take or draw first"
            return _why_not_flip(st, seat, pos)
        if step == PLACE_TAKEN:
            if kind == "place":
                return f"position {pos} was swallowed"
            return "the taken card must be placed (place:i)"
        if step == PLACE_OR_DISCARD:
            if kind == "place":
                return f"position {pos} was swallowed"
            return "place the drawn card (place:i) or discard it"
        if kind == "flip":
            return _why_not_flip(st, seat, pos)
        return "after discarding the drawn card, flip one of your hidden cards"

    # -- playing -----------------------------------------------------------

    def _apply(self, state: State, seat: int, action: str) -> None:
        st = _state(state)
        kind, pos = _PARSE[action]
        if st.phase == FLIPS:
            self._start_flip(st, seat, pos)
        elif kind == "flip":
            _turn_over(st, seat, pos)
            self._end_turn(st, seat)
        elif kind == "take":
            discard = st.discard
            assert discard is not None  # "take" is legal only on a discard
            value, index = discard.item
            st.discard = discard.prev
            st.taken = Link(st.taken, index)
            st.pending, st.pending_from, st.step = value, "discard", PLACE_TAKEN
            st.log = Link(st.log, {"type": "take", "seat": seat, "value": value})
        elif kind == "draw":
            value = _draw(st)
            st.pending, st.pending_from, st.step = value, "draw", PLACE_OR_DISCARD
            st.log = Link(st.log, {"type": "draw", "seat": seat, "value": value})
        elif kind == "place":
            self._place(st, seat, pos)
            self._end_turn(st, seat)
        else:  # discard the drawn card, then a hidden card must be flipped
            value = st.pending
            assert value is not None  # "discard" is legal only with a drawn card
            _to_discard(st, value, seat, "drawn")
            st.pending = st.pending_from = None
            st.step = FLIP_AFTER_DISCARD
            st.log = Link(st.log, {"type": "discard", "seat": seat, "value": value})

    def _start_flip(self, st: AbyssState, seat: int, pos: int) -> None:
        """Round start: each player flips two cards (``start_flips``) of their
        choice, in any order (Ruling: nothing is secret, so the seats flip in
        whatever order they like)."""
        value = st.grids[seat][pos]
        st.hidden = _put(st.hidden, seat, st.hidden[seat] & ~(1 << pos))
        st.flips_left = _put(st.flips_left, seat, st.flips_left[seat] - 1)
        st.opening = _put(st.opening, seat, (*st.opening[seat], value))
        st.log = Link(
            st.log, {"type": "flip", "seat": seat, "pos": pos, "value": value, "start": True}
        )
        _check_lines(st, seat, pos)  # never with two flips; the rule is general
        if not any(st.flips_left):
            self._choose_starter(st)

    def _choose_starter(self, st: AbyssState) -> None:
        """The highest sum of the flipped cards opens the round; on a tie the
        highest single card; if still tied (Ruling) the first of them in seat order."""
        sums = [sum(o) for o in st.opening]
        highs = [max(o) for o in st.opening]
        tied = [s for s, v in enumerate(sums) if v == max(sums)]
        reason = "sum"
        if len(tied) > 1:
            best = max(highs[s] for s in tied)
            tied = [s for s in tied if highs[s] == best]
            reason = "highest_card" if len(tied) == 1 else "seat_order"
        seat = tied[0]
        st.starter = {"seat": seat, "reason": reason, "sums": sums, "highs": highs}
        st.phase, st.step, st.turn = TURN, CHOOSE, seat
        st.emit("starter", seat=seat, reason=reason, sums=sums, highs=highs)

    def _place(self, st: AbyssState, seat: int, pos: int) -> None:
        """The card in hand goes face up on the space (face up or not: Ruling,
        placing on a face-up space is allowed); the replaced card goes to the
        discard face up, before any swallow of the column."""
        row = st.grids[seat]
        replaced = row[pos]
        was_hidden = bool(st.hidden[seat] >> pos & 1)
        value = st.pending
        st.grids = _put(st.grids, seat, _put(row, pos, value))
        if was_hidden:
            st.hidden = _put(st.hidden, seat, st.hidden[seat] & ~(1 << pos))
        _to_discard(st, replaced, seat, "replaced")
        st.log = Link(
            st.log,
            {
                "type": "place",
                "seat": seat,
                "pos": pos,
                "value": value,
                "replaced": replaced,
                "was_hidden": was_hidden,
                "source": st.pending_from,
            },
        )
        st.pending = st.pending_from = None
        _check_lines(st, seat, pos)

    def _end_turn(self, st: AbyssState, seat: int) -> None:
        """Round end: once a player has no face-down card, every other player
        takes exactly one more turn, in seat order; then the final reveal."""
        st.step = CHOOSE
        if st.closer is None:
            if not st.hidden[seat]:
                st.closer, st.last_left = seat, st.players - 1
                st.emit("close", seat=seat, last_turns=st.last_left)
        else:
            st.last_left -= 1
            if not st.last_left:
                self._end_round(st)
                return
        st.turn = (seat + 1) % st.players

    def _end_round(self, st: AbyssState) -> None:
        """Reveal every remaining card (lines can still be swallowed: columns left
        to right, then rows top to bottom, seat by seat), score, double the closer
        when due (unless the ``doubling`` house rule is off), and either end the
        game or deal the next round."""
        n = st.players
        st.round_log = st.log.size if st.log is not None else 0
        for seat in range(n):
            hidden = st.hidden[seat]
            if hidden:
                positions = list(_bits(hidden))
                values = [st.grids[seat][p] for p in positions]
                st.emit("reveal", seat=seat, positions=positions, values=values)
        st.hidden = (0,) * n
        columns = range(COLUMNS) if st.options["swallow_columns"] else range(0)
        rows = ROW_LINES if st.options["swallow_rows"] else ()
        for seat in range(n):
            for line in (*columns, *rows):
                _swallow(st, seat, line)
        raw = [
            sum(row) if not gone else sum(v for p, v in enumerate(row) if not gone >> p & 1)
            for row, gone in zip(st.grids, st.gone, strict=True)
        ]
        scores = list(raw)
        closer = st.closer
        # Doubling: some other score <= the closer's (a tie is enough), and the closer's > 0.
        doubled = False
        if closer is not None and st.options["doubling"]:
            doubled = raw[closer] > 0 and any(
                raw[s] <= raw[closer] for s in range(n) if s != closer
            )
            if doubled:
                scores[closer] *= 2
        st.totals = tuple(t + s for t, s in zip(st.totals, scores, strict=True))
        totals = list(st.totals)
        line = {
            "round": st.round,
            "raw": raw,
            "scores": scores,
            "closer": closer,
            "doubled": doubled,
            "totals": totals,
        }
        st.sheet = (*st.sheet, line)
        st.last_round = {
            **line,
            "grids": [
                list(row) if not gone else [None if gone >> p & 1 else v for p, v in enumerate(row)]
                for row, gone in zip(st.grids, st.gone, strict=True)
            ],
        }
        st.emit("round_end", **line)
        # Game end: at the end of a round in which a running total reaches the target.
        if max(st.totals) >= st.options["target"]:
            best = min(st.totals)
            winners = [s for s, t in enumerate(st.totals) if t == best]
            st.phase, st.step, st.turn = OVER, OVER, None
            st.emit("game_end", totals=totals, winners=winners, rounds=st.round)
        else:
            self._deal(st)

    # -- what players see --------------------------------------------------

    def view(self, state: State, seat: int | None = None) -> dict[str, Any]:
        """Everything ``seat`` may know; in Abyss every card played is face up, so
        every seat knows the same and only ``seat``, ``prompt`` and ``legal``
        depend on it. The shape is documented in ``docs/rules/abyss.md``."""
        st = _state(state)
        n = st.players
        if seat is not None and (isinstance(seat, bool) or seat not in range(n)):
            raise ValueError(f"abyss: there is no seat {seat!r}")
        prompts = [self._prompt(st, s) for s in range(n)]
        if seat is None:
            prompt = START_FLIPS if st.phase == FLIPS else (OVER if st.phase == OVER else st.step)
            legal: list[str] = []
        else:
            prompt = prompts[seat]
            legal = list(self.legal(st, seat))
        grids: list[Grid] = []
        for s in range(n):
            row, hidden, gone = st.grids[s], st.hidden[s], st.gone[s]
            cells: list[Cell] = []
            up_sum = 0
            for p in range(SPACES):
                if gone >> p & 1:
                    cells.append({"pos": p, "state": "gone", "value": None})
                elif hidden >> p & 1:
                    cells.append({"pos": p, "state": "hidden", "value": None})
                else:
                    cells.append({"pos": p, "state": "up", "value": row[p]})
                    up_sum += row[p]
            grids.append(
                {
                    "seat": s,
                    "cells": cells,
                    "hidden": hidden.bit_count(),
                    "up_sum": up_sum,
                    "swallowed": list(_bits(gone)),
                    "swallowed_columns": [c for c in range(COLUMNS) if st.lines[s] >> c & 1],
                    "swallowed_rows": [r for r in range(ROWS) if st.lines[s] >> (COLUMNS + r) & 1],
                    "flips_left": st.flips_left[s],
                    "opening": list(st.opening[s]),
                }
            )
        taken = set(Link.newest(st.taken))
        history: list[Discarded] = [
            {"value": v, "seat": by, "source": source, "taken": i in taken}
            for i, (v, by, source) in enumerate(Link.items(st.history))
        ]
        in_discard = dict.fromkeys(VALUES, 0)
        for v, _ in Link.newest(st.discard):
            in_discard[v] += 1
        visible = dict(in_discard)
        for s in range(n):
            row, shown = st.grids[s], ALL_SPACES ^ (st.hidden[s] | st.gone[s])
            for p in _bits(shown):
                visible[row[p]] += 1
        if st.pending is not None:
            visible[st.pending] += 1
        counts: list[ValueCount] = [
            {"value": v, "discard": in_discard[v], "visible": visible[v], "deck": COMPOSITION[v]}
            for v in VALUES
        ]
        top = st.discard.item[0] if st.discard is not None else None
        turn = st.turn
        last_turns = (
            [(turn + k) % n for k in range(st.last_left)]
            if st.closer is not None and st.phase == TURN and turn is not None
            else []
        )
        result = self.result(st)
        view: AbyssView = {
            "game": self.id,
            "players": n,
            "seat": seat,
            "round": st.round,
            "target": st.options["target"],
            "options": {k: st.options[k] for k in self.default_options},
            "phase": st.phase,
            "turn": st.turn,
            "actors": list(self.actors(st)),
            "prompt": prompt,
            "prompts": prompts,
            "legal": legal,
            "grids": grids,
            "discard": {
                "top": top,
                "size": 0 if st.discard is None else st.discard.size,
                "history": history,
                "counts": counts,
            },
            "draw_pile": len(st.pile) - st.drawn,
            "pending": None
            if st.pending is None
            else {"value": st.pending, "from": st.pending_from, "seat": st.turn},
            "closer": st.closer,
            "last_turns_left": st.last_left if st.closer is not None else 0,
            "last_turns": last_turns,
            "starter": fresh(st.starter),
            "totals": list(st.totals),
            "sheet": fresh(list(st.sheet)),
            "last_round": fresh(st.last_round),
            "result": result,
            "events": st.events(seat, since=st.round_log),  # already fresh copies
        }
        return cast("dict[str, Any]", view)  # the protocol's JSON dict, of AbyssView's shape

    def _prompt(self, st: AbyssState, seat: int) -> str:
        if st.phase == FLIPS:
            return START_FLIPS if st.flips_left[seat] else WAIT
        if st.phase == TURN:
            return st.step if seat == st.turn else WAIT
        return OVER

    def result(self, state: State) -> dict[str, Any] | None:
        st = _state(state)
        if st.phase != OVER:
            return None
        best = min(st.totals)
        return {
            "scores": list(st.totals),
            "winners": [s for s, t in enumerate(st.totals) if t == best],
            "rounds": st.round,
            "sheet": fresh(list(st.sheet)),
        }

    # -- for the conformance suite -----------------------------------------

    def redeal_hidden(self, state: State, seat: int | None, seed: int) -> State:
        """Nothing in Abyss is private to a seat: every seat (and the table) is
        blind to the same cards, the face-down grid cards and the draw pile.
        They are shuffled among themselves; the face-down spaces stay where they are."""
        st = _state(state).copy()
        spots = [(s, p) for s in range(st.players) for p in _bits(st.hidden[s])]
        unseen = [st.grids[s][p] for s, p in spots] + list(st.pile[st.drawn :])
        Rng(seed).shuffle(unseen)
        rows = [list(r) for r in st.grids]
        for (s, p), v in zip(spots, unseen, strict=False):
            rows[s][p] = v
        st.grids = tuple(tuple(r) for r in rows)
        st.pile = tuple(unseen[len(spots) :])
        st.drawn = 0
        st.pile_random = True
        return st


def _state(state: State) -> AbyssState:
    """``state`` as an Abyss state: the protocol's methods take any ``State``."""
    if not isinstance(state, AbyssState):
        raise TypeError(f"abyss: not an Abyss state: {type(state).__name__}")
    return state


# -- the pieces of a turn ------------------------------------------------------


def _deck_orders(deck: Any) -> list[tuple[int, ...]]:
    """The ``deck`` test option as a list of round orders, each a permutation of DECK."""
    if not isinstance(deck, (list, tuple)) or not deck:
        raise ValueError("abyss: option 'deck' must be a list of 150 values (or of such lists)")
    orders = deck if isinstance(deck[0], (list, tuple)) else [deck]
    out = []
    for k, order in enumerate(orders):
        if (
            not isinstance(order, (list, tuple))
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in order)
            or sorted(order) != list(DECK)
        ):
            raise ValueError(
                f"abyss: option 'deck' (round {k + 1}) must hold exactly the 150 cards of the deck"
            )
        out.append(tuple(order))
    return out


def _why_not_flip(st: AbyssState, seat: int, pos: int) -> str:
    if st.gone[seat] >> pos & 1:
        return f"position {pos} was swallowed"
    if not st.hidden[seat] >> pos & 1:
        return f"position {pos} is already face up"
    return "it is not a legal action now"


def _turn_over(st: AbyssState, seat: int, pos: int) -> None:
    """Flip one face-down card of a turn, then check its column."""
    value = st.grids[seat][pos]
    st.hidden = _put(st.hidden, seat, st.hidden[seat] & ~(1 << pos))
    st.log = Link(
        st.log, {"type": "flip", "seat": seat, "pos": pos, "value": value, "start": False}
    )
    _check_lines(st, seat, pos)


def _to_discard(st: AbyssState, value: int, seat: int | None, source: str) -> None:
    index = st.history.size if st.history is not None else 0
    st.history = Link(st.history, (value, seat, source))
    st.discard = Link(st.discard, (value, index))


def _check_lines(st: AbyssState, seat: int, pos: int) -> None:
    """After a card at ``pos`` turned face up (a flip, a placement): its column,
    then (``swallow_rows``) every row, which a swallowed column may have left
    with three equal cards."""
    options = st.options
    column = pos % COLUMNS
    if options["swallow_columns"] and not (st.hidden[seat] | st.gone[seat]) & COLUMN_MASK[column]:
        _swallow(st, seat, column)
    if options["swallow_rows"]:
        for line in ROW_LINES:
            _swallow(st, seat, line)


def _swallow(st: AbyssState, seat: int, line: int) -> None:
    """A line (``LINE_POSITIONS``: a column, or a row under the ``swallow_rows``
    house rule) is swallowed when at least three of its cards are still in play,
    all face up and of one value: a column needs its three, a row its four, or
    the three a swallowed column left it (Tapete ruling). Those cards go to the
    discard, top row first, left to right (Ruling: after the card the placement
    replaced, so the line's value ends on top); their spaces stop counting and
    are out of play for the round."""
    live = LINE_MASK[line] & ~st.gone[seat]
    if st.hidden[seat] & live or live.bit_count() < LINE_MIN:
        return
    row = st.grids[seat]
    positions = [p for p in LINE_POSITIONS[line] if live >> p & 1]
    value = row[positions[0]]
    if any(row[p] != value for p in positions):
        return
    st.gone = _put(st.gone, seat, st.gone[seat] | live)
    st.lines = _put(st.lines, seat, st.lines[seat] | 1 << line)
    for _ in positions:
        _to_discard(st, value, seat, "swallow")
    if line < COLUMNS:
        st.emit("swallow", seat=seat, column=line, positions=positions, value=value)
    else:
        st.emit("swallow", seat=seat, row=line - COLUMNS, positions=positions, value=value)


def _cards(n: int) -> str:
    """A few cards in words, for the engine's messages ("two cards")."""
    words = ("no", "one", "two", "three", "four", "five", "six")
    return f"{words[n] if 0 <= n < len(words) else n} card{'' if n == 1 else 's'}"


def _own_rng(st: AbyssState) -> Rng:
    """The state's generator, made its own before a number is drawn (a copied
    state shares it with the state it was copied from: ``AbyssState.copy``)."""
    st.rng = st.rng.copy()
    return st.rng


def _draw(st: AbyssState) -> int:
    """The top card of the draw pile. A shuffled pile picks it now, uniformly
    among the cards left (the next step of a forward Fisher-Yates)."""
    if st.drawn == len(st.pile):
        _reshuffle(st)
    pile, drawn = st.pile, st.drawn
    if st.pile_random:
        j = drawn + _own_rng(st).below(len(pile) - drawn)
        value = pile[j]
        if j != drawn:
            st.pile = _put(pile, j, pile[drawn])
    else:
        value = pile[drawn]
    st.drawn = drawn + 1
    return value


def _reshuffle(st: AbyssState) -> None:
    """Empty draw pile: the discard except its top card is shuffled into a new
    draw pile; the history players browse restarts (Ruling: with the top card,
    the one card still in the discard)."""
    discard = st.discard
    assert discard is not None  # the discard always keeps its top card
    top = discard.item[0]
    cards = [v for v, _ in Link.items(discard.prev)]
    st.pile, st.drawn, st.pile_random = tuple(cards), 0, True  # shuffled as drawn
    st.history = Link(None, (top, None, "kept"))
    st.discard = Link(None, (top, 0))
    st.taken = None
    st.emit("reshuffle", draw_pile=len(cards), top=top)


GAME = AbyssGame()

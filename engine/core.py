"""The one protocol every Tapete game follows, and the pieces the games share.

A game is a stateless :class:`Game` object; everything that changes lives in a
:class:`State`. The UI, the bots and the tests only ever call the public methods
of :class:`Game` (``new``, ``actors``, ``legal``, ``apply``, ``view``,
``result``, ``dump``, ``load``), so one conformance suite covers every game.

Saves are records, not snapshots: ``dump`` writes the game id, the seat count,
the seed, the options and the list of ``(seat, action)`` pairs; ``load`` replays
them through ``apply``. Every action in a save is therefore re-validated on
load, a damaged save cannot produce an impossible position, and the same record
is the export format for replays.
"""

from __future__ import annotations

import json
import re
import sys
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Self, TypeVar

__all__ = [
    "REASONS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "BadSave",
    "Event",
    "Game",
    "IllegalAction",
    "Link",
    "Rng",
    "State",
    "fresh",
    "parse_json",
    "register_games",
    "shorten",
]

SAVE_FORMAT = "tapete-record"
#: Bumped whenever a change to any game's rules would replay an old record differently.
SAVE_VERSION = 1

_MASK64 = (1 << 64) - 1

#: Limits of :func:`parse_json` (and so of :meth:`Game.load`): a record is an object
#: of lists of pairs, a few levels deep; the app's longest game is ~100 kB.
MAX_JSON_DEPTH = 32
MAX_JSON_CHARS = 5_000_000
#: How much of a reason a :class:`BadSave` message quotes (an action in a damaged
#: file may be megabytes long).
MAX_REASON = 160

T = TypeVar("T")
Event = dict[str, Any]


class IllegalAction(ValueError):
    """An action that is not legal for that seat now. The state is left untouched."""


#: Why a save or record cannot be read: :attr:`BadSave.code` -> its English
#: sentence (``str.format`` with :attr:`BadSave.params`). The codes are stable: a
#: UI words each in the player's language; ``detail`` is English from Python or
#: from a game's checks (``Game.new``, ``IllegalAction``), for developers.
REASONS: dict[str, str] = {
    # the text itself
    "not_text": "not a saved game: the file is not UTF-8 text",
    "too_large": "the file is too large ({chars:,} characters; at most {limit:,})",
    "too_deep": "not a saved game: nested more than {depth} levels deep",
    "not_json": "not a saved game: the text is not valid JSON ({detail})",
    # what it holds (Game.load)
    "not_object": "not a saved game: expected a JSON object",
    "not_tapete": "not a Tapete saved game",
    "no_version": "the save has no version",
    "newer": "the save comes from a newer version of Tapete ({version})",
    "older": "the save comes from an older version of Tapete ({version})",
    "other_game": "the save is of another game ({found}, not {game!r})",
    "incomplete": "the save is incomplete (missing {missing})",
    "shape": "the save is damaged (options or actions have the wrong shape)",
    "setup": "the save is damaged: {detail}",
    "move": "the save is damaged at move {move}",
    "illegal": "the save is damaged at move {move}: {detail}",
    "fault": "the save is damaged ({detail})",
    # a record as an app opens it (web/app/records.py)
    "not_record": "the file is not a Tapete record",
    "unknown_game": "unknown game {found}",
    "too_long": (
        "the record is too long ({moves:,} moves; Tapete opens records of at most {limit:,})"
    ),
    "test_options": "the record uses options for tests only (a stacked deal)",
}


class BadSave(ValueError):
    """A save or record that is malformed, damaged, or from another version.

    ``code`` says why, one of :data:`REASONS` (stable: a UI translates it), and
    ``params`` fill its sentence (numbers, or short strings: a string parameter is
    cut to :data:`MAX_REASON`); ``str()`` is that sentence in English, for
    developers and logs. A ``code`` that is not in :data:`REASONS` is taken as the
    English message itself (a UI then says a generic sentence and shows it).

    When the damage is an action (the record is sound up to it), ``move`` is that
    action's number (1-based, also in ``params``) and ``partial`` the game just
    before it: a player may resume from there. Otherwise both are ``None``."""

    def __init__(
        self,
        code: str,
        /,
        move: int | None = None,
        partial: State | None = None,
        **params: str | int,
    ) -> None:
        self.code = code
        self.params: dict[str, str | int] = {
            k: shorten(v) if isinstance(v, str) else v for k, v in params.items()
        }
        if move is not None:
            self.params["move"] = move
        super().__init__(shorten(_sentence(code, self.params)))
        self.move = move
        self.partial = partial


def _sentence(code: str, params: dict[str, str | int]) -> str:
    """``code``'s English sentence filled with ``params``; a parameter missing or of
    the wrong kind gives the code and its parameters instead, so that building a
    :class:`BadSave` never raises something else (``Game.load`` raises nothing but
    :class:`BadSave`)."""
    template = REASONS.get(code)
    if template is None:
        return code
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return f"{code} {params}"


def shorten(text: str, limit: int = MAX_REASON) -> str:
    """``text`` cut to ``limit`` characters (an ellipsis marks the cut)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Rng:
    """SplitMix64: a tiny generator of the engine's own, so that a seed replays
    identically on CPython and Pyodide (``random``'s algorithms for ``shuffle``
    and ``randrange`` are not promised stable across Python versions).

    Its whole state is one integer, so copying a game state is cheap. It never
    appears in a view: knowing it would reveal every future card.

    >>> r = Rng(1); [r.below(6) for _ in range(5)]
    [5, 1, 0, 5, 3]
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("Rng.below needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        return Rng(self.state)


class Link:
    """A persistent singly linked list (newest first), so that appending to the
    record or the event log of a new state shares everything with the old one:
    ``apply`` stays O(1) in the length of the game."""

    __slots__ = ("flat", "item", "prev", "size")

    prev: Link | None
    item: Any
    size: int
    flat: bool | None

    def __init__(self, prev: Link | None, item: Any) -> None:
        self.prev = prev
        self.item = item
        self.size = 1 if prev is None else prev.size + 1
        #: For an event: whether none of its values is a list or a dict (then a
        #: shallow copy is a safe copy). Worked out on first use, by ``State.events``.
        self.flat = None

    def __del__(self) -> None:
        # Freeing a node frees the one before it if nothing else holds it, and so on:
        # left to Python, one C frame per node, which overflows Pyodide's small stack
        # (a 5,000-move game crashed the runtime). So the chain behind this node is
        # cut here, in a loop, as far as no one else holds it: a tail another state
        # still shares keeps every link.
        link = self.prev
        self.prev = None
        while link is not None and sys.getrefcount(link) <= _SOLE_REFS:
            link.prev, link = None, link.prev

    @staticmethod
    def items(link: Link | None) -> list[Any]:
        """Oldest first."""
        out = []
        while link is not None:
            out.append(link.item)
            link = link.prev
        out.reverse()
        return out

    @staticmethod
    def newest(link: Link | None) -> Iterator[Any]:
        while link is not None:
            yield link.item
            link = link.prev


def _sole_refs() -> int:
    """What ``sys.getrefcount`` says of a node that only a local variable holds, in
    code shaped like :meth:`Link.__del__`'s loop: 2 on CPython 3.11 (the call's own
    reference), 1 on 3.14 (which lends locals to calls). Tests check both ways:
    a released chain is freed, a shared one is kept whole."""
    link = Link(None, None)
    return sys.getrefcount(link)


_SOLE_REFS = _sole_refs()


class State:
    """What every game's state carries. A game subclasses it, adds its own fields
    in ``__init__`` and lists its mutable containers in ``_copy_mutables``.

    A ``State`` is never changed once ``Game.apply`` has returned it.
    """

    players: int
    seed: int
    options: dict[str, Any]
    rng: Rng
    record: Link | None  # (seat, action) pairs, the saved game
    log: Link | None  # Event dicts; an event with "to" is seen only by those seats

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        self.record = None
        self.log = None

    def copy(self) -> Self:
        new = object.__new__(type(self))
        new.__dict__ = self.__dict__.copy()
        new.rng = self.rng.copy()
        new._copy_mutables()
        return new

    def _copy_mutables(self) -> None:
        """Replace every mutable container with a copy (the old state must not change)."""

    def emit(self, kind: str, /, **data: Any) -> None:
        """Append an event that every seat sees: ``{"type": kind, **data}``."""
        self._log_event(kind, None, data)

    def emit_to(self, seats: tuple[int, ...], kind: str, /, **data: Any) -> None:
        """Append an event that only ``seats`` see (a private reveal)."""
        self._log_event(kind, list(seats), data)

    def _log_event(self, kind: str, seats: list[int] | None, data: dict[str, Any]) -> None:
        # The log keeps an event's audience in its "to" field and ``events``
        # numbers it in "n": a game's own field may be neither.
        if "type" in data or "to" in data or "n" in data:
            raise ValueError(f"{kind}: 'type', 'to' and 'n' are not event fields")
        event: Event = {"type": kind, **data}
        if seats is not None:
            event["to"] = seats
        self.log = Link(self.log, event)

    def events(self, seat: int | None, since: int = 0) -> list[Event]:
        """The events that ``seat`` saw (``None``: the whole table), from index ``since``
        of the full log on, oldest first. Each carries its index as ``"n"``."""
        out = []
        link = self.log
        while link is not None and link.size > since:
            ev = link.item
            to = ev.get("to")
            if to is None or (seat is not None and seat in to):
                if link.flat is None:
                    link.flat = not any(isinstance(v, (list, dict)) for v in ev.values())
                # Views are asked for at every step (every seat, every redraw), so the
                # common flat event is copied by one dict display, not value by value.
                fields = {"n": link.size - 1, **ev}
                if not link.flat:
                    for key, value in ev.items():
                        if isinstance(value, (list, dict)):
                            fields[key] = fresh(value)
                if to is not None:
                    del fields["to"]
                out.append(fields)
            link = link.prev
        out.reverse()
        return out

    @property
    def moves(self) -> int:
        """How many actions have been applied."""
        return 0 if self.record is None else self.record.size


def fresh(value: Any) -> Any:
    """A copy of ``value``'s lists and dicts, at every depth, for a view or a
    result: a caller changing what it was given cannot change the game (nor the
    log that saves and replays rely on). Other values are immutable and shared."""
    if isinstance(value, list):
        return [fresh(v) for v in value]
    if isinstance(value, dict):
        return {k: fresh(v) for k, v in value.items()}
    return value


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_JSON_BRACKET = re.compile(r"[\[\]{}]")


def parse_json(
    text: str | bytes, max_chars: int = MAX_JSON_CHARS, max_depth: int = MAX_JSON_DEPTH
) -> Any:
    """``json.loads`` for text from outside (a save, an imported file): longer than
    ``max_chars`` or nested deeper than ``max_depth`` raises :class:`BadSave`
    before the parser, which recurses once per level, sees it (``"[" * 20000``
    exhausts Pyodide's stack and kills the runtime). Any other fault is a
    :class:`BadSave` too."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadSave("not_text") from None
    if len(text) > max_chars:
        raise BadSave("too_large", chars=len(text), limit=max_chars)
    depth = deepest = 0
    for bracket in _JSON_BRACKET.finditer(_JSON_STRING.sub("", text)):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > max_depth:
                raise BadSave("too_deep", depth=max_depth)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BadSave("not_json", detail=str(exc)) from None


def _too_deep(value: Any, max_depth: int = MAX_JSON_DEPTH) -> bool:
    """Whether lists and dicts nest in ``value`` deeper than ``max_depth``; a loop,
    not a recursion (the value may come from a file)."""
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (list, dict)):
            if depth > max_depth:
                return True
            todo.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return False


def _plain(value: Any) -> Any:
    """A JSON-ready deep copy of a state's fields, for ``Game.snapshot``."""
    if isinstance(value, Rng):
        return value.state
    if isinstance(value, Link):
        return Link.items(value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return [_plain(v) for v in items]
    if hasattr(value, "__dict__"):
        return {k: _plain(v) for k, v in vars(value).items()}
    if hasattr(value, "__slots__"):
        return {k: _plain(getattr(value, k)) for k in value.__slots__}
    return value


class Game(ABC):
    """A game's rules. Stateless: one instance serves every table.

    Subclasses set the class attributes and implement ``_new``, ``actors``,
    ``legal``, ``_apply``, ``view`` and ``result``. ``apply``, ``dump`` and
    ``load`` are shared so that validation and saving work the same everywhere.
    """

    id: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: Declared by every game (as OpenSpiel's ``GameType.information``): whether a
    #: seat's view leaves out something of the state (a face-down card, a secret
    #: bid, the order of a deck). True makes :meth:`redeal_hidden` the game's own
    #: to write (the default refuses), and the conformance suite then checks that
    #: a redeal changes the state while every view stays the same.
    #: :func:`register_games` refuses a game that does not declare it.
    hidden_information: ClassVar[bool]
    #: Options a table may choose, with the seed's rules as defaults.
    default_options: ClassVar[Mapping[str, Any]] = {}
    #: Options for tests and replays only (e.g. a stacked deck); never offered in the UI.
    test_options: ClassVar[frozenset[str]] = frozenset()

    # -- the protocol -----------------------------------------------------

    def new(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        """A fresh game for ``players`` seats. ``options`` override ``default_options``."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"{self.id}: players must be an integer, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.id}: {players} players; this game takes "
                f"{self.min_players} to {self.max_players}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"{self.id}: seed must be an integer, not {seed!r}")
        opts = dict(self.default_options)
        for key, value in (options or {}).items():
            if key in self.default_options:
                default = self.default_options[key]
                if type(value) is not type(default):
                    raise ValueError(
                        f"{self.id}: option {key!r} must be {type(default).__name__}, not {value!r}"
                    )
            elif key not in self.test_options:
                raise ValueError(f"{self.id}: unknown option {key!r}")
            opts[key] = value
        return self._new(players, seed, opts)

    @abstractmethod
    def _new(self, players: int, seed: int, options: dict[str, Any]) -> State:
        """Deal. ``options`` is complete and type-checked against the defaults;
        test options (if given) still need checking here."""

    @abstractmethod
    def actors(self, state: State) -> tuple[int, ...]:
        """Seats that may act now, sorted; ``()`` once the game is over."""

    @abstractmethod
    def legal(self, state: State, seat: int) -> tuple[str, ...]:
        """That seat's legal actions now, in a fixed order (``()`` if none)."""

    def apply(self, state: State, seat: int, action: str) -> State:
        """The state after ``seat`` plays ``action``. Raises :class:`IllegalAction`
        (naming the seat, the action and the reason) and leaves ``state`` as it was."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
            raise IllegalAction(f"{self.id}: there is no seat {seat!r}")
        if not isinstance(action, str):
            raise IllegalAction(f"{self.id}: seat {seat}: an action is a string, not {action!r}")
        if action not in self.legal(state, seat):
            raise IllegalAction(
                f"{self.id}: seat {seat} cannot play {action!r}: "
                f"{self.why_illegal(state, seat, action)}"
            )
        new = state.copy()
        new.record = Link(new.record, (seat, action))
        self._apply(new, seat, action)
        return new

    @abstractmethod
    def _apply(self, state: State, seat: int, action: str) -> None:
        """Play a legal action on ``state`` (a fresh copy, free to change)."""

    def why_illegal(self, state: State, seat: int, action: str) -> str:
        """A short reason for the message of :class:`IllegalAction`; games refine it."""
        if self.result(state) is not None:
            return "the game is over"
        if seat not in self.actors(state):
            return "it is not this seat's moment to act"
        return "it is not a legal action now"

    @abstractmethod
    def view(self, state: State, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` knows now (``None``: the whole table), JSON-ready.
        Never a hidden value nor anything it could be derived from."""

    def open_view(self, state: State) -> dict[str, Any]:
        """The whole table's view (``view(state, None)``) with every hidden value
        face up: an omniscient observer, for a finished game's replay only
        ("Cards on the table": its record, which may then leave the phone, holds
        every card anyway), never at a game in play. The default: the public
        view (nothing hidden); a game with hidden values fills them in."""
        return self.view(state, None)

    @abstractmethod
    def result(self, state: State) -> dict[str, Any] | None:
        """``None`` until over; then at least ``{"scores": [...], "winners": [...]}``."""

    def dump(self, state: State) -> dict[str, Any]:
        """The game as a JSON-ready record: what ``load`` needs to rebuild it."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.id,
            "players": state.players,
            "seed": state.seed,
            "options": state.options,
            "actions": [[seat, action] for seat, action in Link.items(state.record)],
        }

    def load(self, data: Any) -> State:
        """Rebuild a game from ``dump`` output (or its JSON text). Anything
        malformed, damaged, from another game or from another version raises
        :class:`BadSave` whatever the input (no other exception escapes): a stable
        ``code`` a UI words for the player, a short English ``str()``. A damaged
        action leaves the game before it in the exception (``move``, ``partial``)."""
        ((_done, _total, state),) = deque(self.load_steps(data), maxlen=1)  # the last
        return state

    def load_steps(self, data: Any) -> Iterator[tuple[int, int, State]]:
        """:meth:`load` one action at a time, for a caller that must not hold the
        page while a long record replays: yields ``(done, total, state)``, the deal
        first (``done == 0``), then the state after each action; the last has
        ``done == total``. Raises :class:`BadSave` exactly as :meth:`load` does."""
        try:
            yield from self._load_steps(data)
        except BadSave:
            raise
        except Exception as exc:  # a fault no check foresaw: still only a bad save
            raise BadSave("fault", detail=f"{type(exc).__name__}: {exc}") from None

    def _load_steps(self, data: Any) -> Iterator[tuple[int, int, State]]:
        if isinstance(data, (str, bytes)):
            data = parse_json(data)
        elif _too_deep(data):
            raise BadSave("too_deep", depth=MAX_JSON_DEPTH)
        if not isinstance(data, dict):
            raise BadSave("not_object")
        if data.get("format") != SAVE_FORMAT:
            raise BadSave("not_tapete")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise BadSave("no_version")
        if version > SAVE_VERSION:
            raise BadSave("newer", version=version)
        if version < SAVE_VERSION:
            raise BadSave("older", version=version)
        if data.get("game") != self.id:
            found = shorten(repr(data.get("game")), 40)
            raise BadSave("other_game", found=found, game=self.id)
        missing = [k for k in ("players", "seed", "options", "actions") if k not in data]
        if missing:
            raise BadSave("incomplete", missing=", ".join(missing))
        options, actions = data["options"], data["actions"]
        if not isinstance(options, dict) or not isinstance(actions, list):
            raise BadSave("shape")
        try:
            state = self.new(data["players"], data["seed"], options)
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise BadSave("setup", detail=str(exc)) from None
        total = len(actions)
        yield 0, total, state
        for i, pair in enumerate(actions):
            if (
                not isinstance(pair, list)
                or len(pair) != 2
                or not isinstance(pair[0], int)
                or not isinstance(pair[1], str)
            ):
                raise BadSave("move", i + 1, state)
            try:
                state = self.apply(state, pair[0], pair[1])
            except IllegalAction as exc:
                raise BadSave("illegal", i + 1, state, detail=str(exc)) from None
            yield i + 1, total, state

    # -- for tests and tools ----------------------------------------------

    def snapshot(self, state: State) -> dict[str, Any]:
        """Every field of the state, hidden ones included, JSON-ready. For tests
        (e.g. that ``apply`` never mutates its input) and debugging, never for a
        UI (a finished game's replay draws :meth:`open_view`)."""
        fields = _plain(state)
        assert isinstance(fields, dict)  # a State has a __dict__
        return fields

    def redeal_hidden(self, state: State, seat: int | None, seed: int) -> State:
        """A copy of ``state`` in which whatever ``seat`` cannot see is reshuffled
        consistently (same counts, same public facts, the generator's future
        too). The leak tests check that the seat's view does not change, and
        the conformance suite that the state does. A game that declares
        :attr:`hidden_information` must write its own: this one refuses it (a
        plain copy would make every leak test compare a view with itself); a
        game without hidden information has nothing to redeal: a copy."""
        if getattr(self, "hidden_information", True):
            raise NotImplementedError(
                f"{self.id} declares hidden information: it must redeal it (redeal_hidden)"
            )
        return state.copy()


def register_games(*games: Game) -> dict[str, Game]:
    """Game id -> game, in the order given (the home screen's), after checking
    what each declares: its id once, :attr:`Game.hidden_information` as a bool,
    and with hidden information a :meth:`Game.redeal_hidden` of its own. Raises
    ``TypeError`` naming the game otherwise. ``engine.GAMES`` is built by it."""
    found: dict[str, Game] = {}
    for game in games:
        kind = type(game)
        if game.id in found:
            raise TypeError(f"{game.id}: registered twice")
        declared = getattr(kind, "hidden_information", None)
        if not isinstance(declared, bool):
            raise TypeError(f"{game.id}: declare hidden_information (True or False)")
        if declared and kind.redeal_hidden is Game.redeal_hidden:
            raise TypeError(f"{game.id}: hidden information and no redeal_hidden of its own")
        found[game.id] = game
    return found

"""The ``TableUI`` protocol: what a game's table screen gives the app.

Every game's table is a subclass of :class:`TableUI` (one instance per game, in
the registry :mod:`web.app.registry`). The app (:mod:`web.app.controller`) calls only these
hooks, each with a default here, so a table overrides what its game needs and
nothing else. A hook gets the :class:`~web.core.model.Table` (the game and its UI
state) and, where it draws or paces bots, the app as a :class:`Host`: the few
things of the app a table may read.

Hooks, in the order of a tap's life:

- :meth:`TableUI.seat_up`: whose controls are drawn (a new human's wait a moment);
- :meth:`TableUI.arrive`: a game tap before it is applied (may read it otherwise);
- :meth:`TableUI.after_move`: tidy the UI state once any action was applied;
- :meth:`TableUI.settle`: note the table's clocks after any event (bots planned from them);
- :meth:`TableUI.handle_ui`: a tap on one of the table's own controls (no move);
- :meth:`TableUI.close_sheet`: the back button, which closes what is open first;
- :meth:`TableUI.body`: what the game draws inside the table's frame (:meth:`TableUI.draw`
  draws the frame: the bar and its heading, a replay's title, the status and the last
  move under it, the foot with the replay bar and the menu, the sheets);
- :meth:`TableUI.bot_plan` / :meth:`TableUI.bot_think` / :meth:`TableUI.bot_act`: which
  bot acts, when, and how (thought in slices while its pause runs, or decided at its end);
- ``OPTION_LABELS`` / ``OPTION_RANGES``: the options the new-game form offers;
- :meth:`TableUI.move_log`: what happened, in words (the "Moves" sheet, the last move);
- :meth:`TableUI.reopen`: the table screen opens again (who holds the phone is unknown);
- :meth:`TableUI.private_on_screen`: whether the table shows a private value now;
- :meth:`TableUI.motion`: what the last action looks and sounds like (cards that travel);
- :attr:`TableUI.OPEN_CARDS`: a finished game's replay can show every hidden card face up.
"""

# ruff: noqa: E501  (HTML fragments read better unbroken than split mid-tag)

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from engine.bot import Player, Thought, View
from engine.core import Event
from web.core import actions
from web.core.actions import Action
from web.core.html import Drawing, esc, region_box
from web.core.i18n import game_name
from web.core.model import Host, Table
from web.ui.kit import handoff
from web.ui.kit.frame import close_sheet, game_button, table_bar
from web.ui.kit.motion import Effect
from web.ui.kit.movelog import MoveLog, foot, last_move
from web.ui.kit.scores import end_buttons, ranking

#: The bot-speed setting -> the pause before a bot's move, in ms.
BOT_SPEED_MS = {"slow": 1400, "normal": 800, "fast": 300}
#: When the seat up passes to another human, how long their controls ignore taps
#: (drawn dimmed), in ms: a burst of taps meant for the last seat plays nothing.
HANDOVER_MS = 400


@dataclass(frozen=True)
class Body:
    """What a game draws inside the table's frame (:meth:`TableUI.body`)."""

    #: The bar's title, HTML (a replay's own title is put before it).
    heading: str
    #: Inside the table's ``<main>``, after the status and the last move: the
    #: game's panels, seats, results...
    main: str
    #: The game's own class on ``<main>`` (beside ``table`` and ``players-N``).
    css: str = ""
    #: The table's own items in its menu, after "Moves" (HTML).
    menu: str = ""
    #: The game's own sheet, when one is open over the table (HTML).
    sheet: str = ""
    #: The regions drawn in ``main`` (:func:`web.core.html.region`: id -> HTML, in
    #: page order): a move that changes only some of them rewrites just those.
    regions: dict[str, str] = field(default_factory=dict)
    #: The game's status (whose moment it is, what they may do: a live region), or
    #: None: no status and no last-move line (a game's results drawn instead).
    #: The frame puts the last-move line right under it.
    status: str | None = None
    #: Inside ``<main>`` before the status (a hand-off, the piles a cut needs).
    top: str = ""
    #: The regions drawn in ``top`` (id -> HTML, in page order): the frame lists
    #: them before the status's, so that all of them come in page order.
    top_regions: dict[str, str] = field(default_factory=dict)
    #: Between the status and the last-move line (Abyss: its Hint's row).
    under_status: str = ""
    #: The id of a region that holds the status, ``under_status`` and the last
    #: move (``<div class="region" id=...>``, the first region after ``top_regions``), or "".
    status_region: str = ""


class TableUI:
    """A game's table screen. The defaults make a plain but playable table: a
    list of the legal actions of the seat to act, bots after the bot-speed pause,
    the ranking at the end."""

    #: Option -> catalog key of its label; options not listed are not offered.
    OPTION_LABELS: ClassVar[dict[str, str]] = {}
    #: Number option -> (lowest, highest, step) on the new-game form.
    OPTION_RANGES: ClassVar[dict[str, tuple[int, int, int]]] = {}
    #: Number option -> values one tap away beside its stepper (Abyss: end at 50, 100, 150).
    OPTION_PRESETS: ClassVar[dict[str, tuple[int, ...]]] = {}
    #: The controls of the table's own hand-off screen ("Pass the phone to Ben",
    #: "I am Ben"), if it has one: then :meth:`seat_up` is the seat that screen
    #: waits for (None while none does), each time a move brings it up is a
    #: hand-over, and these controls are held like the game buttons.
    HANDOFF_ACTIONS: ClassVar[tuple[Action, ...]] = ()
    #: The keys of the table's UI state that are the whole table's, not one
    #: phone's (Carta robada's cut race: the last cut, when the open card came):
    #: a seat's screen drawn for another phone reads them from the host's table.
    SHARED_UI: ClassVar[tuple[str, ...]] = ()
    #: The ``data-action`` names of the table's own controls that :meth:`handle_ui`
    #: answers (its hand-off's, :data:`HANDOFF_ACTIONS`, come with them): a tap
    #: on a control no feature of the app answers and the table does not declare
    #: raises under test (``web.app.feature.unknown_action``), and
    #: tests/test_web_actions.py resolves every control drawn against them.
    ACTIONS: ClassVar[tuple[Action, ...]] = (actions.SHEET,)

    def answers(self, action: str) -> bool:
        """Whether :meth:`handle_ui` answers ``action`` (:data:`ACTIONS`, the hand-off's)."""
        return action in self.ACTIONS or action in self.HANDOFF_ACTIONS

    def draw(self, app: Host, table: Table) -> Drawing:
        """The whole table screen and its regions: the frame every table shares
        (the bar with its heading, a replay's title, ``<main>`` with the status
        and the last-move line under it, the foot with the replay bar and the
        menu, the sheets) around the game's :meth:`body`. The status and the
        move line come after the body's ``top`` whatever the moment, so their
        nodes keep their place and a screen reader hears each move."""
        drawn = self.body(app, table)
        regions: dict[str, str] = dict(drawn.top_regions)
        main = drawn.top
        if drawn.status is not None:
            lines = drawn.status + drawn.under_status
            log = self.last_moves()
            if log is not None:
                lines += last_move(app, table, log)
            if drawn.status_region:
                lines = region_box(regions, drawn.status_region, lines)
            main += lines
        main += drawn.main
        regions.update(drawn.regions)
        heading = drawn.heading
        if table.replay is not None:
            heading = esc(app.tr("replay.title")) + " · " + heading
        css = " ".join(c for c in ("table", drawn.css, f"players-{len(table.seats)}") if c)
        html = (
            table_bar(app, table, heading)
            + f'<main class="{css}">{main}</main>'
            + foot(app, table, self.move_log(), drawn.menu)
            + drawn.sheet
        )
        return Drawing(html, regions)

    def render(self, app: Host, table: Table) -> str:
        """The whole table screen's HTML (:meth:`draw` without its regions)."""
        return self.draw(app, table).html

    def body(self, app: Host, table: Table) -> Body:
        """What the game draws inside the frame (the default: the seat to act and
        its actions as buttons, the ranking at the end)."""
        tr = app.tr
        state = table.state
        parts = []
        result = table.game.result(state)
        if result is not None:
            parts.append(
                ranking(tr, table.names, list(result["scores"]), list(result["winners"]), False)
            )
            parts.append(f'<div class="actions">{end_buttons(tr, table, [])}</div>')
        elif table.replay is None:
            for seat in table.game.actors(state):
                if table.seats[seat].kind != "human":
                    continue
                moves = "".join(
                    game_button(esc(action), seat, action, state.moves)
                    for action in table.game.legal(state, seat)
                )
                parts.append(
                    f'<section class="seat-moves"><h2>{esc(table.names[seat])}</h2>{moves}</section>'
                )
        return Body(esc(game_name(tr, table.game_id)), "".join(parts))

    def move_log(self) -> MoveLog | None:
        """The table's move log: ``(tr, table, since) -> moves``, its public events
        numbered ``since`` or later in words (``web/ui/kit/movelog.py``; a game's
        ``log.moves``), for the "Moves" sheet and the last-move line (the
        default: None, no log and no "Moves" in the menu)."""
        return None

    def last_moves(self) -> MoveLog | None:
        """What the last-move line under the status tells: ``(tr, table, since)
        -> moves`` (the default: :meth:`move_log`; Abyss: from a new round's deal
        on only)."""
        return self.move_log()

    def handle_ui(self, app: Host, table: Table, action: str, arg: str | None) -> None:
        """A tap on a table control that plays nothing (the default: open or
        close a sheet, ``sheet`` with the sheet's name or nothing)."""
        if action == actions.SHEET:
            table.ui["sheet"] = arg or None

    def close_sheet(self, table: Table) -> bool:
        """The back button: True when it closed something (then the table stays)."""
        return close_sheet(table)

    def reopen(self, table: Table) -> None:
        """The table screen opens again after another screen (or a reload): who
        held the phone is no longer known. The default: a table with a hand-off
        screen (:data:`HANDOFF_ACTIONS`) forgets its holder, so the next private
        moment is behind the hand-off (:func:`web.ui.kit.handoff.reopen`)."""
        if self.HANDOFF_ACTIONS:
            handoff.reopen(table)

    def redraw_ms(self, app: Host, table: Table) -> int | None:
        """In how many ms the table draws otherwise by itself, with no move and no
        tap (Carta robada: the ✂ offered to tie a cut goes when the tie window
        closes), or None. The default: None (a drawing changes only with the game)."""
        return None

    def private_on_screen(self, table: Table) -> bool:
        """Whether the table, drawn now, shows a value that is private to one seat
        (a peek, a drawn card, a secret pick): such a screen is never kept for the
        next start (:mod:`web.app.prerender`). The default: False (nothing hidden)."""
        return False

    def holds_bots(self, table: Table) -> bool:
        """Whether a private moment drawn on this table's screen holds play, the
        bots waiting until its player is done (Carta robada: a look open). Read
        of a seat's table on another phone, so that the host's bots wait for it
        as for one on the host's own screen (``web/app/linking.py``). The
        default: False."""
        return False

    def motion(self, table: Table, since: int) -> list[Effect]:
        """The effects (:mod:`web.ui.kit.motion`) of the public events numbered
        ``since`` or later (those of ``view(state, None)``: read them from the log
        with ``table.state.events(None, since)``, without drawing a whole view):
        cards that travel, sounds, a vibration. The default: none (the table is
        simply redrawn)."""
        return []

    #: Whether a finished game's replay offers "Cards on the table": the table's
    #: draw then shows every seat's hidden cards face up when
    #: :func:`web.ui.kit.frame.cards_open` says so (never on a live table). False:
    #: nothing to open (Abyss: its face-down grid cards are its only hidden values,
    #: and each round's reveal turns them all up anyway).
    OPEN_CARDS: ClassVar[bool] = False

    def replay_moved(self, table: Table, to_deal: bool) -> bool:
        """A replay shows another step. ``to_deal``: a jump to a round, which
        lands on its deal, so a round's results that would cover the table are
        put away (as the player's "next round" tap does); else they show again
        at their step. True when results were put away (no time to read them is
        given there). The default: False (no results cover a table; the dice
        game shows the last round's reveal above the new round, kept)."""
        return False

    def results_round(self, table: Table) -> int | None:
        """The round whose results cover the table now (the replay bar names it:
        the step after a round's last move already holds the next deal), or None
        (the default: no results cover a table)."""
        return None

    def after_move(self, app: Host, table: Table) -> None:
        """Tidy the UI state after an action (a player's or a bot's) was applied."""

    def settle(self, app: Host, table: Table) -> None:
        """Note in ``table.ui`` what the table's time needs after an event (a move,
        a table control, the table opened), while its bots may be planned: the
        one place a table writes its clocks, so that :meth:`bot_plan` and the
        draw only read them (Carta robada: when the position began, when the open
        cut's card arrived, each bot's reaction to it). The default: nothing."""

    def seat_up(self, table: Table) -> int | None:
        """The human whose controls are drawn now, in the place of the last
        one's, or None. When a move makes it another human, the app holds their
        taps for :data:`HANDOVER_MS` (a burst of taps meant for the last seat
        plays nothing for them). The default: None, nothing is held (a table
        that draws the next human's controls at once, as Abyss does, says whose;
        one with a hand-off screen says whom it waits for, see
        :data:`HANDOFF_ACTIONS`)."""
        return None

    def hold_ms(self, table: Table) -> int:
        """How long the next human's controls are held after a move passed them
        the seat (:meth:`seat_up`), in ms: the last seat's move stays drawn that
        long. The default: :data:`HANDOVER_MS` (Abyss: longer after a player's
        last opening flip, whose card they have not seen yet)."""
        return HANDOVER_MS

    def waits_for(self, table: Table) -> list[int]:
        """The seats whose move the game waits for ("your turn"). The default:
        every seat with an action (a table where anyone may act at any time, as
        Carta robada's cuts, names the flow's seats instead)."""
        return list(table.game.actors(table.state))

    def arrive(
        self, app: Host, table: Table, seat: int, action: str, move: int, at: float
    ) -> tuple[str, int]:
        """A game tap ``(action, move it was drawn at)`` as the game should read it,
        made at ``at`` (when the finger came down, on the app's clock: a tap on
        this screen at its event's time, ``app.now()``; another phone's as the
        host reckons it, ``web.app.linking.tapped_at``); the default: as it is."""
        return action, move

    def bot_plan(self, app: Host, table: Table) -> tuple[int, int] | None:
        """``(seat, ms)``: the bot to act next and after how long, or None (the
        default: the first bot the game waits for, after the bot-speed pause)."""
        for seat in table.game.actors(table.state):
            if table.seats[seat].kind == "bot":
                return seat, BOT_SPEED_MS[app.settings["bot_speed"]]
        return None

    def bot_act(self, app: Host, table: Table, seat: int, bot: Player) -> str | None:
        """What the planned bot at ``seat`` plays now (the default: ask the bot)."""
        state = table.state
        return bot.act(table.game.view(state, seat), table.game.legal(state, seat))

    def bot_think(self, app: Host, table: Table, seat: int, bot: Player) -> Thought | None:
        """The planned bot's decision as a :data:`~engine.bot.Thought`, begun when
        its pause begins and run one slice per timer tick while the pause runs
        (the default: the bot's own ``think``, or its ``act`` in one slice); None:
        the table decides when the pause is over, through :meth:`bot_act`."""
        state = table.state
        view, legal = table.game.view(state, seat), table.game.legal(state, seat)
        think = getattr(bot, "think", None)
        if think is not None:
            return think(view, legal)  # type: ignore[no-any-return]
        return _one_slice(bot, view, legal)


def _one_slice(bot: Player, view: View, legal: tuple[str, ...]) -> Thought:
    """A bot without slices thinks in one: its ``act``."""
    return bot.act(view, legal)
    yield  # a generator function: the action above is its return value


@dataclass(frozen=True)
class Parts:
    """The game's own modules a :class:`GameTable` forwards its everyday hooks to,
    declared once per table instead of a forwarding method each."""

    #: :meth:`TableUI.body` (the game's ``draw.body``).
    body: Callable[[Host, Table], Body]
    #: :meth:`TableUI.move_log` (the game's ``log.moves``).
    moves: MoveLog
    #: :meth:`TableUI.handle_ui` (the game's ``state.handle_ui``)...
    handle_ui: Callable[[Host, Table, str, str | None], None]
    #: ... and the actions it answers besides the hand-off's (:data:`TableUI.ACTIONS`).
    actions: tuple[Action, ...]
    #: :meth:`TableUI.after_move` (the game's ``state.after_move``).
    after_move: Callable[[Host, Table], None]
    #: :meth:`TableUI.motion` from the public events since the action (``motion.derive``).
    motion: Callable[[list[Event]], list[Effect]]


class GameTable(TableUI):
    """A table whose body, move log, own controls, tidying after a move and
    motion are its game's modules (:attr:`PARTS`); the other hooks as
    :class:`TableUI` (a game overrides those it needs)."""

    PARTS: ClassVar[Parts]

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls.ACTIONS = cls.PARTS.actions

    def body(self, app: Host, table: Table) -> Body:
        return self.PARTS.body(app, table)

    def move_log(self) -> MoveLog:
        return self.PARTS.moves

    def handle_ui(self, app: Host, table: Table, action: str, arg: str | None) -> None:
        self.PARTS.handle_ui(app, table, action, arg)

    def after_move(self, app: Host, table: Table) -> None:
        self.PARTS.after_move(app, table)

    def motion(self, table: Table, since: int) -> list[Effect]:
        return self.PARTS.motion(table.state.events(None, since))

"""The mid end: the one way into the app from a page, and the owner of its time.

The page (``web/shell/page.js``) forwards every event to a :class:`MidEnd` (a tap, a
finger down, a field edit, a timer that fired, the page shown or hidden, a file
chosen, the animations' length) and applies the :class:`Frame` it answers: the
HTML, the focus move, the title and ``<html>`` attributes, the effects to play,
and the timers to arm as ``(kind, ms, token)``. When a timer fires, the page calls
:meth:`MidEnd.fire` with its kind and token; a token the mid end no longer holds
(the position moved, a sheet opened, a newer timer of that kind) does nothing.
So every rule of the table's time (bots wait while a sheet is open, a bot thinks
in slices while its pause runs, a hand-off's hold ends, a replay steps, an import
or the bot lab runs its next slice) is Python here, testable on CPython, and
the page decides nothing, as the front end of Simon Tatham's puzzles (its mid
end owns ``midend_timer``). The timers themselves are :mod:`web.app.timers`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from web.app import effects, guest, lifetime, linking
from web.app.controller import App
from web.app.patch import Patch
from web.app.timers import Timers
from web.core import actions, clock
from web.core.html import autofocus
from web.ui.kit import coach, motion

#: Vibrations the app asks for, in ms: a tap that played, a refusal.
TAP_BUZZ = 12
REFUSED_BUZZ = 60

#: Controls only the page answers (web/shell/page.js), as the request each puts in
#: ``Link.requests``: the camera reads a code into the field its ``data-arg`` names
#: (``host`` or a seat); the share sheet takes its ``data-arg`` (the code).
PAGE_ACTIONS: dict[str, tuple[str, str]]
PAGE_ACTIONS = {actions.PHONES_SCAN: ("scan", "host"), actions.PHONES_SHARE: ("share", "")}


@dataclass
class Frame:
    """What the page does after an event. ``html`` is None when nothing is to be
    drawn again (a timer that changed nothing, the page hidden): the rest still
    applies (timers to arm, the wake lock)."""

    html: str | None = None
    #: The parts a table registered (id -> HTML, each inside ``html``), and the
    #: ids of those to write alone (:class:`web.app.patch.Patch`; none: the page
    #: is the one on screen), or None: write the whole page (another screen, a
    #: refused tap: the page must match the game again).
    regions: dict[str, str] = field(default_factory=dict)
    patch: list[str] | None = None
    #: What is on screen, for the morph: the same key -> the same table, patched in place.
    scene: object = None
    #: The page under any dialog or sheet, and the control it asks to focus.
    page: str = ""
    #: ``"page"``: a new page (scrolled to its top, its first control focused);
    #: ``"screen"``: a new screen or dialog over the same page; ``"keep"``.
    focus: str = "keep"
    title: str = ""
    #: ``<html>`` attributes (None: absent).
    attrs: dict[str, str | None] = field(default_factory=dict)
    #: Cards that travel, at ``speed`` (web/shell/motion.js; 0: no motion).
    motion: list[motion.Effect] = field(default_factory=list)
    speed: float = 1.0
    #: Sound name -> delay in ms (web/shell/sound.js), already scaled by ``speed``.
    sounds: dict[str, float] = field(default_factory=dict)
    #: Vibration patterns to play, in order (the vibration setting applied).
    buzz: list[int | list[int]] = field(default_factory=list)
    timers: list[tuple[str, int, int]] = field(default_factory=list)
    #: Keep the screen a reload would show soon (web/shell/page.js): the table waits for a person.
    keep: bool = False
    #: Hold the screen awake (Wake Lock).
    awake: bool = False
    #: A file to hand to the system: (name, text).
    file: tuple[str, str] | None = None
    #: The control to focus now (a CSS selector under ``#app``), a key's answer.
    focus_to: str | None = None
    #: Another table than the last frame's (a new game, a rematch, a replay): what
    #: the page said of the last one (``#said``, web/shell/said.js) is stale.
    hush: bool = False
    #: Real ms spent: apply (the event), render, effects (what moved), plan (the
    #: page's key and what to write), timers (the next bot's, the wake lock).
    spans: dict[str, float] = field(default_factory=dict)


class MidEnd:
    """The app as a page drives it: events in, :class:`Frame` out.

    ``reduced`` tells whether the system asks for reduced motion; ``painted``: the
    page already shows the app's first screen (web/shell/boot.js painted the kept one),
    (its HTML) so the first frame is not a new page if it shows the same one."""

    def __init__(
        self, app: App, reduced: Callable[[], bool] = lambda: False, painted: str | None = None
    ) -> None:
        self.app = app
        self.reduced = reduced
        self.stage = effects.Stage()
        self.visible = True
        self._screen: str | None = None
        self._page: str | None = None
        self._painted = painted
        self._table: object = None  # the last table drawn, for Frame.hush
        self.timers = Timers(app)
        self.patch = Patch()
        linking.resumed(app)

    # -- events ---------------------------------------------------------------

    def at(self, t: float) -> None:
        """The next event happened at ``t`` (ms of the page's clock): the app's time
        (:meth:`Session.now`), so a tap is judged by when the finger came down."""
        self.app.time.set(t)

    def start(self) -> Frame:
        """The first frame of the page."""
        return self._frame()

    def tap(self, seat: int, action: str, move: int) -> Frame:
        """A tap on a game button (``data-move``)."""
        t = clock.perf_ms()
        played = self.app.tap(seat, action, move)
        return self._frame(spent=clock.perf_ms() - t, whole=not played, played=played)

    def handle(self, action: str, arg: str | None = None) -> Frame:
        """A tap on any other control (``data-action``)."""
        if action in PAGE_ACTIONS:  # nothing to draw: the page acts after the frame
            what, default = PAGE_ACTIONS[action]
            self.app.link.requests.append((what, arg or default))
            return self.timers_only()
        t = clock.perf_ms()
        out = self.app.records.export_file(arg) if action == actions.EXPORT else None
        if action == actions.PHONES:
            if arg != "noop":  # a notice is for the screen it came with, as app.handle does
                self.app.notice = None
            linking.handle(self.app, arg)
        elif action != actions.EXPORT:
            self.app.handle(action, arg)
        lifetime.follow(self.app, keep=action == actions.REMATCH)  # a link belongs to one table
        linking.started(self.app)
        frame = self._frame(spent=clock.perf_ms() - t)
        frame.file = out
        return frame

    def click(
        self, action: str, arg: str | None, seat: int | None, move: int | None, remote: bool
    ) -> Frame | None:
        """A tap on a control (``remote``: inside the host's table on a guest's
        screen, ``[data-remote]``): said to the host, else a game button's move,
        else any other control's action."""
        if remote and (said := self.remote(action, move, arg)) is not None:
            return said
        if seat is not None and move is not None:
            return self.tap(seat, action, move)
        return self.handle(action, arg)

    def remote(self, action: str, move: int | None, arg: str | None) -> Frame | None:
        """A tap on the host's table shown on this guest's phone (``move``: a game
        button's move count): said to the host, nothing drawn until it answers;
        None when this phone answers the control itself (:func:`guest.tap`)."""
        return self.timers_only() if guest.tap(self.app, action, move, arg) else None

    def press(self) -> None:
        """A finger went down (:meth:`App.press`)."""
        self.app.press()

    def field(self, name: str, arg: str | None, value: str) -> None:
        """Typing in a text field: the field shows it already, nothing is drawn
        (the file field's value, the chosen file's path, is nobody's)."""
        if name == "import":
            return
        if name == "linkcode":
            self.app.link.drafts[arg or ""] = value[:2000]
        self.app.field(name, arg, value)

    def linked(self, peer: str, kind: str, text: str) -> Frame | None:
        """An event of a link to another phone (web/app/linking.py's ``channel``):
        a frame when the screen may have changed."""
        return self._frame() if linking.channel(self.app, peer, kind, text) else None

    def offered(self, seat: int, description: str, prompting: bool = False) -> Frame:
        """The page made the offer for ``seat``: its code goes on screen
        (``prompting``: beside the camera prompt, still unanswered)."""
        linking.offered(self.app, seat, description, prompting)
        return self._frame()

    def answered(self, description: str) -> Frame:
        """The page made this guest's answer: its code goes on screen."""
        linking.answered(self.app, description)
        return self._frame()

    def link_failed(self) -> Frame:
        """The page could not make an offer or an answer: the linking screen says
        this browser cannot link phones, and what works instead (its "Preparing
        the code…" or "Linking…" would otherwise stay for good)."""
        self.app.link.unlinkable = True
        return self.handle(actions.PHONES, "noop")

    def scanned(self, field: str, text: str | None) -> Frame:
        """The camera read ``text`` for ``field`` (``host``: a guest reads the
        host's code; a seat: the host reads that seat's phone's code), used as if
        pasted; None: no camera, a refused one or no decoder, and the screen says
        to paste the code instead."""
        if text is None:
            self.app.notice = ("phones.no_camera", {})
            return self.handle(actions.PHONES, "noop")
        self.app.link.drafts[field] = text
        return self.handle(actions.PHONES, "read" if field == "host" else f"answer:{field}")

    def shared(self, how: str) -> Frame | None:
        """The share sheet took a code (``how``: ``copied`` when it went to the
        clipboard instead, which the screen says; None: nothing to say)."""
        if how != "copied":
            return None
        self.app.notice = ("phones.copied", {})
        return self.handle(actions.PHONES, "noop")

    def key(self, key: str, field: str | None = None, arg: str | None = None) -> Frame | None:
        """A key pressed (in the text field ``field`` with its ``data-arg``, if
        any); None: the browser's own. Escape is Back. Enter in a seat's name goes
        on to the next seat's name, after the last one to Start (the form's
        options lie between: it does not start the game); in the lesson's name,
        its one field beside its Start, it presses Start."""
        if key == "Escape":
            return self.back()
        if key != "Enter" or field not in self.enter_fields():
            return None
        app = self.app
        if field == "name" and app.screen == "setup" and (arg or "0").isdigit():
            frame = self.timers_only()
            after = int(arg or "0") + 1
            last = after >= app.setup["count"]
            frame.focus_to = f"[data-action={actions.START}]" if last else f"#name-{after}"
            return frame
        if field == "lesson-name":
            return self.handle(coach.NAMED)
        return None

    def enter_fields(self) -> list[str]:
        """The text fields where Enter is the app's on the screen now (:meth:`key`)."""
        return ["name", "lesson-name"] if self.app.screen == "setup" else ["lesson-name"]

    def changed(self, name: str | None) -> Frame | None:
        """A field's edit is done: a seat's name redraws (the long-name hint may show)."""
        return self._frame() if name == "name" else None

    def before_update(self) -> None:
        """A new version takes over: keep the game as it is (saved after every
        action anyway)."""
        self.app.save()

    def back(self) -> Frame:
        """Escape, or a screen's Back."""
        if not guest.back(self.app):
            self.app.back()
        return self._frame()

    def browser_back(self) -> Frame | None:
        """The browser's or the phone's Back: one step back, or None on the home
        screen with nothing open (the browser leaves the app)."""
        return None if self.back_leaves() else self.back()

    def back_leaves(self) -> bool:
        """Whether the browser's Back leaves the app now (home, nothing open)."""
        return self.app.screen == "home" and self.app.confirm is None

    def choose_file(self, size: int) -> Frame | None:
        """A file was chosen to import: a frame when it is refused unread (larger
        than any record: it could be gigabytes), else None (read it, then :meth:`read_file`)."""
        if size <= self.app.max_import_bytes():
            return None
        self.app.import_too_large()
        return self._frame()

    def read_file(self, text: str) -> Frame:
        self.app.import_record(text)
        return self._frame()

    def shown(self, visible: bool) -> Frame:
        """The page was shown or hidden (the wake lock follows)."""
        self.visible = visible
        return self.timers_only()

    def animated(self, ms: int) -> Frame:
        """The last frame's animations run ``ms``: the next bot waits for them."""
        self.timers.animated(ms)
        return self.timers_only()

    def fire(self, kind: str, token: int) -> Frame | None:
        """A timer armed from a frame fired; None when it is stale."""
        t = clock.perf_ms()
        moved = self.timers.fire(kind, token)
        if moved is None:
            return None
        if not moved:
            return self.timers_only()
        return self._frame(spent=clock.perf_ms() - t)

    # -- frames ---------------------------------------------------------------

    def timers_only(self) -> Frame:
        """A frame that draws nothing: the timers to arm, the wake lock."""
        self.app.settle()
        return Frame(timers=self.timers.arm(), awake=self._awake())

    def _awake(self) -> bool:
        return bool(self.app.settings["wake"]) and self.app.screen == "table" and self.visible

    def _frame(self, spent: float = 0.0, whole: bool = False, played: bool = False) -> Frame:
        app = self.app
        app.settle()  # whatever the event was (a lesson's step...): the table's clocks noted
        t = clock.perf_ms()
        drawing = app.draw()
        html = drawing.html
        spans = {"apply": spent, "render": clock.perf_ms() - t}
        self.stage.bot_moved, self.timers.bot_moved = self.timers.bot_moved, False
        t = clock.perf_ms()
        fx = self.stage.effects(app)
        spans["effects"] = clock.perf_ms() - t
        self.timers.anim_ms = 0  # until this frame's animations say how long they run
        mode = app.motion(self.reduced())
        speed = effects.SPEEDS.get(mode, 1.0)
        buzz: list[int | list[int]] = []
        vibrate = bool(app.settings["vibrate"])
        pattern = next((e["buzz"] for e in fx if e["buzz"]), None)
        if pattern is not None and vibrate:
            buzz.append(motion.BUZZ[pattern])
        sounds: dict[str, float] = {}
        if app.settings["sound"]:
            sounds = {n: d * (speed or 1) for n, d in effects.sounds(fx).items()}
        if guest.your_turn(app) and vibrate:  # a guest's phone: its turn came
            buzz.append(motion.BUZZ["turn"])
        if vibrate and played:
            buzz.append(TAP_BUZZ)
        if vibrate and "vibrate" in app.effects:
            buzz.append(REFUSED_BUZZ)
        app.effects.clear()
        table = app.table
        screen = app.screen + ("/" + (app.confirm or "") if app.confirm else "")
        if table is not None:
            screen += "/" + str(table.ui.get("sheet") or "")
        t = clock.perf_ms()
        page = self.page_key(html)
        if self._painted is not None:
            self._page, self._painted = self.page_key(self._painted), None
        new_page = page != self._page
        new_page = app.take_page_top() or new_page
        focus = "page" if new_page else "screen" if screen != self._screen else "keep"
        self._screen, self._page = screen, page
        theme = app.settings["theme"]
        scene = table if app.screen == "table" else None
        hush = table is not None and table is not self._table
        if table is not None:
            self._table = table
        patch = self.patch.plan(html, drawing.regions, scene, whole)
        spans["plan"] = clock.perf_ms() - t
        frame = Frame(
            html=html,
            regions=drawing.regions,
            patch=patch,
            scene=scene,
            page=page,
            focus=focus,
            title=app.title(),
            attrs={
                "lang": app.lang,
                "data-motion": mode,
                "data-sound": "on" if app.settings["sound"] else "off",
                # how long the hold lasts, in ms (a test's clock moves on by it)
                "data-guard": str(app.hold_ms()) if app.guarded() else None,
                "data-theme": None if theme == "system" else theme,
            },
            motion=fx,
            speed=speed,
            sounds=sounds,
            buzz=buzz,
            spans=spans,
            hush=hush,
        )
        t = clock.perf_ms()
        frame.timers = self.timers.arm()
        frame.keep = app.bot_turn() is None
        frame.awake = self._awake()
        spans["timers"] = clock.perf_ms() - t
        return frame

    def page_key(self, html: str) -> str:
        """The page under any dialog or sheet: the screen, the control it asks to
        focus (a table's hand-off screen, "Pass the phone", has one), and whether
        the game on it is over (its results are drawn in the table's place: a
        new page). When it changes, the player sees a new page, which starts at
        its top."""
        app = self.app
        key = app.screen
        if (table := app.table) is not None and table.game.result(table.state) is not None:
            key += "/over"
        focused = autofocus(html)
        return key if focused is None else key + "#" + focused

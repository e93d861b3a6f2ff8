"""Same HTML for the same inputs: play scripted, seeded sessions of the app on
CPython and write a digest of every screen they draw.

Each script opens a new game of one of the three games (seat counts, humans and
bots, options drawn from its seed), then plays as a restless player would: taps
on the controls the screen offers (game moves mostly, but also sheets, the menu,
hand-offs, settings, History and its replays), with the table's timers (a bot's
move, the end of a hand-off hold, a replay's next step, an import's and the bot
lab's next slice) firing in between, reloads through the save, and a finished
game exported and imported again. Every draw (the HTML, the title and what
``<html>`` carries) goes into the script's digest.

Run it at two commits and compare: the same digests mean the same HTML for the
same inputs::

    python3 tools/same_html.py --out /tmp/now.json
    python3 tools/same_html.py --at main --out /tmp/main.json  # this driver, main's app
    python3 tools/same_html.py --against /tmp/main.json
    python3 tools/same_html.py --dump 17 > /tmp/17.txt   # one script's screens, to diff

The driver speaks to the app as the page does: through the mid end
(:mod:`web.app.midend`: events in, frames out, timers fired by their tokens) where
the tree has one, else as the page glue did before it. ``--at`` runs this same
driver against another commit's engine and UI, so a change of that surface is
checked against the code before it.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from html import unescape as html_unescape
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: The code to drive: this checkout's, or the tree --at wrote out.
sys.path.insert(0, os.environ.get("TAPETE_TREE") or str(ROOT))

GAMES = ("abyss", "carta_robada", "dice_bid")
#: Controls a script never taps: a file handed to the system, a file picked.
SKIP_ACTIONS = {"export", "import", "noop"}
#: Steps of one script (a draw each), at most.
STEPS = 200


class Control:
    """A tappable element of a drawn screen: its data attributes."""

    def __init__(self, attrs: dict[str, str]) -> None:
        self.action = attrs.get("data-action") or ""
        self.arg = attrs.get("data-arg")
        self.seat = attrs.get("data-seat")
        self.move = attrs.get("data-move")
        self.field = attrs.get("data-field")


_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
_ATTR = re.compile(r"([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*\"([^\"]*)\")?")
_DIALOG = re.compile(r"role=\"(?:alert)?dialog\"")


def _dialog_span(html: str) -> tuple[int, int] | None:
    """Where the first dialog's element starts and ends in ``html``, if any."""
    found = _DIALOG.search(html)
    if found is None:
        return None
    start = html.rfind("<", 0, found.start())
    name = _TAG.match(html, start)
    assert name is not None
    depth = 0
    for tag in _TAG.finditer(html, start):
        if tag.group(2) != name.group(2):
            continue
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return start, tag.end()
    return start, len(html)


def controls(html: str) -> list[Control]:
    """The enabled ``data-action`` controls and ``data-field`` inputs of a
    screen; with a dialog open, only those inside it (all a player can reach)."""
    span = _dialog_span(html)
    lo, hi = span if span is not None else (0, len(html))
    found = []
    for tag in _TAG.finditer(html, lo, hi):
        body = tag.group(3)
        if tag.group(1) or ("data-action" not in body and "data-field" not in body):
            continue
        attrs = {m.group(1): html_unescape(m.group(2) or "") for m in _ATTR.finditer(body)}
        if "disabled" not in attrs:
            found.append(Control(attrs))
    return found


class Clock:
    """The UI's clock for a script: virtual time, moved by the driver."""

    def __init__(self) -> None:
        self.ms = 1_000_000.0

    def now(self) -> float:
        return self.ms / 1000

    def perf_ms(self) -> float:
        """A work-bounded slice (the bot lab's) measures its time: each reading
        moves the clock by 1 ms, so a slice holds the same work every run."""
        self.ms += 1
        return self.ms


#: Timer kinds in the order a script draws among them.
KINDS = ("bot", "release", "replay", "import", "lab")


def _module(*names: str) -> Any:
    """The first of ``names`` that imports: web/ by layer, else the flat web/ before it
    (so that ``--at`` drives an older commit too)."""
    for name in names[:-1]:
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError:
            continue
    return importlib.import_module(names[-1])


class Driver:
    """Plays one script against the app, as web/shell/page.js drives it: through the
    mid end (:mod:`web.app.midend`) where there is one, else as the page glue did
    before it (the app's own methods, and the timers it wanted read from it)."""

    def __init__(self, script: int) -> None:
        registry = _module("web.app.registry", "web.registry")
        clock = _module("web.core.clock", "web.clock")
        store = _module("web.core.store", "web.store")

        self.rng = random.Random(script * 7919 + 1)
        self.clock = Clock()
        clock.now = self.clock.now
        clock.perf_ms = self.clock.perf_ms
        clock.utc_stamp = lambda: "2026-12-01T12:00:00Z"
        self.seeds = random.Random(script)
        self.storage = store.MemoryStorage()
        # The games the app is handed (before web/ui/entry.py, their tables).
        self.games = getattr(registry, "ENTRIES", None) or getattr(registry, "TABLES", {})
        self.lang = ("en-GB", "es-ES", "fr-FR")[script % 3]
        self.frames: list[str] = []
        self.html = ""
        self.mid: Any = None
        self._boot()

    def _boot(self) -> None:
        App = _module("web.app.controller", "web.app").App

        self.app = App(
            self.storage, [self.lang], lambda: self.seeds.randrange(1, 2**31), self.games
        )
        self.first: Any = None
        try:
            midend = _module("web.app.midend", "web.midend")
        except ImportError:  # before the mid end: the glue drove the app itself
            return
        self.mid = midend.MidEnd(self.app)
        self.first = self.mid.start()

    # -- what web/shell/page.js does -------------------------------------------------

    def draw(self, frame: Any = None) -> None:
        """Note a drawn screen: the mid end's ``frame``, or (before it) the app's render."""
        app = self.app
        if self.mid is not None:
            if frame is None or frame.html is None:
                return
            html, attrs = frame.html, frame.attrs
            page = {
                "lang": attrs["lang"],
                "title": frame.title,
                "guard": attrs["data-guard"] is not None,
                "theme": attrs["data-theme"] or "system",
                "motion": attrs["data-motion"],
                "sound": attrs["data-sound"] == "on",
            }
        else:
            html = app.render()
            page = {
                "lang": app.lang,
                "title": app.title(),
                "guard": app.guarded(),
                "theme": app.settings["theme"],
                "motion": app.motion(False),
                "sound": app.settings["sound"],
            }
            app.take_page_top()
        self.html = html
        self.frames.append(json.dumps(page, sort_keys=True) + "\n" + html)

    def event(self, name: str, *args: Any, draw: bool = True) -> None:
        """An event the page forwards (``tap``, ``handle``, ``press``, ``field``,
        ``back``, ``read_file``), then its screen drawn (if ``draw``)."""
        if self.mid is not None:
            frame = getattr(self.mid, name)(*args)
            if draw:
                self.draw(frame)
            return
        getattr(self.app, "import_record" if name == "read_file" else name)(*args)
        if draw:
            self.draw()

    def due(self) -> list[tuple[str, int]]:
        """The timers armed now: (kind, ms from now)."""
        app = self.app
        if self.mid is not None:
            kinds = {kind for kind, _, _ in self.mid.timers.pending()}
        else:
            kinds = set()
            if app.bot_turn() is not None and not (app.table and app.table.ui.get("sheet")):
                kinds.add("bot")
            if app.guarded():
                kinds.add("release")
            if app.replay_plan() is not None and app.table is not None:
                kinds.add("replay")
            if app.opening is not None:
                kinds.add("import")
            if app.lab.running:
                kinds.add("lab")
        ms = {"bot": app.bot_delay_ms, "release": lambda: 400, "replay": app.replay_plan}
        return [(kind, ms[kind]() if kind in ms else 0) for kind in KINDS if kind in kinds]

    def fire(self, kind: str) -> None:
        """A due timer fires (with a bot's, the slices of its thought first: a
        thought takes no time on this clock); its screen drawn if it changed."""
        app = self.app
        if self.mid is not None:
            tokens = {k: token for k, _, token in self.mid.timers.pending()}
            armed = tokens.get(kind)
            while kind == "bot" and "think" in tokens and tokens.get(kind) == armed:
                self.draw(self.mid.fire("think", tokens["think"]))
                tokens = {k: token for k, _, token in self.mid.timers.pending()}
            if armed is not None and tokens.get(kind) == armed:
                self.draw(self.mid.fire(kind, armed))
            return
        if kind == "bot":
            seat = app.bot_turn()
            moved = seat is not None and app.bot_play(seat, app.table.state.moves)
        elif kind == "release":
            moved = app.release()
        elif kind == "replay":
            moved = app.replay_tick(app.table.step)
        elif kind == "import":
            moved = app.import_step()
        else:
            moved = app.lab_step()
        if moved:
            self.draw()

    def tap(self, control: Control) -> None:
        if control.field is not None:
            value = self.rng.choice(("Ana", "", "Ben Ibn Abi Talib Al-Hashimi", "Zoé"))
            self.event("field", control.field, control.arg, value, draw=False)
            if self.mid is not None:  # the edit is done: the page tells the mid end
                self.draw(self.mid.changed(control.field))
            elif control.field == "name":  # the glue redrew for a seat's name
                self.draw()
            return
        if self.rng.random() < 0.9:
            self.event("press", draw=False)
        if control.move is not None:
            self.event("tap", int(control.seat or 0), control.action, int(control.move))
        else:
            self.event("handle", control.action, control.arg)

    # -- the script -------------------------------------------------------------

    def setup(self, game: str) -> None:
        """The new-game form, filled by taps on its own controls (seat count,
        humans and bot levels, options), then Start."""
        self.event("handle", "new", game)
        form = ("count", "seat-kind", "seat-level", "option", "pick-player")
        for _ in range(self.rng.randrange(2, 14)):
            found = [c for c in controls(self.html) if c.action in form or c.field == "name"]
            if found:
                self.tap(self.rng.choice(found))
        if self.rng.random() < 0.5:
            speed = self.rng.choice(("slow", "normal", "fast"))
            self.event("handle", "set", "bot_speed=" + speed, draw=False)
        self.event("handle", "start")

    def finish(self) -> None:
        """Play the game on the table to its end, moves and timers only."""
        for _ in range(500):
            table = self.app.table
            if table is None or table.game.result(table.state) is not None:
                return
            if self.app.screen != "table":
                self.event("handle", "continue")
            due = self.due()
            if due:
                kind, ms = due[0]
                self.clock.ms += ms
                self.fire(kind)
                continue
            moves = [c for c in controls(self.html) if c.move is not None]
            if not moves:
                leave = SKIP_ACTIONS | {"quit", "quit_yes", "home", "go", "back", "rules"}
                found = [c for c in controls(self.html) if c.action not in leave]
                if not found:
                    return
                moves = found
            self.clock.ms += 250
            self.tap(self.rng.choice(moves))

    def browse(self) -> None:
        """History after the game: its entries, their scores and replays."""
        self.event("handle", "go", "history")
        for _ in range(60):
            self.step()

    def pick(self, found: list[Control]) -> Control | None:
        found = [c for c in found if c.action not in SKIP_ACTIONS and c.field != "import"]
        moves = [c for c in found if c.move is not None]
        if moves and self.rng.random() < 0.8:
            return self.rng.choice(moves)
        others = [c for c in found if c.move is None]
        if not others:
            return None
        # Leaving a game rarely: a restless player still plays on.
        calm = [c for c in others if c.action not in ("quit", "quit_yes", "home", "go")]
        if calm and self.rng.random() < 0.85:
            return self.rng.choice(calm)
        return self.rng.choice(others)

    def step(self) -> None:
        due = self.due()
        found = controls(self.html)
        if due and (not found or self.rng.random() < 0.6):
            kind, ms = self.rng.choice(due)
            self.clock.ms += ms
            self.fire(kind)
            return
        control = self.pick(found)
        if control is None:
            if not due:
                self.event("back")
            return
        self.clock.ms += self.rng.choice((30, 120, 250, 700, 2000))
        self.tap(control)

    def reload(self) -> None:
        self.app.save()
        self._boot()
        self.draw(self.first)

    def exchange(self) -> None:
        """Export the game on the table, if it may be, and open it again."""
        out = self.app.export_record()
        if out is None:
            return
        self.event("read_file", out[1])
        for _ in range(50):
            if self.app.opening is None:
                break
            self.fire("import")

    def run(self, game: str) -> str:
        self.draw(self.first if self.mid is not None else None)
        self.setup(game)
        for n in range(STEPS):
            if self.rng.random() < 0.015:
                self.reload()
            if n == STEPS // 2 or (self.app.table and self.rng.random() < 0.01):
                self.exchange()
            self.step()
        self.finish()
        self.exchange()
        self.browse()
        digest = hashlib.sha256()
        for frame in self.frames:
            digest.update(frame.encode())
            digest.update(b"\0")
        return digest.hexdigest()


def digests(count: int, only: int | None = None) -> Iterator[tuple[int, str, Driver]]:
    for script in range(count) if only is None else [only]:
        driver = Driver(script)
        yield script, driver.run(GAMES[script % len(GAMES)]), driver


def tree_of(commit: str, into: str) -> None:
    """Write ``commit``'s engine and UI into the folder ``into``."""
    tree = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "engine", "web"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", into], input=tree, check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scripts", type=int, default=200, help="how many (default 200)")
    parser.add_argument("--out", help="write the digests here (JSON)")
    parser.add_argument("--against", help="compare with digests written before")
    parser.add_argument("--at", help="drive the app as it is at this commit (this driver)")
    parser.add_argument("--dump", type=int, help="print every screen of this one script")
    args = parser.parse_args()
    if args.at:
        with tempfile.TemporaryDirectory() as tmp:
            tree_of(args.at, tmp)
            forwarded = [a for a in sys.argv[1:] if a not in ("--at", args.at)]
            env = {**os.environ, "TAPETE_TREE": tmp}
            return subprocess.call([sys.executable, __file__, *forwarded], env=env)
    if args.dump is not None:
        for _, _, driver in digests(0, args.dump):
            print("\n\f\n".join(driver.frames))
        return 0
    found = {str(s): d for s, d, driver in digests(args.scripts)}
    total = hashlib.sha256("".join(found.values()).encode()).hexdigest()
    print(f"{len(found)} scripts, all: {total}")
    if args.out:
        Path(args.out).write_text(json.dumps(found, indent=0, sort_keys=True) + "\n")
    if args.against:
        before = json.loads(Path(args.against).read_text())
        differ = [s for s in found if before.get(s) != found[s]]
        if differ:
            print(f"different HTML in {len(differ)} scripts: {' '.join(differ[:30])}")
            return 1
        print(f"same HTML as {args.against} ({len(found)} scripts)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

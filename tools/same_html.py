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
    python3 tools/same_html.py --at main --out /tmp/main.json
    python3 tools/same_html.py --against /tmp/main.json
    python3 tools/same_html.py --dump 17 > /tmp/17.txt   # one script's screens, to diff

The driver only uses what the browser glue uses of the app (construct it, tap,
press, edit a field, fire what is due, draw), so it survives changes inside it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from html import unescape as html_unescape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

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


class Driver:
    """Plays one script against the app, as web/main.py would drive it."""

    def __init__(self, script: int) -> None:
        from web import clock, registry, store

        self.rng = random.Random(script * 7919 + 1)
        self.clock = Clock()
        clock.now = self.clock.now
        clock.perf_ms = self.clock.perf_ms
        clock.utc_stamp = lambda: "2026-12-01T12:00:00Z"
        self.seeds = random.Random(script)
        self.storage = store.MemoryStorage()
        # The games the app is handed (before web/entry.py, their tables).
        self.games = getattr(registry, "ENTRIES", None) or getattr(registry, "TABLES", {})
        self.lang = ("en-GB", "es-ES", "fr-FR")[script % 3]
        self.frames: list[str] = []
        self.app = self._boot()

    def _boot(self):  # type: ignore[no-untyped-def]
        from web.app import App

        return App(self.storage, [self.lang], lambda: self.seeds.randrange(1, 2**31), self.games)

    # -- what web/main.py does -------------------------------------------------

    def draw(self) -> None:
        app = self.app
        html = app.render()
        theme = app.settings["theme"]
        page = {
            "lang": app.lang,
            "title": app.title(),
            "guard": app.guarded(),
            "theme": theme,
            "motion": app.motion(False),
            "sound": app.settings["sound"],
        }
        app.take_page_top()
        self.html = html
        self.frames.append(json.dumps(page, sort_keys=True) + "\n" + html)

    def due(self) -> list[tuple[str, int]]:
        """The timers web/main.py would arm after this draw: (kind, ms)."""
        app = self.app
        out = []
        if app.bot_turn() is not None and not (app.table and app.table.ui.get("sheet")):
            out.append(("bot", app.bot_delay_ms()))
        if app.guarded():
            out.append(("release", 400))
        ms = app.replay_plan()
        if ms is not None and app.table is not None:
            out.append(("replay", ms))
        if app.opening is not None:
            out.append(("import", 0))
        if app.lab.running:
            out.append(("lab", 0))
        return out

    def fire(self, kind: str) -> bool:
        """A due timer fires; whether it changed what is drawn."""
        app = self.app
        if kind == "bot":
            seat = app.bot_turn()
            return seat is not None and app.bot_play(seat, app.table.state.moves)
        if kind == "release":
            return app.release()
        if kind == "replay":
            return app.replay_tick(app.table.step)
        if kind == "import":
            return app.import_step()
        if kind == "lab":
            return app.lab_step()
        raise ValueError(kind)

    def tap(self, control: Control) -> None:
        app = self.app
        if control.field is not None:
            value = self.rng.choice(("Ana", "", "Ben Ibn Abi Talib Al-Hashimi", "Zoé"))
            app.field(control.field, control.arg, value)
            return
        if self.rng.random() < 0.9:
            app.press()
        if control.move is not None:
            app.tap(int(control.seat or 0), control.action, int(control.move))
        else:
            app.handle(control.action, control.arg)

    # -- the script -------------------------------------------------------------

    def setup(self, game: str) -> None:
        """The new-game form, filled by taps on its own controls (seat count,
        humans and bot levels, options), then Start."""
        app = self.app
        app.handle("new", game)
        self.draw()
        form = ("count", "seat_kind", "option", "pick_player")
        for _ in range(self.rng.randrange(2, 14)):
            found = [c for c in controls(self.html) if c.action in form or c.field == "name"]
            if found:
                self.tap(self.rng.choice(found))
                self.draw()
        if self.rng.random() < 0.5:
            app.handle("set", "bot_speed=" + self.rng.choice(("slow", "normal", "fast")))
        app.handle("start")
        self.draw()

    def finish(self) -> None:
        """Play the game on the table to its end, moves and timers only."""
        for _ in range(500):
            table = self.app.table
            if table is None or table.game.result(table.state) is not None:
                return
            if self.app.screen != "table":
                self.app.handle("continue")
                self.draw()
            due = self.due()
            if due:
                kind, ms = due[0]
                self.clock.ms += ms
                if self.fire(kind):
                    self.draw()
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
            self.draw()

    def browse(self) -> None:
        """History after the game: its entries, their scores and replays."""
        self.app.handle("go", "history")
        self.draw()
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
            if self.fire(kind):
                self.draw()
            return
        control = self.pick(found)
        if control is None:
            if not due:
                self.app.back()
                self.draw()
            return
        self.clock.ms += self.rng.choice((30, 120, 250, 700, 2000))
        self.tap(control)
        self.draw()

    def reload(self) -> None:
        self.app.save()
        self.app = self._boot()
        self.draw()

    def exchange(self) -> None:
        """Export the game on the table, if it may be, and open it again."""
        out = self.app.export_record()
        if out is None:
            return
        self.app.import_record(out[1])
        self.draw()
        for _ in range(50):
            if self.app.opening is None:
                break
            self.fire("import")
            self.draw()

    def run(self, game: str) -> str:
        self.draw()
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


def at_commit(commit: str, args: list[str]) -> int:
    """Run this tool as it is at ``commit`` (its own copy, in a temporary folder)."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = subprocess.run(
            ["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=tree, check=True)
        return subprocess.call([sys.executable, str(Path(tmp) / "tools" / "same_html.py"), *args])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scripts", type=int, default=200, help="how many (default 200)")
    parser.add_argument("--out", help="write the digests here (JSON)")
    parser.add_argument("--against", help="compare with digests written before")
    parser.add_argument("--at", help="run the tool as it is at this commit instead")
    parser.add_argument("--dump", type=int, help="print every screen of this one script")
    args, rest = parser.parse_known_args()
    if args.at:
        forwarded = [a for a in sys.argv[1:] if a not in ("--at", args.at)]
        return at_commit(args.at, forwarded + rest)
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

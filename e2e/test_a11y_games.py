"""Whole games played from the accessibility tree alone, at 360x640: every tap
found by its role and accessible name (``get_by_role``), every choice made from
the names and from what the live regions said, never from CSS classes or
positions on the screen. Each title in one language, twice: one person with
bots, and two people passing the phone (taking each hand-off by its name).

The page's ear (:data:`EAR_JS`) writes down what a screen reader would hear on
its own: the new words of every live region (``aria-live`` polite or assertive,
``role=status``) that is live when they change. The move line's words, in
order, are the game's move log (its Moves sheet, read at the end); axe-core
(every impact, the production CSP on) finds nothing on any screen or sheet the
game reached."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field

import pytest

import engine
from e2e.helpers import (
    AXE_PATH,
    PHONES,
    clock_next,
    clock_pending,
    live,
    open_app,
    patch,
    restart,
    save_of,
    settled,
    shoot,
)
from engine.bots import BOTS
from tools.browser import origin_of
from web.app.registry import ENTRIES
from web.core.i18n import Tr, bot_level
from web.core.model import Seat, Table
from web.core.newgame import default_level

#: What a screen reader hears without asking: each live region's words when they
#: change while it is live (a region's first words, drawn with the screen, are
#: not news; a region that is ``aria-live=off`` says nothing, and its words are
#: still followed, so that it speaks only of a later change).
EAR_JS = """(() => {
    if (window.tapeteEar) return;
    const heard = [], last = new WeakMap();
    const REGION = '[aria-live], [role=status], [role=alert], [role=log]';
    const words = el => (el.textContent || '').replace(/\\s+/g, ' ').trim();
    const listen = () => {
        for (const el of document.querySelectorAll(REGION)) {
            if (el.parentElement && el.parentElement.closest(REGION)) continue;
            // a change of the raw text is news (said.js tells the same words again
            // with a no-break space), its words are what is heard
            const raw = el.textContent || '', now = words(el), was = last.get(el);
            last.set(el, raw);
            if (was === undefined || was === raw || !now) continue;
            if ((el.getAttribute('aria-live') || 'polite') === 'off') continue;
            if (el.closest('[aria-hidden=true], [hidden], [inert]')) continue;
            heard.push({region: el.id || el.className, text: now});
        }
    };
    window.tapeteEarObserver = new MutationObserver(listen);
    window.tapeteEarObserver.observe(document.documentElement,
        {subtree: true, childList: true, characterData: true, attributes: true});
    listen();
    window.tapeteEar = heard;
})()"""
EAR_UNDO = "(() => { window.tapeteEarObserver.disconnect(); delete window.tapeteEar; })()"


@dataclass
class Node:
    """One line of Playwright's ARIA snapshot: a role, its name, its state."""

    role: str
    name: str
    flags: set[str]
    parents: list[Node] = field(default_factory=list)


_LINE = re.compile(r"^(\s*)- '?(\w+)(?: \"((?:[^\"]|\"\")*)\")?((?: \[[^\]]*\])*)")


def tree(page) -> list[Node]:
    """Every node of the page's accessibility tree with a role, in page order,
    each with its ancestors (Playwright's ``aria_snapshot``)."""
    nodes: list[Node] = []
    stack: list[tuple[int, Node]] = []
    for line in page.locator("body").aria_snapshot().splitlines():
        m = _LINE.match(line)
        if not m:
            continue
        depth = len(m.group(1))
        name = (m.group(3) or "").replace("''", "'")
        node = Node(m.group(2), name, set(re.findall(r"\[([^\]=]+)", m.group(4))))
        while stack and stack[-1][0] >= depth:
            stack.pop()
        node.parents = [n for _, n in stack]
        stack.append((depth, node))
        nodes.append(node)
    return nodes


def press(page, name: str, role: str = "button") -> None:
    """Tap the control called ``name`` once its seat's controls are live."""
    live(page)
    page.get_by_role(role, name=name, exact=True).first.click()


def axe_all(page, label: str) -> None:
    """axe-core on the whole page: no violation of any impact."""
    settled(page)
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(url=origin_of(page.url) + AXE_PATH)
    violations = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .map(v => ({id: v.id, impact: v.impact, help: v.help,
                        nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"""
    )
    assert not violations, f"axe on {label}: {json.dumps(violations, indent=1)}"


#: The app's own buttons on a table, which play nothing: they open a sheet or leave.
CHROME_KEYS = (
    "table.home",
    "table.menu",
    "abyss.hint",
    "dice.hint",
    "abyss.history.open",
    "dice.sheet.open",
    "history.details",
)


def chrome_names(tr: Tr) -> re.Pattern[str]:
    shown = [re.escape(tr(key, n=0)).replace("0", r"\d+") for key in CHROME_KEYS]
    return re.compile(r"^(✦ |☰ )?(" + "|".join(shown) + ")$")


def screen_kind(nodes: list[Node]) -> str:
    """Which screen or sheet is up, whatever the game's numbers and names: the
    page's title, its regions and dialogs."""
    kinds = [
        f"{n.role}:{re.sub(r'[0-9−-]+|Ana|Ben|Rob', '#', n.name)}"
        for n in nodes
        if n.role in ("dialog", "region") or (n.role == "heading" and "level=1" in n.flags)
    ]
    return " ".join(kinds)


@dataclass
class Player:
    """The test at the table: it reads the tree, takes the phone at a hand-off,
    taps what the names offer (a seeded random choice) and lets the bots play."""

    page: object
    tr: Tr
    rng: random.Random
    seen: set[str] = field(default_factory=set)
    #: Buttons that open a sheet instead of playing: closed again, and left alone.
    avoid: set[str] = field(default_factory=set)

    def check(self, nodes: list[Node]) -> None:
        """axe on this kind of screen or sheet, the first time it is up."""
        kind = screen_kind(nodes)
        if kind not in self.seen:
            self.seen.add(kind)
            axe_all(self.page, kind)

    def choices(self, nodes: list[Node]) -> list[str]:
        """The table's buttons that play: live, inside the table (the page's
        main landmark holds the screen's), not the app's own (Home, Menu, Hint,
        a sheet's), not the move line (a status: it opens the Moves sheet)."""
        chrome = chrome_names(self.tr)
        found = []
        for n in nodes:
            if n.role != "button" or "disabled" in n.flags or chrome.match(n.name):
                continue
            roles = [p.role for p in n.parents]
            if "main" not in roles or "status" in roles or "dialog" in roles:
                continue
            found.append(n.name)
        return found

    def handoff(self, nodes: list[Node]) -> str | None:
        """The "I am Ben" of a hand-off up now (a region named "Pass the phone to
        Ben"), or None."""
        for n in nodes:
            for who in ("Ana", "Ben"):
                if n.role == "region" and n.name == self.tr("handoff.pass", name=who):
                    return self.tr("handoff.ready", name=who)
        return None

    def bots(self) -> None:
        """Let the UI's timers run one at a time (a bot's pause, its move, the
        hold after a hand-over) until the table waits on a person."""
        for _ in range(400):
            if not clock_pending(self.page):
                return
            clock_next(self.page)
        raise AssertionError("the timers never settle")

    def play(self, limit: int = 1500) -> None:
        """Play until the game is over: no button plays, and Rematch is offered.
        A failure carries the game saved so far (its deal and its moves: the
        deal is the page's own random one, and only the save can replay it)."""
        try:
            self._play(limit)
        except Exception as error:
            try:
                saved = json.dumps(save_of(self.page))
            except Exception as unread:  # a page too broken to read its storage
                saved = f"unreadable ({unread})"
            error.add_note(f"the game saved so far (restart(page, {{'tapete.save': it}})): {saved}")
            raise

    def _play(self, limit: int) -> None:
        rematch = self.tr("end.rematch")
        last, taps = "", []
        for _ in range(limit):
            self.bots()
            live(self.page)
            nodes = tree(self.page)
            self.check(nodes)
            if any(n.role == "button" and n.name == rematch for n in nodes):
                return
            if any(n.role == "dialog" for n in nodes):
                self.avoid.add(last)
                press(self.page, self.tr("sheet.close"))
                continue
            ready = self.handoff(nodes)
            if ready is not None:
                press(self.page, ready)
                continue
            offered = [name for name in self.choices(nodes) if name not in self.avoid]
            assert offered, f"nothing to tap on {screen_kind(nodes)}"
            last = self.rng.choice(offered)
            taps.append(last)
            press(self.page, last)
        raise AssertionError(f"no end after {limit} taps; the last ones: {taps[-12:]}")


#: Each title in its language: axe and the names are checked in that one.
TITLES = {"abyss": "en-GB", "carta_robada": "es-ES", "dice_bid": "fr-FR"}


def in_its_language(browser, site_url, game_id: str):
    """(its catalog, (context, page, watch)): the shared page at 360x640 in the
    title's language, its clock paused, no motion."""
    lang = TITLES[game_id]
    opened = open_app(
        browser, site_url, 360, 640, langs=lang, clock="paused", reduced_motion="reduce"
    )
    return Tr(lang.split("-")[0]), opened


def new_game(page, tr: Tr, game_id: str, seats: list[tuple[str, bool]]) -> None:
    """From Home to the table, by names: the game's "New game", the number of
    players, each name typed in its field, each bot's seat switched to a bot."""
    press(page, f"{tr('home.new')} {tr(f'game.{game_id}.name')}")
    for _ in range(len(seats) - 2):
        press(page, tr("setup.more"))
    human = tr("setup.human")
    for i, (name, bot) in enumerate(seats):
        if bot:
            press(page, tr("setup.kind_of", n=i + 1, kind=human))
        page.get_by_role("textbox", name=tr("setup.seat_name", n=i + 1), exact=True).fill(name)
    if game_id == "abyss":  # the lowest end score: the first round's end ends the game
        lower = tr("setup.less", what=tr("abyss.opt.end_score"))
        while not page.get_by_role("button", name=lower, exact=True).is_disabled():
            press(page, lower)


def move_log(record: dict, tr: Tr) -> list[str]:
    """What the move log says of each action of the game ``record``, in order:
    its sentences of the events the action made (what its Moves sheet lists)."""
    game_id = record["game"]
    game, log = engine.GAMES[game_id], ENTRIES[game_id].table.move_log()
    assert log is not None
    seats = [Seat(s["name"], s["kind"], s["level"]) for s in record["seats"]]
    said, before = [], None
    for _done, _total, state in game.load_steps(record):
        if before is not None:
            table = Table(game_id=game_id, game=game, state=state, seats=seats, started="")
            said.append(" ".join(m.text for m in log(tr, table, before)))
        before = state.log.size
    return said


@pytest.mark.parametrize(
    ("game_id", "people"),
    [
        ("abyss", 1),
        ("abyss", 2),
        ("carta_robada", 1),
        ("carta_robada", 2),
        ("dice_bid", 1),
        ("dice_bid", 2),
    ],
    ids=lambda v: {1: "with-bots", 2: "passing-the-phone"}.get(v, v),
)
def test_a_whole_game_from_the_accessibility_tree(browser, site_url, game_id, people) -> None:
    tr, (context, page, watch) = in_its_language(browser, site_url, game_id)
    try:
        patch(page, EAR_JS, EAR_UNDO)
        seats = [("Ana", False), ("Ben", people < 2), ("Rob", True)]
        player = Player(page, tr, random.Random(f"{game_id}{people}"))
        player.check(tree(page))
        new_game(page, tr, game_id, seats)
        # each seat switched to a bot said its new kind, the focus still on its button
        bot = tr("setup.bot", level=bot_level(tr, default_level(list(ENTRIES[game_id].bots))))
        switched = [
            " ".join(tr("setup.kind_of", n=i + 1, kind=bot).split())  # as the ear's words
            for i, s in enumerate(seats)
            if s[1]
        ]
        # ...and a level chosen beside it, which renames that button too, is not
        # (the focus is on the level, which says its own pressed state)
        levels = page.get_by_role("group", name=tr("setup.level_of", n=3), exact=True)
        default = bot_level(tr, default_level(list(ENTRIES[game_id].bots)))
        for level in (bot_level(tr, "hard"), default):
            levels.get_by_role("button", name=level, exact=True).click()
        heard = page.evaluate("() => window.tapeteEar")
        assert [h["text"] for h in heard if h["region"] == "said"] == switched
        player.check(tree(page))
        page.evaluate("() => { window.tapeteEar.length = 0; }")
        press(page, tr("setup.start"))
        player.play()
        heard = page.evaluate("() => window.tapeteEar")
        told = [h["text"] for h in heard if h["region"] == "last-move"]
        record = save_of(page)
        assert record is not None
        log = [" ".join(line.split()) for line in move_log(record, tr) if line]
        # every move is told, in order (a person's two steps may come as one line);
        # the one that ends the game may bring the results instead of the table
        # (Abyss, the dice game), and their verdict is said (web/shell/said.js)
        assert " ".join(told) in (" ".join(log), " ".join(log[:-1]))
        verdict = page.get_by_role("main").get_by_role("status").filter(has_text="♛")
        said = [h["text"] for h in heard if h["region"] == "said"]
        assert said == [" ".join(verdict.inner_text().split())]
        press(page, tr("table.menu"))
        press(page, tr("moves.title"))
        player.check(tree(page))
        watch.assert_clean()
    finally:
        context.close()


def before_a_bot_ends_round_one(seed: int = 4):
    """Abyss, Ana and a bot, just before the bot's move that ends the first round
    (the game goes on: the end score is 100)."""
    game = engine.GAMES["abyss"]
    for salt in range(seed, seed + 50):
        state = game.new(2, salt, {})
        bots = [BOTS["abyss"]["medium"](salt * 2 + s) for s in range(2)]
        while game.view(state, 0)["last_round"] is None:
            who = game.actors(state)[0]
            after = game.apply(
                state, who, bots[who].act(game.view(state, who), game.legal(state, who))
            )
            if (
                who == 1
                and game.view(after, 0)["last_round"] is not None
                and not game.result(after)
            ):
                return state
            state = after
    raise AssertionError("no deal where the bot ends the first round")


def test_a_round_end_is_said_once_with_who_closed(browser, site_url) -> None:
    """The round's summary replaces the table (its live regions with it): the
    page says its title and who closed the round, as it comes up and not again."""
    tr, (context, page, watch) = in_its_language(browser, site_url, "abyss")
    try:
        seats = [
            {"name": "Ana", "kind": "human", "level": None},
            {"name": "Rob", "kind": "bot", "level": "medium"},
        ]
        record = engine.GAMES["abyss"].dump(before_a_bot_ends_round_one())
        record.update(app="tapete", seats=seats, started="", recorded=False)
        restart(page, {"tapete.save": json.dumps(record)})
        patch(page, EAR_JS, EAR_UNDO)
        player = Player(page, tr, random.Random(0))
        player.bots()
        live(page)
        title = page.get_by_role("heading", name=tr("abyss.round_over", n=1))
        title.wait_for()
        banner = " ".join(page.locator("#app .round-end .banner").inner_text().split())
        said = [h["text"] for h in page.evaluate("() => window.tapeteEar") if h["region"] == "said"]
        assert said == [f"{tr('abyss.round_over', n=1)} {banner}"]
        # a redraw of the same summary (a sheet opened and closed over it) says nothing
        press(page, tr("table.menu"))
        press(page, tr("sheet.close"))
        again = [
            h["text"] for h in page.evaluate("() => window.tapeteEar") if h["region"] == "said"
        ]
        assert again == said, "said once"
        watch.assert_clean()
    finally:
        context.close()


#: Every element whose box clips its text, every pair of controls that overlap,
#: every two words drawn over each other, every word or badge that leaves its card
#: or button, and how far the page scrolls sideways.
OVERFLOW_JS = """() => {
    const found = [], width = document.documentElement.clientWidth;
    const over = document.documentElement.scrollWidth - width;
    if (over > 0) found.push(`the page scrolls ${over}px sideways`);
    for (const el of document.querySelectorAll('#app *')) {
        const b = el.getBoundingClientRect();
        if (over > 0 && b.right > width + 1 && b.width > 1)
            found.push(`${el.tagName.toLowerCase()}.${el.className}: ends at ${b.right}px`);
    }
    const shown = el => {
        const b = el.getBoundingClientRect();
        return b.width > 0 && b.height > 0;
    };
    for (const el of document.querySelectorAll('#app *')) {
        if (!shown(el) || !el.textContent.trim()) continue;
        const box = el.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;  // words for screen readers only
        const style = getComputedStyle(el);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
        if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
            found.push(`${el.tagName.toLowerCase()}.${el.className}: clips its text`);
    }
    // A sticky bar (the setup's Start) stands over what scrolls under it, and keeps its
    // own place at the end of the flow, so each control scrolls clear of it.
    const sticky = el => { for (let e = el; e; e = e.parentElement)
        if (getComputedStyle(e).position === 'sticky') return true; return false; };
    const controls = [...document.querySelectorAll('#app button, #app input')].filter(shown)
        .filter(el => !el.closest('[inert]') && !sticky(el));
    for (let i = 0; i < controls.length; i++) for (let j = i + 1; j < controls.length; j++) {
        const a = controls[i].getBoundingClientRect(), b = controls[j].getBoundingClientRect();
        if (controls[i].contains(controls[j]) || controls[j].contains(controls[i])) continue;
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x > 1 && y > 1) found.push(`${controls[i].textContent.trim().slice(0, 24)} overlaps `
                                        + controls[j].textContent.trim().slice(0, 24));
    }
    // Words drawn over other words: each text's lines, two by two, taken at their middle
    // (three fifths of a line's height: a line's box is its font's whole height, so the
    // ascent of one line reaching into the descent of the line above is no overlap, nor a
    // glyph's empty head and foot standing out of a round icon button), and words that
    // leave their card or button. Words for screen readers only, and the sticky bar's
    // (it stands over what scrolls under it, as above), aside.
    const runs = [];
    const walk = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const el = n.parentElement, text = n.textContent.trim();
        if (!text || !shown(el) || el.closest('[inert]') || sticky(el)) continue;
        const own = el.getBoundingClientRect();
        if (own.width <= 1 || own.height <= 1) continue;
        if (getComputedStyle(el).visibility !== 'visible') continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects())
            if (r.width > 1 && r.height > 1) runs.push({node: n, el, text, r});
    }
    const middle = r => ({left: r.left, right: r.right,
                          top: r.top + r.height / 5, bottom: r.bottom - r.height / 5});
    for (let i = 0; i < runs.length; i++) for (let j = i + 1; j < runs.length; j++) {
        if (runs[i].node === runs[j].node) continue;
        const a = middle(runs[i].r), b = middle(runs[j].r);
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x > 1 && y > 1) found.push(`"${runs[i].text.slice(0, 24)}" overlaps "`
                                        + `${runs[j].text.slice(0, 24)}"`);
    }
    const within = (inner, outer) => inner.left >= outer.left - 1 && inner.right <= outer.right + 1
        && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
    const at = r => `${Math.round(r.left)}..${Math.round(r.right)} x `
                    + `${Math.round(r.top)}..${Math.round(r.bottom)}`;
    for (const holder of document.querySelectorAll('#app .card, #app button')) {
        if (!shown(holder) || holder.closest('[inert]')) continue;
        const box = holder.getBoundingClientRect(), what = holder.id || holder.className;
        for (const el of holder.querySelectorAll('*')) {
            if (!shown(el)) continue;
            // an inline box is its font's whole height too
            const b = el.getBoundingClientRect();
            if (!within(getComputedStyle(el).display === 'inline' ? middle(b) : b, box))
                found.push(`${el.tagName.toLowerCase()}.${el.className} (${at(b)}) leaves `
                           + `${what} (${at(box)})`);
        }
        for (const run of runs)
            if (holder.contains(run.el) && !within(middle(run.r), box))
                found.push(`"${run.text.slice(0, 24)}" (${at(run.r)}) leaves ${what} (${at(box)})`);
    }
    // a form control takes the page's text size (the browser's own 13.33px would not grow)
    const root = parseFloat(getComputedStyle(document.documentElement).fontSize);
    for (const el of document.querySelectorAll('#app input, #app select, #app textarea')) {
        if (!shown(el) || el.type === 'file') continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < 0.85 * root) found.push(`${el.tagName.toLowerCase()}#${el.id}: ${size}px text`);
    }
    return found;
}"""
#: Twice the text: the root's font size doubled, as a profile's default font size
#: of 32 px would (every size in the style sheet is in rem or em).
DOUBLE_TEXT = "document.documentElement.style.fontSize = '200%'"


@pytest.mark.parametrize("game_id", ["abyss", "carta_robada", "dice_bid"])
def test_twice_the_text_fits_at_360x640(browser, site_url, artifacts, game_id) -> None:
    tr, (context, page, watch) = in_its_language(browser, site_url, game_id)
    try:
        patch(page, DOUBLE_TEXT, "document.documentElement.style.fontSize = ''")
        problems = {"home": page.evaluate(OVERFLOW_JS)}
        shoot(page, artifacts, f"text200-{game_id}-home")
        new_game(page, tr, game_id, [("Ana", False), ("Ben", False), ("Rob", True)])
        problems["setup"] = page.evaluate(OVERFLOW_JS)
        shoot(page, artifacts, f"text200-{game_id}-setup")
        press(page, tr("setup.start"))
        live(page)
        # the table at both phone sizes, and at the default text size too (the same words
        # must not run into each other there either)
        for width, height in PHONES:
            page.set_viewport_size({"width": width, "height": height})
            problems[f"table {width}x{height}"] = page.evaluate(OVERFLOW_JS)
            shoot(page, artifacts, f"text200-{game_id}-table")
        page.evaluate("document.documentElement.style.fontSize = ''")
        for width, height in PHONES:
            page.set_viewport_size({"width": width, "height": height})
            problems[f"table {width}x{height} at 100%"] = page.evaluate(OVERFLOW_JS)
            shoot(page, artifacts, f"text100-{game_id}-table")
        assert not any(problems.values()), json.dumps(problems, indent=1, ensure_ascii=False)
        watch.assert_clean()
    finally:
        context.close()

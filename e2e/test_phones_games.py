"""The three games on three phones over loopback WebRTC: a host (Ana, and a
bot) and two guests (Ben and Cleo) in three browser contexts, linked by
pasting each other's codes, play each game to its final result. Mid-game Ben
leaves his table and is linked again, and later the host's page reloads for
real: both guests are linked again, and the game goes on at the very move it
was at. At every step neither guest's page, nor any message it received, holds
what its seat has not seen: in Carta robada a card (the deck is stacked so that
each secret is a card whose name appears nowhere else), in the dice game
another seat's pick before the reveal.

The host is the shared warm page; the two guests are the run's phones
(:class:`e2e.helpers.Phone`: profiles of their own with no service worker, each
booted once for the run), restarted once for all three games; each records the
messages its channel delivers.

Last, a guest that drops (its page closes) is shown as away, and the host can let
a bot play its seat: Ben's phone is not needed after that."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import engine
from e2e import test_phones
from e2e.helpers import open_app, phone_of, reload
from e2e.tables_helpers import load_table, page_words, record_of, seat, true_state

#: One worker of a pytest-xdist run holds the run's guest phones (they are booted
#: once each): every test of several phones runs there.
pytestmark = pytest.mark.xdist_group("phones")

GUESTS = {1: "Ben", 2: "Cleo"}
#: Their phones (:func:`e2e.helpers.phone_of`), the run's guest phones.
PHONES = {1: test_phones.BEN, 2: test_phones.CLEO}
#: A phone's own controls that move a game on (a card to peek at or to bid with
#: chosen, a look done, a round's results seen); every game button but a cut or a
#: tie is played.
FLOW = ("psel", "select", "look-done", "next-round", "results")
NO_MOVE = ("cut", "tied")

#: Carta robada's secrets: the one Milagro (Ana's), Bendición (Cleo's), Maldición
#: (the bot's); Ben's cards and the pile are numbers only, and the marker comes early.
DEALT = [
    ["milagro", "1", "2", "3"],
    ["4", "5", "6", "7"],
    ["bendicion", "8", "9", "10"],
    ["maldicion", "1", "2", "3"],
]
PILE = ["4", "5", "snap", "6", "7", "8", "9", "10", "1", "2", "3", "4", "5", "6", "7", "8"]
SECRETS = {
    "milagro": r"Miracle|Milagro|milagro",
    "bendicion": r"Blessing|Bendición|bendicion",
    "maldicion": r"Curse|Maldición|maldicion",
}


@pytest.fixture(scope="module")
def guests(phones_browser, site_url):
    """Ben's and Cleo's phones, restarted once for the file."""
    return {s: phone_of(phones_browser, site_url, PHONES[s]).borrow() for s in GUESTS}


def host_table(host, game_id: str, options: dict) -> None:
    """Ana's saved game with Ben and Cleo on other phones and a bot: the host's
    page opens it with both phones away."""
    seats = [seat("Ana"), seat("Ben", "phone"), seat("Cleo", "phone"), seat("Bot", "bot", "easy")]
    state = engine.GAMES[game_id].new(4, 5, options)
    load_table(host, {**record_of(game_id, seats, state), "bot_salt": 3})
    for name in GUESTS.values():
        assert f"{name}'s phone is away" in host.inner_text("#app")


def link(host, guest, s: int) -> None:
    """Seat ``s``'s phone links again at the table (``test_phones.relink``)."""
    test_phones.relink(host, guest, s, GUESTS[s])


def offered(page, scope: str, s: int) -> list[dict]:
    """The enabled controls a player of seat ``s`` may use on this page to move
    the game on: its game buttons (no cut), else its flow controls."""
    found = page.eval_on_selector_all(
        f"{scope} button[data-action]:not([disabled])",
        """(els, s) => els.map((e, i) => ({i, action: e.dataset.action,
             seat: e.dataset.seat ?? null, move: e.dataset.move ?? null}))""",
        str(s),
    )
    moves = [
        b
        for b in found
        if b["move"] is not None and b["seat"] == str(s) and not b["action"].startswith(NO_MOVE)
    ]
    return moves or [b for b in found if b["move"] is None and b["action"] in FLOW]


def press(page, scope: str, choice: dict) -> bool:
    """Tap the control ``choice`` (one of :func:`offered`'s) if the page still shows
    it; False when the screen changed under the finger (a bot's move, a screen from
    the host arrived since it was read): look again."""
    return page.evaluate(
        """([scope, c]) => {
          const el = document.querySelectorAll(scope + ' button[data-action]:not([disabled])')[c.i];
          if (!el || el.dataset.action !== c.action || (el.dataset.seat ?? null) !== c.seat
              || (el.dataset.move ?? null) !== c.move) return false;
          el.click();
          return true;
        }""",
        [scope, choice],
    )


def got(page) -> int:
    return page.evaluate("() => window.tapeteGot.length")


def saved_moves(host) -> int:
    return host.evaluate("() => JSON.parse(localStorage.getItem('tapete.save')).actions.length")


class Probe:
    """What each guest's seat has seen, and the check that its page and its
    messages hold nothing else (Carta robada: the secret cards)."""

    def __init__(self, host, guests, game_id: str) -> None:
        self.host, self.guests, self.game_id = host, guests, game_id
        self.read = {s: got(page) for s, page in guests.items()}
        self.checks = 0
        #: The move count of the screen each guest shows (the last one it was sent).
        self.moves: dict[int, int | None] = {}
        #: Carta robada: times a secret was on the page of a seat that had seen it (the
        #: probe finds them); the dice game: another seat's laid pick checked on a screen.
        self.found = 0

    def check(self, where: str) -> None:
        shown = {s: page_words(page) for s, page in self.guests.items()}
        new, html = {}, {}
        for s, page in self.guests.items():
            # One evaluate: a message handled between two reads would draw a page
            # newer than the last screen read (each message is drawn as it comes).
            new[s], html[s] = page.evaluate(
                "(k) => [window.tapeteGot.slice(k), document.querySelector('#app').innerHTML]",
                self.read[s],
            )
            self.read[s] += len(new[s])
        if self.game_id == "dice_bid":
            self.check_picks(where, new, html)
        if self.game_id != "carta_robada":
            return
        state = true_state(self.host, self.game_id)  # read after the pages: it only knows more
        game = engine.GAMES[self.game_id]
        for s in self.guests:
            seen = json.dumps(game.view(state, s)) + json.dumps(state.events(s))
            for code, words in SECRETS.items():
                if f'"{code}"' in seen:
                    self.found += bool(re.search(words, shown[s]))
                    continue
                assert not re.search(words, shown[s]), f"{where}: {GUESTS[s]}'s page shows {code}"
                for text in new[s]:
                    assert not re.search(words, text), f"{where}: {GUESTS[s]} was sent {code}"
            self.checks += 1

    def check_picks(self, where: str, new: dict[int, list[str]], html: dict[int, str]) -> None:
        """Every screen a guest was sent, and its page, read against the game at
        the move the screen was drawn at: a pick laid face down (another seat's:
        this guest never saw it) shows as "picked" only, and that seat's cards
        left still count it, so none is missing from them."""
        states = [
            st for _done, _total, st in engine.GAMES["dice_bid"].load_steps(save_of(self.host))
        ]
        for s, texts in new.items():
            for screen in [*map(json.loads, texts), {"html": html[s]}]:
                moves = self.moves[s] = screen.get("moves", self.moves.get(s))
                if moves is None:
                    continue
                state = states[moves]
                for t in range(state.players):
                    if state.phase != "bid" or state.picks[t] is None or t == s:
                        continue
                    row = re.search(
                        rf'class="seat-row[^"]*" data-seat="{t}">(.*?)</li>', screen["html"], re.S
                    )
                    assert row, f"{where}: no row for seat {t} on {GUESTS[s]}'s screen"
                    left = re.search(r"has left: ([^\"]*)", row[1])
                    assert "open-pick" not in row[1], (
                        f"{where}: {GUESTS[s]} was shown seat {t}'s pick"
                    )
                    assert left and len(left[1].split(", ")) == len(state.hands[t]), (
                        f"{where}: {GUESTS[s]}'s screen leaves seat {t}'s pick out of its cards"
                    )
                    self.found += 1  # a pick laid face down, read on a screen that hides it
            self.checks += 1


def save_of(host) -> dict:
    return json.loads(host.evaluate("() => localStorage.getItem('tapete.save')"))


def someone_moves(host, phones: dict, game_id: str, moves: int) -> None:
    """Waits until the game moves on (the bot played) or a phone offers a move
    (its next screen arrived: a guest's screen follows the host's move by a
    message); fails saying who the game waits for when neither comes."""
    for _ in range(150):
        try:
            host.wait_for_function(
                "(n) => JSON.parse(localStorage.getItem('tapete.save')).actions.length !== n",
                arg=moves,
                timeout=200,
            )
            return
        except PlaywrightTimeout:
            if any(offered(page, scope, s) for s, (page, scope) in phones.items()):
                return
    state, game = true_state(host, game_id), engine.GAMES[game_id]
    legal = {s: game.legal(state, s)[:6] for s in game.actors(state)}
    pages = {s: page.inner_text(scope)[-300:] for s, (page, scope) in phones.items()}
    raise AssertionError(
        f"the game waits at move {state.moves} for {legal}; no phone offers a move: {pages}"
    )


def one_phone_moves(
    host,
    phones: dict,
    game_id: str,
    moves: int,
    rng: random.Random,
    pick: Callable[[list[dict]], dict],
    answer: Callable[[object, str, int], Callable[[], object]],
) -> None:
    """One step of a game played across ``phones`` (seat: page and its scope): the
    first phone, in a shuffled order, that offers a move (:func:`offered`) presses
    the one ``pick`` chooses, then waits on what ``answer`` returns (called just
    before the tap with the page, its scope and the seat: it reads what the answer
    will change). A screen that changed under the finger is left for the caller's
    next step to read again. Where no phone offers a move the bot plays, or a
    screen is on its way (:func:`someone_moves`). Several engines' pages serve
    here alike (e2e/engines/drivers.py's ``AsPage`` has Playwright's page calls)."""
    order = list(phones)
    rng.shuffle(order)
    for s in order:
        page, scope = phones[s]
        choices = offered(page, scope, s)
        if not choices:
            continue
        answered = answer(page, scope, s)
        if press(page, scope, pick(choices)):
            answered()
        return
    someone_moves(host, phones, game_id, moves)


def play_to_the_end(host, guests, game_id: str, probe: Probe) -> None:
    """Each phone in turn plays what it offers until the game's result; Ben
    leaves and is linked again once, the host reloads once."""
    rng = random.Random(7)
    phones = {0: (host, "#app"), **{s: (page, "[data-remote]") for s, page in guests.items()}}
    left = reloaded = False
    for step in range(600):
        probe.check(f"step {step}")
        state = true_state(host, game_id)
        if engine.GAMES[game_id].result(state) is not None:
            assert left and reloaded, f"the game ended at move {state.moves}"
            return
        moves = saved_moves(host)
        if not left and moves >= 8:
            left = True
            kept = save_of(host)["actions"]
            guests[1].click('[data-action="phones"][data-arg="leave"]')
            guests[1].wait_for_selector("text=You left the table.")
            host.wait_for_selector(".phone-away >> text=Ben's phone is away:")
            link(host, guests[1], 1)
            # Nothing is lost, and only the bot (seat 3) may have moved meanwhile: the
            # table plays on without Ben until it needs him.
            after = save_of(host)["actions"]
            assert after[: len(kept)] == kept, "a move lost while Ben's phone was away"
            assert {seat for seat, _action in after[len(kept) :]} <= {3}, after[len(kept) :]
            continue
        if left and not reloaded and moves >= 16:
            reloaded = True
            actions = save_of(host)
            reload(host, real=True)
            host.wait_for_selector("#app main.table")
            for s, name in GUESTS.items():
                guests[s].wait_for_selector("text=The link to the host was lost.")
                assert f"{name}'s phone is away" in host.inner_text("#app")
            for s in GUESTS:
                link(host, guests[s], s)
            after = save_of(host)
            assert after["actions"] == actions["actions"], "a move lost or doubled by the reload"
            continue
        one_phone_moves(host, phones, game_id, moves, rng, rng.choice, host_answered)
    raise AssertionError(f"{game_id}: no result after 600 steps")


def host_answered(page, _scope: str, s: int) -> Callable[[], object]:
    """A guest's tap is answered by the host's next screen (a message it gets); the
    host's own tap needs no wait: the next step reads its page again."""
    if not s:
        return lambda: None
    before = got(page)
    return lambda: page.wait_for_function("(n) => window.tapeteGot.length > n", arg=before)


def finish(host, guests) -> None:
    """Each phone shows the final ranking; the guests leave the table."""
    for s, page in guests.items():
        if page.locator('[data-remote] [data-action="results"]').count():
            page.click('[data-remote] [data-action="results"]')
        page.wait_for_selector("[data-remote] .ranking")
        assert GUESTS[s] in page.inner_text("[data-remote] .ranking")
        page.click('[data-action="phones"][data-arg="leave"]')
    if host.locator('#app [data-action="results"]').count():
        host.click('#app [data-action="results"]')
    host.wait_for_selector("#app .ranking")
    assert host.locator("#app .rank").count() == 4


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("carta_robada", {"deck": [c for hand in DEALT for c in hand] + PILE, "first": 0}),
        ("abyss", {"target": 30}),
        ("dice_bid", {}),
    ],
)
def test_three_phones_play_a_whole_game(browser, site_url, guests, game_id, options) -> None:
    host_ctx, host, _watch = open_app(browser, site_url, 390, 844, clock="fast")
    try:
        host_table(host, game_id, options)
        for s, page in guests.items():
            link(host, page, s)
        probe = Probe(host, guests, game_id)
        play_to_the_end(host, guests, game_id, probe)
        finish(host, guests)
        if game_id in ("carta_robada", "dice_bid"):
            assert probe.checks > 20 and probe.found > 0
    finally:
        host_ctx.close()


def test_a_guest_that_drops_is_shown_as_away_and_a_bot_may_take_its_seat(
    browser, phones_browser, site_url
) -> None:
    host_ctx, host, _watch = open_app(browser, site_url, 390, 844, clock="paused")
    ben = phone_of(phones_browser, site_url, test_phones.BEN)
    guest = ben.borrow()
    try:
        test_phones.link(host, guest)
        test_phones.forge_an_illegal_tap(host, guest)
        ben.drop()
        host.wait_for_selector(".phone-away >> text=Ben's phone is away:")
        host.click('.phone-away [data-action="phones"][data-arg="bot:1"]')
        host.wait_for_selector(".phone-away", state="detached")
    finally:
        host_ctx.close()

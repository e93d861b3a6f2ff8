"""Several phones at one table (web/app/linking.py): the host alone plays the
game; a guest's phone receives its seat's screen, and nothing its seat may not
know, and its taps are checked like any other."""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable

import pytest

import engine.bots
from tests.test_web_carta_robada import buttons
from tests.test_web_linkcode import OFFER
from web.app import guest, lifetime, linking
from web.app.controller import App
from web.app.midend import MidEnd
from web.app.registry import ENTRIES
from web.core import actions, clock, linkcode, store
from web.core.link import Joined
from web.core.model import Seat, Table
from web.tables.abyss import controls as abyss_controls
from web.tables.carta_robada import controls as carta_controls
from web.tables.dice_bid import controls as dice_controls
from web.tables.dice_bid.state import face

BEN = 1


def hosted(game_id: str = "dice_bid", seed: int = 3) -> App:
    """A host with Ana on its own screen, Ben on another phone (linked) and a bot."""
    app = App(store.MemoryStorage(), ["en"], lambda: seed, ENTRIES)
    level = next(iter(engine.bots.BOTS[game_id]))
    app.start(game_id, [Seat("Ana"), Seat("Ben"), Seat("Bot", "bot", level)], {})
    linking.seat_phone(app, BEN, "CODE").status = "linked"
    return app


def linked() -> tuple[App, Joined, Table]:
    """A hosted game whose first screen Ben's phone shows."""
    app = hosted()
    joined = Joined(step="linked")
    deliver(app, joined)
    assert app.table is not None
    return app, joined, app.table


def deliver(app: App, joined: Joined) -> list[str]:
    """Send what the host has for Ben; Ben's phone takes it. The bytes sent."""
    sent = [text for seat, text in linking.outbox(app) if seat == BEN]
    for text in sent:
        guest.heard(joined, text)
    return sent


def bytes_for_ben(app: App, state: object) -> list[str]:
    """What the host would send Ben now were the game at ``state`` (the same
    table and phone otherwise)."""
    table = app.table
    assert table is not None
    kept_state, kept_phones = table.state, app.link.phones
    table.state, app.link.phones = state, copy.deepcopy(kept_phones)
    app.link.phones[BEN].shown = None  # the whole screen, even if unchanged
    try:
        return [text for seat, text in linking.outbox(app) if seat == BEN]
    finally:
        table.state, app.link.phones = kept_state, kept_phones


def ben_taps(joined: Joined) -> list[dict[str, str]]:
    return [b for b in buttons(joined.html) if "data-move" in b and b["data-seat"] == str(BEN)]


def play_round_of_taps(app: App, joined: Joined, rng: random.Random) -> None:
    """One step: a bot's move, Ana's, or a tap on Ben's phone sent to the host."""
    table = app.table
    assert table is not None
    state = table.state
    seat = app.bot_turn()
    if seat is not None:
        app.bot_play(seat, state.moves)
    elif 0 in table.game.actors(state):
        app.play(0, rng.choice(table.game.legal(state, 0)), state.moves)
    else:
        ben_plays(app, joined, rng)


def ben_plays(app: App, joined: Joined, rng: random.Random) -> None:
    """Ben's finger on his own screen: a move if one is offered, else a card
    to choose first (a control that plays nothing)."""
    taps = ben_taps(joined)
    if taps:
        tap = rng.choice(taps)
        said = guest.says(joined, "tap", tap["data-action"], int(tap["data-move"]))
    else:
        tap = rng.choice([b for b in buttons(joined.html) if b["data-action"] == "select"])
        said = guest.says(joined, "ui", "select", tap["data-arg"])
    assert linking.heard(app, BEN, said)


def test_a_guest_plays_a_whole_game_through_the_host() -> None:
    app = hosted()
    joined = Joined(step="linked")
    rng = random.Random(1)
    table = app.table
    assert table is not None
    for _ in range(400):
        deliver(app, joined)
        if table.game.result(table.state) is not None:
            break
        play_round_of_taps(app, joined, rng)
    assert table.game.result(table.state) is not None
    deliver(app, joined)
    assert "Ben" in joined.html and not ben_taps(joined)


def test_an_illegal_tap_is_refused_with_a_message_and_changes_nothing() -> None:
    app, joined, table = linked()
    before = table.game.dump(table.state)
    said = guest.says(joined, "tap", "bid:99", table.state.moves)
    assert linking.heard(app, BEN, said)
    assert table.game.dump(table.state) == before
    (text,) = deliver(app, joined)
    assert json.loads(text)["notice"] == "That move is not possible right now."
    assert joined.notice == "That move is not possible right now."


def test_a_guest_cannot_play_another_seat() -> None:
    """Once Ben has picked, Ana's pick is still open; Ben's phone cannot lay it,
    whatever its message says."""
    app, joined, table = linked()
    while BEN in table.game.actors(table.state):
        ben_plays(app, joined, random.Random(4))
        deliver(app, joined)
    assert BEN not in table.game.actors(table.state) and 0 in table.game.actors(table.state)
    moves = table.state.moves
    forged = json.dumps({"n": 99, "seat": 0, "tap": [table.game.legal(table.state, 0)[0], moves]})
    linking.heard(app, BEN, forged)
    assert table.state.moves == moves
    assert 0 in table.game.actors(table.state)


def seat_row(html: str, seat: int) -> str:
    found = re.search(rf'class="seat-row[^"]*" data-seat="{seat}">(.*?)</li>', html, re.S)
    assert found, f"no row for seat {seat}"
    return found[1]


def test_a_guest_sees_its_own_pick_once_laid_and_no_one_elses() -> None:
    """Ben laid his card face down: his phone still shows which (it is his to
    know), the host's screen shows only that he picked; Ana's laid card shows
    on the host, Ana's phone, and never on Ben's."""
    app, joined, table = linked()
    game = table.game
    card = int(game.legal(table.state, BEN)[0].split(":")[1])
    said = guest.says(joined, "tap", f"bid:{card}", table.state.moves)
    assert linking.heard(app, BEN, said)
    deliver(app, joined)
    mine = seat_row(joined.html, BEN)
    assert "own-pick" in mine and f"picked {face(card)}<" in mine
    assert "own-pick" not in seat_row(app.render(), BEN)
    ana = int(game.legal(table.state, 0)[-1].split(":")[1])
    app.play(0, f"bid:{ana}", table.state.moves)
    deliver(app, joined)
    assert game.actors(table.state) == (2,)  # the bot's card is still to come
    assert f"picked {face(ana)}<" in seat_row(app.render(), 0)
    assert "own-pick" not in seat_row(joined.html, 0)
    assert f"picked {face(card)}<" not in seat_row(app.render(), BEN)


def test_two_people_sharing_a_phone_see_no_laid_pick() -> None:
    """Two people on one phone: a laid card stays face down for both until the reveal."""
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    level = next(iter(engine.bots.BOTS["dice_bid"]))
    app.start("dice_bid", [Seat("Ana"), Seat("Ben"), Seat("Bot", "bot", level)], {})
    table = app.table
    assert table is not None
    app.play(0, table.game.legal(table.state, 0)[0], table.state.moves)
    assert "own-pick" not in app.render()


def test_the_code_shows_beside_an_unanswered_camera_prompt_with_what_to_do() -> None:
    """The page made the host's code without waiting for the camera prompt any
    longer: the code is on the links screen, with the advice to allow the camera;
    once the prompt is answered the advice goes, and the code stays."""
    app = hosted()
    app.link.phones[BEN].status, app.link.phones[BEN].code = "offer", ""
    app.screen = "lobby"
    mid = MidEnd(app)
    assert "Preparing the code… If the browser asks to use the camera" in app.render()
    mid.offered(BEN, OFFER, prompting=True)
    page = app.render()
    assert "QR code for Ben to scan" in page and "The browser is asking to use the camera" in page
    assert linking.channel(app, "camera", "answered", "")
    page = app.render()
    assert "QR code for Ben to scan" in page and "asking to use the camera" not in page


def test_a_repeated_or_overtaken_message_never_plays_twice() -> None:
    app, joined, table = linked()
    moves = table.state.moves
    while not ben_taps(joined):
        ben_plays(app, joined, random.Random(4))
        deliver(app, joined)
    said = guest.says(joined, "tap", ben_taps(joined)[0]["data-action"], moves)
    assert linking.heard(app, BEN, said)
    assert table.state.moves == moves + 1
    assert not linking.heard(app, BEN, said)  # the same message again
    app.play(0, table.game.legal(table.state, 0)[0], table.state.moves)
    late = json.loads(said)
    late["tap"][1] = table.state.moves  # a message numbered like one already heard
    assert not linking.heard(app, BEN, json.dumps(late))
    assert table.state.moves == moves + 2


def test_a_guest_keeps_only_the_newest_screen() -> None:
    joined = Joined()
    assert guest.heard(joined, json.dumps({"n": 2, "seat": 1, "html": "<p>new</p>"}))
    assert not guest.heard(joined, json.dumps({"n": 1, "seat": 1, "html": "<p>old</p>"}))
    assert joined.html == "<p>new</p>" and joined.seat == 1


def test_the_host_screen_has_no_hand_off_for_a_seat_on_another_phone() -> None:
    """Ana alone holds the host phone: her pick is drawn at once, never behind
    "Pass the phone to Ben"."""
    app = hosted()
    assert "Pass the phone" not in app.render()
    joined = Joined(step="linked")
    deliver(app, joined)
    assert "Pass the phone" not in joined.html
    assert any(b["data-action"] == "select" for b in buttons(joined.html))


def test_the_host_links_a_phone_seat_chosen_on_the_form() -> None:
    """Home, "Play on several phones", a game: a seat's kind goes person ->
    another phone -> bot -> person; a start with a phone seat opens the links
    screen, which asks the page for that seat's offer and shows its QR code."""
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    assert "Play on several phones" in app.render()
    mid = MidEnd(app)
    mid.handle("phones", "host")
    mid.handle("phones", "new:dice_bid")
    kinds = []
    for _ in range(3):
        mid.handle("seat-kind", "1")
        kinds.append(app.setup["seats"][1]["kind"])
    assert kinds == ["phone", "bot", "human"]
    mid.handle("seat-kind", "1")
    frame = mid.handle("start")
    assert app.screen == "lobby" and app.link.requests == [("offer", 1)]
    assert "Preparing the code" in (frame.html or "")
    shown = mid.offered(1, OFFER).html or ""
    assert 'aria-label="QR code for Player 2 to scan"' in shown
    assert linkcode.pack(OFFER) in shown
    mid.field("linkcode", "1", "NOT A CODE")
    assert "That is not a Tapete code" in (mid.handle("phones", "answer:1").html or "")
    mid.field("linkcode", "1", linkcode.pack(OFFER.replace("actpass", "active")))
    mid.handle("phones", "answer:1")
    assert app.link.requests[-1][:2] == ("accept", 1)
    assert "is linked" in (mid.linked("1", "open", "").html or "")


def test_the_camera_and_the_share_sheet_are_asked_of_the_page_and_answered_as_a_paste() -> None:
    """Scanning and sharing a code are the page's (the camera, the system's
    sheet): a tap only asks for them and draws nothing; a code read goes where a
    pasted one would, a refused camera says to paste, a code copied says so."""
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    mid = MidEnd(app)
    mid.handle("phones", "join")
    assert mid.handle("phones-scan", "host").html is None
    assert mid.handle("phones-share", "CODE").html is None
    assert app.link.requests == [("scan", "host"), ("share", "CODE")]
    app.link.requests.clear()
    assert "No camera here" in (mid.scanned("host", None).html or "")
    assert "No camera here" not in (mid.handle("phones", "join").html or "")
    assert mid.shared("shared") is None
    assert "The code is copied" in (mid.shared("copied").html or "")
    assert "That is not a Tapete code" in (mid.scanned("host", "NOT A CODE").html or "")
    mid.scanned("host", linkcode.pack(OFFER))
    assert app.link.requests[-1][0] == "join"
    # The host reads a seat's phone's answer the same way, into that seat.
    host = MidEnd(hosted())
    host.app.link.phones[BEN].status = "offer"
    host.scanned(str(BEN), linkcode.pack(OFFER.replace("actpass", "active")))
    assert host.app.link.requests[-1][:2] == ("accept", BEN)


def test_a_guest_joins_with_the_host_code_and_shows_the_host_table() -> None:
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    mid = MidEnd(app)
    mid.handle("phones", "join")
    mid.field("linkcode", "host", linkcode.pack(OFFER.replace("actpass", "active")))
    assert "That is not a Tapete code" in (mid.handle("phones", "read").html or "")
    mid.field("linkcode", "host", linkcode.pack(OFFER))
    mid.handle("phones", "read")
    assert app.link.requests[-1][0] == "join"
    shown = mid.answered(OFFER.replace("actpass", "active")).html or ""
    assert 'aria-label="QR code for the host to scan"' in shown
    mid.linked("host", "open", "")
    table = json.dumps({"n": 1, "seat": 1, "html": '<main class="table">Ben</main>'})
    assert 'data-remote=""><main class="table">Ben</main>' in (
        mid.linked("host", "message", table).html or ""
    )
    assert "link to the host was lost" in (mid.linked("host", "close", "").html or "")


#: The table controls a guest may use on its own phone that play no move.
GUEST_CONTROLS = (
    dice_controls.SELECT,
    carta_controls.PEEK_SELECT,
    abyss_controls.FOCUS,
    actions.SHEET,
    carta_controls.MODE,
)


def host_screen_hides(app: App, where: str) -> None:
    """The host's page is the same whatever Ana, its one person, cannot see."""
    table = app.table
    assert table is not None
    real = table.state
    shown = app.render()
    try:
        for redeal in (11, 12):
            table.state = table.game.redeal_hidden(real, 0, redeal)
            assert app.render() == shown, f"the host's screen shows a hidden value at {where}"
    finally:
        table.state = real


def mixed_play(game_id: str, check: Callable[[App, Joined, str], None]) -> int:
    """A game played to its end (or 250 steps) by Ana on the host, Ben on his
    phone (its own controls, or moves through the host) and a bot, who moves
    next drawn at each step, so that Ben's secret is often pending while Ana
    plays. ``check`` looks at both screens before each step. Ben's controls
    never change the host's page. The number of Ben's controls used. The clock
    stands still within a step (a countdown on the table) and moves 1 s a step."""
    with pytest.MonkeyPatch.context() as patched:
        now = [100.0]
        patched.setattr(clock, "now", lambda: now[0])
        return _mixed_play(game_id, check, now)


def _mixed_play(game_id: str, check: Callable[[App, Joined, str], None], now: list[float]) -> int:
    app = hosted(game_id)
    joined = Joined(step="linked")
    rng = random.Random(5)
    table = app.table
    assert table is not None
    guest_controls = 0
    for step in range(250):
        now[0] += 1.0
        deliver(app, joined)
        if table.game.result(table.state) is not None:
            break
        check(app, joined, f"step {step}")
        state = table.state
        actors = table.game.actors(state)
        controls = [b for b in buttons(joined.html) if b.get("data-action") in GUEST_CONTROLS]
        bot = app.bot_turn()
        movers = [s for s in (bot, 0, BEN) if s is not None and s in actors]
        # Ben's look open on his phone holds play: only his own "Done" moves it on
        who = rng.choice(movers or ([BEN] if controls else [None]))
        if who == BEN and controls and (BEN not in actors or rng.random() < 0.5):
            before = app.render()
            tap = rng.choice(controls)
            said = guest.says(joined, "ui", tap["data-action"], tap.get("data-arg"))
            assert linking.heard(app, BEN, said)
            assert app.render() == before, f"Ben's {tap['data-action']} showed on the host"
            guest_controls += 1
        elif who == BEN:
            said = guest.says(joined, "tap", rng.choice(table.game.legal(state, BEN)), state.moves)
            assert linking.heard(app, BEN, said)
        elif who == 0:
            app.release()
            app.play(0, rng.choice(table.game.legal(state, 0)), state.moves)
        elif who is not None:
            app.bot_play(who, state.moves)
        else:
            break
    assert step > 40
    return guest_controls


@pytest.mark.parametrize("game_id", ["dice_bid", "carta_robada", "abyss"])
def test_a_guests_taps_never_show_on_the_host_screen(game_id: str) -> None:
    """Ben's own controls (a card chosen, a sheet) change the host's page not
    at all, and at every step the host's page holds nothing Ana may not see:
    Ben's pick, Ben's peek or the cards Ben drew stay on Ben's phone."""
    assert mixed_play(game_id, lambda app, _joined, where: host_screen_hides(app, where)) > 5


def guest_bytes_hide(app: App, _joined: Joined, where: str) -> None:
    """What the host sends Ben now is the same, byte for byte, whatever Ben cannot see."""
    table = app.table
    assert table is not None
    for redeal in (11, 12):
        other = table.game.redeal_hidden(table.state, BEN, redeal)
        assert bytes_for_ben(app, other) == bytes_for_ben(app, table.state), where


@pytest.mark.parametrize("game_id", ["dice_bid", "carta_robada", "abyss"])
def test_a_guest_receives_nothing_its_seat_may_not_know(game_id: str) -> None:
    """Every message sent to Ben is the same whatever the cards Ben cannot see:
    the others' hands, picks and peeks, the piles' order, the seed."""
    mixed_play(game_id, guest_bytes_hide)


def own_moves_only(app: App, joined: Joined, where: str) -> None:
    """Each phone offers the moves of its own seats: the host Ana's, Ben's phone Ben's."""
    host = {b["data-seat"] for b in buttons(app.render()) if "data-move" in b}
    ben = {b["data-seat"] for b in buttons(joined.html) if "data-move" in b}
    assert host <= {"0"} and ben <= {str(BEN)}, f"{where}: host {host}, Ben's phone {ben}"


@pytest.mark.parametrize("game_id", ["dice_bid", "carta_robada", "abyss"])
def test_each_phone_offers_only_its_own_seats_moves(game_id: str) -> None:
    """A button on a phone plays for a seat of that phone: Abyss's opening flips
    draw the flipper of this phone (Ben's phone shows Ben's grid, the host Ana's)."""
    mixed_play(game_id, own_moves_only)


def relink(mid: MidEnd, seat: int) -> None:
    """The host's "A new code for Ben", and Ben's phone answering it: the link is open."""
    mid.handle("phones", f"again:{seat}")
    assert mid.app.link.requests[-1] == ("offer", seat)
    mid.offered(seat, OFFER)
    mid.field("linkcode", str(seat), linkcode.pack(OFFER.replace("actpass", "active")))
    mid.handle("phones", f"answer:{seat}")
    assert mid.app.link.requests[-1][:2] == ("accept", seat)
    mid.linked(str(seat), "open", "")
    mid.handle("phones", "table")


def test_the_hosts_reload_keeps_the_phone_seats_and_the_guest_rejoins_where_it_was() -> None:
    """The host's page reloads mid-game: Ben's seat is still on another phone
    (away, the game waits), a new code links his phone again, and it gets the
    table at the very move the game was at; a tap drawn before the reload plays
    nothing twice."""
    app = hosted()
    joined = Joined(step="linked")
    rng = random.Random(6)
    table = app.table
    assert table is not None
    last_tap = ""
    while table.state.moves < 6 or not last_tap:
        deliver(app, joined)
        if ben_taps(joined) and rng.random() < 0.5:  # Ben plays a move from his phone
            before = table.state.moves
            last_tap = guest.says(joined, "tap", ben_taps(joined)[0]["data-action"], before)
            assert linking.heard(app, BEN, last_tap) and table.state.moves == before + 1
        else:
            play_round_of_taps(app, joined, rng)
    deliver(app, joined)
    moves, dump = table.state.moves, table.game.dump(table.state)

    app = App(app.storage, ["en"], lambda: 3, ENTRIES)  # the reload
    mid = MidEnd(app)
    table = app.table
    assert table is not None and table.game.dump(table.state) == dump
    assert [s.kind for s in table.seats] == ["human", "phone", "bot"]
    assert app.link.phones[BEN].status == "away"
    assert "Ben&#x27;s phone is away:" in app.render()

    ben = guest_app(joined)
    assert linking.channel(ben, "host", "close", "")  # Ben's phone sees its link go
    assert "link to the host was lost" in ben.render()
    relink(mid, BEN)
    assert linking.channel(ben, "host", "open", "")
    (text,) = [text for seat, text in linking.outbox(app) if seat == BEN]
    assert json.loads(text)["moves"] == moves
    assert linking.channel(ben, "host", "message", text)  # numbered anew: not taken as old
    assert joined.html == linking.seat_screen(app, app.link.phones[BEN])
    assert 'data-remote=""' in ben.render()
    linking.heard(app, BEN, last_tap)  # Ben's last move, played before the reload, sent again
    assert table.state.moves == moves and table.game.dump(table.state) == dump


def guest_app(joined: Joined) -> App:
    """Ben's own phone, showing the table the host sends it."""
    ben = App(store.MemoryStorage(), ["en"], lambda: 9, ENTRIES)
    ben.link.joined, ben.screen = joined, "join"
    return ben


def test_a_guest_leaves_and_rejoins_to_the_table_as_it_is() -> None:
    """Ben taps "Leave the table": his link is dropped, the host shows his phone
    away and the game waits; with a new code he is back at the same position."""
    app, joined, table = linked()
    mid = MidEnd(app)
    ben = guest_app(joined)
    assert "Leave the table" in ben.render()
    linking.handle(ben, "leave")
    assert ben.link.requests == [("drop", "host")]
    assert "You left the table" in ben.render() and "data-remote" not in ben.render()
    linking.channel(ben, "host", "close", "")
    assert "You left the table" in ben.render()
    assert mid.linked(str(BEN), "close", "") is not None
    assert app.link.phones[BEN].status == "away"
    moves = table.state.moves
    app.play(0, table.game.legal(table.state, 0)[0], moves)  # Ana plays on meanwhile
    relink(mid, BEN)
    linking.channel(ben, "host", "open", "")
    for text in (text for seat, text in linking.outbox(app) if seat == BEN):
        assert linking.channel(ben, "host", "message", text)
    assert json.loads(text)["moves"] == moves + 1
    assert 'data-remote=""' in ben.render()
    assert joined.html == linking.seat_screen(app, app.link.phones[BEN])


def test_a_second_phone_answering_a_used_code_is_refused() -> None:
    """Ben's code was answered by his phone; another phone that scanned the same
    code shows its own answer: the host refuses it, and asks the page only to
    tell that phone so (web/app/lifetime.py), never to link it."""
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    mid = MidEnd(app)
    mid.handle("phones", "host")
    mid.handle("phones", "new:dice_bid")
    mid.handle("seat-kind", "1")
    mid.handle("start")
    mid.offered(1, OFFER)
    mid.field("linkcode", "1", linkcode.pack(OFFER.replace("actpass", "active")))
    mid.handle("phones", "answer:1")
    asked = list(app.link.requests)
    second = OFFER.replace("actpass", "active").replace("a=ice-ufrag:", "a=ice-ufrag:x")
    mid.field("linkcode", "1", linkcode.pack(second))
    shown = mid.handle("phones", "answer:1").html or ""
    assert "That code was already used by a phone" in shown
    *same, (what, seat, _answer, said) = app.link.requests
    assert same == asked and (what, seat, said) == ("refuse", 1, lifetime.REFUSED)
    mid.linked("1", "open", "")
    mid.handle("phones", "again:1")  # a new code takes an answer again
    mid.offered(1, OFFER)
    mid.handle("phones", "answer:1")
    assert app.link.requests[-1][:2] == ("accept", 1)


def test_a_player_on_another_phone_is_a_player_of_the_hosts_history() -> None:
    """Ben, named on the host's form and seated on another phone, becomes a player
    of this device like a person at it: History's entry names him for the
    statistics."""
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    mid = MidEnd(app)
    mid.handle("phones", "host")
    mid.handle("phones", "new:dice_bid")
    mid.field("name", "0", "Ana")
    mid.field("name", "1", "Ben")
    mid.handle("seat-kind", "1")
    mid.handle("start")
    table = app.table
    assert table is not None and table.seats[1].kind == "phone"
    rng = random.Random(7)
    mid.handle("phones", "table")
    while table.game.result(table.state) is None:
        state = table.state
        seat = app.bot_turn() if app.bot_turn() is not None else table.game.actors(state)[0]
        kind = table.seats[seat].kind
        assert app.play(seat, rng.choice(table.game.legal(state, seat)), state.moves, kind)
    (entry,) = store.load_history(app.storage)
    assert entry["names"][:2] == ["Ana", "Ben"] and None not in entry["players"][:2]


# -- Carta robada's cuts, raced between phones ---------------------------------------


def cut_race(monkeypatch: pytest.MonkeyPatch) -> tuple[App, dict[int, Joined], list[float]]:
    """Ana on the host, Ben and Cleo each on a phone, all three holding a 5 at
    position 0; everyone has peeked and Ana has discarded a 5: a cut is open."""
    now = [100.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    deck = ["5", "2", "3", "4", "5", "6", "7", "8", "5", "9", "10", "1"]
    deck += ["5", "1", "2", "3", "4", "6", "7"]
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    app.start("carta_robada", [Seat("Ana"), Seat("Ben"), Seat("Cleo")], {"deck": deck, "first": 0})
    phones = {}
    for s in (1, 2):
        linking.seat_phone(app, s, "CODE").status = "linked"
        phones[s] = Joined(step="linked")
    table = app.table
    assert table is not None
    for s in (0, 1, 2):
        assert app.play(s, "peek:2,3", table.state.moves, table.seats[s].kind)
    assert app.play(0, "draw", table.state.moves)
    assert app.play(0, "discard", table.state.moves)
    assert table.game.view(table.state, None)["cutters"] == [0, 1, 2]
    return app, phones, now


def echo(app: App, joined: Joined, seat: int, now: list[float], trip_ms: float) -> None:
    """A screen to ``seat``'s phone and its echo back, ``trip_ms`` later."""
    replies: list[tuple[object, ...]] = []
    for s, text in linking.outbox(app):
        if s == seat:
            guest.heard(joined, text, replies)
    now[0] += trip_ms / 1000
    ((say, to, pong),) = replies
    assert (say, to) == ("say", "host")
    assert not linking.heard(app, seat, pong)  # a pong changes no screen
    now[0] -= trip_ms / 1000


def test_the_host_measures_each_phones_round_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    """Half the median round trip is how late a phone's taps arrive, capped at half
    the tie window: a slow link never turns a late cut into an early one."""
    app, phones, now = cut_race(monkeypatch)
    table = app.table
    assert table is not None
    for trip in (180, 200, 260):
        app.link.phones[1].shown = None  # a screen to send
        echo(app, phones[1], 1, now, trip)
    assert app.link.phones[1].trips == pytest.approx([180, 200, 260])
    assert linking.lag(app.link.phones[1]) == pytest.approx(0.1)
    for _ in range(5):
        app.link.phones[2].shown = None
        echo(app, phones[2], 2, now, 2000)
    assert linking.lag(app.link.phones[2]) == pytest.approx(linking.MAX_LAG_MS / 1000)


def test_two_phones_race_for_a_cut_and_a_phones_delay_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Cleo's cut arrives first and is judged; Ben's arrives 0.35 s later, after
    the 0.3 s window on the host's clock, but his link's measured delay (0.1 s)
    puts his tap within it: a tie, no penalty. Ana, on the host itself, tapping
    as late gains nothing."""
    app, phones, now = cut_race(monkeypatch)
    table = app.table
    assert table is not None
    app.link.phones[1].shown = None
    echo(app, phones[1], 1, now, 200)
    linking.outbox(app)
    moves = table.state.moves
    cleo = guest.says(phones[2], "tap", "cut:0", moves)
    assert linking.heard(app, 2, cleo)
    view = table.game.view(table.state, None)
    assert view["events"][-1]["type"] == "cut" and view["events"][-1]["seat"] == 2
    now[0] += 0.35
    ben = guest.says(phones[1], "tap", "cut:0", moves)
    assert linking.heard(app, 1, ben)
    last = table.game.view(table.state, None)["events"][-1]
    assert last["type"] == "tied" and last["seat"] == 1 and last["first"] == 2
    assert app.link.phones[1].notice is None
    assert table.game.view(table.state, None)["tendidos"][1]["count"] == 4  # no penalty
    assert not app.play(0, "cut:0", table.state.moves)  # Ana, as late, on the host: refused
    assert table.game.view(table.state, None)["events"][-1] == last


def no_hand_off(app: App, joined: Joined, where: str) -> None:
    """Nobody passes a phone: the host's one person and Ben each hold their own."""
    for screen, html in (("the host", app.render()), ("Ben's phone", joined.html)):
        assert "Pass the phone" not in html and "handoff-ready" not in html, f"{where}: {screen}"


@pytest.mark.parametrize("game_id", ["dice_bid", "carta_robada", "abyss"])
def test_no_phone_asks_to_be_passed_when_each_player_holds_their_own(game_id: str) -> None:
    mixed_play(game_id, no_hand_off)


def test_your_turn_vibrates_the_phone_whose_turn_it_is() -> None:
    """Carta robada: Ben's phone vibrates each time his turn comes, once, and
    never in another's turn (though he may cut or reorder then); with
    vibration off in Ben's settings, never."""
    app = hosted("carta_robada")
    table = app.table
    assert table is not None
    ben = guest_app(Joined(step="linked"))
    mid = MidEnd(ben)
    shown: list[tuple[int | None, bool]] = []  # (the turn, whether it vibrated), per screen
    for _ in range(150):
        for seat, text in linking.outbox(app):
            if seat == BEN:
                frame = mid.linked("host", "message", text)
                assert frame is not None
                shown.append((table.game.view(table.state, None)["turn"], [35] in frame.buzz))
        state = table.state
        if table.game.result(state) is not None:
            break
        if (seat := app.bot_turn()) is not None:
            app.bot_play(seat, state.moves)
            continue
        turn = table.game.view(state, None)["turn"]
        seat = (
            turn if turn is not None else next(s for s in (BEN, 0) if s in table.game.actors(state))
        )
        legal = [a for a in table.game.legal(state, seat) if not a.startswith(("cut", "order"))]
        app.play(seat, legal[0], state.moves, table.seats[seat].kind)
    turns = [turn for turn, _ in shown]
    came = [i for i in range(1, len(shown)) if turns[i] == BEN and turns[i - 1] != BEN]
    assert len(came) >= 2
    assert all(shown[i][1] for i in came), shown
    assert not any(buzz for turn, buzz in shown[1:] if turn != BEN), shown
    ben.settings["vibrate"] = False
    app.link.phones[BEN].up, app.link.phones[BEN].shown = False, None
    ((_seat, text),) = [m for m in linking.outbox(app) if m[0] == BEN]
    frame = mid.linked("host", "message", text)
    assert frame is not None and frame.buzz == []


def test_a_guest_is_offered_the_tie_within_the_window_and_not_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Cleo's cut is judged first: Ben's phone shows his ✂ to tie it while the
    window is open (as the host's own screen does for Ana), the host plans to
    draw the screens again when the window closes, and then Ben's ✂ is gone."""
    app, phones, now = cut_race(monkeypatch)
    table = app.table
    assert table is not None
    for s, text in linking.outbox(app):
        guest.heard(phones[s], text)
    cleo = guest.says(phones[2], "tap", "cut:0", table.state.moves)
    assert linking.heard(app, 2, cleo)
    assert "tied:0" in table.game.legal(table.state, BEN)
    for s, text in linking.outbox(app):
        guest.heard(phones[s], text)
    assert 'id="cut-1"' in phones[BEN].html and 'id="cut-0"' not in phones[BEN].html
    assert linking.heard(app, BEN, guest.says(phones[BEN], "ui", "mode", "1:cut"))
    for s, text in linking.outbox(app):
        guest.heard(phones[s], text)
    assert 'data-action="tied:0"' in phones[BEN].html
    assert ENTRIES["carta_robada"].table.redraw_ms(app, table) is not None
    now[0] += 0.31
    for s, text in linking.outbox(app):
        guest.heard(phones[s], text)
    assert 'data-action="tied:0"' not in phones[BEN].html and 'id="cut-1"' not in phones[BEN].html


def test_a_guest_sees_the_head_start_countdown_and_the_bots_wait_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A card Ben may cut reaches the discard: his phone shows the bots' wait,
    the head start, and no bot cuts before it ends, as for a person on the host."""
    now = [100.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    deck = ["5", "2", "3", "4", "5", "6", "7", "8", "5", "9", "10", "1"]
    deck += ["5", "1", "2", "3", "4", "6", "7"]
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    level = next(iter(engine.bots.BOTS["carta_robada"]))
    seats = [Seat("Ana", "bot", level), Seat("Ben"), Seat("Bot", "bot", level)]
    app.start("carta_robada", seats, {"deck": deck, "first": 0})
    linking.seat_phone(app, BEN, "CODE").status = "linked"
    joined = Joined(step="linked")
    table = app.table
    assert table is not None
    for s in (0, 1, 2):
        assert app.play(s, "peek:2,3", table.state.moves, table.seats[s].kind)
    assert app.play(0, "draw", table.state.moves, "bot")
    assert app.play(0, "discard", table.state.moves, "bot")
    assert BEN in table.game.view(table.state, None)["cutters"]
    deliver(app, joined)
    assert "your head start to cut" in joined.html and 'class="cut-clock' in joined.html
    # the bots' hands land after the head start (3 s at the normal pace), not before
    assert table.ui["opened"]["at"] == 100.0
    assert all(r["at"] >= 103.0 for r in table.ui["react"].values())
    plan = app.bot_plan()
    assert plan is None or plan[1] >= 3000


def test_a_guest_keeps_the_finished_game_in_its_history_once() -> None:
    """The game over, Ben's phone puts its result in its own History (names,
    scores, winners, the counts Statistics adds up): once, however many screens
    come after. No record crosses: it holds the seed, which dealt every card."""
    app = hosted()
    joined = Joined(step="linked")
    ben = guest_app(joined)
    rng = random.Random(1)
    table = app.table
    assert table is not None
    sent: list[str] = []
    for _ in range(400):
        for seat, text in linking.outbox(app):
            if seat == BEN:
                sent.append(text)
                linking.channel(ben, "host", "message", text)
        if table.game.result(table.state) is not None:
            break
        play_round_of_taps(app, joined, rng)
    result = table.game.result(table.state)
    assert result is not None
    app.link.phones[BEN].shown = None  # one more screen of the ended game
    for _seat, text in linking.outbox(app):
        linking.channel(ben, "host", "message", text)
    (kept,) = store.load_history(ben.storage)
    assert kept["game"] == "dice_bid" and kept["names"] == ["Ana", "Ben", "Bot"]
    assert kept["scores"] == list(result["scores"]) and kept["winners"] == list(result["winners"])
    assert kept["counts"] == store.load_history(app.storage)[0]["counts"]
    assert "record" not in kept
    assert all('"seed"' not in text and '"record"' not in text for text in sent)
    ben.screen = "history"
    assert "Ana" in ben.render() and "Replay" not in ben.render()
    ben.screen = "stats"
    assert "Ben" in ben.render()


def guest_controls_answered(app: App, joined: Joined, where: str) -> None:
    """Every control on a guest's screen is one something answers: a move, a
    table control the host answers for that phone, or one of the phone's own
    (the rules); none of the host's app controls (Home, Settings, the sound, the
    record, Quit, Rematch), which the host would ignore coming from a guest."""
    for b in buttons(joined.html):
        action = b.get("data-action", "")
        if "data-move" in b or action in guest.OWN:
            continue
        assert action.replace("_", "-") not in app.handlers, f"{where}: {action} on Ben's phone"


@pytest.mark.parametrize("game_id", ["dice_bid", "carta_robada", "abyss"])
def test_a_guest_is_offered_only_controls_that_answer(game_id: str) -> None:
    mixed_play(game_id, guest_controls_answered)
    own = App(store.MemoryStorage(), ["en"], lambda: 1, ENTRIES).handlers
    assert all(action in own for action in guest.OWN)  # the guest's own app answers them


@pytest.mark.parametrize("game_id", ["dice_bid", "carta_robada", "abyss"])
def test_a_guests_finished_game_and_menu_offer_nothing_of_the_hosts(game_id: str) -> None:
    """The end of the game and the table's menu, as a guest's phone shows them:
    the score sheet and the rules, not the host's Rematch, record or Home."""
    app = hosted(game_id)
    table = app.table
    assert table is not None
    game = table.game
    bots = [engine.bots.BOTS[game_id]["medium"](7 + s) for s in range(3)]
    for _ in range(3000):
        if game.result(table.state) is not None:
            break
        for seat in game.actors(table.state):  # a bot may let its moment pass (None)
            act = bots[seat].act(game.view(table.state, seat), game.legal(table.state, seat))
            if act is not None:
                table.state = game.apply(table.state, seat, act)
                break
    assert game.result(table.state) is not None
    joined = Joined(step="linked")
    deliver(app, joined)
    guest_controls_answered(app, joined, "the end")
    assert 'data-action="rematch"' in app.render()  # the host's own end screen has it
    said = guest.says(joined, "ui", "sheet", "menu")
    assert linking.heard(app, BEN, said)
    deliver(app, joined)
    assert 'role="dialog"' in joined.html and 'data-action="rules"' in joined.html
    guest_controls_answered(app, joined, "the menu")


def test_back_on_a_guests_table_closes_its_sheet_and_stays_on_the_table() -> None:
    """Escape or the phone's Back on a guest: the host closes the sheet it drew
    on that phone; with none open the phone stays on the table (leaving is its
    "Leave the table"), and the host's own screen never moves."""
    app, joined, _table = linked()
    ben = guest_app(joined)
    mid = MidEnd(ben)
    assert linking.heard(app, BEN, guest.says(joined, "ui", "sheet", "menu"))
    deliver(app, joined)
    assert 'role="dialog"' in joined.html
    host_page = app.render()
    for _ in range(2):
        mid.back()
        (said,) = [r[2] for r in ben.link.requests if r[0] == "say"]
        ben.link.requests.clear()
        linking.heard(app, BEN, said)
        deliver(app, joined)
        assert ben.screen == "join" and 'role="dialog"' not in joined.html
        assert app.render() == host_page
    assert mid.browser_back() is not None and ben.screen == "join"


def test_a_seat_left_unnamed_is_named_in_each_phones_own_language() -> None:
    """The host (English) left the bot's seat unnamed: it is "Player 3" there,
    "Joueur 3" on Ben's French phone; a name someone typed is the same everywhere."""
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    level = next(iter(engine.bots.BOTS["dice_bid"]))
    unnamed = app.tr("seat.default", n=3)
    app.start("dice_bid", [Seat("Ana"), Seat("Ben"), Seat(unnamed, "bot", level)], {})
    phone = linking.seat_phone(app, BEN, "CODE")
    phone.status = "linked"
    assert linking.heard(app, BEN, json.dumps({"n": 1, "prefs": {"lang": "fr"}}))
    joined = Joined(step="linked")
    deliver(app, joined)
    assert "Player 3" in app.render()
    assert "Joueur 3" in joined.html and "Player 3" not in joined.html
    assert "Ana" in joined.html


def test_a_guests_taps_on_the_hosts_table_are_said_to_the_host_and_its_rules_stay_its_own() -> None:
    """A tap on the host's table shown on Ben's phone is not played there: the
    mid end says it to the host (a move with the move count it was drawn at, a
    control with its arg), draws nothing until the host answers, and the host
    plays it; the rules are the phone's own, answered on the phone."""
    app, joined, table = linked()
    ben = guest_app(joined)
    mid = MidEnd(ben)

    def said() -> dict[str, list[object]]:
        # the phone's language and settings go first, once, then the tap
        *told, text = [r[2] for r in ben.link.requests if r[0] == "say"]
        assert all("prefs" in json.loads(t) for t in told)
        ben.link.requests.clear()
        for message in (*told, text):
            assert linking.heard(app, BEN, message)
        deliver(app, joined)
        return dict(json.loads(text))

    card = next(b for b in buttons(joined.html) if b["data-action"] == "select")
    frame = mid.remote("select", None, card["data-arg"])
    assert frame is not None and frame.html is None  # drawn once the host answers
    assert said()["ui"] == ["select", card["data-arg"]]
    moves = table.state.moves
    tap = ben_taps(joined)[0]
    assert mid.remote(tap["data-action"], int(tap["data-move"]), None) is not None
    assert said()["tap"] == [tap["data-action"], moves]
    assert table.state.moves > moves  # the host played Ben's bid
    assert mid.remote("rules", None, "dice_bid") is None  # the phone answers it itself
    assert ben.link.requests == []
    ben.link.joined = None  # no host's table any more: every tap is the phone's own
    assert mid.remote("sheet", None, "menu") is None

"""How long a link lasts (web/app/lifetime.py): a link belongs to one table. The
table's end is told to every phone, a new game asks for new codes (a rematch
keeps the phones only on the button that names them), a phone is never given a
seat it was not linked for; the host's own screen never stops the other phones'
play; each phone knows which phones are away. And the linking screens' words."""

from __future__ import annotations

import json
import re

from tests.test_web_carta_robada import buttons
from tests.test_web_linkcode import OFFER
from tests.test_web_phones import BEN, deliver, guest_app, hosted, linked
from web.app import guest, linking
from web.app.controller import App
from web.app.midend import MidEnd
from web.app.registry import ENTRIES
from web.core import linkcode, roster, store
from web.core.link import Joined
from web.tables.dice_bid.state import face

ANSWER = linkcode.pack(OFFER.replace("actpass", "active"))


def byes(app: App) -> dict[int, dict]:
    """The last words the host asked the page to send, by seat."""
    return {int(r[1]): json.loads(r[2]) for r in app.link.requests if r[0] == "bye"}


def ben_moves(app: App, joined: Joined) -> str:
    """Ben's tap on the first move his phone offers (a card chosen, then laid)."""
    table = app.table
    assert table is not None
    card = next(a for a in table.game.legal(table.state, BEN))
    return guest.says(joined, "tap", card, table.state.moves)


def test_quitting_tells_every_phone_and_the_new_game_asks_for_new_codes() -> None:
    """Ana quits while Ben's phone is linked: his phone is told at once, by whom,
    with the way home. Her new several-phones game asks for a new code for
    Ben's seat, and the old phone gets nothing of it, even when she goes to the
    table without linking: its taps play nothing."""
    app, joined, _table = linked()
    mid = MidEnd(app)
    mid.handle("quit")
    mid.handle("quit-yes")
    said = byes(app)[BEN]
    assert said["over"] == ["quit", "Ana"]
    assert app.link.phones == {}
    ben = guest_app(joined)
    assert linking.channel(ben, "host", "message", json.dumps(said))
    shown = ben.render()
    assert "Ana quit the game on the host&#x27;s phone: this table is over." in shown
    assert 'data-action="go" data-arg="home"' in shown and "data-remote" not in shown
    assert ben.link.requests[-1] == ("drop", "host")
    assert linking.channel(ben, "host", "close", "") and "this table is over" in ben.render()

    app.link.requests.clear()
    mid.handle("phones", "host")
    mid.handle("phones", "new:dice_bid")
    mid.handle("seat-kind", "1:phone")
    mid.handle("start")
    assert app.screen == "lobby" and ("offer", BEN) in app.link.requests
    assert app.link.phones[BEN].status == "offer"
    shown = mid.handle("phones", "table").html or ""  # to the table, Ben's phone not linked
    assert [s for s, _ in linking.outbox(app)] == []
    assert "Player 2&#x27;s phone is away" in shown and "A new code for Player 2" in shown
    table = app.table
    assert table is not None
    moves = table.state.moves
    late = json.dumps({"n": 99, "tap": [table.game.legal(table.state, BEN)[0], moves]})
    assert not linking.heard(app, BEN, late)  # the old phone's tap: not this table's
    assert table.state.moves == moves


def test_quit_it_in_the_new_game_form_closes_the_links_too() -> None:
    """A new game started over the one in progress ("Quit it") ends that table for its phones."""
    app, _joined, _table = linked()
    mid = MidEnd(app)
    mid.handle("home")
    mid.handle("phones", "host")
    mid.handle("phones", "new:dice_bid")
    mid.handle("seat-kind", "1:phone")
    mid.handle("start")
    assert app.confirm == "abandon" and BEN in app.link.phones
    mid.handle("abandon-yes")
    assert byes(app)[BEN]["over"] == ["quit", "Ana"]
    assert app.screen == "lobby" and app.link.phones[BEN].status == "offer"
    assert app.link.phones[BEN].code == ""  # a new code is being made


def finished(app: App) -> None:
    table = app.table
    assert table is not None
    while table.game.result(table.state) is None:
        state = table.state
        seat = table.game.actors(state)[0]
        app.play(seat, table.game.legal(state, seat)[0], state.moves, table.seats[seat].kind)


def test_a_rematch_keeps_the_phones_it_names_and_leaving_a_finished_game_closes_them() -> None:
    app, joined, _table = linked()
    mid = MidEnd(app)
    finished(app)
    shown = mid.handle("noop").html or ""
    assert "Rematch on the same phones: Ben" in shown
    mid.handle("rematch")
    assert byes(app) == {} and app.link.phones[BEN].status == "linked"
    deliver(app, joined)
    table = app.table
    assert table is not None and table.state.moves == 0
    assert 'data-action="select"' in joined.html  # the new game, Ben's hand to pick from
    finished(app)
    mid.handle("home")  # a finished game left: its table is over
    assert byes(app)[BEN]["over"] == ["closed", "Ana"]
    ben = guest_app(joined)
    linking.channel(ben, "host", "message", json.dumps(byes(app)[BEN]))
    assert "Ana closed the table on the host&#x27;s phone" in ben.render()


def test_a_guests_move_counts_whatever_the_hosts_screen_shows() -> None:
    """Ana goes Home, to the rules, to the settings: Ben's move is played, and
    the bot plays on after it."""
    for where in (("home", None), ("rules", "dice_bid"), ("go", "settings")):
        app, joined, table = linked()
        mid = MidEnd(app)
        mid.handle(*where)
        assert app.screen != "table"
        moves = table.state.moves
        assert linking.heard(app, BEN, ben_moves(app, joined))
        assert table.state.moves == moves + 1, where
        if app.bot_turn() is None:  # Ana picks too, then the bot's turn comes
            app.screen = "table"
            app.play(0, table.game.legal(table.state, 0)[0], table.state.moves)
            mid.handle(*where)
        assert app.bot_turn() == 2, where


def test_the_other_phones_are_told_which_phone_is_away_and_what_the_table_waits_for() -> None:
    app = hosted()
    mid = MidEnd(app)
    cleo = linking.seat_phone(app, 0, "CODE")  # Ana's seat on Cleo's phone, here
    cleo.status = "linked"
    joined = Joined(step="linked")
    deliver(app, joined)
    assert joined.away == []
    mid.linked("0", "close", "")  # Cleo's phone drops
    (text,) = [t for s, t in linking.outbox(app) if s == BEN]
    assert json.loads(text)["away"] == [["Ana", True]]
    ben = guest_app(joined)
    linking.channel(ben, "host", "message", text)
    assert "Ana&#x27;s phone is away: the game waits for Ana&#x27;s move." in ben.render()


def test_the_hosts_banner_says_whether_the_table_waits_for_the_away_phone() -> None:
    """The dice game waits for every bid: Ben's phone gone, the host reads that the
    game waits for him; once his bid is in and the round waits only for the
    others, that they play on without him."""
    app, joined, table = linked()
    mid = MidEnd(app)
    assert linking.heard(app, BEN, ben_moves(app, joined))  # Ben's bid is in
    mid.linked(str(BEN), "close", "")
    plays_on = "Ben&#x27;s phone is away: the others play on until Ben&#x27;s move."
    assert plays_on in app.render() and "waits for" not in app.render()
    app.play(0, table.game.legal(table.state, 0)[0], table.state.moves)  # Ana's bid
    for _ in range(5):  # the bot's bid (a thought, then the bid): the next round
        if BEN in ENTRIES[table.game_id].table.waits_for(table):
            break
        assert app.bot_turn() == 2 and app.bot_play(2, table.state.moves)
    assert BEN in ENTRIES[table.game_id].table.waits_for(table)
    assert "Ben&#x27;s phone is away: the game waits for Ben&#x27;s move." in app.render()


def test_a_guest_page_reopened_after_a_table_says_so_and_how_to_get_back_in() -> None:
    app, _joined, _table = linked()
    storage = store.MemoryStorage()
    ben = App(storage, ["en"], lambda: 9, ENTRIES)
    ben.link.joined, ben.screen = Joined(step="linked"), "join"
    app.link.phones[BEN].shown = None  # the table again, for this page
    (text,) = [t for s, t in linking.outbox(app) if s == BEN]
    assert linking.channel(ben, "host", "message", text)
    reopened = App(storage, ["en"], lambda: 9, ENTRIES)
    shown = reopened.render()
    assert "This phone was at a table on another phone" in shown
    assert 'data-action="phones" data-arg="join"' in shown
    linking.handle(ben, "leave")  # left on purpose: nothing to say after
    assert "was at a table" not in App(storage, ["en"], lambda: 9, ENTRIES).render()


def test_the_join_field_asks_for_a_code_when_empty_and_starts_fresh() -> None:
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    mid = MidEnd(app)
    mid.handle("phones", "join")
    shown = mid.handle("phones", "read").html or ""
    assert "Paste or type the code first" in shown and "not a Tapete code" not in shown
    mid.field("linkcode", "host", "NOT A CODE")
    assert "That is not a Tapete code" in (mid.handle("phones", "read").html or "")
    mid.field("linkcode", "host", linkcode.pack(OFFER))
    mid.handle("phones", "read")
    app.link.requests.clear()
    mid.handle("phones", "join")  # again, later: the old code is not joined again
    mid.handle("phones", "read")
    assert app.link.requests == []


def test_a_seats_kind_on_several_phones_is_one_tap_each() -> None:
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    mid = MidEnd(app)
    mid.handle("phones", "host")
    shown = mid.handle("phones", "new:dice_bid").html or ""
    for name in ("This phone", "Another phone", "Bot"):
        assert f">{name}</button>" in shown
    mid.handle("seat-kind", "1:bot")
    assert app.setup["seats"][1]["kind"] == "bot"
    mid.handle("seat-kind", "1:phone")
    assert app.setup["seats"][1]["kind"] == "phone"
    mid.handle("seat-kind", "1:human")
    assert app.setup["seats"][1]["kind"] == "human"


def test_a_second_phone_answering_a_used_code_is_told_on_its_own_screen() -> None:
    """Ben's code, answered by his phone, is answered again by Cleo's: the host
    asks the page to tell Cleo's phone (a connection of its own, on that code),
    and her phone says the code was used, and how to get one."""
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    mid = MidEnd(app)
    mid.handle("phones", "host")
    mid.handle("phones", "new:dice_bid")
    mid.handle("seat-kind", "1:phone")
    mid.handle("start")
    mid.offered(1, OFFER)
    mid.field("linkcode", "1", ANSWER)
    mid.handle("phones", "answer:1")
    mid.handle("phones", "answer:1")  # Cleo's answer to the same code
    (refused,) = [r for r in app.link.requests if r[0] == "refuse"]
    assert refused[:2] == ("refuse", 1)
    cleo = guest_app(Joined(step="answer"))
    assert linking.channel(cleo, "host", "open", "")
    assert linking.channel(cleo, "host", "message", refused[3])
    shown = cleo.render()
    assert "That code was already used by another phone." in shown
    assert 'id="code-host"' in shown and cleo.link.requests[-1] == ("drop", "host")


def answer_to(offer: str, own: str) -> str:
    """A guest's answer code to ``offer``: its user fragment begins with the offer's."""
    ufrag = re.search(r"a=ice-ufrag:(\S+)", offer)
    assert ufrag is not None
    answer = offer.replace("actpass", "passive")
    return linkcode.pack(answer.replace(ufrag[0], f"a=ice-ufrag:{ufrag[1]}{own}"))


def test_an_answer_to_bens_used_code_pasted_for_cleo_is_refused_on_its_phone() -> None:
    """Ben's and Cleo's phones both scanned Ben's code; Ben's is linked. Cleo's
    answer, pasted in Cleo's field, answers Ben's code: her field says it was
    used, her phone is told through Ben's code, and Cleo's own code stays open."""
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    mid = MidEnd(app)
    mid.handle("phones", "host")
    mid.handle("phones", "new:dice_bid")
    if app.setup["count"] < 3:
        mid.handle("count", "+")
    mid.handle("seat-kind", "1:phone")
    mid.handle("seat-kind", "2:phone")
    mid.handle("start")
    mid.offered(1, OFFER)
    mid.offered(2, OFFER.replace("a=ice-ufrag:", "a=ice-ufrag:Q"))
    mid.field("linkcode", "1", answer_to(OFFER, "ben1"))
    mid.handle("phones", "answer:1")
    mid.linked("1", "open", "")
    app.link.requests.clear()
    mid.field("linkcode", "2", answer_to(OFFER, "cle1"))
    shown = mid.handle("phones", "answer:2").html or ""
    assert "That code was already used by a phone" in shown
    assert [r[:2] for r in app.link.requests] == [("refuse", 1)]
    assert app.link.phones[2].status == "offer" and not app.link.phones[2].accepted


def known(shown: str) -> list[str]:
    """The names under "Players on this phone:" (one tap seats one here)."""
    group = re.search(r'<div class="known"[^>]*>(.*?)</div>', shown, re.S)
    return re.findall(r'data-arg="[^"]*"[^>]*aria-label="Seat ([^"]*)"', group[1]) if group else []


def test_players_on_this_phone_are_only_this_phones_seats() -> None:
    """Ana plays here and Ben on another phone: the host keeps both as players
    (its statistics follow Ben too), but the next new-game form's "Players on
    this phone" offers Ana, never Ben, until he sits at this phone."""
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    mid = MidEnd(app)
    mid.handle("phones", "host")
    mid.handle("phones", "new:dice_bid")
    mid.field("name", "0", "Ana")
    mid.field("name", "1", "Ben")
    mid.handle("seat-kind", "1:phone")
    mid.handle("start")
    mid.handle("quit")
    mid.handle("quit-yes")
    mid.handle("new", "carta_robada")
    mid.field("name", "0", "")  # Ana's seat emptied: she is offered again
    shown = mid.handle("noop").html or ""
    assert "Players on this phone:" in shown
    assert known(shown) == ["Ana"]
    assert [p["name"] for p in roster.load(app.storage)] == ["Ana", "Ben"]
    mid.field("name", "1", "Ben")  # Ben at this phone now: a player of this phone
    mid.handle("start")
    mid.handle("quit")
    mid.handle("quit-yes")
    mid.handle("new", "dice_bid")
    mid.field("name", "0", "")
    mid.field("name", "1", "")
    assert sorted(known(mid.handle("noop").html or "")) == ["Ana", "Ben"]


def test_a_guests_move_during_the_hosts_replay_counts_and_its_screen_stays_its_table() -> None:
    """Ana picks, then opens a finished game's replay from History while Ben is
    to pick: his phone keeps showing the live table, not the replay, his pick is
    played on it and saved, and the bot plays on after it; Ana's screen stays on
    the replay."""
    app, joined, table = linked()
    app.play(0, table.game.legal(table.state, 0)[0], table.state.moves)
    done = hosted(seed=5)
    finished(done)
    assert done.table is not None
    app.replays.start(done.table)
    assert app.table is done.table and app.paused is table
    app.link.phones[BEN].shown = None  # his whole screen again, as after the replay opened
    deliver(app, joined)
    hand = [b["data-arg"] for b in buttons(joined.html) if b.get("data-action") == "select"]
    assert hand and all(f"bid:{c}" in table.game.legal(table.state, BEN) for c in hand)
    moves = table.state.moves
    said = guest.says(joined, "tap", f"bid:{hand[0]}", moves)
    assert linking.heard(app, BEN, said)
    assert table.state.moves == moves + 1
    assert len(store.read_json(app.storage, store.SAVE_KEY)["actions"]) == moves + 1
    deliver(app, joined)
    assert f"picked {face(int(hand[0]))}<" in joined.html
    assert app.bot_turn() == 2
    assert app.bot_play(2, table.state.moves) and table.state.moves == moves + 2
    assert app.table is done.table and app.screen == "table"

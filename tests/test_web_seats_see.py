"""What each player must see, both ways, over whole games of the three titles:
at every step, for every seat, what that seat may see now is on its screen
from the step it is revealed (its own look while it is open, a Spy's look, the
card it drew, its hand and its own laid pick in the dice game), and nothing it
may not see is, on its page and in the bytes its phone receives.

Played on several phones (Ana on the host, Ben and Cleo each on their own phone,
a bot) and on one phone passed around (Ana, Ben and Cleo at one phone, a bot).
What a seat may see comes from the engine's view for that seat, never from the
UI; what it may not see is what ``redeal_hidden`` deals again (and a redeal does
change the game, so the leak check can fail)."""

from __future__ import annotations

import html as htmllib
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import engine
import engine.bots
from tests.test_web_carta_robada import buttons, press
from web.app import guest, linking
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import clock, store
from web.core.i18n import Tr
from web.core.link import Joined
from web.core.model import Seat
from web.tables.carta_robada.cards import card_text
from web.tables.dice_bid.state import face

ANA, BEN, CLEO, BOT = 0, 1, 2, 3
PHONES = (BEN, CLEO)
NAMES = ["Ana", "Ben", "Cleo", "Bot"]
GAMES = ("carta_robada", "dice_bid", "abyss")
#: A secret: (what, its key in the game's log) -> what must be on the screen.
Secrets = dict[tuple[str, int], Any]


def table_of(game_id: str, kind: str, seed: int) -> App:
    """Ana, Ben and Cleo (``kind``: "phone" for Ben's and Cleo's, "human" for
    one phone passed around) and the weakest bot."""
    app = App(store.MemoryStorage(), ["en"], lambda: seed, ENTRIES)
    level = next(iter(engine.bots.BOTS[game_id]))
    seats = [Seat("Ana"), Seat("Ben"), Seat("Cleo"), Seat("Bot", "bot", level)]
    app.start(game_id, seats, {})
    if kind == "phone":
        for s in PHONES:
            linking.seat_phone(app, s, "CODE").status = "linked"
    return app


# -- what a seat may see now, by the engine ---------------------------------------


def secrets(game_id: str, state: Any, seat: int) -> Secrets:
    """What ``seat`` may see now that the table may not, from its own view."""
    game = engine.GAMES[game_id]
    view = game.view(state, seat)
    out: Secrets = {}
    if game_id == "carta_robada":
        events = view["events"]
        if view["reveal"] is not None:
            n = max(e["n"] for e in events if e["type"] == "seen" and e["seat"] == seat)
            kind = "spy" if view["reveal"]["kind"] != "peek" else "look"
            out[(kind, n)] = [(c["seat"], c["pos"], c["card"]) for c in view["reveal"]["cards"]]
        hand = view["hand"]
        if hand is not None and hand["seat"] == seat and hand["source"] == "deck":
            n = max(e["n"] for e in events if e["type"] == "drawn" and e["seat"] == seat)
            out[("drawn", n)] = hand["card"]
    elif game_id == "dice_bid":
        mine = view["seats"][seat]
        at = view["round"] * 100 + view["tiebreak"]
        if mine["pick"] is not None:
            out[("pick", at)] = mine["pick"]
        elif seat in view["to_act"] and view["phase"] == "bid":
            out[("hand", at)] = list(mine["candidates"])
    return out  # Abyss: nothing is one seat's alone


def _label(page: str, element_id: str) -> str | None:
    tag = re.search(rf'<[a-z]+ [^>]*\bid="{element_id}"[^>]*>', page)
    found = tag and re.search(r'aria-label="([^"]*)"', tag[0])
    return htmllib.unescape(found[1]) if found else None


def seat_row(page: str, seat: int) -> str:
    found = re.search(rf'class="seat-row[^"]*" data-seat="{seat}">(.*?)</li>', page, re.S)
    return found[1] if found else ""


def on_screen(page: str, tr: Tr, seat: int, secret: tuple[str, int], value: Any) -> bool:
    """Whether ``value``, ``seat``'s secret, is drawn on ``page`` for its player."""
    kind = secret[0]
    if kind in ("look", "spy"):
        return all(
            (_label(page, f"c-{s}-{p}") or "").startswith(
                tr("cr.cell.seen", where=tr("cr.pos", n=p + 1), card=card_text(tr, card))
            )
            for s, p, card in value
        )
    if kind == "drawn":
        return _label(page, "hand-card") == tr(
            "cr.hand.card", name=NAMES[seat], card=card_text(tr, value)
        )
    if kind == "pick":
        return "own-pick" in seat_row(page, seat) and f"picked {face(value)}<" in seat_row(
            page, seat
        )
    # its hand: a card to choose for each one it may lay
    chosen = {b.get("data-arg") for b in buttons(page) if b.get("data-action") == "select"}
    return chosen >= {str(c) for c in value}


#: Lines that tell a player what to do (their start, in English).
ADDRESSED = {
    "carta_robada": (
        "Tap one of your cards",
        "Draw from the deck",
        "use it or skip.",
    ),
    "abyss": (
        "Flip two cards of your choice",
        "Flip one more card",
        "draw, or flip a card",
        "Draw, or flip a card",
        "on one of your spaces",
        "on a space, or discard it",
        "Flip one of your face-down cards",
    ),
}


def movers(game_id: str, state: Any) -> set[int]:
    """The seats a game's instruction is for now: Carta robada's turn (anyone
    may cut, nobody is told to), every seat to act in Abyss."""
    game = engine.GAMES[game_id]
    if game_id == "carta_robada":
        return {game.view(state, None)["turn"]}
    return set(game.actors(state))


# -- several phones -----------------------------------------------------------------


class Phones:
    """Ana on the host, Ben and Cleo on their own phones: what each received."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.joined = {s: Joined(step="linked") for s in PHONES}
        self.bytes: dict[int, list[str]] = {s: [] for s in PHONES}
        #: The looks each player put away ("Done"): no longer theirs to see.
        self.put_away: set[tuple[int, tuple[str, int]]] = set()

    def deliver(self) -> None:
        for seat, text in linking.outbox(self.app):
            guest.heard(self.joined[seat], text)
            self.bytes[seat].append(text)

    def screen(self, seat: int) -> str:
        return self.app.render() if seat == ANA else self.joined[seat].html

    def sent_for(self, seat: int, state: Any) -> str:
        """The screen the host would send ``seat``'s phone were the game at ``state``."""
        table = self.app.table
        assert table is not None
        real, phone = table.state, self.app.link.phones[seat]
        kept = (phone.shown, phone.sent, phone.up, dict(phone.ui), dict(phone.kept))
        table.state, phone.shown = state, None
        try:
            (text,) = [t for s, t in linking.outbox(self.app) if s == seat]
            return str(json.loads(text)["html"])
        finally:
            table.state = real
            phone.shown, phone.sent, phone.up = kept[0], kept[1], kept[2]
            phone.ui.clear()
            phone.ui.update(kept[3])
            phone.kept.clear()
            phone.kept.update(kept[4])


def play_on_phones(game_id: str, seed: int, now: list[float]) -> dict[str, int]:
    """A whole game on three phones and a bot. At every step every seat's
    secrets are on its own screen (Ana's on the host's), none is elsewhere, and
    what each phone receives is the same whatever its seat cannot see. A look
    stays open a few steps (its player taps Done at random), the bots waiting.
    What was revealed and seen, by kind."""
    app = table_of(game_id, "phone", seed)
    table = app.table
    assert table is not None
    game, tr, rng = table.game, Tr("en"), random.Random(seed)
    phones = Phones(app)
    counts: dict[str, int] = {}
    first: dict[tuple[int, tuple[str, int]], int] = {}
    for step in range(900):
        now[0] += 1.0
        phones.deliver()
        state = table.state
        if game.result(state) is not None:
            return counts
        where = f"{game_id} seed {seed} step {step} (move {state.moves})"
        for seat in (ANA, *PHONES):
            page = phones.screen(seat)
            for secret, value in secrets(game_id, state, seat).items():
                if (seat, secret) in phones.put_away:
                    continue
                if (seat, secret) not in first:
                    first[(seat, secret)] = step
                    counts[secret[0]] = counts.get(secret[0], 0) + 1
                assert on_screen(page, tr, seat, secret, value), (
                    f"{where}: {NAMES[seat]}'s {secret[0]} {value} is not on their screen"
                )
            # an instruction is on the phone of the player who must follow it
            if seat not in movers(game_id, state):
                told = [line for line in ADDRESSED.get(game_id, ()) if line in page]
                assert not told, f"{where}: {NAMES[seat]}'s screen says {told}"
            # nothing else: the same screen whatever this seat cannot see
            other = game.redeal_hidden(state, seat, 1000 + step)
            if seat == ANA:
                table.state = other
                hidden = app.render()
                table.state = state
                assert hidden == page, f"{where}: the host's page shows what Ana cannot see"
            else:
                assert phones.sent_for(seat, other) == phones.sent_for(seat, state), (
                    f"{where}: {NAMES[seat]}'s phone receives what their seat cannot see"
                )
        _someone_moves(app, phones, rng)
    raise AssertionError(f"{game_id}: no result after 900 steps")


def _someone_moves(app: App, phones: Phones, rng: random.Random) -> None:
    """One step: a bot, Ana on the host, a tap on Ben's or Cleo's phone, or a
    player putting an open look away."""
    table = app.table
    assert table is not None
    state, game = table.state, table.game
    options: list[tuple[str, int]] = []
    if (bot := app.bot_turn()) is not None:
        options.append(("bot", bot))
    for seat in (ANA, *PHONES):
        if seat in game.actors(state):
            options.append(("move", seat))
        if any(b.get("data-action") == "look-done" for b in buttons(phones.screen(seat))):
            options.append(("done", seat))
    assert options, f"nobody may move at move {state.moves}"
    what, seat = rng.choice(options)
    if what == "done":
        looks = [k for k in secrets(table.game_id, state, seat) if k[0] in ("look", "spy")]
        phones.put_away.update((seat, k) for k in looks)
    if what == "bot":
        app.bot_play(seat, state.moves)
    elif what == "done" and seat == ANA:
        press(app, data_action="look-done")
    elif what == "done":
        said = guest.says(phones.joined[seat], "ui", "look-done", None)
        assert linking.heard(app, seat, said)
    else:
        legal = game.legal(state, seat)
        action = rng.choice([a for a in legal if not a.startswith(("cut", "tied"))] or legal)
        if seat == ANA:
            app.release()
            app.play(ANA, action, state.moves)
        else:
            said = guest.says(phones.joined[seat], "tap", action, state.moves)
            assert linking.heard(app, seat, said)


@pytest.fixture
def still() -> Iterator[list[float]]:
    """The UI's clock, moved by the test only (a second a step)."""
    now = [100.0]
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(clock, "now", lambda: now[0])
        yield now


@pytest.mark.parametrize("game_id", GAMES)
def test_each_phone_shows_what_its_seat_may_see_and_nothing_else(
    game_id: str, still: list[float]
) -> None:
    counts: dict[str, int] = {}
    for seed in (3, 4):
        for kind, n in play_on_phones(game_id, seed, still).items():
            counts[kind] = counts.get(kind, 0) + n
    if game_id == "carta_robada":
        assert counts.get("look", 0) >= 6 and counts.get("drawn", 0) >= 6, counts
        assert counts.get("spy", 0) >= 1, counts
    elif game_id == "dice_bid":
        assert counts.get("pick", 0) >= 20 and counts.get("hand", 0) >= 20, counts


# -- one phone passed around ----------------------------------------------------------


def play_passed_around(game_id: str, seed: int, now: list[float]) -> dict[str, int]:
    """A whole game on one phone passed around between Ana, Ben and Cleo, with a
    bot. Whoever the phone is handed to ("I am Ben") shows their secret ("Show
    my cards") and sees it; the page holds nothing its holder may not see (nor,
    with nobody holding it, anything at all). Every secret revealed to a person
    is on the screen while that person holds the phone, before it is gone."""
    app = table_of(game_id, "human", seed)
    table = app.table
    assert table is not None
    game, tr, rng = table.game, Tr("en"), random.Random(seed)
    revealed: set[tuple[int, tuple[str, int]]] = set()
    seen: set[tuple[int, tuple[str, int]]] = set()
    put_away: set[tuple[int, tuple[str, int]]] = set()
    counts: dict[str, int] = {}
    for step in range(900):
        now[0] += 1.0
        state = table.state
        if game.result(state) is not None:
            missed = {(NAMES[s], k) for s, k in revealed - seen if k[0] not in ("pick",)}
            assert not missed, f"{game_id}: revealed but never on the screen: {missed}"
            return counts
        where = f"{game_id} seed {seed} step {step} (move {state.moves})"
        app.release()
        page = app.render()
        offered = {b.get("data-action"): b for b in buttons(page)}
        if "handoff" in offered:  # the phone reaches its player, who says so
            press(app, data_action="handoff")
            page = app.render()
            offered = {b.get("data-action"): b for b in buttons(page)}
        if "show" in offered:
            press(app, data_action="show")
            page = app.render()
        holder = table.ui.get("holder")
        for seat in (ANA, BEN, CLEO):
            for secret, value in secrets(game_id, state, seat).items():
                if (seat, secret) not in revealed:
                    revealed.add((seat, secret))
                    counts[secret[0]] = counts.get(secret[0], 0) + 1
                if seat == holder and on_screen(page, tr, seat, secret, value):
                    seen.add((seat, secret))
        if holder is not None and game_id == "carta_robada":
            for secret, value in secrets(game_id, state, holder).items():
                # the holder's own moment, drawn now: its secret is on the screen
                mom = _moment_of(app)
                fresh = (holder, secret) not in put_away
                if mom == holder and fresh and secret[0] in ("look", "spy", "drawn"):
                    assert on_screen(page, tr, holder, secret, value), (
                        f"{where}: {NAMES[holder]} holds the phone, their {secret} is not on it"
                    )
        table.state = game.redeal_hidden(state, holder, 2000 + step)
        hidden = app.render()
        table.state = state
        assert hidden == page, f"{where}: the page shows what its holder cannot see"
        _someone_at_the_phone_moves(app, rng, put_away)
    raise AssertionError(f"{game_id}: no result after 900 steps")


def _moment_of(app: App) -> int | None:
    from web.tables.carta_robada import state as cr

    table = app.table
    assert table is not None
    mom = cr.moment(table, cr.view_of(table, None))
    return None if mom is None or mom["handoff"] else int(mom["seat"])


def _someone_at_the_phone_moves(
    app: App, rng: random.Random, put_away: set[tuple[int, tuple[str, int]]]
) -> None:
    table = app.table
    assert table is not None
    state, game = table.state, table.game
    page = app.render()
    options: list[tuple[str, int]] = []
    if (bot := app.bot_turn()) is not None:
        options.append(("bot", bot))
    people = [s for s in (ANA, BEN, CLEO) if s in game.actors(state)]
    # a person moves holding the phone (the hand-off gives it to the next one)
    holder = table.ui.get("holder")
    held = [s for s in people if s == holder] if table.game_id != "abyss" else people
    options += [("move", s) for s in held or people]
    if any(b.get("data-action") == "look-done" for b in buttons(page)):
        options.append(("done", -1))
    assert options, f"nobody may move at move {state.moves}"
    what, seat = rng.choice(options)
    if what == "bot":
        app.bot_play(seat, state.moves)
    elif what == "done":
        mom = _moment_of(app)
        assert mom is not None
        looks = [k for k in secrets(table.game_id, state, mom) if k[0] in ("look", "spy")]
        put_away.update((mom, k) for k in looks)
        press(app, data_action="look-done")
    else:
        legal = game.legal(state, seat)
        action = rng.choice([a for a in legal if not a.startswith(("cut", "tied"))] or legal)
        app.play(seat, action, state.moves)


@pytest.mark.parametrize("game_id", GAMES)
def test_one_phone_passed_around_shows_each_holder_theirs_and_nothing_else(
    game_id: str, still: list[float]
) -> None:
    counts = play_passed_around(game_id, 3, still)
    if game_id == "carta_robada":
        assert counts.get("look", 0) >= 3 and counts.get("drawn", 0) >= 3, counts


# -- the leak check can fail ----------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_a_redeal_of_what_a_seat_cannot_see_changes_the_game(game_id: str) -> None:
    """``redeal_hidden`` deals other cards where a seat cannot look: the game
    itself changes (what another seat sees, or the cards to come), so a screen
    that showed a hidden card would differ under it."""
    game = engine.GAMES[game_id]
    state = game.new(4, 3, {})
    rng = random.Random(3)
    changed = 0
    for _ in range(12):
        for seat in range(4):
            other = game.redeal_hidden(state, seat, 7)
            assert game.view(other, seat) == game.view(state, seat)
            if other != state:  # other cards, other picks, another future
                changed += 1
        actor = game.actors(state)[0]
        state = game.apply(state, actor, rng.choice(game.legal(state, actor)))
    assert changed >= 40


# -- each phone draws its own player's screen --------------------------------------------

#: The hands dealt; the pile starts with a 7 (Ana's), then a Spy (Ben's).
DEALT = [["1", "2", "3", "4"], ["5", "6", "7", "8"], ["9", "10", "1", "2"], ["3", "4", "5", "6"]]


def three_phones(lang: dict[int, str] | None = None) -> tuple[App, Phones]:
    """Carta robada with a stacked deck: Ana on the host, Ben's and Cleo's
    phones, which told the host their language (``lang``), and a bot."""
    deck = [c for hand in DEALT for c in hand] + ["7", "espia", "8", "9", "10"] * 4
    app = App(store.MemoryStorage(), ["en"], lambda: 3, ENTRIES)
    level = next(iter(engine.bots.BOTS["carta_robada"]))
    seats = [Seat("Ana"), Seat("Ben"), Seat("Cleo"), Seat("Bot", "bot", level)]
    app.start("carta_robada", seats, {"deck": deck, "first": 0})
    for s in PHONES:
        linking.seat_phone(app, s, "CODE").status = "linked"
    phones = Phones(app)
    for s, code in (lang or {}).items():
        phones.joined[s].sent += 1
        told = json.dumps({"n": phones.joined[s].sent, "prefs": {"lang": code}})
        assert linking.heard(app, s, told)
    phones.deliver()
    return app, phones


def tap(app: App, phones: Phones, seat: int, action: str) -> None:
    table = app.table
    assert table is not None
    said = guest.says(phones.joined[seat], "tap", action, table.state.moves)
    assert linking.heard(app, seat, said)
    phones.deliver()


def test_a_guests_opening_look_is_on_its_phone_and_holds_the_bots_until_done() -> None:
    """Ben looks at his positions 1 and 3 on his phone: his 5 and 7 are on it,
    face up, with "Done"; the bot waits meanwhile, the host and Cleo are told
    Ben is still looking; once Ben is done, the bot plays and his cards are
    face down again."""
    app, phones = three_phones()
    table = app.table
    assert table is not None
    tr = Tr("en")
    for s in (ANA, CLEO):
        app.play(s, "peek:0,1", table.state.moves, table.seats[s].kind)
    press(app, data_action="look-done")
    tap(app, phones, CLEO, "peek:2,3")
    assert linking.heard(app, CLEO, guest.says(phones.joined[CLEO], "ui", "look-done", None))
    tap(app, phones, BEN, "peek:0,2")
    ben = phones.joined[BEN].html
    for pos, card in ((0, "5"), (2, "7")):
        label = _label(ben, f"c-{BEN}-{pos}") or ""
        assert label.startswith(tr("cr.cell.seen", where=tr("cr.pos", n=pos + 1), card=card))
    assert "Done: put them away" in ben
    app.settle()
    assert app.bot_turn() is None, "the bot played while Ben's look was open"
    wait = "Wait: Ben is still looking at some cards."
    assert wait in app.render() and wait in phones.joined[CLEO].html
    assert linking.heard(app, BEN, guest.says(phones.joined[BEN], "ui", "look-done", None))
    phones.deliver()
    assert "only you see" not in phones.joined[BEN].html
    assert app.bot_turn() == BOT or table.game.view(table.state, None)["turn"] == ANA


def test_a_spy_drawn_on_a_guests_phone_shows_its_card_and_its_look_there_only() -> None:
    """Ben draws the Spy: it is on his phone, "hidden" on the host's; he throws
    it away and uses it on his 6 and Cleo's 10: both values are on his phone,
    on no other screen, and play waits for his Done (the bot, and Cleo, whose
    turn it is)."""
    app, phones = three_phones()
    table = app.table
    assert table is not None
    tr = Tr("en")
    for s in (ANA, BOT):
        app.play(s, "peek:2,3", table.state.moves, table.seats[s].kind)
    press(app, data_action="look-done")
    for s in PHONES:
        tap(app, phones, s, "peek:2,3")
        assert linking.heard(app, s, guest.says(phones.joined[s], "ui", "look-done", None))
    app.play(ANA, "draw", table.state.moves)
    app.play(ANA, "discard", table.state.moves)  # a 7: nobody cuts, Ben's turn
    tap(app, phones, BEN, "draw")
    assert _label(phones.joined[BEN].html, "hand-card") == tr(
        "cr.hand.card", name="Ben", card=card_text(tr, "espia")
    )
    for page in (app.render(), phones.joined[CLEO].html):
        assert _label(page, "hand-card") == tr("cr.hand.hidden", name="Ben")
    tap(app, phones, BEN, "discard")
    tap(app, phones, BEN, "use:1.1,2.1")
    ben = phones.joined[BEN].html
    for s, pos, card in ((BEN, 1, "6"), (CLEO, 1, "10")):
        label = _label(ben, f"c-{s}-{pos}") or ""
        assert label.startswith(tr("cr.cell.seen", where=tr("cr.pos", n=pos + 1), card=card))
    for page in (app.render(), phones.joined[CLEO].html):
        assert "only you see" not in page
    app.settle()
    assert app.bot_turn() is None, "the bot played while Ben's Spy look was open"
    # Cleo's turn waits for Ben's look too, as on one phone: no deck, no cut
    assert table.game.view(table.state, None)["turn"] == CLEO
    cleo = phones.joined[CLEO].html
    assert "Wait: Ben is still looking at some cards." in cleo
    assert not [b for b in buttons(cleo) if "data-move" in b]
    assert linking.heard(app, BEN, guest.says(phones.joined[BEN], "ui", "look-done", None))
    phones.deliver()
    assert "draw" in {b.get("data-action") for b in buttons(phones.joined[CLEO].html)}


def test_each_guests_table_is_in_its_own_language() -> None:
    """Ben's phone speaks Spanish, Cleo's French, the host English: each table
    is drawn in its phone's language, a refused tap's message too."""
    app, phones = three_phones({BEN: "es", CLEO: "fr"})
    assert "Todos miran dos cartas" in phones.joined[BEN].html
    assert "Chacun regarde deux cartes" in phones.joined[CLEO].html
    assert "Everyone looks at two cards" in app.render()
    tap(app, phones, BEN, "draw")  # not now: everyone looks first
    assert phones.joined[BEN].notice == "Esa jugada no es posible ahora."


def ben_page(ben: App) -> str:
    return ben.link.joined.html if ben.link.joined is not None else ""


def test_a_guest_tells_the_host_its_language_on_linking_and_when_it_changes() -> None:
    """Ben's phone, set to French, says so as its link opens; the host draws his
    table in French; set to Spanish later, it says so with its next message."""
    app, _phones = three_phones()
    ben = App(store.MemoryStorage(), ["en"], lambda: 9, ENTRIES)
    ben.settings["lang"] = "fr"
    ben.link.joined, ben.screen = Joined(), "join"

    def hear_ben() -> None:
        for request in ben.link.requests:
            if request[:2] == ("say", "host"):
                linking.heard(app, BEN, request[2])
        ben.link.requests.clear()
        for seat, text in linking.outbox(app):
            if seat == BEN:
                linking.channel(ben, "host", "message", text)

    linking.channel(ben, "host", "open", "")
    hear_ben()
    assert "Chacun regarde deux cartes" in ben_page(ben)
    ben.settings["lang"] = "es"
    app.link.phones[BEN].shown = None  # the host's next screen
    hear_ben()  # Ben's phone hears it, and tells its new language
    hear_ben()
    assert "Todos miran dos cartas" in ben_page(ben)


def test_only_the_player_who_must_act_is_told_what_to_do() -> None:
    """Ben draws: "Tap one of your cards to swap it blind" is on his phone; the
    host's and Cleo's say whose move it is, in their own words."""
    app, phones = three_phones({CLEO: "fr"})
    table = app.table
    assert table is not None
    for s in (ANA, BOT):
        app.play(s, "peek:2,3", table.state.moves, table.seats[s].kind)
    press(app, data_action="look-done")
    for s in PHONES:
        tap(app, phones, s, "peek:2,3")
        assert linking.heard(app, s, guest.says(phones.joined[s], "ui", "look-done", None))
    app.play(ANA, "draw", table.state.moves)
    app.play(ANA, "discard", table.state.moves)
    tap(app, phones, BEN, "draw")
    assert "Tap one of your cards to swap it blind" in phones.joined[BEN].html
    assert "Tap one of your cards" not in app.render()
    assert htmllib.escape("Waiting for Ben's move.") in app.render()
    assert "Touchez une de vos cartes" not in phones.joined[CLEO].html
    assert "En attente du coup de Ben." in phones.joined[CLEO].html


def test_what_a_guests_screen_reader_hears_unasked_is_its_own_setting() -> None:
    """Cleo keeps her screen reader to her turns and the results ("announce":
    "mine"): the move line on her phone is not a live region, on Ben's phone and
    on the host's it is; a setting of no known value is not taken."""
    app, phones = three_phones()
    table = app.table
    assert table is not None
    phones.joined[CLEO].sent += 1
    told = {"n": phones.joined[CLEO].sent, "prefs": {"announce": "mine", "motion": "warp"}}
    assert linking.heard(app, CLEO, json.dumps(told))
    assert app.link.phones[CLEO].prefs == {"announce": "mine"}
    app.play(ANA, "peek:0,1", table.state.moves)  # a move: a line to say
    phones.deliver()
    line = 'class="last-move" role="status" aria-live="{}"'
    assert line.format("off") in phones.joined[CLEO].html
    assert line.format("polite") in phones.joined[BEN].html
    assert line.format("polite") in app.render()


def test_a_rematch_on_the_same_phones_shows_each_look_again() -> None:
    """A new game on the same table keeps its phones (a rematch): what Ben's
    phone saw in the last game is nothing of this one. His opening look of the
    new game, which the log numbers as the last one's, is on his phone."""
    app, phones = three_phones()
    table = app.table
    assert table is not None
    seats, options = list(table.seats), dict(table.state.options)
    tap(app, phones, BEN, "peek:0,2")
    assert linking.heard(app, BEN, guest.says(phones.joined[BEN], "ui", "look-done", None))
    phones.deliver()
    app.start("carta_robada", seats, options)
    phones.deliver()
    tap(app, phones, BEN, "peek:0,2")
    assert "Done: put them away" in phones.joined[BEN].html
    label = _label(phones.joined[BEN].html, f"c-{BEN}-0") or ""
    assert label.startswith("Position 1: 5 (only you see it now)"), label

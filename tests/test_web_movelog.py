"""The move log ("say what happened"): every event kind of every game
in words, in the three languages; only public information, checked over bot
games; the sheet and the last-move line as the tables draw them."""

# ruff: noqa: E501  (one sample event a line reads better than one field a line)

from __future__ import annotations

import html as html_lib
import random
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import engine
from engine.bots import BOTS
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import store
from web.core.i18n import LANGS, Tr
from web.core.model import Seat, Table
from web.tables.abyss import log as abyss_log
from web.tables.carta_robada import log as carta_log
from web.tables.dice_bid import log as dice_log
from web.ui.kit.movelog import ENDS, Move, last_move, moves_sheet

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ana", "Ben", "Cy"]

#: One event of each kind a game's public view can hold (``n`` is added below).
SAMPLES: dict[str, list[dict[str, Any]]] = {
    "abyss": [
        {"type": "deal", "round": 2, "discard": -1, "draw_pile": 125},
        {"type": "flip", "seat": 0, "pos": 6, "value": 7, "start": True},
        {"type": "starter", "seat": 1, "reason": "sum", "sums": [3, 9], "highs": [2, 5]},
        {"type": "take", "seat": 1, "value": 7},
        {"type": "draw", "seat": 1, "value": 12},
        {"type": "place", "seat": 1, "pos": 6, "value": 7, "replaced": -1, "was_hidden": False, "source": "discard"},
        {"type": "discard", "seat": 1, "value": 12},
        {"type": "swallow", "seat": 1, "column": 2, "positions": [2, 6, 10], "value": 4},
        {"type": "close", "seat": 1, "last_turns": 1},
        {"type": "reveal", "seat": 0, "positions": [0, 3], "values": [-2, 11]},
        {"type": "round_end", "round": 2, "raw": [20, 9], "scores": [20, 18], "closer": 1, "doubled": True, "totals": [40, 30]},
        {"type": "game_end", "totals": [40, 30], "winners": [1], "rounds": 2},
        {"type": "reshuffle", "draw_pile": 80, "top": 3},
    ],
    "carta_robada": [
        {"type": "deal", "players": 2, "cards": 4, "first": 1, "deck": 72},
        {"type": "peek", "seat": 0, "positions": [0, 1]},
        {"type": "draw", "seat": 0, "source": "deck"},
        {"type": "milagro", "seat": 0},
        {"type": "take", "seat": 0, "card": "7"},
        {"type": "swap", "seat": 0, "pos": 2, "card": "5", "source": "deck"},
        {"type": "discard", "seat": 0, "card": "maldicion"},
        {"type": "skip", "seat": 0, "card": "espia"},
        {"type": "use", "seat": 0, "card": "impulso", "extra": 2},
        {"type": "give", "seat": 1},
        {"type": "whirl", "towards": "next", "positions": [0, 3]},
        {"type": "remove", "seat": 0, "pos": 1, "card": "9"},
        {"type": "declare", "seat": 1},
        {"type": "cut", "seat": 1, "pos": 0, "card": "5", "ok": True},
        {"type": "penalty", "seat": 1, "pos": 4},
        {"type": "tied", "seat": 0, "pos": 2, "first": 1},
        {"type": "order", "seat": 0, "positions": [0, 3]},
        {"type": "reshuffle", "deck": 40},
        {"type": "marker", "seat": 0},
        {"type": "out", "seat": 1},
        {"type": "end", "reason": "declared", "scores": [12, 3], "winners": [1], "tendidos": [["7"], ["3"]]},
    ],
    "dice_bid": [
        {"type": "roll", "dice": [3, 4], "prize": 7},
        {"type": "prize_card", "card": -4, "prize": -4},
        {"type": "pick", "seat": 0},
        {
            "type": "reveal", "round": 1, "tiebreak": 0, "dice": [3, 4], "prize_card": None, "prize": 7,
            "cards": [7, 7, 12], "knocked_out": [0, 1], "winner": 2, "scores": [0, 0, 7],
        },
        {"type": "reroll", "seat": 2, "die": 0, "face": 6, "dice": [6, 4], "prize": 10},
        {"type": "force", "seat": 2, "die": 1, "dice": [6, 6], "prize": -6},
        {"type": "tiebreak", "number": 1, "seats": [0, 2]},
        {"type": "game_over", "scores": [9, 3, 9], "winners": [0, 2], "shared": True},
    ],
}  # fmt: skip

#: Kinds a game emits that the log leaves out, and why: a turn's start (the status
#: says whose turn it is), the dice deal and a prize card put aside (the reveal
#: says it all), and the private reveals the public view never holds.
SILENT = {
    "abyss": set(),
    "carta_robada": {"turn", "seen", "drawn"},
    "dice_bid": {"deal", "discard_prize", "picked"},
}

DESCRIBE = {
    "abyss": abyss_log.describe,
    "carta_robada": carta_log.describe,
    "dice_bid": dice_log.describe,
}


def emitted_kinds(game_id: str) -> set[str]:
    """Every event kind the game's rules emit (``emit``/``emit_to`` or a linked dict)."""
    text = (ROOT / "engine" / game_id / "rules.py").read_text()
    kinds = set(re.findall(r"\bemit\(\s*\"(\w+)\"", text))
    kinds |= set(re.findall(r"\bemit_to\(\s*\([^)]*\),\s*\"(\w+)\"", text))
    kinds |= set(re.findall(r"\"type\": \"(\w+)\"", text))
    return kinds


def numbered(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"n": i, **e} for i, e in enumerate(events)]


@pytest.mark.parametrize("game_id", sorted(SAMPLES))
def test_every_event_kind_is_told_or_left_out_on_purpose(game_id: str):
    kinds = emitted_kinds(game_id)
    sampled = {e["type"] for e in SAMPLES[game_id]}
    assert kinds, game_id
    assert kinds - SILENT[game_id] <= sampled, f"untold: {kinds - SILENT[game_id] - sampled}"
    assert sampled | SILENT[game_id] <= kinds | {"deal"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", sorted(SAMPLES))
def test_every_sample_event_is_a_whole_sentence_in_each_language(game_id: str, lang: str):
    tr = Tr(lang)
    for e in numbered(SAMPLES[game_id]):
        moves = DESCRIBE[game_id](tr, NAMES, [e])
        assert moves, (lang, e)
        for m in moves:
            assert m.n == e["n"]
            assert m.text and "{" not in m.text, (lang, e, m.text)
            # A key left unsaid would show as itself (a dotted id, no space).
            assert " " in m.text and not re.search(r"\b(abyss|cr|dice)\.\w+\.", m.text), m.text
            # Sentences, as the move line runs them together: each ends as one.
            assert m.text.rstrip()[-1] in ".!?…", (lang, m.text)


def test_the_sentences_say_what_happened_in_english():
    tr = Tr("en")
    abyss = numbered(SAMPLES["abyss"])
    turn = [abyss[3], abyss[5], abyss[4], abyss[6]]  # take, place; draw, discard
    said = [m.text for m in abyss_log.describe(tr, NAMES, turn)]
    # A take and its placement are one sentence; a discard after a draw says so.
    assert said == [
        "Ben took the 7 from the discard and put it at row 2, column 3, replacing the −1.",
        "Ben drew the 12 and discarded it.",
    ]
    assert abyss_log.describe(tr, NAMES, [abyss[3]])[0].text == "Ben took the 7 from the discard."
    hidden = {**abyss[5], "was_hidden": True, "source": "draw"}
    assert abyss_log.sentence(tr, NAMES, hidden) == (
        "Ben drew the 7 and put it at row 2, column 3, replacing a face-down −1."
    )
    carta = {e["type"]: e for e in numbered(SAMPLES["carta_robada"])}
    assert carta_log.sentence(tr, NAMES, carta["cut"]) == "Ben cut with position 1: 5. It matches!"
    assert carta_log.sentence(tr, NAMES, carta["take"]) == "Ana takes 7 from the discard."
    dice = numbered(SAMPLES["dice_bid"])
    assert [m.text for m in dice_log.describe(tr, NAMES, [dice[2], dice[3]])] == [
        "Ana laid a card face down.",
        "Ana bid 7 for the +7 prize.",
        "Ben bid 7 for the +7 prize.",
        "Cy bid Q for the +7 prize.",
        "Equal cards knock each other out: Ana, Ben.",
        "Cy takes +7.",
    ]


def test_carta_robada_marks_the_cards_the_last_action_moved():
    events = [
        {"type": "swap", "seat": 0, "pos": 2, "card": "5", "source": "deck"},
        {"type": "order", "seat": 1, "positions": [0, 3]},
        {"type": "use", "seat": 0, "card": "disrupcion", "cards": [[0, 1], [1, 2]]},
        {"type": "whirl", "towards": "next", "positions": [3, 0]},
        {"type": "discard", "seat": 0, "card": "7"},
    ]
    assert carta_log.changed(events) == {(0, 2), (1, 0), (1, 3), (0, 1), (1, 2), (0, 3)}
    assert carta_log.changed(events[-1:]) == set()


# -- only public information --------------------------------------------------------


def bot_game(game_id: str, players: int, seed: int):
    """The states of a game of hard bots (medium for speed where it is slow), start to end."""
    game = engine.GAMES[game_id]
    state = game.new(players, seed, {"target": 40} if game_id == "abyss" else {})
    levels = BOTS[game_id]
    bots = [levels["medium"](seed * 7 + s) for s in range(players)]
    rng = random.Random(seed)
    states = [state]
    while game.actors(state) and len(states) < 600:
        seat = rng.choice(game.actors(state))
        legal = game.legal(state, seat)
        action = bots[seat].act(game.view(state, seat), legal)
        state = game.apply(state, seat, action if action in legal else legal[0])
        states.append(state)
    return states


def table_of(game_id: str, state) -> Table:
    seats = [Seat(NAMES[s]) for s in range(state.players)]
    return Table(game_id=game_id, game=engine.GAMES[game_id], state=state, seats=seats, started="")


@pytest.mark.parametrize("game_id", sorted(SAMPLES))
def test_no_sentence_tells_a_hidden_value(game_id: str):
    """Whatever the face-down cards, the pile and the pending picks are (the
    engine's ``redeal_hidden`` shuffles everything a seat cannot see), the log
    reads the same: it holds nothing the public view does not."""
    game = engine.GAMES[game_id]
    tr = Tr("en")
    log = ENTRIES[game_id].table.move_log()
    assert log is not None
    for seed in (1, 2):
        for k, state in enumerate(bot_game(game_id, 3, seed)):
            if k % 7:
                continue  # every seventh state: the test stays quick
            said = log(tr, table_of(game_id, state), 0)
            other = game.redeal_hidden(state, None, seed * 1000 + k)
            assert log(tr, table_of(game_id, other), 0) == said, (seed, k)


def test_dice_bids_are_told_only_after_the_reveal():
    game = engine.GAMES["dice_bid"]
    tr = Tr("en")
    for state in bot_game("dice_bid", 3, 5):
        view = game.view(state, None)
        texts = [m.text for m in dice_log.moves(tr, table_of("dice_bid", state))]
        bids = sum(" bid " in t for t in texts)
        revealed = sum(1 for row in view["sheet"] for c in row["cards"] if c is not None)
        assert bids == revealed  # one "bid" per card turned up, none before


# -- the sheet, the line and the hook -------------------------------------------------


def test_the_sheet_lists_newest_first_and_the_line_tells_the_last_action():
    tr = Tr("en")
    sheet = moves_sheet(tr, [Move(0, "alpha"), Move(3, "omega")])
    assert sheet.index("omega") < sheet.index("alpha")
    assert "No moves yet." in moves_sheet(tr, [])
    states = bot_game("abyss", 2, 3)
    table = table_of("abyss", states[10])
    before = states[9].log.size
    table.ui["fresh_from"] = before
    host = SimpleNamespace(tr=tr, settings={})
    line = last_move(host, table, abyss_log.moves)
    told = [m.text for m in abyss_log.moves(tr, table, before)]
    assert told and " ".join(told) in line.replace("&#x27;", "'")
    table.ui.pop("fresh_from")  # drawn from a save: no action applied since
    line = last_move(host, table, abyss_log.moves).replace("&#x27;", "'")
    assert abyss_log.moves(tr, table, 0)[-1].text in line  # what happened last, not nothing


def test_the_same_words_twice_in_a_row_are_news_to_a_screen_reader():
    """Two actions in a row that say the same words (Carta robada: the same two
    cards swapped again) still change the live region's text, or the second goes
    unsaid; a redraw of the same move changes nothing."""
    host = SimpleNamespace(tr=Tr("en"), settings={})
    same = "Ana swaps their positions 4 and 5."

    def region(moves: int) -> str:
        table = SimpleNamespace(ui={"fresh_from": 7}, state=SimpleNamespace(moves=moves))
        html = last_move(host, table, lambda tr, table, since: [Move(since, same)])
        found = re.search(r'<span class="last-move-text" id="[^"]+">(.*?)</span>', html)
        assert found, html
        return html_lib.unescape(found[1])

    first, second = region(12), region(13)
    assert first != second and first.split() == second.split() == same.split()
    assert region(13) == second


@pytest.mark.parametrize("game_id", engine.GAME_IDS)
def test_the_move_line_is_spoken_unless_the_player_keeps_it_to_turns_and_results(game_id):
    app = App(store.MemoryStorage(), ["en-GB"], lambda: 3, entries=ENTRIES)
    app.start(game_id, [Seat("Ana"), Seat("Rob", "bot", "medium")], {})
    table = app.table
    assert table is not None
    line = r'<p class="last-move" role="status" aria-live="(\w+)">'
    rng = random.Random(3)
    while not re.search(line, app.render()):  # on to a screen that has the line
        bot = app.bot_turn()
        if bot is None or not app.bot_play(bot, table.state.moves):
            legal = table.game.legal(table.state, 0)
            app.play(0, rng.choice(legal), table.state.moves)
    assert re.findall(line, app.render()) == ["polite"]
    app.handle("set", "announce=mine")
    assert re.findall(line, app.render()) == ["off"]
    app.handle("set", "announce=all")
    assert re.findall(line, app.render()) == ["polite"]


def test_every_table_offers_moves_and_a_bare_table_has_no_log():
    from web.ui.table_ui import TableUI

    assert TableUI().move_log() is None
    assert all(ENTRIES[g].table.move_log() is not None for g in engine.GAME_IDS)


@pytest.mark.parametrize("game_id", sorted(SAMPLES))
def test_every_table_draws_the_line_the_menu_item_and_the_sheet(game_id: str):
    """Through the app: after a few moves the table's line tells the last one,
    the menu offers "Moves", the sheet lists the moves newest first."""
    from web.app.controller import App
    from web.core import store

    app = App(store.MemoryStorage(), ["en-GB"], lambda: 3, entries=ENTRIES)
    app.start(game_id, [Seat("Ana"), Seat("Ben")], {"target": 30} if game_id == "abyss" else {})
    table = app.table
    assert table is not None
    rng = random.Random(3)
    log = ENTRIES[game_id].table.move_log()
    assert log is not None
    for _ in range(6):
        seat = table.game.actors(table.state)[0]
        app.play(seat, rng.choice(table.game.legal(table.state, seat)), table.state.moves)
    html = app.render()
    told = log(Tr("en"), table, table.ui["fresh_from"])
    assert 'class="last-move-btn"' in html and told
    # The words are the live region's own text, outside the button that opens the
    # sheet, and the button is described by them (what a screen reader says on focus).
    words = re.search(r'<span class="last-move-text" id="(\S+)">(.*?)</span><button([^>]*)>', html)
    assert words and html_lib.unescape(words[2]).rstrip(" ") == " ".join(m.text for m in told)
    assert f'aria-describedby="{words[1]}"' in words[3] and 'aria-label="All moves"' in words[3]
    app.handle("sheet", "menu")
    assert 'data-arg="moves"' in app.render()
    app.handle("sheet", "moves")
    html = app.render()
    items = re.findall(r'<li data-n="(\d+)">', html)
    assert len(items) == len(log(Tr("en"), table, 0)) > 0
    assert [int(n) for n in items] == sorted((int(n) for n in items), reverse=True)


#: A status that tells of the bot Rob's moment only, and one where Ana or Ben may act.
BOTS_MOMENT = re.compile(r"Rob('s (extra )?turn| is thinking…)|Still to \w+: Rob$")
HUMANS_MOMENT = re.compile(r"(Ana|Ben)'s (extra )?(turn|pick)|Still to \w+: .*\b(Ana|Ben)\b")
STATUS = re.compile(
    r'<section class="status" aria-live="(\w+)" aria-atomic="true">(.*?)</section>', re.S
)


@pytest.mark.parametrize("game_id", engine.GAME_IDS)
def test_turns_and_results_only_leaves_a_bots_moment_unsaid(game_id, monkeypatch):
    """With "My turn and results", the status says nothing while only a bot may
    act, and still says a person's turn (two people pass the phone, Rob is a bot)."""
    from tests.test_web_card_names import screens

    said: dict[str, set[str]] = {"bots": set(), "humans": set()}
    for step, app in enumerate(screens(game_id, "en-GB", monkeypatch)):
        if step == 0:
            app.handle("set", "announce=mine")
        for live, inner in STATUS.findall(app.render()):
            text = re.sub(r"<[^>]+>", " ", inner).replace("&#x27;", "'")
            text = " ".join(text.split())
            if HUMANS_MOMENT.search(text):
                said["humans"].add(live)
            elif BOTS_MOMENT.search(text):
                said["bots"].add(live)
    assert said == {"bots": {"off"}, "humans": {"polite"}}


@pytest.mark.parametrize("game_id", engine.GAME_IDS)
def test_the_status_is_one_sentence_to_a_screen_reader(game_id, monkeypatch):
    """A table's status is said whole (aria-atomic) and as one object: its lines
    (who, what, the table's facts) are no objects of their own (a reader said a
    changed line alone, then the whole region again), and a full stop that only a
    reader hears parts one line with words from the next."""
    from tests.test_web_card_names import screens

    seen = 0
    for app in screens(game_id, "en-GB", monkeypatch):
        for _live, inner in STATUS.findall(app.render()):
            lines = re.findall(r'<p class="([\w-]+)" role="none">(.*?)</p>', inner, re.S)
            assert lines and not re.search(r"<p(?! class=\"[\w-]+\" role=\"none\")", inner)
            words = [" ".join(re.sub(r"<[^>]+>", " ", html).split()) for _, html in lines]
            said = re.sub(r"<[^>]+>", "", inner.replace("&nbsp;", " "))
            sentence = ""
            for w in filter(None, words):
                stop = "" if not sentence or sentence[-1] in ENDS else "."
                sentence += f"{stop} {w}" if sentence else w
            assert " ".join(said.split()) == sentence, said
            seen += 1
    assert seen > 20


@pytest.mark.parametrize("announce", ["all", "mine"])
def test_a_dice_rounds_winner_is_said_by_one_region(announce, monkeypatch):
    """Who took a round's prize is said once: by the move line ("Ben takes +3."),
    and by the last reveal's verdict only when the move line is off ("My turn and
    results"); a screen reader heard it twice when both were live. The verdict
    says its round first, so that the same verdict twice in a row is said twice."""
    from tests.test_web_card_names import screens

    verdict = re.compile(
        r'<h2 id="rev-title">([^<]*)</h2>.*?'
        r'<p class="verdict small" role="status" aria-live="(\w+)"><span class="sr">([^<]*)\. </span>[^<]* takes ',
        re.S,
    )
    line = re.compile(r'<p class="last-move" role="status" aria-live="(\w+)">')
    heard: set[tuple[str, str]] = set()
    for step, app in enumerate(screens("dice_bid", "en-GB", monkeypatch)):
        if step == 0:
            app.handle("set", f"announce={announce}")
        html = app.render()
        if (said := verdict.search(html)) and (told := line.search(html)):
            heard.add((told.group(1), said.group(2)))
            # the round's title leads the verdict (to a reader only): two rounds
            # with the same verdict in a row are two changes of its words
            assert said.group(3) == said.group(1)
    assert heard == ({("polite", "off")} if announce == "all" else {("off", "polite")})

"""The app on CPython: screens render from pure functions, saves survive reloads,
stale taps are refused, every string is in every language."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

import pytest

import engine
from engine.bots import HINT_REASONS
from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import store
from web.core.i18n import BOT_LEVELS, LANGS, Tr, browser_lang, catalog, forms
from web.core.model import Seat

WEB = Path(__file__).resolve().parent.parent / "web"
ABYSS = engine.GAMES["abyss"]


def new_app(storage: store.MemoryStorage | None = None, langs=("en-GB",), seed: int = 7) -> App:
    return App(
        storage if storage is not None else store.MemoryStorage(),
        list(langs),
        lambda: seed,
        entries=ENTRIES,
    )


def start_abyss(app: App, names=("Ana", "Ben"), **options) -> None:
    app.start("abyss", [Seat(n) for n in names], options)


def play_until(app: App, stop, rng: random.Random | None = None, limit: int = 5000) -> None:
    """Tap random legal actions for the seat that may act, until ``stop(app)``."""
    rng = rng or random.Random(1)
    for _ in range(limit):
        if stop(app):
            return
        state = app.table.state
        seat = ABYSS.actors(state)[0]
        action = rng.choice(ABYSS.legal(state, seat))
        assert app.play(seat, action, state.moves)
    raise AssertionError("did not get there")


# -- languages -------------------------------------------------------------------


def _code_strings() -> set[str]:
    """Every string literal in web/, plus the keys the code builds: from a game id
    (its name and pitch), from the bot levels and from the engine's hint reasons."""
    found = set()
    for path in WEB.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    for game_id in engine.GAME_IDS:
        found |= {f"game.{game_id}.name", f"game.{game_id}.pitch"}
    found |= {f"bot.{level}" for level in BOT_LEVELS}
    found |= {f"bot.{level}.about" for level in BOT_LEVELS}
    for game_id, reasons in HINT_REASONS.items():
        found |= {f"hint.{game_id}.{reason}" for reason in reasons}
    return found


def test_every_catalog_has_the_same_keys():
    english = set(catalog("en"))
    for lang in LANGS:
        keys = set(catalog(lang))
        assert keys == english, (
            f"{lang}: missing {sorted(english - keys)}, extra {sorted(keys - english)}"
        )


def test_every_catalog_key_is_used_by_the_code():
    strings = _code_strings()
    unused = sorted(k for k in catalog("en") if k not in strings)
    assert not unused, f"keys no code uses: {unused}"


def test_every_key_the_code_names_is_in_the_catalog():
    prefixes = {k.split(".")[0] for k in catalog("en") if "." in k}
    pattern = re.compile(r"^({})\.[a-z0-9_.]+$".format("|".join(sorted(prefixes))))
    named = {s for s in _code_strings() if pattern.match(s)}
    # file names and dotted module paths are not keys
    named = {s for s in named if not s.endswith((".json", ".md", ".py", ".css"))}
    missing = sorted(k for k in named if k not in catalog("en"))
    assert not missing, f"keys missing from the catalogs: {missing}"


def test_placeholders_match_across_languages():
    english = catalog("en")
    for lang in LANGS:
        for key, message in catalog(lang).items():
            # a counted message: the placeholders of all its forms together
            want = set(re.findall(r"{(\w+)}", " ".join(forms(english[key]))))
            got = set(re.findall(r"{(\w+)}", " ".join(forms(message))))
            assert got == want, f"{lang}:{key} has {got}, English has {want}"


def test_translations_are_not_english_copies():
    english = catalog("en")
    for lang in ("es", "fr"):
        same = [
            k for k, v in catalog(lang).items() if v == english[k] and max(map(len, forms(v))) > 12
        ]
        assert len(same) < 5, f"{lang}: untranslated {same}"


def test_language_follows_the_browser():
    assert browser_lang(["fr-CA", "en"]) == "fr"
    assert browser_lang(["de-DE", "es-MX"]) == "es"
    assert browser_lang(["de"]) == "en"
    assert Tr("xx")("home.new") == catalog("en")["home.new"]


def test_switching_language_changes_the_screens():
    app = new_app()
    start_abyss(app)
    english = app.render()
    app.handle("set", "lang=es")
    spanish = app.render()
    assert english != spanish
    assert catalog("es")["abyss.do.flip_two"] in spanish


# -- escaping ----------------------------------------------------------------------


def test_a_name_full_of_html_shows_as_typed():
    app = new_app()
    app.handle("new", "abyss")
    app.field("name", "0", '<b onclick="x">Ana🎉')
    app.handle("start")
    html = app.render()
    assert "<b " not in html
    assert "&lt;b onclick=&quot;x&quot;&gt;Ana🎉" in html


def test_empty_or_blank_names_get_the_default():
    app = new_app()
    app.handle("new", "abyss")
    app.field("name", "0", "    ")
    app.field("name", "1", "")
    app.handle("start")
    assert app.table.names == ["Player 1", "Player 2"]


def test_long_names_are_cut_and_control_characters_dropped():
    assert store.clean_name("  Ana\x00\n  María  ") == "Ana María"
    assert len(store.clean_name("x" * 500)) == store.MAX_NAME


def test_names_are_remembered_for_the_next_game():
    storage = store.MemoryStorage()
    app = new_app(storage)
    app.handle("new", "abyss")
    app.field("name", "0", "Ana")
    app.field("name", "1", "Ben")
    app.handle("start")
    app = new_app(storage)
    app.handle("quit-yes")
    app.handle("new", "abyss")
    assert [s["name"] for s in app.setup["seats"][:2]] == ["Ana", "Ben"]


def test_seat_count_stays_within_the_game_limits():
    app = new_app()
    app.handle("new", "abyss")
    for _ in range(20):
        app.handle("count", "+")
    assert app.setup["count"] == ABYSS.max_players
    for _ in range(20):
        app.handle("count", "-")
    assert app.setup["count"] == ABYSS.min_players


# -- taps ------------------------------------------------------------------------


def test_a_double_tap_is_applied_once():
    app = new_app()
    start_abyss(app)
    state = app.table.state
    assert app.play(0, "flip:0", state.moves)
    assert not app.play(0, "flip:0", state.moves)  # the second tap of a double tap
    assert app.table.state.moves == 1


def test_a_tap_from_an_old_picture_is_refused_calmly():
    app = new_app()
    start_abyss(app)
    app.play(0, "flip:0", 0)
    app.play(0, "flip:1", 1)
    assert not app.play(1, "flip:2", 0)
    assert app.notice is None  # refused without a fuss


def test_an_illegal_action_becomes_a_short_message():
    app = new_app()
    start_abyss(app)
    assert not app.play(0, "place:3", 0)
    assert app.notice == ("notice.illegal", {})
    assert catalog("en")["notice.illegal"] in app.render()


def test_rendered_game_buttons_carry_the_move_count():
    app = new_app()
    start_abyss(app)
    app.play(0, "flip:0", 0)
    html = app.render()
    moves = set(re.findall(r'data-move="(\d+)"', html))
    assert moves == {"1"}


# -- saves ----------------------------------------------------------------------


def test_reload_after_a_draw_resumes_the_same_state():
    storage = store.MemoryStorage()
    app = new_app(storage)
    start_abyss(app)
    play_until(app, lambda a: ABYSS.view(a.table.state)["prompt"] == "choose")
    seat = app.table.state and ABYSS.actors(app.table.state)[0]
    app.play(seat, "draw", app.table.state.moves)
    before = ABYSS.dump(app.table.state)
    again = new_app(storage)
    assert again.screen == "table"
    assert ABYSS.dump(again.table.state) == before
    assert ABYSS.view(again.table.state)["prompt"] == "place_or_discard"
    assert again.table.names == ["Ana", "Ben"]


@pytest.mark.parametrize(
    "garbage",
    [
        "{",
        "null",
        "[]",
        '{"format": "tapete-record"}',
        json.dumps({"format": "tapete-record", "version": 99}),
    ],
)
def test_a_corrupt_save_is_survived(garbage):
    storage = store.MemoryStorage({store.SAVE_KEY: garbage})
    app = new_app(storage)
    assert app.screen == "home"
    assert app.broken_save
    html = app.render()
    assert catalog("en")["save.broken.title"] in html
    app.handle("new", "abyss")
    app.handle("start")
    assert app.screen == "table" and app.broken_save is None


def test_a_save_whose_moves_were_tampered_with_is_refused():
    storage = store.MemoryStorage()
    app = new_app(storage)
    start_abyss(app)
    app.play(0, "flip:0", 0)
    data = json.loads(storage.data[store.SAVE_KEY])
    data["actions"].append([0, "flip:0"])  # flipping the same card twice
    storage.data[store.SAVE_KEY] = json.dumps(data)
    assert new_app(storage).broken_save


def test_quit_asks_first_and_then_the_game_goes_to_history_unfinished():
    storage = store.MemoryStorage()
    app = new_app(storage)
    start_abyss(app)
    app.handle("quit")
    assert app.confirm == "quit" and store.SAVE_KEY in storage.data
    app.handle("cancel")
    assert app.screen == "table" and store.load_history(storage) == []
    app.handle("quit")
    app.handle("quit-yes")
    assert app.screen == "home" and store.SAVE_KEY not in storage.data
    (entry,) = store.load_history(storage)
    assert entry["unfinished"] and entry["game"] == "abyss" and entry["scores"] == []
    app.handle("go", "history")
    html = app.render()
    assert "Unfinished: quit before the end" in html
    assert "its record would show every hidden card" in html
    assert 'data-arg="h0"' not in html  # no export of an unfinished game


def test_back_never_loses_the_game():
    storage = store.MemoryStorage()
    app = new_app(storage)
    start_abyss(app)
    app.table.ui["sheet"] = "history"
    app.back()
    assert app.screen == "table" and not app.table.ui["sheet"]
    app.back()
    assert app.screen == "home" and app.table is not None
    assert store.SAVE_KEY in storage.data
    app.handle("continue")
    assert app.screen == "table"


def test_every_screen_has_a_back_that_goes_where_it_came_from():
    """Rules and settings return to the table whose menu opened them, else home;
    the Back control is the same step as the browser's Back."""
    app = new_app()
    start_abyss(app)
    app.handle("sheet", "menu")
    app.handle("rules", "abyss")
    assert app.screen == "rules" and not app.table.ui.get("sheet")
    app.handle("rules", "dice_bid")  # another tab: Back still leads to the table
    app.handle("back")
    assert app.screen == "table"
    app.handle("go", "settings")
    app.back()
    assert app.screen == "table"
    app.handle("home")
    for screen in ("rules", "settings", "history", "records"):
        app.handle("go", screen)
        assert 'data-action="back"' in app.render()
        app.handle("back")
        assert app.screen == "home", screen
    app.handle("new", "abyss")
    app.handle("back")
    assert app.screen == "home" and app.table is not None


def test_a_new_game_asks_before_abandoning_the_one_in_progress():
    storage = store.MemoryStorage()
    app = new_app(storage)
    start_abyss(app)
    app.play(0, "flip:0", 0)
    before = app.table
    app.handle("home")
    app.handle("new", "abyss")
    app.handle("start")
    assert app.confirm == "abandon" and app.table is before and app.screen == "setup"
    assert "Abyss is in progress" in app.render()
    app.handle("cancel")
    assert app.confirm is None and app.table is before and app.screen == "setup"
    assert store.load_history(storage) == []
    app.handle("start")
    app.handle("abandon-yes")
    assert app.screen == "table" and app.table is not before and app.table.state.moves == 0
    (entry,) = store.load_history(storage)
    assert entry["unfinished"] is True and entry["record"]["actions"] == [[0, "flip:0"]]
    app.handle("go", "history")
    html = app.render()
    assert "Unfinished" in html and 'data-action="export"' not in html
    app.handle("history-replay", "0")
    assert app.table.replay is not None and app.paused is not None


def test_resuming_an_imported_record_asks_too():
    storage = store.MemoryStorage()
    app = new_app(storage)
    start_abyss(app, names=("Cy", "Di"))
    text = json.dumps(app.table.record())
    start_abyss(app)
    app.play(0, "flip:0", 0)
    live = app.table
    app.handle("home")
    app.import_record(text)
    app.handle("import-resume")
    assert app.confirm == "abandon" and app.table is live and app.screen == "records"
    app.back()  # the browser's Back is Cancel
    assert app.confirm is None and app.table is live and app.imported is not None
    app.handle("import-resume")
    app.handle("abandon-yes")
    assert app.screen == "table" and app.table.names == ["Cy", "Di"]
    assert [e["unfinished"] for e in store.load_history(storage)] == [True]


def test_a_finished_game_is_replaced_without_asking():
    app = new_app()
    start_abyss(app)
    play_until(app, lambda a: ABYSS.result(a.table.state) is not None)
    app.handle("home")
    app.handle("new", "abyss")
    app.handle("start")
    assert app.confirm is None and app.table.state.moves == 0


def test_settings_are_validated_on_read():
    storage = store.MemoryStorage(
        {store.SETTINGS_KEY: '{"lang": "xx", "wake": "yes", "motion": "fast"}'}
    )
    settings = store.load_settings(storage, store.settings_with(()))
    assert settings["lang"] == "auto" and settings["wake"] is True and settings["motion"] == "fast"


def test_motion_follows_the_system_unless_chosen():
    app = new_app()
    assert app.motion(reduced_by_system=True) == "off"
    app.handle("set", "motion=slow")
    assert app.motion(reduced_by_system=True) == "slow"


# -- a whole game, history, records --------------------------------------------


def test_finished_game_goes_to_the_history_once():
    storage = store.MemoryStorage()
    app = new_app(storage)
    start_abyss(app, target=10)
    play_until(app, lambda a: ABYSS.result(a.table.state) is not None)
    result = ABYSS.result(app.table.state)
    html = app.render()
    for total in result["scores"]:
        assert f'data-total="{total}"' in html
    history = store.load_history(storage)
    assert len(history) == 1 and history[0]["winners"] == result["winners"]
    new_app(storage)  # a reload at the end screen does not add it again
    assert len(store.load_history(storage)) == 1


def test_rematch_keeps_the_seats():
    app = new_app()
    start_abyss(app, names=("Ana", "Ben", "Cleo"), target=10)
    play_until(app, lambda a: ABYSS.result(a.table.state) is not None)
    app.handle("rematch")
    assert app.table.names == ["Ana", "Ben", "Cleo"]
    assert app.table.state.moves == 0 and app.table.state.options["target"] == 10


def test_export_then_import_resumes_the_game():
    app = new_app()
    start_abyss(app)
    play_until(app, lambda a: a.table.state.moves >= 9)
    text = json.dumps(app.table.record())  # an unfinished game is not exported: its save
    other = new_app()
    other.import_record(text)
    assert other.state_of("records").get("error") is None
    other.handle("import-resume")
    assert ABYSS.dump(other.table.state) == ABYSS.dump(app.table.state)
    assert other.table.names == ["Ana", "Ben"]


def test_a_damaged_record_gets_a_clear_message():
    app = new_app()
    app.import_record("this is not json")
    assert app.state_of("records").get("error") and app.screen == "records"
    assert catalog("en")["records.bad"] in app.render()
    app.import_record(json.dumps({"format": "tapete-record", "version": 0, "game": "abyss"}))
    assert "older version" in str(app.state_of("records").get("error"))


def test_replay_steps_forward_back_and_to_the_end():
    app = new_app()
    start_abyss(app)
    play_until(app, lambda a: a.table.state.moves >= 12)
    text = json.dumps(app.table.record())
    app.import_record(text)
    app.handle("import-replay")
    table = app.table
    assert table.replay is not None and table.state.moves == 0
    app.handle("step", "next")
    app.handle("step", "next")
    assert table.state.moves == 2
    app.handle("step", "back")
    assert table.state.moves == 1
    app.handle("step", "end")
    assert table.state.moves == 12
    html = app.render()
    assert "data-move" not in html  # a replay offers no moves
    assert not app.play(0, "draw", 12)


# -- the Abyss table in words ---------------------------------------------------


def test_cards_are_named_as_a_sighted_player_sees_them():
    app = new_app()
    start_abyss(app)
    app.play(0, "flip:6", 0)
    value = ABYSS.view(app.table.state)["grids"][0]["cells"][6]["value"]
    html = app.render()
    shown = f"−{-value}" if value < 0 else str(value)
    assert f'aria-label="Row 2, column 3: {shown}' in html
    assert 'aria-label="Row 1, column 1: face down' in html


def test_the_turn_is_told_in_words():
    app = new_app()
    start_abyss(app)
    play_until(app, lambda a: ABYSS.view(a.table.state)["phase"] == "turn")
    view = ABYSS.view(app.table.state)
    top = view["discard"]["top"]
    shown = f"−{-top}" if top < 0 else str(top)
    html = app.render()
    assert f"Take the {shown}, draw, or flip a card" in html
    assert "starts:" in html  # the starter and the reason


def test_the_discard_history_lists_every_card_and_the_counts():
    app = new_app()
    start_abyss(app)
    play_until(app, lambda a: a.table.state.moves >= 30)
    app.handle("sheet", "history")
    html = app.render()
    view = ABYSS.view(app.table.state)
    assert html.count('class="hist-item"') == len(view["discard"]["history"])
    assert ": 0 of 5" in html or ": 1 of 5" in html or "of 5" in html
    app.handle("order", "oldest")
    assert app.table.ui["order"] == "oldest"


def test_round_end_shows_doubling_and_the_sheet():
    app = new_app()
    start_abyss(app)
    play_until(app, lambda a: ABYSS.view(a.table.state)["last_round"] is not None)
    html = app.render()
    assert 'class="round-end"' in html and "score-sheet" in html
    line = ABYSS.view(app.table.state)["last_round"]
    if line["doubled"]:
        assert "doubled" in html
    app.handle("next-round", str(line["round"]))
    assert 'class="round-end"' not in app.render()


# -- rules -------------------------------------------------------------------


def test_rules_screen_falls_back_to_english_with_a_note(monkeypatch):
    # The pages are HTML that the build renders into the archive (tests/test_build.py);
    # from the sources there is none, so this stands in for an English-only page.
    from web.core import rulepages

    monkeypatch.setattr(rulepages, "_HTML", {})
    monkeypatch.setattr(rulepages, "_read", lambda g, lang: "<p>EN</p>" if lang == "en" else None)
    app = new_app(langs=("fr",))
    app.handle("rules", "dice_bid")
    html = app.render()
    assert catalog("fr")["rules.untranslated"] in html and "<p>EN</p>" in html


def test_a_replay_leaves_the_game_in_progress_alone():
    storage = store.MemoryStorage()
    app = new_app(storage)
    start_abyss(app)
    play_until(app, lambda a: a.table.state.moves >= 5)
    text = json.dumps(app.table.record())
    live = app.table
    app.handle("home")
    app.import_record(text)
    app.handle("import-replay")
    app.handle("step", "end")
    app.handle("home")
    assert app.screen == "records"  # back to the list the replay was opened from
    app.handle("back")
    assert app.table is live and "Continue" in app.render()
    assert json.loads(storage.data[store.SAVE_KEY])["actions"] == ABYSS.dump(live.state)["actions"]


def test_a_move_changes_only_some_regions_of_a_big_table():
    app = new_app()
    start_abyss(app, names=tuple(f"P{i}" for i in range(8)))
    play_until(app, lambda a: ABYSS.view(a.table.state)["phase"] == "turn")

    def skeleton() -> tuple[str, dict[str, str]]:
        drawing = app.draw()
        html, regions = drawing.html, drawing.regions
        for rid, part in regions.items():
            assert html.count(part) == 1 and f'id="{rid}"' in part
            html = html.replace(part, f"<!--{rid}-->")
        return html, regions

    before, old = skeleton()
    seat = ABYSS.actors(app.table.state)[0]
    app.play(seat, ABYSS.legal(app.table.state, seat)[-1], app.table.state.moves)  # a flip
    after, new = skeleton()
    assert before == after
    changed = [rid for rid in new if new[rid] != old[rid]]
    # status, piles, the large grid, the seats that left and took the large grid, and
    # the seat whose last move was still marked fresh
    assert len(changed) <= 6, changed


# -- the hint -------------------------------------------------------------------


def _hint_line(html: str) -> str | None:
    found = re.search(r'<p class="hint-line" role="status">(.*?)</p>', html)
    return found.group(1) if found else None


def test_the_hint_names_a_legal_move_from_the_humans_own_view():
    app = new_app()
    start_abyss(app)
    play_until(app, lambda a: ABYSS.view(a.table.state)["phase"] == "turn")
    app.release()  # the hand-off hold ends (the browser's timer): the grid of the seat to play
    state = app.table.state
    seat = ABYSS.actors(state)[0]
    assert "hint-btn" in app.render() and _hint_line(app.render()) is None
    app.handle("hint")
    line = _hint_line(app.render())
    assert line is not None
    legal = ABYSS.legal(state, seat)
    said = re.match(
        r"<strong>(Take the discard|Draw from the deck|Discard it|"
        r"Flip the card at row (\d), column (\d)|Place it at row (\d), column (\d))\.</strong> \S",
        line,
    )
    assert said, line
    words, *spot = said.groups()
    if words.startswith("Take"):
        assert "take" in legal
    elif words.startswith("Draw"):
        assert "draw" in legal
    elif words.startswith("Discard"):
        assert "discard" in legal
    else:
        row, col = [int(x) for x in spot if x is not None]
        verb = "flip" if words.startswith("Flip") else "place"
        assert f"{verb}:{(row - 1) * 4 + col - 1}" in legal
    # What the seat cannot see (face-down cards, the draw pile) does not change it.
    for seed in (1, 2, 3):
        app.table.state = ABYSS.redeal_hidden(state, seat, seed)
        assert _hint_line(app.render()) == line
    app.table.state = state
    # A replay of the same moment offers none.
    app.table.replay = [state]
    assert "hint-btn" not in app.render()
    app.table.replay = None
    # The next move takes it away.
    assert app.play(seat, legal[0], state.moves)
    assert _hint_line(app.render()) is None


def test_no_hint_on_a_bots_turn():
    app = new_app()
    app.start("abyss", [Seat("Ana"), Seat("Bot", "bot", "hard")], {})
    rng = random.Random(3)
    for _ in range(200):
        view = ABYSS.view(app.table.state)
        if view["phase"] == "turn" and view["turn"] == 1:
            break
        state = app.table.state
        if app.bot_turn() is not None and 0 not in ABYSS.actors(state):
            assert app.bot_play(1, state.moves)
        else:
            assert app.play(0, rng.choice(ABYSS.legal(state, 0)), state.moves)
    else:
        raise AssertionError("the bot never got a turn")
    app.handle("hint")
    html = app.render()
    assert "hint-btn" not in html and _hint_line(html) is None


def test_french_labels_take_a_no_break_space_before_the_colon():
    """French sets a colon apart with a no-break space: the colon is the
    catalog's, never glued on by the code."""
    storage = store.MemoryStorage()
    app = new_app(storage, langs=("fr-FR",))
    start_abyss(app)
    app.handle("quit")
    app.handle("quit-yes")
    app.handle("go", "history")
    html = app.render()
    assert "Joueurs\u00a0: Ana, " in html and "Joueurs:" not in html

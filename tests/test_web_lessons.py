"""The lessons ("Learn to play"), walked through the App as a learner taps: each
step one sentence (``id="coach"``) and one marked control, the rules it
promises shown by the game's own events, a tap elsewhere handled, saved like a
game and never counted."""

from __future__ import annotations

import re

import pytest

from web.app.controller import App
from web.app.registry import ENTRIES
from web.core import store

LESSONS = [game for game, entry in ENTRIES.items() if entry.lesson is not None]
MARKED = re.compile(r'<[a-z]+\s[^<>]*class="coach-mark[ "][^<>]*>')
COACH = re.compile(r'<p id="coach" class="coach" role="status" aria-live="polite">(.*?)</p>')


def new_app(storage: store.Storage | None = None, lang: str = "en") -> App:
    return App(storage or store.MemoryStorage(), [lang], lambda: 11, entries=ENTRIES)


def begin(app: App, game: str) -> None:
    """Start ``game``'s lesson as a learner nobody knows, who names themself Lu."""
    app.handle("lesson", game)
    if 'data-field="lesson-name"' in app.render():
        app.field("lesson-name", None, "Lu")
        app.handle("lesson-named")


def settle(app: App) -> None:
    """Let the bots play what they may (the mid end's timers, at once)."""
    app.release()
    while (seat := app.bot_turn()) is not None:
        assert app.table is not None
        assert app.bot_play(seat, app.table.state.moves)
        app.release()


def lay(app: App, card: int) -> None:
    """The learner chooses ``card`` and lays it; the bots answer."""
    app.handle("select", str(card))
    assert app.table is not None
    assert app.tap(0, f"bid:{card}", app.table.state.moves)
    settle(app)


def marked(html: str) -> list[str]:
    return MARKED.findall(html)


def tap_tag(app: App, tag: str) -> None:
    """Tap the control drawn as ``tag`` as the browser would."""
    action = re.search(r'data-action="([^"]*)"', tag)
    assert action is not None, tag
    arg = re.search(r'data-arg="([^"]*)"', tag)
    move = re.search(r'data-move="([^"]*)"', tag)
    if move is not None:
        seat = re.search(r'data-seat="([^"]*)"', tag)
        assert seat is not None
        assert app.tap(int(seat.group(1)), action.group(1), int(move.group(1))), tag
    else:
        app.handle(action.group(1), arg.group(1) if arg else None)


def walk(app: App, limit: int = 80) -> list[tuple[str, tuple[str, ...]]]:
    """Tap only what the coach marks until the summary; the (sentence, rules it
    words) of each step."""
    steps = []
    for _ in range(limit):
        settle(app)
        drawing = app.draw()
        html = drawing.html
        if "lesson-summary" in html:
            return steps
        said = COACH.findall(html)
        assert len(said) == 1, "one coach sentence a step"
        tags = marked(html)
        assert len(tags) == 1, f"one marked control at {said[0]!r}: {tags}"
        assert 'aria-describedby="coach"' in tags[0]
        assert "is thinking" not in html, "a bot the lesson holds says it waits"
        # the browser morphs the regions: a control drawn twice is marked once there too
        in_regions = [t for part in drawing.regions.values() for t in marked(part)]
        assert len(in_regions) <= 1, f"marked twice in the regions at {said[0]!r}"
        table = app.table
        assert table is not None
        lesson = ENTRIES[table.game_id].lesson
        assert lesson is not None
        now = lesson.cue(table)
        steps.append((said[0], tuple(r for r in (now.rule, *now.also) if r)))
        tap_tag(app, tags[0])
    raise AssertionError(f"no summary after {limit} steps: {steps[-3:]}")


@pytest.mark.parametrize("game_id", LESSONS)
def test_tapping_only_the_marked_control_reaches_the_summary_and_shows_every_rule(game_id):
    app = new_app()
    begin(app, game_id)
    table = app.table
    assert table is not None and table.lesson
    steps = walk(app)
    lesson = ENTRIES[game_id].lesson
    assert lesson is not None
    shown = lesson.shown(table.state.events(None))
    assert set(lesson.rules) <= shown, f"not demonstrated: {set(lesson.rules) - shown}"
    worded = {rule for _, rules in steps for rule in rules}
    assert set(lesson.rules) <= worded, f"never put into words: {set(lesson.rules) - worded}"
    assert len(steps) <= 30, "a lesson is a few minutes of tapping"
    html = app.render()
    assert 'data-action="lesson-play"' in html and "Play a real game" in html


def test_dice_lesson_words_each_rule_at_its_moment():
    app = new_app()
    begin(app, "dice_bid")
    steps = walk(app)
    rules = [rule for _, worded in steps for rule in worded]
    for rule in ("doubles", "secret-pick", "reveal", "singles", "knock-out", "reroll"):
        assert rule in rules, rule
    assert rules.index("doubles") < rules.index("knock-out") < rules.index("reroll")
    said = " ".join(s for s, _ in steps)
    assert "Doubles are worth minus their face" in said
    assert "Equal cards knock each other out" in said


def test_dice_lesson_a_learner_who_lays_another_card_is_told_and_goes_on():
    app = new_app()
    begin(app, "dice_bid")
    html = app.render()
    assert 'data-action="select" data-arg="1"' in marked(html)[0]  # the A, for -6
    app.handle("select", "13")  # the K instead
    html = app.render()
    assert "You chose the K, not the A" in COACH.findall(html)[0]
    assert 'data-action="bid:13"' in marked(html)[0]  # laying it stays possible
    lay(app, 13)
    html = app.render()
    # the K was highest: the learner took -6, and it is their die to reroll
    assert "you reroll one die" in COACH.findall(html)[0]
    walk(app)  # on to the summary all the same


def test_lesson_is_saved_like_a_game_and_resumes_where_it_was():
    storage = store.MemoryStorage()
    app = new_app(storage)
    begin(app, "dice_bid")
    lay(app, 1)
    said = COACH.findall(app.render())
    again = new_app(storage)
    assert again.table is not None and again.table.lesson
    assert COACH.findall(again.render()) == said
    walk(again)


def test_lesson_never_goes_to_history_skipped_or_finished():
    storage = store.MemoryStorage()
    app = new_app(storage)
    begin(app, "dice_bid")
    app.handle("lesson-leave")  # skipped
    assert app.table is None and storage.get(store.SAVE_KEY) is None
    begin(app, "dice_bid")
    walk(app)
    app.handle("lesson-leave")
    begin(app, "dice_bid")
    app.handle("quit")
    app.handle("quit-yes")
    assert store.load_history(storage) == []


def test_play_a_real_game_after_the_lesson_with_the_same_seats():
    app = new_app()
    begin(app, "dice_bid")
    walk(app)
    assert app.table is not None
    seats = [(s.name, s.kind) for s in app.table.seats]
    app.handle("lesson-play")
    table = app.table
    assert table is not None and not table.lesson
    assert [(s.name, s.kind) for s in table.seats] == seats
    assert table.state.moves == 0 and "dice" not in table.state.options  # a real deal
    # its bots play as a new bot seat would, not the weakest (random) level
    from web.core.newgame import default_level

    assert [s.level for s in table.seats[1:]] == [default_level(list(ENTRIES["dice_bid"].bots))] * 2
    assert table.seats[1].level != "random"
    assert "coach" not in app.render()


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "A real game now: no more hints"),
        ("fr", "Une vraie partie maintenant\u00a0: plus de conseils"),
        ("es", "Ahora una partida de verdad: sin más consejos"),
    ],
)
def test_the_real_game_s_first_screen_says_the_coach_is_gone(lang, says):
    # Carta robada's table looks the same with and without a coach: only words tell.
    app = new_app(lang=lang)
    begin(app, "carta_robada")
    walk(app)
    app.handle("lesson-play")
    assert f'<div class="notice" role="status" aria-live="polite">{says}' in app.render()
    app.handle("psel", "0")  # the first card of the opening look
    assert says not in app.render(), "a note for the first screen only"


def test_lesson_offered_the_first_time_a_title_is_opened_and_always_from_setup_and_rules():
    storage = store.MemoryStorage()
    app = new_app(storage, "es")
    app.handle("new", "dice_bid")
    html = app.render()
    assert "lesson-offer" in html and "Aprender a jugar" in html
    app.handle("lesson-offer-no", "dice_bid")
    html = app.render()
    assert "lesson-offer" not in html
    assert 'data-action="lesson" data-arg="dice_bid"' in html
    app.handle("rules", "dice_bid")
    assert 'data-action="lesson" data-arg="dice_bid"' in app.render()
    assert "lesson-offer" not in new_app(storage).render()


def test_learn_to_play_comes_after_the_rules_quick_start(monkeypatch: pytest.MonkeyPatch):
    # The quick start opens the page and fits a small phone on its own: the lesson's
    # button follows it, before "How to play".
    from web.core import rulepages

    page = '<h3 id="r-quick-start">Quick</h3><p>q</p><h3 id="r-rules">How</h3><p>r</p>'
    monkeypatch.setattr(rulepages, "_HTML", {})
    monkeypatch.setattr(rulepages, "_read", lambda game_id, lang: page)
    app = new_app()
    app.handle("rules", "dice_bid")
    html = app.render()
    learn = html.index('data-action="lesson" data-arg="dice_bid"')
    assert html.index('id="r-quick-start"') < learn < html.index('id="r-rules"')


def test_a_bot_held_for_next_says_it_waits_not_that_it_thinks():
    # Ana won the round; her reroll waits for the learner's "Next": the status
    # must not claim she is thinking meanwhile.
    app = new_app()
    begin(app, "dice_bid")
    lay(app, 1)
    html = app.render()
    assert 'data-action="lesson-next"' in html
    assert "Ana waits until you tap Next" in html
    assert "is thinking" not in html
    app.handle("lesson-next")
    html = app.render()
    assert "Ana is thinking" in html  # released: now she does think


def test_the_learner_is_the_name_typed_in_the_setup_form():
    app = new_app()
    app.handle("new", "dice_bid")
    app.field("name", "0", "  Marta ")
    begin(app, "dice_bid")
    assert app.table is not None
    assert app.table.names[0] == "Marta"


def step_marked(app: App, times: int) -> None:
    """Tap the marked control ``times`` times, the bots answering."""
    for _ in range(times):
        settle(app)
        tap_tag(app, marked(app.render())[0])
    settle(app)


def test_abyss_lesson_a_learner_who_draws_instead_of_taking_is_coached_on():
    app = new_app()
    begin(app, "abyss")
    step_marked(app, 3)  # the two flips, then "Next" on who starts
    html = app.render()
    assert "take the 4 from the discard" in COACH.findall(html)[0]
    assert app.table is not None
    assert app.tap(0, "draw", app.table.state.moves)  # the draw pile instead
    html = app.render()
    # no 4 in the column yet: the drawn 4 is advised over the high 9 instead
    assert "That 4 is low: put it on your highest card" in COACH.findall(html)[0]
    assert 'data-action="place:0"' in marked(html)[0]
    walk(app)  # the summary all the same


def test_abyss_lesson_a_learner_who_flips_another_card_is_coached_on():
    app = new_app()
    begin(app, "abyss")
    assert app.table is not None
    assert app.tap(0, "flip:11", app.table.state.moves)  # not the marked one
    html = app.render()
    assert "And a second one" in COACH.findall(html)[0]
    steps = walk(app)
    assert any("you close the round" in said for said, _ in steps)


def coach_says(app: App) -> str:
    said = COACH.findall(app.render())
    assert len(said) == 1
    return said[0]


def test_carta_lesson_a_learner_who_draws_before_cutting_can_still_cut():
    app = new_app()
    begin(app, "carta_robada")
    step_marked(app, 5)  # the look at two cards, the first draw and its swap
    assert "your first card is a 7: cut it!" in coach_says(app)
    assert app.table is not None
    assert app.tap(0, "draw", app.table.state.moves)  # a card drawn first: the Spy
    # the 7 is still open and the cut still allowed, card in hand: offered again
    assert "your first card is a 7: cut it!" in coach_says(app)
    steps = walk(app)
    assert any("It matched" in said or "Spy" in said for said, _ in steps)


def test_carta_lesson_a_spy_aimed_elsewhere_is_followed():
    app = new_app(lang="es")
    begin(app, "carta_robada")
    step_marked(app, 9)  # to the Spy's first card
    assert "El Espía mira dos cartas" in coach_says(app)
    app.handle("tsel", "0.0")  # the learner's own first card instead of the unseen one
    html = app.render()
    assert 'data-action="use:0.0,1.0"' in marked(html)[0]
    walk(app)


def test_carta_lesson_holds_ana_s_cut_until_its_step_is_read():
    # Ana's failed cut is the lesson's, not the clock's: while "watch Ana" waits
    # for Next, no bot may act at all, however long the learner reads.
    app = new_app()
    begin(app, "carta_robada")
    step_marked(app, 12)
    assert "watch Ana try" in coach_says(app)
    assert app.bot_turn() is None
    app.handle("lesson-next")
    assert app.bot_turn() == 1
    settle(app)
    assert "cut failed" in coach_says(app)


def test_a_learner_nobody_knows_names_themself_before_the_table_is_drawn():
    # The tables' sentences name every seat ("Lu flips", "Lu's turn", "Lu robó"):
    # a placeholder there reads "You's turn", "Au tour de Vous", "Tú robó", so
    # the lesson's table waits for a name, and an empty one does not start it.
    for lang in ("en", "fr", "es"):
        for game in LESSONS:
            app = new_app(lang=lang)
            app.handle("lesson", game)
            html = app.render()
            assert 'data-field="lesson-name"' in html
            assert 'class="table' not in html, "no table sentence before the name"
            app.handle("lesson-named")
            html = app.render()
            assert 'role="alert"' in html and 'data-field="lesson-name"' in html
            app.field("lesson-name", None, "   ")
            app.handle("lesson-named")
            assert 'data-field="lesson-name"' in app.render()
            app.field("lesson-name", None, "  Lu ")
            app.handle("lesson-named")
            html = app.render()
            assert app.table is not None and app.table.names[0] == "Lu"
            assert 'data-field="lesson-name"' not in html
            assert "Lu" in COACH.sub("", html), "the table's sentences name the learner"
            app.field("lesson-name", None, "Max")  # asked once, before the table
            assert app.table.names[0] == "Lu"


def test_the_learner_s_name_step_is_kept_over_a_reload():
    storage = store.MemoryStorage()
    app = new_app(storage)
    app.handle("lesson", "abyss")
    again = new_app(storage)
    assert 'data-field="lesson-name"' in again.render()
    again.field("lesson-name", None, "Lu")
    again.handle("lesson-named")
    assert "Lu: round start" in new_app(storage).render()


def test_a_learner_the_device_knows_is_not_asked():
    app = new_app()
    app.handle("new", "carta_robada")
    app.field("name", "0", "Marta")
    begin(app, "carta_robada")
    assert 'data-field="lesson-name"' not in app.render()


def test_carta_lesson_tells_no_head_start_while_its_bots_are_held():
    # "The bots wait 3 s" would be untrue: in a lesson's step they wait for the learner.
    app = new_app()
    begin(app, "carta_robada")
    step_marked(app, 5)
    html = app.render()
    assert "your first card is a 7: cut it!" in coach_says(app)
    assert "head start" not in html


@pytest.mark.parametrize("game_id", LESSONS)
@pytest.mark.parametrize("taps", [2, 4, 8])
def test_every_lesson_resumes_after_a_reload_and_still_reaches_the_summary(game_id, taps):
    storage = store.MemoryStorage()
    app = new_app(storage)
    begin(app, game_id)
    step_marked(app, taps)
    again = new_app(storage)
    assert again.table is not None and again.table.lesson
    assert len(COACH.findall(again.render())) == 1
    walk(again)
    assert again.table is not None
    lesson = ENTRIES[game_id].lesson
    assert lesson is not None
    assert "lesson-summary" in again.render()

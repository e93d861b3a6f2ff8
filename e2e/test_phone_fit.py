"""What a player at a real table sees on a small phone (360x640): avatars that need
no emoji font, a replay bar in two rows, card names large enough to read."""

from __future__ import annotations

import json

import pytest

import engine
from e2e.helpers import (
    PHONES,
    app_action,
    assert_fits,
    axe,
    both_sizes,
    clock_advance,
    clock_next,
    clock_pending,
    moves,
    open_app,
    play,
    reload,
    shoot,
)
from e2e.tables_helpers import import_record, load_table, record_of, seat
from e2e.test_abyss import new_game
from e2e.test_carta_robada import UNREADABLE
from tests.playout import play_out
from web.core import roster, store


def seed(page, key: str, value: object) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(value)])


def test_avatars_are_drawn_without_an_emoji_font(browser, site_url: str, artifacts) -> None:
    """Players saved with the emoji avatars of before (empty boxes in this
    Chromium, which has no emoji font) show drawn discs on Players, Statistics and
    the new-game form, each a visible shape of text size or more."""
    context, page, watch = open_app(browser, site_url, 360, 640, reduced_motion="reduce")
    try:
        seed(
            page,
            roster.PLAYERS_KEY,
            [
                {"id": "p1", "name": "Ana", "was": [], "emoji": "🦊"},
                {"id": "p2", "name": "Ben", "was": [], "emoji": "🍀"},
            ],
        )
        seed(
            page,
            store.HISTORY_KEY,
            [
                {
                    "game": "dice_bid",
                    "date": "2026-11-30T10:00:00Z",
                    "names": ["Ana", "Ben"],
                    "scores": [3, 5],
                    "winners": [1],
                    "players": ["p1", "p2"],
                }
            ],
        )
        reload(page)
        for go, drawn_in, least in (("players", "h2", 2), ("stats", "th", 4)):
            app_action(page, "go", go)
            drawn = page.locator(f"#app {drawn_in} svg.avatar")
            assert drawn.count() == least, go
            for i in range(drawn.count()):
                box = drawn.nth(i).bounding_box()
                assert box and box["width"] >= 16 and box["height"] >= 16, (go, box)
            both_sizes(page, artifacts, f"avatars-{go}")
            axe(page, go)
            app_action(page, "back")
        app_action(page, "go", "players")
        page.locator("details.avatars summary").first.click()
        picker = page.locator("details.avatars").first.locator("button")
        assert picker.count() == len(roster.AVATARS)
        for i in range(picker.count()):
            box = picker.nth(i).bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44
        assert picker.nth(0).get_attribute("aria-pressed") == "true"  # the fox's triangle
        shoot(page, artifacts, "avatars-picker")
        app_action(page, "back")
        app_action(page, "new", "dice_bid")
        assert page.locator(".known svg.avatar").count() == 2  # one tap to seat each
        both_sizes(page, artifacts, "avatars-setup")
        watch.assert_clean()
    finally:
        context.close()


def replay_rows(page) -> list[list[str]]:
    """The replay bar's controls and position, row by row as drawn (by their middles)."""
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('.replay-bar .replay-row > *')].map(el => {
            const b = el.getBoundingClientRect();
            return [b.top + b.height / 2, el.textContent.trim()];
        })"""
    )
    rows: list[tuple[float, list[str]]] = []
    for middle, text in sorted(boxes):
        if rows and middle - rows[-1][0] < 22:  # within half a tap target: one row
            rows[-1][1].append(text)
        else:
            rows.append((middle, [text]))
    return [texts for _middle, texts in rows]


@pytest.mark.parametrize("langs", ["en-US", "es-ES", "fr-FR"])
def test_the_replay_bar_fits_two_rows_with_rounds_and_cards(
    browser, site_url: str, artifacts, langs: str
) -> None:
    """A finished dice game's replay offers the round list and 'Cards on the
    table' beside the position: at 360x640 the bar keeps two rows, every control
    a 44 px target whose label is whole and 12 px or more."""
    game = engine.GAMES["dice_bid"]
    final, _actions = play_out(game, 3, 3)
    seats = [seat("Ana"), seat("Ben"), seat("Cleo")]
    context, page, watch = open_app(
        browser, site_url, 360, 640, langs=langs, clock="paused", reduced_motion="reduce"
    )
    try:
        import_record(page, record_of("dice_bid", seats, final))
        app_action(page, "import-replay")
        for _ in range(30):  # a two-digit move and the last round's number
            app_action(page, "step", "next")
        app_action(page, "step", "end")
        page.wait_for_selector(".replay-bar .replay-open")
        for width, height in PHONES:
            page.set_viewport_size({"width": width, "height": height})
            rows = replay_rows(page)
            assert len(rows) <= 2, f"{langs} at {width}: {rows}"
            controls = page.evaluate(
                """() => [...document.querySelectorAll('.replay-bar button')].map(el => {
                    const b = el.getBoundingClientRect();
                    return [el.textContent.trim(), b.width, b.height,
                            parseFloat(getComputedStyle(el).fontSize),
                            el.scrollWidth - el.clientWidth, el.scrollHeight - el.clientHeight];
                })"""
            )
            for text, w, h, size, over_x, over_y in controls:
                assert w >= 44 and h >= 44, (langs, text, w, h)
                assert size >= 12 and over_x <= 0 and over_y <= 0, (langs, text, size)
            assert_fits(page, f"the replay bar ({langs})")
            shoot(page, artifacts, f"replay-bar-{langs}", full=False)
        axe(page, f"the replay bar ({langs})")
        watch.assert_clean()
    finally:
        context.close()


#: ``n`` clicks on the replay's "next step" in one call (the app answers each at
#: once, in its click listener): the round trips and actionability waits of ``n``
#: taps through Playwright cost more than the steps themselves.
NEXT_STEPS = """n => { for (let i = 0; i < n; i++)
  document.querySelector('#app [data-action="step"][data-arg="next"]').click(); }"""


@pytest.mark.parametrize("langs", ["en-US", "es-ES", "fr-FR"])
def test_every_carta_robada_card_name_is_readable_on_the_smallest_cards(
    browser, site_url: str, artifacts, langs: str
) -> None:
    """Six players (44 px tendido cards) in a finished game's replay with the cards
    on the table: at every few steps, every face-up card's name is 9 px or more,
    whole and inside its card (long names were 5.4 px), in each language."""
    game = engine.GAMES["carta_robada"]
    final, actions = play_out(game, 6, 4)
    seats = [seat(name) for name in ("Ana", "Ben", "Cleo", "Dani", "Eva", "Fede")]
    context, page, watch = open_app(
        browser, site_url, 360, 640, langs=langs, clock="paused", reduced_motion="reduce"
    )
    try:
        import_record(page, record_of("carta_robada", seats, final))
        app_action(page, "import-replay")
        app_action(page, "replay-open")
        page.wait_for_selector('.replay-open[aria-pressed="true"]')
        seen: set[str] = set()
        for step in range(0, len(actions), 8):
            if step:  # the steps in between are not what is checked: eight at once
                page.evaluate(NEXT_STEPS, 8)
            page.wait_for_selector(f'.replay-bar[data-step="{min(step, len(actions))}"]')
            seen.update(
                page.eval_on_selector_all(".card .cname", "els => els.map(e => e.textContent)")
            )
            small = page.eval_on_selector_all(".card .cname", UNREADABLE)
            assert not small, f"{langs} step {step}: {small}"
        assert len(seen) >= 5, seen  # most cards' names were on the table
        shoot(page, artifacts, f"carta-names-6-{langs}")
        watch.assert_clean()
    finally:
        context.close()


@pytest.mark.parametrize("players", [4, 8])
def test_an_abyss_move_stays_large_while_the_next_bot_thinks(
    browser, site_url: str, artifacts, players: int
) -> None:
    """Ana, Bot, Ben and bots at 360x640: when Ana's placement passes the turn to
    a bot, her grid stays drawn large, the card she placed lit and on screen, under
    'Bot's turn', until the bot moves. Before, the bot's grid came
    at once and her card was only on her compact grid, at eight seats below the fold."""
    names = ["Ana", "Bot", "Ben"] + ["Bot"] * (players - 3)
    context, page, watch = open_app(
        browser, site_url, 360, 640, clock="paused", reduced_motion="reduce"
    )
    try:
        new_game(page, players, names)
        for i, name in enumerate(names):
            if name == "Bot":  # a seat made a bot sets its person's name aside: name it again
                app_action(page, "seat-kind", str(i))
                page.fill(f"#name-{i}", name)
        app_action(page, "start")
        for _ in range(400):  # the opening flips and the others' turns, to Ana's
            offered = moves(page)
            if page.inner_text(".status .who") == "Ana's turn" and "draw" in offered:
                break
            if offered:
                play(page, offered[0])
            else:
                clock_advance(page, 5000)
        play(page, "draw")
        place = next(a for a in moves(page) if a.startswith("place:"))
        play(page, place)
        page.wait_for_selector("#rg-mine:not(:has([data-move]))")
        assert page.inner_text(".status .who") == "Bot's turn"
        assert page.get_attribute("#rg-mine", "data-seat") == "0", "Ana's grid gave way"
        lit = page.locator(f'#rg-mine .card.fresh[data-key="g0-{place.split(":")[1]}"]')
        box = lit.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 640, box
        both_sizes(page, artifacts, f"abyss-move-held-{players}")
        assert clock_pending(page)  # the bot's pause (its thought runs in slices meanwhile)
        for _ in range(20):  # the thought's slices, then the pause's end: the bot moves
            assert clock_next(page)
            if page.get_attribute("#rg-mine", "data-seat") != "0":
                break
        page.wait_for_selector('#rg-mine:not([data-seat="0"])')  # Ana's grid gave way
        assert page.inner_text(".last-move").startswith("Bot ")
        watch.assert_clean()
    finally:
        context.close()


#: The page's boxes that must not meet at 360x640: each zone's marks (a card's
#: top-left corner) against the zone's name text, and the centre's pile labels
#: against each other, 20 px apart at least (a gap no wider than a word space read
#: as one phrase: "DESCARTE JUGADOR 4 TIENE"). Each clash: the words and the two boxes.
CLASHES = """() => {
  const box = e => {
    const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const text = e => { const g = document.createRange(); g.selectNodeContents(e); return box(g); };
  const meet = (a, b, pad) => a[0] < b[2] + pad && b[0] < a[2] + pad && a[1] < b[3] && b[1] < a[3];
  const out = [];
  for (const zone of document.querySelectorAll('.zone')) {
    const name = zone.querySelector('.seat-name');
    for (const mark of zone.querySelectorAll('.card .mark')) {
      const [m, n] = [box(mark), text(name)];
      if (meet(m, n, 0)) out.push([name.textContent, mark.textContent, m, n]);
    }
  }
  const labels = [...document.querySelectorAll('.carta-centre .pile-label')];
  labels.forEach((a, i) => labels.slice(i + 1).forEach(b => {
    const [ta, tb] = [text(a), text(b)];
    if (meet(ta, tb, 20)) out.push([a.textContent, b.textContent, ta, tb]);
  }));
  return out;
}"""


def test_carta_robada_marks_and_pile_labels_keep_clear_of_the_words(
    browser, site_url: str, artifacts
) -> None:
    """At 360x640 in Spanish: the Espía ◆ and Disrupción ▲ marks on a zone's first
    card leave its player's name whole ("Jugador 4": the ◆ hid its J), and while a
    bot holds its drawn card "DESCARTE" and "JUGADOR 4 TIENE" keep a gap between
    them (they touched)."""
    game = engine.GAMES["carta_robada"]
    deck = ["3", "4", "6", "8", "2", "5", "7", "9", "1", "10", "3", "4", "espia", "disrupcion"]
    deck += ["6", "5", "6", "7", "8", "9"]
    state = game.new(3, 3, {"deck": deck, "first": 0})
    actions = [(p, "peek:0,1") for p in range(3)]
    actions += [(0, "draw"), (0, "discard"), (0, "use:2.0,2.1")]  # Espía: ◆ on Jugador 4's
    actions += [(1, "draw"), (1, "discard"), (1, "use:0.0,1.0")]  # Disrupción: ▲ on Ana's, Ben's
    for s, a in actions:
        state = game.apply(state, s, a)
    seats = [seat("Ana"), seat("Ben"), seat("Jugador 4", "bot", "hard")]
    context, page, watch = open_app(browser, site_url, 360, 640, langs="es-ES", clock="paused")
    try:
        load_table(page, record_of("carta_robada", seats, state))
        assert page.locator(".zone .card .mark").count() == 4
        assert page.evaluate(CLASHES) == []
        shoot(page, artifacts, "carta-marks-360")
        load_table(page, record_of("carta_robada", seats, game.apply(state, 2, "draw")))
        page.wait_for_selector(".carta-centre .hand")
        assert page.evaluate(CLASHES) == []
        shoot(page, artifacts, "carta-bot-holds-360")
        watch.assert_clean()
    finally:
        context.close()

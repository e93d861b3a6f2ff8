"""A card's hover, on a phone and under a mouse. A phone passed round the table
keeps the browser's :hover on the spot the last player tapped, and the next
player's card drawn there must not look lifted as if already chosen. A mouse
resting on a card shows the hover, and the hover must not move the card: moved
off a pointer on its edge, it would lose the hover and shake."""

from __future__ import annotations

from e2e.helpers import app_action, as_phone, open_app, open_own, restart
from e2e.test_abyss import new_game

CELL = 'button[aria-label^="Row 1, column 2: face down"]'


def test_the_next_players_card_under_the_last_tap_is_not_lifted(browser, site_url: str) -> None:
    # A page of the warm profile for this test alone: the touch emulation cannot be
    # taken back from a page (Chromium keeps "hover: none").
    context, page, watch = open_own(browser, site_url, (360, 640))
    try:
        page.emulate_media(reduced_motion="reduce")
        as_phone(page)
        restart(page)  # the app starts as on that phone
        assert page.evaluate("() => matchMedia('(hover: none)').matches")  # a phone
        new_game(page, 2, ["Ana", "Ben"])
        app_action(page, "start")
        page.get_by_role("button", name="Row 1, column 1: face down · Ana's cards. Flip it").click()
        page.get_by_role("button", name="Row 1, column 2: face down · Ana's cards. Flip it").click()
        page.get_by_text("Ben: round start").first.wait_for()
        cell = page.locator(CELL)
        cell.wait_for()
        page.wait_for_function(
            "s => { const e = document.querySelector(s);"
            " return e && e.matches(':hover') && e.getAnimations().length === 0; }",
            arg=CELL,
        )
        # It looks as any other playable card of Ben's: no lift, no deeper shadow.
        look = "e => { const c = getComputedStyle(e); return [c.transform, c.boxShadow]; }"
        other = page.locator('button[aria-label^="Row 1, column 3: face down"]')
        assert cell.evaluate(look) == other.evaluate(look)
        assert cell.evaluate(look)[0] == "none"
        watch.assert_clean()
    finally:
        context.close()


#: The card's box, read at each of ``n`` animation frames.
RECTS_JS = """([s, n]) => new Promise(done => {
    const rects = [];
    const step = () => {
        const r = document.querySelector(s).getBoundingClientRect();
        rects.push([r.top, r.left, r.width, r.height]);
        if (rects.length < n) requestAnimationFrame(step); else done(rects);
    };
    requestAnimationFrame(step);
})"""


def test_a_pointer_resting_on_a_cards_edge_leaves_it_still(browser, site_url: str) -> None:
    # A mouse (hover: hover) left on a playable card's bottom edge: a hover that
    # moved the card off the pointer would end the hover and bring it back, at
    # every frame, and the card would shake under a still mouse (and a click
    # would wait for it to settle).
    context, page, watch = open_app(browser, site_url, 360, 640, reduced_motion="reduce")
    try:
        assert page.evaluate("() => matchMedia('(hover: hover)').matches")
        new_game(page, 2, ["Ana", "Ben"])
        app_action(page, "start")
        cell = page.locator(CELL)
        box = cell.bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 1)
        rects = page.evaluate(RECTS_JS, [CELL, 12])
        assert len({tuple(r) for r in rects}) == 1, f"the card moved under the pointer: {rects}"
        # the hover shows all the same: another card of Ana's, under no pointer, differs
        assert cell.evaluate("e => e.matches(':hover')")
        shadow = "e => getComputedStyle(e).boxShadow"
        other = page.locator('button[aria-label^="Row 1, column 3: face down"]')
        assert cell.evaluate(shadow) != other.evaluate(shadow)
        watch.assert_clean()
    finally:
        page.mouse.move(0, 0)
        context.close()

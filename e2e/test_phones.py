"""Two phones at one table over loopback WebRTC: a host (Ana, and a bot) and a
guest (Ben) in two browser contexts, linked by pasting each other's codes (the
text under each QR code), play a dice game to its end; a guest's illegal tap is
refused with a message (that a guest that drops is shown as away, and the host
can let a bot play its seat, is checked at the end of e2e/test_phones_games.py,
where the dropped phone is not needed again).

The host is the shared warm page; the guest is the run's phone "Ben"
(:class:`e2e.helpers.Phone` in ``phones_browser``: a profile of its own with no
service worker, booted once for the run and restarted in place for each test)."""

from __future__ import annotations

import json

import pytest

from e2e.helpers import open_app, phone_of

#: One worker of a pytest-xdist run holds the run's guest phones (they are booted
#: once each): every test of several phones runs there.
pytestmark = pytest.mark.xdist_group("phones")

NOT_POSSIBLE = "That move is not possible right now."
#: The guest phones of the run (:func:`e2e.helpers.phone_of` in ``phones_browser``),
#: shared with e2e/test_phones_camera.py and e2e/test_phones_games.py.
BEN, CLEO = "Ben's phone", "Cleo's phone"


def guest_phone(phones_browser, site_url: str):
    """Ben's phone, restarted on empty storage."""
    return phone_of(phones_browser, site_url, BEN).borrow()


def link(host, guest) -> None:
    """Ana hosts a dice game: herself, Ben on another phone, a bot; Ben joins."""
    host_offers(host)
    join(host, guest)


def join(host, guest) -> None:
    """Ben's phone reads the host's code, the host reads Ben's answer: both
    show the table."""
    paste_codes(host, guest)
    host.click('[data-action="phones"][data-arg="table"]')
    host.wait_for_selector("main.table.dice")


def paste_codes(host, guest, s: int = 1, name: str = "Ben") -> None:
    """Seat ``s``'s phone (its player ``name``) pastes the host's code for it and
    answers, in whatever language it speaks; the host pastes the answer in that
    seat's field: the guest shows the table, the host stays on the linking screen."""
    offer = host.inner_text(f'[data-phone="{s}"] output.linkcode')
    if guest.locator("#code-host").count() == 0:
        guest.click('[data-action="phones"][data-arg="join"]')
    guest.fill("#code-host", offer)
    guest.click('[data-action="phones"][data-arg="read"]')
    guest.wait_for_selector("output.linkcode")
    host.fill(f"#code-{s}", guest.inner_text("output.linkcode"))
    host.click(f'[data-action="phones"][data-arg="answer:{s}"]')
    host.wait_for_selector(f"text={name}'s phone is linked.")
    guest.wait_for_selector("[data-remote] main.table")


def relink(host, guest, s: int, name: str) -> None:
    """The host's "A new code for Ben" at a table under way; Ben's phone links
    again by pasted codes, and both show the table."""
    host.click(f'[data-action="phones"][data-arg="again:{s}"]')
    host.wait_for_selector(f'svg.qr[aria-label="QR code for {name} to scan"]')
    paste_codes(host, guest, s, name)
    host.click('[data-action="phones"][data-arg="table"]')
    host.wait_for_selector("#app main.table")


def host_offers(host, wait: bool = True) -> None:
    """Ana hosts a dice game (herself, Ben on another phone, a bot): the code for
    Ben shows (with ``wait``)."""
    host.click('[data-action="phones"][data-arg="host"]')
    host.click('[data-action="phones"][data-arg="new:dice_bid"]')
    if host.locator("#name-2").count() == 0:
        host.click('[data-action="count"][data-arg="+"]')
    host.fill("#name-0", "Ana")
    host.fill("#name-1", "Ben")
    host.click('[data-action="seat-kind"][data-arg="1:phone"]')  # another phone
    host.click('[data-action="seat-kind"][data-arg="2:bot"]')  # a bot, in one tap
    assert host.get_attribute('[data-arg="1:phone"]', "aria-pressed") == "true"
    assert host.inner_text('[data-arg="1:phone"]') == "Another phone"
    host.click('[data-action="start"]')
    if wait:
        host.wait_for_selector('svg.qr[aria-label="QR code for Ben to scan"]')


def pick(page, scope: str = "") -> bool:
    """Lay a card if this page's seat has a pick to make; True when it did (and
    the page shows the table after it)."""
    cards = page.locator(f'{scope} [data-action="select"]')
    if not cards.count():
        return False
    cards.first.click()
    lay = f"{scope} #lay[data-move]"
    page.wait_for_selector(lay)
    move = page.get_attribute(lay, "data-move")
    page.click(lay)
    page.wait_for_selector(f'{scope} #lay[data-move="{move}"]', state="detached")
    return True


def play_to_the_end(host, guest) -> None:
    """Ana on the host and Ben on the guest lay a card whenever they may (the bot
    plays on the host's clock) until the guest shows the ranking."""
    for _ in range(300):
        if guest.locator("[data-remote] .rank").count():
            return
        played = pick(host)
        played = pick(guest, "[data-remote]") or played
        if not played:
            guest.wait_for_function(
                "() => document.querySelector('[data-remote] .rank, [data-remote] #lay')"
                " || document.querySelector('#app [data-action=select]')"
            )


def test_a_host_and_a_guest_play_a_dice_game_to_its_end(browser, phones_browser, site_url) -> None:
    host_ctx, host, _watch = open_app(browser, site_url, 390, 844, clock="fast")
    guest = guest_phone(phones_browser, site_url)
    try:
        link(host, guest)
        play_to_the_end(host, guest)
        assert "Ben" in guest.inner_text("[data-remote] .ranking, [data-remote] main")
        assert host.locator(".rank").count() == 3
    finally:
        host_ctx.close()


def forge_an_illegal_tap(host, guest) -> None:
    """Ben's phone sends a bid that is not his to make: his phone says it is not
    possible, and Ana's hand is as it was."""
    guest.locator('[data-remote] [data-action="select"]').first.click()
    moves = int(guest.get_attribute("[data-remote] #lay[data-move]", "data-move") or 0)
    forged = {"n": 1000, "tap": ["bid:99", moves]}
    guest.evaluate("(t) => window.tapetePhones.send('host', t)", json.dumps(forged))
    guest.wait_for_selector(f"text={NOT_POSSIBLE}")
    assert host.locator('[data-action="select"]').count() == 13  # Ana's hand: unchanged


def test_an_illegal_tap_from_a_guest_is_refused(browser, phones_browser, site_url) -> None:
    host_ctx, host, _watch = open_app(browser, site_url, 390, 844, clock="paused")
    guest = guest_phone(phones_browser, site_url)
    try:
        link(host, guest)
        forge_an_illegal_tap(host, guest)
    finally:
        host_ctx.close()


def test_a_guest_opens_the_rules_on_its_own_phone_and_back_never_leaves_the_table(
    browser, phones_browser, site_url
) -> None:
    """Ben's menu holds what his phone can do (Moves, Rules): Rules opens on his
    phone and its Back returns to the menu; Escape closes the menu; another
    Escape leaves him on the table (his Home would hide the table the host waits on)."""
    host_ctx, host, _watch = open_app(browser, site_url, 360, 640, clock="paused")
    guest = guest_phone(phones_browser, site_url)
    try:
        link(host, guest)
        remote = guest.locator("[data-remote]")
        remote.get_by_role("button", name="Menu").click()
        menu = remote.get_by_role("dialog", name="Menu")
        menu.wait_for()
        assert [b.strip() for b in menu.get_by_role("button").all_inner_texts()] == [
            "Close",
            "Moves",
            "Rules",
        ]
        menu.get_by_role("button", name="Rules").click()
        guest.get_by_role("heading", name="Rules", exact=True).wait_for()
        assert remote.count() == 0  # the rules, on Ben's own phone
        guest.keyboard.press("Escape")
        menu.wait_for()
        guest.keyboard.press("Escape")
        menu.wait_for(state="detached")
        guest.keyboard.press("Escape")
        # with nothing open the host closes nothing: the table stays, and Ben still plays
        assert pick(guest, "[data-remote]")
        assert "Ben" in guest.inner_text("[data-remote] main.table")
    finally:
        host_ctx.close()

"""A link belongs to one table, over loopback WebRTC: a host (Ana) and the run's
two guest phones (Ben, Cleo) in their own browser contexts, linked by pasting
the codes. Ana quits: both guests are told at once, by whom, with the way home;
her new game asks for new codes and the old phones get nothing of it, even when
she goes to the table without linking them. And while Ana is on her Home
screen, Ben's move counts.

The host is the shared warm page; the guests are the run's phones
(:func:`e2e.helpers.phone_of`, booted once for the run), restarted per test."""

from __future__ import annotations

import json

import pytest

from e2e import test_phones
from e2e.helpers import app_action, open_app, phone_of

#: One worker of a pytest-xdist run holds the run's guest phones (they are booted
#: once each): every test of several phones runs there.
pytestmark = pytest.mark.xdist_group("phones")

GUESTS = {1: "Ben", 2: "Cleo"}
#: How soon a guest hears that the table is over: at once, over a loopback link.
TOLD_MS = 2000


def host_three(host) -> None:
    """Ana hosts a dice game: herself, Ben and Cleo on other phones; both codes show."""
    host.click('[data-action="phones"][data-arg="host"]')
    host.click('[data-action="phones"][data-arg="new:dice_bid"]')
    if host.locator("#name-2").count() == 0:
        host.click('[data-action="count"][data-arg="+"]')
    for i, name in enumerate(("Ana", "Ben", "Cleo")):
        host.fill(f"#name-{i}", name)
    host.click('[data-action="seat-kind"][data-arg="1:phone"]')
    host.click('[data-action="seat-kind"][data-arg="2:phone"]')
    host.click('[data-action="start"]')
    for name in GUESTS.values():
        host.wait_for_selector(f'svg.qr[aria-label="QR code for {name} to scan"]')


def join(host, guest, s: int) -> None:
    """Seat ``s``'s phone reads its code on the host, the host reads its answer."""
    test_phones.paste_codes(host, guest, s, GUESTS[s])


def test_quitting_tells_every_guest_and_the_old_phones_get_no_seat_of_the_new_game(
    browser, phones_browser, site_url
) -> None:
    host_ctx, host, _watch = open_app(browser, site_url, 360, 640, clock="paused")
    guests = {
        1: phone_of(phones_browser, site_url, test_phones.BEN).borrow(360, 640),
        2: phone_of(phones_browser, site_url, test_phones.CLEO).borrow(360, 640),
    }
    try:
        host_three(host)
        for s, guest in guests.items():
            join(host, guest, s)
        host.click('[data-action="phones"][data-arg="table"]')
        host.wait_for_selector("#app main.table.dice")

        app_action(host, "sheet", "menu")
        app_action(host, "quit")
        app_action(host, "quit-yes")
        for guest in guests.values():  # each guest is told at once, with the way home
            said = guest.wait_for_selector(
                "text=Ana quit the game on the host's phone: this table is over.", timeout=TOLD_MS
            )
            assert said is not None
            assert guest.locator("[data-remote]").count() == 0
            home = guest.locator('#app .phone-over [data-action="go"][data-arg="home"]')
            assert home.count() == 1

        host_three(host)  # a new game: new codes for Ben's and Cleo's seats
        host.click('[data-action="phones"][data-arg="table"]')  # and no linking
        host.wait_for_selector("#app main.table.dice")
        for guest in guests.values():
            got = [json.loads(t) for t in guest.evaluate("() => window.tapeteGot")]
            assert "over" in got[-1], "a message came after the table was over"
            assert guest.locator("[data-remote]").count() == 0
            assert "this table is over" in guest.inner_text("#app")
    finally:
        host_ctx.close()


def test_a_guests_move_counts_while_the_host_is_on_home(browser, phones_browser, site_url) -> None:
    host_ctx, host, _watch = open_app(browser, site_url, 360, 640, clock="paused")
    guest = phone_of(phones_browser, site_url, test_phones.BEN).borrow(360, 640)
    try:
        test_phones.link(host, guest)
        app_action(host, "home")
        host.wait_for_selector("#app main.home")
        assert test_phones.pick(guest, "[data-remote]")  # Ben lays a card
        host.wait_for_function(
            "() => JSON.parse(localStorage.getItem('tapete.save')).actions.some(a => a[0] === 1)"
        )
        app_action(host, "continue")
        host.wait_for_selector("#app main.table.dice")
        assert "picked" in host.inner_text('#app .seat-row[data-seat="1"]')
    finally:
        host_ctx.close()


def test_a_second_phone_using_a_used_code_is_told_on_its_own_screen(
    browser, phones_browser, site_url
) -> None:
    """Ben's and Cleo's phones both read Ben's code; Ben's phone is linked. Cleo's
    answer, read on the host for Cleo's seat, answers Ben's used code: the host
    says so, and Cleo's phone says so at once, with the field for a new code."""
    host_ctx, host, _watch = open_app(browser, site_url, 360, 640, clock="paused")
    guests = {
        1: phone_of(phones_browser, site_url, test_phones.BEN).borrow(360, 640),
        2: phone_of(phones_browser, site_url, test_phones.CLEO).borrow(360, 640),
    }
    try:
        host_three(host)
        offer = host.inner_text('[data-phone="1"] output.linkcode')
        answers = {}
        for s, guest in guests.items():
            guest.click('[data-action="phones"][data-arg="join"]')
            guest.fill("#code-host", offer)
            guest.click('[data-action="phones"][data-arg="read"]')
            guest.wait_for_selector('svg.qr[aria-label="QR code for the host to scan"]')
            answers[s] = guest.inner_text("output.linkcode")
        host.fill("#code-1", answers[1])
        host.click('[data-action="phones"][data-arg="answer:1"]')
        host.wait_for_selector("text=Ben's phone is linked.")
        guests[1].wait_for_selector("[data-remote] main.table.dice")
        host.fill("#code-2", answers[2])
        host.click('[data-action="phones"][data-arg="answer:2"]')
        host.wait_for_selector("text=That code was already used by a phone.")
        cleo = guests[2]
        cleo.wait_for_selector("text=That code was already used by another phone.", timeout=TOLD_MS)
        assert cleo.locator("#code-host").count() == 1  # for a new code
        assert cleo.locator("[data-remote]").count() == 0
        assert "Ben's phone is linked." in host.inner_text("#app")  # Ben's link stands
    finally:
        host_ctx.close()

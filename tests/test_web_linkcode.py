"""Linking codes (web/core/linkcode.py): an offer or answer cut to what must
travel, small enough for a QR code a camera reads at arm's length, and built
back into a description that carries the same connection."""

from __future__ import annotations

import pytest

from web.core import linkcode, qr

#: A description as Chromium writes it for one data channel: one host candidate
#: behind an mDNS name, one with its real address, and a TCP one (never used:
#: the phones talk UDP).
OFFER = "\r\n".join(
    [
        "v=0",
        "o=- 4215775240449105457 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=extmap-allow-mixed",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        "a=candidate:3169133366 1 udp 2113937151 "
        "6f1ed2a4-50a1-4f7e-8d63-6ad1b9c5c0a2.local 54400 typ host generation 0",
        "a=candidate:1912512324 1 udp 2113939711 192.168.1.23 54401 typ host generation 0",
        "a=candidate:1912512325 1 tcp 1518280447 192.168.1.23 9 typ host tcptype active",
        "a=candidate:1912512326 1 UDP 2113939711 fe80::1 54402 typ host",
        "a=ice-ufrag:2GzN",
        "a=ice-pwd:dBc2v1YZ8sQ0l8sMYwJ5aN0R",
        "a=ice-options:trickle",
        "a=fingerprint:sha-256 5C:6D:59:2B:1F:2E:57:C3:A7:77:3A:0B:6A:9F:4B:13:"
        "AE:63:45:1A:B8:CB:8E:9D:C4:7B:F5:E2:28:1E:3B:0F",
        "a=setup:actpass",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
        "",
    ]
)


def test_a_code_keeps_exactly_what_differs_between_phones() -> None:
    got = linkcode.read(linkcode.pack(OFFER))
    assert got.kind == "offer"
    assert (got.ufrag, got.pwd) == ("2GzN", "dBc2v1YZ8sQ0l8sMYwJ5aN0R")
    assert got.fingerprint.hex().upper().startswith("5C6D592B")
    assert got.candidates == [
        ("6f1ed2a4-50a1-4f7e-8d63-6ad1b9c5c0a2.local", 54400),
        ("192.168.1.23", 54401),
        ("fe80::1", 54402),
    ]


def test_a_code_is_a_small_qr_code() -> None:
    code = linkcode.pack(OFFER)
    assert len(code) < 200 < len(OFFER)
    assert qr.version_for(code.encode()) <= 9  # 53 modules a side
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")


def test_the_rebuilt_description_carries_the_same_connection() -> None:
    rebuilt = linkcode.describe(linkcode.read(linkcode.pack(OFFER)))
    assert linkcode.parse(rebuilt) == linkcode.parse(OFFER)
    assert "a=setup:actpass" in rebuilt and "webrtc-datachannel" in rebuilt
    answer = rebuilt.replace("a=setup:actpass", "a=setup:passive")
    assert linkcode.read(linkcode.pack(answer)).kind == "answer"
    assert "a=setup:passive" in linkcode.describe(linkcode.read(linkcode.pack(answer)))


def test_a_pasted_code_may_carry_spaces_and_lower_case() -> None:
    code = linkcode.pack(OFFER)
    spaced = " ".join(code[i : i + 5] for i in range(0, len(code), 5)).lower() + "\n"
    assert linkcode.read(spaced) == linkcode.read(code)


@pytest.mark.parametrize("text", ["", "HELLO", "https://example.org/", "AAAAAAAA"])
def test_any_other_text_is_refused_as_no_code(text: str) -> None:
    with pytest.raises(linkcode.BadCode):
        linkcode.read(text)


def test_a_code_cut_short_is_refused() -> None:
    code = linkcode.pack(OFFER)
    with pytest.raises(linkcode.BadCode):
        linkcode.read(code[:-8])

"""The linking codes: a WebRTC offer or answer cut to what must travel, so that it
fits a QR code a phone camera reads at arm's length.

A data-channel-only session description is 1.5-2 KB, nearly all of it the same on
every phone. Only four things differ: the ICE user fragment and password, the
DTLS certificate's SHA-256 fingerprint, and the host candidates (an address and a
port; with no STUN server there are no others). :func:`pack` keeps those, as
bytes (the fingerprint as its 32 raw bytes, an address as 4 or 16 bytes, an mDNS
name as its 16-byte UUID), then writes them in base32, whose letters are all in
QR's alphanumeric set and survive a paste anywhere. Deflate is not used: what is
left is random bytes, which do not compress. :func:`read` takes a code back and
:func:`describe` builds a description
back from a template that Chromium, Firefox and Safari accept.
A code with two candidates is about 145 characters (90 bytes): a version 6 QR code.
"""

from __future__ import annotations

import base64
import ipaddress
import secrets
import uuid
from dataclasses import dataclass, field

#: The first byte of a code: Tapete's tag and its version, then 0 (offer) or 1 (answer).
TAG = 0x70
KINDS = ("offer", "answer")
_MDNS, _V4, _V6 = 0x4D, 4, 6


class BadCode(ValueError):
    """A text that is no Tapete linking code (another QR code, a paste cut short)."""


@dataclass
class Offer:
    """What travels of a session description."""

    kind: str
    ufrag: str
    pwd: str
    fingerprint: bytes
    #: (address, port): an IPv4 or IPv6 address, or an mDNS ``<uuid>.local`` name.
    candidates: list[tuple[str, int]] = field(default_factory=list)


def parse(sdp: str) -> Offer:
    """The parts of a description that travel (its UDP host candidates only)."""
    fields: dict[str, str] = {}
    candidates: list[tuple[str, int]] = []
    for line in sdp.splitlines():
        key, _, value = line.strip().partition(":")
        if key == "a=candidate":
            parts = value.split()
            udp_host = len(parts) >= 8 and parts[1] == "1" and parts[2].lower() == "udp"
            udp_host = udp_host and parts[7] == "host"
            if udp_host and (parts[4], int(parts[5])) not in candidates:
                candidates.append((parts[4], int(parts[5])))
        elif key.startswith("a=") and key[2:] not in fields:
            fields[key[2:]] = value
    try:
        algo, _, hexed = fields["fingerprint"].partition(" ")
        if algo.lower() != "sha-256":
            raise BadCode(f"fingerprint {algo}: only sha-256 travels")
        kind = "offer" if fields["setup"] == "actpass" else "answer"
        return Offer(
            kind,
            fields["ice-ufrag"],
            fields["ice-pwd"],
            bytes.fromhex(hexed.replace(":", "")),
            candidates,
        )
    except (KeyError, ValueError) as exc:
        raise BadCode(f"not a data-channel description: {exc}") from exc


def pack(sdp: str) -> str:
    """The code for a description (:func:`parse`), in base32 without padding."""
    offer = parse(sdp)
    out = bytearray([TAG | KINDS.index(offer.kind)])
    for text in (offer.ufrag, offer.pwd):
        raw = text.encode()
        out += bytes([len(raw)]) + raw
    out += offer.fingerprint
    out.append(len(offer.candidates))
    for address, port in offer.candidates:
        if address.endswith(".local"):
            out += bytes([_MDNS]) + uuid.UUID(address[: -len(".local")]).bytes
        else:
            ip = ipaddress.ip_address(address)
            out += bytes([_V4 if ip.version == 4 else _V6]) + ip.packed
        out += port.to_bytes(2, "big")
    return base64.b32encode(bytes(out)).decode().rstrip("=")


def read(code: str) -> Offer:
    """The parts a code carries; :class:`BadCode` for any other text."""
    text = "".join(code.split()).upper()
    try:
        raw = base64.b32decode(text + "=" * (-len(text) % 8))
        if not raw or raw[0] & 0xF0 != TAG or raw[0] & 0x0F >= len(KINDS):
            raise BadCode("not a Tapete code")
        at = 1
        texts = []
        for _ in range(2):
            size = raw[at]
            texts.append(raw[at + 1 : at + 1 + size].decode())
            at += 1 + size
        fingerprint, at = raw[at : at + 32], at + 32
        candidates = []
        count, at = raw[at], at + 1
        for _ in range(count):
            kind, at = raw[at], at + 1
            size = {_MDNS: 16, _V4: 4, _V6: 16}[kind]
            body, at = raw[at : at + size], at + size
            address = (
                f"{uuid.UUID(bytes=body)}.local"
                if kind == _MDNS
                else str(ipaddress.ip_address(body))
            )
            candidates.append((address, int.from_bytes(raw[at : at + 2], "big")))
            at += 2
        if len(fingerprint) != 32 or at != len(raw):
            raise BadCode("a code cut short")
    except (ValueError, IndexError, KeyError, UnicodeDecodeError) as exc:
        raise BadCode(f"not a Tapete code: {exc}") from exc
    return Offer(KINDS[raw[0] & 0x0F], texts[0], texts[1], fingerprint, candidates)


def describe(offer: Offer) -> str:
    """The full description a browser takes back (``setRemoteDescription``)."""
    fp = ":".join(f"{b:02X}" for b in offer.fingerprint)
    lines = [
        "v=0",
        f"o=- {secrets.randbits(62)} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for i, (address, port) in enumerate(offer.candidates):
        priority = 2122260223 - i
        lines.append(f"a=candidate:{i + 1} 1 udp {priority} {address} {port} typ host generation 0")
    lines += [
        f"a=ice-ufrag:{offer.ufrag}",
        f"a=ice-pwd:{offer.pwd}",
        f"a=fingerprint:sha-256 {fp}",
        f"a=setup:{'actpass' if offer.kind == 'offer' else 'passive'}",  # phones.js's join
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"

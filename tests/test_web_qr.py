"""The QR encoder (web/core/qr.py): the standard's worked numbers, and every
version and mask read back by an independent decoder (zxing-cpp, a dev tool)."""

from __future__ import annotations

import random

import pytest

from web.core import qr

zxingcpp = pytest.importorskip("zxingcpp")
np = pytest.importorskip("numpy")


def scan(grid: list[list[bool]]) -> bytes | None:
    """What a decoder reads from the modules drawn 4 pixels each, with a quiet zone."""
    pixels = np.array([[0 if on else 255 for on in row] for row in grid], dtype=np.uint8)
    pixels = np.kron(np.pad(pixels, 4, constant_values=255), np.ones((4, 4), dtype=np.uint8))
    found = zxingcpp.read_barcodes(pixels)
    return found[0].bytes if found else None


def test_reed_solomon_matches_the_hello_world_1m_example() -> None:
    data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
    assert qr.ec_codewords(data, 10) == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]


def test_format_bits_for_level_m_match_the_standard_table() -> None:
    assert qr.format_bits(0) == 0b101010000010010
    assert qr.format_bits(5) == 0b100000011001110


def test_capacities_fill_each_version_to_its_total_codewords() -> None:
    # The total codewords of a version follow from its size alone (ISO 18004 table 1).
    totals = {1: 26, 2: 44, 5: 134, 7: 196, 10: 346, 15: 655}
    for version, total in totals.items():
        n_ec, groups = qr.BLOCKS[version]
        assert qr.data_capacity(version) + n_ec * sum(c for c, _ in groups) == total
    assert qr.byte_capacity(1) == 14 and qr.byte_capacity(10) == 213


@pytest.mark.parametrize("version", range(1, 16))
def test_every_version_and_mask_reads_back(version: int) -> None:
    rng = random.Random(version)
    data = bytes(rng.randrange(256) for _ in range(qr.byte_capacity(version)))
    assert qr.version_for(data) == version
    for mask in range(8):
        assert scan(qr.matrix(data, mask)) == data, f"mask {mask}"
    assert scan(qr.matrix(data)) == data


def test_too_long_a_text_is_refused() -> None:
    with pytest.raises(ValueError, match="15-M"):
        qr.version_for(bytes(qr.byte_capacity(15) + 1))


def test_the_svg_says_what_it_is_for() -> None:
    drawn = qr.svg("TAPETE", "QR code for Ben & Cleo to scan")
    assert 'role="img"' in drawn and 'aria-label="QR code for Ben &amp; Cleo to scan"' in drawn

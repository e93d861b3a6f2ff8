"""QR codes (ISO/IEC 18004), byte mode at error-correction level M, versions 1 to 15:
enough for a linking code (a few hundred characters) that a phone camera reads at
arm's length. Written here rather than shipped as a package: the app needs one
mode, one level and an SVG, about 200 lines, and the app's zip stays its own code.

>>> len(matrix(b"TAPETE"))
21
"""

from __future__ import annotations

from web.core.html import esc

#: Level M's blocks per version: (EC codewords per block, [(blocks, data codewords each)]).
BLOCKS: dict[int, tuple[int, list[tuple[int, int]]]] = {
    1: (10, [(1, 16)]),
    2: (16, [(1, 28)]),
    3: (26, [(1, 44)]),
    4: (18, [(2, 32)]),
    5: (24, [(2, 43)]),
    6: (16, [(4, 27)]),
    7: (18, [(4, 31)]),
    8: (22, [(2, 38), (2, 39)]),
    9: (22, [(3, 36), (2, 37)]),
    10: (26, [(4, 43), (1, 44)]),
    11: (30, [(1, 50), (4, 51)]),
    12: (22, [(6, 36), (2, 37)]),
    13: (22, [(8, 37), (1, 38)]),
    14: (24, [(4, 40), (5, 41)]),
    15: (24, [(5, 41), (5, 42)]),
}

_EXP = [0] * 512
_LOG = [0] * 256
_x = 1
for _i in range(255):
    _EXP[_i] = _x
    _LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    _EXP[_i] = _EXP[_i - 255]


def _mul(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else _EXP[_LOG[a] + _LOG[b]]


def ec_codewords(data: list[int], n: int) -> list[int]:
    """Reed-Solomon: the ``n`` error-correction codewords of one block (GF(256),
    polynomial 0x11D, generator roots alpha^0 .. alpha^(n-1))."""
    gen = [1]
    for i in range(n):
        nxt = [0] * (len(gen) + 1)
        for j, c in enumerate(gen):
            nxt[j] ^= c
            nxt[j + 1] ^= _mul(c, _EXP[i])
        gen = nxt
    rem = [0] * n
    for byte in data:
        factor = byte ^ rem[0]
        rem = [*rem[1:], 0]
        for j in range(n):
            rem[j] ^= _mul(gen[j + 1], factor)
    return rem


def data_capacity(version: int) -> int:
    """How many data codewords a version holds at level M."""
    return sum(count * size for count, size in BLOCKS[version][1])


def byte_capacity(version: int) -> int:
    """How many bytes of text a version holds (mode and count bits taken off)."""
    count_bits = 8 if version < 10 else 16
    return (data_capacity(version) * 8 - 4 - count_bits) // 8


def version_for(data: bytes) -> int:
    """The smallest version that holds ``data``; ValueError past version 15."""
    for version in BLOCKS:
        if len(data) <= byte_capacity(version):
            return version
    raise ValueError(f"{len(data)} bytes do not fit a version 15-M QR code")


def codewords(data: bytes, version: int) -> list[int]:
    """The final codeword sequence: the bit stream padded, split into blocks,
    each block's EC appended, the whole interleaved."""
    count_bits = 8 if version < 10 else 16
    bits = [0, 1, 0, 0] + [(len(data) >> i) & 1 for i in reversed(range(count_bits))]
    for byte in data:
        bits += [(byte >> i) & 1 for i in reversed(range(8))]
    room = data_capacity(version) * 8
    bits += [0] * min(4, room - len(bits))
    bits += [0] * (-len(bits) % 8)
    words = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits), 8)]
    filled = len(words)
    while len(words) < data_capacity(version):
        words.append(0xEC if (len(words) - filled) % 2 == 0 else 0x11)
    n_ec, groups = BLOCKS[version]
    blocks: list[list[int]] = []
    at = 0
    for count, size in groups:
        for _ in range(count):
            blocks.append(words[at : at + size])
            at += size
    out = [b[i] for i in range(max(map(len, blocks))) for b in blocks if i < len(b)]
    ecs = [ec_codewords(b, n_ec) for b in blocks]
    out += [e[i] for i in range(n_ec) for e in ecs]
    return out


def _alignment(version: int) -> list[int]:
    if version == 1:
        return []
    size = 17 + 4 * version
    count = version // 7 + 2
    step = (version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
    return [6] + [size - 7 - i * step for i in reversed(range(count - 1))]


def _bch(value: int, poly: int, degree: int) -> int:
    rem = value << degree
    for bit in reversed(range(degree, value.bit_length() + degree)):
        if rem >> bit & 1:
            rem ^= poly << (bit - degree)
    return (value << degree) | rem


def format_bits(mask: int) -> int:
    """The 15 format bits for level M (indicator 00) and ``mask``."""
    return _bch(mask, 0x537, 10) ^ 0x5412


_MASKS = [
    lambda r, c: (r + c) % 2 == 0,
    lambda r, c: r % 2 == 0,
    lambda r, c: c % 3 == 0,
    lambda r, c: (r + c) % 3 == 0,
    lambda r, c: (r // 2 + c // 3) % 2 == 0,
    lambda r, c: (r * c) % 2 + (r * c) % 3 == 0,
    lambda r, c: ((r * c) % 2 + (r * c) % 3) % 2 == 0,
    lambda r, c: ((r + c) % 2 + (r * c) % 3) % 2 == 0,
]


def _functions(version: int) -> tuple[list[list[bool]], list[list[bool]]]:
    """The function patterns (finders, timing, alignment, dark module, version
    info) and which modules they, and the format info, take."""
    size = 17 + 4 * version
    dark = [[False] * size for _ in range(size)]
    used = [[False] * size for _ in range(size)]

    def put(r: int, c: int, on: bool) -> None:
        if 0 <= r < size and 0 <= c < size:
            dark[r][c], used[r][c] = on, True

    for r0, c0 in ((0, 0), (0, size - 7), (size - 7, 0)):
        for dr in range(-1, 8):
            for dc in range(-1, 8):
                ring = max(abs(dr - 3), abs(dc - 3))
                put(r0 + dr, c0 + dc, ring in (0, 1, 3))
    centres = _alignment(version)
    for r in centres:
        for c in centres:
            if used[r][c]:
                continue  # under a finder
            for dr in range(-2, 3):
                for dc in range(-2, 3):
                    put(r + dr, c + dc, max(abs(dr), abs(dc)) != 1)
    # After the alignment patterns, which it crosses with the same colours (their
    # centres are on even rows and columns): drawn first, it would hide them.
    for i in range(8, size - 8):
        put(6, i, i % 2 == 0)
        put(i, 6, i % 2 == 0)
    for i in range(9):
        used[8][i] = used[i][8] = True
    for i in range(8):
        used[8][size - 1 - i] = used[size - 1 - i][8] = True
    put(size - 8, 8, True)
    if version >= 7:
        bits = _bch(version, 0x1F25, 12)
        for i in range(18):
            on = bool(bits >> i & 1)
            put(i // 3, size - 11 + i % 3, on)
            put(size - 11 + i % 3, i // 3, on)
    return dark, used


def _place_format(dark: list[list[bool]], mask: int) -> None:
    size = len(dark)
    bits = format_bits(mask)
    first = [(8, c) for c in (0, 1, 2, 3, 4, 5, 7, 8)] + [(r, 8) for r in (7, 5, 4, 3, 2, 1, 0)]
    second = [(size - 1 - i, 8) for i in range(7)] + [(8, size - 8 + i) for i in range(8)]
    for i in range(15):
        on = bool(bits >> (14 - i) & 1)
        for r, c in (first[i], second[i]):
            dark[r][c] = on


def _penalty(m: list[list[bool]]) -> int:
    size = len(m)
    score = 0
    lines = m + [list(col) for col in zip(*m, strict=True)]
    for line in lines:
        run = 1
        for i in range(1, size + 1):
            if i < size and line[i] == line[i - 1]:
                run += 1
                continue
            if run >= 5:
                score += run - 2
            run = 1
        text = "".join("1" if x else "0" for x in line)
        score += 40 * sum(text.count(p) for p in ("10111010000", "00001011101"))
    for r in range(size - 1):
        for c in range(size - 1):
            if m[r][c] == m[r][c + 1] == m[r + 1][c] == m[r + 1][c + 1]:
                score += 3
    share = sum(map(sum, m)) * 100 // (size * size)
    return score + 10 * (abs(share - 50) // 5)


def matrix(data: bytes, mask: int | None = None) -> list[list[bool]]:
    """The code's modules, rows of True (dark), without the quiet zone; ``mask``
    None: the one with the lowest penalty, as the standard asks."""
    version = version_for(data)
    words = codewords(data, version)
    bits = [(w >> i) & 1 for w in words for i in reversed(range(8))]
    base, used = _functions(version)
    size = len(base)
    cells: list[tuple[int, int]] = []
    col = size - 1
    upward = True
    while col > 0:
        if col == 6:
            col -= 1
        rows = range(size - 1, -1, -1) if upward else range(size)
        for r in rows:
            for c in (col, col - 1):
                if not used[r][c]:
                    cells.append((r, c))
        upward = not upward
        col -= 2
    best: list[list[bool]] | None = None
    best_score = 0
    for m in range(8) if mask is None else (mask,):
        grid = [row[:] for row in base]
        for i, (r, c) in enumerate(cells):
            on = bool(bits[i]) if i < len(bits) else False
            grid[r][c] = on != _MASKS[m](r, c)
        _place_format(grid, m)
        score = _penalty(grid)
        if best is None or score < best_score:
            best, best_score = grid, score
    assert best is not None
    return best


def svg(text: str, label: str) -> str:
    """The code as an inline SVG (one path, a 4-module quiet zone) whose
    accessible name is ``label`` (what it is for, e.g. "QR code for Ben to scan")."""
    grid = matrix(text.encode())
    size = len(grid) + 8
    path = "".join(
        f"M{c + 4} {r + 4}h1v1h-1z" for r, row in enumerate(grid) for c, on in enumerate(row) if on
    )
    return (
        f'<svg class="qr" role="img" aria-label="{esc(label)}" viewBox="0 0 {size} {size}" '
        f'shape-rendering="crispEdges"><rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path d="{path}" fill="#000"/></svg>'
    )

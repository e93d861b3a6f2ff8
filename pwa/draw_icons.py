"""Draw Tapete's icons: two fanned playing cards on green felt.

    python3 pwa/draw_icons.py        # writes pwa/icons/*.png and pwa/icons/favicon.svg

Pure standard library (zlib + struct write the PNGs), so anyone can redraw them; the
PNGs are committed and the build only copies them. Shapes are drawn as signed distance
fields, which gives smooth edges at every size without supersampling.

- ``icon-192.png``, ``icon-512.png`` (purpose ``any``): a rounded felt tile on a
  transparent background.
- ``icon-maskable-512.png`` (purpose ``maskable``): full-bleed felt, the cards inside
  the central 80% circle that every mask shape keeps.
- ``apple-touch-icon-180.png``: full-bleed felt (iOS rounds the corners itself).
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "icons"

FELT_CENTRE = (0x1B, 0x8A, 0x56)
FELT_EDGE = (0x0A, 0x47, 0x2D)
CARD = (0xFB, 0xF7, 0xEC)
CARD_BACK = (0xB3, 0x26, 0x1E)
CARD_BACK_LINE = (0xE0, 0x6B, 0x5F)
HEART = (0xC6, 0x28, 0x28)
SHADOW = (0, 0, 0)


def rounded_box(px: float, py: float, half_w: float, half_h: float, radius: float) -> float:
    """Signed distance from a point to an axis-aligned rounded box centred at 0."""
    qx = abs(px) - half_w + radius
    qy = abs(py) - half_h + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def rotate(px: float, py: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    return c * px + s * py, -s * px + c * py


def heart(px: float, py: float, size: float) -> float:
    """Signed distance to a heart ``size`` wide, point down, centred at 0.

    The classic construction: a square on its corner, and two circles on its upper
    sides whose diameter is the square's side.
    """
    side = size / (1 + math.sqrt(2))
    py += side * 0.073  # centre the shape vertically
    corner = side / math.sqrt(2)
    qx, qy = rotate(px, py, 45)
    square = rounded_box(qx, qy, side / 2, side / 2, 0.0)
    lobes = min(
        math.hypot(px + corner / 2, py + corner / 2),
        math.hypot(px - corner / 2, py + corner / 2),
    )
    return min(square, lobes - side / 2)


def cover(distance: float) -> float:
    return min(1.0, max(0.0, 0.5 - distance))


def mix(under: tuple[float, ...], colour: tuple[int, ...], alpha: float) -> tuple[float, ...]:
    r, g, b, a = under
    out_a = alpha + a * (1 - alpha)
    if out_a <= 0:
        return (0.0, 0.0, 0.0, 0.0)
    keep = a * (1 - alpha)
    return (
        (colour[0] * alpha + r * keep) / out_a,
        (colour[1] * alpha + g * keep) / out_a,
        (colour[2] * alpha + b * keep) / out_a,
        out_a,
    )


def draw(size: int, full_bleed: bool, content_scale: float) -> bytes:
    """RGBA rows of one icon; ``content_scale`` shrinks the cards (maskable safe zone)."""
    rows = []
    half = size / 2
    unit = size / 512  # the design is drawn on a 512 grid
    k = content_scale
    for y in range(size):
        row = bytearray()
        for x in range(size):
            px, py = (x + 0.5 - half) / unit, (y + 0.5 - half) / unit
            pixel: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0)
            tile = -1.0 if full_bleed else rounded_box(px, py, 240, 240, 96) * unit
            if tile < 0.5:
                t = min(1.0, math.hypot(px, py + 40) / 330)
                felt = tuple(
                    round(c0 + (c1 - c0) * t) for c0, c1 in zip(FELT_CENTRE, FELT_EDGE, strict=True)
                )
                pixel = mix(pixel, felt, cover(tile))
                # Card shapes in the 512 grid, scaled about the centre.
                cx, cy = px / k, py / k
                # Back card, turned left, with a shadow.
                bx, by = rotate(cx + 46, cy + 4, 14)
                shadow = rounded_box(bx - 6, by - 10, 112, 160, 20)
                pixel = mix(pixel, SHADOW, 0.28 * min(1.0, max(0.0, 0.5 - shadow / 14)))
                back = rounded_box(bx, by, 112, 160, 20) * unit * k
                pixel = mix(pixel, CARD, cover(back))
                inner = rounded_box(bx, by, 96, 144, 12) * unit * k
                if inner < 0.5:
                    stripe = 0.5 + 0.5 * math.cos((bx + by) / 9)
                    shade = CARD_BACK if stripe < 0.75 else CARD_BACK_LINE
                    pixel = mix(pixel, shade, cover(inner))
                # Front card, turned right, with a heart.
                fx, fy = rotate(cx - 40, cy - 6, -10)
                shadow = rounded_box(fx - 8, fy - 12, 112, 160, 20)
                pixel = mix(pixel, SHADOW, 0.32 * min(1.0, max(0.0, 0.5 - shadow / 16)))
                front = rounded_box(fx, fy, 112, 160, 20) * unit * k
                pixel = mix(pixel, CARD, cover(front))
                pip = heart(fx, fy + 6, 150) * unit * k
                pixel = mix(pixel, HEART, cover(pip))
                for sx, sy in ((-78, -118), (78, 118)):
                    corner = heart(fx - sx, fy - sy, 34) * unit * k
                    pixel = mix(pixel, HEART, cover(corner))
            r, g, b, a = pixel
            row += bytes((round(r), round(g), round(b), round(a * 255)))
        rows.append(bytes(row))
    return b"".join(b"\x00" + row for row in rows)


def png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


FAVICON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" rx="14" fill="#12704a"/>
<rect x="21" y="12" width="28" height="40" rx="4" fill="#fbf7ec" transform="rotate(14 35 32)"/>
<rect x="23" y="14" width="24" height="36" rx="2" fill="#b3261e" transform="rotate(14 35 32)"/>
<rect x="14" y="13" width="28" height="40" rx="4" fill="#fbf7ec" transform="rotate(-10 28 33)"/>
<path d="M28 42 l-7-7 a4 4 0 0 1 7-5 a4 4 0 0 1 7 5 z" fill="#c62828"
 transform="rotate(-10 28 33)"/>
</svg>
"""

ICONS = {
    "icon-192.png": (192, False, 1.0),
    "icon-512.png": (512, False, 1.0),
    "icon-maskable-512.png": (512, True, 0.78),
    "apple-touch-icon-180.png": (180, True, 0.9),
}


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, (size, full_bleed, scale) in ICONS.items():
        (OUT / name).write_bytes(png(size, draw(size, full_bleed, scale)))
        print("wrote", OUT / name)
    (OUT / "favicon.svg").write_text(FAVICON)


if __name__ == "__main__":
    main()

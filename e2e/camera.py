"""The fake camera of the guest phones' browser (Chromium's
``--use-file-for-fake-video-capture``): one YUV4MPEG2 frame that a test rewrites to
film a QR code (e2e/test_phones_camera.py)."""

from __future__ import annotations

import os
from pathlib import Path

#: The fake camera's picture: a frame of this size, the code drawn in its middle.
WIDTH, HEIGHT = 640, 480


def write_video(path: Path, size: int = 0, grey: list[int] | None = None) -> None:
    """One YUV4MPEG2 frame (4:2:0), white with the ``size`` x ``size`` picture
    ``grey`` in its middle; written whole, then put in place, so that a camera
    opening meanwhile reads the old file or the new one, never half of one."""
    luma = bytearray(b"\xff" * (WIDTH * HEIGHT))
    top, left = (HEIGHT - size) // 2, (WIDTH - size) // 2
    for row in range(size):
        at = (top + row) * WIDTH + left
        luma[at : at + size] = bytes(grey[row * size : (row + 1) * size]) if grey else b""
    chroma = b"\x80" * ((WIDTH // 2) * (HEIGHT // 2))
    header = f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F30:1 Ip A1:1 C420jpeg\n".encode()
    part = path.with_suffix(".part")
    part.write_bytes(header + b"FRAME\n" + bytes(luma) + chroma + chroma)
    os.replace(part, path)

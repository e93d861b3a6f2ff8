"""The UI's data files (catalogs, rule pages), read through the package's loader.

The site ships ``web/`` inside a zip archive, where there is no file to ``open()``:
zipimport's loader reads an entry by its path, as the sources' loader reads a file.
"""

from __future__ import annotations

import os
from typing import Protocol, cast

#: The folder of the ``web`` package (in the archive: a path inside it).
WEB_DIR = os.path.dirname(__file__)


class _DataLoader(Protocol):
    """What both loaders of the UI have (the sources' and zipimport's)."""

    def get_data(self, path: str) -> bytes: ...


def read_data(*parts: str) -> bytes:
    """The bytes of ``web/<parts...>``; ``OSError`` when there is no such file."""
    return cast(_DataLoader, __spec__.loader).get_data(os.path.join(WEB_DIR, *parts))

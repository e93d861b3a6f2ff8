"""docs/engine.md's worked example (Abyss) is a doctest: the documentation of
the protocol cannot drift from what the engine does."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "engine.md"


def test_engine_doc_worked_example_runs() -> None:
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 20
    assert result.failed == 0

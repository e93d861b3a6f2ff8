"""A pytest plugin that runs one share of the collected tests: ``-p tools.pytest_shard
--shard K/N`` keeps every N-th test, starting at the K-th (1-based), and deselects
the rest, so N processes given 1/N .. N/N run every test exactly once between them.

For where pytest-xdist cannot go: the engine's tests inside Pyodide under node
(``make test-pyodide``), where there are no subprocesses to hand tests to. Taking
every N-th test rather than whole files spreads a slow file's parametrized cases
over every share."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--shard",
        default=None,
        metavar="K/N",
        help="run every N-th collected test starting at the K-th (1 <= K <= N)",
    )


def parse(text: str) -> tuple[int, int]:
    """``"K/N"`` as (K, N); a ``ValueError`` unless 1 <= K <= N."""
    share, _, count = text.partition("/")
    k, n = int(share), int(count)
    if not 1 <= k <= n:
        raise ValueError(f"--shard {text}: want K/N with 1 <= K <= N")
    return k, n


@pytest.hookimpl(trylast=True)  # after ``-m`` and ``-k`` have deselected theirs
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    given = config.getoption("--shard")
    if not given:
        return
    try:
        k, n = parse(given)
    except ValueError as error:
        raise pytest.UsageError(str(error)) from None
    kept = [item for i, item in enumerate(items) if i % n == k - 1]
    left = [item for i, item in enumerate(items) if i % n != k - 1]
    if left:
        config.hook.pytest_deselected(items=left)
    items[:] = kept

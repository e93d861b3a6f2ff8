"""tools/pytest_shard.py, which shares the Pyodide stage's tests out over two node
processes: between them the shares run every test once, none twice, and a marker's
deselection still holds in every share."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

TESTS = """
import pytest

@pytest.mark.parametrize("n", range(7))
def test_case(n):
    pass

@pytest.mark.slow
def test_left_out_by_its_marker():
    pass

def test_plain():
    pass
"""


@pytest.fixture(autouse=True)
def no_installed_plugins(monkeypatch: pytest.MonkeyPatch) -> None:
    """The inner runs load no plugin installed on the machine (seconds each, here)."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")


def passed_in(pytester: pytest.Pytester, *args: str) -> set[str]:
    """The node ids of the tests that passed in a run with ``args``."""
    result = pytester.inline_run("-p", "tools.pytest_shard", "-m", "not slow", *args)
    passed, _, _ = result.listoutcomes()
    return {report.nodeid for report in passed}


def test_the_shares_run_every_test_once(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nmarkers =\n    slow: left out here\n")
    pytester.makepyfile(test_some=TESTS)
    everything = passed_in(pytester)
    assert len(everything) == 8
    shares = [passed_in(pytester, "--shard", f"{k}/3") for k in (1, 2, 3)]
    assert sorted(len(s) for s in shares) == [2, 3, 3]
    assert set().union(*shares) == everything
    assert sum(len(s) for s in shares) == len(everything)


def test_a_share_outside_the_count_is_refused(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_some=TESTS)
    result = pytester.runpytest("-p", "tools.pytest_shard", "--shard", "3/2")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--shard 3/2*"])

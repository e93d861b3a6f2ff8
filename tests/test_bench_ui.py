"""bench/ui.py's reading of what the page observed."""

from bench.ui import window_longs


def test_a_long_task_counts_in_the_window_it_started_in_not_the_one_it_was_heard_in() -> None:
    # The boot's task (started at 10 ms) is heard only after the first window opened at
    # 100 ms: it belongs to no window; a task heard late still counts where it started.
    taken = [{"window": [100.0, 200.0]}, {"window": [200.0, 300.0]}]
    longs = [[10.0, 900.0], [150.0, 60.0], [250.0, 80.0], [310.0, 70.0]]
    assert window_longs(taken[:1], longs) == [60.0]
    assert window_longs(taken[1:], longs) == [80.0]
    assert window_longs(taken, longs) == [60.0, 80.0]

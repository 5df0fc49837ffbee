"""A stage's independent writes run side by side (storyline.run.runner.side_by_side)."""

from __future__ import annotations

import threading

import pytest

from storyline.run.runner import side_by_side


class _Spark:
    """Stands in for a session: side_by_side only cancels jobs through it."""

    def __init__(self) -> None:
        self.cancelled = 0
        self.sparkContext = self

    def cancelAllJobs(self) -> None:
        self.cancelled += 1


def test_writes_run_at_once_and_results_come_back_in_order():
    second_done = threading.Event()

    def first():
        # finishes only once the second job has run: one after the other, this would time out
        assert second_done.wait(timeout=10), "the second job did not run while the first was waiting"
        return "first"

    def second():
        second_done.set()
        return "second"

    assert side_by_side(_Spark(), [first, second]) == ["first", "second"]
    assert side_by_side(_Spark(), [lambda: 1]) == [1] and side_by_side(_Spark(), []) == []


def test_a_failed_write_cancels_the_others_and_its_error_is_raised():
    spark = _Spark()

    def fails():
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space left"):
        side_by_side(spark, [lambda: "ok", fails])
    assert spark.cancelled == 1

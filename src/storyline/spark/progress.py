"""Progress inside a long stage: while a stage's Spark jobs run, a line every few seconds says how far they are (tasks
done of the running stages, and the records the stage counts as done, with their rate). Read from Spark's public
status tracker and from accumulators the stage's Python code adds to; nothing is collected to the driver."""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

log = logging.getLogger("storyline")

EVERY_S = 15.0  # seconds between two progress lines; a stage shorter than this prints none


def progress_line(label: str, tasks_done: int, tasks: int, records: int | None, unit: str, elapsed: float) -> str:
    """One progress line.

    >>> progress_line("[5/7] digest", 12, 40, 1500, "stories", 30.0)
    '[5/7] digest: 1,500 stories done (50/s); tasks 12/40 (30%), 30s in'
    >>> progress_line("[2/7] clean", 3, 8, None, "records", 15.0)
    '[2/7] clean: tasks 3/8 (38%), 15s in'
    """
    parts = []
    if records is not None:
        parts.append(f"{records:,} {unit} done ({records / elapsed:,.0f}/s)" if elapsed > 0 else f"{records:,} {unit}")
    share = f" ({tasks_done / tasks:.0%})" if tasks else ""
    parts.append(f"tasks {tasks_done}/{tasks}{share}, {elapsed:.0f}s in")
    return f"{label}: " + "; ".join(parts)


class StageProgress:
    """A context manager around one stage's work: a daemon thread logs :func:`progress_line` every ``every``
    seconds while the stage runs. :meth:`counter` gives an accumulator the stage's Python code adds its done records
    to (a story digested, a record read)."""

    def __init__(self, spark: Any, label: str, every: float = EVERY_S) -> None:
        self.spark, self.label, self.every = spark, label, every
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._counter: Any = None
        self._unit = "records"
        self._t0 = 0.0

    def counter(self, unit: str = "records") -> Any:
        """An accumulator of the records done, in ``unit``; its sum is shown on each line."""
        self._counter = self.spark.sparkContext.accumulator(0)
        self._unit = unit
        return self._counter

    def __enter__(self) -> "StageProgress":
        self._t0 = time.perf_counter()
        if self.every > 0:
            self._thread = threading.Thread(target=self._watch, name="storyline-progress", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _watch(self) -> None:
        while not self._stop.wait(self.every):
            try:
                log.info(self.line())
            except Exception:  # the session went away under us: the stage itself reports why
                return

    def line(self) -> str:
        tracker = self.spark.sparkContext.statusTracker()
        infos = [i for i in (tracker.getStageInfo(s) for s in tracker.getActiveStageIds()) if i is not None]
        done = sum(i.numCompletedTasks for i in infos)
        total = sum(i.numTasks for i in infos)
        records = int(self._counter.value) if self._counter is not None else None
        return progress_line(self.label, done, total, records, self._unit, time.perf_counter() - self._t0)

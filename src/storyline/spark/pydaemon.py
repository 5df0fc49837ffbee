"""The Python worker daemon of local runs: PySpark's own daemon, started with pyspark imported from its installed
package rather than from the ``pyspark.zip`` that Spark puts first on the workers' ``PYTHONPATH``.

Every task's set-up calls ``importlib.invalidate_caches()``, and under Python 3.10+ that makes every zip importer
re-read its archive's directory: pyspark.zip (one importer per package imported from it), the py4j zip and the
spark-core jar. That cost about 40 ms per Python task on one core, more than most tasks of a small run spend on
work. The installed package is the same code (the zip ships inside it), so nothing else changes.

It also imports, before it forks any worker, the modules that every Python task of a run imports (pandas and
pyarrow for the Arrow batches, PySpark's worker). A worker then starts with them loaded instead of spending half a
second of a core on importing pandas in each of its four or so workers.

Used only by local masters (see :func:`storyline.spark.session.start_spark`): on a cluster the executors may have
no storyline installed, and their daemon must stay PySpark's.
"""

from __future__ import annotations

import os
import sys
from importlib import import_module
from importlib.machinery import PathFinder

# what every task of a run imports; a run's own modules are small and imported by the tasks that use them
PRELOAD = ("pandas", "pyarrow", "pyspark.worker", "pyspark.sql.pandas.serializers")


def unzipped_path(path: list[str], find=PathFinder.find_spec) -> list[str]:
    """``path`` without the archives of the pyspark installation that its other entries hold
    (``<pyspark>/python/lib/*.zip``, ``<pyspark>/jars/*.jar``); unchanged when only an archive holds pyspark.

    >>> unzipped_path(["/s/pyspark/python/lib/pyspark.zip", "/s"], lambda name, p: None)
    ['/s/pyspark/python/lib/pyspark.zip', '/s']
    """
    spec = find("pyspark", [p for p in path if not p.endswith((".zip", ".jar"))])
    if spec is None or not spec.origin:
        return path
    home = os.path.dirname(spec.origin)
    own = {os.path.join(home, "python", "lib"), os.path.join(home, "jars")}
    return [p for p in path if not (p.endswith((".zip", ".jar")) and os.path.dirname(p) in own)]


def _use_installed_pyspark() -> None:
    kept = unzipped_path(list(sys.path))
    for p in set(sys.path) - set(kept):
        sys.path_importer_cache.pop(p, None)  # an importer left in the cache would still be invalidated
    sys.path[:] = kept


def _preload(names=PRELOAD) -> list[str]:
    """Import ``names``; returns those that failed to import (a task that needs one reports the error itself)."""
    failed = []
    for name in names:
        try:
            import_module(name)
        except Exception:
            failed.append(name)
    return failed


if __name__ == "__main__":
    _use_installed_pyspark()
    _preload()
    from pyspark.daemon import manager

    manager()

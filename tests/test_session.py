"""The local session: its Python workers (installed pyspark, one daemon, pandas preloaded) and its stop."""

from __future__ import annotations

from types import SimpleNamespace

from storyline.spark.pydaemon import unzipped_path

SITE = "/venv/site-packages"
OWN = [f"{SITE}/pyspark/python/lib/pyspark.zip", f"{SITE}/pyspark/python/lib/py4j-0.10.9.9-src.zip",
       f"{SITE}/pyspark/jars/spark-core_2.13-4.0.5.jar"]


def _found_in(site: str | None):
    def find(name, path):
        return SimpleNamespace(origin=f"{site}/{name}/__init__.py") if site in path else None
    return find


def test_drops_the_installations_own_archives():
    assert unzipped_path(OWN + ["/work", SITE], _found_in(SITE)) == ["/work", SITE]


def test_keeps_other_archives():
    path = OWN + ["/py/lib/python311.zip", "/jobs/deps.zip", SITE]
    assert unzipped_path(path, _found_in(SITE)) == ["/py/lib/python311.zip", "/jobs/deps.zip", SITE]


def test_keeps_the_path_when_pyspark_is_only_in_the_zip():
    path = OWN + ["/work"]
    assert unzipped_path(path, _found_in(None)) == path


def test_keeps_the_path_when_the_archives_belong_to_another_spark_home():
    path = ["/opt/spark/python/lib/pyspark.zip", "/opt/spark/python/lib/py4j-0.10.9.9-src.zip", SITE]
    assert unzipped_path(path, _found_in(SITE)) == path


def test_local_workers_import_the_installed_pyspark(spark):
    def where(_):
        import pyspark
        yield pyspark.__file__

    files = set(spark.sparkContext.parallelize(range(4), 2).mapPartitions(where).collect())
    assert files and not any(".zip" in f for f in files), files


def test_the_daemon_preloads_its_modules_and_names_those_it_cannot_import():
    import sys

    from storyline.spark.pydaemon import PRELOAD, _preload

    assert "pandas" in PRELOAD and "pyarrow" in PRELOAD
    sys.modules.pop("colorsys", None)
    assert _preload(("colorsys", "storyline_no_such_module")) == ["storyline_no_such_module"]
    assert "colorsys" in sys.modules


def test_rdd_and_sql_tasks_share_one_python_daemon(spark):
    """The tasks of a DataFrame made from Python rows and of mapInPandas run in workers of one daemon."""
    import os

    import pandas as pd

    def parent(_):
        yield os.getppid()

    def parent_batches(batches):
        for _ in batches:
            yield pd.DataFrame({"p": [os.getppid()]})

    rdd = set(spark.sparkContext.parallelize(range(4), 2).mapPartitions(parent).collect())
    sql = {r.p for r in spark.range(4).repartition(2).mapInPandas(parent_batches, "p long").collect()}
    assert len(rdd) == 1 and rdd == sql, (rdd, sql)


def test_one_worker_pool_unless_the_user_chose():
    from storyline.spark.session import _one_worker_pool

    key = "spark.executorEnv.SPARK_SIMPLIFIED_TRACEBACK"
    assert _one_worker_pool({}) == {key: "1"}
    assert _one_worker_pool({key: "0"}) == {}
    assert _one_worker_pool({"spark.sql.execution.pyspark.udf.simplifiedTraceback.enabled": "false"}) == {}

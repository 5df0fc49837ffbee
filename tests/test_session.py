"""The local session's Python workers: pyspark comes from its installed package, not from pyspark.zip."""

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

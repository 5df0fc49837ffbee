"""A stage's side-by-side writes run each job with the calling thread's Spark job properties."""

from __future__ import annotations

from storyline.run.runner import side_by_side


def test_each_thread_runs_its_jobs_with_the_callers_job_properties(spark):
    sc = spark.sparkContext
    sc.setLocalProperty("storyline.test", "caller")
    try:
        def job(n):
            return lambda: (sc.getLocalProperty("storyline.test"), spark.range(n).count())

        assert side_by_side(spark, [job(3), job(5)]) == [("caller", 3), ("caller", 5)]
    finally:
        sc.setLocalProperty("storyline.test", None)

"""The local session, started for real: a small local run gets the quick JIT and nothing else of storyline's."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap


_SESSION = textwrap.dedent("""
    import json, sys
    from storyline.config import load_config
    from storyline.spark.session import start_spark, stop_spark
    cfg = load_config(overrides={"spark.master": "local[1]", "spark.local_tuning": sys.argv[1] == "on"})
    spark = start_spark(cfg.spark, input_bytes=int(sys.argv[2]))
    conf = spark.sparkContext.getConf()
    out = {"opts": conf.get("spark.driver.extraJavaOptions", ""),
           "partitions": spark.conf.get("spark.sql.shuffle.partitions"),
           "adaptive": spark.conf.get("spark.sql.adaptive.enabled"),
           "sum": spark.range(5).selectExpr("sum(id) as s").collect()[0]["s"]}
    stop_spark(spark)
    print(json.dumps(out))
""")


def _session(tuning: str, input_bytes: int) -> dict:
    import json

    env = dict(os.environ, SPARK_LOCAL_IP="127.0.0.1", PYSPARK_PYTHON=sys.executable)
    proc = subprocess.run([sys.executable, "-c", _SESSION, tuning, str(input_bytes)], env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_a_small_local_run_gets_the_quick_jit_and_nothing_else_of_storylines():
    tuned = _session("on", 1000)
    assert "-XX:TieredStopAtLevel=1" in tuned["opts"].split()
    assert tuned["adaptive"] == "true" and tuned["partitions"] == "4"  # Spark's adaptive planning, twice the cores
    assert tuned["sum"] == 10
    plain = _session("off", 1000)
    assert "-XX:TieredStopAtLevel=1" not in plain["opts"].split() and plain["sum"] == 10

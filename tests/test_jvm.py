"""The local driver JVM's options: the JIT mode, code generation, planning and memory pages of a tiny input."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from storyline.cache import cache_dir
from storyline.spark import jvm as J

LOG4J = Path("/pkg/log4j2.properties")


def test_cache_dir_prefers_storyline_cache_then_xdg_then_home(tmp_path):
    assert cache_dir({"STORYLINE_CACHE": "/c", "XDG_CACHE_HOME": "/x"}) == Path("/c")
    assert cache_dir({"XDG_CACHE_HOME": "/x"}) == Path("/x/storyline")
    assert cache_dir({}) == Path.home() / ".cache" / "storyline"


def test_java_options_order_and_modes():
    opts = J.java_options("quick", LOG4J, "-Xss4m -XX:TieredStopAtLevel=4").split()
    assert opts[0] == f"-Dlog4j2.configurationFile=file:{LOG4J}"
    # the user's options come last, so that the JVM lets them win
    assert opts.index("-XX:TieredStopAtLevel=1") < opts.index("-XX:TieredStopAtLevel=4") == len(opts) - 1
    assert J.QUICK_CODE_CACHE in opts  # C1 alone would get 48 MB for its code, which a 10k run nearly fills
    assert J.java_options("full", None, None) == ""
    with pytest.raises(ValueError, match="quick or full"):
        J.java_options("auto", None, None)


def test_auto_jit_is_quick_only_for_an_input_known_to_be_small():
    small, large = J.QUICK_JIT_MAX_BYTES - 1, J.QUICK_JIT_MAX_BYTES
    assert [J.resolve_jit("auto", n) for n in (0, small, large, None)] == ["quick", "quick", "full", "full"]
    assert J.resolve_jit("quick", large) == "quick" and J.resolve_jit("full", 0) == "full"
    with pytest.raises(ValueError, match="auto, quick, full"):
        J.resolve_jit("fast", 0)


@pytest.mark.parametrize("name, resolve, limit", [("codegen", J.resolve_codegen, J.INTERPRET_MAX_BYTES),
                                                   ("adaptive", J.resolve_adaptive, J.STATIC_PLAN_MAX_BYTES)])
def test_auto_turns_codegen_and_adaptive_plans_off_only_for_an_input_known_to_be_tiny(name, resolve, limit):
    assert not resolve("auto", 100_000)
    assert resolve("auto", limit)
    assert resolve("auto", None)  # size unknown: Spark's default
    assert resolve("on", 10) and not resolve("off", 10 << 30)
    with pytest.raises(ValueError, match=f"{name} must be one of"):
        resolve("fast", 10)


def test_a_static_plan_leaves_the_users_own_settings_alone():
    assert J.static_plan_conf(True, {}) == {}
    assert J.static_plan_conf(False, {"spark.sql.shuffle.partitions": "auto"}) == {
        "spark.sql.adaptive.enabled": "false", "spark.sql.shuffle.partitions": "1"}
    assert J.static_plan_conf(False, {"spark.sql.shuffle.partitions": "64",
                                      "spark.sql.adaptive.enabled": "true"}) == {}


def test_only_a_tiny_input_gets_small_memory_pages_and_the_users_size_wins():
    assert J.page_conf(1000, {}) == {"spark.buffer.pageSize": J.SMALL_PAGE}
    assert J.page_conf(J.SMALL_PAGES_MAX_BYTES, {}) == {}
    assert J.page_conf(None, {}) == {}  # size unknown: Spark sizes the pages from the heap
    assert J.page_conf(1000, {"spark.buffer.pageSize": "4m"}) == {}


def test_codegen_settings_leave_the_users_own_alone():
    assert J.codegen_conf(True, {}) == {}
    off = J.codegen_conf(False, {})
    assert off == {"spark.sql.codegen.wholeStage": "false", "spark.sql.codegen.factoryMode": "NO_CODEGEN"}
    assert J.codegen_conf(False, {"spark.sql.codegen.wholeStage": "true"}) == {
        "spark.sql.codegen.factoryMode": "NO_CODEGEN"}


_SESSION = textwrap.dedent("""
    import json, sys, time
    from storyline.config import load_config
    from storyline.spark.session import start_spark, stop_spark
    spark = start_spark(load_config(overrides={"spark.master": "local[1]"}).spark, input_bytes=1000)
    args = list(spark.sparkContext._jvm.java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments())
    tracker, deadline, started = spark.sparkContext.statusTracker(), time.time() + 60, None
    while started is None and time.time() < deadline:  # the job that starts the Python workers, run by no caller
        ids = tracker.getJobIdsForGroup()
        info = tracker.getJobInfo(ids[0]) if ids else None
        started = info.status if info is not None and info.status in ("SUCCEEDED", "FAILED") else None
        time.sleep(0.05)
    rows = spark.range(5).selectExpr("sum(id) as s").collect()[0]["s"]
    conf = {k: spark.conf.get(k) for k in ("spark.sql.codegen.wholeStage", "spark.sql.codegen.factoryMode",
                                           "spark.sql.adaptive.enabled", "spark.sql.shuffle.partitions")}
    pages = spark.sparkContext._jsc.sc().env().memoryManager().pageSizeBytes()
    jvm = spark.sparkContext._jvm
    hotspot = jvm.java.lang.management.ManagementFactory.getPlatformMXBean(
        jvm.java.lang.Class.forName("com.sun.management.HotSpotDiagnosticMXBean"))
    code_cache = int(hotspot.getVMOption("ReservedCodeCacheSize").getValue())
    stop_spark(spark)
    print(json.dumps({"args": args, "sum": rows, "conf": conf, "pages": pages, "workers": started,
                      "code_cache": code_cache}))
""")


def _session(cache: Path) -> dict:
    import json

    env = dict(os.environ, STORYLINE_CACHE=str(cache), SPARK_LOCAL_IP="127.0.0.1", PYSPARK_PYTHON=sys.executable)
    proc = subprocess.run([sys.executable, "-c", _SESSION], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_a_tiny_local_session_runs_with_the_quick_jit_interpreted_and_planned_once(tmp_path):
    first = _session(tmp_path)
    assert "-XX:TieredStopAtLevel=1" in first["args"]
    assert first["code_cache"] == 240 << 20  # the quick JIT's code cache, as the JVM reports it
    # an input of 1,000 bytes: Spark SQL runs interpreted and planned once, in 512 KB pages, and the query above
    # still gave its answer
    assert first["conf"] == {"spark.sql.codegen.wholeStage": "false", "spark.sql.codegen.factoryMode": "NO_CODEGEN",
                             "spark.sql.adaptive.enabled": "false", "spark.sql.shuffle.partitions": "1"}
    assert first["pages"] == 512 * 1024
    assert first["workers"] == "SUCCEEDED"  # the Python workers were started ahead of the first Python task
    assert first["sum"] == 10

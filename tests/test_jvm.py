"""The local driver JVM's options: the JIT mode, and the class archive made by one run and used by the next."""

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


def test_java_binary_follows_java_home_then_path(tmp_path):
    java = tmp_path / "jdk" / "bin" / "java"
    java.parent.mkdir(parents=True)
    java.write_text("")
    java.chmod(0o755)
    assert J.java_binary({"JAVA_HOME": str(tmp_path / "jdk"), "PATH": ""}) == java
    assert J.java_binary({"JAVA_HOME": str(tmp_path / "none"), "PATH": str(java.parent)}) is None
    assert J.java_binary({"PATH": str(java.parent)}) == java
    assert J.java_binary({"PATH": str(tmp_path)}) is None


def test_archive_key_changes_with_the_java_and_the_spark_installation(tmp_path):
    java, other = tmp_path / "java", tmp_path / "java17"
    java.write_text("a")
    other.write_text("bb")
    key = J.archive_key(java, tmp_path, "4.0.5")
    assert key == J.archive_key(java, tmp_path, "4.0.5")
    assert len({key, J.archive_key(other, tmp_path, "4.0.5"), J.archive_key(java, tmp_path / "x", "4.0.5"),
                J.archive_key(java, tmp_path, "4.1.0")}) == 4


def test_an_existing_archive_is_used_and_a_missing_one_planned_by_the_third_run(tmp_path):
    assert [J.plan_archive(tmp_path / "jvm", "k", create=True) for _ in range(2)] == [None, None]
    planned = J.plan_archive(tmp_path / "jvm", "k", create=True)
    assert not planned.ready and planned.path == tmp_path / "jvm" / "spark-k.jsa"
    assert planned.tmp.parent == planned.path.parent and planned.tmp.name.endswith(".tmp")
    assert J.plan_archive(tmp_path / "jvm", "k", create=False) is None
    planned.path.write_bytes(b"x")
    assert J.plan_archive(tmp_path / "jvm", "k", create=True) == J.Archive(planned.path)


def test_leftovers_older_than_a_day_are_removed(tmp_path):
    old, fresh = tmp_path / "spark-k.jsa.11.tmp", tmp_path / "spark-k.jsa.12.tmp"
    for f in (old, fresh):
        f.write_bytes(b"x")
    os.utime(old, (1_000, 1_000))
    os.utime(fresh, (1_000 + 3600, 1_000 + 3600))
    J.plan_archive(tmp_path, "k", create=True, now=1_000 + 25 * 3600, after_runs=0)
    assert not old.exists() and fresh.exists()


def test_no_archive_when_the_cache_cannot_be_written(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert J.plan_archive(blocker / "jvm", "k", create=True, after_runs=0) is None


def test_java_options_order_and_modes():
    use = J.Archive(Path("/c/spark-k.jsa"))
    make = J.Archive(Path("/c/spark-k.jsa"), Path("/c/spark-k.jsa.7.tmp"))
    opts = J.java_options("quick", use, LOG4J, "-Xss4m -XX:TieredStopAtLevel=4").split()
    assert opts[0] == f"-Dlog4j2.configurationFile=file:{LOG4J}"
    assert "-XX:SharedArchiveFile=/c/spark-k.jsa" in opts and "-Xlog:cds=off" in opts
    # the user's options come last, so that the JVM lets them win
    assert opts.index("-XX:TieredStopAtLevel=1") < opts.index("-XX:TieredStopAtLevel=4") == len(opts) - 1
    assert J.QUICK_CODE_CACHE in opts  # C1 alone would get 48 MB for its code, which a 10k run nearly fills
    made = J.java_options("full", make, None, None).split()
    assert "-XX:ArchiveClassesAtExit=/c/spark-k.jsa.7.tmp" in made
    assert not any("TieredStopAtLevel" in o or "SharedArchiveFile" in o or "CodeCache" in o for o in made)
    assert J.java_options("full", None, None, None) == ""
    with pytest.raises(ValueError, match="quick or full"):
        J.java_options("auto", None, None, None)


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


def test_an_archive_is_published_only_from_a_clean_exit(tmp_path):
    a = J.Archive(tmp_path / "spark-k.jsa", tmp_path / "spark-k.jsa.1.tmp")
    a.tmp.write_bytes(b"half")
    assert not J.publish_archive(a, 134) and not a.tmp.exists() and not a.path.exists()
    a.tmp.write_bytes(b"")
    assert not J.publish_archive(a, 0) and not a.tmp.exists()
    a.tmp.write_bytes(b"whole")
    assert J.publish_archive(a, 0) and a.path.read_bytes() == b"whole" and not a.tmp.exists()


_SESSION = textwrap.dedent("""
    import json, sys, time
    from storyline.config import load_config
    from storyline.spark.session import start_spark, stop_spark
    spark = start_spark(load_config(overrides={"spark.master": "local[1]"}).spark, make_archive=True,
                        input_bytes=1000)
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


def test_the_third_session_makes_the_archive_and_the_next_one_starts_from_it(tmp_path):
    if J.java_binary() is None:
        pytest.skip("no java")
    from storyline.spark.session import archive_key

    (tmp_path / "jvm").mkdir()
    # two earlier runs on this machine that made no archive, of this Spark and of another one
    for key in (archive_key(), "a"):
        (tmp_path / "jvm" / f"spark-{key}.runs").write_text("2")
    first = _session(tmp_path)
    made = sorted((tmp_path / "jvm").glob("*.jsa*"))
    assert [p.suffix for p in made] == [".jsa"] and made[0].stat().st_size > 1_000_000, made
    assert (tmp_path / "jvm" / "spark-a.runs").read_text() == "2"
    assert any(a.startswith("-XX:ArchiveClassesAtExit=") for a in first["args"])
    assert "-XX:TieredStopAtLevel=1" in first["args"]
    assert first["code_cache"] == 240 << 20  # the quick JIT's code cache, as the JVM reports it
    # an input of 1,000 bytes: Spark SQL runs interpreted and planned once, in 512 KB pages, and the query above
    # still gave its answer
    assert first["conf"] == {"spark.sql.codegen.wholeStage": "false", "spark.sql.codegen.factoryMode": "NO_CODEGEN",
                             "spark.sql.adaptive.enabled": "false", "spark.sql.shuffle.partitions": "1"}
    assert first["pages"] == 512 * 1024
    assert first["workers"] == "SUCCEEDED"  # the Python workers were started ahead of the first Python task
    assert first["sum"] == 10
    second = _session(tmp_path)
    assert f"-XX:SharedArchiveFile={made[0]}" in second["args"] and second["sum"] == 10
    assert sorted((tmp_path / "jvm").glob("*.jsa*")) == made


def test_the_users_own_class_sharing_options_are_seen():
    assert J.shares_classes("-Xmx2g -XX:SharedArchiveFile=/a.jsa")
    assert J.shares_classes("-Xshare:off")
    assert J.shares_classes("-XX:ArchiveClassesAtExit=/b.jsa -Xss4m")
    assert not J.shares_classes("-Xmx2g -XX:+UseSerialGC") and not J.shares_classes(None)

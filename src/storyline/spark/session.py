"""Starting and stopping the Spark session from the resolved configuration."""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import threading
import zipfile
from pathlib import Path

from storyline.config import SparkConfig
from storyline.spark import jvm as J

log = logging.getLogger(__name__)


def _set_env() -> None:
    # Workers must run the same interpreter as the driver, and Spark must bind to loopback in local use.
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    os.environ["PYSPARK_PYTHON"] = os.environ.get("STORYLINE_WORKER_PYTHON", sys.executable)
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    os.environ.setdefault("PYARROW_IGNORE_TIMEZONE", "1")


def _package_zip() -> str:
    """Zip the storyline package so that executors on other machines can import it."""
    import storyline

    pkg = Path(storyline.__file__).parent
    tmp = Path(tempfile.mkdtemp(prefix="storyline-pyfiles-"))
    target = tmp / "storyline.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in sorted(pkg.rglob("*")):
            if f.is_file() and "__pycache__" not in f.parts:
                zf.write(f, Path("storyline") / f.relative_to(pkg))
    return str(target)


def start_spark(cfg: SparkConfig, master: str | None = None, input_bytes: int | None = None):
    """A SparkSession for ``master`` (or the configured one). Imported lazily so pure code never needs a JVM.

    In local mode the driver JVM gets storyline's JIT options (see :mod:`storyline.spark.jvm`):
    ``input_bytes``, the size of the input when known, picks the JIT of ``jit = "auto"``, whether Spark SQL
    generates code under ``codegen = "auto"``, whether it plans adaptively under ``adaptive = "auto"``, and
    whether its memory pages are small (a tiny input's, unless ``spark.buffer.pageSize`` is set)."""
    _set_env()
    from pyspark.sql import SparkSession

    master = master or cfg.master
    local = master.startswith("local")
    builder = SparkSession.builder.master(master).appName(cfg.app_name)
    builder = builder.config("spark.sql.session.timeZone", "UTC")
    builder = builder.config("spark.driver.host", os.environ.get("SPARK_LOCAL_IP", "127.0.0.1"))
    builder = builder.config("spark.ui.enabled", "false")
    log4j = Path(__file__).resolve().parents[1] / "log4j2.properties"
    user_opts = cfg.conf.get("spark.driver.extraJavaOptions")
    jit = J.resolve_jit(cfg.jit, input_bytes) if local else "full"
    generate = J.resolve_codegen(cfg.codegen, input_bytes) if local else True
    adaptive = J.resolve_adaptive(cfg.adaptive, input_bytes) if local else True
    static = J.static_plan_conf(adaptive, cfg.conf)
    pages = J.page_conf(input_bytes, cfg.conf) if local else {}
    for key, value in {**J.codegen_conf(generate, cfg.conf), **static, **pages}.items():
        builder = builder.config(key, value)
    builder = builder.config("spark.driver.extraJavaOptions", J.java_options(
        jit, log4j if log4j.exists() else None, user_opts))
    if local and "spark.python.daemon.module" not in cfg.conf:
        # the workers import pyspark from its installed package, not from pyspark.zip (see storyline.spark.pydaemon)
        builder = builder.config("spark.python.daemon.module", "storyline.spark.pydaemon")
    for key, value in _one_worker_pool(cfg.conf).items():
        builder = builder.config(key, value)
    auto_partitions = (cfg.conf.get("spark.sql.shuffle.partitions") == "auto"
                       and "spark.sql.shuffle.partitions" not in static)
    for key, value in cfg.conf.items():
        if key != "spark.driver.extraJavaOptions" and not (key == "spark.sql.shuffle.partitions" and value == "auto"):
            builder = builder.config(key, value)
    spark = builder.getOrCreate()
    if local:
        log.info("Spark %s, %s: driver JVM with the %s JIT%s", spark.version, master, jit,
                 _sql_mode_note(generate, adaptive))
    if auto_partitions:
        spark.conf.set("spark.sql.shuffle.partitions", str(max(4, 2 * spark.sparkContext.defaultParallelism)))
    spark.sparkContext.setLogLevel(cfg.log_level)
    if local:
        _start_python_workers(spark.sparkContext)
    else:
        spark.sparkContext.addPyFile(_package_zip())
    return spark


def _start_python_workers(sc) -> None:
    """Start the Python worker daemon now, from a side thread, while the driver lists and plans the inputs.

    The first Python task of a run waits for the daemon to start and import pandas and pyarrow, about half a second
    of one core, while the other core is idle: the driver is then planning, single-threaded. A one-task job started
    here overlaps the two; the run's first tasks then find the daemon (and one worker) ready: the sample's read stage
    took 2.0-2.1 s against 2.3-2.4 s, in three interleaved pairs on 2 cores. Local mode only: on a cluster each
    executor starts its own daemon. A failure here costs only that half second later."""
    def start():
        try:
            sc.setJobDescription("storyline: start the Python workers")
            sc.parallelize([0], 1).count()  # counting runs one Python task
        except Exception as exc:  # a run that stops early cancels it
            log.debug("Python workers not started ahead: %s", exc)

    threading.Thread(target=start, name="storyline-python-workers", daemon=True).start()


def _sql_mode_note(generate: bool, adaptive: bool) -> str:
    """How Spark SQL runs, for the start-up line: "" when as Spark's defaults."""
    chosen = [(what, why) for what, why, on in (("interpreted", "no generated code", not generate),
                                                ("planned once", "no adaptive execution", not adaptive)) if on]
    if not chosen:
        return ""
    return f"; Spark SQL {' and '.join(w for w, _ in chosen)} ({', '.join(y for _, y in chosen)})"


def _one_worker_pool(conf: dict) -> dict:
    """Settings under which the Python tasks of RDDs (a DataFrame made from Python rows) and of Spark SQL
    (mapInPandas, pandas UDFs) share one pool of Python workers. Spark keeps a pool, with its own daemon, per set of
    worker environment variables, and SQL's tasks add SPARK_SIMPLIFIED_TRACEBACK; giving it to every task makes one
    pool, so an executor starts one daemon and fewer workers. Nothing when the user set either switch."""
    key = "spark.executorEnv.SPARK_SIMPLIFIED_TRACEBACK"
    if key in conf or conf.get("spark.sql.execution.pyspark.udf.simplifiedTraceback.enabled", "true") != "true":
        return {}
    return {key: "1"}


def stop_spark(spark) -> None:
    """Stop ``spark``."""
    spark.stop()


def use_checkpoints(spark, folder: Path) -> None:
    """Send checkpoints to files under ``folder`` (inside the run's output, so on a cluster it is on storage that
    every node sees). Unlike local checkpoints, kept in executor storage, these survive the loss of an executor."""
    spark.sparkContext.setCheckpointDir(str(folder))


def checkpoint(df):
    """Materialise ``df`` and cut its lineage (iterative plans otherwise grow with every round). A reliable
    checkpoint when a checkpoint folder is set, as every run does; a local one when a function runs alone."""
    if df.sparkSession.sparkContext.getCheckpointDir():
        return df.checkpoint()
    return df.localCheckpoint()

"""Starting and stopping the Spark session from the resolved configuration."""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import threading
import zipfile
from pathlib import Path

from storyline.cache import cache_dir
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


def start_spark(cfg: SparkConfig, master: str | None = None, make_archive: bool = False,
                input_bytes: int | None = None):
    """A SparkSession for ``master`` (or the configured one). Imported lazily so pure code never needs a JVM.

    In local mode the driver JVM gets storyline's JIT and class-archive options (see :mod:`storyline.spark.jvm`):
    ``input_bytes``, the size of the input when known, picks the JIT of ``jit = "auto"``, whether Spark SQL
    generates code under ``codegen = "auto"``, whether it plans adaptively under ``adaptive = "auto"``, and
    whether its memory pages are small (a tiny input's, unless ``spark.buffer.pageSize`` is set). With
    ``make_archive``, a run that finds no archive has its JVM write one, which :func:`stop_spark` puts in place."""
    global _pending
    _set_env()
    from pyspark import SparkContext
    from pyspark.sql import SparkSession

    master = master or cfg.master
    local = master.startswith("local")
    builder = SparkSession.builder.master(master).appName(cfg.app_name)
    builder = builder.config("spark.sql.session.timeZone", "UTC")
    builder = builder.config("spark.driver.host", os.environ.get("SPARK_LOCAL_IP", "127.0.0.1"))
    builder = builder.config("spark.ui.enabled", "false")
    log4j = Path(__file__).resolve().parents[1] / "log4j2.properties"
    archive = None
    user_opts = cfg.conf.get("spark.driver.extraJavaOptions")
    # options apply to a JVM not yet started, and the user's own class-sharing options replace storyline's
    if local and cfg.class_archive and SparkContext._gateway is None and not J.shares_classes(user_opts):
        archive = _archive(make_archive)
    jit = J.resolve_jit(cfg.jit, input_bytes) if local else "full"
    generate = J.resolve_codegen(cfg.codegen, input_bytes) if local else True
    adaptive = J.resolve_adaptive(cfg.adaptive, input_bytes) if local else True
    static = J.static_plan_conf(adaptive, cfg.conf)
    pages = J.page_conf(input_bytes, cfg.conf) if local else {}
    for key, value in {**J.codegen_conf(generate, cfg.conf), **static, **pages}.items():
        builder = builder.config(key, value)
    builder = builder.config("spark.driver.extraJavaOptions", J.java_options(
        jit, archive, log4j if log4j.exists() else None, user_opts))
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
    _pending = archive if archive is not None and not archive.ready else None
    if local:
        log.info("Spark %s, %s: driver JVM with the %s JIT%s%s", spark.version, master, jit,
                 "" if archive is None else ", from the class archive" if archive.ready else
                 ", saving a class archive at the end of the run",
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


_pending: J.Archive | None = None  # an archive the running JVM writes as it exits


def archive_key() -> str | None:
    """The class archive's name for the java that spark-submit starts and this pyspark installation; None
    without a java (spark-submit will say that it is missing)."""
    import pyspark

    java = J.java_binary()
    if java is None:
        return None
    home = Path(os.environ.get("SPARK_HOME") or Path(pyspark.__file__).parent)
    try:
        return J.archive_key(java, home, pyspark.__version__)
    except OSError:
        return None


def _archive(create: bool) -> J.Archive | None:
    key = archive_key()
    return J.plan_archive(cache_dir() / "jvm", key, create) if key else None


def stop_spark(spark) -> None:
    """Stop ``spark``. If its JVM is to write a class archive, end that JVM now and put the archive in place (the
    first run on a machine spends a few seconds here; every later one starts faster)."""
    global _pending
    _stop_accumulator_server(spark.sparkContext)
    spark.stop()
    archive, _pending = _pending, None
    if archive is None:
        return
    from pyspark import SparkContext

    gateway, code = SparkContext._gateway, None
    proc = getattr(gateway, "proc", None)
    try:
        if gateway is not None:
            gateway.shutdown()
        SparkContext._gateway = SparkContext._jvm = None
        if proc is not None:
            proc.stdin.close()  # the gateway JVM exits when its standard input closes, writing the archive
            code = proc.wait(timeout=300)
    except Exception as exc:  # the run's output is complete; a missing archive only costs the next start-up
        log.debug("no class archive: %s", exc)
        if proc is not None and proc.poll() is None:
            proc.kill()
    if J.publish_archive(archive, code):
        log.info("kept the JVM's classes in %s for faster start-ups (%.0f MB; class_archive = false in the "
                 "config's [spark] table turns this off)", archive.path, archive.path.stat().st_size / 1e6)


def _stop_accumulator_server(sc) -> None:
    """Stop the driver's accumulator server without waiting for it. SparkContext.stop() waits until the server's
    connection handler next wakes from its one-second poll, 0.5 to 1 s at the end of every run; here the server is
    told to stop and that wait happens on a daemon thread, so the command returns at once."""
    server = getattr(sc, "_accumulatorServer", None)
    if server is None:
        return
    sc._accumulatorServer = None
    server.server_shutdown = True  # the handler's poll loop ends at its next wake-up
    threading.Thread(target=server.shutdown, name="storyline-accumulator-stop", daemon=True).start()


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

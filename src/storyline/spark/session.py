"""Starting and stopping the Spark session from the resolved configuration."""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import zipfile
from pathlib import Path

from storyline.config import SparkConfig
from storyline.spark import tuning as T
import storyline

log = logging.getLogger(__name__)


def _set_env() -> None:
    # Workers must run the same interpreter as the driver, and Spark must bind to loopback in local use.
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    os.environ["PYSPARK_PYTHON"] = os.environ.get("STORYLINE_WORKER_PYTHON", sys.executable)
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    os.environ.setdefault("PYARROW_IGNORE_TIMEZONE", "1")


def package_zip() -> str:
    """Zip the storyline package so that executors on other machines can import it: its code, templates, models and
    word lists; not the benchmarks, which run on the driver only."""
    pkg = Path(storyline.__file__).parent
    tmp = Path(tempfile.mkdtemp(prefix="storyline-pyfiles-"))
    target = tmp / "storyline.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in sorted(pkg.rglob("*")):
            rel = f.relative_to(pkg)
            if f.is_file() and "__pycache__" not in f.parts and rel.parts[0] != "bench":
                zf.write(f, Path("storyline") / rel)
    return str(target)


def start_spark(cfg: SparkConfig, master: str | None = None, input_bytes: int | None = None):
    """A SparkSession for ``master`` (or the configured one). Imported lazily so pure code never needs a JVM.

    A local run with ``local_tuning`` gets the JVM options of :mod:`storyline.spark.tuning` for an input of
    ``input_bytes`` (the size of the input when known). The user's own ``spark.conf`` settings win."""
    _set_env()
    # pyspark: imported when a session starts, not by what reads this module's helpers
    from pyspark.sql import SparkSession

    master = master or cfg.master
    local = master.startswith("local")
    builder = SparkSession.builder.master(master).appName(cfg.app_name)
    builder = builder.config("spark.sql.session.timeZone", "UTC")
    builder = builder.config("spark.driver.host", os.environ.get("SPARK_LOCAL_IP", "127.0.0.1"))
    builder = builder.config("spark.ui.enabled", "false")
    tuned = local and cfg.local_tuning
    log4j = Path(__file__).resolve().parents[1] / "log4j2.properties"
    user_opts = cfg.conf.get("spark.driver.extraJavaOptions")
    opts = " ".join(filter(None, [f"-Dlog4j2.configurationFile=file:{log4j}" if log4j.exists() else "",
                                  T.java_options(input_bytes if tuned else None, user_opts)]))
    builder = builder.config("spark.driver.extraJavaOptions", opts)
    # "auto": twice the session's cores (adaptive execution then coalesces small partitions)
    auto_partitions = cfg.conf.get("spark.sql.shuffle.partitions") == "auto"
    for key, value in cfg.conf.items():
        if key != "spark.driver.extraJavaOptions" and not (key == "spark.sql.shuffle.partitions" and value == "auto"):
            builder = builder.config(key, value)
    spark = builder.getOrCreate()
    quick = tuned and T.java_options(input_bytes, None)
    log.info("Spark %s, %s%s", spark.version, master, " with the JVM's quick JIT (a small input)" if quick else "")
    if auto_partitions:
        spark.conf.set("spark.sql.shuffle.partitions", str(max(4, 2 * spark.sparkContext.defaultParallelism)))
    spark.sparkContext.setLogLevel(cfg.log_level)
    if not local:
        spark.sparkContext.addPyFile(package_zip())
    return spark


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

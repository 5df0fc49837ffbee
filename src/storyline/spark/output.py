"""Writers: Parquet tables and the deterministic stories.jsonl."""

from __future__ import annotations

import shutil
from pathlib import Path

from pyspark.sql import DataFrame


def write_table(df: DataFrame, out: Path, name: str) -> DataFrame:
    """Write a stage's table as Parquet and return it read back: the written table is the stage's checkpoint,
    so later stages never recompute earlier ones."""
    path = str(out / name)
    df.write.mode("overwrite").parquet(path)
    return df.sparkSession.read.schema(df.schema).parquet(path)


def write_jsonl(df: DataFrame, target: Path, order_by: str) -> None:
    """One JSON object per line, sorted by ``order_by``, as a single file: byte-identical across reruns. Every
    line has every key of the table (null where unknown)."""
    tmp = target.with_name(target.name + ".parts")
    shutil.rmtree(tmp, ignore_errors=True)
    # every key on every line, null where unknown: readers of JSON lines expect one shape
    df.repartition(1).sortWithinPartitions(order_by).write.mode("overwrite").option(
        "compression", "none"
    ).option("ignoreNullFields", "false").option("timestampFormat", "yyyy-MM-dd'T'HH:mm:ssXXX").json(str(tmp))
    parts = sorted(tmp.glob("part-*"))
    with open(target, "wb") as fh:
        for p in parts:
            with open(p, "rb") as src:
                shutil.copyfileobj(src, fh)
    shutil.rmtree(tmp, ignore_errors=True)

"""The ingest stage: input paths -> one DataFrame of raw records (schema ``RAW``).

Line and file formats are read by ``core.readers`` inside Spark tasks (one task per file or byte range), so
no article passes through the driver. Parquet datasets are read by Spark's own reader.
"""

from __future__ import annotations

import logging
from typing import Callable, Iterator

import pandas as pd
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from storyline.config import IngestConfig
from storyline.core.ingest.inputs import (
    InputTask,
    input_names,
    list_inputs,
    newlines_before_range,
    number_lines,
    parquet_groups,
    plan_tasks,
)
from storyline.core.ingest.readers import RAW_KEYS, read_task
from storyline.core.ingest.records import field_names
from storyline.spark.stage import Context, Output
from storyline.spark.schemas import RAW
from storyline.spark.prepared import preparer

log = logging.getLogger(__name__)


_BATCH_ROWS = 500
_BATCH_BYTES = 32 << 20


def _reader(fields: dict, max_bytes: int):
    def read_batches(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        # Records of many small files are gathered into one Arrow batch (one per file would cost more in
        # conversion than the reading itself); a batch is cut at a row count or a byte size.
        rows: list[dict] = []
        size = 0
        for tasks in batches:
            for t in tasks.itertuples(index=False):
                task = InputTask(t.path, t.fmt, int(t.start), int(t.end), t.name, int(t.first_line))
                for row in read_task(task, fields, max_bytes):
                    rows.append(row)
                    size += len(row.get("text") or "") + len(row.get("html") or b"")
                    if len(rows) >= _BATCH_ROWS or size >= _BATCH_BYTES:
                        yield pd.DataFrame(rows, columns=list(RAW_KEYS))
                        rows, size = [], 0
        if rows:
            yield pd.DataFrame(rows, columns=list(RAW_KEYS))

    return read_batches


def _parquet(spark: SparkSession, paths: list[str], fields: dict) -> DataFrame:
    df = spark.read.parquet(*paths)
    names = field_names(fields)
    cols = {c.lower(): c for c in df.columns}

    def pick(key: str, cast: str = "string"):
        for name in names.get(key, ()):
            if name.lower() in cols:
                return F.col(f"`{cols[name.lower()]}`").cast(cast)
        return F.lit(None).cast(cast)

    text, html = pick("text"), pick("html", "binary")
    missing = text.isNull() & html.isNull()
    parts = F.split(F.col("_metadata.file_path"), "/")
    return df.select(
        F.regexp_replace(F.col("_metadata.file_path"), "^file:(//)?", "").alias("source_path"),
        F.concat_ws("/", F.element_at(parts, -2), F.element_at(parts, -1)).alias("input_name"),
        F.concat(F.lit("row "), F.col("_metadata.row_index").cast("string")).alias("locator"),
        F.lit("parquet").alias("fmt"),
        F.when(missing, "reject").otherwise("article").alias("kind"),
        F.when(missing, "missing_text").alias("reason"),
        F.when(missing, F.lit("no text or html column value (see ingest.fields)")).alias("detail"),
        F.lit(None).cast("string").alias("charset"),
        pick("id").alias("id"), pick("url").alias("url"), pick("source").alias("source"),
        pick("title").alias("title"), pick("published").alias("published"), pick("author").alias("author"),
        text.alias("text"), html.alias("html"), pick("group").alias("group"),
        pick("reference").alias("reference"),
    )


_TASKS = "path string, fmt string, start long, end long, name string, first_line long"
# Below this much input every core gets one slice of the read tasks; above it, four, so that files of uneven size
# even out. A Python task costs a few tenths of a second to set up: on the sample (105 KB, 13 files) eight slices
# made the read stage 4.7-5.0 s, two 3.6-4.0 s.
SMALL_READ_BYTES = 8 << 20


def read_slices(n_tasks: int, input_bytes: int, cores: int) -> int:
    """How many Spark partitions the read tasks go into: one per core for a small input, four per core above
    ``SMALL_READ_BYTES``, never more than there are tasks.

    >>> read_slices(13, 100_000, 2), read_slices(13, 50 << 20, 2), read_slices(3, 50 << 20, 2), read_slices(0, 0, 2)
    (2, 8, 3, 1)
    """
    per_core = 1 if input_bytes < SMALL_READ_BYTES else 4
    return max(1, min(n_tasks, cores * per_core))


def _numbered(spark: SparkSession, tasks: list[InputTask]) -> list[InputTask]:
    """Tasks with their first line numbers. A file split into byte ranges has its line breaks counted per range
    in one small Spark job (the executors stream the bytes; the driver gets one number per range)."""
    split = [t for t in tasks if t.start > 0 or t.end >= 0]
    if not split:
        return tasks
    rows = [(t.path, t.start, t.end) for t in split]

    def count(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        for b in batches:
            yield pd.DataFrame({"path": b["path"], "start": b["start"],
                                "n": [_safe_count(InputTask(p, "jsonl", int(s), int(e)))
                                      for p, s, e in zip(b["path"], b["start"], b["end"])]})

    df = spark.createDataFrame(spark.sparkContext.parallelize(rows, max(1, min(len(rows), 64))),
                               "path string, start long, end long")
    got = df.mapInPandas(count, "path string, start long, n long").collect()
    return number_lines(tasks, {(r.path, int(r.start)): int(r.n) for r in got})


def _safe_count(task: InputTask) -> int:
    try:
        return newlines_before_range(task)
    except OSError:
        return 0  # the reader reports the unreadable file itself, with its reason


Batches = Callable[[Iterator[pd.DataFrame]], Iterator[pd.DataFrame]]


def read_inputs(spark: SparkSession, paths: list[str], cfg: IngestConfig,
                then: tuple[Batches, str] | None = None) -> tuple[DataFrame, int]:
    """All raw records of ``paths``, and the number of read tasks planned. Raises InputError for bad paths.

    ``then`` (a function over Arrow batches of raw records, and its output schema) is applied to every raw
    record: for the files read in Python, in the same Python worker that read them, so that the records cross
    from Python to the JVM and back once rather than twice and each task sets up one Python worker, not two.
    """
    files, parquet = list_inputs(paths, cfg.format)
    tasks = _numbered(spark, plan_tasks(files, cfg.chunk_bytes, input_names(paths, [f for f, _ in files])))
    groups = parquet_groups(parquet)  # one Spark read per schema
    cores = spark.sparkContext.defaultParallelism
    # Few, large files (one JSONL of many articles) would leave extraction and cleaning, the costly Python
    # steps, on one core: the records are spread over the cluster first, and ``then`` runs after that.
    spread = len(tasks) + len(groups) < 2 * cores
    fused = then if then is not None and not spread else None
    schema = fused[1] if fused else RAW
    frames: list[DataFrame] = []
    if tasks:
        rows = [(t.path, t.fmt, t.start, t.end, t.name, t.first_line) for t in tasks]
        slices = read_slices(len(rows), sum(t.size for t in tasks), cores)
        tdf = spark.createDataFrame(spark.sparkContext.parallelize(rows, slices), _TASKS)
        read = _reader(dict(cfg.fields), cfg.max_bytes)
        frames.append(tdf.mapInPandas((lambda batches: fused[0](read(batches))) if fused else read, schema))
    for group in groups:
        pq = _parquet(spark, group, dict(cfg.fields))
        frames.append(pq.mapInPandas(fused[0], schema) if fused else pq)
    if not frames:
        out = spark.createDataFrame([], RAW)
        return (out.mapInPandas(then[0], then[1]) if then else out), 0
    out = frames[0]
    for f in frames[1:]:
        out = out.unionByName(f)
    if spread:
        out = out.repartition(2 * cores)
    if then is not None and not fused:
        out = out.mapInPandas(then[0], then[1])
    return out, len(tasks) + len(groups)


def run(ctx: Context, t: dict) -> Output:
    # the records are prepared (extracted, rule-cleaned) by the same Python worker that read them
    prepared, tasks = read_inputs(ctx.spark, ctx.inputs, ctx.cfg.ingest, then=preparer(ctx.cfg.ingest))
    return Output(tables={"prepared": prepared}, figures={"read_tasks": tasks})

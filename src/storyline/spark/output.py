"""Writers: Parquet tables, the deterministic stories.jsonl, and reject counts for run.json."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Iterator

import pandas as pd
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from storyline.spark.schemas import REJECTS


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


def reject_counts(spark: SparkSession, table: Path) -> dict[str, dict[str, int]]:
    """Rejects by level and reason: ``{"record": {"invalid_json": 2, ...}, "line": {...}}``."""
    rows = (
        spark.read.schema(REJECTS).parquet(str(table)).groupBy("level", "reason").count().orderBy("level", "reason")
        .collect()
    )
    res: dict[str, dict[str, int]] = {}
    for r in rows:
        res.setdefault(r["level"], {})[r["reason"]] = int(r["count"])
    return res


_PAGES = "story_id string, n_articles long, html string, row string, haystack string"


def _render_batches(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
    from storyline.report.render import story_page

    for pdf in batches:
        parts = [story_page(json.loads(j)) for j in pdf["j"]]
        yield pd.DataFrame({"story_id": [p[0] for p in parts], "n_articles": pdf["n_articles"],
                            "html": [p[1] for p in parts], "row": [json.dumps(p[2]) for p in parts],
                            "haystack": [p[3] for p in parts]})


def report_pages(stories: DataFrame, max_stories: int) -> list[tuple[str, str, dict, str]]:
    """The report's parts (``story_id``, page, index row, search text: see ``report.render.story_page``) of the
    ``max_stories`` stories with the most articles (then by id), in that order. The pages are rendered on the
    executors; the driver receives the finished HTML, not the stories."""
    top = stories.orderBy(F.desc("n_articles"), "story_id").limit(max_stories)
    doc = F.to_json(F.struct(*[F.col(f"`{c}`") for c in stories.columns]))  # each row as DataFrame.toJSON gives it
    # the limit leaves one partition: spread the stories again so that every core renders
    spread = max(1, 2 * stories.sparkSession.sparkContext.defaultParallelism)
    rows = (top.select("story_id", F.col("n_articles").cast("long").alias("n_articles"), doc.alias("j"))
            .repartition(spread, "story_id").mapInPandas(_render_batches, _PAGES).collect())
    rows.sort(key=lambda r: (-r["n_articles"], r["story_id"]))
    return [(r["story_id"], r["html"], json.loads(r["row"]), r["haystack"]) for r in rows]


def row_counts(tables: dict) -> dict[str, int]:
    """Rows of each table, counted in one query (a count per table would be a query, and jobs, each)."""
    from functools import reduce

    tagged = [df.select(F.lit(name).alias("table")) for name, df in tables.items()]
    got = {r["table"]: int(r["count"]) for r in reduce(lambda a, b: a.unionByName(b), tagged)
           .groupBy("table").count().collect()}
    return {name: got.get(name, 0) for name in tables}

"""The report stage: the run's counts (for run.json and the report) and the HTML report, whose pages are rendered
on the executors (:mod:`storyline.report.render`)."""

from __future__ import annotations

import json
from functools import reduce
from pathlib import Path
from typing import Iterator

import pandas as pd
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from storyline.report.render import IndexRow, story_page, write_report
from storyline.spark.stage import Context, Output, this_runs_rejects
from storyline.spark.mapping import spread
from storyline.spark.threads import with_storyline


def reject_counts(rejects: DataFrame) -> dict[str, dict[str, int]]:
    """Rejects by level and reason: ``{"record": {"invalid_json": 2, ...}, "line": {...}}``."""
    rows = rejects.groupBy("level", "reason").count().orderBy("level", "reason").collect()
    res: dict[str, dict[str, int]] = {}
    for r in rows:
        res.setdefault(r["level"], {})[r["reason"]] = int(r["count"])
    return res


_PAGES = "story_id string, n_articles long, html string, row string, haystack string"


def _render_batches(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
    for pdf in batches:
        parts = [story_page(json.loads(j)) for j in pdf["j"]]
        yield pd.DataFrame({"story_id": [p[0] for p in parts], "n_articles": pdf["n_articles"],
                            "html": [p[1] for p in parts], "row": [json.dumps(p[2].to_row()) for p in parts],
                            "haystack": [p[3] for p in parts]})


def report_pages(stories: DataFrame, max_stories: int) -> list[tuple[str, str, IndexRow, str]]:
    """The report's parts (``story_id``, page, index row, search text: see ``report.render.story_page``) of the
    ``max_stories`` stories with the most articles (then by id), in that order. The pages are rendered on the
    executors; the driver receives the finished HTML, not the stories."""
    top = stories.orderBy(F.desc("n_articles"), "story_id").limit(max_stories)
    doc = F.to_json(F.struct(*[F.col(f"`{c}`") for c in stories.columns]))  # each row as DataFrame.toJSON gives it
    # the limit leaves one partition: spread the stories again so that every core renders
    rows = (spread(top.select("story_id", F.col("n_articles").cast("long").alias("n_articles"), doc.alias("j")),
                   "story_id").mapInPandas(_render_batches, _PAGES).collect())
    rows.sort(key=lambda r: (-r["n_articles"], r["story_id"]))
    return [(r["story_id"], r["html"], IndexRow.from_row(json.loads(r["row"])), r["haystack"]) for r in rows]


def row_counts(tables: dict, stories: DataFrame | None = None) -> dict[str, int]:
    """Rows of each table, counted in one query (a count per table would be a query, and jobs, each); with
    ``stories``, also its stories by what this run did to them (``stories_new``, ``stories_updated``,
    ``stories_unchanged``: ``changes.status``)."""
    tagged = [df.select(F.lit(name).alias("table")) for name, df in tables.items()]
    if stories is not None:
        tagged.append(stories.select(F.concat(F.lit("stories_"), F.col("changes.status")).alias("table")))
    got = {r["table"]: int(r["count"]) for r in reduce(lambda a, b: a.unionByName(b), tagged)
           .groupBy("table").count().collect() if r["table"] is not None}
    statuses = [f"stories_{k}" for k in ("new", "updated", "unchanged")] if stories is not None else []
    return {name: got.get(name, 0) for name in [*tables, *statuses]}


def tally(ctx: Context, t: dict, rejects: DataFrame) -> dict:
    """The figures ``counts`` and ``rejects`` (by level and reason) for run.json and the report, from the written
    tables (Parquet footers and one small aggregation) and this run's ``rejects``."""
    f = ctx.figures
    by_reason = reject_counts(rejects)
    c = row_counts({name: t[name] for name in ("articles", "duplicates", "sentences", "stories")}, t["stories"])
    c.update(records_in=f.records_in, read_tasks=f.read_tasks, rejects=sum(by_reason.get("record", {}).values()),
             removed_lines=sum(by_reason.get("line", {}).values()))
    before = ctx.earlier.counts()
    for name in ("articles", "duplicates", "stories"):
        c[f"{name}_added"] = c[name] - before.get(name, 0)
    # Records of this run that were already in the earlier output (same article id): neither new nor rejected.
    c["already_present"] = c["records_in"] - c["articles_added"] - c["duplicates_added"] - c["rejects"]
    return {"counts": c, "rejects": by_reason}


def run(ctx: Context, t: dict) -> Output:
    def render(path: Path) -> None:
        pages = report_pages(with_storyline(t["stories"], t["storylines"]), ctx.cfg.report.max_stories)
        info = {"counts": ctx.figures.counts, "rejects": ctx.figures.rejects, "timings": ctx.timings,
                "started": ctx.started, "into": bool(ctx.earlier)}
        write_report(pages, info, path, final_dir=ctx.final_out / "report")  # path: a staging folder

    return Output(files={"report": render}, figures=tally(ctx, t, this_runs_rejects(t)))

"""The storyline run, stage by stage. Each stage writes a Parquet table that the next one reads."""

from __future__ import annotations

import json
import logging
import shutil
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from storyline.config import Config
from storyline.core.summarize import SummaryConfig

log = logging.getLogger(__name__)

STAGES = ("ingest", "clean", "articles", "dedup", "stories", "summarize", "facts", "write", "report")


@dataclass
class RunResult:
    out: Path
    counts: dict = field(default_factory=dict)
    rejects: dict = field(default_factory=dict)
    timings: dict = field(default_factory=dict)

    @property
    def reject_line(self) -> str:
        rec = self.rejects.get("record", {})
        if not rec:
            return "rejects: none"
        parts = ", ".join(f"{k}={v}" for k, v in sorted(rec.items(), key=lambda kv: (-kv[1], kv[0])))
        return f"rejects: {sum(rec.values())} records ({parts}); see {self.out / 'rejects'}"


class _Timer:
    def __init__(self) -> None:
        self.timings: dict[str, float] = {}

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        i = STAGES.index(name) + 1
        log.info("[%d/%d] %s ...", i, len(STAGES), name)
        t0 = time.perf_counter()
        yield
        self.timings[name] = round(time.perf_counter() - t0, 3)
        log.info("[%d/%d] %s done in %.1fs", i, len(STAGES), name, self.timings[name])


def run(inputs: list[str], out: str | Path, cfg: Config, spark=None) -> RunResult:
    """Run storyline on ``inputs`` and write every output into ``out``. Reads like a table of contents."""
    from pyspark.sql import functions as F

    from storyline.core.inputs import list_inputs
    from storyline.spark import articles as A
    from storyline.spark import clean as C
    from storyline.spark import output as O
    from storyline.spark import stories as S
    from storyline.spark.ingest import read_inputs
    from storyline.spark.session import start_spark

    list_inputs(inputs, cfg.ingest.format)  # fail fast on a missing path, before Spark starts
    out = Path(out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    work = out / "_work"
    timer = _Timer()
    t_start = time.perf_counter()
    own_spark = spark is None
    t0 = time.perf_counter()
    spark = spark or start_spark(cfg.spark)
    startup = round(time.perf_counter() - t0, 3)
    try:
        with timer.stage("ingest"):
            raw, n_tasks = read_inputs(spark, inputs, cfg.ingest)
        with timer.stage("clean"):
            prepared = C.prepare(raw, cfg.ingest.max_bytes)
            prepared = O.write_table(prepared, work, "prepared")
            removed_rules = C.rule_removals(prepared)
            arts = prepared.filter(F.col("kind") == "article").drop("removed")
            arts, dup_ids = A.reject_duplicate_ids(arts)
            arts, removed_boiler = C.remove_boilerplate(arts, cfg.clean)
        with timer.stage("articles"):
            final = O.write_table(A.finalize(arts, cfg.clean.min_words), work, "final")
        with timer.stage("dedup"):
            good = final.filter(F.col("kind") == "article")
            canon, exact = A.exact_duplicates(good)
            canon, near = _near_duplicates(canon, cfg)
            dups = O.write_table(exact.unionByName(near), out, "duplicates")
            keep = ["article_id", "url", "source", "title", "published", "author", "language", "text",
                    "source_path", "locator", "group", "reference", "n_words", "content_hash", "spans"]
            canon = O.write_table(canon.select(*keep), out, "articles")
            O.write_table(A.sentences_table(canon), out, "sentences")
            rejects = _rejects(prepared, dup_ids, final, removed_rules, removed_boiler)
            O.write_table(rejects, out, "rejects")
        with timer.stage("stories"):
            assignment = O.write_table(S.assign_stories(canon, cfg.stories), out, "story_articles")
        with timer.stage("summarize"):
            scfg = SummaryConfig(words=cfg.summary.words, focus=cfg.summary.focus or None)
            sents = spark.read.parquet(str(out / "sentences"))
            summaries = O.write_table(S.summarize_stories(sents, canon, assignment, scfg), work, "summaries")
        with timer.stage("facts"):
            facts = O.write_table(S.facts_of_stories(sents, canon, assignment, cfg.facts.spacy_model), work, "facts")
            stories = O.write_table(S.story_table(canon, assignment, dups, summaries, facts), out, "stories")
        with timer.stage("write"):
            O.write_jsonl(stories, out / "stories.jsonl", "story_id")
            for name, table in S.fact_tables(stories).items():
                O.write_table(table, out, name)
            result = RunResult(out=out, timings=timer.timings)
            result.counts = {
                "records_in": O.count(spark, work, "prepared"),
                "articles": O.count(spark, out, "articles"),
                "duplicates": O.count(spark, out, "duplicates"),
                "sentences": O.count(spark, out, "sentences"),
                "stories": O.count(spark, out, "stories"),
                "read_tasks": n_tasks,
            }
            result.rejects = O.reject_counts(spark, out)
            result.counts["rejects"] = sum(result.rejects.get("record", {}).values())
            result.counts["removed_lines"] = sum(result.rejects.get("line", {}).values())
        with timer.stage("report"):
            _report(stories, out, result, cfg)
        result.timings = dict(timer.timings, spark_startup=startup, total=round(time.perf_counter() - t_start, 3))
        _write_run_json(out, inputs, cfg, result)
        shutil.rmtree(work, ignore_errors=True)
        return result
    finally:
        if own_spark:
            spark.stop()


def _near_duplicates(canon, cfg: Config):
    """Fold near-duplicates (MinHash) among the exact-canonical articles."""
    from pyspark.sql import functions as F

    try:
        from storyline.spark.dedup import near_duplicates
    except ImportError:
        empty = canon.sparkSession.createDataFrame(
            [], "article_id string, canonical_id string, similarity double, method string")
        return canon, empty
    near = near_duplicates(
        canon.select("article_id", "text", "published", "source"),
        threshold=cfg.dedup.threshold, num_perm=cfg.dedup.num_perm, shingle=cfg.dedup.shingle,
    ).select("article_id", "canonical_id", F.col("similarity").cast("double"), F.lit("minhash").alias("method"))
    return canon.join(near.select("article_id"), "article_id", "left_anti"), near


def _rejects(prepared, dup_ids, final, removed_rules, removed_boiler):
    from pyspark.sql import functions as F

    def rec(df):
        return df.filter(F.col("kind") == "reject").select(
            F.lit("record").alias("level"), "reason", "detail", "source_path", "locator", "article_id",
            F.substring(F.coalesce("text", F.lit("")), 1, 1000).alias("text"),
        )

    return (
        rec(prepared.drop("removed")).unionByName(rec(dup_ids)).unionByName(rec(final))
        .unionByName(removed_rules).unionByName(removed_boiler)
    )


def _report(view, out: Path, result: RunResult, cfg: Config) -> None:
    """Render the HTML report on the driver, from at most ``report.max_stories`` stories (the largest)."""
    from pyspark.sql import functions as F

    from storyline.core.report import render_report

    top = view.orderBy(F.desc("n_articles"), "story_id").limit(cfg.report.max_stories)
    stories = [json.loads(j) for j in top.toJSON().collect()]
    info = {"counts": result.counts, "rejects": result.rejects, "timings": result.timings}
    render_report(stories, info, out / "report")


def _write_run_json(out: Path, inputs: list[str], cfg: Config, result: RunResult) -> None:
    doc = {
        "inputs": [str(Path(p).resolve()) for p in inputs],
        "counts": result.counts,
        "rejects": result.rejects,
        "timings_s": result.timings,
        "config": cfg.to_dict(),
    }
    (out / "run.json").write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n", encoding="utf-8")

"""The storyline run, stage by stage. Each stage writes a Parquet table that the next one reads."""

from __future__ import annotations

import json
import logging
import shutil
import time
from contextlib import contextmanager
from datetime import datetime, timezone
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from storyline import __version__
from storyline.config import Config
from storyline.core.summarize import SummaryConfig
from storyline.outputs import NoArticles, OutputError, check_out, is_disk_full, publish, staging_dir

log = logging.getLogger(__name__)

STAGES = ("ingest", "clean", "articles", "dedup", "stories", "facts", "summarize", "write", "report")


@dataclass
class RunResult:
    out: Path
    counts: dict = field(default_factory=dict)
    rejects: dict = field(default_factory=dict)
    timings: dict = field(default_factory=dict)
    started: str = ""  # the run's start, ISO 8601 UTC

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


KEEP = ["article_id", "url", "source", "title", "published", "author", "language", "text", "source_path",
        "locator", "group", "reference", "n_words", "content_hash", "spans"]


def _previous(into: str | Path | None) -> Path | None:
    """The output folder of an earlier run that this run adds to, checked before Spark starts."""
    if into is None:
        return None
    prev = Path(into).resolve()
    missing = [t for t in ("articles", "duplicates", "story_articles", "rejects", "run.json") if not (prev / t).exists()]
    if missing:
        from storyline.core.inputs import InputError

        raise InputError(f"--into {into}: not a storyline output folder (missing {', '.join(missing)}); "
                         f"give the --out folder of an earlier 'storyline run'")
    return prev


def run(inputs: list[str], out: str | Path, cfg: Config, spark=None, into: str | Path | None = None,
        force: bool = False) -> RunResult:
    """Run storyline on ``inputs`` and write every output into ``out``. Reads like a table of contents.

    With ``into``, the new articles join the stories of that earlier output: its articles keep their stories
    (and story ids), new articles attach to them or open new stories, and re-running the same input changes
    nothing. ``out`` may be the same folder as ``into``.

    Everything is written beside ``out`` and swapped in when the run has finished, so a failed run leaves the
    previous output as it was. ``out`` must be new, empty, or an earlier storyline output (``force`` lifts this).
    Raises :class:`~storyline.outputs.OutputError` for an unusable ``out`` or a full disk, and
    :class:`~storyline.outputs.NoArticles` when no record becomes an article (the rejects are written first).
    """
    from pyspark.sql import functions as F

    from storyline.core.inputs import list_inputs
    from storyline.spark import articles as A
    from storyline.spark import clean as C
    from storyline.spark import output as O
    from storyline.spark import stories as S
    from storyline.spark.ingest import read_inputs
    from storyline.spark.session import start_spark

    list_inputs(inputs, cfg.ingest.format)  # fail fast on a missing path, before Spark starts
    prev = _previous(into)
    final_out = Path(out).resolve()
    check_out(final_out, force, prev)
    out = staging_dir(final_out)
    work = out / "_work"
    timer = _Timer()
    t_start = time.perf_counter()
    started = datetime.now(timezone.utc).isoformat(timespec="seconds")
    own_spark = spark is None
    t0 = time.perf_counter()
    spark = spark or start_spark(cfg.spark)
    startup = round(time.perf_counter() - t0, 3)
    published = False
    try:
        with timer.stage("ingest"):
            raw, n_tasks = read_inputs(spark, inputs, cfg.ingest)
        with timer.stage("clean"):
            prepared = O.write_table(C.prepare(raw, cfg.ingest), work, "prepared")
            removed_rules = C.rule_removals(prepared)
            arts, dup_ids = A.reject_duplicate_ids(prepared.filter(F.col("kind") == "article").drop("removed"))
            arts, removed_boiler = C.remove_boilerplate(arts, cfg.clean)
        with timer.stage("articles"):
            final = O.write_table(A.finalize(arts, cfg.clean.min_words), work, "final")
            if not prev and final.filter(F.col("kind") == "article").limit(1).count() == 0:
                _no_articles(spark, out, final_out, work, inputs, cfg, timer, started,
                             _rejects(prepared, dup_ids, final, removed_rules, removed_boiler))
            _warn_failures(prepared)
        with timer.stage("dedup"):
            pool = final.filter(F.col("kind") == "article").select(*KEEP).withColumn("_old", F.lit(0))
            if prev:
                old = spark.read.parquet(str(prev / "articles")).select(*KEEP)
                pool = _unseen(pool, old, spark.read.parquet(str(prev / "duplicates")))
                pool = old.withColumn("_old", F.lit(1)).unionByName(pool)
            canon, exact = A.exact_duplicates(pool)
            canon, near = _near_duplicates(canon, cfg, only_new=prev is not None)
            dups = exact.unionByName(near)
            if prev:
                dups = spark.read.parquet(str(prev / "duplicates")).unionByName(dups, allowMissingColumns=True)
            dups = O.write_table(dups, out, "duplicates")
            canon = O.write_table(canon.select(*KEEP), out, "articles")
            sents = O.write_table(A.sentences_table(canon), out, "sentences")
            new_rejects = O.write_table(_rejects(prepared, dup_ids, final, removed_rules, removed_boiler), work,
                                        "rejects")
            rejects = new_rejects
            if prev:
                rejects = spark.read.parquet(str(prev / "rejects")).unionByName(new_rejects).dropDuplicates()
            O.write_table(rejects, out, "rejects")
        with timer.stage("stories"):
            assignment = S.assign_stories(canon, cfg.stories)
            if prev:
                assignment = S.attach_to_existing(assignment, spark.read.parquet(str(prev / "story_articles")))
            assignment = O.write_table(assignment, out, "story_articles")
            story_sents = O.write_table(S.story_sentences(sents, canon, assignment), work, "story_sentences")
        with timer.stage("facts"):
            facts = O.write_table(S.facts_of_stories(story_sents, cfg.facts.spacy_model), work, "facts")
        with timer.stage("summarize"):
            scfg = SummaryConfig(words=cfg.summary.words, focus=cfg.summary.focus or None)
            summaries = O.write_table(S.summarize_stories(story_sents, scfg, facts), work, "summaries")
        with timer.stage("write"):
            stories = O.write_table(S.story_table(canon, assignment, dups, summaries, facts), out, "stories")
            O.write_jsonl(stories, out / "stories.jsonl", "story_id")
            for name, table in S.fact_tables(stories).items():
                O.write_table(table, out, name)
            result = RunResult(out=final_out, timings=timer.timings, started=started)
            result.rejects = O.reject_counts(spark, work / "rejects")
            result.counts = _counts(spark, out, work, prev, n_tasks, result.rejects)
        with timer.stage("report"):
            _report(stories, out, result, cfg)
        result.timings = dict(timer.timings, spark_startup=startup, total=round(time.perf_counter() - t_start, 3))
        _write_run_json(out, inputs, cfg, result, prev)
        shutil.rmtree(work, ignore_errors=True)
        publish(out, final_out)
        published = True
    except Exception as exc:
        if is_disk_full(exc):
            raise OutputError(f"disk full while writing {final_out}: free some space or give another --out; the "
                              f"previous output there is unchanged") from None
        raise
    finally:
        if not published:
            shutil.rmtree(out, ignore_errors=True)
        if own_spark:
            spark.stop()
    return result


def _warn_failures(prepared) -> None:
    """Name on the console a missing module, or a reason that refused every record of a kind, with the fix (the
    rejects table alone is easy to miss). One small aggregation over the written ``prepared`` table."""
    from pyspark.sql import functions as F

    from storyline.core.diagnose import KindCount, failure_lines

    rows = prepared.groupBy("fmt", "kind", "reason").agg(F.count("*").alias("n"), F.min("detail").alias("detail"))
    counts = [KindCount(r["fmt"] or "", r["kind"], r["reason"], int(r["n"]), r["detail"]) for r in rows.collect()]
    for line in failure_lines(counts):
        log.warning("%s", line)


def _no_articles(spark, out: Path, final_out: Path, work: Path, inputs: list[str], cfg: Config, timer, started: str,
                 rejects):
    """Write the rejects and run.json of a run that yielded no article, swap them in, and raise NoArticles."""
    from storyline.spark import output as O

    O.write_table(rejects, out, "rejects")
    result = RunResult(out=final_out, timings=timer.timings, started=started)
    result.rejects = O.reject_counts(spark, out / "rejects")
    records = O.count(spark, work, "prepared")
    result.counts = {"records_in": records, "articles": 0, "duplicates": 0, "stories": 0,
                     "rejects": sum(result.rejects.get("record", {}).values())}
    _write_run_json(out, inputs, cfg, result, None)
    shutil.rmtree(work, ignore_errors=True)
    publish(out, final_out)
    by_reason = result.rejects.get("record", {})
    why = ", ".join(f"{k}={v}" for k, v in sorted(by_reason.items(), key=lambda kv: (-kv[1], kv[0]))[:6])
    if not records:
        raise NoArticles(f"no articles: the inputs hold no records ({', '.join(inputs)}); give files storyline "
                         f"reads (.jsonl, .parquet, .txt, .md, .html, .warc)")
    raise NoArticles(f"no articles: all {records} records were rejected ({why}); see {final_out / 'rejects'}")


def _counts(spark, out: Path, work: Path, prev: Path | None, n_tasks: int, rejects: dict) -> dict:
    """Counts for run.json, read from the written tables (Parquet footers: cheap)."""
    from storyline.spark.output import count

    c = {
        "records_in": count(spark, work, "prepared"),
        "articles": count(spark, out, "articles"),
        "duplicates": count(spark, out, "duplicates"),
        "sentences": count(spark, out, "sentences"),
        "stories": count(spark, out, "stories"),
        "read_tasks": n_tasks,
        "rejects": sum(rejects.get("record", {}).values()),
        "removed_lines": sum(rejects.get("line", {}).values()),
    }
    before = json.loads((prev / "run.json").read_text())["counts"] if prev else {}
    c["articles_added"] = c["articles"] - before.get("articles", 0)
    c["duplicates_added"] = c["duplicates"] - before.get("duplicates", 0)
    c["stories_added"] = c["stories"] - before.get("stories", 0)
    # Records of this run that were already in the earlier output (same article id): neither new nor rejected.
    c["already_present"] = c["records_in"] - c["articles_added"] - c["duplicates_added"] - c["rejects"]
    return c


def _unseen(pool, old, old_dups):
    """The records of this run that the earlier output does not hold. A record whose id and text were both seen
    before is the same record again (dropped; counted as already present). A record whose id was seen with other
    text is a different record: it keeps its place under a new id, its id plus ``~`` and its text hash, and is
    never skipped."""
    from pyspark.sql import functions as F

    dup_hash = F.col("content_hash") if "content_hash" in old_dups.columns else F.lit(None).cast("string")
    seen = old.select("article_id", F.col("content_hash").alias("_seen")).unionByName(
        old_dups.select("article_id", dup_hash.alias("_seen")))
    clash = F.col("_seen").isNotNull() & (F.col("_seen") != F.col("content_hash"))
    renamed = pool.join(seen, "article_id", "left").withColumn(
        "article_id", F.when(clash, F.concat("article_id", F.lit("~"), F.substring("content_hash", 1, 12)))
        .otherwise(F.col("article_id"))).drop("_seen")
    # now an id seen before means the same text again (or a duplicate of an older output that kept no hash)
    return renamed.join(seen.select("article_id"), "article_id", "left_anti")


def _near_duplicates(canon, cfg: Config, only_new: bool = False):
    """Fold near-duplicates (MinHash) among the exact-canonical articles. With ``only_new``, articles of an earlier
    output are never folded away (their stories must not change); only new articles can become duplicates."""
    from pyspark.sql import functions as F

    try:
        from storyline.spark.dedup import near_duplicates
    except ImportError:
        empty = canon.sparkSession.createDataFrame(
            [], "article_id string, canonical_id string, similarity double, method string, content_hash string")
        return canon, empty
    near = near_duplicates(
        canon.select("article_id", "text", "published", "source"),
        threshold=cfg.dedup.threshold, num_perm=cfg.dedup.num_perm, shingle=cfg.dedup.shingle,
    ).select("article_id", "canonical_id", F.col("similarity").cast("double"), F.lit("minhash").alias("method"))
    near = near.join(canon.select("article_id", "content_hash"), "article_id")
    if only_new:
        near = near.join(canon.filter(F.col("_old") == 0).select("article_id"), "article_id", "left_semi")
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


def _write_run_json(out: Path, inputs: list[str], cfg: Config, result: RunResult, prev: Path | None) -> None:
    doc = {
        "storyline_version": __version__,
        "started": result.started,
        "inputs": [str(Path(p).resolve()) for p in inputs],
        "into": str(prev) if prev else None,
        "counts": result.counts,
        "rejects": result.rejects,
        "timings_s": result.timings,
        "config": cfg.to_dict(),
    }
    (out / "run.json").write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n", encoding="utf-8")

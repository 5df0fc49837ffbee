"""The clean stage: extraction and rule cleaning (Arrow batches), then corpus-learned boilerplate (built-in SQL).

Outputs: prepared records (articles and record-level rejects) and line-level removals, each with a reason.
"""

from __future__ import annotations

import logging

from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from storyline.config import CleanConfig, IngestConfig
from storyline.core.nlp.dates import MONTH_NAMES
from storyline.spark.prepared import preparer
from storyline.spark.stage import Context, Output
from storyline.spark import rejects as R
from storyline.spark.schemas import require_columns
from storyline.spark.session import checkpoint
from storyline.core.ingest.diagnose import KindCount, failure_lines
from storyline.spark.articles import finalize, reject_duplicate_ids

log = logging.getLogger(__name__)


def prepare(raw: DataFrame, cfg: IngestConfig) -> DataFrame:
    """Raw records -> prepared records with their rule removals (column ``removed``)."""
    require_columns(raw, ["source_path", "locator", "kind", "text", "html"], "clean")
    return raw.mapInPandas(*preparer(cfg))


def rule_removals(prepared: DataFrame) -> DataFrame:
    """Line-level removals made by the rules, as rejects rows (level ``line``)."""
    exploded = prepared.select("article_id", "source_path", "locator", F.explode("removed").alias("r"))
    return R.lines(exploded, F.col("r.reason"), F.col("r.text"))


# a line's shape: what a template keeps when its dates and numbers change ("A version of this article appeared on
# <month> <n>, <n>, on page <n>"); month names as the timeline reads them
_MONTH_NAMES = r"\b(?:" + "|".join(sorted(MONTH_NAMES, key=lambda m: (-len(m), m))) + r")\b"


def _line_key(col):
    folded = F.trim(F.regexp_replace(F.lower(col), r"[^\p{L}\p{N}]+", " "))
    shape = F.regexp_replace(F.regexp_replace(folded, r"\p{N}+", "0"), _MONTH_NAMES, "<m>")
    return F.xxhash64(shape)


OUTLET_MIN_DOCS = 2  # an outlet's articles, on as many topics, that a line of its template recurs in


def remove_boilerplate(articles: DataFrame, cfg: CleanConfig) -> tuple[DataFrame, DataFrame]:
    """Learn lines that recur across many unrelated articles, and remove them.

    Lines are counted by their shape: their words, with numbers and month names masked, so that a template whose
    date or page changes ("This article was first published on June 15, 2017") is one line. A line is boilerplate
    when it has at most ``boilerplate_max_words`` words and recurs in at least
    ``boilerplate_min_docs`` distinct articles *and* as many distinct topics (``topic_key``): a quote that every
    outlet carries within one story is not boilerplate. Within one outlet (``source``), a line is its page furniture
    when it recurs in ``OUTLET_MIN_DOCS`` of its articles on as many topics ("(Reporting by ...; editing by ...)",
    "For the latest stories download our apps"): an outlet's template repeats, its reports do not (two versions of
    one report share their topic). Returns (articles with cleaned text, removed lines).
    Everything is built-in Spark SQL: no Python runs here.
    """
    require_columns(articles, ["article_id", "text", "topic_key", "source"], "boilerplate")
    lines = articles.select(
        "article_id", "topic_key", "source", "source_path", "locator",
        F.posexplode(F.split("text", "\n")).alias("ln", "line"),
    )
    # only a short line can be boilerplate: a long one (a paragraph, most of the text) gets no key, and matches none
    n_words = F.size(F.split(F.trim("line"), r"\s+"))
    lines = lines.withColumn("key", F.when(n_words <= cfg.boilerplate_max_words, _line_key(F.col("line"))))
    short = lines.filter(F.col("key").isNotNull())
    boiler = (
        short.groupBy("key")
        .agg(F.countDistinct("article_id").alias("docs"), F.countDistinct("topic_key").alias("topics"))
        .filter((F.col("docs") >= cfg.boilerplate_min_docs) & (F.col("topics") >= cfg.boilerplate_min_docs))
        .select("key", F.lit(True).alias("everywhere"))
    )
    own = (
        short.filter(F.col("source").isNotNull() & (F.length(F.trim("line")) > 0))
        .groupBy("source", "key")
        .agg(F.countDistinct("article_id").alias("docs"), F.countDistinct("topic_key").alias("topics"))
        .filter((F.col("docs") >= OUTLET_MIN_DOCS) & (F.col("topics") >= OUTLET_MIN_DOCS))
        .select("source", "key", F.lit(True).alias("outlets"))
    )
    # checkpoint: the learned keys (a few hundred) come from aggregations over every line of every article, and
    # both the kept text and the removed lines read them; computed once, and safe from a lost executor.
    boiler, own = checkpoint(boiler), checkpoint(own)
    marked = (lines.join(boiler, "key", "left").join(own, ["source", "key"], "left")
              .withColumn("boiler", F.coalesce(F.col("everywhere"), F.col("outlets"), F.lit(False))))
    removed = R.lines(marked.filter("boiler"), "boilerplate", F.col("line"),
                      F.when(F.col("everywhere"), F.lit("recurs across unrelated articles"))
                      .otherwise(F.lit("recurs across its outlet's unrelated articles")))
    # only an article that lost a line is put together again; every other keeps its text as it came (split on
    # line breaks and joined with them, it would be the same string)
    touched = marked.filter("boiler").select("article_id").distinct()
    kept = (
        marked.join(touched, "article_id", "left_semi")
        .groupBy("article_id")
        .agg(F.array_sort(F.collect_list(F.when(~F.col("boiler"), F.struct("ln", "line")))).alias("ls"))
        .select("article_id", F.lit(True).alias("touched"),
                F.when(F.size("ls") > 0, F.array_join(F.transform("ls", lambda x: x["line"]), "\n")).alias("clean_text"))
    )
    # a merge join: both sides are already partitioned by article id, and the kept text of the articles that lost
    # a line may be too large to broadcast, though its size is hard for the planner to foresee from an aggregation
    out = (articles.join(kept.hint("shuffle_merge"), "article_id", "left")
           .withColumn("text", F.when(F.col("touched"), F.col("clean_text")).otherwise(F.col("text")))
           .drop("touched", "clean_text"))
    return out, removed


def warn_failures(prepared: DataFrame) -> int:
    """Name on the console a missing module, or a reason that refused every record of a kind, with the fix (the
    rejects table alone is easy to miss). One small aggregation over the written ``prepared`` table; returns the
    number of records read."""
    rows = prepared.groupBy("fmt", "kind", "reason").agg(F.count("*").alias("n"), F.min("detail").alias("detail"))
    counts = [KindCount(r["fmt"] or "", r["kind"], r["reason"], int(r["n"]), r["detail"]) for r in rows.collect()]
    for line in failure_lines(counts):
        log.warning("%s", line)
    return sum(c.n for c in counts)


def run(ctx: Context, t: dict) -> Output:
    prepared = t["prepared"]
    records_in = warn_failures(prepared)
    arts, dup_ids = reject_duplicate_ids(prepared.filter(F.col("kind") == "article").drop("removed"))
    arts, removed_boiler = remove_boilerplate(arts, ctx.cfg.clean)
    # the records the reader refused, the lines the rules removed, the repeated ids and the boilerplate lines
    rejects = (R.records(prepared).unionByName(rule_removals(prepared)).unionByName(R.records(dup_ids))
               .unionByName(removed_boiler))
    return Output(tables={"final": finalize(arts, ctx.cfg.clean.min_words, ctx.cfg.clean.max_words)},
                  rejects=rejects, figures={"records_in": records_in})

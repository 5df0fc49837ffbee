"""The stages of a storyline run. ``STAGES`` is the run's table of contents: progress lines, timings and resume
markers all come from it.

A stage (cf. pyspark.ml's ``transform``/``_transform`` and datatrove's pipeline steps) has a name, the tables it
reads, the tables it writes with their declared schemas, the config sections its result depends on, and ``run()``,
which returns its kept tables and its rejects. The runner (:mod:`storyline.pipeline`) checks the declared schemas,
writes every table once, and marks the stage done.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Union

from storyline.config import Config
from storyline.spark import schemas as SC

log = logging.getLogger(__name__)

# A table a stage returns: a DataFrame, or a function of the tables written so far (inputs and the ones this
# stage already wrote, read back from Parquet), so that nothing is computed twice.
Lazy = Union[Any, Callable[[dict], Any]]

KEEP = SC.column_names(SC.ARTICLES)


@dataclass(frozen=True)
class Table:
    name: str
    schema: str | None  # declared columns and types; None for a file or folder (stories.jsonl, report/)
    public: bool = True  # in the output folder; else a work table under ``_work/``, removed when the run ends


@dataclass
class Output:
    """What a stage's ``run()`` returns. ``tables`` given as DataFrames are written first, side by side; then,
    side by side, those given as functions of the written tables, ``rejects`` (shaped by
    :mod:`storyline.spark.rejects`, written once, as this stage's part of the ``rejects`` table) and ``files``.
    ``info`` holds small figures for ``run.json`` and survives a resume in the stage's marker."""

    tables: dict[str, Lazy] = field(default_factory=dict)
    rejects: Lazy = None
    files: dict[str, Callable[[Path, dict], None]] = field(default_factory=dict)
    info: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Stage:
    name: str
    does: str
    reads: tuple[str, ...]
    writes: tuple[Table, ...]
    config: tuple[str, ...]  # the config sections this stage's result depends on (part of its resume key)
    body: Callable[["Context", dict], Output]
    after: Callable[["Context", dict], None] | None = None  # a check on the written tables
    # the check reads only the tables of the first wave of writes (see pipeline._produce) and earlier stages'
    # rejects, so it runs beside the second wave instead of after it
    after_early: bool = False

    def run(self, ctx: "Context", tables: dict) -> Output:
        """Check the inputs against their declared schemas, then do the work (lazily: the runner writes)."""
        for name in self.reads:
            declared = DECLARED.get(name)
            if declared:
                SC.require_columns(tables[name], SC.column_names(declared), self.name)
        out = self.body(ctx, tables)
        undeclared = (set(out.tables) | set(out.files)) - {t.name for t in self.writes}
        if undeclared:
            raise SC.SchemaError(f"stage '{self.name}' returned undeclared tables {sorted(undeclared)}")
        return out


class Earlier:
    """The output of an earlier run that this one adds to (``--into``), which the stages consult. With no earlier
    output every method hands its input back, so the stages hold no ``--into`` branches."""

    def __init__(self, spark, path: Path | None) -> None:
        self.spark, self.path = spark, path

    def __bool__(self) -> bool:
        return self.path is not None

    def _read(self, name: str):
        return self.spark.read.parquet(str(self.path / name))

    def fingerprint(self) -> str:
        return (self.path / "run.json").read_text(encoding="utf-8") if self else ""

    def pool(self, new):
        """The articles to deduplicate: the earlier ones (``_old`` = 1, never folded away) and the new records
        the earlier output does not already hold."""
        from pyspark.sql import functions as F

        new = new.withColumn("_old", F.lit(0))
        if not self:
            return new
        old = self._read("articles").select(*KEEP)
        return old.withColumn("_old", F.lit(1)).unionByName(_unseen(new, old, self._read("duplicates")))

    def duplicates(self, dups):
        return self._read("duplicates").unionByName(dups, allowMissingColumns=True) if self else dups

    def rejects(self, rejects):
        return self._read("rejects").unionByName(rejects).dropDuplicates() if self else rejects

    def stories(self, assignment):
        """Earlier articles keep their stories; new ones join them (see ``attach_to_existing``)."""
        from storyline.spark.stories import attach_to_existing

        return attach_to_existing(assignment, self._read("story_articles")) if self else assignment

    def counts(self) -> dict:
        return json.loads((self.path / "run.json").read_text())["counts"] if self else {}


@dataclass
class Context:
    """What every stage may consult: the session, the config, the inputs, the folder being written, the earlier
    output, and the figures gathered so far (stage ``info`` and timings)."""

    spark: Any
    cfg: Config
    inputs: list[str]
    out: Path  # the staging folder; swapped into place when the run ends
    final_out: Path
    earlier: Earlier
    started: str
    info: dict = field(default_factory=dict)
    timings: dict = field(default_factory=dict)

    @property
    def work(self) -> Path:
        return self.out / "_work"

    def path(self, table: Table) -> Path:
        return (self.out if table.public else self.work) / table.name


# --------------------------------------------------------------------------------------------------- the stages

def _read(ctx: Context, t: dict) -> Output:
    from storyline.spark import clean as C
    from storyline.spark import rejects as R
    from storyline.spark.ingest import read_inputs

    # the records are prepared (extracted, rule-cleaned) by the same Python worker that read them
    prepared, n_tasks = read_inputs(ctx.spark, ctx.inputs, ctx.cfg.ingest, then=C.preparer(ctx.cfg.ingest))
    return Output(
        tables={"prepared": prepared},
        rejects=lambda w: R.records(w["prepared"]).unionByName(C.rule_removals(w["prepared"])),
        info={"read_tasks": n_tasks},
    )


def _warn_failures(ctx: Context, t: dict) -> None:
    """Name on the console a missing module, or a reason that refused every record of a kind, with the fix (the
    rejects table alone is easy to miss). One small aggregation over the written ``prepared`` table."""
    from pyspark.sql import functions as F

    from storyline.core.ingest.diagnose import KindCount, failure_lines

    rows = t["prepared"].groupBy("fmt", "kind", "reason").agg(F.count("*").alias("n"),
                                                             F.min("detail").alias("detail"))
    counts = [KindCount(r["fmt"] or "", r["kind"], r["reason"], int(r["n"]), r["detail"]) for r in rows.collect()]
    ctx.info["records_in"] = sum(c.n for c in counts)
    for line in failure_lines(counts):
        log.warning("%s", line)


def _clean(ctx: Context, t: dict) -> Output:
    from pyspark.sql import functions as F

    from storyline.spark import articles as A
    from storyline.spark import clean as C
    from storyline.spark import rejects as R

    arts, dup_ids = A.reject_duplicate_ids(t["prepared"].filter(F.col("kind") == "article").drop("removed"))
    arts, removed_boiler = C.remove_boilerplate(arts, ctx.cfg.clean)
    return Output(
        tables={"final": A.finalize(arts, ctx.cfg.clean.min_words, ctx.cfg.clean.max_words)},
        rejects=lambda w: R.records(dup_ids).unionByName(R.records(w["final"])).unionByName(removed_boiler),
    )


def _any_article(ctx: Context, t: dict) -> None:
    """A run whose input yields no article stops here, with its rejects written and one line saying why."""
    from pyspark.sql import functions as F

    if not ctx.earlier and t["final"].filter(F.col("kind") == "article").limit(1).count() == 0:
        from storyline.pipeline import no_articles

        no_articles(ctx)


def _dedup(ctx: Context, t: dict) -> Output:
    from pyspark.sql import functions as F

    from storyline.spark import articles as A

    pool = ctx.earlier.pool(public_articles(t["final"].filter(F.col("kind") == "article")))
    canon, exact = A.exact_duplicates(pool)
    canon, near = _near_duplicates(canon, ctx.cfg, only_new=bool(ctx.earlier))
    return Output(tables={
        "duplicates": ctx.earlier.duplicates(exact.unionByName(near)),
        "articles": canon.select(*KEEP),
        "sentences": lambda w: A.sentences_table(w["articles"]),
    })


def _stories(ctx: Context, t: dict) -> Output:
    from storyline.spark import stories as S

    return Output(tables={"story_articles": ctx.earlier.stories(S.assign_stories(t["articles"], ctx.cfg.stories))})


def _digest(ctx: Context, t: dict) -> Output:
    from storyline.core.story.summarize import SummaryConfig
    from storyline.spark import stories as S

    scfg = SummaryConfig(words=ctx.cfg.summary.words, focus=ctx.cfg.summary.focus or None)
    # the sentences meet their stories here and cross into Python once, grouped by story, for facts and summary alike
    sents = S.story_sentences(t["sentences"], t["articles"], t["story_articles"])
    facts = ctx.cfg.facts
    return Output(tables={"digests": S.digest_stories(sents, scfg, facts.spacy_model, facts.single_source_max,
                                                      facts.compare_sentences)})


def _write(ctx: Context, t: dict) -> Output:
    from storyline.spark import output as O
    from storyline.spark import stories as S

    stories = S.story_table(t["articles"], t["story_articles"], t["duplicates"], S.agree_entity_types(t["digests"]))
    rejects = ctx.spark.read.schema(SC.REJECTS).parquet(str(ctx.work / "rejects" / "*"))
    facts = {name: (lambda w, name=name: S.fact_table(w["stories"], name)) for name in SC.FACT_PARTS}
    return Output(
        tables={"stories": stories, **facts,
                "rejects": ctx.earlier.rejects(rejects)},
        files={"stories.jsonl": lambda path, w: O.write_jsonl(w["stories"], path, "story_id")},
    )


def _tally(ctx: Context, w: dict) -> None:
    """Counts and rejects by reason for run.json and the report, from the written tables (Parquet footers and one
    small aggregation)."""
    from storyline.spark.output import reject_counts

    rejects = reject_counts(ctx.spark, ctx.work / "rejects" / "*")
    c = _row_counts({name: w[name] for name in ("articles", "duplicates", "sentences", "stories")})
    c.update(records_in=ctx.info["records_in"], read_tasks=ctx.info["read_tasks"],
             rejects=sum(rejects.get("record", {}).values()), removed_lines=sum(rejects.get("line", {}).values()))
    before = ctx.earlier.counts()
    for name in ("articles", "duplicates", "stories"):
        c[f"{name}_added"] = c[name] - before.get(name, 0)
    # Records of this run that were already in the earlier output (same article id): neither new nor rejected.
    c["already_present"] = c["records_in"] - c["articles_added"] - c["duplicates_added"] - c["rejects"]
    ctx.info["counts"], ctx.info["rejects"] = c, rejects


def _row_counts(tables: dict) -> dict[str, int]:
    """Rows of each table, counted in one query (a count per table would be a query, and jobs, each)."""
    from functools import reduce

    from pyspark.sql import functions as F

    tagged = [df.select(F.lit(name).alias("table")) for name, df in tables.items()]
    got = {r["table"]: int(r["count"]) for r in reduce(lambda a, b: a.unionByName(b), tagged)
           .groupBy("table").count().collect()}
    return {name: got.get(name, 0) for name in tables}


def _report(ctx: Context, t: dict) -> Output:
    from storyline.report.render import write_report
    from storyline.spark.output import report_pages

    def render(path: Path, w: dict) -> None:
        pages = report_pages(t["stories"], ctx.cfg.report.max_stories)
        info = {"counts": ctx.info["counts"], "rejects": ctx.info["rejects"], "timings": ctx.timings}
        write_report(pages, info, path)

    return Output(files={"report": render})


STAGES: tuple[Stage, ...] = (
    Stage("read", "read the inputs and parse records", (), (Table("prepared", SC.PREPARED_TABLE, False),),
          ("ingest",), _read, after=_warn_failures, after_early=True),
    Stage("clean", "remove residue and boilerplate; refuse duplicate ids and short texts", ("prepared",),
          (Table("final", SC.ARTICLE_FINAL, False),), ("ingest", "clean"), _clean, after=_any_article),
    Stage("dedup", "fold exact and near duplicates; split sentences", ("final",),
          (Table("duplicates", SC.DUPLICATES), Table("articles", SC.ARTICLES), Table("sentences", SC.SENTENCES)),
          ("dedup",), _dedup),
    Stage("stories", "group articles into stories", ("articles",),
          (Table("story_articles", SC.STORY_ARTICLES),), ("stories",), _stories),
    Stage("digest", "entities, timeline, agreements and disputes; cited summaries and titles",
          ("sentences", "articles", "story_articles"), (Table("digests", SC.STORY_DIGEST, False),),
          ("facts", "summary"), _digest),
    Stage("write", "the stories table, fact tables, rejects and stories.jsonl",
          ("articles", "story_articles", "duplicates", "digests"),
          (Table("stories", SC.STORIES), *(Table(n, SC.FACT_TABLES[n]) for n in SC.FACT_PARTS),
           Table("rejects", SC.REJECTS), Table("stories.jsonl", None)), (), _write, after=_tally, after_early=True),
    Stage("report", "the HTML report", ("stories",), (Table("report", None),), ("report",), _report),
)

DECLARED = {t.name: t.schema for s in STAGES for t in s.writes}


# --------------------------------------------------------------------------------------------------- helpers

def public_articles(records):
    """Records in the shape of the public ``articles`` table: the input's ``source`` is the ``outlet``, and
    ``published`` (normalised by cleaning to UTC ISO 8601, or a bare day) is a timestamp."""
    from pyspark.sql import functions as F

    cols = {"outlet": F.col("source"), "published": F.expr("try_cast(published as timestamp)")}
    return records.select(*[cols.get(c, F.col(f"`{c}`")).alias(c) for c in KEEP])


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

    from storyline.spark.dedup import near_duplicates

    near = near_duplicates(
        canon.select("article_id", "text", "published", F.col("outlet").alias("source")),
        threshold=cfg.dedup.threshold, num_perm=cfg.dedup.num_perm, shingle=cfg.dedup.shingle,
    ).select("article_id", "canonical_id", F.col("similarity").cast("double"), F.lit("minhash").alias("method"))
    near = near.join(canon.select("article_id", "content_hash"), "article_id")
    if only_new:
        near = near.join(canon.filter(F.col("_old") == 0).select("article_id"), "article_id", "left_semi")
    return canon.join(near.select("article_id"), "article_id", "left_anti"), near

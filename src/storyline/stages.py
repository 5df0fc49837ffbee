"""The stages of a storyline run, in order. ``STAGES`` is the run's table of contents: progress lines, timings
and resume markers all come from it. What a stage is: :mod:`storyline.stage`; the runner: :mod:`storyline.pipeline`.
"""

from __future__ import annotations

import logging
from pathlib import Path

from storyline.spark import schemas as SC
from storyline.stage import Context, EmptyRun, Output, Stage, Table

log = logging.getLogger(__name__)


def _read(ctx: Context, t: dict) -> Output:
    from storyline.spark import clean as C
    from storyline.spark import rejects as R
    from storyline.spark.ingest import read_inputs

    # the records are prepared (extracted, rule-cleaned) by the same Python worker that read them
    prepared, ctx.figures.read_tasks = read_inputs(ctx.spark, ctx.inputs, ctx.cfg.ingest,
                                                   then=C.preparer(ctx.cfg.ingest))
    return Output(tables={"prepared": prepared},
                  rejects=lambda w: R.records(w["prepared"]).unionByName(C.rule_removals(w["prepared"])))


def _warn_failures(ctx: Context, t: dict) -> None:
    """Name on the console a missing module, or a reason that refused every record of a kind, with the fix (the
    rejects table alone is easy to miss). One small aggregation over the written ``prepared`` table."""
    from pyspark.sql import functions as F

    from storyline.core.ingest.diagnose import KindCount, failure_lines

    rows = t["prepared"].groupBy("fmt", "kind", "reason").agg(F.count("*").alias("n"),
                                                             F.min("detail").alias("detail"))
    counts = [KindCount(r["fmt"] or "", r["kind"], r["reason"], int(r["n"]), r["detail"]) for r in rows.collect()]
    ctx.figures.records_in = sum(c.n for c in counts)
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
    """A run whose input yields no article stops here; the runner writes its rejects and says why."""
    from pyspark.sql import functions as F

    if not ctx.earlier and t["final"].filter(F.col("kind") == "article").limit(1).count() == 0:
        raise EmptyRun()


def _dedup(ctx: Context, t: dict) -> Output:
    from pyspark.sql import functions as F

    from storyline.spark import articles as A
    from storyline.spark.dedup import exact_duplicates, fold_near_duplicates

    pool = ctx.earlier.pool(A.public_articles(t["final"].filter(F.col("kind") == "article")))
    canon, exact = exact_duplicates(pool)
    d = ctx.cfg.dedup
    canon, near = fold_near_duplicates(canon, d.threshold, d.num_perm, d.shingle, only_new=bool(ctx.earlier))
    return Output(tables={
        "duplicates": ctx.earlier.duplicates(exact.unionByName(near)),
        "articles": canon.select(*SC.column_names(SC.ARTICLES)),
        # the earlier articles' sentences are the earlier output's; only the new articles are split
        "sentences": lambda w: ctx.earlier.sentences(A.sentences_table(ctx.earlier.new_articles(w["articles"]))),
    })


def _terms(ctx: Context, t: dict) -> Output:
    from storyline.spark.cluster import raw_terms

    if ctx.cfg.stories.group_by:  # stories come from an input field: nothing to cluster
        return Output(tables={"terms": ctx.spark.createDataFrame([], SC.TERMS)})
    return Output(tables={"terms": ctx.earlier.terms(t["articles"], raw_terms)})


def _stories(ctx: Context, t: dict) -> Output:
    from storyline.spark import stories as S

    def named(w: dict, part: int):  # stories named as the earlier output named them (both from the written grouping)
        return S.inherit_ids(w["grouping"], ctx.earlier.story_articles())[part]

    # the earlier stories out of the new articles' reach are kept as they were, if grouped the way this run groups
    kept = ctx.earlier.story_articles() if ctx.earlier.same_settings(ctx.cfg, ("stories",)) else None
    grouping = S.assign_stories(t["articles"], ctx.cfg.stories, t["terms"], kept)
    return Output(tables={"grouping": grouping,
                          "story_articles": lambda w: named(w, 0), "lineage": lambda w: named(w, 1)})


def _digest(ctx: Context, t: dict) -> Output:
    from storyline.core.story.features import SummaryConfig
    from storyline.spark import stories as S
    from storyline.spark.changes import unchanged_digests

    scfg = SummaryConfig(words=ctx.cfg.summary.words, focus=ctx.cfg.summary.focus or None,
                         embedding=ctx.cfg.facts.embedding)
    # a story told before with the same articles and settings keeps its digest: only the changed ones are told anew
    kept, todo = unchanged_digests(t["story_articles"], ctx.earlier.story_articles(),
                                   ctx.earlier.stories() if ctx.earlier.same_settings(ctx.cfg) else None)
    # the sentences meet their stories here and cross into Python once, grouped by story, for facts and summary alike
    sents = S.story_sentences(t["sentences"], t["articles"], todo)
    facts = ctx.cfg.facts
    done = ctx.progress.counter("stories") if ctx.progress is not None else None
    told = S.digest_stories(sents, scfg, facts.spacy_model, facts.single_source_max, facts.compare_sentences,
                            facts.embedding, done)
    return Output(tables={"digests": told if kept is None else told.unionByName(kept)})


def _write(ctx: Context, t: dict) -> Output:
    from storyline.spark import output as O
    from storyline.spark import stories as S
    from storyline.spark.changes import with_changes

    stories = with_changes(
        S.story_table(t["articles"], t["story_articles"], t["duplicates"], S.agree_entity_types(t["digests"])),
        t["lineage"], ctx.earlier.stories(), ctx.earlier.started(), ctx.started)
    rejects = ctx.spark.read.schema(SC.REJECTS).parquet(str(ctx.work / "rejects" / "*"))
    facts = {name: (lambda w, name=name: S.fact_table(w["stories"], name)) for name in SC.FACT_PARTS}
    return Output(
        tables={"stories": stories, **facts, "rejects": ctx.earlier.rejects(rejects)},
        files={"stories.jsonl": lambda path, w: O.write_jsonl(w["stories"], path, "story_id")},
    )


def _tally(ctx: Context, w: dict) -> None:
    """Counts and rejects by reason for run.json and the report, from the written tables (Parquet footers and one
    small aggregation)."""
    from storyline.spark.output import reject_counts, row_counts

    f = ctx.figures
    f.rejects = reject_counts(ctx.spark, ctx.work / "rejects" / "*")
    c = row_counts({name: w[name] for name in ("articles", "duplicates", "sentences", "stories")})
    c.update(records_in=f.records_in, read_tasks=f.read_tasks, rejects=sum(f.rejects.get("record", {}).values()),
             removed_lines=sum(f.rejects.get("line", {}).values()))
    before = ctx.earlier.counts()
    for name in ("articles", "duplicates", "stories"):
        c[f"{name}_added"] = c[name] - before.get(name, 0)
    # Records of this run that were already in the earlier output (same article id): neither new nor rejected.
    c["already_present"] = c["records_in"] - c["articles_added"] - c["duplicates_added"] - c["rejects"]
    f.counts = c


def _report(ctx: Context, t: dict) -> Output:
    from storyline.report.render import write_report
    from storyline.spark.output import report_pages

    def render(path: Path, w: dict) -> None:
        pages = report_pages(t["stories"], ctx.cfg.report.max_stories)
        info = {"counts": ctx.figures.counts, "rejects": ctx.figures.rejects, "timings": ctx.timings,
                "started": ctx.started}
        write_report(pages, info, path)

    return Output(files={"report": render})


STAGES: tuple[Stage, ...] = (
    Stage(name="read", does="read the inputs and parse records", reads=(),
          writes=(Table("prepared", SC.PREPARED_TABLE, public=False),), config=("ingest",),
          body=_read, after=_warn_failures, after_early=True),
    Stage(name="clean", does="remove residue and boilerplate; refuse duplicate ids, short and overlong texts",
          reads=("prepared",), writes=(Table("final", SC.ARTICLE_FINAL, public=False),),
          config=("ingest", "clean"), body=_clean, after=_any_article),
    Stage(name="dedup", does="fold exact and near duplicates; split sentences", reads=("final",),
          writes=(Table("duplicates", SC.DUPLICATES), Table("articles", SC.ARTICLES),
                  Table("sentences", SC.SENTENCES)),
          config=("dedup",), body=_dedup),
    Stage(name="terms", does="the terms stories are found by (a later --into run reads them again)",
          reads=("articles",), writes=(Table("terms", SC.TERMS),), config=("stories",), body=_terms),
    Stage(name="stories", does="group articles into stories", reads=("articles", "terms"),
          writes=(Table("grouping", SC.GROUPING, public=False), Table("story_articles", SC.STORY_ARTICLES),
                  Table("lineage", SC.LINEAGE, public=False)), config=("stories",), body=_stories),
    Stage(name="digest", does="entities, timeline, agreements and disputes; cited summaries and titles",
          reads=("sentences", "articles", "story_articles"),
          writes=(Table("digests", SC.STORY_DIGEST, public=False),), config=("facts", "summary"), body=_digest),
    Stage(name="write", does="the stories table, fact tables, rejects and stories.jsonl",
          reads=("articles", "story_articles", "lineage", "duplicates", "digests"),
          writes=(Table("stories", SC.STORIES), *(Table(n, SC.FACT_TABLES[n]) for n in SC.FACT_PARTS),
                  Table("rejects", SC.REJECTS), Table("stories.jsonl", None)),
          config=(), body=_write, after=_tally, after_early=True),
    Stage(name="report", does="the HTML report", reads=("stories",), writes=(Table("report", None),),
          config=("report",), body=_report),
)

DECLARED = {t.name: t.schema for s in STAGES for t in s.writes}

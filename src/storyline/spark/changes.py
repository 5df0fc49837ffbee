"""What changed since the run a ``--into`` run adds to, on Spark: which stories need telling anew
(:func:`unchanged_digests`), and each story's ``changes`` (:func:`with_changes`), computed per story by
:func:`storyline.core.story.changes.story_changes`.
"""

from __future__ import annotations

from dataclasses import replace

from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from storyline.spark.mapping import cell, map_records
from storyline.spark.schemas import CHANGES, STORY_DIGEST, column_names
from storyline.core.story.changes import UNCHANGED, StoryView, story_changes
from storyline.core.story.model import Changes


def unchanged_digests(assignment: DataFrame, previous: DataFrame | None, earlier: DataFrame | None
                      ) -> tuple[DataFrame | None, DataFrame]:
    """``(kept, todo)``: the digests of the stories that the earlier output told with exactly the same articles
    under the same id (from its ``stories`` table, ``earlier``; None when its settings differ), and the assignment
    of every other story's articles, which are digested anew."""
    if previous is None or earlier is None:
        return None, assignment
    members = lambda df: df.groupBy("story_id").agg(F.array_sort(F.collect_list("article_id")).alias("ids"))
    same = (members(assignment).join(members(previous).withColumnRenamed("ids", "old_ids"), "story_id")
            .where(F.col("ids") == F.col("old_ids")).select("story_id"))
    digest_cols = [c for c in column_names(STORY_DIGEST) if c != "story_id"]
    kept = earlier.join(same, "story_id", "left_semi").select("story_id", *digest_cols)
    return kept, assignment.join(same, "story_id", "left_anti")


_CHANGE_INPUT = ("story_id", "article_ids", "outlets", "title", "entities", "timeline", "summary", "disputed",
                 "corroborated", "articles")


def _plain(value):
    """A cell of a nested Arrow column, as plain Python lists and dicts."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if hasattr(value, "tolist") and not isinstance(value, (str, bytes)):
        return _plain(value.tolist())
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return cell(value)


def _changed(since: str | None, run_started: str | None = None):
    """One story's ``changes`` against how the earlier output told it."""
    def one(row: dict) -> dict:
        if row["same"]:  # told as before, from the same articles: nothing to compare
            return {"story_id": row["story_id"],
                    "changes": Changes(UNCHANGED, since, row["told_updated"]).to_row()}
        now = StoryView.from_row({k: _plain(row[k]) for k in _CHANGE_INPUT})
        before = _plain(row["before"])
        c = story_changes(now, None if before is None else StoryView.from_row(before), since, run_started)
        c = replace(c, merged_from=_plain(row["merged_from"]) or [], split_from=_plain(row["split_from"]) or [])
        return {"story_id": row["story_id"], "changes": c.to_row()}

    return one


def _change_view(df: DataFrame) -> list:
    """What :func:`~storyline.core.story.changes.story_changes` reads of a story, as plain Spark types (no
    timestamps inside arrays: the times go as ISO strings)."""
    return [
        F.col("article_ids"), F.col("outlets"), F.col("title"),
        F.transform("entities", lambda e: F.struct(e["name"].alias("name"))).alias("entities"),
        F.transform("timeline", lambda r: F.struct(r["date"].alias("date"), r["text"].alias("text"))).alias("timeline"),
        F.transform("summary", lambda x: F.struct(x["text"].alias("text"), x["article_ids"].alias("article_ids")))
        .alias("summary"),
        F.transform("disputed", lambda d: F.struct(
            d["subject"].alias("subject"), d["frame"].alias("frame"),
            F.transform(d["sides"], lambda sd: F.struct(sd["claim"].alias("claim"))).alias("sides"))).alias("disputed"),
        F.transform("corroborated", lambda c: F.struct(c["text"].alias("text"), c["outlets"].alias("outlets")))
        .alias("corroborated"),
        F.transform("articles", lambda a: F.struct(
            a["article_id"].alias("article_id"), a["outlet"].alias("outlet"),
            F.date_format(a["published"], "yyyy-MM-dd'T'HH:mm:ss'Z'").alias("published"))).alias("articles"),
    ]


def with_changes(stories: DataFrame, lineage: DataFrame, earlier: DataFrame | None, since: str | None,
                 run_started: str | None = None) -> DataFrame:
    """The ``stories`` table with each story's ``changes`` (:func:`storyline.core.story.changes.story_changes`)
    against the earlier output's telling of the story it continues (``lineage.before``); without an earlier output
    every story is new. ``since`` is the earlier run's start; ``run_started`` this run's, the time of a change
    no new article dates."""
    now = stories.select("story_id", *_change_view(stories))
    if earlier is not None:
        told_changes = F.col("changes") if "changes" in earlier.columns else F.lit(None).cast(CHANGES)
        old = earlier.select(F.col("story_id").alias("before"), F.struct(
            *_change_view(earlier), told_changes.alias("changes")).alias("told"))
        joined = now.join(lineage, "story_id", "left").join(old, "before", "left")
        # a story the earlier output told in the same words, from the same articles, under the same id, is
        # unchanged and keeps its time: its rows cross into Python as nulls, not as two tellings to compare
        same = F.coalesce(
            (F.col("before") == F.col("story_id")) & F.col("told.changes.updated").isNotNull()
            & (F.size("merged_from") == 0) & (F.size("split_from") == 0)
            & (F.col("article_ids") == F.col("told.article_ids")) & (F.col("outlets") == F.col("told.outlets"))
            & (F.col("summary") == F.col("told.summary")) & (F.col("disputed") == F.col("told.disputed"))
            & F.col("title").eqNullSafe(F.col("told.title")) & (F.col("entities") == F.col("told.entities"))
            & (F.col("timeline") == F.col("told.timeline"))
            & (F.col("corroborated") == F.col("told.corroborated")), F.lit(False))
        heavy = lambda c: F.when(~F.col("same"), F.col(c)).alias(c)
        rows = (joined.withColumn("same", same)
                .select("story_id", *[heavy(c) for c in _CHANGE_INPUT if c != "story_id"],
                        heavy("told").alias("before"), "merged_from", "split_from", "same",
                        F.when(F.col("same"), F.col("told.changes.updated")).alias("told_updated")))
    else:  # a typed null: an untyped one crashes Arrow's conversion in the worker
        told = now.select(F.struct(*[F.col(c) for c in _CHANGE_INPUT if c != "story_id"],
                                   F.lit(None).cast(CHANGES).alias("changes"))).schema[0].dataType
        rows = now.select(*_CHANGE_INPUT, F.lit(None).cast(told).alias("before"),
                          F.array().cast("array<string>").alias("merged_from"),
                          F.array().cast("array<string>").alias("split_from"), F.lit(False).alias("same"),
                          F.lit(None).cast("string").alias("told_updated"))
    changes = rows.mapInPandas(map_records(_changed(since, run_started), ["story_id", "changes"]),
                               f"story_id string, changes {CHANGES}")
    return stories.join(changes, "story_id", "left")

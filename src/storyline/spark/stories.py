"""The stories stage: the canonical articles grouped into stories, by clustering (:mod:`storyline.spark.cluster`)
or by an input field; the ids are settled in :mod:`storyline.spark.story_ids`."""

from __future__ import annotations

import logging

from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from storyline.config import StoriesConfig
from storyline.spark.ids import story_id_column
from storyline.spark.stage import Context, Output
from storyline.spark.schemas import require_columns
from storyline.spark.cluster import cluster_stories
from storyline.spark.articles import published_ts


log = logging.getLogger(__name__)


def assign_stories(articles: DataFrame, cfg: StoriesConfig, terms: DataFrame | None = None,
                   previous: DataFrame | None = None) -> DataFrame:
    """``article_id, story_id`` for every canonical article: a story is named by its input group, by its earliest
    report (earliest published, then smallest id; ``seed:`` keys) or, kept whole from the earlier output, by its
    earlier id (``kept:`` keys).

    With ``group_by`` the named input field decides (articles without a value form one-article stories);
    otherwise articles are clustered by content and time, from their ``terms`` (:func:`~storyline.spark.cluster.
    raw_terms`; None: read from the texts). ``previous``: the earlier output's ``story_articles`` (``--into``).
    Its stories that no new article can reach (:func:`settled`) are kept as they were (under ``kept:`` keys, which
    :func:`inherit_ids` turns back into their ids); only the others are clustered again, with the new articles.
    """
    require_columns(articles, ["article_id", "text", "title", "published", "outlet"], "stories")
    if cfg.group_by:
        col = cfg.group_by
        if col not in articles.columns:
            raise ValueError(f"stories.group_by names '{col}', which is not an article field; use 'group' or "
                             f"map an input field to it under [ingest.fields]")
        key = F.coalesce(F.concat(F.lit("group:"), F.col(f"`{col}`")), F.concat(F.lit("article:"), "article_id"))
        return articles.select("article_id", story_id_column(key).alias("story_id"))

    kept = settled(articles, previous, cfg.window_days) if previous is not None else None
    active = None if kept is None else articles.select("article_id").join(kept, "article_id", "left_anti")
    clustered = cluster_stories(
        articles.select("article_id", "title", "text", "published", F.col("outlet").alias("source")),
        threshold=cfg.threshold,
        window_days=cfg.window_days,
        lone_margin=cfg.lone_margin or None,
        terms=terms,
        only=active,
    )
    grouping = clustered.select("article_id", story_id_column(F.concat(F.lit("seed:"), "story_key")).alias("story_id"))
    if kept is None:
        return grouping
    return grouping.unionByName(kept.select("article_id", story_id_column(F.concat(F.lit("kept:"), "story_id"))
                                            .alias("story_id")))


def settled(articles: DataFrame, previous: DataFrame, window_days: float | None) -> DataFrame | None:
    """``article_id, story_id`` of the earlier stories (``previous``: the earlier output's ``story_articles``) that
    no new article of ``articles`` can join: every article of the story is dated, and more than ``window_days``
    from every new article's day, so no pair of the clustering can link them. None when every earlier story is
    within reach (an undated new article, or no window). A nightly run thus clusters the last days again, not the
    archive. One small query over the new articles' days."""
    if window_days is None:
        return None

    day = F.datediff(F.to_date(published_ts()), F.lit("1970-01-01").cast("date"))
    dated = articles.select("article_id", day.alias("day"))
    new = dated.join(previous.select("article_id"), "article_id", "left_anti")
    row = new.agg(F.min("day").alias("first"), F.max("day").alias("last"),
                  F.count(F.when(F.col("day").isNull(), 1)).alias("undated"), F.count("*").alias("n")).first()
    if row["undated"]:
        return None
    old = previous.select("article_id", "story_id").join(dated, "article_id")
    if row["n"]:
        near = (F.col("day").isNull() | ((F.col("day") >= int(row["first"]) - window_days)
                                         & (F.col("day") <= int(row["last"]) + window_days)))
    else:
        near = F.lit(False)
    reached = old.where(near).select("story_id").distinct()
    return old.join(reached, "story_id", "left_anti").select("article_id", "story_id")


def run(ctx: Context, t: dict) -> Output:
    # the earlier stories out of the new articles' reach are kept as they were, if grouped the way this run groups
    kept = ctx.earlier.story_articles() if ctx.earlier.same_settings(ctx.cfg, ("stories",)) else None
    return Output(tables={"grouping": assign_stories(t["articles"], ctx.cfg.stories, t["terms"], kept)})

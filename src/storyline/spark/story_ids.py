"""The story-ids stage: this run's stories named as the earlier output named them (``--into``), so that an id
lasts across runs, with each story's lineage."""

from __future__ import annotations

from pyspark.sql import DataFrame, Window
from pyspark.sql import functions as F

from storyline.spark.stage import Context, Output
from storyline.spark.ids import story_id_column


def inherit_ids(stories: DataFrame, previous: DataFrame | None) -> tuple[DataFrame, DataFrame]:
    """Story ids that last across runs: ``(article_id, story_id)`` and each story's lineage (``LINEAGE``: the
    earlier story it continues, ``before``, and the earlier stories it absorbed or broke away from).

    ``stories`` is this run's grouping (``GROUPING``: :func:`assign_stories`, over the earlier articles and the
    new ones, each story named from its content); ``previous`` the earlier output's ``story_articles`` (None: no
    earlier output, and this run's names stand). An earlier story's *home* is the story of this run that holds
    most of its articles (ties: the smaller id).

    - A story that is the home of earlier stories takes the id of the one with most of its articles there (ties:
      the smaller id) and lists the others in ``merged_from``. It never takes a new article's id: a story keeps
      its id however its new reports are dated.
    - A story that holds earlier articles but is nobody's home (a piece that broke away) is named from the
      earlier story it holds most of and its first earlier article; those earlier stories are its ``split_from``.
    - A story of new articles only is named by its content, as a run from scratch names it.
    """
    no_ids = F.array().cast("array<string>")
    if previous is None:
        return (stories.select("article_id", "story_id"),
                stories.select("story_id").distinct().select(
                    "story_id", F.lit(None).cast("string").alias("before"), no_ids.alias("merged_from"),
                    no_ids.alias("split_from")))
    old = previous.select("article_id", F.col("story_id").alias("old"))
    joined = stories.join(old, "article_id", "left")
    shares = (joined.where(F.col("old").isNotNull()).groupBy(F.col("story_id").alias("cluster"), "old")
              .agg(F.count(F.lit(1)).alias("n"), F.min("article_id").alias("first_old")))
    home = (shares.withColumn("r", F.row_number().over(
        Window.partitionBy("old").orderBy(F.col("n").desc(), F.col("cluster")))).where("r = 1")
        .select("old", F.col("cluster").alias("home")))
    placed = shares.join(home, "old").withColumn("is_home", F.col("cluster") == F.col("home"))
    # per story of this run: the earlier story it holds most of, among those it is the home of, else among all
    best = Window.partitionBy("cluster").orderBy(F.col("is_home").desc(), F.col("n").desc(), F.col("old"))
    lead = (placed.withColumn("r", F.row_number().over(best)).where("r = 1")
            .select("cluster", F.col("old").alias("kept"), "is_home", "first_old"))
    lists = placed.groupBy("cluster").agg(
        F.array_sort(F.collect_list(F.when(F.col("is_home"), F.col("old")))).alias("homed"),
        F.array_sort(F.collect_list(F.when(~F.col("is_home"), F.col("old")))).alias("split_from"))
    clusters = stories.select(F.col("story_id").alias("cluster")).distinct()
    named = clusters.join(lead, "cluster", "left").join(lists, "cluster", "left")
    story_id = (F.when(F.col("is_home"), F.col("kept"))
                .when(F.col("kept").isNotNull(),
                      story_id_column(F.concat_ws(":", F.lit("split"), F.col("kept"), F.col("first_old"))))
                .otherwise(F.col("cluster")))
    lineage = named.select(
        "cluster", story_id.alias("story_id"),
        F.when(F.col("is_home"), F.col("kept")).alias("before"),
        F.array_sort(F.filter(F.coalesce("homed", no_ids), lambda x: x != F.col("kept"))).alias("merged_from"),
        F.coalesce("split_from", no_ids).alias("split_from"))
    ids = stories.join(lineage.select("cluster", F.col("story_id").alias("final")),
                       stories["story_id"] == F.col("cluster")).select("article_id", F.col("final").alias("story_id"))
    return ids, lineage.drop("cluster")


def run(ctx: Context, t: dict) -> Output:
    story_articles, lineage = inherit_ids(t["grouping"], ctx.earlier.story_articles())
    return Output(tables={"story_articles": story_articles, "lineage": lineage})

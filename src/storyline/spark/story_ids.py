"""The story-ids stage: this run's stories named as the earlier output named them (``--into``), so that an id
lasts across runs, with each story's lineage."""

from __future__ import annotations

from pyspark.sql import DataFrame, Window
from pyspark.sql import functions as F

from storyline.run.stage import Context, Output
from storyline.spark.stories import story_id_column


def inherit_ids(stories: DataFrame, previous: DataFrame | None) -> tuple[DataFrame, DataFrame]:
    """Story ids that last across runs: ``(article_id, story_id)`` and each story's lineage (``LINEAGE``: the
    earlier story it continues, ``before``, and the earlier stories it absorbed or broke away from).

    ``stories`` is this run's grouping (``GROUPING``: :func:`assign_stories`, over the earlier
    articles and the new ones); ``previous`` the earlier output's ``story_articles`` (None: no earlier output).
    An earlier story's *home* is the story of this run that holds most of its articles (ties: the smaller id).

    - A story that is the home of one earlier story keeps that story's id, unless a report earlier than all of
      the earlier story's arrived (then it is named by that report, as it would have been had the reports come in
      order, and the old id is in ``merged_from``): a story that gains the day's articles keeps its id, and the
      ids do not depend on the order in which days are added.
    - A story that is the home of several keeps the id of the one with most earlier articles, and lists the
      others in ``merged_from``.
    - A story that is nobody's home is named by its own first report; the earlier stories it holds articles of are
      its ``split_from``.
    """
    if previous is None:
        return (stories.select("article_id", "story_id"),
                stories.select("story_id").distinct().select(
                    "story_id", F.lit(None).cast("string").alias("before"),
                    F.array().cast("array<string>").alias("merged_from"),
                    F.array().cast("array<string>").alias("split_from")))
    old = previous.select("article_id", F.col("story_id").alias("old"))
    joined = stories.join(old, "article_id", "left")
    shares = (joined.where(F.col("old").isNotNull()).groupBy(F.col("story_id").alias("cluster"), "old")
              .agg(F.count(F.lit(1)).alias("n")))
    home = (shares.withColumn("r", F.row_number().over(
        Window.partitionBy("old").orderBy(F.col("n").desc(), F.col("cluster")))).where("r = 1")
        .select("old", F.col("cluster").alias("home")))
    placed = shares.join(home, "old")
    homed = (placed.where(F.col("cluster") == F.col("home"))
             .groupBy("cluster").agg(F.array_sort(F.collect_list("old")).alias("homed")))
    # the one with most earlier articles; ties go to the smaller old id
    keeper = (placed.where(F.col("cluster") == F.col("home"))
              .withColumn("r", F.row_number().over(
                  Window.partitionBy("cluster").orderBy(F.col("n").desc(), F.col("old")))).where("r = 1")
              .select("cluster", F.col("old").alias("kept")))
    split = (placed.where(F.col("cluster") != F.col("home")).groupBy("cluster")
             .agg(F.array_sort(F.collect_list("old")).alias("split_from")))
    seed_old = (joined.where(F.col("article_id") == F.col("seed"))
                .select(F.col("story_id").alias("cluster"), F.col("old").isNotNull().alias("seed_is_old")))
    clusters = stories.select(F.col("story_id").alias("cluster")).distinct()
    named = (clusters.join(homed.select("cluster", "homed"), "cluster", "left").join(keeper, "cluster", "left")
             .join(split, "cluster", "left").join(seed_old, "cluster", "left"))
    k = F.coalesce(F.size("homed"), F.lit(0))
    keeps = (k >= 2) | ((k == 1) & F.coalesce(F.col("seed_is_old"), F.lit(True)))
    named = named.withColumn("story_id", F.when(keeps & (k > 0), F.col("kept")).otherwise(F.col("cluster")))
    # a story named by its first report may take the id another story keeps (a piece split off with the old
    # story's first report): it is then named apart
    taken = named.where(keeps & (k > 0)).select(F.col("story_id").alias("taken_id"))
    clash = named.join(taken, named["story_id"] == taken["taken_id"], "left").withColumn(
        "story_id", F.when(~(keeps & (k > 0)) & F.col("taken_id").isNotNull(),
                           story_id_column(F.concat(F.lit("split:"), F.col("cluster")))).otherwise(F.col("story_id")))
    lineage = clash.select(
        "cluster", "story_id",
        F.when(k > 0, F.col("kept")).alias("before"),
        F.array_sort(F.filter(F.coalesce("homed", F.array().cast("array<string>")),
                              lambda x: x != F.col("story_id"))).alias("merged_from"),
        F.coalesce("split_from", F.array().cast("array<string>")).alias("split_from"))
    ids = stories.join(lineage.select("cluster", F.col("story_id").alias("final")),
                       stories["story_id"] == F.col("cluster")).select("article_id", F.col("final").alias("story_id"))
    return ids, lineage.drop("cluster")


def run(ctx: Context, t: dict) -> Output:
    story_articles, lineage = inherit_ids(t["grouping"], ctx.earlier.story_articles())
    return Output(tables={"story_articles": story_articles, "lineage": lineage})

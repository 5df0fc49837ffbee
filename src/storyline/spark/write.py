"""The write stage: the stories table (articles, entities agreed across the run, digest and what changed since
the earlier output) and the ``rejects`` table (every stage's rejects, and the earlier output's)."""

from __future__ import annotations

from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from storyline.spark.stage import Context, Output, this_runs_rejects
from storyline.spark.changes import with_changes
from storyline.spark.schemas import FACT_PARTS


def agree_entity_types(digests: DataFrame) -> DataFrame:
    """One name, one type in a run: each entity name takes the type that most of its mentions carry across every
    story (ties: the greater type name, the same on every run and cluster), so a town is not a person in one story
    and a place in the next. Built-in Spark SQL: the entities are exploded, joined to the vote and gathered back in
    their order."""
    ents = digests.select("story_id", F.posexplode("entities").alias("pos", "e"))
    votes = ents.groupBy(F.col("e.name").alias("name"), F.col("e.type").alias("type")).agg(
        F.sum("e.mentions").alias("n"))
    best = votes.groupBy("name").agg(F.max(F.struct("n", "type")).alias("m")).select(
        F.col("name").alias("vote_name"), F.col("m.type").alias("run_type"))
    fields = [f.name for f in digests.schema["entities"].dataType.elementType.fields]
    entity = F.struct(*[(F.coalesce("run_type", "e.type") if f == "type" else F.col(f"e.{f}")).alias(f)
                        for f in fields])
    agreed = (
        ents.join(best, F.col("e.name") == F.col("vote_name"), "left")
        .groupBy("story_id")
        .agg(F.array_sort(F.collect_list(F.struct("pos", entity.alias("entity")))).alias("es"))
        .select(F.col("story_id").alias("sid"), F.transform("es", lambda x: x["entity"]).alias("agreed"))
    )
    cols = [F.coalesce("agreed", F.col("entities")).alias("entities") if c == "entities" else F.col(c)
            for c in digests.columns]
    return digests.join(agreed, digests["story_id"] == agreed["sid"], "left").select(*cols)


def story_table(articles: DataFrame, assignment: DataFrame, duplicates: DataFrame, digests: DataFrame) -> DataFrame:
    """The ``stories`` table: membership, outlets, dates, duplicates, summary and facts, one row per story."""
    a = articles.join(assignment, "article_id")
    brief = F.struct("article_id", "title", "outlet", "url", "published", "n_words")
    meta = a.groupBy("story_id").agg(
        F.size(F.collect_set("outlet")).alias("n_outlets"),
        F.array_sort(F.collect_list("article_id")).alias("article_ids"),
        F.count("*").cast("int").alias("n_articles"),
        F.array_sort(F.collect_set("outlet")).alias("outlets"),
        F.min("published").alias("first_published"),
        F.max("published").alias("last_published"),
        F.min("group").alias("group"),  # an ordered choice: the same on every run and cluster
        F.min(F.when(F.col("reference").isNotNull(), F.col("reference"))).alias("reference"),
        F.array_sort(F.collect_list(brief)).alias("articles"),
    )
    dups = (
        duplicates.join(assignment.withColumnRenamed("article_id", "canonical_id"), "canonical_id")
        .groupBy("story_id")
        .agg(F.array_sort(F.collect_list(F.struct("article_id", "canonical_id", "similarity", "method")))
             .alias("duplicates"))
    )
    return (
        meta.join(digests, "story_id", "left")
        .join(dups, "story_id", "left")
        .select(
            "story_id", "title", "group", "n_articles", "n_outlets", "outlets", "first_published", "last_published",
            "article_ids", "summary", "articles",
            F.coalesce("duplicates", F.array().cast(
                "array<struct<article_id:string,canonical_id:string,similarity:double,method:string>>"
            )).alias("duplicates"),
            "reference",
            *[F.coalesce(part, F.array()).alias(part) for part in FACT_PARTS],
        )
    )


def run(ctx: Context, t: dict) -> Output:
    stories = with_changes(
        story_table(t["articles"], t["story_articles"], t["duplicates"], agree_entity_types(t["digests"])),
        t["lineage"], ctx.earlier.stories(), ctx.earlier.started(), ctx.started)
    return Output(tables={"stories": stories, "rejects": ctx.earlier.rejects(this_runs_rejects(t))})

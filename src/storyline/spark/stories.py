"""Story stage: assign canonical articles to stories, then build each story's digest and its table row."""

from __future__ import annotations

import logging
import math
from typing import Iterator

import pandas as pd
from pyspark.sql import DataFrame, Window
from pyspark.sql import functions as F

from storyline.config import StoriesConfig
from storyline.core.story.claims import COMPARE_SENTENCES
from storyline.core.story.digest import digest, story_facts
from storyline.core.story.summarize import Sentence, SummaryConfig
from storyline.core.text.clean import tidy_sentence
from storyline.spark.schemas import (
    FACT_PARTS,
    FACTS,
    STORY_DIGEST,
    check_value,
    require_columns,
)

log = logging.getLogger(__name__)


def _story_id(key_col) -> F.Column:
    """``s-`` + 16 hex digits of SHA-256 of the story key: derived from content, the same on every run."""
    return F.concat(F.lit("s-"), F.substring(F.sha2(key_col, 256), 1, 16))


def assign_stories(articles: DataFrame, cfg: StoriesConfig) -> DataFrame:
    """``article_id, story_id`` for every canonical article.

    With ``group_by`` the named input field decides (articles without a value form one-article stories);
    otherwise articles are clustered by content and time.
    """
    require_columns(articles, ["article_id", "text", "title", "published", "outlet"], "stories")
    if cfg.group_by:
        col = cfg.group_by
        if col not in articles.columns:
            raise ValueError(f"stories.group_by names '{col}', which is not an article field; use 'group' or "
                             f"map an input field to it under [ingest.fields]")
        key = F.coalesce(F.concat(F.lit("group:"), F.col(f"`{col}`")), F.concat(F.lit("article:"), "article_id"))
        return articles.select("article_id", _story_id(key).alias("story_id"))
    from storyline.spark.cluster import cluster_stories

    clustered = cluster_stories(
        articles.select("article_id", "title", "text", "published", F.col("outlet").alias("source")),
        threshold=cfg.threshold,
        window_days=cfg.window_days,
        lone_margin=cfg.lone_margin or None,
    )
    return clustered.select("article_id", _story_id(F.concat(F.lit("seed:"), "story_key")).alias("story_id"))


def attach_to_existing(assignment: DataFrame, previous: DataFrame) -> DataFrame:
    """Keep the stories of an earlier run stable while new articles join them.

    ``assignment`` clusters old and new articles together; ``previous`` is the earlier ``story_articles``. Old
    articles keep their story. A new article joins the earlier story that most of the old articles of its
    cluster belong to (ties: the smallest story id); a cluster with no old article keeps its new id.
    """
    prev = previous.select("article_id", F.col("story_id").alias("old_story"))
    joined = assignment.join(prev, "article_id", "left")
    votes = (
        joined.where(F.col("old_story").isNotNull())
        .groupBy("story_id", "old_story").count()
        .withColumn("_r", F.row_number().over(
            Window.partitionBy("story_id").orderBy(F.desc("count"), F.col("old_story"))))
        .where("_r = 1")
        .select("story_id", F.col("old_story").alias("heir"))
    )
    return joined.join(votes, "story_id", "left").select(
        "article_id", F.coalesce("old_story", "heir", "story_id").alias("story_id"))


def _story_rows(pdf: pd.DataFrame) -> tuple[str, list[Sentence], list[dict]]:
    """One story's group as the pure story code reads it: sentences in article order, and each article's title, date
    and outlet. Plain lists, not pandas row operations: this runs once per story."""
    cols = {c: pdf[c].tolist() for c in ("article_id", "idx", "text", "source", "published", "title")}
    ids, idx = cols["article_id"], cols["idx"]
    order = sorted(range(len(ids)), key=lambda k: (ids[k], idx[k]))  # stable, as a merge sort is
    story_id = str(pdf["story_id"].iloc[0])
    sents, arts, seen = [], [], set()
    for k in order:
        source, published = _value(cols["source"][k]), _value(cols["published"][k])
        sents.append(Sentence(ids[k], int(idx[k]), tidy_sentence(cols["text"][k]), source, published))
        if ids[k] not in seen:
            seen.add(ids[k])
            arts.append({"article_id": ids[k], "title": _value(cols["title"][k]), "published": published,
                         "source": source})
    return story_id, sents, arts


def _value(x):
    """A cell as Python: a missing value (None or NaN) is None."""
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else x


def _digest_one(cfg: SummaryConfig, spacy_model: str, single_source_max: int = 5,
                compare_sentences: int = COMPARE_SENTENCES):
    def run(pdf: pd.DataFrame) -> pd.DataFrame:
        story_id, sents, arts = _story_rows(pdf)
        facts = story_facts(sents, arts, spacy_model, single_source_max, compare_sentences)
        check_value(facts, FACTS, f"facts of story {story_id}")  # a renamed field fails here, not as a silent null
        d = digest(story_id, sents, arts, cfg, facts["disputed"])
        return pd.DataFrame([{"story_id": story_id, "title": d["title"], "summary": d["summary"], **facts}])

    return run


def story_runs(ids: list) -> list[tuple[int, int]]:
    """``[start, end)`` of each run of equal consecutive values of ``ids``.

    >>> story_runs(["a", "a", "b", "c", "c"]), story_runs([])
    ([(0, 2), (2, 3), (3, 5)], [])
    """
    runs, start = [], 0
    for i in range(1, len(ids) + 1):
        if i == len(ids) or ids[i] != ids[start]:
            runs.append((start, i))
            start = i
    return runs


_DIGESTS_PER_BATCH = 200  # stories whose digests go back to Spark in one Arrow batch


def _digest_batches(cfg: SummaryConfig, spacy_model: str, single_source_max: int = 5,
                    compare_sentences: int = COMPARE_SENTENCES):
    """Digests of the stories of a partition whose rows come sorted by story, so that each story's rows are
    contiguous; a story may span Arrow batches, and its rows are carried until its last one has come."""
    one = _digest_one(cfg, spacy_model, single_source_max, compare_sentences)

    def run(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        carry, done = None, []
        for batch in batches:
            if carry is not None:
                batch = pd.concat([carry, batch], ignore_index=True)
            if batch.empty:
                continue
            *complete, last = story_runs(batch["story_id"].tolist())
            done.extend(one(batch.iloc[a:b]) for a, b in complete)
            carry = batch.iloc[last[0]:last[1]]
            if len(done) >= _DIGESTS_PER_BATCH:
                yield pd.concat(done, ignore_index=True)
                done = []
        if carry is not None and not carry.empty:
            done.append(one(carry))
        if done:
            yield pd.concat(done, ignore_index=True)

    return run


def story_sentences(sentences: DataFrame, articles: DataFrame, assignment: DataFrame) -> DataFrame:
    """Every sentence with its story and its article's outlet, date and title: what summaries and facts read."""
    require_columns(sentences, ["article_id", "idx", "text"], "story sentences")
    # what the pure story code reads: the outlet as ``source`` and the publication time as an ISO string
    meta = articles.select("article_id", F.col("outlet").alias("source"),
                           F.date_format("published", "yyyy-MM-dd'T'HH:mm:ss'Z'").alias("published"), "title")
    rows = sentences.join(assignment, "article_id").join(meta, "article_id")
    return rows.select("story_id", "article_id", "idx", "text", "source", "published", "title")


def digest_stories(story_sents: DataFrame, cfg: SummaryConfig, spacy_model: str = "",
                   single_source_max: int = 5, compare_sentences: int = COMPARE_SENTENCES) -> DataFrame:
    """One row per story: its title and cited summary, and its entities, timeline, corroborated and disputed claims
    as typed columns (``STORY_DIGEST``).

    Facts and summary come from one pass over the story's sentences: a summary sentence on one side of a dispute
    says so, and the title takes no side, so the summary reads the story's disputes as the facts find them.
    """
    require_columns(story_sents, ["story_id", "article_id", "idx", "text", "source", "published", "title"],
                    "digest")
    # Each partition's rows sorted by story and read as a stream (mapInPandas), not one pandas call per story
    # (groupBy().applyInPandas): the digests go back in batches of many stories. The digest stage at 10k
    # articles took 19.5-23.9 s the other way, 16.4-17.5 s this way. The partitions are hashed by story and not
    # coalesced: this stage is Python work, so every core gets a share.
    parts = 2 * story_sents.sparkSession.sparkContext.defaultParallelism
    return (story_sents.repartition(parts, "story_id").sortWithinPartitions("story_id")
            .mapInPandas(_digest_batches(cfg, spacy_model, single_source_max, compare_sentences), STORY_DIGEST))


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


def fact_table(stories: DataFrame, part: str) -> DataFrame:
    """The flat table of one fact kind (``entities``, ``timeline``, ``corroborated`` or ``disputed``), keyed by
    story."""
    return stories.select("story_id", F.posexplode(part).alias("rank", "f")).select("story_id", "rank", "f.*")

"""Story stage: assign canonical articles to stories, then build each story's digest and its table row."""

from __future__ import annotations

import logging
import math
from typing import Any, Iterator

import pandas as pd
from pyspark.sql import DataFrame, Window
from pyspark.sql import functions as F

from storyline.config import StoriesConfig
from storyline.core.nlp.embed import remembering
from storyline.core.story.claims import COMPARE_SENTENCES, SINGLE_SOURCE_MAX
from storyline.core.story.digest import digest, story_facts
from storyline.core.story.model import Sentence
from storyline.core.story.features import SummaryConfig
from storyline.core.story.timeline import with_news_event
from storyline.core.text.sentences import tidy_sentence
from storyline.spark.schemas import FACT_PARTS, FACTS, STORY_DIGEST, check_value, require_columns


log = logging.getLogger(__name__)


def _story_id(key_col) -> F.Column:
    """``s-`` + 16 hex digits of SHA-256 of the story key: derived from content, the same on every run."""
    return F.concat(F.lit("s-"), F.substring(F.sha2(key_col, 256), 1, 16))


def assign_stories(articles: DataFrame, cfg: StoriesConfig, terms: DataFrame | None = None,
                   previous: DataFrame | None = None) -> DataFrame:
    """``article_id, story_id, seed`` for every canonical article; ``seed`` is the article that names the story
    (its earliest report: earliest published, then smallest id), or null when the story is an input group or an
    earlier story kept whole.

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
        return articles.select("article_id", _story_id(key).alias("story_id"), F.lit(None).cast("string").alias("seed"))
    from storyline.spark.cluster import cluster_stories

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
    grouping = clustered.select("article_id", _story_id(F.concat(F.lit("seed:"), "story_key")).alias("story_id"),
                                F.col("story_key").alias("seed"))
    if kept is None:
        return grouping
    return grouping.unionByName(kept.select("article_id", _story_id(F.concat(F.lit("kept:"), "story_id"))
                                            .alias("story_id"), F.lit(None).cast("string").alias("seed")))


def settled(articles: DataFrame, previous: DataFrame, window_days: float | None) -> DataFrame | None:
    """``article_id, story_id`` of the earlier stories (``previous``: the earlier output's ``story_articles``) that
    no new article of ``articles`` can join: every article of the story is dated, and more than ``window_days``
    from every new article's day, so no pair of the clustering can link them. None when every earlier story is
    within reach (an undated new article, or no window). A nightly run thus clusters the last days again, not the
    archive. One small query over the new articles' days."""
    if window_days is None:
        return None
    from storyline.spark.articles import published_ts

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
                           _story_id(F.concat(F.lit("split:"), F.col("cluster")))).otherwise(F.col("story_id")))
    lineage = clash.select(
        "cluster", "story_id",
        F.when(k > 0, F.col("kept")).alias("before"),
        F.array_sort(F.filter(F.coalesce("homed", F.array().cast("array<string>")),
                              lambda x: x != F.col("story_id"))).alias("merged_from"),
        F.coalesce("split_from", F.array().cast("array<string>")).alias("split_from"))
    ids = stories.join(lineage.select("cluster", F.col("story_id").alias("final")),
                       stories["story_id"] == F.col("cluster")).select("article_id", F.col("final").alias("story_id"))
    return ids, lineage.drop("cluster")


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


def _digest_one(cfg: SummaryConfig, spacy_model: str, single_source_max: int = SINGLE_SOURCE_MAX,
                compare_sentences: int = COMPARE_SENTENCES, embedding: str = "static"):
    def run(pdf: pd.DataFrame) -> pd.DataFrame:
        story_id, sents, arts = _story_rows(pdf)
        vectors_of = remembering(embedding)  # each sentence encoded once, for the claims and the summary
        facts = story_facts(sents, arts, spacy_model, single_source_max, compare_sentences, embedding, vectors_of)
        check_value(facts, FACTS, f"facts of story {story_id}")  # a renamed field fails here, not as a silent null
        d = digest(story_id, sents, arts, cfg, facts["disputed"], vectors_of)
        facts["timeline"] = with_news_event(facts["timeline"], (d["summary"] or [None])[0], arts)
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


def _digest_batches(cfg: SummaryConfig, spacy_model: str, single_source_max: int = SINGLE_SOURCE_MAX,
                    compare_sentences: int = COMPARE_SENTENCES, embedding: str = "static", done_count: Any = None):
    """Digests of the stories of a partition whose rows come sorted by story, so that each story's rows are
    contiguous; a story may span Arrow batches, and its rows are carried until its last one has come. The
    embedding model loads once per worker process, on its first story, and serves every later one. ``done_count``,
    an accumulator, counts the stories digested (the run's progress lines read it)."""
    one = _digest_one(cfg, spacy_model, single_source_max, compare_sentences, embedding)

    def run(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        carry, done = None, []

        def flush() -> pd.DataFrame:
            if done_count is not None:
                done_count.add(len(done))
            return pd.concat(done, ignore_index=True)

        for batch in batches:
            if carry is not None:
                batch = pd.concat([carry, batch], ignore_index=True)
            if batch.empty:
                continue
            *complete, last = story_runs(batch["story_id"].tolist())
            done.extend(one(batch.iloc[a:b]) for a, b in complete)
            carry = batch.iloc[last[0]:last[1]]
            if len(done) >= _DIGESTS_PER_BATCH:
                yield flush()
                done = []
        if carry is not None and not carry.empty:
            done.append(one(carry))
        if done:
            yield flush()

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
                   single_source_max: int = SINGLE_SOURCE_MAX, compare_sentences: int = COMPARE_SENTENCES,
                   embedding: str = "static", done_count: Any = None) -> DataFrame:
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
            .mapInPandas(_digest_batches(cfg, spacy_model, single_source_max, compare_sentences, embedding,
                                         done_count),
                         STORY_DIGEST))


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

"""The digest stage: each story's sentences cross into Python once, grouped by story, and come back as its
digest (entities, timeline, agreements and disputes, the cited summary and title): :mod:`storyline.core.story`."""

from __future__ import annotations

from typing import Any, Iterator

import pandas as pd
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from storyline.core.nlp.embed import remembering
from storyline.core.story.claims import COMPARE_SENTENCES, SINGLE_SOURCE_MAX
from storyline.core.story.digest import digest, facts_row, story_facts
from storyline.core.story.entities import MODEL, READ
from storyline.core.story.features import SummaryConfig
from storyline.core.story.model import Article, Sentence
from storyline.core.story.timeline import with_background, with_news_event
from storyline.core.text.sentences import tidy_sentence
from storyline.profile import TaskProfile
from storyline.spark.stage import Context, Output
from storyline.spark.mapping import cell, grouped, spread
from storyline.spark.changes import unchanged_digests
from storyline.spark.schemas import FACTS, STORY_DIGEST, check_value, require_columns


def story_rows(pdf: pd.DataFrame) -> tuple[str, list[Sentence], list[Article]]:
    """One story's group as the pure story code reads it: sentences in article order, and each article's title, date
    and outlet. Plain lists, not pandas row operations: this runs once per story."""
    cols = {c: pdf[c].tolist() for c in ("article_id", "idx", "text", "source", "published", "title")}
    ids, idx = cols["article_id"], cols["idx"]
    order = sorted(range(len(ids)), key=lambda k: (ids[k], idx[k]))  # stable, as a merge sort is
    story_id = str(pdf["story_id"].iloc[0])
    sents, arts, seen = [], [], set()
    for k in order:
        source, published = cell(cols["source"][k]), cell(cols["published"][k])
        sents.append(Sentence(ids[k], int(idx[k]), tidy_sentence(cols["text"][k]), source, published))
        if ids[k] not in seen:
            seen.add(ids[k])
            arts.append(Article(ids[k], cell(cols["title"][k]), published, source))
    return story_id, sents, arts


def story_digester(cfg: SummaryConfig, spacy_model: str, single_source_max: int = SINGLE_SOURCE_MAX,
                compare_sentences: int = COMPARE_SENTENCES, embedding: str = "static", read_sentences: int = READ):
    """A function from one story's sentence rows (a pandas frame) to its one digest row."""
    def run(pdf: pd.DataFrame) -> pd.DataFrame:
        story_id, sents, arts = story_rows(pdf)
        vectors_of = remembering(embedding)  # each sentence encoded once, for the claims and the summary
        facts = story_facts(sents, arts, spacy_model, single_source_max, compare_sentences, embedding, vectors_of,
                            read_sentences)
        d = digest(story_id, sents, arts, cfg, facts["disputed"], vectors_of, facts["entities"])
        facts["timeline"] = with_background(with_news_event(facts["timeline"], (d["summary"] or [None])[0], arts),
                                            arts)
        facts = facts_row(facts)
        check_value(facts, FACTS, f"facts of story {story_id}")  # a renamed field fails here, not as a silent null
        summary = [s.to_row() for s in d["summary"]]
        return pd.DataFrame([{"story_id": story_id, "title": d["title"], "summary": summary, **facts}])

    return run


def digest_batches(cfg: SummaryConfig, spacy_model: str, single_source_max: int = SINGLE_SOURCE_MAX,
                    compare_sentences: int = COMPARE_SENTENCES, embedding: str = "static", done_count: Any = None,
                    profile: str | None = None, read_sentences: int = READ):
    """Digests of the stories of a partition whose rows come sorted by story
    (:func:`~storyline.spark.mapping.grouped`). The embedding model loads once per worker process, on its first
    story, and serves every later one. ``done_count``, an accumulator, counts the stories digested (the run's
    progress lines read it). With ``profile`` (a folder), each task's stories are profiled into it
    (:mod:`storyline.profile`), written when the task has had its last story."""
    digest_one = story_digester(cfg, spacy_model, single_source_max, compare_sentences, embedding, read_sentences)
    done = None if done_count is None else done_count.add

    def run(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        task = TaskProfile(profile)
        yield from grouped(lambda rows: task.call(digest_one, rows), "story_id", done)(batches)
        task.save()

    return run


def story_sentences(sentences: DataFrame, articles: DataFrame, assignment: DataFrame) -> DataFrame:
    """Every sentence with its story and its article's outlet, date and title: what summaries and facts read."""
    require_columns(sentences, ["article_id", "idx", "text"], "story sentences")
    # what the pure story code reads: the outlet as ``source`` and the publication time as an ISO string
    meta = articles.select("article_id", F.col("outlet").alias("source"),
                           F.date_format("published", "yyyy-MM-dd'T'HH:mm:ss'Z'").alias("published"), "title")
    rows = sentences.join(assignment, "article_id").join(meta, "article_id")
    return rows.select("story_id", "article_id", "idx", "text", "source", "published", "title")


def digest_stories(story_sents: DataFrame, cfg: SummaryConfig, spacy_model: str = MODEL,
                   single_source_max: int = SINGLE_SOURCE_MAX, compare_sentences: int = COMPARE_SENTENCES,
                   embedding: str = "static", done_count: Any = None, profile: str | None = None,
                   read_sentences: int = READ) -> DataFrame:
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
    return (spread(story_sents, "story_id").sortWithinPartitions("story_id")
            .mapInPandas(digest_batches(cfg, spacy_model, single_source_max, compare_sentences, embedding,
                                         done_count, profile, read_sentences),
                         STORY_DIGEST))


def run(ctx: Context, t: dict) -> Output:
    """The stage: the digests of the stories that changed, and the earlier digests of those that did not."""
    scfg = SummaryConfig(words=ctx.cfg.summary.words, focus=ctx.cfg.summary.focus or None,
                         embedding=ctx.cfg.facts.embedding)
    # a story told before with the same articles and settings keeps its digest: only the changed ones are told anew
    kept, todo = unchanged_digests(t["story_articles"], ctx.earlier.story_articles(),
                                   ctx.earlier.stories() if ctx.earlier.same_settings(ctx.cfg) else None)
    # the sentences meet their stories here and cross into Python once, grouped by story, for facts and summary alike
    sents = story_sentences(t["sentences"], t["articles"], todo)
    facts = ctx.cfg.facts
    done = ctx.progress.counter("stories") if ctx.progress is not None else None
    told = digest_stories(sents, scfg, facts.spacy_model, facts.single_source_max, facts.compare_sentences,
                          facts.embedding, done, ctx.profile, facts.read_sentences)
    return Output(tables={"digests": told if kept is None else told.unionByName(kept)})

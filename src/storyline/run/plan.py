"""The stages of a storyline run. ``STAGES`` is the run's table of contents, in the order they run (derived from
which tables each reads): progress lines, timings and resume markers all come from it. Each stage's body is the
``run`` function of the module under :mod:`storyline.spark` that bears its name. What a stage is:
:mod:`storyline.spark.stage`; the runner: :mod:`storyline.run.runner`.
"""

from __future__ import annotations

from storyline.spark.stage import Stage, Table, order, rejects_part
from storyline.spark import (clean, dedup, digest, facts, ingest, report, sentences, stories, story_ids, storylines,
                             terms, write)
from storyline.spark import schemas as SC

# the stages up to the digest; the ones after it read the rejects parts these write (derived from their flags)
_TELL: tuple[Stage, ...] = (
    Stage(name="ingest", does="read the inputs and parse records", reads=(),
          writes=(Table("prepared", SC.PREPARED_TABLE, public=False),), config=("ingest",), body=ingest.run),
    Stage(name="clean", does="remove residue and boilerplate; refuse unreadable records and duplicate ids",
          reads=("prepared",), writes=(Table("final", SC.ARTICLE_FINAL, public=False),),
          config=("ingest", "clean"), body=clean.run, rejects=True),
    Stage(name="dedup", does="fold exact and near duplicates; refuse short and overlong texts", reads=("final",),
          writes=(Table("duplicates", SC.DUPLICATES), Table("articles", SC.ARTICLES)),
          config=("dedup",), body=dedup.run, rejects=True, check=dedup.any_article),
    Stage(name="sentences", does="split the new articles into sentences", reads=("articles",),
          writes=(Table("sentences", SC.SENTENCES),), config=(), body=sentences.run),
    Stage(name="terms", does="the terms stories are found by (a later --into run reads them again)",
          reads=("articles",), writes=(Table("terms", SC.TERMS),), config=("stories",), body=terms.run),
    Stage(name="stories", does="group articles into stories", reads=("articles", "terms"),
          writes=(Table("grouping", SC.GROUPING, public=False),), config=("stories",), body=stories.run),
    Stage(name="story_ids", does="name the stories (as the earlier output named them)", reads=("grouping",),
          writes=(Table("story_articles", SC.STORY_ARTICLES), Table("lineage", SC.LINEAGE, public=False)),
          config=(), body=story_ids.run),
    Stage(name="digest", does="entities, timeline, agreements and disputes; cited summaries and titles",
          reads=("sentences", "articles", "story_articles"),
          writes=(Table("digests", SC.STORY_DIGEST, public=False),), config=("facts", "summary"), body=digest.run),
)

_ALL_REJECTS = tuple(rejects_part(s.name).name for s in _TELL if s.rejects)  # this run's rejects: every stage's part

STAGES: tuple[Stage, ...] = order(_TELL + (
    Stage(name="write", does="the stories table and the rejects",
          reads=("articles", "story_articles", "lineage", "duplicates", "digests", *_ALL_REJECTS),
          writes=(Table("stories", SC.STORIES), Table("rejects", SC.REJECTS)), config=(), body=write.run),
    Stage(name="storylines", does="chain the stories of one thread, in time order", reads=("stories", "terms"),
          writes=(Table("storylines", SC.STORYLINES),), config=("storylines",), body=storylines.run),
    Stage(name="facts", does="the fact tables and stories.jsonl", reads=("stories", "storylines"),
          writes=(*(Table(n, SC.FACT_TABLES[n]) for n in SC.FACT_PARTS), Table("stories.jsonl", None)),
          config=(), body=facts.run),
    Stage(name="report", does="the counts and the HTML report",
          reads=("stories", "storylines", "articles", "duplicates", "sentences", *_ALL_REJECTS),
          writes=(Table("report", None),),
          config=("report",), body=report.run),
))

DECLARED = {t.name: t.schema for s in STAGES for t in s.tables}

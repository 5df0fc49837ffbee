"""The storylines stage: which stories are events of one thread (:mod:`storyline.core.story.storylines`), on Spark.

Each story crosses into Python once, for its central actors, the vector of its title and lead and the terms of its
opening. Candidate pairs are the stories that name one actor, or where a one-word name of one is the first or last
word of a name of the other (self-joins on the name, each name's stories capped). How much of one's opening the
other's text tells (the reference back) is a TF-IDF cosine computed with joins on the ``terms`` table; each
candidate pair crosses into Python once more to be judged; the storylines are the connected components of the pairs
kept, each chain of several stories put in time order in Python, and each story that threads with none a storyline
of its own written with Spark's built-ins.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Iterator

import pandas as pd
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from storyline.config import StorylinesConfig
from storyline.core.nlp.embed import encode
from storyline.core.nlp.parse import parse
from storyline.core.grouping.cluster import terms_of
from storyline.core.nlp.roles import COMPONENTS, actor_phrases, attached_phrases
from storyline.core.story.storylines import (Named, StoryNode, central_actors, in_time_order, label,
                                             storyline_id, threaded)
from storyline.spark.stage import Context, Output
from storyline.spark.cluster import sublinear
from storyline.spark.mapping import cell
from storyline.spark.components import connected_components
from storyline.spark.threads import story_inputs
from storyline.spark.schemas import STORY_NODES, STORYLINES
from storyline.spark.session import checkpoint

_EPOCH = date(1970, 1, 1)


def _nodes(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
    for pdf in batches:
        rows = pdf.to_dict("records")
        titles = [r["title"] or "" for r in rows]
        leads = [r["lead"] or "" for r in rows]
        vectors = encode([f"{t}. {o if isinstance(o, str) else ''}" for t, o in zip(titles, pdf["opening"])])
        parses = iter(parse([x for pair in zip(titles, leads) for x in pair], COMPONENTS))
        out = []
        for r, title, lead, v in zip(rows, titles, leads, vectors):
            parsed = (next(parses), next(parses))
            entities = [Named(e["name"], e["type"], tuple(e["variants"] if e["variants"] is not None else ()))
                        for e in (r["entities"] if r["entities"] is not None else ())]
            people, organisations = central_actors(title, lead, entities, [a for p in parsed for a in actor_phrases(p)])
            also_people, also_organisations = central_actors(title, lead, entities,
                                                             [a for p in parsed for a in attached_phrases(p)])
            pairs = lambda named, but: [{"key": k, "name": n} for k, n in named if (k, n) not in but]
            opening = r["opening"] if isinstance(r["opening"], str) else ""
            out.append({"story_id": r["story_id"], "day": _day(r["day"]), "when": _day(r["when"]), "title": title,
                        "people": pairs(people, ()), "organisations": pairs(organisations, ()),
                        "attached_people": pairs(also_people, people),
                        "attached_organisations": pairs(also_organisations, organisations),
                        "vector": [float(x) for x in v], "opening_terms": terms_of(f"{title}. {opening}")})
        yield pd.DataFrame(out, columns=["story_id", "day", "when", "title", "people", "organisations",
                                         "attached_people", "attached_organisations", "vector", "opening_terms"])


def _day(x) -> int | None:
    return None if (x := cell(x)) is None else int(x)


def _node(r: dict, prefix: str = "") -> StoryNode:
    pairs = lambda col: tuple((p["key"], p["name"]) for p in (r.get(prefix + col) if r.get(prefix + col) is not None
                                                              else ()))
    vector = r.get(prefix + "vector")
    return StoryNode(r[prefix + "story_id"], _day(r[prefix + "day"]), r[prefix + "title"] or "", pairs("people"),
                     pairs("organisations"), None if vector is None else vector, _day(r.get(prefix + "when")),
                     pairs("attached_people"), pairs("attached_organisations"))


def _judged(cfg: StorylinesConfig):
    def run(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        for pdf in batches:
            kept = [(r["a_story_id"], r["b_story_id"]) for r in pdf.to_dict("records")
                    if threaded(_node(r, "a_"), _node(r, "b_"), cfg, float(cell(r["reference"]) or 0.0))]
            yield pd.DataFrame(kept, columns=["a", "b"])
    return run


def _unit(weights: DataFrame) -> DataFrame:
    """``story_id, term, w`` with each story's weights scaled to unit length."""
    norm = weights.groupBy("story_id").agg(F.sqrt(F.sum(F.col("w") * F.col("w"))).alias("norm"))
    return weights.join(norm, "story_id").select("story_id", "term", (F.col("w") / F.col("norm")).alias("w"))


def _texts_and_openings(stories: DataFrame, nodes: DataFrame, terms: DataFrame,
                        among: DataFrame) -> tuple[DataFrame, DataFrame]:
    """``story_id, term, w`` twice, for the stories of ``among`` (``story_id``): each one's whole text (its
    articles' terms) and its opening (the terms of its title and first summary sentences), each term's sub-linear
    count times its IDF over all the stories (smoothed: ln((1 + stories) / (1 + stories with the term)) + 1), unit
    length."""
    counts = (stories.select("story_id", F.explode("article_ids").alias("article_id"))
              .join(terms.where(F.col("tf") > 0), "article_id")
              .groupBy("story_id", "term").agg(F.sum("tf").alias("tf")))
    n = stories.agg(F.count(F.lit(1)).alias("n"))
    idf = (counts.groupBy("term").agg(F.count(F.lit(1)).alias("df")).crossJoin(n)
           .select("term", (F.log((1 + F.col("n")) / (1 + F.col("df"))) + 1).alias("idf")))
    unseen = n.select((F.log(1 + F.col("n")) + 1).alias("unseen"))  # a term of no story's text
    text = _unit(counts.join(among, "story_id", "left_semi").join(idf, "term")
                 .select("story_id", "term", (sublinear(F.col("tf")) * F.col("idf")).alias("w")))
    opening = (nodes.join(among, "story_id", "left_semi")
               .select("story_id", F.explode("opening_terms").alias("term"))
               .groupBy("story_id", "term").agg(F.count(F.lit(1)).alias("tf"))
               .join(idf, "term", "left").crossJoin(unseen)
               .select("story_id", "term", (sublinear(F.col("tf")) * F.coalesce("idf", "unseen")).alias("w")))
    return text, _unit(opening)


def _references(pairs: DataFrame, text: DataFrame, opening: DataFrame) -> DataFrame:
    """``a, b, reference``: for each pair, how much of one's opening the other's text tells, the larger way
    round (the cosine of the opening's and the text's weights)."""
    def told(one: str, other: str) -> DataFrame:
        o, t = opening.alias("o"), text.alias("t")
        return (pairs.join(o, F.col(one) == F.col("o.story_id"))
                .join(t, (F.col(other) == F.col("t.story_id")) & (F.col("o.term") == F.col("t.term")))
                .groupBy("a", "b").agg(F.sum(F.col("o.w") * F.col("t.w")).alias("reference")))
    return told("a", "b").unionByName(told("b", "a")).groupBy("a", "b").agg(F.max("reference").alias("reference"))


def storyline_of_chain(pdf: pd.DataFrame) -> pd.DataFrame:
    """One storyline row from the stories of one chain (a pandas frame of nodes), in time order."""
    chain = in_time_order(_node(r) for r in pdf.to_dict("records"))
    days = [n.day for n in chain if n.day is not None]
    return pd.DataFrame([{
        "storyline_id": storyline_id(chain[0].story_id), "label": label(chain),
        "story_ids": [n.story_id for n in chain],
        "first_day": _EPOCH + timedelta(days=min(days)) if days else None,
        "last_day": _EPOCH + timedelta(days=max(days)) if days else None,
    }])


def _candidates(nodes: DataFrame, max_postings: int) -> DataFrame:
    """``a, b`` (a < b): the pairs :func:`storyline.core.story.storylines.candidates` gives, with joins."""
    names = F.concat("people.key", "organisations.key", "attached_people.key", "attached_organisations.key")
    keys = nodes.select("story_id", F.explode(F.array_distinct(names)).alias("actor"))
    capped = lambda k: k.join(k.groupBy("actor").count().where(F.col("count") <= max_postings), "actor", "left_semi")
    several = F.instr("actor", " ") > 0
    single = capped(keys.where(~several))
    part = capped(keys.where(several).select("story_id", F.explode(F.array_distinct(F.array(
        F.substring_index("actor", " ", 1), F.substring_index("actor", " ", -1)))).alias("actor")))
    exact = capped(keys)
    ordered = lambda x, y: (F.least(x, y).alias("a"), F.greatest(x, y).alias("b"))
    pairs = (exact.alias("x").join(exact.alias("y"), "actor").where(F.col("x.story_id") < F.col("y.story_id"))
             .select(*ordered(F.col("x.story_id"), F.col("y.story_id"))))
    by_word = (single.alias("x").join(part.alias("y"), "actor").where(F.col("x.story_id") != F.col("y.story_id"))
               .select(*ordered(F.col("x.story_id"), F.col("y.story_id"))))
    return pairs.unionByName(by_word).distinct()


def find_storylines(stories: DataFrame, cfg: StorylinesConfig, terms: DataFrame | None = None) -> DataFrame:
    """The ``storylines`` table of the stories table ``stories``: every story in exactly one storyline. ``terms``
    (the ``terms`` table: ``article_id, term, tf``) gives the reference back; without it (or with it empty: stories
    taken from an input field) only close openings link."""
    # checkpoint: the nodes (one Python pass per story, with its vector) are read four times: the actors, the
    # opening terms, both ends of each candidate pair, and the storylines
    nodes = checkpoint(story_inputs(stories).mapInPandas(_nodes, schema=STORY_NODES))
    pairs = _candidates(nodes, cfg.max_postings)
    if terms is not None and "article_ids" in stories.columns:
        among = pairs.select(F.col("a").alias("story_id")).union(pairs.select("b")).distinct()
        pairs = pairs.join(_references(pairs, *_texts_and_openings(stories, nodes, terms, among)), ["a", "b"], "left")
    else:
        pairs = pairs.withColumn("reference", F.lit(None).cast("double"))
    side = lambda p: nodes.select(*(F.col(c).alias(p + c) for c in nodes.columns if c != "opening_terms"))
    candidates = (pairs.join(side("a_"), pairs.a == F.col("a_story_id"))
                  .join(side("b_"), pairs.b == F.col("b_story_id")).drop("a", "b"))
    links = candidates.mapInPandas(_judged(cfg), schema="a string, b string")
    components = connected_components(links)
    # a story that threads with none (most of them) is a storyline of its own, written with built-ins; only the
    # chains of several stories are put in order in Python
    chained = (nodes.join(components, nodes.story_id == components.node)
               .select("component", "story_id", "day", "when", "title", "people", "organisations", "attached_people",
                       "attached_organisations"))
    alone = nodes.join(components, nodes.story_id == components.node, "left_anti")
    return chained.groupBy("component").applyInPandas(storyline_of_chain, schema=STORYLINES).unionByName(storylines_alone(alone))


def storylines_alone(nodes: DataFrame) -> DataFrame:
    """The storyline of each story of ``nodes`` on its own, as :func:`storyline_of_chain` writes a chain of one: its id from
    the story's (:func:`~storyline.core.story.storylines.storyline_id`), labelled by its title."""
    day = F.date_add(F.lit(_EPOCH.isoformat()).cast("date"), F.col("day"))
    return nodes.select(
        F.concat(F.lit("l-"), F.substring(F.sha1(F.concat(F.lit("storyline\x1f"), "story_id")), 1, 16))
        .alias("storyline_id"),
        F.coalesce("title", F.lit("")).alias("label"), F.array("story_id").alias("story_ids"),
        day.alias("first_day"), day.alias("last_day"))


def run(ctx: Context, t: dict) -> Output:
    return Output(tables={"storylines": find_storylines(t["stories"], ctx.cfg.storylines, t["terms"])})

"""Story clustering on Spark DataFrames: TF-IDF of title, lead and body, blocked similarity join, connected
components over strong edges, and average-linkage agglomeration inside each component.

Stages:

1. terms (``mapInPandas`` -> :func:`storyline.core.grouping.cluster.terms_and_keys`): lead terms, upweighted title terms,
   entity-like capitalised phrases, and the rest of the body (``body_weight``); sub-linear term frequency;
2. IDF over the input; terms in more than ``max_df`` of the articles (or more than ``max_postings``) dropped;
   each article keeps its ``vector_terms`` heaviest terms, L2-normalised and quantised to integers so the
   similarity sums are exact (same result whatever the partitioning);
3. blocking + similarity: self-join of the posting lists on term (``a < b``, both dates within
   ``window_days`` when known) and sum of weight products per pair. Posting lists are capped, so the work is
   bounded by articles x terms x cap: it grows linearly with the number of articles;
4. connected components over pairs with similarity >= ``threshold``;
5. per component (``applyInPandas`` -> :func:`storyline.core.grouping.cluster.average_linkage`): average linkage at the
   same threshold over every computed pair of the component, so A~B and B~C cannot glue A to C on their own, and
   no story's known dates span more than ``window_days`` (an undated article does not bridge two events), and
   no story holds two articles that give one person ages more than a year apart (:func:`ages_apart_pairs`: two
   undated reports of one man, aged 53 in one and 56 in the other, were written years apart), and two groups
   of articles each bound by names of its own, with none shared across, never merge (two zoos' snow leopard
   births: one topic, two events);
6. a lone article joins the story of several articles it is clearly nearest to (:func:`join_lone`), names
   shared or not, when its date keeps the story within ``window_days``; a dated one joins a story of no known date
   only on the names :func:`same_event` asks for;
7. story_key = ``article_id`` of the story's seed: earliest published (unknown dates last), then smallest id.
"""

from __future__ import annotations

import logging
from typing import Iterator

import pandas as pd
from pyspark.sql import Column, DataFrame, Window
from pyspark.sql import functions as F

from storyline.core.checks import int_at_least
from storyline.core.grouping.cluster import AGE_SLACK, TermConfig, average_linkage, terms_and_keys
from storyline.spark.articles import published_ts
from storyline.spark.components import connected_components
from storyline.spark.mapping import spread
from storyline.spark.schemas import ARTICLE_INPUT_TYPES, COMPONENT_LABELS, TERMS, require_columns
from storyline.spark.session import checkpoint

log = logging.getLogger(__name__)

STORY_TERMS = TermConfig(lead_words=400, title_weight=3.0, entity_weight=1.5, body_weight=1.0, first_words=60,
                         first_weight=1.0)  # cluster_stories'
_SCALE = 1_000_000  # weights are quantised to millionths; products summed exactly as 64-bit integers


def _terms_batches(cfg: TermConfig, has_title: bool):
    def run(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        for pdf in batches:
            ids, terms, tfs = [], [], []
            titles = pdf["title"] if has_title else [None] * len(pdf)
            for aid, title, text in zip(pdf["article_id"], titles, pdf["text"]):
                t = title if isinstance(title, str) else None
                body = text if isinstance(text, str) else ""
                found, keys = terms_and_keys(t, body, cfg)
                for term, tf in found.items():
                    ids.append(aid)
                    terms.append(term)
                    tfs.append(tf)
                for key in keys:  # tf 0: keys are not vector terms
                    ids.append(aid)
                    terms.append(key)
                    tfs.append(0.0)
            yield pd.DataFrame({"article_id": ids, "term": terms, "tf": tfs})
    return run


def _label_groups(threshold: float, window_days: int | None):
    def run(pdf: pd.DataFrame) -> pd.DataFrame:
        pdf = pdf.sort_values(["a", "b", "apart"], kind="mergesort")
        nodes = sorted(set(pdf["a"]) | set(pdf["b"]))
        sims = (pdf["q"].astype("int64") / float(_SCALE * _SCALE)).tolist()
        days = {n: (None if pd.isna(d) else int(d)) for col, dcol in (("a", "da"), ("b", "db"))
                for n, d in zip(pdf[col], pdf[dcol])}
        apart = [(a, b) for a, b, x in zip(pdf["a"], pdf["b"], pdf["apart"]) if x]
        named = [(a, b) for a, b, x in zip(pdf["a"], pdf["b"], pdf["named"]) if x]
        labels = average_linkage(nodes, zip(pdf["a"].tolist(), pdf["b"].tolist(), sims), threshold, days, window_days,
                                 apart, named)
        return pd.DataFrame({"node": list(labels.keys()), "label": list(labels.values())})
    return run


def _validate(threshold: float, window_days: int | None, vector_terms: int, max_df: float, max_postings: int,
              link_floor: float) -> None:
    if not (0.0 < threshold <= 1.0):
        raise ValueError(f"threshold must be a cosine similarity in (0, 1], got {threshold!r} (0.1 suits TF-IDF "
                         f"of title, lead and body)")
    if window_days is not None and (not isinstance(window_days, int) or window_days < 0):
        raise ValueError(f"window_days must be an integer >= 0 or None (no time limit), got {window_days!r}")
    int_at_least("vector_terms", vector_terms, 1, "terms kept per article")
    if not (0.0 < max_df <= 1.0):
        raise ValueError(f"max_df must be a fraction in (0, 1] of the articles, got {max_df!r}")
    int_at_least("max_postings", max_postings, 2, "articles per term at most")
    if not (0.0 <= link_floor <= 1.0):
        raise ValueError(f"link_floor must be in [0, 1] (fraction of threshold), got {link_floor!r}")


def ages_apart_pairs(terms: DataFrame, max_postings: int) -> DataFrame:
    """``a, b`` (a < b): the articles that give one person ages more than a year apart (``a:`` keys of the
    terms table; :func:`storyline.core.grouping.cluster.ages_apart`), so never tell one story. A name whose age
    more than ``max_postings`` articles give is skipped (it bounds the self-join)."""
    pattern = r"^a:(.+)=(\d+)$"
    ages = terms.where(F.col("term").startswith("a:")).select(
        "article_id", F.regexp_extract("term", pattern, 1).alias("name"),
        F.regexp_extract("term", pattern, 2).cast("int").alias("age"))
    common = ages.groupBy("name").agg(F.count(F.lit(1)).alias("n")).where(F.col("n") <= max_postings)
    ages = ages.join(common, "name", "left_semi")
    x = ages.select("name", F.col("article_id").alias("a"), F.col("age").alias("x"))
    y = ages.select("name", F.col("article_id").alias("b"), F.col("age").alias("y"))
    return (x.join(y, "name").where((F.col("a") < F.col("b")) & (F.abs(F.col("x") - F.col("y")) > AGE_SLACK))
            .select("a", "b").distinct())


def raw_terms(articles: DataFrame, terms: TermConfig | None = None) -> DataFrame:
    """``article_id, term, tf`` from one Python pass over every text: story terms and ``k:`` event keys (tf 0).
    What :func:`cluster_stories` reads of an article; a run keeps it (the ``terms`` table), so that a later run
    that adds articles reads it instead of reading the texts again."""
    has_title = "title" in articles.columns
    cols = ["article_id", "text"] + (["title"] if has_title else [])
    return spread(articles.select(*cols)).mapInPandas(_terms_batches(terms or STORY_TERMS, has_title), schema=TERMS)


def sublinear(tf: Column) -> Column:
    """A term count made sub-linear (1 + ln tf above 1): a term said ten times is not ten times more telling."""
    return F.when(tf > 1, 1 + F.log(tf)).otherwise(tf)


def _sublinear(tf: DataFrame) -> DataFrame:
    return tf.withColumn("tf", sublinear(F.col("tf")))


def same_event(pairs: DataFrame, threshold: float, one_key: float = 1.4, no_key: float = 2.0) -> DataFrame:
    """The pairs that can be one event. Two articles that share two or more people, organisations or distinctive
    figures (``n``, counted by :func:`similar_pairs`) link at ``threshold``; sharing one (a mayor appears in many
    stories of her city), they must be ``one_key`` times as similar; sharing none, ``no_key`` times. Shared places
    and topic words alone do not make one event: a heatwave and a fare rise in one city are two stories.

    ``a, b, q, named``: a pair that shares a name but is not similar enough stays, with ``q`` 0, so that the
    clustering knows the name is shared (:func:`storyline.core.grouping.cluster.average_linkage`'s ``named``)."""
    need = F.floor(_name_factor(one_key, no_key) * F.lit(threshold * _SCALE * _SCALE))
    same = (F.col("n") >= 2) | (F.col("q") >= need)
    return pairs.where(same | (F.col("n") >= 1)).select(
        "a", "b", F.when(same, F.col("q")).otherwise(F.lit(0)).cast("long").alias("q"), (F.col("n") >= 1).alias("named"))


def _name_factor(one_key: float = 1.4, no_key: float = 2.0):
    """How many times the threshold :func:`same_event` asks of a pair by the names it shares (``n``): 1 with two or
    more, ``one_key`` with one, ``no_key`` with none."""
    return F.when(F.col("n") >= 2, F.lit(1.0)).when(F.col("n") == 1, F.lit(one_key)).otherwise(F.lit(no_key))


def _by_names(one_key: float = 1.4, no_key: float = 2.0):
    """A pair's cosine (``q``) over what :func:`same_event` asks of it for the names it shares: whole with two or
    more, 1/1.4 of it with one, half with none."""
    return F.floor(F.col("q") / _name_factor(one_key, no_key)).cast("long")


def term_vectors(tf: DataFrame, n_articles: int, vector_terms: int, max_df: float, max_postings: int,
                 min_postings: int = 50, only: DataFrame | None = None) -> DataFrame:
    """``article_id, term, q`` (quantised L2-normalised TF-IDF weight) of the terms each article keeps:
    its ``vector_terms`` heaviest terms among those found in at most cap articles (only terms shared with
    another article are returned), where cap = min(max_postings, max(min_postings, max_df * n_articles)).
    ``n_articles`` is the number of articles; ``only`` (``article_id``), when given, the articles whose vectors
    are wanted (the document frequencies are still those of all of ``tf``)."""
    df = tf.groupBy("term").agg(F.count(F.lit(1)).alias("df")).withColumn("n", F.lit(n_articles).cast("long"))
    cap = F.least(F.lit(max_postings), F.greatest(F.lit(min_postings), F.floor(F.col("n") * max_df)))
    # Terms unique to one article stay in the vector (they make its norm, so an article full of its own
    # details is less similar to everything) but are dropped after normalising: they can match nothing.
    # Smoothed idf (+1): a term every article shares still counts. In a small input about one event (four
    # reports of one resignation) the shared names are the signal; in large inputs max_df drops common terms.
    idf = (df.where(F.col("df") <= cap)
           .select("term", "df", (F.log((F.col("n") + 1) / (F.col("df") + 1)) + 1).alias("idf")))
    if only is not None:
        tf = tf.join(only, "article_id", "left_semi")
    w = tf.join(idf, "term").select("article_id", "term", "df", (F.col("tf") * F.col("idf")).alias("w"))
    rank = Window.partitionBy("article_id").orderBy(F.col("w").desc(), F.col("term"))
    top = w.withColumn("r", F.row_number().over(rank)).where(F.col("r") <= vector_terms).drop("r")
    norm = Window.partitionBy("article_id")
    q = F.round(F.col("w") / F.sqrt(F.sum(F.col("w") * F.col("w")).over(norm)) * _SCALE).cast("long")
    return top.select("article_id", "term", "df", q.alias("q")).where(F.col("df") >= 2).drop("df")


def similar_pairs(vectors: DataFrame, days: DataFrame, window_days: int | None, floor: float,
                  keys: DataFrame | None = None, hashed: DataFrame | None = None) -> DataFrame:
    """``a, b, q, n`` (a < b; q = cosine * SCALE^2, exact; n = event keys shared) of article pairs sharing a kept
    term, within the time window, with cosine >= floor. ``keys`` (``article_id, term``, already capped) ride the
    same self-join with weight 0, so counting shared keys costs no extra join.

    ``hashed`` (``article_id, h``: a 64-bit key per article, distinct over the articles, see :func:`article_keys`)
    makes the self-join and the sum per pair run on longs instead of id strings (a fifth faster at 10,000
    articles); the surviving pairs are mapped back to their ids. The result is the same either way."""
    v = vectors.withColumn("k", F.lit(0))
    if keys is not None:
        v = v.unionByName(keys.select("article_id", "term", F.lit(0).cast("long").alias("q"), F.lit(1).alias("k")))
    v = v.join(days, "article_id")
    if hashed is not None:
        v = v.withColumn("article_id", F.xxhash64("article_id"))  # the ``h`` of ``hashed``, computed in place
    va = v.select(F.col("article_id").alias("a"), "term", F.col("q").alias("qa"), F.col("k").alias("ka"),
                  F.col("day").alias("da"))
    vb = v.select(F.col("article_id").alias("b"), "term", F.col("q").alias("qb"), F.col("k").alias("kb"),
                  F.col("day").alias("db"))
    cond = F.col("a") < F.col("b")
    if window_days is not None:
        cond = cond & (F.col("da").isNull() | F.col("db").isNull() |
                       (F.abs(F.col("da") - F.col("db")) <= window_days))
    prods = va.join(vb, "term").where(cond).select("a", "b", (F.col("qa") * F.col("qb")).alias("p"),
                                                   (F.col("ka") * F.col("kb")).alias("kk"))
    pairs = (prods.groupBy("a", "b").agg(F.sum("p").alias("q"), F.sum("kk").cast("int").alias("n"))
             .where(F.col("q") >= F.lit(int(floor * _SCALE * _SCALE))))
    if hashed is None:
        return pairs
    ida = hashed.select(F.col("h").alias("a"), F.col("article_id").alias("ida"))
    idb = hashed.select(F.col("h").alias("b"), F.col("article_id").alias("idb"))
    return pairs.join(ida, "a").join(idb, "b").select(
        F.least("ida", "idb").alias("a"), F.greatest("ida", "idb").alias("b"), "q", "n")


def article_keys(articles: DataFrame) -> tuple[DataFrame | None, int]:
    """``article_id, h`` (xxhash64 of the id) and the number of articles, in one small query over the ids; the
    keys are None when two ids share a hash (about one input in 10^7 at a million articles), and the pair join
    then runs on the ids themselves."""
    keyed = articles.select("article_id", F.xxhash64("article_id").alias("h"))  # similar_pairs hashes alike
    row = keyed.agg(F.count(F.lit(1)).alias("n"), F.countDistinct("h").alias("hashes")).first()
    n = int(row["n"])
    if int(row["hashes"]) != n:
        log.info("two article ids share a 64-bit hash: the story pairs are joined on the ids")
        return None, n
    return keyed, n


def capped_keys(keys: DataFrame, max_postings: int) -> DataFrame:
    """Event keys found in at least two articles and at most ``max_postings`` (the posting cap of story terms,
    whatever the input size: names are rarer than words, so a name many stories share in a small input still
    helps with a second one, and the cap bounds the self-join at scale)."""
    df = keys.groupBy("term").agg(F.count(F.lit(1)).alias("df"))
    kept = df.where((F.col("df") >= 2) & (F.col("df") <= max_postings)).select("term")
    return keys.join(kept, "term").select("article_id", "term")


def _linked(pairs: DataFrame, apart: DataFrame, days: DataFrame, strong_q: int) -> DataFrame:
    """``component, a, b, q, named, apart, da, db``: the pairs of each connected component of the strong pairs (q
    at least ``strong_q``), and its pairs that are never one story (``apart``, q 0), with both ends' days."""
    comps = connected_components(pairs.where(F.col("q") >= strong_q))
    ca = comps.select(F.col("node").alias("a"), F.col("component"))
    cb = comps.select(F.col("node").alias("b"), F.col("component").alias("cb"))
    da = days.select(F.col("article_id").alias("a"), F.col("day").alias("da"))
    db = days.select(F.col("article_id").alias("b"), F.col("day").alias("db"))
    flagged = pairs.select("a", "b", "q", "named", F.lit(False).alias("apart")).unionByName(
        apart.select("a", "b", F.lit(0).cast("long").alias("q"), F.lit(False).alias("named"), F.lit(True).alias("apart")))
    return (flagged.join(ca, "a").join(cb, "b").where(F.col("component") == F.col("cb"))
            .join(da, "a", "left").join(db, "b", "left")
            .select("component", "a", "b", "q", "named", "apart", "da", "db"))


def join_lone(label: DataFrame, similar: DataFrame, threshold: float, margin: float,
              window_days: int | None = None, apart: DataFrame | None = None) -> DataFrame:
    """``article_id, ts, label`` with each lone article (a story of one) moved into the story of several articles
    that it is most similar to, when that similarity reaches ``threshold`` (``similar``: the article pairs and their
    cosines, whatever names they share) and beats its similarity to any other such story by ``margin`` (a cosine).
    Short reports (a tweet, a video's caption, a brief) name too little for the shared-names rule of
    :func:`same_event`, but the story they belong to is still the one they are clearly nearest to. A lone article
    about as near to two stories joins neither, and two lone articles never make a story on their own: that is
    what the shared-names rule is for (a heatwave and a fare rise in one city). With ``window_days``, a dated lone
    article never joins a story whose known dates it would stretch past that many days, and joins a story with no
    known date only on the names :func:`same_event` asks for (its cosine counts half when they share no name, 1/1.4
    of it with one): time cannot tell it apart from an event of another year (a 2020 page on multivitamins and three
    undated reports of a study of fruit and vegetables). Nor, with ``apart`` (:func:`ages_apart_pairs`), does it join a story with an
    article it is apart from."""
    day = F.datediff(F.to_date("ts"), F.lit("1970-01-01").cast("date"))
    size = label.groupBy("label").agg(F.count(F.lit(1)).alias("size"), F.min(day).alias("lo"), F.max(day).alias("hi"))
    sized = label.withColumn("day", day).join(size, "label").select("article_id", "label", "size", "day", "lo", "hi")
    ends = similar.select("a", "b", "q", "n").unionByName(
        similar.select(F.col("b").alias("a"), F.col("a").alias("b"), "q", "n"))
    lone = sized.where(F.col("size") == 1).select(F.col("article_id").alias("a"), F.col("label").alias("own"), "day")
    stories = sized.where(F.col("size") >= 2).select(F.col("article_id").alias("b"), F.col("label").alias("to"),
                                                      "lo", "hi")
    near = ends.join(lone, "a").join(stories, "b")
    if window_days is not None:
        near = near.where(F.col("day").isNull() | F.col("lo").isNull()
                          | (F.greatest("hi", "day") - F.least("lo", "day") <= window_days))
        near = near.withColumn("q", F.when(F.col("day").isNotNull() & F.col("lo").isNull(), _by_names())
                               .otherwise(F.col("q")))
    near = near.groupBy("own", "to").agg(F.max("q").alias("q"))
    if apart is not None:
        pairs = apart.select("a", "b").unionByName(apart.select(F.col("b").alias("a"), F.col("a").alias("b")))
        never = pairs.join(lone, "a").join(stories, "b").select("own", "to")
        near = near.join(never, ["own", "to"], "left_anti")
    rank = Window.partitionBy("own").orderBy(F.col("q").desc(), F.col("to"))
    top = near.withColumn("r", F.row_number().over(rank)).where(F.col("r") <= 2)
    best = top.where(F.col("r") == 1).select("own", "to", "q")
    second = top.where(F.col("r") == 2).select("own", F.col("q").alias("q2"))
    moves = (best.join(second, "own", "left")
             .where((F.col("q") >= F.lit(int(threshold * _SCALE * _SCALE)))
                    & (F.col("q2").isNull() | (F.col("q") - F.col("q2") >= F.lit(int(margin * _SCALE * _SCALE)))))
             .select(F.col("own").alias("label"), "to"))
    return label.join(moves, "label", "left").select("article_id", "ts", F.coalesce("to", "label").alias("label"))


def cluster_stories(articles: DataFrame, threshold: float = 0.1, window_days: int | None = 3,
                    lead_words: int = STORY_TERMS.lead_words, title_weight: float = STORY_TERMS.title_weight,
                    entity_weight: float = STORY_TERMS.entity_weight, body_weight: float = STORY_TERMS.body_weight,
                    vector_terms: int = 100, max_df: float = 0.05, max_postings: int = 100, link_floor: float = 0.5,
                    lone_margin: float | None = 0.3, terms: DataFrame | None = None,
                    only: DataFrame | None = None) -> DataFrame:
    """``article_id, story_key`` for every input article; ``story_key`` is the ``article_id`` of the story's
    seed (earliest published, unknown dates last, then smallest id), so it is stable for a given input.

    Input columns: ``article_id`` (string, unique), ``text`` (string); optional ``title``, ``published`` (ISO
    string or null) and ``source``. ``threshold`` is the cosine similarity of TF-IDF vectors (title, lead, body and
    entity-like phrases) at which two articles tell the same story; average linkage inside each connected
    component needs the same mean similarity, over pairs down to ``link_floor * threshold``. A lone article then
    joins the story it is clearly nearest to (:func:`join_lone`; ``lone_margin`` times the threshold; None: never).

    ``terms``: the articles' terms (:func:`raw_terms`, e.g. as a run stored them), in place of a Python pass over
    the texts (the four term weights are then those the terms were made with). ``only`` (``article_id``): cluster
    these articles alone, weighing their terms by the document frequencies of all ``articles``; the result then
    holds only them.
    """
    _validate(threshold, window_days, vector_terms, max_df, max_postings, link_floor)
    require_columns(articles, ["article_id", "text"], "stories", ARTICLE_INPUT_TYPES)
    has_date = "published" in articles.columns
    ts = published_ts() if has_date else F.lit(None).cast("timestamp")
    dated = articles.select("article_id", ts.alias("ts"))
    if only is not None:
        only = only.select("article_id")
        dated = dated.join(only, "article_id", "left_semi")
    days = dated.select("article_id", F.datediff(F.to_date("ts"), F.lit("1970-01-01").cast("date")).alias("day"))
    # persist: the term table is the output of a Python pass over every text and is read three times (document
    # frequencies, the weights, the event keys); without it the pass would run again each time. Stored terms are
    # read from their files instead.
    raw = terms if terms is not None else raw_terms(articles, TermConfig(
        lead_words=lead_words, title_weight=title_weight, entity_weight=entity_weight,
        body_weight=body_weight)).persist()
    tf = _sublinear(raw.where(~F.col("term").startswith("k:") & ~F.col("term").startswith("a:")))
    keys = capped_keys(raw.where(F.col("term").startswith("k:")).select("article_id", "term"), max_postings)
    ages = raw.where(F.col("term").startswith("a:"))
    if only is not None:
        keys = keys.join(only, "article_id", "left_semi")
        ages = ages.join(only, "article_id", "left_semi")
    hashed, n_articles = article_keys(articles)
    # persist: the similarity self-join reads the vectors twice (both ends of each pair).
    vectors = term_vectors(tf, n_articles, vector_terms, max_df, max_postings, only=only).persist()
    # checkpoint: the pair table is the expensive part and is read three times (components,
    # per-component edges, nodes); the checkpoint keeps it and cuts its lineage before the iterative
    # components loop. Nothing reads the persisted term tables after it, so they are released.
    strong_q = int(threshold * _SCALE * _SCALE)
    try:
        # checkpoint: small, and read twice (the components' edges, the lone articles)
        apart = checkpoint(ages_apart_pairs(ages, max_postings))
        similar = checkpoint(similar_pairs(vectors, days, window_days, link_floor * threshold, keys, hashed))
    finally:
        vectors.unpersist()
        if terms is None:
            raw.unpersist()
    # one pandas call per component (applyInPandas): streaming many components to a batch, hashed over a fixed
    # number of partitions, was slower at 100k articles (147-181 s against 118-124 s for the clustering). The
    # components are dealt over the cores first: left to adaptive execution, the few megabytes of edges went into
    # two partitions, one of 26 s of Python and one of 10 s, at 100k articles
    labels = spread(_linked(same_event(similar, threshold), apart, days, strong_q), "component").groupBy(
        "component").applyInPandas(_label_groups(threshold, window_days), schema=COMPONENT_LABELS)
    label = (dated.join(labels, dated.article_id == labels.node, "left")
             .select("article_id", "ts", F.coalesce("label", "article_id").alias("label")))
    if lone_margin is not None:
        label = join_lone(label, similar, threshold, lone_margin * threshold, window_days, apart)
    seeds = (label.groupBy("label")
             .agg(F.min(F.struct(F.col("ts").isNull().alias("no_date"), F.col("ts"), F.col("article_id")))
                  .alias("s"))
             .select("label", F.col("s.article_id").alias("story_key")))
    return label.join(seeds, "label").select("article_id", "story_key")

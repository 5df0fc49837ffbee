"""Duplicates folded on Spark DataFrames: exact copies (the same folded text, :func:`exact_duplicates`), then near
copies (:func:`fold_near_duplicates`): MinHash LSH candidates, signature verification, connected components, and a
deterministic canonical article per duplicate group.

Near-duplicate steps (each a DataFrame step; hashing runs in :mod:`storyline.core.grouping.minhash` through
``mapInPandas``):

1. signatures: ``article_id, sig array<int>, bands array<bigint>`` (one Arrow batch at a time);
2. band buckets: explode the band keys, group by key, and emit candidate pairs inside each bucket
   (all pairs for ordinary buckets; for huge buckets only each member's next ``max_bucket`` neighbours in
   ``article_id`` order, so one bucket of 10,000 copies costs 10,000 * max_bucket pairs, not 50 million);
3. verification: keep distinct pairs whose signature agreement (estimated Jaccard) is >= threshold;
4. connected components over verified pairs (:func:`~storyline.spark.components.connected_components`, large-star /
   small-star);
5. canonical = earliest ``published`` (unknown dates last), then smallest ``article_id``.
"""

from __future__ import annotations

from typing import Iterator

import pandas as pd
from pyspark.sql import Column, DataFrame, Window
from pyspark.sql import functions as F

from storyline.core.checks import int_at_least
from storyline.core.grouping.minhash import LSHParams, MinHasher, check_threshold
from storyline.spark.stage import Context, EmptyRun, Output
from storyline.spark.articles import public_articles, published_ts
from storyline.spark.components import connected_components
from storyline.spark.mapping import spread
from storyline.spark.schemas import ARTICLE_INPUT_TYPES, NEAR_PAIRS, SIGNATURES, fields, require_columns
from storyline.spark.session import checkpoint
from storyline.spark import rejects as R
from storyline.spark.schemas import ARTICLES, column_names



def exact_duplicates(articles: DataFrame) -> tuple[DataFrame, DataFrame]:
    """Fold articles with the same folded text. The canonical one is the earliest published, then smallest id.

    An article of an earlier output (column ``_old`` = 1, when present) always stays canonical.
    Returns (canonical articles, duplicates as ``article_id, canonical_id, similarity, method, content_hash``;
    the hash lets a later ``--into`` run tell the same record from a new one that reuses its id).
    """
    require_columns(articles, ["article_id", "content_hash", "published"], "dedup")
    order = [F.col("published").asc_nulls_last(), F.col("article_id")]
    keys = ["article_id", "content_hash", "published"]
    if "_old" in articles.columns:
        order.insert(0, F.col("_old").desc())
        keys.append("_old")
    w = Window.partitionBy("content_hash").orderBy(*order)
    # The window sorts ids and hashes only, never article text; checkpointed because the canonical articles,
    # the duplicates and the near-duplicate search all read it.
    ranked = checkpoint(articles.select(*keys).withColumn("_rn", F.row_number().over(w))
                        .withColumn("_canon", F.first("article_id").over(w)))
    # The checkpoint keeps the attributes of ``articles``: the join key is renamed so the two sides never share
    # one (without adaptive execution Spark cannot resolve the clash and stops with an internal error).
    folded = ranked.filter("_rn > 1").select(F.col("article_id").alias("_folded"))
    canon = articles.join(folded, articles["article_id"] == folded["_folded"], "left_anti")
    dups = ranked.filter("_rn > 1").select(
        "article_id", F.col("_canon").alias("canonical_id"), F.lit(1.0).alias("similarity"),
        F.lit("exact").alias("method"), "content_hash",
    )
    return canon, dups


def _signature_batches(num_perm: int, shingle: int, params: LSHParams):
    def run(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        hasher = MinHasher(num_perm=num_perm, shingle=shingle)
        for pdf in batches:
            sigs, bands = [], []
            for text in pdf["text"]:
                sig = hasher.signature(text or "")
                sigs.append(sig.astype("int32"))
                bands.append(MinHasher.band_keys(sig, params))
            yield pd.DataFrame({"article_id": pdf["article_id"], "sig": sigs, "bands": bands})
    return run


def signatures(articles: DataFrame, num_perm: int = 128, shingle: int = 5, threshold: float = 0.8,
               fn_weight: float = 0.8) -> DataFrame:
    """``article_id, sig, bands`` for every article (text null counts as empty)."""
    params = LSHParams.for_threshold(threshold, num_perm, fp_weight=1.0 - fn_weight, fn_weight=fn_weight)
    return spread(articles.select("article_id", "text")).mapInPandas(
        _signature_batches(num_perm, shingle, params), schema=SIGNATURES)


def bucket_pairs(keyed: DataFrame, key: str, member: str, max_bucket: int) -> DataFrame:
    """Candidate pairs ``a < b`` of members sharing a key: every pair when the bucket has at most
    ``max_bucket + 1`` members, else each member with its next ``max_bucket`` members in sorted order
    (a deterministic cap that keeps huge buckets linear). Pure Spark SQL, no Python."""
    buckets = (keyed.groupBy(key).agg(F.array_sort(F.collect_set(member)).alias("m"))
               .where(F.size("m") > 1))
    pairs = F.expr(
        "flatten(transform(sequence(0, size(m) - 2), i -> transform("
        f"sequence(i + 1, least(size(m) - 1, i + {int(max_bucket)})), j -> named_struct('a', m[i], 'b', m[j]))))")
    return buckets.select(F.explode(pairs).alias("p")).select("p.a", "p.b")


def agreement(sig_a: Column, sig_b: Column, num_perm: int) -> Column:
    """Fraction of equal positions of two signature arrays (the estimated Jaccard), as a Column."""
    same = F.zip_with(sig_a, sig_b, lambda x, y: F.when(x == y, 1).otherwise(0))
    return F.aggregate(same, F.lit(0), lambda acc, x: acc + x) / F.lit(float(num_perm))


# A graph with at most this many edges is solved in the driver with union-find: a few small jobs instead of a
# loop of distributed rounds (each several jobs), which dominate small runs. The edges are two ids each, so the driver
# holds a few tens of MB at most; a larger graph never leaves the executors.
def near_duplicates(articles: DataFrame, threshold: float = 0.8, num_perm: int = 128, shingle: int = 5,
                    max_bucket: int = 100, fn_weight: float = 0.8) -> DataFrame:
    """One row ``article_id, canonical_id, similarity`` per article that is a near-duplicate of another.

    Input columns: ``article_id`` (string, unique), ``text`` (string), optional ``published`` (ISO string or
    null) and ``source``. ``similarity`` is the estimated Jaccard between the article and its canonical copy.
    Articles without duplicates, and canonical articles, get no row.

    ``fn_weight`` weighs missed pairs against extra candidates when the LSH bands are derived from the
    threshold (0.5 weighs them equally, as datasketch does). The default 0.8 favours recall (at 0.8 / 128:
    12 bands of 10 rows; a pair at Jaccard 0.85 becomes a candidate with probability 0.93 instead of 0.69);
    the extra candidates are cheap because every candidate is verified on its signatures anyway.
    """
    check_threshold(threshold)
    int_at_least("max_bucket", max_bucket, 1, "pairs per member in huge buckets")
    if not (0.0 < fn_weight < 1.0):
        raise ValueError(f"fn_weight must be in (0, 1) (0.5 weighs misses and extra candidates equally), got "
                         f"{fn_weight!r}")
    require_columns(articles, ["article_id", "text"], "dedup", ARTICLE_INPUT_TYPES)
    sigs = signatures(articles, num_perm=num_perm, shingle=shingle, threshold=threshold, fn_weight=fn_weight)
    # persist: signatures cost a Python pass over every text and are read three times (band buckets,
    # verification of both pair ends, similarity to the canonical copy).
    sigs = sigs.persist()
    try:
        keyed = sigs.select("article_id", F.explode("bands").alias("band_key"))
        pairs = bucket_pairs(keyed, "band_key", "article_id", max_bucket).distinct()
        sa = sigs.select(F.col("article_id").alias("a"), F.col("sig").alias("sig_a"))
        sb = sigs.select(F.col("article_id").alias("b"), F.col("sig").alias("sig_b"))
        verified = (pairs.join(sa, "a").join(sb, "b")
                    .where(agreement(F.col("sig_a"), F.col("sig_b"), num_perm) >= threshold)
                    .select("a", "b"))
        comps = connected_components(verified)
        dates = articles.select("article_id", published_ts().alias("ts")) if "published" in articles.columns \
            else articles.select("article_id", F.lit(None).cast("timestamp").alias("ts"))
        members = comps.join(dates, comps.node == dates.article_id).select("node", "component", "ts")
        canon = (members.groupBy("component")
                 .agg(F.min(F.struct(F.col("ts").isNull().alias("no_date"), F.col("ts"), F.col("node")))
                      .alias("c"))
                 .select("component", F.col("c.node").alias("canonical_id")))
        dup = (members.join(canon, "component").where(F.col("node") != F.col("canonical_id"))
               .select(F.col("node").alias("article_id"), "canonical_id"))
        sc = sigs.select(F.col("article_id").alias("canonical_id"), F.col("sig").alias("sig_c"))
        sd = sigs.select("article_id", F.col("sig").alias("sig_d"))
        out = (dup.join(sd, "article_id").join(sc, "canonical_id")
               .select("article_id", "canonical_id",
                       agreement(F.col("sig_d"), F.col("sig_c"), num_perm).cast("double").alias("similarity")))
        # Materialise the (small) result so the signatures can be released before returning.
        out = checkpoint(out)
    finally:
        sigs.unpersist()
    return out.select([F.col(name).cast(typ) for name, typ in fields(NEAR_PAIRS)])


def fold_near_duplicates(canon: DataFrame, threshold: float, num_perm: int, shingle: int,
                         only_new: bool = False) -> tuple[DataFrame, DataFrame]:
    """Fold near-duplicates (:func:`near_duplicates`) among the exact-canonical articles: ``(canonical articles,
    duplicates as article_id, canonical_id, similarity, method, content_hash)``. With ``only_new``, articles of an
    earlier output (``_old`` = 1) are never folded away (their stories must not change); only new articles can
    become duplicates."""
    near = near_duplicates(
        canon.select("article_id", "text", "published", F.col("outlet").alias("source")),
        threshold=threshold, num_perm=num_perm, shingle=shingle,
    ).select("article_id", "canonical_id", F.col("similarity").cast("double"), F.lit("minhash").alias("method"))
    near = near.join(canon.select("article_id", "content_hash"), "article_id")
    if only_new:
        near = near.join(canon.filter(F.col("_old") == 0).select("article_id"), "article_id", "left_semi")
    return canon.join(near.select("article_id"), "article_id", "left_anti"), near


def run(ctx: Context, t: dict) -> Output:
    final = t["final"]
    pool = ctx.earlier.pool(public_articles(final.filter(F.col("kind") == "article")))
    canon, exact = exact_duplicates(pool)
    d = ctx.cfg.dedup
    canon, near = fold_near_duplicates(canon, d.threshold, d.num_perm, d.shingle, only_new=bool(ctx.earlier))
    return Output(tables={"duplicates": ctx.earlier.duplicates(exact.unionByName(near)),
                          "articles": canon.select(*column_names(ARTICLES))},
                  rejects=R.records(final))  # the texts too short or too long to be articles


def any_article(ctx: Context, t: dict) -> None:
    """The stage's check: a run whose input yields no article stops here; the runner writes its rejects and says
    why."""
    if not ctx.earlier and t["articles"].limit(1).count() == 0:
        raise EmptyRun()

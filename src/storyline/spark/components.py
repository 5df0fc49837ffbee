"""Connected components of a graph held as a DataFrame of edges: the Spark counterpart of
:func:`storyline.core.graph.connected_components`, shared by the stages that fold duplicates, group stories and
chain storylines."""

from __future__ import annotations

import logging

import pandas as pd
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from storyline.spark.session import checkpoint
from storyline.core.graph import connected_components as union_find

log = logging.getLogger(__name__)

LOCAL_EDGES = 200_000


def connected_components(edges: DataFrame, src: str = "a", dst: str = "b", max_iter: int = 100,
                         local_edges: int = LOCAL_EDGES) -> DataFrame:
    """``node, component`` for every node that has an edge; component = smallest node of its component.

    A graph of at most ``local_edges`` edges is solved by union-find in the driver. A larger one runs alternating
    large-star / small-star (Kiveris et al., "Connected Components in MapReduce and Beyond", 2014) on
    DataFrames: O(log^2 n) rounds, each a few shuffles. The edge table is stored as (u, v) with v < u and
    converges to stars around each component's minimum. Both are deterministic and give the same labels.
    """
    e = (edges.select(F.greatest(src, dst).alias("u"), F.least(src, dst).alias("v"))
         .where(F.col("u") != F.col("v")).distinct())
    # A checkpoint (eager) materialises each round and cuts its lineage: the plan of round k refers to the
    # table of round k-1 several times, so without a cut the plan (and the recomputation on any cache miss)
    # grows exponentially with the round count. In a run it is written to files, so it survives a lost executor.
    # The edges are computed once here; sizing and reading them back are cheap scans of the checkpoint, and a
    # large graph's edges never reach the driver.
    e = checkpoint(e)
    if e.limit(local_edges + 1).count() <= local_edges:
        return _local_components(edges.sparkSession, [(r["u"], r["v"]) for r in e.collect()])
    for rnd in range(1, max_iter + 1):
        # large-star: every node hands its larger neighbours to the smallest node of its neighbourhood.
        both = e.select(F.col("u").alias("x"), F.col("v").alias("y")).unionByName(
            e.select(F.col("v").alias("x"), F.col("u").alias("y")))
        mins = both.groupBy("x").agg(F.min("y").alias("my"))
        large = (both.join(mins, "x").where(F.col("y") > F.col("x"))
                 .select(F.col("y").alias("u"), F.least("my", "x").alias("v")).distinct())
        # small-star: every node links itself and its smaller neighbours to the smallest of them.
        mins2 = large.groupBy("u").agg(F.min("v").alias("m"))
        small = (large.join(mins2, "u")
                 .select(F.explode(F.array(F.struct(F.col("u").alias("n"), F.col("m")),
                                           F.struct(F.col("v").alias("n"), F.col("m")))).alias("s"))
                 .select(F.col("s.n").alias("u"), F.col("s.m").alias("v"))
                 .where(F.col("u") != F.col("v")).distinct())
        e = checkpoint(small)  # see above: cut lineage every round
        # Stars reached when no node is both a child and a parent and no child has two parents.
        has_grandchild = e.join(e.select(F.col("u").alias("v")), "v", "left_semi").select("u")
        two_parents = e.groupBy("u").count().where(F.col("count") > 1).select("u")
        if has_grandchild.unionByName(two_parents).isEmpty():  # one job
            log.debug("connected components converged after %d rounds", rnd)
            break
    else:
        raise RuntimeError(f"connected components did not converge in {max_iter} rounds; raise max_iter")
    roots = e.select(F.col("v").alias("node"), F.col("v").alias("component")).distinct()
    return e.select(F.col("u").alias("node"), F.col("v").alias("component")).unionByName(roots)


def _local_components(spark, pairs: list[tuple[str, str]]) -> DataFrame:
    labels = union_find({x for p in pairs for x in p}, pairs)  # labels are minima: the node order is irrelevant
    pdf = pd.DataFrame({"node": list(labels), "component": list(labels.values())}, dtype=object)
    return spark.createDataFrame(pdf, "node string, component string")

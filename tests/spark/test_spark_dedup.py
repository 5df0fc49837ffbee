"""Near-duplicate folding on tiny DataFrames in local mode."""

from __future__ import annotations

import random

import pytest
from pyspark.testing import assertDataFrameEqual

from storyline.core.grouping.minhash import shingle_set
from storyline.core.text.text import jaccard
from storyline.spark.components import connected_components
from storyline.spark.dedup import near_duplicates

VOCAB = ("harbour ferry storm council budget mayor school teacher strike museum painting theft police court "
         "river bank farmer tractor valley election ballot queue rain bridge station train delay").split()


def _articles():
    rng = random.Random(11)
    base = " ".join(rng.choice(VOCAB) for _ in range(200))
    copy = base + " reporting by the wire desk"
    edited = base.replace("ferry", "boat", 1)
    other = " ".join(rng.choice(VOCAB) for _ in range(200))
    assert jaccard(shingle_set(base), shingle_set(copy)) >= 0.9
    assert jaccard(shingle_set(base), shingle_set(other)) < 0.1
    return [
        ("w-copy", copy, "2024-03-01T08:00:00Z", "wire"),
        ("a-orig", base, "2024-03-01T09:00:00Z", "herald"),
        ("z-edit", edited, "2024-03-01T07:00:00Z", "gazette"),
        ("b-undated", base, None, None),
        ("o-other", other, "2024-02-01", "times"),
    ]


def test_folds_copies_onto_the_earliest_article(spark):
    df = spark.createDataFrame(_articles(), "article_id string, text string, published string, source string")
    rows = {r.article_id: (r.canonical_id, r.similarity) for r in near_duplicates(df).collect()}
    assert set(rows) == {"w-copy", "a-orig", "b-undated"}  # z-edit (earliest) is canonical, o-other unrelated
    assert {c for c, _ in rows.values()} == {"z-edit"}
    assert rows["b-undated"][1] >= 0.8 and rows["b-undated"][1] <= 1.0


def test_same_result_with_other_partitionings(spark):
    df = spark.createDataFrame(_articles(), "article_id string, text string, published string, source string")
    one = near_duplicates(df.repartition(1))
    assert one.count() > 0
    assertDataFrameEqual(one, near_duplicates(df.repartition(5, "source")))


def test_canonical_falls_back_to_smallest_id_without_dates(spark):
    rows = [(aid, text, None, None) for aid, text, _, _ in _articles()]
    df = spark.createDataFrame(rows, "article_id string, text string, published string, source string")
    out = near_duplicates(df).collect()
    assert {r.canonical_id for r in out} == {"a-orig"}


@pytest.mark.parametrize("local_edges", [0, 1000], ids=["distributed", "in-driver"])
def test_components_on_a_long_chain_and_two_islands(spark, local_edges):
    chain = [(f"c{i:02d}", f"c{i + 1:02d}") for i in range(20)][::-1]
    edges = spark.createDataFrame(chain + [("x2", "x1"), ("y1", "y2"), ("y3", "y2")], "a string, b string")
    got = {r.node: r.component for r in connected_components(edges, local_edges=local_edges).collect()}
    assert {got[f"c{i:02d}"] for i in range(21)} == {"c00"}
    assert got["x2"] == "x1" and got["y3"] == "y1" and len(got) == 26


def test_both_ways_of_finding_components_agree_on_a_random_graph(spark):
    import random

    rng = random.Random(3)
    pairs = [(f"n{rng.randrange(300):03d}", f"n{rng.randrange(300):03d}") for _ in range(260)]
    edges = spark.createDataFrame(pairs, "a string, b string")
    distributed = sorted(connected_components(edges, local_edges=0).collect())
    in_driver = sorted(connected_components(edges, local_edges=10_000).collect())
    assert distributed == in_driver and len({r.component for r in in_driver}) > 5


def test_rejects_bad_input_before_running(spark):
    with pytest.raises(ValueError, match=r"needs columns \['text'\]"):
        near_duplicates(spark.createDataFrame([("a",)], "article_id string"))
    with pytest.raises(ValueError, match="threshold"):
        near_duplicates(spark.createDataFrame([("a", "t")], "article_id string, text string"), threshold=1.5)

"""The synthetic corpus generator of the dedup and cluster benchmarks. The benchmarks through Spark:
``spark/test_bench_grouping_spark.py``."""

from __future__ import annotations

import json

import pytest

from conftest import seed_texts
from storyline.core.grouping.minhash import shingle_set
from storyline.core.text.text import jaccard
from storyline.bench.synth import SynthConfig, generate, write_corpus


def test_synth_is_deterministic_and_plants_true_near_duplicates(tmp_path):
    cfg = SynthConfig(n_articles=400, seed=5, dup_rate=0.3)
    a = write_corpus(seed_texts(), cfg, tmp_path / "a")
    b = write_corpus(seed_texts(), cfg, tmp_path / "b")
    assert open(a.articles_path).read() == open(b.articles_path).read()
    assert a.n_articles == 400 and a.n_planted_pairs > 20
    arts = {x["article_id"]: x for x in map(json.loads, open(a.articles_path))}
    assert len(arts) == 400
    for p in map(json.loads, open(a.pairs_path)):
        exact = jaccard(shingle_set(arts[p["a"]]["text"]), shingle_set(arts[p["b"]]["text"]))
        assert exact >= 0.8 and exact == pytest.approx(p["jaccard"], abs=1e-4)
        assert arts[p["a"]]["story"] == arts[p["b"]]["story"]
    days = {x["published"][:10] for x in arts.values()}
    assert len(days) >= 3  # spread over days


def test_synth_validates_and_needs_enough_sentences():
    with pytest.raises(ValueError, match="n_articles"):
        SynthConfig(n_articles=0)
    with pytest.raises(ValueError, match="usable sentences"):
        next(generate(["Too short."], SynthConfig(n_articles=3)))

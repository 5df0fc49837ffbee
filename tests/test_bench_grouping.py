"""Synthetic corpus generator and the dedup / cluster benchmark functions on tiny data."""

from __future__ import annotations

import json
import random

import pytest

from storyline.core.grouping.minhash import shingle_set
from storyline.core.text.text import jaccard
from storyline.bench.synth import SynthConfig, generate, write_corpus

WORDS = ("harbour ferry storm council budget mayor school teacher strike museum painting theft police court "
         "river bank farmer tractor valley election ballot queue rain bridge station train delay market price "
         "hospital nurse patient road crash driver witness judge verdict appeal").split()


def _seed_texts(n_texts: int = 30, seed: int = 3) -> list[str]:
    rng = random.Random(seed)
    texts = []
    for _ in range(n_texts):
        sents = []
        for _ in range(12):
            ws = [rng.choice(WORDS) for _ in range(rng.randint(10, 25))]
            sents.append(" ".join(ws).capitalize() + ".")
        texts.append(" ".join(sents))
    return texts


def test_synth_is_deterministic_and_plants_true_near_duplicates(tmp_path):
    cfg = SynthConfig(n_articles=400, seed=5, dup_rate=0.3)
    a = write_corpus(_seed_texts(), cfg, tmp_path / "a")
    b = write_corpus(_seed_texts(), cfg, tmp_path / "b")
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


@pytest.mark.spark
def test_dedup_bench_on_tiny_corpus(spark, tmp_path):
    from storyline.bench.dedup import run_dedup_bench

    seeds = tmp_path / "seeds.txt"
    seeds.write_text("\n".join(_seed_texts()))
    res = run_dedup_bench(spark, seeds=seeds, sizes=(300,), peer_size=300, work_dir=tmp_path / "w",
                          peers=("datasketch", "mllib"), mllib_timeout_s=600)
    by = {r["method"]: r for r in res["runs"]}
    assert set(by) == {"storyline", "datasketch", "mllib"}
    assert by["storyline"]["planted_pairs"] > 0
    assert by["storyline"]["recall"] >= 0.9 and by["storyline"]["precision"] >= 0.9
    # The peers run for real on the same pairs: their scores are measured, not storyline's to guarantee.
    assert by["datasketch"]["finished"] and 0.5 <= by["datasketch"]["recall"] <= 1.0


@pytest.mark.spark
def test_cluster_bench_on_tiny_corpus(spark, tmp_path):
    from storyline.bench.cluster import run_cluster_bench

    seeds = tmp_path / "seeds.txt"
    seeds.write_text("\n".join(_seed_texts()))
    res = run_cluster_bench(spark, multinews=None, seeds=seeds, sizes=(200,), work_dir=tmp_path / "w")
    row = res["scale"][0]
    assert row["n"] == 200 and row["articles_per_s"] > 0
    # stories carry invented names unique to them: clustering must recover most of each story
    assert row["bcubed_f1"] >= 0.8


@pytest.mark.spark
def test_cluster_bench_scores_multinews_as_the_pipeline_rejects(spark, tmp_path):
    """Widget pages and short texts are rejects, not story members: the headline leaves them out of the gold
    and counts them; the reference variant keeps the short ones."""
    from storyline.bench.cluster import run_cluster_bench

    def doc(name: str, topic: str, i: int) -> str:
        rng = random.Random(f"{name}{i}")
        vocab = WORDS[:18] if name == "Merrow Bay" else WORDS[18:]  # each story has its own words
        return " ".join(f"{name} {topic}: " + " ".join(rng.choice(vocab) for _ in range(12)) + "."
                        for _ in range(6))

    examples = [
        {"id": "ex-ferry", "summary": "s", "documents": [
            doc("Merrow Bay", "ferry strike", 1), doc("Merrow Bay", "ferry strike", 2),
            "Tweet with a location. You can add where you are to your posts from the web."]},
        {"id": "ex-museum", "summary": "s", "documents": [
            doc("Selwick", "museum theft", 1), doc("Selwick", "museum theft", 2),
            "Selwick museum theft: police appeal for witnesses."]},
    ]
    path = tmp_path / "mn.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in examples))
    res = run_cluster_bench(spark, multinews=path, sizes=(), sweep=(0.1,), min_words=40)
    head, ref = res["quality"]["as_pipeline"], res["quality"]["short_documents_kept"]
    assert head["documents"] == 4 and head["dropped"] == {"social_widget": 1, "too_short": 1}
    assert head["bcubed_f1"] == 1.0
    assert ref["documents"] == 5 and ref["dropped"] == {"social_widget": 1}
    assert [s["threshold"] for s in res["sweep"]] == [0.1]

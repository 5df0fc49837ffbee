"""The dedup and cluster benchmarks, run through Spark on tiny data."""

from __future__ import annotations

import json
import random

from conftest import WORDS, seed_texts


def test_dedup_bench_on_tiny_corpus(spark, tmp_path):
    from storyline.bench.dedup import run_dedup_bench

    seeds = tmp_path / "seeds.txt"
    seeds.write_text("\n".join(seed_texts()))
    res = run_dedup_bench(spark, seeds=seeds, sizes=(300,), peer_size=300, work_dir=tmp_path / "w",
                          peers=("datasketch", "mllib"), mllib_timeout_s=600)
    by = {r["method"]: r for r in res["runs"]}
    assert set(by) == {"storyline", "datasketch", "mllib"}
    assert by["storyline"]["planted_pairs"] > 0
    assert by["storyline"]["recall"] >= 0.9 and by["storyline"]["precision"] >= 0.9
    # The peers run for real on the same pairs: their scores are measured, not storyline's to guarantee.
    assert by["datasketch"]["finished"] and 0.5 <= by["datasketch"]["recall"] <= 1.0


def test_cluster_bench_on_tiny_corpus(spark, tmp_path):
    from storyline.bench.cluster import run_cluster_bench

    seeds = tmp_path / "seeds.txt"
    seeds.write_text("\n".join(seed_texts()))
    res = run_cluster_bench(spark, multinews=None, seeds=seeds, sizes=(200,), work_dir=tmp_path / "w")
    row = res["scale"][0]
    assert row["n"] == 200 and row["articles_per_s"] > 0
    # stories carry invented names unique to them: clustering must recover most of each story
    assert row["bcubed_f1"] >= 0.8


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

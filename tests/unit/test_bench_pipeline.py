"""`storyline bench pipeline`: the plain-Python baseline does the job it is compared on, the memory sampler sees a
run's processes, and bad arguments are refused before Spark starts."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def _seeds(tmp_path):
    """A seed corpus (JSONL of ``{"text": ...}``) of made-up sentences with a large vocabulary, so that stories
    drawn from it share few words, as stories drawn from a real corpus do."""
    import random

    rng = random.Random(5)
    vocab = ["".join(rng.choice("bdfgklmnprstvz") + rng.choice("aeiou") for _ in range(3)) for _ in range(4000)]
    seeds = tmp_path / "seeds.jsonl"
    with open(seeds, "w", encoding="utf-8") as dst:
        for _ in range(150):
            sentences = [" ".join(rng.choice(vocab) for _ in range(rng.randint(10, 18))).capitalize() + "."
                         for _ in range(8)]
            dst.write(json.dumps({"text": " ".join(sentences)}) + "\n")
    return seeds


def test_plain_baseline_finds_the_planted_duplicates_and_stories(tmp_path):
    from storyline.bench.dedup import corpus, seed_texts
    from storyline.bench.pipeline import quality
    from storyline.bench.plain import run_plain

    summary = corpus(seed_texts(_seeds(tmp_path)), 400, tmp_path / "work")
    with open(summary.articles_path, encoding="utf-8") as fh:
        gold = {a["article_id"]: a["story"] for a in map(json.loads, fh)}
    res = run_plain(summary.articles_path, words=60)
    q = quality(res.duplicate_pairs, res.stories, summary, gold, 0.8)
    assert summary.n_planted_pairs > 10
    assert q["dedup_recall"] >= 0.9 and q["dedup_precision"] >= 0.95
    assert q["bcubed_f1"] >= 0.8
    assert res.summaries == len(set(res.stories.values()))
    assert set(res.seconds) == {"read", "sentences", "duplicates", "stories", "summaries", "total"}


def test_tfidf_threshold_clustering_links_only_similar_texts():
    from storyline.bench.plain import tfidf_threshold_components

    texts = ["The port closed in a storm on Monday", "A storm closed the port on Monday night",
             "Bus fares rise by fifty cents", "The council raised bus fares by fifty cents", "Unrelated words here"]
    labels = tfidf_threshold_components(texts, 0.25, chunk=2)  # chunks smaller than the input
    assert labels[0] == labels[1] and labels[2] == labels[3]
    assert len({labels[0], labels[2], labels[4]}) == 3


def test_peak_memory_finds_the_python_processes_below_a_run():
    from storyline.bench.pipeline import PeakMemory

    code = "import time; x = bytearray(150 * 2**20); x[::4096] = b'1' * len(x[::4096]); time.sleep(1.5)"
    proc = subprocess.Popen(["bash", "-c", f'"{sys.executable}" -c "{code}"; true'])
    with PeakMemory(proc.pid, every=0.05) as mem:
        proc.wait(timeout=60)
    peaks = mem.mib()
    assert peaks["python_worker"] >= 150, peaks
    assert peaks["tree"] >= peaks["python_worker"] and peaks["jvm"] == 0


def test_bench_pipeline_checks_its_data_before_spark_starts(tmp_path):
    from storyline.cli import main

    assert main(["bench", "pipeline", "--data", str(tmp_path / "missing.jsonl")]) == 2


def test_bench_pipeline_refuses_zero_runs_before_spark_starts(tmp_path, capsys):
    from storyline.cli import main

    seeds = _seeds(tmp_path)
    assert main(["bench", "pipeline", "--data", str(seeds), "--baseline-runs", "0"]) == 2
    assert "--baseline-runs must be 1 or more" in capsys.readouterr().err
    assert main(["bench", "pipeline", "--data", str(seeds), "--runs", "0"]) == 2
    assert "--runs must be 1 or more" in capsys.readouterr().err


def test_medians_of_storyline_and_baseline_runs_are_the_middle_run_with_every_time_listed():
    from storyline.bench.pipeline import median_plain, median_run
    from storyline.bench.plain import PlainResult

    runs = [{"timings_s": {"total": total, "spark_startup": 3.0}, "tag": tag}
            for total, tag in [(50.0, "slow"), (23.0, "fast"), (33.0, "mid")]]
    mid = median_run(runs)
    assert mid["tag"] == "mid" and mid["all_work_s"] == [47.0, 20.0, 30.0]
    plains = [PlainResult(seconds={"total": t}, summaries=i) for i, t in enumerate([9.0, 4.0, 6.0, 20.0])]
    assert median_plain(plains).summaries == 0  # the upper middle of 4, 6, 9, 20
    assert median_plain(plains[:3]).summaries == 2


def test_the_nightly_bench_cuts_the_corpus_at_its_newest_articles(tmp_path):
    import json

    from storyline.bench.incremental import split_by_time

    src = tmp_path / "all.jsonl"
    rows = [{"article_id": f"a{k}", "published": f"2024-01-0{1 + k % 5}T10:00:00Z", "text": "x"} for k in range(10)]
    src.write_text("".join(json.dumps(r) + "\n" for r in rows))
    earlier, new = split_by_time(str(src), 3, tmp_path)
    old = [json.loads(line) for line in earlier.read_text().splitlines()]
    fresh = [json.loads(line) for line in new.read_text().splitlines()]
    assert len(old) == 7 and len(fresh) == 3
    assert max(r["published"] for r in old) <= min(r["published"] for r in fresh)
    with pytest.raises(ValueError, match="between 1 and 9"):
        split_by_time(str(src), 10, tmp_path)

"""Story clustering benchmark: quality on pooled Multi-News (B-cubed and pairwise), a threshold sweep, and
throughput on synthetic corpora of growing size.

Multi-News: every document of an example is one gold story. Documents are cleaned with
:func:`storyline.core.text.clean.clean_text`. The headline figures (``quality["as_pipeline"]``) score what a run
does: documents the pipeline rejects (:func:`storyline.core.text.clean.non_article_reason`, and texts shorter
than ``clean.min_words``) become rejects, not story members, so they are left out of the gold and counted per
reason. ``quality["short_documents_kept"]`` also clusters the short documents, for reference. The pool is
shuffled with a fixed seed; documents have no title, date or outlet, so clustering sees text only.
"""

from __future__ import annotations

import json
import logging
import random
import time
from collections import Counter
from pathlib import Path
from typing import Sequence

from storyline.bench.dedup import read_corpus, session_for, corpus, seed_texts, warm_up
from storyline.core.text.clean import clean_text, non_article_reason
from storyline.bench.scores import cluster_scores
from storyline.core.text.text import words

log = logging.getLogger(__name__)


def multinews_pool(path: str | Path, seed: int = 7, min_words: int = 0) -> tuple[list[tuple], dict, Counter]:
    """``(rows, gold, dropped)``: shuffled ``(article_id, title, text, published, source)`` rows, gold story of
    each kept document, and the count of dropped documents per reason."""
    rows, gold, dropped = [], {}, Counter()
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            ex = json.loads(line)
            for i, doc in enumerate(ex["documents"]):
                text = clean_text(doc).text
                reason = non_article_reason(text)
                if reason is None and min_words and len(words(text)) < min_words:
                    reason = "too_short"
                if reason:
                    dropped[reason] += 1
                    continue
                aid = f"{ex['id']}#{i}"
                rows.append((aid, None, text, None, None))
                gold[aid] = ex["id"]
    random.Random(seed).shuffle(rows)
    return rows, gold, dropped


def _scores_dict(pred: dict, gold: dict) -> dict:
    s = cluster_scores(pred, gold)
    return {k: round(v, 4) for k, v in s.__dict__.items()}


def run_cluster_bench(spark=None, multinews: str | Path | None = "../shared/data/multinews-dev/multinews_dev.jsonl",
                      seeds: str | Path | None = None, sizes: Sequence[int] = (10_000, 100_000),
                      work_dir: str | Path = "bench-work", threshold: float = 0.1,
                      sweep: Sequence[float] = (0.06, 0.08, 0.1, 0.12, 0.15, 0.2, 0.3),
                      min_words: int | None = None, **cluster_kwargs) -> dict:
    """Multi-News quality as the pipeline sees it (at ``threshold`` and over ``sweep``) and with the short
    documents kept, then synthetic throughput at each size. ``min_words`` defaults to the packaged
    ``clean.min_words``. Prints tables and returns the numbers."""
    # Spark and the config: imported when the benchmark runs
    from storyline.config import load_config

    if min_words is None:
        min_words = load_config().clean.min_words
    spark, own = session_for(spark)
    result: dict = {"threshold": threshold, "min_words": min_words, "quality": {}, "sweep": [], "scale": []}
    try:
        if multinews is not None and Path(multinews).exists():
            _quality(spark, multinews, min_words, threshold, sweep, cluster_kwargs, result)
        _scale(spark, seeds or multinews, sizes, work_dir, threshold, cluster_kwargs, result)
    finally:
        if own:
            spark.stop()
    return result


def _quality(spark, multinews: str | Path, min_words: int, threshold: float, sweep: Sequence[float],
             cluster_kwargs: dict, result: dict) -> None:
    """Multi-News clustering scores into ``result``: as the pipeline sees the documents (at ``threshold`` and over
    ``sweep``), and with the short documents kept."""
    # Spark and the config: imported when the benchmark runs
    from storyline.spark.cluster import cluster_stories

    for label, mw in (("as_pipeline", min_words), ("short_documents_kept", 0)):
        rows, gold, dropped = multinews_pool(multinews, min_words=mw)
        df = spark.createDataFrame(rows, "article_id string, title string, text string, published string, "
                                         "source string")
        t0 = time.perf_counter()
        pred = {r.article_id: r.story_key for r in
                cluster_stories(df, threshold=threshold, **cluster_kwargs).collect()}
        secs = time.perf_counter() - t0
        q = {"documents": len(rows), "stories": len(set(gold.values())), "dropped": dict(dropped),
             "seconds": round(secs, 1), **_scores_dict(pred, gold)}
        result["quality"][label] = q
        print(f"multinews [{label}] docs={q['documents']} dropped={q['dropped']}  B3 P={q['bcubed_precision']}"
              f" R={q['bcubed_recall']} F1={q['bcubed_f1']}  pairwise F1={q['pairwise_f1']}", flush=True)
        if label != "as_pipeline":
            continue
        headline = pred
        for th in sweep:
            # the headline threshold was clustered above: its result is reused, not recomputed
            pred = headline if th == threshold else {
                r.article_id: r.story_key
                for r in cluster_stories(df, threshold=th, **cluster_kwargs).collect()}
            s = {"threshold": th, **_scores_dict(pred, gold)}
            result["sweep"].append(s)
            print(f"  sweep threshold={th:<5} B3 P={s['bcubed_precision']} R={s['bcubed_recall']} "
                  f"F1={s['bcubed_f1']}  pairwise F1={s['pairwise_f1']}", flush=True)


def _scale(spark, seed_path: str | Path | None, sizes: Sequence[int], work_dir: str | Path, threshold: float,
           cluster_kwargs: dict, result: dict) -> None:
    """Synthetic throughput at each size into ``result``, and the per-article cost ratio of the largest to the
    smallest."""
    # Spark and the config: imported when the benchmark runs
    from storyline.spark.cluster import cluster_stories

    if sizes and seed_path is not None:
        texts = seed_texts(seed_path)
        for n in sizes:
            c = corpus(texts, n, work_dir)

            def run(df):
                out = cluster_stories(df.drop("story"), threshold=threshold, **cluster_kwargs)
                return {r.article_id: r.story_key for r in out.collect()}
            warm_up(spark, c.articles_path, run)
            t0 = time.perf_counter()
            pred = run(read_corpus(spark, c.articles_path))
            secs = time.perf_counter() - t0
            with open(c.articles_path, encoding="utf-8") as fh:
                gold = {a["article_id"]: a["story"] for a in map(json.loads, fh)}
            row = {"n": n, "seconds": round(secs, 2), "articles_per_s": round(n / secs, 1),
                   **_scores_dict(pred, gold)}
            result["scale"].append(row)
            print(f"cluster n={n:>8}  {secs:>8.1f} s  {row['articles_per_s']:>8.1f} art/s  "
                  f"synthetic B3 F1={row['bcubed_f1']}", flush=True)
        if len(result["scale"]) >= 2:
            lo, hi = result["scale"][0], result["scale"][-1]
            result["cost_ratio"] = round((hi["seconds"] / hi["n"]) / (lo["seconds"] / lo["n"]), 3)
            print(f"per-article cost ratio {hi['n']}/{lo['n']}: {result['cost_ratio']}")

"""Near-duplicate benchmark: storyline's Spark dedup against datasketch MinHashLSH (single process) and Spark
MLlib MinHashLSH (approxSimilarityJoin), on the same synthetic corpus, in the same run.

Corpora come from :mod:`storyline.bench.synth` (planted copy pairs with exact Jaccard >= threshold). Every
method's pairs are closed transitively (connected components) and scored as within-group pairs: a pair is
correct when it was planted or its exact word-5-shingle Jaccard is >= the threshold (an unplanted true
near-duplicate is not an error).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from pathlib import Path
from typing import Callable, Iterable, Sequence

from storyline.bench.scores import pairs_of_groups
from storyline.core.graph import connected_components
from storyline.core.grouping.minhash import shingle_set
from storyline.core.text.text import jaccard
from storyline.bench.synth import SynthConfig, SynthSummary, write_corpus

log = logging.getLogger(__name__)

ARTICLE_SCHEMA = "article_id string, title string, text string, published string, source string, story string"


def seed_texts(path: str | Path) -> list[str]:
    """Document texts of a Multi-News style JSONL file (``{"documents": [...]}``) or of a text-per-line file."""
    out: list[str] = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if not line:
                continue
            obj = json.loads(line) if line.startswith("{") else line
            if isinstance(obj, dict):
                out.extend(d for d in obj.get("documents", [obj.get("text", "")]) if d)
            else:
                out.append(obj)
    return out


def corpus(seeds: Sequence[str], n: int, work_dir: str | Path, seed: int = 0) -> SynthSummary:
    """The synthetic corpus of ``n`` articles under ``work_dir/synth-<n>-<seed>``, written once and reused."""
    d = Path(work_dir) / f"synth-{n}-{seed}"
    meta = d / "summary.json"
    if meta.exists():
        return SynthSummary(**json.loads(meta.read_text()))
    s = write_corpus(seeds, SynthConfig(n_articles=n, seed=seed), d)
    meta.write_text(json.dumps(s.__dict__))
    return s


def read_corpus(spark, path: str):
    """The corpus as a DataFrame, from a Parquet copy written once beside the JSONL (outside any timing):
    stages read Parquet in the pipeline, and re-parsing JSON on every scan would be timed as our work."""
    pq = str(Path(path).with_suffix(".parquet"))
    if not Path(pq).exists():
        spark.read.schema(ARTICLE_SCHEMA).json(path).write.parquet(pq)
    return spark.read.parquet(pq)


def warm_up(spark, articles_path: str, fn: Callable, n: int = 1000) -> None:
    """Run ``fn(df)`` once on the first ``n`` articles so JVM code generation and Python worker start-up are
    not timed as part of the first measured method."""
    fn(read_corpus(spark, articles_path).limit(n))


def planted_pairs(path: str) -> set[tuple[str, str]]:
    with open(path, encoding="utf-8") as fh:
        return {tuple(sorted((p["a"], p["b"]))) for p in map(json.loads, fh)}  # type: ignore[misc]


def score_pairs(pairs: Iterable[tuple[str, str]], planted: set[tuple[str, str]], articles_path: str,
                threshold: float) -> dict[str, float]:
    """Recall over planted pairs and precision over the transitive closure of the predicted pairs."""
    pairs = list(pairs)
    labels = connected_components([x for p in pairs for x in p], pairs)
    predicted = pairs_of_groups(labels)
    unknown = predicted - planted
    need = {x for p in unknown for x in p}
    texts: dict[str, str] = {}
    if need:
        with open(articles_path, encoding="utf-8") as fh:
            for line in fh:
                a = json.loads(line)
                if a["article_id"] in need:
                    texts[a["article_id"]] = a["text"]
    shingles = {k: shingle_set(v) for k, v in texts.items()}
    extra_true = sum(1 for a, b in unknown if jaccard(shingles[a], shingles[b]) >= threshold)
    tp = len(predicted & planted)
    return {
        "pairs": len(predicted),
        "recall": tp / len(planted) if planted else 1.0,
        "precision": (tp + extra_true) / len(predicted) if predicted else 1.0,
        "unplanted_true_pairs": extra_true,
    }


def _timed(fn: Callable[[], list[tuple[str, str]]]) -> tuple[list[tuple[str, str]], float]:
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def run_storyline(spark, articles_path: str, threshold: float, num_perm: int) -> tuple[list, float]:
    # Spark, the config or a peer's package: imported when the benchmark that needs it runs
    from storyline.spark.dedup import near_duplicates

    def run(df):
        df = df.select("article_id", "text", "published", "source")
        return [(r.article_id, r.canonical_id) for r in near_duplicates(df, threshold, num_perm).collect()]
    warm_up(spark, articles_path, run)
    return _timed(lambda: run(read_corpus(spark, articles_path)))


def run_datasketch(articles_path: str, threshold: float, num_perm: int) -> tuple[list, float]:
    """datasketch MinHash (batch update) + MinHashLSH insert/query, verified by estimated Jaccard like ours."""
    # Spark, the config or a peer's package: imported when the benchmark that needs it runs
    from datasketch import MinHash, MinHashLSH

    def go():
        lsh = MinHashLSH(threshold=threshold, num_perm=num_perm)
        sigs = {}
        with open(articles_path, encoding="utf-8") as fh:
            for line in fh:
                a = json.loads(line)
                m = MinHash(num_perm=num_perm)
                m.update_batch([s.encode("utf-8") for s in shingle_set(a["text"])])
                sigs[a["article_id"]] = m
                lsh.insert(a["article_id"], m)
        pairs = []
        for aid, m in sigs.items():
            for other in lsh.query(m):
                if other > aid and m.jaccard(sigs[other]) >= threshold:
                    pairs.append((aid, other))
        return pairs
    return _timed(go)


def run_mllib(spark, articles_path: str, threshold: float, tables: int, timeout_s: float) -> tuple[list, float]:
    """pyspark.ml MinHashLSH with ``tables`` hash tables (MLlib only OR-amplifies: one MinHash per table);
    approxSimilarityJoin at Jaccard distance ``1 - threshold`` (it verifies candidates on exact Jaccard of
    the hashed shingle vectors). Cancelled after ``timeout_s`` (returns None pairs then).

    With ``tables = num_perm = 128`` the join emits 128 rows per article, each carrying both sparse vectors,
    and the local driver runs out of a 4 GB heap already on 1,000 synthetic articles (the JVM dies with
    it), so the benchmark uses as many tables as storyline uses LSH bands."""
    # Spark, the config or a peer's package: imported when the benchmark that needs it runs
    from pyspark.ml import Pipeline
    from pyspark.ml.feature import HashingTF, MinHashLSH, NGram, RegexTokenizer
    from pyspark.sql import functions as F

    sc = spark.sparkContext
    group = "bench-mllib"

    def run(df):
        df = df.select("article_id", "text")
        pipe = Pipeline(stages=[
            RegexTokenizer(inputCol="text", outputCol="tok", pattern="\\W+", toLowercase=True),
            NGram(n=5, inputCol="tok", outputCol="ngr"),
            HashingTF(inputCol="ngr", outputCol="vec", numFeatures=1 << 24, binary=True),
            MinHashLSH(inputCol="vec", outputCol="hashes", numHashTables=tables, seed=1),
        ])
        feats = df.where(F.size(F.split("text", "\\s+")) >= 5)
        model = pipe.fit(feats)
        hashed = model.transform(feats).where(F.size(F.col("ngr")) > 0)
        lsh = model.stages[-1]
        joined = lsh.approxSimilarityJoin(hashed, hashed, 1.0 - threshold, distCol="dist")
        rows = (joined.where(F.col("datasetA.article_id") < F.col("datasetB.article_id"))
                .select(F.col("datasetA.article_id").alias("a"), F.col("datasetB.article_id").alias("b"))
                .collect())
        return [(r.a, r.b) for r in rows]

    warm_up(spark, articles_path, run)
    sc.setJobGroup(group, "mllib minhash benchmark", interruptOnCancel=True)
    timer = threading.Timer(timeout_s, lambda: sc.cancelJobGroup(group))
    timer.start()
    try:
        return _timed(lambda: run(read_corpus(spark, articles_path)))
    except Exception as exc:  # a cancelled job surfaces as a Py4J/Spark error: report the timeout, re-raise others
        if "cancel" in str(exc).lower():
            log.warning("MLlib MinHashLSH cancelled after %.0f s", timeout_s)
            return None, timeout_s  # type: ignore[return-value]
        raise
    finally:
        timer.cancel()
        sc.setLocalProperty("spark.jobGroup.id", None)


def session_for(spark):
    """``(session, started)``: the session given, or a new local one (``started``) when none was."""
    if spark is not None:
        return spark, False
    # Spark, the config or a peer's package: imported when the benchmark that needs it runs
    from storyline.config import load_config
    from storyline.spark.session import start_spark

    return start_spark(load_config(overrides={"spark.master": "local[2]"}).spark), True


def run_dedup_bench(spark=None, seeds: str | Path = "../shared/data/multinews-dev/multinews_dev.jsonl",
                    sizes: Sequence[int] = (10_000, 100_000), peer_size: int | None = 100_000,
                    work_dir: str | Path = "bench-work", threshold: float = 0.8, num_perm: int = 128,
                    mllib_timeout_s: float = 1800.0, peers: Sequence[str] = ("datasketch", "mllib"),
                    mllib_tables: int | None = None) -> dict:
    """Throughput and planted-pair recall/precision of storyline dedup at each size, and of the peers at
    ``peer_size``. Prints a table and returns the numbers. ``mllib_tables`` defaults to storyline's band
    count (see :func:`run_mllib`)."""
    # Spark, the config or a peer's package: imported when the benchmark that needs it runs
    from storyline.core.grouping.minhash import LSHParams

    tables = mllib_tables or LSHParams.for_threshold(threshold, num_perm, fp_weight=0.2, fn_weight=0.8).bands
    texts = seed_texts(seeds)
    spark, own = session_for(spark)
    result: dict = {"threshold": threshold, "num_perm": num_perm, "mllib_tables": tables, "runs": []}
    try:
        for n in sizes:
            c = corpus(texts, n, work_dir)
            planted = planted_pairs(c.pairs_path)
            methods = [("storyline", lambda: run_storyline(spark, c.articles_path, threshold, num_perm))]
            if n == peer_size:
                if "datasketch" in peers:
                    methods.append(("datasketch", lambda: run_datasketch(c.articles_path, threshold, num_perm)))
                if "mllib" in peers:
                    methods.append(("mllib", lambda: run_mllib(spark, c.articles_path, threshold, tables,
                                                               mllib_timeout_s)))
            for name, fn in methods:
                log.info("dedup bench: %s on %d articles", name, n)
                pairs, secs = fn()
                row = {"method": name, "n": n, "seconds": round(secs, 2), "articles_per_s": round(n / secs, 1),
                       "planted_pairs": len(planted), "finished": pairs is not None}
                if pairs is not None:
                    row.update(score_pairs(pairs, planted, c.articles_path, threshold))
                result["runs"].append(row)
                print(_fmt_row(row), flush=True)
        story = {r["n"]: r for r in result["runs"] if r["method"] == "storyline"}
        if len(story) >= 2:
            lo, hi = min(story), max(story)
            result["cost_ratio"] = round((story[hi]["seconds"] / hi) / (story[lo]["seconds"] / lo), 3)
            print(f"per-article cost ratio {hi}/{lo}: {result['cost_ratio']}")
    finally:
        if own:
            spark.stop()
    return result


def _fmt_row(r: dict) -> str:
    if not r.get("finished", True):
        return f"{r['method']:<11} n={r['n']:>8}  did not finish within {r['seconds']:.0f} s"
    return (f"{r['method']:<11} n={r['n']:>8}  {r['seconds']:>8.1f} s  {r['articles_per_s']:>8.1f} art/s  "
            f"recall={r['recall']:.4f}  precision={r['precision']:.4f}  pairs={r['pairs']}")

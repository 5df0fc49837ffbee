"""End-to-end throughput: the full default pipeline on synthetic corpora of several sizes, beside the plain
single-process Python baseline (:mod:`storyline.bench.plain`) on the same data, in the same run.

Each storyline run is a separate ``storyline run`` process, so its memory peaks are its own. The figures per size:
articles per second end to end (Spark start-up excluded, and reported on its own) and per stage, the cost per
article relative to the smallest size, and the peak resident memory of the driver JVM, of the Python workers and
of the whole process tree, sampled from ``/proc``. Quality is scored for both systems on the planted truth of the
corpus: duplicate recall and precision on the planted copy pairs, and B-cubed F1 of the stories.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import asdict
from pathlib import Path
from typing import Callable, Sequence, TypeVar

from storyline.bench.dedup import corpus, planted_pairs, score_pairs, seed_texts
from storyline.bench.plain import BASELINE_THRESHOLD, PlainResult, run_plain
from storyline.bench.scores import cluster_scores
from storyline.profile import FunctionCost, format_top
from storyline.run.plan import STAGES

log = logging.getLogger(__name__)
T = TypeVar("T")

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def descendants(parents: dict[int, int], root: int) -> set[int]:
    """``root`` and every process below it, from a pid -> parent pid map.

    >>> sorted(descendants({2: 1, 3: 2, 4: 1, 5: 9}, 2))
    [2, 3]
    """
    children: dict[int, list[int]] = {}
    for pid, ppid in parents.items():
        children.setdefault(ppid, []).append(pid)
    out, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid not in out:
            out.add(pid)
            todo.extend(children.get(pid, ()))
    return out


def role(cmdline: bytes, pid: int, root: int) -> str:
    """Which part of a run a process is: the driver ``jvm``, a ``python_worker``, the ``driver`` (the Python process
    that started the run) or ``other`` (the shell scripts that launch the JVM).

    >>> role(b"/usr/bin/java\\x00-cp\\x00...", 7, 1), role(b"python3\\x00-u\\x00worker.py", 8, 1)
    ('jvm', 'python_worker')
    """
    if pid == root:
        return "driver"
    exe = Path(cmdline.split(b"\0", 1)[0].decode("utf-8", "replace")).name
    if exe == "java":
        return "jvm"
    if exe.startswith("python"):
        return "python_worker"
    return "other"


def _snapshot(root: int) -> dict[str, int]:
    parents, rss = {}, {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
            fields = stat[stat.rindex(")") + 2:].split()
            parents[int(proc.name)] = int(fields[1])
            rss[int(proc.name)] = int(fields[21]) * _PAGE
        except (OSError, ValueError, IndexError):
            continue
    by_role: dict[str, int] = {}
    for pid in descendants(parents, root):
        try:
            r = role((Path("/proc") / str(pid) / "cmdline").read_bytes(), pid, root)
        except OSError:
            continue
        by_role[r] = by_role.get(r, 0) + rss.get(pid, 0)
    by_role["tree"] = sum(by_role.values())
    return by_role


class PeakMemory:
    """Samples the resident memory of a process tree every ``every`` seconds, by role, and keeps the peaks."""

    def __init__(self, root: int, every: float = 0.2) -> None:
        self.root, self.every = root, every
        self.peaks: dict[str, int] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _loop(self) -> None:
        while not self._stop.is_set():
            for k, v in _snapshot(self.root).items():
                self.peaks[k] = max(self.peaks.get(k, 0), v)
            self._stop.wait(self.every)

    def __enter__(self) -> "PeakMemory":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    def mib(self) -> dict[str, float]:
        return {k: round(self.peaks.get(k, 0) / 2**20, 1) for k in ("jvm", "python_worker", "driver", "tree")}


def run_storyline(articles: str, out: Path, master: str | None, config: str | None, into: Path | None = None,
                  profile: Path | None = None) -> dict:
    """One ``storyline run`` process over ``articles`` (``--into`` an earlier output when given; its digest
    profiled into ``profile`` when given); its stage timings (from run.json), wall clock and peaks."""
    cmd = [sys.executable, "-m", "storyline.cli", "run", articles, "--out", str(out), "--force", "-q"]
    if into is not None:
        cmd += ["--into", str(into)]
    if profile is not None:
        cmd += ["--profile", str(profile)]
    if master:
        cmd += ["--master", master]
    if config:
        cmd += ["--config", config]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with PeakMemory(proc.pid) as mem:
        stdout, stderr = proc.communicate()
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise RuntimeError(f"storyline run failed (exit {proc.returncode}) on {articles}: {stderr.strip()[-2000:]}")
    doc = json.loads((out / "run.json").read_text())
    return {"wall_s": round(wall, 2), "timings_s": doc["timings_s"], "counts": doc["counts"], "peak_mib": mem.mib()}


def storyline_found(out: Path) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """Duplicate pairs and each article's story (a duplicate's is its canonical's) from a run's Parquet tables."""
    # imported when the benchmark runs, not when its module is
    import pyarrow.parquet as pq

    dups = pq.read_table(out / "duplicates", columns=["article_id", "canonical_id"]).to_pylist()
    members = pq.read_table(out / "story_articles", columns=["article_id", "story_id"]).to_pylist()
    story = {r["article_id"]: r["story_id"] for r in members}
    for d in dups:
        if d["canonical_id"] in story:
            story[d["article_id"]] = story[d["canonical_id"]]
    return [(d["canonical_id"], d["article_id"]) for d in dups], story


def quality(pairs, stories: dict, summary, gold: dict, threshold: float) -> dict:
    """The run's grouping scores: recall and precision of the planted duplicate pairs, and B-cubed against
    the gold stories."""
    planted = planted_pairs(summary.pairs_path)
    dedup = score_pairs(pairs, planted, summary.articles_path, threshold)
    c = cluster_scores(stories, gold)
    return {"dedup_recall": round(dedup["recall"], 4), "dedup_precision": round(dedup["precision"], 4),
            "bcubed_f1": round(c.bcubed_f1, 4), "bcubed_precision": round(c.bcubed_precision, 4),
            "bcubed_recall": round(c.bcubed_recall, 4)}


def median_run(runs: list[dict]) -> dict:
    """The run whose end-to-end time (start-up excluded) is the median, with the spread of all runs."""
    def work(r):
        return r["timings_s"]["total"] - r["timings_s"]["spark_startup"]
    mid = dict(_middle(runs, work))
    mid["all_work_s"] = [round(work(r), 2) for r in runs]
    return mid


def median_plain(runs: list[PlainResult]) -> PlainResult:
    """The baseline run whose total time is the median."""
    return _middle(runs, lambda r: r.seconds["total"])


def _middle(runs: list[T], time: Callable[[T], float]) -> T:
    """The run whose ``time(run)`` is the median (the upper one of an even count)."""
    return sorted(runs, key=time)[len(runs) // 2]


def run_pipeline_bench(seeds: str, sizes: Sequence[int], work_dir: str | Path, *, runs: int = 1,
                       baseline_sizes: Sequence[int] | None = None, master: str | None = None,
                       config: str | None = None, story_threshold: float = BASELINE_THRESHOLD,
                       baseline_runs: int = 1, profile_top: int = 0) -> dict:
    """Per size: storyline's median of ``runs`` and the baseline's median of ``baseline_runs`` (at
    ``baseline_sizes``, default every size), both on the same generated corpus. With ``profile_top``, one more
    run per size, not timed, profiles the digest's Python work and keeps its costliest functions."""
    # imported when the benchmark runs, not when its module is
    from storyline.config import load_config

    cfg = load_config(config)
    texts = seed_texts(seeds)
    result: dict = {"sizes": {}, "runs": runs, "baseline_runs": baseline_runs}
    for n in sizes:
        summary = corpus(texts, n, work_dir)
        with open(summary.articles_path, encoding="utf-8") as fh:
            gold = {a["article_id"]: a["story"] for a in map(json.loads, fh)}
        row: dict = {"articles": summary.n_articles, "gold_stories": summary.n_stories}
        out = Path(work_dir) / f"out-{n}"
        log.info("bench pipeline: %d articles, storyline x%d ...", n, runs)
        ours = median_run([run_storyline(summary.articles_path, out, master, config) for _ in range(runs)])
        t = ours["timings_s"]
        work = t["total"] - t["spark_startup"]
        ours["articles_per_s"] = round(n / work, 1)
        ours["stage_articles_per_s"] = {s.name: round(n / t[s.name], 1) for s in STAGES if t.get(s.name)}
        ours["seconds_per_1k"] = round(1000 * work / n, 3)
        pairs, stories = storyline_found(out)
        ours["quality"] = quality(pairs, stories, summary, gold, cfg.dedup.threshold)
        row["storyline"] = ours
        if profile_top:
            row["digest_profile"] = _profiled(summary.articles_path, Path(work_dir) / f"profile-{n}", master, config,
                                              profile_top)
        if baseline_sizes is None or n in baseline_sizes:
            log.info("bench pipeline: %d articles, plain Python baseline x%d ...", n, baseline_runs)
            plains = [run_plain(summary.articles_path, dedup_threshold=cfg.dedup.threshold,
                                num_perm=cfg.dedup.num_perm, shingle=cfg.dedup.shingle,
                                story_threshold=story_threshold, words=cfg.summary.words)
                      for _ in range(baseline_runs)]
            plain = median_plain(plains)
            row["baseline"] = {"seconds": plain.seconds, "articles_per_s": round(n / plain.seconds["total"], 1),
                               "all_total_s": [p.seconds["total"] for p in plains],
                               "story_threshold": story_threshold, "summaries": plain.summaries,
                               "quality": quality(plain.duplicate_pairs, plain.stories, summary, gold,
                                                   cfg.dedup.threshold)}
            row["speedup_vs_baseline"] = round(plain.seconds["total"] / work, 2)
        result["sizes"][str(n)] = row
    smallest = result["sizes"][str(min(sizes))]["storyline"]["seconds_per_1k"]
    for row in result["sizes"].values():
        row["storyline"]["cost_vs_smallest"] = round(row["storyline"]["seconds_per_1k"] / smallest, 3)
    return result


def _profiled(articles: str, folder: Path, master: str | None, config: str | None, top: int) -> dict:
    """One more run with the digest profiled into ``folder`` (cleared first): the ``top`` costliest functions by
    time in them and their callees, and by time in them alone. Profiling slows the digest, so this run is not
    timed."""
    # imported when the benchmark runs, not when its module is
    from storyline.profile import profiles_in, top_functions

    shutil.rmtree(folder, ignore_errors=True)
    log.info("bench pipeline: one more run, the digest profiled into %s ...", folder)
    run_storyline(articles, folder.with_name(folder.name + "-out"), master, config, profile=folder)
    paths = profiles_in(folder)
    return {"folder": str(folder), "files": len(paths),
            "cumulative": [asdict(r) for r in top_functions(paths, top, "cumulative")],
            "own": [asdict(r) for r in top_functions(paths, top, "own")]}


def _quality_text(q: dict) -> str:
    return (f"dedup recall {q['dedup_recall']:.4f} precision {q['dedup_precision']:.4f}; "
            f"B-cubed F1 {q['bcubed_f1']:.4f}")


def format_table(result: dict) -> str:
    lines = []
    for n, row in result["sizes"].items():
        s = row["storyline"]
        t = s["timings_s"]
        lines.append(f"{int(n):,} articles ({row['gold_stories']:,} planted stories), storyline median of "
                     f"{result['runs']} (work s: {s['all_work_s']}):")
        lines.append(f"  end to end {s['articles_per_s']:.1f} articles/s, Spark start-up "
                     f"{t['spark_startup']:.1f}s apart; cost per article {s['cost_vs_smallest']:.2f}x the "
                     f"smallest size; wall clock {s['wall_s']:.1f}s")
        lines.append("  per stage: " + ", ".join(f"{k} {t[k]:.1f}s ({v:,.0f}/s)"
                                                  for k, v in s["stage_articles_per_s"].items()))
        m = s["peak_mib"]
        lines.append(f"  peak RSS MiB: driver JVM {m['jvm']:,.0f}, Python workers {m['python_worker']:,.0f}, "
                     f"driver Python {m['driver']:,.0f}, process tree {m['tree']:,.0f}")
        lines.append(f"  quality: {_quality_text(s['quality'])}")
        if "baseline" in row:
            b = row["baseline"]
            lines.append(f"  plain Python baseline, median of {result['baseline_runs']} (total s: "
                         f"{b['all_total_s']}): {b['articles_per_s']:.1f} articles/s ("
                         + ", ".join(f"{k} {v:.1f}s" for k, v in b["seconds"].items()) + ")")
            lines.append(f"    quality: {_quality_text(b['quality'])} (TF-IDF threshold {b['story_threshold']})")
            lines.append(f"  storyline is {row['speedup_vs_baseline']:.2f}x the baseline's speed")
        if "digest_profile" in row:
            lines.append(f"  the digest's costliest Python functions (a profiled run apart, "
                         f"{row['digest_profile']['folder']}):")
            lines += ["    " + line for line in format_top([FunctionCost(**r) for r in
                                                           row["digest_profile"]["cumulative"]]).split("\n")]
    return "\n".join(lines)

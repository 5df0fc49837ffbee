"""The nightly run: a day's new articles added to an archive with ``--into``, against a run of everything from
scratch, on one synthetic corpus (:mod:`storyline.bench.synth`).

The corpus is ordered by publication time and cut in two: the earlier articles (the archive, run once and not
timed) and the newest ``new`` articles (the night's input). Then, in turn, ``runs`` times each: the night's run
with ``--into`` a copy of the archive's output, and a run of all the articles from scratch. Each is its own
``storyline run`` process; the figures are the work of the run (Spark start-up apart) and its wall clock, medians,
and their ratio.

    storyline bench incremental --data multinews.jsonl --total 110000 --new 10000
"""

from __future__ import annotations

import json
import logging
import shutil
import statistics
from pathlib import Path

from storyline.bench.dedup import corpus, seed_texts
from storyline.bench.pipeline import run_storyline

log = logging.getLogger(__name__)


def split_by_time(articles: str, n_new: int, work: Path) -> tuple[Path, Path]:
    """The corpus's articles as two JSONL files, ``earlier.jsonl`` and ``new.jsonl`` (the ``n_new`` most recent,
    ties by id)."""
    with open(articles, encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    if not 0 < n_new < len(rows):
        raise ValueError(f"new must be between 1 and {len(rows) - 1} (the corpus has {len(rows)} articles), "
                         f"got {n_new}")
    rows.sort(key=lambda r: (r.get("published") or "", r["article_id"]))
    earlier, new = work / "earlier.jsonl", work / "new.jsonl"
    for path, part in ((earlier, rows[:-n_new]), (new, rows[-n_new:])):
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in part), encoding="utf-8")
    return earlier, new


def run_incremental_bench(seeds: str, total: int, new: int, work_dir: str | Path, runs: int = 1,
                          master: str | None = None, config: str | None = None) -> dict:
    """The night's ``--into`` run against a run of all ``total`` articles, medians of ``runs`` each, in turn."""
    work = Path(work_dir)
    summary = corpus(seed_texts(seeds), total, work)
    part = work / f"incremental-{total}-{new}"
    part.mkdir(parents=True, exist_ok=True)
    earlier, night = split_by_time(summary.articles_path, new, part)
    archive = part / "archive"
    log.info("bench incremental: the archive of %d articles (not timed) ...", total - new)
    run_storyline(str(earlier), archive, master, config)
    into, scratch = [], []
    for k in range(runs):
        out = part / "night"
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(archive, out)
        log.info("bench incremental: run %d of %d: %d new articles --into the archive ...", k + 1, runs, new)
        into.append(run_storyline(str(night), out, master, config, into=out))
        log.info("bench incremental: run %d of %d: all %d articles from scratch ...", k + 1, runs, total)
        scratch.append(run_storyline(summary.articles_path, part / "scratch", master, config))

    def work_s(r: dict) -> float:
        return r["timings_s"]["total"] - r["timings_s"]["spark_startup"]

    med = {name: {"work_s": round(statistics.median(work_s(r) for r in rs), 2),
                  "wall_s": round(statistics.median(r["wall_s"] for r in rs), 2),
                  "all_work_s": [round(work_s(r), 2) for r in rs],
                  "stages_s": {s: v for s, v in rs[len(rs) // 2]["timings_s"].items()},
                  "counts": rs[len(rs) // 2]["counts"]}
           for name, rs in (("into", into), ("scratch", scratch))}
    return {"total": total, "new": new, "runs": runs, **med,
            "ratio_work": round(med["into"]["work_s"] / med["scratch"]["work_s"], 3),
            "ratio_wall": round(med["into"]["wall_s"] / med["scratch"]["wall_s"], 3)}


def format_result(r: dict) -> str:
    lines = [f"{r['new']:,} new articles --into an archive of {r['total'] - r['new']:,}, against all {r['total']:,} "
             f"from scratch (median of {r['runs']}, Spark start-up apart):"]
    for name, label in (("into", "--into"), ("scratch", "from scratch")):
        m = r[name]
        stages = ", ".join(f"{k} {v:.1f}s" for k, v in m["stages_s"].items() if k not in ("total", "spark_startup"))
        lines.append(f"  {label}: {m['work_s']:.1f} s of work, {m['wall_s']:.1f} s wall clock ({stages})")
    lines.append(f"  ratio --into / from scratch: {r['ratio_work']:.3f} (work), {r['ratio_wall']:.3f} (wall clock)")
    return "\n".join(lines)

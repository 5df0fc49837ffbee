"""``storyline bench ...``: the benchmark subcommands, each a thin wrapper over a bench module.

Every benchmark runs storyline and its peers in the same run, on the same data, and reports ratios.
"""

from __future__ import annotations

import argparse
import json
import logging
import tempfile
from pathlib import Path

log = logging.getLogger(__name__)


def _write_json(doc: dict, path: str | None) -> None:
    if path:
        Path(path).write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def _limited_copy(data: str, limit: int | None, tmp: Path) -> str:
    """The first ``limit`` non-blank lines of a JSONL file, so the pipeline and the peers see the same stories."""
    if not limit:
        return data
    target = tmp / "subset.jsonl"
    with open(data, encoding="utf-8") as src, open(target, "w", encoding="utf-8") as dst:
        n = 0
        for line in src:
            if line.strip():
                dst.write(line)
                n += 1
                if n >= limit:
                    break
    return str(target)


def pipeline_summaries(data: str, words: int, focus: str | None, master: str | None, config: str | None,
                       out: Path) -> tuple[dict[str, list[str]], dict]:
    """Run the real pipeline (Spark, ``--group-by group``) and return each story's summary sentences by group,
    plus the run's stage timings."""
    from storyline.config import load_config
    from storyline.pipeline import run

    cfg = load_config(config, {"stories.group_by": "group", "summary.words": words, "summary.focus": focus,
                               "spark.master": master})
    result = run([data], out, cfg)
    summaries: dict[str, list[str]] = {}
    with open(out / "stories.jsonl", encoding="utf-8") as fh:
        for line in fh:
            s = json.loads(line)
            if s.get("group"):
                summaries[s["group"]] = [x["text"] for x in s["summary"]]
    return summaries, result.timings


def cmd_summarize(args: argparse.Namespace) -> int:
    from storyline.bench.summarize import format_table, run_summarize_bench

    systems = tuple(s.strip() for s in args.systems.split(",") if s.strip())
    with tempfile.TemporaryDirectory(prefix="storyline-bench-") as tmp:
        data = _limited_copy(args.data, args.limit, Path(tmp))
        summaries, timings = None, {}
        if "storyline" in systems and not args.in_process:
            summaries, timings = pipeline_summaries(data, args.words, args.focus, args.master, args.config,
                                                    Path(tmp) / "out")
        result = run_summarize_bench(data, words=args.words, systems=systems, focus=args.focus,
                                     storyline_summaries=summaries,
                                     storyline_seconds=timings.get("summarize"))
    if timings:
        result["pipeline"] = {"spark_startup_s": timings.get("spark_startup"),
                              "summarize_stage_s": timings.get("summarize"), "total_s": timings.get("total")}
    print(format_table(result))
    if timings:
        print(f"storyline ran through the Spark pipeline: summarize stage {timings['summarize']:.2f}s; Spark "
              f"start-up {timings['spark_startup']:.1f}s and the whole run {timings['total']:.1f}s are excluded "
              f"from sec/story")
    _write_json(result, args.json)
    return 0


def add_bench_parser(sub) -> None:
    p = sub.add_parser("bench", help="measure storyline against its peers (ROUGE, extraction, dedup, clustering)",
                       description="Benchmarks that run storyline and its peers in the same run and report ratios.")
    bsub = p.add_subparsers(dest="bench", required=True, metavar="BENCH")

    s = bsub.add_parser("summarize", help="ROUGE of storyline vs lead, LexRank, TextRank and an oracle",
                        description="Summaries of Multi-News style stories ({id, documents, summary} per line) by "
                                    "storyline (through the Spark pipeline, --group-by group) and by lead, sumy's "
                                    "LexRank and TextRank and a greedy ROUGE oracle, at the same word budget.")
    s.add_argument("--data", required=True, metavar="FILE.jsonl", help="Multi-News style JSONL")
    s.add_argument("--words", type=int, default=250, help="word budget per summary (default 250)")
    s.add_argument("--limit", type=int, metavar="N", help="only the first N stories")
    s.add_argument("--json", metavar="OUT.json", help="also write the figures as JSON")
    s.add_argument("--focus", metavar="TEXT", help="bias storyline's summaries toward this topic or question")
    s.add_argument("--systems", default="storyline,lead,lexrank,textrank,oracle",
                   help="comma-separated systems (default: all)")
    s.add_argument("--master", metavar="URL", help="Spark master for storyline's run (default from config)")
    s.add_argument("--config", metavar="FILE", help="storyline config TOML for its run")
    s.add_argument("--in-process", action="store_true",
                   help="run storyline's summariser in this process instead of through Spark (for quick checks)")
    s.set_defaults(bench_func=cmd_summarize)

"""``storyline bench ...``: the benchmark subcommands, each a thin wrapper over a bench module.

Every benchmark runs storyline and its peers in the same run, on the same data, and reports ratios. Each
subcommand imports its bench module (and with it Spark or the peers' packages) when it runs, so that one benchmark
pays for no other's imports.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import logging
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

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
    # imported when the subcommand runs (see the module docstring)
    from storyline.config import load_config
    from storyline.run.runner import run

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
    """Summaries of Multi-News style stories ({id, documents, summary} per line) by storyline (through the Spark
    pipeline, --group-by group) and by lead, sumy's LexRank and TextRank and a greedy ROUGE oracle, at the same word
    budget."""
    # imported when the subcommand runs (see the module docstring)
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
                                     storyline_seconds=timings.get("digest"))
    if timings:
        result["pipeline"] = {"spark_startup_s": timings.get("spark_startup"),
                              "digest_stage_s": timings.get("digest"), "total_s": timings.get("total")}
    print(format_table(result))
    if timings:
        print(f"storyline ran through the Spark pipeline: digest stage (summaries and facts together) "
              f"{timings['digest']:.2f}s; Spark "
              f"start-up {timings['spark_startup']:.1f}s and the whole run {timings['total']:.1f}s are excluded "
              f"from sec/story")
    _write_json(result, args.json)
    return 0


def spark_extract(html_files: list[Path], master: str | None, config: str | None, tmp: Path) -> tuple[dict, dict]:
    """storyline's full ingest of HTML pages (reading, extraction and cleaning inside Spark, Arrow batches).

    Returns ({file name: cleaned text or None}, {"seconds": ..., "spark_startup_s": ...}).
    """
    # imported when the subcommand runs (see the module docstring)
    from pyspark.sql import functions as F

    # imported when the subcommand runs (see the module docstring)
    from storyline.config import load_config
    from storyline.spark import clean as C
    from storyline.spark.ingest import read_inputs
    from storyline.spark.session import start_spark

    folder = tmp / "pages"
    folder.mkdir()
    for f in html_files:
        (folder / f.name).symlink_to(f.resolve())
    cfg = load_config(config, {"spark.master": master})
    t0 = time.perf_counter()
    spark = start_spark(cfg.spark)
    startup = time.perf_counter() - t0
    try:
        t1 = time.perf_counter()
        raw, _ = read_inputs(spark, [str(folder)], cfg.ingest)
        C.prepare(raw, cfg.ingest).select("source_path", "kind", "reason", "text").write.parquet(
            str(tmp / "prepared"))
        seconds = time.perf_counter() - t1
        rows = spark.read.parquet(str(tmp / "prepared")).select(
            F.element_at(F.split("source_path", "/"), -1).alias("name"), "text").collect()
    finally:
        spark.stop()
    return {r["name"]: r["text"] for r in rows}, {"seconds": seconds, "spark_startup_s": startup}


def cmd_extract(args: argparse.Namespace) -> int:
    """Snippet precision, recall and F1 and pages per second on an evaluation folder (evaldata.jsonl + html/):
    storyline's full ingest through Spark (extraction plus cleaning), plain trafilatura with default settings, and
    resiliparse."""
    # imported when the subcommand runs (see the module docstring)
    from storyline.bench.extract import SYSTEMS, format_table, load_pages, run_extract_bench

    systems = tuple(s.strip() for s in (args.systems or ",".join(SYSTEMS)).split(",") if s.strip())
    root = Path(args.data)
    pages = load_pages(root, args.limit)
    fn, timing = None, {}
    if "storyline" in systems and not args.in_process:
        by_hash = {hashlib.sha1(p["html"]).hexdigest(): Path(p.get("html_path", f"html/{p['file']}.gz")).name
                   for p in pages}
        with tempfile.TemporaryDirectory(prefix="storyline-bench-") as tmp:
            files = [root / p.get("html_path", f"html/{p['file']}.gz") for p in pages]
            texts, timing = spark_extract(files, args.master, args.config, Path(tmp))

        def fn(html: bytes, url: str | None) -> str | None:
            return texts.get(by_hash.get(hashlib.sha1(html).hexdigest(), ""))

    result = run_extract_bench(root, args.limit, storyline_extract=fn, systems=systems)
    if timing:
        row = result["systems"]["storyline"]
        row["seconds"] = round(timing["seconds"], 2)
        row["pages_per_s"] = round(row["pages"] / timing["seconds"], 1)
        row["pages_per_cpu_s"] = None
        result["storyline_spark"] = {"seconds": round(timing["seconds"], 2),
                                     "spark_startup_s": round(timing["spark_startup_s"], 2),
                                     "pages_per_s": row["pages_per_s"]}
    print(format_table(result))
    if timing:
        print(f"storyline ran through Spark (read, extract and clean in Arrow batches): {timing['seconds']:.1f}s for "
              f"{len(pages)} pages = {len(pages) / timing['seconds']:.1f} pages/s wall clock on all the session's "
              f"cores; Spark start-up {timing['spark_startup_s']:.1f}s excluded. Peers run in one process.")
    _write_json(result, args.json)
    return 0


def cmd_reads(args: argparse.Namespace) -> int:
    """Count, over any run's output, the faults an editor sees first: residue titles, written titles cut short or
    missing a figure, caption and furniture sentences, leads and timeline rows, sentences that open needing context,
    restatements, timeline rows dated by background, leads that tell background, non-names among the top entities,
    and stories whose articles tell news a year apart; each with examples."""
    # imported when the subcommand runs (see the module docstring)
    from storyline.bench.reads import main as reads_main

    argv = (["--data", args.data, "--examples", str(args.examples)] + (["--json", args.json] if args.json else [])
            + (["--labels", args.labels] if args.labels else []) + (["--half", args.half] if args.half else [])
            + (["--line-labels", args.line_labels] if args.line_labels else []))
    return reads_main(argv)


def cmd_entities(args: argparse.Namespace) -> int:
    """Score runs' entities against hand-typed ones (benchmarks/labels/entities.json): of each labelled story's top
    five, how many are names with the right type; a partial name beside the full one counts as wrong, an entry the
    labels do not know as unjudged. Runs side by side, per set."""
    # imported when the subcommand runs (see the module docstring)
    from storyline.bench.entities import main as entities_main

    return entities_main(["--data", *args.data, "--gold", args.gold, "--errors", str(args.errors)]
                         + (["--half", args.half] if args.half else []))


def cmd_storylines(args: argparse.Namespace) -> int:
    """Score a run's storylines: B-cubed of its stories and of its storylines against Multi-News groups, or the
    cases of a thread set (its gold.json), per half."""
    # imported when the subcommand runs (see the module docstring)
    from storyline.bench.storylines import main as storylines_main

    return storylines_main(["--data", args.data, "--gold", args.gold])


def cmd_claims(args: argparse.Namespace) -> int:
    """Given digest set folders (articles.jsonl and gold.json): disputes found, precision, traps flagged,
    single-source recall and lead first, per half, with the sentences aligned by meaning and by words, in one table.
    Given a Multi-News JSONL file: run the claim finder on every story and print a sample of flags to read."""
    sets = [Path(d) for d in args.data]
    if all(d.is_dir() for d in sets):
        # imported when the subcommand runs (see the module docstring)
        from storyline.bench.claims_gold import REAL_PAIRS, run, table

        missing = [str(d) for d in sets if not ((d / "articles.jsonl").is_file() and (d / "gold.json").is_file())
                   and not (d / "pairs.tsv").is_file()]
        if missing:
            print(f"storyline bench claims: {', '.join(missing)} need articles.jsonl and gold.json, or pairs.tsv",
                  file=sys.stderr)
            return 2
        text = Path(args.text) if args.text else None
        if text is not None and not text.is_file():
            print(f"storyline bench claims: --text {text}: no such file (give the Multi-News style JSONL file the "
                  f"real-text pairs point into)", file=sys.stderr)
            return 2
        unread = [str(d) for d in sets if (d / REAL_PAIRS).is_file()] if text is None else []
        try:
            results = run(sets, args.half, text)
        except ValueError as e:
            print(f"storyline bench claims: {e}", file=sys.stderr)
            return 2
        print(table(results))
        if unread:
            print(f"({', '.join(unread)}: real-text pairs not scored; give --text with the file they point into)",
                  file=sys.stderr)
        if args.json:
            Path(args.json).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
        return 0
    if len(sets) != 1 or not sets[0].is_file():
        print("storyline bench claims: --data takes digest set folders (articles.jsonl and gold.json), or one "
              "Multi-News JSONL file", file=sys.stderr)
        return 2
    # imported when the subcommand runs (see the module docstring)
    from storyline.bench.claims import main as claims_main

    argv = ["--data", args.data[0], "--sample", str(args.sample)]
    if args.limit:
        argv += ["--limit", str(args.limit)]
    if args.json:
        argv += ["--json", args.json]
    return claims_main(argv)


def _sizes(text: str) -> tuple[int, ...]:
    try:
        sizes = tuple(int(x.replace("_", "")) for x in text.split(",") if x.strip())
    except ValueError:
        raise ValueError(f"--sizes takes comma-separated article counts such as 10000,100000, got {text!r}") from None
    return sizes


def _bench_spark(master: str | None, config: str | None):
    # imported when the subcommand runs (see the module docstring)
    from storyline.config import load_config
    from storyline.spark.session import start_spark

    return start_spark(load_config(config, {"spark.master": master}).spark)


def cmd_dedup(args: argparse.Namespace) -> int:
    """Builds synthetic corpora from a seed corpus (syndicated copies with small edits are planted), then reports
    storyline's throughput at each size, the per-article cost ratio between sizes, and recall/precision on the
    planted pairs, with the peers run on the same data in the same run."""
    # imported when the subcommand runs (see the module docstring)
    from storyline.bench.dedup import run_dedup_bench

    spark = _bench_spark(args.master, args.config)
    try:
        peers = tuple(p for p in args.peers.split(",") if p)
        result = run_dedup_bench(spark, seeds=args.data, sizes=_sizes(args.sizes), peer_size=args.peer_size,
                                 work_dir=args.work_dir, threshold=args.threshold, peers=peers)
    finally:
        spark.stop()
    _write_json(result, args.json)
    return 0


def cmd_cluster(args: argparse.Namespace) -> int:
    """B-cubed and pairwise F1 of story clustering on the pooled, shuffled articles of a Multi-News style file (each
    example is a gold story), with a threshold sweep, then throughput on synthetic corpora of each size."""
    # imported when the subcommand runs (see the module docstring)
    from storyline.bench.cluster import run_cluster_bench

    spark = _bench_spark(args.master, args.config)
    try:
        result = run_cluster_bench(spark, multinews=args.data, sizes=_sizes(args.sizes), work_dir=args.work_dir,
                                   threshold=args.threshold)
    finally:
        spark.stop()
    _write_json(result, args.json)
    return 0


def cmd_incremental(args: argparse.Namespace) -> int:
    """Generates one synthetic corpus, cuts off its newest articles as the night's input, runs the rest once as the
    archive (not timed), then times, in turn, the night's run with --into a copy of the archive and a run of all the
    articles from scratch, each as its own 'storyline run' process; reports medians and their ratio."""
    # imported when the subcommand runs (see the module docstring)
    from storyline.bench.incremental import format_result, run_incremental_bench

    result = run_incremental_bench(args.data, args.total, args.new, args.work_dir, runs=args.runs,
                                   master=args.master, config=args.config)
    print(format_result(result))
    _write_json(result, args.json)
    return 0


def cmd_pipeline(args: argparse.Namespace) -> int:
    """Generates synthetic corpora from a seed corpus (any JSONL of texts: Multi-News style {documents: [...]},
    {text: ...} per line, or one text per line), runs the full default pipeline on each as its own 'storyline run'
    process, and reports articles/s end to end and per stage (Spark start-up apart), cost per article relative to
    the smallest size, and peak RSS of the driver JVM, the Python workers and the process tree. In the same run, on
    the same data, a plain single-process Python baseline (nupunkt, datasketch MinHashLSH, scikit-learn TF-IDF
    threshold clustering, sumy LexRank) does the same job; both are scored on the planted duplicates and stories."""
    # imported when the subcommand runs (see the module docstring)
    from storyline.bench.pipeline import format_table, run_pipeline_bench

    sizes = _sizes(args.sizes)
    baseline = None if args.baseline_sizes is None else _sizes(args.baseline_sizes)
    result = run_pipeline_bench(args.data, sizes, args.work_dir, runs=args.runs, baseline_sizes=baseline,
                                master=args.master, config=args.config, story_threshold=args.baseline_threshold,
                                baseline_runs=args.baseline_runs, profile_top=args.profile)
    print(format_table(result))
    _write_json(result, args.json)
    return 0


def _needs(args: argparse.Namespace) -> list[str]:
    """The optional modules this benchmark run imports (from the ``bench`` extra)."""
    chosen = set((getattr(args, "systems", None) or "").split(",")) | set((getattr(args, "peers", None) or "").split(","))
    needs = {"summarize": ["rouge_score"] + (["sumy"] if chosen & {"lexrank", "textrank"} else []),
             "extract": ["resiliparse"] if not getattr(args, "systems", None) or "resiliparse" in chosen else [],
             "dedup": ["datasketch"] if "datasketch" in chosen else [],
             "pipeline": [] if getattr(args, "baseline_sizes", None) == "" else ["datasketch", "sklearn", "sumy"]}
    return needs.get(args.bench, [])


def preflight(args: argparse.Namespace) -> None:
    """Check, before Spark starts, that the data exists and the optional modules the run needs are installed.
    Raises ValueError with what to do."""
    for data in map(Path, args.data if isinstance(args.data, list) else [args.data]):
        if not data.exists():
            raise ValueError(f"bench {args.bench}: --data {data} does not exist")
    data = Path(args.data[0] if isinstance(args.data, list) else args.data)
    if args.bench == "extract" and not (data.is_dir() and (data / "evaldata.jsonl").is_file()):
        raise ValueError(f"bench extract: --data {data} must be a folder holding evaldata.jsonl and html/")
    if args.bench in ("reads", "storylines", "entities") and not (data / "stories.jsonl" if data.is_dir() else data
                                                                  ).is_file():
        raise ValueError(f"bench {args.bench}: --data {data} must be a run's output folder (holding stories.jsonl) "
                         f"or a stories.jsonl")
    if args.bench not in ("extract", "reads", "claims", "storylines", "entities") and not data.is_file():
        raise ValueError(f"bench {args.bench}: --data {data} must be a JSONL file")
    for opt in ("runs", "baseline_runs"):
        if getattr(args, opt, 1) < 1:
            raise ValueError(f"bench {args.bench}: --{opt.replace('_', '-')} must be 1 or more, "
                             f"not {getattr(args, opt)}")
    missing = [m for m in _needs(args) if importlib.util.find_spec(m) is None]
    if missing:
        raise ValueError(f"bench {args.bench} needs module {', '.join(missing)}, from the 'bench' extra: "
                         f"pip install -e '.[bench]' (or pip install 'storyline[bench]')")


def run_bench(args: argparse.Namespace) -> int:
    """``storyline bench ...``: the checks of :func:`preflight`, then the benchmark."""
    preflight(args)
    return args.bench_func(args)


def _bench(bsub, cmd: Callable[[argparse.Namespace], int], help: str) -> argparse.ArgumentParser:
    """The parser of one benchmark: named and described by its command function (``cmd_<name>`` and its docstring)."""
    p = bsub.add_parser(cmd.__name__.removeprefix("cmd_"), help=help, description=cmd.__doc__)
    p.set_defaults(bench_func=cmd)
    return p


def _run_options(p: argparse.ArgumentParser, in_process: str | None = None) -> None:
    """The options every benchmark that runs storyline takes: where its figures go and how storyline runs;
    ``in_process``, when given, is the help of an ``--in-process`` option as well."""
    p.add_argument("--json", metavar="OUT.json", help="also write the figures as JSON")
    p.add_argument("--master", metavar="URL", help="Spark master for storyline's run (default from config)")
    p.add_argument("--config", metavar="FILE", help="storyline config TOML for its run")
    if in_process:
        p.add_argument("--in-process", action="store_true", help=in_process)


def _scale_options(p: argparse.ArgumentParser, work_dir_help: str) -> None:
    """The options every benchmark on generated corpora takes."""
    p.add_argument("--work-dir", default="bench-work", help=work_dir_help)
    _run_options(p)


def add_bench_parser(sub) -> None:
    # imported when the subcommand runs (see the module docstring)
    from storyline.bench.plain import BASELINE_THRESHOLD

    p = sub.add_parser("bench", help="measure storyline against its peers (ROUGE, extraction, dedup, clustering)",
                       description="Benchmarks that run storyline and its peers in the same run and report ratios.")
    bsub = p.add_subparsers(dest="bench", required=True, metavar="BENCH")

    s = _bench(bsub, cmd_summarize, "ROUGE of storyline vs lead, LexRank, TextRank and an oracle")
    s.add_argument("--data", required=True, metavar="FILE.jsonl", help="Multi-News style JSONL")
    s.add_argument("--words", type=int, default=250, help="word budget per summary (default 250)")
    s.add_argument("--limit", type=int, metavar="N", help="only the first N stories")
    s.add_argument("--focus", metavar="TEXT", help="bias storyline's summaries toward this topic or question")
    s.add_argument("--systems", default="storyline,lead,lexrank,textrank,oracle",
                   help="comma-separated systems (default: all)")
    _run_options(s, "run storyline's summariser in this process instead of through Spark (for quick checks)")

    e = _bench(bsub, cmd_extract, "HTML main-text extraction vs trafilatura and resiliparse")
    e.add_argument("--data", required=True, metavar="DIR", help="the evaluation folder (evaldata.jsonl, html/)")
    e.add_argument("--limit", type=int, metavar="N", help="only the first N pages")
    e.add_argument("--systems", help="comma-separated systems (default: storyline,trafilatura,resiliparse)")
    _run_options(e, "run storyline's extractor in this process instead of through Spark")

    d = _bench(bsub, cmd_dedup, "near-duplicate folding vs datasketch MinHashLSH and Spark MLlib MinHashLSH")
    d.add_argument("--data", required=True, metavar="FILE.jsonl", help="seed corpus (Multi-News style JSONL)")
    d.add_argument("--sizes", default="10000,100000", help="corpus sizes (default 10000,100000)")
    d.add_argument("--peer-size", type=int, default=100_000, help="size at which the peers run (default 100000)")
    d.add_argument("--peers", default="datasketch,mllib", help="peers to run (default datasketch,mllib)")
    d.add_argument("--threshold", type=float, default=0.8, help="Jaccard threshold (default 0.8)")
    _scale_options(d, "where the synthetic corpora are written")

    k = _bench(bsub, cmd_cluster, "story clustering quality (B-cubed) and throughput at scale")
    k.add_argument("--data", required=True, metavar="FILE.jsonl", help="Multi-News style JSONL (gold stories)")
    k.add_argument("--sizes", default="10000,100000", help="synthetic corpus sizes (default 10000,100000)")
    k.add_argument("--threshold", type=float, default=0.1, help="similarity threshold (default 0.1)")
    _scale_options(k, "where the synthetic corpora are written")

    pl = _bench(bsub, cmd_pipeline, "end-to-end throughput and memory at several sizes vs a plain-Python baseline")
    pl.add_argument("--data", required=True, metavar="FILE.jsonl", help="seed corpus of texts")
    pl.add_argument("--sizes", default="10000,100000", help="corpus sizes (default 10000,100000)")
    pl.add_argument("--runs", type=int, default=1, help="storyline runs per size; the median is reported (default 1)")
    pl.add_argument("--baseline-sizes", metavar="N,N",
                    help="sizes at which the baseline also runs (default: every size; '' for none)")
    pl.add_argument("--baseline-runs", type=int, default=1,
                    help="baseline runs per size; the median is reported (default 1)")
    pl.add_argument("--baseline-threshold", type=float, default=BASELINE_THRESHOLD,
                    help=f"cosine threshold of the baseline's TF-IDF clustering (default {BASELINE_THRESHOLD})")
    pl.add_argument("--profile", type=int, nargs="?", const=30, default=0, metavar="N",
                    help="after the timed runs, one more run per size with the digest profiled: list its N "
                         "costliest Python functions (default 30; the profiles stay in WORK_DIR/profile-SIZE)")
    _scale_options(pl, "where corpora and outputs are written")

    inc = _bench(bsub, cmd_incremental,
                 "a night's new articles --into an archive, against a run of everything from scratch")
    inc.add_argument("--data", required=True, metavar="FILE.jsonl", help="seed corpus of texts")
    inc.add_argument("--total", type=int, default=110_000, help="articles in all (default 110000)")
    inc.add_argument("--new", type=int, default=10_000, help="the newest articles, added --into (default 10000)")
    inc.add_argument("--runs", type=int, default=1, help="runs of each; the medians are reported (default 1)")
    _scale_options(inc, "where the corpus and outputs are written")

    c = _bench(bsub, cmd_claims, "disputes, single-source claims and the lead, scored on digest sets with gold; "
                                 "or flags of Multi-News stories to read")
    c.add_argument("--data", required=True, action="append", metavar="DIR|FILE.jsonl",
                   help="a digest set folder (repeat for several), or one Multi-News style JSONL file")
    c.add_argument("--half", choices=("tune", "held_out", "all"), default="all",
                   help="digest sets: which half to score (default: both, each on its own row)")
    c.add_argument("--text", metavar="FILE.jsonl",
                   help="the Multi-News style file a pairs set's real.tsv points into; its real-text pairs are scored "
                        "only with it")
    c.add_argument("--limit", type=int, metavar="N", help="only the first N stories")
    c.add_argument("--sample", type=int, default=20, help="how many flags to print (default 20)")
    c.add_argument("--json", metavar="OUT.json", help="also write the result as JSON")

    sl = _bench(bsub, cmd_storylines, "a run's storylines against Multi-News groups (B-cubed, story and storyline "
                                      "level) or a thread set's cases")
    sl.add_argument("--data", required=True, metavar="OUT_DIR", help="a run's output folder, or its stories.jsonl")
    sl.add_argument("--gold", default="multinews", metavar="multinews|GOLD.json",
                    help="'multinews' (an article's group is its id before '#'; the default) or a thread set's "
                         "gold.json, such as tests/data/threads/gold.json")

    en = _bench(bsub, cmd_entities, "runs' top-five entities against hand-typed ones: names with the right type")
    en.add_argument("--data", required=True, nargs="+", metavar="OUT_DIR",
                    help="runs' output folders (or stories.jsonl files), scored side by side")
    en.add_argument("--gold", default="benchmarks/labels/entities.json", metavar="LABELS.json",
                    help="hand-typed entities (default benchmarks/labels/entities.json)")
    en.add_argument("--half", choices=("build", "held"), help="one half of the labelled stories only; 'held' is "
                                                              "the half kept apart from building")
    en.add_argument("--errors", type=int, default=0, metavar="N", help="print each run's first N wrong entries")

    r = _bench(bsub, cmd_reads, "how a run's stories read: residue and cut titles, furniture, background rows and "
                                "leads, non-names, events apart")
    r.add_argument("--data", required=True, metavar="OUT_DIR", help="a run's output folder, or its stories.jsonl")
    r.add_argument("--examples", type=int, default=5, help="examples printed per count (default 5)")
    r.add_argument("--json", metavar="OUT.json", help="also write the counts and examples as JSON")
    r.add_argument("--labels", metavar="LABELS.json",
                   help="hand labels (as in benchmarks/labels/: {\"labels\": {count: {story's first article id: "
                        "fault or not}}}): also print each detector's precision and recall over the labelled stories "
                        "of this run")
    r.add_argument("--line-labels", metavar="LINES.json",
                   help="hand labels of shown lines (benchmarks/labels/lines.json: {\"labels\": {SHA-1 of a line: "
                        "furniture or not}}): also print the parse's precision and recall over the labelled lines "
                        "of this run")
    r.add_argument("--half", choices=("build", "held"),
                   help="with --labels or --line-labels, check against one half of them only; 'held' is the half "
                        "kept apart from building the detectors")

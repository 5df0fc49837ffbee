"""The ``storyline`` command: a thin layer over :mod:`storyline.run.runner` and the benchmarks.

Library errors become one-line messages here, with a non-zero exit and no traceback. Each command imports what it
runs when it runs (the runner and Spark, the report server, the benchmarks): those imports take seconds, and
``storyline --help`` and every other command pay none of them.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path

from storyline import __version__
from storyline.config import FORMATS, ConfigError, load_config
from storyline.core.nlp.embed import ModelError
from storyline.core.ingest.inputs import InputError
from storyline.run.folder import NoArticles, OutputError

log = logging.getLogger("storyline")

EPILOG = """examples:
  storyline run sample/articles.jsonl sample/folder --out out/sample
  storyline run feeds/ --out out/day1 --master spark://127.0.0.1:7077
  storyline run multinews.jsonl --group-by group --words 200 --out out/mn
  storyline serve out/sample --port 8000
"""


def _run_parser(sub) -> None:
    defaults = load_config()  # the packaged defaults, so --help shows the values a run really uses
    p = sub.add_parser(
        "run",
        help="turn input articles into stories (Parquet tables, stories.jsonl, HTML report)",
        description="Read articles, clean them, fold duplicates, group them into stories and write a cited "
        "summary per story. Every input record ends up as an article, a duplicate or a reject.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=EPILOG,
    )
    p.add_argument("inputs", nargs="+", metavar="INPUT",
                   help="files or folders: .jsonl(.gz), .parquet, .txt/.md, .html(.gz), .warc(.gz); folders are "
                        "read recursively")
    p.add_argument("--out", metavar="DIR",
                   help="output folder (created; its tables are replaced); defaults to the --into folder")
    p.add_argument("--config", metavar="FILE", help="TOML file layered over the packaged defaults")
    p.add_argument("--format", choices=FORMATS, help="input reader (default: auto, from each file's name)")
    p.add_argument("--master", metavar="URL",
                   help="Spark master: local[*] (default), local[N], spark://HOST:PORT, yarn, k8s://...")
    p.add_argument("--group-by", metavar="FIELD",
                   help="use this article field (e.g. 'group') as the story instead of clustering")
    p.add_argument("--words", type=int, metavar="N",
                   help=f"summary word budget per story (default {defaults.summary.words})")
    p.add_argument("--focus", metavar="TEXT", help="bias every summary toward this topic or question")
    p.add_argument("--threshold", type=float, metavar="X",
                   help=f"story clustering similarity threshold, strictly between 0 and 1 "
                        f"(default {defaults.stories.threshold})")
    p.add_argument("--into", metavar="DIR",
                   help="add the inputs to an earlier output folder: its stories keep their ids, new articles "
                        "join them or open new stories; re-running the same input changes nothing")
    p.add_argument("--force", action="store_true",
                   help="let --out replace a non-empty folder that is not an earlier storyline output")
    p.add_argument("--resume", action="store_true",
                   help="continue a run that was interrupted (killed, out of memory, a lost cluster): stages it "
                        "finished with the same inputs and config are not run again; give the same command")
    p.add_argument("-q", "--quiet", action="store_true", help="only warnings and the final summary line")
    p.add_argument("--profile", metavar="DIR",
                   help="profile the digest stage's Python work (cProfile, one file per task) into DIR, a folder "
                        "every worker can write; 'python -m storyline.profile DIR' lists the costliest functions")


def _serve_parser(sub) -> None:
    p = sub.add_parser("serve", help="serve a run's HTML report on http://127.0.0.1",
                       description="Serve OUT/report/ over HTTP, bound to 127.0.0.1 unless --host says otherwise.")
    p.add_argument("out", metavar="OUT", help="an output folder written by 'storyline run'")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="storyline",
        description="Turn a day's pile of news articles into sourced stories, on Apache Spark.",
    )
    parser.add_argument("--version", action="version", version=f"storyline {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _run_parser(sub)
    _serve_parser(sub)
    # imported when the command runs (see the module docstring)
    from storyline.bench.cli import add_bench_parser

    add_bench_parser(sub)
    return parser


def _setup_logging(quiet: bool) -> None:
    logging.basicConfig(
        level=logging.WARNING if quiet else logging.INFO,
        format="%(asctime)s storyline %(levelname)s %(message)s",
        datefmt="%H:%M:%S",
        stream=sys.stderr,
    )
    for noisy in ("py4j", "pyspark", "trafilatura", "htmldate", "courlan", "charset_normalizer"):
        logging.getLogger(noisy).setLevel(logging.ERROR)


def cmd_run(args: argparse.Namespace) -> int:
    # imported when the command runs (see the module docstring)
    from storyline.run.runner import run

    if not args.out and not args.into:
        raise ConfigError("storyline run needs --out DIR (or --into DIR to add to an earlier output)")
    overrides = {
        "spark.master": args.master,
        "ingest.format": args.format,
        "stories.group_by": args.group_by,
        "stories.threshold": args.threshold,
        "summary.words": args.words,
        "summary.focus": args.focus,
    }
    cfg = load_config(args.config, overrides)
    t0 = time.perf_counter()
    result = run(args.inputs, args.out or args.into, cfg, into=args.into, force=args.force,
                 resume=args.resume, profile=str(Path(args.profile).resolve()) if args.profile else None)
    print(f"storyline: {summary_line(result.counts, bool(args.into))} in {time.perf_counter() - t0:.1f}s. "
          f"Report: {result.out / 'report' / 'index.html'}")
    print(f"storyline: {result.reject_line}")
    return 0


def summary_line(c: dict, into: bool) -> str:
    """A run's counts in one line. A run ``--into`` an earlier output says what this run's records became, and the
    output's totals apart from them.

    >>> summary_line({"records_in": 5, "articles": 4, "duplicates": 1, "rejects": 0, "stories": 2}, False)
    '5 records -> 4 articles, 1 duplicates, 0 rejects; 2 stories'
    >>> summary_line({"records_in": 5, "articles": 40, "duplicates": 3, "rejects": 1, "stories": 12,
    ...               "articles_added": 2, "duplicates_added": 1, "already_present": 1, "stories_added": 1}, True)
    '5 records -> 2 new articles, 1 new duplicates, 1 already in the output, 1 rejects; the output now holds 40 articles in 12 stories (+1 on the earlier output)'
    """
    if not into:
        return (f"{c['records_in']} records -> {c['articles']} articles, {c['duplicates']} duplicates, "
                f"{c['rejects']} rejects; {c['stories']} stories")
    return (f"{c['records_in']} records -> {c['articles_added']} new articles, {c['duplicates_added']} new duplicates, "
            f"{c['already_present']} already in the output, {c['rejects']} rejects; the output now holds "
            f"{c['articles']} articles in {c['stories']} stories ({c['stories_added']:+d} on the earlier output)")


def cmd_serve(args: argparse.Namespace) -> int:
    # imported when the command runs (see the module docstring)
    from storyline.report.serve import serve

    serve(args.out, host=args.host, port=args.port)
    return 0


def _bench(args: argparse.Namespace) -> int:
    # imported when the command runs (see the module docstring)
    from storyline.bench.cli import run_bench

    return run_bench(args)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    _setup_logging(getattr(args, "quiet", False))
    handlers = {"run": cmd_run, "serve": cmd_serve, "bench": _bench}
    try:
        return handlers[args.command](args)
    except NoArticles as exc:
        print(f"storyline: {exc}", file=sys.stderr)
        return 3
    except (ConfigError, InputError, OutputError, FileNotFoundError, ValueError, ModelError) as exc:
        print(f"storyline: error: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - the CLI boundary: one clear line, the traceback only on request
        if os.environ.get("STORYLINE_DEBUG"):
            raise
        print(f"storyline: internal error: {exc.__class__.__name__}: {exc} "
              f"(set STORYLINE_DEBUG=1 for the traceback)", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("storyline: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())

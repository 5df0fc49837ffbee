"""``storyline bench ...``: the benchmark subcommands, each a thin wrapper over a bench module."""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def _write_json(doc: dict, path: str | None) -> None:
    if path:
        Path(path).write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def add_bench_parser(sub) -> None:
    p = sub.add_parser("bench", help="measure storyline against its peers (ROUGE, extraction, dedup, clustering)",
                       description="Benchmarks that run storyline and its peers in the same run and report ratios.")
    bsub = p.add_subparsers(dest="bench", required=True, metavar="BENCH")
    _ = bsub  # subcommands are registered by the bench modules below as they exist

"""Main-text extraction benchmark on the trafilatura evaluation set (990 pages with must-include/exclude snippets).

Systems run in the same process on the same pages, one page at a time in turn, so a busy machine slows them
alike: storyline's ingest (:func:`storyline.core.ingest.extract.extract_html`: decoding, bounded extraction, metadata,
residue cleaning), plain trafilatura with its defaults (``trafilatura.extract(html)``), and resiliparse
(``extract_plain_text(tree, main_content=True)``). Scoring follows trafilatura's ``tests/evaluate.py``: per
page, each "with" snippet found in the output (white space normalised) is a true positive, else a false
negative; each "without" snippet found is a false positive, else a true negative. A crash or an empty output
counts as a full miss. Speed is pages per second of extraction time alone, single process, both per wall-clock
second and per CPU second of this process (the second is steadier on a machine shared with other work).

Run: ``python -m storyline.bench.extract --data ../shared/data/trafilatura-eval [--limit N] [--json out.json]``
"""

from __future__ import annotations

import argparse
import gzip
import json
import logging
import re
import time
from collections import Counter
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Callable, Sequence

log = logging.getLogger(__name__)

Extractor = Callable[[bytes, "str | None"], "str | None"]
SYSTEMS = ("storyline", "trafilatura", "resiliparse")
_WS = re.compile(r"\s+")


def norm(text: str) -> str:
    """White space normalised, as the reference scorer does.

    >>> norm(" a\\n\\n b ")
    'a b'
    """
    return _WS.sub(" ", text).strip()


def score_page(output: str | None, with_: Sequence[str], without: Sequence[str]) -> tuple[int, int, int, int]:
    """(tp, fp, fn, tn) of one page's output against its snippets.

    >>> score_page("The council voted 7-2. Subscribe now", ["council voted 7-2", "fares rise"], ["Subscribe now"])
    (1, 1, 1, 0)
    >>> score_page(None, ["a"], ["b"])
    (0, 0, 1, 1)
    """
    text = norm(output) if output else ""
    tp = sum(1 for s in with_ if text and norm(s) in text)
    fp = sum(1 for s in without if text and norm(s) in text)
    return tp, fp, len(with_) - tp, len(without) - fp


@dataclass
class Tally:
    """Confusion counts and timing of one system over the run."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    pages: int = 0
    errors: int = 0
    empty: int = 0

    def add(self, counts: tuple[int, int, int, int]) -> None:
        self.tp += counts[0]
        self.fp += counts[1]
        self.fn += counts[2]
        self.tn += counts[3]

    def as_dict(self) -> dict:
        p = self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0
        r = self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        pps = self.pages / self.seconds if self.seconds else 0.0
        cpu_pps = round(self.pages / self.cpu_seconds, 1) if self.cpu_seconds else None  # None: not measured
        return {"precision": round(p, 4), "recall": round(r, 4), "f1": round(f1, 4), "tp": self.tp, "fp": self.fp,
                "fn": self.fn, "tn": self.tn, "pages": self.pages, "seconds": round(self.seconds, 2),
                "cpu_seconds": round(self.cpu_seconds, 2), "pages_per_s": round(pps, 1),
                "pages_per_cpu_s": cpu_pps, "errors": self.errors, "empty": self.empty}


# --- systems -------------------------------------------------------------------------------------------------

_REJECTS: Counter = Counter()


def storyline_system(**options) -> Extractor:
    """storyline's ingest with the given :func:`extract_html` options; rejects count as empty output."""
    # each extractor's package: imported only when that extractor is benchmarked
    from storyline.core.ingest.extract import Extracted, extract_html

    def run(html: bytes, url: str | None) -> str | None:
        result = extract_html(html, url, **options)
        if isinstance(result, Extracted):
            return result.text
        _REJECTS[result.reason] += 1
        return None

    return run


def trafilatura_system(**options) -> Extractor:
    """``trafilatura.extract`` on the page bytes; no options = its defaults."""
    # each extractor's package: imported only when that extractor is benchmarked
    import trafilatura

    return lambda html, url: trafilatura.extract(html, **options)


def resiliparse_system() -> Extractor:
    """resiliparse main-content extraction, decoding as trafilatura's evaluation does."""
    # each extractor's package: imported only when that extractor is benchmarked
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.encoding import bytes_to_str, detect_encoding
    from resiliparse.parse.html import HTMLTree

    def run(html: bytes, url: str | None) -> str | None:
        tree = HTMLTree.parse(bytes_to_str(html, detect_encoding(html)))
        return extract_plain_text(tree, main_content=True)

    return run


# named variants, for comparing settings; the default run uses SYSTEMS
VARIANTS: dict[str, Callable[[], Extractor]] = {
    "storyline": storyline_system,
    "storyline-fast": lambda: storyline_system(fast=True),
    "storyline-raw": lambda: storyline_system(clean=False),
    "trafilatura": trafilatura_system,
    "trafilatura-fast": lambda: trafilatura_system(fast=True, include_comments=False),
    "trafilatura-precision": lambda: trafilatura_system(favor_precision=True, include_comments=False),
    "resiliparse": resiliparse_system,
}
_LIBRARIES = {"storyline": "trafilatura", "trafilatura": "trafilatura", "resiliparse": "resiliparse"}


# --- the run -------------------------------------------------------------------------------------------------

def load_pages(data_dir: str | Path, limit: int | None = None) -> list[dict]:
    """Rows of ``evaldata.jsonl`` with the page bytes under ``html``; missing pages are skipped (logged)."""
    root = Path(data_dir)
    index = root / "evaldata.jsonl"
    if not index.exists():
        raise FileNotFoundError(f"{index} not found: pass the trafilatura-eval folder (with evaldata.jsonl, html/)")
    pages = []
    with index.open(encoding="utf-8") as fh:
        for line in fh:
            if limit is not None and len(pages) >= limit:
                break
            row = json.loads(line)
            path = root / row.get("html_path", f"html/{row['file']}.gz")
            if not path.exists():
                log.warning("page %s missing, skipped", path)
                continue
            raw = path.read_bytes()
            row["html"] = gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw
            pages.append(row)
    return pages


def _version(system: str) -> str:
    lib = _LIBRARIES.get(system.split("-")[0], system)
    try:
        return version(lib)
    except PackageNotFoundError:
        return "?"


def run_extract_bench(data_dir: str | Path, limit: int | None = None,
                      storyline_extract: Extractor | None = None, *,
                      systems: Sequence[str] = SYSTEMS, json_path: str | Path | None = None) -> dict:
    """Score each system on the evaluation pages. ``storyline_extract(html_bytes, url) -> text | None`` replaces
    storyline's default extractor (e.g. the Spark path). Returns the result (also written to ``json_path``)."""
    if limit is not None and limit <= 0:
        raise ValueError(f"limit must be positive or None, got {limit}")
    unknown = [s for s in systems if s not in VARIANTS]
    if unknown:
        raise ValueError(f"unknown systems {unknown}; choose from {sorted(VARIANTS)}")
    pages = load_pages(data_dir, limit)
    if not pages:
        raise ValueError(f"no pages found under {data_dir}")
    runners: dict[str, Extractor] = {}
    for name in systems:
        runners[name] = storyline_extract if (name == "storyline" and storyline_extract) else VARIANTS[name]()
    warm = b"<html><head><title>t</title></head><body><p>Warm-up paragraph of a page.</p></body></html>"
    for fn in runners.values():  # imports and one-time set-up are not timed
        try:
            fn(warm, None)
        except Exception:  # noqa: BLE001 - a failing system shows up in the per-page errors
            pass
    _REJECTS.clear()
    tallies = {name: Tally() for name in runners}
    for page in pages:
        for name, fn in runners.items():
            tally = tallies[name]
            start, cpu_start = time.perf_counter(), time.process_time()
            try:
                out = fn(page["html"], page.get("url"))
            except Exception as exc:  # noqa: BLE001 - scored as a full miss, like the reference scorer
                out = None
                tally.errors += 1
                log.debug("%s failed on %s: %s", name, page["file"], exc)
            tally.seconds += time.perf_counter() - start
            tally.cpu_seconds += time.process_time() - cpu_start
            tally.pages += 1
            tally.empty += 0 if out else 1
            tally.add(score_page(out, page["with"], page["without"]))
    result = {
        "dataset": str(data_dir),
        "pages": len(pages),
        "snippets": {"with": sum(len(p["with"]) for p in pages), "without": sum(len(p["without"]) for p in pages)},
        "systems": {name: {**t.as_dict(), "version": _version(name)} for name, t in tallies.items()},
        "storyline_rejects": dict(sorted(_REJECTS.items())),
    }
    if "storyline" in tallies and "trafilatura" in tallies:
        s, t = result["systems"]["storyline"], result["systems"]["trafilatura"]
        result["storyline_f1_minus_trafilatura"] = round(s["f1"] - t["f1"], 4)
    if json_path:
        Path(json_path).write_text(json.dumps(result, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return result


def _or_dash(value: float | None) -> str:
    """A figure with one decimal, or "-" where it was not measured."""
    return "-" if value is None else f"{value:.1f}"


def format_table(result: dict) -> str:
    """The result as a text table."""
    head = (f"{'system':<22} {'F1':>6} {'P':>6} {'R':>6} {'pages/s':>8} {'pages/cpu-s':>11} {'empty':>6} "
            f"{'errors':>6}  version")
    lines = [f"Extraction on {result['pages']} pages ({result['snippets']['with']} with / "
             f"{result['snippets']['without']} without snippets)", head, "-" * len(head)]
    for name, r in result["systems"].items():
        lines.append(f"{name:<22} {r['f1']:>6.3f} {r['precision']:>6.3f} {r['recall']:>6.3f} {r['pages_per_s']:>8.1f}"
                     f" {_or_dash(r['pages_per_cpu_s']):>11} {r['empty']:>6} {r['errors']:>6}  {r['version']}")
    if "storyline_f1_minus_trafilatura" in result:
        lines.append(f"storyline F1 minus trafilatura F1: {result['storyline_f1_minus_trafilatura']:+.4f}")
    if result.get("storyline_rejects"):
        lines.append("storyline rejects: " + ", ".join(f"{k} {v}" for k, v in result["storyline_rejects"].items()))
    return "\n".join(lines)


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """Arguments of ``storyline bench extract``; pass a sub-parser to add them to it."""
    p = parser or argparse.ArgumentParser(prog="storyline bench extract", description=__doc__.split("\n")[0])
    p.add_argument("--data", required=True, help="the trafilatura-eval folder (evaldata.jsonl and html/)")
    p.add_argument("--limit", type=int, default=None, help="only the first N pages")
    p.add_argument("--json", default=None, help="also write the result as JSON to this file")
    p.add_argument("--systems", default=",".join(SYSTEMS),
                   help=f"comma-separated systems (default {','.join(SYSTEMS)}; also: "
                        f"{', '.join(v for v in VARIANTS if v not in SYSTEMS)})")
    return p


def run_from_args(args: argparse.Namespace) -> int:
    """Run for parsed arguments, print the table, optionally write JSON. Returns an exit code."""
    systems = tuple(s.strip() for s in args.systems.split(",") if s.strip())
    result = run_extract_bench(args.data, limit=args.limit, systems=systems, json_path=args.json)
    print(format_table(result))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``storyline bench extract`` as a function: ``main(["--data", DIR, "--limit", "50"])``."""
    return run_from_args(build_parser().parse_args(argv))


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("trafilatura").setLevel(logging.CRITICAL)
    raise SystemExit(main())

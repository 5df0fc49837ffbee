"""Failures worth a line on the console: a missing module, or one reason refusing every record of a kind.

The ``rejects`` table keeps every refused record; these lines make sure a user who never opens it still learns
that, say, every HTML page failed, and what to do. Pure Python; the pipeline feeds it per-kind counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_KINDS = {"html": "HTML pages", "warc": "WARC records", "jsonl": "JSONL records", "text": "text files",
          "parquet": "Parquet rows", "multinews": "Multi-News documents", "bad_parquet": "Parquet files"}
_MISSING = re.compile(r"No module named '?([\w.]+)'?|(lxml_html_clean|lxml\.html\.clean)")


@dataclass(frozen=True)
class KindCount:
    """Records of one input kind (``fmt``) that ended as ``kind`` (article or reject) for ``reason``."""

    fmt: str
    kind: str
    reason: str | None
    n: int
    detail: str | None = None


def missing_module(detail: str | None) -> str | None:
    """The module a failure says is missing, as the name to ``pip install``.

    >>> missing_module("ImportError: lxml.html.clean module is now a separate project lxml_html_clean")
    'lxml_html_clean'
    >>> missing_module("ModuleNotFoundError: No module named 'resiliparse'"), missing_module("ValueError: x")
    ('resiliparse', None)
    """
    m = _MISSING.search(detail or "")
    if not m:
        return None
    name = m.group(1) or "lxml_html_clean"
    return "lxml_html_clean" if name.startswith("lxml.html.clean") else name.split(".")[0]


def failure_lines(counts: list[KindCount], min_records: int = 2) -> list[str]:
    """One line per input kind whose records all failed for one reason (at least ``min_records`` of them), and
    per missing module behind any failure, each with what to do.

    >>> failure_lines([KindCount("html", "reject", "extractor_error", 6,
    ...                          "ImportError: lxml.html.clean module is now a separate project lxml_html_clean")])
    ['6 HTML pages failed (extractor_error): module lxml_html_clean missing; pip install lxml_html_clean']
    >>> failure_lines([KindCount("html", "reject", "too_short", 3), KindCount("html", "article", None, 9)])
    []
    >>> failure_lines([KindCount("jsonl", "reject", "invalid_json", 40, "Expecting value: line 1 column 1")])
    ['all 40 JSONL records were refused (invalid_json: Expecting value: line 1 column 1); see the rejects table']
    """
    lines: list[str] = []
    by_fmt: dict[str, list[KindCount]] = {}
    for c in counts:
        by_fmt.setdefault(c.fmt, []).append(c)
    for fmt, rows in sorted(by_fmt.items()):
        label = _KINDS.get(fmt, f"{fmt} records")
        for c in rows:
            module = missing_module(c.detail) if c.kind == "reject" else None
            if module:
                lines.append(f"{c.n} {label} failed ({c.reason}): module {module} missing; pip install {module}")
        total = sum(c.n for c in rows)
        rejected = [c for c in rows if c.kind == "reject"]
        if (total >= min_records and len(rejected) == len(rows) == 1
                and not missing_module(rejected[0].detail)):
            c = rejected[0]
            why = f"{c.reason}: {c.detail[:120]}" if c.detail else str(c.reason)
            lines.append(f"all {total} {label} were refused ({why}); see the rejects table")
    return lines

"""Finding input files and planning the read tasks. Runs on the driver; touches only file metadata."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

_EXT_FORMATS = (
    (".jsonl.gz", "jsonl"), (".ndjson.gz", "jsonl"), (".json.gz", "jsonl"),
    (".jsonl", "jsonl"), (".ndjson", "jsonl"), (".json", "jsonl"),
    (".parquet", "parquet"),
    (".warc.gz", "warc"), (".warc", "warc"),
    (".html.gz", "html"), (".htm.gz", "html"), (".html", "html"), (".htm", "html"),
    (".txt", "text"), (".md", "text"), (".text", "text"),
)
# Files never treated as input records (folder metadata written by tools).
_IGNORED_NAMES = {"_SUCCESS", ".DS_Store", "Thumbs.db"}
# Documentation that travels with a folder of articles: listed, then rejected as not an article.
_DOC_NAMES = ("readme", "license", "licence", "changelog", "copying")


class InputError(ValueError):
    """An input path cannot be used at all (missing, unreadable). The message names it and says what to do."""


@dataclass(frozen=True)
class InputTask:
    """One unit of reading: a whole file, or a byte range [start, end) of a large line-oriented file."""

    path: str
    fmt: str
    start: int = 0
    end: int = -1  # -1: to the end of the file


def detect_format(path: str) -> str | None:
    """The reader for a file, from its name; None when storyline has no reader for it.

    >>> detect_format("/d/feed.JSONL"), detect_format("a.warc.gz"), detect_format("x.pdf")
    ('jsonl', 'warc', None)
    """
    low = path.lower()
    for ext, fmt in _EXT_FORMATS:
        if low.endswith(ext):
            return fmt
    return None


def _is_parquet_dir(p: Path) -> bool:
    return p.is_dir() and any(f.name.endswith(".parquet") for f in p.iterdir() if f.is_file())


def list_inputs(paths: list[str], fmt: str = "auto") -> tuple[list[tuple[str, str]], list[str]]:
    """Expand input paths into ``(file, format)`` pairs (sorted, so every run plans the same tasks) and a list of
    Parquet datasets (files or folders) that Spark reads natively.

    A file with no known reader is still listed, with format ``unsupported``, so that it is rejected with a
    reason rather than silently skipped; so is a README or LICENSE inside a folder (format ``documentation``). Raises InputError for a missing path.
    """
    files: list[tuple[str, str]] = []
    parquet: list[str] = []
    for raw in paths:
        p = Path(raw)
        if not p.exists():
            raise InputError(f"input path does not exist: {raw} (check the path, or quote globs so the shell "
                             f"does not expand them)")
        if fmt == "parquet" or (fmt == "auto" and (_is_parquet_dir(p) or detect_format(str(p)) == "parquet")):
            parquet.append(str(p.resolve()))
            continue
        if p.is_file():
            candidates = [p]
        else:
            candidates = []
            for root, dirs, names in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith((".", "_")))
                candidates.extend(Path(root) / n for n in names
                                  if n not in _IGNORED_NAMES and not n.startswith((".", "_")))
        for f in sorted(candidates):
            if f.name.lower().split(".")[0] in _DOC_NAMES:
                f_fmt = "documentation"
            elif fmt in ("auto",):
                f_fmt = detect_format(str(f)) or "unsupported"
            elif fmt == "multinews":
                f_fmt = "jsonl"
            else:
                f_fmt = fmt
            if f_fmt == "parquet":
                parquet.append(str(f.resolve()))
            else:
                files.append((str(f.resolve()), f_fmt))
    return sorted(set(files)), sorted(set(parquet))


def plan_tasks(files: list[tuple[str, str]], chunk_bytes: int) -> list[InputTask]:
    """Split large uncompressed JSONL files into byte ranges; everything else is one task per file.

    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); f = os.path.join(d, "a.jsonl"); _ = open(f, "w").write("x" * 250)
    >>> [(t.start, t.end) for t in plan_tasks([(f, "jsonl")], 100)]
    [(0, 100), (100, 200), (200, -1)]
    """
    tasks: list[InputTask] = []
    for path, fmt in files:
        size = os.path.getsize(path)
        if fmt == "jsonl" and not path.lower().endswith(".gz") and size > chunk_bytes:
            start = 0
            while start < size:
                end = start + chunk_bytes
                tasks.append(InputTask(path, fmt, start, end if end < size else -1))
                start = end
        else:
            tasks.append(InputTask(path, fmt))
    return tasks

"""Finding input files and planning the read tasks. Runs on the driver; touches only file metadata."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
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
    name: str = ""  # the file's name in article ids: its path below the parent of the input given (input_names)
    first_line: int = 1  # the number of the first line that starts in [start, end)
    size: int = 0  # the bytes the task covers, as planned (how many read slices a small input needs)


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
    good, bad = _check_parquet(sorted(set(parquet)))
    return sorted(set(files) | {(f, "bad_parquet") for f in bad}), good


def _check_parquet(paths: list[str]) -> tuple[list[str], list[str]]:
    """Split Parquet inputs into what Spark can read and files whose footer cannot be read (cut short, empty,
    not Parquet), which would otherwise fail the whole job. Reads only each file's footer (metadata).
    A dataset folder with a bad file is replaced by its good files."""
    # pyarrow: imported where Parquet is read
    import pyarrow.parquet as pq

    def ok(f: Path) -> bool:
        try:
            pq.read_metadata(str(f))
        except Exception:  # noqa: BLE001 - any failure to read the footer means Spark would fail on it too
            return False
        return True

    good: list[str] = []
    bad: list[str] = []
    for raw in paths:
        p = Path(raw)
        parts = sorted(f for f in p.rglob("*.parquet") if f.is_file() and not f.name.startswith((".", "_"))) \
            if p.is_dir() else [p]
        for f in parts:
            (good if ok(f) else bad).append(str(f))
    return sorted(set(good)), sorted(set(bad))


def parquet_groups(files: list[str]) -> list[list[str]]:
    """Readable Parquet files grouped by schema, so that each group is one Spark read (files whose columns
    differ in type, e.g. ``id`` as text in one and as a number in another, cannot share a read).

    >>> import tempfile, os, pyarrow as pa, pyarrow.parquet as pq
    >>> d = tempfile.mkdtemp(); a, b, c = (os.path.join(d, n) for n in ("a.parquet", "b.parquet", "c.parquet"))
    >>> pq.write_table(pa.table({"id": ["x"]}), a); pq.write_table(pa.table({"id": [1]}), b)
    >>> pq.write_table(pa.table({"id": ["y"]}), c)
    >>> [[os.path.basename(f) for f in g] for g in parquet_groups([a, b, c])]
    [['a.parquet', 'c.parquet'], ['b.parquet']]
    """
    # pyarrow: imported where Parquet is read
    import pyarrow.parquet as pq

    groups: dict[str, list[str]] = {}
    for f in files:
        groups.setdefault(pq.read_schema(f).remove_metadata().to_string(), []).append(f)
    return list(groups.values())


def input_names(paths: list[str], files: list[str]) -> dict[str, str]:
    """Each file's name in article ids: its path below the *parent* of the input given on the command line, so
    that ``day1/brief.txt`` and ``day2/brief.txt`` never share an id, and a file keeps its name whether its folder
    or the file itself is given. When two inputs would still give one name to different files, those inputs are
    named from one folder higher, until every name is unique.

    >>> import tempfile, os
    >>> d = tempfile.mkdtemp()
    >>> for day in ("day1", "day2"):
    ...     os.makedirs(os.path.join(d, day)); _ = open(os.path.join(d, day, "brief.txt"), "w").write("x")
    >>> names = input_names([os.path.join(d, "day1"), os.path.join(d, "day2", "brief.txt")],
    ...                     [os.path.join(d, "day1", "brief.txt"), os.path.join(d, "day2", "brief.txt")])
    >>> sorted(names.values())
    ['day1/brief.txt', 'day2/brief.txt']
    """
    roots = []
    for raw in paths:
        p = Path(raw).resolve()
        roots.append(p.parent if p.is_dir() else p.parent.parent)
    up = [0] * len(roots)

    def owner(f: Path) -> int | None:
        best = None
        for k, raw in enumerate(paths):
            p = Path(raw).resolve()
            if (f == p or p in f.parents) and (best is None or len(str(p)) > len(str(Path(paths[best]).resolve()))):
                best = k
        return best

    resolved = [Path(f).resolve() for f in files]
    owners = [owner(f) for f in resolved]
    while True:
        names: dict[str, str] = {}
        by_name: dict[str, set[int]] = {}
        for f, k in zip(resolved, owners):
            root = roots[k] if k is not None else f.parent
            for _ in range(up[k] if k is not None else 0):
                root = root.parent
            name = f.relative_to(root).as_posix() if root != f else f.name
            names[str(f)] = name
            by_name.setdefault(name, set()).add(-1 if k is None else k)
        clash = {k for ks in by_name.values() if len(ks) > 1 for k in ks if k >= 0}
        clash = {k for k in clash if roots[k].parents and len(roots[k].parents) > up[k]}
        if not clash:
            return names
        for k in clash:
            up[k] += 1


def plan_tasks(files: list[tuple[str, str]], chunk_bytes: int, names: dict[str, str] | None = None,
               ) -> list[InputTask]:
    """Split large uncompressed JSONL files into byte ranges; everything else is one task per file. The line
    numbers of byte ranges after the first are set by :func:`number_lines`.

    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); f = os.path.join(d, "a.jsonl"); _ = open(f, "w").write("x" * 250)
    >>> [(t.start, t.end, t.size) for t in plan_tasks([(f, "jsonl")], 100)]
    [(0, 100, 100), (100, 200, 100), (200, -1, 50)]
    """
    names = names or {}
    tasks: list[InputTask] = []
    for path, fmt in files:
        size = os.path.getsize(path)
        name = names.get(path) or Path(path).name
        if fmt == "jsonl" and not path.lower().endswith(".gz") and size > chunk_bytes:
            start = 0
            while start < size:
                end = start + chunk_bytes
                tasks.append(InputTask(path, fmt, start, end if end < size else -1, name,
                                       size=min(end, size) - start))
                start = end
        else:
            tasks.append(InputTask(path, fmt, name=name, size=size))
    return tasks


def newlines_before_range(task: InputTask) -> int:
    """How many line breaks lie in the bytes ``[start - 1, end - 1)`` of the task's file (``[0, end - 1)`` for the
    first range): summed over the ranges before a task, they number its first line (:func:`number_lines`).
    Streams the range; never holds more than a megabyte."""
    lo = max(task.start - 1, 0)
    hi = None if task.end < 0 else task.end - 1
    n = 0
    with open(task.path, "rb") as fh:
        fh.seek(lo)
        left = None if hi is None else hi - lo
        while left is None or left > 0:
            block = fh.read(1 << 20 if left is None else min(1 << 20, left))
            if not block:
                break
            n += block.count(b"\n")
            if left is not None:
                left -= len(block)
    return n


def number_lines(tasks: list[InputTask], counts: dict[tuple[str, int], int]) -> list[InputTask]:
    """Tasks with ``first_line`` set from the line breaks counted in each byte range (``counts[(path, start)]``
    from :func:`newlines_before_range`), so that a record's locator is its line number whatever the range size.

    >>> ts = [InputTask("f", "jsonl", 0, 2), InputTask("f", "jsonl", 2, 4), InputTask("f", "jsonl", 4, -1)]
    >>> [t.first_line for t in number_lines(ts, {("f", 0): 0, ("f", 2): 1, ("f", 4): 1})]
    [1, 2, 3]
    """
    out: list[InputTask] = []
    seen: dict[str, int] = {}
    for t in sorted(tasks, key=lambda t: (t.path, t.start)):
        if t.start == 0:
            out.append(t)
        else:
            out.append(replace(t, first_line=2 + seen.get(t.path, 0)))
        seen[t.path] = seen.get(t.path, 0) + counts.get((t.path, t.start), 0)
    return out

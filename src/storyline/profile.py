"""Where the digest's Python time goes: ``storyline run --profile DIR`` profiles each task's stories (cProfile, one
file per task, written by the worker into DIR); this module merges the files and lists the costliest functions.

    python -m storyline.profile DIR [--top N] [--sort cumulative|own]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")


class TaskProfile:
    """The profile of one task's calls: :meth:`call` runs a function with the profiler on (or plainly, when no
    folder is given), :meth:`save` writes what it gathered into the folder, under a name of its own."""

    def __init__(self, folder: str | None, name: str = "digest") -> None:
        self.folder, self.name = folder, name
        self._prof = cProfile.Profile() if folder else None
        self._calls = 0

    def call(self, fn: Callable[..., T], *args) -> T:
        if self._prof is None:
            return fn(*args)
        self._calls += 1
        self._prof.enable()
        try:
            return fn(*args)
        finally:
            self._prof.disable()

    def save(self) -> Path | None:
        """The file written, or None (not profiling, or nothing was called)."""
        if self._prof is None or not self._calls:
            return None
        os.makedirs(self.folder, exist_ok=True)
        path = Path(self.folder) / f"{self.name}-{os.getpid()}-{uuid.uuid4().hex[:8]}.prof"
        self._prof.dump_stats(str(path))
        return path


@dataclass(frozen=True)
class FunctionCost:
    function: str  # "storyline/core/story/title.py:72(choose_title)"
    calls: int
    own_s: float  # time in the function itself
    total_s: float  # time in it and in what it calls


def short_name(file: str, line: int, name: str) -> str:
    """A profiled function as a reader finds it: its path from the package root, its line and name; a built-in by
    its name alone.

    >>> short_name("/x/src/storyline/core/story/title.py", 72, "choose_title")
    'storyline/core/story/title.py:72(choose_title)'
    >>> short_name("/v/lib/python3.11/site-packages/numpy/_core/numeric.py", 5, "f"), short_name("~", 0, "<len>")
    ('numpy/_core/numeric.py:5(f)', '<len>')
    """
    if file == "~":
        return name
    for root in ("site-packages/", "/src/", "/lib/python"):
        if root in file:
            file = file.rsplit(root, 1)[1]
            break
    return f"{file}:{line}({name})"


def top_functions(paths: Sequence[str | Path], n: int = 30, sort: str = "cumulative") -> list[FunctionCost]:
    """The ``n`` costliest functions of the merged profiles, by time in them and their callees (``cumulative``) or
    in them alone (``own``)."""
    if not paths:
        return []
    stats = pstats.Stats(*map(str, paths)).stats  # type: ignore[attr-defined]
    rows = [FunctionCost(short_name(*func), int(nc), round(tt, 3), round(ct, 3))
            for func, (_, nc, tt, ct, _) in stats.items()]
    key = (lambda r: (-r.total_s, r.function)) if sort == "cumulative" else (lambda r: (-r.own_s, r.function))
    return sorted(rows, key=key)[:n]


def profiles_in(folder: str | Path) -> list[Path]:
    return sorted(Path(folder).glob("*.prof"))


def format_top(rows: Sequence[FunctionCost]) -> str:
    """The rows as a table: calls, own seconds, total seconds, function.

    >>> print(format_top([FunctionCost("storyline/x.py:1(f)", 3, 0.5, 1.25)]))
        calls    own s  total s  function
            3    0.500    1.250  storyline/x.py:1(f)
    """
    lines = [f"{'calls':>9} {'own s':>8} {'total s':>8}  function"]
    lines += [f"{r.calls:>9} {r.own_s:>8.3f} {r.total_s:>8.3f}  {r.function}" for r in rows]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m storyline.profile",
                                description="List the costliest functions of the profiles 'storyline run --profile "
                                            "DIR' wrote.")
    p.add_argument("folder", metavar="DIR", help="the folder given to --profile")
    p.add_argument("--top", type=int, default=30, help="how many functions (default 30)")
    p.add_argument("--sort", choices=("cumulative", "own"), default="cumulative",
                   help="by time in a function and its callees (default), or in it alone")
    args = p.parse_args(argv)
    paths = profiles_in(args.folder)
    if not paths:
        print(f"no profiles (*.prof) in {args.folder}: give 'storyline run --profile {args.folder}' first",
              file=sys.stderr)
        return 2
    print(format_top(top_functions(paths, args.top, args.sort)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

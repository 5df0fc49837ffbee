"""Machine-local cache: files storyline can always make again, kept so that later runs need not.

It holds lists that every Python worker would otherwise rebuild from an installed package's data (the place names of :mod:`storyline.core.nlp.names`).
A cache that cannot be read or written is skipped: the caller's value is computed as if there were none.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Callable, Iterable


def cache_dir(env: dict | None = None) -> Path:
    """Where storyline keeps machine-local files: ``$STORYLINE_CACHE``, else ``$XDG_CACHE_HOME/storyline``, else
    ``~/.cache/storyline``."""
    env = os.environ if env is None else env
    if env.get("STORYLINE_CACHE"):
        return Path(env["STORYLINE_CACHE"])
    base = Path(env["XDG_CACHE_HOME"]) if env.get("XDG_CACHE_HOME") else Path.home() / ".cache"
    return base / "storyline"


def cached_lines(name: str, key: str, compute: Callable[[], Iterable[str]], folder: Path | None = None) -> list[str]:
    """The sorted lines that ``compute`` gives, kept in ``<cache>/<name>-<hash of key>.txt``: read from there when
    present, else computed and saved (under a temporary name, then renamed, so a concurrent reader never sees half
    a file). ``key`` must change whenever the lines would (a package's version, say). Lines holding a line break
    are dropped, cached or not.

    >>> import tempfile; d = Path(tempfile.mkdtemp())
    >>> cached_lines("n", "v1", lambda: ["b", "a"], d), cached_lines("n", "v1", lambda: ["changed"], d)
    (['a', 'b'], ['a', 'b'])
    """
    folder = cache_dir() / "lists" if folder is None else folder
    path = folder / f"{name}-{hashlib.sha256(key.encode()).hexdigest()[:16]}.txt"
    try:
        text = path.read_text(encoding="utf-8")
        return text.split("\n") if text else []
    except (OSError, UnicodeDecodeError):
        pass
    lines = sorted(x for x in compute() if "\n" not in x and "\r" not in x)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text("\n".join(lines), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass
    return lines

"""The output folder on the driver: checked before any work, written beside the old one, swapped in at the end.

A run writes into ``OUT.staging`` and renames it to ``OUT`` only when it has finished, so a failed run (a full disk,
an interrupted job) leaves the previous good output as it was, and a rerun replaces the report whole. Pure
Python; no Spark.
"""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path


class OutputError(ValueError):
    """The output folder cannot be used or written. The message names it and says what to do."""


class NoArticles(RuntimeError):
    """A run whose input yielded no article at all. The message says why, in one line."""


def check_out(out: Path, force: bool = False, into: Path | None = None) -> None:
    """Refuse an ``--out`` that is a file, an unrelated non-empty folder (unless ``force``) or not writable.

    >>> import tempfile; d = Path(tempfile.mkdtemp())
    >>> (d / "notes.txt").write_text("mine") and None
    >>> check_out(d / "new")  # a new folder is fine
    >>> check_out(d / "notes.txt")
    Traceback (most recent call last):
    ...
    storyline.run.folder.OutputError: --out ... is a file, not a folder: give a new or empty folder
    >>> check_out(d)
    Traceback (most recent call last):
    ...
    storyline.run.folder.OutputError: --out ... is a non-empty folder that holds no storyline output (...); give a new or empty folder, or add --force to replace it
    """
    if out.exists() and not out.is_dir():
        raise OutputError(f"--out {out} is a file, not a folder: give a new or empty folder")
    if out.is_dir() and not force and out != into and not (out / "run.json").is_file():
        names = sorted(p.name for p in out.iterdir())
        if names:
            shown = ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")
            raise OutputError(f"--out {out} is a non-empty folder that holds no storyline output ({shown}); give "
                              f"a new or empty folder, or add --force to replace it")
    parent = out.parent
    while not parent.exists():
        parent = parent.parent
    if not os.access(parent, os.W_OK | os.X_OK) or (out.is_dir() and not os.access(out, os.W_OK | os.X_OK)):
        raise OutputError(f"cannot write --out {out}: permission denied on {parent if not out.is_dir() else out}; "
                          f"choose a folder you can write to")


def staging_dir(out: Path, keep: bool = False) -> Path:
    """Where a run writes before its output is swapped in: a sibling of ``out``, fresh unless ``keep`` (a resumed
    run continues in what the interrupted one left)."""
    stage = out.with_name(out.name + ".staging")
    if not keep:
        shutil.rmtree(stage, ignore_errors=True)
    try:
        stage.mkdir(parents=True, exist_ok=keep)
    except OSError as exc:
        raise OutputError(f"cannot write --out {out}: {exc.strerror or exc}; choose a folder you can write to") from exc
    return stage


def publish(stage: Path, out: Path) -> None:
    """Replace ``out`` with the finished ``stage`` (the old output is kept until the new one is in place)."""
    backup = out.with_name(out.name + ".previous")
    shutil.rmtree(backup, ignore_errors=True)
    if out.exists():
        out.rename(backup)
    stage.rename(out)
    shutil.rmtree(backup, ignore_errors=True)


def is_disk_full(exc: BaseException) -> bool:
    """Whether a failure (Python or a Spark job's Java error) was a full disk or quota.

    >>> is_disk_full(OSError(errno.ENOSPC, "No space left on device")), is_disk_full(ValueError("x"))
    (True, False)
    """
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return True
        text = str(exc)
        if "No space left on device" in text or "Disk quota exceeded" in text:
            return True
        exc = exc.__cause__ or exc.__context__
    return False

"""What a stage of a run is, and what it is handed.

A stage (cf. pyspark.ml's ``transform``/``_transform`` and datatrove's pipeline steps) has a name, the tables it
reads, the tables it writes with their declared schemas, the config sections its result depends on, and a body,
which returns its kept tables and its rejects. The runner (:mod:`storyline.pipeline`) checks the declared schemas,
writes every table once (:func:`atomic_write`), and marks the stage done (:func:`write_marker`), so that a resumed
run skips it. The stages themselves are in :mod:`storyline.stages`.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Union

from storyline.config import Config

# A table a stage returns: a DataFrame, or a function of the tables written so far (inputs and the ones this
# stage already wrote, read back from Parquet), so that nothing is computed twice.
Lazy = Union[Any, Callable[[dict], Any]]


class EmptyRun(Exception):
    """No input record became an article: the runner writes the rejects and says why."""


@dataclass(frozen=True)
class Table:
    name: str
    schema: str | None  # declared columns and types; None for a file or folder (stories.jsonl, report/)
    public: bool = True  # in the output folder; else a work table under ``_work/``, removed when the run ends


@dataclass
class Output:
    """What a stage's body returns. ``tables`` given as DataFrames are written first, side by side; then, side by
    side, those given as functions of the written tables, ``rejects`` (shaped by :mod:`storyline.spark.rejects`,
    written once, as this stage's part of the ``rejects`` table) and ``files``."""

    tables: dict[str, Lazy] = field(default_factory=dict)
    rejects: Lazy = None
    files: dict[str, Callable[[Path, dict], None]] = field(default_factory=dict)


@dataclass
class Figures:
    """The small figures that pass between stages and into ``run.json``; kept in each stage's marker, so a resumed
    run has them too."""

    records_in: int = 0
    read_tasks: int = 0
    counts: dict[str, int] = field(default_factory=dict)  # rows of each table, records in, what this run added
    rejects: dict[str, dict[str, int]] = field(default_factory=dict)  # by level ("record", "line"), then reason


@dataclass
class Context:
    """What every stage may consult: the session, the config, the inputs, the folder being written, the earlier
    output (``--into``, :class:`storyline.spark.earlier.Earlier`), and the figures gathered so far."""

    spark: Any
    cfg: Config
    inputs: list[str]
    out: Path  # the staging folder; swapped into place when the run ends
    final_out: Path
    earlier: Any
    started: str
    figures: Figures = field(default_factory=Figures)
    timings: dict[str, float] = field(default_factory=dict)
    progress: Any = None  # the running stage's :class:`storyline.spark.progress.StageProgress`, when one watches it

    @property
    def work(self) -> Path:
        return self.out / "_work"

    def path(self, table: Table) -> Path:
        return (self.out if table.public else self.work) / table.name


@dataclass(frozen=True)
class Stage:
    name: str
    does: str
    reads: tuple[str, ...]
    writes: tuple[Table, ...]
    config: tuple[str, ...]  # the config sections this stage's result depends on (part of its resume key)
    body: Callable[[Context, dict], Output]
    after: Callable[[Context, dict], None] | None = None  # a check on the written tables
    # the check reads only the tables of the first wave of writes (see pipeline._produce) and earlier stages'
    # rejects, so it runs beside the second wave instead of after it
    after_early: bool = False

    def run(self, ctx: Context, tables: dict, declared: Mapping[str, str | None]) -> Output:
        """Check the inputs against their declared schemas (``declared``: table name -> schema), then do the work
        (lazily: the runner writes)."""
        from storyline.spark.schemas import SchemaError, column_names, require_columns

        for name in self.reads:
            if declared.get(name):
                require_columns(tables[name], column_names(declared[name]), self.name)
        out = self.body(ctx, tables)
        undeclared = (set(out.tables) | set(out.files)) - {t.name for t in self.writes}
        if undeclared:
            raise SchemaError(f"stage '{self.name}' returned undeclared tables {sorted(undeclared)}")
        return out


# --------------------------------------------------------------------------------------------------- markers

def marker_path(ctx: Context, stage: Stage) -> Path:
    return ctx.work / "done" / f"{stage.name}.json"


def read_marker(ctx: Context, stage: Stage) -> dict | None:
    """A finished stage's marker (its key and the figures then), or None when absent, unreadable or when a table
    it wrote is missing."""
    path = marker_path(ctx, stage)
    if not path.is_file() or not all(ctx.path(t).exists() for t in stage.writes):
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        return None


def write_marker(ctx: Context, stage: Stage, key: str) -> None:
    """Mark ``stage`` done with ``key`` (atomically: a marker is whole or absent)."""
    path = marker_path(ctx, stage)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"stage": stage.name, "key": key, "figures": asdict(ctx.figures)}, sort_keys=True),
                   encoding="utf-8")
    os.replace(tmp, path)


def atomic_write(target: Path, write: Callable[[Path], Any]) -> None:
    """Write ``target`` (a file or folder) through a temporary sibling renamed into place."""
    tmp = target.with_name(target.name + ".tmp")
    for p in (tmp, target):
        if p.is_dir():
            shutil.rmtree(p)
        elif p.exists():
            p.unlink()
    tmp.parent.mkdir(parents=True, exist_ok=True)
    write(tmp)
    os.replace(tmp, target)

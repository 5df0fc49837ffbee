"""What a stage of a run is, and what it is handed.

A stage (cf. pyspark.ml's ``transform``/``_transform`` and datatrove's pipeline steps) has a name, the tables it
reads, the tables it writes with their declared schemas, the config sections its result depends on, and a body,
which returns an :class:`Output`: its tables, computed from the tables it reads; its rejects, as a frame of their
own; and its figures. The runner (:mod:`storyline.run.runner`) orders the stages by which tables read which
(:func:`order`), checks the declared schemas, writes every table once (:func:`atomic_write`), and marks the stage
done (:func:`write_marker`), so that a resumed run skips it. The stages themselves are in :mod:`storyline.run.plan`.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import asdict, dataclass, field
from functools import reduce
from pathlib import Path
from typing import Any, Callable, Mapping

from storyline.config import Config
from storyline.spark.schemas import column_names, REJECTS, require_columns, SchemaError


class EmptyRun(Exception):
    """No input record became an article: the runner writes the rejects and says why."""


@dataclass(frozen=True)
class Table:
    name: str
    schema: str | None  # declared columns and types; None for a file or folder (stories.jsonl, report/)
    public: bool = True  # in the output folder; else a work table under ``_work/``, removed when the run ends


@dataclass
class Output:
    """What a stage's body returns, every part computed from the tables the stage reads: its ``tables``
    (DataFrames), its ``rejects`` (a DataFrame shaped by :mod:`storyline.spark.rejects`, this stage's part of the
    ``rejects`` table), its ``files`` (functions that write a file or folder at the path given) and its ``figures``
    (fields of :class:`Figures`). The runner writes the tables, the rejects and the files side by side."""

    tables: dict[str, Any] = field(default_factory=dict)
    rejects: Any = None
    files: dict[str, Callable[[Path], None]] = field(default_factory=dict)
    figures: dict[str, Any] = field(default_factory=dict)


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
    profile: str | None = None  # a folder the digest's Python work is profiled into (``storyline run --profile``)

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
    rejects: bool = False  # the body returns rejects, written as the work table ``rejects/<name>``
    check: Callable[[Context, dict], None] | None = None  # run on the written tables, after the writes

    @property
    def tables(self) -> tuple[Table, ...]:
        """Every table this stage writes: its declared ones and its part of the rejects."""
        return self.writes + ((rejects_part(self.name),) if self.rejects else ())

    def run(self, ctx: Context, tables: dict, declared: Mapping[str, str | None]) -> Output:
        """Check the inputs against their declared schemas (``declared``: table name -> schema), then do the work
        (lazily: the runner writes)."""
        for name in self.reads:
            if declared.get(name):
                require_columns(tables[name], column_names(declared[name]), self.name)
        out = self.body(ctx, {name: tables[name] for name in self.reads})  # what it declares, no more
        returned = set(out.tables) | set(out.files)
        wrong = returned ^ {t.name for t in self.writes}
        if wrong or (out.rejects is not None) != self.rejects:
            raise SchemaError(f"stage '{self.name}' returned {sorted(returned)}"
                              f"{' and rejects' if out.rejects is not None else ''}; it declares "
                              f"{sorted(t.name for t in self.writes)}{' and rejects' if self.rejects else ''}")
        return out


def rejects_part(stage: str) -> Table:
    """The work table a stage's rejects are written to; the ``rejects`` table is their union."""
    return Table(f"rejects/{stage}", REJECTS, public=False)


def rejects_parts(tables: dict) -> list:
    """The stages' rejects among ``tables``: the frames of the :func:`rejects_part` tables."""
    return [df for name, df in tables.items() if name.startswith("rejects/")]


def this_runs_rejects(t: dict) -> Any:
    """The rejects of this run: the union of the stages' parts among the tables ``t``."""
    return reduce(lambda a, b: a.unionByName(b), rejects_parts(t))


def order(stages: tuple[Stage, ...]) -> tuple[Stage, ...]:
    """The stages in an order where each runs after the stages that write what it reads: of those that can run
    next, the first declared. Raises ValueError for a table no stage writes, or a cycle."""
    writer = {t.name: s.name for s in stages for t in s.tables}
    missing = sorted({(s.name, r) for s in stages for r in s.reads if r not in writer})
    if missing:
        raise ValueError(f"no stage writes what these read: {missing}")
    done: set[str] = set()
    ordered: list[Stage] = []
    while len(ordered) < len(stages):
        ready = [s for s in stages if s.name not in done and all(writer[r] in done for r in s.reads)]
        if not ready:
            raise ValueError(f"the stages read each other's tables in a cycle: "
                             f"{sorted(s.name for s in stages if s.name not in done)}")
        ordered.append(ready[0])
        done.add(ready[0].name)
    return tuple(ordered)


def upstream(stages: tuple[Stage, ...], stage: Stage) -> tuple[Stage, ...]:
    """``stage`` and every stage whose tables it reads, directly or through others, in ``stages``' order."""
    writer = {t.name: s for s in stages for t in s.tables}
    seen, todo = {stage.name}, [stage]
    while todo:
        for r in todo.pop().reads:
            if writer[r].name not in seen:
                seen.add(writer[r].name)
                todo.append(writer[r])
    return tuple(s for s in stages if s.name in seen)


# --------------------------------------------------------------------------------------------------- markers

def marker_path(ctx: Context, stage: Stage) -> Path:
    return ctx.work / "done" / f"{stage.name}.json"


def read_marker(ctx: Context, stage: Stage) -> dict | None:
    """A finished stage's marker (its key and the figures then), or None when absent, unreadable or when a table
    it wrote is missing."""
    path = marker_path(ctx, stage)
    if not path.is_file() or not all(ctx.path(t).exists() for t in stage.tables):
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

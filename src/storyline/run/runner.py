"""The storyline run, stage by stage. Each stage writes a Parquet table that the next one reads."""

from __future__ import annotations

import hashlib
import json
import logging
import shutil
import time
import warnings
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path

from pyspark.util import inheritable_thread_target

from storyline import __version__
from storyline.config import Config
from storyline.run.folder import NoArticles, OutputError, check_out, is_disk_full, publish, staging_dir
from storyline.spark.stage import (Context, EmptyRun, Figures, Stage, atomic_write, read_marker, rejects_part, upstream,
                             write_marker)
from storyline.run.plan import DECLARED, STAGES
from storyline.spark.progress import StageProgress
from storyline.core.ingest.inputs import InputError, list_inputs
from storyline.spark.earlier import Earlier
from storyline.spark.session import start_spark, stop_spark, use_checkpoints
from storyline.core.nlp.embed import check_model
from storyline.core.nlp.mentions import load_spacy
from storyline.spark.schemas import check_schema, REJECTS
from storyline.spark.output import write_table
from storyline.spark.report import reject_counts

log = logging.getLogger(__name__)

@dataclass
class RunResult:
    out: Path
    counts: dict = field(default_factory=dict)
    rejects: dict = field(default_factory=dict)
    timings: dict = field(default_factory=dict)
    started: str = ""  # the run's start, ISO 8601 UTC
    resumed: list = field(default_factory=list)  # stages taken from an interrupted run (``resume``)

    @property
    def reject_line(self) -> str:
        rec = self.rejects.get("record", {})
        if not rec:
            return "rejects: none"
        parts = ", ".join(f"{k}={v}" for k, v in sorted(rec.items(), key=lambda kv: (-kv[1], kv[0])))
        return f"rejects: {sum(rec.values())} records ({parts}); see {self.out / 'rejects'}"


def _previous(into: str | Path | None) -> Path | None:
    """The output folder of an earlier run that this run adds to, checked before Spark starts."""
    if into is None:
        return None
    prev = Path(into).resolve()
    missing = [t for t in ("articles", "duplicates", "story_articles", "rejects", "run.json") if not (prev / t).exists()]
    if missing:
        raise InputError(f"--into {into}: not a storyline output folder (missing {', '.join(missing)}); "
                         f"give the --out folder of an earlier 'storyline run'")
    return prev


def run(inputs: list[str], out: str | Path, cfg: Config, spark=None, into: str | Path | None = None,
        force: bool = False, resume: bool = False, profile: str | None = None) -> RunResult:
    """Run storyline on ``inputs`` and write every output into ``out``: the stages of ``STAGES``, in order.

    With ``into``, the new articles join the stories of that earlier output: its articles keep their stories
    (and story ids), new articles attach to them or open new stories, and re-running the same input changes
    nothing. ``out`` may be the same folder as ``into``.

    Everything is written beside ``out`` (``OUT.staging``) and swapped in when the run has finished, so a failed
    run leaves the previous output as it was. Each stage writes its tables under temporary names, renames them
    into place and then writes a marker holding the hash of its inputs and config. With ``resume``, a stage whose
    marker matches is not run again: an interrupted run continues from the first unfinished stage. ``out`` must be
    new, empty, or an earlier storyline output (``force`` lifts this). ``profile``: a folder every worker can write,
    that the digest's Python work is profiled into (:mod:`storyline.profile`). Raises
    :class:`~storyline.run.folder.OutputError` for an unusable ``out`` or a full disk, and
    :class:`~storyline.run.folder.NoArticles` when no record becomes an article (the rejects are written first).
    """
    files, parquet = list_inputs(inputs, cfg.ingest.format)  # fail fast on a missing path, before Spark starts
    check_models(cfg)  # and on a missing or altered model file
    prev = _previous(into)
    final_out = Path(out).resolve()
    check_out(final_out, force, prev)
    staging = staging_dir(final_out, keep=resume)
    t_start = time.perf_counter()
    started = datetime.now(timezone.utc).isoformat(timespec="seconds")
    own_spark = spark is None
    t0 = time.perf_counter()
    listing = _input_files(files, parquet)
    size = sum(n for _, n, _ in listing) + (_tree_bytes(prev / "articles") if prev else 0)
    spark = spark or start_spark(cfg.spark, input_bytes=size)
    startup = round(time.perf_counter() - t0, 3)
    ctx = Context(spark, cfg, list(inputs), staging, final_out, Earlier(spark, prev), started, profile=profile)
    result = RunResult(out=final_out, started=started)
    published = keep_staging = False
    try:
        use_checkpoints(spark, ctx.work / "checkpoints")
        base = _fingerprint(listing, ctx)
        tables: dict = {}
        for i, stage in enumerate(STAGES, 1):
            key = stage_key(stage, base, cfg)
            label = f"[{i}/{len(STAGES)}] {stage.name}"
            if resume and _resumed(ctx, stage, label, key, tables):
                result.resumed.append(stage.name)
                continue
            keep_staging = True  # from here on, an interrupted run can be resumed
            _run_stage(ctx, stage, label, key, tables)
        result.counts, result.rejects = ctx.figures.counts, ctx.figures.rejects
        result.timings = dict(ctx.timings, spark_startup=startup, total=round(time.perf_counter() - t_start, 3))
        _write_run_json(staging, inputs, cfg, result, prev)
        shutil.rmtree(ctx.work, ignore_errors=True)
        publish(staging, final_out)
        published = True
    except EmptyRun:
        published = True  # the rejects are published, then the run says why it stops
        no_articles(ctx)
    except Exception as exc:
        if is_disk_full(exc):
            keep_staging = False
            raise OutputError(f"disk full while writing {final_out}: free some space or give another --out; the "
                              f"previous output there is unchanged") from None
        if keep_staging:
            log.error("the run stopped; the stages it finished are kept in %s: run the same command with --resume "
                      "to continue from there", staging)
        raise
    finally:
        if not published and not keep_staging:
            shutil.rmtree(staging, ignore_errors=True)
        if own_spark:
            stop_spark(spark)
    return result


def _resumed(ctx: Context, stage: Stage, label: str, key: str, tables: dict) -> bool:
    """The interrupted run finished this stage with the same inputs and config: its figures and tables are read
    back instead of run again."""
    marker = read_marker(ctx, stage)
    if not (marker and marker.get("key") == key):
        return False
    log.info("%s: done by the interrupted run, not run again", label)
    ctx.figures = Figures(**marker["figures"])
    tables.update(_read_back(ctx, stage))
    return True


def _run_stage(ctx: Context, stage: Stage, label: str, key: str, tables: dict) -> None:
    """Run one stage with progress shown, write its tables, time it and mark it done."""
    log.info("%s: %s ...", label, stage.does)
    t = time.perf_counter()
    with StageProgress(ctx.spark, label) as ctx.progress:
        tables.update(_produce(ctx, stage, tables))
    ctx.progress = None
    ctx.timings[stage.name] = round(time.perf_counter() - t, 3)
    write_marker(ctx, stage, key)
    log.info("%s done in %.1fs", label, ctx.timings[stage.name])


def check_models(cfg: Config) -> None:
    """Load the models the run will use here, before Spark starts, so that a missing or altered file (or a missing
    optional package) stops it with one line (:class:`~storyline.core.nlp.embed.ModelError`)."""
    check_model(cfg.facts.embedding)

    load_spacy(cfg.facts.spacy_model)


def _input_files(files: list, parquet: list) -> list[tuple[str, int, int]]:
    """Every input file, read once before Spark starts: (resolved path, size, modification time in ns)."""
    listing = []
    for p in [f for f, _ in files] + list(parquet):
        for f in ([Path(p)] if Path(p).is_file() else sorted(Path(p).rglob("*"))):
            if f.is_file():
                st = f.stat()
                listing.append((str(f.resolve()), st.st_size, st.st_mtime_ns))
    return listing


def _tree_bytes(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def _fingerprint(listing: list[tuple[str, int, int]], ctx: Context) -> str:
    """What every stage's result depends on besides its config: the storyline version, the input files (path,
    size, modification time, from :func:`_input_files`) and the earlier output (``--into``)."""
    doc = {"version": __version__, "inputs": listing, "earlier": ctx.earlier.fingerprint()}
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()


def stage_key(stage: Stage, base: str, cfg: Config) -> str:
    """The hash a stage's marker holds: the run's inputs, this stage and the config sections of this stage and of
    every stage whose tables it reads, directly or not (their new config changes what this one reads)."""
    sections = sorted({sec for s in upstream(STAGES, stage) for sec in s.config})
    conf = cfg.to_dict()
    doc = {"base": base, "stage": stage.name, "config": {sec: conf.get(sec) for sec in sections}}
    return hashlib.sha256(json.dumps(doc, sort_keys=True, default=str).encode()).hexdigest()


def _read_back(ctx: Context, stage: Stage) -> dict:
    return {t.name: ctx.spark.read.schema(t.schema).parquet(str(ctx.path(t))) for t in stage.tables if t.schema}


def _produce(ctx: Context, stage: Stage, tables: dict) -> dict:
    """Run ``stage`` and write what it returns, side by side: each table under a temporary name, checked against
    its declared schema, then renamed into place; its rejects as its part of the ``rejects`` table; its files.
    Then the stage's check. Returns the written tables, read back."""

    out = stage.run(ctx, tables, DECLARED)
    ctx.figures = replace(ctx.figures, **out.figures)
    declared = {t.name: t for t in stage.tables}
    frames = dict(out.tables)
    if out.rejects is not None:
        frames[rejects_part(stage.name).name] = out.rejects

    def put(name: str, frame):
        def write():
            check_schema(frame, declared[name].schema, stage.name, name)
            target = ctx.path(declared[name])
            atomic_write(target, lambda tmp: frame.write.parquet(str(tmp)))
            # later work reads the written table, never recomputes it; with its schema given, Spark need not run a
            # job to read it from a file footer
            return ctx.spark.read.schema(frame.schema).parquet(str(target))
        return write

    jobs = [put(name, frame) for name, frame in frames.items()]
    jobs += [lambda name=name, write=write: atomic_write(ctx.path(declared[name]), write)
             for name, write in out.files.items()]
    written = dict(zip(frames, side_by_side(ctx.spark, jobs)))  # the tables' jobs come first, in order
    if stage.check:
        stage.check(ctx, {**tables, **written})
    return written


def side_by_side(spark, jobs: list) -> list:
    """Call ``jobs`` (functions that each run Spark jobs) at once, one driver thread each, and return their
    results in order.

    A write of a small table costs a few tenths of a second of driver-side planning and job set-up, most of it
    waiting; run side by side, those waits overlap (the sample's write stage: seven writes). On big tables the
    jobs share the cores through Spark's scheduler. If one fails, the others are cancelled and its error is raised.
    """
    if len(jobs) <= 1:
        return [job() for job in jobs]

    with warnings.catch_warnings():  # "tags will not be inherited": storyline sets none
        warnings.simplefilter("ignore", UserWarning)
        targets = [inheritable_thread_target(job) for job in jobs]  # each thread gets this one's job properties
    with ThreadPoolExecutor(max_workers=len(jobs), thread_name_prefix="storyline-write") as pool:
        futures = [pool.submit(target) for target in targets]
        try:
            return [f.result() for f in futures]
        except BaseException:
            spark.sparkContext.cancelAllJobs()
            raise


def no_articles(ctx: Context) -> None:
    """Write the rejects and run.json of a run that yielded no article, swap them in, and raise NoArticles."""
    for p in ctx.out.iterdir():  # what the stages wrote before the check: empty tables, not an output
        if p.is_dir() and p.name != "_work":
            shutil.rmtree(p)
    rejects = write_table(ctx.spark.read.schema(REJECTS).parquet(str(ctx.work / "rejects" / "*")), ctx.out,
                            "rejects")
    result = RunResult(out=ctx.final_out, timings=ctx.timings, started=ctx.started)
    result.rejects = reject_counts(rejects)
    by_reason = result.rejects.get("record", {})
    why = ", ".join(f"{k}={v}" for k, v in sorted(by_reason.items(), key=lambda kv: (-kv[1], kv[0]))[:6])
    if len(by_reason) == 1:  # one reason for all: say it with a record's file and words ("the file is empty")
        first = (rejects.where("level = 'record'").orderBy("source_path", "locator")
                 .select("source_path", "locator", "detail").first())
        if first is not None and first["detail"]:
            where = str(first["source_path"]) + (f" {first['locator']}" if first["locator"] else "")
            why = f"{why}; {where}: {first['detail'][:160]}"
    records = ctx.figures.records_in
    result.counts = {"records_in": records, "articles": 0, "duplicates": 0, "stories": 0,
                     "rejects": sum(by_reason.values())}
    _write_run_json(ctx.out, ctx.inputs, ctx.cfg, result, None)
    shutil.rmtree(ctx.work, ignore_errors=True)
    publish(ctx.out, ctx.final_out)
    if not records:
        raise NoArticles(f"no articles: the inputs hold no records ({', '.join(ctx.inputs)}); give files storyline "
                         f"reads (.jsonl, .parquet, .txt, .md, .html, .warc)")
    raise NoArticles(f"no articles: all {records} records were rejected ({why}); see {ctx.final_out / 'rejects'}")


def _write_run_json(out: Path, inputs: list[str], cfg: Config, result: RunResult, prev: Path | None) -> None:
    doc = {
        "storyline_version": __version__,
        "started": result.started,
        "inputs": [str(Path(p).resolve()) for p in inputs],
        "into": str(prev) if prev else None,
        "counts": result.counts,
        "rejects": result.rejects,
        "timings_s": result.timings,
        "config": cfg.to_dict(),
    }
    (out / "run.json").write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n", encoding="utf-8")

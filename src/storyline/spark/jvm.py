"""Options for the driver JVM of a local run, where that JVM also does the executors' work.

Three things make a short local run slow besides its work, all measured on 2 cores:

- the optimising JIT compiler (C2) compiles Spark, Janino and serialisation code for most of a short run, on a
  core that the Python workers need (``jit = "quick"`` keeps the fast C1 compiler only);
- the JVM loads and verifies some twenty thousand classes at start-up and at each first query. A class-data
  archive (JVM class data sharing, ``-XX:SharedArchiveFile``) of the classes an earlier run loaded maps them
  instead. storyline keeps one in the user's cache, made by the third run that finds none;
- Spark SQL generates Java code for every new query and compiles it with Janino; a run of tens of articles
  spends more time compiling than running that code (``codegen = "off"`` runs Spark's interpreted operators).

An archive is written by the JVM as it exits, under a temporary name, and renamed into place only when the JVM
exited cleanly (a truncated archive can crash the JVM that maps it). One whose JVM or classes differ is ignored by
the JVM, silently. Nothing here imports pyspark.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

JIT_MODES = ("auto", "quick", "full")
# "auto" keeps to C1 below this much input. Measured on 2 cores, both with the class archive, quick against full:
# the sample 26-30 s against 34-35 s; 10k generated articles (17 MB) 116 s against 131 s; 40k (68 MB) 302 s
# against 276 s, where C2's faster code has paid for its compiling (in the stories stage's similarity join most).
QUICK_JIT_MAX_BYTES = 24 << 20
# With C1 alone the JVM reserves 48 MB for compiled code, not the 240 MB it reserves for both compilers. The sample
# fills 34 MB of it and 10k generated articles 43 MB; when it is full the JVM stops compiling (the rest of the run
# is interpreted) or fails ("Out of space in CodeCache"). The space is reserved, not taken: memory is used only as
# code is compiled.
QUICK_CODE_CACHE = "-XX:ReservedCodeCacheSize=240m"
CODEGEN_MODES = ("auto", "on", "off")
ADAPTIVE_MODES = CODEGEN_MODES
# "auto" turns Spark SQL's code generation off below this much input. Measured on 2 cores, interleaved: the sample
# (105 KB) 23.4-23.8 s without against 25.9-26.9 s with; 300 generated articles (0.5 MB) even; 1,000 (1.7 MB)
# 32.9-34.8 s without against 30.3-30.7 s with; 10k (17 MB) 113 s against 89 s.
INTERPRET_MAX_BYTES = 256 << 10
# Interpreted operators (no whole-stage code) and interpreted expressions, projections and orderings. The second
# key is Spark's own switch between its generated and interpreted expression classes, which its test suites run
# both ways; it is marked internal, so storyline sets it only where it measured it, and a user's value wins.
_INTERPRETED = {"spark.sql.codegen.wholeStage": "false", "spark.sql.codegen.factoryMode": "NO_CODEGEN"}
# "auto" also plans a tiny input's queries once (no adaptive re-planning; every shuffle into one partition), below
# the same size. Adaptive execution runs each shuffle and broadcast of a query as a job of its own and re-plans
# the rest after each; on tens of articles that is some hundred jobs of a few rows each. Measured on 2 cores,
# interleaved, both interpreted: the sample (105 KB) 15.6-18.5 s planned once against 17.0-20.3 s adaptive; 150
# generated articles (250 KB) 18.4-20.4 s against 19.9-21.5 s; the output the same.
STATIC_PLAN_MAX_BYTES = INTERPRET_MAX_BYTES
# A tiny input also gets small memory pages. Spark sizes the page (the block of memory a sort, aggregation or hash
# join takes at a time) from the heap and cores: 64 MB with the default 4 GB driver on 2 cores. For G1 each such
# page is a humongous object, allocated zeroed and collected apart, and a run on tens of articles takes hundreds of
# them for a few rows each. Measured on 2 cores, interleaved, the sample (105 KB): 12.8-13.5 s with 512 KB pages
# against 14.1-15.5 s; the collector's pauses 0.29 s against 0.58 s; the driver JVM's peak RSS 0.9 GB against
# 2.3-2.5 GB.
SMALL_PAGE = "512k"
SMALL_PAGES_MAX_BYTES = INTERPRET_MAX_BYTES
# the JVM's own notes about an archive it cannot use (another JDK, other jars) are not the user's concern
_QUIET_CDS = ("-Xlog:cds=off", "-Xlog:cds+dynamic=off")
_STALE_S = 24 * 3600
# Recording and writing an archive made the sample's first run 35-40 s slower (84 s against about 45 s; the JVM
# starts slowly when it records, and writes 180 MB as it exits), so the archive is made by the third local run.
MAKE_AFTER_RUNS = 2


@dataclass(frozen=True)
class Archive:
    """The class-data archive of one JVM and Spark installation: ``path`` when it exists (use it), else ``tmp``,
    where this run's JVM writes one as it exits (see :func:`publish_archive`)."""

    path: Path
    tmp: Path | None = None

    @property
    def ready(self) -> bool:
        return self.tmp is None


def java_binary(env: dict | None = None) -> Path | None:
    """The java that spark-submit starts: ``$JAVA_HOME/bin/java``, else the first on the PATH."""
    env = os.environ if env is None else env
    if env.get("JAVA_HOME"):
        java = Path(env["JAVA_HOME"]) / "bin" / "java"
        return java if java.is_file() else None
    found = shutil.which("java", path=env.get("PATH"))
    return Path(found) if found else None


def archive_key(java: Path, spark_home: Path, spark_version: str) -> str:
    """Names the archive of one java binary (its real path, size and time) and one Spark installation, so that
    runs with another JDK or Spark keep their own archive instead of replacing each other's."""
    real = java.resolve()
    st = real.stat()
    doc = f"{real}|{st.st_size}|{int(st.st_mtime)}|{spark_home.resolve()}|{spark_version}"
    return hashlib.sha256(doc.encode()).hexdigest()[:16]


def plan_archive(folder: Path, key: str, create: bool, now: float | None = None,
                 after_runs: int = MAKE_AFTER_RUNS) -> Archive | None:
    """The archive to start from, or (with ``create``, from the run after ``after_runs`` runs that found none)
    the temporary file to write one into; None when there is none and none is to be made, or ``folder`` cannot
    be written. Making one slows its run, so a single try of storyline never pays for it. Leftovers of runs that
    never finished their archive (older than a day) are removed."""
    path = folder / f"spark-{key}.jsa"
    if path.is_file() and path.stat().st_size > 0:
        return Archive(path)
    if not create:
        return None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        now = time.time() if now is None else now
        for old in folder.glob("spark-*.jsa.*.tmp"):
            if now - old.stat().st_mtime > _STALE_S:
                old.unlink(missing_ok=True)
        counter = folder / f"spark-{key}.runs"
        try:
            runs = int(counter.read_text(encoding="utf-8").strip() or 0)
        except (OSError, ValueError):
            runs = 0
        counter.write_text(str(runs + 1), encoding="utf-8")
    except OSError:
        return None
    if runs < after_runs:
        return None
    return Archive(path, folder / f"{path.name}.{os.getpid()}.tmp")


def shares_classes(options: str | None) -> bool:
    """Whether JVM ``options`` set class data sharing themselves (the JVM refuses two archives' options)."""
    return any(o.startswith(("-XX:SharedArchiveFile", "-XX:ArchiveClassesAtExit", "-Xshare"))
               for o in (options or "").split())


def resolve_jit(mode: str, input_bytes: int | None) -> str:
    """``quick`` or ``full``: ``auto`` is quick for an input known to be small, else full."""
    if mode not in JIT_MODES:
        raise ValueError(f"jit must be one of {', '.join(JIT_MODES)}, got {mode!r}")
    if mode != "auto":
        return mode
    return "quick" if input_bytes is not None and input_bytes < QUICK_JIT_MAX_BYTES else "full"


def resolve_codegen(mode: str, input_bytes: int | None) -> bool:
    """Whether Spark SQL generates code: ``auto`` does, except for an input known to be tiny."""
    return _by_size("codegen", mode, input_bytes, INTERPRET_MAX_BYTES)


def resolve_adaptive(mode: str, input_bytes: int | None) -> bool:
    """Whether Spark SQL plans adaptively: ``auto`` does, except for an input known to be tiny."""
    return _by_size("adaptive", mode, input_bytes, STATIC_PLAN_MAX_BYTES)


def _by_size(name: str, mode: str, input_bytes: int | None, max_bytes: int) -> bool:
    """A switch of Spark's (on by default) that ``auto`` turns off for an input known to be under ``max_bytes``."""
    if mode not in CODEGEN_MODES:
        raise ValueError(f"{name} must be one of {', '.join(CODEGEN_MODES)}, got {mode!r}")
    if mode != "auto":
        return mode == "on"
    return not (input_bytes is not None and input_bytes < max_bytes)


def static_plan_conf(adaptive: bool, user: dict[str, str]) -> dict[str, str]:
    """The Spark settings of a query planned once (none when adaptive): adaptive execution off and every shuffle
    into one partition, less those the user set (a number of shuffle partitions other than "auto" is theirs)."""
    if adaptive:
        return {}
    conf = {}
    if "spark.sql.adaptive.enabled" not in user:
        conf["spark.sql.adaptive.enabled"] = "false"
    if user.get("spark.sql.shuffle.partitions", "auto") == "auto":
        conf["spark.sql.shuffle.partitions"] = "1"
    return conf


def page_conf(input_bytes: int | None, user: dict[str, str]) -> dict[str, str]:
    """Small memory pages for an input known to be tiny; none otherwise, or when the user set the page size."""
    if input_bytes is None or input_bytes >= SMALL_PAGES_MAX_BYTES or "spark.buffer.pageSize" in user:
        return {}
    return {"spark.buffer.pageSize": SMALL_PAGE}


def codegen_conf(generate: bool, user: dict[str, str]) -> dict[str, str]:
    """The Spark settings that turn code generation off (none when it stays on), less those the user set."""
    return {} if generate else {k: v for k, v in _INTERPRETED.items() if k not in user}


def java_options(jit: str, archive: Archive | None, log4j: Path | None, user: str | None) -> str:
    """The driver's ``spark.driver.extraJavaOptions``: storyline's logging, JIT and archive options, then the
    user's own, which come last so that the JVM lets them win."""
    if jit not in ("quick", "full"):
        raise ValueError(f"jit must be quick or full, got {jit!r}")
    opts: list[str] = []
    if log4j is not None:
        opts.append(f"-Dlog4j2.configurationFile=file:{log4j}")
    if jit == "quick":
        opts += ["-XX:TieredStopAtLevel=1", QUICK_CODE_CACHE]
    if archive is not None:
        opts.append(f"-XX:SharedArchiveFile={archive.path}" if archive.ready else
                    f"-XX:ArchiveClassesAtExit={archive.tmp}")
        opts.extend(_QUIET_CDS)
    if user:
        opts.append(user)
    return " ".join(opts)


def publish_archive(archive: Archive, exit_code: int | None) -> bool:
    """Rename the archive a JVM wrote as it exited (``archive.tmp`` of a planned archive) into place, if it
    exited cleanly and wrote one; else remove what it left. True when the archive is in place."""
    tmp = archive.tmp
    try:
        if exit_code == 0 and tmp.is_file() and tmp.stat().st_size > 0:
            os.replace(tmp, archive.path)
            return True
        tmp.unlink(missing_ok=True)
    except OSError:
        pass
    return False

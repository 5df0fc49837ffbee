"""Options for the driver JVM of a local run, where that JVM also does the executors' work.

Two things make a short local run slow besides its work, both measured on 2 cores:

- the optimising JIT compiler (C2) compiles Spark, Janino and serialisation code for most of a short run, on a
  core that the Python workers need (``jit = "quick"`` keeps the fast C1 compiler only);
- Spark SQL generates Java code for every new query and compiles it with Janino; a run of tens of articles
  spends more time compiling than running that code (``codegen = "off"`` runs Spark's interpreted operators).

Nothing here imports pyspark.
"""

from __future__ import annotations

from pathlib import Path

JIT_MODES = ("auto", "quick", "full")
# "auto" keeps to C1 below this much input. Measured on 2 cores, quick against full:
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


def java_options(jit: str, log4j: Path | None, user: str | None) -> str:
    """The driver's ``spark.driver.extraJavaOptions``: storyline's logging and JIT options, then the user's own,
    which come last so that the JVM lets them win."""
    if jit not in ("quick", "full"):
        raise ValueError(f"jit must be quick or full, got {jit!r}")
    opts: list[str] = []
    if log4j is not None:
        opts.append(f"-Dlog4j2.configurationFile=file:{log4j}")
    if jit == "quick":
        opts += ["-XX:TieredStopAtLevel=1", QUICK_CODE_CACHE]
    if user:
        opts.append(user)
    return " ".join(opts)

"""The one setting storyline adds to a local run (``spark.local_tuning``), where the driver JVM also does the
executors' work on a few cores: for an input under 24 MB, the JVM's quick C1 compiler only
(``-XX:TieredStopAtLevel=1``). On a few cores the optimising C2 compiler otherwise spends much of a short run
compiling Spark's code on a core the Python workers need; the bundled sample runs in 0.82 of the time with it
(median of three interleaved pairs on 2 cores). Larger inputs keep the JVM's full JIT, whose faster code then pays
off. Settings that gained less than a tenth were left to Spark's defaults (the README lists them).

The user's own JVM options come last, so they win. Nothing here imports pyspark.
"""

from __future__ import annotations

SMALL_INPUT_BYTES = 24 << 20
# With C1 alone the JVM reserves 48 MB for compiled code, which a run of 10k articles nearly fills (the JVM then
# stops compiling); 240 MB is its default with both compilers. Reserved, not taken.
QUICK_JIT = ("-XX:TieredStopAtLevel=1", "-XX:ReservedCodeCacheSize=240m")


def java_options(input_bytes: int | None, user: str | None) -> str:
    """The driver's JVM options of a local run on an input of ``input_bytes`` (None: unknown, so Spark's own): the
    quick JIT for a small input, then the user's own options.

    >>> java_options(1 << 20, "-Xss4m")
    '-XX:TieredStopAtLevel=1 -XX:ReservedCodeCacheSize=240m -Xss4m'
    >>> java_options(None, None), java_options(SMALL_INPUT_BYTES, None)
    ('', '')
    """
    opts = list(QUICK_JIT) if input_bytes is not None and input_bytes < SMALL_INPUT_BYTES else []
    return " ".join(opts + ([user] if user else []))

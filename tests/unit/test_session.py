"""The local session's settings: the one tuning storyline adds (the quick JIT for a small input), the user's
options after it, and Spark's own defaults otherwise. A session started for real: ``spark/test_session_spark.py``."""

from __future__ import annotations

from storyline.cache import cache_dir
from storyline.spark import tuning as T


def test_cache_dir_prefers_storyline_cache_then_xdg_then_home():
    from pathlib import Path

    assert cache_dir({"STORYLINE_CACHE": "/c", "XDG_CACHE_HOME": "/x"}) == Path("/c")
    assert cache_dir({"XDG_CACHE_HOME": "/x"}) == Path("/x/storyline")
    assert cache_dir({}) == Path.home() / ".cache" / "storyline"


def test_the_quick_jit_is_for_an_input_known_to_be_small_and_the_users_options_come_last():
    small, large = T.SMALL_INPUT_BYTES - 1, T.SMALL_INPUT_BYTES
    assert T.java_options(small, None).split() == list(T.QUICK_JIT)
    assert T.java_options(large, None) == "" and T.java_options(None, None) == ""
    opts = T.java_options(0, "-Xss4m -XX:TieredStopAtLevel=4").split()
    assert opts.index("-XX:TieredStopAtLevel=1") < opts.index("-XX:TieredStopAtLevel=4") == len(opts) - 1

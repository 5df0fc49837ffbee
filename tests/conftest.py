"""Shared fixtures: one local Spark session for the whole test run, paths to shipped and shared data."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "sample"
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def spark():
    """A small local Spark session, shared by every Spark test (starting one costs seconds)."""
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    os.environ["PYSPARK_PYTHON"] = sys.executable
    from storyline.config import load_config
    from storyline.spark.session import start_spark

    cfg = load_config(overrides={"spark.master": "local[2]"})
    session = start_spark(cfg.spark, input_bytes=0)  # small inputs only: the quick JIT
    session.conf.set("spark.sql.shuffle.partitions", "4")
    yield session
    session.stop()


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not SHARED.is_dir():
        pytest.skip("../shared is not present beside the checkout")
    return SHARED


@pytest.fixture(scope="session")
def seeds_dir(shared_dir: Path) -> Path:
    d = shared_dir / "seeds"
    if not d.is_dir():
        pytest.skip("../shared/seeds is not present")
    return d


# The inputs of the README's first command.
SAMPLE_INPUTS = [str(SAMPLE / "articles.jsonl"), str(SAMPLE / "folder"), str(SAMPLE / "html")]


@pytest.fixture(scope="session")
def sample_run(tmp_path_factory):
    """The README's run of the whole sample through the CLI (local[2]), shared by every test that reads it."""
    out = tmp_path_factory.mktemp("sample") / "out"
    proc = subprocess.run(storyline_cmd() + ["run", *SAMPLE_INPUTS, "--out", str(out), "--master", "local[2]"],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return out, proc


@pytest.fixture(scope="session")
def folder_run(tmp_path_factory):
    """``storyline run sample/folder`` through the CLI (local[2]), into a folder that holds an earlier output with
    a stale story page; shared by the tests of the folder's stories, of the rerun and of resuming."""
    out = tmp_path_factory.mktemp("folder") / "out"
    (out / "report" / "stories").mkdir(parents=True)
    (out / "run.json").write_text("{}\n")
    (out / "report" / "stories" / "stale.html").write_text("<p>an old story</p>")
    proc = subprocess.run(storyline_cmd() + ["run", str(SAMPLE / "folder"), "--out", str(out), "--master",
                                             "local[2]"], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return out, proc


def storyline_cmd() -> list[str]:
    """The installed console script when present, else the module (same code either way)."""
    exe = shutil.which("storyline", path=str(Path(sys.executable).parent))
    return [exe] if exe else [sys.executable, "-m", "storyline.cli"]

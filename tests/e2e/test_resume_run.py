"""A run killed with SIGKILL in the middle of a stage, then rerun with --resume, gives output identical to a run
that was never interrupted."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import SAMPLE, storyline_cmd
INPUTS = [str(SAMPLE / "folder")]  # the inputs of the shared ``folder_run``, the uninterrupted reference


def _env() -> dict:
    return dict(os.environ, SPARK_LOCAL_IP="127.0.0.1", PYSPARK_PYTHON=sys.executable)


def _run_killed_in(stage: str, out: Path, resume: bool) -> list[str]:
    """Start ``storyline run``; SIGKILL the whole process tree (driver and JVM) a moment after ``stage`` starts.
    Returns the stages the run reported as taken from an earlier run."""
    cmd = [*storyline_cmd(), "run", *INPUTS, "--out", str(out), "--master", "local[2]"] + (["--resume"] * resume)
    p = subprocess.Popen(cmd, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=_env(),
                         start_new_session=True)
    skipped, lines = [], []
    deadline = time.monotonic() + 600
    try:
        for line in p.stderr:
            lines.append(line)
            if "not run again" in line:
                skipped.append(line.split("] ", 1)[1].split(":", 1)[0])
            if f"] {stage}: " in line and "not run again" not in line:
                time.sleep(0.5)  # inside the stage: its first job is running
                break
            assert time.monotonic() < deadline
        else:
            pytest.fail(f"the run ended before stage {stage}:\n{''.join(lines)[-3000:]}")
    finally:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
    assert p.returncode == -signal.SIGKILL
    marker = out.with_name(out.name + ".staging") / "_work" / "done" / f"{stage}.json"
    assert not marker.exists(), f"stage {stage} finished before the kill; the test did not interrupt it"
    return skipped


def _tables(out: Path) -> dict:
    """Every Parquet table of an output as sorted rows, and the bytes of stories.jsonl."""
    import pyarrow.parquet as pq

    got = {"stories.jsonl": (out / "stories.jsonl").read_bytes()}
    for d in sorted(p for p in out.iterdir() if p.is_dir() and any(p.glob("*.parquet"))):
        rows = pq.read_table(d).to_pylist()
        got[d.name] = sorted(repr(sorted(r.items())) for r in rows)
    return got


def test_kill_9_during_three_stages_then_resume_gives_identical_output(tmp_path, folder_run):
    reference, _ = folder_run
    out = tmp_path / "out"
    assert _run_killed_in("clean", out, resume=False) == []
    # each resumed run takes up the stages that finished before, and is itself killed further on
    assert _run_killed_in("stories", out, resume=True) == ["ingest"]
    assert _run_killed_in("write", out, resume=True) == ["ingest", "clean", "dedup", "sentences", "terms"]
    p = subprocess.run([*storyline_cmd(), "run", *INPUTS, "--out", str(out), "--master", "local[2]", "--resume"],
                       capture_output=True, text=True, env=_env(), timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    assert "write: the stories table" in p.stderr and "digest: done by the interrupted run" in p.stderr
    assert "stories: done by the interrupted run" in p.stderr
    assert not out.with_name("out.staging").exists()

    want, got = _tables(reference), _tables(out)
    assert got.keys() == want.keys()
    for name in want:
        assert got[name] == want[name], f"table {name} differs after kill and resume"

"""Shared fixtures: one local Spark session for the whole test run, paths to shipped and shared data.

The folder says what a test needs: ``unit/`` plain Python (no JVM), ``spark/`` a local Spark session in the test
process (marked ``spark``), ``e2e/`` the CLI, a browser or a cluster (marked ``e2e``)."""

from __future__ import annotations

import gzip
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
SAMPLE = REPO / "sample"
SHARED = REPO.parent / "shared"


_FOLDER_MARKS = {"spark": pytest.mark.spark, "e2e": pytest.mark.e2e}


_JVM_FIXTURES = frozenset({"spark", "sample_run", "folder_run"})


@pytest.hookimpl(tryfirst=True)  # before ``-m`` selects on the marks
def pytest_collection_modifyitems(items):
    for item in items:
        path = Path(item.path).resolve()
        folder = path.relative_to(TESTS).parts[0] if path.is_relative_to(TESTS) else ""
        if folder in _FOLDER_MARKS:
            item.add_marker(_FOLDER_MARKS[folder])
        elif folder == "unit" and _JVM_FIXTURES & set(getattr(item, "fixturenames", ())):
            raise pytest.UsageError(f"{item.nodeid} is under tests/unit but starts Spark "
                                    f"({', '.join(sorted(_JVM_FIXTURES & set(item.fixturenames)))}): "
                                    "move it to tests/spark or tests/e2e")


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


# A toy extraction set of two pages, each with the snippets it must and must not give.
ARTICLE = "".join(f"<p>Paragraph {i}: the council voted 7-4 to raise fares to $2.75 from October, officials said "
                  f"on Monday, and riders on route {i} will pay more.</p>" for i in range(5))
TOY = [
    {"file": "a.html", "url": "https://a.example/1", "with": ["raise fares to $2.75", "riders on route 4 will pay"],
     "without": ["Subscribe now to continue reading", "Home | News | Sport"],
     "html": f"<html><head><title>A</title></head><body><nav>Home | News | Sport</nav><article>{ARTICLE}"
             f"<p>Subscribe now to continue reading</p></article></body></html>"},
    {"file": "b.html", "url": "https://b.example/2", "with": ["Storm Ilsa closed the port", "not in the page"],
     "without": ["Cookie settings"],
     "html": "<html><head><title>B</title></head><body><article>" + "<p>Storm Ilsa closed the port on Tuesday, "
             "and ships waited at anchor off the coast for two days.</p>" * 4 + "</article></body></html>"},
]


def write_toy(tmp_path: Path) -> Path:
    (tmp_path / "html").mkdir()
    with (tmp_path / "evaldata.jsonl").open("w", encoding="utf-8") as fh:
        for row in TOY:
            (tmp_path / "html" / f"{row['file']}.gz").write_bytes(gzip.compress(row["html"].encode()))
            meta = {k: v for k, v in row.items() if k != "html"}
            fh.write(json.dumps({**meta, "html_path": f"html/{row['file']}.gz"}) + "\n")
    return tmp_path


WORDS = ("harbour ferry storm council budget mayor school teacher strike museum painting theft police court "
         "river bank farmer tractor valley election ballot queue rain bridge station train delay market price "
         "hospital nurse patient road crash driver witness judge verdict appeal").split()


def seed_texts(n_texts: int = 30, seed: int = 3) -> list[str]:
    """Texts of random words for the synthetic corpus generator to plant duplicates and stories in."""
    rng = random.Random(seed)
    texts = []
    for _ in range(n_texts):
        sents = []
        for _ in range(12):
            ws = [rng.choice(WORDS) for _ in range(rng.randint(10, 25))]
            sents.append(" ".join(ws).capitalize() + ".")
        texts.append(" ".join(sents))
    return texts

"""Ordinary mistakes get one clear line and a documented exit status, never a Java stack trace."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SAMPLE
from test_e2e import run_cli


def _no_noise(stderr: str) -> None:
    assert "Exception" not in stderr and "\tat " not in stderr, stderr[-3000:]
    assert "Setting default log level" not in stderr and "[Stage " not in stderr, stderr[-3000:]


def _fake_output(folder: Path) -> None:
    """An earlier storyline output, as far as the checks of --out can tell."""
    (folder / "report" / "stories").mkdir(parents=True)
    (folder / "run.json").write_text("{}\n")
    (folder / "report" / "stories" / "stale.html").write_text("<p>an old story</p>")


def test_a_run_whose_records_are_all_rejected_says_why_in_one_line(tmp_path):
    inp = tmp_path / "in"
    inp.mkdir()
    (inp / "feed.jsonl").write_text('{"text": 3}\nnot json\n{"title": "no text"}\n')
    out = tmp_path / "out"
    p = run_cli("run", str(inp), "--out", str(out), "--master", "local[2]", "-q")
    assert p.returncode == 3, p.stderr[-3000:]
    lines = [l for l in p.stderr.splitlines() if l.strip() and not l.startswith("WARNING: Using incubator")]
    assert len(lines) == 1 and lines[0].startswith("storyline: no articles"), p.stderr[-3000:]
    assert "invalid_json=1" in lines[0] and "missing_text=1" in lines[0]
    _no_noise(p.stderr)
    assert (out / "rejects").is_dir()  # the refused records are still accounted for
    run = json.loads((out / "run.json").read_text())
    assert run["counts"]["rejects"] == run["counts"]["records_in"] == 3


@pytest.mark.parametrize("case", ["empty_folder", "unsupported_file", "empty_jsonl"])
def test_a_run_without_records_or_articles_raises_no_articles(spark, tmp_path, case):
    from storyline.config import load_config
    from storyline.run.folder import NoArticles
    from storyline.run.runner import run

    inp = tmp_path / "in"
    inp.mkdir()
    if case == "unsupported_file":
        (inp / "scan.pdf").write_bytes(b"%PDF-1.4 not an article")
    if case == "empty_jsonl":
        (inp / "feed.jsonl").write_text("\n")
    with pytest.raises(NoArticles, match="^no articles: ") as err:
        run([str(inp)], tmp_path / "out", load_config(overrides={"spark.master": "local[2]"}), spark=spark)
    if case == "unsupported_file":
        assert "unsupported_file=1" in str(err.value)
    elif case == "empty_jsonl":  # the message says the file is empty, and names it
        assert f"empty=1; {inp / 'feed.jsonl'}: the file is empty" in str(err.value)
    else:
        assert "hold no records" in str(err.value)


def test_out_that_is_a_file_or_a_foreign_folder_is_refused(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("mine")
    p = run_cli("run", str(SAMPLE / "folder"), "--out", str(f))
    assert p.returncode == 2 and "is a file" in p.stderr, p.stderr
    assert f.read_text() == "mine"
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.tex").write_text("keep me")
    p = run_cli("run", str(SAMPLE / "folder"), "--out", str(mine))
    assert p.returncode == 2 and "--force" in p.stderr and "thesis.tex" in p.stderr, p.stderr
    assert (mine / "thesis.tex").read_text() == "keep me"


def test_a_spacy_model_that_is_not_installed_stops_the_run_before_spark_in_one_line(tmp_path):
    cfg = tmp_path / "cfg.toml"
    cfg.write_text('[facts]\nspacy_model = "no_such_spacy_model_xyz"\n')
    p = run_cli("run", str(SAMPLE / "folder"), "--out", str(tmp_path / "out"), "--config", str(cfg))
    assert p.returncode == 2 and "no_such_spacy_model_xyz" in p.stderr and "en_core_web_sm" in p.stderr, p.stderr
    assert not (tmp_path / "out").exists()
    _no_noise(p.stderr)


def test_out_that_cannot_be_written_is_refused(tmp_path):
    if os.geteuid() == 0:
        target = Path("/sys/storyline-test-out")  # not writable even by root
        if not Path("/sys").is_dir():
            pytest.skip("no read-only file system to write to")
    else:
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        target = locked / "out"
    p = run_cli("run", str(SAMPLE / "folder"), "--out", str(target))
    assert p.returncode == 2 and "cannot write --out" in p.stderr, p.stderr
    assert "Traceback" not in p.stderr


def test_a_full_disk_is_a_clear_error_and_the_previous_output_stays(tmp_path):
    out = tmp_path / "out"
    _fake_output(out)
    before = sorted(str(p.relative_to(out)) for p in out.rglob("*"))
    code = (
        "import errno, sys\n"
        "import storyline.run.runner as P\n"
        "real = P.atomic_write\n"
        "calls = []\n"
        "def full(*a, **k):\n"
        "    calls.append(1)\n"
        "    if len(calls) > 1:\n"
        "        raise OSError(errno.ENOSPC, 'No space left on device')\n"
        "    return real(*a, **k)\n"
        "P.atomic_write = full\n"
        "from storyline.cli import main\n"
        f"sys.exit(main(['run', {str(SAMPLE / 'folder')!r}, '--out', {str(out)!r}, '--master', 'local[2]', '-q']))\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert p.returncode == 2 and "disk full" in p.stderr, p.stderr[-3000:]
    _no_noise(p.stderr)
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*")) == before
    assert not out.with_name("out.staging").exists()


def test_a_rerun_replaces_the_report_whole_and_prints_no_spark_banner(folder_run):
    out, p = folder_run  # written into a folder that held an earlier output with a stale story page
    _no_noise(p.stderr)
    assert "[1/" in p.stderr  # our own progress lines stay
    assert not (out / "report" / "stories" / "stale.html").exists()
    assert (out / "report" / "index.html").is_file()
    run = json.loads((out / "run.json").read_text())
    assert run["storyline_version"] and run["started"].endswith("+00:00")


def test_serve_on_a_busy_port_is_a_clear_error(tmp_path):
    (tmp_path / "out" / "report").mkdir(parents=True)
    (tmp_path / "out" / "report" / "index.html").write_text("<html></html>")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        p = run_cli("serve", str(tmp_path / "out"), "--port", str(port), timeout=60)
    assert p.returncode == 2 and "already in use" in p.stderr and "--port" in p.stderr, p.stderr


def test_a_reason_that_refuses_every_record_of_a_kind_is_named_on_the_console(spark, tmp_path, caplog):
    import logging
    import shutil

    from storyline.config import load_config
    from storyline.run.runner import run

    inp = tmp_path / "in"
    shutil.copytree(SAMPLE / "folder", inp)
    for k in range(3):
        (inp / f"page{k}.html").write_bytes(bytes(range(256)) * 4)  # not HTML at all
    with caplog.at_level(logging.WARNING, logger="storyline"):
        run([str(inp)], tmp_path / "out", load_config(overrides={"spark.master": "local[2]"}), spark=spark)
    lines = [r.getMessage() for r in caplog.records if "HTML pages" in r.getMessage()]
    assert len(lines) == 1 and lines[0].startswith("all 3 HTML pages were refused ("), lines

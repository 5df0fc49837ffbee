"""The `storyline bench` subcommands run storyline through the real Spark pipeline next to its peers."""

from __future__ import annotations

import json

from conftest import write_toy
from test_e2e import run_cli

PORT = ("The city council voted on Tuesday to raise bus fares by fifty cents from October, the first rise in six "
        "years. Council members said the money would pay for new buses and longer evening service. Riders' "
        "groups said the increase would hurt low-income workers who rely on the buses to reach their jobs.")
STORM = ("A storm closed the port on Monday as waves broke over the sea wall and ferries stayed in harbour. "
         "Dock workers were sent home and shipping lines warned of a backlog lasting a week or more. The "
         "harbour master said the closure was the longest since a storm six years ago shut the port for a day.")


def test_bench_summarize_through_the_pipeline(tmp_path):
    data = tmp_path / "mn.jsonl"
    rows = [
        {"id": "fares", "documents": [PORT, PORT.replace("Tuesday", "Tuesday night") + " A petition is planned."],
         "summary": "The council raised bus fares by fifty cents. Riders' groups object."},
        {"id": "storm", "documents": [STORM, "Ferries stayed in harbour. " + STORM],
         "summary": "A storm closed the port; a backlog of ships is expected."},
    ]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "bench.json"
    proc = run_cli("bench", "summarize", "--data", str(data), "--words", "40", "--json", str(out),
                   "--systems", "storyline,lead,lexrank", "--master", "local[2]")
    assert proc.returncode == 0, proc.stderr[-3000:]
    res = json.loads(out.read_text())
    assert res["n_stories"] == 2 and set(res["systems"]) == {"storyline", "lead", "lexrank"}
    assert res["systems"]["storyline"]["rouge1"] > 0 and res["systems"]["storyline"]["words"] <= 40
    assert res["pipeline"]["digest_stage_s"] > 0 and not res.get("storyline_missing")
    assert "digest stage" in proc.stdout


def test_bench_extract_through_spark(tmp_path):
    (tmp_path / "eval").mkdir()
    data = write_toy(tmp_path / "eval")
    out = tmp_path / "bench.json"
    proc = run_cli("bench", "extract", "--data", str(data), "--json", str(out), "--systems",
                   "storyline,trafilatura", "--master", "local[2]")
    assert proc.returncode == 0, proc.stderr[-3000:]
    res = json.loads(out.read_text())
    assert res["storyline_spark"]["pages_per_s"] > 0
    assert res["systems"]["storyline"]["f1"] > 0


def test_bench_checks_its_data_and_modules_before_spark_starts(tmp_path, monkeypatch):
    import importlib.util

    from storyline.cli import main

    assert main(["bench", "summarize", "--data", str(tmp_path / "missing.jsonl")]) == 2
    f = tmp_path / "mn.jsonl"
    f.write_text("{}\n")
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "sumy" else real(name, *a))
    started = []
    monkeypatch.setattr("storyline.spark.session.start_spark", lambda *a, **k: started.append(1))
    assert main(["bench", "summarize", "--data", str(f), "--systems", "storyline,lexrank"]) == 2
    assert not started


def test_bench_missing_module_message_names_the_extra(tmp_path, monkeypatch, capsys):
    import importlib.util

    from storyline.cli import main

    f = tmp_path / "mn.jsonl"
    f.write_text("{}\n")
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "datasketch" else real(name, *a))
    assert main(["bench", "dedup", "--data", str(f)]) == 2
    err = capsys.readouterr().err
    assert "datasketch" in err and "[bench]" in err

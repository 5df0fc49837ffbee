"""The `storyline bench` subcommands run storyline through the real Spark pipeline next to its peers."""

from __future__ import annotations

import json

import pytest

from test_bench_extract import write_toy
from test_e2e import run_cli

pytestmark = pytest.mark.e2e

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
    assert res["pipeline"]["summarize_stage_s"] > 0 and not res.get("storyline_missing")
    assert "summarize stage" in proc.stdout


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

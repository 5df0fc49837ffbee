"""The extraction benchmark: its scoring on toy pages, its accounting, and a short run on the real evaluation
set when ../shared holds it. No JVM needed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import write_toy
from storyline.bench.extract import Tally, format_table, main, run_extract_bench, score_page

ROOT = Path(__file__).resolve().parents[2]
EVAL = ROOT.parent / "shared" / "data" / "trafilatura-eval"

def test_score_page_counts_snippets_as_the_reference_scorer():
    out = "Fares rise\n\nto $2.75 from   October.\nSubscribe now"
    assert score_page(out, ["Fares rise to $2.75", "from October.", "night tram"], ["Subscribe now", "Log in"]) \
        == (2, 1, 1, 1)
    assert score_page("", ["x"], ["y", "z"]) == (0, 0, 1, 2)
    assert score_page(None, ["x", "w"], ["y"]) == (0, 0, 2, 1)


def test_tally_scores():
    t = Tally()
    t.add((6, 2, 3, 9))
    t.pages, t.seconds, t.cpu_seconds = 4, 2.0, 1.0
    d = t.as_dict()
    assert (d["precision"], d["recall"], d["f1"]) == (0.75, 0.6667, round(12 / 17, 4))
    assert (d["pages_per_s"], d["pages_per_cpu_s"]) == (2.0, 4.0)
    assert Tally().as_dict()["f1"] == 0.0


def test_toy_run_with_a_plugged_in_extractor(tmp_path):
    data = write_toy(tmp_path)
    seen = []

    def fake(html: bytes, url: str | None) -> str | None:
        seen.append(url)
        if url.startswith("https://a."):
            return "they raise fares to $2.75 and riders on route 4 will pay. Home | News | Sport"
        raise RuntimeError("fails on b")

    out = tmp_path / "result.json"
    result = run_extract_bench(data, storyline_extract=fake, systems=("storyline",), json_path=out)
    s = result["systems"]["storyline"]
    assert (s["tp"], s["fp"], s["fn"], s["tn"]) == (2, 1, 2, 2)
    assert (s["errors"], s["empty"], s["pages"]) == (1, 1, 2)
    assert seen == [None, "https://a.example/1", "https://b.example/2"]  # a warm-up call, then each page
    assert json.loads(out.read_text())["systems"]["storyline"]["f1"] == s["f1"]
    assert result["snippets"] == {"with": 4, "without": 3}


def test_toy_run_of_the_real_systems(tmp_path):
    pytest.importorskip("resiliparse")
    data = write_toy(tmp_path)
    result = run_extract_bench(data, limit=2)
    assert set(result["systems"]) == {"storyline", "trafilatura", "resiliparse"}
    story = result["systems"]["storyline"]
    assert story["tp"] == 3 and story["fn"] == 1 and story["fp"] == 0  # the residue rules drop "Subscribe now"
    assert "storyline_f1_minus_trafilatura" in result
    table = format_table(result)
    assert "storyline" in table and "trafilatura" in table and "pages/s" in table


def test_bad_arguments(tmp_path):
    with pytest.raises(FileNotFoundError, match="evaldata.jsonl"):
        run_extract_bench(tmp_path)
    data = write_toy(tmp_path)
    with pytest.raises(ValueError, match="unknown systems"):
        run_extract_bench(data, systems=("storyline", "nope"))
    with pytest.raises(ValueError, match="limit"):
        run_extract_bench(data, limit=0)


def test_cli_prints_the_table(tmp_path, capsys):
    data = write_toy(tmp_path)
    assert main(["--data", str(data), "--systems", "storyline,trafilatura", "--json", str(tmp_path / "o.json")]) == 0
    assert "storyline F1 minus trafilatura F1" in capsys.readouterr().out
    assert (tmp_path / "o.json").exists()


def test_short_run_on_the_evaluation_set():
    if not (EVAL / "evaldata.jsonl").exists():
        pytest.skip("../shared/data/trafilatura-eval is not available")
    result = run_extract_bench(EVAL, limit=8, systems=("storyline", "trafilatura"))
    assert result["pages"] == 8
    for row in result["systems"].values():
        assert row["tp"] + row["fn"] == result["snippets"]["with"]
        assert row["fp"] + row["tn"] == result["snippets"]["without"]
        assert row["errors"] == 0 and row["f1"] > 0.5

"""The summary benchmark: ROUGE, baselines, the bench runner and the cross-validation helpers. No JVM."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from storyline.bench import summarize as bench
from storyline.bench.baselines import (SumyTokenizer, fill_budget, lead_summary, n_words, oracle_summary,
                                       sumy_summary)
from storyline.bench.rouge import NgramScorer, rouge, rouge_tokens
from storyline.bench.tune_summarize import cross_validate, fold_of, grid_configs


# --- ROUGE --------------------------------------------------------------------------------------------------
def test_rouge_on_a_hand_checked_toy_case():
    # reference "the cat sat on the mat" (6 tokens), summary "the cat lay on a mat" (6 tokens)
    # ROUGE-1: common unigrams the(min 1,2)=1, cat, on, mat -> 4; P = R = 4/6 -> F = 66.67
    # ROUGE-2: reference bigrams the-cat cat-sat sat-on on-the the-mat; summary the-cat cat-lay lay-on on-a
    #          a-mat; common: the-cat -> 1; P = R = 1/5 -> F = 20.00
    # ROUGE-L: LCS "the cat on mat" = 4 -> F = 66.67
    r = rouge(["the cat lay on a mat"], "the cat sat on the mat")
    assert r["rouge1"] == pytest.approx(200 / 3)
    assert r["rouge2"] == pytest.approx(20.0)
    assert r["rougeL"] == pytest.approx(200 / 3)


def test_rouge_lsum_uses_sentence_boundaries_on_both_sides():
    # reference "The cat sat. The dog ran."; summary sentences in the other order.
    # ROUGE-L over the flat token strings: LCS("the cat sat the dog ran", "the dog ran the cat sat") = 3 -> 50.
    # ROUGE-Lsum: each reference sentence is fully covered by one summary sentence: 6/6 -> 100.
    # ROUGE-2: bigrams the-cat cat-sat sat-the the-dog dog-ran vs the-dog dog-ran ran-the the-cat cat-sat: 4/5.
    r = rouge(["The dog ran.", "The cat sat."], "The cat sat. The dog ran.")
    assert r["rougeL"] == pytest.approx(50.0)
    assert r["rougeLsum"] == pytest.approx(100.0)
    assert r["rouge2"] == pytest.approx(80.0)
    assert r["rouge1"] == pytest.approx(100.0)


def test_fast_ngram_scorer_agrees_with_rouge_score():
    ref = "Flooding forced thousands from their homes in the valley, officials said on Sunday."
    summ = ["Officials said flooding forced residents from homes.", "Rain is expected again on Sunday."]
    r1, r2 = NgramScorer(ref).score_tokens([t for s in summ for t in rouge_tokens(s)])
    full = rouge(summ, ref)
    assert 100 * r1 == pytest.approx(full["rouge1"])
    assert 100 * r2 == pytest.approx(full["rouge2"])


# --- baselines ----------------------------------------------------------------------------------------------
DOCS = [
    ["The river flooded three villages after heavy rain on Sunday.", "Rescue teams used boats to reach residents.",
     "The regional governor declared a state of emergency.", "Schools will stay closed until Wednesday."],
    ["Heavy rain caused the river to flood three villages, officials said.",
     "Officials said two thousand people were evacuated overnight.", "Forecasters expect more storms this week."],
    ["Three villages were flooded by the river on Sunday.", "The army sent trucks with drinking water."],
]


def test_lead_is_round_robin_over_articles():
    out = lead_summary(DOCS, 1000)
    assert out[:3] == [DOCS[0][0], DOCS[1][0], DOCS[2][0]]
    assert out[3:6] == [DOCS[0][1], DOCS[1][1], DOCS[2][1]]
    assert len(out) == sum(len(d) for d in DOCS)


def test_fill_budget_skips_what_does_not_fit_and_keeps_order():
    assert fill_budget(["one two three", "four five six seven", "eight"], 4) == ["one two three", "eight"]
    with pytest.raises(ValueError):
        fill_budget(["a"], 0)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 60), st.integers(0, 1000))
def test_every_baseline_stays_within_budget(budget, seed):
    rnd = random.Random(seed)
    docs = [rnd.sample(d, len(d)) for d in DOCS]
    ref = " ".join(rnd.choice(d) for d in DOCS)
    outs = {
        "lead": lead_summary(docs, budget),
        "lexrank": sumy_summary(docs, budget, "lexrank"),
        "textrank": sumy_summary(docs, budget, "textrank"),
        "oracle": oracle_summary(docs, ref, budget),
    }
    every = {s for d in docs for s in d}
    for name, out in outs.items():
        assert sum(n_words(s) for s in out) <= budget, name
        assert set(out) <= every, name
        assert len(set(out)) == len(out), name


def test_sumy_ranks_central_sentences_first():
    # the flood statement is repeated across articles; sumy's rankers should put one of its versions first
    for method in ("lexrank", "textrank"):
        first = sumy_summary(DOCS, 12, method)
        assert first and ("flood" in first[0] and "villages" in first[0]), (method, first)


def test_sumy_tokenizer_works_with_sumys_own_parser():
    from sumy.parsers.plaintext import PlaintextParser
    from sumy.summarizers.lex_rank import LexRankSummarizer

    parser = PlaintextParser.from_string("Mr. Smith went home. He was tired.\n\nThe next day was sunny.",
                                         SumyTokenizer())
    assert [str(s) for s in parser.document.sentences] == ["Mr. Smith went home.", "He was tired.",
                                                           "The next day was sunny."]
    assert len(LexRankSummarizer()(parser.document, 2)) == 2


def test_oracle_finds_the_reference_sentences():
    ref = "Officials said two thousand people were evacuated overnight. The army sent trucks with drinking water."
    out = oracle_summary(DOCS, ref, 40)
    assert set(out) == {DOCS[1][1], DOCS[2][1]}


def test_oracle_stops_when_nothing_improves():
    assert oracle_summary(DOCS, "Completely unrelated words about astronomy.", 100) == []


# --- the bench runner ------------------------------------------------------------------------------------------
def _write_jsonl(path, n=3):
    rows = []
    for k in range(n):
        docs = ["\n".join(d) for d in DOCS[k:] + DOCS[:k]]
        docs.append("This crawl of online resources was made for the city archive in 2019.")  # dropped
        rows.append({"id": f"toy-{k}", "documents": docs,
                     "summary": "– Three villages flooded after heavy rain and two thousand people were evacuated. "
                                "The governor declared a state of emergency."})
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return rows


def test_prepare_story_mirrors_the_pipeline(tmp_path):
    rows = _write_jsonl(tmp_path / "toy.jsonl", 1)
    story = bench.prepare_story(rows[0])
    assert len(story.docs) == 3  # the crawl notice is not an article
    assert {s.article_id for s in story.sentences} == {"toy-0#0", "toy-0#1", "toy-0#2"}
    assert all(s.source is None for s in story.sentences)
    assert [s.position for s in story.sentences if s.article_id == "toy-0#0"] == list(range(len(DOCS[0])))


def test_bench_runs_on_a_tiny_file(tmp_path):
    data = tmp_path / "toy.jsonl"
    _write_jsonl(data)
    res = bench.run_summarize_bench(data, words=30)
    assert res["n_stories"] == 3 and res["words"] == 30
    assert set(res["systems"]) == set(bench.SYSTEMS)
    for name, row in res["systems"].items():
        assert row["words"] <= 30 and row["over_budget"] == 0, name
        assert 0 <= row["rouge2"] <= row["rouge1"] <= 100, name
        assert row["sec_per_story"] >= 0
    sysrows = res["systems"]
    for m in ("rouge1", "rouge2", "rougeL", "rougeLsum"):
        best = max(sysrows[b][m] for b in bench.BASELINES)
        assert res["margins"][m] == pytest.approx(sysrows["storyline"][m] - best)
    table = bench.format_table(res)
    for name in bench.SYSTEMS:
        assert name in table


def test_bench_accepts_summaries_made_elsewhere(tmp_path):
    data = tmp_path / "toy.jsonl"
    _write_jsonl(data)
    given_summaries = {"toy-0": [DOCS[0][0], DOCS[0][2]], "toy-1": [DOCS[1][1]]}
    res = bench.run_summarize_bench(data, words=30, storyline_summaries=given_summaries,
                                    systems=("storyline", "lead"), storyline_seconds=1.5)
    row = res["systems"]["storyline"]
    assert res["storyline_missing"] == 1
    assert row["sec_per_story"] == pytest.approx(0.5)
    assert row["words"] == pytest.approx((n_words(DOCS[0][0]) + n_words(DOCS[0][2]) + n_words(DOCS[1][1])) / 3)
    expected = (rouge(given_summaries["toy-0"], json.loads(data.read_text().splitlines()[0])["summary"])["rouge1"]
                + rouge(given_summaries["toy-1"], json.loads(data.read_text().splitlines()[1])["summary"])["rouge1"]
                + 0.0) / 3
    assert row["rouge1"] == pytest.approx(expected)


def test_bench_rejects_bad_arguments(tmp_path):
    data = tmp_path / "toy.jsonl"
    _write_jsonl(data)
    with pytest.raises(ValueError, match="unknown systems"):
        bench.run_summarize_bench(data, systems=("storyline", "gpt"))
    with pytest.raises(ValueError, match="--words"):
        bench.run_summarize_bench(data, words=0)
    with pytest.raises(ValueError, match="--limit"):
        bench.run_summarize_bench(data, limit=0)
    with pytest.raises(FileNotFoundError, match="--data"):
        bench.run_summarize_bench(tmp_path / "missing.jsonl")


def test_main_prints_a_table_and_writes_json(tmp_path, capsys):
    data = tmp_path / "toy.jsonl"
    _write_jsonl(data)
    out_json = tmp_path / "res.json"
    assert bench.main(["--data", str(data), "--words", "25", "--limit", "2", "--json", str(out_json),
                       "--systems", "storyline,lead", "--focus", "evacuated"]) == 0
    printed = capsys.readouterr().out
    assert "storyline" in printed and "lead" in printed and "lexrank" not in printed
    res = json.loads(out_json.read_text())
    assert res["n_stories"] == 2 and set(res["systems"]) == {"storyline", "lead"}


def test_bench_on_shared_multinews_sample(shared_dir):
    data = shared_dir / "data" / "multinews-dev" / "multinews_dev.jsonl"
    if not data.is_file():
        pytest.skip("Multi-News dev sample not present in ../shared")
    res = bench.run_summarize_bench(data, words=250, limit=4)
    rows = res["systems"]
    assert res["n_stories"] == 4
    assert all(r["over_budget"] == 0 for r in rows.values())
    # the ROUGE oracle is an upper reference: it beats every real system on ROUGE-1 + ROUGE-2
    top = rows["oracle"]["rouge1"] + rows["oracle"]["rouge2"]
    assert all(top >= r["rouge1"] + r["rouge2"] for n, r in rows.items() if n != "oracle")


# --- cross-validation helpers -----------------------------------------------------------------------------
def test_grid_and_folds_are_deterministic():
    cfgs = grid_configs(100, {"mmr_lambda": (0.5, 0.7), "quote_weight": (0.0, 0.1)})
    assert [(c.mmr_lambda, c.quote_weight) for c in cfgs] == [(0.5, 0.0), (0.5, 0.1), (0.7, 0.0), (0.7, 0.1)]
    assert all(c.words == 100 for c in cfgs)
    folds = [fold_of(f"s{i}", 4) for i in range(200)]
    assert set(folds) == {0, 1, 2, 3}
    assert min(folds.count(k) for k in range(4)) > 25


def test_cross_validation_reports_held_out_scores(tmp_path, monkeypatch):
    import storyline.bench.tune_summarize as tune

    monkeypatch.setattr(tune, "GRID", {"mmr_lambda": (0.5, 0.7), "quote_weight": (0.0,)})
    data = tmp_path / "toy.jsonl"
    _write_jsonl(data, 4)
    res = cross_validate(data, words=30, folds=2)
    assert len(res["per_fold"]) == 2
    assert sum(r["n_test"] for r in res["per_fold"]) == 4
    assert set(res["held_out_pooled"]) == {"storyline_cv", "lead", "lexrank", "textrank"}
    assert set(res["selected_defaults"]) == {"mmr_lambda", "quote_weight"}
    with pytest.raises(ValueError, match="--folds"):
        cross_validate(data, folds=1)

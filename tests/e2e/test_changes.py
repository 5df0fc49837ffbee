"""What changed since the last run: a dated corpus of our own (tests/data/changes) split by day, day 1 run, then
day 2 added with --into. Stable ids, each story's changes, idempotent reruns, ids kept when the days come in the
other order with unrelated articles of another year (the sample's), a feed of what changed and an index header that
tells this run's additions from what the output holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import REPO


DATA = REPO / "tests" / "data" / "changes" / "articles.jsonl"
SAMPLE = REPO / "sample" / "articles.jsonl"


def _days(folder: Path) -> tuple[Path, Path]:
    records = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
    days = sorted({r["published"][:10] for r in records})
    assert len(days) == 2
    paths = []
    for k, day in enumerate(days, 1):
        p = folder / f"day{k}.jsonl"
        p.write_text("".join(json.dumps(r) + "\n" for r in records if r["published"].startswith(day)))
        paths.append(p)
    return paths[0], paths[1]


def _stories(out: Path) -> dict[str, dict]:
    return {s["story_id"]: s for s in map(json.loads, (out / "stories.jsonl").read_text().splitlines())}


def _by_article(stories: dict[str, dict], article_id: str) -> dict:
    return next(s for s in stories.values() if article_id in s["article_ids"])


@pytest.fixture(scope="module")
def runs(spark, tmp_path_factory):
    from storyline.config import load_config
    from storyline.run.runner import run

    d = tmp_path_factory.mktemp("changes")
    day1, day2 = _days(d)
    cfg = load_config(overrides={"spark.master": "local[2]"})
    out = d / "out"
    run([str(day1)], out, cfg, spark=spark)
    first = _stories(out)
    first_feed = (out / "report" / "feed.xml").read_bytes()
    run([str(day2)], out, cfg, spark=spark, into=out)
    second = _stories(out)
    second_feed = (out / "report" / "feed.xml").read_bytes()
    run([str(day2)], out, cfg, spark=spark, into=out)  # the same day again
    again, again_counts = _stories(out), json.loads((out / "run.json").read_text())["counts"]
    again_feed = (out / "report" / "feed.xml").read_bytes()
    # the other order, with the sample's articles (other topics, 2024) beside day 1
    reverse = d / "reverse"
    run([str(day2)], reverse, cfg, spark=spark)
    reverse_first = _stories(reverse)
    run([str(day1), str(SAMPLE)], reverse, cfg, spark=spark, into=reverse)
    return {"first": first, "second": second, "again": again, "again_counts": again_counts, "day2": day2,
            "reverse_first": reverse_first, "reverse": _stories(reverse), "reverse_out": reverse, "out": out,
            "feeds": (first_feed, second_feed, again_feed), "day1": day1}


def test_a_story_that_gains_articles_keeps_its_id_and_says_what_is_new(runs):
    before, after = _by_article(runs["first"], "fire-wire-1"), _by_article(runs["second"], "fire-wire-1")
    assert before["story_id"] == after["story_id"]
    c = after["changes"]
    assert c["status"] == "updated"
    assert c["new_article_ids"] == ["fire-radio-2", "fire-wire-2"]
    assert c["new_outlets"] == ["Coast Radio"]
    assert c["new_sentences"], after["summary"]
    # the death toll went from nine to 14: a revised figure, not a dispute between the days
    assert [(r["what"], r["old"], r["new"]) for r in c["revised"]] == [("people", "9", "14")]
    assert not after["disputed"] and not c["new_disputes"]
    assert "14" in after["summary"][0]["text"]  # the story has developed: it opens with the toll as it now is
    assert c["since"] and c["updated"] == "2025-03-11T10:00:00Z"


def test_a_story_of_day_2_alone_is_new_and_one_with_nothing_new_is_unchanged(runs):
    ferry = _by_article(runs["second"], "ferry-wire-2")["changes"]
    assert ferry["status"] == "new" and ferry["new_article_ids"] == ["ferry-courier-2", "ferry-wire-2"]
    wall = _by_article(runs["second"], "vote-gazette-1")
    assert wall["story_id"] == _by_article(runs["first"], "vote-gazette-1")["story_id"]
    c = wall["changes"]
    assert c["status"] == "unchanged"
    assert not (c["new_article_ids"] or c["new_outlets"] or c["new_sentences"] or c["new_disputes"] or c["revised"])
    assert c["updated"] == "2025-03-10T19:30:00Z"  # its last change, from day 1


def test_without_an_earlier_output_every_story_is_new(runs):
    assert {s["changes"]["status"] for s in runs["first"].values()} == {"new"}


def test_every_story_of_day_1_keeps_its_id_and_its_articles_on_day_2(runs):
    second = runs["second"]
    for sid, story in runs["first"].items():
        assert sid in second and set(story["article_ids"]) <= set(second[sid]["article_ids"]), sid


def test_running_the_same_day_again_changes_nothing(runs):
    again, second = runs["again"], runs["second"]
    assert {s["changes"]["status"] for s in again.values()} == {"unchanged"}

    def told(stories: dict[str, dict]) -> dict[str, dict]:  # every story as told, apart from what changed since
        return {sid: {k: v for k, v in s.items() if k != "changes"} for sid, s in stories.items()}

    assert told(again) == told(second)  # the same stories, told the same, apart from what changed since
    counts, day2 = runs["again_counts"], runs["day2"].read_text().splitlines()
    assert counts["articles_added"] == 0 and counts["already_present"] == len(day2)


def _partition(stories: dict[str, dict], ids: set[str]) -> set[frozenset[str]]:
    return {frozenset(set(s["article_ids"]) & ids) for s in stories.values()} - {frozenset()}


def test_in_the_other_order_with_unrelated_articles_every_story_keeps_its_id(runs):
    """Day 2 first, then day 1 (whose reports are earlier) with the sample's articles of 2024: every story of the
    first run keeps its id, never a new article's, and the stories are those of the days in order."""
    first, after = runs["reverse_first"], runs["reverse"]
    for sid, story in first.items():
        assert sid in after and set(story["article_ids"]) <= set(after[sid]["article_ids"]), sid
    fire = _by_article(after, "fire-wire-1")  # day 1's first report joined day 2's story
    assert fire["story_id"] == _by_article(first, "fire-wire-2")["story_id"]
    assert fire["changes"]["status"] == "updated" and "fire-wire-1" in fire["changes"]["new_article_ids"]
    ours = {a for s in runs["second"].values() for a in s["article_ids"]}
    assert _partition(after, ours) == _partition(runs["second"], ours)
    # the unrelated articles open stories of their own, all new
    for s in after.values():
        if not set(s["article_ids"]) & ours:
            assert s["changes"]["status"] == "new" and s["story_id"] not in first


def test_the_feed_holds_what_changed_and_a_run_that_changed_nothing_has_no_entries(runs):
    import feedparser

    first, second, again = (feedparser.parse(x) for x in runs["feeds"])
    assert not first.bozo and not second.bozo and not again.bozo
    assert {e.id for e in first.entries} == {f"urn:storyline:story:{sid}" for sid in runs["first"]}  # all new
    changed = {sid: s["changes"]["status"] for sid, s in runs["second"].items() if s["changes"]["status"] != "unchanged"}
    assert changed and len(changed) < len(runs["second"])  # the wall story is unchanged on day 2
    assert {e.id for e in second.entries} == {f"urn:storyline:story:{sid}" for sid in changed}
    fire = next(e for e in second.entries if "Kelso" in e.title)
    assert fire.updated.startswith("2025-03-11T10:00:00") and "figure revised" in fire.summary
    assert fire.summary.splitlines()[0].startswith("Updated since ")
    assert again.entries == []


def test_the_index_header_tells_this_runs_additions_from_what_the_output_holds(runs):
    import re

    index = (runs["reverse_out"] / "report" / "index.html").read_text(encoding="utf-8")
    head = index[index.index('<section class="run">'):index.index("</section>")]
    this_run, output = head.split("In the output:")
    n_in = len(runs["day1"].read_text().splitlines()) + len(SAMPLE.read_text().splitlines())
    stories = runs["reverse"]
    n_new = sum(s["changes"]["status"] == "new" for s in stories.values())
    assert "This run:" in this_run and f"{n_in}</span> records in" in this_run
    assert f"{n_new}</span> new stories" in this_run and re.search(r"\d+</span> new articles", this_run)
    n_articles = len({a for s in stories.values() for a in s["article_ids"]})
    assert f"{n_articles}</span> articles" in output and f"{len(stories)}</span> stories" in output

"""Article identities through whole runs: files that share a name in different folders never collide, and
``--into`` never skips a record it has not seen."""

from __future__ import annotations

import json
import random
from pathlib import Path


_WORDS = ("harbour council ferry school budget storm museum library bridge election vote market train "
          "hospital river festival court strike union factory").split()


def _text(seed: int) -> str:
    rnd = random.Random(seed)
    return " ".join(f"{rnd.choice(_WORDS)}{rnd.randrange(10_000)}" for _ in range(60)) + "."


def _day(folder: Path, day: int) -> None:
    """A day's crawl: the same file names every day, records without ids or URLs."""
    folder.mkdir(parents=True)
    (folder / "brief.txt").write_text(_text(day * 100))
    (folder / "articles.jsonl").write_text(
        "\n".join(json.dumps({"text": _text(day * 100 + k)}) for k in range(1, 4)) + "\n")


def test_two_daily_folders_with_the_same_file_names_keep_every_article(spark, tmp_path):
    from storyline.config import load_config
    from storyline.run.runner import run

    _day(tmp_path / "in" / "day1", 1)
    _day(tmp_path / "in" / "day2", 2)
    cfg = load_config(overrides={"spark.master": "local[2]"})
    out = tmp_path / "out"
    run([str(tmp_path / "in" / "day1")], out, cfg, spark=spark)
    first = {json.loads(l)["story_id"] for l in (out / "stories.jsonl").read_text().splitlines()}
    run([str(tmp_path / "in" / "day2")], out, cfg, spark=spark, into=out)

    ids = set(spark.read.parquet(str(out / "articles")).toPandas()["article_id"])
    assert ids == {f"day{d}/{n}" for d in (1, 2) for n in ("brief", "articles:1", "articles:2", "articles:3")}
    counts = json.loads((out / "run.json").read_text())["counts"]
    assert counts["articles_added"] == 4 and counts["already_present"] == 0
    assert counts["rejects"] == 0
    stories = [json.loads(l) for l in (out / "stories.jsonl").read_text().splitlines()]
    assert first <= {s["story_id"] for s in stories}


def test_into_keeps_a_new_record_that_reuses_an_old_id(spark, tmp_path):
    from storyline.config import load_config
    from storyline.run.runner import run

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "feed.jsonl").write_text(json.dumps({"id": "n1", "text": _text(1)}) + "\n")
    (tmp_path / "b" / "feed.jsonl").write_text(
        json.dumps({"id": "n1", "text": _text(2)}) + "\n" + json.dumps({"id": "n1x", "text": _text(1)}) + "\n")
    cfg = load_config(overrides={"spark.master": "local[2]"})
    out = tmp_path / "out"
    run([str(tmp_path / "a")], out, cfg, spark=spark)
    run([str(tmp_path / "b")], out, cfg, spark=spark, into=out)
    arts = spark.read.parquet(str(out / "articles")).toPandas()
    ids = sorted(arts["article_id"])
    assert len(ids) == 2 and ids[0] == "n1" and ids[1].startswith("n1~")  # the new text under a new id
    dups = spark.read.parquet(str(out / "duplicates")).toPandas()
    assert list(dups["article_id"]) == ["n1x"] and list(dups["canonical_id"]) == ["n1"]  # same text, new id

"""The facts stage: the flat fact tables (entities, timeline, corroborated, disputed, single_source) and
``stories.jsonl``, from the written stories table; each story there also names its storyline and the stories before
and after it in that storyline."""

from __future__ import annotations

from pathlib import Path

from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from storyline.spark.stage import Context, Output
from storyline.spark.output import write_jsonl
from storyline.spark.schemas import FACT_PARTS
from storyline.spark.threads import in_storyline


def fact_table(stories: DataFrame, part: str) -> DataFrame:
    """The flat table of one fact kind (``entities``, ``timeline``, ``corroborated`` or ``disputed``), keyed by
    story."""
    return stories.select("story_id", F.posexplode(part).alias("rank", "f")).select("story_id", "rank", "f.*")


def run(ctx: Context, t: dict) -> Output:
    stories = t["stories"]

    def jsonl(path: Path) -> None:
        write_jsonl(in_storyline(stories, t["storylines"]), path, "story_id")

    return Output(tables={name: fact_table(stories, name) for name in FACT_PARTS}, files={"stories.jsonl": jsonl})

"""The output of an earlier run that this one adds to (``--into``), as the stages consult it."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from storyline.spark.schemas import ARTICLES, column_names
from storyline import __version__

KEEP = column_names(ARTICLES)


class Earlier:
    """The earlier output (``path``), or none: with no earlier output every method hands its input back, so the
    stages hold no ``--into`` branches."""

    def __init__(self, spark, path: Path | None) -> None:
        self.spark, self.path = spark, path

    def __bool__(self) -> bool:
        return self.path is not None

    def _read(self, name: str) -> DataFrame:
        return self.spark.read.parquet(str(self.path / name))

    @functools.cached_property
    def _run_text(self) -> str:
        return (self.path / "run.json").read_text(encoding="utf-8") if self else ""

    def _run(self) -> dict:
        """The earlier run's ``run.json`` (read once); empty without an earlier output."""
        return json.loads(self._run_text) if self else {}

    def fingerprint(self) -> str:
        return self._run_text

    def pool(self, new: DataFrame) -> DataFrame:
        """The articles to deduplicate: the earlier ones (``_old`` = 1, never folded away) and the new records
        the earlier output does not already hold."""
        new = new.withColumn("_old", F.lit(0))
        if not self:
            return new
        old = self._read("articles").select(*KEEP)
        return old.withColumn("_old", F.lit(1)).unionByName(unseen(new, old, self._read("duplicates")))

    def new_articles(self, articles: DataFrame) -> DataFrame:
        """The articles the earlier output does not hold."""
        return articles.join(self._read("articles").select("article_id"), "article_id", "left_anti") if self \
            else articles

    def sentences(self, new: DataFrame) -> DataFrame:
        """The earlier output's sentences and ``new`` (the new articles' sentences)."""
        return self._read("sentences").unionByName(new) if self else new

    def terms(self, articles: DataFrame, compute) -> DataFrame:
        """The story terms of ``articles``: the earlier output's for the articles it holds (when this storyline
        version made them), and ``compute(new articles)`` for the others."""
        if not (self.same_version() and (self.path / "terms").is_dir()) or self._config("stories").get("group_by"):
            return compute(articles)
        return self._read("terms").unionByName(compute(self.new_articles(articles)))

    def _config(self, section: str) -> dict:
        return self._run().get("config", {}).get(section) or {}

    def duplicates(self, dups: DataFrame) -> DataFrame:
        return self._read("duplicates").unionByName(dups, allowMissingColumns=True) if self else dups

    def rejects(self, rejects: DataFrame) -> DataFrame:
        return self._read("rejects").unionByName(rejects).dropDuplicates() if self else rejects

    def story_articles(self) -> DataFrame | None:
        """The earlier output's stories, by article; None without one."""
        return self._read("story_articles") if self else None

    def stories(self) -> DataFrame | None:
        """The earlier output's ``stories`` table; None without one."""
        return self._read("stories") if self else None

    def same_settings(self, cfg, sections: tuple[str, ...] = ("summary", "facts")) -> bool:
        """Whether this storyline version wrote the earlier output, with the settings of ``sections`` that ``cfg``
        has: with the same summary and facts settings its digests can stand for stories whose articles did not
        change; with the same stories settings, its stories out of the new articles' reach stand as they are."""
        if not self.same_version():
            return False
        conf = cfg.to_dict()
        return all(self._config(k) == (conf.get(k) or {}) for k in sections)

    def same_version(self) -> bool:
        """Whether this storyline version wrote the earlier output."""
        return bool(self) and self._run().get("storyline_version") == __version__

    def started(self) -> str | None:
        """When the earlier run started (ISO 8601, UTC); None without one."""
        return self._run().get("started") if self else None

    def counts(self) -> dict:
        return self._run()["counts"] if self else {}


def unseen(pool: DataFrame, old: DataFrame, old_dups: DataFrame) -> DataFrame:
    """The records of this run that the earlier output does not hold. A record whose id and text were both seen
    before is the same record again (dropped; counted as already present). A record whose id was seen with other
    text is a different record: it keeps its place under a new id, its id plus ``~`` and its text hash, and is
    never skipped."""
    dup_hash = F.col("content_hash") if "content_hash" in old_dups.columns else F.lit(None).cast("string")
    seen = old.select("article_id", F.col("content_hash").alias("_seen")).unionByName(
        old_dups.select("article_id", dup_hash.alias("_seen")))
    clash = F.col("_seen").isNotNull() & (F.col("_seen") != F.col("content_hash"))
    renamed = pool.join(seen, "article_id", "left").withColumn(
        "article_id", F.when(clash, F.concat("article_id", F.lit("~"), F.substring("content_hash", 1, 12)))
        .otherwise(F.col("article_id"))).drop("_seen")
    # now an id seen before means the same text again (or a duplicate of an older output that kept no hash)
    return renamed.join(seen.select("article_id"), "article_id", "left_anti")

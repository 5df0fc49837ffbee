"""Articles: the public article columns, unique ids and the final checks that the clean stage applies (duplicates
are folded in :mod:`storyline.spark.dedup`, sentences split in :mod:`storyline.spark.sentences`)."""

from __future__ import annotations


from pyspark.sql import DataFrame, Window
from pyspark.sql import functions as F

from storyline.core.text.sentences import split_sentences
from storyline.core.text.text import fold_for_hash, stable_id, words
from storyline.spark.mapping import map_records, spread
from storyline.spark.schemas import ARTICLE_FINAL, ARTICLES, column_names, require_columns

# the articles table's columns, less the byte range each article was read from
FINAL_COLS = [c.split()[0].strip("`") for c in ARTICLE_FINAL.split(", ") if not c.startswith(("start", "end"))]


def published_ts(col: str = "published"):
    """The one reading of ``published``: an ISO 8601 string (normalised by cleaning to UTC, or a bare day) or a
    timestamp, as a timestamp; null when absent or unparseable (never an error under ANSI mode)."""
    return F.expr(f"try_cast(`{col}` as timestamp)")


def public_articles(records: DataFrame) -> DataFrame:
    """Records in the shape of the public ``articles`` table: the input's ``source`` is the ``outlet``, and
    ``published`` is a timestamp."""
    cols = {"outlet": F.col("source"), "published": published_ts()}
    return records.select(*[cols.get(c, F.col(f"`{c}`")).alias(c) for c in column_names(ARTICLES)])


def locator_order() -> list:
    """Sort keys that put locators in input order: "line 9" before "line 10", "line 3 doc 2" before "line 3 doc 10"."""
    loc = F.coalesce(F.col("locator"), F.lit(""))
    return [F.regexp_extract(loc, r"(\d+)", 1).try_cast("long").asc_nulls_first(),
            F.regexp_extract(loc, r"\d+\D+(\d+)", 1).try_cast("long").asc_nulls_first(), F.col("locator")]


def reject_duplicate_ids(articles: DataFrame) -> tuple[DataFrame, DataFrame]:
    """Two records with one id: the first in input order (file, then position) keeps it, the others are rejected."""
    require_columns(articles, ["article_id", "source_path", "locator"], "ids")
    w = Window.partitionBy("article_id").orderBy("source_path", *locator_order())
    ranked = articles.withColumn("_rn", F.row_number().over(w))
    first = ranked.filter("_rn = 1").drop("_rn")
    dups = ranked.filter("_rn > 1").drop("_rn").withColumn("kind", F.lit("reject")).withColumn(
        "reason", F.lit("duplicate_id")
    ).withColumn("detail", F.concat(F.lit("id already used by another record: "), F.col("article_id")))
    return first, dups


def finalized(min_words: int, max_words: int):
    """One article's word count, content hash and sentence spans; a reject when it is empty, too short or too long."""
    def one(rec: dict) -> dict:
        text = rec.get("text")
        rec = {k: rec.get(k) for k in FINAL_COLS}
        if not isinstance(text, str) or not text.strip():
            rec.update(kind="reject", reason="empty_after_cleaning", detail="only residue was left")
        else:
            n = len(words(text))
            rec["n_words"] = n
            if n < min_words:
                rec.update(kind="reject", reason="too_short",
                           detail=f"{n} words after cleaning; clean.min_words={min_words}")
            elif n > max_words:
                rec.update(kind="reject", reason="too_long",
                           detail=f"{n} words after cleaning; clean.max_words={max_words} (a book, a dump or "
                                  f"many articles in one record; split it, or raise clean.max_words)")
            else:
                rec["content_hash"] = stable_id("content", fold_for_hash(text))
                rec["spans"] = [{"start": s.start, "end": s.end} for s in split_sentences(text)]
        return rec

    return one


def finalize(articles: DataFrame, min_words: int, max_words: int = 100_000) -> DataFrame:
    """Word counts, content hashes and sentence spans; too-short, too-long or emptied articles become rejects."""
    require_columns(articles, ["article_id", "text"], "finalize")
    cols = [c for c in FINAL_COLS if c in articles.columns]
    return spread(articles.select(*cols)).mapInPandas(map_records(finalized(min_words, max_words), FINAL_COLS),
                                                        ARTICLE_FINAL)

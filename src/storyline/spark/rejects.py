"""Reject rows, built in one place: every stage hands its refused records and removed lines to these two functions,
so the ``rejects`` table has one shape (``schemas.REJECTS``) whatever refused the input."""

from __future__ import annotations

from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F

from storyline.spark.schemas import REJECTS, column_names

_TEXT_CHARS = 1000  # a reject keeps the start of its text: enough to recognise it, not a copy of the corpus


def _shaped(df: DataFrame, level: str, reason: Column, detail: Column, text: Column) -> DataFrame:
    cols = {"level": F.lit(level), "reason": reason, "detail": detail.cast("string"),
            "source_path": F.col("source_path"), "locator": F.col("locator"), "article_id": F.col("article_id"),
            "text": F.substring(F.coalesce(text, F.lit("")), 1, _TEXT_CHARS)}
    return df.select(*[cols[name].alias(name) for name in column_names(REJECTS)])


def records(df: DataFrame) -> DataFrame:
    """The records of ``df`` that a stage refused (``kind = 'reject'``, with ``reason`` and ``detail``)."""
    return _shaped(df.filter(F.col("kind") == "reject"), "record", F.col("reason"), F.col("detail"), F.col("text"))


def lines(df: DataFrame, reason: Column | str, text: Column, detail: Column | str | None = None) -> DataFrame:
    """Lines removed from articles that were kept: one row per line of ``df`` (which has ``source_path``,
    ``locator`` and ``article_id``)."""
    lit = lambda v: F.lit(v) if isinstance(v, str) or v is None else v  # noqa: E731
    return _shaped(df, "line", lit(reason), lit(detail), text)

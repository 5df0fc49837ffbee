"""Story ids, derived from content: the same on every run, shared by the stages that group and name stories."""

from __future__ import annotations

from pyspark.sql import functions as F


def story_id_column(key_col) -> F.Column:
    """``s-`` + 16 hex digits of SHA-256 of the story key: derived from content, the same on every run."""
    return F.concat(F.lit("s-"), F.substring(F.sha2(key_col, 256), 1, 16))

"""The schema of every table a stage reads or writes. Stages check their input against these before running."""

from __future__ import annotations

RAW = (
    "source_path string, input_name string, locator string, fmt string, kind string, reason string, detail string, charset string, "
    "id string, url string, source string, title string, published string, author string, text string, "
    "html binary, `group` string, reference string"
)

PREPARED = (
    "kind string, article_id string, source_path string, locator string, fmt string, reason string, "
    "detail string, url string, source string, title string, published string, author string, language string, "
    "`group` string, reference string, text string, topic_key string"
)

ARTICLE_FINAL = (
    "kind string, article_id string, source_path string, locator string, fmt string, reason string, "
    "detail string, url string, source string, title string, published string, author string, language string, "
    "`group` string, reference string, text string, n_words int, content_hash string, "
    "spans array<struct<start:int,end:int>>"
)

REJECTS = (
    "level string, reason string, detail string, source_path string, locator string, article_id string, "
    "text string"
)

STORY_SUMMARY = (
    "story_id string, title string, summary array<struct<text:string,sources:array<string>,support:int,"
    "evidence:array<struct<article_id:string,text:string>>,"
    "dispute:struct<subject:string,frame:string,sides:array<struct<claim:string,outlets:array<string>,"
    "article_ids:array<string>>>>>>"
)

STORY_FACTS = "story_id string, facts_json string"

_SOURCE_SENTENCES = "array<struct<article_id:string,outlet:string,text:string,attribution:string>>"
# The JSON written by core.story.story_facts, as Spark types: what stories.jsonl and the fact tables hold.
FACTS = (
    "struct<"
    "entities:array<struct<name:string,type:string,mentions:int,outlets:array<string>,article_ids:array<string>,"
    "variants:array<string>>>,"
    "timeline:array<struct<date:string,precision:string,text:string,article_ids:array<string>,"
    f"outlets:array<string>,sources:{_SOURCE_SENTENCES}>>,"
    "corroborated:array<struct<text:string,article_ids:array<string>,outlets:array<string>,support:int,"
    f"sentences:{_SOURCE_SENTENCES}>>,"
    "disputed:array<struct<subject:string,frame:string,kind:string,sides:array<struct<claim:string,text:string,"
    f"article_ids:array<string>,outlets:array<string>,sentences:{_SOURCE_SENTENCES}>>>>"
    ">"
)
FACT_PARTS = ("entities", "timeline", "corroborated", "disputed")


class SchemaError(ValueError):
    """A DataFrame handed to a stage lacks columns the stage needs."""


def require_columns(df, columns: list[str], stage: str) -> None:
    """Reject a bad input schema before any job runs (cf. pyspark.ml's transformSchema)."""
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise SchemaError(f"stage '{stage}' needs columns {missing}; the input has {df.columns}")

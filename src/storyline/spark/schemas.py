"""The schema of every table a stage reads or writes. Stages check their input against these before running."""

from __future__ import annotations

from functools import lru_cache


def _split(ddl: str) -> list[str]:
    """Top-level comma-separated parts of a schema string (commas inside ``<...>`` do not split)."""
    parts, depth, cur = [], 0, []
    for ch in ddl:
        depth += ch == "<"
        depth -= ch == ">"
        if ch == "," and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def _field(part: str) -> tuple[str, str]:
    """``name type`` or ``name:type`` -> (name, type), backticks dropped."""
    name, typ = (part.split(":", 1) if ":" in part.split(" ", 1)[0] else part.split(" ", 1))
    return name.strip().strip("`"), typ.strip()


def fields(ddl: str) -> list[tuple[str, str]]:
    """The top-level (name, type) pairs of a schema string: ``"a string, b array<int>"`` or ``"struct<a:string>"``.

    >>> fields("a string, `group` string, b array<struct<x:int,y:int>>")
    [('a', 'string'), ('group', 'string'), ('b', 'array<struct<x:int,y:int>>')]
    """
    return list(_fields(ddl))


@lru_cache(maxsize=256)
def _fields(ddl: str) -> tuple[tuple[str, str], ...]:
    # cached: check_value parses the same few struct types for every value of every story
    if ddl.startswith("struct<"):
        ddl = ddl[len("struct<"):-1]
    return tuple(_field(p) for p in _split(ddl))


def column_names(ddl: str) -> list[str]:
    return [name for name, _ in fields(ddl)]


def simple(ddl: str) -> str:
    """A schema string in Spark's ``simpleString`` form (no nullability), for comparing with a DataFrame's schema.

    >>> simple("a string, `group` string, n int")
    'struct<a:string,group:string,n:int>'
    """
    return "struct<" + ",".join(f"{n}:{t.replace(', ', ',')}" for n, t in fields(ddl)) + ">"

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
    "story_id string, title string, summary array<struct<text:string,article_id:string,position:int,"
    "article_ids:array<string>,support:int,"
    "evidence:array<struct<article_id:string,text:string>>,"
    "dispute:struct<subject:string,frame:string,sides:array<struct<claim:string,outlets:array<string>,"
    "article_ids:array<string>>>>,rank:int>>"
)


_SOURCE_SENTENCES = "array<struct<article_id:string,outlet:string,text:string,attribution:string>>"
# The JSON written by core.story.story_facts, as Spark types: what stories.jsonl and the fact tables hold.
FACTS = (
    "struct<"
    "entities:array<struct<name:string,type:string,mentions:int,outlets:array<string>,article_ids:array<string>,"
    "variants:array<string>>>,"
    "timeline:array<struct<date:string,precision:string,text:string,article_ids:array<string>,"
    f"outlets:array<string>,sentences:{_SOURCE_SENTENCES},background:boolean>>,"
    "corroborated:array<struct<text:string,article_ids:array<string>,outlets:array<string>,support:int,"
    f"sentences:{_SOURCE_SENTENCES}>>,"
    "disputed:array<struct<subject:string,frame:string,kind:string,sides:array<struct<claim:string,text:string,"
    f"article_ids:array<string>,outlets:array<string>,sentences:{_SOURCE_SENTENCES}>>,both:array<string>>>,"
    f"single_source:array<struct<text:string,article_ids:array<string>,outlets:array<string>,"
    f"sentences:{_SOURCE_SENTENCES}>>"
    ">"
)
FACT_PARTS = ("entities", "timeline", "corroborated", "disputed", "single_source")

# The digest stage's table: each story's title and summary, and one typed column per fact kind (no JSON strings in
# between).
STORY_DIGEST = STORY_SUMMARY + ", " + ", ".join(f"{n} {t}" for n, t in fields(FACTS))
# One flat table per fact kind, keyed by story and rank: the fields of the fact's struct.
FACT_TABLES = {
    n: "story_id string, rank int, " + ", ".join(f"{f} {t}" for f, t in fields(typ[len("array<"):-1]))
    for n, typ in fields(FACTS)
}

PREPARED_TABLE = PREPARED + ", removed array<struct<reason:string,text:string>>"

# The public articles table: ``outlet`` (the input's ``source``), ``published`` as a timestamp (UTC).
ARTICLES = (
    "article_id string, url string, outlet string, title string, published timestamp, author string, language string, "
    "text string, source_path string, locator string, `group` string, reference string, n_words int, "
    "content_hash string, spans array<struct<start:int,end:int>>"
)
DUPLICATES = "article_id string, canonical_id string, similarity double, method string, content_hash string"
SENTENCES = "article_id string, idx int, start int, end int, text string"
STORY_ARTICLES = "article_id string, story_id string"
TERMS = "article_id string, term string, tf double"  # what clustering reads of each article (spark.cluster.raw_terms)
COMPONENT_LABELS = "node string, label string"  # a story key for each article of a linked component (spark.cluster)
SIGNATURES = "article_id string, sig array<int>, bands array<bigint>"  # MinHash signatures and bands (spark.dedup)
NEAR_PAIRS = "article_id string, canonical_id string, similarity double"  # a near duplicate and its canonical copy
GROUPING = "article_id string, story_id string"  # this run's grouping, before earlier ids are kept
LINEAGE = "story_id string, before string, merged_from array<string>, split_from array<string>"
CHANGES = (
    "struct<status:string,since:string,updated:string,new_article_ids:array<string>,retold:array<string>,"
    "new_outlets:array<string>,"
    "new_sentences:array<int>,new_disputes:array<struct<subject:string,frame:string,claims:array<string>>>,"
    "revised:array<struct<what:string,old:string,new:string,outlets:array<string>>>,merged_from:array<string>,"
    "split_from:array<string>>"
)
STORIES = (
    "story_id string, title string, `group` string, n_articles int, n_outlets int, outlets array<string>, "
    "first_published timestamp, last_published timestamp, article_ids array<string>, "
    "summary " + STORY_SUMMARY.split("summary ", 1)[1] + ", "
    "articles array<struct<article_id:string,title:string,outlet:string,url:string,published:timestamp,n_words:int>>, "
    "duplicates array<struct<article_id:string,canonical_id:string,similarity:double,method:string>>, "
    "reference string, " + ", ".join(f"{n} {t}" for n, t in fields(FACTS)) + f", changes {CHANGES}"
)


# What the storyline finder reads of a story (spark/storylines.py): its day (days since 1970-01-01), title, central
# people and organisations (folded key and name) and the vector of its title and lead.
STORY_NODES = ("story_id string, day int, when int, title string, people array<struct<key:string,name:string>>, "
               "organisations array<struct<key:string,name:string>>, "
               "attached_people array<struct<key:string,name:string>>, "
               "attached_organisations array<struct<key:string,name:string>>, vector array<float>, "
               "opening_terms array<string>")
# The public storylines table: each thread's stories in time order.
STORYLINES = "storyline_id string, label string, story_ids array<string>, first_day date, last_day date"

# The types a stage accepts for the article columns it reads: ``published`` as an ISO string or a timestamp.
ARTICLE_INPUT_TYPES = {"article_id": ("string",), "text": ("string",), "published": ("string", "timestamp"),
                       "source": ("string",), "title": ("string",)}


class SchemaError(ValueError):
    """A DataFrame handed to a stage lacks columns the stage needs."""


def require_columns(df, columns: list[str], stage: str, types: dict[str, tuple[str, ...]] | None = None) -> None:
    """Reject a bad input schema before any job runs (cf. pyspark.ml's transformSchema): ``columns`` must be there,
    and a column named in ``types`` (required or not) must have one of the types given for it."""
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise SchemaError(f"stage '{stage}' needs columns {missing}; the input has {df.columns}; select or rename "
                          f"them first")
    have = {f.name: f.dataType.simpleString() for f in df.schema.fields}
    for name, allowed in (types or {}).items():
        if name in have and have[name] not in allowed:
            raise SchemaError(f"stage '{stage}': column {name!r} must be {' or '.join(allowed)}, got {have[name]}; "
                              f"cast it first")


def check_schema(df, ddl: str, stage: str, table: str) -> None:
    """Refuse a table whose columns or types differ from its declaration, naming what differs: a renamed or
    retyped field fails here, not silently downstream."""
    want, got = dict(fields(ddl)), dict(fields(df.schema.simpleString()))
    if simple(ddl) == df.schema.simpleString():
        return
    diff = sorted({c for c in want.keys() | got.keys() if want.get(c) != got.get(c)})
    detail = "; ".join(f"{c}: declared {want.get(c, '(none)')}, got {got.get(c, '(none)')}" for c in diff)
    raise SchemaError(f"stage '{stage}' wrote table '{table}' unlike its declared schema ({detail or 'column order'})")


def check_value(value, typ: str, where: str = "") -> None:
    """Check a Python value (what a pandas stage returns) against a Spark type string, field by field: a dict must
    have exactly the struct's keys. Arrow would otherwise drop an unknown key and null a missing one silently.

    >>> check_value([{"name": "x", "n": 1}], "array<struct<name:string,n:int>>")
    >>> check_value([{"name": "x", "count": 1}], "array<struct<name:string,n:int>>", "facts")
    Traceback (most recent call last):
    ...
    storyline.spark.schemas.SchemaError: facts[0]: keys ['count'] are not in the schema; ['n'] are missing
    """
    problem = _problem(value, typ)
    if problem:
        path, msg = problem
        raise SchemaError(f"{where}{path}: {msg}")


def _problem(value, typ: str) -> tuple[str, str] | None:
    """(where in ``value``, what is wrong) for the first mismatch, or None. The path is built only on a mismatch:
    a story's facts hold thousands of values."""
    if value is None:
        return None
    if typ.startswith("array<"):
        if not isinstance(value, (list, tuple)):
            return "", f"expected a list for {typ}, got {type(value).__name__}"
        inner = typ[len("array<"):-1]
        if not inner.startswith(("array<", "struct<")):
            return None
        for i, v in enumerate(value):
            problem = _problem(v, inner)
            if problem:
                return f"[{i}]{problem[0]}", problem[1]
    elif typ.startswith("struct<"):
        if not isinstance(value, dict):
            return "", f"expected a mapping for {typ}, got {type(value).__name__}"
        want = _fields(typ)
        if len(value) != len(want) or any(k not in value for k, _ in want):
            names = {k for k, _ in want}
            extra, missing = sorted(set(value) - names), sorted(names - set(value))
            return "", f"keys {extra} are not in the schema; {missing} are missing"
        for k, t in want:
            problem = _problem(value[k], t) if t.startswith(("array<", "struct<")) else None  # leaves: unchecked
            if problem:
                return f".{k}{problem[0]}", problem[1]
    return None

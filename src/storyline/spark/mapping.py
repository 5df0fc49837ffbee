"""The crossings from Spark into Python: :func:`map_records` turns a function of one record into the function over
Arrow batches that ``mapInPandas`` runs, and :func:`grouped` runs a function of one group's rows (a story) over a
stream of many groups sorted by their key.

Steps whose cost is per value rather than per record (hashing texts, splitting sentences, counting terms) read their
batches by column instead. :func:`spread` deals a table's rows evenly over the cores before such a step."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

import pandas as pd

if TYPE_CHECKING:
    from pyspark.sql import DataFrame


def cell(x: Any) -> Any:
    """A pandas cell as Python: a missing value (None or NaN) is None.

    >>> cell(float("nan")) is None, cell(3.0), cell("a")
    (True, 3.0, 'a')
    """
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else x


def map_records(fn: Callable[[dict[str, Any]], dict[str, Any]], columns: Sequence[str]
                ) -> Callable[[Iterator[pd.DataFrame]], Iterator[pd.DataFrame]]:
    """A function for ``mapInPandas`` that passes each record of each batch, as a dict, through ``fn`` and yields
    each batch's results as one frame with ``columns`` (a key ``fn`` leaves out is null).

    >>> run = map_records(lambda r: {"id": r["id"], "n": len(r["text"])}, ["id", "n"])
    >>> [f.to_dict("records") for f in run(iter([pd.DataFrame({"id": ["a", "b"], "text": ["xy", "z"]})]))]
    [[{'id': 'a', 'n': 2}, {'id': 'b', 'n': 1}]]
    """
    cols = list(columns)

    def run(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        for batch in batches:
            yield pd.DataFrame([fn(rec) for rec in batch.to_dict("records")], columns=cols)

    return run


def spread(df: DataFrame, key: str = "article_id") -> DataFrame:
    """``df`` hashed by ``key`` into two partitions per core, for a step whose Python work is per row. A table comes
    in as many partitions as its files and row groups, or the join before it, allow, and those can be uneven: the
    articles of a run of 100k generated articles came back as two files of 44 and 15 MB, so a Python step over
    them ran three quarters of its rows on one core while the other waited. The shuffle costs less than that wait
    (over that table, two runs each: terms 65-71 s as read, 46-48 s spread; MinHash signatures 17-25 s, 12-14 s;
    word counts and sentence spans 29-33 s, 21 s)."""
    return df.repartition(2 * df.sparkSession.sparkContext.defaultParallelism, key)


def runs(keys: Sequence) -> list[tuple[int, int]]:
    """``[start, end)`` of each run of equal consecutive values of ``keys``.

    >>> runs(["a", "a", "b", "c", "c"]), runs([])
    ([(0, 2), (2, 3), (3, 5)], [])
    """
    out, start = [], 0
    for i in range(1, len(keys) + 1):
        if i == len(keys) or keys[i] != keys[start]:
            out.append((start, i))
            start = i
    return out


GROUPS_PER_BATCH = 200  # groups whose results go back to Spark in one Arrow batch


def grouped(fn: Callable[[pd.DataFrame], pd.DataFrame], key: str, done: Callable[[int], Any] | None = None,
            per_batch: int = GROUPS_PER_BATCH) -> Callable[[Iterator[pd.DataFrame]], Iterator[pd.DataFrame]]:
    """A function for ``mapInPandas`` over batches whose rows come sorted by ``key``: ``fn`` is called once per
    group (each run of one key; a group may span batches, and its rows are carried until its last one has come),
    and the results go back ``per_batch`` groups at a time. ``done(n)``, when given, hears how many groups each
    batch sent back (a progress counter).

    >>> run = grouped(lambda g: pd.DataFrame({"k": [g["k"].iloc[0]], "n": [len(g)]}), "k", per_batch=2)
    >>> batches = [pd.DataFrame({"k": ["a", "a", "b"]}), pd.DataFrame({"k": ["b", "c"]})]
    >>> [f.to_dict("records") for f in run(iter(batches))]
    [[{'k': 'a', 'n': 2}, {'k': 'b', 'n': 2}], [{'k': 'c', 'n': 1}]]
    """
    def run(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
        carry, out = None, []

        def flush() -> pd.DataFrame:
            if done is not None:
                done(len(out))
            return pd.concat(out, ignore_index=True)

        for batch in batches:
            if carry is not None:
                batch = pd.concat([carry, batch], ignore_index=True)
            if batch.empty:
                continue
            *complete, last = runs(batch[key].tolist())
            out.extend(fn(batch.iloc[a:b]) for a, b in complete)
            carry = batch.iloc[last[0]:last[1]]
            if len(out) >= per_batch:
                yield flush()
                out = []
        if carry is not None and not carry.empty:
            out.append(fn(carry))
        if out:
            yield flush()

    return run


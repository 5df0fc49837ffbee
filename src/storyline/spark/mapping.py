"""The one crossing from Spark into Python record by record: :func:`map_records` turns a function of one record into
the function over Arrow batches that ``mapInPandas`` runs.

Steps whose cost is per value rather than per record (hashing texts, splitting sentences, counting terms) read their
batches by column instead, and a step that must see a story's rows together (the digest) streams them itself."""

from __future__ import annotations

import math
from typing import Any, Callable, Iterator, Sequence

import pandas as pd


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

"""The sentences stage: each new article's sentences, one row each, from the spans the clean stage found."""

from __future__ import annotations

from typing import Iterator

import pandas as pd
from pyspark.sql import DataFrame

from storyline.spark.stage import Context, Output
from storyline.spark.schemas import SENTENCES, require_columns


def _sentence_rows(batches: Iterator[pd.DataFrame]) -> Iterator[pd.DataFrame]:
    for batch in batches:
        ids, idx, starts, ends, texts = [], [], [], [], []
        for aid, text, spans in zip(batch["article_id"], batch["text"], batch["spans"]):
            for k, span in enumerate(spans if spans is not None else ()):
                a, b = int(span["start"]), int(span["end"])
                ids.append(aid)
                idx.append(k)
                starts.append(a)
                ends.append(b)
                texts.append(text[a:b])  # a slice of a Python string: constant work per character
        yield pd.DataFrame({"article_id": ids, "idx": pd.array(idx, dtype="int32"),
                            "start": pd.array(starts, dtype="int32"), "end": pd.array(ends, dtype="int32"),
                            "text": texts})


def sentences_table(articles: DataFrame) -> DataFrame:
    """One row per sentence of each canonical article, with character offsets into the article text.

    The sentences are cut from the text in Python, where a slice costs its length: Spark's ``substring`` counts
    characters from the start of the string on every call, so an article of n characters and n/100 sentences cost
    n^2/100 (a 1 MB article took 109 s)."""
    require_columns(articles, ["article_id", "text", "spans"], "sentences")
    return articles.select("article_id", "text", "spans").mapInPandas(_sentence_rows, SENTENCES)


def run(ctx: Context, t: dict) -> Output:
    """The stage: the earlier articles' sentences are the earlier output's; only the new articles are split."""
    return Output(tables={"sentences": ctx.earlier.sentences(sentences_table(ctx.earlier.new_articles(t["articles"])))})

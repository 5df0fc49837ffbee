"""The terms stage: each article's terms, which stories are found by (:func:`storyline.spark.cluster.raw_terms`);
kept in the output, so that a later ``--into`` run reads the earlier articles' terms instead of their texts."""

from __future__ import annotations

from storyline.spark.stage import Context, Output
from storyline.spark.cluster import raw_terms
from storyline.spark.schemas import TERMS


def run(ctx: Context, t: dict) -> Output:
    if ctx.cfg.stories.group_by:  # stories come from an input field: nothing to cluster
        return Output(tables={"terms": ctx.spark.createDataFrame([], TERMS)})
    return Output(tables={"terms": ctx.earlier.terms(t["articles"], raw_terms)})

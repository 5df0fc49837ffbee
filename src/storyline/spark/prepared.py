"""Raw records prepared where they are read (extracted and rule-cleaned, with their rule removals): run by the
ingest stage as it reads the inputs, and by the clean stage on records read before."""

from __future__ import annotations

import pandas as pd

from storyline.config import IngestConfig
from storyline.core.ingest.prepare import PREPARED_KEYS, PrepareOptions, prepare_record
from storyline.spark.mapping import map_records
from storyline.spark.schemas import PREPARED_TABLE


def _prepared(opts: PrepareOptions):
    """One raw record prepared (extracted, rule-cleaned), with its rule removals."""
    def one(raw: dict) -> dict:
        rec, removed = prepare_record({k: (None if v is pd.NA else v) for k, v in raw.items()}, opts)
        rec["removed"] = [{"reason": r.reason, "text": r.text[:1000]} for r in removed]
        return rec

    return one


def preparer(cfg: IngestConfig):
    """The function over Arrow batches that prepares raw records, and its output schema (``PREPARED_TABLE``):
    for :func:`storyline.spark.ingest.read_inputs`, which runs it where the records are read."""
    opts = PrepareOptions(max_bytes=cfg.max_bytes, html_fast=cfg.html_fast, html_timeout_s=cfg.html_timeout_s)
    return map_records(_prepared(opts), list(PREPARED_KEYS) + ["removed"]), PREPARED_TABLE

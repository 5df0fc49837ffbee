"""Resumable runs, the pure parts: stage keys and declared schemas. A killed run resumed: ``e2e/test_resume_run.py``."""

from __future__ import annotations

from storyline.config import load_config
from storyline.stages import STAGES

def test_a_stage_key_changes_with_its_own_config_and_earlier_stages_config_only():
    from storyline.pipeline import _stage_key

    base = load_config()
    words = load_config(overrides={"summary.words": 80})
    threshold = load_config(overrides={"stories.threshold": 0.5})
    by = {s.name: s for s in STAGES}
    assert _stage_key(by["stories"], "x", base) == _stage_key(by["stories"], "x", words)
    assert _stage_key(by["digest"], "x", base) != _stage_key(by["digest"], "x", words)
    assert _stage_key(by["dedup"], "x", base) == _stage_key(by["dedup"], "x", threshold)
    assert _stage_key(by["digest"], "x", base) != _stage_key(by["digest"], "x", threshold)
    assert _stage_key(by["read"], "x", base) != _stage_key(by["read"], "y", base)  # other inputs


def test_stages_read_only_tables_that_earlier_stages_write():
    written: set[str] = set()
    for stage in STAGES:
        assert set(stage.reads) <= written, stage.name
        written |= {t.name for t in stage.writes}

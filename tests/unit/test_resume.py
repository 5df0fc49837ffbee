"""Resumable runs, the pure parts: stage keys and declared schemas. A killed run resumed: ``e2e/test_resume_run.py``."""

from __future__ import annotations

import pytest

from storyline.config import load_config
from storyline.run.plan import STAGES

def test_a_stage_key_changes_with_its_own_config_and_earlier_stages_config_only():
    from storyline.run.runner import stage_key

    base = load_config()
    words = load_config(overrides={"summary.words": 80})
    threshold = load_config(overrides={"stories.threshold": 0.5})
    by = {s.name: s for s in STAGES}
    assert stage_key(by["stories"], "x", base) == stage_key(by["stories"], "x", words)
    assert stage_key(by["digest"], "x", base) != stage_key(by["digest"], "x", words)
    assert stage_key(by["dedup"], "x", base) == stage_key(by["dedup"], "x", threshold)
    assert stage_key(by["digest"], "x", base) != stage_key(by["digest"], "x", threshold)
    assert stage_key(by["ingest"], "x", base) != stage_key(by["ingest"], "y", base)  # other inputs


def test_stages_read_only_tables_that_earlier_stages_write():
    written: set[str] = set()
    for stage in STAGES:
        assert set(stage.reads) <= written, stage.name
        written |= {t.name for t in stage.tables}


def _stage(name: str, reads: tuple[str, ...], writes: tuple[str, ...], config: tuple[str, ...] = ()):
    from storyline.spark.stage import Output, Stage, Table

    return Stage(name=name, does=name, reads=reads, writes=tuple(Table(w, None) for w in writes), config=config,
                 body=lambda ctx, t: Output())


def test_the_run_order_comes_from_which_tables_each_stage_reads():
    from storyline.spark.stage import order

    a, b, c = _stage("a", (), ("x",)), _stage("b", ("y",), ("z",)), _stage("c", ("x",), ("y",))
    assert [s.name for s in order((b, c, a))] == ["a", "c", "b"]
    assert [s.name for s in order((a, c, b))] == ["a", "c", "b"]
    with pytest.raises(ValueError, match="no stage writes"):
        order((b, c))
    with pytest.raises(ValueError, match="cycle"):
        order((_stage("p", ("q",), ("p",)), _stage("q", ("p",), ("q",))))


def test_the_declared_order_is_kept_where_the_tables_allow_either():
    from storyline.spark.stage import order

    a, b, c = _stage("a", (), ("x",)), _stage("b", ("x",), ("y",)), _stage("c", ("x",), ("z",))
    assert [s.name for s in order((a, c, b))] == ["a", "c", "b"]
    assert [s.name for s in order((a, b, c))] == ["a", "b", "c"]


def test_a_stage_key_covers_the_config_of_the_stages_it_reads_from_only():
    from storyline.spark.stage import upstream

    a, b = _stage("a", (), ("x",), ("ingest",)), _stage("b", (), ("y",), ("stories",))
    c = _stage("c", ("x",), ("z",), ("summary",))
    assert [s.name for s in upstream((a, b, c), c)] == ["a", "c"]


def test_every_stage_s_rejects_reach_the_rejects_table_and_the_counts():
    from storyline.spark.stage import rejects_part

    parts = {rejects_part(s.name).name for s in STAGES if s.rejects}
    assert parts
    for name in ("write", "report"):
        stage = next(s for s in STAGES if s.name == name)
        assert {r for r in stage.reads if r.startswith("rejects/")} == parts


def test_a_stage_that_returns_what_it_does_not_declare_is_refused():
    from storyline.spark.schemas import SchemaError
    from storyline.spark.stage import Output, Stage, Table

    stage = Stage(name="s", does="s", reads=(), writes=(Table("x", None),), config=(),
                  body=lambda ctx, t: Output(tables={"x": 1}, rejects=2))
    with pytest.raises(SchemaError, match="and rejects"):
        stage.run(None, {}, {})

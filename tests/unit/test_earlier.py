"""What a --into run takes from the earlier output, by what wrote it (no Spark: run.json alone)."""

from __future__ import annotations

import json

from storyline import __version__
from storyline.config import load_config
from storyline.spark.earlier import Earlier


def _earlier(tmp_path, version=__version__, **overrides):
    cfg = load_config(overrides=overrides or None)
    (tmp_path / "run.json").write_text(json.dumps({"storyline_version": version, "config": cfg.to_dict()}))
    return Earlier(None, tmp_path)


def test_earlier_stories_stand_only_when_grouped_the_way_this_run_groups(tmp_path):
    now = load_config()
    assert _earlier(tmp_path).same_settings(now, ("stories",))
    assert not _earlier(tmp_path, **{"stories.threshold": 0.3}).same_settings(now, ("stories",))
    assert _earlier(tmp_path, **{"stories.threshold": 0.3}).same_settings(now)  # digests: summary and facts
    assert not _earlier(tmp_path, **{"summary.words": 80}).same_settings(now)
    assert not _earlier(tmp_path, version="0.0.1").same_settings(now, ("stories",))
    assert not Earlier(None, None).same_settings(now) and not Earlier(None, None).same_version()

"""`storyline bench pipeline` reads storyline's duplicates and stories back from a run's tables for scoring."""

from __future__ import annotations

import json


def test_storyline_found_gives_each_duplicate_its_canonical_story(sample_run):
    from storyline.bench.pipeline import storyline_found

    out, _ = sample_run
    pairs, stories = storyline_found(out)
    assert pairs, "the sample has duplicates"
    for canonical, dup in pairs:
        assert stories[dup] == stories[canonical]
    run = json.loads((out / "run.json").read_text())
    assert len(stories) == run["counts"]["articles"] + run["counts"]["duplicates"]

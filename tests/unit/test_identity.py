"""Article identities: line numbers do not depend on how a file is split into read tasks. Through whole runs:
``e2e/test_identity_runs.py``."""

from __future__ import annotations

import json
import random
from storyline.core.ingest.inputs import InputTask, newlines_before_range, number_lines, plan_tasks
from storyline.core.ingest.readers import read_task

_WORDS = ("harbour council ferry school budget storm museum library bridge election vote market train "
          "hospital river festival court strike union factory").split()


def _text(seed: int) -> str:
    rnd = random.Random(seed)
    return " ".join(f"{rnd.choice(_WORDS)}{rnd.randrange(10_000)}" for _ in range(60)) + "."


def test_line_numbers_do_not_depend_on_the_read_ranges(tmp_path):
    f = tmp_path / "feed.jsonl"
    f.write_text("\n".join(json.dumps({"text": _text(k) * (1 + k % 3)}) for k in range(300)) + "\n")
    whole = [r["locator"] for r in read_task(InputTask(str(f), "jsonl"), None, 10_000_000)]
    for chunk in (4096, 10_000, 65_536):
        tasks = plan_tasks([(str(f), "jsonl")], chunk)
        assert len(tasks) > 1
        counts = {(t.path, t.start): newlines_before_range(t) for t in tasks}
        got = [r["locator"] for t in number_lines(tasks, counts) for r in read_task(t, None, 10_000_000)]
        assert got == whole
    assert whole[0] == "line 1" and whole[-1] == "line 300"

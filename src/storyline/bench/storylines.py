"""Storylines of a run, scored: B-cubed of its stories and of its storylines against gold groups (Multi-News: an
article's group is its id before ``#``), or the cases of a thread set (``tests/data/threads/gold.json``: threads
that must be one storyline in order, events of one topic that must not), per half."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from storyline.bench.scores import cluster_scores


@dataclass(frozen=True)
class Story:
    """What the scores read of a story of ``stories.jsonl``."""

    story_id: str
    storyline_id: str
    article_ids: tuple[str, ...]
    next: str | None = None


def read_stories(path: Path) -> list[Story]:
    f = path / "stories.jsonl" if path.is_dir() else path
    with open(f, encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    return [Story(r["story_id"], r.get("storyline_id") or r["story_id"], tuple(r["article_ids"]), r.get("next"))
            for r in rows]


def levels(stories: Sequence[Story], group_of, line_of=None) -> dict[str, dict[str, float]]:
    """B-cubed precision, recall and F1 and the number of groups, at the story and the storyline level, of every
    article whose gold group ``group_of(article_id)`` gives (None: not scored). ``line_of`` gives an article's gold
    storyline, where it is not its story's group (a thread of several events).

    >>> s = [Story("s1", "l1", ("a#0", "a#1")), Story("s2", "l1", ("a#2",)), Story("s3", "l3", ("b#0",))]
    >>> got = levels(s, lambda a: a.split("#")[0])
    >>> got["story"]["f1"] < got["storyline"]["f1"] == 1.0, got["story"]["groups"], got["storyline"]["groups"]
    (True, 3, 2)
    """
    gold = {a: g for s in stories for a in s.article_ids if (g := group_of(a)) is not None}
    lines = gold if line_of is None else {a: line_of(a) for a in gold}
    out = {}
    for level, key, truth in (("story", lambda s: s.story_id, gold), ("storyline", lambda s: s.storyline_id, lines)):
        pred = {a: key(s) for s in stories for a in s.article_ids if a in gold}
        sc = cluster_scores(pred, truth)
        out[level] = {"precision": sc.bcubed_precision, "recall": sc.bcubed_recall, "f1": sc.bcubed_f1,
                      "groups": len(set(pred.values()))}
    return out


def thread_cases(stories: Sequence[Story], gold: dict) -> list[tuple[str, str, str, bool, str]]:
    """(half, kind, case, right, stage) for each case of a thread set's gold: a thread is right when its events are
    stories of their own, in one storyline, in the gold's order; an 'apart' case when its events are in as many
    storylines as events. An event is a group of articles whose ids start with its name and a hyphen. ``stage`` says
    where a wrong case went wrong: 'stories' when its events are not each a story of their own (an event split, or
    two told as one), else 'storylines'; '' when right."""
    by_article = {a: s for s in stories for a in s.article_ids}

    def story_of(event: str) -> Story | None:
        found = {by_article[a].story_id: by_article[a] for a in by_article if a.startswith(event + "-")}
        return next(iter(found.values())) if len(found) == 1 else None

    half = {c: h for h in ("tune", "held_out") for c in gold.get(h, ())}
    out = []
    for kind in ("threads", "apart"):
        for case, events in gold[kind].items():
            found = [story_of(e) for e in events]
            own = all(s is not None for s in found) and len({s.story_id for s in found}) == len(events)
            if any(s is None for s in found):
                right = False
            elif kind == "apart":
                right = len({s.storyline_id for s in found}) == len(events)
            else:
                ids = list(dict.fromkeys(s.story_id for s in found))
                line = {s.storyline_id for s in found}
                right = (len(ids) == len(events) and len(line) == 1
                         and [i for i in _in_line(stories, found[0]) if i in ids] == ids)
            out.append((half.get(case, "-"), kind, case, right, "" if right else "storylines" if own else "stories"))
    return out


def thread_levels(stories: Sequence[Story], gold: dict, half: str) -> dict[str, dict[str, float]]:
    """:func:`levels` over the articles of a thread set's cases of one half: an article's story is its event (the
    longest event name its id starts with, and a hyphen), its storyline the thread that event is part of (an event of
    an 'apart' case is a storyline of its own).

    >>> gold = {"threads": {"t": ["t-a", "t-b"]}, "apart": {"p": ["x", "y"]}, "tune": ["t", "p"]}
    >>> s = [Story("s1", "l1", ("t-a-1", "t-a-2")), Story("s2", "l1", ("t-b-1",)), Story("s3", "l1", ("x-1", "y-1"))]
    >>> got = thread_levels(s, gold, "tune")
    >>> round(got["story"]["precision"], 3), round(got["storyline"]["precision"], 3), got["storyline"]["recall"]
    (0.8, 0.44, 1.0)
    """
    cases = set(gold.get(half, ()))
    line = {e: (case if kind == "threads" else e) for kind in ("threads", "apart")
            for case, events in gold[kind].items() if case in cases for e in events}

    def event_of(article_id: str) -> str | None:
        return max((e for e in line if article_id.startswith(e + "-")), key=len, default=None)

    return levels(stories, event_of, lambda a: line[event_of(a)])


def _in_line(stories: Sequence[Story], story: Story) -> list[str]:
    """The story ids of a story's storyline, first to last, as their ``next`` links them.

    >>> _in_line([Story("s2", "l", (), None), Story("s1", "l", (), "s2"), Story("s3", "m", ())], Story("s2", "l", ()))
    ['s1', 's2']
    """
    line = {s.story_id: s for s in stories if s.storyline_id == story.storyline_id}
    later = {s.next for s in line.values()}
    at, out = next((i for i in sorted(line) if i not in later), None), []
    while at is not None and at in line and at not in out:
        out.append(at)
        at = line[at].next
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="storyline bench storylines", description=__doc__)
    ap.add_argument("--data", required=True, help="a run's output folder, or its stories.jsonl")
    ap.add_argument("--gold", default="multinews",
                    help="'multinews' (an article's group is its id before '#'; the default) or a thread set's "
                         "gold.json")
    args = ap.parse_args(argv)
    stories = read_stories(Path(args.data))
    if args.gold == "multinews":
        got = levels(stories, lambda a: a.split("#")[0] if "#" in a else None)
        for level, s in got.items():
            print(f"{level:9} B-cubed P {s['precision']:.4f} R {s['recall']:.4f} F1 {s['f1']:.4f}  "
                  f"{s['groups']} {'stories' if level == 'story' else 'storylines'}")
        return 0
    gold = json.loads(Path(args.gold).read_text(encoding="utf-8"))
    cases = thread_cases(stories, gold)
    for half in ("tune", "held_out", "-"):
        rows = [c for c in cases if c[0] == half]
        if rows:
            right = sum(r[3] for r in rows)
            print(f"{half:8} {right}/{len(rows)} right: " + ", ".join(
                f"{c} ({k}) {'ok' if r else f'MISSED in the {stage}'}" for _, k, c, r, stage in rows))
            apart = [r for r in rows if r[1] == "apart"]
            got = thread_levels(stories, gold, half)
            print(f"{'':8} " + "; ".join(
                f"{level} B-cubed P {s['precision']:.3f} R {s['recall']:.3f} F1 {s['f1']:.3f} ({s['groups']})"
                for level, s in got.items()) + f"; apart kept {sum(r[3] for r in apart)}/{len(apart)}")
    return 0

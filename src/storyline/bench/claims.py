"""Disputed-claim benchmark: how many conflicts :func:`storyline.core.story.claims.find_claims` flags, and a sample to read.

Input is Multi-News JSONL, one story cluster per line (``{"id", "documents": [...], "summary"}``). Each document
is cleaned and split the way the pipeline does it and treated as one article whose outlet is its own id
(``<story id>#<doc index>``), since Multi-News names no outlets. There is no gold standard for contradictions,
so precision is judged by reading: the script prints the number of flags and a deterministic sample of them
(ordered by a content hash) with both sides' sentences.

Command line::

    python -m storyline.bench.claims --data FILE [--limit N] [--sample 20] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from storyline.bench.summarize import read_stories
from storyline.core.story.claims import find_claims
from storyline.core.text.clean import clean_text, non_article_reason
from storyline.core.text.sentences import tidy_sentence
from storyline.core.text.sentences import split_sentences
from storyline.core.story.model import Sentence
from storyline.core.text.text import stable_id


def story_sentences(rec: dict) -> list[Sentence]:
    """A cluster's documents as sentences; each document is an article and its own outlet."""
    out: list[Sentence] = []
    for k, raw in enumerate(rec.get("documents") or []):
        text = clean_text(raw or "").text
        if non_article_reason(text):
            continue
        aid = f"{rec['id']}#{k}"
        out.extend(Sentence(aid, i, tidy_sentence(sp.text), aid, None) for i, sp in enumerate(split_sentences(text)))
    return out


def run_claims_bench(data_path: str | Path, limit: int | None = None, sample: int = 20) -> dict:
    """Run find_claims over every cluster; return counts, timing and a sample of disputes."""
    if sample < 0:
        raise ValueError(f"--sample must be 0 or more, got {sample}")
    flags = []
    n_stories = n_sentences = n_facts = 0
    seconds = 0.0
    for rec in read_stories(data_path, limit):
        sents = story_sentences(rec)
        t0 = time.perf_counter()
        facts, disputes = find_claims(sents)
        seconds += time.perf_counter() - t0
        n_stories += 1
        n_sentences += len(sents)
        n_facts += len(facts)
        for d in disputes:
            flags.append({"story": rec["id"], **d.to_row()})
    by_kind: dict[str, int] = {}
    for f in flags:
        by_kind[f["kind"]] = by_kind.get(f["kind"], 0) + 1
    flags.sort(key=lambda f: stable_id(f["story"], f["subject"], f["frame"]))
    return {"n_stories": n_stories, "n_sentences": n_sentences, "n_corroborated": n_facts,
            "n_disputed": len(flags), "disputed_by_kind": by_kind,
            "seconds_per_story": seconds / max(1, n_stories), "sample": flags[:sample]}


def _print(result: dict) -> None:
    print(f"stories {result['n_stories']}  sentences {result['n_sentences']}  corroborated facts "
          f"{result['n_corroborated']}  disputed claims {result['n_disputed']} {result['disputed_by_kind']}  "
          f"{result['seconds_per_story']:.3f} s/story")
    for k, f in enumerate(result["sample"], 1):
        print(f"\n[{k}] {f['story']} | {f['kind']} | {f['frame']} | subject: {f['subject']}")
        for side in f["sides"]:
            for s in side["sentences"][:2]:
                print(f"    {side['claim']:>10} [{s['article_id']}] {' '.join(s['text'].split())[:300]}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m storyline.bench.claims", description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default="../shared/data/multinews-dev/multinews_dev.jsonl",
                    help="Multi-News JSONL file (default: %(default)s)")
    ap.add_argument("--limit", type=int, default=None, help="read at most N stories")
    ap.add_argument("--sample", type=int, default=20, help="how many flags to print (default: %(default)s)")
    ap.add_argument("--json", default=None, help="also write the result as JSON to this file")
    args = ap.parse_args(argv)
    result = run_claims_bench(args.data, args.limit, args.sample)
    _print(result)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

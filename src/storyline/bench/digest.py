"""Score disputes on a development set of our own: planted disputes found, traps left alone, single-source claims.

The set is JSONL articles (``id, group, source, published, text``) with a gold file beside it (``gold.json``)
that names each planted dispute by its story, kind and the article ids on each side (and, for figures, each
side's value), each trap by a value that no side may claim or a phrase that no side's sentence may quote, and each single-source claim by a phrase and its article. Stories are split into a
``tune`` half, which thresholds may be chosen on, and a ``held_out`` half, which is only reported.

A second set (``--titles``, ``tests/data/titles``) scores titles: its gold names, for each planted dispute, a
pattern per side that a title stating that side holds; a story's title *takes a side* when it matches one.

A planted dispute is *found* when one flagged dispute of its story puts each gold side's articles on a side of its
own; its *outlets are right* when no outlet of one gold side stands on the other's side. Precision is the share
of flags that match a planted dispute. Runs the same core functions as the pipeline's digest stage, without Spark.

    python -m storyline.bench.digest [--data tests/data/digest] [--half tune|held_out|all]
    python -m storyline.bench.digest --titles [--data tests/data/titles] [--half tune|held_out|all]
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

from storyline.core.story.digest import digest, facts_row, story_facts
from storyline.core.story.model import Article, Sentence
from storyline.core.story.features import SummaryConfig
from storyline.core.text.clean import clean_text
from storyline.core.text.sentences import tidy_sentence
from storyline.core.text.sentences import split_sentences

DEFAULT_DATA = Path(__file__).resolve().parents[3] / "tests" / "data" / "digest"
TITLES_DATA = DEFAULT_DATA.parent / "titles"


def load(data: Path) -> tuple[dict[str, list[dict]], dict]:
    stories: dict[str, list[dict]] = defaultdict(list)
    with open(data / "articles.jsonl", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                rec = json.loads(line)
                stories[rec["group"]].append(rec)
    return dict(stories), json.loads((data / "gold.json").read_text(encoding="utf-8"))


def story_sentences(articles: list[dict]) -> list[Sentence]:
    out = []
    for a in sorted(articles, key=lambda a: a["id"]):
        text = clean_text(a["text"]).text
        out.extend(Sentence(a["id"], i, tidy_sentence(sp.text), a["source"], a.get("published"))
                   for i, sp in enumerate(split_sentences(text)))
    return out


def story_articles(articles: list[dict]) -> list[Article]:
    """The articles of a digest set's story as the digest reads them."""
    return [Article(a["id"], a.get("title"), a.get("published"), a["source"]) for a in articles]


def facts_of(articles: list[dict], vectors_of=None) -> dict:
    """A story's facts as the facts table holds them (JSON-ready dicts)."""
    return facts_row(story_facts(story_sentences(articles), story_articles(articles), vectors_of=vectors_of))


_GENERAL = ("date", "place", "agent", "cause", "polarity")


def kind_of(flag: dict) -> str:
    """A flag's kind in the gold file's words: number, date, place, agent, cause or polarity."""
    if flag["kind"] == "number":
        return "number"
    return flag["frame"] if flag["frame"] in _GENERAL else "polarity"


def _matches(planted: dict, flag: dict) -> bool:
    if kind_of(flag) != planted["kind"]:
        return False
    if planted.get("values") and not all(any(v in s["claim"] for s in flag["sides"]) for vs in planted["values"]
                                         for v in vs):
        return False
    sides = [set(s["article_ids"]) for s in flag["sides"]]
    homes = [[k for k, ids in enumerate(sides) if set(want) <= ids] for want in planted["sides"]]
    return any(len(set(pick)) == len(planted["sides"]) for pick in itertools.product(*homes))


def score(data: Path = DEFAULT_DATA, half: str = "all", vectors_of=None) -> dict:
    stories, gold = load(data)
    names = gold["tune"] + gold["held_out"] if half == "all" else gold[half]
    found = right = flags = matched = traps_hit = 0
    missed, false_flags, trap_flags = [], [], []
    single_found = 0
    planted = [d for d in gold["disputes"] if d["story"] in names]
    for name in names:
        facts = facts_of(stories[name], vectors_of)
        flagged = facts["disputed"]
        flags += len(flagged)
        outlets = {a["id"]: a["source"] for a in stories[name]}
        used = set()
        for d in (p for p in planted if p["story"] == name):
            hit = next((k for k, f in enumerate(flagged) if k not in used and _matches(d, f)), None)
            if hit is None:
                missed.append(f"{name}: {d['kind']} {d.get('what', '')}".rstrip())
                continue
            found += 1
            used.add(hit)
            f = flagged[hit]
            sides = [set(s["outlets"]) for s in f["sides"]]
            want = [{outlets[a] for a in side} for side in d["sides"]]
            home = [next(k for k, s in enumerate(f["sides"]) if set(side) <= set(s["article_ids"])) for side in d["sides"]]
            if all(w <= sides[home[k]] and not any(w & sides[home[m]] for m in range(len(want)) if m != k)
                   for k, w in enumerate(want)):
                right += 1
        matched += len(used)
        false_flags += [f"{name}: {f['subject']}" for k, f in enumerate(flagged) if k not in used]
        for t in (t for t in gold["traps"] if t["story"] == name):
            if any((t.get("claim") and re.search(r"(?<![\d.,])" + re.escape(t["claim"]) + r"(?![\d])", side["claim"]))
                   or (t.get("phrase") and any(t["phrase"] in s["text"] for s in side["sentences"]))
                   for f in flagged for side in f["sides"]):
                traps_hit += 1
                trap_flags.append(f"{name}: {t['kind']}")
        for ss in (s for s in gold.get("single_source", []) if s["story"] == name):
            if any(ss["phrase"] in x["text"] and x["article_ids"] == [ss["id"]] for x in facts.get("single_source", [])):
                single_found += 1
    n_traps = sum(t["story"] in names for t in gold["traps"])
    n_single = sum(s["story"] in names for s in gold.get("single_source", []))
    return {"half": half, "stories": len(names), "planted": len(planted), "found": found, "outlets_right": right,
            "flags": flags, "precision": round(matched / flags, 3) if flags else 1.0, "traps": n_traps,
            "traps_flagged": traps_hit, "single_source": n_single, "single_source_found": single_found,
            "missed": missed, "false_flags": false_flags, "trap_flags": trap_flags}


def score_titles(data: Path = TITLES_DATA, half: str = "all") -> dict:
    """Titles that take a side of a planted dispute, found or not: the story's title as the digest writes it."""
    stories, gold = load(data)
    names = gold["tune"] + gold["held_out"] if half == "all" else gold[half]
    sided = []
    titles = {}
    for name in names:
        arts = stories[name]
        meta = story_articles(arts)
        sents = story_sentences(arts)
        facts = story_facts(sents, meta)
        titles[name] = title = digest(name, sents, meta, SummaryConfig(), facts["disputed"])["title"]
        if any(re.search(side, title, re.I) for d in gold["sides"] if d["story"] == name for side in d["sides"]):
            sided.append(f"{name}: {title}")
    return {"half": half, "stories": len(names), "taking_a_side": len(sided), "sided": sided, "titles": titles}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m storyline.bench.digest", description=__doc__.split("\n\n")[0])
    p.add_argument("--data", type=Path, default=None,
                   help="folder with articles.jsonl and gold.json (default: tests/data/digest)")
    p.add_argument("--half", choices=("tune", "held_out", "all"), default="tune",
                   help="which stories to score (default: tune)")
    p.add_argument("--titles", action="store_true",
                   help="score titles taking a side instead of disputes (data default: tests/data/titles)")
    p.add_argument("--json", type=Path, help="also write the result here")
    a = p.parse_args(argv)
    data = a.data if a.data is not None else TITLES_DATA if a.titles else DEFAULT_DATA
    if not (data / "articles.jsonl").is_file() or not (data / "gold.json").is_file():
        print(f"storyline bench digest: {data} needs articles.jsonl and gold.json", file=sys.stderr)
        return 2
    if a.titles:
        r = score_titles(data, a.half)
        print(f"{r['half']}: {r['taking_a_side']} of {r['stories']} titles take a side")
        for x in r["sided"]:
            print(f"  sided: {x}")
        if a.json:
            a.json.write_text(json.dumps(r, indent=1) + "\n", encoding="utf-8")
        return 0
    r = score(data, a.half)
    print(f"{r['half']}: {r['found']}/{r['planted']} disputes found ({r['outlets_right']} with outlets right), "
          f"precision {r['precision']} of {r['flags']} flags, traps flagged {r['traps_flagged']}/{r['traps']}, "
          f"single-source {r['single_source_found']}/{r['single_source']}")
    for k in ("missed", "false_flags", "trap_flags"):
        for x in r[k]:
            print(f"  {k}: {x}")
    if a.json:
        a.json.write_text(json.dumps(r, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

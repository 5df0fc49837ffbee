"""How a run's stories read: the faults an editor sees first, counted over any run's ``stories.jsonl``.

- **residue titles**: a title that is no headline (a share bar, a caption, a credit, a time stamp, a byline, a
  sentence cut with an ellipsis, "(untitled story)");
- **furniture sentences**: a summary sentence that is a caption, a credit or page furniture by its shape
  (:func:`storyline.core.text.furniture.furniture`), or one that recurs word for word in the summaries of
  unrelated stories;
- **context openers**: a summary sentence that opens needing what the reader was never told: a connective or a
  pronoun whose antecedent is not the summary sentence before it, a quotation with no speaker, first person
  outside quotation marks, a bare name ("Hartley said ...") that neither the title nor an earlier summary sentence
  introduced, or a short elliptical sentence ("Having three in a row certainly is.");
- **restatement pairs**: two sentences of one summary that state the same fact: most of the content words of the
  shorter one, with numbers written as digits, are in the other (the summariser's own test,
  :func:`storyline.core.story.summarize.restated`).

    storyline bench reads --data OUT_DIR [--examples 5] [--json OUT.json]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Iterable

from storyline.core.story.summarize import context_need, fact_terms, restated
from storyline.core.text.clean import title_residue
from storyline.core.text.furniture import furniture
from storyline.core.text.text import content_terms, fold_for_hash

_ELLIPTICAL = re.compile(r"\b(?:is|are|was|were|has|have|had|does|do|did|will|would|can|could|should|may|might)"
                         r"(?:\s+(?:not|n't|too|so|certainly|really|indeed))?\s*[.!]?[”\"]?$", re.I)
def residue(title: str | None) -> str | None:
    """Why a story title is no headline, or None.

    >>> residue("(untitled story)"), residue("Council backs fare rise after long debate")
    ('untitled', None)
    """
    if not title or title.strip() == "(untitled story)":
        return "untitled"
    return title_residue(title)


def needs_context(text: str, earlier: Iterable[str]) -> str | None:
    """How a summary sentence fails to stand where it stands, or None. ``earlier``: what the reader has read
    before it (the title and the summary sentences before it).

    >>> needs_context("Having three in a row certainly is.", [])
    'elliptical'
    >>> needs_context("He promised to appeal.", ["The court fined the mayor on Monday."])
    'prev'
    >>> needs_context("Hartley said the objects would go back.", ["Fares will rise by 50 cents."])
    'terms'
    >>> needs_context("Hartley said the objects would go back.", ["The museum director, Ann Hartley, spoke."]) is None
    True
    """
    t = text.strip()
    if len(t.split()) <= 8 and _ELLIPTICAL.search(t):
        return "elliptical"
    need = context_need(t)
    if need is None:
        return None
    kind, terms = need
    if kind == "terms":
        if t.startswith(("The ", "This ", "That ", "These ", "Those ")):
            return None  # a definite description: news prose opens so, and the title often introduces it
        seen = set().union(*(set(content_terms(e)) for e in earlier)) if earlier else set()
        return None if terms & seen else "terms"
    return kind


def restating(texts: list[str]) -> list[tuple[int, int]]:
    """Pairs of summary sentences of which one restates the other.

    >>> restating(["The eclipse will be visible on Monday across North America.",
    ...            "Across North America, Monday's eclipse will be visible.", "Tickets sold out in an hour."])
    [(0, 1)]
    """
    terms = [fact_terms(t) for t in texts]
    return [(i, j) for i in range(len(texts)) for j in range(i + 1, len(texts))
            if terms[i] and terms[j] and restated(terms[i], terms[j])]


def read_stories(path: Path) -> list[dict]:
    f = path / "stories.jsonl" if path.is_dir() else path
    with open(f, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def count(stories: list[dict], examples: int = 5) -> dict:
    """The four counts over a run's stories, each with up to ``examples`` examples."""
    out: dict[str, dict] = {k: {"count": 0, "examples": []} for k in
                            ("residue_titles", "furniture_sentences", "context_openers", "restatement_pairs")}

    def add(kind: str, example: object) -> None:
        out[kind]["count"] += 1
        if len(out[kind]["examples"]) < examples:
            out[kind]["examples"].append(example)

    seen_in: dict[str, set[str]] = defaultdict(set)  # a summary sentence's folded text -> stories whose summary has it
    for st in stories:
        for s in st.get("summary") or []:
            seen_in[fold_for_hash(s["text"])].add(st["story_id"])
    n_sentences = 0
    for st in stories:
        why = residue(st.get("title"))
        if why:
            add("residue_titles", {"story_id": st["story_id"], "title": st.get("title"), "why": why})
        texts = [s["text"] for s in st.get("summary") or []]
        n_sentences += len(texts)
        for k, text in enumerate(texts):
            why = furniture(text) or ("recurs" if len(seen_in[fold_for_hash(text)]) > 1 else None)
            if why:
                add("furniture_sentences", {"story_id": st["story_id"], "text": text, "why": why})
            why = needs_context(text, [st.get("title") or ""] + texts[:k])
            if why and not (why in ("prev", "quote") and k > 0 and _follows(st, k)) and not (
                    why == "quote" and k + 1 < len(texts) and _follows(st, k + 1)):  # "...," she said: its speaker next
                add("context_openers", {"story_id": st["story_id"], "text": text, "why": why})
        for i, j in restating(texts):
            add("restatement_pairs", {"story_id": st["story_id"], "texts": [texts[i], texts[j]]})
    out["stories"] = {"count": len(stories)}
    out["summary_sentences"] = {"count": n_sentences}
    out["context_openers"]["share"] = round(out["context_openers"]["count"] / n_sentences, 4) if n_sentences else 0.0
    return out


def _follows(story: dict, k: int) -> bool:
    """The k-th summary sentence comes right after the sentence before it in its own article: its pronoun,
    connective or quotation reads as its article wrote it. Outputs without positions are read leniently: the two
    sentences share an article."""
    prev, cur = story["summary"][k - 1], story["summary"][k]
    if "position" in cur and "position" in prev:
        return prev.get("article_id") == cur.get("article_id") and cur["position"] == prev["position"] + 1
    return bool(set(prev.get("article_ids") or []) & set(cur.get("article_ids") or []))


def format_report(result: dict) -> str:
    lines = [f"{result['stories']['count']} stories, {result['summary_sentences']['count']} summary sentences"]
    labels = {"residue_titles": "residue titles", "furniture_sentences": "caption, credit and furniture sentences",
              "context_openers": "sentences that open needing context",
              "restatement_pairs": "pairs of summary sentences that restate each other"}
    for key, label in labels.items():
        r = result[key]
        extra = f" ({r['share']:.1%} of summary sentences)" if "share" in r else ""
        lines.append(f"{label}: {r['count']}{extra}")
        for ex in r["examples"]:
            text = ex.get("title") or ex.get("text") or " | ".join(ex.get("texts") or [])
            why = f" [{ex['why']}]" if ex.get("why") else ""
            lines.append(f"  - {ex['story_id'][:12]}{why}: {text[:160]}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="storyline bench reads", description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True, help="a run's output folder, or its stories.jsonl")
    ap.add_argument("--examples", type=int, default=5, help="examples printed per count (default 5)")
    ap.add_argument("--json", help="also write the counts and examples here")
    args = ap.parse_args(argv)
    result = count(read_stories(Path(args.data)), args.examples)
    print(format_report(result))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""One story's digest: title, cited summary with evidence, and facts. Called once per story from Spark."""

from __future__ import annotations

import logging
from typing import Sequence

from storyline.core.summarize import Sentence, SummaryConfig, summarize
from storyline.core.text import content_terms, words

log = logging.getLogger(__name__)


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def evidence_for(summary_text: str, source_ids: Sequence[str], sentences: Sequence[Sentence],
                 terms: Sequence[set[str]] | None = None) -> list[dict]:
    """For each source article, the sentence of that article closest to the summary sentence.

    ``terms`` may carry each sentence's content terms, computed once per story by the caller.

    >>> ss = [Sentence("a", 0, "Backman resigned on Monday."), Sentence("b", 0, "Rain."),
    ...       Sentence("b", 1, "Backman quit his job Monday, resigned.")]
    >>> [e["text"] for e in evidence_for("Backman resigned Monday.", ["a", "b"], ss)]
    ['Backman resigned on Monday.', 'Backman quit his job Monday, resigned.']
    """
    target = set(content_terms(summary_text))
    best: dict[str, tuple[float, int, str]] = {}
    wanted = set(source_ids)
    for i, s in enumerate(sentences):
        if s.article_id not in wanted:
            continue
        score = _jaccard(target, terms[i] if terms is not None else set(content_terms(s.text)))
        cur = best.get(s.article_id)
        if cur is None or score > cur[0] or (score == cur[0] and s.position < cur[1]):
            best[s.article_id] = (score, s.position, s.text)
    return [{"article_id": a, "text": best[a][2]} for a in sorted(best)]


def choose_title(articles: Sequence[dict], fallback: str | None) -> str:
    """The title of the earliest article that has one (ties: smallest id); else the fallback, shortened.

    >>> choose_title([{"article_id": "b", "title": "B", "published": "2016-10-05"},
    ...               {"article_id": "a", "title": "A", "published": "2016-10-04"}], None)
    'A'
    >>> choose_title([{"article_id": "a", "title": None, "published": None}], "One two three four five six "
    ...              "seven eight nine ten eleven twelve thirteen fourteen fifteen.")
    'One two three four five six seven eight nine ten eleven twelve …'
    """
    titled = [a for a in articles if a.get("title")]
    if titled:
        first = min(titled, key=lambda a: (a.get("published") or "9999", a["article_id"]))
        return str(first["title"])
    if not fallback:
        return "(untitled story)"
    w = words(fallback)
    return " ".join(w[:12]) + (" …" if len(w) > 12 else "")


def digest(story_id: str, sentences: Sequence[Sentence], articles: Sequence[dict], cfg: SummaryConfig) -> dict:
    """Summary (with citations and evidence) and title of one story.

    ``sentences`` must already be in a deterministic order (article id, position); ``articles`` carry
    ``article_id, title, published, source``.
    """
    ordered = sorted(sentences, key=lambda s: (s.article_id, s.position))
    chosen = summarize(ordered, cfg)
    cited = {a for s in chosen for a in s.sources}
    terms = [set(content_terms(s.text)) if s.article_id in cited else set() for s in ordered]
    summary = [
        {
            "text": s.text,
            "sources": list(s.sources),
            "support": int(s.support),
            "evidence": evidence_for(s.text, s.sources, ordered, terms),
        }
        for s in chosen
    ]
    out = {
        "story_id": story_id,
        "title": choose_title(articles, summary[0]["text"] if summary else None),
        "summary": summary,
    }
    return out


def story_facts(sentences: Sequence[Sentence], articles: Sequence[dict], spacy_model: str = "") -> dict:
    """Entities, timeline, corroborated and disputed claims of one story, as JSON-ready dicts.

    Entities are analysed once and shared with the claim finder, which needs them to name a dispute's subject.
    Entities mentioned only once are left out of the story's list (they stay available to the claim finder).
    """
    from storyline.core.claims import find_claims
    from storyline.core.entities import analyse
    from storyline.core.timeline import build_timeline

    published = {a["article_id"]: a.get("published") for a in articles}
    index = analyse(sentences, model=spacy_model or None)
    corroborated, disputed = find_claims(sentences, published=published, index=index)
    return {
        "entities": [e.to_dict() for e in index.entities if e.mentions >= 2],
        "timeline": [e.to_dict() for e in build_timeline(sentences, published)],
        "corroborated": [c.to_dict() for c in corroborated],
        "disputed": [d.to_dict() for d in disputed],
    }

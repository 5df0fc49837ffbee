"""Extractive multi-document summarisation with citations.

The summariser scores each candidate sentence by its centrality in the story (TF-IDF cosine to the story
centroid), its position in its article, and how many *different* outlets carry it or a near-paraphrase. It
then selects greedily with redundancy control (MMR) under a hard word budget, and orders the result by
article date and position. Every selected sentence cites all articles that carry it or a near-paraphrase.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Sequence

from storyline.core.clean import sentence_flags
from storyline.core.text import content_terms, words


@dataclass(frozen=True)
class Sentence:
    """One sentence of one article, as the summariser sees it."""

    article_id: str
    position: int
    text: str
    source: str | None = None
    published: str | None = None


@dataclass(frozen=True)
class SummarySentence:
    """A sentence chosen for the summary, with every article that supports it."""

    text: str
    article_id: str
    position: int
    sources: tuple[str, ...]
    support: int


@dataclass(frozen=True)
class SummaryConfig:
    """Weights and thresholds of the summariser. Validated on construction."""

    words: int = 250
    focus: str | None = None
    paraphrase_threshold: float = 0.5
    redundancy_threshold: float = 0.5
    mmr_lambda: float = 0.7
    position_weight: float = 0.3
    support_weight: float = 0.3
    focus_weight: float = 1.0
    extra: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.words < 1:
            raise ValueError(f"summary words must be at least 1, got {self.words}")
        for name in ("paraphrase_threshold", "redundancy_threshold", "mmr_lambda"):
            v = getattr(self, name)
            if not 0.0 <= v <= 1.0:
                raise ValueError(f"summary {name} must be between 0 and 1, got {v}")


def _tfidf(docs: Sequence[list[str]]) -> list[dict[str, float]]:
    df: Counter[str] = Counter()
    for d in docs:
        df.update(set(d))
    n = len(docs)
    vecs = []
    for d in docs:
        tf = Counter(d)
        v = {t: (1 + math.log(c)) * (math.log((n + 1) / (df[t] + 1)) + 1) for t, c in tf.items()}
        norm = math.sqrt(sum(x * x for x in v.values())) or 1.0
        vecs.append({t: x / norm for t, x in v.items()})
    return vecs


def cosine(a: dict[str, float], b: dict[str, float]) -> float:
    """Cosine of two L2-normalised sparse vectors.

    >>> cosine({"a": 1.0}, {"a": 1.0}), cosine({"a": 1.0}, {"b": 1.0})
    (1.0, 0.0)
    """
    if len(a) > len(b):
        a, b = b, a
    return sum(x * b.get(t, 0.0) for t, x in a.items())


def cite(sentences: Sequence[Sentence], vecs: Sequence[dict[str, float]], i: int, threshold: float) -> list[int]:
    """Indices of all sentences that carry sentence ``i`` or a near-paraphrase of it (cosine >= threshold)."""
    return [j for j in range(len(sentences)) if j == i or cosine(vecs[i], vecs[j]) >= threshold]


def summarize(sentences: Sequence[Sentence], config: SummaryConfig | None = None) -> list[SummarySentence]:
    """Summarise one story's sentences within ``config.words`` words.

    >>> s = [Sentence("a", 0, "The Mets said Wally Backman resigned from his job on Monday."),
    ...      Sentence("b", 0, "Sources said Wally Backman was fired by the Mets on Monday."),
    ...      Sentence("b", 1, "The weather in the city was pleasant and sunny all week.")]
    >>> out = summarize(s, SummaryConfig(words=12))
    >>> len(out), sum(len(x.text.split()) for x in out) <= 12
    (1, True)
    """
    cfg = config or SummaryConfig()
    if not sentences:
        return []
    terms = [content_terms(s.text) for s in sentences]
    vecs = _tfidf(terms)
    eligible = [i for i, s in enumerate(sentences) if terms[i] and not sentence_flags(s.text)]
    if not eligible:
        eligible = [i for i, s in enumerate(sentences) if terms[i]]
    centroid: Counter[str] = Counter()
    for i in eligible:
        centroid.update(vecs[i])
    cnorm = math.sqrt(sum(x * x for x in centroid.values())) or 1.0
    centroid_v = {t: x / cnorm for t, x in centroid.items()}
    focus_v: dict[str, float] = {}
    if cfg.focus:
        ft = Counter(content_terms(cfg.focus))
        fn = math.sqrt(sum(c * c for c in ft.values())) or 1.0
        focus_v = {t: c / fn for t, c in ft.items()}
    n_outlets = len({s.source or s.article_id for s in sentences})

    score: dict[int, float] = {}
    for i in eligible:
        s = sentences[i]
        carriers = cite(sentences, vecs, i, cfg.paraphrase_threshold)
        outlets = {sentences[j].source or sentences[j].article_id for j in carriers}
        support = (len(outlets) - 1) / max(1, n_outlets - 1)
        pos = 1.0 / (1.0 + s.position)
        sc = cosine(vecs[i], centroid_v) + cfg.position_weight * pos + cfg.support_weight * support
        if focus_v:
            sc += cfg.focus_weight * cosine(vecs[i], focus_v)
        score[i] = sc

    chosen: list[int] = []
    used = 0
    candidates = sorted(eligible, key=lambda i: (-score[i], sentences[i].article_id, sentences[i].position))
    while candidates:
        best, best_val = None, -math.inf
        for i in candidates:
            if used + len(words(sentences[i].text)) > cfg.words:
                continue
            red = max((cosine(vecs[i], vecs[j]) for j in chosen), default=0.0)
            if red >= cfg.redundancy_threshold:
                continue
            val = cfg.mmr_lambda * score[i] - (1 - cfg.mmr_lambda) * red
            if val > best_val:
                best, best_val = i, val
        if best is None:
            break
        chosen.append(best)
        used += len(words(sentences[best].text))
        candidates.remove(best)

    chosen.sort(key=lambda i: (sentences[i].published or "9999", sentences[i].position, sentences[i].article_id))
    out = []
    for i in chosen:
        carriers = cite(sentences, vecs, i, cfg.paraphrase_threshold)
        arts = sorted({sentences[j].article_id for j in carriers})
        outlets = {sentences[j].source or sentences[j].article_id for j in carriers}
        s = sentences[i]
        out.append(SummarySentence(s.text, s.article_id, s.position, tuple(arts), len(outlets)))
    return out

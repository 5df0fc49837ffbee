"""Align: pair sentences of different outlets of one story that report the same fact.

Two sentences are aligned when their content terms, with the compared values themselves left out (figures,
dates, names), weigh alike under TF-IDF within the story. Pairs are blocked by shared terms through an inverted
index: a sentence meets only the sentences that share a term with it, and terms carried by a large share of the
story's sentences (the story's topic words) open no block, so the cost grows with the story's size, not with its
square.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from typing import Sequence

from storyline.core.story.extraction import Slots


def weights(slots: Sequence[Slots]) -> list[dict[str, float]]:
    """Each sentence's terms weighted by TF-IDF within the story, unit length."""
    df: Counter[str] = Counter()
    for s in slots:
        df.update(s.terms)
    n = len(slots)
    out = []
    for s in slots:
        v = {t: math.log((1 + n) / (1 + df[t])) + 1.0 for t in s.terms}
        norm = math.sqrt(sum(x * x for x in v.values())) or 1.0
        out.append({t: x / norm for t, x in v.items()})
    return out


def align(slots: Sequence[Slots], outlets: Sequence[str], threshold: float = 0.3, min_terms: int = 1,
          block_share: float = 0.5) -> dict[tuple[int, int], float]:
    """Aligned pairs ``(i, j)`` (i < j, different outlets) with their cosine similarity, at or above ``threshold``.

    A term held by more than ``block_share`` of the sentences opens no block (it still counts in the similarity of
    pairs that another term brings together). Sentences of fewer than ``min_terms`` terms are not aligned.

    >>> from storyline.core.story.extraction import Slots
    >>> s = [Slots(terms=frozenset("ferry sank coast storm".split())), Slots(terms=frozenset("ferry sank coast night".split())),
    ...      Slots(terms=frozenset("minister visit school pupils".split()))]
    >>> sorted(align(s, ["a", "b", "c"]))
    [(0, 1)]
    """
    vecs = weights(slots)
    n = len(slots)
    postings: dict[str, list[int]] = defaultdict(list)
    for k, s in enumerate(slots):
        if len(s.terms) >= min_terms:
            for t in s.terms:
                postings[t].append(k)
    cap = max(2, int(block_share * n))
    out: dict[tuple[int, int], float] = {}
    for i, v in enumerate(vecs):
        if len(slots[i].terms) < min_terms:
            continue
        near: set[int] = set()
        for t in v:
            ps = postings[t]
            if len(ps) <= cap:
                near.update(j for j in ps if j > i and outlets[j] != outlets[i])
        for j in near:
            w = vecs[j]
            sim = sum(x * w[t] for t, x in v.items() if t in w)
            if sim >= threshold:
                out[(i, j)] = sim
    return out

"""Align: pair sentences of different outlets of one story that report the same fact, by meaning.

Each sentence is a unit vector (:mod:`storyline.core.nlp.embed`); two sentences are aligned when one is among the
other's ``k`` nearest sentences *of another outlet* and their cosine is at or above a floor. The similarities are
computed a block of rows at a time, so memory stays bounded, and each sentence keeps ``k`` partners, so the pairs
grow with the story's size, not with its square.

Alignment says that two sentences tell of one thing. It does not say whether they agree: "attended the vigil" and
"did not attend the vigil" align closely. Comparing what the aligned pair says is :mod:`~storyline.core.story.claims.compare`'s
work.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

BLOCK = 512  # rows of the similarity matrix computed at once


def outlet_codes(outlets: Sequence[str]) -> np.ndarray:
    """Each sentence's outlet as a small integer (first appearance order)."""
    index: dict[str, int] = {}
    return np.array([index.setdefault(o, len(index)) for o in outlets], dtype=np.int64)


def nearest_elsewhere(vectors: np.ndarray, outlets: Sequence[str], usable: np.ndarray | None = None) -> np.ndarray:
    """For every sentence, its highest cosine with a usable sentence of another outlet (-1 when there is none).

    >>> v = np.array([[1.0, 0.0], [0.8, 0.6], [0.0, 1.0]], dtype=np.float32)
    >>> [round(float(x), 2) for x in nearest_elsewhere(v, ["a", "b", "a"])]
    [0.8, 0.8, 0.6]
    """
    n = len(outlets)
    out = np.full(n, -1.0, dtype=np.float32)
    if n == 0:
        return out
    codes = outlet_codes(outlets)
    cols = np.ones(n, dtype=bool) if usable is None else np.asarray(usable, dtype=bool)
    for start in range(0, n, BLOCK):
        rows = slice(start, min(n, start + BLOCK))
        sims = vectors[rows] @ vectors.T
        sims[(codes[rows, None] == codes[None, :]) | ~cols[None, :]] = -1.0
        out[rows] = sims.max(axis=1)
    return out


def align(vectors: np.ndarray, outlets: Sequence[str], floor: float = 0.5, k: int = 3,
          usable: np.ndarray | None = None) -> dict[tuple[int, int], float]:
    """Aligned pairs ``(i, j)`` (i < j, different outlets) with their cosine: ``j`` is among ``i``'s ``k`` nearest
    sentences of other outlets, or ``i`` among ``j``'s, at or above ``floor``. Sentences not ``usable`` (questions,
    residue, no content) are not aligned. Ties go to the earlier sentence, so the pairs are the same on every run.

    >>> v = np.array([[1.0, 0.0], [0.96, 0.28], [0.0, 1.0], [0.6, 0.8]], dtype=np.float32)
    >>> sorted(align(v, ["a", "b", "c", "a"], floor=0.7, k=1))
    [(0, 1), (1, 3), (2, 3)]
    """
    n = len(outlets)
    out: dict[tuple[int, int], float] = {}
    if n < 2 or k <= 0:
        return out
    codes = outlet_codes(outlets)
    ok = np.ones(n, dtype=bool) if usable is None else np.asarray(usable, dtype=bool)
    take = min(k, n - 1)
    for start in range(0, n, BLOCK):
        stop = min(n, start + BLOCK)
        sims = vectors[start:stop] @ vectors.T
        sims[(codes[start:stop, None] == codes[None, :]) | ~ok[None, :] | ~ok[start:stop, None]] = -np.inf
        order = np.argsort(-sims, axis=1, kind="stable")[:, :take]
        for r, row in enumerate(order):
            i = start + r
            for j in row:
                s = float(sims[r, j])
                if s >= floor:
                    out[(min(i, int(j)), max(i, int(j)))] = s
    return out

"""Corroboration: statements that several outlets carry in their own words, found by meaning (sentence embeddings)."""

from __future__ import annotations

from collections import defaultdict
from typing import Sequence

import numpy as np

from storyline.core.graph import connected_components
from storyline.core.nlp.embed import encode
from storyline.core.story.claims.align import BLOCK
from storyline.core.story.entities import EntityIndex
from storyline.core.story.model import Fact, Sentence
from storyline.core.story.sources import source_sentence
from storyline.core.text.sentences import sentence_flags


def find_corroborated(sentences: Sequence[Sentence], threshold: float = 0.75, max_facts: int | None = 20,
                      index: EntityIndex | None = None, vectors: np.ndarray | None = None,
                      embedding: str = "static") -> list[Fact]:
    """Facts that at least two outlets (or articles, when outlets are unknown) tell in other words: sentences of
    different articles within cosine ``threshold`` of each other in meaning (``vectors``: one unit row per sentence;
    the ``embedding`` model gives them when absent) are linked, and each group of linked sentences is one fact,
    told by the sentence most linked."""
    if not 0.0 < threshold <= 1.0:
        raise ValueError(f"corroboration threshold must be in (0, 1], got {threshold}")
    sentences = list(sentences)
    texts = [s.text for s in sentences]
    ok = [i for i, t in enumerate(texts) if t.strip() and not sentence_flags(t)]
    if vectors is None:
        vectors = encode(texts, embedding)
    vecs = vectors[ok] if ok else np.zeros((0, 1), dtype=np.float32)
    art = [sentences[i].article_id for i in ok]
    links: list[tuple[int, int]] = []
    sims: dict[int, float] = defaultdict(float)
    for start in range(0, len(ok), BLOCK):
        block = vecs[start:start + BLOCK] @ vecs.T
        for r, c in zip(*np.nonzero(block >= threshold)):
            k, j = start + int(r), int(c)
            if j > k and art[j] != art[k]:
                links.append((k, j))
                sims[k] += float(block[r, c])
                sims[j] += float(block[r, c])
    comps: dict[int, list[int]] = defaultdict(list)
    for k, root in connected_components(range(len(ok)), links).items():
        comps[root].append(k)
    facts = []
    for members in comps.values():
        outlets = {sentences[ok[k]].source or art[k] for k in members}
        if len(outlets) < 2:
            continue
        best = max(members, key=lambda k: (sims[k], -k))
        sents = [source_sentence(sentences[ok[k]], texts[ok[k]]) for k in members]
        facts.append((min(members), Fact(texts[ok[best]], sorted(set(art[k] for k in members)),
                                         sorted({s["outlet"] for s in sents if s["outlet"]}), len(outlets), sents)))
    facts.sort(key=lambda f: (-f[1].support, f[0]))
    return [f for _, f in facts[:max_facts]] if max_facts is not None else [f for _, f in facts]

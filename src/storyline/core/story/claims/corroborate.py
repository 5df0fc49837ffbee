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
    links, sims = _links(vecs, art, threshold)
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
                                         sorted({s.outlet for s in sents if s.outlet}), len(outlets), sents)))
    facts.sort(key=lambda f: (-f[1].support, f[0]))
    return [f for _, f in facts[:max_facts]] if max_facts is not None else [f for _, f in facts]


def _links(vecs: np.ndarray, art: Sequence[str], threshold: float) -> tuple[list[tuple[int, int]], list[float]]:
    """The pairs ``(k, j)``, ``k < j``, of sentences of different articles at least ``threshold`` close (in row
    order), and each sentence's sum of its links' similarities, block by block with numpy.

    >>> v = np.array([[1, 0], [1, 0], [0.8, 0.6], [0, 1]], dtype=np.float32)
    >>> links, sims = _links(v, ["a", "b", "b", "c"], 0.75)
    >>> links, [round(x, 2) for x in sims]
    ([(0, 1), (0, 2)], [1.8, 1.0, 0.8, 0.0])
    """
    _, code = np.unique(np.asarray(art, dtype=object), return_inverse=True) if len(art) else (None, np.zeros(0, int))
    ks, js, vals = [], [], []
    for start in range(0, len(art), BLOCK):
        block = vecs[start:start + BLOCK] @ vecs.T
        r, c = np.nonzero(block >= threshold)
        k = r + start
        keep = (c > k) & (code[c] != code[k])
        ks.append(k[keep])
        js.append(c[keep])
        vals.append(block[r[keep], c[keep]].astype(np.float64))
    if not ks:
        return [], []
    k, j, v = np.concatenate(ks), np.concatenate(js), np.concatenate(vals)
    sims = np.zeros(len(art), dtype=np.float64)
    # summed in the order a loop over the rows adds them: each sentence's links from earlier rows, then its own row's
    np.add.at(sims, j, v)
    np.add.at(sims, k, v)
    return list(zip(k.tolist(), j.tolist())), sims.tolist()

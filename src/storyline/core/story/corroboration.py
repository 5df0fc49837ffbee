"""Corroboration: statements that several outlets carry as near-paraphrases (TF-IDF cosine over content terms,
entity mentions written as the entity's full name)."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from typing import Sequence

from storyline.core.grouping.cluster import connected_components
from storyline.core.story.entities import EntityIndex, Mention, get
from storyline.core.story.sources import Fact, source_sentence
from storyline.core.text.clean import sentence_flags
from storyline.core.text.text import content_terms, tfidf


def _vectors(terms: list[list[str]]) -> list[dict[str, float]]:
    df: Counter[str] = Counter()
    for t in terms:
        df.update(set(t))
    n = len(terms)
    out = []
    for t in terms:
        tf = Counter(t)
        v = tfidf(tf, df, n)
        norm = math.sqrt(sum(x * x for x in v.values())) or 1.0
        out.append({w: x / norm for w, x in v.items()})
    return out


def _canonical(text: str, mentions: list[Mention]) -> str:
    """The sentence with each entity mention written as the entity's full name ("Wally" -> "Wally Backman")."""
    out, pos = [], 0
    for m in sorted(mentions, key=lambda m: m.start):
        if m.start >= pos:
            out += [text[pos:m.start], m.name]
            pos = m.end
    return "".join(out) + text[pos:]


def find_corroborated(sentences: Sequence[object], threshold: float = 0.5, max_facts: int | None = 20,
                      index: EntityIndex | None = None) -> list[Fact]:
    """Facts that at least two outlets (or articles, when outlets are unknown) tell in near-paraphrase."""
    if not 0.0 < threshold <= 1.0:
        raise ValueError(f"corroboration threshold must be in (0, 1], got {threshold}")
    sentences = list(sentences)
    texts = [str(get(s, "text", "") or "") for s in sentences]
    ok = [i for i, t in enumerate(texts) if not sentence_flags(t)]
    if index is not None:
        terms = [content_terms(_canonical(texts[i], index.mentions[i])) for i in ok]
    else:
        terms = [content_terms(texts[i]) for i in ok]
    vecs = _vectors(terms)
    art = [str(get(sentences[i], "article_id")) for i in ok]
    postings: dict[str, list[int]] = defaultdict(list)
    for k, v in enumerate(vecs):
        for w in v:
            postings[w].append(k)
    links: list[tuple[int, int]] = []
    sims: dict[int, float] = defaultdict(float)
    for k, v in enumerate(vecs):
        acc: dict[int, float] = defaultdict(float)
        for w, x in v.items():
            for j in postings[w]:
                if j > k and art[j] != art[k]:
                    acc[j] += x * vecs[j][w]
        for j, sim in acc.items():
            if sim >= threshold:
                links.append((k, j))
                sims[k] += sim
                sims[j] += sim
    comps: dict[int, list[int]] = defaultdict(list)
    for k, root in connected_components(range(len(ok)), links).items():
        comps[root].append(k)
    facts = []
    for members in comps.values():
        outlets = {get(sentences[ok[k]], "source") or art[k] for k in members}
        if len(outlets) < 2:
            continue
        best = max(members, key=lambda k: (sims[k], -k))
        sents = [source_sentence(sentences[ok[k]], texts[ok[k]]) for k in members]
        facts.append((min(members), Fact(texts[ok[best]], sorted(set(art[k] for k in members)),
                                         sorted({s["outlet"] for s in sents if s["outlet"]}), len(outlets), sents)))
    facts.sort(key=lambda f: (-f[1].support, f[0]))
    return [f for _, f in facts[:max_facts]] if max_facts is not None else [f for _, f in facts]

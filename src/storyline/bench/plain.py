"""The plain single-process Python baseline for the end-to-end benchmark: the same job as a storyline run, done
with the libraries a user would reach for, one step after another in one process.

- sentences: nupunkt;
- duplicates: datasketch MinHash + MinHashLSH on word 5-shingles (the threshold and permutations storyline uses),
  each copy folded into the earliest article of its group;
- stories: scikit-learn TF-IDF (title and text) and threshold clustering: articles whose cosine similarity is at
  least the threshold are linked, and stories are the connected components;
- summaries: sumy's LexRank over the story's sentences, filled to the word budget.

It returns its timings per step and what it found (duplicate pairs, story labels, summaries), so its quality can
be scored beside storyline's.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from storyline.core.graph import connected_components
from storyline.core.grouping.minhash import shingle_set

# The cosine threshold of the baseline's TF-IDF clustering, chosen for it (best B-cubed F1 on the 10k synthetic
# corpus among 0.1 ... 0.5); storyline's own threshold applies to its own features and is not comparable.
BASELINE_THRESHOLD = 0.3


@dataclass
class PlainResult:
    seconds: dict[str, float] = field(default_factory=dict)
    duplicate_pairs: list[tuple[str, str]] = field(default_factory=list)
    stories: dict[str, str] = field(default_factory=dict)  # article id -> story label (duplicates included)
    summaries: int = 0


def read_articles(path: str | Path) -> list[dict]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def tfidf_threshold_components(texts: list[str], threshold: float, chunk: int = 2000) -> list[int]:
    """Story labels by TF-IDF cosine threshold clustering: the connected components of the graph that links every
    pair at or above ``threshold``. Rows are L2-normalised, so a chunk of the sparse product X·Xᵀ gives cosines.

    >>> tfidf_threshold_components(["rail fares rise in march", "rail fares to rise in march", "a heat wave"], 0.3)
    [0, 0, 2]
    """
    # the plain pipeline's packages: imported only when it runs
    import numpy as np
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components as components
    from sklearn.feature_extraction.text import TfidfVectorizer

    x = TfidfVectorizer(sublinear_tf=True).fit_transform(texts)
    n = x.shape[0]
    rows, cols = [], []
    for lo in range(0, n, chunk):
        sims = (x[lo:lo + chunk] @ x.T).tocoo()
        keep = (sims.data >= threshold) & (sims.row + lo < sims.col)
        rows.append(sims.row[keep] + lo)
        cols.append(sims.col[keep])
    r = np.concatenate(rows) if rows else np.array([], dtype=int)
    c = np.concatenate(cols) if cols else np.array([], dtype=int)
    graph = coo_matrix((np.ones(len(r)), (r, c)), shape=(n, n))
    _, labels = components(graph, directed=False)
    first: dict[int, int] = {}
    return [first.setdefault(int(lab), i) for i, lab in enumerate(labels)]


def run_plain(articles_path: str | Path, *, dedup_threshold: float = 0.8, num_perm: int = 128, shingle: int = 5,
              story_threshold: float = BASELINE_THRESHOLD, words: int = 250) -> PlainResult:
    """Run the baseline over a JSONL file of articles (``article_id``, ``title``, ``text``, ``published``)."""
    # the plain pipeline's packages: imported only when it runs
    import nupunkt
    from datasketch import MinHash, MinHashLSH

    # the plain pipeline's packages: imported only when it runs
    from storyline.bench.baselines import sumy_summary

    res = PlainResult()
    t = time.perf_counter()

    def lap(step: str) -> None:
        nonlocal t
        now = time.perf_counter()
        res.seconds[step] = round(now - t, 3)
        t = now

    arts = read_articles(articles_path)
    lap("read")
    sentences = {a["article_id"]: nupunkt.sent_tokenize(a.get("text") or "") for a in arts}
    lap("sentences")

    lsh = MinHashLSH(threshold=dedup_threshold, num_perm=num_perm)
    sigs = {}
    for a in arts:
        m = MinHash(num_perm=num_perm)
        m.update_batch([s.encode("utf-8") for s in shingle_set(a.get("text") or "", shingle)])
        for other in lsh.query(m):
            if m.jaccard(sigs[other]) >= dedup_threshold:
                res.duplicate_pairs.append((other, a["article_id"]))
        sigs[a["article_id"]] = m
        lsh.insert(a["article_id"], m)
    ids = [a["article_id"] for a in arts]
    groups = connected_components(ids, res.duplicate_pairs)
    order = {a["article_id"]: (a.get("published") or "", a["article_id"]) for a in arts}
    canonical_of: dict = {}
    for aid in ids:
        g = groups[aid]
        if g not in canonical_of or order[aid] < order[canonical_of[g]]:
            canonical_of[g] = aid
    canon = [a for a in arts if canonical_of[groups[a["article_id"]]] == a["article_id"]]
    lap("duplicates")

    labels = tfidf_threshold_components([f"{a.get('title') or ''}\n{a.get('text') or ''}" for a in canon],
                                        story_threshold)
    story_of = {a["article_id"]: canon[lab]["article_id"] for a, lab in zip(canon, labels)}
    for aid in ids:
        res.stories[aid] = story_of[canonical_of[groups[aid]]]
    lap("stories")

    members: dict[str, list[str]] = defaultdict(list)
    for a in canon:
        members[story_of[a["article_id"]]].append(a["article_id"])
    for story in members.values():
        sumy_summary([sentences[aid] for aid in story], words, "lexrank")
        res.summaries += 1
    lap("summaries")
    res.seconds["total"] = round(sum(res.seconds.values()), 3)
    return res

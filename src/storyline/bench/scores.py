"""Scores of a clustering against gold: B-cubed and pairwise precision, recall and F1 (benchmarks only)."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Hashable, Iterable, Mapping, TypeVar

N = TypeVar("N", bound=Hashable)


@dataclass(frozen=True)
class ClusterScores:
    """B-cubed and pairwise precision/recall/F1 of a predicted clustering against gold."""

    bcubed_precision: float
    bcubed_recall: float
    bcubed_f1: float
    pairwise_precision: float
    pairwise_recall: float
    pairwise_f1: float


def _f1(p: float, r: float) -> float:
    return 0.0 if p + r == 0 else 2 * p * r / (p + r)


def cluster_scores(predicted: Mapping[N, Hashable], gold: Mapping[N, Hashable]) -> ClusterScores:
    """Score ``predicted`` (item -> cluster) against ``gold`` (item -> class) over the items of ``gold``.
    Items missing from ``predicted`` count as singletons.

    >>> s = cluster_scores({1: "x", 2: "x", 3: "y"}, {1: "a", 2: "a", 3: "a"})
    >>> round(s.bcubed_precision, 3), round(s.bcubed_recall, 3), s.pairwise_precision, round(s.pairwise_recall, 3)
    (1.0, 0.556, 1.0, 0.333)
    """
    if not gold:
        raise ValueError("gold is empty: nothing to score")
    pred = {i: predicted.get(i, ("__singleton__", i)) for i in gold}
    by_pred: dict[Hashable, list[N]] = defaultdict(list)
    by_gold: dict[Hashable, list[N]] = defaultdict(list)
    for i in gold:
        by_pred[pred[i]].append(i)
        by_gold[gold[i]].append(i)
    joint = Counter((pred[i], gold[i]) for i in gold)
    p_sum = r_sum = 0.0
    for i in gold:
        both = joint[(pred[i], gold[i])]
        p_sum += both / len(by_pred[pred[i]])
        r_sum += both / len(by_gold[gold[i]])
    n = len(gold)
    bp, br = p_sum / n, r_sum / n
    tp = sum(c * (c - 1) // 2 for c in joint.values())
    pp = sum(len(v) * (len(v) - 1) // 2 for v in by_pred.values())
    gp = sum(len(v) * (len(v) - 1) // 2 for v in by_gold.values())
    pwp = tp / pp if pp else 1.0
    pwr = tp / gp if gp else 1.0
    return ClusterScores(bp, br, _f1(bp, br), pwp, pwr, _f1(pwp, pwr))


def pair_scores(predicted: Iterable[tuple[N, N]], gold: Iterable[tuple[N, N]]) -> tuple[float, float, float]:
    """Precision, recall and F1 of unordered pairs.

    >>> pair_scores([(1, 2), (3, 4)], [(2, 1), (5, 6)])
    (0.5, 0.5, 0.5)
    """
    p = {tuple(sorted(x)) for x in predicted}
    g = {tuple(sorted(x)) for x in gold}
    tp = len(p & g)
    prec = tp / len(p) if p else 1.0
    rec = tp / len(g) if g else 1.0
    return prec, rec, _f1(prec, rec)


def pairs_of_groups(labels: Mapping[N, Hashable]) -> set[tuple[N, N]]:
    """All unordered within-group pairs of a labelling, each as a sorted tuple.

    >>> sorted(pairs_of_groups({"a": 1, "b": 1, "c": 1, "d": 2}))
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    """
    groups: dict[Hashable, list[N]] = defaultdict(list)
    for item, g in labels.items():
        groups[g].append(item)
    out = set()
    for mem in groups.values():
        mem = sorted(mem)  # type: ignore[type-var]
        for i in range(len(mem)):
            for j in range(i + 1, len(mem)):
                out.add((mem[i], mem[j]))
    return out

"""Graphs: the connected components of a list of edges, computed in plain Python (the Spark version for edge
lists too large for one process is :func:`storyline.spark.components.connected_components`)."""

from __future__ import annotations

from typing import Hashable, Iterable, TypeVar

N = TypeVar("N", bound=Hashable)


def connected_components(nodes: Iterable[N], edges: Iterable[tuple[N, N]]) -> dict[N, N]:
    """Label of every node = smallest node of its component (union-find with path halving).

    >>> connected_components("abcde", [("b", "a"), ("c", "b"), ("e", "d")])
    {'a': 'a', 'b': 'a', 'c': 'a', 'd': 'd', 'e': 'd'}
    """
    parent: dict[N, N] = {n: n for n in nodes}

    def find(x: N) -> N:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges:
        parent.setdefault(a, a)
        parent.setdefault(b, b)
        ra, rb = find(a), find(b)
        if ra != rb:
            if rb < ra:  # type: ignore[operator]
                ra, rb = rb, ra
            parent[rb] = ra
    return {n: find(n) for n in sorted(parent)}  # type: ignore[type-var]

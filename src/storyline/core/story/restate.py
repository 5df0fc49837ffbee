"""Whether one sentence says again what another says: in the same words (TF-IDF cosine, containment of terms) or in
other words with the same names and figures.
"""

from __future__ import annotations

from functools import lru_cache

from storyline.core.nlp.figures import numbers_to_digits
from storyline.core.text.text import content_terms


def cosine(a: dict[str, float], b: dict[str, float]) -> float:
    """Cosine of two L2-normalised sparse vectors.

    >>> cosine({"a": 1.0}, {"a": 1.0}), cosine({"a": 1.0}, {"b": 1.0})
    (1.0, 0.0)
    """
    if len(a) > len(b):
        a, b = b, a
    return sum(x * b.get(t, 0.0) for t, x in a.items())


def restates(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two sentences with event keys ``a`` and ``b`` (:func:`storyline.core.grouping.cluster.event_keys`:
    the names and distinctive figures they give) state the same fact: at least two of the same, most of those of
    either one. Two reports of one event use different words for the same facts ("recalled 210,000 Aura T3
    thermostats"), which a word-overlap measure misses.

    >>> restates(frozenset({"k:#210,000", "k:aura t3", "k:wexbridge"}),
    ...          frozenset({"k:#210,000", "k:aura t3", "k:brightwell home systems"}))
    True
    >>> restates(frozenset({"k:tomas varga", "k:#4-1", "k:calder athletic"}),
    ...          frozenset({"k:tomas varga", "k:lena kowalczyk", "k:northgate united"}))
    False
    """
    shared = len(a & b)
    return shared >= 2 and shared >= 0.6 * min(len(a), len(b))


_RESTATE_SHARE = 0.7  # two sentences state one fact when the shorter's words, numbers in digits, are this much in
_RESTATE_MIN = 4  # the other, and at least this many of them


@lru_cache(maxsize=1 << 14)  # each outlet's opening is read against every headline its story weighs
def fact_terms(text: str) -> frozenset[str]:
    """A sentence's content terms with its numbers as digits: "fifty cents" and "50 cents" agree."""
    return frozenset(content_terms(numbers_to_digits(text)))


def restated(a: frozenset[str], b: frozenset[str]) -> bool:
    """Two sentences that state the same fact in other words or figures ("a 50-cent rise" and "fares will go up
    fifty cents"): most of the shorter one's words are in the other.

    >>> restated(frozenset("council approv fare rise 50 cent tuesday".split()),
    ...           frozenset("tuesday council approv 50 cent fare rise".split()))
    True
    """
    shared = len(a & b)
    return shared >= _RESTATE_MIN and shared >= _RESTATE_SHARE * min(len(a), len(b))


def containment(a: set[str], b: set[str]) -> float:
    """Share of the smaller term set found in the other (0 when either is empty).

    >>> containment({"mets", "fir", "backman"}, {"mets", "fir", "backman", "monday"})
    1.0
    >>> containment({"a", "b"}, {"b", "c"}), containment(set(), {"a"})
    (0.5, 0.0)
    """
    if not a or not b:
        return 0.0
    return len(a & b) / min(len(a), len(b))

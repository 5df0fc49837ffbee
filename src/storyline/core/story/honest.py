"""Honest citations: no article is cited for a figure or a predicate that it contradicts.

A summary sentence, a corroborated statement or a timeline row that carries one side of a dispute cites only
articles that do not stand on another side of it alone. Which side a text carries: the side whose sentences
include it, else, for a dispute over a figure, the one side whose figure it gives.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence, TypeVar

from storyline.core.nlp.figures import numbers_to_digits
from storyline.core.story.model import Dispute, Fact, SourceSentence, TimelineRow

Cited = TypeVar("Cited", Fact, TimelineRow)


def _figures(text: str) -> set[str]:
    return {n.rstrip(".").replace(",", "") for n in re.findall(r"\d[\d,.]*", numbers_to_digits(text))}


def side_of(text: str, dispute: Dispute) -> int | None:
    """The one side of ``dispute`` that ``text`` carries, or None (no side, or more than one).

    >>> d = Dispute.from_row({"kind": "number", "sides": [
    ...     {"claim": "50 cents", "sentences": [{"text": "A 50-cent rise."}]},
    ...     {"claim": "75 cents", "sentences": [{"text": "A 75-cent rise."}]}]})
    >>> side_of("A 50-cent rise.", d), side_of("Fares rise 75 cents to $3.00.", d), side_of("Fares rise.", d)
    (0, 1, None)
    """
    by_text = [k for k, s in enumerate(dispute.sides) if text in s.texts]
    if len(by_text) == 1:
        return by_text[0]
    if by_text or dispute.kind != "number":
        return None
    have = _figures(text)
    by_figure = [k for k, s in enumerate(dispute.sides) if _figures(s.claim) & have]
    return by_figure[0] if len(by_figure) == 1 else None


def contradicting(text: str, disputes: Sequence[Dispute]) -> set[str]:
    """Articles that stand only on another side than ``text`` in some dispute."""
    out: set[str] = set()
    for d in disputes:
        k = side_of(text, d)
        if k is None:
            continue
        own = set(d.sides[k].article_ids)
        for m, side in enumerate(d.sides):
            if m != k:
                out |= set(side.article_ids) - own
    return out


def honest_sources(sources: Sequence[SourceSentence], text: str, disputes: Sequence[Dispute]
                   ) -> list[SourceSentence]:
    """The source sentences of a statement told as ``text``, less those of articles that contradict it."""
    bad = contradicting(text, disputes)
    return [s for s in sources if s.article_id not in bad]


def honest_fact(fact: Cited, disputes: Sequence[Dispute], min_outlets: int = 1, text: str | None = None
                ) -> Cited | None:
    """A corroborated fact or timeline row that cites only articles that agree with its text (``text``, when given,
    is what it is told as); None when fewer than ``min_outlets`` outlets are left."""
    sents = honest_sources(fact.sentences, str((fact.text if text is None else text) or ""), disputes)
    if len(sents) == len(fact.sentences):
        return fact
    outlets = sorted({s.outlet for s in sents if s.outlet})
    ids = sorted({s.article_id for s in sents})
    if len(outlets or ids) < min_outlets:
        return None
    if isinstance(fact, Fact):
        return replace(fact, sentences=sents, article_ids=ids, outlets=outlets, support=len(outlets or ids))
    return replace(fact, sentences=sents, article_ids=ids, outlets=outlets)

"""Where a story's outlets agree, where they contradict each other, and what only one outlet says.

- *Corroborated* facts: :mod:`~storyline.core.story.corroboration`.
- *Disputed* claims: the general mechanism (extract the slots a reader compares, align the sentences of different
  outlets that report one fact, compare them: :mod:`~storyline.core.story.extraction`,
  :mod:`~storyline.core.story.alignment`, :mod:`~storyline.core.story.disputes`) beside the fixed frames of
  :mod:`~storyline.core.story.frames`; a dispute both find is reported once.
- *Single-source* statements: :func:`~storyline.core.story.disputes.single_source`.
"""

from __future__ import annotations

from typing import Any, Sequence

from storyline.core.story.corroboration import find_corroborated
from storyline.core.story.disputes import compare_story, merge
from storyline.core.story.entities import EntityIndex, analyse
from storyline.core.story.frames import find_disputes
from storyline.core.story.sources import Dispute, Fact
from storyline.core.story.summarize import candidates

__all__ = ["find_all", "find_claims", "find_corroborated", "find_disputes"]

# The general comparison reads at most this many sentences of a story: every article's leading sentences, as deep as
# the bound allows. Outlets state what they dispute high in their stories; the bound keeps the digest's cost per
# article flat for long articles.
COMPARE_SENTENCES = 40  # the default of facts.compare_sentences


def find_claims(sentences: Sequence[object], published: dict[str, Any] | None = None, index: EntityIndex | None = None,
                threshold: float = 0.5, max_facts: int | None = 20) -> tuple[list[Fact], list[Dispute]]:
    """Corroborated facts and disputed claims of one story.

    >>> s = [{"article_id": "a", "source": "x.com", "text": "General manager Sandy Alderson said Wally Backman resigned."},
    ...      {"article_id": "b", "source": "y.com", "text": "Sources said Backman was fired by the team last week."},
    ...      {"article_id": "c", "source": "z.com", "text": "If Backman had resigned, he would have said so."}]
    >>> _, disputed = find_claims(s)
    >>> [(d.subject, [(x.claim, x.outlets) for x in d.sides]) for d in disputed]
    [('Wally Backman', [('fired', ['y.com']), ('resigned', ['x.com'])])]
    """
    facts, disputes, _ = find_all(sentences, published, index, threshold, max_facts)
    return facts, disputes


def find_all(sentences: Sequence[object], published: dict[str, Any] | None = None, index: EntityIndex | None = None,
             threshold: float = 0.5, max_facts: int | None = 20, single_max: int = 0,
             compare_sentences: int = COMPARE_SENTENCES) -> tuple[list[Fact], list[Dispute], list[dict[str, Any]]]:
    """Corroborated facts, disputed claims and up to ``single_max`` single-source statements of one story."""
    sentences = list(sentences)
    index = index or analyse(sentences)
    # every article's leading sentences, as deep as the bound allows: the summary's own selection
    chosen = {id(s) for s in candidates(sentences, compare_sentences)}
    keep = [k for k, s in enumerate(sentences) if id(s) in chosen]
    view = [sentences[k] for k in keep]
    general, single = compare_story(view, EntityIndex(index.entities, [index.mentions[k] for k in keep], index.types),
                                    published, single_max=single_max)
    disputes = [d.attribute() for d in merge(find_disputes(sentences, index, published), general)]
    return find_corroborated(sentences, threshold, max_facts, index), disputes, single

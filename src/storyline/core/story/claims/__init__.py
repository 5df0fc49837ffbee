"""Where a story's outlets agree, where they contradict each other, and what only one outlet says.

- *Corroborated* facts: :mod:`~storyline.core.story.claims.corroborate`.
- *Disputed* claims: extract the slots a reader compares (:mod:`~storyline.core.story.claims.slots`), align the
  sentences of different outlets that report one fact by meaning (:mod:`~storyline.core.story.claims.align`), and
  compare what each aligned pair says (:mod:`~storyline.core.story.claims.compare`).
- *Single-source* statements: :func:`~storyline.core.story.claims.single_source.single_source`.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, Sequence

import numpy as np

from storyline.core.nlp.embed import encode

from storyline.core.story.claims.corroborate import find_corroborated
from storyline.core.story.claims.align import nearest_elsewhere
from storyline.core.story.claims.compare import compare_story
from storyline.core.story.claims.single_source import single_source
from storyline.core.story.claims.values import DEFAULT, read_slots
from storyline.core.story.entities import analyse, EntityIndex
from storyline.core.nlp.figures import quantities
from storyline.core.story.model import Dispute, Fact, Sentence, SingleSource
from storyline.core.story.sources import attributed
from storyline.core.story.summarize import candidates

__all__ = ["find_all", "find_claims", "find_corroborated"]

# The general comparison reads at most this many sentences of a story: every article's leading sentences, as deep as
# the bound allows. Outlets state what they dispute high in their stories; the bound keeps the digest's cost per
# article flat for long articles.
COMPARE_SENTENCES = 40  # the default of facts.compare_sentences
SINGLE_SOURCE_MAX = 5  # the default of facts.single_source_max


def find_claims(sentences: Sequence[Sentence], published: dict[str, Any] | None = None, index: EntityIndex | None = None,
                threshold: float = 0.75, max_facts: int | None = 20) -> tuple[list[Fact], list[Dispute]]:
    """Corroborated facts and disputed claims of one story.

    >>> s = [Sentence("a", 0, "General manager Sandy Alderson said Wally Backman resigned.", "x.com"),
    ...      Sentence("b", 0, "Sources said Backman was fired by the team last week.", "y.com"),
    ...      Sentence("c", 0, "If Backman had resigned, he would have said so.", "z.com")]
    >>> _, disputed = find_claims(s)
    >>> [(d.subject, [(x.claim, x.outlets) for x in d.sides]) for d in disputed]
    [('what happened to Wally Backman', [('resigned', ['x.com']), ('fired', ['y.com'])])]
    """
    facts, disputes, _ = find_all(sentences, published, index, threshold, max_facts)
    return facts, disputes


def find_all(sentences: Sequence[Sentence], published: dict[str, Any] | None = None, index: EntityIndex | None = None,
             threshold: float = 0.75, max_facts: int | None = 20, single_max: int = 0,
             compare_sentences: int = COMPARE_SENTENCES, vectors: np.ndarray | None = None,
             embedding: str = "static") -> tuple[list[Fact], list[Dispute], list[SingleSource]]:
    """Corroborated facts, disputed claims and up to ``single_max`` single-source statements of one story.
    ``vectors`` (one unit row per sentence) are the sentences' meaning; without them the ``embedding`` model gives
    them."""
    sentences = list(sentences)
    index = index or analyse(sentences, model=None)
    # every article's leading sentences, as deep as the bound allows: the summary's own selection
    chosen = {id(s) for s in candidates(sentences, compare_sentences)}
    keep = [k for k, s in enumerate(sentences) if id(s) in chosen]
    view = [sentences[k] for k in keep]
    if vectors is None:
        vectors = encode([s.text for s in sentences], embedding)
    seen = EntityIndex(index.entities, [index.mentions[k] for k in keep], index.types)
    slots = read_slots(view, seen, published)
    general, disputed = compare_story(view, seen, vectors[keep], published, slots=slots, embedding=embedding)
    single: list[SingleSource] = []
    if single_max > 0:  # what only one outlet tells, against all the other outlets tell, however deep in their articles
        outlets = [str(s.source or s.article_id) for s in sentences]
        nearest = nearest_elsewhere(vectors, outlets)
        single = single_source(view, slots, nearest[keep], single_max, DEFAULT.echo, disputed, vectors[keep],
                               DEFAULT.restated, story=sentences)
    general.sort(key=lambda d: (-len({a for s in d.sides for a in s.article_ids}), d.subject, d.frame))
    disputes = [attributed(d) for d in one_per_disagreement(general) if not is_update(d, sentences, published)]
    return find_corroborated(sentences, threshold, max_facts, index, vectors), disputes, single


def one_per_disagreement(disputes: Sequence[Dispute]) -> list[Dispute]:
    """The disputes, less any figure dispute whose sides the same articles hold as an earlier one's: one
    disagreement told in two figures ("a 50-cent rise" against "75 cents", and the fares it gives, "$2.75" against
    "$3.00") is shown once.

    >>> from storyline.core.story.model import Side
    >>> cents = Dispute("rise", "cents", "number", [Side("50 cents", "", ["a", "b"], []), Side("75 cents", "", ["c"], [])])
    >>> fare = Dispute("fare", "dollars", "number", [Side("$2.75", "", ["a"], []), Side("$3.00", "", ["c"], [])])
    >>> [d.frame for d in one_per_disagreement([cents, fare])]
    ['cents']
    >>> objects = Dispute("objects", "object", "number", [Side("47", "", ["a", "b"], []), Side("49", "", ["b"], [])])
    >>> artefacts = Dispute("artefacts", "artefact", "number", [Side("47", "", ["a", "b"], []), Side("49", "", ["b"], [])])
    >>> [d.frame for d in one_per_disagreement([artefacts, objects])]
    ['artefact']
    """
    out: list[Dispute] = []
    for d in disputes:
        sides = [set(s.article_ids) for s in d.sides]
        if d.kind == "number" and any(
                e.kind == "number" and len(e.sides) == len(d.sides)
                and any(all(x <= set(e.sides[k].article_ids) for x, k in zip(sides, order))
                        for order in permutations(range(len(sides))))  # each side within its own side of e
                for e in out):
            continue
        out.append(d)
    return out


def _told_at(s: object, published: dict[str, Any] | None) -> str | None:
    text = str((published or {}).get(s.article_id) or s.published or "").strip().replace(" ", "T")
    return text if text[:4].isdigit() else None


def is_update(d: Dispute, sentences: Sequence[Sentence], published: dict[str, Any] | None = None) -> bool:
    """A figure that changed, not two sides: the story tells one side's value as the count's new value ("the death
    toll has risen to 14"), and every report of the other sides came before that telling. Death tolls, counts of
    the missing or evacuated, and sums raised grow as a story goes on; reports of the first day are not wrong for
    it.

    >>> from storyline.core.story.model import Side
    >>> s = [Sentence("a", 0, "Nine people died in the fire.", None, "2025-03-10T07:00:00Z"),
    ...      Sentence("b", 0, "The toll has risen to 14 people.", None, "2025-03-11T08:00:00Z"),
    ...      Sentence("c", 0, "The fire killed 14 people.", None, "2025-03-11T10:00:00Z")]
    >>> d = Dispute("people", "people died", "number", [Side("Nine people died", "", ["a"], ["A"]),
    ...                                                   Side("killed 14 people", "", ["c"], ["C"])])
    >>> is_update(d, s)
    True
    """
    if d.kind != "number":
        return False
    told = {s.article_id: _told_at(s, published) for s in sentences}
    revisions: dict[float, str] = {}  # each value told as a count's new value, and when it was first so told
    for s in sentences:
        when = _told_at(s, published)
        for q in quantities(s.text):
            if q.revised and when and (q.value not in revisions or when < revisions[q.value]):
                revisions[q.value] = when
    if not revisions:
        return False
    values = [{q.value for q in quantities(side.claim)} | {q.value for q in quantities(side.text or "")}
              for side in d.sides]
    for k, side_values in enumerate(values):
        for v in side_values & set(revisions):
            others = [a for m, side in enumerate(d.sides) if m != k for a in side.article_ids]
            if others and all(told.get(a) and told[a] < revisions[v] for a in others):
                return True
    return False

"""Single-source statements: notable statements of fact that only one outlet of a story carries.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Sequence

import numpy as np

from storyline.core.nlp.clauses import read_line
from storyline.core.nlp.figures import numbers_to_digits
from storyline.core.nlp.parse import parse
from storyline.core.nlp.roles import COMPONENTS
from storyline.core.story.claims.slots import Slots
from storyline.core.story.sources import attribution, source_sentence
from storyline.core.nlp.dates import YEAR
from storyline.core.story.claims.polarity import VOICE
from storyline.core.story.claims.values import DEFAULT, counts, mentions_figure
from storyline.core.story.model import Sentence, SingleSource
from storyline.core.text.text import text_terms


TOLD = 0.7  # the share of a statement's content terms that, used by other outlets, leaves it nothing of its own


def _own_figure(sl: Slots, elsewhere: str) -> bool:
    """The sentence gives a figure that the other outlets' text does not."""
    return not all(mentions_figure(elsewhere, q.value) for q in counts(sl))


def _told_elsewhere(sl: Slots, elsewhere: str) -> bool:
    """Every figure and name the sentence gives is in the other outlets' text: it adds nothing of its own."""
    names = all(n.lower() in elsewhere or n.lower().split()[-1] in elsewhere for n in sl.names)
    return not _own_figure(sl, elsewhere) and names


def single_source(sentences: Sequence[Sentence], slots: Sequence[Slots], nearest: Sequence[float],
                  limit: int = 5, echo: float = DEFAULT.echo, disputed: frozenset[int] = frozenset(),
                  vectors: np.ndarray | None = None, restated: float = DEFAULT.restated,
                  story: Sequence[Sentence] | None = None, told: float = TOLD) -> list[SingleSource]:
    """Up to ``limit`` notable statements that only one outlet carries: a statement of fact (no quote, question,
    modal, negation or sentence that leans on the one before) that gives a figure, a date of this year, a named actor,
    a cause or an attribution (a name or a place alone is colour), and whose ``nearest`` sentence of another outlet in meaning is below ``echo``.
    Sentences on a side of a dispute (``disputed``) are the dispute's, not single-source. Stories of one outlet
    have none. Statements with more of those marks come first, then the least echoed, then the earliest; a
    statement near one already listed (``vectors``) is not listed twice. ``nearest`` and what other outlets tell
    are read from all the ``story``'s sentences (by default ``sentences``): a statement told deep in another
    article is told there; so is one whose content terms the other outlets' articles use at least the ``told``
    share of ("Officers found Anthony Jones, a 60-year-old homeless man" against "Anthony Jones, 60, ... was
    arrested" and the search of the attic told elsewhere).

    A listed statement is read by the parser first, the best ranked first, until ``limit`` are found: it must be a
    statement of its own (:func:`~storyline.core.nlp.clauses.read_line`: a finite verb with its subject, not a
    caption, a label or a prompt) that leans on no line before it (a pronoun before any name, "But ...")."""
    outlet = [str(s.source or s.article_id) for s in sentences]
    if limit <= 0 or len(set(outlet)) < 2:
        return []
    texts = [s.text for s in sentences]
    told_by: dict[str, list[str]] = defaultdict(list)
    for s in (story if story is not None else sentences):
        told_by[str(s.source or s.article_id)].append(numbers_to_digits(s.text).lower())
    elsewhere = {o: " ".join(t for other, ts in told_by.items() if other != o for t in ts) for o in told_by}
    terms_elsewhere = {o: set(text_terms(text)) for o, text in elsewhere.items()}
    # the story's year: of its reports, else the latest year its sentences name; a sentence of an earlier year is
    # background ("Born in Georgia ... in 1993", "bypass surgery in 2010")
    years = [int(y) for s in sentences for y in [str(s.published or "")[:4]] if y.isdigit()]
    years = years or [int(y) for t in texts for y in YEAR.findall(t)]
    story_year = max(years, default=0)
    ranked = []
    for k, (s, sl) in enumerate(zip(sentences, slots)):
        t = texts[k]
        n_words = len(t.split())
        if (k in disputed or sl.hedged or not 8 <= n_words <= 45 or any(q in t for q in "“”\"")
                or sl.negated or t.rstrip().endswith(("?", ":")) or t.lstrip().startswith(("[", "("))
                or not sl.terms or any(int(y) < story_year for y in YEAR.findall(t))):
            continue
        if nearest[k] >= restated or (nearest[k] >= echo and _told_elsewhere(sl, elsewhere[outlet[k]])):
            continue  # said by another outlet: in nearly the same words, or near them with nothing of its own
        own = set(text_terms(numbers_to_digits(t).lower()))
        if len(own & terms_elsewhere[outlet[k]]) >= told * len(own) > 0 and not _own_figure(sl, elsewhere[outlet[k]]):
            continue  # the other outlets use nearly all its words and give its figures: it adds little of its own
        year = str(s.published or "")[:4]
        now = [d for d in sl.dates if not year or d[:4] == year]  # a date of another year is background
        said = attribution(t) is not None or VOICE.match(t) is not None  # "The owner, Kessel, said ..."
        notable = bool(counts(sl)) + bool(now) + bool(sl.agents) + bool(sl.cause) + said
        weight = bool(counts(sl)) + bool(now) + bool(sl.places) + bool(sl.names or sl.agents) + bool(sl.cause) + said
        if not notable or (sl.dates and not now and not counts(sl)):
            continue  # colour (a name or a place, and no figure, actor, cause or source), or background: what
            # happened in another year
        pos = s.position
        ranked.append((-weight, round(float(nearest[k]), 6), pos if isinstance(pos, int) else k,
                       s.article_id, k))
    ranked.sort()
    return _listed([k for *_, k in ranked], sentences, limit, echo, vectors)


def _position(s: Sentence) -> int:
    return s.position if isinstance(s.position, int) else 0


def _listed(order: list[int], sentences: Sequence[Sentence], limit: int, echo: float,
            vectors: np.ndarray | None) -> list[SingleSource]:
    """The first ``limit`` of the ranked sentences ``order`` that the parser reads as statements of their own, each
    not near one already listed."""
    texts = [s.text for s in sentences]
    # what each article names first: a line whose subject is "the" and a bare noun stands for a thing named there
    opening = {s.article_id: s.text.lower() for s in sorted(sentences, key=lambda s: -_position(s))}
    out: list[SingleSource] = []
    seen: list[int] = []
    while order and len(out) < limit:
        batch, order = order[:limit - len(out)], order[limit - len(out):]  # read by the parser as needed, best first
        for k, p in zip(batch, parse([texts[k] for k in batch], COMPONENTS)):
            line = read_line(p)
            if not line.statement or line.leans or (
                    line.definite and line.definite.lower() not in opening[sentences[k].article_id].split()):
                continue  # not a statement, or one that leans on what its article told before
            if vectors is not None and any(float(vectors[k] @ vectors[m]) >= echo for m in seen):
                continue  # the same statement twice ("lies on a bed at a hospital", "... in a hospital")
            seen.append(k)
            src = source_sentence(sentences[k])
            out.append(SingleSource(texts[k], [src.article_id], [src.outlet] if src.outlet else [], [src]))
            if len(out) == limit:
                break
    return out

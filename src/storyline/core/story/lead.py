"""The lead: the sentence a summary opens with. Each article's lead is its first sentence that stands alone and
states news (no quotation, no background); the summary opens with the lead of the story's first reports that is
salient and nearest to what the outlets' openings and headlines share, taking no side in a dispute when another
lead will do (:func:`mark_leads`, :func:`lead_closeness`, :func:`lead_candidates`, :func:`choose_lead`). A count
that a later report tells as changed moves the story on: the reports before the change no longer lead it
(:func:`revisions`).
"""

from __future__ import annotations

import re
from typing import Callable, Mapping, Sequence

import numpy as np

from storyline.core.nlp.figures import numbers_to_digits, quantities
from storyline.core.nlp.dates import YEAR
from storyline.core.text.text import content_terms
from storyline.core.story.context import QUOTES
from storyline.core.story.features import StoryFeatures, SummaryConfig
from storyline.core.story.model import Sentence


FIRST_HOURS = 30  # the story's first reports: leads from them state the event, later ones follow it up
_LEAD_MARGIN = 0.03  # leads this near the best one's closeness to the consensus are as good a statement of it
# a lead is chosen by its salience, the words it shares with the other outlets' openings and the story's headlines
# (weight 2, as before meaning was read), and its closeness in meaning to the openings' consensus (weight 1). On
# the tuning halves (Multi-News dev by fold, digest-dev by story): the consensus alone opened 7 of 7 digest-dev
# summaries with the lead but lost 0.3 ROUGE-2 on Multi-News; salience alone opened 4 of 7
_LEAD_OVERLAP = 2.0
_LEAD_CONSENSUS = 1.0
_LEAD_MIN_WORDS = 12
LEAD_SPAN = 3  # an article's first sentences: where its lead is


def background(s: Sentence) -> bool:
    """A sentence about earlier years: every year it names is before the year it was published in ("was acquitted
    in 1995", told in 2017).

    >>> background(Sentence("a", 3, "Simpson was acquitted of murder in 1995.", published="2017-07-20"))
    True
    >>> background(Sentence("a", 0, "Simpson was granted parole on Thursday.", published="2017-07-20"))
    False
    """
    pub = (s.published or "")[:4]
    years = YEAR.findall(s.text)
    return bool(pub.isdigit() and years and all(int(y) < int(pub) for y in years))


_QUOTED = re.compile(r'"[^"]*"|“[^”]*”')


_CHANGE_CUE = re.compile(r"\b(?:ris(?:en|es)|rose|climb(?:ed|s)|increas(?:ed|es)|jump(?:ed|s)|gr(?:own|ew|ows)|"
                         r"rais(?:ed|es)|revis(?:ed|es)|updat(?:ed|es)|stands?|stood)\b", re.I)


def revisions(sents: Sequence[Sentence], stamps: Sequence[object]) -> tuple[object, np.ndarray]:
    """When a report first told a count as changed ("the death toll has risen to 14": the story has developed since),
    or None; and which sentences give that count's earlier value, told before then (out of date).

    >>> s = [Sentence("a", 0, "Nine people died in the Kelso fire.", "A", "2025-03-10T07:00:00Z"),
    ...      Sentence("b", 0, "The death toll from the Kelso fire has risen to 14 people.", "B", "2025-03-11T08:00:00Z")]
    >>> from storyline.core.nlp.dates import instant
    >>> when, stale = revisions(s, [instant(x.published) for x in s])
    >>> str(when), stale.tolist()
    ('2025-03-11 08:00:00+00:00', [True, False])
    """
    stale = np.zeros(len(sents), dtype=bool)
    changed: dict[str, tuple[object, set[float]]] = {}  # each changed count: when first told so, its new values
    for k, s in enumerate(sents):
        if stamps[k] is not None and _CHANGE_CUE.search(s.text):
            for q in quantities(s.text):
                if q.revised:
                    when, values = changed.get(q.key, (stamps[k], set()))
                    changed[q.key] = (min(when, stamps[k]), values | {q.value})
    if not changed:
        return None, stale
    for k, s in enumerate(sents):
        if stamps[k] is not None and any(c.isdigit() for c in numbers_to_digits(s.text)):
            stale[k] = any(q.key in changed and q.value not in changed[q.key][1] and stamps[k] < changed[q.key][0]
                           for q in quantities(s.text))
    return min(when for when, _ in changed.values()), stale


def quoted_lead(text: str) -> bool:
    """A sentence that is a quotation rather than a report: it opens with a quote, or half its words are quoted.
    A report that quotes a phrase or names a ship in quotes still states the event.

    >>> quoted_lead('"We will rebuild," the mayor said after the fire destroyed the market on Monday.')
    True
    >>> quoted_lead('The council called the vote "a disgrace" after the plan for the Harbour Road site failed on Monday.')
    False
    >>> quoted_lead('The trawler “Sea Wren” sank off Orkhill on Sunday, the coastguard said.')
    False
    """
    t = text.lstrip()
    if t[:1] in QUOTES or t[:1] == "‘":
        return True
    inside = sum(len(m.group().split()) for m in _QUOTED.finditer(t))
    return inside * 2 >= len(t.split())


def mark_leads(sents: Sequence[Sentence], eligible: np.ndarray, needs: list, stamps: Sequence[object],
               first: object) -> np.ndarray:
    """Each article's lead: its first sentence that can open a summary (stands alone, is no quotation, within its
    first sentences, not background); of those, the full leads of the story's first reports (within
    ``FIRST_HOURS`` of ``first``), else the full leads, else every lead. The summary opens with one of them."""
    n = len(sents)
    lead = np.zeros(n, dtype=bool)
    seen_articles: set[str] = set()
    for i, s in enumerate(sents):
        if s.article_id in seen_articles or not eligible[i]:
            continue
        if needs[i] is None and not quoted_lead(s.text) and s.position <= 3 and not background(s):
            lead[i] = True
            seen_articles.add(s.article_id)
    full = [i for i in range(n) if lead[i] and len(sents[i].text.split()) >= _LEAD_MIN_WORDS]
    for keep in ([i for i in full if first is not None and stamps[i] is not None
                  and 0 <= (stamps[i] - first).total_seconds() <= FIRST_HOURS * 3600], full):
        if keep:
            lead[:] = False
            lead[keep] = True
            break
    return lead


def lead_closeness(sents: Sequence[Sentence], vectors: np.ndarray, vectors_of: Callable[[list[str]], np.ndarray],
                   outlet: np.ndarray, n_out: int, eligible: np.ndarray, sim: np.ndarray,
                   terms: Sequence[list[str]], titles: Mapping[str, str] | None) -> tuple[np.ndarray, np.ndarray]:
    """How near each sentence is to what the outlets' openings (their first sentences and headlines) share: in
    meaning (the cosine to the mean of each outlet's opening, each outlet counted once), and in words (for each
    other outlet, its closest opening by TF-IDF cosine, averaged, plus the share of each headline's terms it gives).
    The lead that states it is the story's news, not one outlet's angle on it or its background."""
    n = len(sents)
    opening = np.array([s.position < LEAD_SPAN for s in sents], dtype=bool) & eligible
    heads = {a: t for a, t in (titles or {}).items() if t}
    outlet_of = {s.article_id: int(outlet[i]) for i, s in enumerate(sents)}
    head_ids = [a for a in sorted(heads) if a in outlet_of]
    head_vecs = vectors_of([heads[a] for a in head_ids]) if head_ids else np.zeros((0, vectors.shape[1]))
    consensus = np.zeros(vectors.shape[1], dtype=np.float32)
    for k in range(n_out):
        told = [vectors[i] for i in np.flatnonzero(opening & (outlet == k))]
        told += [head_vecs[m] for m, a in enumerate(head_ids) if outlet_of[a] == k]
        if told:
            mean = np.mean(told, axis=0)
            consensus += mean / (np.linalg.norm(mean) or 1.0)
    consensus /= np.linalg.norm(consensus) or 1.0
    lead_support = vectors @ consensus
    lead_overlap = np.zeros(n)
    if n_out > 1:
        opens = np.array([s.position < LEAD_SPAN for s in sents], dtype=bool)
        for k in range(n_out):
            m = (outlet == k) & opens
            if m.any():
                lead_overlap += np.where(outlet != k, sim[:, m].max(axis=1), 0.0)
        lead_overlap /= n_out - 1
        head_terms = [t for t in (frozenset(content_terms(h)) for h in heads.values()) if t]
        if len(head_terms) > 1:
            for i in np.flatnonzero(opens):
                lead_overlap[i] += sum(len(set(terms[i]) & t) / len(t) for t in head_terms) / len(head_terms)
    return lead_support, lead_overlap


def lead_candidates(feats: StoryFeatures, fits: np.ndarray) -> np.ndarray:
    """Of the sentences that fit, those that may open the summary: the leads, when any fits; of them, the leads of
    the earliest reports when one of those states what the openings share about as well as any (the news as it
    broke, not a later report's angle on it)."""
    if feats.lead is not None and (fits & feats.lead).any():
        fits = fits & feats.lead
        if (feats.hours is not None and feats.lead_support is not None and feats.n_outlets > 1
                and np.isfinite(feats.hours[fits]).all()):
            first = fits & (feats.hours <= feats.hours[fits].min())
            if feats.lead_support[first].max() >= feats.lead_support[fits].max() - _LEAD_MARGIN:
                fits = first
    return fits


def choose_lead(feats: StoryFeatures, fits: np.ndarray, score: np.ndarray, max_sim: np.ndarray,
                cfg: SummaryConfig) -> int:
    """The summary's first sentence, of ``fits``: the lead of the first reports that is salient in the story and
    near in meaning to what the outlets' openings share (the news); of the leads about as near, one that takes no
    side in a dispute, then the one first told. A story of one outlet opens with its most salient fitting
    sentence."""
    val = np.where(fits, cfg.mmr_lambda * score - (1 - cfg.mmr_lambda) * max_sim, -np.inf)
    if feats.lead_support is None or feats.n_outlets <= 1:
        return int(np.argmax(val))
    overlap = feats.lead_overlap if feats.lead_overlap is not None else 0.0
    val = np.where(fits, score + _LEAD_OVERLAP * overlap + _LEAD_CONSENSUS * feats.lead_support, -np.inf)
    best = int(np.argmax(val))  # first maximum: ties go to the earlier (article id, position)
    if not np.isfinite(val[best]):
        return best
    near = fits & (val >= val[best] - _LEAD_MARGIN)
    if feats.on_side is not None and (near & ~feats.on_side).any():
        near &= ~feats.on_side
    if feats.hours is not None and (near & np.isfinite(feats.hours)).any():
        # the earliest report's lead states the event as it broke, when it tells what the openings share
        first_told = np.where(near & np.isfinite(feats.hours), feats.hours, np.inf)
        near &= first_told == first_told.min()
    return int(np.argmax(np.where(near, val, -np.inf)))

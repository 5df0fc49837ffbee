"""Extractive multi-document summarisation with citations.

Each candidate sentence gets a salience score, a weighted sum of:

- **centrality**: TF-IDF cosine to the story centroid (IDF over the story's own sentences);
- **cross-outlet centrality**: for every *other* outlet, the best cosine to one of its sentences, averaged
  over those outlets, so that what several outlets report outranks what one outlet repeats;
- **support**: the share of the story's other outlets that carry the sentence or a near-paraphrase;
- **position**: ``1 - position / article length``; news puts the substance early, but the first line alone
  is no better than the next few, so the prior is relative and linear rather than sharply front-loaded;
- **quotation**: whether the sentence quotes someone (quoted statements carry the claims of a story);
- **focus** (optional): TF-IDF cosine to :attr:`SummaryConfig.focus`, scaled so that the best-matching
  sentence of the story gets 1, then weighted by ``focus_weight`` times the sum of the other weights: at the
  default weight of 1 the most on-focus sentence gains as much as the most salient sentence could score at
  all, so a focus really steers the summary, while salience still ranks the on-focus sentences.

Sentences that are not summary material (questions, teasers, fragments, credits; see
:func:`storyline.core.text.clean.sentence_flags`) are not candidates, and neither are unattributed tails of a quotation
opened in an earlier sentence (:func:`continues_quote`): out of context they cannot be read. Selection is greedy maximal marginal relevance
under a hard word budget: a sentence that is a near-duplicate of one already chosen (TF-IDF cosine at or above
``redundancy_threshold``, or most of its terms contained in it, or the same names and figures in other words:
:func:`restates`) is never taken. The summary reads like a news
brief: its first sentence is the best lead sentence of one of the articles (the event: who did what, when), then
the other sentences by importance, background about earlier years last. A sentence that depends on context it
would not have (a leading connective or pronoun, a definite description or bare surname nobody introduced, a
quotation without a speaker; :func:`context_need`) is chosen only after what introduces it, and follows it.
Every sentence cites all articles that carry it or a near-paraphrase.

The default weights and thresholds were chosen by 5-fold cross-validation over 200 Multi-News stories (see
``storyline.bench.tune_summarize``). Cost is O(n^2) in the story's candidate sentences (one similarity matrix,
restricted to terms shared by at least two sentences), plus O(n) per selected sentence. A story of more than
``max_sentences`` sentences (hundreds of articles) is summarised from the first sentences of every article, as
deep as the bound allows (:func:`candidates`), so one very large story neither dominates a run nor exhausts a
worker's memory; news puts the substance early, and smaller stories are summarised from every sentence.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Callable, Mapping, Sequence

import numpy as np

from storyline.core.grouping.cluster import event_keys
from storyline.core.nlp.embed import encode
from storyline.core.story.entities import get
from storyline.core.nlp.figures import numbers_to_digits, quantities
from storyline.core.nlp.dates import YEAR
from storyline.core.text.clean import sentence_flags
from storyline.core.text.furniture import dated_caption_body
from storyline.core.text.text import (STOPWORDS, content_terms, fold_for_hash, mostly_quoted, outside_quotes, tfidf,
                                      words)

_QUOTES = ('"', "“", "”")


# A story of more sentences than this (hundreds of articles) is read from the first sentences of its articles
# (:func:`candidates`): its summary and facts then cost what a story of this size costs.
MAX_STORY_SENTENCES = 2000


@dataclass(frozen=True)
class Sentence:
    """One sentence of one article, as the summariser sees it."""

    article_id: str
    position: int
    text: str
    source: str | None = None
    published: str | None = None


@dataclass(frozen=True)
class SummarySentence:
    """A sentence chosen for the summary, with every article that supports it."""

    text: str
    article_id: str
    position: int
    sources: tuple[str, ...]
    support: int


@dataclass(frozen=True)
class SummaryConfig:
    """Weights and thresholds of the summariser. Validated on construction.

    ``words`` is the hard budget (white-space words). ``paraphrase_threshold`` is the TF-IDF cosine at which
    another article's sentence counts as carrying the same statement (citations, support).
    ``redundancy_threshold`` is the cosine at which two sentences are too similar to both be in a summary;
    ``containment_threshold`` is the share of a sentence's distinct terms found in an already chosen sentence
    at which it is a near-duplicate too. ``mmr_lambda`` trades salience (1.0) against novelty (0.0). The
    ``*_weight`` fields weight the salience features described in the module documentation.
    """

    words: int = 250
    focus: str | None = None
    paraphrase_threshold: float = 0.5
    redundancy_threshold: float = 0.3
    containment_threshold: float = 0.8
    mmr_lambda: float = 0.5
    centrality_weight: float = 1.0
    cross_weight: float = 0.5
    position_weight: float = 0.6
    support_weight: float = 1.2
    quote_weight: float = 0.2
    focus_weight: float = 1.0
    restate_threshold: float = 0.9  # two sentences this near in meaning say the same thing: one is left out
    embedding: str = "static"  # the sentence-embedding model (storyline.core.nlp.embed)
    max_sentences: int = MAX_STORY_SENTENCES
    extra: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.words, int) or isinstance(self.words, bool) or self.words < 1:
            raise ValueError(f"summary words must be a whole number of at least 1, got {self.words!r}")
        for name in ("paraphrase_threshold", "redundancy_threshold", "containment_threshold", "mmr_lambda",
                     "restate_threshold"):
            v = getattr(self, name)
            if not 0.0 <= v <= 1.0:
                raise ValueError(f"summary {name} must be between 0 and 1, got {v}")
        for name in ("centrality_weight", "cross_weight", "position_weight", "support_weight", "quote_weight",
                     "focus_weight"):
            v = getattr(self, name)
            if not (isinstance(v, (int, float)) and math.isfinite(v) and v >= 0):
                raise ValueError(f"summary {name} must be a finite number >= 0, got {v!r}")
        if not isinstance(self.max_sentences, int) or isinstance(self.max_sentences, bool) or self.max_sentences < 1:
            raise ValueError(f"summary max_sentences must be a whole number of at least 1, got {self.max_sentences!r}")
        if self.focus is not None and not isinstance(self.focus, str):
            raise ValueError(f"summary focus must be text or None, got {type(self.focus).__name__}")


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


_QUOTE_MARKS = re.compile('[“”"]')


def continues_quote(text: str) -> bool:
    """True when the sentence is the unattributed tail of a quotation opened in an earlier sentence: it closes
    a quote it never opened, and nothing but punctuation follows. (``We always win," he said.`` is kept: the
    attribution makes it readable on its own.)

    >>> continues_quote("It is a tough spot for him and, really, for me.”")
    True
    >>> continues_quote('Nobody expected it to end this way."')
    True
    >>> continues_quote('We always win," he said.')
    False
    >>> continues_quote("“We will rebuild,” the mayor said.")
    False
    >>> continues_quote("“We will rebuild this town, street by street.")
    False
    """
    for m in _QUOTE_MARKS.finditer(text):  # only the quote marks decide
        k, ch = m.start(), m.group()
        if ch == "“":
            return False
        closing = ch == "”" or (ch == '"' and k > 0 and not text[k - 1].isspace())
        if ch == '"' and not closing:
            return False
        if closing:
            rest = text[k + 1:]
            return not any(c.isalnum() for c in rest)
    return False


_CONNECTIVES = re.compile(
    r"^(?:but|however|also|and|yet|still|so|meanwhile|instead|moreover|furthermore|nevertheless|nonetheless|"
    r"besides|then|thus|therefore|likewise|similarly|otherwise|even so|in addition|as a result|by contrast|"
    r"on the other hand|at the same time|in turn|that|this|these|those|such|both|neither|either|another|other|"
    r"it|its|it's|they|their|them|he|she|his|her|him|we|our|i|my|you|your|there|here|later|afterwards|"
    r"earlier|now|now,|too)\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:I(?! [A-Z]\w)(?![.\w-])|we|We|our|Our|my|My|me|us)\b")
_SPEECH = re.compile(r"\b(?:said|says|say|told|tells|added|adds|asked|asks|wrote|writes|according to|explained|"
                     r"insisted|recalled|noted|argued|stated|warned|declared|posted|tweeted|acknowledged|admitted|"
                     r"announced|claimed|claims|continued|continues|replied|responded|confirmed|conceded|stressed|"
                     r"suggested|promised|joked|remarked|observed|commented|testified|reads|read|explains|"
                     r"reading|states|notes|argues|warns|declares|insists|recalls|admits|announces|explaining|"
                     r"called|calls|calling|described|describes|urged|urges|assured|assures|vowed|vows|pledged|"
                     r"quipped|narrates|narrated|boomed|shouted|yelled|whispered|cautioned|predicted|demanded|"
                     r"accused|countered|retorted|boasted|lamented|complained|reported|reports|reiterated|"
                     r"emphasized|emphasised|labeled|labelled|dubbed|branded|termed|begins|began|ends|concluded|"
                     r"saying|captioned|statement|letter|message|memo|sign|signs|headline|tweet|post)\b", re.I)
# openings that look like a connective or pronoun but stand alone: "There were two camps", "Later this month",
# "This week", "Both Smith and Jones", "It is unclear whether"
_STANDALONE_OPENING = re.compile(
    r"^(?:there\s+(?:is|are|was|were|will be|have been|has been|had been)\b|"
    r"(?:later|earlier|this|that|next|last)\s+(?:(?:this|that|on|in|last|next)\s+)?"
    r"(?:week|month|year|morning|afternoon|evening|night|weekend|summer|winter|spring|fall|autumn|season|monday|"
    r"tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|"
    r"september|october|november|december)\b|"
    r"both\s+(?-i:[A-Z])|"
    r"it\s*(?:is|was|'s|’s|remains|remained)\s+(?:not\s+)?(?:yet\s+)?(?:immediately\s+)?"
    r"(?:clear|unclear|unknown|likely|unlikely|possible|expected|believed|thought|estimated|understood|alleged|"
    r"reported)\b)", re.I)
_PRONOUN_SPEAKER = re.compile(r"[”\"],?\s+(?:he|she|they|it)\s+(?:said|says|told|added|wrote)\b|"
                              r"\b(?:said|says|told|added)\s+(?:he|she|they)\b[.,]", re.I)
# a definite description that names its own referent: "The picnic area at Richmond High School", "The mayor of
# Port Calder" (lower-case words, then a preposition and a name)
_NP_WORD = (r"(?!(?:is|was|were|are|be|been|has|had|have|will|would|could|can|may|might|did|does|do|said|says|told)"
            r"\b)[a-z][\w'’-]*(?<!ed)")
_DEFINITE = re.compile(rf"^(?:The|This|That|These|Those)\s+((?:{_NP_WORD}\s+){{0,2}}{_NP_WORD})")
_NAMED_BY_MODIFIER = re.compile(rf"^The\s+(?:{_NP_WORD}\s+){{0,2}}?{_NP_WORD}\s+(?:of|at|in|on|for|from|near|"
                                r"outside|inside)\s+(?:the\s+)?[A-Z]")
_SURNAME_SAID = re.compile(r"(?:^|[”\"],?\s+)([A-Z][a-z]+(?:-[A-Z][a-z]+)?)\s+(?:said|says|told|added)\b")


_LEADING_CONNECTIVE = re.compile(
    r"^(?:but|however|also|and|yet|still|meanwhile|moreover|furthermore|nevertheless|nonetheless|besides|"
    r"likewise|similarly|even so|in addition|additionally|as a result|by contrast|in contrast|at the same time|"
    r"in turn|indeed|in fact|of course|separately|regardless)\b,?\s+(?=\S)", re.I)


def without_connective(text: str) -> str:
    """A sentence without the discourse connective that ties it to the sentence before it in its article
    ("But", "However,", "In addition,"): a brief states the fact on its own. Other openings are kept.

    >>> without_connective("However, the council said the vote would go ahead.")
    'The council said the vote would go ahead.'
    >>> without_connective("But the alternative was to cut the service.")
    'The alternative was to cut the service.'
    >>> without_connective("Butler said the vote was fair.")
    'Butler said the vote was fair.'
    >>> without_connective("Also, ")
    'Also, '
    """
    m = _LEADING_CONNECTIVE.match(text)
    if not m:
        return text
    rest = text[m.end():]
    if not rest[:1].isalnum() and rest[:1] not in "“\"'‘":
        return text
    return rest[:1].upper() + rest[1:]


def _roman_numeral(text: str, k: int) -> bool:
    """Whether the "I" at ``text[k]`` is a numeral after a name ("Treblinka I", "World War I"), not a speaker.

    >>> _roman_numeral("Treblinka I was a camp.", 10), _roman_numeral("Then I left.", 5)
    (True, False)
    """
    if text[k] != "I":
        return False
    before = text[:k].split()
    return (bool(before) and before[-1][:1].isupper() and before[-1].isalpha()
            and before[-1].lower() not in STOPWORDS)


def context_need(text: str) -> tuple[str, frozenset[str]] | None:
    """What a sentence needs from the summary before it to be understood, or None when it stands alone.

    ``("prev", ...)``: it opens with a connective or a pronoun, or quotes someone named only by a pronoun; only
    the sentence before it in its article can introduce it. ``("terms", {...})``: a definite description ("The
    increase ...") or a bare surname ("Hartley said"), introduced once any earlier summary sentence has one of the
    terms. ``("quote", ...)``: a quotation with no speaker, readable only next to the sentence of its article that
    names the speaker (:func:`story_features` settles which, or ``never``). ``("never", ...)``: first person
    outside quotation marks.

    >>> context_need("The increase is the first since 2017.")
    ('terms', frozenset({'increase'}))
    >>> context_need("But the alternative was to cut the service people depend on.")[0]
    'prev'
    >>> context_need("She did not take part in the vote.")[0]
    'prev'
    >>> context_need("We will be speaking to our lawyers about the terms.")[0]
    'never'
    >>> context_need("“Now we are all checking our own walls.”")[0]
    'quote'
    >>> context_need("“These objects were never ours to keep,” Hartley said.")
    ('terms', frozenset({'hartley'}))
    >>> context_need("The Port of Merrow Bay reopened on Thursday after a two-day closure.") is None
    True
    >>> context_need("The picnic area at Richmond High School was closed.") is None
    True
    >>> context_need("The increase was approved on Monday.")
    ('terms', frozenset({'increase'}))
    >>> context_need("Wally will manage the Acereros de Monclova of the Mexican league.")
    ('terms', frozenset({'wally'}))
    """
    t = text.strip()
    outside = outside_quotes(t)
    # a quotation (quoted words are most of it; a quoted title inside a report is not), not a quoted phrase
    if mostly_quoted(t) and not _SPEECH.search(outside):
        return ("quote", frozenset())
    if any(not _roman_numeral(outside, m.start()) for m in _FIRST_PERSON.finditer(outside)):
        return ("never", frozenset())
    if (_CONNECTIVES.match(t) and not _STANDALONE_OPENING.match(t)) or _PRONOUN_SPEAKER.search(t):
        return ("prev", frozenset())
    m = _DEFINITE.match(t)
    if m and not _NAMED_BY_MODIFIER.match(t):
        terms = frozenset(content_terms(m.group(1)))
        if terms:
            return ("terms", terms)
    m = _SURNAME_SAID.search(t)
    if m and not re.search(r"[A-Z][a-z]+\s+" + re.escape(m.group(1)) + r"\b", t):
        return ("terms", frozenset(content_terms(m.group(1))))
    m = _BARE_NAME.match(t)
    if m and _is_person_name_part(m.group(1)):
        return ("terms", frozenset(content_terms(m.group(1))))  # "Wally will manage ...": who is Wally?
    return None


_BARE_NAME = re.compile(r"^([A-Z][a-z]+(?:-[A-Z][a-z]+)?)\s+(?=(?:will|would|did|does|has|had|is|was|said|says|told|"
                        r"tells|added|wrote|also|then|later|now|never)\b)")


def _is_person_name_part(word: str) -> bool:
    """A given name or surname from the census lists, not a word that opens sentences."""
    from storyline.core.nlp.names import given_names, surnames

    low = word.lower()
    return low not in STOPWORDS and (low in given_names() or low in surnames())


@dataclass
class StoryFeatures:
    """Everything about one story's sentences that does not depend on the weights (reused when tuning)."""

    sentences: list[Sentence]
    n_words: np.ndarray
    term_sets: list[frozenset[str]]
    eligible: np.ndarray
    sim: np.ndarray
    outlet: np.ndarray
    n_outlets: int
    centrality: np.ndarray
    cross: np.ndarray
    support: np.ndarray
    position: np.ndarray
    quote: np.ndarray
    focus: np.ndarray
    carriers: np.ndarray
    needs: list[tuple[str, frozenset[str]] | None] = field(default_factory=list)
    lead: np.ndarray | None = None
    on_side: np.ndarray | None = None
    lead_support: np.ndarray | None = None  # how near in meaning a lead is to what the outlets' openings share
    lead_overlap: np.ndarray | None = None  # the words a lead shares with other outlets' openings and the headlines
    vectors: np.ndarray | None = None  # each sentence's meaning (unit rows)
    hours: np.ndarray | None = None  # hours since the story's first report (NaN: not dated)

    def salience(self, cfg: SummaryConfig) -> np.ndarray:
        """Weighted salience of every sentence under ``cfg``."""
        generic = (cfg.centrality_weight, cfg.cross_weight, cfg.support_weight, cfg.position_weight,
                   cfg.quote_weight)
        return (cfg.centrality_weight * self.centrality + cfg.cross_weight * self.cross
                + cfg.support_weight * self.support + cfg.position_weight * self.position
                + cfg.quote_weight * self.quote + cfg.focus_weight * sum(generic) * self.focus)


def _tfidf(terms: Sequence[list[str]]) -> tuple[np.ndarray, np.ndarray, list[dict[str, float]]]:
    """Shared-term TF-IDF matrix, per-sentence squared weight of unshared terms, and sparse rows.

    Rows are L2-normalised over all terms. Columns keep only terms found in at least two sentences: a term of
    one sentence adds nothing to any cosine between two different sentences.
    """
    n = len(terms)
    df: Counter[str] = Counter()
    for t in terms:
        df.update(set(t))
    shared = {t: k for k, t in enumerate(sorted(t for t, c in df.items() if c >= 2))}
    X = np.zeros((n, len(shared)), dtype=np.float64)
    lone = np.zeros(n)
    rows: list[dict[str, float]] = []
    for i, ts in enumerate(terms):
        v = tfidf(Counter(ts), df, n)
        norm = math.sqrt(sum(x * x for x in v.values())) or 1.0
        v = {t: x / norm for t, x in v.items()}
        rows.append(v)
        for t, x in v.items():
            k = shared.get(t)
            if k is None:
                lone[i] += x * x
            else:
                X[i, k] = x
    return X, lone, rows


_RESTATED_SIM = 0.2  # two sentences giving the same names and figures restate one fact at this cosine or more
FIRST_HOURS = 30  # the story's first reports: leads from them state the event, later ones follow it up
_LEAD_MARGIN = 0.03  # leads this near the best one's closeness to the consensus are as good a statement of it
# a lead is chosen by its salience, the words it shares with the other outlets' openings and the story's headlines
# (weight 2, as before meaning was read), and its closeness in meaning to the openings' consensus (weight 1). On
# the tuning halves (Multi-News dev by fold, digest-dev by story): the consensus alone opened 7 of 7 digest-dev
# summaries with the lead but lost 0.3 ROUGE-2 on Multi-News; salience alone opened 4 of 7
_LEAD_OVERLAP = 2.0
_LEAD_CONSENSUS = 1.0
_LEAD_MIN_WORDS = 12
_LEAD_SPAN = 3  # an article's first sentences: where its lead is
_CHAIN = 2  # sentences a context-dependent sentence may bring in before it  # a lead states who did what, when: a short line ("The club said ...") cannot




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


def instant(value: object):
    """A publication time as an aware UTC datetime (a bare date is its midnight UTC), or None.

    >>> str(instant("2024-08-19T21:30:00-04:00")), instant("soon") is None
    ('2024-08-20 01:30:00+00:00', True)
    """
    from datetime import datetime, timezone

    if not value:
        return None
    try:
        t = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return None
    return (t if t.tzinfo else t.replace(tzinfo=timezone.utc)).astimezone(timezone.utc)


_QUOTED = re.compile(r'"[^"]*"|“[^”]*”')


_CHANGE_CUE = re.compile(r"\b(?:ris(?:en|es)|rose|climb(?:ed|s)|increas(?:ed|es)|jump(?:ed|s)|gr(?:own|ew|ows)|"
                         r"rais(?:ed|es)|revis(?:ed|es)|updat(?:ed|es)|stands?|stood)\b", re.I)


def revisions(sents: Sequence[Sentence], stamps: Sequence[object]) -> tuple[object, np.ndarray]:
    """When a report first told a count as changed ("the death toll has risen to 14": the story has developed since),
    or None; and which sentences give that count's earlier value, told before then (out of date).

    >>> s = [Sentence("a", 0, "Nine people died in the Kelso fire.", "A", "2025-03-10T07:00:00Z"),
    ...      Sentence("b", 0, "The death toll from the Kelso fire has risen to 14 people.", "B", "2025-03-11T08:00:00Z")]
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


def told_by_end_of_day(t):
    """When a report is known to have been out: a time given only as a day (midnight UTC) is known only by that day's
    end, so it is not taken for earlier than the reports of that day with a time.

    >>> str(told_by_end_of_day(instant("2024-08-20"))), str(told_by_end_of_day(instant("2024-08-20T07:05:00Z")))
    ('2024-08-20 23:59:59+00:00', '2024-08-20 07:05:00+00:00')
    """
    from datetime import timedelta

    if (t.hour, t.minute, t.second, t.microsecond) == (0, 0, 0, 0):
        return t + timedelta(days=1, seconds=-1)
    return t


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
    if t[:1] in _QUOTES or t[:1] == "‘":
        return True
    inside = sum(len(m.group().split()) for m in _QUOTED.finditer(t))
    return inside * 2 >= len(t.split())


def _names_speaker(text: str) -> bool:
    """A sentence that quotes someone and names who speaks ("..., said Rob Karr."; "He told reporters: ...")."""
    return any(q in text for q in _QUOTES) and bool(_SPEECH.search(outside_quotes(text)))


def _settle_quotes(sents: Sequence[Sentence], needs: list, at: dict) -> None:
    """Settle, in place, what a quotation without a speaker needs (``needs[i][0] == "quote"``, or the tail of a
    quotation opened earlier): the sentence before it in its article when that one names the speaker or
    continues the same speaker's quotation (``prev``); else the next sentence when that one names the speaker
    (``next``: taken together); else it is never summary material. ``sents`` are in article order."""
    carried: set[int] = set()  # quotations that follow their speaker's sentence
    for i, s in enumerate(sents):
        nd = needs[i]
        if not ((nd is not None and nd[0] == "quote") or continues_quote(s.text)):
            continue
        p = at.get((s.article_id, s.position - 1))
        j = at.get((s.article_id, s.position + 1))
        if p is not None and (p in carried or _names_speaker(sents[p].text)):
            needs[i] = ("prev", frozenset())
            carried.add(i)
        elif (s.text[:1] in "“\"" and j is not None and _SPEECH.search(outside_quotes(sents[j].text))
              and len(words(sents[j].text)) <= 40):
            needs[i] = ("next", frozenset())
        else:
            needs[i] = ("never", frozenset())


def candidates(sentences: Sequence[Sentence], limit: int) -> list[Sentence]:
    """At most ``limit`` sentences: all of them when they fit; else every article's first sentences, as deep as the
    limit allows; when even the articles' first sentences do not fit, those of the earliest articles (publication
    time, then id).

    >>> s = [Sentence(a, i, f"{a}{i}") for a in "abc" for i in range(4)]
    >>> [x.text for x in candidates(s, 12)] == [x.text for x in s], [x.text for x in candidates(s, 7)]
    (True, ['a0', 'a1', 'b0', 'b1', 'c0', 'c1'])
    >>> [x.text for x in candidates(s, 2)]
    ['a0', 'b0']
    """
    if len(sentences) <= limit:
        return list(sentences)
    at_depth = Counter(get(s, "position") for s in sentences)
    depth, kept = 0, 0
    for d in sorted(at_depth):
        if d != depth or kept + at_depth[d] > limit:
            break
        kept += at_depth[d]
        depth = d + 1
    if depth:
        return [s for s in sentences if get(s, "position") < depth]
    firsts = sorted((s for s in sentences if get(s, "position") == 0),
                    key=lambda s: (get(s, "published") or "~", str(get(s, "article_id"))))
    return firsts[:limit]


_DECK_WORDS = 12


def _deck(s: Sentence, flags: Sequence[str]) -> bool:
    """A standfirst: an article's opening line of a dozen words or more that states its news without a full stop
    ("After a contentious breakup with the club, X's career has landed him in Mexico")."""
    return list(flags) == ["no_terminal_punct"] and s.position <= 1 and len(words(s.text)) >= _DECK_WORDS


def story_features(sentences: Sequence[Sentence], cfg: SummaryConfig,
                   disputed: frozenset[str] = frozenset(), titles: Mapping[str, str] | None = None,
                   vectors_of: Callable[[list[str]], np.ndarray] | None = None) -> StoryFeatures:
    """Compute the weight-independent features of one story (depends only on thresholds and focus).

    ``disputed`` holds the texts of sentences that tell one side of a dispute: they do not open a summary when
    another lead can. ``titles`` (article id -> headline) tell each article's news: a lead that other articles'
    headlines state is the story's news."""
    length: dict[str, int] = {}  # each article's length, before any bound on the candidates
    for s in sentences:
        length[s.article_id] = max(length.get(s.article_id, 0), s.position + 1)
    sents = sorted(candidates(sentences, cfg.max_sentences), key=lambda s: (s.article_id, s.position, s.text))
    on_side = np.array([s.text in disputed for s in sents], dtype=bool)
    sents = [s if (t := without_connective(s.text)) == s.text else replace(s, text=t) for s in sents]
    n = len(sents)
    terms = [content_terms(s.text) for s in sents]
    X, lone, rows = _tfidf(terms)
    sim = X @ X.T
    has_terms = np.array([bool(t) for t in terms])
    sim[np.diag_indices(n)] = has_terms.astype(float)

    # a definite description or surname that opens an article is that article's own lead: it stands alone
    needs = [None if (s.position == 0 and (nd := context_need(s.text)) is not None and nd[0] == "terms")
             else context_need(s.text) for s in sents]
    at = {(s.article_id, s.position): i for i, s in enumerate(sents)}
    _settle_quotes(sents, needs, at)
    eligible = np.array([bool(terms[i]) and (not (fl := sentence_flags(s.text)) or _deck(s, fl))
                         and (needs[i] is None or needs[i][0] != "never")
                         for i, s in enumerate(sents)], dtype=bool)
    # a photo's caption told twice in one article, once with the picture's date glued on ("July 31, 2013 A woman
    # waves ...", page furniture) and once bare above it: the bare one is the caption too
    dated = {(s.article_id, fold_for_hash(body)) for s in sents if (body := dated_caption_body(s.text))}
    if dated:
        eligible &= np.array([(s.article_id, fold_for_hash(s.text)) not in dated for s in sents], dtype=bool)
    if not eligible.any():
        eligible = has_terms.copy()
    stamps = [instant(s.published) for s in sents]
    known = [t for t in stamps if t is not None]
    first = min(known) if known else None
    # a count a later report tells as changed ("the toll has risen to 14"): the story has developed. What was told
    # of that count before is out of date, and the summary opens with the reports since the change
    developed, stale = revisions(sents, stamps)
    if developed is not None:
        eligible &= ~stale
        first = developed
    lead = mark_leads(sents, eligible, needs, stamps, first)

    # centrality: cosine to the centroid of the eligible sentences (unshared terms handled exactly)
    c = X[eligible].sum(axis=0)
    cnorm = math.sqrt(float(c @ c) + float(lone[eligible].sum())) or 1.0
    centrality = (X @ c + np.where(eligible, lone, 0.0)) / cnorm

    outlet_names = [s.source or s.article_id for s in sents]
    index = {o: k for k, o in enumerate(dict.fromkeys(outlet_names))}
    outlet = np.array([index[o] for o in outlet_names], dtype=np.int64)
    n_out = len(index)
    onehot = np.zeros((n, n_out), dtype=bool)
    onehot[np.arange(n), outlet] = True

    # cross-outlet centrality: mean over other outlets of the best match in that outlet
    cross = np.zeros(n)
    if n_out > 1:
        for k in range(n_out):
            m = outlet == k
            cross += np.where(~m, sim[:, m].max(axis=1), 0.0)
        cross /= n_out - 1

    carriers = (sim >= cfg.paraphrase_threshold) & has_terms[None, :]
    carriers[np.diag_indices(n)] = True
    outlets_carrying = (carriers.astype(np.int64) @ onehot.astype(np.int64)) > 0
    support = (outlets_carrying.sum(axis=1) - 1) / max(1, n_out - 1)

    position = np.array([max(0.0, 1.0 - s.position / length[s.article_id]) for s in sents])
    quote = np.array([any(q in s.text for q in _QUOTES) for s in sents], dtype=float)

    focus = np.zeros(n)
    if cfg.focus:
        # the focus as a TF-IDF vector in the story's own space; terms the story never uses are ignored
        fq = Counter(content_terms(cfg.focus))
        df = Counter(t for ts in terms for t in set(ts))
        fv = tfidf(fq, df, n)
        fn = math.sqrt(sum(x * x for x in fv.values())) or 1.0
        focus = np.array([sum(r.get(t, 0.0) * x / fn for t, x in fv.items()) for r in rows])
        if focus.max() > 0:
            focus /= focus.max()

    vectors_of = vectors_of or (lambda texts: encode(texts, cfg.embedding))
    vectors = vectors_of([s.text for s in sents])
    lead_support, lead_overlap = lead_closeness(sents, vectors, vectors_of, outlet, n_out, eligible, sim, terms, titles)

    return StoryFeatures(
        sentences=sents, n_words=np.array([len(words(s.text)) for s in sents], dtype=np.int64),
        term_sets=[frozenset(t) for t in terms], eligible=eligible, sim=sim, outlet=outlet, n_outlets=n_out,
        centrality=centrality, cross=cross, support=support, position=position, quote=quote, focus=focus,
        carriers=carriers, needs=needs, lead=lead, on_side=on_side, lead_support=lead_support, vectors=vectors,
        lead_overlap=lead_overlap,
        hours=np.array([(told_by_end_of_day(t) - first).total_seconds() / 3600 if t is not None and first is not None
                        else np.nan for t in stamps]),
    )



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
    opening = np.array([s.position < _LEAD_SPAN for s in sents], dtype=bool) & eligible
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
        opens = np.array([s.position < _LEAD_SPAN for s in sents], dtype=bool)
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


def select(feats: StoryFeatures, cfg: SummaryConfig) -> list[int]:
    """Greedy MMR under the word budget; indices into ``feats.sentences`` in selection order.

    The first pick is the best lead sentence of any article (it states the event). A sentence that needs context
    (:func:`context_need`) is taken only with what introduces it: when it is the best pick and the summary does
    not yet give its context, the sentence before it in its article comes first (its antecedent); a quotation
    whose speaker is named in the next sentence of its article is taken with that sentence.
    """
    score = feats.salience(cfg)
    n = len(feats.sentences)
    open_ = feats.eligible & (feats.n_words > 0) & (feats.n_words <= cfg.words)
    max_sim = np.zeros(n)
    chosen: list[int] = []
    chosen_stems: set[str] = set()  # the first five letters of the chosen sentences' terms
    index = {(s.article_id, s.position): i for i, s in enumerate(feats.sentences)}
    needs = feats.needs or [None] * n
    used = 0

    def neighbour(i: int, step: int) -> int | None:
        s = feats.sentences[i]
        return index.get((s.article_id, s.position + step))

    def ready(i: int) -> bool:
        need = needs[i]
        if need is None:
            return True
        if need[0] == "prev":
            return neighbour(i, -1) in chosen
        if need[0] == "next":
            return False
        return any(t[:5] in chosen_stems for t in need[1])  # "increase" and "increased"

    @lru_cache(maxsize=None)
    def facts(i: int) -> frozenset[str]:
        return fact_terms(feats.sentences[i].text)

    @lru_cache(maxsize=None)
    def keys(i: int) -> frozenset[str]:  # only the sentences compared for a restatement need theirs
        return frozenset(event_keys(None, feats.sentences[i].text))

    def same(i: int, j: int) -> bool:
        return bool(containment(feats.term_sets[i], feats.term_sets[j]) >= cfg.containment_threshold
                    or restated(facts(i), facts(j))
                    or (feats.sim[i, j] >= _RESTATED_SIM and restates(keys(i), keys(j))))

    def redundant(i: int, also: Sequence[int] = ()) -> bool:
        """``i`` says again what the summary (or ``also``, sentences to be taken with it) already says, in the same
        words or in other words (near in meaning)."""
        return bool(max_sim[i] >= cfg.redundancy_threshold or any(same(i, j) for j in (*chosen, *also))
                    or (feats.vectors is not None and any(float(feats.vectors[i] @ feats.vectors[j])
                                                          >= cfg.restate_threshold for j in (*chosen, *also))))

    def take(i: int) -> None:
        nonlocal used, max_sim
        open_[i] = False
        chosen.append(i)
        chosen_stems.update(t[:5] for t in feats.term_sets[i])
        used += int(feats.n_words[i])
        max_sim = np.maximum(max_sim, feats.sim[i])

    def plan(i: int, depth: int = 0) -> list[int] | None:
        """``i`` with what it needs, in reading order, or None when that cannot be had: the sentences before it
        in its article, back to one that stands alone (at most ``_CHAIN`` of them)."""
        if ready(i):
            return [i]
        need = needs[i]
        if need[0] == "next":
            j = neighbour(i, 1)
            return None if j is None or j in chosen or redundant(j, [i]) else [i, j]
        p = neighbour(i, -1)
        if (depth >= _CHAIN or p is None or p in chosen or not feats.eligible[p] or redundant(p)
                or (needs[p] is not None and needs[p][0] == "next")):
            return None
        before = plan(p, depth + 1)
        if before is None or (need[0] == "terms" and not any(
                t[:5] == c[:5] for t in need[1] for k in before for c in feats.term_sets[k])):
            return None  # what comes before must introduce the name or thing the sentence takes as known
        if redundant(i, before):
            return None  # the sentence only repeats what brings it in
        return before + [i]

    deferred = np.zeros(n, dtype=bool)
    while True:
        fits = open_ & ~deferred & (feats.n_words <= cfg.words - used) & (max_sim < cfg.redundancy_threshold)
        if not chosen:
            fits = lead_candidates(feats, fits)
        if not fits.any():
            break
        if not chosen:
            best = choose_lead(feats, fits, score, max_sim, cfg)
        else:
            val = np.where(fits, cfg.mmr_lambda * score - (1 - cfg.mmr_lambda) * max_sim, -np.inf)
            best = int(np.argmax(val))  # first maximum: ties go to the earlier (article id, position)
        if redundant(best):
            open_[best] = False
            continue
        steps = plan(best)
        if steps is None or sum(int(feats.n_words[k]) for k in steps) > cfg.words - used:
            deferred[best] = True  # not now; it may become possible once the summary gives its context
            continue
        for k in steps:
            take(k)
        deferred[:] = False
    return chosen




def brief_order(feats: StoryFeatures, chosen: list[int]) -> list[int]:
    """The order a news brief reads in: the lead, then the rest by importance (selection order), background
    (sentences about earlier years) last; a sentence that continues the one before it in its article follows it."""
    if not chosen:
        return []
    sents = feats.sentences

    head, rest = chosen[:1], chosen[1:]
    order = head + [i for i in rest if not background(sents[i])] + [i for i in rest if background(sents[i])]
    index = {(s.article_id, s.position): i for i, s in enumerate(sents)}
    needs = feats.needs or [None] * len(sents)
    out: list[int] = []
    followers = {}
    paired = {index.get((sents[i].article_id, sents[i].position + 1)) for i in chosen
              if needs[i] is not None and needs[i][0] == "next"}
    for i in order:
        need = needs[i]
        prev = index.get((sents[i].article_id, sents[i].position - 1))
        if prev in chosen and ((need is not None and need[0] == "prev") or i in paired):
            followers.setdefault(prev, []).append(i)
            continue
        out.append(i)

    def block(i: int) -> list[int]:
        """A sentence and the sentences that continue it, which move with it."""
        return [i] + [k for j in followers.get(i, []) for k in block(j)]

    # a sentence that needs a term ("Alderson said") never reads before the sentence that introduces it
    placed: list[int] = []
    waiting: list[list[int]] = []
    seen: set[str] = set()

    def introduced(i: int) -> bool:
        need = needs[i]
        return need is None or need[0] != "terms" or any(t[:5] == c[:5] for t in need[1] for c in seen)

    def place(b: list[int]) -> None:
        placed.extend(b)
        for k in b:
            seen.update(feats.term_sets[k])

    for b in map(block, out):
        if not introduced(b[0]):
            waiting.append(b)
            continue
        place(b)
        for w in [w for w in waiting if introduced(w[0])]:
            waiting.remove(w)
            place(w)
    return placed + [k for b in waiting for k in b]


def summarize(sentences: Sequence[Sentence], config: SummaryConfig | None = None,
              disputed: frozenset[str] = frozenset(), titles: Mapping[str, str] | None = None,
              vectors_of: Callable[[list[str]], np.ndarray] | None = None) -> list[SummarySentence]:
    """Summarise one story's sentences within ``config.words`` words.

    >>> s = [Sentence("a", 0, "The Mets said Wally Backman resigned from his job on Monday."),
    ...      Sentence("b", 0, "Sources said Wally Backman was fired by the Mets on Monday."),
    ...      Sentence("b", 1, "The weather in the city was pleasant and sunny all week.")]
    >>> out = summarize(s, SummaryConfig(words=12))
    >>> len(out), sum(len(x.text.split()) for x in out) <= 12
    (1, True)
    """
    cfg = config or SummaryConfig()
    if not sentences:
        return []
    feats = story_features(sentences, cfg, disputed, titles, vectors_of)
    chosen = brief_order(feats, select(feats, cfg))
    sents = feats.sentences
    out = []
    for i in chosen:
        carrying = np.flatnonzero(feats.carriers[i])
        arts = sorted({sents[j].article_id for j in carrying})
        outlets = {int(feats.outlet[j]) for j in carrying}
        s = sents[i]
        out.append(SummarySentence(s.text, s.article_id, s.position, tuple(arts), len(outlets)))
    return out

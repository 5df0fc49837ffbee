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
:func:`storyline.core.text.sentences.sentence_flags`) are not candidates, and neither are unattributed tails of a quotation
opened in an earlier sentence (:func:`~storyline.core.story.context.continues_quote`): out of context they cannot be read. Selection is greedy maximal marginal relevance
under a hard word budget: a sentence that is a near-duplicate of one already chosen (TF-IDF cosine at or above
``redundancy_threshold``, or most of its terms contained in it, or the same names and figures in other words:
:func:`~storyline.core.story.restate.restates`) is never taken. The summary reads like a news
brief: its first sentence is the best lead sentence of one of the articles (the event: who did what, when;
:mod:`~storyline.core.story.lead`), then
the other sentences by importance, background about earlier years last. A sentence that depends on context it
would not have (a leading connective or pronoun, a definite description or bare surname nobody introduced, a
quotation without a speaker; :func:`~storyline.core.story.context.context_need`) is chosen only after what introduces it, and follows it.
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
from collections import Counter
from dataclasses import replace
from typing import Callable, Mapping, Sequence

import numpy as np

from storyline.core.grouping.cluster import event_keys
from storyline.core.nlp.embed import encode
from storyline.core.text.sentences import sentence_flags
from storyline.core.text.furniture import dated_caption_body
from storyline.core.text.text import content_terms, fold_for_hash, tfidf, words
from storyline.core.nlp.dates import instant, told_by_end_of_day
from storyline.core.story.context import (QUOTES, context_need, instructing, name_candidates, names_needed,
                                         read_ahead, settle_quotes, untold, without_connective)
from storyline.core.story.lead import background, choose_lead, lead_candidates, lead_closeness, mark_leads, revisions
from storyline.core.story.model import Sentence, SummarySentence
from storyline.core.story.order import after_referent, introduced_first, orphaned
from storyline.core.story.restate import containment, fact_terms, restated, restates
from storyline.core.story.features import StoryFeatures, SummaryConfig


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


_CHAIN = 2  # sentences a context-dependent sentence may bring in before it  # a lead states who did what, when: a short line ("The club said ...") cannot


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
    at_depth = Counter(s.position for s in sentences)
    depth, kept = 0, 0
    for d in sorted(at_depth):
        if d != depth or kept + at_depth[d] > limit:
            break
        kept += at_depth[d]
        depth = d + 1
    if depth:
        return [s for s in sentences if s.position < depth]
    firsts = sorted((s for s in sentences if s.position == 0),
                    key=lambda s: (s.published or "~", s.article_id))
    return firsts[:limit]


_DECK_WORDS = 12


def _deck(s: Sentence, flags: Sequence[str]) -> bool:
    """A standfirst: an article's opening line of a dozen words or more that states its news without a full stop
    ("After a contentious breakup with the club, X's career has landed him in Mexico")."""
    return list(flags) == ["no_terminal_punct"] and s.position <= 1 and len(words(s.text)) >= _DECK_WORDS


def story_features(sentences: Sequence[Sentence], cfg: SummaryConfig,
                   disputed: frozenset[str] = frozenset(), titles: Mapping[str, str] | None = None,
                   vectors_of: Callable[[list[str]], np.ndarray] | None = None,
                   learned: Mapping[str, tuple[str, frozenset[str]]] | None = None) -> StoryFeatures:
    """Compute the weight-independent features of one story (depends only on thresholds and focus).

    ``disputed`` holds the texts of sentences that tell one side of a dispute: they do not open a summary when
    another lead can. ``titles`` (article id -> headline) tell each article's news: a lead that other articles'
    headlines state is the story's news. ``learned`` (a sentence's text -> what it needs) adds what the parse read
    of sentences whose words left it untold (:func:`told_summary`)."""
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

    needs, eligible = _needs_and_eligible(sents, terms, has_terms, learned or {})
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

    outlet, n_out, cross, carriers, support = _across_outlets(sents, sim, has_terms, cfg.paraphrase_threshold)

    position = np.array([max(0.0, 1.0 - s.position / length[s.article_id]) for s in sents])
    quote = np.array([any(q in s.text for q in QUOTES) for s in sents], dtype=float)

    focus = _focus(cfg.focus, terms, rows)

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


def _needs_and_eligible(sents: Sequence[Sentence], terms: Sequence[list[str]], has_terms: np.ndarray,
                        learned: Mapping[str, tuple[str, frozenset[str]]]) -> tuple[list, np.ndarray]:
    """What each sentence needs to be read (:func:`~storyline.core.story.context.context_need`, else what the parse
    read of it, ``learned``), and which are summary material: they have terms, no flag (a standfirst excepted),
    nothing they need and cannot have, and are no photo caption."""
    # a definite description or surname that opens an article is that article's own lead: it stands alone
    needs = [None if (s.position == 0 and (nd := context_need(s.text) or learned.get(s.text)) is not None
                      and nd[0] == "terms")
             else context_need(s.text) or learned.get(s.text) for s in sents]
    at = {(s.article_id, s.position): i for i, s in enumerate(sents)}
    settle_quotes(sents, needs, at)
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
    return needs, eligible


def _across_outlets(sents: Sequence[Sentence], sim: np.ndarray, has_terms: np.ndarray, paraphrase: float
                    ) -> tuple[np.ndarray, int, np.ndarray, np.ndarray, np.ndarray]:
    """Each sentence's outlet (an index) and the number of outlets; its cross-outlet centrality (the mean over other
    outlets of its best match there); which sentences carry it (a near-paraphrase at ``paraphrase`` or more); and
    its support (the share of other outlets that carry it)."""
    n = len(sents)
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

    carriers = (sim >= paraphrase) & has_terms[None, :]
    carriers[np.diag_indices(n)] = True
    outlets_carrying = (carriers.astype(np.int64) @ onehot.astype(np.int64)) > 0
    support = (outlets_carrying.sum(axis=1) - 1) / max(1, n_out - 1)
    return outlet, n_out, cross, carriers, support


def _focus(focus_text: str, terms: Sequence[list[str]], rows: Sequence[dict[str, float]]) -> np.ndarray:
    """Each sentence's TF-IDF cosine to the focus in the story's own space (terms the story never uses are
    ignored), scaled so that the best-matching sentence gets 1; zeros without a focus."""
    n = len(terms)
    focus = np.zeros(n)
    if focus_text:
        # the focus as a TF-IDF vector in the story's own space; terms the story never uses are ignored
        fq = Counter(content_terms(focus_text))
        df = Counter(t for ts in terms for t in set(ts))
        fv = tfidf(fq, df, n)
        fn = math.sqrt(sum(x * x for x in fv.values())) or 1.0
        focus = np.array([sum(r.get(t, 0.0) * x / fn for t, x in fv.items()) for r in rows])
        if focus.max() > 0:
            focus /= focus.max()
    return focus


class _Brief:
    """A summary being chosen: what it holds so far, and whether a sentence says again what it says or can be taken
    with what it needs."""

    def __init__(self, feats: StoryFeatures, cfg: SummaryConfig):
        self.feats, self.cfg = feats, cfg
        n = len(feats.sentences)
        self.open_ = feats.eligible & (feats.n_words > 0) & (feats.n_words <= cfg.words)
        self.max_sim = np.zeros(n)
        self.chosen: list[int] = []
        self.chosen_stems: set[str] = set()  # the first five letters of the chosen sentences' terms
        self.index = {(s.article_id, s.position): i for i, s in enumerate(feats.sentences)}
        self.needs = feats.needs or [None] * n
        self.used = 0
        self._facts: dict[int, frozenset[str]] = {}
        self._keys: dict[int, frozenset[str]] = {}

    def neighbour(self, i: int, step: int) -> int | None:
        s = self.feats.sentences[i]
        return self.index.get((s.article_id, s.position + step))

    def ready(self, i: int) -> bool:
        need = self.needs[i]
        if need is None:
            return True
        if need[0] == "prev":
            return self.neighbour(i, -1) in self.chosen
        if need[0] == "next":
            return False
        return any(t[:5] in self.chosen_stems for t in need[1])  # "increase" and "increased"

    def facts(self, i: int) -> frozenset[str]:
        if i not in self._facts:
            self._facts[i] = fact_terms(self.feats.sentences[i].text)
        return self._facts[i]

    def keys(self, i: int) -> frozenset[str]:  # only the sentences compared for a restatement need theirs
        if i not in self._keys:
            self._keys[i] = frozenset(event_keys(None, self.feats.sentences[i].text))
        return self._keys[i]

    def same(self, i: int, j: int) -> bool:
        feats = self.feats
        return bool(containment(feats.term_sets[i], feats.term_sets[j]) >= self.cfg.containment_threshold
                    or restated(self.facts(i), self.facts(j))
                    or (feats.sim[i, j] >= _RESTATED_SIM and restates(self.keys(i), self.keys(j))))

    def redundant(self, i: int, also: Sequence[int] = ()) -> bool:
        """``i`` says again what the summary (or ``also``, sentences to be taken with it) already says, in the same
        words or in other words (near in meaning)."""
        vectors, others = self.feats.vectors, (*self.chosen, *also)
        return bool(self.max_sim[i] >= self.cfg.redundancy_threshold or any(self.same(i, j) for j in others)
                    or (vectors is not None and any(float(vectors[i] @ vectors[j]) >= self.cfg.restate_threshold
                                                    for j in others)))

    def take(self, i: int) -> None:
        self.open_[i] = False
        self.chosen.append(i)
        self.chosen_stems.update(t[:5] for t in self.feats.term_sets[i])
        self.used += int(self.feats.n_words[i])
        self.max_sim = np.maximum(self.max_sim, self.feats.sim[i])

    def plan(self, i: int, depth: int = 0) -> list[int] | None:
        """``i`` with what it needs, in reading order, or None when that cannot be had: the sentences before it
        in its article, back to one that stands alone (at most ``_CHAIN`` of them)."""
        if self.ready(i):
            return [i]
        need, needs = self.needs[i], self.needs
        if need[0] == "next":
            j = self.neighbour(i, 1)
            return None if j is None or j in self.chosen or self.redundant(j, [i]) else [i, j]
        p = self.neighbour(i, -1)
        if (depth >= _CHAIN or p is None or p in self.chosen or not self.feats.eligible[p] or self.redundant(p)
                or (needs[p] is not None and needs[p][0] == "next")):
            return None
        before = self.plan(p, depth + 1)
        if before is None or (need[0] == "terms" and not any(
                t[:5] == c[:5] for t in need[1] for k in before for c in self.feats.term_sets[k])):
            return None  # what comes before must introduce the name or thing the sentence takes as known
        if self.redundant(i, before):
            return None  # the sentence only repeats what brings it in
        return before + [i]


def select(feats: StoryFeatures, cfg: SummaryConfig) -> list[int]:
    """Greedy MMR under the word budget; indices into ``feats.sentences`` in selection order.

    The first pick is the best lead sentence of any article (it states the event). A sentence that needs context
    (:func:`~storyline.core.story.context.context_need`) is taken only with what introduces it: when it is the best
    pick and the summary does not yet give its context, the sentence before it in its article comes first (its antecedent); a quotation
    whose speaker is named in the next sentence of its article is taken with that sentence.
    """
    score = feats.salience(cfg)
    n = len(feats.sentences)
    brief = _Brief(feats, cfg)
    deferred = np.zeros(n, dtype=bool)
    while True:
        fits = (brief.open_ & ~deferred & (feats.n_words <= cfg.words - brief.used)
                & (brief.max_sim < cfg.redundancy_threshold))
        if not brief.chosen:
            fits = lead_candidates(feats, fits)
        if not fits.any():
            break
        if not brief.chosen:
            best = choose_lead(feats, fits, score, brief.max_sim, cfg)
        else:
            val = np.where(fits, cfg.mmr_lambda * score - (1 - cfg.mmr_lambda) * brief.max_sim, -np.inf)
            best = int(np.argmax(val))  # first maximum: ties go to the earlier (article id, position)
        if brief.redundant(best):
            brief.open_[best] = False
            continue
        steps = brief.plan(best)
        if steps is None or sum(int(feats.n_words[k]) for k in steps) > cfg.words - brief.used:
            deferred[best] = True  # not now; it may become possible once the summary gives its context
            continue
        for k in steps:
            brief.take(k)
        deferred[:] = False
    return brief.chosen


def brief_order(feats: StoryFeatures, chosen: list[int]) -> list[int]:
    """The order a news brief reads in: the lead, then the rest by importance (selection order), background
    (sentences about earlier years) last; of the lines of one article, each in its writer's order, in the places
    its lines hold (a writer tells who or what before referring back to it: "the bug", "Dieser Beitrag", a
    recipe's steps); a sentence that continues the one before it in its article follows it."""
    if not chosen:
        return []
    sents = feats.sentences

    head, rest = chosen[:1], chosen[1:]
    order = head + [k for part in _importance_parts(sents, rest) for k in _in_article_order(sents, part)]
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


def _importance_parts(sents: Sequence[Sentence], rest: list[int]) -> tuple[list[int], list[int]]:
    """The lines after the lead, by importance: those of the news in selection order, then the background."""
    return [i for i in rest if not background(sents[i])], [i for i in rest if background(sents[i])]


def _by_importance(sents: Sequence[Sentence], chosen: list[int]) -> list[int]:
    """``chosen`` (in selection order) by importance, before the reader's order (:func:`brief_order`): the lead,
    the news, the background."""
    return chosen[:1] + [i for part in _importance_parts(sents, chosen[1:]) for i in part]


def _in_article_order(sents: Sequence[Sentence], part: list[int]) -> list[int]:
    """``part`` with the sentences of each article put in their article's order, in the places they hold.

    >>> s = [Sentence("a", 4, "x"), Sentence("b", 0, "y"), Sentence("a", 1, "z")]
    >>> _in_article_order(s, [0, 1, 2])
    [2, 1, 0]
    """
    slots: dict[str, list[int]] = {}
    for k, i in enumerate(part):
        slots.setdefault(sents[i].article_id, []).append(k)
    out = list(part)
    for ks in slots.values():
        for k, i in zip(ks, sorted((part[k] for k in ks), key=lambda i: sents[i].position)):
            out[k] = i
    return out


def summarize(sentences: Sequence[Sentence], config: SummaryConfig | None = None,
              disputed: frozenset[str] = frozenset(), titles: Mapping[str, str] | None = None,
              vectors_of: Callable[[list[str]], np.ndarray] | None = None,
              learned: Mapping[str, tuple[str, frozenset[str]]] | None = None) -> list[SummarySentence]:
    """Summarise one story's sentences within ``config.words`` words (``learned``: see :func:`story_features`).

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
    feats = story_features(sentences, cfg, disputed, titles, vectors_of, learned)
    selected = select(feats, cfg)
    sents = feats.sentences
    rank = {i: k for k, i in enumerate(_by_importance(sents, selected))}
    out = []
    for i in brief_order(feats, selected):
        carrying = np.flatnonzero(feats.carriers[i])
        arts = sorted({sents[j].article_id for j in carrying})
        outlets = {int(feats.outlet[j]) for j in carrying}
        s = sents[i]
        out.append(SummarySentence(s.text, s.article_id, s.position, tuple(arts), len(outlets), rank[i]))
    return out


RECHOOSE = 10  # at most this many times is a summary chosen again, each time without the lines it should not show


def told_summary(sentences: Sequence[Sentence], config: SummaryConfig | None = None,
                 disputed: frozenset[str] = frozenset(), titles: Mapping[str, str] | None = None,
                 vectors_of: Callable[[list[str]], np.ndarray] | None = None,
                 in_full: frozenset[str] = frozenset(), names: Sequence[str] = ()) -> list[SummarySentence]:
    """:func:`summarize`, with no line shown that is no sentence of the story by its parse (a prompt to the reader,
    a label or caption with no verb, a fragment: :func:`~storyline.core.story.context.untold`), nor one whose
    subject is a name alone, not a place's or an organisation's, that no line before it names ("Kritzer declined
    ...": :func:`~storyline.core.story.context.names_needed`). Only the lines chosen are parsed. When one is no
    sentence of the story, the summary is chosen again without it; when one's subject is not named before it, again
    with that need known (the line then comes only after one that names it, or with the lines before it in its
    article), and so when its subject is "he", "she" or "they" and the line before it in its article, which says
    who, is not chosen (:func:`~storyline.core.story.order.orphaned`: it then comes only with that line). This repeats until every line chosen is told (each round leaves out a line or learns a need;
    :data:`RECHOOSE` bounds the rounds); a line still untold is then left out (a story told in no other lines keeps
    them: an empty summary tells less). A command is a prompt only in a story whose first chosen lines hold fewer
    than two (not a recipe's steps). Last, a line whose "he" or "they" only the line before it in its article
    explains follows that line when it is chosen (:func:`after_referent`), and a line that gives one of ``names``
    (the story's people and organisations, each way it writes them) in full comes before the first that gives them
    by one word of it (:func:`introduced_first`)."""

    first = chosen = summarize(sentences, config, disputed, titles, vectors_of)
    read_ahead([s.text for s in chosen])
    instructs = instructing([s.text for s in chosen])
    left_out: set[str] = set()
    learned: dict[str, tuple[str, frozenset[str]]] = {}
    for _ in range(RECHOOSE):
        untold_here = {s.text for s, why in zip(chosen, untold([s.text for s in chosen], instructs)) if why}
        unmet = {s.text: ("terms", frozenset(content_terms(name))) for s, name in unnamed(chosen, in_full).items()
                 if s.text not in learned}
        unmet.update((s.text, ("prev", frozenset())) for s in orphaned(chosen) if s.text not in learned)
        if not untold_here and not unmet:
            break
        left_out |= untold_here
        learned.update(unmet)
        chosen = summarize([s for s in sentences if s.text not in left_out], config, disputed, titles, vectors_of,
                           learned)
        read_ahead([s.text for s in chosen])
    still = unnamed(chosen, in_full)
    told = [s for s, why in zip(chosen, untold([s.text for s in chosen], instructs)) if not why and s not in still]
    while orphans := set(orphaned(told)):  # a line whose "he" the line before it explains goes with that line
        told = [s for s in told if s not in orphans]
    return introduced_first(after_referent(told), names) if told else first  # a story told only in such lines: as is


def unnamed(chosen: Sequence[SummarySentence], in_full: frozenset[str] = frozenset()) -> dict[SummarySentence, str]:
    """The lines of a summary, in its order, whose subject is a name alone that no line before them names
    (:func:`~storyline.core.story.context.names_needed`; ``in_full``: the words that end a longer name its story
    writes), with that name. An article's first sentence names in its own right, and the summary's first line needs
    nothing.

    >>> lines = [SummarySentence("The actor was resting, his publicist said.", "a", 0, ("a",), 1),
    ...          SummarySentence("Kritzer declined to name the hospital.", "a", 5, ("a",), 1),
    ...          SummarySentence("Publicist Alan Kritzer said he was fine.", "b", 3, ("b",), 1),
    ...          SummarySentence("Kritzer said he would speak on Monday.", "b", 4, ("b",), 1)]
    >>> list(unnamed(lines).values())
    ['Kritzer']
    """
    stems: list[set[str]] = [set()]  # the stems the lines before each one name
    for s in chosen:
        stems.append(stems[-1] | {t[:5] for t in content_terms(s.text)})

    def named(word: str, k: int) -> bool:
        return any(t[:5] in stems[k] for t in content_terms(word))

    # only a line whose name may stand alone, not named before it, is parsed
    read = [k for k, s in enumerate(chosen) if k > 0 and s.position > 0
            and any(not named(w, k) for w in name_candidates(s.text))]
    needs = names_needed([chosen[k].text for k in read], in_full)
    return {chosen[k]: name for k, name in zip(read, needs) if name is not None and not named(name, k)}

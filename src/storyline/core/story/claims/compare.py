"""Compare: aligned sentences of different outlets whose slots cannot both be true are a dispute.

The three steps: :mod:`~storyline.core.story.claims.slots` extracts from each sentence what a reader compares,
:mod:`~storyline.core.story.claims.align` pairs sentences of different outlets that report the same fact, and this
module compares each aligned pair slot by slot: the values it reads are
:mod:`~storyline.core.story.claims.values`'s; what happened to a person, :mod:`~storyline.core.story.claims.roles`';
whether it happened, :mod:`~storyline.core.story.claims.polarity`'s.

- **number**: figures of the same thing (the same unit or counted noun, and the same thing said of it: "killed",
  "wounded"; a sentence's only count against the other's only count when the two sentences say nearly the same)
  whose ranges cannot meet, and that are close enough to be two tellings of one figure (within ``max_ratio``). A
  hedged figure that agrees with an exact one, a figure the text marks as earlier ("up from 23") anywhere in the
  story, a figure of another day, place or year, a running count, and figures in different units are never
  compared; nor is a pair whose sentence also gives the other figure;
- **date**: one date each, at day or month precision, within weeks of each other, that differ (a day inside a
  lasting state, "remained closed on Wednesday", is no date of the event);
- **place**: one place each of one kind (two towns, two streets), neither inside the other's name nor two
  spellings of one, and neither outlet's article naming the other's place at all;
- **agent**: who acts differs, neither sentence names the other's actor, and a role ("the driver") is compared
  only with a role;
- **cause**: the stated causes share no term, and neither sentence names the other's cause;
- **polarity**: one sentence asserts what the other negates (closed classes of negation and of negative
  implicatives, "refused to"), the other saying what the negation is of, at least one of them in the outlet's own
  voice; what is not known yet ("not clear", "have not named") asserts nothing.

Modal, conditional and question sentences assert nothing and are not compared. A pair from one outlet is a
revision, not a dispute. Every other aligned telling of a disputed value joins its side, so a side lists all
its outlets; an outlet that prints both values stands on both sides, and the dispute names it in ``both``.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import replace
from typing import Any, Callable, Sequence

import numpy as np

from storyline.core.graph import connected_components
from storyline.core.story.claims.align import align
from storyline.core.nlp.names import PERSON
from storyline.core.story.entities import EntityIndex
from storyline.core.nlp import anchors
from storyline.core.nlp.anchors import Anchor, anchor
from storyline.core.nlp.figures import HEDGE_WORDS, TIME_OF_DAY, Quantity, numbers_to_digits
from storyline.core.nlp.parse import Parse, parse
from storyline.core.nlp.negation import MODALS, NEGATION, root
from storyline.core.nlp.clauses import asserts
from storyline.core.nlp.roles import COMPONENTS as GRAMMAR
from storyline.core.story.claims.slots import Slots
from storyline.core.story.model import Dispute, Sentence, Side
from storyline.core.story.sources import source_sentence
from storyline.core.nlp.dates import date_tense, find_dates
from storyline.core.text.text import content_terms, mostly_quoted, stem
from storyline.core.story.claims.polarity import polarity_values
from storyline.core.story.claims.roles import age_conflicts, described_roles, role_conflicts
from storyline.core.story.claims.values import (AGE, CompareConfig, DEFAULT, TIME_UNITS, Val, agree, counted,
                                                counts, far, mentions_figure, near, one_count, one_of_places,
                                                other_actors, other_occasion, other_places, other_time, since,
                                                published_at, read_slots, same_slot, verb_similarity)


def _number_vals(i: int, j: int, a: Slots, b: Slots, sim: float, cfg: CompareConfig,
                 embedding: str = "static") -> list[tuple[Val, Val]]:
    out: list[tuple[Val, Val]] = []
    if other_occasion(a, b):
        return out
    loose = sim < cfg.number  # sentences apart: only counts of one named thing (compare_story keeps the near ones
    # whose sentences share a term besides it)
    qa, qb = counts(a), counts(b)
    for x in qa:
        for y in qb:
            if loose and not (x.noun and y.noun and x.key == y.key and x.noun not in TIME_UNITS):
                continue
            if not (x.noun and y.noun) and sim < cfg.unit and not x.key == y.key == TIME_OF_DAY:
                continue  # "26 percent of emissions" and "by 30%" measure different things in unlike sentences (a time
                # of day, like a date, is of the act the two sentences tell)
            if x.key != y.key and not (x.noun and y.noun and x.key != "tally" and y.key != "tally"
                                       and not {x.noun, y.noun} & TIME_UNITS  # "two days" counts no thing
                                       and sum(bool(q.noun) for q in qa) == 1 and sum(bool(q.noun) for q in qb) == 1
                      and sim >= cfg.number_loose and x.noun not in " ".join(b.terms) and y.noun not in " ".join(a.terms)
                      and verb_similarity(x.noun, y.noun, embedding) >= cfg.same_noun):  # "people", "passengers"
                continue
            key = x.key
            out.append((Val(i, "number", key, x.value, x.surface, x.low, x.high),
                        Val(j, "number", key, y.value, y.surface, y.low, y.high)))
    return out


def compare(i: int, j: int, a: Slots, b: Slots, sim: float, names_i: frozenset[str], names_j: frozenset[str],
            cfg: CompareConfig = DEFAULT, tenses: tuple[str | None, str | None] = (None, None),
            embedding: str = "static") -> list[tuple[Val, Val]]:
    """The values of an aligned pair, slot by slot, that the caller checks for agreement (every pair returned is
    comparable; whether it conflicts is :func:`agree`'s to say). ``names_*`` are all the names of each
    sentence's article; ``tenses`` whether each tells its date as done or to come (:func:`told_as`)."""
    if a.hedged or b.hedged:
        return []
    out = _number_vals(i, j, a, b, sim, cfg, embedding)
    if sim < cfg.date:
        dated = []
    elif len(a.dates) == 1 and len(b.dates) == 1:
        one_act = _one_act(a.date_acts[0][1], b.date_acts[0][1], cfg, embedding)
        # a tense one sentence leaves untold ("opens on Friday") is the other's when both tell one act
        dated = [(a.dates[0], b.dates[0])] if _same_tense(*tenses) or None in tenses and one_act else []
    else:  # several dates: the date each gives of the same act ("told on Monday that it would close on March 14")
        dated = [(x, y) for x, act in a.date_acts for y, other in b.date_acts if act and act == other]
        one_act = bool(dated)
    fa, fb = {q.value for q in counts(a)}, {q.value for q in counts(b)}
    if (a.dates and b.dates and max(len(d) for d in a.dates + b.dates) <= 7 and not set(a.dates) & set(b.dates)
            and fa and fb and not fa & fb):
        return []  # "rose 5% in March", "rose 3% in February": two periods' figures, neither figure nor period in
        # dispute (two days and two counts may be one event told twice: "11 trapped on Sunday", "13 on Saturday")
    for x, y in dated[:1] if len(dated) == 1 else []:
        # one act dated months apart in one year is one date told two ways; other acts must lie near
        if min(len(x), len(y)) >= 7 and (near(x, y) or one_act and near(x, y, cfg.act_days)):
            out.append((Val(i, "date", "date", x, x), Val(j, "date", "date", y, y)))
    if other_time(a, b):
        return out  # where, who and why are compared in tellings of one day ("in 1988", "in July 2016")
    pa = [p for p in a.places if p not in b.places]  # places both name are shared ground ("in Glenmore")
    pb = [p for p in b.places if p not in a.places]
    at_act = bool({x for _, x in a.place_acts if x} & {x for _, x in b.place_acts if x})  # "sank off", "sank near"
    if ((sim >= cfg.place or at_act) and len(pa) == 1 and len(pb) == 1 and "VENUE" not in (dict(a.place_types).get(pa[0]), dict(b.place_types).get(pb[0]))
            and other_places(pa[0], pb[0], a, b, names_i, names_j)):  # a programme or a body is no place of an act
        out.append((Val(i, "place", "place", pa[0], pa[0]), Val(j, "place", "place", pb[0], pb[0])))
    elif a.places and a.places == b.places:
        out.append((Val(i, "place", "place", a.places[0], a.places[0]),
                    Val(j, "place", "place", b.places[0], b.places[0])))
    same_act = bool({x for _, x in a.agent_acts if x} & {x for _, x in b.agent_acts if x})  # "proposed", "was proposed by"
    acted = all(x for _, x in a.agent_acts + b.agent_acts)  # "a report by CNN": a name after "by" that did no act
    if acted and not same_act and a.agent_acts and b.agent_acts and verb_similarity(
            a.agent_acts[0][1], b.agent_acts[0][1], embedding) < cfg.role_verbs:
        acted = False  # two acts ("recalled", "has put the number at 17"): who did one is not who did the other
    if ((sim >= cfg.agent and acted or same_act) and len(a.agents) == 1 and len(b.agents) == 1
            and other_actors(a.agents[0], b.agents[0], a, b, names_i, names_j)):
        out.append((Val(i, "agent", "agent", a.agents[0], a.agents[0]), Val(j, "agent", "agent", b.agents[0], b.agents[0])))
    if _causes(a, b):  # two causes of one named effect
        out.append((Val(i, "cause", "cause", a.cause, " ".join(sorted(a.cause))),
                    Val(j, "cause", "cause", b.cause, " ".join(sorted(b.cause)))))
    return out


def _one_act(x: str, y: str, cfg: CompareConfig, embedding: str = "static") -> bool:
    """Two verbs tell one act: the same stem, or two verbs near in meaning ("began", "started": 0.8; "opened",
    "closed": 0.48 is two acts)."""
    return bool(x and y) and (x == y or verb_similarity(x, y, embedding) >= cfg.same_act)


def _causes(a: Slots, b: Slots) -> bool:
    """Two stated causes of one thing that may exclude each other: neither sentence names the other's cause, and both
    say what was caused, the same thing. A cause of nothing the clause names ("this is largely because ...") is of
    what the sentence before said, which the pair does not share."""
    return (bool(a.cause and b.cause) and not (a.cause & b.terms) and not (b.cause & a.terms)
            and bool(a.effect & b.effect))


def _same_tense(x: str | None, y: str | None) -> bool:
    """Two dates both told as done or both as to come: a date told as done and one told as to come are of two acts
    ("signed off on Friday", "will open on April 3"); so may be a date whose tense one sentence tells and the other
    does not ("ordered outages on Wednesday", "is asking people to save power on Thursday")."""
    return x == y


def told_as(text: str, published: object) -> str | None:
    """Whether the sentence dates something done ("was fired on Monday") or still to come ("will reopen on
    Monday"); None when its tense does not say ("is asking ... on Thursday").

    >>> told_as("The bridge will open on April 3.", "2025-03-14"), told_as("Inspectors signed off on Friday.", "2025-03-14")
    ('future', 'past')
    """
    told = set()
    for start, _, _ in find_dates(text, published):
        tense, k = date_tense(text, start), start
        while tense is None and k > 0:  # "trapped after a gas explosion on Sunday": the verb of the clause before
            k = max(text.rfind(sep, 0, k) for sep in (" after ", " before ", " when ", ", "))
            tense = date_tense(text, k) if k > 0 else None
        told.add(tense)
    return told.pop() if len(told) == 1 else None


def _values(k: int, s: Slots, kind: str, key: str) -> list[Val]:
    """The values sentence ``k`` gives in one slot (as :func:`compare` reads them)."""
    if s.hedged:
        return []
    if kind == "number":
        return [Val(k, kind, key, q.value, q.surface, q.low, q.high) for q in counts(s) if q.key == key]
    if kind == "date":
        return [Val(k, kind, key, d, d) for d in s.dates if len(d) >= 7][:1] if len(s.dates) == 1 else []
    if kind == "place":
        return [Val(k, kind, key, p, p) for p in s.places]
    if kind == "agent":
        return [Val(k, kind, key, a, a) for a in s.agents]
    if kind == "cause":
        return [Val(k, kind, key, s.cause, " ".join(sorted(s.cause)))] if s.cause else []
    return []


def _figure_tellings(members: list[Val], slots: Sequence[Slots], vectors: np.ndarray, floor: float) -> list[Val]:
    """Other sentences that give a disputed figure, whatever noun they count it by ("47 objects", "47 artefacts"),
    and are near in meaning to a sentence that gives it: they join that figure's side."""
    have = {m.sentence for m in members}
    by_value: dict[float, list[Val]] = defaultdict(list)
    for m in members:
        by_value[m.value].append(m)
    out = []
    for k, s in enumerate(slots):
        if k in have or s.hedged:
            continue
        for q in counts(s):
            told = by_value.get(q.value)
            if told and max(float(vectors[k] @ vectors[m.sentence]) for m in told) >= floor:
                out.append(Val(k, "number", told[0].key, q.value, q.surface, q.low, q.high))
                break
    return out


def _tellings(kind: str, key: str, members: list[Val], slots: Sequence[Slots]) -> list[Val]:
    """Other sentences of the story that give a disputed value in the same slot and share the disputed sentences'
    subject (a content term; two for dates and places, which many sentences give): they join that value's side even
    where their wording is too far from the disputed sentences' to align."""
    need = 2 if kind in ("date", "place") else 1
    have = {m.sentence for m in members}
    names = kind in ("date", "place")  # a date or place is told of a named thing ("the Skyvale jet landed at X")
    terms = [(m, {t for t in slots[m.sentence].terms if names or t[:1] != "@"}) for m in members]
    out = []
    for k, s in enumerate(slots):
        if k in have:
            continue
        for v in _values(k, s, kind, key):
            own = {t for t in s.terms if names or t[:1] != "@"}
            if any(agree(v, m) and v.value == m.value and len(own & ts) >= need for m, ts in terms):
                out.append(v)
                break
    return out


def _label(vals: list[Val]) -> str:
    """A side's name: its most told wording."""
    return sorted(Counter(v.label for v in vals).items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0]))[0][0]


_AT_ISSUE = {"date": "when it happened", "place": "where it happened", "agent": "who did it",
             "cause": "what caused it", "polarity": "whether it happened", "role": "what happened to"}


# what a reader asks of a figure in a unit: "how long" of a unit of time, "what share" of a percentage, "what length"
# of a length (a distance or a size), else "how much"
_UNIT_QUESTION = {**dict.fromkeys(TIME_UNITS, "how long"), "percent": "what share", "length": "what length",
                  "mass": "what weight", "area": "what area", "speed": "what speed",
                  TIME_OF_DAY: "what time"}


def _subject(kind: str, key: str, members: list[Val], slots: Sequence[Slots],
             quantities: Sequence[Quantity] = ()) -> str:
    """What the dispute is about, in a reader's words: how many of the counted thing, or when, where, who, why,
    whether, with the name the sides' sentences share ("when it happened: Northway Regional Rail")."""
    sents = sorted({m.sentence for m in members})
    names = Counter(n for k in sents for n in slots[k].names)
    top = [n for n, c in sorted(names.items(), key=lambda kv: (-kv[1], kv[0])) if c >= max(2, len(sents) // 2)]
    if kind == "role":
        return f"what happened to {key}"
    if kind == "number" and key.startswith(AGE):
        return f"how old: {key[len(AGE):]}"
    if kind == "number":
        nouns = Counter(q.noun for q in quantities if q.key == key and q.noun)
        what = (f"how many {nouns.most_common(1)[0][0]}" if nouns else "the vote" if key == "tally"
                else _UNIT_QUESTION.get(key, "how much"))
    else:
        what = _AT_ISSUE.get(kind, kind)
    return f"{what}: {top[0]}" if top else what


_CLAUSE_BREAK = re.compile(r"[,;:()]|\s[-–—]\s")  # where a side's phrase may not run on


def _phrase(text: str, roots: frozenset[str], before: int = 3, after: int = 4) -> str | None:
    """The words of ``text`` around the first word whose root is in ``roots``, within its clause: a side's claim as
    the sentence words it ("refused to sign the Northline pay offer").

    >>> _phrase("No one was injured in the blaze.", frozenset({"injur"}))
    'No one was injured in the blaze'
    """
    for clause in _CLAUSE_BREAK.split(text):
        words = clause.split()
        for k, w in enumerate(words):
            if root(stem(w.strip(".!?\"'“”’").lower())) in roots:
                return " ".join(words[max(0, k - before):k + after + 1]).strip(".!?\"'“”’ ")
    return None


def _span(text: str, terms: frozenset[str], most: int = 8) -> str | None:
    """The words of ``text`` from the first to the last whose stem is in ``terms``, within one clause and at most
    ``most`` words: a stated cause as the sentence words it ("a build-up of methane").

    >>> _span("The explosion was blamed on a build-up of methane, a union official said.", frozenset({"build", "methan"}))
    'build-up of methane'
    """
    for clause in _CLAUSE_BREAK.split(text):
        words = clause.split()
        hits = [k for k, w in enumerate(words)
                if any(stem(t) in terms or root(stem(t)) in terms for t in w.strip(".!?\"'“”’").lower().split("-"))]
        if hits and hits[-1] - hits[0] < most:
            return " ".join(words[hits[0]:hits[-1] + 1]).strip(".!?\"'“”’ ")
    return None


def compare_story(sentences: Sequence[Sentence], index: EntityIndex, vectors: np.ndarray,
                  published: dict[str, Any] | None = None, cfg: CompareConfig = DEFAULT,
                  slots: list[Slots] | None = None, embedding: str = "static"
                  ) -> tuple[list[Dispute], frozenset[int]]:
    """The story's disputes, from the pairs of sentences of different outlets that align by meaning (``vectors``:
    one unit row per sentence) and whose slots cannot both be true; and the sentences on their sides."""
    sentences = list(sentences)
    slots = slots if slots is not None else read_slots(sentences, index, published)
    texts = [s.text for s in sentences]
    art = [s.article_id for s in sentences]
    outlet = [str(s.source or s.article_id) for s in sentences]
    frozen, days_of, earlier = _told_in(slots, art)
    usable = np.array([bool(s.terms) for s in slots], dtype=bool)
    pairs = align(vectors, outlet, cfg.align, cfg.top_k, usable)
    told_at = [published_at((published or {}).get(a) or s.published) for a, s in zip(art, sentences)]
    update = _update_of(slots, told_at)
    conflicts: dict[tuple[str, str], list[tuple[Val, Val]]] = defaultdict(list)
    agreements: dict[tuple[str, str], list[tuple[Val, Val]]] = defaultdict(list)
    tense: dict[int, str | None] = {}  # read once, for the sentences with a date

    def tense_of(k: int) -> str | None:
        if k not in tense:
            tense[k] = told_as(texts[k], (published or {}).get(art[k])) if slots[k].dates else None
        return tense[k]

    one_act = _one_act_of(slots, texts, cfg, embedding)  # two figures are sides of one fact only if of one act
    asserted = _asserted(slots, texts, cfg)
    people = frozenset(e.name for e in index.entities if e.type == PERSON)
    for x, y in role_conflicts(slots, texts, outlet, cfg.role_verbs, embedding, people):
        conflicts[(x.kind, x.key)].append((x, y))
    for x, y in age_conflicts(slots, outlet, told_at):
        conflicts[(x.kind, x.key)].append((x, y))
    for (i, j), sim in sorted(pairs.items()):
        vals = _pair_values(i, j, sim, asserted(i, j, sim), texts, outlet, (frozen[art[i]], frozen[art[j]]),
                            (tense_of(i), tense_of(j)), told_at, cfg, embedding)
        if sim < cfg.number:
            vals = [(x, y) for x, y in vals
                    if x.kind != "number" or _same_count(x, y, slots) and not far(x, y, cfg)]
        for x, y in vals:
            if agree(x, y):
                agreements[(x.kind, x.key)].append((x, y))
            elif x.kind == "date" and (y.value in days_of[art[i]] or x.value in days_of[art[j]]):
                continue  # an article that tells of both days tells of an event that lasted them, not of another date
            elif x.kind == "date" and tense_of(i) == "past" and since(x, y, told_at):
                continue  # a later report tells of a day after the earlier one was written: news since, not a side
            elif x.kind == "number" and update(x, y):
                continue  # a later report's new value of a changing count, not a side against the earlier one
            elif x.kind == "place" and (one_of_places(texts[i], x.value) or one_of_places(texts[j], y.value)):
                continue  # "from New England to Tennessee", "the United States and Canada": a region, not the place
            elif (x.kind in ("place", "agent") or x.kind == "number" and not (counted(x, slots) and counted(y, slots))) \
                    and not same_slot(x, y, texts, cfg.context, embedding):
                continue  # a unit ("minutes", "pounds", "percent"), a name or two counted nouns ("four wounds",
                # "three people") say little of what they are of
            elif x.kind != "number" or not (far(x, y, cfg) and not one_count(x, y, slots, texts, cfg, embedding)
                                            or {x.value, y.value} & earlier[x.key]
                                            or mentions_figure(texts[i], y.value) or mentions_figure(texts[j], x.value)):
                if x.kind != "number" or one_act(x, y):  # a sentence that also gives the other figure is no side
                    conflicts[(x.kind, x.key)].append((x, y))
    out = _disputes_of(conflicts, agreements, slots, sentences, outlet, vectors, cfg)
    return out, frozenset(v.sentence for d_edges in conflicts.values() for e in d_edges for v in e)


def _same_count(x: Val, y: Val, slots: Sequence[Slots]) -> bool:
    """Two near counts of one named thing in sentences that say different things besides are one count when the
    sentences share a term more than the counted thing ("four people are in custody", "has three people in
    custody"; "some 460,000 crowns ... from accounts", "640,000 crowns ... from dormant accounts"); "involved three
    people armed" and "are questioning four people" share none."""
    def words(s: Slots) -> set[str]:  # a name's words too: "high school swimmers", "Rancho Verde High School"
        return set(s.terms) | {root(t) for n in s.names for t in content_terms(n)}
    shared = words(slots[x.sentence]) & words(slots[y.sentence])
    return bool(shared - {x.key, y.key, root(x.key), root(y.key)} - _HEDGE_TERMS)


_HEDGE_TERMS = frozenset(root(t) for w in HEDGE_WORDS for t in content_terms(w))  # "roughly 300", "roughly 400"


def _asserted(slots: Sequence[Slots], texts: Sequence[str], cfg: CompareConfig
              ) -> Callable[[int, int, float], Sequence[Slots]]:
    """The slots a pair is compared by: less the hedge the words read in either sentence where its main clause, by
    the parse, states its fact outright. A modal or negation in a clause that only describes a noun ("accounts that
    had not been touched", "whose pay was going to a vote") hedges nothing the sentence says
    (:func:`~storyline.core.nlp.clauses.asserts`). A sentence is parsed once, and only when its pair would give
    values to compare without the hedge."""
    read: dict[int, bool] = {}
    out = list(slots)

    def states(k: int) -> bool:
        if k not in read:
            read[k] = asserts(parse([texts[k]], GRAMMAR)[0], MODALS, NEGATION)  # tags and dependencies alone
            if read[k]:
                out[k] = replace(out[k], hedged=False)
        return read[k]

    def pair(i: int, j: int, sim: float) -> Sequence[Slots]:
        hedged = [k for k in (i, j) if slots[k].hedged and k not in read]
        if hedged:
            a, b = (replace(slots[k], hedged=False) if k in hedged else out[k] for k in (i, j))
            if compare(i, j, a, b, sim, frozenset(), frozenset(), cfg) or (
                    a.negated != b.negated and sim >= cfg.polarity):
                for k in hedged:
                    states(k)
        return out
    return pair


def _update_of(slots: Sequence[Slots], told_at: Sequence[str | None]) -> Callable[[Val, Val], bool]:
    """Whether one of two figures is a later report's new value of a count the other's earlier report gave: a count
    a later report tells as changed ("the toll has risen to 14") updates an earlier report's figure."""
    revised = {(k, q.key, q.value) for k, sl in enumerate(slots) for q in sl.quantities if q.revised}

    def update(x: Val, y: Val) -> bool:
        return any((a.sentence, a.key, a.value) in revised and told_at[a.sentence] and told_at[b.sentence]
                   and told_at[a.sentence] > told_at[b.sentence] for a, b in ((x, y), (y, x)))
    return update


def _one_act_of(slots: Sequence[Slots], texts: Sequence[str], cfg: CompareConfig, embedding: str
                ) -> Callable[[Val, Val], bool]:
    """Whether two figures of the story's sentences are figures of one act, by their anchors in the parse
    (:func:`~storyline.core.nlp.anchors.one_act`). A sentence is parsed the first time one of its figures would
    be a side of a dispute, and once."""
    parsed: dict[int, Parse] = {}

    def anchor_of(v: Val) -> Anchor | None:
        q = next((q for q in slots[v.sentence].quantities if q.surface == v.label and q.value == v.value), None)
        if q is None:
            return None
        if v.sentence not in parsed:  # the figures' offsets are in the text with number words as digits
            parsed[v.sentence] = parse([numbers_to_digits(texts[v.sentence])])[0]
        return anchor(parsed[v.sentence], q.start, q.end)

    def same(x: Val, y: Val) -> bool:
        a, b = anchor_of(x), anchor_of(y)
        return a is None or b is None or anchors.one_act(a, b, lambda u, w: verb_similarity(u, w, embedding), cfg.same_act)
    return same


def _pair_values(i: int, j: int, sim: float, slots: Sequence[Slots], texts: Sequence[str], outlet: Sequence[str],
                 names: tuple[frozenset[str], frozenset[str]], tenses: tuple[str | None, str | None],
                 told_at: Sequence[str | None], cfg: CompareConfig, embedding: str) -> list[tuple[Val, Val]]:
    """The values an aligned pair gives in each slot, whether it happened, and what happened to the one both
    sentences open with; a pair mostly quoted tells what someone said, not what happened, and gives only whether."""
    a, b = slots[i], slots[j]
    quoted = mostly_quoted(texts[i]) or mostly_quoted(texts[j])  # what someone said, not what happened
    vals = [] if quoted else compare(i, j, a, b, sim, names[0], names[1], cfg, tenses, embedding)
    pol = polarity_values(i, j, a, b, sim, texts, cfg, told_at, embedding)
    if pol:
        vals.append(pol)
    if not quoted and outlet[i] != outlet[j] and not other_occasion(a, b):
        vals += described_roles(i, j, texts, slots, cfg.role_verbs, embedding)
    return vals


def _told_in(slots: Sequence[Slots], art: Sequence[str]
             ) -> tuple[dict[str, frozenset[str]], dict[str, set[str]], dict[str, set[float]]]:
    """What each article tells: the names it gives and the days it tells of; and each figure any outlet marks as an
    earlier one ("up from 23"), which is a revision, not a side of a dispute."""
    names_of: dict[str, set[str]] = defaultdict(set)
    days_of: dict[str, set[str]] = defaultdict(set)  # the days each article tells of
    for k, s in enumerate(slots):
        names_of[art[k]].update(s.names)
        days_of[art[k]].update(s.dates)
    earlier: dict[str, set[float]] = defaultdict(set)
    for s in slots:
        for q in s.quantities:
            if q.superseded:
                earlier[q.key].add(q.value)
    return {a: frozenset(ns) for a, ns in names_of.items()}, days_of, earlier


def _disputes_of(conflicts: dict[tuple[str, str], list[tuple[Val, Val]]],
                 agreements: dict[tuple[str, str], list[tuple[Val, Val]]], slots: Sequence[Slots],
                 sentences: Sequence[Sentence], outlet: Sequence[str], vectors: np.ndarray,
                 cfg: CompareConfig) -> list[Dispute]:
    """The disputes the conflicting pairs make, slot by slot: pairs that share a value are one dispute, and every
    other telling of a disputed value joins its side."""
    out = []
    for (kind, key), edges in sorted(conflicts.items()):
        nodes = sorted({v for e in edges for v in e}, key=lambda v: (v.sentence, str(v.value)))
        ids = {v: k for k, v in enumerate(nodes)}
        comps = connected_components(range(len(nodes)), [(ids[x], ids[y]) for x, y in edges])
        groups: dict[int, list[Val]] = defaultdict(list)
        for k, top in comps.items():
            groups[top].append(nodes[k])
        by_values: dict[frozenset[str], list[Val]] = {}  # two pairs setting the same values against each other: one
        for top, members in groups.items():
            # an asserted-or-denied value says nothing of what is asserted: only its own pairs make one dispute
            same = frozenset([str(top)]) if kind in ("polarity", "role") else frozenset(str(v.value) for v in members)
            by_values.setdefault(same, []).extend(members)
        for members in by_values.values():
            told = _tellings(kind, key, members, slots)
            if kind == "number":
                told += [v for v in _figure_tellings(members, slots, vectors, cfg.align)
                         if v.sentence not in {t.sentence for t in told}]
            d = _dispute(kind, key, members + told, agreements[(kind, key)], slots, sentences, outlet)
            if d is not None:
                out.append(d)
    return out


def _dispute(kind: str, key: str, members: list[Val], agreements: list[tuple[Val, Val]], slots: Sequence[Slots],
             sentences: Sequence[Sentence], outlet: Sequence[str]) -> Dispute | None:
    members = list(members)
    # every other aligned telling of a disputed value joins its side
    grew = True
    while grew:
        grew = False
        have = set(members)
        for x, y in agreements:
            for u, v in ((x, y), (y, x)):
                if u in have and v not in have and any(agree(v, m) for m in have if m.sentence == u.sentence):
                    members.append(v)
                    have.add(v)
                    grew = True
    # sides: values that agree are one side (an exact figure inside a hedged range joins it)
    uniq = sorted(set(members), key=lambda v: (v.sentence, str(v.value)))
    ids = {v: k for k, v in enumerate(uniq)}
    # a bound ("at least 20", "nearly 20") or a range ("between 18 and 22") holds several figures: it joins the one side
    # it agrees with, else it takes none
    bounded = [v for v in uniq if not (kind == "number" and (v.high == float("inf") or v.low < v.value == v.high))]
    comps = connected_components(range(len(uniq)), [(ids[x], ids[y]) for n, x in enumerate(bounded)
                                                     for y in bounded[n + 1:] if agree(x, y)])
    vague = set()
    for v in uniq:
        if v not in bounded:
            roots = {comps[ids[w]] for w in bounded if agree(v, w)}
            if len(roots) > 1:
                vague.add(v)  # "at least 20" against "20" and "21": it takes no side
            comps[ids[v]] = roots.pop() if len(roots) == 1 else ids[v]
    by_side: dict[int, list[Val]] = defaultdict(list)
    for v in uniq:
        if v not in vague:
            by_side[comps[ids[v]]].append(v)
    if len(by_side) < 2:
        return None
    side_outlets = [{outlet[v.sentence] for v in vs} for vs in by_side.values()]
    told_both = len({v.sentence for v in uniq}) < len(uniq)  # one sentence telling two sides, in two voices
    if len(set().union(*side_outlets)) < 2 and not told_both:
        return None  # one outlet against itself: a revision, not a dispute between outlets
    own = [so - set().union(*(o for m, o in enumerate(side_outlets) if m != k)) for k, so in enumerate(side_outlets)]
    if not any(own) and not told_both:
        return None  # every outlet that tells one value tells the other too, each in a sentence of its own: two facts
        # ("two of the suspects weigh 170 to 190 pounds", "the third weighs 140 to 160"), not outlets that disagree
    sides = []
    # whether it happened: each side as its sentence words what one side denies
    denied = frozenset().union(*(slots[v.sentence].denied for v in uniq)) if kind == "polarity" else frozenset()
    for vs in sorted(by_side.values(), key=lambda vs: (min(v.sentence for v in vs))):
        idx = sorted({v.sentence for v in vs}, key=lambda k: (sentences[k].article_id, k))
        sents = [source_sentence(sentences[k]) for k in idx]
        label = _label(vs)
        if kind == "polarity":
            label = _phrase(sents[0].text, denied) or ("says it did" if vs[0].value else "says it did not")
        elif kind == "cause":
            label = _span(sents[0].text, vs[0].value) or label  # the cause as the sentence words it
        sides.append(Side(label, sents[0].text, sorted({s.article_id for s in sents}),
                          sorted({s.outlet for s in sents if s.outlet}), sents))
    quantities = [q for k in {v.sentence for v in uniq} for q in slots[k].quantities] if kind == "number" else []
    return Dispute(_subject(kind, key, uniq, slots, quantities), kind if kind != "number" else key,
                   "number" if kind == "number" else "predicate", sides)

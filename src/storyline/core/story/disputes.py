"""Compare: aligned sentences of different outlets whose slots cannot both be true are a dispute.

The three steps: :mod:`~storyline.core.story.extraction` extracts from each sentence what a reader compares,
:mod:`~storyline.core.story.alignment` pairs sentences of different outlets that report the same fact, and this
module compares each aligned pair slot by slot. Besides pairs whose words align, a pair is anchored by the slot
itself: the act a date, place or actor belongs to ("closed on", "sank off", "X proposed"), the effect of a stated
cause, or the thing a figure counts, with two more shared words, or two of an event's subject, day and place that
agree while the third differs (:func:`anchor_pairs`). The first sentences of reports of one day are compared too,
for the event's figures, date, town or street and cause (:func:`lead_pairs`): each outlet leads with the event in
its own words.

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
from dataclasses import dataclass, replace
from functools import lru_cache
from datetime import date
from typing import Any, Sequence

import numpy as np


from storyline.core.graph import connected_components
from storyline.core.nlp.embed import encode
from storyline.core.story.alignment import align, nearest_elsewhere
from storyline.core.story.entities import PERSON, EntityIndex, get, is_region
from storyline.core.story.extraction import (
    DENIALS,
    PART,
    PASSIVE_AUXILIARIES,
    Quantity,
    Slots,
    clause_span,
    denied_roots,
    denied_words,
    extract,
    numbers_to_digits,
    root,
)
from storyline.core.story.sources import Dispute, Side, attribution, source_sentence
from storyline.core.nlp.dates import YEAR, date_tense, find_dates
from storyline.core.text.clean import sentence_flags
from storyline.core.text.text import (AUXILIARIES, DETERMINERS, SPEECH_VERBS, STOPWORDS, mostly_quoted, stem, word_forms,
                                      word_lemmas)

# units of time, a closed class: a figure of them measures how long, it counts no thing another figure could
TIME_UNITS = frozenset("seconds minutes hours days nights weeks months years decades centuries".split())  # a rise in cents and the fares it moves between are one dispute


@dataclass(frozen=True)
class CompareConfig:
    """How sentences are aligned (cosine of sentence embeddings: a floor, and how many partners each sentence keeps)
    and compared (the cosine an aligned pair needs per slot kind; how far two tellings of one figure may lie apart)."""

    align: float = 0.45  # every slot kind is compared in the pairs aligned at this cosine or more
    top_k: int = 3
    agent: float = 0.65  # who did it is compared in sentences this near, or in two that tell the same act
    place: float = 0.45  # where it happened, likewise
    number: float = 0.6  # two figures of one thing are compared in sentences at least this near
    unit: float = 0.75  # a figure in a unit says less of what it measures ("26 percent"): the sentences must be nearer
    number_loose: float = 0.65  # different counted nouns: the sentences must say nearly the same
    date: float = 0.55  # two dates are of one act when the sentences say nearly the same besides
    polarity: float = 0.75  # one asserts what the other negates: the two must say nearly the same
    echo: float = 0.6  # a sentence this near one of another outlet is told there too, unless it adds a figure or name
    restated: float = 0.75  # a sentence this near one of another outlet is told there, whatever it adds
    role_verbs: float = 0.35  # two verbs told of one person are two tellings of one act at this cosine or more
    context: float = 0.45  # two figures, places or actors fill one slot when their clauses, less them, align too
    same_noun: float = 0.3  # two counted nouns this near count one thing ("people", "passengers": 0.38; "wounds": 0)
    same_act: float = 0.5  # two verbs this near tell one act (dates of it are compared)
    act_days: int = 183  # how far apart two dates of one act may lie and still be one date told two ways
    max_ratio: float = 2.2


DEFAULT = CompareConfig()
AGE = "age of "  # the key of a person's age (:func:`~storyline.core.story.extraction.ages`)
# a short sentence ("No one was injured.") or one without end punctuation still states a fact to compare
_SLOT_FLAGS_OK = frozenset({"short", "no_terminal_punct"})


@dataclass(frozen=True)
class _Val:
    """One sentence's value in a compared slot."""

    sentence: int
    kind: str
    key: str
    value: Any
    label: str
    low: float = 0.0
    high: float = 0.0


def english(texts: Sequence[str]) -> bool:
    """The texts are written in English: at least one word in ten is an English function word (a closed class). Slots
    are read by English grammar; in another language they would be misread ("Tagessieger Lindvik resümierte").

    >>> english(["Ten people died in the fire on Monday."]), english(["Die schwedischen Brüder bezwangen Aslan Karatsev und Gael Monfils jeweils in zwei Sätzen."])
    (True, False)
    """
    words = [w for t in texts for w in re.findall(r"[^\W\d_]+", t.lower())]
    return sum(w in STOPWORDS for w in words) >= 0.1 * len(words)


def read_slots(sentences: Sequence[object], index: EntityIndex, published: dict[str, Any] | None = None) -> list[Slots]:
    """The slots of every sentence of a story; flagged sentences (questions, residue) and the sentences of an article
    not in English give empty slots."""
    published = published or {}
    by_article: dict[str, list[str]] = defaultdict(list)
    for s in sentences:
        by_article[str(get(s, "article_id"))].append(str(get(s, "text", "") or ""))
    read = {a: english(ts) for a, ts in by_article.items()}
    out = []
    for i, s in enumerate(sentences):
        text = str(get(s, "text", "") or "")
        if not text or set(sentence_flags(text)) - _SLOT_FLAGS_OK or not read[str(get(s, "article_id"))]:
            out.append(Slots())
            continue
        out.append(extract(text, index.mentions[i], published.get(str(get(s, "article_id")))))
    return out


def _counts(s: Slots) -> list[Quantity]:
    return [q for q in s.quantities if not q.superseded and not q.earlier]


def _agree(a: _Val, b: _Val) -> bool:
    if a.kind == "number":
        return a.low <= b.high + 1e-9 and b.low <= a.high + 1e-9
    if a.kind == "date":
        return a.value.startswith(b.value) or b.value.startswith(a.value)
    if a.kind == "cause":
        return bool(a.value & b.value)
    return a.value == b.value


def _number_vals(i: int, j: int, a: Slots, b: Slots, sim: float, cfg: CompareConfig,
                 embedding: str = "static") -> list[tuple[_Val, _Val]]:
    out: list[tuple[_Val, _Val]] = []
    if _other_occasion(a, b) or sim < cfg.number:
        return out
    qa, qb = _counts(a), _counts(b)
    for x in qa:
        for y in qb:
            if x.pred and y.pred and x.pred != y.pred and x.noun and y.noun:
                continue  # "20 people were killed" and "10 people were wounded" count different things
            if not (x.noun and y.noun) and sim < cfg.unit:
                continue  # "26 percent of emissions" and "by 30%" measure different things in unlike sentences
            if x.key != y.key and not (x.noun and y.noun and x.key != "tally" and y.key != "tally"
                                       and not {x.noun, y.noun} & TIME_UNITS  # "two days" counts no thing
                                       and sum(bool(q.noun) for q in qa) == 1 and sum(bool(q.noun) for q in qb) == 1
                      and sim >= cfg.number_loose and x.noun not in " ".join(b.terms) and y.noun not in " ".join(a.terms)
                      and verb_similarity(x.noun, y.noun, embedding) >= cfg.same_noun):  # "people", "passengers"
                continue
            key = x.key
            out.append((_Val(i, "number", key, x.value, x.surface, x.low, x.high),
                        _Val(j, "number", key, y.value, y.surface, y.low, y.high)))
    return out


def value_context(text: str, surface: str) -> str:
    """The clause that gives a value, less the value: what the figure counts or the name did ("The ferry had ...
    passengers on board").

    >>> value_context("The storm hit on Monday, and 12 people were hurt, police said.", "12 people")
    'and people were hurt'
    """
    t = numbers_to_digits(text)
    k = t.find(surface)
    if k < 0:
        t, k = text, text.find(surface)
    if k < 0:
        return text
    lo, hi = clause_span(t, k, k + len(surface))
    kept = re.sub(r"[$€£¥]|\d[\d,.]*", " ", surface)  # the figure goes, what it counts stays ("14 fires" -> fires)
    return " ".join((t[lo + 1:k] + " " + kept + " " + t[k + len(surface):hi]).split())


def _counted(v: _Val, slots: Sequence[Slots]) -> bool:
    """The figure counts a named thing ("14 fires"), which says what it is of; a unit or a currency does not."""
    return any(q.noun and q.key == v.key and q.value == v.value for q in slots[v.sentence].quantities)


def same_slot(x: _Val, y: _Val, texts: Sequence[str], floor: float, embedding: str = "static") -> bool:
    """Two values fill one slot of one statement: the clauses that give them say nearly the same besides ("had 180
    passengers on board", "with about 210 passengers aboard"), not two statements that share words ("suffered four
    wounds", "involved three people armed")."""
    v = encode([value_context(texts[x.sentence], x.label), value_context(texts[y.sentence], y.label)], embedding)
    return float(v[0] @ v[1]) >= floor


def _one_count(x: _Val, y: _Val, slots: Sequence[Slots], texts: Sequence[str], cfg: CompareConfig,
               embedding: str = "static") -> bool:
    """Two figures far apart are still one count told two ways when both count the same named thing in clauses that
    say the same besides ("Twelve students were expelled", "The school expelled five students"), of the same places
    and times (a figure for a place or a year the other does not name counts a part or another time: "Three people
    died in Harwick", "In 2019 the ferry had 40 passengers")."""
    a, b = slots[x.sentence], slots[y.sentence]
    return (_counted(x, slots) and _counted(y, slots) and set(a.places) == set(b.places) and set(a.dates) == set(b.dates)
            and same_slot(x, y, texts, cfg.number, embedding))


def _one_of_places(text: str, place: str) -> bool:
    """The sentence names ``place`` as one of several joined ("X and Y", "X, Y and Z", "from X to Y"): a region or a
    list, not the one place of an act.

    >>> _one_of_places("Storms hit 20 states from New England to Tennessee.", "Tennessee")
    True
    >>> _one_of_places("More than 40 died in the United States and Canada.", "United States")
    True
    >>> _one_of_places("The bus overturned in Denton and three people were hurt.", "Denton")
    False
    """
    p = re.escape(place)
    return bool(re.search(p + r",?\s+(?:and|or|to)\s+(?:the\s+)?[A-Z]|[A-Z][\w.]*,?\s+(?:and|or)\s+(?:the\s+)?" + p
                          + r"|\bfrom\s+(?:the\s+)?[A-Z][^,;]{0,40}?\s+to\s+(?:the\s+)?" + p, text))


def _near(a: str, b: str, days: int = 45) -> bool:
    """Two dates close enough to be two tellings of one event's date: outlets that disagree on a date differ by
    days or weeks; dates years apart ("launch in July 2018", "end in June 2025") are different events."""
    def month(x: str) -> int:
        return int(x[:4]) * 12 + int(x[5:7])
    return abs(month(a) - month(b)) <= max(1, days // 30)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.lower())


def _mentions_figure(text: str, value: float) -> bool:
    """The sentence gives this figure somewhere (in digits or words), whatever it says it counts."""
    digits = numbers_to_digits(text).replace(",", "")
    v = f"{value:.10g}"
    return re.search(r"(?<![\d.])" + re.escape(v) + r"(?![\d]|\.\d)", digits) is not None


def _far(a: _Val, b: _Val, cfg: CompareConfig) -> bool:
    """Two figures this far apart count different things ("at least 900 taken" against "47 returned")."""
    lo, hi = sorted((a.value, b.value))
    if a.key == "tally":
        return False
    return hi > cfg.max_ratio * (lo if lo > 0 else 1.0)


def compare(i: int, j: int, a: Slots, b: Slots, sim: float, names_i: frozenset[str], names_j: frozenset[str],
            cfg: CompareConfig = DEFAULT, tenses: tuple[str | None, str | None] = (None, None),
            embedding: str = "static") -> list[tuple[_Val, _Val]]:
    """The values of an aligned pair, slot by slot, that the caller checks for agreement (every pair returned is
    comparable; whether it conflicts is :func:`_agree`'s to say). ``names_*`` are all the names of each
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
    fa, fb = {q.value for q in _counts(a)}, {q.value for q in _counts(b)}
    if (a.dates and b.dates and max(len(d) for d in a.dates + b.dates) <= 7 and not set(a.dates) & set(b.dates)
            and fa and fb and not fa & fb):
        return []  # "rose 5% in March", "rose 3% in February": two periods' figures, neither figure nor period in
        # dispute (two days and two counts may be one event told twice: "11 trapped on Sunday", "13 on Saturday")
    for x, y in dated[:1] if len(dated) == 1 else []:
        # one act dated months apart in one year is one date told two ways; other acts must lie near
        if min(len(x), len(y)) >= 7 and (_near(x, y) or one_act and _near(x, y, cfg.act_days)):
            out.append((_Val(i, "date", "date", x, x), _Val(j, "date", "date", y, y)))
    if _other_time(a, b):
        return out  # where, who and why are compared in tellings of one day ("in 1988", "in July 2016")
    pa = [p for p in a.places if p not in b.places]  # places both name are shared ground ("in Glenmore")
    pb = [p for p in b.places if p not in a.places]
    at_act = bool({x for _, x in a.place_acts if x} & {x for _, x in b.place_acts if x})  # "sank off", "sank near"
    if ((sim >= cfg.place or at_act) and len(pa) == 1 and len(pb) == 1 and "VENUE" not in (dict(a.place_types).get(pa[0]), dict(b.place_types).get(pb[0]))
            and _other_places(pa[0], pb[0], a, b, names_i, names_j)):  # a programme or a body is no place of an act
        out.append((_Val(i, "place", "place", pa[0], pa[0]), _Val(j, "place", "place", pb[0], pb[0])))
    elif a.places and a.places == b.places:
        out.append((_Val(i, "place", "place", a.places[0], a.places[0]),
                    _Val(j, "place", "place", b.places[0], b.places[0])))
    same_act = bool({x for _, x in a.agent_acts if x} & {x for _, x in b.agent_acts if x})  # "proposed", "was proposed by"
    acted = all(x for _, x in a.agent_acts + b.agent_acts)  # "a report by CNN": a name after "by" that did no act
    if acted and not same_act and a.agent_acts and b.agent_acts and verb_similarity(
            a.agent_acts[0][1], b.agent_acts[0][1], embedding) < cfg.role_verbs:
        acted = False  # two acts ("recalled", "has put the number at 17"): who did one is not who did the other
    if ((sim >= cfg.agent and acted or same_act) and len(a.agents) == 1 and len(b.agents) == 1
            and _other_actors(a.agents[0], b.agents[0], a, b, names_i, names_j)):
        out.append((_Val(i, "agent", "agent", a.agents[0], a.agents[0]), _Val(j, "agent", "agent", b.agents[0], b.agents[0])))
    if _causes(a, b):  # two causes of one named effect
        out.append((_Val(i, "cause", "cause", a.cause, " ".join(sorted(a.cause))),
                    _Val(j, "cause", "cause", b.cause, " ".join(sorted(b.cause)))))
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


def _initials(a: str, b: str) -> bool:
    """One name is the other's initials ("GOSH", "Great Ormond Street Hospital")."""
    def caps(x: str) -> str:
        return "".join(w[0] for w in x.split() if w[:1].isupper())
    return a.replace(".", "") in (caps(b), caps(b)[:-1]) or b.replace(".", "") in (caps(a), caps(a)[:-1])


_SPEECH_MARKS = re.compile(r"[“”\"]|(?:^|\s)(?:I|I'm|I’m|we|We|my|My|our|Our)\b")


def _polarity(i: int, j: int, a: Slots, b: Slots, sim: float, texts: Sequence[str], cfg: CompareConfig,
              told_at: Sequence[Any] = (), embedding: str = "static") -> tuple[_Val, _Val] | None:
    if a.hedged or b.hedged:
        # "has not yet signed" asserts nothing against a later "has signed" (it was done since), but denies an
        # earlier or same-time "has signed"
        k, o = (i, j) if a.provisional else (j, i) if b.provisional else (None, None)
        if (k is None or (a.hedged and b.hedged) or len(told_at) <= max(i, j) or told_at[k] is None
                or told_at[o] is None or told_at[k] < told_at[o]):
            return None
        a, b = (replace(a, hedged=False, negated=True), b) if k == i else (a, replace(b, hedged=False, negated=True))
    if _SPEECH_MARKS.search(texts[i]) or _SPEECH_MARKS.search(texts[j]):
        return None  # a quote or a speaker's own words: what someone said, not what the outlet asserts
    pa, pb = not (a.negated or a.attributed_denial), not (b.negated or b.attributed_denial)
    if pa == pb:
        return None
    # a denial someone voices ("X denied ...") against a claim someone else voices: both are reported speech, and
    # each outlet can report both; a denial counts against a claim an outlet makes in its own voice
    neg, pos = (a, j) if not pa else (b, i)
    said = attribution(texts[pos])
    one_voice = bool(neg.attributed_denial and said and _speaker(said) & _speaker(texts[i if pos == j else j]))
    if neg.attributed_denial and said and not one_voice:
        return None  # one voice denies what another claims; the same voice confirming and denying is a dispute
    if {_finite_tense(texts[i]), _finite_tense(texts[j])} == {"present", "past"}:
        return None  # "does not have to register" now, "had to register" then: a state that changed, not two sides
    if a.dates and b.dates and not set(a.dates) & set(b.dates) and not one_voice:
        return None  # "no trains ran on Tuesday" and "trains ran again on Wednesday" are two days (what one person
        # says, they say on a day of their own: "confirmed on Monday", "denied on Tuesday")
    # one says P, the other not P: what the negation is of is said by the other ("conceded defeat", "refused to
    # concede"), and the two share a subject or object besides
    other = b if neg is a else a
    # a verb denied ("will not appeal") is not said by the same word as a thing ("would consider an appeal"); a
    # thing denied ("denied the merger") is ("confirmed the merger")
    said_there = ({root(t) for t in other.terms if t[:1] != "@"}
                  - (_as_things(texts[j if neg is a else i]) - _as_things(texts[i if neg is a else j])))
    neg_text = texts[i if neg is a else j]
    if not neg.denied & said_there or neg.denied & denied_roots(texts[pos]):
        return None  # the other denies it too, in a clause of its own ("reports proving there are no bodies")
    if neg.attributed_denial and not _opposed(neg_text, texts[pos], embedding):
        return None  # "investors rejected the pay decisions" against "an adviser criticised the decision": two acts
    if neg.negated and not neg.attributed_denial:
        words = denied_words(neg_text)
        quantified = _NONE_DID.search(neg_text)
        if quantified and len(words) > 1 and words[1] == root(stem(quantified.group(1).lower())):
            words = [words[1], words[0]] + words[2:]  # "No weapon was found": what is denied is its verb, "found"
        if not words or words[0] not in said_there:
            return None  # a negation denies its predicate ("will not return"), not the words after it
        what = _copula_denied(neg_text)
        other_toks = [t.lower() for t in _TOKEN.findall(texts[pos])]
        if what and not any(t in _BE and what in other_toks[m + 1:m + 4] for m, t in enumerate(other_toks)):
            return None  # "it was not apple juice" denies what a thing is: only "it was apple juice" says otherwise
        if len(words) > 1 and not set(words[1:]) & said_there:
            return None  # the same act of something else: "did not affect emergency services", "affected 40,000 homes"
    common = {root(t) for t in a.terms & b.terms if t[:1] != "@"}
    shared = len(common) + len(a.names & b.names)
    # two words in common, or one that is what the negation is of ("No one was injured." / "One worker was injured.")
    # the pair must say nearly the same, unless what is negated is the very word the other asserts
    acted = neg.denied & common - _as_things(texts[i if neg is a else j])  # a verb denied and asserted: "injured"
    if (shared < 2 and not neg.denied & common) or (sim < cfg.polarity and not acted and not one_voice):
        return None  # "That's for sure." against "Stewart is not so sure.": too little in common to be one claim
    none_did = _NONE_DID.search(texts[i if neg is a else j])
    if none_did and stem(none_did.group(1).lower()) not in (b if neg is a else a).terms:
        return None  # "No one was injured in the fire" denies injuries, not "the fire destroyed 12 buses"
    return (_Val(i, "polarity", "polarity", pa, "asserted" if pa else "denied"),
            _Val(j, "polarity", "polarity", pb, "asserted" if pb else "denied"))


def _copula_denied(text: str) -> str | None:
    """The first word of what a negated form of "be" denies a thing is ("it was not apple juice" -> apple, "isn't
    available" -> available); None where the negation is of a verb ("was not injured", "is not leaving").

    >>> _copula_denied("The teacher saw it was not apple juice."), _copula_denied("He was not injured.")
    ('apple', None)
    """
    toks = [t.lower().replace("’", "'") for t in _TOKEN.findall(text)]
    for k, t in enumerate(toks):
        if t in _BE and toks[k + 1:k + 2] in (["not"], ["never"]):
            rest = toks[k + 2:]
        elif t.endswith("n't") and t[:-3] in _BE:
            rest = toks[k + 1:]
        else:
            continue
        word = next((w for w in rest if w not in DETERMINERS), "")
        return None if not word.isalpha() or _past(word) or word.endswith("ing") else word
    return None


def _finite_tense(text: str) -> str | None:
    """The tense of the sentence's first finite verb (``lemminflect``): "present" ("does not have to register",
    "includes"), "past" ("had to register", "was approved") or None where no verb says. The perfect ("has approved")
    tells what is done, as the past does.

    >>> _finite_tense("Now he does not have to register."), _finite_tense("He still had to register in 1990.")
    ('present', 'past')
    >>> _finite_tense("Regulators have not approved the drug."), _finite_tense("The deal includes a pay rise.")
    ('past', 'present')
    """
    for w in _words(text):
        lemmas = word_lemmas(w)
        aux = (lemmas.get("AUX") or ("",))[0]
        if w in _HAVE or aux in ("be", "do"):
            return "past" if w in _HAVE or w in word_forms(aux, "VBD") else "present"
        if w in STOPWORDS or len(w) < 3:
            continue
        verb = (lemmas.get("VERB") or ("",))[0]
        if verb and w != verb and "NOUN" not in lemmas:
            if w in word_forms(verb, "VBD"):
                return "past"
            if w in word_forms(verb, "VBZ"):
                return "present"
    return None


def _opposed(denial: str, other: str, embedding: str = "static") -> bool:
    """A rejection of a thing ("rejected the salvage plan") stands against the other's verb of the same act
    ("approved the plan"): a verb of the other near the rejecting verb in meaning. A denial of what was said ("denied
    that ...") stands against any assertion of it."""
    words = [w.lower() for w in _TOKEN.findall(denial)]
    verb = next((w for k, w in enumerate(words) if w in DENIALS and not w.startswith("den")
                 and "that" not in words[k + 1:k + 2]), None)  # "rejected the plan", not "rejected claims that"
    if verb is None:
        return True
    return any(_past(w) and verb_similarity(verb.lower(), w.lower(), embedding) >= _OPPOSED
               for w in _TOKEN.findall(other))


_OPPOSED = 0.4  # the cosine of a rejecting verb and the other's verb of the same act ("rejected", "approved": 0.49)


# a negative quantifier as the subject ("no one was hurt", "nothing has been found"): what it denies is its verb
_NONE_DID = re.compile(r"\b(?:no one|no-one|nobody|none|nothing|no \w+)\s+(?:(?:was|were|is|are|has|have|had|been|be|"
                       r"being|reported|yet)\s+)*([a-z]{3,})", re.I)
_VOICE = re.compile(r"^(.{1,60}?)\s+(?:has\s+|have\s+|had\s+)?(?:" + "|".join(sorted(SPEECH_VERBS | DENIALS)) + r")\b",
                    re.I)


def _speaker(text: str) -> frozenset[str]:
    """Who speaks at the head of a sentence ("The club confirmed ...", "The club denied ..."): their words."""
    m = _VOICE.match(text.strip())
    return frozenset(_words(m.group(1))) - {"the", "a", "an"} if m else frozenset()


# closed classes of grammar that tell a verb's voice and whether it takes an object
_BE = PASSIVE_AUXILIARIES  # "was dismissed", "got sacked"
_HAVE = frozenset("has have had".split())
_TOKEN = re.compile(r"[A-Za-z][A-Za-z'’-]*|\d+|[^\w\s]")


def _past(word: str) -> str | None:
    """The verb a past tense or participle is of ("dismissed" -> "dismiss", "quit" -> "quit"), else None."""
    w = word.lower()
    lemmas = word_lemmas(w).get("VERB")
    if not lemmas or w in _BE or w in _HAVE or w in AUXILIARIES:
        return None
    lemma = lemmas[0]
    forms = set(word_forms(lemma, "VBD")) | set(word_forms(lemma, "VBN"))
    return lemma if w in forms else None


def _takes_object(word: str) -> bool:
    """The word after a verb opens its object: a determiner, a name, a figure or a noun ("sacked manager X")."""
    w = word.lower()
    return (w in DETERMINERS or word[:1].isupper() or word[:1].isdigit()
            or ("NOUN" in word_lemmas(w) and w not in STOPWORDS and not w.endswith("ing")))


def _as_subject(toks: list[str], k: int) -> tuple[str, str, str] | None:
    """The role of the noun phrase ending at ``k`` as a subject: the patient of a passive, the agent of an active
    verb with no object."""
    j = k + 1
    while j < len(toks) and (toks[j].lower() in _HAVE or toks[j].endswith("ly")):
        j += 1
    if j < len(toks) and toks[j].lower() in _BE:
        j += 1
        while j < len(toks) and (toks[j].lower() in _BE or toks[j].endswith("ly")):
            j += 1
        verb = _past(toks[j]) if j < len(toks) else None
        return ("patient", verb, toks[j]) if verb and toks[j].lower() not in SPEECH_VERBS else None
    if j < len(toks) and (verb := _past(toks[j])) and toks[j].lower() not in SPEECH_VERBS:
        if _takes_object(toks[j + 1] if j + 1 < len(toks) else "."):
            return None  # "joined Rovers", "left the club"
        return "agent", verb, toks[j]
    return None


def _as_object(toks: list[str], start: int) -> tuple[str, str, str] | None:
    """The role of the noun phrase starting at ``start`` as the object of the verb before it ("Rovers have dismissed
    manager Piet Callaghan", "why Anderson fired him")."""
    b, steps = start - 1, 0
    while b >= 0 and steps < 2 and toks[b][:1].islower() and not _past(toks[b]) and toks[b] not in DETERMINERS:
        b, steps = b - 1, steps + 1
    if b >= 1 and (verb := _past(toks[b])) and toks[b].lower() not in SPEECH_VERBS and (
            toks[b - 1].lower() in _HAVE or toks[b - 1][:1].isupper()):
        return "patient", verb, toks[b]
    return None


_SUBJECT_PRONOUNS = frozenset("he she".split())
_OBJECT_PRONOUNS = frozenset("him her".split())


def roles(text: str, name: str) -> list[tuple[str, str, str]]:
    """How the sentence tells what happened to ``name``: ``("agent", verb, form)`` where the person is the subject of
    an active verb that takes no object ("Keane has resigned as manager"), ``("patient", verb, form)`` where
    something was done to them ("Keane was sacked", "Rovers have dismissed manager Piet Callaghan"). After the name,
    a pronoun ("fired him") or a description as a subject ("the one-time second baseman was fired") is the same
    person. Verbs of saying tell no role.

    >>> roles("Piet Callaghan has resigned as manager of Saltmarsh Rovers.", "Piet Callaghan")
    [('agent', 'resign', 'resigned')]
    >>> roles("Saltmarsh Rovers have dismissed manager Piet Callaghan after five defeats.", "Piet Callaghan")
    [('patient', 'dismiss', 'dismissed')]
    >>> roles("Alderson said Backman resigned, but sources said the one-time second baseman was fired.", "Wally Backman")
    [('agent', 'resign', 'resigned'), ('patient', 'fire', 'fired')]
    >>> roles("Keane joined Rovers in 2022.", "Declan Keane"), roles("Keane said nothing.", "Keane")
    ([], [])
    """
    n = len(name.split())
    toks = _TOKEN.findall(text)
    words = name.split()
    out: list[tuple[str, str, str]] = []
    first = None
    for k, t in enumerate(toks):
        if t == words[-1]:
            first = k if first is None else first
            start = k - n + 1 if toks[max(0, k - n + 1):k + 1] == words else k
            out += [r for r in (_as_subject(toks, k), _as_object(toks, start)) if r]
        elif first is not None and t.lower() in _SUBJECT_PRONOUNS:
            out += [r for r in (_as_subject(toks, k),) if r]
        elif first is not None and t.lower() in _OBJECT_PRONOUNS:
            out += [r for r in (_as_object(toks, k),) if r]
        elif first is not None and t.lower() == "the":
            # a description as the subject of a passive: "the one-time Mets second baseman was fired"
            end = next((m for m in range(k + 2, min(len(toks), k + 8)) if toks[m].lower() in _BE), None)
            if end is not None and all(w.replace("-", "").isalnum() and not _past(w) for w in toks[k + 1:end]):
                out += [r for r in (_as_subject(toks, end - 1),) if r and r[0] == "patient"]
    return list(dict.fromkeys(out))


def _as_things(text: str) -> set[str]:
    """Roots of the words a determiner makes things of ("an appeal", "the merger")."""
    toks = _TOKEN.findall(text)
    return {root(stem(w.lower())) for d, w in zip(toks, toks[1:]) if d.lower() in DETERMINERS}


@lru_cache(maxsize=1 << 14)
def verb_similarity(x: str, y: str, embedding: str = "static") -> float:
    """The cosine of two words' embeddings: how near two verbs are in meaning."""
    v = encode([x, y], embedding)
    return float(v[0] @ v[1])


def _told_roles(s: Slots, text: str) -> list[tuple[str, tuple[str, str, str]]]:
    """The roles a sentence tells of the people it names, where it asserts them of this event."""
    if s.hedged or s.negated or _SPEECH_MARKS.search(text) or any(len(d) == 4 for d in s.dates):
        return []  # a year of its own ("resigned in 2009 from his first club") is another event
    return [(name, r) for name in sorted(s.names) for r in roles(text, name)]


def role_conflicts(slots: Sequence[Slots], texts: Sequence[str], outlet: Sequence[str], floor: float = 0.35,
                   embedding: str = "static", people: frozenset[str] | None = None) -> list[tuple[_Val, _Val]]:
    """What happened to a person, told two ways that cannot both be true: one did it of their own accord (an active
    verb with no object), the other had it done to them ("resigned" / "was dismissed"), by verbs near enough in
    meaning to tell one act. The sentences are blocked by the person they name, so no pair without a shared name is
    read. A sentence that tells both ("X said he resigned, but sources said he was fired") stands on both sides;
    other pairs come from different outlets, of days that do not differ."""
    by_name: dict[str, list[tuple[int, tuple[str, str, str]]]] = defaultdict(list)
    for k, s in enumerate(slots):
        for name, r in _told_roles(s, texts[k]):
            if people is None or name in people:  # what happened to a person, not to a port or a company
                by_name[name].append((k, r))
    out = []
    for name, told in sorted(by_name.items()):
        for n, (i, ra) in enumerate(told):
            for j, rb in told[n + 1:]:
                if i != j and (outlet[i] == outlet[j] or _other_occasion(slots[i], slots[j])):
                    continue
                if _listed(texts[i], ra[2], rb[2]) or _listed(texts[j], rb[2], ra[2]):
                    continue  # a sentence that lists the other act too ("harassed, assaulted or ...") is no side
                if ra[0] != rb[0] and ra[1] != rb[1] and verb_similarity(ra[2], rb[2], embedding) >= floor:
                    out.append((_Val(i, "role", name, ra[0], ra[2]), _Val(j, "role", name, rb[0], rb[2])))
    return out


def _listed(text: str, verb: str, other: str) -> bool:
    """The sentence gives ``other`` in a list with its own ``verb`` ("harassed, assaulted or attempted to"): one
    accusation of several acts, not one act told one way. An act told in a clause of its own ("had resigned,
    although his agent said he was fired") is a side.

    >>> _listed("They allege he harassed, assaulted or threatened them.", "harassed", "assaulted")
    True
    >>> _listed("He had resigned, although his agent has since said he was fired.", "resigned", "fired")
    False
    """
    words = _words(text)
    at = [k for k, w in enumerate(words) if w == verb.lower()]
    return any(w == other.lower() and any(abs(k - m) <= 2 for m in at) for k, w in enumerate(words))


_DESCRIBED = re.compile(r"^\s*(?:the|a|an)\s+(?:[a-z][\w-]*\s+){0,2}?([a-z][\w-]+)\s+(?=(?:has\s+|had\s+|have\s+)?"
                        r"(?:been\s+|was\s+|were\s+|is\s+)?[a-z]+)", re.I)


def described_roles(i: int, j: int, texts: Sequence[str], slots: Sequence[Slots], floor: float,
                    embedding: str = "static") -> list[tuple[_Val, _Val]]:
    """What happened to the one both aligned sentences open with, told two ways that cannot both be true ("The mayor
    resigned" / "The mayor was ousted by the council"): :func:`role_conflicts` for a subject that a common noun
    names."""
    heads = []
    for k in (i, j):
        m = _DESCRIBED.match(texts[k])
        if not m or slots[k].hedged or slots[k].negated:
            return []
        heads.append(m.group(1).lower())
    if heads[0] != heads[1] or heads[0] in STOPWORDS:
        return []
    ra = [r for r in roles(texts[i], heads[0]) if r]
    rb = [r for r in roles(texts[j], heads[1]) if r]
    if len(ra) != 1 or len(rb) != 1 or _SPEECH_MARKS.search(texts[i]) or _SPEECH_MARKS.search(texts[j]):
        return []
    (x, y) = ra[0], rb[0]
    if x[0] != y[0] and x[1] != y[1] and verb_similarity(x[2], y[2], embedding) >= floor:
        key = "the " + heads[0]
        return [(_Val(i, "role", key, x[0], x[2]), _Val(j, "role", key, y[0], y[2]))]
    return []


def age_conflicts(slots: Sequence[Slots], outlet: Sequence[str]) -> list[tuple[_Val, _Val]]:
    """Two outlets giving one named person different ages ("Lee, 48," against "47-year-old Ann Lee"): an age is the
    person's, so the two sentences need not say the same thing besides."""
    told: dict[str, list[_Val]] = defaultdict(list)
    for k, s in enumerate(slots):
        if not s.hedged:
            for q in _counts(s):
                if q.key.startswith(AGE):
                    told[q.key].append(_Val(k, "number", q.key, q.value, q.surface, q.low, q.high))
    return [(x, y) for vals in told.values() for n, x in enumerate(vals) for y in vals[n + 1:]
            if outlet[x.sentence] != outlet[y.sentence] and x.value != y.value]


def _values(k: int, s: Slots, kind: str, key: str) -> list[_Val]:
    """The values sentence ``k`` gives in one slot (as :func:`compare` reads them)."""
    if s.hedged:
        return []
    if kind == "number":
        return [_Val(k, kind, key, q.value, q.surface, q.low, q.high) for q in _counts(s) if q.key == key]
    if kind == "date":
        return [_Val(k, kind, key, d, d) for d in s.dates if len(d) >= 7][:1] if len(s.dates) == 1 else []
    if kind == "place":
        return [_Val(k, kind, key, p, p) for p in s.places]
    if kind == "agent":
        return [_Val(k, kind, key, a, a) for a in s.agents]
    if kind == "cause":
        return [_Val(k, kind, key, s.cause, " ".join(sorted(s.cause)))] if s.cause else []
    return []


def _figure_tellings(members: list[_Val], slots: Sequence[Slots], vectors: np.ndarray, floor: float) -> list[_Val]:
    """Other sentences that give a disputed figure, whatever noun they count it by ("47 objects", "47 artefacts"),
    and are near in meaning to a sentence that gives it: they join that figure's side."""
    have = {m.sentence for m in members}
    by_value: dict[float, list[_Val]] = defaultdict(list)
    for m in members:
        by_value[m.value].append(m)
    out = []
    for k, s in enumerate(slots):
        if k in have or s.hedged:
            continue
        for q in _counts(s):
            told = by_value.get(q.value)
            if told and max(float(vectors[k] @ vectors[m.sentence]) for m in told) >= floor:
                out.append(_Val(k, "number", told[0].key, q.value, q.surface, q.low, q.high))
                break
    return out


def _tellings(kind: str, key: str, members: list[_Val], slots: Sequence[Slots]) -> list[_Val]:
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
            if any(_agree(v, m) and v.value == m.value and len(own & ts) >= need for m, ts in terms):
                out.append(v)
                break
    return out


def _norm(name: str) -> frozenset[str]:
    return frozenset(w for w in re.split(r"[\s-]+", name.lower().replace(".", "")) if w not in ("the", "of", "st"))


def _variants(x: str, y: str) -> bool:
    """Two spellings of one name ("The Virginian-Pilot" and "Virginian Pilot", a misspelt word in a long name)."""
    a, b = _norm(x), _norm(y)
    return bool(a and b and len(a & b) * 2 >= min(len(a), len(b)))


def _other_time(a: Slots, b: Slots) -> bool:
    """The two sentences tell of different days or years ("in 1988", "in July 2016"); days next to each other are
    one event that outlets date a day apart."""
    return bool(a.dates and b.dates and not set(a.dates) & set(b.dates)
                and not any(_next_day(x, y) for x in a.dates for y in b.dates))


def _other_occasion(a: Slots, b: Slots) -> bool:
    """Figures of different days, places or people ("Jones was held on $50,000 bond", "Lee was held on $100,000"). Days
    next to each other are one event that outlets date a day apart (the date is then disputed too)."""
    return bool((a.patients and b.patients and not a.patients & b.patients) or _other_time(a, b)
                or (a.all_places and b.all_places and not a.all_places & b.all_places))


def _since(x: _Val, y: _Val, told_at: Sequence[str | None]) -> bool:
    """One of two past dates falls after the day the other's report was published: the later report tells of
    something that happened since."""
    for u, v in ((x, y), (y, x)):
        t = told_at[v.sentence]
        if t and told_at[u.sentence] and told_at[u.sentence] > t and str(u.value) > t[:10]:
            return True
    return False


def _next_day(x: str, y: str) -> bool:
    """Two days (ISO dates) one day apart.

    >>> _next_day("2025-03-01", "2025-03-02"), _next_day("2025-03-01", "2025-03-03"), _next_day("2025-03", "2025-03-02")
    (True, False, False)
    """
    if len(x) != 10 or len(y) != 10:
        return False
    try:
        return abs((date.fromisoformat(x) - date.fromisoformat(y)).days) == 1
    except ValueError:
        return False


def _other_actors(x: str, y: str, a: Slots, b: Slots, names_i: frozenset[str], names_j: frozenset[str]) -> bool:
    """Two actors that cannot both have done it: different people or bodies, neither named in the other's sentence
    or article (in any spelling or as initials), and not a role ("the driver") against a name it may stand for."""
    return (x != y and x not in b.names and y not in a.names and x not in names_j and y not in names_i
            and not set(x.lower().split()) & set(y.lower().split()) and not _variants(x, y) and not _initials(x, y)
            and not any(_variants(x, n) for n in names_j) and not any(_variants(y, n) for n in names_i)
            and x.startswith("the ") == y.startswith("the "))


def _other_places(x: str, y: str, a: Slots, b: Slots, names_i: frozenset[str], names_j: frozenset[str]) -> bool:
    """Two places that cannot both be where it happened: of one kind (two towns, two streets, two venues), neither
    inside the other's name, not two spellings of one name, and neither outlet's article naming the other's."""
    kinds = dict(a.place_types) | dict(b.place_types)
    same_kind = kinds.get(x) == kinds.get(y) or x.split()[-1] == y.split()[-1]  # two "... Square"s
    if is_region(x) != is_region(y):
        return False  # a country or a state against a town ("in Turkey", "at Ephesus"): the town may lie in it
    if PART in (kinds.get(x), kinds.get(y)):  # "the north shaft" against "the south shaft", not against a town
        return (kinds.get(x) == kinds.get(y) and x != y and x.split()[-1] == y.split()[-1]
                and root(y.split()[0]) not in a.terms and root(x.split()[0]) not in b.terms)
    return (same_kind and x not in y and y not in x and not _variants(x, y) and not _initials(x, y)
            and x not in names_j and y not in names_i and not any(_variants(x, n) for n in names_j)
            and not any(_variants(y, n) for n in names_i))


def _when(value: object) -> str | None:
    """A publication time as comparable text (ISO 8601, UTC as given), or None."""
    text = str(value or "").strip()
    return text.replace(" ", "T") if text[:4].isdigit() else None


def _label(vals: list[_Val]) -> str:
    """A side's name: its most told wording."""
    return sorted(Counter(v.label for v in vals).items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0]))[0][0]


_AT_ISSUE = {"date": "when it happened", "place": "where it happened", "agent": "who did it",
             "cause": "what caused it", "polarity": "whether it happened", "role": "what happened to"}


# what a reader asks of a figure in a unit: "how long" of a unit of time, "what share" of a percentage, else "how much"
_UNIT_QUESTION = {**dict.fromkeys(TIME_UNITS, "how long"), "percent": "what share"}


def _subject(kind: str, key: str, members: list[_Val], slots: Sequence[Slots],
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


_OPENER = re.compile(r"^[\W_]*(?:he|she|it|they|his|her|its|their|this|that|these|those|but|and|so|also|however|"
                     r"i|we|you|our|my|the \d+-year-old)\b", re.I)




def _told_elsewhere(sl: Slots, elsewhere: str) -> bool:
    """Every figure and name the sentence gives is in the other outlets' text: it adds nothing of its own."""
    figures = all(_mentions_figure(elsewhere, q.value) for q in _counts(sl))
    names = all(n.lower() in elsewhere or n.lower().split()[-1] in elsewhere for n in sl.names)
    return figures and names


def single_source(sentences: Sequence[object], slots: Sequence[Slots], nearest: Sequence[float],
                  limit: int = 5, echo: float = DEFAULT.echo, disputed: frozenset[int] = frozenset(),
                  vectors: np.ndarray | None = None, restated: float = DEFAULT.restated) -> list[dict[str, Any]]:
    """Up to ``limit`` notable statements that only one outlet carries: a statement of fact (no quote, question,
    modal, negation or sentence that leans on the one before) that gives a figure, a date of this year, a named actor,
    a cause or an attribution (a name or a place alone is colour), and whose ``nearest`` sentence of another outlet in meaning is below ``echo``.
    Sentences on a side of a dispute (``disputed``) are the dispute's, not single-source. Stories of one outlet
    have none. Statements with more of those marks come first, then the least echoed, then the earliest; a
    statement near one already listed (``vectors``) is not listed twice."""
    outlet = [str(get(s, "source") or get(s, "article_id")) for s in sentences]
    if limit <= 0 or len(set(outlet)) < 2:
        return []
    texts = [str(get(s, "text", "") or "") for s in sentences]
    told_by: dict[str, list[str]] = defaultdict(list)
    for o, t in zip(outlet, texts):
        told_by[o].append(numbers_to_digits(t).lower())
    elsewhere = {o: " ".join(t for other, ts in told_by.items() if other != o for t in ts) for o in told_by}
    # the story's year: of its reports, else the latest year its sentences name; a sentence of an earlier year is
    # background ("Born in Georgia ... in 1993", "bypass surgery in 2010")
    years = [int(y) for s in sentences for y in [str(get(s, "published") or "")[:4]] if y.isdigit()]
    years = years or [int(y) for t in texts for y in YEAR.findall(t)]
    story_year = max(years, default=0)
    ranked = []
    for k, (s, sl) in enumerate(zip(sentences, slots)):
        t = texts[k]
        n_words = len(t.split())
        if (k in disputed or sl.hedged or not 8 <= n_words <= 45 or any(q in t for q in "“”\"")
                or _OPENER.match(t) or sl.negated or t.rstrip().endswith(("?", ":")) or t.lstrip().startswith("[")
                or not sl.terms or any(int(y) < story_year for y in YEAR.findall(t))):
            continue
        if nearest[k] >= restated or (nearest[k] >= echo and _told_elsewhere(sl, elsewhere[outlet[k]])):
            continue  # said by another outlet: in nearly the same words, or near them with nothing of its own
        year = str(get(s, "published") or "")[:4]
        now = [d for d in sl.dates if not year or d[:4] == year]  # a date of another year is background
        said = attribution(t) is not None or _VOICE.match(t) is not None  # "The owner, Kessel, said ..."
        notable = bool(_counts(sl)) + bool(now) + bool(sl.agents) + bool(sl.cause) + said
        weight = bool(_counts(sl)) + bool(now) + bool(sl.places) + bool(sl.names or sl.agents) + bool(sl.cause) + said
        if not notable or (sl.dates and not now and not _counts(sl)):
            continue  # colour (a name or a place, and no figure, actor, cause or source), or background: what
            # happened in another year
        pos = get(s, "position", k)
        ranked.append((-weight, round(float(nearest[k]), 6), pos if isinstance(pos, int) else k,
                       str(get(s, "article_id")), k))
    ranked.sort()
    out, seen = [], []
    for *_, k in ranked:
        if vectors is not None and any(float(vectors[k] @ vectors[m]) >= echo for m in seen):
            continue  # the same statement twice ("lies on a bed at a hospital", "... in a hospital")
        seen.append(k)
        src = source_sentence(sentences[k])
        out.append({"text": texts[k], "article_ids": [src["article_id"]], "outlets": [src["outlet"]] if src["outlet"] else [],
                    "sentences": [src]})
        if len(out) == limit:
            break
    return out


def compare_story(sentences: Sequence[object], index: EntityIndex, vectors: np.ndarray,
                  published: dict[str, Any] | None = None, cfg: CompareConfig = DEFAULT,
                  slots: list[Slots] | None = None, single_max: int = 0, embedding: str = "static"
                  ) -> tuple[list[Dispute], list[dict[str, Any]]]:
    """The story's disputes, from the pairs of sentences of different outlets that align by meaning (``vectors``:
    one unit row per sentence) and whose slots cannot both be true; and up to ``single_max`` single-source
    statements (no sentence of another outlet near them)."""
    sentences = list(sentences)
    slots = slots if slots is not None else read_slots(sentences, index, published)
    texts = [str(get(s, "text", "") or "") for s in sentences]
    art = [str(get(s, "article_id")) for s in sentences]
    outlet = [str(get(s, "source") or get(s, "article_id")) for s in sentences]
    names_of: dict[str, set[str]] = defaultdict(set)
    days_of: dict[str, set[str]] = defaultdict(set)  # the days each article tells of
    for k, s in enumerate(slots):
        names_of[art[k]].update(s.names)
        days_of[art[k]].update(s.dates)
    frozen = {a: frozenset(ns) for a, ns in names_of.items()}
    # a figure that any outlet marks as an earlier one ("up from 23") is a revision, not a side of a dispute
    earlier: dict[str, set[float]] = defaultdict(set)
    for s in slots:
        for q in s.quantities:
            if q.superseded:
                earlier[q.key].add(q.value)
    usable = np.array([bool(s.terms) for s in slots], dtype=bool)
    pairs = align(vectors, outlet, cfg.align, cfg.top_k, usable)
    # a count a later report tells as changed ("the toll has risen to 14") updates an earlier report's figure
    revised = {(k, q.key, q.value) for k, sl in enumerate(slots) for q in sl.quantities if q.revised}
    told_at = [_when((published or {}).get(a) or get(s, "published")) for a, s in zip(art, sentences)]

    def update(x: _Val, y: _Val) -> bool:
        return any((a.sentence, a.key, a.value) in revised and told_at[a.sentence] and told_at[b.sentence]
                   and told_at[a.sentence] > told_at[b.sentence] for a, b in ((x, y), (y, x)))

    conflicts: dict[tuple[str, str], list[tuple[_Val, _Val]]] = defaultdict(list)
    agreements: dict[tuple[str, str], list[tuple[_Val, _Val]]] = defaultdict(list)
    tense: dict[int, str | None] = {}  # read once, for the sentences with a date

    def tense_of(k: int) -> str | None:
        if k not in tense:
            tense[k] = told_as(texts[k], (published or {}).get(art[k])) if slots[k].dates else None
        return tense[k]

    people = frozenset(e.name for e in index.entities if e.type == PERSON)
    for x, y in role_conflicts(slots, texts, outlet, cfg.role_verbs, embedding, people):
        conflicts[(x.kind, x.key)].append((x, y))
    for x, y in age_conflicts(slots, outlet):
        conflicts[(x.kind, x.key)].append((x, y))
    for (i, j), sim in sorted(pairs.items()):
        a, b = slots[i], slots[j]
        quoted = mostly_quoted(texts[i]) or mostly_quoted(texts[j])  # what someone said, not what happened
        vals = [] if quoted else compare(i, j, a, b, sim, frozen[art[i]], frozen[art[j]], cfg,
                                         (tense_of(i), tense_of(j)), embedding)
        pol = _polarity(i, j, a, b, sim, texts, cfg, told_at, embedding)
        if pol:
            vals.append(pol)
        if not quoted and outlet[i] != outlet[j] and not _other_occasion(a, b):
            vals += described_roles(i, j, texts, slots, cfg.role_verbs, embedding)
        for x, y in vals:
            if _agree(x, y):
                agreements[(x.kind, x.key)].append((x, y))
            elif x.kind == "date" and (y.value in days_of[art[i]] or x.value in days_of[art[j]]):
                continue  # an article that tells of both days tells of an event that lasted them, not of another date
            elif x.kind == "date" and tense_of(i) == "past" and _since(x, y, told_at):
                continue  # a later report tells of a day after the earlier one was written: news since, not a side
            elif x.kind == "number" and update(x, y):
                continue  # a later report's new value of a changing count, not a side against the earlier one
            elif x.kind == "place" and (_one_of_places(texts[i], x.value) or _one_of_places(texts[j], y.value)):
                continue  # "from New England to Tennessee", "the United States and Canada": a region, not the place
            elif (x.kind in ("place", "agent") or x.kind == "number" and not (_counted(x, slots) and _counted(y, slots))) \
                    and not same_slot(x, y, texts, cfg.context, embedding):
                continue  # a unit ("minutes", "pounds", "percent"), a name or two counted nouns ("four wounds",
                # "three people") say little of what they are of
            elif x.kind != "number" or not (_far(x, y, cfg) and not _one_count(x, y, slots, texts, cfg, embedding)
                                            or {x.value, y.value} & earlier[x.key]
                                            or _mentions_figure(texts[i], y.value) or _mentions_figure(texts[j], x.value)):
                conflicts[(x.kind, x.key)].append((x, y))  # a sentence that also gives the other figure is no side
    out = []
    for (kind, key), edges in sorted(conflicts.items()):
        nodes = sorted({v for e in edges for v in e}, key=lambda v: (v.sentence, str(v.value)))
        ids = {v: k for k, v in enumerate(nodes)}
        comps = connected_components(range(len(nodes)), [(ids[x], ids[y]) for x, y in edges])
        groups: dict[int, list[_Val]] = defaultdict(list)
        for k, top in comps.items():
            groups[top].append(nodes[k])
        by_values: dict[frozenset[str], list[_Val]] = {}  # two pairs setting the same values against each other: one
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
    disputed = frozenset(v.sentence for d_edges in conflicts.values() for e in d_edges for v in e)
    nearest = nearest_elsewhere(vectors, outlet, usable)
    return out, single_source(sentences, slots, nearest, single_max, cfg.echo, disputed, vectors, cfg.restated)


def _dispute(kind: str, key: str, members: list[_Val], agreements: list[tuple[_Val, _Val]], slots: Sequence[Slots],
             sentences: Sequence[object], outlet: Sequence[str]) -> Dispute | None:
    members = list(members)
    # every other aligned telling of a disputed value joins its side
    grew = True
    while grew:
        grew = False
        have = set(members)
        for x, y in agreements:
            for u, v in ((x, y), (y, x)):
                if u in have and v not in have and any(_agree(v, m) for m in have if m.sentence == u.sentence):
                    members.append(v)
                    have.add(v)
                    grew = True
    # sides: values that agree are one side (an exact figure inside a hedged range joins it)
    uniq = sorted(set(members), key=lambda v: (v.sentence, str(v.value)))
    ids = {v: k for k, v in enumerate(uniq)}
    bounded = [v for v in uniq if not (kind == "number" and v.high == float("inf"))]
    comps = connected_components(range(len(uniq)), [(ids[x], ids[y]) for n, x in enumerate(bounded)
                                                     for y in bounded[n + 1:] if _agree(x, y)])
    vague = set()
    for v in uniq:  # an open bound ("at least 20") joins the one side it agrees with, else stands alone
        if v not in bounded:
            roots = {comps[ids[w]] for w in bounded if _agree(v, w)}
            if len(roots) > 1:
                vague.add(v)  # "at least 20" against "20" and "21": it takes no side
            comps[ids[v]] = roots.pop() if len(roots) == 1 else ids[v]
    by_side: dict[int, list[_Val]] = defaultdict(list)
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
        idx = sorted({v.sentence for v in vs}, key=lambda k: (str(get(sentences[k], "article_id")), k))
        sents = [source_sentence(sentences[k]) for k in idx]
        label = _label(vs)
        if kind == "polarity":
            label = _phrase(sents[0]["text"], denied) or ("says it did" if vs[0].value else "says it did not")
        elif kind == "cause":
            label = _span(sents[0]["text"], vs[0].value) or label  # the cause as the sentence words it
        sides.append(Side(label, sents[0]["text"], sorted({s["article_id"] for s in sents}),
                          sorted({s["outlet"] for s in sents if s["outlet"]}), sents))
    quantities = [q for k in {v.sentence for v in uniq} for q in slots[k].quantities] if kind == "number" else []
    return Dispute(_subject(kind, key, uniq, slots, quantities), kind if kind != "number" else key,
                   "number" if kind == "number" else "predicate", sides)

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
from datetime import date
from typing import Any, Sequence

from storyline.core.grouping.cluster import connected_components
from storyline.core.story.alignment import align
from storyline.core.story.entities import EntityIndex, get, is_region
from storyline.core.story.extraction import (
    CURRENCIES,
    DENIALS,
    PART,
    SPEECH_VERBS,
    Quantity,
    Slots,
    extract,
    numbers_to_digits,
    root,
)
from storyline.core.story.sources import Dispute, Side, attribution, source_sentence
from storyline.core.story.timeline import date_tense, find_dates
from storyline.core.text.clean import sentence_flags
from storyline.core.text.text import stem

CURRENCY = frozenset(CURRENCIES.values())  # a rise in cents and the fares it moves between are one dispute


@dataclass(frozen=True)
class CompareConfig:
    """Thresholds of the comparison (cosine of aligned pairs per slot kind, and how far two tellings of one figure
    may lie apart)."""

    align: float = 0.2
    number: float = 0.3
    number_loose: float = 0.5  # different counted nouns: the sentences must say nearly the same
    date: float = 0.45
    place: float = 0.3
    agent: float = 0.5
    cause: float = 0.35
    polarity: float = 0.6
    max_ratio: float = 2.2


DEFAULT = CompareConfig()
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


def read_slots(sentences: Sequence[object], index: EntityIndex, published: dict[str, Any] | None = None) -> list[Slots]:
    """The slots of every sentence of a story; flagged sentences (questions, residue) give empty slots."""
    published = published or {}
    out = []
    for i, s in enumerate(sentences):
        text = str(get(s, "text", "") or "")
        if not text or set(sentence_flags(text)) - _SLOT_FLAGS_OK:
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


def _number_vals(i: int, j: int, a: Slots, b: Slots, sim: float, cfg: CompareConfig) -> list[tuple[_Val, _Val]]:
    out: list[tuple[_Val, _Val]] = []
    if _other_occasion(a, b):
        return out
    qa, qb = _counts(a), _counts(b)
    for x in qa:
        for y in qb:
            if x.pred and y.pred and x.pred != y.pred and x.noun and y.noun:
                continue  # "20 people were killed" and "10 people were wounded" count different things
            if x.key == y.key:
                if sim < cfg.number:
                    continue
            elif not (x.noun and y.noun and x.key != "tally" and y.key != "tally" and len(qa) == 1 and len(qb) == 1
                      and sim >= cfg.number_loose and x.noun not in " ".join(b.terms) and y.noun not in " ".join(a.terms)):
                continue
            key = x.key
            out.append((_Val(i, "number", key, x.value, x.surface, x.low, x.high),
                        _Val(j, "number", key, y.value, y.surface, y.low, y.high)))
    return out


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
            cfg: CompareConfig = DEFAULT, cause_anchored: bool = False) -> list[tuple[_Val, _Val]]:
    """The values of an aligned pair, slot by slot, that the caller checks for agreement (every pair returned is
    comparable; whether it conflicts is :func:`_agree`'s to say). ``names_*`` are all the names of each
    sentence's article."""
    if a.hedged or b.hedged:
        return []
    out = _number_vals(i, j, a, b, sim, cfg)
    if (sim >= cfg.date and len(a.dates) == 1 and len(b.dates) == 1
            and min(len(a.dates[0]), len(b.dates[0])) >= 7 and _near(a.dates[0], b.dates[0])):
        out.append((_Val(i, "date", "date", a.dates[0], a.dates[0]), _Val(j, "date", "date", b.dates[0], b.dates[0])))
    pa = [p for p in a.places if p not in b.places]  # places both name are shared ground ("in Glenmore")
    pb = [p for p in b.places if p not in a.places]
    if (sim >= cfg.place and len(pa) == 1 and len(pb) == 1 and _other_places(pa[0], pb[0], a, b, names_i, names_j)):
        out.append((_Val(i, "place", "place", pa[0], pa[0]), _Val(j, "place", "place", pb[0], pb[0])))
    elif sim >= cfg.place and a.places and a.places == b.places:
        out.append((_Val(i, "place", "place", a.places[0], a.places[0]),
                    _Val(j, "place", "place", b.places[0], b.places[0])))
    if (sim >= cfg.agent and len(a.agents) == 1 and len(b.agents) == 1
            and _other_actors(a.agents[0], b.agents[0], a, b, names_i, names_j)):
        out.append((_Val(i, "agent", "agent", a.agents[0], a.agents[0]), _Val(j, "agent", "agent", b.agents[0], b.agents[0])))
    if (sim >= cfg.cause or cause_anchored) and _causes(a, b):
        out.append((_Val(i, "cause", "cause", a.cause, " ".join(sorted(a.cause))),
                    _Val(j, "cause", "cause", b.cause, " ".join(sorted(b.cause)))))
    return out


def _causes(a: Slots, b: Slots) -> bool:
    """Two stated causes that may exclude each other: neither sentence names the other's cause."""
    return bool(a.cause and b.cause) and not (a.cause & b.terms) and not (b.cause & a.terms)


def _initials(a: str, b: str) -> bool:
    """One name is the other's initials ("GOSH", "Great Ormond Street Hospital")."""
    def caps(x: str) -> str:
        return "".join(w[0] for w in x.split() if w[:1].isupper())
    return a.replace(".", "") in (caps(b), caps(b)[:-1]) or b.replace(".", "") in (caps(a), caps(a)[:-1])


_SPEECH_MARKS = re.compile(r"[“”\"]|(?:^|\s)(?:I|I'm|I’m|we|We|my|My|our|Our)\b")


def _polarity(i: int, j: int, a: Slots, b: Slots, sim: float, texts: Sequence[str], cfg: CompareConfig,
              told_at: Sequence[Any] = ()) -> tuple[_Val, _Val] | None:
    if a.hedged or b.hedged:
        # "has not yet signed" asserts nothing against a later "has signed" (it was done since), but denies an
        # earlier or same-time "has signed"
        k, o = (i, j) if a.provisional else (j, i) if b.provisional else (None, None)
        if (k is None or (a.hedged and b.hedged) or len(told_at) <= max(i, j) or told_at[k] is None
                or told_at[o] is None or told_at[k] < told_at[o]):
            return None
        a, b = (replace(a, hedged=False, negated=True), b) if k == i else (a, replace(b, hedged=False, negated=True))
    if a.dates and b.dates and not set(a.dates) & set(b.dates):
        return None  # "no trains ran on Tuesday" and "trains ran again on Wednesday" are two days
    if _SPEECH_MARKS.search(texts[i]) or _SPEECH_MARKS.search(texts[j]):
        return None  # a quote or a speaker's own words: what someone said, not what the outlet asserts
    pa, pb = not (a.negated or a.attributed_denial), not (b.negated or b.attributed_denial)
    if pa == pb:
        return None
    # a denial someone voices ("X denied ...") against a claim someone else voices: both are reported speech, and
    # each outlet can report both; a denial counts against a claim an outlet makes in its own voice
    neg, pos = (a, j) if not pa else (b, i)
    said = attribution(texts[pos])
    if neg.attributed_denial and said and _speaker(said) != _speaker(texts[i if pos == j else j]):
        return None  # one voice denies what another claims; the same voice confirming and denying is a dispute
    # one says P, the other not P: what the negation is of is said by the other ("conceded defeat", "refused to
    # concede"), and the two share a subject or object besides
    other = b if neg is a else a
    said_there = {root(t) for t in other.terms if t[:1] != "@"}
    if not neg.denied & said_there:
        return None
    common = {root(t) for t in a.terms & b.terms if t[:1] != "@"}
    shared = len(common) + len(a.names & b.names)
    # two words in common, or one that is what the negation is of ("No one was injured." / "One worker was injured.")
    if (shared < 2 and not neg.denied & common) or sim < cfg.polarity:
        return None  # "That's for sure." against "Stewart is not so sure.": too little in common to be one claim
    none_did = _NONE_DID.search(texts[i if neg is a else j])
    if none_did and stem(none_did.group(1).lower()) not in (b if neg is a else a).terms:
        return None  # "No one was injured in the fire" denies injuries, not "the fire destroyed 12 buses"
    return (_Val(i, "polarity", "polarity", pa, "asserted" if pa else "denied"),
            _Val(j, "polarity", "polarity", pb, "asserted" if pb else "denied"))


# a negative quantifier as the subject ("no one was hurt", "nothing has been found"): what it denies is its verb
_NONE_DID = re.compile(r"\b(?:no one|no-one|nobody|none|nothing|no \w+)\s+(?:(?:was|were|is|are|has|have|had|been|be|"
                       r"being|reported|yet)\s+)*([a-z]{3,})", re.I)
_VOICE = re.compile(r"^(.{1,60}?)\s+(?:has\s+|have\s+|had\s+)?(?:" + "|".join(sorted(SPEECH_VERBS | DENIALS)) + r")\b",
                    re.I)


def _speaker(text: str) -> frozenset[str]:
    """Who speaks at the head of a sentence ("The club confirmed ...", "The club denied ..."): their words."""
    m = _VOICE.match(text.strip())
    return frozenset(_words(m.group(1))) - {"the", "a", "an"} if m else frozenset()


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


_ANCHOR_CAP = 40  # an act or counted noun that more sentences than this share anchors nothing


def anchor_pairs(slots: Sequence[Slots], outlet: Sequence[str]) -> dict[tuple[int, int], set[tuple[str, str]]]:
    """Pairs of sentences of different outlets that give a date, a place or an actor of the same act ("closed on
    Wednesday" and "closed on Thursday"; "X proposed the motion" and "Y proposed the motion"), or a figure of the
    same counted thing, and share at least one other term or name: the slot's own anchor ties them to one fact where
    the rest of their wording differs too much to align. Blocked by the anchor, so the cost stays linear."""
    index: dict[tuple[str, str], list[int]] = defaultdict(list)
    for k, s in enumerate(slots):
        if s.hedged:
            continue
        keys = {("date", act) for d, act in s.date_acts if act and len(d) >= 7}
        keys |= {("place", act) for _, act in s.place_acts if act}
        keys |= {("agent", act) for _, act in s.agent_acts if act}
        keys |= {("number", q.key) for q in _counts(s) if q.noun}
        keys |= _event_keys(s)
        for key in keys:
            index[key].append(k)
    out: dict[tuple[int, int], set[tuple[str, str]]] = defaultdict(set)
    df: Counter[str] = Counter(t for s in slots for t in s.terms)
    common = {t for t, n in df.items() if n > max(2, len(slots) // 2)}  # the story's own topic words and names
    for key, ks in index.items():
        if len(ks) > _ANCHOR_CAP or len({outlet[k] for k in ks}) < 2:
            continue
        for n, i in enumerate(ks):
            for j in ks[n + 1:]:
                if outlet[i] == outlet[j]:
                    continue
                other = {t for t in slots[i].terms & slots[j].terms if t != key[1] and t not in common}
                if (len(other) >= 2 or key[1].startswith(_EVENT)
                        or (other and key[0] == "number" and _same_act(slots[i], slots[j], key[1]))):
                    out[(min(i, j), max(i, j))].add(key)
    return out


_EVENT = "@event "


def _event_keys(s: Slots) -> set[tuple[str, str]]:
    """Anchors of one event told with its who, when and where: a sentence that names the event's subject and gives
    one day is keyed by both for its one place, one that names the subject and one place by both for its one date,
    and one with one day and one place by both for its one actor. Two outlets that agree on two of the three and
    differ on the third tell one event two ways, whatever verbs they use ("sank off X", "went down near Y")."""
    days = [d for d in s.dates if len(d) == 10]
    day = days[0] if len(s.dates) == 1 and days else ""
    place = s.places[0] if len(s.places) == 1 and _located(s, s.places[0]) else ""
    subjects = s.names - s.all_places
    out = set()
    if day and place:
        out |= {("place", f"{_EVENT}{day} {n}") for n in subjects}
        if len(s.agents) == 1:
            out.add(("agent", f"{_EVENT}{day} {place}"))
    if place and len(s.dates) == 1 and len(s.dates[0]) >= 7:
        out |= {("date", f"{_EVENT}{place} {n}") for n in subjects}
    return out


def _same_act(a: Slots, b: Slots, key: str) -> bool:
    """Both sentences say the same happened to the counted things ("killed 19", "20 were killed")."""
    acts = {q.act for q in _counts(a) if q.key == key} | {q.act for q in _counts(b) if q.key == key}
    return len(acts) == 1 and "" not in acts


def _norm(name: str) -> frozenset[str]:
    return frozenset(w for w in re.split(r"[\s-]+", name.lower().replace(".", "")) if w not in ("the", "of", "st"))


def _variants(x: str, y: str) -> bool:
    """Two spellings of one name ("The Virginian-Pilot" and "Virginian Pilot", a misspelt word in a long name)."""
    a, b = _norm(x), _norm(y)
    return bool(a and b and len(a & b) * 2 >= min(len(a), len(b)))


def _other_occasion(a: Slots, b: Slots) -> bool:
    """Figures of different days or places."""
    return bool((a.dates and b.dates and not set(a.dates) & set(b.dates))
                or (a.all_places and b.all_places and not a.all_places & b.all_places))


def _other_lead_occasion(a: Slots, b: Slots) -> bool:
    """Two leads of one day's reports tell of different occasions: places apart, or days apart unless the days are
    next to each other at a place both name (one event that outlets date a day apart: the date is then disputed
    too, and the figures are still of that one event)."""
    if not _other_occasion(a, b):
        return False
    if a.all_places and b.all_places and not a.all_places & b.all_places:
        return True
    shared = (a.all_places | set(a.places)) & (b.all_places | set(b.places))
    return not (shared and any(_next_day(x, y) for x in a.dates for y in b.dates))


def _next_day(x: str, y: str) -> bool:
    """Two days (ISO dates) one day apart."""
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


def _located(s: Slots, place: str) -> bool:
    """The place is a town, a region or a street, not an organisation named after a locative ("on NBC's show", "at
    the University of X"): where an event is told to have happened without its act to tie two sentences together."""
    return dict(s.place_types).get(place) in ("GPE", "LOC")


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


def _anchored(i: int, j: int, a: Slots, b: Slots, kind: str, act: str, names_i: frozenset[str],
              names_j: frozenset[str]) -> list[tuple[_Val, _Val]]:
    """The values of an anchored pair in the anchored slot: the date, place or actor each gives of the act, or each
    one's only figure of the counted thing."""
    if kind == "number":
        qa = [q for q in _counts(a) if q.key == act]
        qb = [q for q in _counts(b) if q.key == act]
        if len(qa) != 1 or len(qb) != 1 or (qa[0].pred and qb[0].pred and qa[0].pred != qb[0].pred):
            return []
        if _other_occasion(a, b):
            return []
        x, y = qa[0], qb[0]
        if x.act and y.act and x.act != y.act:
            return []
        return [(_Val(i, "number", act, x.value, x.surface, x.low, x.high),
                 _Val(j, "number", act, y.value, y.surface, y.low, y.high))]
    acts = {"date": (a.date_acts, b.date_acts), "place": (a.place_acts, b.place_acts),
            "agent": (a.agent_acts, b.agent_acts)}[kind]
    va = [v for v, x in acts[0] if x == act or act.startswith(_EVENT)]
    vb = [v for v, x in acts[1] if x == act or act.startswith(_EVENT)]
    if len(va) != 1 or len(vb) != 1:
        return []
    x, y = va[0], vb[0]
    if kind == "date":
        if min(len(x), len(y)) < 7 or not _near(x, y):
            return []
    elif x != y and not (_other_places if kind == "place" else _other_actors)(x, y, a, b, names_i, names_j):
        return []  # one name in two spellings, or a role ("the driver") that may be the person the other names
    return [(_Val(i, kind, kind, x, x), _Val(j, kind, kind, y, y))]


LEAD = 2  # an article's first sentences state its event: who, what, when, where, how many


def lead_pairs(position: Sequence[int], outlet: Sequence[str], slots: Sequence[Slots], day: Sequence[str] = ()
               ) -> set[tuple[int, int]]:
    """Pairs of lead sentences of different outlets published on the same day (``day``, when known). Every report
    of one day leads with the story's event, in whatever words its outlet uses, so two leads tell one event even
    where their wording shares little ("sank off X" and "went down near Y"); a report of a later day leads with
    what happened since. The bound on the sentences compared bounds these pairs too."""
    leads = [k for k, p in enumerate(position) if p < LEAD and not slots[k].hedged]
    return {(i, j) for n, i in enumerate(leads) for j in leads[n + 1:]
            if outlet[i] != outlet[j] and (not day or day[i] == day[j])}


def _told_as(text: str, published: object) -> str | None:
    """Whether the sentence dates something done ("was fired on Monday") or still to come ("will reopen on
    Monday"); None when its tense does not say ("is asking ... on Thursday")."""
    told = set()
    for start, _, _ in find_dates(text, published):
        tense, k = date_tense(text, start), start
        while tense is None and k > 0:  # "trapped after a gas explosion on Sunday": the verb of the clause before
            k = max(text.rfind(sep, 0, k) for sep in (" after ", " before ", " when ", ", "))
            tense = date_tense(text, k) if k > 0 else None
        told.add(tense)
    return told.pop() if len(told) == 1 else None


def _lead_vals(i: int, j: int, a: Slots, b: Slots, names_i: frozenset[str], names_j: frozenset[str],
               same_tense: bool = True) -> list[tuple[_Val, _Val]]:
    """The values two leads give of the event: a figure of the same counted thing (each lead's only one), its one
    date (when both tell it as done, or both as to come: ``same_tense``), its one place and its stated cause."""
    out: list[tuple[_Val, _Val]] = []
    if not a.terms & b.terms:
        return out  # an article's second sentence may move on ("the suspect was held on Friday")
    if not _other_lead_occasion(a, b) and len(a.terms & b.terms) >= 2:  # the counted thing and what is said of it
        qa, qb = Counter(q.key for q in _counts(a)), Counter(q.key for q in _counts(b))
        for x in _counts(a):
            for y in _counts(b):
                if (x.key == y.key and x.noun and y.noun and qa[x.key] == 1 and qb[y.key] == 1
                        and (not x.pred or not y.pred or x.pred == y.pred)):
                    out.append((_Val(i, "number", x.key, x.value, x.surface, x.low, x.high),
                                _Val(j, "number", y.key, y.value, y.surface, y.low, y.high)))
    words = {t for t in a.terms & b.terms if t[:1] != "@"}  # what happened, beyond whom it happened to
    if (words and same_tense and len(a.dates) == 1 and len(b.dates) == 1 and min(len(a.dates[0]), len(b.dates[0])) == 10
            and _near(a.dates[0], b.dates[0])):
        out.append((_Val(i, "date", "date", a.dates[0], a.dates[0]), _Val(j, "date", "date", b.dates[0], b.dates[0])))
    pa = [p for p in a.places if p not in b.places]
    pb = [p for p in b.places if p not in a.places]
    if (words and len(a.places) == 1 and len(b.places) == 1 and pa and pb and _located(a, pa[0]) and _located(b, pb[0])
            and _other_places(pa[0], pb[0], a, b, names_i, names_j)):
        out.append((_Val(i, "place", "place", pa[0], pa[0]), _Val(j, "place", "place", pb[0], pb[0])))
    if _causes(a, b) and not (a.effect and b.effect and not a.effect & b.effect):  # causes of one thing, not of two
        out.append((_Val(i, "cause", "cause", a.cause, " ".join(sorted(a.cause))),
                    _Val(j, "cause", "cause", b.cause, " ".join(sorted(b.cause)))))
    return out


def _cause_pairs(slots: Sequence[Slots], outlet: Sequence[str]) -> set[tuple[int, int]]:
    """Sentences of different outlets that each state a cause of the same effect ("the sinking was caused by ...",
    "blamed the sinking on ..."): their other words differ most where the causes do, so the general alignment may
    miss them."""
    with_cause = [k for k, s in enumerate(slots) if s.cause and not s.hedged]
    out = set()
    for n, i in enumerate(with_cause):
        for j in with_cause[n + 1:]:
            if outlet[i] == outlet[j]:
                continue
            if slots[i].effect & slots[j].effect:
                out.add((i, j))
    return out


def _when(value: object) -> str | None:
    """A publication time as comparable text (ISO 8601, UTC as given), or None."""
    text = str(value or "").strip()
    return text.replace(" ", "T") if text[:4].isdigit() else None


def _label(vals: list[_Val]) -> str:
    """A side's name: its most told wording."""
    return sorted(Counter(v.label for v in vals).items(), key=lambda kv: (-kv[1], len(kv[0]), kv[0]))[0][0]


def _subject(kind: str, key: str, members: list[_Val], slots: Sequence[Slots]) -> str:
    """What the dispute is about, in a reader's words: the counted thing, or the terms its sentences share."""
    shared = Counter(t for v in {m.sentence: m for m in members}.values() for t in slots[v.sentence].terms)
    n = len({m.sentence for m in members})
    common = [t for t, c in shared.most_common() if c >= max(2, n // 2)][:3]
    what = " ".join(common)
    if kind == "number":
        nouns = Counter(m.label.split()[-1] for m in members if m.label and not m.label[-1].isdigit())
        noun = nouns.most_common(1)[0][0] if nouns and key not in ("tally",) else key
        return f"{'vote' if key == 'tally' else noun}" + (f" ({what})" if what else "")
    return f"{kind} ({what})" if what else kind


def find_aligned_disputes(sentences: Sequence[object], index: EntityIndex, published: dict[str, Any] | None = None,
                          cfg: CompareConfig = DEFAULT, slots: list[Slots] | None = None) -> list[Dispute]:
    """Disputes found by extracting, aligning and comparing the sentences of one story."""
    return compare_story(sentences, index, published, cfg, slots)[0]


_OPENER = re.compile(r"^[\W_]*(?:he|she|it|they|his|her|its|their|this|that|these|those|but|and|so|also|however|"
                     r"i|we|you|our|my|the \d+-year-old)\b", re.I)


def single_source(sentences: Sequence[object], slots: Sequence[Slots], pairs: dict[tuple[int, int], float],
                  limit: int = 5) -> list[dict[str, Any]]:
    """Up to ``limit`` notable statements that only one outlet carries: a statement of fact (no quote, question,
    modal or sentence that leans on the one before) that gives a figure, a date, a place or an actor, and that no
    sentence of another outlet aligns with. Stories of one outlet have none. Earlier sentences of an article, and
    sentences that give more of the compared slots, come first."""
    outlet = [str(get(s, "source") or get(s, "article_id")) for s in sentences]
    if limit <= 0 or len(set(outlet)) < 2:
        return []
    echoed = {k for pair in pairs for k in pair}
    texts = [str(get(s, "text", "") or "") for s in sentences]
    ranked = []
    for k, (s, sl) in enumerate(zip(sentences, slots)):
        t = texts[k]
        n_words = len(t.split())
        if (k in echoed or sl.hedged or not 8 <= n_words <= 45 or any(q in t for q in "“”\"") or _OPENER.match(t)
                or sl.negated or t.rstrip().endswith("?") or not sl.terms):
            continue
        year = str(get(s, "published") or "")[:4]
        now = [d for d in sl.dates if not year or d[:4] == year]  # a date of another year is background
        weight = (bool(_counts(sl)) + bool(now) + bool(sl.places) + bool(sl.agents) + bool(sl.cause))
        if not weight or (sl.dates and not now and weight == 1 and not _counts(sl)):
            continue
        pos = get(s, "position", k)
        ranked.append((-weight, pos if isinstance(pos, int) else k, str(get(s, "article_id")), k))
    ranked.sort()
    out, seen = [], []
    for *_, k in ranked:
        if any(len(slots[k].terms & t) >= 0.8 * max(len(slots[k].terms), len(t)) for t in seen):
            continue  # the same statement twice ("lies on a bed at a hospital", "... in a hospital")
        seen.append(slots[k].terms)
        src = source_sentence(sentences[k])
        out.append({"text": texts[k], "article_ids": [src["article_id"]], "outlets": [src["outlet"]] if src["outlet"] else [],
                    "sentences": [src]})
        if len(out) == limit:
            break
    return out


def compare_story(sentences: Sequence[object], index: EntityIndex, published: dict[str, Any] | None = None,
                  cfg: CompareConfig = DEFAULT, slots: list[Slots] | None = None, single_max: int = 0
                  ) -> tuple[list[Dispute], list[dict[str, Any]]]:
    """The story's disputes from aligned slots, and up to ``single_max`` single-source statements."""
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
    pairs = align(slots, outlet, cfg.align)
    anchored = _cause_pairs(slots, outlet)
    pairs.update({p: 0.0 for p in anchored if p not in pairs})
    by_anchor = anchor_pairs(slots, outlet)
    pairs.update({p: 0.0 for p in by_anchor if p not in pairs})
    position = [p if isinstance(p := get(s, "position", k), int) else k for k, s in enumerate(sentences)]
    echoed = dict(pairs)  # leads that share no fact are no echo of each other
    day = [str((published or {}).get(a) or get(s, "published") or "")[:10] for a, s in zip(art, sentences)]
    leads = lead_pairs(position, outlet, slots, day)
    pairs.update({p: 0.0 for p in leads if p not in pairs})
    # a count a later report tells as changed ("the toll has risen to 14") updates an earlier report's figure
    revised = {(k, q.key, q.value) for k, sl in enumerate(slots) for q in sl.quantities if q.revised}
    told_at = [_when((published or {}).get(a) or get(s, "published")) for a, s in zip(art, sentences)]

    def update(x: _Val, y: _Val) -> bool:
        return any((a.sentence, a.key, a.value) in revised and told_at[a.sentence] and told_at[b.sentence]
                   and told_at[a.sentence] > told_at[b.sentence] for a, b in ((x, y), (y, x)))

    conflicts: dict[tuple[str, str], list[tuple[_Val, _Val]]] = defaultdict(list)
    agreements: dict[tuple[str, str], list[tuple[_Val, _Val]]] = defaultdict(list)
    tenses: dict[int, str | None] = {}  # each lead's tense, read once
    for (i, j), sim in sorted(pairs.items()):
        a, b = slots[i], slots[j]
        vals = compare(i, j, a, b, sim, frozen[art[i]], frozen[art[j]], cfg, (i, j) in anchored)
        pol = _polarity(i, j, a, b, sim, texts, cfg, told_at)
        if pol:
            vals.append(pol)
        for kind, act in by_anchor.pop((i, j), ()):
            vals.extend(v for v in _anchored(i, j, a, b, kind, act, frozen[art[i]], frozen[art[j]]) if v not in vals)
        if (i, j) in leads:
            for k in (i, j):
                if k not in tenses:
                    tenses[k] = _told_as(texts[k], (published or {}).get(art[k])) if slots[k].dates else None
            told = {tenses[i], tenses[j]}
            vals.extend(v for v in _lead_vals(i, j, a, b, frozen[art[i]], frozen[art[j]], len(told) == 1 and None not in told)
                        if v not in vals)
        for x, y in vals:
            if _agree(x, y):
                agreements[(x.kind, x.key)].append((x, y))
            elif x.kind == "date" and (y.value in days_of[art[i]] or x.value in days_of[art[j]]):
                continue  # an article that tells of both days tells of an event that lasted them, not of another date
            elif x.kind == "number" and update(x, y):
                continue  # a later report's new value of a changing count, not a side against the earlier one
            elif x.kind != "number" or not (_far(x, y, cfg) or {x.value, y.value} & earlier[x.key]
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
        for members in groups.values():
            by_values.setdefault(frozenset(str(v.value) for v in members), []).extend(members)
        for members in by_values.values():
            d = _dispute(kind, key, members + _tellings(kind, key, members, slots), agreements[(kind, key)], slots,
                         sentences, outlet)
            if d is not None:
                out.append(d)
    return out, single_source(sentences, slots, echoed, single_max)


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
    if len(set().union(*side_outlets)) < 2:
        return None  # one outlet against itself: a revision, not a dispute between outlets
    sides = []
    for vs in sorted(by_side.values(), key=lambda vs: (min(v.sentence for v in vs))):
        idx = sorted({v.sentence for v in vs}, key=lambda k: (str(get(sentences[k], "article_id")), k))
        sents = [source_sentence(sentences[k]) for k in idx]
        sides.append(Side(_label(vs), sents[0]["text"], sorted({s["article_id"] for s in sents}),
                          sorted({s["outlet"] for s in sents if s["outlet"]}), sents))
    return Dispute(_subject(kind, key, uniq, slots), kind if kind != "number" else key,
                   "number" if kind == "number" else "predicate", sides)


def merge(found: list[Dispute], general: list[Dispute]) -> list[Dispute]:
    """The disputes of both finders, a general one dropped when it is about sentences a found one already sets
    against each other."""
    def figures(d: Dispute) -> set[str]:
        return {n.replace(",", "") for side in d.sides for n in re.findall(r"\d[\d,.]*\d|\d", side.claim)}

    taken = [(d, {s["text"] for side in d.sides for s in side.sentences}, True) for d in found]
    out = list(found)
    for d in general:
        texts = [{s["text"] for s in side.sentences} for side in d.sides]
        # a general dispute of another slot over the same sentences (a date and a polarity of one lead) is its own
        if any((sum(bool(t & seen) for t in texts) >= 2 and d.kind == e.kind and (framed or d.frame == e.frame)
                and (d.kind != "number" or figures(d) & figures(e) or (e.frame == "rise in cents" and d.frame in CURRENCY)))
               or (d.kind == e.kind == "number" and figures(d) <= figures(e))  # the same figures, told elsewhere too
               for e, seen, framed in taken):
            continue
        out.append(d)
        taken.append((d, set().union(*texts), False))
    out.sort(key=lambda d: (-len({a for s in d.sides for a in s.article_ids}), d.subject, d.frame))
    return out

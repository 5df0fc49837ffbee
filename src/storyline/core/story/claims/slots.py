"""Slots: what a reader compares of one sentence across outlets.

A sentence is read into :class:`Slots`: the figures it gives with what they count or measure
(:mod:`~storyline.core.nlp.figures`), its dates, its places, who acts in it, a stated cause and whether its main
predicate is negated or hedged (:mod:`~storyline.core.nlp.negation`). Only closed classes of grammar are listed
(prepositions, auxiliaries, speech verbs, cause connectives); what a figure counts or an act is, is read off the
sentence itself, never looked up in a list of nouns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from typing import Sequence

from storyline.core.nlp.mentions import Mention
from storyline.core.nlp.names import GPE, LOC, ORG, PERSON
from storyline.core.story.sources import attribution
from storyline.core.nlp.dates import find_dates
from storyline.core.text.text import (AUXILIARIES, SPEECH_VERBS, STOPWORDS, content_terms, outside_quotes, word_forms,
                                      word_lemmas)
from storyline.core.nlp.figures import (PREPOSITIONS, Quantity, TIME_TERMS, TIME_WORDS, word_before, clause_span,
                                        quantities)
from storyline.core.nlp.negation import MODALS, NEGATION, NEGATIVE_IMPLICATIVES, WORD, negation_of, denied_roots, root
from storyline.core.text.text import act_stem, past_tense
from storyline.lexicon import one_of, word_list


# connectives that introduce a stated cause
CAUSE_MARKERS = re.compile(r"\b(?:caused by|blamed (?:it )?on|due to|because of|as a result of|attributed (?:it )?to"
                           r"|triggered by|sparked by|the result of|traced to|the cause (?:was|is)|owing to"
                           r"|brought on by|started by|set off by|stemmed from|resulted from|because(?!\s+of))\s+"
                           r"|\bblam(?:ed|es|ing)\s+(?:(?!for\b)[\w'’-]+\s+){1,5}?on\s+", re.I)
# a literal that each cause connective holds: most sentences hold none and skip the pattern
_CAUSE_HINTS = ("caus", "blam", "responsible", "due to", "because", "result of", "attribut", "trigger", "spark", "traced to",
                "owing to", "brought on", "started by", "set off", "stemmed", "resulted")


_SPEECH_DATE = re.compile(r"\b" + one_of(SPEECH_VERBS) + r"\s+(?:on\s+)?$", re.I)


@dataclass(frozen=True)
class Slots:
    """What a reader compares in one sentence."""

    quantities: tuple[Quantity, ...] = ()
    # each date (ISO), place and actor with what it is of: the stem of the act ("closed on Thursday", "sank off X",
    # "X scored")
    date_acts: tuple[tuple[str, str], ...] = ()
    place_acts: tuple[tuple[str, str], ...] = ()
    agent_acts: tuple[tuple[str, str], ...] = ()
    cause: frozenset[str] = frozenset()
    effect: frozenset[str] = frozenset()  # what the stated cause caused
    negated: bool = False
    hedged: bool = False  # modal, conditional or question: asserts nothing
    attributed_denial: bool = False
    terms: frozenset[str] = field(default_factory=frozenset)  # content terms, figures and names left out
    names: frozenset[str] = frozenset()
    all_places: frozenset[str] = frozenset()  # every place named, locus or not
    place_types: tuple[tuple[str, str], ...] = ()  # GPE, LOC or VENUE (a named building or organisation)
    denied: frozenset[str] = frozenset()  # roots of what a negation or denial is of ("refused to concede" -> conced)
    # a negation of what has not happened yet ("has not yet signed"): hedged, as a later report may tell it done, but
    # against a report no later than it that tells it done, one side of a dispute
    provisional: bool = False
    patients: frozenset[str] = frozenset()  # persons a passive tells of ("Tom Lee was held on $50,000 bond")

    @property
    def dates(self) -> tuple[str, ...]:
        return tuple(d for d, _ in self.date_acts)

    @property
    def places(self) -> tuple[str, ...]:
        return tuple(p for p, _ in self.place_acts)

    @property
    def agents(self) -> tuple[str, ...]:
        return tuple(a for a, _ in self.agent_acts)


def ages(text: str, mentions: Sequence[Mention]) -> list[Quantity]:
    """The age a sentence gives a named person, as a figure keyed by the person ("age of Ann Lee"): in apposition
    ("Ann Lee, 48, was charged") or before the name ("48-year-old Ann Lee").

    >>> [(q.key, q.value) for q in ages("Ann Lee, 48, was charged.", [Mention(0, 0, 7, "Ann Lee", "Ann Lee", PERSON)])]
    [('age of Ann Lee', 48.0)]
    """
    out = []
    for m in mentions:
        if m.type != PERSON:
            continue
        after = _APPOSED_AGE.match(text, m.end)
        before = _AGE_BEFORE.search(text, max(0, m.start - 40), m.start)
        hit = after or before
        if hit and 0 < int(hit.group(1)) < 120:
            v = float(hit.group(1))
            out.append(Quantity(f"age of {m.name or m.surface}", v, v, v, hit.group(1), hit.start(1), hit.end(1)))
    return out


_APPOSED_AGE = re.compile(r",\s*(\d{1,3})\s*(?:,|\.|;|\s+(?:and|who|was|is|has|had)\b)")
_AGE_BEFORE = re.compile(r"\b(\d{1,3})-year-old\s+(?:[a-z]+\s+){0,3}$")


# where something happened: a place after a locative preposition ("off Kesri Island", "at a Logan Square daycare",
# "near the town of Mellis"); "for north Wales", "from a North Street facility" or "of Chicago" name no locus
_LOCUS = re.compile(r"\b(?:in|at|near|off|on|outside|inside|into|onto|across|along|to|towards|toward)\s+(?:(?:the|a|an)\s+)?"
                    r"(?:(?:[a-z]+\s+)?(?:town|village|city|district|county|region|province|state|island|port|area)\s+of"
                    r"\s+)?(?:(?:north|south|east|west|northern|southern|eastern|western|central)\s+)?$", re.I)


# aspect: a state that goes on through the date ("remained closed on Wednesday", "still shut on Thursday")
_ASPECT = re.compile(r"\b(?:remain(?:s|ed)?|stay(?:s|ed)?|continu(?:e|es|ed)|kept|keeps|still|again|for (?:a|the) "
                     r"(?:second|third|fourth|fifth) (?:day|time|night))\b", re.I)


def _dates(text: str, published: object) -> tuple[tuple[str, str], ...]:
    """Each date of the sentence (ISO) with the stem of what happened then ("closed on Thursday" -> close)."""
    found: dict[str, str] = {}
    for s, e, iso in find_dates(text, published):
        if _SPEECH_DATE.search(text[max(0, s - 30): s]):
            continue  # "police said Monday": when it was said, not when it happened
        lo, hi = clause_span(text, s, e)
        if not text[s:e].lower().startswith("since") and _ASPECT.search(text[lo + 1: hi]):
            continue  # "remained closed on Wednesday": a day inside a state that lasts, not the day it began
        found.setdefault(iso, word_before(text, s))
    return tuple(found.items())


_FIGURES = re.compile(r"\d[\d,.]*")


def _agents(text: str, mentions: list[Mention]) -> tuple[tuple[str, str], ...]:
    """People or organisations in the acting role, each with the stem of the act: the subject of a verb (not of a
    speech verb, not a possessor), or the agent of a passive ("was ordered by Mayor X" -> order)."""
    out = []
    for mt in mentions:
        if mt.type not in (PERSON, ORG):
            continue
        before = text[max(0, mt.start - 9): mt.start]
        rest = text[mt.end: mt.end + 60]
        by = re.search(r"\bby\s+(?:the\s+)?(?:(?:[a-z]+|[A-Z][a-z]+\.?)\s+){0,3}$", text[max(0, mt.start - 40): mt.start])
        if by:
            head = text[: max(0, mt.start - 40) + by.start()]
            part = next((w for w in reversed(WORD.findall(head)[-5:]) if w.lower().endswith(("ed", "en", "wn"))), "")
            out.append((mt.name, act_stem(part) if part else ""))
            continue
        m = re.match(r"\s*(?:,[^,]{1,60},\s*)?([A-Za-z’']+)(?:\s+([A-Za-z]+))?(?:\s+([A-Za-z]+))?", rest)
        if not m or rest.startswith(("'s", "’s")) or re.search(r"\b(?:of|for|with|to|from|against|and|or)\s+$", before):
            continue
        verb, nxt = m.group(1).lower(), (m.group(2) or "").lower()
        if verb in SPEECH_VERBS or nxt in SPEECH_VERBS or verb in STOPWORDS and verb not in AUXILIARIES:
            continue
        if _passive(verb, nxt, (m.group(3) or "").lower()):
            continue  # "Tom Lee was held": the subject of a passive is what was acted on
        if verb in AUXILIARIES or verb.endswith("ed") or (verb.endswith("s") and not verb.endswith("ss")) or \
                verb in NEGATIVE_IMPLICATIVES or past_tense(verb):
            act = next((w for w in (verb, nxt, (m.group(3) or "").lower())
                        if w and w not in AUXILIARIES and w not in STOPWORDS and not w.endswith("ly")), "")
            out.append((mt.name, act_stem(act) if act else ""))
    role = _ROLE_SUBJECT.match(text)
    if role and not out and role.group("head").lower() not in STOPWORDS | AUXILIARIES | TIME_WORDS:
        verb = role.group("verb").lower()
        if verb not in SPEECH_VERBS:
            out.append(("the " + role.group("head").lower(), act_stem(verb)))  # "The pilot reported smoke"
    seen: dict[str, str] = {}
    for name, act in out:
        seen.setdefault(name, act)
    return tuple(seen.items())


def _patients(text: str, mentions: list[Mention]) -> frozenset[str]:
    """The persons that are the subject of a passive ("Tom Lee was held", "Ann Lee, 48, has been charged")."""
    out = set()
    for m in mentions:
        if m.type == PERSON:
            w = WORD.findall(re.sub(r"^\s*,[^,]{1,40},", "", text[m.end: m.end + 80]).lower())[:3]
            if _passive(*(w + ["", "", ""])[:3]):
                out.add(m.name)
    return frozenset(out)


# the passive's auxiliaries, a closed class: the forms of "be", and "get" ("was dismissed", "got sacked")
PASSIVE_AUXILIARIES = word_list("slots/passive_auxiliaries.txt")
_BE = PASSIVE_AUXILIARIES


def _passive(*words: str) -> bool:
    """The words after a subject make a passive ("was held", "has been charged", "were not seen").

    >>> _passive("was", "held", ""), _passive("has", "been", "charged"), _passive("was", "leading", "")
    (True, True, False)
    """
    ws = [w for w in words if w and w not in ("not", "also", "later", "then")]
    k = next((n for n, w in enumerate(ws) if w in _BE), None)
    if k is None or k + 1 >= len(ws) or ws[k + 1] in _BE:
        return False
    part = ws[k + 1]
    lemma = (word_lemmas(part).get("VERB") or ("",))[0]
    return bool(lemma) and part in word_forms(lemma, "VBN") and part != lemma


# a definite description as the subject of the sentence's first verb: "The co-pilot reported smoke", "Its driver has
# admitted"; the head noun names who acted when no name does
_ROLE_SUBJECT = re.compile(r"^\s*(?:the|its|his|her|their)\s+(?:[a-z][\w-]*\s+){0,2}?(?P<head>[a-z][\w-]+)\s+"
                           r"(?:(?:has|had|have)\s+)?(?:(?:also|then|later|first)\s+)?(?P<verb>[a-z]+ed)\b", re.I)


_LOCATIVES = word_list("slots/locatives.txt")  # "near Halton"
# where a stated cause ends: a clause break, a speech verb or a place ("a broken rail | near Halton")
_CAUSE_END = re.compile(r"[,;:.!?—–]|\s(?:and|but|while|which|who|that|after|before|said|according|"
                        + "|".join(sorted(_LOCATIVES - {"to", "from"})) + r")\s")


def _cause(text: str, negated: bool) -> tuple[frozenset[str], frozenset[str]]:
    """(cause, effect): the content terms of a stated cause and of what it caused ("the sinking was caused by a fuel
    leak" -> {fuel, leak}, {sinking}; "blamed the sinking on a collision" -> {collision}, {sinking})."""
    low = text.lower()
    if negated or not any(w in low for w in _CAUSE_HINTS):
        return frozenset(), frozenset()
    m = CAUSE_MARKERS.search(text)
    if not m:
        return _blamed_for(text)  # "denied that any crash had been caused by the fault" states no cause
    phrase = _CAUSE_END.split(text[m.end():])[0]
    if any(w.lower() in MODALS for w in WORD.findall(phrase)):
        return frozenset(), frozenset()  # "because of fears it might try": a possibility, not a stated cause
    cause = frozenset(t for t in content_terms(" ".join(phrase.split()[:8])) if not t.isdigit())
    if m.group(0).lower().startswith("blam"):
        effect_words = m.group(0).split()[1:-1]  # "blamed [the sinking] on"
    else:
        before = [w for w in WORD.findall(re.split(r"[,;:—–]", text[: m.start()])[-1])
                  if w.lower() not in AUXILIARIES and w.lower() not in _LOCATIVES and w.lower() not in TIME_WORDS
                  and not (w[:1].isupper() and w != text[:len(w)])]  # "the crash on the A40 on Monday was"
        effect_words = before[-3:]
    effect = frozenset(t for t in content_terms(" ".join(effect_words)) if t not in cause)
    return cause, effect


# the cause before its effect: "blamed driver fatigue for the crash", "a faulty valve was to blame for the leak",
# "ice on the road was responsible for the pile-up"
_BLAMED_FOR = re.compile(r"\bblam(?:ed|es|ing)\s+(?P<cause>(?:[\w'’-]+\s+){1,6}?)for\s+(?P<effect>(?:[\w'’-]+\s*){1,4})"
                         r"|^(?:[^,;]*?,\s*)?(?P<cause2>(?:[\w'’-]+\s+){1,6}?)(?:was|were|is|are)\s+(?:to blame|"
                         r"responsible)\s+for\s+(?P<effect2>(?:[\w'’-]+\s*){1,4})", re.I)


def _blamed_for(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(cause, effect) told cause first with "blamed ... for" or "was to blame / responsible for"."""
    m = _BLAMED_FOR.search(text) if "blam" in text or "responsible" in text else None
    if not m:
        return frozenset(), frozenset()
    said, did = (m.group("cause"), m.group("effect")) if m.group("cause") else (m.group("cause2"), m.group("effect2"))
    if any(w.lower() in MODALS or w.lower() in NEGATION for w in WORD.findall(said)):
        return frozenset(), frozenset()
    cause = frozenset(t for t in content_terms(said) if not t.isdigit())
    effect = frozenset(t for t in content_terms(did) if t not in cause)
    return (cause, effect) if cause and effect else (frozenset(), frozenset())
_ACTIVE_CAUSE = re.compile(r"^(?:[^,;]*?,\s*)?(?:(?:the|a|an)\s+)?(?P<cause>(?:[\w'’-]+\s+){0,4}?[\w'’-]+)\s+"
                           r"(?:(?:was|is)\s+(?:what|the\s+\w+\s+that)\s+)?(?:caused|sparked|triggered|started|led to"
                           r"|set off|brought down)\s+(?:the|a|an)\s+(?P<effect>(?:[\w'’-]+\s*){1,3})", re.I)


def _active_cause(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """A cause as the subject of a causal verb: "A gas leak sparked the explosion" -> {gas, leak}, {explosion}."""
    m = _ACTIVE_CAUSE.search(text)
    if not m or any(w.lower() in MODALS or w.lower() in NEGATION for w in WORD.findall(m.group("cause"))):
        return frozenset(), frozenset()
    cause = frozenset(t for t in content_terms(m.group("cause")) if not t.isdigit())
    effect = frozenset(t for t in content_terms(m.group("effect")) if t not in cause)
    return (cause, effect) if cause and effect else (frozenset(), frozenset())


def extract(text: str, mentions: list[Mention], published: object = None) -> Slots:
    """The slots of one sentence, its entity ``mentions`` already resolved (offsets into ``text``).

    >>> s = extract("The ferry sank off Kesri on Tuesday after its engine failed, the operator said.", [])
    >>> s.negated, s.hedged, sorted(s.terms)[:3]
    (False, False, ['engin', 'fail', 'ferr'])
    """
    said = attribution(text) or _reveal(text)  # who says it is not what is said: "the coast guard said"
    span = (text.find(said), text.find(said) + len(said)) if said else (-1, -1)
    # names inside the attribution (the outlet itself: "the Clarion understands") anchor nothing and act in nothing
    mentions = [m for m in mentions if not (span[0] <= m.start < span[1])]
    body = text[: span[0]] + " " + text[span[1]:] if said else text
    qs = tuple(quantities(text, published)) + tuple(ages(text, mentions))
    names = frozenset(m.name for m in mentions)
    place_acts: dict[str, str] = {}
    place_types: dict[str, str] = {}
    unquoted = outside_quotes(text)
    for m in mentions:
        if not unquoted[m.start:m.end].strip():
            continue  # a place in a speaker's words ("he has done it in Nevada") is not where the outlet tells it
        # a name after "in", "at", "near", "off" is where it happened, whatever else it names; one typed as a person
        # counts after "in", "near", "off" or "outside" only (a town's name may be a surname: "in Marlow")
        if m.type != PERSON or re.search(r"\b(?:in|near|off|outside)\s+$", text[max(0, m.start - 9): m.start]):
            locus = _LOCUS.search(text, max(0, m.start - 60), m.start)
            if locus and locus.group(0).split()[0].lower().startswith("to") and not _destination(text, locus, m.end):
                locus = None
            if locus:
                place_acts.setdefault(m.name, word_before(text, locus.start()))
                place_types.setdefault(m.name, m.type if m.type in (GPE, LOC) else "VENUE")
    for part in _PART.finditer(unquoted):  # "in the north shaft": a part told by a closed class of direction or order
        if part.group(2).lower() not in TIME_TERMS and part.group(2).lower() not in _NOT_PARTS:
            name = f"{part.group(1).lower()} {part.group(2).lower()}"
            place_acts.setdefault(name, word_before(text, part.start()))
            place_types.setdefault(name, PART)
    places = tuple(place_acts)
    everywhere = frozenset(m.name for m in mentions if m.type in (GPE, LOC))
    neg, hedged, denial, provisional = negation_of(body, reported=bool(said))
    skip = {t for n in names for t in content_terms(n)} | TIME_TERMS
    # terms by root, so two forms of one word meet ("conceded", "concede")
    terms = frozenset(root(t) for t in content_terms(_FIGURES.sub(" ", body)) if t not in skip)
    terms |= frozenset("@" + n for n in names if n not in places)  # shared names anchor a pair
    cause, effect = _cause(body, neg or denial)
    if not cause and not (neg or denial) and any(w in body for w in ("caused", "sparked", "triggered", "started", "led to",
                                                                     "set off", "brought down")):
        cause, effect = _active_cause(body)
    cause, effect = frozenset(map(root, cause)), frozenset(map(root, effect))
    return Slots(qs, _dates(text, published), tuple(place_acts.items()), _agents(text, mentions), cause, effect, neg,
                 hedged, denial, terms, names, everywhere, tuple(place_types.items()),
                 denied_roots(body) if neg or denial or provisional else frozenset(), provisional,
                 _patients(text, mentions))


_REVEAL = re.compile(r",\s+(?:the\s+)?[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3}\s+(?:can|may)\s+(?:reveal|disclose|confirm)\w*\s*[.!]?$")


PART = "PART"  # a place named by a direction or an order and a common noun: "the north shaft", "the second floor"
_PART = re.compile(r"\b(?:in|at|on|near|inside|into|from|off)\s+the\s+(north|south|east|west|northern|southern|eastern|"
                   r"western|upper|lower|left|right|front|rear|back|top|bottom|inner|outer|first|second|third|fourth|"
                   r"fifth)\s+([a-z]{3,})\b(?!\s+(?:of|to)\b)", re.I)
_NOT_PARTS = word_list("slots/not_parts.txt")


def _destination(text: str, locus: re.Match[str], end: int) -> bool:
    """"to X" names where something went ("diverted to Marrow on Friday"), not whose words they are ("according to
    U.S. officials") nor a name that modifies a noun ("in response to a Washington Post story")."""
    after = re.match(r"\s*([A-Za-z]+)?", text[end:]).group(1) or ""
    return (not re.search(r"\b(?:according|response|thanks|due|compared|contrary|close|next|similar|related|"
                          r"linked|owing|prior)\s+$", text[max(0, locus.start() - 12): locus.start()], re.I)
            and not (after[:1].islower() and after.lower() not in STOPWORDS and after.lower() not in PREPOSITIONS))


def _reveal(text: str) -> str | None:
    """The outlet's own attribution "…, the Clarion can reveal.": a claim of a scoop, not a modal of the claim."""
    if "reveal" not in text and "disclose" not in text and "confirm" not in text:
        return None
    m = _REVEAL.search(text)
    return m.group(0) if m else None

"""Extract: the slots of a sentence that a reader compares across outlets.

A sentence is read into :class:`Slots`: the figures it gives with what they count or measure (any noun or unit),
its dates, its places, who acts in it, a stated cause and whether its main predicate is negated. Only closed
classes of grammar are listed here (number words, hedges, units, negation, modals, auxiliaries, speech verbs,
cause connectives); what a figure counts is read off the sentence itself, never looked up in a list of nouns.

Figures are read in digits; number words are turned into digits first by ``text2num`` (with our own table for
the small numbers it leaves as words, "two" and "three").
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache

from typing import Sequence


from storyline.core.story.entities import GPE, LOC, ORG, PERSON, Mention
from storyline.core.story.sources import attribution
from storyline.core.nlp.dates import find_dates
from storyline.core.text.text import (AUXILIARIES, NUMBER_WORDS, SPEECH_VERBS, STOPWORDS, content_terms, outside_quotes,
                                      stem, word_forms, word_lemmas)

# ------------------------------------------------------------------------------------------------ closed classes

HEDGES_OPEN_ABOVE = ("at least", "more than", "over", "upwards of", "in excess of", "no fewer than", "north of")
HEDGES_OPEN_BELOW = ("nearly", "almost", "up to", "as many as", "fewer than", "less than", "under", "just under",
                     "no more than", "not quite", "within")
HEDGES_ABOUT = ("about", "around", "approximately", "roughly", "some", "an estimated", "estimated", "close to",
                "nearly", "an approximate", "or so", "more or less")
HEDGE_WORDS = frozenset(h for h in (*HEDGES_OPEN_ABOVE, *HEDGES_OPEN_BELOW, *HEDGES_ABOUT) if " " not in h)
_HEDGE_RE = "|".join(sorted({*HEDGES_OPEN_ABOVE, *HEDGES_OPEN_BELOW, *HEDGES_ABOUT}, key=len, reverse=True))
NEGATION = frozenset("not n't never no nobody none nothing neither nor cannot without".split())
# verbs whose complement did not happen ("refused to sign" = did not sign): a closed class of implicatives
NEGATIVE_IMPLICATIVES = frozenset("refused refuses declined declines failed fails neglected neglects".split())
DENIALS = frozenset("denied denies deny rejected rejects disputed disputes".split())  # X denied that ...
MODALS = frozenset("would could might may should must can if unless whether perhaps possibly maybe "
                   "reportedly allegedly supposedly purportedly expected expects forecast forecasts forecasting "
                   "predicted predicts projected likely unlikely needed needs required expect anticipate anticipates "
                   "anticipated hope hopes hoped whichever".split())
UNITS = {"%": "percent", "percent": "percent", "per cent": "percent", "pc": "percent", "cents": "cents",
         "cent": "cents", "pence": "pence", "p": "pence", "km": "km", "kilometres": "km", "kilometers": "km",
         "miles": "miles", "mile": "miles", "metres": "m", "meters": "m", "feet": "feet", "foot": "feet",
         "kg": "kg", "kilograms": "kg", "tonnes": "tonnes", "tons": "tonnes", "mph": "mph", "km/h": "km/h",
         "degrees": "degrees", "hours": "hours", "minutes": "minutes", "days": "days", "weeks": "weeks",
         "months": "months", "years": "years", "points": "points", "acres": "acres", "hectares": "hectares"}
PREPOSITIONS = frozenset("""across among amid amongst around along beside besides beyond despite inside including
    near onto outside per since throughout toward towards upon via within without aboard""".split())
# English plurals without -s: a count of these is a count ("20 people"), where a figure before a singular noun is a
# label or address ("the 5500 block", "a 6.1 earthquake")
IRREGULAR_PLURALS = frozenset("people children men women police staff crew personnel feet teeth mice geese cattle sheep "
                              "fish deer aircraft data media series species".split())
CURRENCIES = {"$": "dollars", "£": "pounds", "€": "euros", "¥": "yen"}
SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "bn": 1e9, "m": 1e6, "k": 1e3}
SMALL_NUMBERS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
                                            "thirteen fourteen fifteen sixteen seventeen eighteen nineteen "
                                            "twenty".split())}
# connectives that introduce a stated cause
CAUSE_MARKERS = re.compile(r"\b(?:caused by|blamed (?:it )?on|due to|because of|as a result of|attributed (?:it )?to"
                           r"|triggered by|sparked by|the result of|traced to|the cause (?:was|is)|owing to"
                           r"|brought on by|started by|set off by|stemmed from|resulted from|because(?!\s+of))\s+"
                           r"|\bblam(?:ed|es|ing)\s+(?:(?!for\b)[\w'’-]+\s+){1,5}?on\s+", re.I)
# a literal that each cause connective holds: most sentences hold none and skip the pattern
_CAUSE_HINTS = ("caus", "blam", "responsible", "due to", "because", "result of", "attribut", "trigger", "spark", "traced to",
                "owing to", "brought on", "started by", "set off", "stemmed", "resulted")
_TIME_WORDS = frozenset("now later earlier ago last next more less so far then monday tuesday wednesday thursday friday saturday sunday today yesterday tomorrow tonight "
                        "night morning evening afternoon week month year day hour".split())

_MONTH_NAMES = "january february march april may june july august september october november december"
_TIME_TERMS = frozenset(content_terms(" ".join(sorted(_TIME_WORDS)) + " " + _MONTH_NAMES)) | _TIME_WORDS

_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_FIGURE = re.compile(
    r"(?<![\w.,/:-])(?:(?P<hedge>" + _HEDGE_RE + r")\s+)?(?P<cur>[$£€¥])?\s?(?P<num>" + _NUM + r")(?!\d|:\d)"  # "7:30 p.m." is a time of day
    r"(?:\s?(?P<scale>thousand|million|billion|trillion|bn|m|k)\b)?"
    r"(?:(?P<tally>[-–](?P<num2>\d+)(?![\w%-]))|(?P<unit>\s?%|\s?(?:per cent|percent)\b|[- ](?:cents?|pence)\b"
    r"|[- ](?:km/h|km|kilometres|kilometers|miles?|metres|meters|feet|foot|kg|kilograms|tonnes|tons|mph|degrees"
    r"|hours|minutes|days|weeks|months|years|points|acres|hectares)\b)?)",
    re.I)
_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
# "up from 23", "rose to 9 from 7", "revised from 12", "from $2.25 to $2.75": the figure after "from" is the earlier one
_CHANGE_FROM = re.compile(r"\b(?:up|down|revised|rising|falling|increased|decreased|raised|lowered|rose|fell|climbed"
                          r"|dropped|corrected|changed|jumped|grew|risen|fallen|cut|reduced|lifted|upped)\b"
                          r"(?:\s+[^\s,;]+){0,4}?\s+from\s+(?:about |around |roughly |an? )?[$£€¥]?$", re.I)
_FROM_TO = re.compile(r"^\S*\s+(?:to|into)\s+(?:about |around |roughly )?[$£€¥]?\d", re.I)
_LAST_YEAR = re.compile(r"\b(?:last|previous|a year earlier|a year ago|the year before|prior)\b", re.I)
_SPEECH_DATE = re.compile(r"\b(?:" + "|".join(sorted(SPEECH_VERBS)) + r")\s+(?:on\s+)?$", re.I)


@dataclass(frozen=True)
class Quantity:
    """A figure and what it counts or measures: ``key`` is the unit or the counted noun's stem."""

    key: str
    low: float
    high: float
    value: float
    surface: str
    start: int
    end: int
    noun: str = ""  # the counted noun as written ("passengers"), "" for a unit
    exact: bool = True
    superseded: bool = False
    earlier: bool = False  # a figure of another time in the sentence ("last year", "in 2019")
    pred: str = ""  # what is said of the counted things ("killed", "wounded", "in custody"), stemmed
    act: str = ""  # what happened to them: the predicate, else the word before ("killed 19 people" -> kill)
    revised: bool = False  # told as a count's new value ("the toll has risen to 14", "now stands at 14")

    def agrees(self, other: "Quantity") -> bool:
        """Both can hold: the ranges meet (an exact 43 inside "around 40")."""
        return self.low <= other.high + 1e-9 and other.low <= self.high + 1e-9


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


@lru_cache(maxsize=1 << 15)  # a story's sentences are read for figures by claims, titles and summaries alike
def numbers_to_digits(text: str) -> str:
    """Number words as digits ("forty-seven" -> "47", "three buildings" -> "3 buildings"); the rest unchanged.
    A scale after digits ("4.5 million") stays for the figure reader, and "one" alone stays a word.

    >>> numbers_to_digits("Forty-seven objects and three buildings; one of them burned, $4.5 million in all.")
    '47 objects and 3 buildings; one of them burned, $4.5 million in all.'
    """
    if not _has_number_word(text):
        return text
    return _NUMBER_RUN.sub(_run_to_digits, text)


_NW = r"(?:" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
_ANY_NUMBER_WORD = re.compile(r"\b" + _NW + r"\b", re.I)
_NUMBER_RUN = re.compile(r"(?<![\w-])(?<!\d )" + _NW + r"(?:(?:[\s-]+and[\s-]+|[\s-]+)" + _NW + r")*(?![\w-])", re.I)


def _run_to_digits(m: re.Match[str]) -> str:
    run = m.group(0)
    low = run.lower()
    before = m.string[:m.start()].rstrip()
    if run[:1].isupper() and before and before[-1] not in ".!?:;\"“‘'([—–-…":
        return run  # a capital inside a sentence names a thing ("the Gang of Eight", "the Big Ten"): no figure
    if low in ("one", "zero", "dozen", "hundred", "thousand", "million", "billion"):
        return run
    if low in SMALL_NUMBERS:
        return str(SMALL_NUMBERS[low])
    digits = _alpha2digit(low.replace("-", " "))
    return digits if re.fullmatch(r"\d+", digits) else run


def _has_number_word(text: str) -> bool:
    return _ANY_NUMBER_WORD.search(text) is not None


@lru_cache(maxsize=1 << 14)
def _alpha2digit(text: str) -> str:
    from text_to_num import alpha2digit
    try:
        return alpha2digit(text, "en", threshold=0)
    except Exception:  # a parser failure leaves the words as they are
        return text


def _value(num: str, scale: str | None) -> float:
    v = float(num.replace(",", ""))
    return v * SCALE.get((scale or "").lower(), 1.0)


def _range(hedge: str | None, v: float) -> tuple[float, float, bool]:
    h = " ".join((hedge or "").lower().split())
    if h in HEDGES_OPEN_ABOVE:
        return v, math.inf, False
    if h in HEDGES_OPEN_BELOW:
        return (v * 0.85 if h in ("nearly", "almost", "just under", "not quite") else 0.0), v, False
    if h:
        return v * 0.9, v * 1.1, False
    return v, v, True


def _noun_after(text: str, end: int) -> tuple[str, str]:
    """The counted noun after a figure: the head of the run of words that follows ("210,000 Aura T3 smart
    thermostats" -> thermostats; "212 passengers on board" -> passengers). Returns (noun, key)."""
    words = []
    for m in _WORD.finditer(text, end, min(len(text), end + 60)):
        gap = text[words[-1][1] if words else end: m.start()]
        if any(c in gap for c in ",;:()—–\"“”.") and not gap.strip() in ("-",):
            break
        w = m.group(0)
        if w.lower() in STOPWORDS or w.lower() in AUXILIARIES or w.lower() in _TIME_WORDS or w.lower() in PREPOSITIONS:
            break
        words.append((w, m.end()))
        if len(words) == 4:
            break
    if not words:
        return "", ""
    # the head: the first plural-looking word, else the last word of a short run, else the first word
    for w, _ in words:
        lw = w.lower()
        if (len(lw) > 3 and lw.endswith("s") and not lw.endswith("ss") and w[:1].islower()) or lw in IRREGULAR_PLURALS:
            return lw, stem(lw)
    head = words[0][0] if len(words) == 1 or words[0][0][:1].islower() else words[-1][0]
    if head[:1].isupper() or head.isdigit():
        return "", ""
    return head.lower(), stem(head.lower())


def _noun_before(text: str, start: int) -> tuple[str, str]:
    """A measure named before its figure: "a death toll of 104", "turnout of 61%", "fare rises to $2.75"."""
    head = text[max(0, start - 50): start]
    m = re.search(r"([A-Za-z][a-z]+)\s+(?:of|at|to|was|is|stood at|reached|rose to|fell to|hit|totalled|totaled|"
                  r"numbered)\s+(?:about |around |roughly |some |nearly |almost |more than |at least |over |an? )?$",
                  head)
    if not m:
        return "", ""
    w = m.group(1).lower()
    if w in STOPWORDS or w in AUXILIARIES or w in _TIME_WORDS:
        return "", ""
    return w, stem(w)


# "31 of the 58 seats", "30 of 58 seats": a share and the whole it is of (closed classes: "of" and determiners)
_SHARE_OF = re.compile(r"\s+of\s+(?:the\s+|its\s+|their\s+|[A-Z][\w’']*(?:’s|'s)\s+|the\s+\w+(?:’s|'s)\s+)?"
                       r"(\d[\d,]*)\s+([a-z]+s)\b")


def quantities(text: str, published: object = None) -> list[Quantity]:
    """Every figure of ``text`` with what it counts; years, times of day and ordinals are not figures.

    >>> [(q.key, q.value, q.exact) for q in quantities("A ferry carrying 212 passengers sank; about 40 were hurt.")]
    [('passenger', 212.0, True)]
    >>> [(q.key, q.low, q.high) for q in quantities("Fares rise by 50 cents to $2.75, a 7.5% increase.")]
    [('cents', 50.0, 50.0), ('dollars', 2.75, 2.75), ('percent', 7.5, 7.5)]
    >>> [(q.key, q.surface) for q in quantities("The council voted 27-27, so the motion failed.")]
    [('tally', '27-27')]
    >>> [(q.key, q.value) for q in quantities("The party won 31 of the 58 seats.")]
    [('seat of 58', 31.0), ('of seat', 58.0)]
    >>> [(q.value, q.superseded) for q in quantities("The toll rose to 9 from 7 overnight.")]
    [(9.0, False), (7.0, True)]
    >>> [(q.value, q.revised) for q in quantities("The death toll from the fire has risen to 14 people.")]
    [(14.0, True)]
    """
    if not _DIGIT.search(text) and not _has_number_word(text):
        return []
    t = numbers_to_digits(text)
    pub_year = str(published)[:4] if published else ""
    other_time = bool(_LAST_YEAR.search(t))
    # "a magnitude 6.3 quake near L'Aquila in 2009": a figure of another year, in the year's own clause
    years = [(s0, d) for s0, _, d in find_dates(t, published) if len(d) == 4 and d != pub_year
             and re.search(r"\b(?:in|during)\s+$", t[max(0, s0 - 8): s0])]
    out: list[Quantity] = []
    for m in _FIGURE.finditer(t):
        num = m.group("num")
        raw = num.replace(",", "")
        after = t[m.end(): m.end() + 12]
        before = t[max(0, m.start() - 12): m.start()]
        if (len(raw) == 4 and raw.isdigit() and 1800 <= int(raw) <= 2100 and "," not in num and not m.group("cur")
                and not m.group("unit") and not m.group("tally")):
            continue  # a year
        if re.match(r"\s*(?:a\.m\.|p\.m\.|am\b|pm\b|GMT|UTC|o'clock|st\b|nd\b|rd\b|th\b)", after, re.I) \
                or re.search(r"(?:No\.|#|number|Route|route|Flight|flight|Highway|aged?|Article|article)\s*$", before):
            continue
        if re.match(r"\s*times\b|\s*-fold\b", after):
            continue  # "four times more resistant": a multiple, not a count
        if re.match(r"[-–]year[-–]old", after) or re.search(r"\b(?:age|aged)\s+(?:of\s+)?$", t[max(0, m.start() - 12): m.start()], re.I):
            continue  # an age describes a person; ages of different people are not one figure
        if re.match(r"\s*(?:[\w.-]+\s+){0,8}?(?:each|every|per|a)\s+(?:year|day|week|month|season)\b|\s*(?:[\w.-]+\s+){0,8}?annually\b",
                    t[m.end(): m.end() + 60]) and not m.group("cur"):
            continue  # a rate, not the count of an event
        elif m.group("tally"):
            a, b = int(raw.split(".")[0]), int(m.group("num2"))
            if a > 500 or b > 500 or re.match(r"\s*(?:season|year)", after, re.I):
                continue
            out.append(Quantity("tally", a + b / 1000, a + b / 1000, a + b / 1000, m.group(0).strip(),
                                m.start("num"), m.end(), "tally"))
            continue
        elif m.group("unit"):
            key = UNITS[" ".join(m.group("unit").strip(" -").lower().split())]
            noun = ""
        elif m.group("cur"):
            key, noun = CURRENCIES[m.group("cur")], ""
        else:
            prev = re.search(r"(?<![A-Za-z’'-])([a-z]+)\s+$", t[max(0, m.start() - 20): m.start()])
            pw = prev.group(1) if prev else ""
            if pw and len(pw) > 3 and pw not in STOPWORDS and pw not in AUXILIARIES and pw not in _TIME_WORDS \
                    and not pw.endswith(("ed", "ing", "ly")) and pw not in SPEECH_VERBS and not _verb_only(pw):
                noun, key = pw, stem(pw)  # a measure named just before its figure: "magnitude 6.1"
            else:
                noun, key = _noun_after(t, m.end())
            if key and noun not in IRREGULAR_PLURALS and not noun.endswith("s") and _value(num, m.group("scale")) > 1 \
                    and noun != pw:
                noun, key = "", ""  # "the 5500 block": a figure before a singular noun labels, it does not count
            share = _SHARE_OF.match(t, m.end())
            if share and not key:  # "31 of the 58 seats": the share is of the noun, counted within its whole
                noun, key = share.group(2), f"{stem(share.group(2))} of {share.group(1)}"
            if not key:
                noun, key = _noun_before(t, m.start())
            if not key and out and re.fullmatch(r"\s*(?:,\s*)?(?:up |down )?from\s+(?:about |around )?",
                                                t[out[-1].end: m.start()]):
                noun, key = out[-1].noun, out[-1].key  # "rose to 9 from 7": the earlier figure of the same thing
            if not key:
                continue
        if re.search(r"\d\s+of\s+(?:the\s+|its\s+|their\s+)?$", t[max(0, m.start() - 16): m.start()]):
            key = "of " + key  # "31 of 58 seats": 58 is the whole, not a count of seats won
        v = _value(num, m.group("scale"))
        lo, hi, exact = _range(m.group("hedge"), v)
        sup = _superseded(t, m.start(), m.end())
        # a running count at some time ("32 cases so far", "as of August, 50 cases"): not the event's figure
        running = bool(re.match(r"[^.;,]{0,80}?\b(?:so far|to date|at the time)\b|[^.;,]{0,80}?" + _BY_TIME,
                                t[m.end(): m.end() + 90], re.I)
                       or re.search(r"(?:\b(?:as of|so far|to date)\b|" + _BY_TIME + r")[^.;]{0,70}$",
                                    t[max(0, m.start() - 80): m.start()], re.I))
        start = m.start("hedge") if m.group("hedge") else m.start()
        pred = _predicate(t, m.end(), noun)
        lo_c, hi_c = clause_span(t, start, m.end())
        # a year in the figure's clause dates it, unless another verb comes between them ("47 objects looted in
        # 1903": the year dates the looting, not the objects handed over)
        then = any(lo_c < y0 < hi_c and not (y0 > m.end() and _has_participle(t[m.end():y0])) for y0, _ in years)
        out.append(Quantity(key, lo, hi, v, m.group(0).strip(), start, m.end(), noun, exact, sup,
                            other_time or running or then,
                            pred, pred or _word_before(t, start), bool(_NEW_VALUE.search(t[max(0, start - 50):start]))))
    # a sentence that gives two different figures of one thing is ambiguous about it
    values: dict[str, set[float]] = {}
    for q in out:
        if not q.superseded:
            values.setdefault(q.key, set()).add(q.value)
    return [q for q in out if q.superseded or len(values[q.key]) == 1]


# a count as of a time ("by Wednesday searchers had found four", "by then"): a running total, not the event's figure
_BY_TIME = (r"\bby\s+(?:then|now|noon|midnight|nightfall|dawn|(?:early\s+|late\s+)?(?:monday|tuesday|wednesday|thursday|"
            r"friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|"
            r"december)|the\s+(?:end|time|evening|morning|afternoon|weekend))\b")


def _verb_only(word: str) -> bool:
    """A word that is a form of a verb and never a noun ("took", "found"): no measure named before a figure.

    >>> _verb_only("took"), _verb_only("magnitude"), _verb_only("wind")
    (True, False, False)
    """
    lemmas = word_lemmas(word)
    return "VERB" in lemmas and "NOUN" not in lemmas


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


def _has_participle(text: str) -> bool:
    """Some word of ``text`` is a verb's past tense or participle ("looted", "taken").

    >>> _has_participle(" objects looted from the compound at Tavani in "), _has_participle(" people in ")
    (True, False)
    """
    for w in re.findall(r"[a-z]+", text):
        lemmas = word_lemmas(w).get("VERB")
        if lemmas and w not in AUXILIARIES and w != lemmas[0] and w in set(
                word_forms(lemmas[0], "VBD") + word_forms(lemmas[0], "VBN")):
            return True
    return False


def clause_span(t: str, start: int, end: int) -> tuple[int, int]:
    """The clause around ``t[start:end]``: from the punctuation before it to the punctuation after it (a comma
    inside a figure, "210,000", breaks no clause).

    >>> t = "On Tuesday it recalled 210,000 units after 14 fires, the company said."
    >>> lo, hi = clause_span(t, t.find("14"), t.find("14") + 2); t[lo + 1:hi]
    'On Tuesday it recalled 210,000 units after 14 fires'
    """
    breaks = [k for k, c in enumerate(t) if c in ",;—–" and not (c == "," and 0 < k < len(t) - 1
                                                                 and t[k - 1].isdigit() and t[k + 1].isdigit())]
    before = max((k for k in breaks if k < start), default=-1)
    return before, min((k for k in breaks if k >= end), default=len(t))


def _predicate(t: str, end: int, noun: str) -> str:
    """The first content word after a figure and its noun, auxiliaries and hedges skipped: what is said of the
    counted things ("20 people were killed" -> kill; "4 people are in custody" -> custody), else ""."""
    rest = t[end: end + 60]
    if noun and noun in rest:
        rest = rest[rest.index(noun) + len(noun):]
    words = _WORD.findall(rest)[:5]
    if not words or words[0].lower() not in AUXILIARIES:
        return ""  # only what the sentence predicates of them: "20 people were killed", not "212 passengers when"
    for w in words:
        lw = w.lower()
        if lw in STOPWORDS or lw in AUXILIARIES or lw in MODALS or not lw.isalpha():
            continue
        return act_stem(lw)
    return ""


# where something happened: a place after a locative preposition ("off Kesri Island", "at a Logan Square daycare",
# "near the town of Mellis"); "for north Wales", "from a North Street facility" or "of Chicago" name no locus
_LOCUS = re.compile(r"\b(?:in|at|near|off|on|outside|inside|into|onto|across|along|to|towards|toward)\s+(?:(?:the|a|an)\s+)?"
                    r"(?:(?:[a-z]+\s+)?(?:town|village|city|district|county|region|province|state|island|port|area)\s+of"
                    r"\s+)?(?:(?:north|south|east|west|northern|southern|eastern|western|central)\s+)?$", re.I)


# a count told as changed, its figure the new value: "has risen to", "climbed to", "now stands at", "raised ... to"
_NEW_VALUE = re.compile(r"\b(?:ris(?:en|es)|rose|climb(?:ed|s)|increas(?:ed|es)|jump(?:ed|s)|gr(?:own|ew|ows)|"
                        r"rais(?:ed|es)|revis(?:ed|es)|updat(?:ed|es)|now stands?|stood)\b(?:\s+[\w'’-]+){0,4}?\s+"
                        r"(?:to|at)\s+(?:at least\s+|about\s+|around\s+)?$", re.I)


def _superseded(t: str, start: int, end: int) -> bool:
    head = t[max(0, start - 60): start]
    return bool(_CHANGE_FROM.search(head) or (re.search(r"\bfrom\s+[$£€¥]?$", head) and _FROM_TO.match(t[end - 1:])))


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
        found.setdefault(iso, _word_before(text, s))
    return tuple(found.items())


_DIGIT = re.compile(r"\d")
_FIGURES = re.compile(r"\d[\d,.]*")
_CLAUSE_MARKS = re.compile(r"[,;:—–(]")
_CLAUSES = re.compile(r"\s(?:who|which|because|although|though|while|whereas|after|before|when|if|unless)\s"
                      r"|\s*[—–;:]\s*|,\s+(?:and|but)\s+(?=the\b|it\b|he\b|she\b|they\b)")
# every word that can negate, hedge or deny a clause (one scan rules most sentences out)
_ADDITIVE = frozenset("just only merely simply".split())  # "not just", "not only": a closed class
_POLARITY_WORDS = re.compile(r"\b(?:" + "|".join(sorted(NEGATION | MODALS | NEGATIVE_IMPLICATIVES | DENIALS)) +
                             r")\b|n[’']t\b", re.I)


def _negated(text: str, reported: bool = False) -> tuple[bool, bool, bool, bool]:
    """(negated, hedged, attributed denial, provisional) of the sentence's main clause, read off closed classes
    only; provisional: hedged only as a negation of what has not happened yet ("has not yet signed")."""
    text = text.replace("’", "'")
    if not _POLARITY_WORDS.search(text):
        return False, text.rstrip().endswith("?"), False, False  # most sentences: nothing negated, hedged or denied
    text = _ASIDE.sub(" ", text)  # "The mayor, who did not attend, said ...": an aside is not the main clause
    text = _CONTRAST.sub(" ", text)  # "from a standing model, not a crucified man": a contrast negates no predicate
    parts = _CLAUSES.split(text)
    # the main clause: the first part long enough to hold one ("The press — the public doesn't believe ...")
    body = next((p for p in parts if p and len(p.split()) >= 4), parts[0] or text)
    words = [w.lower() for w in _WORD.findall(body)]
    # "the company said the plant would close": reported speech shifts "will" to "would"; that asserts, not hedges
    backshift = reported or (any(w in SPEECH_VERBS for w in words[: words.index("would")]) if "would" in words else False)
    hedged = text.rstrip().endswith("?") or any(w in MODALS and not (w == "would" and backshift) for w in words)
    # "linked to 9 crashes and no injuries": a negated object in a list, not a negated predicate
    # "not just heart attacks", "not only X but Y": an addition, not a denial
    neg = any((w in NEGATION or w.endswith("n't")) and not (w == "no" and k and words[k - 1] in ("and", "or", "but")
                                                              and _list_end(body, k))
              and (k + 1 >= len(words) or words[k + 1] not in _ADDITIVE)
              for k, w in enumerate(words)) or any(
        w in NEGATIVE_IMPLICATIVES and nxt == "to" and not nxt2[:1].isdigit()  # "declined to 2 percent" is a fall
        for w, nxt, nxt2 in zip(words, words[1:], words[2:] + [""]))
    denial = any(w in DENIALS for w in words)
    if neg and _NOT_YET.search(body):
        # "it is not clear how many were hurt", "police have not named the driver", "will not reopen until Monday":
        # what is not known yet, or not before a time, asserts nothing that a later or fuller report contradicts
        done_yet = _NOT_DONE_YET.search(body) and not _NOT_YET.search(_NOT_DONE_YET.sub(" ", body))
        return False, True, denial, bool(done_yet) and not hedged
    return neg, hedged, denial, False


# "X, not Y": a negated phrase set against another, after a comma; it denies no predicate
_CONTRAST = re.compile(r",\s+not\s+(?:(?:a|an|the|only|just|some|his|her|their|its)\s+)?[^,;.]*", re.I)
# what opens a negated predicate: the closed classes above ("without" negates a noun phrase, not a predicate)
_NEGATOR = re.compile(r"\b(?:" + "|".join(sorted((NEGATION - {"without"}) | NEGATIVE_IMPLICATIVES | DENIALS)) +
                      r")\b|n[’']t\b", re.I)
_NEG_SKIP = frozenset("to that the a an any one be been being was were is are has have had do does did will would "
                      "yet ever again also even so reports claims".split())


def root(term: str) -> str:
    """A stem without the endings that tell forms of one word apart ("concede", "conceded": conced)."""
    return term[:-1] if len(term) > 4 and term[-1] in "eyi" else term


def denied_roots(text: str) -> frozenset[str]:
    """Roots of the first content words after the main clause's negation or denial: what it says did not happen
    ("refused to concede" -> conced; "no one was injured" -> injur; "denied that the plant would close" -> plant,
    clos).

    >>> sorted(denied_roots("No one was injured in the blaze.")), sorted(denied_roots("Heston refused to concede."))
    (['blaz', 'injur'], ['conced'])
    """
    body = _ASIDE.sub(" ", text.replace("’", "'"))
    m = _NEGATOR.search(body)
    return frozenset(_content_after(body[m.end():], 8, 3)) if m else frozenset()


def denied_words(text: str) -> list[str]:
    """Roots of the first content words after the main clause's negation, in order: the predicate it denies, then
    what it is denied of ("did not affect emergency services" -> affect, emerg, servic; "no one was injured" ->
    injur).

    >>> denied_words("The outage did not affect emergency services."), denied_words("It rained.")
    (['affect', 'emergenc', 'servic'], [])
    """
    body = _ASIDE.sub(" ", text.replace("’", "'"))
    m = _NEGATOR.search(body)
    return _content_after(body[m.end():], 8, 3) if m else []


def _content_after(text: str, window: int, most: int) -> list[str]:
    """Roots of the first ``most`` content words among the first ``window`` words of ``text``: what a negation
    before it is of."""
    words = [w.lower() for w in _WORD.findall(text)[:window]]
    return [root(stem(w)) for w in words if w.isalpha() and w not in _NEG_SKIP and w not in STOPWORDS
            and not w.endswith("ly")][:most]


# a negation proper: what follows it did not happen ("not yet signed", "no one was hurt", "refused to sign"); a
# denial ("denied", "rejected") is an act of its own and not read here
_NEGATION_OF = re.compile(r"\b(?:" + "|".join(sorted(NEGATION | NEGATIVE_IMPLICATIVES)) + r")\b|n[’']t\b", re.I)


def negated_heads(text: str, without: bool = True) -> frozenset[str]:
    """Roots of what each negation of ``text`` is of: the first content word after "not", "no", "never", "refused
    to" ... and, unless ``without`` is False, "without" ("released without charge").

    >>> sorted(negated_heads("Hartig has not yet signed the order; no one was hurt.")), negated_heads("Held without charge")
    (['hurt', 'sign'], frozenset({'charg'}))
    >>> negated_heads("Thousands without power", without=False)
    frozenset()
    """
    heads = set()
    for m in _NEGATION_OF.finditer(text.replace("’", "'")):
        if not without and m.group().lower() == "without":
            continue
        heads.update(_content_after(text[m.end():m.end() + 80], 6, 1))
    return frozenset(heads)


def negated_clauses(text: str, at: bool = False) -> list:
    """The clauses of ``text`` that hold a negation (not "without"), from the clause break before it to the one
    after: who did not do what; with ``at``, each with the offset of its negation.

    >>> negated_clauses("Mayor Ann Shaw did not attend the vigil, despite saying she would; 400 people came.")
    ['Mayor Ann Shaw did not attend the vigil']
    >>> negated_clauses("No one was hurt.", at=True), negated_clauses("Thousands were left without power.")
    ([('No one was hurt', 0)], [])
    """
    out = []
    for m in _NEGATION_OF.finditer(text.replace("’", "'")):
        if m.group().lower() == "without":
            continue
        start = max(text.rfind(c, 0, m.start()) for c in ",;:") + 1
        ends = [k for k in (text.find(c, m.end()) for c in ",;:") if k >= 0]
        clause = text[start:min(ends) if ends else len(text)]
        lead = len(clause) - len(clause.lstrip())
        clause = clause.strip().rstrip(".")
        out.append((clause, m.start() - start - lead) if at else clause)
    return out


_ASIDE = re.compile(r",\s+(?:who|which|whose|whom|where)\s[^,;]*,")
# what has not been done yet ("not yet", "has not signed"): one kind of what a later report may tell otherwise
_NOT_DONE = r"\bnot\s+yet\b|\b(?:has|have|had)\s*(?:not|n't)\s+(?:yet\s+)?(?:been\s+)?[a-z]+ed\b"
_NOT_DONE_YET = re.compile(_NOT_DONE, re.I)
_NOT_YET = re.compile(r"\b(?:not|n't)\s+(?:(?:yet|been|immediately|entirely|fully|publicly|officially)\s+)*"
                      r"(?:clear|known|certain|sure|confirmed|determined|established|disclosed|released|identified)\b"
                      r"|" + _NOT_DONE +
                      r"|\b(?:not|n't)\b[^.;]*?\b(?:until|till|before)\b|\bunclear\b|\bunknown\b", re.I)


def _list_end(body: str, k: int) -> bool:
    """The k-th word of ``body`` ("no") opens the last item of a list that ends the clause ("linked to 9 crashes and
    no injuries."), not a clause of its own ("..., and no officers fired shots")."""
    words = _WORD.findall(body)
    tail = body[body.find(words[k], sum(len(w) for w in words[:k])):]
    clause = re.split(r"[,;:.!?]", tail, maxsplit=1)[0]
    return len(clause.split()) <= 3


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
            part = next((w for w in reversed(_WORD.findall(head)[-5:]) if w.lower().endswith(("ed", "en", "wn"))), "")
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
    if role and not out and role.group("head").lower() not in STOPWORDS | AUXILIARIES | _TIME_WORDS:
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
            w = _WORD.findall(re.sub(r"^\s*,[^,]{1,40},", "", text[m.end: m.end + 80]).lower())[:3]
            if _passive(*(w + ["", "", ""])[:3]):
                out.add(m.name)
    return frozenset(out)


# the passive's auxiliaries, a closed class: the forms of "be", and "get" ("was dismissed", "got sacked")
PASSIVE_AUXILIARIES = frozenset("am is are was were be been being get gets got".split())
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


@lru_cache(maxsize=1 << 14)
def act_stem(word: str) -> str:
    """The stem an act is compared by: of the verb's dictionary form (``lemminflect``), so that every form of one verb
    is one act ("takes", "will take", "took": take; "won", "wins": win), else of the word itself.

    >>> [act_stem(w) for w in ("takes", "take", "took", "taken")], act_stem("won") == act_stem("wins")
    (['take', 'take', 'take', 'take'], True)
    >>> act_stem("closed") == act_stem("closes") == act_stem("closing"), act_stem("warehouses")
    (True, 'warehouse')
    """
    lemmas = word_lemmas(word.lower()).get("VERB")
    return stem(lemmas[0] if lemmas else word.lower())


@lru_cache(maxsize=1 << 14)
def past_tense(word: str) -> bool:
    """An irregular past tense ("took", "won", "led", "beat"): a verb's past form that does not end in -ed (a form
    in -ed is read as a verb by its ending).

    >>> [past_tense(w) for w in ("took", "won", "beat", "team", "takes", "game", "crossed")]
    [True, True, True, False, False, False, False]
    """
    lw = word.lower()
    return not lw.endswith("ed") and any(lw in word_forms(lemma, "VBD")
                                         for lemma in word_lemmas(lw).get("VERB", ()))


def _word_before(text: str, pos: int) -> str:
    """The stem of the last content word before ``pos`` in its clause ("the ballot closed on Thursday" -> close;
    "a warehouse on Mill Lane" -> warehouse): what a date or a place is the date or place of."""
    clause = _CLAUSE_MARKS.split(text[max(0, pos - 80): pos])[-1]
    for w in reversed(_WORD.findall(clause)):
        lw = w.lower()
        if (lw in STOPWORDS or lw in AUXILIARIES or lw in _TIME_WORDS or lw in PREPOSITIONS or w[:1].isupper()
                or not lw.isalpha() or lw in _MONTH_NAMES.split() or lw in HEDGE_WORDS):
            continue
        if lw in SPEECH_VERBS:
            return ""
        return act_stem(lw)
    return ""


_LOCATIVES = frozenset("in at on near off outside inside into onto across along to from".split())  # "near Halton"
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
    if any(w.lower() in MODALS for w in _WORD.findall(phrase)):
        return frozenset(), frozenset()  # "because of fears it might try": a possibility, not a stated cause
    cause = frozenset(t for t in content_terms(" ".join(phrase.split()[:8])) if not t.isdigit())
    if m.group(0).lower().startswith("blam"):
        effect_words = m.group(0).split()[1:-1]  # "blamed [the sinking] on"
    else:
        before = [w for w in _WORD.findall(re.split(r"[,;:—–]", text[: m.start()])[-1])
                  if w.lower() not in AUXILIARIES and w.lower() not in _LOCATIVES and w.lower() not in _TIME_WORDS
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
    if any(w.lower() in MODALS or w.lower() in NEGATION for w in _WORD.findall(said)):
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
    if not m or any(w.lower() in MODALS or w.lower() in NEGATION for w in _WORD.findall(m.group("cause"))):
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
                place_acts.setdefault(m.name, _word_before(text, locus.start()))
                place_types.setdefault(m.name, m.type if m.type in (GPE, LOC) else "VENUE")
    for part in _PART.finditer(unquoted):  # "in the north shaft": a part told by a closed class of direction or order
        if part.group(2).lower() not in _TIME_TERMS and part.group(2).lower() not in _NOT_PARTS:
            name = f"{part.group(1).lower()} {part.group(2).lower()}"
            place_acts.setdefault(name, _word_before(text, part.start()))
            place_types.setdefault(name, PART)
    places = tuple(place_acts)
    everywhere = frozenset(m.name for m in mentions if m.type in (GPE, LOC))
    neg, hedged, denial, provisional = _negated(body, reported=bool(said))
    skip = {t for n in names for t in content_terms(n)} | _TIME_TERMS
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
_NOT_PARTS = frozenset("half quarter round period leg time stage place row line lane minute".split())


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

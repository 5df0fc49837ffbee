"""Figures: the numbers a sentence gives (in digits or words, hedged or exact, in a unit or counting a noun read off the
sentence itself), with what is said of the counted things and whether the figure is an earlier or a revised one.

Only closed classes are listed here (hedges, units, currencies, scales, number words). Number words become digits
by ``text2num``, with our own table for the small numbers it leaves as words ("two", "three").
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Sequence

from storyline.core.nlp.dates import find_dates
from storyline.core.text.text import (AUXILIARIES, NUMBER_WORDS, SPEECH_VERBS, STOPWORDS, content_terms, stem,
                                      word_forms, word_lemmas)
from storyline.core.nlp.negation import WORD
from storyline.core.text.text import act_stem
from storyline.lexicon import phrases, word_list


# ------------------------------------------------------------------------------------------------ closed classes

HEDGES_OPEN_ABOVE = phrases("figures/hedges_above.lines")
HEDGES_OPEN_BELOW = phrases("figures/hedges_below.lines")
HEDGES_ABOUT = phrases("figures/hedges_about.lines")
HEDGE_WORDS = frozenset(h for h in (*HEDGES_OPEN_ABOVE, *HEDGES_OPEN_BELOW, *HEDGES_ABOUT) if " " not in h)
_HEDGE_RE = "|".join(sorted({*HEDGES_OPEN_ABOVE, *HEDGES_OPEN_BELOW, *HEDGES_ABOUT}, key=lambda w: (-len(w), w)))


UNITS = dict(line.rsplit(" ", 1) for line in phrases("figures/units.lines"))  # what a unit is written as -> its key
# a unit of length, mass, area or speed -> (its dimension, its size in the dimension's base unit): "98 feet" and "a
# 25-meter wreck" are two lengths of one thing, compared in metres
SIZES = {unit: (dim, float(size)) for unit, dim, size in (line.split() for line in phrases("figures/unit_sizes.lines"))}
CONVERSION_SHARE = 0.03  # a measure converted from another unit is rounded: "90 kilometres (55 miles)" is one length
PREPOSITIONS = word_list("figures/prepositions.txt")
# English plurals without -s: a count of these is a count ("20 people"), where a figure before a singular noun is a
# label or address ("the 5500 block", "a 6.1 earthquake")
IRREGULAR_PLURALS = word_list("figures/irregular_plurals.txt")
CURRENCIES = {"$": "dollars", "£": "pounds", "€": "euros", "¥": "yen"}
SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12, "bn": 1e9, "m": 1e6, "k": 1e3}
SMALL_NUMBERS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve "
                                            "thirteen fourteen fifteen sixteen seventeen eighteen nineteen "
                                            "twenty".split())}


# words that count time ("years", "weeks", "hours"): a number before one is a span, not a count of things
TIME_WORDS = word_list("figures/time_words.txt")

_MONTH_NAMES = "january february march april may june july august september october november december"
# the time words and month names as the content terms a sentence's terms are compared in
TIME_TERMS = frozenset(content_terms(" ".join(sorted(TIME_WORDS)) + " " + _MONTH_NAMES)) | TIME_WORDS

_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_FIGURE = re.compile(
    r"(?<![\w.,/:-])(?:(?P<hedge>" + _HEDGE_RE + r")\s+)?(?P<cur>[$£€¥])?\s?(?P<num>" + _NUM + r")(?!\d|:\d)"  # "7:30 p.m." is a time of day
    r"(?:\s?(?P<scale>" + "|".join(SCALE) + r")\b)?"
    r"(?:(?P<tally>[-–](?P<num2>\d+)(?![\w%-]))|(?P<unit>\s?%|\s?(?:per cent|percent)\b|[- ](?:cents?|pence)\b"
    r"|[- ](?:km/h|km|kilometres?|kilometers?|miles?|metres?|meters?|feet|foot|kg|kilograms|tonnes?|tons?|mph|degrees"
    r"|hours|minutes|days|weeks|months|years|points|acres|hectares)\b)?)",
    re.I)


# "up from 23", "rose to 9 from 7", "revised from 12", "from $2.25 to $2.75": the figure after "from" is the earlier one
_CHANGE_FROM = re.compile(r"\b(?:up|down|revised|rising|falling|increased|decreased|raised|lowered|rose|fell|climbed"
                          r"|dropped|corrected|changed|jumped|grew|risen|fallen|cut|reduced|lifted|upped)\b"
                          r"(?:\s+[^\s,;]+){0,4}?\s+from\s+(?:about |around |roughly |an? )?[$£€¥]?$", re.I)
_FROM_TO = re.compile(r"^\S*\s+(?:to|into)\s+(?:about |around |roughly )?[$£€¥]?\d", re.I)
_LAST_YEAR = re.compile(r"\b(?:last|previous|a year earlier|a year ago|the year before|prior)\b", re.I)


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
    revised: bool = False  # told as a count's new value ("the toll has risen to 14", "now stands at 14")

    def agrees(self, other: "Quantity") -> bool:
        """Both can hold: the ranges meet (an exact 43 inside "around 40")."""
        return self.low <= other.high + 1e-9 and other.low <= self.high + 1e-9


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


_NW = r"(?:" + "|".join(sorted(NUMBER_WORDS, key=lambda w: (-len(w), w))) + r")"
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
    # text_to_num: imported on the first number in words
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
    half = rounding(v)
    return v - half, v + half, True


ROUNDING_SHARE = 0.02  # the most a round figure's unit may be of the figure for it to stand for its neighbours


def rounding(v: float) -> float:
    """Half the unit a round figure is written to, when that unit is a small share of it: "83,000" stands for
    82,500 to 83,500, so two reports of 83,000 and 84,000 square miles round one area. A figure whose unit is a large
    share of it ("400", "2 million", "48,000") is read as written: 400 and 550 delegates are two counts.

    >>> rounding(83000), rounding(84000), rounding(1250000), rounding(400), rounding(48000), rounding(2000000)
    (500.0, 500.0, 5000.0, 0.0, 0.0, 0.0)
    """
    if v <= 0 or v != int(v):
        return 0.0
    n, unit = int(v), 1
    while n % (unit * 10) == 0:
        unit *= 10
    return unit / 2 if unit >= 100 and unit <= ROUNDING_SHARE * v else 0.0


def _noun_after(text: str, end: int) -> tuple[str, str]:
    """The counted noun after a figure: the head of the run of words that follows ("210,000 Aura T3 smart
    thermostats" -> thermostats; "212 passengers on board" -> passengers). Returns (noun, key)."""
    words = []
    for m in WORD.finditer(text, end, min(len(text), end + 60)):
        gap = text[words[-1][1] if words else end: m.start()]
        if any(c in gap for c in ",;:()—–\"“”.") and not gap.strip() in ("-",):
            break
        w = m.group(0)
        if w.lower() in STOPWORDS or w.lower() in AUXILIARIES or w.lower() in TIME_WORDS or w.lower() in PREPOSITIONS:
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
    if w in STOPWORDS or w in AUXILIARIES or w in TIME_WORDS:
        return "", ""
    return w, stem(w)


# "31 of the 58 seats", "30 of 58 seats": a share and the whole it is of (closed classes: "of" and determiners)
_SHARE_OF = re.compile(r"\s+of\s+(?:the\s+|its\s+|their\s+|[A-Z][\w’']*(?:’s|'s)\s+|the\s+\w+(?:’s|'s)\s+)?"
                       r"(\d[\d,]*)\s+([a-z]+s)\b")


def _not_a_count(t: str, m: re.Match, num: str, raw: str, after: str, before: str) -> bool:
    """The figure is no count: a year, a time of day, an ordinal, a number that names (a route, a flight), a
    multiple ("four times"), an age or a rate ("per year")."""
    if (len(raw) == 4 and raw.isdigit() and 1800 <= int(raw) <= 2100 and "," not in num and not m.group("cur")
            and not m.group("unit") and not m.group("tally")):
        return True  # a year
    if re.match(r"\s*(?:a\.m\.|p\.m\.|am\b|pm\b|GMT|UTC|o'clock|st\b|nd\b|rd\b|th\b)", after, re.I) \
            or re.search(r"(?:No\.|#|number|Route|route|Flight|flight|Highway|aged?|Article|article)\s*$", before):
        return True
    if re.match(r"\s*times\b|\s*-fold\b", after):
        return True  # "four times more resistant": a multiple, not a count
    if re.match(r"[-–]year[-–]old", after) or re.search(r"\b(?:age|aged)\s+(?:of\s+)?$", t[max(0, m.start() - 12): m.start()], re.I):
        return True  # an age describes a person; ages of different people are not one figure
    return bool(re.match(r"\s*(?:[\w.-]+\s+){0,8}?(?:each|every|per|a)\s+(?:year|day|week|month|season)\b|\s*(?:[\w.-]+\s+){0,8}?annually\b",
                         t[m.end(): m.end() + 60]) and not m.group("cur"))  # a rate, not the count of an event


def _tally(m: re.Match, raw: str, after: str) -> Quantity | None:
    """A vote or a score ("27-27"), as one figure; a span of seasons or years is none."""
    a, b = int(raw.split(".")[0]), int(m.group("num2"))
    if a > 500 or b > 500 or re.match(r"\s*(?:season|year)", after, re.I):
        return None
    return Quantity("tally", a + b / 1000, a + b / 1000, a + b / 1000, m.group(0).strip(), m.start("num"), m.end(),
                    "tally")


def _counted_noun(t: str, m: re.Match, num: str, out: Sequence[Quantity]) -> tuple[str, str]:
    """What a bare figure counts (the noun as written, and its key), read off the sentence: a measure named just
    before it, the noun after it, the whole it is a share of, the noun before it, or the figure it changed from;
    ("", "") when nothing says."""
    share = _SHARE_OF.match(t, m.end())
    prev = re.search(r"(?<![A-Za-z’'-])([a-z]+)\s+$", t[max(0, m.start() - 20): m.start()])
    pw = prev.group(1) if prev else ""
    if share:  # "giving the party 30 of 58 seats": the share says what it counts, whatever noun comes before
        return share.group(2), f"{stem(share.group(2))} of {share.group(1)}"
    if pw and len(pw) > 3 and pw not in STOPWORDS and pw not in AUXILIARIES and pw not in TIME_WORDS \
            and not pw.endswith(("ed", "ing", "ly")) and pw not in SPEECH_VERBS and not _verb_only(pw):
        noun, key = pw, stem(pw)  # a measure named just before its figure: "magnitude 6.1"
    else:
        noun, key = _noun_after(t, m.end())
    if key and noun not in IRREGULAR_PLURALS and not noun.endswith("s") and _value(num, m.group("scale")) > 1 \
            and noun != pw:
        noun, key = "", ""  # "the 5500 block": a figure before a singular noun labels, it does not count
    if not key:
        noun, key = _noun_before(t, m.start())
    if not key and out and re.fullmatch(r"\s*(?:,\s*)?(?:up |down )?from\s+(?:about |around )?",
                                        t[out[-1].end: m.start()]):
        noun, key = out[-1].noun, out[-1].key  # "rose to 9 from 7": the earlier figure of the same thing
    return noun, key


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
             and re.search(r"\b(?:in|during|throughout)\s+$", t[max(0, s0 - 12): s0])]
    out: list[Quantity] = []
    matches = list(_FIGURE.finditer(t))
    for prev, m in zip([None, *matches], matches):  # the figure before may open a range ("80 to 100 homes")
        num = m.group("num")
        raw = num.replace(",", "")
        after = t[m.end(): m.end() + 12]
        before = t[max(0, m.start() - 12): m.start()]
        if _not_a_count(t, m, num, raw, after, before):
            continue
        if m.group("tally"):
            tally = _tally(m, raw, after)
            if tally is not None:
                out.append(tally)
            continue
        if m.group("unit"):
            key = UNITS[" ".join(m.group("unit").strip(" -").lower().split())]
            noun = ""
        elif m.group("cur"):
            key, noun = CURRENCIES[m.group("cur")], ""
        else:
            noun, key = _counted_noun(t, m, num, out)
            if not key:
                continue
        if re.search(r"\d\s+of\s+(?:the\s+|its\s+|their\s+)?$", t[max(0, m.start() - 16): m.start()]):
            key = "of " + key  # "31 of 58 seats": 58 is the whole, not a count of seats won
        v = _value(num, m.group("scale"))
        lo, hi, exact, start = _bounds(t, m, v, prev)
        if key in SIZES:  # a length, mass, area or speed, in its dimension's base unit, as converted figures round
            key, size = SIZES[key]
            v, lo, hi = v * size, lo * size * (1 - CONVERSION_SHARE), hi * size * (1 + CONVERSION_SHARE)
        sup = _superseded(t, m.start(), m.end())
        # a running count at some time ("32 cases so far", "as of August, 50 cases"): not the event's figure
        running = bool(re.match(r"[^.;,]{0,80}?\b(?:so far|to date|at the time)\b|[^.;,]{0,80}?" + _BY_TIME,
                                t[m.end(): m.end() + 90], re.I)
                       or re.search(r"(?:\b(?:as of|so far|to date)\b|" + _BY_TIME + r")[^.;]{0,70}$",
                                    t[max(0, m.start() - 80): m.start()], re.I))
        lo_c, hi_c = clause_span(t, start, m.end())
        # a year in the figure's clause dates it, unless another verb comes between them ("47 objects looted in
        # 1903": the year dates the looting, not the objects handed over)
        then = any(lo_c < y0 < hi_c and not (y0 > m.end() and _has_participle(t[m.end():y0])) for y0, _ in years)
        out.append(Quantity(key, lo, hi, v, t[start:m.end()].strip(), start, m.end(), noun, exact, sup,
                            other_time or running or then,
                            bool(_NEW_VALUE.search(t[max(0, start - 50):start]))))
    out = _conversions_merged(out) + times_of_day(t)
    # a sentence that gives two different figures of one thing is ambiguous about it
    values: dict[str, set[float]] = {}
    for q in out:
        if not q.superseded:
            values.setdefault(q.key, set()).add(q.value)
    return [q for q in out if q.superseded or len(values[q.key]) == 1]


def _bounds(t: str, m: re.Match[str], v: float, prev: re.Match[str] | None) -> tuple[float, float, bool, int]:
    """The figure's range (its hedge's, or the range it ends: "between 18 and 22 students", "80 to 100 homes"),
    whether it is exact, and where it begins."""
    lo, hi, exact = _range(m.group("hedge"), v)
    start, first = _range_start(t, m, v, prev)
    return (min(lo, first), hi, False, start) if first < v else (lo, hi, exact, start)


def _range_start(t: str, m: re.Match[str], v: float, prev: re.Match[str] | None) -> tuple[int, float]:
    """Where the figure begins, with its hedge or the range it ends, and the range's first figure (``v`` when none):
    the figure before it joined by "to" ("80 to 100"), or by "and" after "between" ("between 18 and 22"). A change
    ("from 80 to 100") or two sums of money ("$5 to $7") are no range of one figure."""
    if m.group("hedge"):
        return m.start("hedge"), v
    if prev is None or m.group("cur") or prev.group("cur") or prev.group("hedge"):
        return m.start(), v
    joint = t[prev.end():m.start()].strip().lower()
    word = (t[:prev.start()].split() or [""])[-1].lower()  # the word before the range
    first = _value(prev.group("num"), prev.group("scale"))
    if first < v and (joint == "to" and word != "from" or joint == "and" and word == "between"):
        return (t.lower().rfind("between", 0, prev.start()) if word == "between" else prev.start()), first
    return m.start(), v


def _conversions_merged(out: list[Quantity]) -> list[Quantity]:
    """A measure given in two units ("90 kilometres (55 miles)") is one figure: the first, its range spanning both.

    >>> [(q.key, round(q.value), q.surface) for q in quantities("It lies 90 kilometers (55 miles) south of Rome.")]
    [('length', 90000, '90 kilometers')]
    """
    kept: list[Quantity] = []
    for q in out:
        same = next((k for k, p in enumerate(kept) if p.key == q.key and q.key in _DIMENSIONS and p.agrees(q)
                     and not p.superseded and not q.superseded), None)
        if same is None:
            kept.append(q)
        else:
            p = kept[same]
            kept[same] = replace(p, low=min(p.low, q.low), high=max(p.high, q.high))
    return kept


_DIMENSIONS = frozenset(dim for dim, _ in SIZES.values())


TIME_OF_DAY = "time of day"
# "11:15 p.m.", "about 7 a.m.", "shortly after 10:40 p.m."; "after" and "before" bound the time on one side
_CLOCK = re.compile(r"(?<![\w:.])(?:(?P<hedge>" + _HEDGE_RE + r")\s+|(?P<side>after|before)\s+)?"
                    r"(?P<h>1[0-2]|0?[1-9])(?::(?P<m>[0-5]\d))?\s*(?P<half>a\.m\.|p\.m\.|am\b|pm\b)", re.I)
CLOCK_ABOUT = 15  # minutes an "about" or "around" time may lie from the time it gives
CLOCK_SIDE = 90  # minutes "after 10 p.m." or "before dawn's 6 a.m." may reach


def times_of_day(text: str) -> list[Quantity]:
    """Times of day as figures in minutes after midnight, ``key`` "time of day": a hedged time ("about 11:15 p.m.")
    spans a quarter of an hour each way, and one "after" or "before" a time reaches on one side.

    >>> [(q.value, q.low, q.high, q.surface) for q in times_of_day("He fell at about 11:15 p.m. and died before 2 a.m.")]
    [(1395.0, 1380.0, 1410.0, 'about 11:15 p.m.'), (120.0, 30.0, 120.0, 'before 2 a.m.')]
    """
    out = []
    for m in _CLOCK.finditer(text):
        v = float((int(m.group("h")) % 12 + (12 if m.group("half").lower().startswith("p") else 0)) * 60
                  + int(m.group("m") or 0))
        hedge, side = (m.group("hedge") or "").lower(), (m.group("side") or "").lower()
        if hedge in HEDGES_OPEN_ABOVE or side == "after":
            lo, hi = v, v + CLOCK_SIDE
        elif hedge in HEDGES_OPEN_BELOW or side == "before":
            lo, hi = v - CLOCK_SIDE, v
        elif hedge:
            lo, hi = v - CLOCK_ABOUT, v + CLOCK_ABOUT
        else:
            lo = hi = v
        out.append(Quantity(TIME_OF_DAY, lo, hi, v, m.group(0).strip(), m.start(), m.end(), "", not (hedge or side)))
    return out


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


# a count told as changed, its figure the new value: "has risen to", "climbed to", "now stands at", "raised ... to"
_NEW_VALUE = re.compile(r"\b(?:ris(?:en|es)|rose|climb(?:ed|s)|increas(?:ed|es)|jump(?:ed|s)|gr(?:own|ew|ows)|"
                        r"rais(?:ed|es)|revis(?:ed|es)|updat(?:ed|es)|now stands?|stood)\b(?:\s+[\w'’-]+){0,4}?\s+"
                        r"(?:to|at)\s+(?:at least\s+|about\s+|around\s+)?$", re.I)


def _superseded(t: str, start: int, end: int) -> bool:
    head = t[max(0, start - 60): start]
    return bool(_CHANGE_FROM.search(head) or (re.search(r"\bfrom\s+[$£€¥]?$", head) and _FROM_TO.match(t[end - 1:])))


_DIGIT = re.compile(r"\d")


_CLAUSE_MARKS = re.compile(r"[,;:—–(]")


def word_before(text: str, pos: int) -> str:
    """The stem of the last content word before ``pos`` in its clause ("the ballot closed on Thursday" -> close;
    "a warehouse on Mill Lane" -> warehouse): what a date or a place is the date or place of.

    >>> t = "the ballot closed on Thursday"
    >>> word_before(t, t.index("on")), word_before("a warehouse on Mill Lane", 15)
    ('close', 'warehouse')
    """
    clause = _CLAUSE_MARKS.split(text[max(0, pos - 80): pos])[-1]
    for w in reversed(WORD.findall(clause)):
        lw = w.lower()
        if (lw in STOPWORDS or lw in AUXILIARIES or lw in TIME_WORDS or lw in PREPOSITIONS or w[:1].isupper()
                or not lw.isalpha() or lw in _MONTH_NAMES.split() or lw in HEDGE_WORDS):
            continue
        if lw in SPEECH_VERBS:
            return ""
        return act_stem(lw)
    return ""

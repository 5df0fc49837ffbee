"""Disputes in fixed frames: conflicting predicates and counts of casualties and measures, read with patterns.

These frames came before the general mechanism (:mod:`~storyline.core.story.extraction`,
:mod:`~storyline.core.story.alignment`, :mod:`~storyline.core.story.disputes`) and still run beside it; what both
find is reported once. Disputed claims here are of two kinds:

- conflicting predicates about the same subject in the same frame: resigned vs fired, confirmed vs denied, won vs
  lost, accepted vs rejected, alive vs dead, arrested vs released, convicted vs acquitted;
- different numbers for the same quantity: "12 people died" vs "15 people died" (qualifiers such as "at least"
  or "about" turn numbers into ranges, and only ranges that cannot both hold conflict).

Precision comes first, because a wrongly flagged conflict costs the reader's trust: a claim needs a named
subject (an entity of the story, a pronoun or a role noun such as "the manager" resolved to one in the same
sentence); negated, hedged, conditional, modal, infinitive and either-or uses are ignored; claims about another
time (a different year or date in the sentence) or a different organisation are not compared; and the two sides
must come from different articles.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import date
from typing import Any, Sequence

from storyline.core.text.clean import sentence_flags
from storyline.core.grouping.cluster import connected_components
from storyline.core.story.entities import ORG, PERSON, EntityIndex, Mention, analyse, get
from storyline.core.text.text import STOPWORDS, content_terms
from storyline.core.story.timeline import find_dates
from storyline.core.story.sources import Dispute, Fact, Side, attribution, source_sentence  # noqa: F401 (re-exported)

# ---------------------------------------------------------------------------------------------------- lexicons

_PASSIVE = r"(?:was|were|is|are|has been|have been|had been|got|gets|get)\s+(?:(?:just|reportedly|officially|then|later|ultimately|eventually|abruptly|summarily)\s+)?"
# frame -> pole -> (subject-before patterns, object-after patterns); each pattern matches a finite assertive form
_FRAMES: dict[str, dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "departure": {
        "resigned": ((r"resigned", r"resigns", r"(?:has|had|have) resigned", r"stepped down", r"steps down", r"quit"), ()),
        "fired": ((_PASSIVE + r"(?:fired|dismissed|sacked|ousted|terminated|axed|let go|forced out)",),
                  (r"(?:fired|dismissed|sacked|ousted|axed|sack|sacks|oust|ousts|dismiss|dismisses)",)),  # "City sack Lind"
    },
    "confirmation": {"confirmed": ((r"confirmed", r"confirms"), ()), "denied": ((r"denied", r"denies"), ())},
    "outcome": {"won": ((r"won", r"wins"), ()), "lost": ((r"lost", r"loses"), ())},
    "acceptance": {"accepted": ((r"accepted", r"accepts"), ()),
                   "rejected": ((r"rejected", r"rejects", r"declined(?!\s+to\b)", r"turned down", r"refused(?!\s+to\b)"), ())},
    "vital status": {"alive": ((r"(?:is|was|remains|remained) alive", r"survived"), ()),
                     "dead": ((r"died", r"(?:is|was|were) (?:found )?dead", _PASSIVE + r"killed"), ())},
    "custody": {"arrested": ((_PASSIVE + r"(?:arrested|detained|taken into custody)",), ()),
                "released": ((_PASSIVE + r"(?:released|freed)",), ())},
    "verdict": {"convicted": ((_PASSIVE + r"(?:convicted|found guilty)", r"pleaded guilty"), ()),
                "acquitted": ((_PASSIVE + r"(?:acquitted|found not guilty|cleared)", r"pleaded not guilty"), ())},
}
_OBJECT_FRAMES = frozenset({"confirmation", "outcome", "acceptance"})  # the two sides must be about the same thing
_BLOCK = frozenset(
    """not n't never no nor neither cannot would could might may should must will shall can if unless whether
    reportedly allegedly rumored rumoured possibly perhaps maybe supposedly purportedly deny denies denied
    false falsely untrue whichever either""".split())
_SKIP = frozenset(
    """was were is are has have had been got gets just then later ultimately eventually finally officially abruptly
    quickly suddenly recently subsequently formally effectively promptly soon previously already briefly also
    summarily who""".split())
_ROLES = frozenset(
    """manager coach president chairman chairwoman director executive official chief minister senator governor
    mayor player pitcher baseman catcher shortstop outfielder infielder quarterback striker midfielder defender
    goalkeeper star actor actress singer leader founder owner boss ceo spokesman spokeswoman officer suspect
    man woman teenager employee worker lawmaker candidate""".split())
_SPEECH = re.compile(r"^\s*(?:said|says|told|tells|added|claimed|claims|insisted|wrote|tweeted|believes)\b")
_WEEKDAY = re.compile(r"\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b")
_PLACE = re.compile(r"\b(?:in|at|near|outside|across)\s+(?:the\s+)?(?:[a-z]+\s+){0,2}([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)*)")
_STATED = re.compile(r"\b(?:said|says|told|announced|added|reported|confirmed)\b(?:\s+\S+){0,3}\s*$")
# "that earthquake", "a previous attack": a count of another event than the story's own
_OTHER_EVENT = re.compile(r"\b(?:that|those|the previous|a previous|an earlier|the last|a similar|another)\s+(?:\w+\s+)?"
                          r"(?:earthquakes?|quakes?|attacks?|storms?|hurricanes?|crash(?:es)?|fires?|floods?|shootings?"
                          r"|bombings?|incidents?|disasters?|explosions?|blasts?|outbreaks?|wars?|massacres?|drafts?|proposals?"
                          r"|versions?|forecasts?|projections?|budgets?|plans?)\b", re.I)
_RATE = re.compile(r"\b(?:each|every|per|a)\s+(?:year|day|week|month|season)\b|\bannually\b|\bon average\b")
_PARTIAL_AFTER = re.compile(r"\s*(?:(?:on|at) the scene|(?:in|at) (?:the |a )?hospital|so far|this year|last year"
                            r"|since|en route|later|overnight)\b", re.I)
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*|[^\w\s]")

_NUMWORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())} | {"thirty": 30, "forty": 40, "fifty": 50, "hundred": 100}
_QUAL = r"(?P<qual>at least|more than|over|nearly|almost|about|around|approximately|roughly|some|an estimated|up to|as many as|fewer than|less than|under)?\s*"
_NUM = r"(?P<num>\d{1,3}(?:,\d{3})*|\d+|" + "|".join(_NUMWORDS) + r")"
_NOUN = (r"(?P<noun>people|persons|civilians|victims|children|adults|students|soldiers|officers|police officers|troops"
         r"|passengers|workers|residents|migrants|protesters|militants|firefighters|patients|miners|sailors|crew members)")
_VERB_AFTER = (r"(?P<verb>died|dead|killed|injured|wounded|hurt|hospitalized|missing|arrested|detained|evacuated"
               r"|rescued|displaced)")
_NUMBER_PATTERNS = (
    re.compile(r"\b" + _QUAL + _NUM + r"\s+(?:\w+\s+)?" + _NOUN + r"\s+(?:(?:were|was|have been|had been|are|have|had|"
               r"are reported|were reported|reportedly)\s+)?" + _VERB_AFTER + r"\b", re.I),
    re.compile(r"\b(?P<verb>killed|killing|injured|injuring|wounded|wounding|arrested|evacuated|rescued)\s+" + _QUAL
               + _NUM + r"\s+(?:\w+\s+)?" + _NOUN + r"\b", re.I),
    # no noun: "left 21 dead", "the 21 killed", "killing at least 20", "the death toll rose to 104"
    re.compile(r"\b" + _QUAL + _NUM + r"\s+(?:(?:were|have been|had been|are)\s+)?(?P<verb>killed|dead|injured|wounded)\b",
               re.I),
    re.compile(r"\b(?P<verb>killing|wounding|injuring)\s+" + _QUAL + _NUM + r"\b(?!\s*(?:%|percent|of\b|[a-z]))", re.I),
    re.compile(r"\bdeath toll\s+(?:\w+\s+){0,2}?(?:rose|climbed|rises|reached|stood|stands|is|was|of|at|to)\s+"
               r"(?:to\s+|at\s+)?" + _QUAL + _NUM + r"\b(?!\s*(?:%|percent))", re.I),
)
_VERB_CLASS = {"died": "died", "dead": "died", "killed": "died", "killing": "died", "injured": "injured",
               "injuring": "injured", "wounded": "injured", "wounding": "injured", "hurt": "injured",
               "hospitalized": "injured", "missing": "missing", "arrested": "arrested", "detained": "arrested",
               "evacuated": "evacuated", "rescued": "rescued", "displaced": "displaced"}
_NOUN_CLASS = {"persons": "people", "civilians": "people", "victims": "people"}
# every count pattern holds one of the _VERB_CLASS words (its verb group is looked up there) or "death toll", as a
# whole word: one scan rules most sentences out before the five patterns run
_ANY_COUNT = re.compile(r"\b(?:death toll|" + "|".join(sorted(_VERB_CLASS)) + r")\b", re.I)

# Counts of the things a story reports, in the words outlets use for them: "40,000 homes" and "26,000 customers"
# count the same thing (premises cut off), "47 objects" and "49 artefacts" too. Only these classes are compared.
_MEASURES = {
    "premises": "homes households houses customers properties premises",
    "objects": "objects artefacts artifacts items pieces antiquities treasures",
    "fires": "fires blazes",
    "seats": "seats",
    "flights": "flights",
    "vessels": "ships vessels",
    "vehicles": "vehicles cars",
    "buildings": "buildings structures",
    "jobs": "jobs",
}
# how a reader names what a disputed figure counts
_READABLE = {"premises": "homes or customers affected", "objects": "number of objects", "fires": "number of fires",
             "seats": "seats won", "rise in cents": "size of the rise", "flights": "number of flights",
             "vessels": "number of ships", "vehicles": "number of vehicles", "buildings": "number of buildings",
             "jobs": "number of jobs", "votes": "votes", "districts": "districts", "members": "members"}
_MAX_RATIO = 2.2  # figures further apart than this count different things


def _counted(frame: str) -> bool:
    """A frame of the measure claims (premises, objects, seats of 58, rise in cents ...), not a casualty count."""
    return frame in _MEASURES or frame == "rise in cents" or bool(re.fullmatch(r"\w+ of \d+", frame))

_MEASURE_CLASS = {w: cls for cls, ws in _MEASURES.items() for w in ws.split()}
_MEASURE_NOUN = r"(?P<noun>" + "|".join(sorted(_MEASURE_CLASS, key=len, reverse=True)) + r")"
_MEASURE_PATTERNS = (
    # "40,000 homes", "about 210,000 Aura T3 smart thermostats" (up to three words between), "17 reports of fire"
    re.compile(r"(?<![\w$£€.,-])" + _QUAL + r"(?P<num>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\d.,]\d|%|-| percent)\s+"
               r"(?:(?P<mult>thousand|million|billion)\s+)?(?:(?:[\w'’-]+\s+){0,3}?)" + _MEASURE_NOUN + r"\b", re.I),
    re.compile(r"(?<![\w$£€.,-])" + _QUAL + r"(?P<num>\d{1,3}(?:,\d{3})+|\d+)\s+(?:fire reports|reports of (?:a )?fires?)\b",
               re.I),
)
# "31 of the 58 seats": the share and the whole it is a share of
_SHARE = re.compile(r"(?<![\w$.,-])" + _QUAL + r"(?P<num>\d+) of (?:the |its |their |(?:[A-Z][\w'’]*\s+)*the \w+'s |the \w+['’]s )?"
                    r"(?P<total>\d+)\s+(?P<noun>seats|votes|districts|members)\b")
# the size of a rise: "a 50-cent increase", "by 75 cents", "50 cents more", "from $2.25 to $2.75"
_RISE_VERBS = re.compile(r"\b(?:rais\w*|increas\w*|ris\w*|rose|lift\w*|hik\w*|go(?:es)? up|went up|higher|more)\b", re.I)
_RISE_PATTERNS = (
    re.compile(r"(?P<num>\d+)[- ]cents? (?:increase|rise|hike|fare increase|fare rise|more)\b", re.I),
    re.compile(r"\bby (?P<num>\d+) cents\b", re.I),
)
_FROM_TO = (re.compile(r"\bfrom \$(?P<a>\d+(?:\.\d\d)?) to \$(?P<b>\d+(?:\.\d\d)?)"),
            re.compile(r"\bto \$(?P<b>\d+(?:\.\d\d)?) from \$(?P<a>\d+(?:\.\d\d)?)"))
# a figure the text itself marks as superseded: "up from 23", "rose to 9 from 7", "revised from 12"
_SUPERSEDED = re.compile(r"\b(?:up|down|rising|falling|revised|increased|decreased|raised|lowered|rose|fell|climbed)"
                         r"(?:\s+to\s+[\d,]+)?\s+from\s+(?:about |around |roughly )?(?P<num>\d{1,3}(?:,\d{3})+|\d+)\b",
                         re.I)


def _whole_words(pattern: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'’-])(?:" + pattern + r")(?![\w'’-])", re.I)


def _compile(frames) -> list[tuple[str, str, str, re.Pattern[str]]]:
    out = []
    for frame, poles in frames.items():
        for pole, (before, after) in poles.items():
            for role, pats in (("before", before), ("after", after)):
                for p in pats:
                    out.append((frame, pole, role, _whole_words(p)))
    return out


_MATCHERS = _compile(_FRAMES)

# Before any scan: a word that each frame pattern needs whole (one word of each alternative: "fired" for "was
# fired", "stepped" for "stepped down") and the words that every count pattern needs. A sentence is split into
# words once; four in five hold none of them and skip every scan. A test checks every pattern.
_FRAME_WORDS = frozenset(
    """resigned resigns stepped steps quit fired dismissed sacked ousted terminated axed let forced confirmed confirms
    sack sacks oust ousts dismiss dismisses
    denied denies won wins lost loses accepted accepts rejected rejects declined turned refused alive survived died
    dead killed arrested detained taken released freed convicted found pleaded acquitted cleared""".split())
_COUNT_NEEDS = frozenset({"death", *_VERB_CLASS})
_WORD_RUN = re.compile(r"\w+")
_DIGIT = re.compile(r"\d")  # the same digits (any of Unicode's) as the figure patterns' own \d
_ODD_FOLDS = "\u0130\u0131\u017f"  # İ ı ſ: letters that case-blind patterns match as i or s, but lower() keeps apart


# The frame words each matcher needs (one of them, whole), read off its pattern: a sentence is scanned only with the
# matchers whose words it holds, one or two of the 34.
_MATCHER_NEEDS = [frozenset(w for w in _FRAME_WORDS if re.search(rf"(?<!\w){w}(?!\w)", pat.pattern))
                  for *_, pat in _MATCHERS]


def _may_claim(text: str) -> tuple[frozenset[str], bool]:
    """The frame words of ``text`` (no conflict frame can match without one; all of them when case-blind matching
    could read a letter as another), and whether a count can match ``text`` at all: never False when one can."""
    if not text.isascii() and any(c in text for c in _ODD_FOLDS):
        return _FRAME_WORDS, True
    words = set(_WORD_RUN.findall(text.lower()))
    return _FRAME_WORDS.intersection(words), not _COUNT_NEEDS.isdisjoint(words)

def pole_frames(text: str) -> frozenset[tuple[str, str]]:
    """The (frame, pole) pairs whose predicate a text uses in any form ("resigns", "was sacked", "AXED"), unread
    for subject, negation or time: what a headline says of a fixed pair, or an outlet's opening tells of it.

    >>> sorted(pole_frames("Keane resigns as manager")), sorted(pole_frames("AXED! Rovers have sacked Keane"))
    ([('departure', 'resigned')], [('departure', 'fired')])
    """
    words, _ = _may_claim(text)
    return frozenset((frame, pole) for (frame, pole, _, pat), needs in zip(_MATCHERS, _MATCHER_NEEDS)
                     if not needs.isdisjoint(words) and pat.search(text))


# ---------------------------------------------------------------------------------------------------- results


@dataclass(frozen=True)
class Claim:
    """One assertive use of a conflict-frame predicate (or a count) in one sentence."""

    sentence: int
    frame: str
    pole: str
    subject: str
    when: tuple[str, ...]
    orgs: frozenset[str]
    obj: frozenset[str]
    low: float = 0.0
    high: float = 0.0
    where: frozenset[str] = frozenset()


# ---------------------------------------------------------------------------------------------------- helpers


def _blocked(text: str, start: int, end: int, figure: bool = False) -> bool:
    """Negated, hedged, conditional, modal, infinitive or either-or: not an assertion of the predicate.

    For a ``figure`` a preceding "to" is a preposition ("cut supply to 26,000 customers"), not an infinitive.
    """
    head = re.split(r"[,;:—–(“”\"]", text[:start])[-1]
    before = [w.lower() for w in _WORD.findall(head)][-6:]
    after = [w.lower() for w in _WORD.findall(text[end: end + 40])][:4]
    if (any(w in _BLOCK or w.endswith("n't") for w in before)
            or (before and before[-1] == "to" and not figure)):
        return True
    if "or" in after or (before and before[-1] == "or"):
        return True
    return text.rstrip().endswith("?")


def _speaker(text: str, m: Mention) -> bool:
    return bool(_SPEECH.match(text[m.end:]))


def _antecedent(text: str, mentions: list[Mention], before: int, exclude: str | None = None,
                skip_speakers: bool = False) -> str | None:
    """The last person named before ``before`` in the sentence, other than ``exclude`` (and speakers if asked).

    "X said he resigned" is X; but in "X said ... the veteran coach was fired" the description is not X.
    """
    cands = [m for m in mentions if m.type == PERSON and m.end <= before and m.name != exclude
             and not (skip_speakers and _speaker(text, m))]
    return cands[-1].name if cands else None


def _subject_before(text: str, mentions: list[Mention], start: int) -> str | None:
    toks = [(m.start(), m.end(), m.group(0)) for m in _WORD.finditer(text[:start])]
    while toks and (toks[-1][2].lower() in _SKIP or toks[-1][2].isdigit()
                    or (toks[-1][2] == "," and len(toks) > 1 and (toks[-2][2].isdigit() or toks[-2][2].lower() in _SKIP))):
        toks.pop()
    if toks and toks[-1][2] == ",":
        toks.pop()
    if not toks:
        return None
    end, word = toks[-1][1], toks[-1][2]
    for m in mentions:
        if m.end == end or (m.end < end and text[m.end:end] in ("'s", "’s")):
            return m.name if m.type in (PERSON, ORG) else None
    low = word.lower()
    if low in ("he", "she"):
        return _antecedent(text, mentions, toks[-1][0])
    if low in _ROLES:
        # "the one-time Mets second baseman": a definite description of a person named earlier in the sentence
        np = [t[2].lower() for t in toks[-9:]]
        if any(d in np for d in ("the", "his", "her", "their")):
            return _antecedent(text, mentions, toks[-1][0], skip_speakers=True)
    return None


def _subject_after(text: str, mentions: list[Mention], start: int, end: int) -> str | None:
    rest = text[end:]
    lead = len(rest) - len(rest.lstrip())
    pos = end + lead
    for m in mentions:
        if m.start == pos:
            return m.name if m.type in (PERSON, ORG) else None
    # "sacked manager Declan Keane", "fired its head coach Ann Moss": the person named after a role
    named = next((m for m in mentions if m.start > pos), None)
    if named is not None and named.type == PERSON:
        between = text[pos:named.start].split()
        if (1 <= len(between) <= 4 and all(w.islower() for w in between)
                and between[-1] in _ROLES and between[0] not in ("and", "or", "as", "by")):
            return named.name
    word = _WORD.match(rest.lstrip())
    if word and word.group(0).lower() in ("him", "her"):
        agent = _subject_before(text, mentions, start)
        return _antecedent(text, mentions, start, exclude=agent)
    return None


def _when(text: str, published: object) -> tuple[str, ...]:
    """The times a sentence places its claim at; () means 'now' (the article's own time).

    A bare year equal to the publication year is 'now'. Without a publication date, a weekday the event is
    placed on ("on Wednesday", "Sunday night", but not "said Monday") is kept as a marker, so events of
    different days are not compared.

    >>> _when("Backman resigned in 2016, a year after the 2015 reprimand.", "2016-10-04")
    ('2015',)
    >>> _when("A bomber killed 19 people on Wednesday, police said Monday.", None)
    ('~wednesday',)
    """
    pub_year = str(published)[:4] if published else None
    found = {d for _, _, d in find_dates(text, published) if d != pub_year and not _in_window(d, published)}
    if re.search(r"\b(?:last|previous) year\b|\ba year (?:ago|earlier)\b", text, re.I):
        found.add("last year")
    if not published:
        found |= {"~" + m.group(1).lower() for m in _WEEKDAY.finditer(text)
                  if not _STATED.search(text[: m.start()])}
    return tuple(sorted(found))


def _in_window(iso: str, published: object, days: int = 10) -> bool:
    """A full date within ``days`` of publication: the news of the moment ("on Monday", "Aug. 21"), not another
    time. Outlets date the same event by the day it happened or by the day they report it.

    >>> _in_window("2024-08-19", "2024-08-21T09:00:00Z"), _in_window("2024-07-19", "2024-08-21"), _in_window("2024", "2024-08-21")
    (True, False, False)
    """
    if len(iso) != 10 or not published:
        return False
    try:
        return abs((date.fromisoformat(iso) - date.fromisoformat(str(published)[:10])).days) <= days
    except ValueError:
        return False


def _where(text: str, start: int, end: int) -> frozenset[str]:
    """Places a count is limited to ("... killed 10 people in New York City"): a sub-count of another place."""
    window = re.split(r"[;:—–]|,\s+(?:and|but|while)\b", text[start: end + 80])[0]
    return frozenset(m.group(1) for m in _PLACE.finditer(window))


def _partial_count(text: str, end: int) -> bool:
    """A rate or a partial count ("each year", "on the scene", "so far"), not the total of the event."""
    return bool(_PARTIAL_AFTER.match(text[end:]) or _RATE.search(text[end: end + 60]) or _OTHER_EVENT.search(text))


# words of one sense, folded to one term (built with the same stemmer the object terms use)
_SAME_SENSE = {t: head for head, ws in (("support", "back backed backs support supports endorse endorsed favour favor"),
                                          ("increas", "rise rises rose hike hikes raise raised raises increase"))
               for t in content_terms(ws)}
_TIME_WORDS = frozenset(content_terms("monday tuesday wednesday thursday friday saturday sunday today yesterday "
                                      "night morning evening"))


def _object_terms(text: str, end: int) -> frozenset[str]:
    """What a confirmation, outcome or acceptance is about: the content terms of the dozen words after the verb,
    with a few synonyms folded ("backed" and "supports" are one thing) and time words left out."""
    terms = content_terms(" ".join(text[end:].split()[:12]))
    return frozenset(_SAME_SENSE.get(t, t) for t in terms if t not in _TIME_WORDS)


def _number(value: str) -> float | None:
    v = value.lower().replace(",", "")
    if v.isdigit() or re.fullmatch(r"\d+\.\d+", v):
        return float(v)
    return float(_NUMWORDS[v]) if v in _NUMWORDS else None


def _range(qual: str | None, n: float) -> tuple[float, float]:
    q = (qual or "").lower()
    if q in ("at least", "more than", "over"):
        return n, math.inf  # bounds are loose in news: "more than 300" and "as many as 300" do not conflict
    if q in ("nearly", "almost", "up to", "as many as", "fewer than", "less than", "under"):
        return 0.0, n
    if q:
        return n * 0.85, n * 1.15
    return n, n


# ---------------------------------------------------------------------------------------------------- claims


def find_predicate_claims(sentences: Sequence[object], index: EntityIndex,
                          published: dict[str, Any] | None = None) -> list[Claim]:
    """Every assertive conflict-frame predicate with a resolved subject, and every count of a quantity."""
    published = published or {}
    out = []
    for i, s in enumerate(sentences):
        text = str(get(s, "text", "") or "")
        if not text or "question" in sentence_flags(text):
            continue
        ms = index.mentions[i]
        day = published.get(str(get(s, "article_id")))
        when = None  # most sentences make no claim: a sentence is dated only when it makes one
        orgs = frozenset(m.name for m in ms if m.type == ORG)
        seen: set[tuple[str, str]] = set()
        frame_words, may_count = _may_claim(text)
        matchers = [m for m, need in zip(_MATCHERS, _MATCHER_NEEDS) if not need.isdisjoint(frame_words)]
        for frame, pole, role, pat in matchers:
            for m in pat.finditer(text):
                if _blocked(text, m.start(), m.end()):
                    continue
                subj = (_subject_before(text, ms, m.start()) if role == "before"
                        else _subject_after(text, ms, m.start(), m.end()))
                if not subj or (frame, pole, subj) in seen:
                    continue
                seen.add((frame, pole, subj))
                obj = _object_terms(text, m.end()) if frame in _OBJECT_FRAMES else frozenset()
                when = _when(text, day) if when is None else when
                out.append(Claim(i, frame, pole, subj, when, orgs - {subj}, obj))
        counted: list[tuple[int, int]] = []
        for pat in (_NUMBER_PATTERNS if may_count and _ANY_COUNT.search(text) else ()):
            for m in pat.finditer(text):
                n = _number(m.group("num"))
                if (n is None or any(m.start() < e and b < m.end() for b, e in counted)
                        or (not m.group("qual") and len(m.group("num")) == 4 and 1800 <= n <= 2100)
                        or _blocked(text, m.start(), m.end()) or _partial_count(text, m.end())):
                    continue
                counted.append(m.span())
                noun = (m.groupdict().get("noun") or "people").lower()
                verb = (m.groupdict().get("verb") or "died").lower()
                frame = f"{_NOUN_CLASS.get(noun, noun)} {_VERB_CLASS[verb]}"
                lo, hi = _range(m.group("qual"), n)
                label = " ".join(m.group(0).split())
                when = _when(text, day) if when is None else when
                out.append(Claim(i, frame, label, frame, when, orgs, frozenset(), lo, hi,
                                 _where(text, m.start(), m.end())))
        out.extend(_measure_claims(i, text, day, orgs, counted))
    return out


def superseded(text: str) -> set[float]:
    """Figures the sentence itself marks as earlier ones ("up from 23", "rose to 9 from 7").

    >>> sorted(superseded("The toll rose to 9 from 7 overnight; 26 ships, up from 23 on Tuesday."))
    [7.0, 23.0]
    """
    if not _DIGIT.search(text):
        return set()
    return {v for m in _SUPERSEDED.finditer(text) if (v := _number(m.group("num"))) is not None}


_NEAR_BEFORE, _NEAR_AFTER = 80, 25  # characters around a figure whose dates say when it holds ("looted in 1903"
# after the noun dates the looting, not the return)
_NOT_MODIFIERS = STOPWORDS | frozenset("years days weeks months hours minutes percent times".split())


def _plain_modifiers(m: re.Match[str]) -> bool:
    """The words between a figure and its noun are modifiers ("210,000 Aura T3 smart thermostats"), not another
    phrase ("120 years after the objects")."""
    if "noun" not in m.groupdict() or m.group("noun") is None or "num" not in m.groupdict():
        return True
    between = m.string[m.end("num"): m.start("noun")]
    return not any(w.lower() in _NOT_MODIFIERS for w in _WORD.findall(between))


def _measure_claims(i: int, text: str, published: object, orgs: frozenset[str],
                    counted: list[tuple[int, int]]) -> list[Claim]:
    """Counts of the things a story reports (premises, objects, fires, seats ...) and the size of a rise.

    A figure the sentence marks as superseded, a year, a rate, a partial count or another event's count is not a
    claim; a sentence that gives two different figures of one class is ambiguous and gives none of that class.
    """
    if not _DIGIT.search(text):
        return []  # every pattern here reads a figure in digits: four sentences in five hold none
    old = superseded(text)
    found: list[tuple[str, float, float, str, tuple[int, int]]] = []
    context = frozenset(content_terms(text))

    def add(frame: str, qual: str | None, n: float | None, m: re.Match[str], measure: bool = False) -> None:
        if (n is None or n in old or any(m.start() < e and b < m.end() for b, e in counted)
                or _blocked(text, m.start(), m.end(), figure=True) or _partial_count(text, m.end())
                or (measure and not _plain_modifiers(m))):
            return
        if (qual or "").lower() == "over" and re.search(r"(?:ed|\b(?:hand|hands|take|takes|took|turn|turns|won|win|wins))\s*$",
                                                       text[: m.start()]):
            qual = None  # "handed over 47 objects": a verb's particle, not "more than"
        lo, hi = _range(qual, n)
        found.append((frame, lo, hi, " ".join(m.group(0).split()), m.span()))

    for m in _SHARE.finditer(text):
        add(f"{m.group('noun').lower()} of {m.group('total')}", m.group("qual"), _number(m.group("num")), m)
    for pat in _MEASURE_PATTERNS:
        for m in pat.finditer(text):
            n = _number(m.group("num"))
            if n is not None and len(m.group("num")) == 4 and 1800 <= n <= 2100:
                continue
            noun = (m.groupdict().get("noun") or "fires").lower()
            if any(b <= m.start() < e for *_, (b, e) in found):
                continue
            mult = {"thousand": 1e3, "million": 1e6, "billion": 1e9}.get((m.groupdict().get("mult") or "").lower(), 1)
            add(_MEASURE_CLASS.get(noun, noun), m.group("qual"), None if n is None else n * mult, m, measure=True)
    if _RISE_VERBS.search(text):
        for pat in _RISE_PATTERNS:
            for m in pat.finditer(text):
                add("rise in cents", None, _number(m.group("num")), m)
        for pat in _FROM_TO:
            for m in pat.finditer(text):
                a, b = float(m.group("a")), float(m.group("b"))
                if b > a:
                    add("rise in cents", None, round((b - a) * 100), m)
    by_frame: dict[str, set[tuple[float, float]]] = defaultdict(set)
    for frame, lo, hi, _, _ in found:
        by_frame[frame].add((lo, hi))
    out = []
    for frame, lo, hi, label, span in found:
        if len(by_frame[frame]) > 1:
            continue
        counted.append(span)
        near = text[max(0, span[0] - _NEAR_BEFORE): span[1] + _NEAR_AFTER]
        out.append(Claim(i, frame, label, frame, _when(near, published), orgs, context, lo, hi, _where(text, *span)))
    return out


def _compatible(a: Claim, b: Claim) -> bool:
    """Two claims speak of the same thing at the same time."""
    if a.when != b.when:
        return False
    if a.where != b.where and not (_counted(a.frame) and not (a.where and b.where)):
        return False
    if a.orgs and b.orgs and not (a.orgs & b.orgs) and not _counted(a.frame):
        return False
    if a.obj or b.obj:
        shared = a.obj & b.obj
        if len(shared) < 2 and (not shared or len(shared) / min(len(a.obj), len(b.obj)) < 0.5):
            return False
    return True


def _conflict(a: Claim, b: Claim, old: frozenset[float] = frozenset()) -> bool:
    """Two claims that cannot both hold; a figure some outlet marks as superseded conflicts with nothing."""
    if a.frame in _FRAMES:
        return a.pole != b.pole
    if any(c.low == c.high and c.low in old for c in (a, b)):
        return False
    if max(a.low, b.low) > _MAX_RATIO * max(1.0, min(a.low, b.low)):
        # "at least 900 objects taken" against "47 returned", "more than 50 injured" across a region against "12"
        # at one university: figures this far apart count different things; outlets that disagree are close
        return False
    return a.high < b.low or b.high < a.low


def _side(claim: str, members: list[Claim], sentences: Sequence[object], mixed: set[int]) -> Side:
    """One side; its headline sentence is one that tells only this side when there is one."""
    idx = sorted({c.sentence for c in members}, key=lambda i: (str(get(sentences[i], "article_id")), i))
    sents = [source_sentence(sentences[i]) for i in idx]
    head = next((k for k, i in enumerate(idx) if i not in mixed), 0)
    return Side(claim, sents[head]["text"], sorted({s["article_id"] for s in sents}),
                sorted({s["outlet"] for s in sents if s["outlet"]}), sents)


def _agree(a: Claim, b: Claim) -> bool:
    """Two figures that say the same: their ranges overlap ("about 200" and "212")."""
    return a.low <= b.high and b.low <= a.high


def _value_sides(claims: list[Claim], old: frozenset[float]) -> dict[Claim, str] | None:
    """Group figures into sides: figures that can both hold (an exact one inside a hedged range) are one side.

    Each side is named by its most told wording. None when the figures do not fall into two or more sides.
    """
    bounded = [i for i, c in enumerate(claims) if c.low > 0 and math.isfinite(c.high)]
    label = connected_components(bounded, [(i, j) for x, i in enumerate(bounded) for j in bounded[x + 1:]
                                           if _agree(claims[i], claims[j])])
    # an open bound ("at least 10") joins the one side it agrees with; agreeing with several, it takes no side;
    # agreeing with none, it is a side of its own
    for i, c in enumerate(claims):
        if i not in label:
            roots = {label[j] for j in bounded if _agree(c, claims[j])}
            if len(roots) <= 1:
                label[i] = roots.pop() if roots else i
    comps: dict[int, list[Claim]] = defaultdict(list)
    for i, c in enumerate(claims):
        if i in label:
            comps[label[i]].append(c)
    if len(comps) < 2:
        return None
    out = {}
    for ms in comps.values():
        name = Counter(c.pole for c in ms).most_common()
        best = sorted(name, key=lambda kv: (-kv[1], len(kv[0]), kv[0]))[0][0]
        if ms[0].frame == "rise in cents":  # "from $2.25 to $2.75" and "50-cent increase" are one side: 50 cents
            best = f"{int(min(c.low for c in ms))} cents"
        out.update({c: best for c in ms})
    return out


def find_disputes(sentences: Sequence[object], index: EntityIndex | None = None,
                  published: dict[str, Any] | None = None) -> list[Dispute]:
    """Claims of different articles that cannot both be true."""
    sentences = list(sentences)
    index = index or analyse(sentences)
    art = [str(get(s, "article_id")) for s in sentences]
    groups: dict[tuple[str, str], list[Claim]] = defaultdict(list)
    for c in find_predicate_claims(sentences, index, published):
        groups[(c.subject, c.frame)].append(c)
    old = frozenset(v for s in sentences for v in superseded(str(get(s, "text", "") or "")))
    out = []
    for (subject, frame), claims in groups.items():
        involved: set[Claim] = set()
        for k, a in enumerate(claims):
            for b in claims[k + 1:]:
                if art[a.sentence] != art[b.sentence] and _conflict(a, b, old) and _compatible(a, b):
                    involved.update((a, b))
        if not involved:
            continue
        kind = "predicate" if frame in _FRAMES else "number"
        # every other telling of an involved claim joins its side (an article may report both versions)
        same = (lambda c, d: c.pole == d.pole) if kind == "predicate" else _agree
        involved.update(c for c in claims if any(same(c, d) and _compatible(c, d) for d in list(involved)))
        members = sorted(involved, key=lambda c: (c.sentence, c.pole))
        label = {c: c.pole for c in members}
        if kind == "number":
            label = _value_sides(members, old)
            if label is None:
                continue
            members = [c for c in members if c in label]
        by_pole: dict[str, list[Claim]] = defaultdict(list)
        for c in members:
            by_pole[label[c]].append(c)
        poles_of: dict[int, set[str]] = defaultdict(set)
        for c in members:
            poles_of[c.sentence].add(label[c])
        mixed = {i for i, p in poles_of.items() if len(p) > 1}
        sides = [_side(pole, ms, sentences, mixed) for pole, ms in sorted(by_pole.items())]
        out.append(Dispute(subject if kind == "predicate" else _READABLE.get(frame.split(" of ")[0], frame)
                           + (f" (of {frame.split(' of ')[1]})" if kind == "number" and " of " in frame else ""),
                           frame, kind, sides))
    out.sort(key=lambda d: (-len({a for s in d.sides for a in s.article_ids}), d.subject, d.frame))
    return out

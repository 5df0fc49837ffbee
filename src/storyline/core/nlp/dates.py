"""Dates in a sentence: absolute dates at the precision the text gives, relative dates resolved against the
article's publication date, and the tense a date is told in.

A full date ("May 8, 2014" -> 2014-05-08), a month ("June 1977" -> 1977-06), a year ("in 2004", "the 2016 season"
-> 2004, 2016). Relative dates ("yesterday", "on Tuesday", "last year", "last season") are resolved against the
publication date, and skipped when it is unknown. The timeline (:mod:`storyline.core.story.timeline`), the claim
finders and the titles read sentences through :func:`find_dates`, which keeps each reading for the next.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta, timezone
from functools import lru_cache
from typing import Iterator

from storyline.core.nlp.negation import MODALS
from storyline.core.text.text import (AUXILIARIES, NUMBER_WORDS, SPEECH_VERBS, past_tense, third_person,
                                      word_forms, word_lemmas)
from storyline.lexicon import word_list

YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")  # a year as a sentence writes it: "in 1995", "since 2021"
_MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december".split(), 1)}
_MONTH_ABBR = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10,
               "nov": 11, "dec": 12}
MONTH_NAMES = frozenset({*_MONTHS, *_MONTH_ABBR})  # every way a sentence names a month
WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
_MONTH_RE = (r"(?P<month>January|February|March|April|May|June|July|August|September|October|November|December"
             r"|Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?)")
# a year, not a decade ("the 1980s": a number's plural is a span of ten years, no date)
_YEAR_RE = r"(?P<year>(?:1[89]|20)\d\d)(?![\d,.]\d)(?!s\b)"
PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("iso", re.compile(r"(?<![\d-])(?P<year>(?:1[89]|20)\d\d)-(?P<mnum>0[1-9]|1[0-2])-(?P<day>0[1-9]|[12]\d|3[01])(?!\d)")),
    ("mdy", re.compile(_MONTH_RE + r"\s+(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)?,?\s+" + _YEAR_RE)),
    ("dmy", re.compile(r"(?<!\d)(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTH_RE + r",?\s+" + _YEAR_RE)),
    ("my", re.compile(_MONTH_RE + r",?\s+(?:of\s+)?" + _YEAR_RE)),
    ("md", re.compile(r"(?<![\w.])" + _MONTH_RE + r"\s+(?P<day>[12]?\d|3[01])(?:st|nd|rd|th)?\b(?!,?\s+\d)(?![.,]\d)")),
    # a month without a day or year, after a preposition ("began in May", "opens in September"): the one the tense
    # points to, within a year of writing
    ("month", re.compile(r"\b(?:in|since|until|from|by|through|early|late|mid-)\s+(?P<month>"
                         + "|".join(m.title() for m in _MONTHS) + r")\b(?![\s,]+(?:\d|of\s+\d))")),
    ("year", re.compile(r"(?<![\w$#£€.,/-])" + _YEAR_RE + r"(?:-(?:\d\d)\b)?(?!\s*(?:%|percent|per cent))")),
    ("rel", re.compile(r"\b(?P<rel>yesterday|today|tonight|tomorrow|last year|this year|next year|last season|this season"
                       r"|this past season|next season|last month|this month|next month"
                       r"|(?:on|since|last|this past|next|this coming)\s+(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday))\b", re.I)),
    # a weekday without "on", as agency copy writes it after its verb ("the council voted Monday", "reopens
    # Thursday", "late Tuesday") or as a possessive ("Monday's vote"); see bare_day
    ("day", re.compile(r"(?<![\w'’-])(?P<day>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?P<poss>['’]s)?"
                       r"(?![\w-])(?!\s+(?:[A-Z]|\d))")),
)
# Every pattern but the relative one needs a digit (a year or a day of the month): a sentence without one (most
# sentences) is scanned by that pattern alone.
_DIGIT = re.compile(r"\d")
# the patterns that can match a sentence with no digit in it: relative days, weekdays and bare months
NO_DIGIT_PATTERNS = tuple((kind, pat) for kind, pat in PATTERNS if kind in ("rel", "day", "month"))
# a four-digit number followed by one of these counts things rather than naming a year
_COUNT_NOUNS = word_list("dates/count_nouns.txt")
DATE_PREPS = word_list("dates/date_preps.txt")
_CLAUSE_BETWEEN = re.compile(r"[,;:.!?—–]|\s(?:and|but|while|whereas|then)\s")


def month_number(name: str) -> int:
    """The number of a month named in full or short ("March", "Sept.": 3, 9)."""
    key = name.lower().rstrip(".")
    return _MONTHS.get(key) or _MONTH_ABBR[key[:4] if key.startswith("sept") else key[:3]]


def pub_date(value: object) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        return None


# tense near a date: the few words before it say whether it is still to come ("is expected to ease on Friday",
# "will cost $3.00 from Oct. 1") or past ("voted on Monday", "attended a fire on Jan. 14")
_FUTURE_NEAR = re.compile(r"\b(?:will|won't|would|shall|expects?|expected|due|scheduled|set to|plans? to|planned|intends?|"
                          r"going to|is to|are to|set for|takes? effect|effective|starting|from now|next|upcoming|until)\b", re.I)
_TOKEN = re.compile(r"\b\w+\b")


def _past_marks(words: str) -> list[re.Match[str]]:
    """The words that put what they tell in the past: a form in -ed, "was", "were", "had", "ago", or an irregular
    past tense (``lemminflect``: "took", "won", "hit") that no modal, "do" or "to" before it makes a plain form ("will
    cost", "did set", "to put"); not a modal itself ("would", "could"), which looks ahead as often.

    >>> [m.group(0) for m in _past_marks("The council met and voted, as it would, two weeks ago; fares will cost more")]
    ['met', 'voted', 'ago']
    """
    marks, prev = [], ""
    for m in _TOKEN.finditer(words):
        w = m.group(0).lower()
        if ((w.endswith("ed") and len(w) >= 5) or w in _PAST_AUX or w == "ago"
                or (past_tense(w) and w not in MODALS and prev not in _PLAIN_AFTER)):
            marks.append(m)
        prev = w
    return marks


# what a plain form of a verb follows: an auxiliary that is no form of "be" or "have" (a modal, "do"), or "to"; and
# the past forms of "be" and "have" (lemminflect)
_PLAIN_AFTER = frozenset(w for w in AUXILIARIES if not {"be", "have"} & set(word_lemmas(w).get("AUX", ()))) | {"to"}
_PAST_AUX = frozenset((*word_forms("be", "VBD"), *word_forms("have", "VBD")))
_NEAR_WORDS = 16


def date_tense(text: str, start: int, end: int | None = None, weekday: bool = False) -> str | None:
    """``"future"``, ``"past"`` or None, from the words just before a date expression at ``start``. Of a ``weekday``
    (this week's or last: the date is near the verb it goes with), a verb of the simple present says it is to come
    (below), and failing those words, the few after it tell, given its ``end`` ("Police on Tuesday arrested ...").
    Of a month and day neither holds: "Voting closes March 3", written in April, tells this year's, and in "the
    Oscars on Feb. 9 were not nominated" the verb after the date is another clause's.

    >>> date_tense("The heat is expected to ease on Friday.", 29), date_tense("The council voted on Monday.", 18)
    ('future', 'past')
    >>> date_tense("The port closed on Tuesday and is scheduled to reopen on Thursday.", 16)
    'past'
    >>> date_tense("The port closed on Tuesday and is scheduled to reopen on Thursday.", 54)
    'future'
    >>> date_tense("The match will be played on Saturday.", 25), date_tense("The centre will remain closed on Friday.", 30)
    ('future', 'future')
    >>> date_tense("She will lead the side at Northgate United on Saturday.", 43)  # a name in -ed is no past tense
    'future'

    A verb in the simple present tells what is timetabled, in news as in speech ("the plant closes on Friday", "the
    council meets again Tuesday"); a verb of saying does not ("says on Monday"), nor a noun ("the talks on Monday"),
    and a past verb just after the date outweighs it ("peace talks on Monday ended"):

    >>> [date_tense(t, t.index(" on "), weekday=True) for t in ("The plant closes on Friday.",
    ...                                                         "He says on Monday it was late.", "The talks on Monday were short.")]
    ['future', None, None]
    >>> date_tense("The vote is on Thursday.", 12, weekday=True), date_tense("A shooting on Monday is being investigated.", 11)
    ('future', None)
    >>> date_tense("Peace talks on Monday ended without a deal.", 11, 21, True), date_tense("Police on Tuesday will meet.", 6, 17, True)
    ('past', 'future')
    """
    clause = re.split(r"[,;:]|\band\b|\bbut\b|\bafter\b|\bbefore\b|\bwhen\b", text[:start])[-1]
    words = " ".join(clause.split()[-_NEAR_WORDS:])
    future = [m.start() for m in _FUTURE_NEAR.finditer(words)]
    past = [m.start() for m in _past_marks(words) if m.group(0).lower() not in ("expected", "scheduled", "planned",
                                                                                "set")
            and not _STATE_BEFORE.search(words[: m.start()]) and not (m.start() and m.group(0)[:1].isupper())]
    timetabled = [m.start() for m in _WORD_RUN.finditer(words) if weekday and _timetable_verb(words, m)]
    if weekday and _IS_ON.search(words):  # "the vote is on Thursday", "the deadline is Friday": what the day holds
        timetabled.append(len(words))
    if timetabled and not past and not future:  # weak: a noun can look like one ("in under four minutes")
        return _after(text, end) or "future"
    if future and (not past or future[-1] > past[-1]):
        return "future"
    if past:
        return "past"
    return _after(text, end) if weekday else None


_WORD_RUN = re.compile(r"[A-Za-z]+")
# a participle after "be" or "remain" ("will be held", "is to be published", "will remain closed") takes its tense
# from the verb before it, not from its -ed
_STATE_BEFORE = re.compile(r"\b(?:be|remains?|stays?)\s+(?:\w+ly\s+)?$", re.I)
_IS_ON = re.compile(r"\b(?:is|are)(?:\s+(?:on|for|until|through))?\s*$", re.I)
_TIME_PREPS = word_list("dates/time_preps.txt")  # prepositions of time
DETERMINERS = word_list("dates/determiners.txt")


def _timetable_verb(words: str, m: re.Match[str]) -> bool:
    """The word of ``m``, among the last words before the date, is a verb in the third person of the simple present,
    not a verb of saying nor an auxiliary, written in lower case (not "the Producers Guild Awards"), and no
    determiner or number before it makes it a plural noun ("the talks", "23 ships", "four minutes")."""
    before = words[: m.start()].split()
    prev = before[-1].lower().strip("(,") if before else ""
    return (len(words[m.end():].split()) <= 6 and m.group(0).islower() and _third_person(m.group(0))
            and m.group(0) not in SPEECH_VERBS
            and prev not in DETERMINERS and not prev[:1].isdigit() and prev.removesuffix("s") not in NUMBER_WORDS)


def _third_person(word: str) -> bool:
    """``word`` is the -s form of a verb: "closes", "meets", "begins"; not "is", "has", "does"."""
    return word not in AUXILIARIES and third_person(word)


def _after(text: str, end: int | None) -> str | None:
    """The tense of the first words after a date ("on Tuesday arrested"), in its clause; None without ``end``."""
    if end is None:
        return None
    words = " ".join(re.split(r"[,;:.!?]", text[end:])[0].split()[:3])
    if _FUTURE_NEAR.search(words):
        return "future"
    if _past_marks(words):
        return "past"
    return None


def _resolve_relative(rel: str, pub: date, future: bool = False) -> str | None:
    """A relative date resolved against the day of writing, at the precision it has: a day ("yesterday", "on
    Friday", "next Tuesday"), a month ("last month") or a year ("next year", "last season").

    dateparser reads the expression; the tense of the sentence says which way a bare weekday points ("voted on
    Monday": the Monday before; "is expected to ease on Friday": the coming one), and a weekday that is the day of
    writing is that day. Seasons are sport's, not the calendar's: the season of the year of writing.

    >>> pub = date(2025, 4, 8)  # a Tuesday
    >>> [_resolve_relative(r, pub) for r in ("yesterday", "on Saturday", "last Tuesday", "next Tuesday", "on Tuesday")]
    ['2025-04-07', '2025-04-05', '2025-04-01', '2025-04-15', '2025-04-08']
    >>> _resolve_relative("on Saturday", pub, future=True), _resolve_relative("tomorrow", pub)
    ('2025-04-12', '2025-04-09')
    >>> _resolve_relative("last month", pub), _resolve_relative("next year", pub), _resolve_relative("last season", pub)
    ('2025-03', '2026', '2024')
    """
    r = " ".join(rel.lower().split())
    if r.endswith("season"):  # "this past season", "last season", "next season"
        shift = -1 if r.startswith("last") else 1 if r.startswith("next") else 0
        return f"{pub.year + shift:04d}"
    words = r.split()
    if words[-1] in WEEKDAYS and words[0] not in ("last", "next", "this"):
        if WEEKDAYS.index(words[-1]) == pub.weekday():
            return pub.isoformat()  # "on Tuesday", written on a Tuesday: that day
        r = words[-1]  # "on Friday", "Friday": which way it points is the tense's to say
    r = {"this coming": "next", "this past": "last"}.get(" ".join(words[:2]), words[0]) + " " + words[-1] \
        if len(words) == 3 else r
    d = _parse_relative(r, pub, "future" if future else "past")
    if d is None:
        return None
    if r.endswith("year"):
        return f"{d.year:04d}"
    if r.endswith("month"):
        return f"{d.year:04d}-{d.month:02d}"
    return d.isoformat()


@lru_cache(maxsize=1 << 12)
def _parse_relative(expr: str, pub: date, prefer: str) -> date | None:
    """dateparser's reading of a relative date or a month and day, written on ``pub``; ``prefer``: "past" or
    "future", for an expression that could be either ("Friday", "March 3")."""
    # dateparser is slow to import: only a date the patterns leave unread needs it
    import dateparser

    base = datetime(pub.year, pub.month, pub.day, 12)
    d = dateparser.parse(expr, languages=["en"], settings={"RELATIVE_BASE": base, "PREFER_DATES_FROM": prefer,
                                                          "REQUIRE_PARTS": []})
    return d.date() if d else None


def time_spans(text: str) -> list[tuple[int, int]]:
    """Where a sentence names a time, whether or not a day of writing dates it: the characters of each date
    expression :func:`find_dates` reads ("on Thursday" in an undated article too).

    >>> t = "Authorities learned on Thursday he had to register for a sentence in 1990."
    >>> [t[a:b] for a, b in time_spans(t)]
    ['on Thursday', '1990']
    """
    taken: list[tuple[int, int]] = []
    for _, m in _matches(text):
        s, e = m.span()
        if not any(s < b and a < e for a, b in taken):
            taken.append((s, e))
    return sorted(taken)


def _matches(text: str) -> Iterator[tuple[str, re.Match[str]]]:
    """Every match of the date patterns in ``text``, each with its kind, most precise pattern first (a text with no
    digit is read only by the patterns of words)."""
    for kind, pat in (PATTERNS if _DIGIT.search(text) else NO_DIGIT_PATTERNS):
        yield from ((kind, m) for m in pat.finditer(text))


def find_dates(text: str, published: object = None) -> list[tuple[int, int, str]]:
    """Date expressions of a sentence as ``(start, end, iso)`` (see :func:`_find_dates`); the timeline and the
    claim finders read the same sentences, so each reading is kept for the next, by the day it was published (a
    sentence wire copy puts in several articles of one day is read once)."""
    return list(_find_dates(text, None if published is None else str(published)[:10]))


@lru_cache(maxsize=1 << 15)
def _find_dates(text: str, published: str | None = None) -> tuple[tuple[int, int, str], ...]:
    """Date expressions of a sentence as ``(start, end, iso)``, most precise reading of each span first.

    >>> [d for _, _, d in find_dates("On May 8, 2014 he won; in June 1977 he was drafted, and the 2016 season ended.")]
    ['2014-05-08', '1977-06', '2016']
    >>> [d for _, _, d in find_dates("He resigned on Tuesday and 2000 people protested.", "2016-10-06T12:00:00Z")]
    ['2016-10-04']
    >>> find_dates("He resigned yesterday.")
    []
    >>> [d for *_, d in find_dates("In 2019 the club won the cup on Sunday.", "2025-04-09")]
    ['2019']
    >>> [d for *_, d in find_dates("Smith, who joined in 2019, resigned on Tuesday.", "2025-04-09")]
    ['2019', '2025-04-08']
    >>> [d for *_, d in find_dates("On Wednesday it returned 47 objects looted in 1903.", "2025-04-09")]
    ['2025-04-09', '1903']

    A year before a noun dates that noun: the event when it is the clause's subject, background deep in the clause:

    >>> [d for *_, d in find_dates("His 2008 conviction came 13 years after his acquittal.")]
    ['2008']
    >>> [d for *_, d in find_dates("The board freed him after he apologized for his role in a 2007 armed robbery.")]
    []
    >>> [d for *_, d in find_dates("He led the team for five seasons, until a bitter departure after the 2016 season.")]
    ['2016']
    """
    pub = pub_date(published)
    taken: list[tuple[int, int]] = []
    out: list[tuple[int, int, str, str]] = []
    for kind, m in _matches(text):
        s, e = m.span()
        if any(s < b and a < e for a, b in taken):
            continue
        iso = _to_iso(kind, m, text, pub)
        if iso is None:
            continue
        taken.append((s, e))
        out.append((s, e, iso, kind))
    out.sort()
    # a weekday after a year of another time, in its clause, is a day of that year ("In 2019 the club won the cup on
    # Sunday"), not of the week of writing: it is not resolved against the day of writing. A year after the weekday
    # is another event's ("handed over on Wednesday objects looted in 1903")
    years = [(yb, iso[:4]) for _, yb, iso, kind in out if kind in ("year", "my")]
    return tuple((a, b, iso) for a, b, iso, kind in out
                 if not ((kind == "day" or kind == "rel" and text[a:b].split()[-1].lower() in WEEKDAYS) and pub and any(
                     y != iso[:4] and yb <= a and not _CLAUSE_BETWEEN.search(text[yb:a]) for yb, y in years)))


def _year(m: re.Match[str], text: str) -> str | None:
    """A bare year as a date, or None where it is no date: a count ("2000 people"), an amount, a name ("the 1986
    Mets", "the Class of 1998", "Euro 2024"), or a year that dates a noun deep in its clause (background)."""
    raw_after = text[m.end():].lstrip().split(" ", 1)[0].strip(".,;:’'")
    after = raw_after.lower()
    before = text[: m.start()].rstrip()
    if after in _COUNT_NOUNS or before.endswith(("$", "#", "No.", "no.", "£", "€")):
        return None
    # a year inside a name is not a date: "the 1986 Mets", "the Class of 1998"
    prev_word = before.split()[-1].lower().strip("(,") if before.split() else ""
    if (raw_after[:1].isupper() and after not in _MONTHS and after[:3] not in _MONTH_ABBR
            and prev_word not in DATE_PREPS and not before.endswith((",", ";", ":", "(", "—", "–"))):
        return None  # "the 1986 Mets", "world champion 1986 Mets": a name; "in 1986 Backman ..." is a date
    if re.search(r"\b(?:Class|class) of$", before):
        return None
    # a year before a noun after a determiner or a possessive ("a 2007 armed robbery", "the 2016 election", "the
    # building's 2009 opening") dates that noun. Deep in its clause it is background to the clause's own event
    # ("freed after his role in a 2007 armed robbery"); as the clause's subject it is the event ("His 2008
    # conviction came 13 years after ...")
    lead_in = [w.lower() for w in before.split()[-3:]]  # "the striking 2002 novel": a determiner, an adjective
    if raw_after[:1].islower() and raw_after.replace("-", "").isalpha() and any(
            w in DETERMINERS or w.endswith(("'s", "’s")) for w in lead_in):
        clause = re.split(r"[,;:—–(]|\s(?:and|but|while|whereas|then)\s", before)[-1].split()
        det = max(k for k, w in enumerate(clause) if w.lower() in DETERMINERS or w.endswith(("'s", "’s"))) \
            if any(w.lower() in DETERMINERS or w.endswith(("'s", "’s")) for w in clause[-3:]) else len(clause)
        timed = det > 0 and clause[det - 1].lower() in _TIME_PREPS  # "after the 2016 season": when it happened
        if len(clause) > 4 and not timed:
            return None
    raw_prev = before.split()[-1] if before.split() else ""
    if (raw_prev[:1].isupper() and raw_prev.isalpha() and len(before.split()) > 1 and prev_word not in DATE_PREPS
            and prev_word not in _MONTHS and prev_word[:3] not in _MONTH_ABBR and prev_word not in WEEKDAYS):
        return None  # "Euro 2024", "Vision 2030": the name of an event or a plan, not the time of this one
    return m.group("year")


def _to_iso(kind: str, m: re.Match[str], text: str, pub: date | None) -> str | None:
    g = m.groupdict()
    if kind == "day":
        if not pub or not bare_day(text, m):
            return None
        tense = date_tense(text, m.start(), m.start() + len(g["day"]), True)
        if tense is None:
            return None  # "Polls close Thursday": a bare weekday with no tense to point it either way stays undated
        return _resolve_relative("on " + g["day"], pub, tense == "future")
    if kind == "rel":
        rel = g["rel"]
        if rel.lower().startswith("since "):
            rel = "on " + rel.split()[-1]  # "trapped since Sunday": the day it began
        weekday = rel.split()[-1].lower() in WEEKDAYS
        return _resolve_relative(rel, pub, date_tense(text, m.start(), m.end(), weekday) == "future") if pub else None
    if kind == "year":
        return _year(m, text)
    month = int(g["mnum"]) if g.get("mnum") else month_number(g["month"])
    if kind == "month":
        if not pub:
            return None
        tense = date_tense(text, m.start())
        past = pub.year if month <= pub.month else pub.year - 1  # the latest such month up to the day of writing
        coming = pub.year if month >= pub.month else pub.year + 1
        if tense is None:  # untold: the nearer of the two
            tense = "past" if (pub.month - month) % 12 <= (month - pub.month) % 12 else "future"
        year = coming if tense == "future" else past
        return f"{year:04d}-{month:02d}"
    if kind == "my":
        return f"{g['year']}-{month:02d}"
    year = int(g["year"]) if g.get("year") else (pub.year if pub else None)
    if year is None:
        return None
    try:
        d = date(year, month, int(g["day"]))
    except ValueError:
        return None
    if kind == "md" and pub:
        # no year given: the year that puts the date where the tense says, else the nearest to the day of writing
        tense = date_tense(text, m.start())
        expr = f"{date(2000, month, 1):%B} {d.day}"
        past, coming = _parse_relative(expr, pub, "past"), _parse_relative(expr, pub, "future")
        options = {"future": [coming], "past": [past]}.get(tense or "", [past, coming])
        options = [o for o in options if o is not None]
        if options:
            d = min(options, key=lambda o: (abs((o - pub).days), o))
    return d.isoformat()


_LATE = frozenset("late early".split())


def bare_day(text: str, m: re.Match[str]) -> bool:
    """A weekday without "on" is a date of this week where agency copy puts one: right after its verb ("voted
    Monday", "reopens Thursday"), after "late" or "early", or as a possessive ("Monday's vote"); not after a
    preposition ("by Wednesday evening", "through Friday": a deadline or a span) nor inside a name ("Black Friday").

    >>> day = dict(PATTERNS)["day"]
    >>> [bare_day(t, day.search(t)) for t in ("The council voted Monday.", "Black Friday sales", "Rain could fall by "
    ...  "Monday evening.", "Monday's vote was close.", "It stays shut through Friday.")]
    [True, False, False, True, False]
    """
    before = text[: m.start()].rstrip()
    prev = before.split()[-1] if before.split() else ""
    if prev[:1].isupper() and not before.endswith((".", ",", ";", ":", "(", "—", "–", '"', "“", "”")):
        return False  # "Black Friday", "Super Tuesday", "Easter Sunday": a day's name
    if m.group("poss"):
        return True
    low = prev.lower().strip(",")
    return low in _LATE or bool(prev.isalpha() and prev.islower() and low not in _NOT_VERBS
                                and "VERB" in word_lemmas(low) and not before.endswith(","))


# words lemminflect can read as verbs that are not the verb before a date ("by", "for" are no verbs, but "last",
# "second", "down" are): the prepositions of dates, determiners, and these
_NOT_VERBS = DATE_PREPS | DETERMINERS | frozenset("""for on at into with without about last next past second third
    down up out over off back or but than as""".split())


def instant(value: object):
    """A publication time as an aware UTC datetime (a bare date is its midnight UTC), or None.

    >>> str(instant("2024-08-19T21:30:00-04:00")), instant("soon") is None
    ('2024-08-20 01:30:00+00:00', True)
    """
    if not value:
        return None
    try:
        t = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        return None
    return (t if t.tzinfo else t.replace(tzinfo=timezone.utc)).astimezone(timezone.utc)


def told_by_end_of_day(t):
    """When a report is known to have been out: a time given only as a day (midnight UTC) is known only by that day's
    end, so it is not taken for earlier than the reports of that day with a time.

    >>> str(told_by_end_of_day(instant("2024-08-20"))), str(told_by_end_of_day(instant("2024-08-20T07:05:00Z")))
    ('2024-08-20 23:59:59+00:00', '2024-08-20 07:05:00+00:00')
    """
    if (t.hour, t.minute, t.second, t.microsecond) == (0, 0, 0, 0):
        return t + timedelta(days=1, seconds=-1)
    return t

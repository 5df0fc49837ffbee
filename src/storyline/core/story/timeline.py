"""A story's timeline: dated events found in its sentences, ordered by date and folded across articles.

Dates are read at the precision the text gives: a full date ("May 8, 2014" -> 2014-05-08), a month ("June 1977"
-> 1977-06), a year ("in 2004", "the 2016 season" -> 2004, 2016). Relative dates ("yesterday", "on Tuesday",
"last year", "last season") are resolved against the article's publication date, and skipped when it is unknown.
An event's text is the clause that holds the date. Events with compatible dates whose texts say nearly the same
thing are folded into one event that cites every article that told it.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any, Mapping, Sequence


from storyline.core.text.clean import sentence_flags
from storyline.core.text.furniture import furniture
from storyline.core.story.entities import get
from storyline.core.story.sources import AUXILIARIES, SPEECH_VERBS, source_sentence
from storyline.core.text.text import NUMBER_WORDS, content_terms, jaccard, third_person, word_lemmas

YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")  # a year as a sentence writes it: "in 1995", "since 2021"

_MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december".split(), 1)}
_MONTH_ABBR = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10,
               "nov": 11, "dec": 12}
MONTH_NAMES = frozenset({*_MONTHS, *_MONTH_ABBR})  # every way a sentence names a month
_DAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
_MONTH_RE = (r"(?P<month>January|February|March|April|May|June|July|August|September|October|November|December"
             r"|Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?)")
_YEAR_RE = r"(?P<year>(?:1[89]|20)\d\d)(?![\d,.]\d)"
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
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
    # Thursday", "late Tuesday") or as a possessive ("Monday's vote"); see _bare_day
    ("day", re.compile(r"(?<![\w'’-])(?P<day>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?P<poss>['’]s)?"
                       r"(?![\w-])(?!\s+(?:[A-Z]|\d))")),
)
# Every pattern but the relative one needs a digit (a year or a day of the month): a sentence without one (most
# sentences) is scanned by that pattern alone.
_DIGIT = re.compile(r"\d")
_NO_DIGIT_PATTERNS = tuple((kind, pat) for kind, pat in _PATTERNS if kind in ("rel", "day", "month"))
# a four-digit number followed by one of these counts things rather than naming a year
_COUNT_NOUNS = frozenset(
    """people persons votes voters dollars euros pounds yards feet foot meters metres miles kilometers km points runs
    words units troops soldiers students employees workers jobs homes houses cases deaths residents members
    signatures calories pages acres tons tonnes barrels shares copies games times""".split())
_CLAUSE_SPLIT = re.compile(r";\s+|\s+[—–]\s+|,\s+(?=(?:but|then|and then|until|while|although|though|whereas"
                           r"|and (?:is|was|were|are|has|had|he|she|they|it|we|i))\b)")
_LEAD_CONJ = re.compile(r"^(?:but|then|and then|and|until|while|although|though|whereas|because|since|so)\s+", re.I)
_MAX_WORDS = 40
_DATE_PREPS = frozenset("in since by from until till before after during of to between and through around circa c. "
                        "early late mid".split())
_TABLE_ROW = re.compile(r"\|.*\|")  # "| AT3-120 | From December 2023 | No |": a table row, not a clause
_WINDOW = 4  # content words on each side of a date that say what happened then
_CLAUSE_BETWEEN = re.compile(r"[,;:.!?—–]|\s(?:and|but|while|whereas|then)\s")


@dataclass
class Event:
    """A dated event and every article that tells it."""

    date: str
    text: str
    article_ids: list[str] = field(default_factory=list)
    outlets: list[str] = field(default_factory=list)
    sources: list[dict[str, Any]] = field(default_factory=list)

    @property
    def precision(self) -> str:
        return {4: "year", 7: "month", 10: "day"}[len(self.date)]

    def to_dict(self) -> dict[str, Any]:
        return {"date": self.date, "precision": self.precision, "text": self.text, "article_ids": list(self.article_ids),
                "outlets": list(self.outlets), "sentences": [dict(s) for s in self.sources]}


def _month(name: str) -> int:
    key = name.lower().rstrip(".")
    return _MONTHS.get(key) or _MONTH_ABBR[key[:4] if key.startswith("sept") else key[:3]]


def _pub_date(value: object) -> date | None:
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
_PAST_NEAR = re.compile(r"\b(?:\w{3,}ed|was|were|had|said|told|won|lost|met|began|took|came|went|left|rose|fell|saw|"
                        r"paid|made|held|gave|ran|broke|struck|hit|shut|cut|put|set|sold|bought|fought|quit|built|"
                        r"sent|spent|began|became|ago)\b", re.I)
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
    past = [m.start() for m in _PAST_NEAR.finditer(words) if m.group(0).lower() not in ("expected", "scheduled",
                                                                                      "planned", "set")
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
_TIME_PREPS = frozenset("after before during since until till following throughout".split())  # prepositions of time
_DETERMINERS = frozenset("the a an its his her their our your my this that these those every each some several many "
                         "few".split())


def _timetable_verb(words: str, m: re.Match[str]) -> bool:
    """The word of ``m``, among the last words before the date, is a verb in the third person of the simple present,
    not a verb of saying nor an auxiliary, written in lower case (not "the Producers Guild Awards"), and no
    determiner or number before it makes it a plural noun ("the talks", "23 ships", "four minutes")."""
    before = words[: m.start()].split()
    prev = before[-1].lower().strip("(,") if before else ""
    return (len(words[m.end():].split()) <= 6 and m.group(0).islower() and _third_person(m.group(0))
            and m.group(0) not in SPEECH_VERBS
            and prev not in _DETERMINERS and not prev[:1].isdigit() and prev.removesuffix("s") not in NUMBER_WORDS)


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
    if _PAST_NEAR.search(words):
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
    if words[-1] in _DAYS and words[0] not in ("last", "next", "this"):
        if _DAYS.index(words[-1]) == pub.weekday():
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
    import dateparser

    base = datetime(pub.year, pub.month, pub.day, 12)
    d = dateparser.parse(expr, languages=["en"], settings={"RELATIVE_BASE": base, "PREFER_DATES_FROM": prefer,
                                                          "REQUIRE_PARTS": []})
    return d.date() if d else None


def find_dates(text: str, published: object = None) -> list[tuple[int, int, str]]:
    """Date expressions of a sentence as ``(start, end, iso)`` (see :func:`_find_dates`); the timeline and the
    claim finders read the same sentences, so each reading is kept for the next."""
    return list(_find_dates(text, None if published is None else str(published)))


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
    pub = _pub_date(published)
    taken: list[tuple[int, int]] = []
    out: list[tuple[int, int, str, str]] = []
    for kind, pat in (_PATTERNS if _DIGIT.search(text) else _NO_DIGIT_PATTERNS):
        for m in pat.finditer(text):
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
                 if not ((kind == "day" or kind == "rel" and text[a:b].split()[-1].lower() in _DAYS) and pub and any(
                     y != iso[:4] and yb <= a and not _CLAUSE_BETWEEN.search(text[yb:a]) for yb, y in years)))


def _to_iso(kind: str, m: re.Match[str], text: str, pub: date | None) -> str | None:
    g = m.groupdict()
    if kind == "day":
        if not pub or not _bare_day(text, m):
            return None
        tense = date_tense(text, m.start(), m.start() + len(g["day"]), True)
        if tense is None:
            return None  # "Polls close Thursday": a bare weekday with no tense to point it either way stays undated
        return _resolve_relative("on " + g["day"], pub, tense == "future")
    if kind == "rel":
        rel = g["rel"]
        if rel.lower().startswith("since "):
            rel = "on " + rel.split()[-1]  # "trapped since Sunday": the day it began
        weekday = rel.split()[-1].lower() in _DAYS
        return _resolve_relative(rel, pub, date_tense(text, m.start(), m.end(), weekday) == "future") if pub else None
    if kind == "year":
        raw_after = text[m.end():].lstrip().split(" ", 1)[0].strip(".,;:’'")
        after = raw_after.lower()
        before = text[: m.start()].rstrip()
        if after in _COUNT_NOUNS or before.endswith(("$", "#", "No.", "no.", "£", "€")):
            return None
        # a year inside a name is not a date: "the 1986 Mets", "the Class of 1998"
        prev_word = before.split()[-1].lower().strip("(,") if before.split() else ""
        if (raw_after[:1].isupper() and after not in _MONTHS and after[:3] not in _MONTH_ABBR
                and prev_word not in _DATE_PREPS and not before.endswith((",", ";", ":", "(", "—", "–"))):
            return None  # "the 1986 Mets", "world champion 1986 Mets": a name; "in 1986 Backman ..." is a date
        if re.search(r"\b(?:Class|class) of$", before):
            return None
        # a year before a noun after a determiner or a possessive ("a 2007 armed robbery", "the 2016 election", "the
        # building's 2009 opening") dates that noun. Deep in its clause it is background to the clause's own event
        # ("freed after his role in a 2007 armed robbery"); as the clause's subject it is the event ("His 2008
        # conviction came 13 years after ...")
        lead_in = [w.lower() for w in before.split()[-3:]]  # "the striking 2002 novel": a determiner, an adjective
        if raw_after[:1].islower() and raw_after.replace("-", "").isalpha() and any(
                w in _DETERMINERS or w.endswith(("'s", "’s")) for w in lead_in):
            clause = re.split(r"[,;:—–(]|\s(?:and|but|while|whereas|then)\s", before)[-1].split()
            det = max(k for k, w in enumerate(clause) if w.lower() in _DETERMINERS or w.endswith(("'s", "’s"))) \
                if any(w.lower() in _DETERMINERS or w.endswith(("'s", "’s")) for w in clause[-3:]) else len(clause)
            timed = det > 0 and clause[det - 1].lower() in _TIME_PREPS  # "after the 2016 season": when it happened
            if len(clause) > 4 and not timed:
                return None
        raw_prev = before.split()[-1] if before.split() else ""
        if (raw_prev[:1].isupper() and raw_prev.isalpha() and len(before.split()) > 1 and prev_word not in _DATE_PREPS
                and prev_word not in _MONTHS and prev_word[:3] not in _MONTH_ABBR and prev_word not in _DAYS):
            return None  # "Euro 2024", "Vision 2030": the name of an event or a plan, not the time of this one
        return g["year"]
    month = int(g["mnum"]) if g.get("mnum") else _month(g["month"])
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


def _bare_day(text: str, m: re.Match[str]) -> bool:
    """A weekday without "on" is a date of this week where agency copy puts one: right after its verb ("voted
    Monday", "reopens Thursday"), after "late" or "early", or as a possessive ("Monday's vote"); not after a
    preposition ("by Wednesday evening", "through Friday": a deadline or a span) nor inside a name ("Black Friday").

    >>> day = dict(_PATTERNS)["day"]
    >>> [_bare_day(t, day.search(t)) for t in ("The council voted Monday.", "Black Friday sales", "Rain could fall by "
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
_NOT_VERBS = _DATE_PREPS | _DETERMINERS | frozenset("""for on at into with without about last next past second third
    down up out over off back or but than as""".split())


# a relative clause after a comma: what it says of the name before it is background to the sentence's own event.
# German relative pronouns (a closed class) read as such before a lower-case word or a figure (", der 1933 sagte"),
# not before a noun, where they are articles (", die Polizei ermittelt"); such a clause is not retold
_RELATIVE = re.compile(r",\s+(?:(?P<rel>who|which|whose)\s|(?P<other>der|die|das|dem|den|deren|dessen)\s(?=[a-zäöüß\d]))")
# prepositions that open a span at a date (a closed class): what the sentence tells holds from then on, and its own
# event is not then ("749 children have died since 1998", "seit mindestens 2019 angebunden")
_SINCE = re.compile(r"\b(?:since|seit|depuis|desde)\s", re.I)
_PRONOUNS = frozenset("it he she they we i you this that these those there".split())


def background_clause(text: str, start: int, end: int) -> str | None:
    """The background a date in a relative clause dates, told of its own ("AirAsia, which began operations in 2001,
    said ..." -> "AirAsia began operations in 2001"), or None when the date is not in such a clause. The clause's
    subject is the name before it (its capitalised words, or the words back to a determiner); a clause whose
    subject cannot be told so is told with its pronoun.

    >>> t = "AirAsia, which began operations in 2001, said on Monday it was reviewing the suspension."
    >>> background_clause(t, t.index("2001"), t.index("2001") + 4)
    'AirAsia began operations in 2001'
    >>> t = "The policy has angered internet users, who compared it with a novel from 1949."
    >>> background_clause(t, t.index("1949"), t.index("1949") + 4)
    'internet users compared it with a novel from 1949'
    >>> t = "In Arizona, which has voted for one Democrat since 1952, the race is close."
    >>> background_clause(t, t.index("1952"), t.index("1952") + 4)
    'Arizona has voted for one Democrat since 1952'
    >>> t = "Mr Dudley took over as chief executive in 2010, the company said."
    >>> background_clause(t, t.index("2010"), t.index("2010") + 4) is None
    True

    A German relative clause is background too, but is not retold (""):

    >>> t = "Die Erklärung von Cliff Roberts, der 1933 sagte, dass alle Golfer weiß sein werden, hatte Bestand."
    >>> background_clause(t, t.index("1933"), t.index("1933") + 4)
    ''
    """
    rel = None
    for m in _RELATIVE.finditer(text, 0, start + 1):  # one more: the lookahead reads the date's first character
        if m.end() <= start:
            rel = m
    if rel is None or re.search(r"[,;:]", text[rel.end(): start]):
        return None  # no relative clause open where the date is
    if rel.group("other"):
        return ""  # a German relative clause: background, not retold (its verb stands last)
    stop = re.search(r"[,;:]|\s[—–]\s|\.\s*$", text[end:])
    body = text[rel.end(): end + (stop.start() if stop else len(text) - end)].strip()
    before = text[: rel.start()].split()
    subject: list[str] = []
    for w in reversed(before[-6:]):
        if w[:1].isupper() or (subject and subject[0][:1].isupper() and w.lower() in ("of", "de", "the")):
            subject.insert(0, w)
        else:
            break
    while subject and subject[0].lower() in _DATE_PREPS:
        subject.pop(0)  # "In Arizona, which has voted ...": the preposition opened the sentence, not the name
    if not subject:
        for k in range(len(before) - 1, max(len(before) - 5, -1), -1):
            if before[k].lower() in _DETERMINERS:
                subject = before[k:] if k + 1 < len(before) else []
                break
        else:
            subject = before[-2:] if len(before) >= 2 and not before[-2][:1].isupper() else []
    if rel.group("rel") == "whose" or not subject:
        return f"{' '.join(before[-3:])}, {rel.group('rel')} {body}".strip(", ")
    return f"{' '.join(subject)} {body}"


def span_opened(text: str, start: int, end: int) -> str | None:
    """What a date governed by "since" (or "seit", "depuis", "desde") dates, or None when no such word governs it.

    The date opens a span, and what the sentence tells holds from then on: the sentence's own event is not then.
    When a clause with its own verb follows "since" ("since construction began in 2005"), that clause is the event
    the date dates, told of its own; when there is none, or it opens on a pronoun, the date dates nothing ("").

    >>> t = "In all, 749 children have died of heatstroke in cars since 1998, the website says."
    >>> span_opened(t, t.index("1998"), t.index("1998") + 4)
    ''
    >>> t = "The tower has sunk 17 inches since construction began in 2005."
    >>> span_opened(t, t.index("2005"), t.index("2005") + 4)
    'Construction began in 2005'
    >>> t = "Since testing began in 2016, only Chinese scientists have led projects."
    >>> span_opened(t, t.index("2016"), t.index("2016") + 4)
    'Testing began in 2016'
    >>> t = "He was drafted by the Mets in June 1977."
    >>> span_opened(t, t.index("1977"), t.index("1977") + 4) is None
    True
    """
    since = None
    for m in _SINCE.finditer(text, 0, start):
        since = m
    if since is None:
        return None
    between = text[since.end(): start]
    if re.search(r"[,;:()]|\s[—–]\s", between) or len(between.split()) > 8:
        return None  # "since" governs another clause, not this date
    words = re.findall(r"[\w'’-]+", between.lower())
    if since.group().lower().startswith("since") and words and words[0] not in _PRONOUNS and any(
            w in AUXILIARIES or set(word_lemmas(w)) == {"VERB"} for w in words[1:]):
        clause = text[since.end(): end]
        if len(clause.split()) >= 4:
            return clause[:1].upper() + clause[1:]
    return ""


_DAYS_OF_WRITING = frozenset(("yesterday", "today", "tonight", "tomorrow", *_DAYS))


def _day_refs(text: str) -> list[tuple[int, int]]:
    """Where ``text`` names its event's day relative to the day of writing: "on Tuesday", "yesterday", "voted
    Monday", "Wednesday's quake"; not "last year" nor a day's name ("Saturday Night Live", "Black Friday")."""
    out = []
    for kind, pat in _PATTERNS:
        if kind == "rel":
            out += [m.span() for m in pat.finditer(text) if m.group("rel").split()[-1].lower() in _DAYS_OF_WRITING
                    and not _in_name(text, m.start(), m.group("rel"))]
        elif kind == "day":
            out += [m.span() for m in pat.finditer(text) if _bare_day(text, m)]
    return out


def _in_name(text: str, start: int, word: str) -> bool:
    """A word of time that is part of a name: written in capitals ("USA TODAY") or capitalised after a capitalised
    word inside a sentence ("USA Today", "Good Morning America Today")."""
    if word.isupper() and len(word) > 1:
        return True
    before = text[:start].rstrip()
    return word[:1].isupper() and bool(before) and before.split()[-1][:1].isupper() and not before.endswith(
        (".", ",", ";", ":", "(", "—", "–", '"', "“", "”"))


def dated_by_its_day(text: str, start: int, end: int, iso: str) -> bool:
    """Whether the year or month at ``text[start:end]`` (``iso``, coarser than a day) is not the date of its
    sentence's event because the sentence names that event's day relative to the day of writing ("On Tuesday, Mr.
    Cosby was sentenced ... for assaulting a woman at his home in 2004"): the year dates what the sentence mentions,
    not what it tells. A year that opens the sentence sets its time ("In 2019 the club won the cup on Sunday"), and
    one in a relative clause dates that clause's background, which is a row of its own.

    >>> t = "On Tuesday, Mr. Cosby was sentenced for assaulting a woman at his home in 2004."
    >>> dated_by_its_day(t, t.index("2004"), t.index("2004") + 4, "2004")
    True
    >>> t = "In 2019 the club won the cup on Sunday."
    >>> dated_by_its_day(t, 3, 7, "2019")
    False
    >>> t = "Tony Montana told USA TODAY on Nov. 1 that Spacey confronted him in 2003 at a pub."
    >>> dated_by_its_day(t, t.index("2003"), t.index("2003") + 4, "2003")
    False
    >>> t = "He appears with Bill Murray in a Saturday Night Live skit in 1978."
    >>> dated_by_its_day(t, t.index("1978"), t.index("1978") + 4, "1978")
    False
    """
    if len(iso) >= 10 or len(text[:start].split()) <= 1 or background_clause(text, start, end) is not None:
        return False
    return bool(_day_refs(text))


def _clause(text: str, start: int, end: int) -> str:
    """The clause of ``text`` around a date, or the sentence when the clause would be too short to read; a date in a
    relative clause dates that clause's background (:func:`background_clause`), not the sentence's event."""
    background = background_clause(text, start, end)
    if background and len(background.split()) >= 4:
        return background[:1].upper() + background[1:]
    bounds = [0] + [m.end() for m in _CLAUSE_SPLIT.finditer(text)] + [len(text) + 1]
    cut = [m.start() for m in _CLAUSE_SPLIT.finditer(text)] + [len(text)]
    for a, b in zip(bounds, cut):
        if a <= start and end <= b:
            piece = _LEAD_CONJ.sub("", text[a:b].strip())
            if len(piece.split()) >= 6:
                text = piece[:1].upper() + piece[1:]
            break
    words = text.split()
    if len(words) > _MAX_WORDS:
        text = " ".join(words[:_MAX_WORDS]) + " …"
    return text.strip()


def _compatible(a: str, b: str) -> bool:
    return a.startswith(b) or b.startswith(a)


def _same_event(a: tuple[set[str], set[str]], b: tuple[set[str], set[str]], threshold: float) -> bool:
    """Two tellings of one dated event: similar clauses, or at least two of the few words around the date shared."""
    if jaccard(a[0], b[0], empty=0.0) >= threshold:
        return True
    return len(a[1] & b[1]) >= 2


def build_timeline(sentences: Sequence[object], published: Mapping[str, str | None] | None = None,
                   fold_threshold: float = 0.25) -> list[Event]:
    """Dated events of one story's sentences, oldest first.

    ``sentences`` have ``article_id``, ``source``, ``text`` and ``position``; ``published`` maps article ids to
    ISO publication dates (or None), which resolve relative dates.

    >>> s = [{"article_id": "a", "source": "x.com", "text": "He was drafted by the Mets in June 1977.", "position": 0},
    ...      {"article_id": "b", "source": "y.com", "text": "The Mets drafted him in 1977 as a shortstop.", "position": 3},
    ...      {"article_id": "b", "source": "y.com", "text": "He resigned last season after a dispute.", "position": 4}]
    >>> [(e.date, e.article_ids) for e in build_timeline(s, {"b": "2016-10-04"})]
    [('1977-06', ['a', 'b']), ('2015', ['b'])]

    A photo caption dates a picture, not an event of the story:

    >>> build_timeline([{"article_id": "a", "source": "x.com", "position": 5, "text": "Defense Secretary Jim Mattis "
    ...                  "listens to a question at a news conference in New Delhi, India September 26, 2017."}])
    []
    """

    if not 0.0 <= fold_threshold <= 1.0:
        raise ValueError(f"fold_threshold must be between 0 and 1, got {fold_threshold}")
    published = published or {}
    texts = [" ".join(str(get(s, "text", "") or "").split()) for s in sentences]
    told_by = Counter(t for text in texts for t in set(content_terms(text)))  # sentences of the story using a term
    raw: list[tuple[str, str, tuple[set[str], set[str]], dict[str, Any], tuple]] = []
    for s, text in zip(sentences, texts):
        flags = set(sentence_flags(text)) if text else {"empty"}
        if flags & {"empty", "question", "url", "shouting", "call_to_action", "furniture"} or _TABLE_ROW.search(text):
            continue
        aid = str(get(s, "article_id"))
        dates = find_dates(text, published.get(aid))
        if dates and len(texts) >= JUDGED_FROM and not of_story(text, dates, told_by):
            continue
        for start, end, iso in dates:
            if stamped(text, start, end) or dated_by_its_day(text, start, end, iso):
                continue
            span = span_opened(text, start, end)
            if span == "" or background_clause(text, start, end) == "":
                continue  # the date opens a span, or dates a clause that cannot be told of its own
            clause = span or _clause(text, start, end)
            if furniture(clause.rstrip(" …")):
                continue  # the row a reader would see is a caption: gallery captions run together into one "sentence"
            terms = set(content_terms(clause)) - set(content_terms(text[start:end]))
            near = set(content_terms(text[:start])[-_WINDOW:] + content_terms(text[end:])[:_WINDOW])
            src = source_sentence(s, text)
            key = (published.get(aid) or "9999", aid, int(get(s, "position", 0) or 0), start)
            raw.append((iso, clause, (terms, near), src, key))
    raw.sort(key=lambda r: (r[0], r[4]))
    events: list[tuple[Event, list[tuple[set[str], set[str]]]]] = []
    at: dict[int, tuple] = {}  # an event -> where in its sentence its first telling's date stands
    for iso, clause, terms, src, key in raw:
        for ev, told in events:
            if _compatible(ev.date, iso) and any(_same_event(t, terms, fold_threshold) for t in told):
                if len(iso) > len(ev.date):
                    ev.date, ev.text = iso, clause
                _cite(ev, src)
                told.append(terms)
                break
        else:
            ev = Event(iso, clause)
            _cite(ev, src)
            events.append((ev, [terms]))
            at[id(ev)] = key
    out = [ev for ev, _ in events]
    # one row per sentence: a sentence with two dates ("between March 2021 and November 2023") is told once, under
    # its most precise date, then the one it gives first ("In 2015, it was reported ... born between 2011 and 2013")
    best: dict[str, Event] = {}
    for ev in out:
        cur = best.get(ev.text)
        if cur is None or len(ev.date) > len(cur.date) or (len(ev.date) == len(cur.date) and at[id(ev)] < at[id(cur)]):
            if cur is not None:
                _merge(ev, cur)
            best[ev.text] = ev
        else:
            _merge(cur, ev)
    out = list(best.values())
    out.sort(key=lambda e: (e.date, e.sources[0]["article_id"]))
    return out


# "Published: ", "Veröffentlichung: 2. Februar ": a label and a colon, then at most the day and month of the date
_LABEL_BEFORE = re.compile(r"^\W*[^\W\d]+(?:\s+[^\W\d]+)?\s*:\s*(?:\d{1,2}\.?\s+[^\W\d]+\.?\s+)?$")
_LABEL_OPENING = re.compile(r"^\W*(?:[^\W\d]+\s+){0,2}$")  # at most two words before the date: "Updated on "


def stamped(text: str, start: int, end: int) -> bool:
    """A date that a page stamps on its text, not one an event happened on: after a label and a colon that open
    the sentence ("Veröffentlichung: 2. Februar 2022 ...", "Published: May 20, 2016"), or opening it and followed
    by a colon ("Updated on Oct. 8, 2013 : An update has been attached").

    >>> stamped("Veröffentlichung: 2. Februar 2022 Vorverkauf gestartet", 29, 33)
    True
    >>> stamped("Updated on Oct. 8, 2013 : An update has been attached to this article.", 11, 23)
    True
    >>> stamped("On Oct. 8, 2013, the council voted to close the library.", 3, 15), stamped("Note: In 2015 it won.", 9, 13)
    (False, False)
    """
    before, after = text[:start], text[end:]
    return bool(_LABEL_BEFORE.match(before)) or (bool(_LABEL_OPENING.match(before)) and after.lstrip().startswith(":"))


# a story of fewer sentences says too little for a sentence's unshared words to be told apart from its news
JUDGED_FROM = 10


def of_story(text: str, dates: Sequence[tuple[int, int, str]], told_by: Mapping[str, int]) -> bool:
    """A dated sentence shares a word, beyond its dates and figures, with another sentence of its story
    (``told_by``: how many of the story's sentences use each content term, this one included). One that shares
    none tells nothing of the story: a page's notice about itself, a copyright line, an embedded post's
    signature. Its date is the page's, not an event's.

    >>> told = Counter({"mets": 3, "fir": 2, "manag": 2, "copyright": 1, "llc": 1, "wolf": 1, "escap": 1})
    >>> of_story("Copyright 2015 by Escape the Wolf, LLC.", [(10, 14, "2015")], told)
    False
    >>> of_story("The Mets fired their manager in 2015.", [(32, 36, "2015")], told)
    True
    """
    dated = set().union(*(content_terms(text[a:b]) for a, b, _ in dates))
    own = {t for t in content_terms(text) if t not in dated and not t.isdigit()}
    return any(told_by.get(t, 0) > 1 for t in own)


def with_news_event(rows: list[dict[str, Any]], lead: Mapping[str, Any] | None,
                    articles: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A story's timeline rows with its news event on them: the summary's lead, dated by the earliest publication
    of the articles that tell it (of the story's, when none of those has one) or, with no publication date, by the
    latest full date (a day) the story's text gives. Unchanged when the lead is a row already, or when no such date
    is known.

    >>> lead = {"text": "The mayor resigned on Monday.", "article_ids": ["a"]}
    >>> rows = [{"date": "2001", "precision": "year", "text": "She was first elected in 2001", "article_ids": ["a"],
    ...          "outlets": [], "sentences": []}]
    >>> with_news_event(rows, lead, [{"article_id": "a", "published": None}]) == rows  # a bare year dates no news
    True
    >>> arts = [{"article_id": "a", "source": "x.com", "published": "2016-10-04T09:00:00Z"}]
    >>> [r["date"] for r in with_news_event(rows, lead, arts)]
    ['2001', '2016-10-04']
    """
    if not lead or not lead.get("text"):
        return rows
    text = str(lead["text"])
    if any(str(r["text"]).rstrip(" .…") in text for r in rows
           if any(x.get("text") == text for x in r.get("sentences") or [])):
        return rows  # a row of the lead's own words dates it (a background clause of it, retold, does not)
    ids = [str(a) for a in lead.get("article_ids") or []]
    by_id = {str(a["article_id"]): a for a in articles}
    days = sorted(d.isoformat() for a in ids if (d := _pub_date(by_id.get(a, {}).get("published"))))
    days = days or sorted(d.isoformat() for a in articles if (d := _pub_date(a.get("published"))))
    # without a publication date, the latest full date the text gives: a bare year is most often background
    # ("founded in 1807"), and would date the news by it
    day = days[0] if days else max((str(r["date"]) for r in rows if len(str(r["date"])) == 10), default=None)
    if day is None:
        return rows
    ev = Event(day, text)
    for a in sorted(ids):
        _cite(ev, source_sentence({"article_id": a, "source": by_id.get(a, {}).get("source"), "text": text}))
    return sorted([*rows, ev.to_dict()], key=lambda r: (r["date"], (r.get("article_ids") or [""])[0]))


def _merge(into: Event, other: Event) -> None:
    for src in other.sources:
        _cite(into, src)


def _cite(ev: Event, src: dict[str, Any]) -> None:
    if src["article_id"] not in ev.article_ids:
        ev.article_ids.append(src["article_id"])
        ev.article_ids.sort()
    if src["outlet"] and src["outlet"] not in ev.outlets:
        ev.outlets.append(src["outlet"])
        ev.outlets.sort()
    if not any(x["article_id"] == src["article_id"] and x["text"] == src["text"] for x in ev.sources):
        ev.sources.append(src)

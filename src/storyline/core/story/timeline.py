"""A story's timeline: dated events found in its sentences, ordered by date and folded across articles.

Dates are read by :mod:`storyline.core.nlp.dates`, at the precision the text gives, relative ones against the
article's publication date. A date in a background clause, or one that opens a span ("since 1998"), dates no news.
An event's text is the clause that holds the date. Events with compatible dates whose texts say nearly the same
thing are folded into one event that cites every article that told it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from storyline.core.nlp.dates import DATE_PREPS, DETERMINERS, PATTERNS, WEEKDAYS, bare_day, find_dates, pub_date
from storyline.core.text.sentences import sentence_flags
from storyline.core.text.furniture import furniture
from storyline.core.story.model import Article, Sentence
from storyline.core.story.sources import source_sentence
from storyline.core.text.text import AUXILIARIES, content_terms, jaccard, word_lemmas
from storyline.lexicon import word_list

_CLAUSE_SPLIT = re.compile(r";\s+|\s+[—–]\s+|,\s+(?=(?:but|then|and then|until|while|although|though|whereas"
                           r"|and (?:is|was|were|are|has|had|he|she|they|it|we|i))\b)")
_LEAD_CONJ = re.compile(r"^(?:but|then|and then|and|until|while|although|though|whereas|because|since|so)\s+", re.I)
_TABLE_ROW = re.compile(r"\|.*\|")  # "| AT3-120 | From December 2023 | No |": a table row, not a clause
_WINDOW = 4  # content words on each side of a date that say what happened then

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


# a relative clause after a comma: what it says of the name before it is background to the sentence's own event.
# German relative pronouns (a closed class) read as such before a lower-case word or a figure (", der 1933 sagte"),
# not before a noun, where they are articles (", die Polizei ermittelt"); such a clause is not retold
_RELATIVE = re.compile(r",\s+(?:(?P<rel>who|which|whose)\s|(?P<other>der|die|das|dem|den|deren|dessen)\s(?=[a-zäöüß\d]))")
# prepositions that open a span at a date (a closed class): what the sentence tells holds from then on, and its own
# event is not then ("749 children have died since 1998", "seit mindestens 2019 angebunden")
_SINCE = re.compile(r"\b(?:since|seit|depuis|desde)\s", re.I)
_PRONOUNS = word_list("timeline/pronouns.txt")


def background_clause(text: str, start: int, end: int) -> str | None:
    """The background a date in a relative clause dates, told of its own ("AirAsia, which began operations in 2001,
    said ..." -> "AirAsia began operations in 2001"), or None when the date is not in such a clause. The clause's
    subject is the name before it (its capitalised words, or the words back to a determiner); a clause whose
    subject cannot be told so is told with its pronoun.

    >>> t = "AirAsia, which began operations in 2001, said on Monday it was reviewing the suspension."
    >>> background_clause(t, t.index("2001"), t.index("2001") + 4)
    'AirAsia began operations in 2001'
    >>> t = "Mr Dudley took over as chief executive in 2010, the company said."
    >>> background_clause(t, t.index("2010"), t.index("2010") + 4) is None
    True

    More clauses, a German one among them, are in ``tests/unit/test_timeline.py``.
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
    while subject and subject[0].lower() in DATE_PREPS:
        subject.pop(0)  # "In Arizona, which has voted ...": the preposition opened the sentence, not the name
    if not subject:
        for k in range(len(before) - 1, max(len(before) - 5, -1), -1):
            if before[k].lower() in DETERMINERS:
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
    >>> t = "He was drafted by the Mets in June 1977."
    >>> span_opened(t, t.index("1977"), t.index("1977") + 4) is None
    True

    More spans are in ``tests/unit/test_timeline.py``.
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


_DAYS_OF_WRITING = frozenset(("yesterday", "today", "tonight", "tomorrow", *WEEKDAYS))


def _day_refs(text: str) -> list[tuple[int, int]]:
    """Where ``text`` names its event's day relative to the day of writing: "on Tuesday", "yesterday", "voted
    Monday", "Wednesday's quake"; not "last year" nor a day's name ("Saturday Night Live", "Black Friday")."""
    out = []
    for kind, pat in PATTERNS:
        if kind == "rel":
            out += [m.span() for m in pat.finditer(text) if m.group("rel").split()[-1].lower() in _DAYS_OF_WRITING
                    and not _in_name(text, m.start(), m.group("rel"))]
        elif kind == "day":
            out += [m.span() for m in pat.finditer(text) if bare_day(text, m)]
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
    relative clause dates that clause's background (:func:`background_clause`), not the sentence's event. It is
    never cut inside: a long clause is shown whole."""
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
    return text.strip()


def _compatible(a: str, b: str) -> bool:
    return a.startswith(b) or b.startswith(a)


def _same_event(a: tuple[set[str], set[str]], b: tuple[set[str], set[str]], threshold: float) -> bool:
    """Two tellings of one dated event: similar clauses, or at least two of the few words around the date shared."""
    if jaccard(a[0], b[0], empty=0.0) >= threshold:
        return True
    return len(a[1] & b[1]) >= 2


def build_timeline(sentences: Sequence[Sentence], published: Mapping[str, str | None] | None = None,
                   fold_threshold: float = 0.25) -> list[Event]:
    """Dated events of one story's sentences, oldest first.

    ``published`` maps article ids to ISO publication dates (or None), which resolve relative dates.

    >>> s = [Sentence("a", 0, "He was drafted by the Mets in June 1977.", "x.com"),
    ...      Sentence("b", 3, "The Mets drafted him in 1977 as a shortstop.", "y.com"),
    ...      Sentence("b", 4, "He resigned last season after a dispute.", "y.com")]
    >>> [(e.date, e.article_ids) for e in build_timeline(s, {"b": "2016-10-04"})]
    [('1977-06', ['a', 'b']), ('2015', ['b'])]

    A photo caption dates a picture, not an event of the story:

    >>> build_timeline([Sentence("a", 5, "Defense Secretary Jim Mattis listens to a question at a news conference "
    ...                          "in New Delhi, India September 26, 2017.", "x.com")])
    []
    """

    if not 0.0 <= fold_threshold <= 1.0:
        raise ValueError(f"fold_threshold must be between 0 and 1, got {fold_threshold}")
    published = published or {}
    texts = [" ".join(s.text.split()) for s in sentences]
    raw = _dated_clauses(sentences, texts, published)
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
    out = _one_row_per_sentence(out, at)
    out.sort(key=lambda e: (e.date, e.sources[0]["article_id"]))
    return out


def _dated_clauses(sentences: Sequence[Sentence], texts: Sequence[str], published: Mapping[str, str | None]
                   ) -> list[tuple[str, str, tuple[set[str], set[str]], dict[str, Any], tuple]]:
    """Every date of the story that dates one of its events, with the clause that tells it, that clause's terms
    and the terms near the date, the sentence it cites, and where the telling stands (for order). Questions,
    furniture, table rows, time stamps, dates of the day told, spans opened and background clauses date none."""
    told_by = Counter(t for text in texts for t in set(content_terms(text)))  # sentences of the story using a term
    raw: list[tuple[str, str, tuple[set[str], set[str]], dict[str, Any], tuple]] = []
    for s, text in zip(sentences, texts):
        flags = set(sentence_flags(text)) if text else {"empty"}
        if flags & {"empty", "question", "url", "shouting", "call_to_action", "furniture"} or _TABLE_ROW.search(text):
            continue
        aid = s.article_id
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
            if furniture(clause):
                continue  # the row a reader would see is a caption: gallery captions run together into one "sentence"
            terms = set(content_terms(clause)) - set(content_terms(text[start:end]))
            near = set(content_terms(text[:start])[-_WINDOW:] + content_terms(text[end:])[:_WINDOW])
            src = source_sentence(s, text)
            key = (published.get(aid) or "9999", aid, int(s.position or 0), start)
            raw.append((iso, clause, (terms, near), src, key))
    return raw


def _one_row_per_sentence(events: list[Event], at: dict[int, tuple]) -> list[Event]:
    """One row per sentence: a sentence with two dates ("between March 2021 and November 2023") is told once,
    under its most precise date, then the one it gives first ("In 2015, it was reported ... born between 2011 and
    2013")."""
    best: dict[str, Event] = {}
    for ev in events:
        cur = best.get(ev.text)
        if cur is None or len(ev.date) > len(cur.date) or (len(ev.date) == len(cur.date) and at[id(ev)] < at[id(cur)]):
            if cur is not None:
                _merge(ev, cur)
            best[ev.text] = ev
        else:
            _merge(cur, ev)
    return list(best.values())


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
                    articles: Sequence[Article]) -> list[dict[str, Any]]:
    """A story's timeline rows with its news event on them: the summary's lead, dated by the earliest publication
    of the articles that tell it (of the story's, when none of those has one) or, with no publication date, by the
    latest full date (a day) the story's text gives. Unchanged when the lead is a row already, or when no such date
    is known.

    >>> lead = {"text": "The mayor resigned on Monday.", "article_ids": ["a"]}
    >>> rows = [{"date": "2001", "precision": "year", "text": "She was first elected in 2001", "article_ids": ["a"],
    ...          "outlets": [], "sentences": []}]
    >>> with_news_event(rows, lead, [Article("a")]) == rows  # a bare year dates no news
    True
    >>> arts = [Article("a", source="x.com", published="2016-10-04T09:00:00Z")]
    >>> [r["date"] for r in with_news_event(rows, lead, arts)]
    ['2001', '2016-10-04']
    """
    if not lead or not lead.get("text"):
        return rows
    text = str(lead["text"])
    if any(str(r["text"]).rstrip(" .") in text for r in rows
           if any(x.get("text") == text for x in r.get("sentences") or [])):
        return rows  # a row of the lead's own words dates it (a background clause of it, retold, does not)
    ids = [str(a) for a in lead.get("article_ids") or []]
    by_id = {a.article_id: a for a in articles}
    days = sorted(d.isoformat() for a in ids if a in by_id and (d := pub_date(by_id[a].published)))
    days = days or sorted(d.isoformat() for a in articles if (d := pub_date(a.published)))
    # without a publication date, the latest full date the text gives: a bare year is most often background
    # ("founded in 1807"), and would date the news by it
    day = days[0] if days else max((str(r["date"]) for r in rows if len(str(r["date"])) == 10), default=None)
    if day is None:
        return rows
    ev = Event(day, text)
    for a in sorted(ids):
        _cite(ev, source_sentence(Sentence(a, 0, text, by_id[a].source if a in by_id else None)))
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

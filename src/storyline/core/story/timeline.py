"""A story's timeline: dated events found in its sentences, ordered by date and folded across articles.

Dates are found by :mod:`storyline.core.nlp.dates`, at the precision the text gives, relative ones against the
article's publication date. Tellings with compatible dates whose sentences say nearly the same thing are folded into
one event that cites every article that told it. What each date dates is then read from the parse
(:mod:`storyline.core.nlp.dated`): an event's text is the clause of the verb its date hangs on, and a date that
opens a span ("since 1998"), dates background ("an aunt who died in 1948", "appealed his 2015 conviction") or is no
date ("1920 pixels") gives no row. A row that ended more than a month before the story's news is marked background
and shown apart (:func:`with_background`).
"""

from __future__ import annotations

import calendar
import re
from collections import Counter
from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Mapping, Sequence

from storyline.core.nlp.clauses import POSSESSIVE, SUBJECT, THIRD_PERSON, first_root, unreferred_subject
from storyline.core.nlp.dated import before_noun, dated, scheduled, tells_event
from storyline.core.nlp.dates import find_dates, pub_date
from storyline.core.nlp.parse import Parse, parse
from storyline.core.nlp.mentions import NAME_COMPONENTS
from storyline.core.nlp.roles import COMPONENTS, PERSONAL
from storyline.core.text.sentences import sentence_flags
from storyline.core.text.furniture import furniture
from storyline.core.story.context import pronouns_needed
from storyline.core.story.model import Article, Sentence, SourceSentence, SummaryLine, TimelineRow
from storyline.core.story.sources import source_sentence
from storyline.core.text.language import ENGLISH, language
from storyline.core.text.text import content_terms, hash_tokens, jaccard, outside_quotes

_TABLE_ROW = re.compile(r"\|.*\|")  # "| AT3-120 | From December 2023 | No |": a table row, not a clause
_WINDOW = 4  # content words on each side of a date that say what happened then

# prepositions that open a span at a date (a closed class), read so in a story the parser does not read: what the
# sentence tells holds from then on, and its own event is not then ("seit mindestens 2019 angebunden")
_SINCE = re.compile(r"\b(?:since|seit|depuis|desde)\s+(?:\S+\s+){0,2}$", re.I)


def _compatible(a: str, b: str) -> bool:
    return a.startswith(b) or b.startswith(a)


def _same_event(a: tuple[set[str], set[str]], b: tuple[set[str], set[str]], threshold: float) -> bool:
    """Two tellings of one dated event: similar clauses, or at least two of the few words around the date shared."""
    if jaccard(a[0], b[0], empty=0.0) >= threshold:
        return True
    return len(a[1] & b[1]) >= 2


def build_timeline(sentences: Sequence[Sentence], published: Mapping[str, str | None] | None = None,
                   fold_threshold: float = 0.25, english: bool = True,
                   people: Mapping[str, str] | None = None) -> list[TimelineRow]:
    """Dated events of one story's sentences, oldest first.

    ``published`` maps article ids to ISO publication dates (or None), which resolve relative dates. In a story in
    ``english`` each date is read from the parse (:func:`~storyline.core.nlp.dated.dated`): an event is the clause
    of the verb the date hangs on, and a date that opens a span, dates background or is no date gives no row; in
    another language a row is its sentence, and a date after its telling's publication gives none. A row stands
    alone: one whose subject is "he" or "she" names the person the lines before it say it is (``people``: each way
    the story writes a person's name, to that name), in brackets, or gives way to another telling.

    >>> s = [Sentence("a", 0, "Backman was drafted by the Mets in June 1977.", "x.com"),
    ...      Sentence("b", 3, "The Mets drafted him in 1977 as a shortstop.", "y.com"),
    ...      Sentence("b", 4, "Backman resigned last season after a dispute.", "y.com")]
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
    raw = _dated_sentences(sentences, texts, published, english)
    raw.sort(key=lambda r: (r.iso, r.key))
    events: list[tuple[TimelineRow, list[_Telling]]] = []
    for told in raw:
        for ev, tellings in events:
            if _compatible(ev.date, told.iso) and any(_same_event(t.terms, told.terms, fold_threshold)
                                                      for t in tellings):
                if len(told.iso) > len(ev.date):
                    ev.date = told.iso
                    tellings.insert(0, told)  # the most precise telling is read first
                else:
                    tellings.append(told)
                _cite(ev, told.source)
                break
        else:
            ev = TimelineRow(told.iso, told.text)
            _cite(ev, told.source)
            events.append((ev, [told]))
    lines = {(s.article_id, int(s.position or 0)): text for s, text in zip(sentences, texts)}
    read = _read(events, lines, people or {}) if english else [(ev, tellings[0]) for ev, tellings in events]
    out = _one_row_per_sentence(read)
    out.sort(key=lambda e: (e.date, e.sentences[0].article_id))
    return out


@dataclass(frozen=True)
class _Telling:
    """One sentence telling a dated event: the date (``iso``, at characters ``start`` to ``end``; ``year``: a bare
    number), the sentence's terms and the terms near the date (which fold tellings), the sentence it cites and
    where it stands (for order)."""

    iso: str
    text: str
    start: int
    end: int
    year: bool
    terms: tuple[set[str], set[str]]
    source: SourceSentence
    key: tuple
    published: str | None = None  # when the article telling it was published


_READ_TELLINGS = 3  # an event whose first tellings date no event of their own is no event


def _read(events: list[tuple[TimelineRow, list[_Telling]]], lines: Mapping[tuple[str, int], str],
          people: Mapping[str, str]) -> list[tuple[TimelineRow, _Telling]]:
    """Each event with its text the clause its date dates in the first of its tellings whose date dates an event
    and whose subject, if "he", "she", "they" or "it", has what it stands for in the clause
    (:func:`~storyline.core.story.context.pronouns_needed`: each row stands alone) or is a person the lines before
    it in its article (``lines``: each article's lines by place) name (:func:`named_subject`, with the story's
    ``people``); read from the parse, in one batch per round. An event none of whose first tellings does is
    dropped."""
    out: dict[int, tuple[TimelineRow, _Telling]] = {}
    for n in range(_READ_TELLINGS):
        todo = [(k, ev, tellings[n]) for k, (ev, tellings) in enumerate(events) if k not in out and n < len(tellings)]
        if not todo:
            break
        texts = list(dict.fromkeys(t.text for _, _, t in todo))
        parsed = dict(zip(texts, parse(texts, COMPONENTS)))  # grammar alone: a third of the full pipeline's cost
        named = list(dict.fromkeys(t.text for _, _, t in todo if before_noun(parsed[t.text], t.start)))
        for text, names in zip(named, parse(named, NAME_COMPONENTS)):  # where a date's noun may be a time
            parsed[text] = replace(parsed[text], entities=names.entities)
        found = [(k, ev, told, d.text) for k, ev, told in todo
                 if (d := dated(parsed[told.text], told.start, told.end, year=told.year)).kind == "event"
                 or (d.kind == "present" and scheduled(told.iso, told.published))]
        # a row stands alone in the timeline: "He died in 1943" says of no one. Who he is, the lines before it in its
        # article may say; else the event's next telling may
        for (k, ev, told, text), unreferred in zip(found, pronouns_needed([f[3] for f in found])):
            if unreferred:
                aid, at = told.source.article_id, told.key[2]  # its article, and its place there
                before = [lines[aid, j] for j in range(at - 1, at - 1 - _BACK, -1) if (aid, j) in lines]
                text = named_subject(text, before, people)
            if text is not None:
                ev.date, ev.text = told.iso, text
                out[k] = (ev, told)
    return [out[k] for k in sorted(out)]


_BACK = 5  # the lines before a row's telling, in its article, that may say who its "he" or "she" is
_HE_OR_SHE = PERSONAL & THIRD_PERSON  # "he" and "she": the pronouns of a person told of
_TOLD = frozenset(("ccomp", "parataxis"))  # what a verb of speech or thought tells: "X said (that) ..."


def _people(grammar: Parse, names: Parse, people: Mapping[str, str]) -> list[tuple[set[int], str]]:
    """The people a parsed line names (``grammar`` its parse, ``names`` its entities): each as its tokens and its
    name, the story's (``people``: each way the story writes a person's name, to that name) where it knows it. The
    entity model may miss a surname alone ("Backman embarked ..."), which the story's people tell."""
    found = [(set(range(e.start, e.end)), people.get(e.text, e.text)) for e in names.entities if e.label == "PERSON"]
    seen = {k for at, _ in found for k in at}
    found += [({k}, people[t.text]) for k, t in enumerate(grammar.tokens)
              if t.pos == "PROPN" and k not in seen and t.text in people]
    return found


def named_subject(text: str, before: Sequence[str], people: Mapping[str, str] | None = None) -> str | None:
    """``text``, whose subject is "he" or "she" with nothing in it to stand for, with the person's name for the
    pronoun, in brackets as an editor marks a word of their own, or None when the lines ``before`` it in its
    article (nearest first) do not say who: the person is the one the nearest line that names anyone names as its
    main clause's subject, read past the lines that name no one and whose subject is "he", "she" or something of
    theirs ("His trial began"). Any other line says no one: its subject may be whom the pronoun stands for, and no
    name tells whether it is a person; a line that tells what its subject said or thought is of someone else as
    often as of the speaker. A person is one the entity model finds or one of the story's ``people`` (each way the
    story writes a person's name, to that name).

    >>> named_subject("He died at the camp in 1943.", ["He ran the camp's gas chambers.",
    ...                                               "The trial heard that Kurt Franz and Franz Stangl were cruel."])
    >>> named_subject("He died at the camp in 1943.", ["He ran the camp's gas chambers.",
    ...                                               "Kurt Franz, its deputy, was known for his cruelty."])
    '[Kurt Franz] died at the camp in 1943.'
    """
    p = parse([text], COMPONENTS)[0]
    k = unreferred_subject(p)
    if k is None or p.tokens[k].text.lower() not in _HE_OR_SHE or not before:
        return None
    people = people or {}
    for grammar, names in zip(parse(before, COMPONENTS), parse(before, NAME_COMPONENTS)):
        root = first_root(grammar)
        subject = next((c for c in grammar.children(root) if grammar.tokens[c].dep in SUBJECT), None) \
            if root is not None else None
        named = _people(grammar, names, people)
        if subject is not None and (grammar.tokens[subject].text.lower() in _HE_OR_SHE or any(
                grammar.tokens[c].dep == "poss" and grammar.tokens[c].text.lower() in POSSESSIVE
                for c in grammar.children(subject))) and not named:
            continue  # "He ran the camp", "His trial began": who, a line before says
        if subject is None or any(grammar.tokens[c].dep in _TOLD for c in grammar.children(root)):
            return None  # a line that tells what someone said: the speaker is its subject, "he" may be whom it is of
        heads = {subject} | {c for c in grammar.children(subject) if grammar.tokens[c].dep == "appos"}
        name = next((who for at, who in named if at & heads), None)  # the person the line is of
        if name is None:
            return None
        t = p.tokens[k]
        return f"{text[:t.idx]}[{name}]{text[t.idx + len(t.text):]}"
    return None


def _dated_sentences(sentences: Sequence[Sentence], texts: Sequence[str], published: Mapping[str, str | None],
                     english: bool) -> list[_Telling]:
    """Every date of the story that may date one of its events, with the sentence that tells it. Questions,
    furniture, table rows, time stamps and dates of a sentence that shares nothing with its story date none, nor,
    in a story the parser does not read, a date that opens a span or is after its telling's publication, or of a
    line with no sentence's end (a heading, a label, a list's entry: "Preis, 2015", "Freitag, 04. Februar 2022")."""
    told_by = Counter(t for text in texts for t in set(content_terms(text)))  # sentences of the story using a term
    raw: list[_Telling] = []
    for s, text in zip(sentences, texts):
        flags = set(sentence_flags(text)) if text else {"empty"}
        if flags & {"empty", "question", "url", "shouting", "call_to_action", "furniture"} or _TABLE_ROW.search(text):
            continue
        if not english and "no_terminal_punct" in flags:
            continue  # no parse to read it, and no sentence's end: a heading, a label, a list's entry ("Preis, 2015")
        if furniture(text):
            continue  # gallery captions run together into one "sentence"
        aid = s.article_id
        dates = find_dates(text, published.get(aid))
        if dates and len(texts) >= JUDGED_FROM and not of_story(text, dates, told_by):
            continue
        terms = set(content_terms(text))
        src = source_sentence(s, text)
        told = outside_quotes(text)
        for start, end, iso in dates:
            if stamped(text, start, end) or (not english and (_SINCE.search(text[:start])
                                                               or _ahead(iso, published.get(aid)))):
                continue
            if not told[start:end].strip():
                continue  # a date inside a quotation is the speaker's ("This just happened yesterday")
            near = set(content_terms(text[:start])[-_WINDOW:] + content_terms(text[end:])[:_WINDOW])
            key = (published.get(aid) or "9999", aid, int(s.position or 0), start)
            raw.append(_Telling(iso, text, start, end, text[start:end].replace("-", "").isdigit(),
                                (terms - set(content_terms(text[start:end])), near), src, key, published.get(aid)))
    return raw


def _ahead(iso: str, published: str | None) -> bool:
    """A date after its telling's publication: what is planned, forecast or aimed at, or a year in a name ("bis
    2040 ein knappes Gut bleiben", "BMW 3er Touring (2022)"). In English the parse tells a schedule apart
    (:func:`~storyline.core.nlp.dated.scheduled`); in a language it does not read, nothing does, and an editor found
    almost none of them an event.

    >>> _ahead("2030", "2022-01-21"), _ahead("2022-02", "2022-01-21"), _ahead("2022", "2022-01-21")
    (True, True, False)
    """
    return bool(published) and iso > str(published)[:len(iso)]


def _one_row_per_sentence(read: list[tuple[TimelineRow, _Telling]]) -> list[TimelineRow]:
    """One row per clause: a clause with two dates ("between March 2021 and November 2023") is told once, under its
    most precise date, then the one it gives first."""
    best: dict[str, tuple[TimelineRow, _Telling]] = {}
    for ev, told in read:
        cur = best.get(ev.text)
        if cur is None or len(ev.date) > len(cur[0].date) or (len(ev.date) == len(cur[0].date) and told.key < cur[1].key):
            if cur is not None:
                _merge(ev, cur[0])
            best[ev.text] = (ev, told)
        else:
            _merge(cur[0], ev)
    return [ev for ev, _ in best.values()]


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


def with_news_event(rows: list[TimelineRow], lead: SummaryLine | None,
                    articles: Sequence[Article]) -> list[TimelineRow]:
    """A story's timeline rows with its news event on them: the summary's lead, dated by the earliest publication
    of the articles that tell it (of the story's, when none of those has one). Unchanged when the lead is a row
    already, when no article has a publication date (a day the text gives dates what its own verb tells: a story
    with no publication date gives its news no day, and the latest day its text names was most often what came
    before the news, told for context, when an editor read them: "Lovelace graduated on Jan. 28, 2016" for a death
    "last week", "Riggs was born on Dec. 4, 2001" for her obituary), when the lead tells no event its report can
    date (:func:`~storyline.core.nlp.dated.tells_event`: a state, the present of a verb other than saying, what may
    happen, "could launch another missile as soon as Saturday", or what will), when it is in a language the parser
    does not read (an editor found such leads, dated by their page, to be states and assessments), or when the story
    is one article whose text dates nothing: its one row would only stamp its opening with the date the story's
    header gives (a recipe's first step, a blog post's greeting), and there is nothing for the news to stand among.

    >>> lead = SummaryLine("The mayor resigned on Monday.", "a", 0, ["a"], 1)
    >>> rows = [TimelineRow("2001", "She was first elected in 2001", ["a"])]
    >>> with_news_event(rows, lead, [Article("a")]) == rows  # a bare year dates no news
    True
    >>> arts = [Article("a", source="x.com", published="2016-10-04T09:00:00Z")]
    >>> [r.date for r in with_news_event(rows, lead, arts)]
    ['2001', '2016-10-04']
    """
    if lead is None or not lead.text or (not rows and len({a.article_id for a in articles}) <= 1):
        return rows
    text = str(lead.text)
    if any(x.text == text for r in rows for x in r.sentences):
        return rows  # a row told from the lead dates it (a row is the clause its date dates: background is none)
    ids = [str(a) for a in lead.article_ids]
    by_id = {a.article_id: a for a in articles}
    days = sorted(d.isoformat() for a in ids if a in by_id and (d := pub_date(by_id[a].published)))
    days = days or sorted(d.isoformat() for a in articles if (d := pub_date(a.published)))
    if not days:
        return rows
    day = days[0]
    if language(hash_tokens(text)) != ENGLISH or not tells_event(parse([text], COMPONENTS)[0]):
        return rows  # a state, what may happen, or a lead the parser cannot read, is no event to date by its report
    ev = TimelineRow(day, text)
    for a in sorted(ids):
        _cite(ev, source_sentence(Sentence(a, 0, text, by_id[a].source if a in by_id else None)))
    return sorted([*rows, ev], key=lambda r: (r.date, (r.article_ids or [""])[0]))


# what a story's news takes in: the month before its first report ("last week", "in August" in a September story).
# What happened before that ("in 2009", "last year" in June) came before the news and is told for context
NEWS_SPAN = timedelta(days=31)


def with_background(rows: list[TimelineRow], articles: Sequence[Article]) -> list[TimelineRow]:
    """A story's timeline rows, those that ended more than ``NEWS_SPAN`` before its news marked ``background``:
    earlier events its articles tell for context ("Giffords was shot in 2011" in a story of 2018), which a reader
    sees apart from the events of the story. The news is when the story was first published. A story with no
    publication date tells no day of its news ("on Tuesday" with no date to count from): what it dates is what
    came before, told for context. Most often it is: a year or a month ("Yahoo doubled its leave in 2013"; a
    headline's or a lead's bare year dates no news either), and, when an editor read them, most of the latest days
    such stories name (a birth, a graduation, a study's release, the night a crime began).

    >>> rows = [TimelineRow("2011", "Giffords was shot in 2011"), TimelineRow("2018-08", "she spoke in August"),
    ...         TimelineRow("2018-09-04", "She testified on Tuesday")]
    >>> [r.background for r in with_background(rows, [Article("a", published="2018-09-06T10:00:00Z")])]
    [True, False, False]
    >>> [r.background for r in with_background(rows, [Article("a")])]  # no day of news: what it dates came before
    [True, True, True]
    """
    days = sorted(d for a in articles if (d := pub_date(a.published)))
    if not days:  # no day says when the news is: what the story dates, it tells for context
        return [replace(r, background=True) for r in rows]
    news = days[0]
    return [replace(r, background=(end := _last_day(str(r.date))) is not None and end < news - NEWS_SPAN)
            for r in rows]


def _last_day(iso: str) -> date | None:
    try:
        year, month = int(iso[:4]), int(iso[5:7] or 12)
        return date(year, month, int(iso[8:10] or calendar.monthrange(year, month)[1]))
    except ValueError:
        return None


def _merge(into: TimelineRow, other: TimelineRow) -> None:
    for src in other.sentences:
        _cite(into, src)


def _cite(ev: TimelineRow, src: SourceSentence) -> None:
    if src.article_id not in ev.article_ids:
        ev.article_ids.append(src.article_id)
        ev.article_ids.sort()
    if src.outlet and src.outlet not in ev.outlets:
        ev.outlets.append(src.outlet)
        ev.outlets.sort()
    if not any(x.article_id == src.article_id and x.text == src.text for x in ev.sentences):
        ev.sentences.append(src)

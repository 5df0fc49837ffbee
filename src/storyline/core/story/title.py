"""A story's title: the outlets' own headline when one states the news and takes no side
(:mod:`~storyline.core.story.slant` tells which lean), else a headline written from the lead, cut only at whole
constituents (:mod:`~storyline.core.story.headline`). Called from :func:`~storyline.core.story.digest.digest`."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Mapping, Sequence

from storyline.core.nlp.dates import instant
from storyline.core.story.context import context_need
from storyline.core.story.lead import FIRST_HOURS
from storyline.core.story.model import Article, Dispute
from storyline.core.text.clean import title_residue
from storyline.core.nlp.negation import root
from storyline.core.text.language import ENGLISH, language
from storyline.core.text.text import content_terms, hash_tokens, mostly_quoted, words
from storyline.core.story.headline import ALSO, MOST_WORDS, addressed, headline, lead_text
from storyline.core.story.slant import (asserts, contested, negated_elsewhere, told_otherwise, told_share, untold_cause,
                                        untold_words, without_untold_reason)


_FORMAT = re.compile(r"^(?:live|watch|video|photos?|breaking|updated?|explainer|analysis|opinion|comment|q&a)\b\s*"
                     r"[:|–—-]|^(?:why|what|how|who|where|when|is|are|can|should|will|does|do)\b|\?\s*$|"
                     r":\s*(?:what|why|how|who|where|your|everything|all you|as it happened)\b|"
                     r"^(?-i:[A-Z][A-Z'’ -]{3,})[!?:]", re.I)


_LABEL = re.compile(r"^(?:live|watch|video|photos?|breaking|updated?|explainer|analysis|opinion|comment|q&a)\s*[:|–—-]\s*"
                    r"(?=\S)|\s+[|–—-]\s+(?:as it happened|live(?: updates)?|latest(?: updates)?)\s*$", re.I)


def without_label(title: str) -> str:
    """A headline without its page's format label ("LIVE:", "WATCH:", "- as it happened"): the story's title names
    the event, not the page it was first told on.

    >>> without_label("LIVE: Harbour Road vote - as it happened"), without_label("Live music returns to Leeds")
    ('Harbour Road vote', 'Live music returns to Leeds')
    """
    return _LABEL.sub("", title).strip() or title


def headline_format(title: str) -> bool:
    """A headline of a format rather than of the event: a live page's label, a question, an explainer's "what we
    know", a shouted kicker ("AXED!", "TERROR AT SEA:") or a headline all in capitals; these tell the reader what the page is or how to feel,
    not what happened.

    >>> [headline_format(t) for t in ("LIVE: Fenwick mayoral count", "Tavros earthquake: what we know so far",
    ...                                "Is your Velta Orbit affected? Recall explained", "AXED! Rovers boot Keane",
    ...                                "Farouk elected Fenwick mayor", "NASA plans a new Moon landing",
    ...                                "PROTECTING OUR RIGHTS WILL MAKE AMERICA GREAT")]
    [True, True, True, True, False, False, True]
    """
    return shouted(title) or bool(_FORMAT.search(title.strip()))


_KICKER = re.compile(r"^(?-i:[A-Z][A-Z'’ -]{3,})[!?:]")


def shouted(title: str) -> bool:
    """A headline all in capitals, or opening with a shouted kicker ("AXED!", "TERROR AT SEA:"): a slogan or a
    tabloid's cry rather than a statement of what happened.

    >>> shouted("PROTECTING OUR RIGHTS WILL MAKE AMERICA GREAT"), shouted("AXED! Rovers boot Keane")
    (True, True)
    >>> shouted("NASA plans a new Moon landing"), shouted("Why the Mali coup threatens West Africa")
    (False, False)
    """
    t = title.strip()
    return (len(t.split()) >= 3 and t.upper() == t and any(c.isalpha() for c in t)) or bool(_KICKER.search(t))


def choose_title(articles: Sequence[Article], fallback: str | Sequence[str] | None, disputes: Sequence[Dispute] = (),
                 told: Mapping[str, str] | None = None, openings: Sequence[str] = ()) -> str:
    """The story's headline: of the headlines of its first reports (those within a day of the earliest) that are
    headlines (:func:`~storyline.core.text.clean.title_residue`: not a share bar, a caption, a credit, a time stamp
    or a sentence cut short) of at most 20 words (else one written, when one can be), that the summary tells
    (:func:`off_story`, in a story of several articles) and that
    take no side in a dispute the story has, the one that gives fewest figures and
    acts another outlet may tell otherwise (:func:`contested`, against ``told``: each outlet's headlines and first
    sentences; a headline another outlet negates, :func:`negated_elsewhere`, or that opens on a cause others do not
    tell, :func:`untold_cause`, counts as one more), then one that tells rather than prompts the reader
    (:func:`~storyline.core.story.headline.addressed`), then one that is no quotation (someone's words, not what
    happened: :func:`_quotation`), then one of the event rather than of a format
    (:func:`headline_format`), then the one with fewest names another outlet does not give, then the one whose claim
    most outlets tell (:func:`told_share`), then the one with fewest words the other outlets do not tell
    (:func:`untold_words`), then the earliest, then the smallest id; when that one is shouted
    (:func:`shouted`), a headline written from the summary instead, and when it is a quotation, one the parse
    writes from an English lead. Without one, a headline written from
    the summary's lead (the first of ``fallback``) or, failing that, the articles' ``openings`` (their first
    sentences: what states the event, not a later line's detail), else from the summary's sentences in order
    (:func:`_written_title`).

    >>> choose_title([Article("b", "B wins the cup final", "2016-10-05"),
    ...               Article("a", "A wins the cup final", "2016-10-04")], None)
    'A wins the cup final'
    >>> choose_title([Article("a", "Story highlights The mayor resigned on Monday")],
    ...              "The mayor of Eastbridge resigned on Monday after a row over the budget, officials said.")
    'The mayor of Eastbridge resigned on Monday after a row over the budget'
    """
    # of a story of several articles, a headline the summary does not tell is one article's own angle
    told_here = ([fallback] if isinstance(fallback, str) else list(fallback or [])) if len(articles) > 1 else []
    titled = [a for a in articles if a.title and title_residue(a.title) is None
              and not asserts(a.title, disputes) and not off_story(a.title, told_here)]
    stamps = {a.article_id: instant(a.published) for a in titled}
    known = [t for t in stamps.values() if t is not None]
    if known:  # the story's first reports: a later headline follows the story up
        first = min(known)
        titled = [a for a in titled if stamps[a.article_id] is None
                  or (stamps[a.article_id] - first).total_seconds() <= FIRST_HOURS * 3600]
    # a headline is written from a sentence that states the event: the summary's lead, then the articles' openings
    # (``openings``), not a later line's detail or quotation; without openings, from the summary's lines
    stated = [*([fallback] if isinstance(fallback, str) else list(fallback or []))[:1], *openings] \
        if openings else fallback
    written = lru_cache(maxsize=1)(lambda: _written_title(stated, disputes, told))  # once, if asked
    if titled and all(len(words(str(a.title))) > MOST_WORDS for a in titled):
        if written():  # a headline is never over 20 words when one can be written: an outlet's, over 20, is a
            return written()  # better title than a line of the summary taken whole ("(Con información de AFP)")
    titled = [a for a in titled if len(words(str(a.title))) <= MOST_WORDS] or titled
    if titled:
        def rank(a: Article) -> tuple:
            title, outlet = str(a.title), a.outlet
            sides, names = contested(title, outlet, told) if told else (0, 0)
            sides += bool(told) and (negated_elsewhere(title, outlet, told) + untold_cause(title, outlet, told))
            return (sides, addressed(title), _quotation(title), headline_format(title), names,
                    -told_share(title, outlet, told) if told else 0, untold_words(title, outlet, told) if told else 0,
                    a.published or "9999", a.article_id)
        top = min(titled, key=rank)
        outlet = top.outlet
        best = without_untold_reason(without_label(str(top.title)), outlet, told,
                                     [a.title for a in articles if a.title and a.outlet != outlet])
        if shouted(best):  # every first headline is shouted (a slogan, a kicker): one written from the lead says
            return written() or best  # what happened
        if _quotation(best) and written() and language(hash_tokens(written())) == ENGLISH:
            return written()  # every first headline is someone's words: one the parse writes from the lead
        return best
    return written() or _whole_line(fallback or stated) or "(untitled story)"


OFF_STORY = 0.25  # a headline less than this share of whose words the summary tells is another story's


def off_story(title: str, summary: Sequence[str]) -> bool:
    """A headline that tells another story than the summary does: fewer than a quarter of its content words are
    in the summary's sentences (a sidebar's or an opinion piece's headline in a story of reports). Said of a
    headline of three content words or more, against a summary of two sentences or more. :func:`choose_title`
    asks it of stories of several articles, where the summary is more than the headline's article.

    >>> summary = ["The CIA has concluded that Russia intervened in the 2016 election to help Donald Trump win.",
    ...            "Trump said he did not believe Russia interfered in the election."]
    >>> off_story("Rush: We Need Concealed-Carry in Schools", summary), off_story("CIA says Russia helped Trump", summary)
    (True, False)
    """
    terms = {root(w) for w in content_terms(title)}
    if len(terms) < 3 or len(summary) < 2:
        return False
    said = {root(w) for s in summary for w in content_terms(s)}
    return len(terms & said) < OFF_STORY * len(terms)


def _written_title(fallback: str | Sequence[str] | None, disputes: Sequence[Dispute],
                   told: Mapping[str, str] | None) -> str | None:
    """A headline written from the summary's sentences (``fallback``, in order, the articles' leads first), or None
    without one: of the headlines they give (:func:`headline`: a statement's main clause, cut at whole
    constituents, at most 20 words), the first that is no residue, takes no side of a dispute found, reads alone
    (no quote without its speaker, no "This is ..."), tells rather than quotes, then that gives fewest figures
    another outlet gives otherwise (:func:`~storyline.core.story.slant.told_otherwise`; None when every one is
    residue). A figure is never taken out of a headline: one that takes a side gives way to a sentence that takes
    none; a figure only its outlet counts is no side.

    >>> _written_title(["Netflix announced Tuesday that it is now allowing employees to take unlimited maternity or "
    ...                 "paternity leave during the first year after their child's birth or adoption.",
    ...                 "Parents can return part-time, full-time, or return and then go back out as needed."], [], None)[:40]
    'Netflix announced that it is allowing em'

    >>> _written_title(["A ferry carrying 212 passengers ran aground off Kelso on Monday.",
    ...                 "The coastguard led a rescue off Kelso."],
    ...                [Dispute.from_row({"kind": "number",
    ...                                    "sides": [{"claim": "212 passengers"}, {"claim": "240 passengers"}]})], None)
    'The coastguard led a rescue off Kelso'
    """
    texts = [fallback] if isinstance(fallback, str) else list(fallback or [])
    cleaned = [t for t in (lead_text(x) for x in texts) if t]
    if not cleaned:
        return None
    # the leads first (a lead states the event), then the other sentences, in order; each is parsed only when every
    # headline before it takes a side, leans on what came before or quotes
    best: tuple | None = None
    for k, t in enumerate(cleaned):
        head = headline(t)
        if head is None:
            continue
        key = (title_residue(head) is not None, asserts(head, disputes), _leans(head), mostly_quoted(head),
               told_otherwise(head, "", told) if told else 0, k)
        if best is None or key < best[0]:
            best = (key, head)
        if not any(key[:-1]):
            break
    return best[1] if best is not None and not best[0][0] else None


def _whole_line(lines: str | Sequence[str] | None) -> str | None:
    """A story's title with no headline of an outlet's or written from its sentences (the parser does not read
    them): the shortest of the summary's ``lines``, whole, never an opening's heading word ("viernes").

    >>> _whole_line(["Der Hafen von Kelso bleibt nach dem Sturm bis Freitag geschlossen, teilte die Behörde mit.",
    ...              "Die Fähren fahren ab Montag wieder."])
    'Die Fähren fahren ab Montag wieder'
    """
    shown = [t for t in (lead_text(x) for x in ([lines] if isinstance(lines, str) else list(lines or []))) if t]
    return min(shown, key=lambda t: (len(words(t)), t)) if shown else None


def _quotation(title: str) -> bool:
    """An English headline that is mostly a quotation (:func:`~storyline.core.text.text.mostly_quoted`): someone's
    words, not what happened. Said of English only, where a headline can be written from the parse instead (another
    language's quotation marks, „…“, are not read as pairs).

    >>> _quotation("“Sometimes I lost hope,” Faraj said."), _quotation("Rebel fighter found alive after 40 days")
    (True, False)
    """
    return mostly_quoted(title) and language(hash_tokens(title)) == ENGLISH


def _leans(head: str) -> bool:
    """A headline that leans on what came before it: a quotation without its speaker, a pronoun or a connective
    first, first person, or an "also" of its subject's verb ("Nabugyere also said ...": what else?).

    >>> _leans("Nabugyere also said he expects compensation"), _leans("A leopard killed a child at a safari lodge")
    (True, False)
    """
    need = context_need(head)
    return (need is not None and need[0] in ("prev", "quote", "never")) or bool(ALSO.match(head))

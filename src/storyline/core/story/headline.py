"""A headline written from a lead sentence (:func:`headline`): its main clause, read from the parse, with whole
constituents dropped (an apposition, an aside, an adverbial clause, a phrase of time or place) until it is a
headline's length; and whether a title written from a sentence was cut so (:func:`cut_inside`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from storyline.core.text.text import hash_tokens, SPEECH_VERBS, word_lemmas, words
from storyline.core.nlp.anchors import SUBJECT
from storyline.core.nlp.clauses import (FINITE, NONFINITE, SEPARATORS, WH, not_told, punctuated, render, statement,
                                        told_count)
from storyline.core.nlp.dated import AT_THE_TIME, CONDITIONS, THEN, UNTIL
from storyline.core.nlp.mentions import title_case
from storyline.core.nlp.negation import NEGATION
from storyline.core.nlp.parse import Parse, parse
from storyline.core.text.language import ENGLISH, language
from storyline.core.text.sentences import tidy_sentence


# a line whose subject "also" did something ("The mayor also said"): it leans on an earlier line
ALSO = re.compile(r"^(?:[\w'’.-]+\s+){1,5}also\b", re.I)


# a place before a colon that opens a lead: "LAHORE: ", "Los Angeles: " (outlet tags go in tidy_sentence)
_SOURCE_TAG = re.compile(r"^\s*[A-Z][\w.'’/-]*(?:\s+[A-Z][\w.'’/-]*){0,2}:\s+(?=[A-Z])")
# a trailing attribution: a verb of speech, or a finding's ("a new study finds"), and who said it
_ATTRIBUTION_TAIL = re.compile(r",\s+(?:(?:[\w.'’-]+\s+){0,6}?(?:"
                               + "|".join(sorted(SPEECH_VERBS - {"according"} | {"finds", "suggests", "shows", "warns"}))
                               + r")"
                               r"(?:\s+[\w.'’-]+){0,3}|according\s+to\s+[^,;]{1,80})\s*[.!]?\s*$")
# a shared post's closing link, with the name it came "via": "... via Horizont https://ift.tt/2loCdek"
_LINK_TAIL = re.compile(r"(?:\s+via\s+@?[\w.'’-]+(?:\s+[\w.'’-]+){0,2}?)?\s+(?:https?://|www\.)\S+\s*$", re.I)


def lead_text(sentence: str | None) -> str:
    """A lead sentence as a headline gives it: without its source tag ("LAHORE: ", "(CNN)"), a shared post's closing
    link, its trailing attribution (", police said") and its closing stop: whole constituents, nothing cut.

    >>> lead_text("(CNN) The mayor of Eastbridge resigned on Monday, officials said.")
    'The mayor of Eastbridge resigned on Monday'
    """
    if not sentence:
        return ""
    t = _SOURCE_TAG.sub("", tidy_sentence(sentence.strip()).lstrip(")]}|*•·-–—,;: "))
    return _ATTRIBUTION_TAIL.sub("", _LINK_TAIL.sub("", t)).strip().rstrip(".!,;: ")


def headline(sentence: str | None) -> str | None:
    """A headline written from a lead sentence: its main clause, with whole constituents dropped as the parse gives
    them (:func:`shorten`) once its source tag and trailing attribution are gone (:func:`lead_text`). None when the
    sentence is no statement (a caption, a noun phrase, a prompt to the reader, a question, an aside in brackets)
    or when no cut at whole constituents brings it to :data:`MOST_WORDS`. A sentence in another language than
    English, which the parser does not read, is taken whole when it is short enough.

    >>> headline("(CNN) Actor Burt Reynolds is in intensive care in a Florida hospital, where he went for treatment "
    ...          "of flu symptoms, one of his representatives said Friday.")
    'Actor Burt Reynolds is in intensive care in a Florida hospital, where he went for treatment of flu symptoms'
    >>> headline("Mary Chapa, 18, who was shot in the head on Saturday along with her girlfriend Mollie Olgin, 19, is "
    ...          "making an amazing recovery, her family said.")
    'Mary Chapa, 18, is making an amazing recovery'
    >>> headline("Vinay Chopra, a former Apotex worker."), headline("Is your Velta Orbit affected?")
    (None, None)
    """
    t = lead_text(sentence)
    if not t or t.endswith("?") or (t.startswith("(") and t.endswith(")")):
        return None
    if language(hash_tokens(t)) != ENGLISH:
        return t if len(words(t)) <= MOST_WORDS else None
    return _shortened(t)


@lru_cache(maxsize=4096)
def addressed(title: str) -> bool:
    """A headline that speaks to the reader instead of telling the news: a prompt (a verb in its base form with no
    subject, "Know what's happening in the field") or a table's row, read from the parse
    (:func:`~storyline.core.nlp.clauses.not_told`). A command someone is told to have given is a quotation: it has
    its speaker, after a colon or with a verb of speech. A headline in another language, or in title case, which
    the tagger misreads ("Need for Speed"), is not read.

    >>> addressed("Know what’s happening in the field"), addressed("Police arrest eight after Kelso fire")
    (True, False)
    >>> addressed("Mayor: Stop the count"), addressed("Stop the count, says mayor"), addressed("Dunmore regatta returns")
    (False, False, False)
    """
    t = title.strip()
    if not t or ":" in t or title_case(t) or language(hash_tokens(t)) != ENGLISH:
        return False
    p = parse([t])[0]
    said = any(x.dep in SUBJECT and {p.tokens[x.head].lemma, p.tokens[x.head].text.lower()} & SPEECH_VERBS
               for x in p.tokens)
    verb = p.tokens[p.roots()[0]].text.lower() if p.roots() else ""
    # a name the tagger does not know opens many headlines ("Dunmore regatta returns"): a command's verb is a word
    return not said and not_told(p) in ("prompt", "address", "table") and (bool(word_lemmas(verb)) or "|" in t)


@lru_cache(maxsize=4096)
def _shortened(text: str) -> str | None:
    return shorten(parse([text])[0])


MOST_WORDS = 20  # a headline is never longer, and is cut no shorter: each cut may take what the news needs
# what a headline names: an entity of these types keeps the constituent it is in until nothing else is left to cut
NAMES = frozenset(("PERSON", "ORG", "GPE", "LOC", "NORP", "FAC", "EVENT", "WORK_OF_ART", "LAW", "PRODUCT"))
FIGURES = frozenset(("CARDINAL", "MONEY", "PERCENT", "QUANTITY"))
# the kinds of constituent a headline may do without, in the order they go (see shorten)
ASIDE, CLAUSE, PHRASE, NAMED, DEFINING, CONJUNCT = range(6)
LAST = CONJUNCT + 2  # a clause with a figure
_OPTIONAL = frozenset(("prep", "npadvmod", "advmod", "relcl", "acl", "intj"))
_CLAUSES = frozenset(("advcl", "parataxis", "meta"))


def shorten(p: Parse, limit: int = MOST_WORDS) -> str | None:
    """The first sentence of parse ``p`` as a headline: its main clause, with whole constituents dropped, one at a
    time, until it is ``limit`` words long or nothing more may go; None when it is no statement (a finite verb with
    its subject, :func:`~storyline.core.nlp.clauses.statement`) or stays over ``limit`` words. A sentence of a
    headline's length is taken whole: a cut to make it shorter still takes what its news needs as often as not (the
    object of "renewed calls for Pluto to be reinstated", the cause of "burns after sipping ice tea that was laced
    with a chemical").

    What goes first is an aside (an apposition, a clause between commas or in brackets), then an adverbial or loose
    clause, then a verb's phrase of place, time or manner and a clause that describes a noun; then such a phrase or
    clause that holds a name, a phrase that places a noun ("crew
    members aboard the trawler"), a condition ("if the government shuts down"), then a clause that says what a bare
    plural refers to ("groups affiliated with Al Qaeda"), a second clause joined to the main
    one, and last an aside or adverbial clause that holds a figure. A phrase of time is a circumstance wherever the
    parse hangs it. Of each kind, one that opens the sentence goes
    first, then from the end; a verb of speech the parse joins to the main one with no conjunction ("X happened,
    Kerry said") is who told it and goes as a clause. The subject, the verb and its objects are never cut, nor an
    infinitive on the main verb (what was done for: "sat down with reporters to explain why he resigned"), nor what
    "be" says its subject is ("is in intensive care"), nor the adverb right after a verb ("were sent home"), nor a
    superlative's scope, nor a wh-word or a word joined by a hyphen (:func:`_bound`), nor anything inside a noun
    phrase but its clauses, appositions and placing phrases. A cut that would leave the words unreadable
    (:func:`_fault`: an apposition after other words than those it renames, a result clause without its "so", a
    cut that ends on a word that opens a phrase)
    gives way to the next one; a sentence whose parse erred (:func:`_misread`) is not cut at all. Punctuation stays
    where both its words do
    (:func:`~storyline.core.nlp.clauses.punctuated`); a result that leaves a quotation unclosed is none.

    >>> from storyline.core.nlp.parse import parse
    >>> shorten(parse(["Kellogg Co., citing the deterioration of a country in the midst of an economic meltdown, said "
    ...                "Tuesday it was closing operations that employed 400 workers."])[0])
    'Kellogg Co. said Tuesday it was closing operations that employed 400 workers'
    """
    if not statement(p):
        return None
    start, end = p.sentences[0] if p.sentences else (0, len(p.tokens))
    root = next(k for k in range(start, end) if p.tokens[k].head == k)
    kept = set(range(start, end))
    told = _reported(p, root)
    marks = ("", "")
    if told is not None:  # "X happened, a spokesman said": the headline is what was reported, without who said it
        root, kept = told, set(p.subtree(told))
        if min(kept) > start and p.tokens[min(kept) - 1].tag == "``":  # someone's words stay a quotation, in the
            marks = (p.tokens[min(kept) - 1].text, next(  # sentence's own marks: bare, they would read as fact
                (p.tokens[j].text for j in range(max(kept) + 1, end) if p.tokens[j].tag == "''"),
                p.tokens[min(kept) - 1].text))
    dated = {k for e in p.entities if e.label in ("DATE", "TIME", "ORDINAL") for k in range(e.start, e.end)}
    figures = {k for e in p.entities if e.label in FIGURES for k in range(e.start, e.end)} | {
        k for k in kept if p.tokens[k].tag == "CD" and k not in dated}
    figures -= {k for k in figures if told_count(p, k)}  # "the two regimes" refers back: no figure of the news
    names = {k for e in p.entities if e.label in NAMES for k in range(e.start, e.end)}
    if _count(p, kept) > limit and _misread(p, start, end):
        return None  # a cut needs a parse that holds: on one that erred, it breaks what it keeps
    while _count(p, kept) > limit:
        cands = [c for c in (_candidate(p, k, root, kept, figures, names, dated) for k in sorted(kept)) if c]
        if not cands:
            break
        # a cut that leaves what stays unreadable (an apposition moved onto another noun, a result clause without
        # its "so") gives way to the next, while the sentence so far reads whole
        whole = _fault(p, punctuated(p, kept)) is None
        kept -= next((c[-1] for c in sorted(cands) if not whole or _fault(p, punctuated(p, kept - c[-1])) is None),
                     min(cands)[-1])
    kept = punctuated(p, kept)
    if _count(p, kept) > limit or _fault(p, kept):
        return None
    text = render(p, kept)
    return f"{marks[0]}{text}{marks[1]}" if marks[0] and not text.endswith(marks[1]) else text


def _misread(p: Parse, start: int, end: int) -> bool:
    """The parse of tokens ``start`` to ``end`` erred: a finite verb in it has no subject where a verb needs its own,
    hung on another by no relation ("a car listed on Craigslist, then robbed them of $3,000": "robbed" with the
    gunmen its subject), or an adverbial clause's, with a finite auxiliary and no conjunction ("... electrocuted at a
    park and two other boys who tried to help him are still recovering": their subject taken for a second park).

    >>> from storyline.core.nlp.parse import parse
    >>> [_misread(p, 0, len(p.tokens)) for p in parse([
    ...     "Two inquiries begin after a 9-year-old girl is electrocuted at a local park and two other girls who tried "
    ...     "to help her are still recovering from their injuries.",
    ...     "Gunmen shot a Kelso couple who were looking to buy a car, then robbed them of $3,000, police say.",
    ...     "Three boys were hurt at a park and two men who tried to help them are still recovering in hospital."])]
    [True, True, False]
    """
    for k in range(start, end):
        t = p.tokens[k]
        kids = [p.tokens[c] for c in p.children(k)]
        if t.pos not in ("VERB", "AUX") or any(c.dep in SUBJECT or c.dep == "expl" for c in kids):
            continue
        if (t.dep == "dep" and t.tag in FINITE) or (t.dep == "advcl" and not any(c.dep == "mark" for c in kids) and any(
                c.dep in ("aux", "auxpass") and c.tag in FINITE for c in kids)):
            return True
    return False


_ARGUMENTS = frozenset(("dobj", "attr", "acomp", "ccomp", "xcomp", "oprd", "dative"))


def _candidate(p: Parse, k: int, root: int, kept: set[int], figures: set[int], names: set[int], dated: set[int]
               ) -> tuple[int, int, int, frozenset[int]] | None:
    """Token ``k``'s constituent as a cut (its rank, then the cut itself), or None where it may not go."""
    t = p.tokens[k]
    if k == root or t.head not in kept or _bare(p, t.head, kept - p.subtree(k)) or _complement(p, k) or _scope(p, k) \
            or _bound(p, k):
        return None
    whole = p.subtree(k)
    span = whole & kept
    lo, hi = min(whole), max(whole)
    head = p.tokens[t.head]
    aside = lo > 0 and p.tokens[lo - 1].text in _OPENING and (
        p.tokens[hi].text in _CLOSING or hi + 1 >= len(p.tokens) or p.tokens[hi + 1].text in _CLOSING)
    if t.dep == "appos" and span & names and t.head not in names:
        return None  # a name that renames a description ("Speaker of the House John Boehner") is who it is
    # a time: a noun phrase of time, or one after a preposition of time ("on Friday", not "to three years"), which is
    # a circumstance whatever the parse hangs it on ("for the first time on Friday")
    timed = (t.dep == "npadvmod" or (t.dep == "prep" and t.text.lower() in AT_THE_TIME | THEN)) and \
        span - {k} <= dated | {j for j in span if p.tokens[j].pos == "DET"}
    if t.dep == "appos" or (aside and t.dep in _OPTIONAL | _CLAUSES):
        kind = ASIDE
    elif t.dep in _CLAUSES and any(p.tokens[c].tag == "TO" for c in p.children(k)) and t.head == root:
        return None  # an infinitive is what was done for ("took to Instagram to wish her son a happy birthday")
    elif t.dep in _CLAUSES:
        kind = _clause_kind(p, k, lo)
    elif t.dep in _OPTIONAL and (t.dep in ("relcl", "acl") or head.pos in ("VERB", "AUX") or (
            timed and t.dep == "prep")):
        kind = _modifier_kind(p, k, span, timed and not (kept - span) & figures, names)
    elif t.dep == "prep" and head.pos in ("NOUN", "PROPN") and t.text.lower() != "of":
        kind = NAMED  # a phrase that places a noun ("crew members aboard the trawler"): late
    elif t.dep == "conj" and t.head == root and t.pos in ("VERB", "AUX"):
        # a verb of speech joined with no conjunction is who told it ("X happened, Kerry said"), not a second event;
        # a clause with a subject of its own is a second sentence's news ("... in 2012 or 2016 but it would not be
        # her"): each goes as a clause does
        joined = any(p.tokens[c].dep == "cc" and root < c < k for c in p.children(root))
        own = any(p.tokens[c].dep in SUBJECT for c in p.children(k))
        kind = CLAUSE if (not joined and t.lemma in SPEECH_VERBS) or own else CONJUNCT
    else:
        return None
    if span & figures:
        if kind > CLAUSE:
            return None
        kind += LAST - CLAUSE  # an aside or a clause with a figure goes only when nothing else is left
    subject = min((c for c in p.children(root) if p.tokens[c].dep in SUBJECT), default=root)
    # one before the subject first, then from the end; of asides, the longest first (with the asides inside it); a
    # phrase deeper in the tree first: one inside a describing clause says less of the news than the main verb's own
    # ("convicted in her son's death after failing to take him to a doctor" before "sentenced to three years")
    place = -lo if lo < subject else -(10 ** 6) - _depth(p, k) * 10 ** 4 - (
        len(span) if kind in (ASIDE, ASIDE + LAST - CLAUSE) else lo)
    return kind, place, k, frozenset(span)


def _clause_kind(p: Parse, k: int, lo: int) -> int:
    """The rank of the adverbial or loose clause of verb ``k`` (opening at token ``lo``) as a cut: a condition
    ("could lose $200 million if the government shuts") goes late, and so does a participle after its verb with no
    comma, conjunction or subject of its own, which says which thing the verb's object is ("produced photos Monday
    showing his client with Singer"), as a clause that describes a noun does; any other clause early."""
    t = p.tokens[k]
    condition = any(p.tokens[c].dep == "mark" and p.tokens[c].text.lower() in CONDITIONS for c in p.children(k))
    which = t.tag in NONFINITE and t.head < lo and p.tokens[lo - 1].pos != "PUNCT" and not any(
        p.tokens[c].dep == "mark" or p.tokens[c].dep in SUBJECT or p.tokens[c].tag in WH for c in p.children(k))
    return NAMED if condition or which else CLAUSE


def _modifier_kind(p: Parse, k: int, span: set[int], loose_time: bool, names: set[int]) -> int:
    """The rank of the phrase or describing clause ``k`` (its kept tokens ``span``) as a cut. A verb's phrase says
    what the verb is of as often as when or where ("discourage people from drinking soda", "viewed as a game", "a
    record in March"): one that names a time (``loose_time``: not the period a kept figure is counted over, "10
    percent ... in March"), an adverb or a clause between commas goes first; any other late, with the phrases that
    hold a name. A clause that describes a common noun with no comma before it says which one it is ("a man who was
    freed on a technicality", "a plan that would grant 16 weeks of paid leave") and goes late too; one that describes
    a bare plural is what that noun refers to ("groups affiliated with Al Qaeda", "photos showing ...": without it, any
    at all) and goes after the phrases that hold names. (A bare singular is a mass noun, "an algorithm for
    visualization developed by ...", where the parse often hangs on it what describes the noun before.)"""
    t = p.tokens[k]
    head = p.tokens[t.head]
    restrictive = t.dep in ("relcl", "acl") and head.pos in ("NOUN", "PRON") and t.head not in names
    bare = restrictive and head.tag == "NNS" and not any(
        p.tokens[c].dep in ("det", "poss", "nummod", "predet") for c in p.children(t.head))
    loose = (t.dep in ("relcl", "acl") and not restrictive) or t.dep in ("advmod", "intj") or loose_time
    return DEFINING if bare else NAMED if restrictive or span & names or not loose else PHRASE


def _depth(p: Parse, k: int) -> int:
    """How many heads token ``k`` is below its sentence's root."""
    depth = 0
    while p.tokens[k].head != k and depth < len(p.tokens):
        k, depth = p.tokens[k].head, depth + 1
    return depth


def _bound(p: Parse, k: int) -> bool:
    """Token ``k`` is part of its head's word or clause, or of what it says: a wh-word that opens the clause ("see
    where they are"), a word joined to its head by a hyphen ("web-based"), a phrase of what was missing ("faced life
    without power", "was launched without a trial"), or the time a negated verb waits for ("was not contained until
    Sunday": without it, it never was)."""
    t = p.tokens[k]
    if t.tag in WH or (k + 2 == t.head and p.tokens[k + 1].tag == "HYPH"):
        return True
    word = t.text.lower()
    return t.dep == "prep" and (word in NEGATION or (word in UNTIL and any(
        p.tokens[c].dep == "neg" for c in p.children(t.head))))


def _scope(p: Parse, k: int) -> bool:
    """Token ``k`` is a phrase that gives a superlative its scope ("the tallest building in western Europe")."""
    t = p.tokens[k]
    return t.dep == "prep" and any(p.tokens[c].tag in ("JJS", "RBS") for c in p.children(t.head))


def _reported(p: Parse, root: int) -> int | None:
    """The clause a sentence reports, when it comes first and its reporter after it ("Lovelace was pulled out of the
    pool Friday ..., Navy spokesman Lt. Trevor Davids said"): the verb of that clause, which has a subject of its
    own; else None."""
    subject = [c for c in p.children(root) if p.tokens[c].dep in SUBJECT]
    for c in p.children(root):
        if p.tokens[c].dep == "ccomp" and subject and max(p.subtree(c)) < min(subject) \
                and any(p.tokens[g].dep in SUBJECT for g in p.children(c)):
            return c
    return None


def _complement(p: Parse, k: int) -> bool:
    """Token ``k`` is the phrase a verb with no object takes as what it is of, the first after it ("came from wind
    power", "is in intensive care", "is in the works"): without it, no statement. A phrase of time, one after a
    passive verb or one set off by a comma is a circumstance instead. So is an adverb right after its verb ("were
    sent home", "fell back"), unless it names a time, and a gerund right after it ("ruled out running"). A word that
    is a preposition with the phrase after it ("thanks to", "ahead of", "according to") keeps that phrase. A clause
    that says what a noun says, opened by a conjunction or "to" ("the fact that ...", "plans to skip the game"), is
    the noun's content: without it, the noun says nothing."""
    t = p.tokens[k]
    if t.dep == "acl" and p.tokens[t.head].pos == "NOUN" and any(
            p.tokens[c].dep == "mark" or p.tokens[c].tag == "TO" for c in p.children(k)):
        return True  # what a noun says ("the fact that ...", "plans to skip the game"): without it, it says nothing
    if t.dep == "prep" and k == t.head + 1 and p.tokens[t.head].dep in ("npadvmod", "advmod", "prep"):
        return True  # the phrase of a word that, with it, is a preposition ("thanks to the film", "ahead of the vote")
    if t.dep == "advmod" and k == t.head + 1 and p.tokens[t.head].pos == "VERB":
        return not any(e.start <= k < e.end for e in p.entities if e.label in ("DATE", "TIME"))
    if t.dep == "advcl" and t.tag == "VBG" and t.head < k and not any(p.tokens[c].dep == "mark" for c in p.children(k)) \
            and all(p.tokens[j].dep == "prt" for j in range(t.head + 1, k)):
        return True  # a gerund right after its verb is what the verb is of ("ruled out running", "quit smoking")
    if t.dep != "prep" or p.tokens[t.head].pos not in ("VERB", "AUX") or k < t.head:
        return False
    siblings = p.children(t.head)
    verb = p.tokens[t.head]
    shared = p.children(verb.head) if verb.dep == "conj" else []  # "was arrested and charged": the auxiliary is shared
    if any(p.tokens[c].dep in _ARGUMENTS for c in siblings) or any(
            p.tokens[c].dep == "auxpass" for c in siblings + shared):
        return False
    if any(p.tokens[c].pos == "PUNCT" for c in range(t.head + 1, k)):
        return False
    timed = {i for e in p.entities if e.label in ("DATE", "TIME") for i in range(e.start, e.end)}
    if any(c in timed for c in p.children(k)):
        return False
    return min((c for c in siblings if c > t.head and p.tokens[c].dep == "prep"), default=None) == k


_OPENING = frozenset(("(", "[", ",", "-")) | SEPARATORS  # what may open an aside
_CLOSING = frozenset((")", "]", ",", "-")) | SEPARATORS - {":"}  # and close it


def _fault(p: Parse, kept: set[int] | frozenset[int]) -> str | None:
    """Why the tokens ``kept`` of the first sentence of ``p`` are not that sentence less whole constituents, or
    None: see :func:`cut_inside`."""
    start, end = p.sentences[0] if p.sentences else (0, len(p.tokens))
    root = next((k for k in range(start, end) if p.tokens[k].head == k), start)
    told = _reported(p, root)
    if told is not None and root not in kept and told in kept:  # what was reported, without who reported it
        root, start, end = told, min(p.subtree(told)), max(p.subtree(told)) + 1
    if not statement(p) or root not in kept or not any(p.tokens[c].dep in SUBJECT and c in kept
                                                        for c in p.children(root)):
        return "clause"
    for d in range(start, end):
        t = p.tokens[d]
        if d in kept or t.pos in ("PUNCT", "SPACE", "CCONJ") or t.head not in kept or t.head == d:
            continue
        below = p.subtree(d)
        if below & kept:
            return "cut"
        if t.dep in _KEPT_WHOLE:
            return "figure" if any(p.tokens[k].tag == "CD" for k in below) else "cut"
        if _bare(p, t.head, kept) or _complement(p, d) or _scope(p, d) or _bound(p, d):
            return "cut"
    for k in range(start, end):  # two clauses run together: the colon or dash between them gone, words on both sides
        if p.tokens[k].text in SEPARATORS and k not in kept and any(w in kept for w in range(start, k)) \
                and any(w in kept and p.tokens[w].pos not in ("PUNCT", "SPACE") for w in range(k + 1, end)):
            return "cut"
    subject = min((c for c in p.children(root) if p.tokens[c].dep in SUBJECT), default=None)
    comma = min(p.subtree(subject)) - 1 if subject is not None else start
    if comma > start and p.tokens[comma].text == "," and comma not in kept and any(
            w in kept and p.tokens[w].pos not in ("PUNCT", "SPACE") for w in range(start, comma)):
        return "cut"  # words that open the sentence run into its subject, the comma between them gone
    for d in sorted(kept & set(range(start, end))):
        t = p.tokens[d]
        before = [w for w in range(start, min(p.subtree(d))) if p.tokens[w].pos not in ("PUNCT", "SPACE")] \
            if t.dep == "appos" else []
        if before and before[-1] not in kept:
            return "cut"  # an apposition renames the words right before it: with those cut, it renames others
        if t.dep == "appos":
            lo, hi = min(p.subtree(d)), max(p.subtree(d))
            if lo - 1 in kept and hi + 1 < end and p.tokens[lo - 1].text == p.tokens[hi + 1].text == "," \
                    and hi + 1 not in kept:
                return "cut"  # an apposition opened by a comma and not closed runs into the verb ("The film, X is")
        if t.text.lower() == "that" and t.head in kept and any(
                p.tokens[k].text.lower() in CORRELATIVE and k not in kept and k < d - 1 for k in range(start, d)):
            return "cut"  # a result clause without the "so" or "such" it completes ("thought so highly of it that")
    order = sorted(kept & set(range(start, end)))
    for a, b in zip(order, order[1:]):
        if b > a + 1 and p.tokens[b - 1].tag in _LEADING:
            return "cut"  # a cut that ends on a word that opens a phrase ("her brother's [lives]"): the parse erred
        if b > a + 1 and p.tokens[a].text in _OPENING and p.tokens[b].text in _CLOSING:
            return "cut"  # an aside's marks left with nothing between them ("poems by Neruda – – have been")
    marks = "".join(p.tokens[k].text for k in sorted(kept) if p.tokens[k].pos == "PUNCT")
    quotes = marks.count('"') % 2 or marks.count("“") != marks.count("”")
    return "cut" if quotes else None  # a quotation opened and not closed, or closed and never opened


# the tags of words that open a phrase and need the word after them: a determiner, a possessive, a preposition, "to"
_LEADING = frozenset(("DT", "PDT", "PRP$", "POS", "IN", "TO"))


def _count(p: Parse, kept: set[int]) -> int:
    """The words of tokens ``kept`` as a reader counts them: a word's own part that the tokenizer splits off
    ("Trump’s", "didn’t") is no word of its own; the parts of a hyphened word are, and so is a dash set apart
    (:func:`~storyline.core.text.text.words`, as the page shows them): the more of the two counts."""
    parsed = sum(1 for k in kept if p.tokens[k].pos not in ("PUNCT", "SPACE") and not (
        k > 0 and p.tokens[k - 1].pos not in ("PUNCT", "SPACE")
        and p.tokens[k - 1].idx + len(p.tokens[k - 1].text) == p.tokens[k].idx))
    return max(parsed, len(words(render(p, punctuated(p, kept)))))


CORRELATIVE = frozenset(("so", "such"))  # the degree words a result clause completes ("so strong that")
_KEPT_WHOLE = frozenset(("det", "amod", "compound", "nummod", "quantmod", "poss", "case", "pobj", "dobj", "attr",
                         "acomp", "nsubj", "nsubjpass", "aux", "auxpass", "neg", "prt", "pcomp", "xcomp", "ccomp",
                         "nmod", "predet", "oprd"))  # a phrase's own parts: dropping one leaves the phrase cut


def cut_inside(title: str, sentence: str) -> str | None:
    """Why ``title``, written from ``sentence``, is not that sentence less whole constituents: ``"cut"`` (a word
    left out of a phrase whose other words stay, or a part a phrase cannot do without: "An $8 billion merger is"),
    ``"figure"`` (a figure taken out of a phrase that stays: "A total of men have been charged") or ``"clause"``
    (no statement: no finite verb with its subject). None when it is whole, or not written from this sentence (its
    words are not the sentence's, in order).

    >>> cut_inside("A total of men have been charged", "A total of seven men have been charged in his death.")
    'figure'
    >>> cut_inside("Gunmen shot a couple looking to buy a car listed", "Gunmen shot a couple looking to buy a car "
    ...            "listed on a website for used cars on Friday night.")
    'cut'
    >>> cut_inside("An $8 billion exchange merger is", "An $8 billion exchange merger is in the works, people said.")
    'cut'
    >>> cut_inside("Mary Chapa is making a recovery", "Mary Chapa, 18, is making a recovery, her brother said.")
    """
    source = lead_text(sentence)
    if not title or not source or title.strip() == source:
        return None
    if not written_from(title, source):
        return None  # not this sentence's words: no need to parse it
    p, head = parse([source, title])
    faults = [_fault(p, kept) for kept in (_aligned(head, p), _aligned(head, p, backward=True)) if kept is not None]
    return None if not faults or None in faults else faults[0]  # a word written twice is read where it fits


def written_from(title: str, sentence: str) -> bool:
    """Whether every word of ``title`` is a word of ``sentence``: the title may have been written from it."""
    return set(re.findall(r"\w+", title.lower())) <= set(re.findall(r"\w+", lead_text(sentence).lower()))


def _bare(p: Parse, k: int, kept: set[int] | frozenset[int]) -> bool:
    """Token ``k`` is a participle or a relative clause's verb describing a noun, left with none of its words
    ("video of the suspect wanted"): the phrase it opened is cut."""
    return p.tokens[k].dep in ("acl", "relcl") and not any(
        c in kept and p.tokens[c].pos not in ("PUNCT", "SPACE") for c in p.children(k))


def _aligned(title: Parse, p: Parse, backward: bool = False) -> set[int] | None:
    """The indices of the tokens of ``p`` that ``title``'s tokens are, matched in order, each at its first place
    (or, ``backward``, matched from the end, each at its last); None when they are not all there."""
    mine = [t.text.lower() for t in title.tokens]
    theirs = [t.text.lower() for t in p.tokens]
    if backward:
        mine, theirs = mine[::-1], theirs[::-1]
    kept: set[int] = set()
    k = 0
    for w in mine:
        while k < len(theirs) and theirs[k] != w:
            k += 1
        if k == len(theirs):
            return None
        kept.add(len(theirs) - 1 - k if backward else k)
        k += 1
    return kept

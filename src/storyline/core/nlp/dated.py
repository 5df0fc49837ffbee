"""What a date in a sentence dates, read from the parse: the verb it hangs on, and that verb's clause.

A date dates the verb it hangs on ("The prison opened in 1996"), with the clause of that verb as what happened
then. The parse says when it dates something else:

- a *span*: the date is the object of "since" ("749 children have died since 1998"), or of "between", "from" or
  "through" ("earned $94 million between May 2010 and May 2011"): what the sentence tells holds over a time, and
  happened at no one time;
- a *state*: the clause says what its subject is ("The number of failures was minimal in 1960", "there were 25
  reports as of 2002"), not what happened;
- *background*: the verb is in a clause that describes a noun or serves as a noun ("an aunt who died in 1948",
  "freed after his role in robbing a bank in 2007"), or the date dates a noun that is neither the clause's subject
  nor a time it happened in ("appealed his 2015 conviction", "under the War Powers Resolution of 1973"): an earlier
  event told for context, not an event of the story;
- *no date*: a bare number before a plural noun, which it counts ("1080 pixels by 1920 pixels"), or in a name
  ("Connect 2035"); or any date of a line with no verb, which tells no event (a label, a citation, a caption:
  "Paraves Sereno, 1998");
- *forecast*: the verb it hangs on is one of what may or should happen, with a modal ("North Korea could launch
  another missile as soon as Saturday"): no event took place then;
- *present*: the verb it hangs on is in the simple present, with no auxiliary. News tells what happened in the
  past tense; a verb in the present with a date is a caption's ("Troops participate in exercises in Mao in March
  2015"), a state now set beside an earlier event ("The total now surpasses the flights during Irene in August
  2011"), or a schedule ("The launch window opens July 31, 2018"). Only the schedule is an event, and only a date
  after the telling's publication can be one: the caller, who knows when it was published, decides
  (:func:`scheduled`).

The clause is the verb and what hangs on it, less the clauses joined to it that tell other events ("... and
started a new line of work"). A clause reported by a verb of saying is told with its reporter (the parse makes it
the reporter's complement), and a verb that shares its subject with the one before it ("and retired in 1977") is
told with that subject. Everything here reads dependency labels and parts of speech (closed classes of grammar);
the prepositions below are closed classes too.
"""

from __future__ import annotations

from dataclasses import dataclass

from storyline.core.nlp.clauses import FINITE, SUBJECT, first_root, punctuated, render
from storyline.core.nlp.dates import time_spans
from storyline.core.nlp.parse import Parse
from storyline.core.text.text import SPEECH_VERBS, word_lemmas

# prepositions that place an event in a time ("on Monday", "in 1998") ...
UNTIL = frozenset(("until", "till"))  # the time up to which something holds (under a negated verb, from which)
AT_THE_TIME = frozenset(("in", "on", "at", "during", "amid", "amidst", "throughout")) | UNTIL
# ... and those that place it in or before another event: a date on a noun they govern dates the verb they hang on
# ("arose during a squabble in 1996", "piloted the team until a departure after the 2016 season"; a time of day
# is read as part of its date: "on the night of March 2, 2013")
AMID = frozenset(("during", "amid", "amidst", "throughout")) | UNTIL
SPAN = frozenset(("since", "between", "from", "through"))  # prepositions that open or bound a span at a date
CONDITIONS = frozenset(("if", "unless"))  # the subordinators of a condition: what may happen, not what did
# modal verbs of what may or should happen (a closed class; "will", "shall" and reported "would" say what is
# planned, and stay)
POSSIBLE = frozenset(("could", "may", "might", "should", "must", "ought"))
AT_ONCE = frozenset(("when", "while", "as"))  # subordinators of a clause whose time is its main clause's too
# the forms of "be" (a closed class: the parse here has no lemmas)
BE = frozenset(("be", "is", "are", "am", "was", "were", "been", "being", "'s", "’s", "'re", "’re", "'m", "’m"))
THEN = frozenset(("after", "before", "following", "upon", "on", "while", "when"))  # "after jumping from a car"
# how a verb's clause hangs on the one above it: a complement (the clause is that verb's: "told the Sun that in
# 2010 ...", "is supposed to launch in 2018") ...
_COMPLEMENT = frozenset(("xcomp", "ccomp", "aux", "auxpass"))
# ... or a clause of its own: a main clause, a conjunct, a loose clause, an adverbial clause with its own subject
_OWN = frozenset(("ROOT", "conj", "parataxis", "advcl"))
_OTHER_EVENTS = frozenset(("conj", "cc", "preconj", "parataxis", "dep"))  # what joins another event's clause to this one
_SHORTEST = 4  # a clause of fewer words is no row of its own: the sentence is told whole


@dataclass(frozen=True, slots=True)
class Dated:
    """What a date dates: ``kind`` is ``event``, ``present``, ``span``, ``background`` (a state too), ``forecast`` or
    ``none`` (no date); ``text`` is the clause an event date dates, as a timeline row tells it (for ``present``, the
    row it would be as a schedule; "" for the others)."""

    kind: str
    text: str = ""


def _words(p: Parse, kept: frozenset[int] | set[int]) -> int:
    return sum(1 for k in kept if p.tokens[k].pos not in ("PUNCT", "SPACE"))


def dated(p: Parse, start: int, end: int, year: bool = False) -> Dated:
    """What the date at characters ``start`` to ``end`` of the parsed sentence dates. ``year``: the date is a bare
    number, which is no date where it counts a noun or is part of a name. The parse needs no entities
    (:data:`storyline.core.nlp.roles.COMPONENTS` is enough); where it has them, a noun the entity model reads as
    part of a date or a time ("after the 2016 season") is read as the date (:func:`before_noun` says where they
    help).

    >>> from storyline.core.nlp.parse import parse
    >>> from storyline.core.nlp.roles import COMPONENTS
    >>> t = "He retired in 1977 and started a new line of work as a document examiner in Dallas."
    >>> dated(parse([t], COMPONENTS)[0], t.index("1977"), t.index("1977") + 4, year=True)
    Dated(kind='event', text='He retired in 1977')
    >>> t = "Theodus Times II has a cousin buried in the cemetery, as well as an aunt who died in 1948."
    >>> dated(parse([t], COMPONENTS)[0], t.index("1948"), t.index("1948") + 4, year=True).kind
    'background'
    >>> t = "Calls for Pluto to be downgraded intensified after a candidate object was discovered in 1992."
    >>> dated(parse([t], COMPONENTS)[0], t.index("1992"), t.index("1992") + 4, year=True).text
    'A candidate object was discovered in 1992.'

    More sentences, each kind among them, are in ``tests/unit/test_dated.py``.
    """
    span, head = _tokens_of(p, start, end)
    if not span:
        return Dated("event", p.text.strip())  # the tokenizer split the text elsewhere: the sentence, whole
    if year and _counts_or_names(p, head):
        return Dated("none")
    in_date = set(span) | {k for e in p.entities if e.label in ("DATE", "TIME") for k in range(e.start, e.end)}
    if not any(t.pos in ("VERB", "AUX") for t in p.tokens):
        return Dated("none")  # a line with no verb tells no event: a label, a citation, a chart's caption
    verb, noun, via = _governor(p, head, in_date)
    if verb is None:
        return Dated("span")
    if noun is not None and not _times(p, noun, verb, via):
        return Dated("background")
    clause = _clause_head(p, verb, year)
    if clause is None or _state(p, clause):
        return Dated("background")
    if _possible(p, verb):
        return Dated("forecast")
    kind = "present" if _simple_present(p, verb, head) else "event"
    kept = _clause(p, verb, clause, set(span))
    whole = not _stands(p, clause, kept)
    if whole:
        kept = frozenset(range(len(p.tokens)))  # the sentence, whole
    if _timed_above(p, verb, kept, start, end):
        kept = _clause(p, verb, verb, set(span))  # what happened then is the date's own clause, or nothing told
        if not _stands(p, verb, kept):
            return Dated("background")
    elif whole:
        return Dated(kind, p.text.strip())
    text = render(p, _resumed(p, punctuated(p, kept))).rstrip(" ,;:")
    last = max((k for k, t in enumerate(p.tokens) if t.pos not in ("PUNCT", "SPACE")), default=-1)
    stop = p.text.rstrip()[-1:]
    return Dated(kind, text + stop if last in kept and stop in ".!" else text)


def _tokens_of(p: Parse, start: int, end: int) -> tuple[list[int], int]:
    """The tokens of the characters ``start`` to ``end`` of the parsed text, and the one of them the others hang on
    (-1 when there are none)."""
    span = [k for k, t in enumerate(p.tokens) if start <= t.idx < end]
    head = next((k for k in span if p.tokens[k].head not in span or p.tokens[k].head == k), span[0] if span else -1)
    return span, head


def _stands(p: Parse, head: int, kept: frozenset[int]) -> bool:
    """The clause ``head`` heads, as ``kept``, can be a row of its own: words enough, its subject's referent in it
    (not a relative pronoun: "that runs until February 2024") and a finite verb."""
    return (_words(p, kept) >= _SHORTEST and not _lost_referent(p, kept) and _finite_kept(p, head, kept)
            and not any(p.tokens[k].dep in SUBJECT and p.tokens[k].tag in ("WDT", "WP") for k in p.children(head)))


def _timed_above(p: Parse, verb: int, kept: frozenset[int], start: int, end: int) -> bool:
    """Another time hangs on a verb of ``kept`` that the date's ``verb`` is under, and not one of saying: the clause
    that verb heads happened then ("Authorities learned on Thursday he had to register for a sentence in 1990",
    "was sentenced on Tuesday for assaulting a woman in 2004"), so ``kept`` is not told at the date. A verb of
    saying with a time of its own reports the date's clause, which it is told with ("told the paper on Nov. 1
    that he was confronted in 2003"), and a clause with a subject of its own, joined to another event's, is not
    under it ("ended up with 304 votes after a defection in December, but he had won in November")."""
    above, k = set(), verb
    while p.tokens[k].head != k and not (  # not up from a clause of its own joined to another event's
            p.tokens[k].dep in _OTHER_EVENTS and any(p.tokens[c].dep in SUBJECT for c in p.children(k))):
        k = p.tokens[k].head
        above.add(k)
    for a, b in time_spans(p.text):
        span, head = _tokens_of(p, a, b)
        if (a < end and start < b) or not span:
            continue
        other = _governor(p, head, set(span))[0]
        if other in above and other in kept and p.tokens[other].text.lower() not in SPEECH_VERBS:
            return True
    return False


def _simple_present(p: Parse, verb: int, date: int) -> bool:
    """The verb a date hangs on is in the simple present ("participates", "opens"), with no auxiliary of its own (no
    perfect, passive, progressive or future: "has opened", "is held", "will open"), and with a subject of its own: a
    finite verb has one, and a word the tagger took for one without it is a noun ("doubled its paternity leave in
    2013"), as is one the lexicon knows only as a noun ("kicked off a media tirade late Wednesday"). A date between
    a verb and the subject of the clause it reports belongs to that verb ("said Tuesday the practice costs ...")."""
    t = p.tokens[verb]
    if t.tag not in ("VBZ", "VBP") or "VERB" not in word_lemmas(t.text.lower()):
        return False
    kids = p.children(verb)
    subject = next((c for c in kids if p.tokens[c].dep in SUBJECT), None)
    if subject is None or any(p.tokens[c].dep in ("aux", "auxpass") for c in kids):
        return False
    return not (t.dep == "ccomp" and t.head < date < subject)


def scheduled(iso: str, published: str | None) -> bool:
    """Whether a date a verb in the present hangs on can be a schedule: it comes after the day its telling was
    published (to its precision: a year after the year, a month after the month). With no publication date,
    nothing says so.

    >>> scheduled("2018-07-31", "2018-07-20T08:00:00Z"), scheduled("2015-03", "2018-07-20"), scheduled("2018", "2018-07-20")
    (True, False, False)
    >>> scheduled("2018-07-31", None)
    False
    """
    return bool(published) and iso > published[:len(iso)]


def before_noun(p: Parse, start: int) -> bool:
    """The date at character ``start`` is a number before a noun ("the 2016 season", "his 2015 conviction"): whether
    that noun is a time (a date of its own) or a thing dated is the entity model's to say."""
    k = next((k for k, t in enumerate(p.tokens) if t.idx >= start), None)
    return k is not None and p.tokens[k].dep in ("nummod", "compound") and p.tokens[p.tokens[k].head].pos == "NOUN"


def _counts_or_names(p: Parse, head: int) -> bool:
    """A bare number that is no date: it counts the plural noun it stands before ("1920 pixels"), or is part of a
    name ("Connect 2035", "the Rovers 1887 Supporters' Trust")."""
    t = p.tokens[head]
    noun = p.tokens[t.head]
    return t.head != head and t.dep in ("nummod", "compound", "appos") and (noun.tag == "NNS" or noun.pos == "PROPN")


def _governor(p: Parse, head: int, date: set[int]) -> tuple[int | None, int | None, int | None]:
    """The verb a date hangs on (None when "since" governs the date), the first noun between them, if any, and the
    preposition whose object the date is. A noun whose "of" the date completes, itself a time the event happened
    at ("on the night of March 2, 2013", "in the summer of 2019"), is read as part of the date."""
    k, noun, below = head, None, None
    first = head
    while p.tokens[first].dep == "conj" and p.tokens[first].head != first:
        first = p.tokens[first].head  # "between 1905 and 1931": the second date is the first's conjunct
    via = first if p.tokens[first].pos == "ADP" else p.tokens[first].head if p.tokens[first].dep == "pobj" else None
    while True:
        t = p.tokens[k]
        if k != head and (t.pos in ("VERB", "AUX") or t.head == k):
            return k, noun, via
        if k != head and k == via and t.text.lower() in SPAN:
            return None, None, None  # the date's own preposition opens or bounds a span
        of_date = (below is not None and p.tokens[below].text.lower() == "of" and t.dep == "pobj"
                   and p.tokens[t.head].text.lower() in AT_THE_TIME)
        adverbial = p.tokens[head].dep in ("npadvmod", "tmod")  # "in the Great Hall next Tuesday": the verb's time
        if (k != head and noun is None and t.pos in ("NOUN", "PROPN", "PRON") and k not in date and not of_date
                and not adverbial):
            noun = k
        if t.head == k:
            return k, noun, via
        below, k = k, t.head


def _argument(p: Parse, noun: int, verb: int) -> bool:
    """``noun`` is a direct object of ``verb`` (not the object of a preposition on it: "fined for a collision in
    2004" dates the collision)."""
    t = p.tokens[noun]
    return t.dep in ("dobj", "attr", "oprd", "dative") and t.head == verb


def _times(p: Parse, noun: int, verb: int, via: int | None = None) -> bool:
    """A date on ``noun`` dates ``verb`` too: the date is a time (a phrase of ``via``, a preposition of time) on an
    object of the verb, the noun is the verb's subject or in it ("His 2008 conviction came ...", "Romney's run in
    2012 never came close"), the event it happened in ("during a squabble in 1996"), or a
    noun of time on the verb itself ("The morning of May 3, police found ...")."""
    t = p.tokens[noun]
    if via is not None and p.tokens[via].text.lower() in AT_THE_TIME and _argument(p, noun, verb):
        return True  # "found Sementilli on Monday": the small parser hangs a time on the object next to it as
        # often as on the verb; a time is the event's
    subjects = [c for c in p.children(verb) if p.tokens[c].dep in SUBJECT]
    if any(noun in p.subtree(c) for c in subjects):
        return True
    if t.dep in ("npadvmod", "tmod") and t.head == verb:
        return True
    prep = p.tokens[t.head]
    return t.dep == "pobj" and prep.head == verb and prep.text.lower() in AMID


def _clause_head(p: Parse, verb: int, year: bool = False) -> int | None:
    """The head of the clause that tells what ``verb`` did: the verb, or the verb whose complement it is; None
    when it serves a noun (a relative clause, a participle, a gerund after a preposition): background. A statement
    with its own subject, reported by a verb that serves a noun, is told in its whole sentence (the root): "Records
    seen by the Ledger show that the certificate was renewed in 2021" (the small parser reads "show" as a noun)."""
    k, reported = verb, False
    while True:
        t = p.tokens[k]
        if t.head == k:
            return k
        if t.dep == "ccomp" and any(p.tokens[c].dep in SUBJECT for c in p.children(k)):
            reported = True
        if t.dep in _COMPLEMENT or (t.dep == "conj" and t.tag == "VB" and not any(
                p.tokens[c].dep in ("aux", "auxpass") for c in p.children(k))):
            k = t.head  # a complement, or a bare verb joined to one ("failed to identify, warn about, or act on")
            continue
        marks = {p.tokens[c].text.lower() for c in p.children(k)
                 if p.tokens[c].dep == "mark" or (p.tokens[c].dep == "advmod" and p.tokens[c].tag == "WRB")}
        if t.dep == "advcl" and marks & CONDITIONS:
            return None  # "if the Democrats win in 2018": what may happen
        if t.dep == "advcl" and (marks & AT_ONCE or not any(p.tokens[c].dep in SUBJECT for c in p.children(k))):
            k = t.head  # "left after resigning in 2019", "when the army entered in 1948, the resort had ...": the
            continue  # time of its main clause, told with it
        if t.dep == "pcomp" and p.tokens[t.head].text.lower() in THEN and p.tokens[t.head].head == _verb_of(p, k):
            k = _verb_of(p, k)  # "was swept away after jumping from a car in 2011"
            continue
        if t.dep == "relcl" and any(p.tokens[c].tag == "WRB" for c in p.children(k)) and any(
                p.tokens[c].dep in SUBJECT for c in p.children(k)):
            return k  # "moved to Las Vegas, where he won the title in 2014": a clause of its own, told after its place
        if t.dep == "acl" and t.tag == "VBN" and not year and _in_subject(p, k):
            k = _verb_of(p, k)  # "The study, published Monday, followed ...": what the subject is, said then (a
            continue  # bare year there is the subject's background: "the decision, made in 2022, had been ...")
        if t.dep in _OWN:
            return k
        return _root(p, k) if reported else None


def _root(p: Parse, k: int) -> int:
    while p.tokens[k].head != k:
        k = p.tokens[k].head
    return k


def _shared(p: Parse, v: int, c: int) -> bool:
    """Verb ``c`` is joined to verb ``v`` with nothing between them but the conjunction ("sought and received an
    order"): the two share what follows."""
    return p.tokens[c].dep == "conj" and c <= v + 2 and all(p.tokens[k].pos in ("CCONJ", "PUNCT") for k in range(v + 1, c))


_RESUMING = frozenset((",", '"', "”", "’"))  # marks after a clause left out that lead back into the sentence


def _resumed(p: Parse, kept: set[int]) -> set[int]:
    """``kept`` with the comma and closing quotation mark that follow a clause left out and lead back to kept
    words ("closed on Tuesday morning [and will stay shut ...], the port authority said"; "\"We watched Bertrand in
    2018 [and we learned from it],\" she said")."""
    out = set(kept)
    words = [k for k, t in enumerate(p.tokens) if t.pos not in ("PUNCT", "SPACE")]
    for k, t in enumerate(p.tokens):
        if k in out or t.text not in _RESUMING:
            continue
        before = max((w for w in words if w < k), default=None)
        after = min((w for w in words if w > k), default=None)
        if before is not None and before not in out and after in out and any(w in out for w in words if w < k):
            out.add(k)
    return out


def _finite_kept(p: Parse, head: int, kept: frozenset[int]) -> bool:
    """The clause keeps a finite verb: its head's own form, or an auxiliary it keeps ("were taken ... and sold in
    1904" told from "sold" needs "were")."""
    return p.tokens[head].tag in FINITE or any(p.tokens[k].dep in ("aux", "auxpass") and p.tokens[k].tag in FINITE
                                               for k in kept)


def _lost_referent(p: Parse, kept: frozenset[int]) -> bool:
    """The clause's subject is a personal pronoun, and a name before the clause, left out, may be what it stands
    for ("Ryan's mother said he developed sniffles in December 2014")."""
    first = min(kept)
    subject = next((k for k in sorted(kept) if p.tokens[k].dep in SUBJECT), None)
    return (subject is not None and p.tokens[subject].tag == "PRP" and p.tokens[subject].text.lower() not in ("i", "we")
            and any(p.tokens[k].pos == "PROPN" for k in range(first)))


def forecast(p: Parse) -> bool:
    """Whether the parsed sentence's main verb tells what may or should happen, with a modal (:data:`POSSIBLE`):
    "North Korea could launch another missile as soon as Saturday" tells no event.

    >>> from storyline.core.nlp.parse import parse
    >>> from storyline.core.nlp.roles import COMPONENTS
    >>> [forecast(x) for x in parse(["North Korea could launch another missile on Saturday.",
    ...                              "North Korea launched another missile on Saturday."], COMPONENTS)]
    [True, False]
    """
    root = first_root(p)
    return root is not None and _possible(p, root)


def tells_event(p: Parse) -> bool:
    """Whether the parsed sentence's main clause tells something that happened, which the day it was reported can
    date: its verb in the past ("resigned", "was arrested", "has been fired"), in the progressive ("is warning"),
    or a verb of saying ("says"). Not a state ("is the mayor", "was minimal"), the simple present of any other verb
    ("people choose", "investigations begin"), a bare participle (a caption's "Mayor pictured at ..."), what may
    happen or will (a modal on its verb: the tagger's ``MD``, "could", "will", "'ll").

    >>> from storyline.core.nlp.parse import parse
    >>> [tells_event(x) for x in parse(["The mayor of Kelso resigned on Monday.", "The mayor is a keen sailor.",
    ...                                 "The harbour board will meet on Friday.", "Kelso police say two men were hurt.",
    ...                                 "The council has been told to cut its budget."])]
    [True, False, False, True, True]
    """
    root = first_root(p)
    if root is None or forecast(p) or _state(p, root):
        return False
    t = p.tokens[root]
    aux = [p.tokens[c] for c in p.children(root) if p.tokens[c].dep in ("aux", "auxpass")]
    if any(a.tag == "MD" for a in aux):
        return False  # what will, may or should happen
    if t.tag == "VBD":
        return True
    if t.tag in ("VBN", "VBG"):
        return bool(aux)
    return t.tag in ("VBZ", "VBP") and t.text.lower() in SPEECH_VERBS


def _possible(p: Parse, verb: int) -> bool:
    """The verb a date hangs on, or a verb it completes ("is expected to launch in May"), takes a modal of what may
    or should happen (:data:`POSSIBLE`): "could launch ... as soon as Saturday", "should have finished by 2030". A
    modal of the clause a time clause hangs on says nothing of it ("could play it, as they married in 2014")."""
    k = verb
    while True:
        if any(p.tokens[c].dep == "aux" and p.tokens[c].text.lower() in POSSIBLE for c in p.children(k)):
            return True
        if p.tokens[k].dep not in ("xcomp", "aux", "auxpass") or p.tokens[k].head == k:
            return False
        k = p.tokens[k].head


def _state(p: Parse, k: int) -> bool:
    """The clause says what its subject is, not what happened: its verb is "be" with what the subject is ("The
    number of failures was minimal", "He was the mayor then"), or "there is"."""
    t = p.tokens[k]
    return t.text.lower() in BE and t.pos == "AUX" and any(
        p.tokens[c].dep in ("attr", "acomp", "expl") for c in p.children(k))


def _in_subject(p: Parse, k: int) -> bool:
    """Token ``k`` is in the subject of the verb its clause hangs on."""
    v = _verb_of(p, k)
    return any(k in p.subtree(c) for c in p.children(v) if p.tokens[c].dep in SUBJECT)


def _verb_of(p: Parse, k: int) -> int:
    """The first verb (or root) above token ``k``."""
    k = p.tokens[k].head
    while p.tokens[k].pos not in ("VERB", "AUX") and p.tokens[k].head != k:
        k = p.tokens[k].head
    return k


def _clause(p: Parse, verb: int, head: int, date: set[int]) -> frozenset[int]:
    """The tokens of the clause ``head`` heads, less the clauses joined to it or to a verb between it and ``verb``
    (the date's) that do not hold the date, and the word that subordinates it ("after", "when"), with the subject
    and auxiliaries of the verb it shares them with."""
    chain = {verb}
    while verb != head:
        verb = p.tokens[verb].head
        chain.add(verb)

    def other(c: int) -> bool:
        t = p.tokens[c]
        opener = t.head == head and (t.dep == "mark" or (t.dep == "advmod" and t.tag == "WRB" and c < head))
        return (t.head in chain and (t.dep in _OTHER_EVENTS or opener)
                and not p.subtree(c) & date)

    left = {c for v in chain for c in p.children(v) if other(c) and not _shared(p, v, c)}
    left -= {c for c in left if p.tokens[c].dep == "cc" and any(  # a conjunction stays with its conjunct
        x > c and x not in left and p.tokens[x].dep == "conj" for x in p.children(p.tokens[c].head))}
    # an adverb just before a clause left out is that clause's ("..., then moved to York")
    left |= {c - 1 for c in left if c > 0 and p.tokens[c - 1].dep == "advmod" and p.tokens[c - 1].head in chain}
    kept = set(p.subtree(head, lambda c: c not in left))
    kids = p.children(head)
    if p.tokens[head].dep == "conj" and not any(p.tokens[c].dep in SUBJECT for c in kids):
        first = head  # the verb whose subject it shares: up the conjuncts (and loose attachments) to one with one
        while p.tokens[first].dep in ("conj", "dep") and p.tokens[first].head != first and not any(
                p.tokens[c].dep in SUBJECT for c in p.children(first)):
            first = p.tokens[first].head
        for c in p.children(first):
            if p.tokens[c].dep in SUBJECT or (p.tokens[c].dep in ("aux", "auxpass", "neg") and c < head and not any(
                    p.tokens[x].dep in ("aux", "auxpass") for x in kids) and p.tokens[head].tag in ("VB", "VBN", "VBG")):
                kept |= p.subtree(c)
    return frozenset(kept)

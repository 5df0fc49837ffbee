"""What a figure in a sentence is a figure of, read from the parse: its *anchor*.

A figure hangs on a noun it counts or measures ("eight *people*", "a 550-*member* delegation", "four *wounds*"), and
that noun, or the figure itself, hangs on a verb that says what happened ("police *arrested* eight people", "eight
people were *arrested*", "the toll *rose* to 14"). When the counted things are that verb's subject, the verb is what
is said of them: "20 people were killed" and "10 people were wounded" count the people two acts befell, and are two
facts however alike their sentences; "the ferry sank with 212 passengers" and "the ferry had 180 passengers on
board" say nothing of the passengers by their verbs, and can be one.

Everything here reads a :class:`~storyline.core.nlp.parse.Parse`; nothing reads words by list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from storyline.core.nlp.dates import MONTH_NAMES, YEAR, month_number
from storyline.core.nlp.parse import Parse
from storyline.core.nlp.roles import NOMINAL

PATIENT = frozenset(("dobj", "nsubjpass", "dative"))  # what the act is done to, active or passive
AGENT = frozenset(("nsubj", "csubj"))  # who or what does it
# the dependencies by which a word modifies the noun it describes ("a 550-member delegation", "a two-car crash")
MODIFIER = frozenset(("nummod", "quantmod", "compound", "amod", "nmod", "npadvmod"))
AUXILIARY = frozenset(("aux", "auxpass"))
SUBJECT = frozenset(("nsubj", "nsubjpass"))
POSSESSION = "have"  # the verb of what a thing has (its whole), one of the closed class of auxiliaries


@dataclass(frozen=True, slots=True)
class Anchor:
    """What one figure is of: ``verb``, the lemma of the verb it hangs on ("" when none does: a copula, "the toll is
    14", is no act); ``said_of``: the verb is said of the counted things themselves, their subject ("20 people were
    killed", "4 people died")."""

    verb: str
    said_of: bool
    done_to: bool = False  # the counted things are the verb's direct object ("police questioned four people")
    periods: frozenset[tuple[str, str]] = frozenset()  # the months and years that scope it, as (year, month)
    span: str = ""  # "offset" for a bare noun phrase ("eight minutes after it stopped", "two days later"), "span" for a
    # "for" phrase ("lay there for six minutes"): how long after something, or how long something lasted
    part: str = ""  # how the counted phrase hangs on the verb, active and passive alike: "agent" (its subject),
    # "patient" (its object, a passive's subject), the preposition ("to" of "rose to 14"), else its dependency
    form: str = ""  # the verb as written, lower-cased ("detained"): the static vectors place a verb's written forms
    # nearer its synonyms' than its dictionary form, which is often a noun too ("arrest")


def _number_token(p: Parse, start: int, end: int) -> int | None:
    """The last number word or digit group inside characters ``start`` to ``end``."""
    found = [k for k, t in enumerate(p.tokens) if start <= t.idx < end and (t.pos == "NUM" or t.tag == "CD")]
    return found[-1] if found else None


def _counted(p: Parse, k: int) -> int | None:
    """The noun that number token ``k`` counts: its head when it modifies a noun ("eight people"), the noun that
    head describes when the head is itself a modifier ("a 550-member delegation"), the noun of an ``of`` phrase it
    heads ("four of the men")."""
    head = p.tokens[k].head
    if head != k and p.tokens[head].pos in NOMINAL and p.tokens[k].dep in MODIFIER:
        while p.tokens[head].dep in MODIFIER and p.tokens[p.tokens[head].head].pos in NOMINAL \
                and p.tokens[head].head != head:
            head = p.tokens[head].head
        return head
    for c in p.children(k):
        if p.tokens[c].dep == "prep" and p.tokens[c].lemma == "of":
            objs = [o for o in p.children(c) if p.tokens[o].dep == "pobj" and p.tokens[o].pos in NOMINAL]
            if objs:
                return objs[0]
    return None


def _verb_of(p: Parse, k: int) -> int | None:
    """The nearest verb above token ``k``: the act what ``k`` names takes part in. A copula ("the toll is 14", "the
    number to beat is 7 percent, the agency says") is no act, and the verbs above it are not the figure's: None."""
    seen = set()
    while k not in seen:
        seen.add(k)
        head = p.tokens[k].head
        if head == k:
            return None
        k = head
        if p.tokens[k].pos == "VERB":
            return k
        if p.tokens[k].pos == "AUX" and p.tokens[k].dep not in AUXILIARY:
            return None
    return None


def _span(p: Parse, k: int) -> str:
    """How a measure of time at token ``k`` stands to its verb: "offset" as a bare noun phrase ("eight minutes after
    it stopped", "two days later"), "span" as the object of "for" ("for six minutes"), else ""."""
    t = p.tokens[k]
    if t.dep == "npadvmod":
        return "offset"
    return "span" if t.dep == "pobj" and p.tokens[t.head].lemma.lower() == "for" else ""


def _periods(p: Parse, k: int, verb: int | None) -> frozenset[tuple[str, str]]:
    """The months and years named in what the figure at token ``k`` counts (its noun's phrase, with the clauses
    that describe it: "ten percent of the electricity generated in March", "seven percent, which is the share ...
    throughout 2016") and in the time phrases of its verb ("died in 2019"), each as (year, month), either "" when
    not named. A day ("on Monday", "March 3") is no period: outlets may date one event a day apart."""
    scope = set(p.subtree(k))
    if verb is not None:
        for c in p.children(verb):
            if p.tokens[c].dep in ("prep", "npadvmod") and c not in scope:
                scope |= p.subtree(c)
    out = set()
    for e in p.entities:
        if e.label != "DATE" or not all(j in scope for j in range(e.start, e.end)):
            continue
        words = [t.text.lower() for t in p.tokens[e.start:e.end] if t.pos != "ADP" and t.dep != "det"]
        months = [f"{month_number(w):02d}" for w in words if w.rstrip(".") in MONTH_NAMES]
        years = [w for w in words if YEAR.fullmatch(w)]
        if len(months) + len(years) == len(words) and len(months) <= 1 and len(years) <= 1 and words:
            out.add((years[0] if years else "", months[0] if months else ""))
    return frozenset(out)


def same_period(a: frozenset[tuple[str, str]], b: frozenset[tuple[str, str]]) -> bool:
    """Two figures' periods can be one: either names none, or a period of one is the other's: the same month ("March"
    and "March 2016"), or the same year, each naming no month. A month is not its year ("March" against "2016",
    "March 2016" against "2016"), and two months or two years are two periods.

    >>> march, march16, y16 = frozenset({("", "03")}), frozenset({("2016", "03")}), frozenset({("2016", "")})
    >>> same_period(march, march16), same_period(march, y16), same_period(march16, y16), same_period(y16, frozenset())
    (True, False, False, True)
    """
    if not a or not b:
        return True
    return any(bool(x[1]) == bool(y[1]) and x[1] == y[1] and (not x[0] or not y[0] or x[0] == y[0])
               for x in a for y in b)


def anchor(p: Parse, start: int, end: int) -> Anchor | None:
    """The anchor of the figure at characters ``start`` to ``end`` of the parsed text; None when no number is
    there.

    >>> from storyline.core.nlp.parse import parse
    >>> p, = parse(["Police arrested 8 people on Monday after the march."])
    >>> anchor(p, p.text.find("8"), p.text.find("8") + 1)  # doctest: +NORMALIZE_WHITESPACE
    Anchor(verb='arrest', said_of=False, done_to=True, periods=frozenset(), span='', part='patient',
              form='arrested')
    >>> p, = parse(["At least 20 people were killed in the blast."])
    >>> anchor(p, p.text.find("20"), p.text.find("20") + 2)
    Anchor(verb='kill', said_of=True, done_to=False, periods=frozenset(), span='', part='patient', form='killed')
    >>> p, = parse(["The robberies occurred within 2 miles and involved 3 people armed with handguns."])
    >>> anchor(p, p.text.find("3"), p.text.find("3") + 1)  # doctest: +NORMALIZE_WHITESPACE
    Anchor(verb='involve', said_of=False, done_to=True, periods=frozenset(), span='', part='patient',
              form='involved')
    >>> p, = parse(["Ten percent of the electricity generated in March came from wind."])
    >>> anchor(p, 0, 3).periods
    frozenset({('', '03')})
    >>> p, = parse(["The death toll is 14."])
    >>> anchor(p, p.text.find("14"), p.text.find("14") + 2)
    Anchor(verb='', said_of=False, done_to=False, periods=frozenset(), span='', part='', form='')
    """
    k = _number_token(p, start, end)
    if k is None:
        return None
    noun = _counted(p, k)
    verb = _verb_of(p, noun if noun is not None else k)
    counted = noun if noun is not None else k
    if verb is None:
        return Anchor("", False, periods=_periods(p, counted, None), span=_span(p, counted))
    lemma = p.tokens[verb].lemma.lower()
    said_of = p.tokens[counted].head == verb and p.tokens[counted].dep in SUBJECT
    done_to = p.tokens[counted].head == verb and p.tokens[counted].dep == "dobj" and lemma != POSSESSION  # "had 180
    # passengers": what a thing has, no act done to them
    return Anchor(lemma, said_of, done_to, _periods(p, counted, verb), _span(p, counted), _part(p, counted, verb),
                  p.tokens[verb].text.lower())


def _part(p: Parse, k: int, verb: int) -> str:
    """How the phrase of token ``k`` hangs on ``verb``, which is above it (:attr:`Anchor.part`)."""
    seen = set()
    while p.tokens[k].head != verb and k not in seen:
        seen.add(k)
        k = p.tokens[k].head
    dep = p.tokens[k].dep
    if dep in PATIENT:
        return "patient"
    if dep in AGENT:
        return "agent"
    return p.tokens[k].text.lower() if dep == "prep" else dep


def same_count(a: Anchor, b: Anchor, similarity: Callable[[str, str], float], act: float) -> bool:
    """Whether two figures, whatever nouns they count, count one part of one act: each hangs the same way (subject,
    object, the same preposition) on a verb of one act, the same or one at least ``act`` near by ``similarity`` of
    the verbs as written ("police arrested 9 protesters", "8 people were detained"). A verb unknown on either side
    joins nothing: this says two figures are one count, where :func:`one_act` says they can be.

    >>> near = lambda x, y: 0.7 if {x, y} == {"arrested", "detained"} else 0.0
    >>> arrested = Anchor("arrest", False, True, part="patient", form="arrested")
    >>> detained, marched = Anchor("detain", True, part="patient", form="detained"), Anchor("march", True, part="agent")
    >>> same_count(arrested, detained, near, 0.6), same_count(arrested, marched, near, 0.6)
    (True, False)
    """
    if not a.verb or not b.verb or a.part != b.part or not same_period(a.periods, b.periods):
        return False
    return a.verb == b.verb or similarity(a.form, b.form) >= act


def one_act(a: Anchor, b: Anchor, similarity: Callable[[str, str], float], act: float) -> bool:
    """Whether two figures' anchors can be one act. Where each verb is said of its counted things, or each is done
    to them, two verbs less than ``act`` near by ``similarity`` are two acts ("20 people were killed", "10 people
    were wounded"; "questioning four people", "involved three people armed"); a verb unknown on either side, or one
    said of something else ("the ferry had 180 passengers"), parts nothing.

    >>> far = lambda x, y: 0.0
    >>> one_act(Anchor("kill", True), Anchor("wound", True), far, 0.5)
    False
    >>> one_act(Anchor("question", False, True), Anchor("involve", False, True), far, 0.5)
    False
    >>> one_act(Anchor("sink", False), Anchor("have", False), far, 0.5), one_act(Anchor("", False), Anchor("die", True), far, 0.5)
    (True, True)

    What a thing has is a whole, and what befell some of it a part: "Telvia has 14 million customers" and "1.2
    million customers lost service" are two facts.

    >>> one_act(Anchor("have", False), Anchor("lose", True), far, 0.5)
    False
    """
    if (a.said_of != b.said_of and POSSESSION in (a.verb, b.verb) or not same_period(a.periods, b.periods)
            or a.span and b.span and a.span != b.span):
        return False
    if not (a.said_of and b.said_of or a.done_to and b.done_to) or not a.verb or not b.verb or a.verb == b.verb:
        return True
    return similarity(a.verb, b.verb) >= act

"""A headline's slant: whether it takes one side of a dispute the story's outlets have (:func:`contested`), states as
fact what other outlets deny (:func:`negated_elsewhere`), gives a cause or reason the story does not, or says
what the story's sentences do not tell (:func:`told_share`). The title takes no headline that leans.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Mapping, Sequence

from storyline.core.story.claims.values import verb_similarity
from storyline.core.story.model import Article, Dispute, Sentence
from storyline.core.story.restate import fact_terms
from storyline.core.nlp.figures import Quantity, numbers_to_digits, quantities, SMALL_NUMBERS
from storyline.core.nlp.anchors import Anchor, anchor, same_count
from storyline.core.nlp.parse import parse
from storyline.core.nlp.negation import denied_roots, negated_clauses, negated_heads, root
from storyline.core.nlp.dates import find_dates
from storyline.core.text.text import AUXILIARIES, SPEECH_VERBS, act_stem, content_terms, stem, words
from storyline.lexicon import alternation, one_of


_DANGLING = re.compile(r"(?:[\s,;]+" + alternation("headline/dangling.lines") + r")+$", re.I)  # a function word last


TOLD_SENTENCES = 5  # an outlet's headline and first sentences: what it tells up front


_COMPOUND = re.compile(r"\b([A-Za-z]+)-(?=[a-z]{3,}\b(?!-))")


def _digits(text: str) -> str:
    """``text`` with its numbers as digits, number words in compounds too ("a five-year deal" -> "a 5 year deal")."""
    def split(m: re.Match) -> str:
        w = m.group(1)
        return w + " " if w.lower() in SMALL_NUMBERS or numbers_to_digits(w) != w else m.group()
    return numbers_to_digits(_COMPOUND.sub(split, text))


_DAY_WORD = re.compile(r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|today|tonight|"
                       r"tomorrow|overnight|weekend|(?:last|this|early|late)\s+(?:night|morning|afternoon|evening))\b")
_SAME_ACT = 0.6  # a headline word this near in meaning to a side's verb tells that side


def asserts(title: str, disputes: Sequence[Dispute]) -> bool:
    """A headline that states one side of a dispute: one of the disputed figures or days, a side's claim word, a
    word that sets a side's claim apart from the others' (a name, a place, a cause), or, of a dispute
    over whether something happened, what one side denies and the other says.

    >>> d = [Dispute.from_row({"kind": "number", "sides": [{"claim": "50-cent increase"}, {"claim": "by 75 cents"}]})]
    >>> asserts("Council approves 50-cent fare increase", d), asserts("Council raises fares", d)
    (True, False)
    >>> years = lambda claim: [Dispute.from_row({"kind": "number", "sides": [{"claim": claim}]})]
    >>> asserts("Former mayor jailed for eight years", years("8 years"))
    True
    >>> asserts("Okafor signs five-year deal", years("five years"))
    True
    >>> n = [Dispute.from_row({"kind": "number", "sides": [{"claim": "3,400 residents"}]})]
    >>> asserts("Floods force 3400 from homes", n)
    True
    >>> d = [Dispute.from_row({"frame": "date", "sides": [{"claim": "2025-06-12"}, {"claim": "2025-06-11"}]})]
    >>> asserts("Ballot closes on Thursday", d), asserts("Drivers back pay deal", d)
    (True, False)
    >>> asserts("Ballot of June 11, 2025 closes", d), asserts("Velta recalls cars built between 2022 and 2024", d)
    (True, False)
    >>> asserts("Ballot closed last night", d), asserts("Vote held over the weekend", d)
    (True, True)
    >>> d = [Dispute.from_row({"frame": "cause", "kind": "predicate",
    ...                          "sides": [{"claim": "collision fish trawler"}, {"claim": "fuel leak"}]})]
    >>> asserts("Ferry sank after hitting trawler", d), asserts("Fuel leak sank ferry", d), asserts("Ferry sinks", d)
    (True, True, False)
    >>> d = [Dispute.from_row({"frame": "polarity", "kind": "predicate", "sides": [
    ...     {"claim": "No one was injured", "sentences": [{"text": "No one was injured."}]},
    ...     {"claim": "One worker was injured", "sentences": [{"text": "One worker was injured, the paper says."}]}]})]
    >>> asserts("Worker injured in warehouse blaze", d), asserts("No injuries in blaze", d), asserts("Blaze guts warehouse", d)
    (True, True, False)
    """
    low = _digits(title).lower()  # "eight years", "an eight-year term" state "8 years"
    terms = {root(t) for t in content_terms(title)}
    for d in disputes:
        claims = [side.claim for side in d.sides]
        if d.frame == "date" and (_DAY_WORD.search(low) or {len(iso) for *_, iso in find_dates(title)} & {
                len(c) for c in claims}):
            return True  # when it happened is disputed: "on Wednesday" is one side's day, whichever it names (a
            # year is not one side of a dispute over the day: "built between 2022 and 2024")
        if d.kind == "number":
            if _figures(title) & {f for c in claims for f in _figures(c)}:
                return True  # figures as digits without separators: "3,400" and "3400", "2.4bn" and "$2.4 billion"
        elif d.frame == "polarity":
            # whether it happened is disputed: what one side denies and the other says ("no one was injured" / "one
            # worker was injured": injured), whichever way the headline tells it
            told = [t for side in d.sides for t in side.texts]
            denied = frozenset().union(*(denied_roots(t) for t in told))
            said = {root(w) for t in told if not denied_roots(t) for w in content_terms(t)}
            if denied & said and denied & said <= terms:
                return True
        else:
            own = [{root(w) for w in content_terms(c)} for c in claims]
            for k, claim in enumerate(claims):
                apart = own[k].difference(*(o for m, o in enumerate(own) if m != k))
                if apart & terms:
                    return True
                if d.frame == "role" and any(verb_similarity(w, claim) >= _SAME_ACT for w in title.split()
                                                    if w[:1].islower()):
                    return True  # the act in other words: "quits" for "resigned", "axed" for "sacked"
    return False


def told_by(sentences: Sequence[Sentence], articles: Sequence[Article], lead: int = TOLD_SENTENCES
            ) -> dict[str, str]:
    """What each outlet tells up front: its articles' headlines and first ``lead`` sentences, as one text per
    outlet (an article without one counts as an outlet of its own)."""
    outlet = {a.article_id: a.outlet for a in articles}
    told: dict[str, list[str]] = {}
    for a in articles:
        if a.title:
            told.setdefault(outlet[a.article_id], []).append(a.title)
    for s in sentences:
        if s.position < lead and s.article_id in outlet:
            told.setdefault(outlet[s.article_id], []).append(s.text)
    return {o: " \n".join(t) for o, t in told.items()}


_YEAR = re.compile(r"^(?:1[89]|20)\d\d$")
_FIGURE = re.compile(r"\d+(?:[.,]\d+)*")


@lru_cache(maxsize=1 << 14)  # each outlet's opening is read again for every headline a story weighs
def _figures(text: str) -> frozenset[str]:
    """The figures a text gives, numbers as digits, without thousands separators ("2.1bn" and "2.1 billion" both
    give 2.1; "Eleven" gives 11).

    >>> sorted(_figures("Eleven miners; a 2.1bn budget; 3,400 homes; a five-year deal."))
    ['11', '2.1', '3400', '5']
    >>> sorted(_figures("Rubio backs the Gang of Eight's plan. Two senators object."))
    ['2']
    >>> sorted(_figures("The ad is now the No. 3 most-shared of all time, with 1.5 million shares."))
    ['1.5']
    """
    text = _RANK.sub("_", text)  # "the No. 3 ad": a rank is a name the outlets give, not a count they tell
    return frozenset(m.group().replace(",", "") for m in _FIGURE.finditer(_digits(_NAMED_NUMBER.sub(_unnumber, text))))


_RANK = re.compile(r"\b(?:No\.|#)\s*\d+\b")


# a number word with a capital inside a sentence is part of a name ("the Gang of Eight", "Ocean's Eleven")
_NAMED_NUMBER = re.compile(r"(?<=[^.!?\s]\s)[A-Z][a-z]+\b")


def _unnumber(m: re.Match) -> str:
    word = m.group()
    return word if numbers_to_digits(word) == word else "_"


_NAME_WORD = re.compile(r"(?<=\s)[A-Z][a-z][\w'’-]*")
_CAPITAL_WORD = re.compile(r"(?<![\w'’-])[A-Z][a-z][\w'’-]*")


def contested(title: str, outlet: str, told: Mapping[str, str]) -> tuple[int, int]:
    """What a headline says that another outlet of the story may tell otherwise, as two counts:

    - figures (numbers as digits; not a year) that some other outlet does not give in its headlines and first
      sentences (outlets differ on figures more than on anything else);
    - names (capitalised words after the first) that at least half the other outlets do not give: a place or a
      person outlets name otherwise, or that they leave out (one outlet that left a name out, or an older report
      about something else, does not make a name contested).

    A headline that scores (0, 0) says only what every outlet tells, so it takes no side.

    >>> told = {"a": "Eleven miners trapped at Halden. The blast hit on Sunday.",
    ...         "b": "13 miners trapped after a blast at Halden colliery, 200 metres down, rescuers say."}
    >>> contested("Eleven miners trapped after blast at Halden", "a", told)
    (1, 0)
    >>> contested("Miners trapped after blast at Halden", "a", told), contested("Miners trapped at Dorvik", "a", told)
    ((0, 0), (0, 1))
    >>> four = dict(told, c="Rescuers dug through the night at the Halden pit.", d="Families wait for news.")
    >>> contested("Miners trapped at Halden", "a", four), contested("Miners trapped at Dorvik", "a", four)
    ((0, 0), (0, 1))
    """
    others = [t for o, t in told.items() if o != outlet]
    if not others:
        return 0, 0
    terms = [fact_terms(t) for t in others]
    figures = [_figures(t) for t in others]
    sides = sum(any(fig not in f for f in figures) for fig in _figures(title) if not _YEAR.match(fig))
    names = sum(2 * sum(name not in t for t in terms) >= len(terms)
                for name in {content_terms(w)[0] for w in _NAME_WORD.findall(title) if content_terms(w)})
    return sides, names


def told_otherwise(title: str, outlet: str, told: Mapping[str, str]) -> int:
    """How many of a headline's figures another outlet of the story gives otherwise: a count of the same thing that
    no figure of that outlet's agrees with. The same thing is the same counted noun or unit
    (:func:`~storyline.core.nlp.figures.quantities`), or the same part in the same act, whatever noun counts it
    (:func:`_same_count`: "arrested nine protesters", "eight people were detained"). A figure no other outlet counts
    is one outlet's detail, not a side: a headline written from a lead keeps it (:func:`contested`, for outlets'
    own headlines, also counts a figure the others leave out).

    >>> told = {"a": "Eleven miners trapped at Halden.", "b": "13 miners trapped after a blast at Halden colliery."}
    >>> told_otherwise("Eleven miners trapped after blast at Halden", "a", told)
    1
    >>> told_otherwise("Reed spent her first night at Kelso Jail, a 3,830-bed prison", "a", told)
    0
    >>> told_otherwise("Police arrested nine protesters in Lusk", "a", {"b": "Eight people were detained in Lusk."})
    1
    """
    others = [t for o, t in told.items() if o != outlet]
    return sum(any(_otherwise(title, q, t) for t in others) for q in _counts(title))


def _otherwise(text: str, q: Quantity, other: str) -> bool:
    """``other`` counts what figure ``q`` of ``text`` counts, and none of its figures of it agrees with ``q``."""
    xs = _counts(other)
    if all(x.agrees(q) for x in xs):
        return False  # no figure of it differs: nothing to read
    same = [x for x in xs if x.key == q.key or _same_count(text, q, other, x)]
    return bool(same) and not any(x.agrees(q) for x in same)


def _same_count(text: str, q: Quantity, other: str, x: Quantity) -> bool:
    """Two figures count one part of one act, by their anchors in the parse
    (:func:`~storyline.core.nlp.anchors.same_count`). The texts are parsed only here, for figures whose nouns
    differ."""
    a, b = _anchor(text, q), _anchor(other, x)
    return a is not None and b is not None and same_count(a, b, verb_similarity, _SAME_ACT)


def _anchor(text: str, q: Quantity) -> Anchor | None:
    """What figure ``q`` of the text is of (its offsets are in the text as its figures are read: number words as
    digits)."""
    return anchor(parse([numbers_to_digits(text)])[0], q.start, q.end)


@lru_cache(maxsize=1 << 14)  # each outlet's opening is read again for every headline a story weighs
def _counts(text: str) -> tuple[Quantity, ...]:
    return tuple(q for q in quantities(text) if not q.earlier and not q.superseded)


def untold_words(title: str, outlet: str, told: Mapping[str, str]) -> int:
    """How many of a headline's content words (every form of a verb one word) most of the story's other outlets
    do not tell in their headlines and first sentences: what one outlet says that the others do not.
    :func:`choose_title` prefers, of headlines that are otherwise alike, the one whose words the others tell.

    >>> told = {"a": "Rowing club celebrates as Dunmore regatta returns. The Dunmore regatta returned on Saturday.",
    ...         "b": "Dunmore regatta returns to the river. The Dunmore regatta returned to the river on Saturday.",
    ...         "c": "Crowds lined the river as the Dunmore regatta returned on Saturday."}
    >>> untold_words("Rowing club celebrates as Dunmore regatta returns", "a", told)
    3
    >>> untold_words("Dunmore regatta returns to the river", "b", told)
    0
    """
    others = [_acts(t) for o, t in told.items() if o != outlet]
    if not others:
        return 0
    return sum(2 * sum(w not in t for t in others) > len(others) for w in _acts(title))


@lru_cache(maxsize=1 << 12)  # each outlet's opening is read again for every headline a story weighs
def _acts(text: str) -> frozenset[str]:
    """A text's content words, every form of a verb one word."""
    return frozenset(act_stem(w) for w in fact_terms(text))


def told_share(title: str, outlet: str, told: Mapping[str, str]) -> float:
    """The share of what a headline says of its subject that most of the story's other outlets tell up front: its
    words but those written with a capital (its names, and the subject it opens on), every form of a verb one word.
    A headline whose claim the others tell takes no side they do not; one whose act only its own outlet tells may
    ("Assembly throws out Harbour Bill" beside "Harbour Bill clears second reading"). :func:`choose_title` prefers,
    of headlines otherwise alike, the one with the larger share. It is a preference for the outlets' common account,
    not a reader of opposite acts: where every headline tells an act of its own in words the others share
    ("Council kills Sandport parking bylaw", "Sandport parking bylaw passes first vote"), it cannot tell which acts
    exclude each other.

    >>> told = {"a": "Assembly throws out Harbour Bill. The Assembly threw out the Harbour Bill on Wednesday.",
    ...         "b": "Harbour Bill clears second reading. The Harbour Bill cleared its second reading in a vote.",
    ...         "c": "Harbour Bill vote: confusion after count. Members voted on the Harbour Bill late on Wednesday."}
    >>> [round(told_share(t.split(". ")[0], o, told), 2) for o, t in told.items()]
    [0.0, 0.0, 0.33]
    """
    others = [_acts(t) for o, t in told.items() if o != outlet]
    mine = _acts(title).difference(*(_acts(n) for n in _CAPITAL_WORD.findall(title)))
    if not others or not mine:
        return 0.0
    return sum(2 * sum(w in t for t in others) >= len(others) for w in mine) / len(mine)


def negated_elsewhere(title: str, outlet: str, told: Mapping[str, str]) -> bool:
    """A headline that says happened what another outlet's headline or first sentences say did not ("Minister signs
    order" / "has not yet signed the order"), or says did not happen what one of them says did ("No injuries as bus
    overturns" / "two pupils were taken to hospital with minor injuries"): the word a negation is of, read with the
    closed class of negations (:func:`~storyline.core.nlp.negation.negated_heads`), not with pairs of verbs. A
    headline's "without" is read as a state ("thousands without power"), not as a side.

    >>> told = {"a": "Hartig signs vape ban", "b": "Hartig has not yet signed the vape ban, an aide said."}
    >>> negated_elsewhere("Hartig signs vape ban", "a", told), negated_elsewhere("Vape ban not yet signed", "b", told)
    (True, True)
    >>> negated_elsewhere("What the vape ban means for shops", "c", told)
    False
    >>> told = {"a": "Man released without charge", "b": "A man has been charged with wounding.",
    ...         "c": "Homes without power", "d": "The storm brought down power lines."}
    >>> negated_elsewhere("Man released without charge", "a", told), negated_elsewhere("Homes without power", "c", told)
    (True, False)

    A headline about what an outlet says someone did not do (the headline's subject before "did not", "has not" ...,
    and three of its content words in the negated clause), either way and in other words, is one side too; a thing
    not yet done ("Vape ban order not yet signed") is not someone who did not act:

    >>> told = {"a": "Mayor joins hundreds at Lune Park vigil",
    ...         "b": "Mayor absent from Lune Park vigil\\nMayor Petra Shaw did not attend Sunday's vigil in Lune Park.",
    ...         "c": "Hundreds remember crash victims at Lune Park"}
    >>> [negated_elsewhere(told[o], o, told) for o in "abc"]
    [True, True, False]
    >>> negated_elsewhere("School bus overturns", "b", {"a": "No injuries as school bus overturns near Aldwick"})
    False
    """
    denied = negated_heads(title, without=False)
    lacked = negated_heads(title) - denied  # "released without charge": a lack, a side only against a verb
    said = {root(w) for w in content_terms(title)} - negated_heads(title)
    subject = next((root(w) for w in content_terms(title)), None)
    for line in (x for o, t in told.items() if o != outlet for x in t.split("\n")):
        heads, rest, done, _ = _line_negations(line)
        if heads & said or denied & rest:
            return True
        if lacked and lacked & done:
            return True  # "released without charge" against "has been charged"; not "without power" / "power lines"
    # "Mayor joins hundreds at Lune Park vigil" and "Mayor absent from Lune Park vigil", where an outlet writes "Mayor
    # Petra Shaw did not attend Sunday's vigil in Lune Park": a headline about what someone is said not to have done,
    # either way and in other words, takes a side
    return any(subject in before and len(said & clause) >= 3
               for line in (x for t in told.values() for x in t.split("\n"))
               for before, clause in _line_negations(line)[3])


@lru_cache(maxsize=1 << 14)  # each outlet's opening is read against every headline a story weighs: read each line once
def _line_negations(line: str) -> tuple[frozenset[str], frozenset[str], frozenset[str],
                                        tuple[tuple[frozenset[str], frozenset[str]], ...]]:
    """What :func:`negated_elsewhere` reads of one line of an outlet's opening: the roots of what its negations are
    of; the roots of its other content words; the roots of its other words ending in "-ed" (what it says was done);
    and, of each clause whose negation follows an auxiliary of someone acting ("did not attend", not a thing not
    yet done: "order not yet signed"), the roots before the negation and the roots of the clause.

    >>> heads, rest, done, acts = _line_negations("Mayor Petra Shaw did not attend the vigil; a man was charged.")
    >>> sorted(heads), sorted(done), [sorted(before) for before, _ in acts]
    (['attend'], ['charg'], [['mayor', 'petra', 'shaw']])
    """
    heads = negated_heads(line)
    rest = frozenset({root(w) for w in content_terms(line)} - heads)
    done = frozenset({root(stem(w)) for w in re.findall(r"[a-z]+ed\b", line)} - heads)
    acts = tuple((frozenset(root(w) for w in content_terms(clause[:at])), frozenset(root(w) for w in content_terms(clause)))
                 for clause, at in negated_clauses(line, at=True) if _DID.search(clause[:at]))
    return heads, rest, done, acts


# an auxiliary of someone acting (not "is", "was", "been": "the order was not signed" is a thing not done)
_DID = re.compile(r"\b" + one_of(AUXILIARIES - {"is", "are", "was", "were", "be", "been", "being"}) + r"\s*$", re.I)


# a headline's stated reason or circumstance: "diverted after smoke in cabin", "held over museum raid", "quits amid
# row"; what outlets most often tell otherwise (a bird strike, not smoke) or leave out
_BLAME_WORDS = r"due to|because of|blamed on|caused by"  # words that name a cause, not only what came before
_REASON = re.compile(r"\s*(?:,\s*)?\b(?:after|amid|following|over|" + _BLAME_WORDS + r"|in the wake of)"
                     r"\s+(?=(?:an?|the|his|her|its|their|[a-z]+)\b)(?!\d|a\s+(?:year|week|month|decade)\b|"
                     r"(?:the\s+)?(?:weekend|years?|months?|weeks?|days?|decades?|night)\b)(?P<why>[^;:|]+)$", re.I)


def without_untold_reason(title: str, outlet: str, told: Mapping[str, str] | None, headlines: Sequence[str] = ()) -> str:
    """A headline without its closing reason ("after smoke in cabin", "over museum raid") when at least half the
    story's other outlets tell none of the reason's words in their headlines and first sentences, or when one of
    the other outlets' ``headlines`` blames a cause of its own (:func:`headline_cause`) that shares none of the
    reason's words beyond what every outlet tells: the reason is where outlets most often disagree (smoke or a bird
    strike, a broken rail or speeding), and a title states what the story's outlets tell, not one outlet's account.
    Kept when what is left would be under three words.

    >>> told = {"wire": "Skyvale flight diverted after smoke in cabin. The crew reported smoke.",
    ...         "local": "Jet lands at Marrow. A bird strike damaged an engine.",
    ...         "live": "Skyvale SV218 diverts. The crew reported smoke in the cabin."}
    >>> without_untold_reason("Skyvale flight diverted after smoke in cabin", "wire", told)
    'Skyvale flight diverted'
    >>> without_untold_reason("Skyvale flight diverted after smoke in cabin", "wire", dict(told, local="Smoke."))
    'Skyvale flight diverted after smoke in cabin'
    >>> without_untold_reason("Rovers boss quits over the weekend", "wire", told)
    'Rovers boss quits over the weekend'
    >>> derail = {"a": "A freight train derailed after a section of rail broke.",
    ...           "b": "A freight train derailed; it was too fast, rail union sources said.", "c": "Rail staff inspect a train."}
    >>> without_untold_reason("Freight train derails at Pellow after rail breaks", "a", derail)
    'Freight train derails at Pellow after rail breaks'
    >>> without_untold_reason("Freight train derails at Pellow after rail breaks", "a", derail,
    ...                       ["Speeding blamed for Pellow derailment", "Line closed after freight train derailment"])
    'Freight train derails at Pellow'
    >>> without_untold_reason("Backman wants to manage in the big leagues, not after Collins' job", "wire", told)
    "Backman wants to manage in the big leagues, not after Collins' job"
    """
    m = _REASON.search(title)
    others = [t for o, t in (told or {}).items() if o != outlet]
    if not m or not others or len(words(title[:m.start()])) < 3:
        return title
    reason = fact_terms(m.group("why"))
    if not reason:
        return title
    untold = sum(reason.isdisjoint(fact_terms(t)) for t in others)
    cut = title[:m.start()].rstrip(" ,;:-–—")
    if _DANGLING.search(cut) or re.search(r"\b(?:not|no|never|just|only|even|long|soon|shortly|right)$", cut, re.I):
        return title  # "wants to manage, not after Collins' job": the marker belongs to what comes before it
    if 2 * untold >= len(others):
        return cut
    # another outlet's headline blames something else: "after rail breaks" against "Speeding blamed for derailment"
    topic, own = _topic(told or {}), {act_stem(w) for w in reason}
    for other in headlines:
        cause = {act_stem(w) for w in fact_terms(headline_cause(other) or "") - topic}
        if cause and cause.isdisjoint(own):
            return cut
    return title


def headline_cause(title: str) -> str | None:
    """The cause a headline blames: what it opens on before "blamed for", "behind" and the like, or what it closes
    on after "due to", "because of", "blamed on" or "caused by" (without a closing "..., police say"); None when it
    blames nothing ("reopens after alarm" tells what came before, not what caused it).

    >>> headline_cause("Speeding blamed for Pellow derailment"), headline_cause("Trains halted due to broken rail, police say")
    ('Speeding', 'broken rail')
    >>> headline_cause("Pellow line closed"), headline_cause("Centre reopens after alarm")
    (None, None)
    """
    m = _CAUSE_FIRST.match(title) or _BLAMED.search(title)
    return _HEADLINE_SOURCE.sub("", m.group("cause")).strip() or None if m else None


_BLAMED = re.compile(r"\b(?:" + _BLAME_WORDS + r")\s+(?P<cause>[^;:|]+)$", re.I)


# a headline's closing source: ", police say", ", his representative says", ", report claims"
_HEADLINE_SOURCE = re.compile(r",\s+(?:[\w.'’-]+\s+){1,4}" + one_of(SPEECH_VERBS - {"according"}) + r"\s*$", re.I)


def _topic(told: Mapping[str, str]) -> frozenset[str]:
    """The words every outlet of the story tells up front: what the story is about, not a side of it."""
    terms = [fact_terms(t) for t in told.values()]
    return frozenset.intersection(*terms) if len(terms) > 1 else frozenset()


# a headline that opens on what caused its event: "Speeding blamed for derailment", "Substation fire behind
# blackout", "Electrical fault caused school blaze", "Arson suspected in school fire"
_CAUSE_FIRST = re.compile(r"^(?P<cause>.+?)\s+(?:(?:is|was|were|are|now)\s+)?(?:blamed for|to blame for|behind|caused|"
                          r"causes|sparked|sparks|triggered|triggers|led to|suspected in|suspected as cause of|"
                          r"(?:the\s+)?cause of)\s+\S", re.I)


def untold_cause(title: str, outlet: str, told: Mapping[str, str]) -> bool:
    """A headline that opens on its event's cause when at least half the story's other outlets tell none of the
    cause's words (beyond what every outlet tells) up front: the cause is where outlets most often disagree, and
    such a headline cannot be cut to the event the way a closing reason is (:func:`without_untold_reason`).

    >>> told = {"a": "Arson suspected in Delby school fire. Police suspect arson.",
    ...         "b": "An electrical fault caused the fire at Delby High School.", "c": "Fire destroys Delby school hall."}
    >>> untold_cause("Arson suspected in Delby school fire", "a", told), untold_cause("Fire destroys Delby hall", "c", told)
    (True, False)
    """
    m = _CAUSE_FIRST.match(title)
    others = [t for o, t in told.items() if o != outlet]
    if not m or not others:
        return False
    cause = fact_terms(m.group("cause")) - _topic(told)
    return bool(cause) and 2 * sum(cause.isdisjoint(fact_terms(t)) for t in others) >= len(others)

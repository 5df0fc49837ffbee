"""A story's title: the outlets' own headline when one states the news and takes no side, else a headline written
from the lead, cut only at whole constituents. Called from :func:`~storyline.core.story.digest.digest`."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Mapping, Sequence

from storyline.core.story.claims.values import TIME_UNITS, verb_similarity
from storyline.core.nlp.dates import instant
from storyline.core.story.context import context_need
from storyline.core.story.lead import FIRST_HOURS
from storyline.core.story.model import Sentence
from storyline.core.story.restate import fact_terms
from storyline.core.text.clean import tidy_sentence, title_residue
from storyline.core.nlp.figures import numbers_to_digits, SMALL_NUMBERS
from storyline.core.nlp.negation import denied_roots, negated_clauses, negated_heads, root
from storyline.core.text.text import act_stem, past_tense
from storyline.core.nlp.dates import find_dates
from storyline.core.text.text import (AUXILIARIES, DETERMINERS, SPEECH_VERBS, STOPWORDS, content_terms, mostly_quoted, stem,
                                      word_lemmas, words)

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


def _asserts(title: str, disputes: Sequence[dict]) -> bool:
    """A headline that states one side of a dispute: one of the disputed figures or days, a side's claim word, a
    word that sets a side's claim apart from the others' (a name, a place, a cause), or, of a dispute
    over whether something happened, what one side denies and the other says.

    >>> d = [{"kind": "number", "sides": [{"claim": "50-cent increase"}, {"claim": "by 75 cents"}]}]
    >>> _asserts("Council approves 50-cent fare increase", d), _asserts("Council raises fares", d)
    (True, False)
    >>> _asserts("Former mayor jailed for eight years", [{"kind": "number", "sides": [{"claim": "8 years"}]}])
    True
    >>> _asserts("Okafor signs five-year deal", [{"kind": "number", "sides": [{"claim": "five years"}]}])
    True
    >>> _asserts("Floods force 3400 from homes", [{"kind": "number", "sides": [{"claim": "3,400 residents"}]}])
    True
    >>> d = [{"frame": "date", "sides": [{"claim": "2025-06-12"}, {"claim": "2025-06-11"}]}]
    >>> _asserts("Ballot closes on Thursday", d), _asserts("Drivers back pay deal", d)
    (True, False)
    >>> _asserts("Ballot of June 11, 2025 closes", d), _asserts("Velta recalls cars built between 2022 and 2024", d)
    (True, False)
    >>> _asserts("Ballot closed last night", d), _asserts("Vote held over the weekend", d)
    (True, True)
    >>> d = [{"frame": "cause", "kind": "predicate", "sides": [{"claim": "collision fish trawler"}, {"claim": "fuel leak"}]}]
    >>> _asserts("Ferry sank after hitting trawler", d), _asserts("Fuel leak sank ferry", d), _asserts("Ferry sinks", d)
    (True, True, False)
    >>> d = [{"frame": "polarity", "kind": "predicate",
    ...       "sides": [{"claim": "No one was injured", "sentences": [{"text": "No one was injured."}]},
    ...                 {"claim": "One worker was injured", "sentences": [{"text": "One worker was injured, the paper says."}]}]}]
    >>> _asserts("Worker injured in warehouse blaze", d), _asserts("No injuries in blaze", d), _asserts("Blaze guts warehouse", d)
    (True, True, False)
    """
    low = _digits(title).lower()  # "eight years", "an eight-year term" state "8 years"
    terms = {root(t) for t in content_terms(title)}
    for d in disputes:
        sides = d.get("sides") or []
        claims = [str(side.get("claim") or "") for side in sides]
        if d.get("frame") == "date" and (_DAY_WORD.search(low) or {len(iso) for *_, iso in find_dates(title)} & {
                len(c) for c in claims}):
            return True  # when it happened is disputed: "on Wednesday" is one side's day, whichever it names (a
            # year is not one side of a dispute over the day: "built between 2022 and 2024")
        if d.get("kind") == "number":
            if _figures(title) & {f for c in claims for f in _figures(c)}:
                return True  # figures as digits without separators: "3,400" and "3400", "2.4bn" and "$2.4 billion"
        elif d.get("frame") == "polarity":
            # whether it happened is disputed: what one side denies and the other says ("no one was injured" / "one
            # worker was injured": injured), whichever way the headline tells it
            told = [x["text"] for side in sides for x in side.get("sentences") or []]
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
                if d.get("frame") == "role" and any(verb_similarity(w, claim) >= _SAME_ACT for w in title.split()
                                                    if w[:1].islower()):
                    return True  # the act in other words: "quits" for "resigned", "axed" for "sacked"
    return False


def told_by(sentences: Sequence[Sentence], articles: Sequence[dict], lead: int = TOLD_SENTENCES) -> dict[str, str]:
    """What each outlet tells up front: its articles' headlines and first ``lead`` sentences, as one text per
    outlet (an article without one counts as an outlet of its own)."""
    outlet = {a["article_id"]: a.get("source") or a["article_id"] for a in articles}
    told: dict[str, list[str]] = {}
    for a in articles:
        if a.get("title"):
            told.setdefault(outlet[a["article_id"]], []).append(str(a["title"]))
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
    terms = [set(fact_terms(t)) for t in others]
    figures = [_figures(t) for t in others]
    sides = sum(any(fig not in f for f in figures) for fig in _figures(title) if not _YEAR.match(fig))
    names = sum(2 * sum(name not in t for t in terms) >= len(terms)
                for name in {content_terms(w)[0] for w in _NAME_WORD.findall(title) if content_terms(w)})
    return sides, names



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
        heads = negated_heads(line)
        if heads & said or denied & ({root(w) for w in content_terms(line)} - heads):
            return True
        if lacked and lacked & {root(stem(w)) for w in re.findall(r"[a-z]+ed\b", line)} - heads:
            return True  # "released without charge" against "has been charged"; not "without power" / "power lines"
    # "Mayor joins hundreds at Lune Park vigil" and "Mayor absent from Lune Park vigil", where an outlet writes "Mayor
    # Petra Shaw did not attend Sunday's vigil in Lune Park": a headline about what someone is said not to have done,
    # either way and in other words, takes a side
    for line in (x for t in told.values() for x in t.split("\n")):
        for clause, at in negated_clauses(line, at=True):
            if not _DID.search(clause[:at]):
                continue  # someone who did not act ("did not attend"), not a thing not yet done ("order not yet signed")
            before = {root(w) for w in content_terms(clause[:at])}
            if subject in before and len(said & {root(w) for w in content_terms(clause)}) >= 3:
                return True
    return False


# an auxiliary of someone acting (not "is", "was", "been": "the order was not signed" is a thing not done)
_DID = re.compile(r"\b(?:" + "|".join(sorted(AUXILIARIES - {"is", "are", "was", "were", "be", "been", "being"}))
                  + r")\s*$", re.I)


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
_HEADLINE_SOURCE = re.compile(r",\s+(?:[\w.'’-]+\s+){1,4}(?:says?|said|claims?|reports?)\s*$", re.I)


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


def choose_title(articles: Sequence[dict], fallback: str | Sequence[str] | None, disputes: Sequence[dict] = (),
                 told: Mapping[str, str] | None = None, leads: int = 1) -> str:
    """The story's headline: of the headlines of its first reports (those within a day of the earliest) that are
    headlines (:func:`~storyline.core.text.clean.title_residue`: not a share bar, a caption, a credit, a time stamp
    or a sentence cut short), that the summary tells (:func:`off_story`, in a story of several articles) and that
    take no side in a dispute the story has, the one that gives fewest figures and
    acts another outlet may tell otherwise (:func:`contested`, against ``told``: each outlet's headlines and first
    sentences; a headline another outlet negates, :func:`negated_elsewhere`, or that opens on a cause others do not
    tell, :func:`untold_cause`, counts as one more), then one of the event rather than of a format (:func:`headline_format`), then the one with fewest
    names another outlet does not give, then the one whose claim most outlets tell (:func:`told_share`), then the one
    with fewest words the other outlets do not tell (:func:`untold_words`), then the earliest, then the smallest id; when that one is shouted
    (:func:`shouted`), a headline written from the summary instead. Without one, a headline written from
    the summary's sentences (``fallback``, in order; the lead's also without the figure it ends on,
    :func:`without_figure`): the first that takes no side of a dispute found and gives fewest figures and acts that
    another outlet may tell otherwise.

    >>> choose_title([{"article_id": "b", "title": "B wins the cup final", "published": "2016-10-05"},
    ...               {"article_id": "a", "title": "A wins the cup final", "published": "2016-10-04"}], None)
    'A wins the cup final'
    >>> choose_title([{"article_id": "a", "title": "Story highlights The mayor resigned on Monday", "published": None}],
    ...              "The mayor of Eastbridge resigned on Monday after a row over the budget, officials said.")
    'The mayor of Eastbridge resigned on Monday after a row over the budget'
    """
    # of a story of several articles, a headline the summary does not tell is one article's own angle
    told_here = ([fallback] if isinstance(fallback, str) else list(fallback or [])) if len(articles) > 1 else []
    titled = [a for a in articles if a.get("title") and title_residue(str(a["title"])) is None
              and not _asserts(str(a["title"]), disputes) and not off_story(str(a["title"]), told_here)]
    stamps = {a["article_id"]: instant(a.get("published")) for a in titled}
    known = [t for t in stamps.values() if t is not None]
    if known:  # the story's first reports: a later headline follows the story up
        first = min(known)
        titled = [a for a in titled if stamps[a["article_id"]] is None
                  or (stamps[a["article_id"]] - first).total_seconds() <= FIRST_HOURS * 3600]
    if titled:
        def rank(a: dict) -> tuple:
            title = str(a["title"])
            outlet = a.get("source") or a["article_id"]
            sides, names = contested(title, outlet, told) if told else (0, 0)
            sides += bool(told) and (negated_elsewhere(title, outlet, told) + untold_cause(title, outlet, told))
            return (sides, headline_format(title), names, -told_share(title, outlet, told) if told else 0,
                    untold_words(title, outlet, told) if told else 0, a.get("published") or "9999", a["article_id"])
        top = min(titled, key=rank)
        outlet = top.get("source") or top["article_id"]
        best = without_untold_reason(without_label(str(top["title"])), outlet, told,
                                     [str(a["title"]) for a in articles if a.get("title")
                                      and (a.get("source") or a["article_id"]) != outlet])
        if shouted(best):  # every first headline is shouted (a slogan, a kicker): one written from the lead says what happened
            return _written_title(fallback, disputes, told) or best
        return best
    return _written_title(fallback, disputes, told) or "(untitled story)"


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


def _written_title(fallback: str | Sequence[str] | None, disputes: Sequence[dict],
                   told: Mapping[str, str] | None, leads: int = 1) -> str | None:
    """A headline written from the summary's sentences (``fallback``, in order, its first ``leads`` the articles'
    leads), or None without one: of the whole clauses of a headline's length they give (:func:`headline`), the
    leads' first, then the leads that give none whole, the shortest first (a lead states the event), then the
    other sentences' clauses; the first that takes no side of a dispute found and reads alone (no quote without
    its speaker, no "This is ..."), that tells rather than quotes, then that gives least that another outlet may
    tell otherwise. Another sentence that gives no such clause is a candidate whole, after every clause, the
    shortest first. A figure is never taken out of a headline: one that takes a side gives way to a sentence that takes none.

    >>> _written_title(["Netflix announced Tuesday that it is now allowing employees to take unlimited maternity or "
    ...                 "paternity leave during the first year after their child's birth or adoption.",
    ...                 "Parents can return part-time, full-time, or return and then go back out as needed."], [], None)[:40]
    'Netflix announced Tuesday that it is now'

    >>> _written_title(["A ferry carrying 212 passengers ran aground off Kelso on Monday.",
    ...                 "The coastguard led a rescue off Kelso."],
    ...                [{"kind": "number", "sides": [{"claim": "212 passengers"}, {"claim": "240 passengers"}]}], None)
    'The coastguard led a rescue off Kelso'
    """
    texts = [fallback] if isinstance(fallback, str) else list(fallback or [])
    cleaned = [(k < max(1, leads), t) for k, t in enumerate(lead_text(x) for x in texts) if t]
    if not cleaned:
        return None
    clean = [t for _, t in cleaned]
    fitted = [h for h in (headline(t) for t in clean) if h]
    fitted = [h for h in fitted if title_residue(h) is None] or fitted
    # a lead states the event: the leads' clauses come first, then, shortest first, the leads that give none whole
    lead_fits = [h for h in (headline(t) for is_lead, t in cleaned if is_lead) if h in fitted]
    whole_leads = sorted((t for is_lead, t in cleaned if is_lead and not headline(t) and title_residue(t) is None),
                         key=lambda t: len(words(t)))
    whole = sorted(clean, key=lambda t: len(words(t)))
    cands = list(dict.fromkeys(lead_fits + whole_leads + fitted + whole))
    return min(enumerate(cands), key=lambda kh: (_asserts(kh[1], disputes), _leans(kh[1]), mostly_quoted(kh[1]),
                                                contested(kh[1], "", told)[0] if told else 0, kh[0]))[1]


def _leans(head: str) -> bool:
    """A headline that leans on what came before it: a quotation without its speaker, a pronoun or a connective
    first, first person, or an "also" of its subject's verb ("Nabugyere also said ...": what else?).

    >>> _leans("Nabugyere also said he expects compensation"), _leans("A leopard killed a child at a safari lodge")
    (True, False)
    """
    need = context_need(head)
    return (need is not None and need[0] in ("prev", "quote", "never")) or bool(_ALSO.match(head))


_ALSO = re.compile(r"^(?:[\w'’.-]+\s+){1,5}also\b", re.I)


# a place before a colon that opens a lead: "LAHORE: ", "Los Angeles: " (outlet tags go in tidy_sentence)
_SOURCE_TAG = re.compile(r"^\s*[A-Z][\w.'’/-]*(?:\s+[A-Z][\w.'’/-]*){0,2}:\s+(?=[A-Z])")
_DANGLING = re.compile(r"(?:[\s,;]+(?:and|or|but|the|a|an|of|to|in|on|for|with|by|at|from|as|that|than|is|are|was|were))+$",
                       re.I)
# a trailing attribution: a verb of speech, or a finding's ("a new study finds"), and who said it
_ATTRIBUTION_TAIL = re.compile(r",\s+(?:(?:[\w.'’-]+\s+){0,6}?(?:"
                               + "|".join(sorted(SPEECH_VERBS - {"according"} | {"finds", "suggests", "shows", "warns"}))
                               + r")"
                               r"(?:\s+[\w.'’-]+){0,3}|according\s+to\s+[^,;]{1,80})\s*[.!]?\s*$")
_CLAUSE_BREAK = re.compile(r";|\s[—–]\s|,\s+(?:which|who|whose|where|when|while|as|but|and|saying|according)\b|"
                           r"\s(?:after|before|because|although|though|while|amid|despite|following|when|where)\s")
# a shared post's closing link, with the name it came "via": "... via Horizont https://ift.tt/2loCdek"
_LINK_TAIL = re.compile(r"(?:\s+via\s+@?[\w.'’-]+(?:\s+[\w.'’-]+){0,2}?)?\s+(?:https?://|www\.)\S+\s*$", re.I)
_HEADLINE_WORDS = 16
_PARTICIPLE_AFTER = re.compile(r",\s+[a-z]{3,}ing\b")
# a cut inside a clause that opens before its main verb ("X said that after receiving complaints"): a fragment
_OPEN_CLAUSE = re.compile(r"\b(?:that|said|says)\s+(?:after|before|when|while|because|although|though|if|once|since|"
                          r"as|until|unless)\b[^,;]*$")
_OPEN_RELATIVE = re.compile(r"\b(?:that|who|which|whose|whom)\s+[\w'’-]+$", re.I)
_LEANS_ON_NEXT = frozenset("even not just only so too very along particularly especially notably including".split())  # "..., even | though ...": a word for the next
_FINITE = "|".join(sorted(AUXILIARIES - {"be", "been", "being"}))  # an auxiliary that makes a clause finite
# what a cut must not split off: the verb of its subject ("Passengers bound for Newark | from Hong Kong were able"),
# before any clause of its own opens in the cut part
# the words that open a clause of its own
_CLAUSE_OPENERS = ("who|whom|whose|which|that|after|before|when|while|because|although|though|if|as|since|until|once|"
                   "where")
_VERB_AFTER = re.compile(rf"^[^,;:—–]*?\b(?:(?:{_CLAUSE_OPENERS})|(?P<aux>{_FINITE}))\b", re.I)
# a subordinate clause or a participle phrase that opens the sentence ("As tough as ...", "Shortly after X was
# sentenced", "Driving home from ..."): its main clause comes after the comma that closes it
_SUBORDINATE_OPEN = re.compile(r"^(?:(?:[A-Za-z]+\s+)?(?:as|if|although|though|while|when|whenever|because|since|"
                               rf"unless|whether|once|until|after|before)|according\s+to|[A-Za-z]{{3,}}ing(?!\s+(?:{_FINITE})\b))\b",
                               re.I)
_ASIDE = re.compile(r"\s*\([^()]{1,80}\)")
_LONG_HEADLINE_WORDS = 24


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
    """A headline written from a lead sentence, by dropping whole constituents only: its source tag and trailing
    attribution (:func:`lead_text`), then asides in brackets and appositives between a subject and its verb, then
    the clauses after the first clause break that leaves a whole statement of at most 16 words (else 24). Never a
    cut inside a clause or a phrase, never a figure or a name taken out; None when no whole statement of a
    headline's length is in the sentence (the caller then takes a lead whole). A cut never leaves a fragment
    (:func:`_whole`).

    >>> headline("(CNN) Actor Burt Reynolds is in intensive care in a Florida hospital, where he went for treatment "
    ...          "of flu symptoms, one of his representatives said Friday.")
    'Actor Burt Reynolds is in intensive care in a Florida hospital'
    >>> headline("Donald Trump's campaign shocked the political world by saying Tuesday night that Trump would skip "
    ...          "Fox News's Thursday debate, which is the final debate before the Iowa caucuses on February 1.")
    "Donald Trump's campaign shocked the political world by saying Tuesday night that Trump would skip Fox News's Thursday debate"
    >>> headline("Mary Chapa, 18, who was shot in the head on Saturday along with her girlfriend Mollie Olgin, 19, is "
    ...          "making an amazing recovery, her family said.")
    'Mary Chapa is making an amazing recovery'
    >>> headline("The Washington region, home to the largest concentration of federal workers and contractors in the "
    ...          "nation, could lose an estimated $200 million a day if the federal government shuts down Monday night.")
    'The Washington region could lose an estimated $200 million a day if the federal government shuts down Monday night'
    >>> headline("Kellogg Co., citing the “deterioration” of a country in the midst of an economic meltdown, said Tuesday "
    ...          "it was closing operations that employed 400 workers and produced most of the cereal Venezuelans ate.")
    'Kellogg Co. said Tuesday it was closing operations that employed 400 workers and produced most of the cereal Venezuelans ate'
    >>> headline("One in seven colon cancers are now found in patients under 50, a new study finds.")
    'One in seven colon cancers are now found in patients under 50'
    >>> headline("Wally Backman has been named manager of the Acereros de Monclova.")
    'Wally Backman has been named manager of the Acereros de Monclova'
    >>> headline("Studie zweifelt an Stütze vom Staat via Horizont https://ift.tt/2loCdek")
    'Studie zweifelt an Stütze vom Staat'

    >>> headline("Ten percent of all the electricity generated in the U.S. in March came from wind and solar power, "
    ...          "marking the first such milestone in the history of the country, according to a new report.")
    'Ten percent of all the electricity generated in the U.S. in March came from wind and solar power'

    A sentence whose only cuts would fall inside a phrase gives none:

    >>> headline("The new privacy policy for Samsung's smart TVs allows the company and its partners to listen in on "
    ...          "everything their users say in front of the set, down to the last private word.") is None
    True
    """
    t = lead_text(sentence)
    if not t:
        return None
    if len(words(t)) <= _HEADLINE_WORDS:
        return t
    # a headline names, it does not describe: without asides in brackets and appositives ("X, one of the Y, did Z")
    t = re.sub(r"\s+", " ", _APPOSITIVE.sub(_without_aside, _ASIDE.sub("", t))).strip()
    t = _VERBLESS_ASIDE.sub(_without_verbless_aside, t, count=1)
    t = re.sub(r"\s*,(?:\s*,)+", ",", t)  # "stool, (sometimes black), in" -> "stool, in"
    if len(words(t)) <= _HEADLINE_WORDS:
        return t
    # a clause after "and" or "but" may be the news itself ("..., and was killed"; "..., but a new study finds"), and
    # one after "when" or "where" with no comma before it restricts what comes before ("becomes more resistant when
    # exposed to ..."): each is kept
    # a trailing participle phrase after a comma (", marking the first such milestone") is a constituent too
    breaks = sorted([*_CLAUSE_BREAK.finditer(t), *_PARTICIPLE_AFTER.finditer(t)], key=lambda m: m.start())
    heads = [_DANGLING.sub("", t[: m.start()]).rstrip(" ,;") for m in breaks
             if m.group().split()[-1:] not in (["and"], ["but"]) and m.group().strip() not in ("when", "where")
             and whole_statement(t[: m.start()], t[m.start():])]
    for most in (_HEADLINE_WORDS, _LONG_HEADLINE_WORDS):  # the first whole clause of a headline's length, else longer
        head = next((h for h in heads if 6 <= len(words(h)) <= most), None)
        if head:
            return head
    return t if len(words(t)) <= _LONG_HEADLINE_WORDS else None


def dangles(head: str) -> bool:
    """A headline that ends on a word waiting for more ("An $8 billion exchange merger is")."""
    return bool(_DANGLING.search(head))


def clause_break_at(rest: str) -> bool:
    """Whether what follows a cut opens a clause or a participle phrase of its own, where a headline may be cut."""
    return any(m.start() == 0 for m in (_CLAUSE_BREAK.match(rest), _PARTICIPLE_AFTER.match(rest)) if m)


def whole_statement(head: str, rest: str) -> bool:
    """Whether ``head``, cut from a sentence that goes on with ``rest``, is a whole statement (:func:`_whole`), with a
    verb of its own."""
    return _has_verb(head) and _whole(head, rest)


def _whole(head: str, rest: str) -> bool:
    """A cut that leaves a whole statement: it ends on no verb of speech waiting for what was said ("Mattis said"),
    does not open a subordinate clause it never leaves ("As tough as the job market has been", "X said that after
    receiving complaints"), stops inside no quotation and no relative clause just begun, and leaves behind
    no verb of its subject (``rest``: "... bound for the U.S. | from Hong Kong were finally able to leave").

    >>> _whole("U.S. Defense Secretary Jim Mattis said", " on Thursday the U.S. military did not have the facts")
    False
    >>> _whole("As tough as the job market has been", " in 2010, employers are not making it easier")
    False
    >>> _whole("Passengers aboard United flight 116 bound for the U.S.", " from Hong Kong were finally able to leave")
    False
    >>> _whole("Shortly after Bill Cosby was sentenced to prison", " his spokesman said"), _whole("Driving home", " he")
    (False, False)
    >>> _whole("Boeing has cut 10,000 jobs at its plants", " in Washington state")
    True
    >>> _whole("The animal was named Caihong juji, Mandarin for “rainbow", " with the big crest”"), _whole(
    ...     "“I was shocked by its feathers, even", " though I had seen many”")
    (False, False)
    >>> _whole("Wyatt called the trial that resulted", " in a conviction racist")
    False
    >>> _whole("Ashes from the grave of John the Apostle have been discovered", " in a lead tube by archaeologists")
    True
    >>> _whole("Actor Burt Reynolds is in intensive care", ", where he went for treatment, his agent said")
    True
    >>> _whole("Protesters climbed London's Shard - the tallest building", " in western Europe")
    False
    >>> _whole("Police released video of the suspect wanted", " in a theft"), _whole("He was arrested and charged", " on")
    (False, True)
    >>> _whole("A vegan mother whose son was taken from her months ago", " after he lost weight has regained custody")
    False
    >>> _whole("A man who was freed on a technicality was put back behind bars", " on Friday")
    True
    >>> _whole("Budweiser's poignant ad, which features a man raising a Clydesdale", " and then reuniting, is now")
    False
    >>> _whole("For people with heart disease, rapidly losing and regaining weight", " — or yo-yo dieting — may harm")
    False
    >>> _whole("For people with heart disease, rapidly losing and regaining weight — or yo-yo dieting", " — may harm")
    False
    >>> _whole("The Washington region, home to most federal workers", " in the nation, could lose $200 million a day")
    False
    >>> _whole("Kellogg Co., citing the deterioration of a country", " in the midst of a meltdown, said Tuesday it was")
    False
    >>> _whole("One of the supervisors ousted this week for their involvement", " in the scandal made light of his job")
    False
    >>> _whole("Mayor Ana Ruiz, who led the city for a decade, resigned", " on Monday, her office said")
    True
    >>> _whole("He told her he would leave two months", " before he did"), _whole("A woman she never saw", " before walked in")
    (False, False)
    """
    last = head.rstrip(" ,;").rsplit(None, 1)[-1].lower() if head.strip() else ""
    if last in SPEECH_VERBS or last in _LEANS_ON_NEXT:
        return False
    if _OPEN_RELATIVE.search(head) or _OPEN_CLAUSE.search(head):
        return False  # "Cosby's trial that resulted | in a conviction": the relative clause has only begun
    quotes = head.replace("“", '"').replace("”", '"').count('"')
    if quotes % 2 or head.count("“") > head.count("”"):
        return False  # cut inside a quotation: 'named Caihong juji—Mandarin for “rainbow'

    first = head.split(None, 1)[0].lower() if head.strip() else ""
    if _SUBORDINATE_OPEN.match(head) or first in _FRONTING or (first.endswith("ed") and "," in head
                                                               and "VERB" in word_lemmas(first)):
        # a subordinate clause, a phrase or a participle opens it ("In his address to the meeting", "Fired in late
        # July, less than two weeks"): the main clause, with its verb, comes after the comma that closes it
        if "," not in head or not _has_verb(head.split(",", 1)[1]):
            return False
    if rest.lstrip()[:1] in "—–" and re.search(r"\s[—–]\s", rest.lstrip()[1:]):
        return False  # "get the instrument | — which her father played — back from ...": the aside closes, the clause goes on
    nxt = rest.split()[:2]
    if len(nxt) == 2 and nxt[0].lower() in ("after", "before", "since") and _has_verb(nxt[1]):
        return False  # "a woman she never saw | before walked in": an adverb, not a clause's opening
    if nxt[:1] and nxt[0].lower() in ("after", "before", "later", "earlier") and last in TIME_UNITS:
        return False  # "told her he would do it two months | before he shot ...": the span's word, not a clause's
    if _SUPERLATIVE_END.search(head):
        return False  # "London's Shard - the tallest building | in western Europe": the superlative's scope follows
    low = [w.lower() for w in re.findall(r"[\w'’-]+", head)]
    if len(low) > 2 and low[-1].endswith("ed") and not _VERB_GROUP.fullmatch(low[-2]) and not low[-2].endswith("ly") \
            and low[-2] not in ("and", "or", "but", "not", "never", "be", "been", "being", "get", "got", "gets") \
            and _verb_groups(low[:-1]):
        return False  # "released video of the suspect wanted | in reference to a theft": a participle's object follows
    subject = _SUBJECT_RELATIVE.match(head)
    if subject and _verb_groups(low[len(subject.group(1).split()):]) <= 1:
        return False  # "A vegan mother whose son was taken from her | ... has regained custody": no main verb yet
    aside = re.search(r",\s+(?:which|who)\b[^,]*$", head)
    if aside and not _verb_groups([w.lower() for w in re.findall(r"[\w'’-]+", head[:aside.start()])]):
        return False  # "Budweiser's ad, which features a man | ..., is now": the aside is not closed
    if "," in head and not _verb_groups(re.findall(r"[\w'’-]+", head.rsplit(",", 1)[1].lower())) \
            and _ASIDE_THEN_VERB.match(rest):
        return False  # "The Washington region, home to most federal workers | in the nation, could lose": the aside
        # closes in the cut part, and the subject's verb follows it
    after = _DASH_ASIDE.sub("", rest, count=1).lstrip(" —–")
    m = _VERB_AFTER.match(after)
    if m and m.group("aux"):
        return False
    # an irregular past that is only a verb ("made", "took", "found"), before any clause opens: the subject's verb
    # ("One of the supervisors ousted for their involvement | in the scandal made light of ...")
    before = re.split(rf"[,;:—–(]|\b(?:{_CLAUSE_OPENERS}|and|or|but)\b", after, maxsplit=1)[0]
    return not any(past_tense(w) and set(word_lemmas(w)) == {"VERB"} for w in re.findall(r"[a-z]+", before))


_SUPERLATIVE_END = re.compile(r"\bthe\s+(?:(?:most|least)\s+[a-z]+|[a-z]{2,}est|first|only|last|largest|biggest)"
                              r"(?:\s+[a-z][\w-]*)?$", re.I)
# a subject that opens on a relative clause: "A vegan mother whose ...", "Two men who ..."
_SUBJECT_VERB = r"(?:" + _FINITE + "|" + "|".join(sorted(SPEECH_VERBS)) + r")\b"  # an auxiliary or a verb of speech
_SUBJECT_RELATIVE = re.compile(r"^((?:(?!" + _SUBJECT_VERB + r")(?![\w'’-]+ed\b)[\w'’.-]+\s+){1,6}?)(?:who|whose|which)\s",
                               re.I)
_VERB_GROUP = re.compile(_FINITE)
# one or more asides between commas after a subject, before its verb: an age, or a phrase that opens as an appositive
# or a relative clause does ("Chapa, 18, who was shot with Olgin, 19, is ..." -> "Chapa is ..."); not one after
# which another aside goes on ("Poukkula, the daughter of Tony Poukkula, a member of ...")
_APPOSITIVE = re.compile(r"(?:,\s+(?:\d{1,3}|(?:one|some|part|a|an|the|who|which|whose|also|formerly|now)\s"
                         r"[^,;()]{1,80}?))+,(?=\s+(?:" + _SUBJECT_VERB + r"|[a-z]+ed\b))")
# the rest of a lead cut inside an aside: the aside's end, a comma, then the subject's verb (an auxiliary, a verb of
# speech or a past form)
_ASIDE_THEN_VERB = re.compile(r"^[^,;:—–()]*[a-z][^,;:—–()]*,\s+(?:" + _SUBJECT_VERB + r"|[a-z]+ed\b)")
_DASH_ASIDE = re.compile(r"^\s*[—–]\s[^—–]{1,80}\s[—–]\s*")  # "| — or “yo-yo” dieting — may increase"


def _has_verb(text: str) -> bool:
    """Whether ``text`` holds a finite verb: an auxiliary, a past form, a contracted "is" or "are", or a verb in -s.

    A word in -s that may be a noun or a verb is a verb between a word that opens no noun phrase and the start of a
    noun phrase or an adverb ("Cigarette smoke functions much like an alarm", "Smoke warns the bacteria").

    >>> _has_verb("less than two weeks"), _has_verb("the team made the discovery"), _has_verb("it's big")
    (False, True, True)
    >>> _has_verb("Cigarette smoke functions much like an alarm"), _has_verb("the functions of the state")
    (True, False)
    """
    ws = [w.lower() for w in re.findall(r"[\w'’-]+", text)]
    return bool(_verb_groups(ws)) or any(
        past_tense(w) or w.endswith(("'s", "’s", "'re", "’re"))
        or (w.endswith("s") and w not in STOPWORDS and _verb_in_s(ws, k)) for k, w in enumerate(ws))


_DEGREE = frozenset("much more less".split())  # adverbs of degree (a closed class)


def _verb_in_s(ws: Sequence[str], k: int) -> bool:
    """Whether the k-th of lower-cased ``ws``, a word in -s, is a verb: it is one only, or it may be one and stands
    after a word that opens no noun phrase and before a determiner, an adverb of degree or one in -ly."""
    kinds = set(word_lemmas(ws[k]))
    if kinds == {"VERB"}:
        return True
    return ("VERB" in kinds and 0 < k < len(ws) - 1 and ws[k - 1] not in DETERMINERS and ws[k - 1] not in STOPWORDS
            and (ws[k + 1] in DETERMINERS or ws[k + 1] in _DEGREE or ws[k + 1].endswith("ly")))


# a phrase that opens a sentence before its subject: a preposition (a closed class)
_FRONTING = frozenset("in on at for with from by during under over across among amid since throughout upon within "
                      "without despite following".split())


def _verb_groups(words: Sequence[str]) -> int:
    """How many verb groups (an auxiliary, or a past form ending in -ed that none opens) lower-cased ``words``
    hold: a rough count of the finite verbs of a headline's clauses."""
    groups, open_ = 0, False
    for w in words:
        if _VERB_GROUP.fullmatch(w):
            groups += not open_
            open_ = True
        elif w.endswith("ed") and len(w) > 3:
            groups += not open_
            open_ = False
        elif not w.endswith("ly") and w not in ("not", "also", "just", "been", "being", "be"):
            open_ = False
    return groups


# an aside between commas right before its subject's verb: "The Washington region, home to most federal workers, could
# lose ...", "Kellogg Co., citing the deterioration of a country, said ..."
_VERBLESS_ASIDE = re.compile(r",\s+[a-z][^,;()\"]{2,90}?,\s+(?=" + _SUBJECT_VERB + ")")


def _without_verbless_aside(m: re.Match) -> str:
    """The aside cut when neither it nor what comes before it holds a verb: the subject, then its verb. An aside
    that opens on a capital is a name ("his adviser, David Plouffe, says") and stays."""
    before = re.findall(r"[\w'’-]+", m.string[: m.start()].lower())
    inside = re.findall(r"[\w'’-]+", m.group().lower())
    unbalanced = m.group().count("“") != m.group().count("”")
    return m.group() if _verb_groups(before) or _verb_groups(inside) or len(before) > 8 or unbalanced else " "


def _without_aside(m: re.Match) -> str:
    """An appositive chain cut, unless what it follows is itself an aside ("his opponent, Matthew Lesser, who is
    ..."), where the cut would leave a comma without its pair."""
    head = m.string[: m.start()]
    if re.match(r"\s+(?:and|or)\b", m.string[m.end():]):
        return m.group()  # an item of a list ("anemia, a change in size, and dark blood"), not an appositive
    first = re.match(r",\s+(\w+)((?:[^,]|,(?=\d))*)", m.group())
    if first and first.group(1).lower() in ("a", "an", "the", "one", "some", "part") and any(
            _VERB_GROUP.fullmatch(w.lower()) for w in first.group(2).split()):
        return m.group()  # a clause, not an appositive: "On Monday morning, the ad had 1.5 million shares, the ..."
    return m.group() if "," in head and len(head.rsplit(",", 1)[-1].split()) < 3 else ""

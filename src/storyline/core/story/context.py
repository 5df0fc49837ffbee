"""Whether a sentence can be read alone, and what it needs when it cannot: the sentence before it (a leading
connective or pronoun, the tail of a quotation), the one after it (a quotation whose speaker follows), or a name or
thing introduced earlier (a definite description or a bare surname nobody introduced).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Sequence

from storyline.core.text.text import hash_tokens
from storyline.core.nlp.clauses import (ANYONE, SECOND_PERSON, THIRD_PERSON, not_told, pronoun_subject, shaped,
                                        subject_need)
from storyline.core.nlp.parse import parse
from storyline.core.nlp.mentions import NAME_COMPONENTS
from storyline.core.nlp.roles import COMPONENTS
from storyline.core.text.language import ENGLISH, language
from storyline.core.text.text import AUXILIARIES, STOPWORDS, content_terms, mostly_quoted, outside_quotes, word_lemmas, words
from storyline.core.story.model import Sentence
from storyline.lexicon import alternation
from storyline.core.nlp.names import given_names, surnames


# the marks that open or close a quotation
QUOTES = ('"', "“", "”")


_QUOTE_MARKS = re.compile('[“”"]')


def continues_quote(text: str) -> bool:
    """True when the sentence is the unattributed tail of a quotation opened in an earlier sentence: it closes
    a quote it never opened, and nothing but punctuation follows. (``We always win," he said.`` is kept: the
    attribution makes it readable on its own.)

    >>> continues_quote("It is a tough spot for him and, really, for me.”")
    True
    >>> continues_quote('Nobody expected it to end this way."')
    True
    >>> continues_quote('We always win," he said.')
    False
    >>> continues_quote("“We will rebuild,” the mayor said.")
    False
    >>> continues_quote("“We will rebuild this town, street by street.")
    False
    """
    for m in _QUOTE_MARKS.finditer(text):  # only the quote marks decide
        k, ch = m.start(), m.group()
        if ch == "“":
            return False
        closing = ch == "”" or (ch == '"' and k > 0 and not text[k - 1].isspace())
        if ch == '"' and not closing:
            return False
        if closing:
            rest = text[k + 1:]
            return not any(c.isalnum() for c in rest)
    return False


# openings that tie a sentence to the one before it: connectives, pronouns, demonstratives
_CONNECTIVES = re.compile(r"^" + alternation("context/tied_openings.lines") + r"\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:I(?! [A-Z]\w)(?![.\w-])|we|We|our|Our|my|My|me|us)\b")
_SPEECH = re.compile(r"\b(?:said|says|say|told|tells|added|adds|asked|asks|wrote|writes|according to|explained|"
                     r"insisted|recalled|noted|argued|stated|warned|declared|posted|tweeted|acknowledged|admitted|"
                     r"announced|claimed|claims|continued|continues|replied|responded|confirmed|conceded|stressed|"
                     r"suggested|promised|joked|remarked|observed|commented|testified|reads|read|explains|"
                     r"reading|states|notes|argues|warns|declares|insists|recalls|admits|announces|explaining|"
                     r"called|calls|calling|described|describes|urged|urges|assured|assures|vowed|vows|pledged|"
                     r"quipped|narrates|narrated|boomed|shouted|yelled|whispered|cautioned|predicted|demanded|"
                     r"accused|countered|retorted|boasted|lamented|complained|reported|reports|reiterated|"
                     r"emphasized|emphasised|labeled|labelled|dubbed|branded|termed|begins|began|ends|concluded|"
                     r"saying|captioned|statement|letter|message|memo|sign|signs|headline|tweet|post)\b", re.I)
# openings that look like a connective or pronoun but stand alone: "There were two camps", "Later this month",
# "This week", "Both Smith and Jones", "It is unclear whether"
_STANDALONE_OPENING = re.compile(
    r"^(?:there\s+(?:is|are|was|were|will be|have been|has been|had been)\b|"
    r"(?:later|earlier|this|that|next|last)\s+(?:(?:this|that|on|in|last|next)\s+)?"
    r"(?:week|month|year|morning|afternoon|evening|night|weekend|summer|winter|spring|fall|autumn|season|monday|"
    r"tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|"
    r"september|october|november|december)\b|"
    r"both\s+(?-i:[A-Z])|"
    r"it\s*(?:is|was|'s|’s|remains|remained)\s+(?:not\s+)?(?:yet\s+)?(?:immediately\s+)?"
    r"(?:clear|unclear|unknown|likely|unlikely|possible|expected|believed|thought|estimated|understood|alleged|"
    r"reported)\b)", re.I)
_PRONOUN_SPEAKER = re.compile(r"[”\"],?\s+(?:he|she|they|it)\s+(?:said|says|told|added|wrote)\b|"
                              r"\b(?:said|says|told|added)\s+(?:he|she|they)\b[.,]", re.I)
# a definite description that names its own referent: "The picnic area at Richmond High School", "The mayor of
# Port Calder" (lower-case words, then a preposition and a name)
_NP_WORD = (r"(?!(?:is|was|were|are|be|been|has|had|have|will|would|could|can|may|might|did|does|do|said|says|told)"
            r"\b)[a-z][\w'’-]*(?<!ed)")
_DEFINITE = re.compile(rf"^(?:The|This|That|These|Those)\s+((?:{_NP_WORD}\s+){{0,2}}{_NP_WORD})")
_NAMED_BY_MODIFIER = re.compile(rf"^The\s+(?:{_NP_WORD}\s+){{0,2}}?{_NP_WORD}\s+(?:of|at|in|on|for|from|near|"
                                r"outside|inside)\s+(?:the\s+)?[A-Z]")
_SURNAME_SAID = re.compile(r"(?:^|[”\"],?\s+)([A-Z][a-z]+(?:-[A-Z][a-z]+)?)\s+(?:said|says|told|added)\b")


_LEADING_CONNECTIVE = re.compile(r"^" + alternation("context/leading_connectives.lines") + r"\b,?\s+(?=\S)", re.I)


def without_connective(text: str) -> str:
    """A sentence without the discourse connective that ties it to the sentence before it in its article
    ("But", "However,", "In addition,"): a brief states the fact on its own. Other openings are kept.

    >>> without_connective("However, the council said the vote would go ahead.")
    'The council said the vote would go ahead.'
    >>> without_connective("But the alternative was to cut the service.")
    'The alternative was to cut the service.'
    >>> without_connective("Butler said the vote was fair.")
    'Butler said the vote was fair.'
    >>> without_connective("Also, ")
    'Also, '
    """
    m = _LEADING_CONNECTIVE.match(text)
    if not m:
        return text
    rest = text[m.end():]
    if not rest[:1].isalnum() and rest[:1] not in "“\"'‘":
        return text
    return rest[:1].upper() + rest[1:]


def _roman_numeral(text: str, k: int) -> bool:
    """Whether the "I" at ``text[k]`` is a numeral after a name ("Treblinka I", "World War I"), not a speaker.

    >>> _roman_numeral("Treblinka I was a camp.", 10), _roman_numeral("Then I left.", 5)
    (True, False)
    """
    if text[k] != "I":
        return False
    before = text[:k].split()
    return (bool(before) and before[-1][:1].isupper() and before[-1].isalpha()
            and before[-1].lower() not in STOPWORDS)


def untold(texts: Sequence[str], instructs: bool | None = None) -> list[str | None]:
    """For each line, why it is no sentence of the story to show a reader, read from its parse
    (:func:`~storyline.core.nlp.clauses.not_told`: a prompt to the reader, the page's words to its reader, a label
    or caption with no verb, a table row, a fragment), or None. A command or a "you" is furniture only where the
    lines do not instruct: ``instructs``, or, when it is None, whether two or more of ``texts`` are commands (a
    recipe's or a manual's steps are its content, a news page's command is its furniture). Only English lines whose
    words leave their kind open are parsed (:func:`open_kind`), all that are new in one batch; a line in another
    language is read by its shape alone (:func:`~storyline.core.nlp.clauses.shaped`).

    >>> untold(["Check out the full auction on eBay!", "The auction raised $9,000 for the shelter.",
    ...         "You can follow the auction on our website."])
    ['prompt', None, 'address']
    >>> untold(["Heat the oil in a deep pan.", "Add the onions and stir.", "The dish comes from Gujarat."])
    [None, None, None]
    """
    kinds = _kinds(texts)
    if instructs is None:
        instructs = instructing(texts)
    return [None if k in ("prompt", "address") and instructs else k for k in kinds]  # both speak to the reader


def instructing(texts: Sequence[str]) -> bool:
    """Whether lines instruct the reader: two or more of them are commands (a recipe's or a manual's steps).

    >>> instructing(["Heat the oil in a deep pan.", "Add the onions and stir."])
    True
    """
    return sum(k == "prompt" for k in _kinds(texts)) >= INSTRUCTING


INSTRUCTING = 2  # commands among a story's lines that make it a set of instructions
_READ: dict[str, str | None] = {}  # each line's kind, read once per process
_READ_MOST = 1 << 15


def _kinds(texts: Sequence[str]) -> list[str | None]:
    new = [t for t in dict.fromkeys(texts) if t not in _READ]
    if len(_READ) + len(new) > _READ_MOST:
        _READ.clear()
    english = {t for t in new if language(hash_tokens(t)) == ENGLISH}
    read = [t for t in new if t in english and open_kind(t)]
    # a line the parser does not read is still a fragment when it opens on a small letter, and a table's row when
    # it holds cells between bars: what a line is by its shape holds in any language written in two cases
    _READ.update((t, None if t in english else shaped(t)) for t in new)
    _READ.update((t, not_told(p)) for t, p in zip(read, parse(read, COMPONENTS)))
    return [_READ[t] for t in texts]


_WORD = re.compile(r"[^\W\d_][\w'’-]*")


# each line's subject's name alone, and whether the entity model reads it as a thing's that stands alone, read once
# per process
_NAMED: dict[str, tuple[str, bool] | None] = {}


def names_needed(texts: Sequence[str], in_full: frozenset[str] = frozenset()) -> list[str | None]:
    """For each line, the name its main clause's subject gives alone, which a reader must have been told in full
    before it ("Kritzer declined ...": :func:`~storyline.core.nlp.clauses.subject_need`), or None. A name the entity
    model reads as a place's, an organisation's or another thing's ("Pakistan", "Netflix") stands alone; a
    person's, or one it does not read ("Kritzer"), does not, nor one of ``in_full``, the short names of the story's
    people (:func:`~storyline.core.story.entities.short_forms`: "Gahler" of "Jeffrey Gahler", which the model may
    read alone as an organisation's). Only English lines whose words leave it open are parsed
    (:func:`name_candidates`), all that are new in one batch.

    >>> names_needed(["Kritzer declined to comment on the actor's condition.", "Police arrested eight people."])
    ['Kritzer', None]
    """
    new = [t for t in dict.fromkeys(texts) if t not in _NAMED]
    if len(_NAMED) + len(new) > _READ_MOST:
        _NAMED.clear()
    read = [t for t in new if name_candidates(t) and language(hash_tokens(t)) == ENGLISH]
    _NAMED.update(dict.fromkeys(new))
    found = {t: name for t, p in zip(read, parse(read, COMPONENTS)) if (name := subject_need(p))}
    named = list(found)
    for t, p in zip(named, parse(named, NAME_COMPONENTS)):  # a place's or an organisation's name stands alone
        _NAMED[t] = (found[t], any(e.label != "PERSON" and found[t] in e.text.split() for e in p.entities))
    return [None if (got := _NAMED[t]) is None or (got[1] and got[0] not in in_full) else got[0] for t in texts]


def read_ahead(texts: Sequence[str]) -> None:
    """Parse, in one batch, every line of ``texts`` that :func:`untold`, :func:`names_needed` or
    :func:`pronouns_needed` would parse, so that each of them finds it read (the parser's cache): a batch of a
    summary's lines reads at half the cost of the same lines one or two at a time."""
    want = [t for t in dict.fromkeys(texts)
            if (t not in _READ and open_kind(t)) or (t not in _NAMED and name_candidates(t))
            or (t not in _REFERRED and _third_person(t))]
    parse([t for t in want if language(hash_tokens(t)) == ENGLISH], COMPONENTS)


_REFERRED: dict[str, bool] = {}  # whether each line's subject is a pronoun with nothing before it to stand for


def pronouns_needed(texts: Sequence[str]) -> list[bool]:
    """For each line, whether its main clause's subject is "he", "she" or "they" with nothing in the line it can
    stand for (:func:`~storyline.core.nlp.clauses.pronoun_subject`): only the line before it in its article says who.
    Only English lines that hold such a pronoun are parsed, all that are new in one batch.

    >>> pronouns_needed(["In a statement, she said the harbour would reopen.", "Police arrested eight people."])
    [True, False]
    """
    new = [t for t in dict.fromkeys(texts) if t not in _REFERRED]
    if len(_REFERRED) + len(new) > _READ_MOST:
        _REFERRED.clear()
    read = [t for t in new if _third_person(t) and language(hash_tokens(t)) == ENGLISH]
    _REFERRED.update(dict.fromkeys(new, False))
    _REFERRED.update((t, pronoun_subject(p)) for t, p in zip(read, parse(read, COMPONENTS)))
    return [_REFERRED[t] for t in texts]


def _third_person(text: str) -> bool:
    """Whether the line holds "he", "she" or "they": whether its subject may be one (its parse tells)."""
    return any(w.lower() in THIRD_PERSON for w in _WORD.findall(text))


def name_candidates(text: str) -> list[str]:
    """The words of a line that may be its subject's name alone, so that only its parse can tell: each capitalised
    word that is no word of the language's lexicon, beside a word that may be a finite verb, with no other
    capitalised word on its other side ("Kritzer declined", ", said Luray"). Most lines open on a
    longer name or a noun and have none.

    >>> name_candidates("Kritzer declined to comment."), name_candidates("Police Chief Ann Lee declined to comment.")
    (['Kritzer'], [])
    """
    found = _WORD.findall(text)
    finite = [_inflected(w.lower()) for w in found]
    out = []
    for k, w in enumerate(found):
        low = w.lower()
        if not w[:1].isupper() or low in STOPWORDS or word_lemmas(low):
            continue  # a word of the language ("Police"), not a name
        before = found[k - 1] if k else ""
        after = found[k + 1] if k + 1 < len(found) else ""
        if (after and finite[k + 1] and not before[:1].isupper()) or (
                before and finite[k - 1] and not after[:1].isupper()):
            out.append(w)
    return out


WH_WORDS = frozenset(("which", "who", "whom", "whose"))  # relative pronouns (a closed class)


def open_kind(text: str) -> bool:
    """Whether a line's words leave open that it is no sentence of the story, so that only its parse can tell: it
    opens on a bracket, a bar or a small letter, holds a bar, ends on a colon, opens on a word that may be a verb in
    its base form ("Check", "Add", "Please"), a finite auxiliary, a relative pronoun, "you" or "anyone", opens on a
    list's number ("8. Reed A, et al. ..."), or holds no word that may be a finite verb ("said", "shows", "ran"; not
    "drinking") or an auxiliary. Most lines of news (a subject, then a verb in the past or the third person) are
    none of these and are not parsed: this is what keeps reading shown lines cheap.

    >>> open_kind("Check out the full auction on eBay!"), open_kind("The police arrested eight people on Monday.")
    (True, False)
    >>> open_kind("Vinay Chopra, a former Apotex worker."), open_kind("Were sued by Michael Egan last month.")
    (True, True)
    >>> open_kind("The Finnish Art of Drinking at Home."), open_kind("8. Reed A, et al. A review of drug-induced rashes.")
    (True, True)
    """
    t = text.lstrip()
    if not t or t[:1] in "([|_" or "|" in t or shaped(t) or _NUMBERED.match(t):
        return True  # a bracket, a bar, a small letter, a closing colon or a list's number: its shape may say it is
        # no sentence (a reference, a ranking's entry)
    found = _WORD.findall(t)
    if not found:
        return True
    first = found[0].lower()
    if first in word_lemmas(first).get("VERB", ()) or first in AUXILIARIES or first in WH_WORDS \
            or first in SECOND_PERSON or first in ANYONE:
        return True  # a command, a question, a relative clause, or the page speaking to its reader
    return not any(_inflected(w.lower()) for w in found)


_NUMBERED = re.compile(r"\d{1,3}[.)]\s")  # an entry of a numbered list: "8. Agier M, et al. ...", "2) ..."


def _inflected(word: str) -> bool:
    """A word that may be a finite verb, in an inflected form, or an auxiliary: "said", "shows", "ran", "is", "will";
    not a form in "-ing", which is never finite ("Drinking" in "The Finnish Art of Drinking at Home")."""
    return word in AUXILIARIES or (not word.endswith("ing") and any(
        word != lemma for lemma in word_lemmas(word).get("VERB", ())))


@lru_cache(maxsize=1 << 15)  # the summary asks it of every sentence, and a story's wire copy repeats sentences
def context_need(text: str) -> tuple[str, frozenset[str]] | None:
    """What a sentence needs from the summary before it to be understood, or None when it stands alone.

    ``("prev", ...)``: it opens with a connective or a pronoun, or quotes someone named only by a pronoun; only
    the sentence before it in its article can introduce it. ``("terms", {...})``: a definite description ("The
    increase ...") or a bare surname ("Hartley said"), introduced once any earlier summary sentence has one of the
    terms. ``("quote", ...)``: a quotation with no speaker, readable only next to the sentence of its article that
    names the speaker (:func:`story_features` settles which, or ``never``). ``("never", ...)``: first person
    outside quotation marks.

    >>> context_need("The increase is the first since 2017.")
    ('terms', frozenset({'increase'}))
    >>> context_need("But the alternative was to cut the service people depend on.")[0]
    'prev'
    >>> context_need("She did not take part in the vote.")[0]
    'prev'
    >>> context_need("We will be speaking to our lawyers about the terms.")[0]
    'never'
    >>> context_need("“Now we are all checking our own walls.”")[0]
    'quote'
    >>> context_need("“These objects were never ours to keep,” Hartley said.")
    ('terms', frozenset({'hartley'}))
    >>> context_need("The Port of Merrow Bay reopened on Thursday after a two-day closure.") is None
    True
    >>> context_need("The picnic area at Richmond High School was closed.") is None
    True
    >>> context_need("The increase was approved on Monday.")
    ('terms', frozenset({'increase'}))
    >>> context_need("Wally will manage the Acereros de Monclova of the Mexican league.")
    ('terms', frozenset({'wally'}))
    """
    t = text.strip()
    outside = outside_quotes(t)
    # a quotation (quoted words are most of it; a quoted title inside a report is not), not a quoted phrase
    if mostly_quoted(t) and not _SPEECH.search(outside):
        return ("quote", frozenset())
    if any(not _roman_numeral(outside, m.start()) for m in _FIRST_PERSON.finditer(outside)):
        return ("never", frozenset())
    if (_CONNECTIVES.match(t) and not _STANDALONE_OPENING.match(t)) or _PRONOUN_SPEAKER.search(t):
        return ("prev", frozenset())
    m = _DEFINITE.match(t)
    if m and not _NAMED_BY_MODIFIER.match(t):
        terms = frozenset(content_terms(m.group(1)))
        if terms:
            return ("terms", terms)
    m = _SURNAME_SAID.search(t)
    if m and not re.search(r"[A-Z][a-z]+\s+" + re.escape(m.group(1)) + r"\b", t):
        return ("terms", frozenset(content_terms(m.group(1))))
    m = _BARE_NAME.match(t)
    if m and _is_person_name_part(m.group(1)):
        return ("terms", frozenset(content_terms(m.group(1))))  # "Wally will manage ...": who is Wally?
    return None


_BARE_NAME = re.compile(r"^([A-Z][a-z]+(?:-[A-Z][a-z]+)?)\s+(?=(?:will|would|did|does|has|had|is|was|said|says|told|"
                        r"tells|added|wrote|also|then|later|now|never)\b)")


def _is_person_name_part(word: str) -> bool:
    """A given name or surname from the census lists, not a word that opens sentences."""
    low = word.lower()
    return low not in STOPWORDS and (low in given_names() or low in surnames())


def _names_speaker(text: str) -> bool:
    """A sentence that quotes someone and names who speaks ("..., said Rob Karr."; "He told reporters: ...")."""
    return any(q in text for q in QUOTES) and bool(_SPEECH.search(outside_quotes(text)))


def settle_quotes(sents: Sequence[Sentence], needs: list, at: dict) -> None:
    """Settle, in place, what a quotation without a speaker needs (``needs[i][0] == "quote"``, or the tail of a
    quotation opened earlier): the sentence before it in its article when that one names the speaker or
    continues the same speaker's quotation (``prev``); else the next sentence when that one names the speaker
    (``next``: taken together); else it is never summary material. ``sents`` are in article order."""
    carried: set[int] = set()  # quotations that follow their speaker's sentence
    for i, s in enumerate(sents):
        nd = needs[i]
        if not ((nd is not None and nd[0] == "quote") or continues_quote(s.text)):
            continue
        p = at.get((s.article_id, s.position - 1))
        j = at.get((s.article_id, s.position + 1))
        if p is not None and (p in carried or _names_speaker(sents[p].text)):
            needs[i] = ("prev", frozenset())
            carried.add(i)
        elif (s.text[:1] in "“\"" and j is not None and _SPEECH.search(outside_quotes(sents[j].text))
              and len(words(sents[j].text)) <= 40):
            needs[i] = ("next", frozenset())
        else:
            needs[i] = ("never", frozenset())

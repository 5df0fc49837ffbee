"""A headline written from a lead sentence (:func:`headline`), cut only at whole constituents (an appositive, an aside,
an attribution, a trailing clause), never at a word count; and whether what is left is a whole statement with its
verb.
"""

from __future__ import annotations

import re
from typing import Sequence

from storyline.core.story.claims.values import TIME_UNITS
from storyline.core.text.sentences import tidy_sentence
from storyline.core.text.text import past_tense
from storyline.core.text.text import AUXILIARIES, DETERMINERS, SPEECH_VERBS, STOPWORDS, word_lemmas, words
from storyline.lexicon import alternation, word_list


_ALSO = re.compile(r"^(?:[\w'’.-]+\s+){1,5}also\b", re.I)


# a place before a colon that opens a lead: "LAHORE: ", "Los Angeles: " (outlet tags go in tidy_sentence)
_SOURCE_TAG = re.compile(r"^\s*[A-Z][\w.'’/-]*(?:\s+[A-Z][\w.'’/-]*){0,2}:\s+(?=[A-Z])")
_DANGLING = re.compile(r"(?:[\s,;]+" + alternation("headline/dangling.lines") + r")+$", re.I)  # function words
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
_LEANS_ON_NEXT = word_list("headline/leans_on_next.txt")  # "..., even | though ...": a word for the next
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
    >>> _whole("Boeing has cut 10,000 jobs at its plants", " in Washington state")
    True

    More cuts, whole and not, are in ``tests/unit/test_headline_cuts.py``.
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
_FRONTING = word_list("headline/fronting.txt")


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

"""Polarity disputes: one outlet asserts what another negates (closed classes of negation and of negative implicatives,
"refused to"), the other saying what the negation is of, at least one of them in the outlet's own voice.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Sequence

from storyline.core.nlp.negation import DENIALS, denied_roots, denied_words, root
from storyline.core.story.claims.slots import Slots
from storyline.core.story.sources import attribution
from storyline.core.text.text import DETERMINERS, SPEECH_VERBS, STOPWORDS, stem, word_forms, word_lemmas
from storyline.lexicon import one_of
from storyline.core.story.claims.roles import BE, HAVE, TOKEN, past
from storyline.core.story.claims.values import CompareConfig, SPEECH_MARKS, Val, letter_words, verb_similarity


def polarity_values(i: int, j: int, a: Slots, b: Slots, sim: float, texts: Sequence[str], cfg: CompareConfig,
              told_at: Sequence[Any] = (), embedding: str = "static") -> tuple[Val, Val] | None:
    """The pair's polarity values when one sentence asserts what the other negates or denies, in the outlet's own
    voice or one voice against itself, of one day, and near enough in meaning to be one claim; else None."""
    if a.hedged or b.hedged:
        pair = _not_yet_against_done(i, j, a, b, told_at)
        if pair is None:
            return None
        a, b = pair
    if SPEECH_MARKS.search(texts[i]) or SPEECH_MARKS.search(texts[j]):
        return None  # a quote or a speaker's own words: what someone said, not what the outlet asserts
    pa, pb = not (a.negated or a.attributed_denial), not (b.negated or b.attributed_denial)
    if pa == pb:
        return None
    # a denial someone voices ("X denied ...") against a claim someone else voices: both are reported speech, and
    # each outlet can report both; a denial counts against a claim an outlet makes in its own voice
    neg, pos = (a, j) if not pa else (b, i)
    said = attribution(texts[pos])
    one_voice = bool(neg.attributed_denial and said and _speaker(said) & _speaker(texts[i if pos == j else j]))
    if neg.attributed_denial and said and not one_voice:
        return None  # one voice denies what another claims; the same voice confirming and denying is a dispute
    if {_finite_tense(texts[i]), _finite_tense(texts[j])} == {"present", "past"}:
        return None  # "does not have to register" now, "had to register" then: a state that changed, not two sides
    if a.dates and b.dates and not set(a.dates) & set(b.dates) and not one_voice:
        return None  # "no trains ran on Tuesday" and "trains ran again on Wednesday" are two days (what one person
        # says, they say on a day of their own: "confirmed on Monday", "denied on Tuesday")
    # one says P, the other not P: what the negation is of is said by the other ("conceded defeat", "refused to
    # concede"), and the two share a subject or object besides
    other = b if neg is a else a
    # a verb denied ("will not appeal") is not said by the same word as a thing ("would consider an appeal"); a
    # thing denied ("denied the merger") is ("confirmed the merger")
    said_there = ({root(t) for t in other.terms if t[:1] != "@"}
                  - (_as_things(texts[j if neg is a else i]) - _as_things(texts[i if neg is a else j])))
    neg_text = texts[i if neg is a else j]
    if not neg.denied & said_there or neg.denied & denied_roots(texts[pos]):
        return None  # the other denies it too, in a clause of its own ("reports proving there are no bodies")
    if neg.attributed_denial and not _opposed(neg_text, texts[pos], embedding):
        return None  # "investors rejected the pay decisions" against "an adviser criticised the decision": two acts
    if neg.negated and not neg.attributed_denial and not _negation_answered(neg_text, texts[pos], said_there):
        return None
    common = {root(t) for t in a.terms & b.terms if t[:1] != "@"}
    shared = len(common) + len(a.names & b.names)
    # two words in common, or one that is what the negation is of ("No one was injured." / "One worker was injured.")
    # the pair must say nearly the same, unless what is negated is the very word the other asserts
    acted = neg.denied & common - _as_things(texts[i if neg is a else j])  # a verb denied and asserted: "injured"
    if (shared < 2 and not neg.denied & common) or (sim < cfg.polarity and not acted and not one_voice):
        return None  # "That's for sure." against "Stewart is not so sure.": too little in common to be one claim
    none_did = _NONE_DID.search(texts[i if neg is a else j])
    if none_did and stem(none_did.group(1).lower()) not in (b if neg is a else a).terms:
        return None  # "No one was injured in the fire" denies injuries, not "the fire destroyed 12 buses"
    return (Val(i, "polarity", "polarity", pa, "asserted" if pa else "denied"),
            Val(j, "polarity", "polarity", pb, "asserted" if pb else "denied"))


def _not_yet_against_done(i: int, j: int, a: Slots, b: Slots, told_at: Sequence[Any]) -> tuple[Slots, Slots] | None:
    """A hedged pair compared all the same: "has not yet signed" asserts nothing against a later "has signed" (it
    was done since), but denies an earlier or same-time "has signed"; the provisional side is read as a negation."""
    k, o = (i, j) if a.provisional else (j, i) if b.provisional else (None, None)
    if (k is None or (a.hedged and b.hedged) or len(told_at) <= max(i, j) or told_at[k] is None
            or told_at[o] is None or told_at[k] < told_at[o]):
        return None
    return (replace(a, hedged=False, negated=True), b) if k == i else (a, replace(b, hedged=False, negated=True))


def _negation_answered(neg_text: str, other_text: str, said_there: set[str]) -> bool:
    """The other sentence asserts what the negation denies: its predicate ("will not return"), and what it is denied
    of; a negated "be" of a thing ("it was not apple juice") only by "be" and that thing."""
    words = denied_words(neg_text)
    quantified = _NONE_DID.search(neg_text)
    if quantified and len(words) > 1 and words[1] == root(stem(quantified.group(1).lower())):
        words = [words[1], words[0]] + words[2:]  # "No weapon was found": what is denied is its verb, "found"
    if not words or words[0] not in said_there:
        return False  # a negation denies its predicate ("will not return"), not the words after it
    what = _copula_denied(neg_text)
    other_toks = [t.lower() for t in TOKEN.findall(other_text)]
    if what and not any(t in BE and what in other_toks[m + 1:m + 4] for m, t in enumerate(other_toks)):
        return False  # "it was not apple juice" denies what a thing is: only "it was apple juice" says otherwise
    if len(words) > 1 and not set(words[1:]) & said_there:
        return False  # the same act of something else: "did not affect emergency services", "affected 40,000 homes"
    return True


def _copula_denied(text: str) -> str | None:
    """The first word of what a negated form of "be" denies a thing is ("it was not apple juice" -> apple, "isn't
    available" -> available); None where the negation is of a verb ("was not injured", "is not leaving").

    >>> _copula_denied("The teacher saw it was not apple juice."), _copula_denied("He was not injured.")
    ('apple', None)
    """
    toks = [t.lower().replace("’", "'") for t in TOKEN.findall(text)]
    for k, t in enumerate(toks):
        if t in BE and toks[k + 1:k + 2] in (["not"], ["never"]):
            rest = toks[k + 2:]
        elif t.endswith("n't") and t[:-3] in BE:
            rest = toks[k + 1:]
        else:
            continue
        word = next((w for w in rest if w not in DETERMINERS), "")
        return None if not word.isalpha() or past(word) or word.endswith("ing") else word
    return None


def _finite_tense(text: str) -> str | None:
    """The tense of the sentence's first finite verb (``lemminflect``): "present" ("does not have to register",
    "includes"), "past" ("had to register", "was approved") or None where no verb says. The perfect ("has approved")
    tells what is done, as the past does.

    >>> _finite_tense("Now he does not have to register."), _finite_tense("He still had to register in 1990.")
    ('present', 'past')
    >>> _finite_tense("Regulators have not approved the drug."), _finite_tense("The deal includes a pay rise.")
    ('past', 'present')
    """
    for w in letter_words(text):
        lemmas = word_lemmas(w)
        aux = (lemmas.get("AUX") or ("",))[0]
        if w in HAVE or aux in ("be", "do"):
            return "past" if w in HAVE or w in word_forms(aux, "VBD") else "present"
        if w in STOPWORDS or len(w) < 3:
            continue
        verb = (lemmas.get("VERB") or ("",))[0]
        if verb and w != verb and "NOUN" not in lemmas:
            if w in word_forms(verb, "VBD"):
                return "past"
            if w in word_forms(verb, "VBZ"):
                return "present"
    return None


def _opposed(denial: str, other: str, embedding: str = "static") -> bool:
    """A rejection of a thing ("rejected the salvage plan") stands against the other's verb of the same act
    ("approved the plan"): a verb of the other near the rejecting verb in meaning. A denial of what was said ("denied
    that ...") stands against any assertion of it."""
    words = [w.lower() for w in TOKEN.findall(denial)]
    verb = next((w for k, w in enumerate(words) if w in DENIALS and not w.startswith("den")
                 and "that" not in words[k + 1:k + 2]), None)  # "rejected the plan", not "rejected claims that"
    if verb is None:
        return True
    return any(past(w) and verb_similarity(verb.lower(), w.lower(), embedding) >= _OPPOSED
               for w in TOKEN.findall(other))


_OPPOSED = 0.4  # the cosine of a rejecting verb and the other's verb of the same act ("rejected", "approved": 0.49)


# a negative quantifier as the subject ("no one was hurt", "nothing has been found"): what it denies is its verb
_NONE_DID = re.compile(r"\b(?:no one|no-one|nobody|none|nothing|no \w+)\s+(?:(?:was|were|is|are|has|have|had|been|be|"
                       r"being|reported|yet)\s+)*([a-z]{3,})", re.I)
# a sentence that opens with its speaker and a verb of speech or denial ("The ministry denied ..."): group 1 the speaker
VOICE = re.compile(r"^(.{1,60}?)\s+(?:has\s+|have\s+|had\s+)?" + one_of(SPEECH_VERBS | DENIALS) + r"\b", re.I)


def _speaker(text: str) -> frozenset[str]:
    """Who speaks at the head of a sentence ("The club confirmed ...", "The club denied ..."): their words."""
    m = VOICE.match(text.strip())
    return frozenset(letter_words(m.group(1))) - {"the", "a", "an"} if m else frozenset()


def _as_things(text: str) -> set[str]:
    """Roots of the words a determiner makes things of ("an appeal", "the merger")."""
    toks = TOKEN.findall(text)
    return {root(stem(w.lower())) for d, w in zip(toks, toks[1:]) if d.lower() in DETERMINERS}

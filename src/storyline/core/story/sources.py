"""The sources of a fact: a sentence as a fact cites it, with who the sentence says the claim comes from, and the
records of corroborated facts and disputes that cite them."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache


from storyline.core.story.model import Dispute, Sentence, SourceSentence
from storyline.core.nlp.negation import DENIALS
from storyline.core.text.text import NUMBER_WORDS, SPEECH_VERBS, outside_quotes
from storyline.lexicon import one_of


# who says it, inside the sentence: "his agent said", "the club said", "according to Brightwell"; not who denies it
_SAYS = one_of(SPEECH_VERBS - DENIALS - {"according"})
_ATTRIBUTION = (
    re.compile(r"\baccording to (?P<who>[^,.;]{2,60})", re.I),
    re.compile(r"(?:^|[,;—–]\s*)(?P<who>(?:(?:the|his|her|their|its|a|an)\s+)?(?:[\w'’.-]+\s+){0,5}?[\w'’.-]+)\s+" + _SAYS
               + r"\b(?=\s+(?:on|in|at|that|late|early|last|this|\w+day|its|his|her|their|it|he|she|they|the|a|an|reporters|journalists|\d[\d,]*)\b|\s+[A-Z]|\s*[.,;]|\s*$"
               r"|(?<=says|said)\s+[a-z]+\s+(?:[a-z]+\s+){0,4}?(?:will|would|had|has|have|were|was|are|is|could|must|should|did)\b)"),
    re.compile(r"(?:^|[,;—–]\s*)" + _SAYS + r"\s+(?P<who>(?:the\s+|his\s+|her\s+)?(?:[A-Z][\w'’.-]*\s*){1,5}|the \w+(?: \w+)?)\s*[.,]"),
)


_CONTRAST = r"(?:while|whereas|though|although|but|even as|as|and|despite|after|before|when)\b"


def source_sentence(sentence: Sentence, text: str | None = None) -> SourceSentence:
    """A sentence as a fact cites it: its article, outlet, text (``text`` when given, e.g. tidied) and who it is
    attributed to inside the text."""
    text = sentence.text if text is None else text
    return SourceSentence(sentence.article_id, sentence.source, text, attribution(text))


@lru_cache(maxsize=1 << 15)  # a sentence is attributed when read for its slots and again each time it is cited
def attribution(text: str) -> str | None:
    """Who the sentence says the claim comes from, in its own words, or None when it does not say.

    >>> attribution("Tomas Varga was fired on Monday morning, his agent said, contradicting the club.")
    'his agent said'
    >>> attribution("According to Brightwell, 14 fires have been linked to the thermostat.")
    'according to Brightwell'
    >>> attribution("Varga was sacked early on Monday, the Evening Post understands, despite the club's insistence.")
    'the Evening Post understands'
    >>> attribution("The club said its coach had resigned.")
    'The club said'
    >>> attribution("General manager Sandy Alderson said Wally Backman resigned, sources told Newsday.")
    'General manager Sandy Alderson said'
    >>> attribution("Storm Ilsa closed the port.") is None
    True
    >>> attribution('"That was a race, I have to say, folks."'), attribution("Four states that Obama won in 2012")
    (None, None)
    """
    best: tuple[int, str] | None = None
    outside = outside_quotes(text)
    for pat in _ATTRIBUTION:
        for m in pat.finditer(text):
            who = " ".join(m.group("who").split())
            if outside[m.end() - 1] != text[m.end() - 1] or who.lower() in NUMBER_WORDS or who.isdigit():
                continue  # a speaker inside a quotation ('"... I have to say ..."'), or a count ("Four states that")
            if pat is _ATTRIBUTION[0]:
                phrase = "according to " + who
            else:
                phrase = " ".join(text[m.start("who") if pat is _ATTRIBUTION[1] else m.start(): m.end()].strip(" ,;—–.").split())
            if len(phrase.split()) > 9 or re.match(_CONTRAST, phrase, re.I):
                continue  # "..., while the commission says ...": the other side's source, not this claim's
            if best is None or m.start() < best[0]:
                best = (m.start(), phrase)
    return best[1] if best else None


_SEGMENTS = re.compile(r",?\s+(?:contradicting|contradicts|despite|although|though|but|while|whereas|even as)\b|;")
_STATEMENT = re.compile(r"\b((?:the|a|an|his|her|its|their)\s+(?:[\w'’-]+\s+){0,3}?[\w'’-]+['’]s)\s+"
                        r"(?:statement|insistence|claim|account|announcement|version)\b", re.I)
_CLAIM_WORD = re.compile(r"[^\W\d_]{4,}|\d[\d,.]*")


def attribution_near(text: str, claim: str) -> str | None:
    """Who the sentence says holds ``claim``: the attribution of the part of the sentence that states it, split at
    a contrast ("..., contradicting the club's statement that he had resigned").

    >>> t = "Varga was fired on Monday, his agent said, contradicting the club's statement that he had resigned."
    >>> attribution_near(t, "fired"), attribution_near(t, "resigned")
    ('his agent said', "the club's statement")
    """
    words = _CLAIM_WORD.findall(claim)
    pos = -1
    for w in words:
        stem_ = w[:5] if w[0].isalpha() else w
        m = re.search(r"(?<![\w.])" + re.escape(stem_), text, re.I)
        if m:
            pos = m.start()
            break
    cuts = [m.start() for m in _SEGMENTS.finditer(text)]
    if pos < 0 or not cuts or pos < cuts[0]:
        return attribution(text[: cuts[0]] if cuts and pos >= 0 else text) or attribution(text)
    start = max(c for c in cuts if c <= pos)
    end = min([c for c in cuts if c > pos] + [len(text)])
    part = text[start:end]
    said = attribution(part.lstrip(",; "))
    if said:
        return said
    m = _STATEMENT.search(part)
    return " ".join(m.group(0).split()) if m else None


def attributed(dispute: Dispute) -> Dispute:
    """Each side's sentences attributed to who the sentence says holds that side ("..., his agent said,
    contradicting the club's statement that he had resigned": the agent for one side, the club for the other)."""
    for side in dispute.sides:
        side.sentences = [replace(x, attribution=attribution_near(x.text, side.claim)) for x in side.sentences]
    return dispute

"""Offline sentence splitting with character offsets (nupunkt's pretrained Punkt model, no downloads)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from storyline.core.text.language import writes_ordinals_with_a_stop
from storyline.core.text.text import word_lemmas

# Scrapers glue paragraphs together: "...and beyond.Researchers said". Split there too.
_GLUED = re.compile(r"(?<=[a-z]{2}[.!?])(?=[A-Z][a-z])")


# A title before a name ("St. John", "Dr. Kaur"): never the end of a sentence, whatever the next word's capital
# says. A closed class, as a tokenizer's list of proclitic abbreviations is.
_TITLE_END = re.compile(r"(?:^|[\s(\"“])(?:Mr|Mrs|Ms|Dr|St|Mt|Ft|Sen|Rep|Gov|Gen|Col|Lt|Sgt|Capt|Cmdr|Adm|Prof|Rev|"
                        r"Hon|Fr|Sr|Supt|Insp|Pres)\.$")




# an ordinal written as a number and a stop ("Am 5. | November", "Zum 100. | Geburtstag"), as German and many
# languages write it: a stop after a number that ends a piece too short to be a sentence, or any such stop before a
# word in a text of such a language ("Die Impforte werden am 28. | Februar geschlossen.")
_ORDINAL_END = re.compile(r"(?:^|\s)\d{1,3}\.$")
_ORDINAL_INSIDE = re.compile(r"(?:^|\s)\d{1,3}\.\s+\w")


# a quotation that ends on a question or an exclamation: '... during those wars?"'
_QUOTE_ASKED = re.compile(r"[?!][\"”’']$")


def _speech_tag(piece: str) -> bool:
    """A short piece that only says who spoke: a few words without a quotation mark, one of them a verb in lower
    case ("Bannon asked.", "she wondered aloud.", "the coach told reporters.")."""
    words = piece.rstrip(".").split()
    return (0 < len(words) <= 4 and piece.endswith(".") and not re.search(r"[\"“”]", piece)
            and any(w.islower() and "VERB" in word_lemmas(w) for w in words))


def _continues(before: str, after: str, ordinals: bool = False) -> bool:
    """Whether a split between two pieces of one paragraph falls inside a sentence: after a title before a name,
    after an ordinal ("Am 5. | November 2021"; "Zum 100. | Geburtstag"), inside brackets (the first opens one the
    second closes), or between a quoted question or exclamation and who said it ('"... those wars?" | Bannon
    asked.'). ``ordinals``: the text's language writes ordinals with a stop, so any number and stop before a word is
    one."""
    if _TITLE_END.search(before):
        return True
    if ordinals and _ORDINAL_END.search(before) and after[:1].isalpha():
        return True
    if _QUOTE_ASKED.search(before) and _speech_tag(after):
        return True
    if _ORDINAL_END.search(before) and len(_last_clause(before).split()) <= 2:
        return True
    return (before.count("(") > before.count(")") and after.count(")") > after.count("(")) or \
        (before.count("[") > before.count("]") and after.count("]") > after.count("["))


_STOP_INSIDE = re.compile(r"(?<=[a-z]{2}[.!?])\s+(?=[A-ZÄÖÜ])")


def _last_clause(text: str) -> str:
    """What follows the last sentence stop inside ``text`` ("alt. | Zum 100."), or all of it."""
    cut = [m.end() for m in _STOP_INSIDE.finditer(text)]
    return text[cut[-1]:] if cut else text


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str


@lru_cache(maxsize=1)
def _splitter():
    import nupunkt

    return nupunkt.sent_spans


def split_sentences(text: str) -> list[Span]:
    """Split text into sentences; paragraphs (newlines) are hard boundaries.

    Offsets index into ``text``, so ``text[s.start:s.end] == s.text`` for every span.

    >>> [s.text for s in split_sentences("Mr. Backman left. He was fired.\\nA new line starts here")]
    ['Mr. Backman left.', 'He was fired.', 'A new line starts here']
    >>> [s.text for s in split_sentences("It is overdue and beyond.Researchers said so.")]
    ['It is overdue and beyond.', 'Researchers said so.']
    >>> s = split_sentences("One. Two.")[1]; (s.start, s.end)
    (5, 9)
    >>> [s.text for s in split_sentences("Relics of St. John were found. The lead tube (from St. John the "
    ...                                    "Theologian) is tiny.")]
    ['Relics of St. John were found.', 'The lead tube (from St. John the Theologian) is tiny.']
    >>> [s.text for s in split_sentences("Am 5. November 2021 wird sie 100 Jahre alt. Zum 100. Geburtstag erscheint "
    ...                                    "ein Film.")]
    ['Am 5. November 2021 wird sie 100 Jahre alt.', 'Zum 100. Geburtstag erscheint ein Film.']
    >>> [s.text for s in split_sentences("The toll rose to 14. Rescuers left.")]
    ['The toll rose to 14.', 'Rescuers left.']
    >>> [s.text for s in split_sentences("Die Impforte werden am 28. Februar 2022 geschlossen. Ab 1. März gilt der "
    ...                                    "neue Plan, sagte die Sprecherin der Direktion am Montag in Bern.")]
    ['Die Impforte werden am 28. Februar 2022 geschlossen.', 'Ab 1. März gilt der neue Plan, sagte die Sprecherin der Direktion am Montag in Bern.']
    >>> [s.text for s in split_sentences('"Where were the Romneys during those wars?" Bannon asked. He left.')]
    ['"Where were the Romneys during those wars?" Bannon asked.', 'He left.']
    """
    spans: list[Span] = []
    split = _splitter()
    ordinals = bool(_ORDINAL_INSIDE.search(text)) and writes_ordinals_with_a_stop(text)
    pos = 0
    for para in text.split("\n"):
        if para.strip():
            for a0, b0 in split(para):
                cuts = [a0] + [a0 + m.start() for m in _GLUED.finditer(para[a0:b0])] + [b0]
                for a, b in zip(cuts, cuts[1:]):
                    seg = para[a:b]
                    lead = len(seg) - len(seg.lstrip())
                    trail = len(seg.rstrip())
                    if trail <= lead:
                        continue
                    start, end = pos + a + lead, pos + a + trail
                    if spans and spans[-1].start >= pos and _continues(spans[-1].text, seg[lead:trail], ordinals):
                        prev = spans.pop()  # one sentence after all: the pieces are joined with what lies between
                        start = prev.start
                        tail = _last_clause(prev.text)
                        if _ORDINAL_END.search(prev.text) and len(tail) < len(prev.text):
                            # the piece held a sentence before the ordinal's ("... alt. | Zum 100."): it stays whole
                            start = prev.start + len(prev.text) - len(tail)
                            head = text[prev.start:start].rstrip()
                            spans.append(Span(prev.start, prev.start + len(head), head))
                    spans.append(Span(start, end, text[start:end]))
        pos += len(para) + 1
    return spans

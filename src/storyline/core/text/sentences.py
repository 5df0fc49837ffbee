"""Offline sentence splitting with character offsets (nupunkt's pretrained Punkt model, no downloads)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# Scrapers glue paragraphs together: "...and beyond.Researchers said". Split there too.
_GLUED = re.compile(r"(?<=[a-z]{2}[.!?])(?=[A-Z][a-z])")


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
    """
    spans: list[Span] = []
    split = _splitter()
    pos = 0
    for para in text.split("\n"):
        if para.strip():
            for a0, b0 in split(para):
                cuts = [a0] + [a0 + m.start() for m in _GLUED.finditer(para[a0:b0])] + [b0]
                for a, b in zip(cuts, cuts[1:]):
                    seg = para[a:b]
                    lead = len(seg) - len(seg.lstrip())
                    trail = len(seg.rstrip())
                    if trail > lead:
                        spans.append(Span(pos + a + lead, pos + a + trail, seg[lead:trail]))
        pos += len(para) + 1
    return spans

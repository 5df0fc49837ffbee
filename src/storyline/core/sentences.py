"""Offline sentence splitting with character offsets (nupunkt's pretrained Punkt model, no downloads)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


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
    >>> s = split_sentences("One. Two.")[1]; (s.start, s.end)
    (5, 9)
    """
    spans: list[Span] = []
    split = _splitter()
    pos = 0
    for para in text.split("\n"):
        if para.strip():
            for a, b in split(para):
                seg = para[a:b]
                lead = len(seg) - len(seg.lstrip())
                trail = len(seg.rstrip())
                if trail > lead:
                    spans.append(Span(pos + a + lead, pos + a + trail, seg[lead:trail]))
        pos += len(para) + 1
    return spans

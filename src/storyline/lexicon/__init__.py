"""Word lists as data: the closed classes of grammar the code reads (stopwords, auxiliaries, modals, titles,
organisation suffixes, ...), one file per list under ``lexicon/<module>/``, words separated by white space.

Each list is read once, in file order, into a frozenset."""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files


@lru_cache(maxsize=None)
def word_list(path: str) -> frozenset[str]:
    """The words of ``lexicon/<path>``.

    >>> "the" in word_list("text/stopwords.txt")
    True
    """
    return frozenset(files("storyline.lexicon").joinpath(path).read_text(encoding="utf-8").split())

"""Word lists as data: the closed classes of grammar the code reads (stopwords, auxiliaries, modals, titles,
organisation suffixes, connectives, hedges, units, ...), one file per list under ``lexicon/<module>/``.

A ``.txt`` list holds words separated by white space, read once into a frozenset. A ``.lines`` list holds one entry
per line (an entry may be a phrase: "as a result"), read once in file order; ``alternation`` makes a regular
expression group of it that tries the entries in that order."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from importlib.resources import files


@lru_cache(maxsize=None)
def word_list(path: str) -> frozenset[str]:
    """The words of ``lexicon/<path>``.

    >>> "the" in word_list("text/stopwords.txt")
    True
    """
    return frozenset(files("storyline.lexicon").joinpath(path).read_text(encoding="utf-8").split())


_SPECIAL = re.compile(r"[.^$*+?{}\[\]\\|()]")  # what has a meaning of its own in a pattern, outside a class


@lru_cache(maxsize=None)
def phrases(path: str) -> tuple[str, ...]:
    """The entries of ``lexicon/<path>``, one per line, in file order (blank lines skipped).

    >>> phrases("context/leading_connectives.lines")[:3]
    ('but', 'however', 'also')
    """
    text = files("storyline.lexicon").joinpath(path).read_text(encoding="utf-8")
    return tuple(line.strip() for line in text.splitlines() if line.strip())


def one_of(words: Iterable[str]) -> str:
    """A non-capturing regular expression group that matches any of ``words``, each taken literally, tried in
    sorted order.

    >>> one_of({"says", "said"})
    '(?:said|says)'
    """
    return "(?:" + "|".join(_SPECIAL.sub(r"\\\g<0>", w) for w in sorted(words)) + ")"


def alternation(path: str) -> str:
    """A non-capturing regular expression group that matches any entry of ``lexicon/<path>``, each taken literally
    and tried in file order (so a longer entry listed before its prefix wins).

    >>> re.fullmatch(alternation("context/leading_connectives.lines"), "as a result") is not None
    True
    """
    return "(?:" + "|".join(_SPECIAL.sub(r"\\\g<0>", p) for p in phrases(path)) + ")"

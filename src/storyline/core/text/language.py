"""Which language a text is written in, told by its function words, and those function words.

The stoplists are jusText's (a maintained package, one list per language, from the most frequent words of each
language's Wikipedia). A language's function words make up a large share of any text in it, so the list that covers
most of a text's words names its language. Term weights need this: in a corpus that is mostly English, the articles of
a smaller language share "de", "que" and "und" with each other and with no one else, so those words look rare and
specific, and a day's Portuguese or German articles would join on them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import AbstractSet as Set, Sequence

import justext

from storyline.core.text.text import hash_tokens
from storyline.core.text.text import STOPWORDS

ENGLISH = "English"
_ALSO_ENGLISH = frozenset({"English", "Simple_English"})
_MIN_SHARE = 0.2  # a text whose words this language's list covers less than this is not told to be in it
_SAMPLE = 200  # words read to tell the language


@lru_cache(maxsize=1)
def _lists() -> dict[str, frozenset[str]]:
    """Each language's function words, folded as :func:`hash_tokens` folds a text's words. Words of letters only;
    another language's list keeps only the words English lacks (the lists of languages written in other scripts hold
    the English words their Wikipedias quote, and an English text would be told to be in them)."""
    english = _folded(ENGLISH)
    return {lang: english if lang == ENGLISH else _folded(lang) - english for lang in sorted(justext.get_stoplists())}


@lru_cache(maxsize=None)
def _folded(lang: str) -> frozenset[str]:
    return frozenset(t for w in justext.get_stoplist(lang) for t in hash_tokens(w) if t.isalpha())


@lru_cache(maxsize=1)
def _langs_of() -> dict[str, tuple[str, ...]]:
    by_word: dict[str, list[str]] = {}
    for lang, words in _lists().items():
        for w in words:
            by_word.setdefault(w, []).append(lang)
    return {w: tuple(langs) for w, langs in by_word.items()}


def language(tokens: Sequence[str]) -> str | None:
    """The language whose function words cover most of ``tokens`` (folded words, as :func:`hash_tokens` gives),
    when they cover at least a fifth of them; None when too few words tell (an empty text, a list of names).

    >>> language(hash_tokens("Der Vorstand hat am Freitag die Pläne für das Werk in Wolfsburg vorgestellt."))
    'German'
    >>> language(hash_tokens("The board set out its plans for the plant on Friday, the company said."))
    'English'
    >>> language(hash_tokens("O ministro disse que a reunião com os senadores foi adiada para a próxima semana."))
    'Portuguese'
    >>> language([]), language(hash_tokens("2:1 (0:0), 14:32"))
    (None, None)
    """
    sample = tokens[:_SAMPLE]
    if not sample:
        return None
    langs_of = _langs_of()
    counts: dict[str, int] = {}
    for t in sample:
        for lang in langs_of.get(t, ()):
            counts[lang] = counts.get(lang, 0) + 1
    if not counts:
        return None
    best = max(sorted(counts), key=lambda lang: counts[lang])  # ties: the first name, the same on every run
    if counts[best] < _MIN_SHARE * len(sample):
        return None
    return ENGLISH if best in _ALSO_ENGLISH or counts.get(ENGLISH, 0) == counts[best] else best


def main_language(tokens: Sequence[str]) -> str | None:
    """:func:`language` of tokens taken evenly across all of ``tokens``, not only their first ones: the language of
    most of a story's words, whichever article comes first.

    >>> german = hash_tokens("Der Vorstand hat am Freitag die Pläne für das Werk vorgestellt. " * 40)
    >>> english = hash_tokens("The board set out its plans for the plant on Friday, the company said. " * 60)
    >>> language(german + english), main_language(german + english)
    ('German', 'English')
    """
    step = max(1, len(tokens) // _SAMPLE)
    return language(tokens[::step])


def function_words(lang: str | None) -> Set[str]:
    """The words that tell nothing of a story in ``lang``: the project's English list for English or an unknown
    language, and that list with the language's own for any other (an English phrase quoted in it stays common).

    >>> "und" in function_words("German"), "und" in function_words(ENGLISH), "the" in function_words("German")
    (True, False, True)
    """
    if lang is None or lang == ENGLISH:
        return STOPWORDS
    return _with_english(lang)


@lru_cache(maxsize=None)
def _with_english(lang: str) -> frozenset[str]:
    return STOPWORDS | _folded(lang)


_CAPITALS_FOR_NOUNS = 0.45  # English news capitalises about a fifth of its inner content words, German over half
_ENDS_SENTENCE = frozenset(".!?:")
_JUDGED_FROM = 25  # inner content words: fewer (a title, a one-line lead full of names) tell nothing
_CAPITALS_READ = 400  # words read to judge


def capitals_mark_names(text: str, lang: str | None) -> bool:
    """Whether a capital letter inside ``text`` (in ``lang``, as :func:`language` tells it) marks a name: False when
    most of its inner content words (not opening a sentence, not function words) are capitalised, as every noun is in
    German; a capitalised word there is a noun as often as a name. English capitalises no common noun, so there a
    text full of capitals is full of names. A text too short to tell is taken to mark names.

    >>> capitals_mark_names("The Mets fired their manager on Tuesday after a losing season, the club said.", ENGLISH)
    True
    >>> de = "Der Vorstand hat die Pläne für das Werk vorgestellt, die Kosten steigen und die Kunden warten. " * 5
    >>> capitals_mark_names(de, "German"), capitals_mark_names(de[:80], "German"), capitals_mark_names(de, ENGLISH)
    (False, True, True)
    """
    if lang is None or lang == ENGLISH:
        return True
    stop = function_words(lang)
    inner = capital = 0
    prev = ""
    for w in text.split()[:_CAPITALS_READ]:
        core = w.strip("\"“”‘’'()[]{},.;:!?«»„‚-–—")
        if prev and core[:1].isalpha() and prev[-1:] not in _ENDS_SENTENCE:
            folded = [core.lower()] if core.isascii() else hash_tokens(core)
            if folded and folded[0] not in stop:
                inner += 1
                capital += core[0].isupper()
        prev = w.rstrip("\"”’')»")
    return inner < _JUDGED_FROM or capital < _CAPITALS_FOR_NOUNS * inner


# languages that write an ordinal as a number and a stop ("am 28. Februar", "28. helmikuuta", "28. února"): a fact of
# each language's orthography, a closed class
_ORDINAL_STOP = frozenset({
    "Bosnian", "Croatian", "Czech", "Danish", "Estonian", "Finnish", "German", "Hungarian", "Icelandic", "Latvian",
    "Low_Saxon", "Luxembourgish", "Norwegian_Bokmal", "Norwegian_Nynorsk", "Polish", "Serbian", "Serbo_Croatian",
    "Slovak", "Slovenian", "Turkish"})


def writes_ordinals_with_a_stop(text: str) -> bool:
    """Whether ``text`` is in a language that writes an ordinal as a number and a stop, so that "am 28." is no
    sentence's end.

    >>> writes_ordinals_with_a_stop("Die Preise im Verbund werden ab 1. Januar 2024 um 12,7 Prozent angehoben.")
    True
    >>> writes_ordinals_with_a_stop("The death toll rose to 14. Rescuers left the site on Monday.")
    False
    """
    return language(hash_tokens(text[:2000])) in _ORDINAL_STOP

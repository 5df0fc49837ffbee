"""Tokens, stopwords, normalisation and stable hashes shared by every stage."""

from __future__ import annotations

import hashlib
import math
import re
import unicodedata
from functools import lru_cache
from types import MappingProxyType
from typing import AbstractSet as Set, Mapping

import lemminflect

from storyline.lexicon import word_list

# one word, letters and digits with inner apostrophes ("don't", "O'Neill"); underscores split words
WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)
_WS_RE = re.compile(r"\s+")

# number words, as a figure reader spells them out ("forty-seven", "three hundred", "a dozen")
NUMBER_WORDS = word_list("text/number_words.txt")
# determiners and possessive pronouns that open a noun phrase (a closed class)
DETERMINERS = word_list("text/determiners.txt")

# auxiliary verbs (a closed class), and the verbs that report speech
AUXILIARIES = word_list("text/auxiliaries.txt")
SPEECH_VERBS = word_list("text/speech_verbs.txt")

STOPWORDS = word_list("text/stopwords.txt")


def normalize_ws(text: str) -> str:
    """Collapse runs of white space to one space and strip the ends.

    >>> normalize_ws("  a \\n\\t b ")
    'a b'
    """
    return _WS_RE.sub(" ", text).strip()


# scripts written without spaces between words: Thai, Lao, Myanmar, Khmer, Japanese kana, CJK ideographs
_UNSPACED = re.compile(r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
                       r"\uf900-\ufaff]+")


def words(text: str) -> list[str]:
    """Words as a reader counts them: white-space separated pieces, and in a script written without spaces
    (Japanese, Chinese, Thai) one word per two characters, about the length of a word there. The summary budget and
    the article length limits use this count.

    >>> len(words("It's 5 o'clock,  now.")), len(words("東京都は月曜日、新しい規則を発表した。")), len(words("Tokyo 東京都"))
    (4, 9, 3)
    """
    if not _UNSPACED.search(text):
        return text.split()
    out: list[str] = []
    for run in _UNSPACED.findall(text):
        out.extend(run[i: i + 2] for i in range(0, len(run), 2))
    return [w for w in _UNSPACED.sub(" ", text).split() if any(c.isalnum() for c in w)] + out  # "、" is no word


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens, punctuation dropped, curly apostrophes folded.

    >>> tokens("Backman’s Mets, 1986!")
    ["backman's", 'mets', '1986']
    """
    if "\u0130" in text or "Σ" in text:  # the two letters whose lower case depends on what follows or adds a mark
        return [w.replace("’", "'").lower() for w in WORD_RE.findall(text)]
    return WORD_RE.findall(text.replace("’", "'").lower())  # every other letter lowers alone: one pass, not one per word


_SUFFIXES = ("ations", "ation", "ingly", "ings", "ing", "edly", "ness", "ments", "ment", "ies", "ied", "es", "ed", "s")


@lru_cache(maxsize=1 << 17)  # words repeat: a corpus has far fewer distinct tokens than token occurrences
def stem(token: str) -> str:
    """A light, deterministic suffix stripper; enough to fold plurals and tenses for matching.

    >>> [stem(t) for t in ("resigned", "resigns", "managers", "stories", "was")]
    ['resign', 'resign', 'manager', 'stor', 'was']
    """
    if token.endswith("'s"):
        token = token[:-2]
    if len(token) <= 4:
        return token
    for suf in _SUFFIXES:
        if token.endswith(suf) and len(token) - len(suf) >= 3:
            return token[: -len(suf)]
    return token


def content_terms(text: str) -> list[str]:
    """Stemmed tokens without stopwords or one-letter tokens: the terms of lexical similarity.

    >>> content_terms("The Mets fired their manager.")
    ['mets', 'fir', 'manager']
    """
    return list(_content_terms(text))


def text_terms(text: str) -> tuple[str, ...]:
    """:func:`content_terms` of a text read once (a whole article), not kept for the next call."""
    return tuple(stem(t) for t in tokens(text) if len(t) >= 2 and t not in STOPWORDS)


# a story's sentences are compared by claims, corroboration and summaries alike
_content_terms = lru_cache(maxsize=1 << 15)(text_terms)


_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def fold_for_hash(text: str) -> str:
    """Text reduced to what makes two copies 'the same': case, accents, punctuation and spacing folded.

    >>> fold_for_hash("Héllo,   World!") == fold_for_hash("hello world")
    True
    """
    t = unicodedata.normalize("NFKD", text)
    if not t.isascii():  # only runs of non-ASCII characters can hold combining marks
        t = _NON_ASCII.sub(lambda m: "".join(c for c in m.group(0) if not unicodedata.combining(c)), t)
    return " ".join(WORD_RE.findall(t)).replace("’", "'").lower()  # tokens(t), joined: one pass, not one per word


_COMBINING = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")  # accents, once split off


def hash_tokens(text: str) -> list[str]:
    """The tokens that shingles are made of: :func:`fold_for_hash` tokens (case and accents folded,
    punctuation dropped), computed without per-character Python work because every article passes here.

    >>> hash_tokens("Héllo,   WORLD’s!") == fold_for_hash("hello world's").split()
    True
    """
    if not text.isascii():
        text = _COMBINING.sub("", unicodedata.normalize("NFKD", text)).replace("’", "'")
    return WORD_RE.findall(text.lower())


def stable_id(*parts: str, length: int = 16) -> str:
    """A short hex id derived only from content, identical on every machine and every run.

    >>> stable_id("story", "a1")
    'de5cec0c72d935ab'
    """
    h = hashlib.sha1("\x1f".join(parts).encode("utf-8"), usedforsecurity=False)
    return h.hexdigest()[:length]


def tfidf(tf: Mapping[str, int], df: Mapping[str, int], n: int) -> dict[str, float]:
    """The one TF-IDF weighting of storyline: sublinear term frequency times smoothed inverse document frequency,
    ``(1 + ln tf) * (ln((n + 1) / (df + 1)) + 1)`` for ``n`` documents (the Spark clustering stage writes the same
    formula in SQL). Terms with no document frequency are left out.

    >>> {t: round(w, 3) for t, w in tfidf({"port": 2, "storm": 1}, {"port": 1, "storm": 3}, 3).items()}
    {'port': 2.867, 'storm': 1.0}
    """
    return {t: (1 + math.log(c)) * (math.log((n + 1) / (df[t] + 1)) + 1) for t, c in tf.items() if df.get(t)}


def jaccard(a: Set, b: Set, empty: float = 1.0) -> float:
    """Jaccard similarity of two sets; two empty sets score ``empty`` (identical by default; text comparisons
    pass 0.0, since two sentences with no content words say nothing alike).

    >>> jaccard({1, 2, 3}, {2, 3, 4}), jaccard(set(), set()), jaccard(set(), set(), empty=0.0), jaccard({1}, set())
    (0.5, 1.0, 0.0, 0.0)
    """
    if not a and not b:
        return empty
    return len(a & b) / len(a | b)


def outside_quotes(text: str) -> str:
    """The sentence with the words inside quotation marks blanked, offsets kept, counting a quote the sentence opens
    and never closes (it runs to the end) and one it closes without opening (it ran from the start).

    >>> outside_quotes('Among other things, the message said: "This dream is mine.').split()
    ['Among', 'other', 'things,', 'the', 'message', 'said:']
    >>> outside_quotes('It is difficult for them," he said.').split()
    ['he', 'said.']
    >>> text = 'He called it “inhumane” and left.'
    >>> outside_quotes(text).split(), len(outside_quotes(text)) == len(text)
    (['He', 'called', 'it', 'and', 'left.'], True)
    """
    # curly and straight marks are one kind: scraped text mixes them within a quotation
    out = re.sub(r'"[^"]*"', lambda m: " " * len(m.group(0)), text.replace("“", '"').replace("”", '"'))
    k = out.find('"')
    if k >= 0:
        opening = k == 0 or out[k - 1].isspace() or out[k - 1] in "(:—–-"
        out = out[:k] + " " * (len(out) - k) if opening else " " * (k + 1) + out[k + 1:]
    return out


def mostly_quoted(text: str) -> bool:
    """Most of the sentence's words are inside quotation marks: a quotation, not a report that quotes a phrase.

    >>> mostly_quoted('“We will rebuild every house on the quay,” said Ines Tal.'), mostly_quoted(
    ...     'The union called the offer “fair” on Friday.')
    (True, False)
    """
    return len(outside_quotes(text).split()) < 0.5 * len(text.split())


@lru_cache(maxsize=1 << 16)
def word_lemmas(word: str) -> Mapping[str, tuple[str, ...]]:
    """The dictionary forms of ``word`` by part of speech (``lemminflect``), read once per word: "closed" ->
    {"VERB": ("close",), "ADJ": ("closed",)}. Read-only; every stage asks of the same few thousand words.

    >>> word_lemmas("resigned")["VERB"]
    ('resign',)
    """
    return MappingProxyType(dict(lemminflect.getAllLemmas(word)))


@lru_cache(maxsize=1 << 16)
def word_forms(lemma: str, tag: str) -> tuple[str, ...]:
    """The forms of ``lemma`` for a Penn tag (``lemminflect``), read once: ("close", "VBD") -> ("closed",)."""
    return tuple(lemminflect.getInflection(lemma, tag) or ())


@lru_cache(maxsize=1 << 14)
def third_person(word: str) -> bool:
    """``word`` is the -s form of a verb, its simple present in the third person (``lemminflect``): "closes",
    "waves", "begins"; not "has" or "bus".

    >>> third_person("closes"), third_person("waves"), third_person("has"), third_person("crisis")
    (True, True, False, False)
    """
    if not word.endswith("s") or len(word) < 4:
        return False
    return any(word in word_forms(lemma, "VBZ") for lemma in word_lemmas(word).get("VERB", ()))


@lru_cache(maxsize=1 << 14)
def act_stem(word: str) -> str:
    """The stem an act is compared by: of the verb's dictionary form (``lemminflect``), so that every form of one verb
    is one act ("takes", "will take", "took": take; "won", "wins": win), else of the word itself.

    >>> [act_stem(w) for w in ("takes", "take", "took", "taken")], act_stem("won") == act_stem("wins")
    (['take', 'take', 'take', 'take'], True)
    >>> act_stem("closed") == act_stem("closes") == act_stem("closing"), act_stem("warehouses")
    (True, 'warehouse')
    """
    lemmas = word_lemmas(word.lower()).get("VERB")
    return stem(lemmas[0] if lemmas else word.lower())


@lru_cache(maxsize=1 << 14)
def past_tense(word: str) -> bool:
    """An irregular past tense ("took", "won", "led", "beat"): a verb's past form that does not end in -ed (a form
    in -ed is read as a verb by its ending).

    >>> [past_tense(w) for w in ("took", "won", "beat", "team", "takes", "game", "crossed")]
    [True, True, True, False, False, False, False]
    """
    lw = word.lower()
    return not lw.endswith("ed") and any(lw in word_forms(lemma, "VBD")
                                         for lemma in word_lemmas(lw).get("VERB", ()))

"""Baseline summarisers the benchmark compares storyline against: lead, LexRank, TextRank and a ROUGE oracle.

Every baseline works on the same sentences storyline sees (one list of sentence strings per article) and
fills the same word budget (white-space words), never exceeding it: candidates are taken in the baseline's
own preference order and a sentence that does not fit is skipped in favour of later ones that do.

LexRank and TextRank are sumy 0.13's. sumy's own tokenizer needs NLTK's punkt data, which is not available
offline, so :class:`SumyTokenizer` supplies the two methods sumy calls (``to_sentences(paragraph)`` and
``to_words(sentence)``) from the project's sentence splitter and a regex word splitter. The document model is
built directly (one sumy paragraph per article, one sumy sentence per storyline sentence), so sumy ranks
exactly the sentences the other systems choose from.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Sequence

from storyline.bench.rouge import NgramScorer, rouge_tokens
from storyline.core.text.sentences import split_sentences

# sumy's own notion of a word: starts with a letter, then letters, apostrophes or hyphens.
_SUMY_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['’-])*", re.UNICODE)

SUMY_METHODS = ("lexrank", "textrank")


def n_words(text: str) -> int:
    """Words as the budget counts them.

    >>> n_words("It's 5 o'clock,  now.")
    4
    """
    return len(text.split())


def fill_budget(ranked: Iterable[str], words: int) -> list[str]:
    """Take sentences in preference order while they fit the word budget; skip the ones that do not.

    >>> fill_budget(["a b c", "d e f g", "h"], 4)
    ['a b c', 'h']
    """
    if words < 1:
        raise ValueError(f"word budget must be at least 1, got {words}")
    out: list[str] = []
    used = 0
    seen: set[str] = set()
    for s in ranked:
        n = n_words(s)
        if n == 0 or s in seen or used + n > words:
            continue
        out.append(s)
        seen.add(s)
        used += n
        if used == words:
            break
    return out


def lead_summary(docs: Sequence[Sequence[str]], words: int) -> list[str]:
    """Round-robin lead: first sentence of each article, then each article's second sentence, and so on.

    >>> lead_summary([["A1 x.", "A2 x."], ["B1 x."]], 6)
    ['A1 x.', 'B1 x.', 'A2 x.']
    """
    order = []
    depth = max((len(d) for d in docs), default=0)
    for i in range(depth):
        for d in docs:
            if i < len(d):
                order.append(d[i])
    return fill_budget(order, words)


class SumyTokenizer:
    """The tokenizer protocol sumy uses, built on the project's offline splitter and a regex for words.

    >>> t = SumyTokenizer()
    >>> t.to_sentences("Mr. Backman left. He was fired.")
    ('Mr. Backman left.', 'He was fired.')
    >>> t.to_words("The Mets' manager, 56, resigned.")
    ('The', "Mets'", 'manager', 'resigned')
    """

    language = "english"

    def to_sentences(self, paragraph: str) -> tuple[str, ...]:
        return tuple(s.text for s in split_sentences(paragraph))

    def to_words(self, sentence: str) -> tuple[str, ...]:
        return tuple(m.group(0) for m in _SUMY_WORD.finditer(sentence))


@lru_cache(maxsize=None)
def _sumy_summarizer(method: str):
    # a peer's package: imported only when the benchmark that compares with it runs
    from sumy.nlp.stemmers import Stemmer
    from sumy.summarizers.lex_rank import LexRankSummarizer
    from sumy.summarizers.text_rank import TextRankSummarizer
    from sumy.utils import get_stop_words

    if method not in SUMY_METHODS:
        raise ValueError(f"unknown sumy method {method!r}; use one of {', '.join(SUMY_METHODS)}")
    cls = LexRankSummarizer if method == "lexrank" else TextRankSummarizer
    summarizer = cls(Stemmer("english"))
    summarizer.stop_words = get_stop_words("english")
    return summarizer


def sumy_document(docs: Sequence[Sequence[str]]):
    """A sumy document model: one paragraph per article, one sentence per given sentence string."""
    # a peer's package: imported only when the benchmark that compares with it runs
    from sumy.models.dom import ObjectDocumentModel, Paragraph, Sentence

    tok = SumyTokenizer()
    paragraphs = [Paragraph([Sentence(s, tok) for s in d]) for d in docs if d]
    return ObjectDocumentModel(paragraphs)


def sumy_summary(docs: Sequence[Sequence[str]], words: int, method: str) -> list[str]:
    """LexRank or TextRank ranking of all sentences, filled to the word budget in rank order."""
    summarizer = _sumy_summarizer(method)
    doc = sumy_document(docs)
    if not doc.sentences:
        return []
    ranked: list = []

    def keep_all_in_rank_order(infos):
        # sumy hands the sentence count callable its sentences sorted by rating (best first, ties in
        # document order); record that order and ask for all of them.
        ranked.extend(i.sentence for i in infos)
        return infos

    summarizer(doc, keep_all_in_rank_order)
    return fill_budget((str(s) for s in ranked), words)


def oracle_summary(docs: Sequence[Sequence[str]], reference: str, words: int) -> list[str]:
    """Greedy extractive oracle: repeatedly add the sentence that most improves ROUGE-1 F + ROUGE-2 F against
    the reference, within the budget; stop when no sentence improves it. Output is in selection order."""
    scorer = NgramScorer(reference)
    cands = []
    seen: set[str] = set()
    for d in docs:
        for s in d:
            if s not in seen and n_words(s) > 0:
                seen.add(s)
                cands.append((s, rouge_tokens(s), n_words(s)))
    chosen: list[int] = []
    chosen_tokens: list[str] = []
    used, best_total = 0, 0.0
    while True:
        best, best_gain_total = None, best_total
        for i, (_, toks, n) in enumerate(cands):
            if i in chosen or used + n > words:
                continue
            r1, r2 = scorer.score_tokens(chosen_tokens + toks)
            if r1 + r2 > best_gain_total + 1e-12:
                best, best_gain_total = i, r1 + r2
        if best is None:
            break
        chosen.append(best)
        chosen_tokens.extend(cands[best][1])
        used += cands[best][2]
        best_total = best_gain_total
    return [cands[i][0] for i in chosen]

"""ROUGE for the summary benchmark: the reference implementation (``rouge-score``) plus a fast n-gram scorer.

Scores are F1 percentages (0-100). ROUGE-Lsum needs sentence boundaries on both sides: summary sentences are
joined with newlines, and the reference is split into sentences with the project's own splitter.

The fast scorer (:class:`NgramScorer`) reproduces rouge-score's ROUGE-1/ROUGE-2 exactly (same tokenizer and
Porter stemmer) but tokenises each sentence once, so that the greedy oracle can try thousands of candidate
sets cheaply.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Sequence

from storyline.core.text.sentences import split_sentences

METRICS = ("rouge1", "rouge2", "rougeL", "rougeLsum")


@lru_cache(maxsize=1)
def _scorer():
    # rouge_score: a test extra, imported when a score is asked for
    from rouge_score import rouge_scorer

    return rouge_scorer.RougeScorer(list(METRICS), use_stemmer=True)


@lru_cache(maxsize=1)
def _tokenizer():
    # rouge_score: a test extra, imported when a score is asked for
    from rouge_score import tokenizers

    return tokenizers.DefaultTokenizer(use_stemmer=True)


def reference_lines(reference: str) -> str:
    """The reference with one sentence per line, as ROUGE-Lsum expects.

    >>> reference_lines("The Mets fired him. He left on Monday.")
    'The Mets fired him.\\nHe left on Monday.'
    """
    return "\n".join(s.text for s in split_sentences(reference))


def rouge(summary: Sequence[str], reference: str) -> dict[str, float]:
    """ROUGE-1, ROUGE-2, ROUGE-L and ROUGE-Lsum F1 (percent) of summary sentences against a reference text."""
    target = reference_lines(reference)
    prediction = "\n".join(s.strip() for s in summary)
    scores = _scorer().score(target, prediction)
    return {m: 100.0 * scores[m].fmeasure for m in METRICS}


def rouge_tokens(text: str) -> list[str]:
    """rouge-score's own tokens: lower-cased, alphanumeric, Porter-stemmed.

    >>> rouge_tokens("The cats sat.")
    ['the', 'cat', 'sat']
    """
    return _tokenizer().tokenize(text)


def ngrams(tokens: Sequence[str], n: int) -> Counter:
    """Counts of the n-grams of a token list.

    >>> sorted(ngrams(["a", "b", "a", "b"], 2).items())
    [(('a', 'b'), 2), (('b', 'a'), 1)]
    """
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def f1(overlap: int, n_pred: int, n_ref: int) -> float:
    """F1 from an overlap count and the two totals; 0 when either side is empty.

    >>> round(f1(2, 4, 4), 3), f1(0, 0, 5)
    (0.5, 0.0)
    """
    if overlap == 0 or n_pred == 0 or n_ref == 0:
        return 0.0
    p, r = overlap / n_pred, overlap / n_ref
    return 2 * p * r / (p + r)


class NgramScorer:
    """ROUGE-1 and ROUGE-2 F1 (fractions) of growing sentence sets against one fixed reference."""

    def __init__(self, reference: str) -> None:
        toks = rouge_tokens(reference)
        self.ref = {1: ngrams(toks, 1), 2: ngrams(toks, 2)}
        self.ref_total = {n: max(0, len(toks) - n + 1) for n in (1, 2)}

    def score_tokens(self, tokens: Sequence[str]) -> tuple[float, float]:
        """(ROUGE-1 F1, ROUGE-2 F1) of one token sequence."""
        out = []
        for n in (1, 2):
            pred = ngrams(tokens, n)
            overlap = sum(min(c, self.ref[n].get(g, 0)) for g, c in pred.items())
            out.append(f1(overlap, max(0, len(tokens) - n + 1), self.ref_total[n]))
        return out[0], out[1]

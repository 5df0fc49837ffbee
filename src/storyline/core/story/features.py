"""What summarising a story reads: its settings (:class:`SummaryConfig`) and the features of its sentences that do not
depend on the weights (:class:`StoryFeatures`, reused when tuning).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from storyline.core.story.model import Sentence


# A story of more sentences than this (hundreds of articles) is read from the first sentences of its articles
# (:func:`candidates`): its summary and facts then cost what a story of this size costs.
MAX_STORY_SENTENCES = 2000


@dataclass(frozen=True)
class SummaryConfig:
    """Weights and thresholds of the summariser. Validated on construction.

    ``words`` is the hard budget (white-space words). ``paraphrase_threshold`` is the TF-IDF cosine at which
    another article's sentence counts as carrying the same statement (citations, support).
    ``redundancy_threshold`` is the cosine at which two sentences are too similar to both be in a summary;
    ``containment_threshold`` is the share of a sentence's distinct terms found in an already chosen sentence
    at which it is a near-duplicate too. ``mmr_lambda`` trades salience (1.0) against novelty (0.0). The
    ``*_weight`` fields weight the salience features described in the module documentation.
    """

    words: int = 250
    focus: str | None = None
    paraphrase_threshold: float = 0.5
    redundancy_threshold: float = 0.3
    containment_threshold: float = 0.8
    mmr_lambda: float = 0.5
    centrality_weight: float = 1.0
    cross_weight: float = 0.5
    position_weight: float = 0.6
    support_weight: float = 1.2
    quote_weight: float = 0.2
    focus_weight: float = 1.0
    restate_threshold: float = 0.9  # two sentences this near in meaning say the same thing: one is left out
    embedding: str = "static"  # the sentence-embedding model (storyline.core.nlp.embed)
    max_sentences: int = MAX_STORY_SENTENCES
    extra: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.words, int) or isinstance(self.words, bool) or self.words < 1:
            raise ValueError(f"summary words must be a whole number of at least 1, got {self.words!r}")
        for name in ("paraphrase_threshold", "redundancy_threshold", "containment_threshold", "mmr_lambda",
                     "restate_threshold"):
            v = getattr(self, name)
            if not 0.0 <= v <= 1.0:
                raise ValueError(f"summary {name} must be between 0 and 1, got {v}")
        for name in ("centrality_weight", "cross_weight", "position_weight", "support_weight", "quote_weight",
                     "focus_weight"):
            v = getattr(self, name)
            if not (isinstance(v, (int, float)) and math.isfinite(v) and v >= 0):
                raise ValueError(f"summary {name} must be a finite number >= 0, got {v!r}")
        if not isinstance(self.max_sentences, int) or isinstance(self.max_sentences, bool) or self.max_sentences < 1:
            raise ValueError(f"summary max_sentences must be a whole number of at least 1, got {self.max_sentences!r}")
        if self.focus is not None and not isinstance(self.focus, str):
            raise ValueError(f"summary focus must be text or None, got {type(self.focus).__name__}")


@dataclass
class StoryFeatures:
    """Everything about one story's sentences that does not depend on the weights (reused when tuning)."""

    sentences: list[Sentence]
    n_words: np.ndarray
    term_sets: list[frozenset[str]]
    eligible: np.ndarray
    sim: np.ndarray
    outlet: np.ndarray
    n_outlets: int
    centrality: np.ndarray
    cross: np.ndarray
    support: np.ndarray
    position: np.ndarray
    quote: np.ndarray
    focus: np.ndarray
    carriers: np.ndarray
    needs: list[tuple[str, frozenset[str]] | None] = field(default_factory=list)
    lead: np.ndarray | None = None
    on_side: np.ndarray | None = None
    lead_support: np.ndarray | None = None  # how near in meaning a lead is to what the outlets' openings share
    lead_overlap: np.ndarray | None = None  # the words a lead shares with other outlets' openings and the headlines
    vectors: np.ndarray | None = None  # each sentence's meaning (unit rows)
    hours: np.ndarray | None = None  # hours since the story's first report (NaN: not dated)

    def salience(self, cfg: SummaryConfig) -> np.ndarray:
        """Weighted salience of every sentence under ``cfg``."""
        generic = (cfg.centrality_weight, cfg.cross_weight, cfg.support_weight, cfg.position_weight,
                   cfg.quote_weight)
        return (cfg.centrality_weight * self.centrality + cfg.cross_weight * self.cross
                + cfg.support_weight * self.support + cfg.position_weight * self.position
                + cfg.quote_weight * self.quote + cfg.focus_weight * sum(generic) * self.focus)

"""Synthetic news corpora at any size, built from a seed corpus, for scale benchmarks.

Stories are made of sentences drawn from the seed texts plus invented names and places that are unique to
the story; each article of a story is a variant (its own subset and order of the story's sentences, its own
opening line). Some articles are syndicated: copied with small edits (a changed word or two, an outlet tag,
a dropped last sentence). Every planted copy pair is checked to have exact word-5-shingle Jaccard >= the
planted minimum and is recorded with that Jaccard, so duplicate detection can be scored. Everything is
derived from ``seed`` with :class:`random.Random`: the same config gives the same corpus byte for byte.

Output streams to JSON Lines (one article per line), so a million articles never sit in memory.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Iterator, Sequence

from storyline.core.checks import int_at_least
from storyline.core.grouping.minhash import shingle_set
from storyline.core.text.text import jaccard

_SENT_RE = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"“])")
_SYLLABLES = ("ka", "lo", "mer", "ten", "vi", "dra", "sol", "an", "bri", "tor", "el", "nu", "fa", "ros", "gen",
              "mi", "stel", "ca", "dun", "ow", "ber", "la", "ri", "zan", "po", "ket", "hal", "ur", "sen", "do")
_OUTLETS = tuple(f"outlet-{i:02d}" for i in range(40))
_TAGS = ("(Reuters)", "(AP)", "— Staff report", "Updated.", "(AFP)", "Wire copy.")


@dataclass(frozen=True)
class SynthConfig:
    """Shape of a synthetic corpus.

    - ``n_articles``: total articles written, syndicated copies included.
    - ``mean_story_size``: mean number of original articles per story (geometric sizes).
    - ``dup_rate``: fraction of original articles that get syndicated copies (1-3 each).
    - ``days``: the corpus spans this many days from ``start``.
    - ``min_dup_jaccard``: every planted copy pair has at least this exact Jaccard.
    """

    n_articles: int
    seed: int = 0
    mean_story_size: float = 6.0
    dup_rate: float = 0.15
    days: int = 7
    start: str = "2024-01-01"
    min_dup_jaccard: float = 0.8
    sentences_per_story: int = 20
    sentences_per_article: int = 10

    def __post_init__(self) -> None:
        int_at_least("n_articles", self.n_articles, 1)
        if self.mean_story_size < 1:
            raise ValueError(f"mean_story_size must be >= 1, got {self.mean_story_size!r}")
        if not (0.0 <= self.dup_rate <= 1.0):
            raise ValueError(f"dup_rate must be a fraction in [0, 1], got {self.dup_rate!r}")
        int_at_least("days", self.days, 1)
        if not (0.0 < self.min_dup_jaccard < 1.0):
            raise ValueError(f"min_dup_jaccard must be in (0, 1), got {self.min_dup_jaccard!r}")
        if not (2 <= self.sentences_per_article <= self.sentences_per_story):
            raise ValueError("need 2 <= sentences_per_article <= sentences_per_story, got "
                             f"{self.sentences_per_article} and {self.sentences_per_story}")
        datetime.fromisoformat(self.start)  # raises ValueError naming the bad date


@dataclass(frozen=True)
class SynthSummary:
    """What :func:`write_corpus` wrote."""

    articles_path: str
    pairs_path: str
    n_articles: int
    n_stories: int
    n_planted_pairs: int


def sentence_pool(texts: Sequence[str], min_words: int = 8, max_words: int = 45) -> list[str]:
    """Sentences of the seed texts with a plausible length, in order of appearance, duplicates removed.

    >>> sentence_pool(["Short. This sentence has quite enough words to be kept in the pool. Ok."], min_words=5)
    ['This sentence has quite enough words to be kept in the pool.']
    """
    seen: set[str] = set()
    out = []
    for text in texts:
        for s in _SENT_RE.split(" ".join(text.split())):
            n = len(s.split())
            if min_words <= n <= max_words and s not in seen:
                seen.add(s)
                out.append(s)
    return out


def _name(rng: random.Random, syllables: int) -> str:
    return "".join(rng.choice(_SYLLABLES) for _ in range(syllables)).capitalize()


def _unique_name(index: int, salt: int, rng: random.Random) -> str:
    """A pronounceable name that no other story index can get: the index written in base-30 syllables
    (after a per-role offset) plus a random syllable, so names stay unique at any corpus size.

    >>> r = random.Random(0)
    >>> len({_unique_name(i, 1, r) for i in range(5000)})
    5000
    """
    n = index * 7 + salt
    digits = []
    while True:
        n, d = divmod(n, len(_SYLLABLES))
        digits.append(_SYLLABLES[d])
        if n == 0:
            break
    return (rng.choice(_SYLLABLES) + "".join(digits)).capitalize()


def _edit(rng: random.Random, text: str, strength: int) -> str:
    """A syndicated copy: ``strength`` small edits (word swaps, an outlet tag, a dropped last sentence)."""
    words = text.split()
    for _ in range(strength):
        kind = rng.randrange(3)
        if kind == 0 and len(words) > 20:
            i = rng.randrange(len(words))
            words[i] = rng.choice(("said", "stated", "noted", "added", "reported"))
        elif kind == 1:
            words.append(rng.choice(_TAGS))
        else:
            cut = " ".join(words).rsplit(". ", 1)[0]
            if len(cut.split()) > 0.9 * len(words):
                words = (cut + ".").split()
    return " ".join(words)


class _Story:
    def __init__(self, rng: random.Random, pool: Sequence[str], cfg: SynthConfig, start: datetime, index: int):
        self.index = index
        # invented names unique to the story (a random first name, unique surname, place and organisation)
        self.person = f"{_name(rng, 2)} {_unique_name(index, 1, rng)}"
        self.place = _unique_name(index, 2, rng)
        self.org = f"{_unique_name(index, 3, rng)} {rng.choice(('Council', 'Group', 'Institute', 'Bank', 'Union'))}"
        self.sentences = rng.sample(pool, min(cfg.sentences_per_story, len(pool)))
        self.time = start + timedelta(seconds=rng.randrange(cfg.days * 86400))

    def article(self, rng: random.Random, cfg: SynthConfig) -> tuple[str, str, datetime]:
        k = min(cfg.sentences_per_article, len(self.sentences))
        body = rng.sample(self.sentences, k)
        verb = rng.choice(("said", "confirmed", "announced", "denied", "disclosed"))
        lead = (f"{self.person} of the {self.org} {verb} on {self.time:%A} that the events in {self.place} "
                f"would be reviewed.")
        mention = f"Officials in {self.place} and the {self.org} declined further comment."
        body.insert(rng.randrange(1, k + 1), mention)
        title = f"{self.place}: {self.person} {verb} {rng.choice(('review', 'inquiry', 'plan', 'deal'))}"
        published = self.time + timedelta(minutes=rng.randrange(36 * 60))
        return title, " ".join([lead] + body), published


def generate(seed_texts: Sequence[str], cfg: SynthConfig) -> Iterator[tuple[dict, list[dict]]]:
    """Yield ``(article, planted_pairs)`` one article at a time; ``planted_pairs`` lists the copy pairs that
    the article closes (``{"a", "b", "jaccard"}``), empty for most articles.

    Articles carry ``article_id, title, text, published, source, story`` (``story`` is the gold story).
    """
    pool = sentence_pool(seed_texts)
    if len(pool) < cfg.sentences_per_story:
        raise ValueError(f"the seed corpus gives only {len(pool)} usable sentences; need at least "
                         f"{cfg.sentences_per_story} (pass more or longer seed texts)")
    rng = random.Random(cfg.seed)
    start = datetime.fromisoformat(cfg.start).replace(tzinfo=timezone.utc)
    written = 0
    story_index = 0
    p_more = 1.0 - 1.0 / cfg.mean_story_size
    while written < cfg.n_articles:
        story = _Story(rng, pool, cfg, start, story_index)
        story_index += 1
        n_orig = 1
        while rng.random() < p_more:
            n_orig += 1
        for _ in range(n_orig):
            if written >= cfg.n_articles:
                return
            title, text, published = story.article(rng, cfg)
            orig = {"article_id": f"syn-{written:07d}", "title": title, "text": text,
                    "published": published.strftime("%Y-%m-%dT%H:%M:%SZ"), "source": rng.choice(_OUTLETS),
                    "story": f"story-{story.index:07d}"}
            written += 1
            yield orig, []
            if rng.random() >= cfg.dup_rate:
                continue
            group = [(orig["article_id"], shingle_set(text))]
            for _ in range(rng.randint(1, 3)):
                if written >= cfg.n_articles:
                    return
                for strength in (3, 2, 1, 0):
                    copy_text = _edit(rng, text, strength)
                    shingles = shingle_set(copy_text)
                    sims = [jaccard(shingles, s) for _, s in group]
                    if min(sims) >= cfg.min_dup_jaccard:
                        break
                copy = dict(orig, article_id=f"syn-{written:07d}", text=copy_text, source=rng.choice(_OUTLETS),
                            published=(published + timedelta(minutes=rng.randrange(1, 240)))
                            .strftime("%Y-%m-%dT%H:%M:%SZ"))
                written += 1
                pairs = [{"a": aid, "b": copy["article_id"], "jaccard": round(j, 4)}
                         for (aid, _), j in zip(group, sims)]
                group.append((copy["article_id"], shingles))
                yield copy, pairs


def write_corpus(seed_texts: Sequence[str], cfg: SynthConfig, out_dir: str | Path) -> SynthSummary:
    """Stream the corpus to ``out_dir/articles.jsonl`` and the planted pairs to ``out_dir/pairs.jsonl``."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    arts, pairs = out / "articles.jsonl", out / "pairs.jsonl"
    n = n_pairs = 0
    stories: set[str] = set()
    with arts.open("w", encoding="utf-8") as fa, pairs.open("w", encoding="utf-8") as fp:
        for article, planted in generate(seed_texts, cfg):
            fa.write(json.dumps(article, ensure_ascii=False) + "\n")
            stories.add(article["story"])
            n += 1
            for p in planted:
                fp.write(json.dumps(p) + "\n")
                n_pairs += 1
    return SynthSummary(str(arts), str(pairs), n, len(stories), n_pairs)

"""Choose the summariser's default weights by k-fold cross-validation over Multi-News stories.

Procedure:

1. Prepare every story exactly as the benchmark does and compute its weight-independent features once.
2. Score every configuration of a small grid on every story: ROUGE-1 F + ROUGE-2 F (rouge-score's tokenizer and
   stemmer) of the summary at the word budget.
3. Split stories into ``k`` folds by a content hash of the story id (deterministic, independent of file
   order). For each fold, pick the configuration with the best mean objective on the *other* folds and score
   it on the held-out fold. Only held-out scores are reported; each story is scored by a configuration chosen
   without it.
4. The shipped defaults come from the same selection rule applied to all stories (the configuration with the
   best mean objective); the held-out scores of step 3 estimate how well that rule generalises. The script
   reports how many folds picked the same configuration and whether
   :class:`storyline.core.story.features.SummaryConfig` already ships it.

Run: ``python -m storyline.bench.tune_summarize --data multinews_dev.jsonl [--folds 5] [--json OUT]``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import logging
from dataclasses import replace
from pathlib import Path
from typing import Sequence

import numpy as np

from storyline.bench.baselines import lead_summary, sumy_summary
from storyline.bench.rouge import METRICS, NgramScorer, rouge, rouge_tokens
from storyline.bench.summarize import prepare_story, read_stories
from storyline.core.story.features import SummaryConfig
from storyline.core.story.summarize import select, story_features
from storyline.core.text.text import stable_id

log = logging.getLogger(__name__)

GRID: dict[str, tuple[float, ...]] = {
    "position_weight": (0.4, 0.6, 0.8, 1.0),
    "cross_weight": (0.0, 0.5, 1.0),
    "support_weight": (0.3, 0.5, 0.8, 1.2),
    "quote_weight": (0.1, 0.2, 0.3, 0.4),
    "redundancy_threshold": (0.25, 0.3, 0.4, 0.5),
    "mmr_lambda": (0.3, 0.5, 0.7),
}


def grid_configs(words: int, grid: dict[str, Sequence[float]] | None = None) -> list[SummaryConfig]:
    """Every combination of the grid (default :data:`GRID`), as configs at the given word budget.

    >>> len(grid_configs(100, {"quote_weight": (0.0, 0.1), "mmr_lambda": (0.5, 0.7, 0.9)}))
    6
    """
    grid = GRID if grid is None else grid
    keys = sorted(grid)
    return [replace(SummaryConfig(words=words), **dict(zip(keys, vals)))
            for vals in itertools.product(*(grid[k] for k in keys))]


def fold_of(story_id: str, k: int) -> int:
    """The fold of a story: a content hash of its id, so folds do not depend on file order.

    >>> fold_of("mn-1", 5) == fold_of("mn-1", 5), 0 <= fold_of("mn-1", 5) < 5
    (True, True)
    """
    return int(stable_id("fold", story_id), 16) % k


def _params(cfg: SummaryConfig) -> dict:
    return {k: getattr(cfg, k) for k in sorted(GRID)}


def cross_validate(data: str | Path, words: int = 250, folds: int = 5, limit: int | None = None) -> dict:
    """Run the procedure in the module documentation; returns the selections and held-out scores."""
    if folds < 2:
        raise ValueError(f"--folds must be at least 2, got {folds}")
    stories = [prepare_story(r) for r in read_stories(data, limit)]
    if len(stories) < folds:
        raise ValueError(f"{len(stories)} stories cannot be split into {folds} folds; lower --folds")
    configs = grid_configs(words)
    base = SummaryConfig(words=words)
    feats = [story_features(st.sentences, base, titles=dict(st.titles)) for st in stories]
    scorers = [NgramScorer(st.reference) for st in stories]
    toks = [[rouge_tokens(s.text) for s in f.sentences] for f in feats]
    log.info("tuning: %d stories, %d configurations", len(stories), len(configs))

    objective, chosen_sets = _objective(configs, feats, scorers, toks)

    fold = np.array([fold_of(st.id, folds) for st in stories])
    picks, fold_rows = [], []
    held_out_summary: list[list[str] | None] = [None] * len(stories)
    for k in range(folds):
        train, test = fold != k, fold == k
        train_mean = objective[:, train].mean(axis=1)
        best = int(np.argmax(train_mean))  # first maximum: grid order breaks ties
        picks.append(best)
        for s in np.flatnonzero(test):
            held_out_summary[s] = [feats[s].sentences[i].text for i in chosen_sets[best][s]]
        fold_rows.append({"fold": k, "n_test": int(test.sum()), "train_objective": float(train_mean[best]),
                          "params": _params(configs[best])})

    pooled = _held_out(stories, held_out_summary, fold, fold_rows, words)

    final = int(np.argmax(objective.mean(axis=1)))
    shipped = _params(SummaryConfig(words=words))
    return {
        "n_stories": len(stories), "folds": folds, "words": words, "grid": {k: list(v) for k, v in GRID.items()},
        "objective": "mean over stories of ROUGE-1 F + ROUGE-2 F",
        "per_fold": fold_rows, "held_out_pooled": pooled,
        "selected_defaults": _params(configs[final]), "folds_agreeing": picks.count(final),
        "all_stories_objective": float(objective[final].mean()),
        "shipped_defaults": shipped, "shipped_match_selected": shipped == _params(configs[final]),
    }


def _objective(configs: list[SummaryConfig], feats: list, scorers: list, toks: list
               ) -> tuple[np.ndarray, list[list[tuple[int, ...]]]]:
    """``objective[c, s]``: ROUGE-1 F + ROUGE-2 F (fractions) of config ``c`` on story ``s``; and the sentences each
    config picks in each story."""
    objective = np.zeros((len(configs), len(feats)))
    chosen_sets: list[list[tuple[int, ...]]] = []
    memo: dict[tuple[int, tuple[int, ...]], float] = {}  # many configurations pick the same sentences
    for c, cfg in enumerate(configs):
        row = []
        for s, f in enumerate(feats):
            chosen = select(f, cfg)
            # order as summarize() orders them (position, article), which fixes bigrams across sentences
            chosen = sorted(chosen, key=lambda i: (f.sentences[i].published or "9999", f.sentences[i].position,
                                                   f.sentences[i].article_id))
            key = (s, tuple(chosen))
            if key not in memo:
                r1, r2 = scorers[s].score_tokens([t for i in chosen for t in toks[s][i]])
                memo[key] = r1 + r2
            objective[c, s] = memo[key]
            row.append(key[1])
        chosen_sets.append(row)
    return objective, chosen_sets


def _held_out(stories: list, held_out_summary: list, fold: np.ndarray, fold_rows: list[dict], words: int) -> dict:
    """Held-out ROUGE (all metrics, the benchmark's own scorer) for storyline and the baselines: per fold (into
    ``fold_rows``) and pooled over every story."""
    systems = {"storyline_cv": held_out_summary,
               "lead": [lead_summary(st.docs, words) for st in stories],
               "lexrank": [sumy_summary(st.docs, words, "lexrank") for st in stories],
               "textrank": [sumy_summary(st.docs, words, "textrank") for st in stories]}
    per_story = {name: [rouge(summ, st.reference) for summ, st in zip(summs, stories)]
                 for name, summs in systems.items()}
    for row in fold_rows:
        k = row["fold"]
        idx = np.flatnonzero(fold == k)
        row["held_out"] = {name: {m: float(np.mean([per_story[name][s][m] for s in idx])) for m in METRICS}
                           for name in systems}
    pooled = {name: {m: float(np.mean([r[m] for r in rows])) for m in METRICS} for name, rows in per_story.items()}
    return pooled


def format_report(res: dict) -> str:
    """Human-readable summary of :func:`cross_validate`."""
    lines = [f"{res['folds']}-fold cross-validation over {res['n_stories']} stories at {res['words']} words; "
             f"objective: {res['objective']}; {len(grid_configs(res['words']))} configurations"]
    for row in res["per_fold"]:
        h = row["held_out"]
        lines.append(f"fold {row['fold']} (n={row['n_test']}): chose {row['params']}")
        for name in h:
            lines.append(f"    {name:<13} " + " ".join(f"{m}={h[name][m]:.2f}" for m in METRICS))
    lines.append("held-out, pooled over all stories (each scored by a configuration chosen without it):")
    for name, sc in res["held_out_pooled"].items():
        lines.append(f"    {name:<13} " + " ".join(f"{m}={sc[m]:.2f}" for m in METRICS))
    lines.append(f"selected defaults (best on all stories; the same as {res['folds_agreeing']} of {res['folds']} "
                 f"fold selections): {res['selected_defaults']}")
    lines.append(f"shipped SummaryConfig defaults match: {res['shipped_match_selected']}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m storyline.bench.tune_summarize", description=__doc__.split("\n")[0])
    p.add_argument("--data", required=True, help="Multi-News JSONL file")
    p.add_argument("--words", type=int, default=250)
    p.add_argument("--folds", type=int, default=5)
    p.add_argument("--limit", type=int, default=None)
    p.add_argument("--json", default=None, help="write the full result as JSON here")
    args = p.parse_args(argv)
    res = cross_validate(args.data, words=args.words, folds=args.folds, limit=args.limit)
    print(format_report(res))
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    raise SystemExit(main())

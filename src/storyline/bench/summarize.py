"""Summary benchmark: storyline against lead, LexRank, TextRank and a ROUGE oracle on Multi-News clusters.

Input is Multi-News JSONL, one story cluster per line: ``{"id", "documents": [...], "summary"}``. Each document
is prepared exactly as the pipeline prepares article text for the summariser: cleaned with
:func:`storyline.core.text.clean.clean_text`, dropped when :func:`storyline.core.text.clean.non_article_reason` says it is
not an article, split with :func:`storyline.core.text.sentences.split_sentences`, each sentence tidied with
:func:`storyline.core.text.sentences.tidy_sentence`. Article ids are
``<story id>#<doc index>``; Multi-News has no outlets, so every article counts as its own outlet.

Every system sees the same sentences and the same word budget. Reported per system: ROUGE-1, ROUGE-2, ROUGE-L
and ROUGE-Lsum F1 (percent, rouge-score with its Porter stemmer), mean words per summary, and seconds per story
spent in that system's own summarising work (preparation is shared and not timed).

Command line (also reachable as ``python -m storyline.bench.summarize``)::

    storyline bench summarize --data FILE [--words 250] [--limit N] [--json OUT] [--focus TEXT]
"""

from __future__ import annotations

import argparse
import json
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Mapping, Sequence

from storyline.bench.baselines import lead_summary, n_words, oracle_summary, sumy_summary
from storyline.bench.rouge import METRICS, rouge
from storyline.core.ingest.records import headline_and_body
from storyline.core.text.clean import clean_text, non_article_reason
from storyline.core.text.sentences import tidy_sentence
from storyline.core.text.sentences import split_sentences
from storyline.core.story.model import Sentence
from storyline.core.story.features import SummaryConfig
from storyline.core.story.summarize import told_summary

log = logging.getLogger(__name__)

SYSTEMS = ("storyline", "lead", "lexrank", "textrank", "oracle")
BASELINES = ("lead", "lexrank", "textrank")


@dataclass(frozen=True)
class Story:
    """One Multi-News cluster, prepared: the summariser's sentences, per-article sentence texts, the reference."""

    id: str
    sentences: tuple[Sentence, ...]
    docs: tuple[tuple[str, ...], ...]
    reference: str
    titles: tuple[tuple[str, str], ...] = ()  # (article id, headline) where an article's first line is one


def read_stories(path: str | Path, limit: int | None = None) -> Iterator[dict]:
    """Records of a Multi-News JSONL file, at most ``limit`` of them."""
    if limit is not None and limit < 1:
        raise ValueError(f"--limit must be a positive number of stories, got {limit}")
    p = Path(path)
    if not p.is_file():
        raise FileNotFoundError(f"no Multi-News JSONL file at {p}; pass --data with a file of "
                                '{"id", "documents", "summary"} lines')
    n = 0
    with p.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            rec = json.loads(line)
            missing = [k for k in ("id", "documents", "summary") if k not in rec]
            if missing:
                raise ValueError(f"{p}:{lineno}: record lacks {', '.join(missing)}")
            yield rec
            n += 1
            if limit is not None and n >= limit:
                return


def prepare_story(rec: Mapping) -> Story:
    """Clean, filter and split a cluster's documents the way the pipeline does, into summariser sentences."""
    sid = str(rec["id"])
    sentences: list[Sentence] = []
    docs: list[tuple[str, ...]] = []
    titles: list[tuple[str, str]] = []
    for k, raw in enumerate(rec["documents"]):
        cleaned = clean_text(raw or "").text
        if non_article_reason(cleaned):
            continue
        aid = f"{sid}#{k}"
        title, cleaned = headline_and_body(cleaned)
        if title:
            titles.append((aid, title))
        spans = split_sentences(cleaned)
        sentences.extend(Sentence(aid, i, tidy_sentence(sp.text), None, None) for i, sp in enumerate(spans))
        if spans:
            docs.append(tuple(sp.text for sp in spans))
    return Story(sid, tuple(sentences), tuple(docs), rec["summary"], tuple(titles))


def storyline_summary(story: Story, config: SummaryConfig) -> list[str]:
    """storyline's summary of one prepared story, as sentence strings."""
    return [s.text for s in told_summary(story.sentences, config, titles=dict(story.titles))]


def _system_fn(name: str, words: int, config: SummaryConfig) -> Callable[[Story], list[str]]:
    if name == "storyline":
        return lambda st: storyline_summary(st, config)
    if name == "lead":
        return lambda st: lead_summary(st.docs, words)
    if name in ("lexrank", "textrank"):
        return lambda st: sumy_summary(st.docs, words, name)
    if name == "oracle":
        return lambda st: oracle_summary(st.docs, st.reference, words)
    raise ValueError(f"unknown system {name!r}; choose from {', '.join(SYSTEMS)}")


def run_summarize_bench(
    data_path: str | Path,
    words: int = 250,
    limit: int | None = None,
    storyline_summaries: Mapping[str, Sequence[str]] | None = None,
    systems: Sequence[str] = SYSTEMS,
    storyline_seconds: float | None = None,
    focus: str | None = None,
    config: SummaryConfig | None = None,
) -> dict:
    """Run every system on the same stories at the same word budget and score them.

    ``storyline_summaries`` (story id -> summary sentences) replaces the in-process storyline run with
    summaries made elsewhere, e.g. by the Spark pipeline; ``storyline_seconds`` is then the total time of that
    summarise stage, reported per story. A story missing from it scores as an empty summary and is counted
    in ``storyline_missing``.
    """
    if words < 1:
        raise ValueError(f"--words must be at least 1, got {words}")
    unknown = [s for s in systems if s not in SYSTEMS]
    if unknown:
        raise ValueError(f"unknown systems {unknown}; choose from {', '.join(SYSTEMS)}")
    if config is None:
        config = SummaryConfig(words=words, focus=focus)
    elif config.words != words:
        raise ValueError(f"config.words ({config.words}) and words ({words}) disagree; pass one budget")
    stories = [prepare_story(r) for r in read_stories(data_path, limit)]
    if not stories:
        raise ValueError(f"{data_path} holds no stories")
    log.info("summary bench: %d stories, %d words, systems %s", len(stories), words, ", ".join(systems))

    out: dict = {"systems": {}, "n_stories": len(stories), "words": words}
    for name in systems:
        given = storyline_summaries if name == "storyline" else None
        row, missing = _score_system(name, stories, words, config, given, storyline_seconds)
        if given is not None:
            out["storyline_missing"] = missing
        out["systems"][name] = row
        log.info("summary bench: %s done", name)

    present = [b for b in BASELINES if b in out["systems"]]
    if "storyline" in out["systems"] and present:
        sl = out["systems"]["storyline"]
        out["best_baseline"] = {m: max(present, key=lambda b: out["systems"][b][m]) for m in METRICS}
        out["margins"] = {m: sl[m] - out["systems"][out["best_baseline"][m]][m] for m in METRICS}
    return out


def _score_system(name: str, stories: list, words: int, config: SummaryConfig,
                  given: Mapping[str, Sequence[str]] | None, given_seconds: float | None) -> tuple[dict, int]:
    """One system's mean ROUGE, words, seconds per story and summaries over budget on ``stories``; with ``given``
    summaries (storyline's, made elsewhere), those are scored, and how many stories they miss is returned too."""
    totals = {m: 0.0 for m in METRICS}
    total_words, elapsed, over = 0, 0.0, 0
    missing = 0
    fn = _system_fn(name, words, config)
    for st in stories:
        if given is not None:
            summary = list(given.get(st.id, ()))
            missing += st.id not in given
        else:
            t0 = time.perf_counter()
            summary = fn(st)
            elapsed += time.perf_counter() - t0
        n = sum(n_words(s) for s in summary)
        over += n > words
        total_words += n
        for m, v in rouge(summary, st.reference).items():
            totals[m] += v
    k = len(stories)
    row = {m: totals[m] / k for m in METRICS}
    row["words"] = total_words / k
    if given is not None:
        row["sec_per_story"] = None if given_seconds is None else given_seconds / k
    else:
        row["sec_per_story"] = elapsed / k
    row["over_budget"] = over
    return row, missing


def format_table(result: Mapping) -> str:
    """A fixed-width text table of a :func:`run_summarize_bench` result."""
    head = f"{'system':<10} " + " ".join(f"{m:>9}" for m in METRICS) + f" {'words':>7} {'sec/story':>10}"
    lines = [f"Multi-News summaries: {result['n_stories']} stories, budget {result['words']} words "
             "(ROUGE F1 %)", head, "-" * len(head)]
    for name, row in result["systems"].items():
        sec = row.get("sec_per_story")
        sec_s = "n/a" if sec is None else f"{sec:.4f}"
        lines.append(f"{name:<10} " + " ".join(f"{row[m]:>9.2f}" for m in METRICS)
                     + f" {row['words']:>7.1f} {sec_s:>10}")
    if "margins" in result:
        lines.append("-" * len(head))
        lines.append(f"{'margin':<10} " + " ".join(f"{result['margins'][m]:>+9.2f}" for m in METRICS)
                     + "   storyline minus best baseline per metric ("
                     + ", ".join(f"{m}: {result['best_baseline'][m]}" for m in METRICS) + ")")
    if result.get("storyline_missing"):
        lines.append(f"storyline summaries missing for {result['storyline_missing']} stories (scored empty)")
    return "\n".join(lines)


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """Arguments of ``storyline bench summarize``; pass a sub-parser to add them to it."""
    p = parser or argparse.ArgumentParser(prog="storyline bench summarize", description=__doc__.split("\n")[0])
    p.add_argument("--data", required=True, help="Multi-News JSONL file")
    p.add_argument("--words", type=int, default=250, help="summary word budget (default 250)")
    p.add_argument("--limit", type=int, default=None, help="only the first N stories")
    p.add_argument("--json", default=None, help="also write the result as JSON to this file")
    p.add_argument("--focus", default=None, help="bias storyline's summaries toward this topic or question")
    p.add_argument("--systems", default=",".join(SYSTEMS),
                   help=f"comma-separated systems to run (default {','.join(SYSTEMS)})")
    return p


def run_from_args(args: argparse.Namespace) -> int:
    """Run the benchmark for parsed arguments, print the table, optionally write JSON. Returns an exit code."""
    systems = tuple(s.strip() for s in args.systems.split(",") if s.strip())
    result = run_summarize_bench(args.data, words=args.words, limit=args.limit, systems=systems, focus=args.focus)
    print(format_table(result))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``storyline bench summarize`` as a function: ``main(["--data", FILE, "--limit", "20"])``."""
    return run_from_args(build_parser().parse_args(argv))


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    raise SystemExit(main())

"""A run's entities against hand-typed ones: of each labelled story's top five entities, how many are names with the
right type.

The labels (``benchmarks/labels/entities.json``) type, for each story, every name that the rule-based reader or the
model put among its top five, by reading the sentences that name it: ``PERSON``, ``ORG``, ``GPE`` (countries,
cities, states), ``LOC`` (other places, buildings and structures), ``NORP`` (nationalities, religious and political
groups), ``EVENT``, ``PRODUCT``, ``WORK_OF_ART``, ``OTHER`` (another kind of name), or ``NOT_A_NAME`` (a phrase,
a credit, page furniture). ``same_as`` names the entity a partial name stands for ("Simpson" for "O.J. Simpson").
The file keeps no text of the sets it was read from: a name (and its variants and ``same_as``) is the SHA-1 of the
name as written (:func:`digest`), and a story's key the SHA-1 of the smallest id among its articles
(:func:`story_key`). Half of the stories are kept apart from building (``held_out``, the key's parity).

A top-five entry is **right** when the labels type it as a name, its type agrees (``FAC`` counts as ``LOC``), and
it is not a partial name listed beside the entity it stands for (a merge missed). An entry the labels do not know
is **unjudged**: counted apart, never guessed.

    storyline bench entities --data OUT_DIR [OUT_DIR ...] [--gold benchmarks/labels/entities.json] [--half held]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

NAME_TYPES = ("PERSON", "ORG", "GPE", "LOC", "NORP", "EVENT", "PRODUCT", "WORK_OF_ART", "OTHER")
GOLD_TYPES = (*NAME_TYPES, "NOT_A_NAME")
SAME = {"FAC": "LOC"}
TOP = 5


def digest(text: str) -> str:
    """How the labels write a name or a key: the SHA-1 of its UTF-8 bytes, in hex.

    >>> digest("Backman")[:12]
    'edb0147c34d9'
    """
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Label:
    """One hand-typed name of a story (``name``, ``variants`` and ``same_as`` as :func:`digest` writes them)."""

    name: str
    gold: str
    variants: tuple[str, ...] = ()
    same_as: str | None = None


@dataclass(frozen=True)
class LabelledStory:
    key: str
    set: str
    held_out: bool
    labels: tuple[Label, ...]

    def find(self, name: str) -> Label | None:
        """The label of ``name`` (as a run writes it): by its name, else by one of its variants."""
        d = digest(name)
        return (next((lb for lb in self.labels if lb.name == d), None)
                or next((lb for lb in self.labels if d in lb.variants), None))


@dataclass
class Score:
    right: int = 0
    wrong: int = 0
    unjudged: int = 0
    stories: int = 0
    errors: list[tuple[str, str, str, str]] = field(default_factory=list)  # (key, name, given, why)

    @property
    def judged(self) -> int:
        return self.right + self.wrong

    @property
    def share(self) -> float:
        return self.right / self.judged if self.judged else 0.0


def load_labels(path: str | Path) -> list[LabelledStory]:
    """The labelled stories of a labels file; a bad type or a missing field raises ValueError naming the story."""
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    out = []
    for s in doc["stories"]:
        labels = []
        for e in s["entities"]:
            if e["gold"] not in GOLD_TYPES:
                raise ValueError(f"{path}: story {s['key']}: name {e['name']} has type {e['gold']!r}; use one of "
                                 f"{', '.join(GOLD_TYPES)}")
            labels.append(Label(e["name"], e["gold"], tuple(e.get("variants") or ()), e.get("same_as") or None))
        out.append(LabelledStory(s["key"], s["set"], bool(s["held_out"]), tuple(labels)))
    return out


def story_key(story: dict) -> str:
    """A story's key: the SHA-1 of the smallest id among its articles."""
    return digest(min(story["article_ids"]))


def score_story(top: Iterable[tuple[str, str]], labelled: LabelledStory, score: Score) -> None:
    """Add one story's top entries, ``(name, type)`` in rank order, to ``score``.

    >>> d = digest
    >>> ls = LabelledStory("a", "x", False, (Label(d("O.J. Simpson"), "PERSON", (d("Simpson"),)),
    ...     Label(d("Simpson"), "PERSON", (), d("O.J. Simpson")), Label(d("Los Angeles"), "GPE"),
    ...     Label(d("Add Trump"), "NOT_A_NAME")))
    >>> s = Score(); score_story([("O.J. Simpson", "PERSON"), ("Simpson", "PERSON"), ("Los Angeles", "ORG"),
    ...                           ("Add Trump", "PERSON"), ("Nicole", "PERSON")], ls, s)
    >>> s.right, s.wrong, s.unjudged, [why for *_, why in s.errors]
    (1, 3, 1, ['merge missed', 'type ORG, not GPE', 'not a name'])
    """
    top = list(top)[:TOP]
    names = {digest(n) for n, _ in top}
    score.stories += 1
    for name, given in top:
        lb = labelled.find(name)
        if lb is None:
            score.unjudged += 1
            continue
        if lb.gold == "NOT_A_NAME":
            why = "not a name"
        elif lb.same_as and lb.same_as != lb.name and lb.same_as in names:
            why = "merge missed"
        elif SAME.get(given, given) != SAME.get(lb.gold, lb.gold):
            why = f"type {given}, not {lb.gold}"
        else:
            score.right += 1
            continue
        score.wrong += 1
        score.errors.append((labelled.key, name, given, why))


def score_run(stories: Iterable[dict], labelled: list[LabelledStory], half: str | None = None) -> dict[str, Score]:
    """Scores per set of the labelled stories a run holds (``half``: ``held`` or ``build`` only, else both)."""
    by_key = {ls.key: ls for ls in labelled if half is None or ls.held_out == (half == "held")}
    scores: dict[str, Score] = {}
    for story in stories:
        ls = by_key.get(story_key(story))
        if ls is None:
            continue
        score_story(((e["name"], e["type"]) for e in story.get("entities") or []), ls,
                    scores.setdefault(ls.set, Score()))
    return scores


def _stories(path: Path) -> list[dict]:
    f = path / "stories.jsonl" if path.is_dir() else path
    return [json.loads(line) for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="storyline bench entities", description=__doc__.split("\n\n")[0])
    p.add_argument("--data", required=True, nargs="+", metavar="OUT_DIR", help="runs' output folders")
    p.add_argument("--gold", default="benchmarks/labels/entities.json", metavar="LABELS.json")
    p.add_argument("--half", choices=("build", "held"), help="one half of the labelled stories only")
    p.add_argument("--errors", type=int, default=0, metavar="N", help="print each run's first N wrong entries")
    args = p.parse_args(argv)
    labelled = load_labels(args.gold)
    print(f"{'run':<40} {'set':<18} {'stories':>7} {'right':>12} {'unjudged':>8}")
    for data in args.data:
        for name, s in sorted(score_run(_stories(Path(data)), labelled, args.half).items()):
            print(f"{data[-40:]:<40} {name:<18} {s.stories:>7} {s.right:>4}/{s.judged:<4} {s.share:.3f} "
                  f"{s.unjudged:>5}")
            for key, ent, given, why in s.errors[:args.errors]:
                print(f"    {key[:30]:<30} {ent!r} ({given}): {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""storyline bench entities: a run's top-five entities against hand-typed ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import REPO
from storyline.bench.entities import GOLD_TYPES, digest, load_labels, main, score_run

LABELS = REPO / "benchmarks" / "labels" / "entities.json"


def _labels(tmp_path: Path, gold: str = "PERSON") -> Path:
    d = digest
    doc = {"stories": [{"key": d("a1"), "set": "mn", "held_out": False, "entities": [
        {"name": d("Wally Backman"), "gold": gold, "variants": [d("Backman")]},
        {"name": d("Backman"), "gold": "PERSON", "same_as": d("Wally Backman")},
        {"name": d("New York Mets"), "gold": "ORG"}, {"name": d("Las Vegas"), "gold": "GPE"},
        {"name": d("Add Backman"), "gold": "NOT_A_NAME"}]},
        {"key": d("b1"), "set": "mn", "held_out": True, "entities": [{"name": d("Brannock"), "gold": "GPE"}]}]}
    p = tmp_path / "labels.json"
    p.write_text(json.dumps(doc))
    return p


def _story(ids: list[str], *ents: tuple[str, str]) -> dict:
    return {"article_ids": ids, "entities": [{"name": n, "type": t} for n, t in ents]}


def test_a_run_is_scored_on_its_top_five_names_and_types(tmp_path: Path) -> None:
    labelled = load_labels(_labels(tmp_path))
    run = [_story(["a2", "a1"], ("Wally Backman", "PERSON"), ("Backman", "PERSON"), ("New York Mets", "GPE"),
                  ("Add Backman", "PERSON"), ("Las Vegas", "GPE"), ("Newsday", "ORG")),  # the sixth is not read
           _story(["b1"], ("Brannock", "LOC")), _story(["z9"], ("Someone", "PERSON"))]
    score = score_run(run, labelled)["mn"]
    assert (score.right, score.wrong, score.unjudged, score.stories) == (2, 4, 0, 2)
    assert sorted(why for *_, why in score.errors) == ["merge missed", "not a name", "type GPE, not ORG",
                                                       "type LOC, not GPE"]
    held = score_run(run, labelled, half="held")["mn"]
    assert (held.right, held.wrong, held.stories) == (0, 1, 1)
    # a short name that stands alone (its full name not in the top five) is judged by its type
    alone = score_run([_story(["a1"], ("Backman", "PERSON"), ("Unknown Name", "ORG"))], labelled)["mn"]
    assert (alone.right, alone.wrong, alone.unjudged) == (1, 0, 1)


def test_a_bad_type_in_the_labels_names_the_story(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=rf"story {digest('a1')}: name {digest('Wally Backman')} has type 'HUMAN'"):
        load_labels(_labels(tmp_path, gold="HUMAN"))


def test_the_command_prints_each_run_side_by_side(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    for name, t in (("rules", "GPE"), ("model", "ORG")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "stories.jsonl").write_text(
            json.dumps(_story(["a1"], ("Wally Backman", "PERSON"), ("New York Mets", t))) + "\n")
    assert main(["--data", str(tmp_path / "rules"), str(tmp_path / "model"), "--gold", str(_labels(tmp_path))]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any("rules" in x and "1/2" in x for x in lines) and any("model" in x and "2/2" in x for x in lines)


def test_the_shipped_labels_type_300_entities_of_60_stories_half_held_out() -> None:
    text = LABELS.read_text(encoding="utf-8")
    assert '"title"' not in text and '"note"' not in text  # digests and types only: no text of the sets
    stories = load_labels(LABELS)
    assert len(stories) == 60 and sum(len(s.labels) for s in stories) >= 300
    assert {s.set for s in stories} == {"multinews-dev", "trafilatura-eval"}
    assert 20 <= sum(s.held_out for s in stories) <= 40
    assert all(lb.gold in GOLD_TYPES for s in stories for lb in s.labels)
    for s in stories:  # a partial name points at a name of its own story
        names = {lb.name for lb in s.labels}
        assert all(lb.same_as in names for lb in s.labels if lb.same_as), s.key

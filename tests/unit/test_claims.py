"""Claims: corroborated facts, predicate and number disputes, what must not be flagged, and the seeds."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from storyline.core.story.claims import find_claims, find_corroborated
from storyline.core.story.entities import analyse
from storyline.core.text.sentences import split_sentences
from storyline.core.story.model import Sentence

SHARED = Path(__file__).resolve().parents[2].parent / "shared"


def _story(*lines: str) -> list[Sentence]:
    """``"outlet: text"`` lines; each outlet is one article (id = outlet name)."""
    out = []
    for k, line in enumerate(lines):
        outlet, _, text = line.partition(": ")
        out.append(Sentence(outlet, k, text, outlet))
    return out


def find_disputes(sentences):
    return find_claims(sentences)[1]


def _summary(disputes) -> list[tuple[str, str, list[tuple[str, list[str]]]]]:
    return [(d.subject, d.frame, [(s.claim, s.outlets) for s in d.sides]) for d in disputes]


def test_resigned_versus_fired_is_a_dispute_with_both_sides_attributed() -> None:
    story = _story(
        "alpha: Club president Nora Eklund said coach Pavel Dvorak resigned after the final game.",
        "beta: Dvorak was fired on the spot, two players said.",
        "gamma: Eklund thanked Dvorak for his work with the youth teams.",
    )
    _, disputed = find_claims(story)
    assert _summary(disputed) == [("what happened to Pavel Dvorak", "role",
                                   [("resigned", ["alpha"]), ("fired", ["beta"])])]
    side = disputed[0].sides[1]
    assert side.article_ids == ["beta"] and side.text == story[1].text
    assert [s.to_row() for s in side.sentences] == [{"article_id": "beta", "outlet": "beta", "text": story[1].text,
                               "attribution": "two players said"}]


def test_a_claim_and_its_denial_are_a_dispute() -> None:
    disputed = find_disputes(_story("alpha: Minister Ruth Okoye confirmed the merger of the two state banks.",
                                    "beta: Okoye denied the merger of the two state banks."))
    assert [(d.frame, sorted(o for s in d.sides for o in s.outlets)) for d in disputed] == [
        ("polarity", ["alpha", "beta"])]


@pytest.mark.parametrize("other", [
    "Dvorak did not resign, the club said.",  # negated
    "If Dvorak had resigned, he would have said so.",  # conditional
    "Dvorak could be fired next week.",  # modal
    "Dvorak reportedly resigned.",  # hedged
    "After being let go or resigning, whichever you believe, Dvorak left.",  # either-or
    "Did Dvorak resign or was he fired?",  # question
    "The club refused to comment on Dvorak.",  # "refused to" is no rejection
    "Dvorak resigned in 2009 from his first club.",  # another time
])
def test_hedged_negated_and_other_uses_are_not_flagged(other: str) -> None:
    story = _story("alpha: Coach Pavel Dvorak was fired by the club.", f"beta: {other}")
    assert find_disputes(story) == []


def test_same_article_or_different_subjects_are_not_disputes() -> None:
    same_article = [
        Sentence("x", 0, "Coach Pavel Dvorak resigned on Friday.", "alpha"),
        Sentence("x", 1, "Others say Dvorak was fired.", "alpha"),
    ]
    assert find_disputes(same_article) == []
    different = _story("alpha: Coach Pavel Dvorak resigned.", "beta: Assistant coach Tomas Hruby was fired.")
    assert find_disputes(different) == []


def test_a_person_named_after_a_role_is_the_one_the_act_is_done_to() -> None:
    story = _story(
        "alpha: Carrow Rovers have sacked manager Declan Keane after a 4-0 cup defeat.",
        "beta: Declan Keane has resigned as Carrow Rovers manager, the club said.",
        "gamma: The Rovers board thanked head coach Declan Keane and manager Ray Dolan.",
    )
    assert _summary(find_disputes(story)) == [
        ("what happened to Declan Keane", "role", [("sacked", ["alpha"]), ("resigned", ["beta"])])]


def test_different_numbers_for_the_same_quantity() -> None:
    story = _story(
        "alpha: Officials said 12 people died when the ferry capsized.",
        "beta: The ferry capsized and 15 people died, the coast guard said.",
        "gamma: At least 10 people died in the capsizing.",  # consistent with both
    )
    disputed = find_disputes(story)
    assert [(d.kind, d.subject) for d in disputed] == [("number", "how many people")]
    assert sorted(s.outlets[0] for s in disputed[0].sides) == ["alpha", "beta"]


@pytest.mark.parametrize("other", [
    "At least 10 people died when the ferry capsized.",  # a lower bound, not a conflict
    "About 13 people died when the ferry capsized.",  # approximately 12
    "Three people died in Harwick when the ferry capsized.",  # a count for one place only
    "On average 15 people die each year on that crossing, and 15 people died last year.",  # a rate / another time
    "That earthquake killed 300 people.",  # another event
    "Officials said 12 people died when the ferry capsized.",  # the same number
])
def test_compatible_numbers_are_not_flagged(other: str) -> None:
    story = _story("alpha: Officials said 12 people died when the ferry capsized.", f"beta: {other}")
    assert find_disputes(story) == []


def test_corroborated_facts_need_two_outlets() -> None:
    story = _story(
        "alpha: The city council approved the new harbour bridge on Monday by nine votes to four.",
        "beta: On Monday the city council approved the new harbour bridge, nine votes to four.",
        "beta: The bridge will carry trams as well as cars across the harbour.",
        "gamma: Fishing boats in the harbour waited all week for calmer weather.",
    )
    facts = find_corroborated(story)
    assert len(facts) == 1
    fact = facts[0]
    assert fact.outlets == ["alpha", "beta"] and fact.support == 2 and len(fact.sentences) == 2
    assert fact.text in (story[0].text, story[1].text)
    assert fact.to_row()["article_ids"] == ["alpha", "beta"]
    one_outlet = [replace(s, source="alpha") for s in story[:2]]
    assert find_corroborated(one_outlet) == []
    with pytest.raises(ValueError, match="threshold"):
        find_corroborated(story, threshold=0)


def _seed_sentences() -> list[Sentence]:
    seeds = SHARED / "seeds"
    if not seeds.is_dir():
        pytest.skip("../shared/seeds is not present beside the checkout")
    sents = []
    for path in sorted(seeds.glob("*.txt")):
        sents += [Sentence(path.stem, k, sp.text, None)
                  for k, sp in enumerate(split_sentences(path.read_text(encoding="utf-8")))]
    return sents


def _spacy_model() -> str:
    return "en_core_web_sm"  # the checked model, installed with storyline


@pytest.mark.parametrize("use_spacy", [False, True], ids=["rules", "spacy"])
def test_seeds_resigned_versus_fired_about_backman(use_spacy: bool) -> None:
    sents = _seed_sentences()
    index = analyse(sents, model=_spacy_model()) if use_spacy else None
    _, disputed = find_claims(sents, index=index)
    backman = [d for d in disputed if d.subject == "what happened to Wally Backman"]
    assert len(backman) == 1
    sides = {s.claim: s for s in backman[0].sides}
    assert set(sides) == {"resigned", "fired"}
    assert "resigned" in sides["resigned"].text and "fired" in sides["fired"].text
    # one report tells both voices: the general manager's (resigned) and its sources' (fired)
    assert sides["resigned"].article_ids and sides["fired"].article_ids
    assert "Alderson" in (sides["resigned"].sentences[0].attribution or "")
    # the 2005 Diamondbacks firing is another event and must not join the fired side
    assert not any("2005" in s.text for s in sides["fired"].sentences)


def test_claims_bench_reads_multinews_and_flags_a_conflict(tmp_path):
    """The bench reads stories with the shared Multi-News reader (``limit`` respected) and reports the
    conflicting death toll with both sides."""
    from storyline.bench.claims import run_claims_bench

    filler = (" The blast hit the market in Harlow early in the morning, and the city council met later to discuss"
              " safety. Residents described scenes of chaos as emergency crews arrived from nearby towns.")
    recs = [{"id": "toy-1", "summary": "s", "documents": [
                "Twenty people were killed in a blast at the Harlow market on Tuesday, police said." + filler,
                "Officials said 31 people were killed in a blast at the Harlow market on Tuesday." + filler]},
            {"id": "toy-2", "summary": "s", "documents": ["Not read: the limit stops before this story."]}]
    path = tmp_path / "mn.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    res = run_claims_bench(path, limit=1, sample=5)
    assert res["n_stories"] == 1 and res["n_disputed"] == 1
    (flag,) = res["sample"]
    assert {s["article_ids"][0] for s in flag["sides"]} == {"toy-1#0", "toy-1#1"}
    with pytest.raises(FileNotFoundError):
        run_claims_bench(tmp_path / "missing.jsonl")

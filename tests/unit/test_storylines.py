"""Storylines from stories' central actors and meaning (core.story.storylines), without Spark."""

from __future__ import annotations

from dataclasses import replace

from storyline.config import load_config
from storyline.core.nlp.embed import encode
from storyline.core.nlp.parse import parse
from storyline.core.nlp.roles import COMPONENTS, actor_phrases, attached_phrases
import numpy as np

from storyline.core.story.storylines import (Named, StoryNode, candidates, central_actors, label, storyline_id,
                                             storylines, threaded)

CFG = load_config().storylines


def _node(story_id: str, day: int | None, title: str, opening: str | list[str], entities: list[Named]) -> StoryNode:
    """A story as the finder reads it: its title and its summary's opening sentences (the first is its lead), its
    actors and attached names read from the parse of both."""
    opening = [opening] if isinstance(opening, str) else opening
    parsed = parse([title, opening[0]], COMPONENTS)
    people, organisations = central_actors(title, opening[0], entities, [a for p in parsed for a in actor_phrases(p)])
    also = central_actors(title, opening[0], entities, [a for p in parsed for a in attached_phrases(p)])
    return StoryNode(story_id, day, title, people, organisations, encode([f"{title}. {' '.join(opening)}"])[0],
                     attached_people=tuple(x for x in also[0] if x not in people),
                     attached_organisations=tuple(x for x in also[1] if x not in organisations))


MAREK = [Named("Ines Marek", "PERSON", ("Marek",)), Named("Harlow Town", "ORG"), Named("Dunmore City", "ORG")]
QUITS = _node("s-quits", 100, "Ines Marek resigns as Harlow Town coach after cup exit", [
    "Ines Marek resigned as head coach of Harlow Town on Monday, two days after the club was knocked out of the "
    "regional cup by a third-tier side.",
    '"It is the right moment for someone else to take the team forward," Marek said in a statement released by the '
    'club.',
    "Assistant coach Tomas Brenn will take charge of training until a successor is appointed."], MAREK)
HIRED = _node("s-hired", 117, "Dunmore City appoint Marek as head coach", [
    "Ines Marek has been named head coach of Dunmore City, less than three weeks after she left Harlow Town.",
    "Marek signed a contract until the summer of 2027, Dunmore City said on Thursday.",
    "Marek resigned from Harlow Town earlier this month after a cup defeat."], MAREK)
BOARD = [Named("Food Standards Board", "ORG"), Named("Orvo", "ORG"), Named("Kettle Crisp", "ORG")]
FORMULA = _node("s-formula", 200, "Food Standards Board recalls Orvo baby formula",
                "The Food Standards Board on Wednesday ordered the recall of three batches of Orvo baby formula "
                "after tests found bacteria.", BOARD)
SNACKS = _node("s-snacks", 214, "Food Standards Board recalls Kettle Crisp snacks",
               "The Food Standards Board on Wednesday ordered the recall of Kettle Crisp potato snacks because the "
               "packets do not list milk.", BOARD)


def test_a_resignation_and_the_same_persons_next_job_are_one_storyline_in_time_order() -> None:
    assert [[n.story_id for n in c] for c in storylines([HIRED, QUITS], CFG)] == [["s-quits", "s-hired"]]


def test_one_regulators_recalls_of_two_makers_products_are_two_storylines() -> None:
    assert threaded(FORMULA, SNACKS, CFG) is False
    assert len(storylines([FORMULA, SNACKS], CFG)) == 2


def test_stories_further_apart_than_the_window_are_not_one_storyline() -> None:
    later = StoryNode("s-hired", QUITS.day + CFG.window_days + 1, HIRED.title, HIRED.people, HIRED.organisations,
                      HIRED.vector)
    assert threaded(QUITS, HIRED, CFG) and not threaded(QUITS, later, CFG)


def test_a_shared_place_is_no_thread() -> None:
    places = [Named("Port Calder", "GPE")]
    fire = _node("s-fire", 10, "Fire at Port Calder warehouse", "A fire destroyed a warehouse in Port Calder.", places)
    vote = _node("s-vote", 12, "Port Calder council votes on fares", "Port Calder's council voted to raise fares.",
                 places)
    assert fire.actor_keys == frozenset() and len(storylines([fire, vote], CFG)) == 2


def test_a_person_named_by_more_stories_than_the_cap_links_none_by_itself() -> None:
    person = [Named("Ines Marek", "PERSON", ("Marek",))]
    days = [_node(f"s-{i}", 100 + i, t, lead, person) for i, (t, lead) in enumerate([
        ("Ines Marek resigns as coach", "Ines Marek resigned as head coach on Monday after a cup defeat."),
        ("Marek named head coach", "Ines Marek has been named head coach, three weeks after she resigned."),
        ("Marek wins first game as coach", "Ines Marek won her first game as head coach on Saturday.")])]
    near = replace(CFG, min_similarity=0.5)  # one-sentence openings: the cap is under test, not the meaning
    assert len(storylines(days, near)) == 1
    assert len(storylines(days, replace(near, max_postings=2))) == 3


def test_a_storylines_id_is_its_first_storys_and_a_later_story_keeps_it() -> None:
    first = storylines([QUITS, HIRED], CFG)[0]
    more = _node("s-debut", 125, "Marek's Dunmore City beat Carrow in her first game", [
        "Ines Marek won her first game as Dunmore City coach on Saturday, a 2-0 home win over Carrow.",
        "Marek took over at Dunmore City a week ago, after she resigned as coach of Harlow Town.",
        "Dunmore City said the new coach would name her captain before the next league game."], MAREK)
    grown = storylines([QUITS, HIRED, more], CFG)[0]
    assert [n.story_id for n in grown] == ["s-quits", "s-hired", "s-debut"]
    assert storyline_id(first[0].story_id) == storyline_id(grown[0].story_id)


GLASS = [Named("Solberg Glassworks", "ORG", ("Solberg",)), Named("Tarnmouth", "GPE")]
STRIKE = _node("s-strike", 300, "Staff at Solberg Glassworks walk out over pay",
               "Around 600 workers at Solberg Glassworks walked off the job on Monday, starting a strike over pay.",
               GLASS)
CLOSURE = _node("s-closure", 340, "Solberg shuts its only factory",
                "Solberg Glassworks will close its Tarnmouth plant after two furnaces were damaged during the strike.",
                GLASS)


def test_a_reference_back_links_events_of_one_actor_whose_openings_are_not_close() -> None:
    """A strike and the closure it led to: the company is an actor of both (attached to the strikers in one), their
    openings are not close in meaning, and the closure's text telling the strike's opening is the evidence."""
    assert float(np.dot(STRIKE.vector, CLOSURE.vector)) < CFG.min_similarity
    assert not threaded(STRIKE, CLOSURE, CFG)
    assert threaded(STRIKE, CLOSURE, CFG, reference=CFG.min_reference)
    assert [[n.story_id for n in c] for c in storylines([CLOSURE, STRIKE], CFG, {(0, 1): 0.4})] == [
        ["s-strike", "s-closure"]]


def test_topic_alone_never_links_however_much_one_tells_the_other() -> None:
    other = _node("s-other", 310, "Harlow Bottling staff walk out over pay",
                  "Around 400 workers at Harlow Bottling walked off the job on Monday, starting a strike over pay.",
                  [Named("Harlow Bottling", "ORG")])
    assert not threaded(STRIKE, other, CFG, reference=1.0)


def test_an_attached_name_is_no_actor_for_close_openings() -> None:
    """Names attached to an actor ("workers at Solberg Glassworks") link only on a reference back: close openings
    alone ask for an actor of both."""
    assert STRIKE.actor_keys == frozenset() and STRIKE.named_keys == {"solberg glassworks"}
    near = replace(CFG, min_similarity=0.1)
    assert not threaded(STRIKE, CLOSURE, near) and threaded(STRIKE, CLOSURE, near, reference=0.9)


def test_a_short_name_is_the_actor_of_the_longer_one_it_begins() -> None:
    trial = _node("s-trial", 400, "Venmark tablet halves migraine attacks",
                  "Venmark said on Monday its migraine tablet halved attacks in a trial of 1,840 adults.",
                  [Named("Venmark", "ORG")])
    approval = _node("s-approval", 420, "Venmark Biosciences wins approval for migraine tablet",
                     "Venmark Biosciences won approval for its migraine tablet on Thursday.",
                     [Named("Venmark Biosciences", "ORG")])
    assert threaded(trial, approval, CFG, reference=0.5)
    assert (0, 1) in candidates([trial, approval], CFG.max_postings)


def test_a_storyline_is_labelled_by_the_name_its_stories_share_attached_or_not() -> None:
    chain = storylines([STRIKE, CLOSURE], CFG, {(0, 1): 0.4})[0]
    assert label(chain) == "Solberg Glassworks: Solberg shuts its only factory"


def test_a_person_named_by_surname_alone_is_the_same_actor() -> None:
    found = _node("s-found", 500, "Missing Dreyk painting found in lock-up",
                  "Detectives have recovered a painting cut from its frame at a museum three months ago.",
                  [Named("Orsolya Dreyk", "PERSON")])
    assert found.person_keys == {"orsolya dreyk"}

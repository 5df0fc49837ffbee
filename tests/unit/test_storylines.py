"""Storylines from stories' central actors and meaning (core.story.storylines), without Spark."""

from __future__ import annotations

from dataclasses import replace

from storyline.config import load_config
from storyline.core.nlp.embed import encode
from storyline.core.story.storylines import Named, StoryNode, central_actors, storyline_id, storylines, threaded

CFG = load_config().storylines


def _node(story_id: str, day: int | None, title: str, opening: str | list[str], entities: list[Named]) -> StoryNode:
    """A story as the finder reads it: its title and its summary's opening sentences (the first is its lead)."""
    opening = [opening] if isinstance(opening, str) else opening
    people, organisations = central_actors(title, opening[0], entities)
    return StoryNode(story_id, day, title, people, organisations, encode([f"{title}. {' '.join(opening)}"])[0])


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

"""Story terms, components, average linkage and clustering scores (pure Python, no JVM)."""

from __future__ import annotations

import random

import pytest

from storyline.bench.scores import cluster_scores, pair_scores, pairs_of_groups
from storyline.core.graph import connected_components
from storyline.core.grouping.cluster import (
    TermConfig,
    ages_apart,
    average_linkage,
    entity_phrases,
    event_keys,
    stated_ages,
    story_terms,
)


def test_components_match_brute_force_reachability():
    rng = random.Random(2)
    nodes = list(range(40))
    edges = [(rng.randrange(40), rng.randrange(40)) for _ in range(30)]
    labels = connected_components(nodes, edges)
    adj = {n: set() for n in nodes}
    for a, b in edges:
        adj[a].add(b)
        adj[b].add(a)
    for n in nodes:
        seen, todo = {n}, [n]
        while todo:
            for m in adj[todo.pop()]:
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        assert labels[n] == min(seen)


def test_chaining_guard_keeps_two_events_apart():
    # A and C are different events; B is a round-up that mentions both. Single linkage (components) glues
    # all three; average linkage at the same threshold must not.
    edges = [("A", "B", 0.45), ("B", "C", 0.42), ("A", "C", 0.02)]
    assert set(connected_components("ABC", [(a, b) for a, b, s in edges if s >= 0.3]).values()) == {"A"}
    labels = average_linkage("ABC", edges, threshold=0.3)
    assert labels["A"] == labels["B"] == "A"
    assert labels["C"] == "C"


def test_average_linkage_merges_a_real_story_and_is_order_independent():
    edges = [("a1", "a2", 0.5), ("a2", "a3", 0.4), ("a1", "a3", 0.35), ("b1", "b2", 0.6), ("a3", "b1", 0.31)]
    labels = average_linkage(["a1", "a2", "a3", "b1", "b2"], edges, threshold=0.3)
    assert labels == {"a1": "a1", "a2": "a1", "a3": "a1", "b1": "b1", "b2": "b1"}
    shuffled = list(edges)
    random.Random(0).shuffle(shuffled)
    assert average_linkage(["b2", "a3", "b1", "a1", "a2"], shuffled, threshold=0.3) == labels
    with pytest.raises(ValueError, match="threshold"):
        average_linkage(["a"], [], threshold=0)


def test_a_pair_kept_apart_never_shares_a_cluster_whatever_links_it():
    # two reports of one event (a1, a2) and an older report (b) that links to both; a1 and b give one man two ages
    edges = [("a1", "a2", 0.6), ("a1", "b", 0.5), ("a2", "b", 0.5)]
    assert set(average_linkage(["a1", "a2", "b"], edges, threshold=0.3).values()) == {"a1"}
    labels = average_linkage(["a1", "a2", "b"], edges, threshold=0.3, apart=[("b", "a1")])
    assert labels == {"a1": "a1", "a2": "a1", "b": "b"}


def test_two_events_each_bound_by_its_own_names_stay_apart_however_alike_their_words():
    # two zoos' births: each zoo's two reports share its name, the four are alike in words, no name crosses
    edges = [("f1", "f2", 0.6), ("m1", "m2", 0.6)] + [(f, m, 0.45) for f in ("f1", "f2") for m in ("m1", "m2")]
    nodes = ["f1", "f2", "m1", "m2"]
    assert set(average_linkage(nodes, edges, threshold=0.3).values()) == {"f1"}
    own = [("f1", "f2"), ("m1", "m2")]
    assert average_linkage(nodes, edges, threshold=0.3, named=own) == {"f1": "f1", "f2": "f1", "m1": "m1", "m2": "m1"}
    # a name one zoo's report shares with the other's makes them one event again
    assert set(average_linkage(nodes, edges, threshold=0.3, named=own + [("f2", "m1")]).values()) == {"f1"}
    # a brief that names nothing still joins the event its words are nearest to
    brief = edges + [("f1", "x", 0.5), ("f2", "x", 0.5), ("m1", "x", 0.1)]
    assert average_linkage(nodes + ["x"], brief, threshold=0.3, named=own)["x"] == "f1"


def test_the_ages_a_text_gives_its_people_and_when_two_texts_are_years_apart():
    names = {"wally backman", "terry collins", "mets", "las vegas"}
    text = ("Backman, 56, had spent seven years with the Mets. Collins, 67, stays. On Oct. 12, 2016, the club met. "
            "In Las Vegas, 12 people waited; 7, 8 and 9 were the scores. Jones, 40, is nobody named in the lead.")
    assert stated_ages([text], names) == {"wally backman": 56, "terry collins": 67}
    # a last name two people share is no one's age; an age past any life is no age
    assert stated_ages(["Backman, 56, left."], {"wally backman", "ann backman"}) == {}
    assert stated_ages(["Wally Backman, 560, left."], names) == {}
    assert ages_apart({"wally backman": 56}, {"wally backman": 53, "terry collins": 64})
    assert not ages_apart({"wally backman": 56}, {"wally backman": 55})
    assert not ages_apart({"wally backman": 56}, {"terry collins": 64})
    assert "a:wally backman=56" in event_keys("Mets let Wally Backman go", text)


def test_story_terms_weigh_title_and_lead_and_ignore_the_tail():
    text = "Flooding closed the harbour road on Monday. " + "filler " * 200 + "zebra"
    t = story_terms("Harbour road flooded", text, TermConfig(lead_words=50))
    assert t["harbour"] > t["monday"]  # in title and lead vs lead only
    assert "zebra" not in t
    assert "zebra" in story_terms(None, text, TermConfig(lead_words=50, body_weight=0.5))
    with pytest.raises(ValueError, match="lead_words"):
        TermConfig(lead_words=0)
    with pytest.raises(ValueError, match="title_weight"):
        TermConfig(title_weight=-1)


def test_the_opening_of_an_article_weighs_more_in_the_story_terms():
    # two reports of one news conference: the same opening, then each on its own topics (no titles)
    import math

    from storyline.spark.cluster import STORY_TERMS

    def cos(x, y):
        dot = sum(v * y.get(k, 0.0) for k, v in x.items())
        return dot / math.sqrt(sum(v * v for v in x.values()) * sum(v * v for v in y.values()))

    a = ("President Vale attacked the press at a news conference in Kerrow on Thursday. "
         + "The economy grew, jobs returned and factories reopened across the north. " * 12)
    b = ("At a news conference in Kerrow on Thursday, President Vale attacked the press. "
         + "Leaks about the envoy and the treaty talks angered aides and senators. " * 12)
    flat = TermConfig(lead_words=400, title_weight=3.0, entity_weight=1.5, body_weight=1.0)
    assert STORY_TERMS.first_words > 0 and STORY_TERMS.first_weight > 0
    assert cos(story_terms(None, a, STORY_TERMS), story_terms(None, b, STORY_TERMS)) > \
        1.2 * cos(story_terms(None, a, flat), story_terms(None, b, flat))
    with pytest.raises(ValueError, match="first_words"):
        TermConfig(first_words=-1)


def test_entity_phrases_skip_sentence_openers():
    assert entity_phrases("Officials said. Yesterday the Port Authority of New York met.") == [
        "port authority of new york"]


def test_scores_against_hand_computed_values():
    gold = {1: "a", 2: "a", 3: "b", 4: "b"}
    perfect = cluster_scores({1: 9, 2: 9, 3: 8, 4: 8}, gold)
    assert perfect.bcubed_f1 == 1.0 and perfect.pairwise_f1 == 1.0
    merged = cluster_scores({1: 0, 2: 0, 3: 0, 4: 0}, gold)
    assert merged.bcubed_precision == 0.5 and merged.bcubed_recall == 1.0
    assert merged.pairwise_precision == pytest.approx(2 / 6)
    assert pair_scores([(1, 2)], [(2, 1), (3, 4)]) == (1.0, 0.5, pytest.approx(2 / 3))
    assert pairs_of_groups({1: "x", 2: "x", 3: "y"}) == {(1, 2)}
    with pytest.raises(ValueError, match="empty"):
        cluster_scores({}, {})


def test_one_person_named_in_full_and_by_surname_is_one_shared_event_key():
    # Two events of one politician: only he is shared, so they share one key and must be more alike to join
    # (same_event). Counting "Mitt Romney" and "Romney" as two shared names would let them join at the threshold.
    rally = event_keys("Romney rallies in Ohio", "Mitt Romney told supporters in Dayton on Monday that Romney's "
                       "plan would add jobs, the Romney campaign said.")
    concession = event_keys("Romney concedes", "Mitt Romney conceded the election to Barack Obama on Wednesday. "
                            "Aides said Romney would fly home to Boston.")
    assert set(rally) & set(concession) == {"k:mitt romney"}
    # a surname without the full name is still a key
    assert "k:romney" in event_keys(None, "The Romney campaign said Tuesday it would appeal.")


def test_a_german_noun_is_no_name_but_a_german_name_is():
    """German capitalises every noun: "Kunden" and "Preise" would be names two reports of one day share. Where most
    inner words are capitalised, a single capitalised word is no event key; a name of two words still is."""
    lead = ("Der Energieversorger hat am Montag die Preise für Strom und Gas erhöht, wie Vorstand Herbert Diess "
            "mitteilte. Die Kunden sollen die Erhöhung mit der nächsten Rechnung erfahren, die Kosten für "
            "Haushalte steigen im Schnitt um zehn Prozent. Verbraucherschützer kritisierten die Erhöhung und "
            "rieten den Kunden, die Verträge zu prüfen und die Angebote der Konkurrenz zu vergleichen.")
    keys = event_keys("Versorger erhöht Preise", lead)
    assert any(k.endswith("herbert diess") for k in keys), keys
    assert not {"k:kunden", "k:preise", "k:kosten", "k:erhohung"} & set(keys), keys
    english = ("The utility raised its prices for power and gas on Monday, chief executive Herbert Diess said. "
               "Customers in Lakemoor will see the rise on their next bill, and Diess said costs had climbed.")
    assert "k:lakemoor" in event_keys("Utility raises prices", english)

"""The general dispute finder (extract, align, compare) on text written for it, and the development set's score."""

from __future__ import annotations

from dataclasses import replace

import pytest

from storyline.bench.digest import DEFAULT_DATA, score
from storyline.core.story.claims import find_all
from storyline.core.nlp.figures import quantities
from storyline.core.story.claims.slots import extract
from storyline.core.story.model import Article, Sentence


def _s(source: str, text: str, aid: str | None = None) -> Sentence:
    return Sentence(aid or source, 0, text, source)


def _kinds(sents: list[Sentence], published: dict | None = None) -> dict[str, list[set[str]]]:
    _, disputes, _ = find_all(sents, published or {})
    return {(d.frame if d.kind != "number" else "number"): [set(s.outlets) for s in d.sides] for d in disputes}


@pytest.mark.parametrize("a, b, kind", [
    ("The ferry was carrying 212 passengers when it sank off the coast.",
     "The ferry had 180 passengers on board when it sank off the coast.", "number"),
    ("Investigators said the sinking was caused by a fuel leak in the engine room.",
     "Investigators blamed the sinking on a collision with a fishing trawler.", "cause"),
    ("Captain Mira Holt steered the damaged ferry toward the harbour.",
     "First officer Dan Reyes steered the damaged ferry toward the harbour.", "agent"),
    ("The port authority approved the salvage plan for the wreck.",
     "The port authority rejected the salvage plan for the wreck.", "polarity"),
    ("A fire destroyed a furniture warehouse on Mill Lane in Glenmore.",
     "A fire destroyed a furniture warehouse on Canal Street in Glenmore.", "place"),
    ("A gas leak sparked the explosion at the depot, investigators said.",
     "An electrical fault triggered the explosion at the depot, according to the fire service.", "cause"),
    ("The council said it would approve the housing plan next month.",
     "The council said it would not approve the housing plan next month.", "polarity"),
    ("The bus overturned in Marlow shortly after midnight, police said.",
     "The bus overturned in Denton shortly after midnight, police said.", "place"),
    # an irregular past is a verb, and every form of a verb is one act
    ("Lena Fox won the Kessel Cup at the Marden course on Sunday.",
     "Ana Ruiz won the Kessel Cup at the Marden course on Sunday.", "agent"),
    ("Assistant manager Ray Dolan takes the team for Wednesday's league game.",
     "Youth coach Pete Simms will take the team for Wednesday's league game.", "agent"),
])
def test_a_contradiction_in_any_words_is_found_with_each_outlet_on_its_side(a: str, b: str, kind: str) -> None:
    found = _kinds([_s("alpha.example", a), _s("beta.example", b)])
    assert kind in found, found
    assert sorted(map(sorted, found[kind])) == [["alpha.example"], ["beta.example"]]


def test_a_date_in_reported_speech_is_the_date_of_the_act_it_belongs_to() -> None:
    pub = {"alpha.example": "2025-03-04T09:00:00Z", "beta.example": "2025-03-04T12:00:00Z"}
    found = _kinds([_s("alpha.example", "The company told employees on Monday that the Harlow plant would close on March 14."),
                    _s("beta.example", "Workers were told the Harlow plant would close on March 21, according to a union "
                                       "representative.")], pub)
    assert found.get("date") == [{"alpha.example"}, {"beta.example"}]


def test_a_date_dispute_is_read_from_weekdays_against_publication() -> None:
    pub = {"alpha.example": "2025-06-12T09:00:00Z", "beta.example": "2025-06-12T13:00:00Z"}
    found = _kinds([_s("alpha.example", "Union members backed the pay deal in a ballot that closed on Wednesday."),
                    _s("beta.example", "Union members backed the pay deal in a ballot that closed on Thursday.")], pub)
    assert found.get("date") and len(found["date"]) == 2


def test_where_it_happened_is_compared_when_the_named_subject_is_the_one_who_acted() -> None:
    # the ship is the subject of "ran aground" and of "hit": one subject and one day, two places
    pub = {"alpha.example": "2025-03-08T10:00:00Z", "beta.example": "2025-03-08T12:00:00Z"}
    found = _kinds([_s("alpha.example", "The cargo ship Vela Moon ran aground off Sarn Head on Friday, the coastguard said."),
                    _s("beta.example", "The Vela Moon hit rocks near Tollan Bay on Friday evening.")], pub)
    assert found.get("place") == [{"alpha.example"}, {"beta.example"}], found


@pytest.mark.parametrize("a, b", [
    ("About 210 passengers were aboard the ferry when it sank.", "The ferry had 212 passengers aboard when it sank."),
    ("The death toll rose to 19 from 11 overnight, officials said.", "Officials said 11 people had died by Monday."),
    ("The ferry had 212 passengers aboard when it sank.", "In 2019 the ferry had 40 passengers aboard when it sank."),
    ("The company denied that the offer had been withdrawn.", "The union denied that the offer had been withdrawn."),
    ("If the union refused the offer, a strike would follow.", "The union accepted the offer on Thursday."),
    ("The warehouse fire needed 60 firefighters on Thursday.", "The warehouse fire cost 60 jobs, the owner said."),
])
def test_traps_are_not_disputes(a: str, b: str) -> None:
    assert _kinds([_s("alpha.example", a), _s("beta.example", b)]) == {}


_PUB = {"alpha.example": "2025-05-14T09:00:00Z", "beta.example": "2025-05-14T11:00:00Z"}


@pytest.mark.parametrize("a, b, kind", [
    # the counted thing named after a verb ("took 10 people"), not the verb itself
    ("Eight people were arrested after the brawl, police said.",
     "Officers took 10 people into custody after the fight.", "people"),
    # a person's age is the person's: two outlets giving one name two ages disagree
    ("Grant Mosley, 48, was charged with arson on Tuesday.",
     "Grant Mosley, 47, was charged with arson, prosecutors said.", "age of Grant Mosley"),
    # what happened to the one a common noun names: left of their own accord, or were put out
    ("The mayor resigned on Friday after the audit.",
     "The mayor was ousted by the council on Friday after the audit.", "role"),
    # one act dated two ways, one sentence leaving its tense untold
    ("The Riverside festival opens on Friday.", "The Riverside festival will open on Saturday.", "date"),
    # a month without a day or year, dated by the tense; one act told in two verbs
    ("The trial of the two brothers is due to begin in June.",
     "The trial of the two brothers will start in September, the court said.", "date"),
    # two figures far apart still count one thing, told in the passive and in the active
    ("Twelve students were expelled after the exam scandal.",
     "The school expelled five students after the exam scandal.", "student"),
    # a negative quantifier denies its verb ("No weapon was found")
    ("Police found a weapon at the scene of the shooting.",
     "No weapon was found at the scene of the shooting, police said.", "polarity"),
])
def test_a_contradiction_told_in_other_grammar_is_found(a: str, b: str, kind: str) -> None:
    _, disputes, _ = find_all([_s("alpha.example", a), _s("beta.example", b)], _PUB)
    assert kind in {d.frame for d in disputes}, [(d.frame, d.subject) for d in disputes]  # a figure's frame: what it counts


@pytest.mark.parametrize("published, disputed", [
    (_PUB, True),  # two reports of one morning: one of them is wrong
    ({"alpha.example": "2025-01-10T09:00:00Z", "beta.example": "2025-09-02T09:00:00Z"}, False),  # a birthday between
    ({}, False),  # when each was told is unknown: both may be true
])
def test_ages_one_year_apart_disagree_only_in_reports_of_one_time(published: dict, disputed: bool) -> None:
    sents = [_s("alpha.example", "Reddit co-founder Alexis Ohanian, 34, was at the hospital with her on Friday."),
             _s("beta.example", "She is engaged to Reddit co-founder Alexis Ohanian, 33, and lives in Florida.")]
    _, disputes, _ = find_all(sents, published)
    assert any(d.frame == "age of Alexis Ohanian" for d in disputes) == disputed, [d.frame for d in disputes]


@pytest.mark.parametrize("a, b", [
    # a count told as of a later day is a running total, not the other side of the first day's count
    ("Searchers found two objects in the water on Monday.", "By Wednesday searchers had found four objects in the water."),
    # two people's bonds: the subjects of the passive differ
    ("Mark Jones was held on $50,000 bond.", "Tom Lee was held on $100,000 bond."),
    # a figure of a rate is not the event's figure
    ("Ten percent of U.S. electricity came from wind and solar in March.",
     "About 7 percent of U.S. electricity comes from wind and solar annually."),
    # "X, not Y" sets a phrase against another; it negates no predicate
    ("The shroud shows the image of a crucified man.",
     "The researchers said the stains came from a standing model, not a crucified man."),
    # a rejection by one body against another's criticism: two acts, not one denied
    ("Most investors rejected the company's executive pay decisions for 2015.",
     "An advisory group criticised the company's decision to award its directors maximum bonuses for 2015."),
    # both deny it, one in a clause of its own
    ("Experts determined there are no bodies at the site.",
     "Staff will produce reports proving there are no bodies on the site."),
    # the same place told of two different years
    ("He was a theatre usher in New Haven in 1988 when the actor invited him home.",
     "The anchor said in July 2016 that the actor groped her son at a bar in Nantucket."),
    # two periods and two figures: each period's own figure
    ("The price of bread rose 5% in March.", "The price of bread rose 3% in February."),
    # a number word inside a name, and a time of day, are no figures
    ("Senator Ann Reyes backs the bill drafted by the Gang of Eight.",
     "Senator Ann Reyes appeared on seven news programs to back the bill."),
    # a sentence that lists the other's act too is no side
    ("More than a dozen men have come forward to allege Tom Vale harassed, assaulted or attempted to assault them.",
     "A former anchor says Tom Vale assaulted her son."),
    # a negated copula denies what a thing is; mistaking it for that thing does not say it was
    ("The teacher realized it was not apple juice and stopped the children from drinking it.",
     "A classroom assistant mistook the household cleaner for apple juice."),
    # a cause of "this" is of what the sentence before said: no effect the two share
    ("The investor thinks we should all value the wealth of others more, because we are benefiting from it.",
     "The investor contends that this is largely because most people do not know how the economy really works."),
    # a place in a list names a region, not the place of the act
    ("Storms left damage across 20 states stretching from New England to Tennessee.",
     "The storms left damage in the United States and Canada."),
    # a state told now and then: it changed, no one contradicts it
    ("Now Ray Dunn is cleared of all charges and does not have to register as an offender.",
     "Officials learned on Thursday that Ray Dunn still had to register as an offender."),
    # two counted nouns that count different things
    ("The father suffered four wounds when he tried to shield his wife.",
     "The father was one of three people hurt when he tried to shield his wife."),
    # counts of what happened to the counted things: two acts, killed and wounded
    ("Twenty people were killed in the blast at the market on Monday.",
     "Ten people were wounded in the blast at the market on Monday."),
])
def test_statements_that_can_both_be_true_are_not_disputes(a: str, b: str) -> None:
    _, disputes, _ = find_all([_s("alpha.example", a), _s("beta.example", b)], _PUB)
    assert disputes == [], [(d.frame, d.subject, [x.claim for x in d.sides]) for d in disputes]


def test_one_act_told_with_other_verbs_or_voices_is_still_one_fact() -> None:
    # a verb said of something other than the counted things parts nothing: these figures are sides of one fact
    for a, b in [("Police arrested eight people after the protest outside the embassy on Monday.",
                  "At least nine people were arrested after the protest outside the embassy on Monday."),
                 ("The ferry sank off the coast with 212 passengers on board.",
                  "The ferry had 180 passengers on board when it went down off the coast.")]:
        kinds = _kinds([_s("alpha.example", a), _s("beta.example", b)], _PUB)
        assert kinds.get("number") == [{"alpha.example"}, {"beta.example"}], (a, b, kinds)


def test_an_outlet_that_tells_both_values_in_sentences_of_their_own_takes_no_side() -> None:
    two, third = ("Two of the suspects are tall and weigh 170 to 190 pounds, police said.",
                  "The third suspect is tall and weighs 140 to 160 pounds, police said.")
    sents = [_s("alpha.example", two, "a"), _s("alpha.example", third, "a"),
             _s("beta.example", two, "b"), _s("beta.example", third, "b")]
    sents = [replace(x, position=k % 2) for k, x in enumerate(sents)]
    _, disputes, _ = find_all(sents, _PUB)
    assert disputes == [], [(d.subject, [x.claim for x in d.sides]) for d in disputes]


def test_a_figure_in_a_unit_is_labelled_with_the_question_a_reader_asks() -> None:
    _, disputes, _ = find_all([_s("alpha.example", "The jury in the Moss trial deliberated for 10 minutes before the verdict."),
                               _s("beta.example", "The jury in the Moss trial deliberated for 15 minutes before the verdict.")],
                              _PUB)
    assert [d.subject.split(":")[0] for d in disputes] == ["how long"], [d.subject for d in disputes]


def test_a_time_of_day_is_read_as_a_time_not_a_count() -> None:
    assert [(q.key, q.value, q.low, q.high) for q in quantities("Two men pulled guns at about 7:30 p.m. and fled at 10:15.")] \
        == [("men", 2.0, 2.0, 2.0), ("time of day", 1170.0, 1155.0, 1185.0)]


def test_two_times_of_day_for_one_fall_are_a_dispute_and_one_time_in_two_words_is_none() -> None:
    a = "Police believe the student fell from the hotel scaffolding at about 11:15 p.m. on Wednesday."
    found = _kinds([_s("alpha.example", a),
                    _s("beta.example", "The student slipped from the hotel scaffolding around 10:40 p.m. on Wednesday.")])
    assert found.get("number") == [{"alpha.example"}, {"beta.example"}], found
    assert _kinds([_s("alpha.example", a),
                   _s("beta.example", "The student slipped from the hotel scaffolding at 11:20 p.m. on Wednesday.")]) == {}


def test_a_length_in_feet_and_one_in_metres_are_compared_and_a_conversion_in_brackets_is_one_length() -> None:
    found = _kinds([_s("alpha.example", "Divers say the Roman wreck off Alassio is 98 feet long and lies in deep water."),
                    _s("beta.example", "Divers say the Roman wreck off Alassio is a 25-meter ship lying in deep water.")])
    assert found.get("number") == [{"alpha.example"}, {"beta.example"}], found
    assert _kinds([_s("alpha.example", "The quake struck about 90 kilometers (55 miles) south of L'Aquila."),
                   _s("beta.example", "The quake struck about 55 miles south of L'Aquila.")]) == {}


def test_a_negation_in_a_clause_that_describes_a_noun_leaves_the_figure_compared() -> None:
    # "accounts that had not been touched": the negation describes the accounts, the sentence still states the sum
    found = _kinds([_s("alpha.example", "Investigators believe about 640,000 crowns was diverted from dormant accounts."),
                    _s("beta.example", "The cash, some 460,000 crowns in total, was siphoned off from accounts that "
                                       "had not been touched for years.")])
    assert found.get("number") == [{"alpha.example"}, {"beta.example"}], found


def test_counts_of_the_people_two_different_acts_were_done_to_are_two_facts() -> None:
    assert _kinds([_s("alpha.example", "Detectives are questioning four men about the burglary at the Elm Street jeweller."),
                   _s("beta.example", "The burglaries at the Elm Street jeweller involved three men carrying crowbars.")]) == {}
    found = _kinds([_s("alpha.example", "Police arrested four men after the burglary at the Elm Street jeweller."),
                    _s("beta.example", "Police arrested three men after the burglary at the Elm Street jeweller.")])
    assert found.get("number") == [{"alpha.example"}, {"beta.example"}], found


def test_figures_of_a_month_and_of_a_whole_year_are_two_facts_and_two_of_one_month_disagree() -> None:
    march = "Ten percent of the electricity generated in the country in March came from wind and solar power."
    assert _kinds([_s("alpha.example", march), _s("beta.example", "Seven percent of the electricity generated in the "
                                                                  "country throughout 2016 came from wind and solar power.")]) == {}
    found = _kinds([_s("alpha.example", march), _s("beta.example", march.replace("Ten", "Seven"))])
    assert found.get("number") == [{"alpha.example"}, {"beta.example"}], found


def test_how_long_after_something_is_no_side_against_how_long_something_lasted() -> None:
    after = "Soldiers advanced on the car about eight minutes after it stopped at the checkpoint, the video shows."
    assert _kinds([_s("alpha.example", after),
                   _s("beta.example", "The driver lay beside the car at the checkpoint for about six minutes, the video "
                                      "shows.")]) == {}
    found = _kinds([_s("alpha.example", after), _s("beta.example", after.replace("eight", "five"))])
    assert found.get("number") == [{"alpha.example"}, {"beta.example"}], found


def test_a_range_that_holds_both_figures_takes_no_side() -> None:
    assert [(q.low, q.high, q.surface) for q in quantities("In total, between 18 and 22 students had to be rescued.")] \
        == [(18.0, 22.0, "between 18 and 22")]
    _, disputes, _ = find_all([_s("alpha.example", "Lifeguards rescued 22 students from the water at the cove on Tuesday."),
                               _s("beta.example", "Lifeguards rescued 20 students from the water at the cove on Tuesday."),
                               _s("gamma.example", "In total, between 18 and 22 students had to be rescued from the water "
                                                   "at the cove on Tuesday.")], {})
    assert [[set(s.outlets) for s in d.sides] for d in disputes] == [[{"alpha.example"}, {"beta.example"}]]


def test_a_share_of_a_whole_counts_the_whole_s_noun_whatever_noun_comes_before_it() -> None:
    assert [(q.key, q.value) for q in quantities("Provisional results gave the party 30 of 58 seats.")] \
        == [("seat of 58", 30.0), ("of seat", 58.0)]


def test_a_count_of_the_whole_is_no_side_against_a_count_of_a_part() -> None:
    assert _kinds([_s("alpha.example", "Telvia has 14 million customers."),
                   _s("beta.example", "Telvia has apologised after about 1.2 million customers lost mobile service.")]) == {}


def test_one_outlet_against_itself_is_a_revision_not_a_dispute() -> None:
    sents = [_s("alpha.example", "The ferry had 180 passengers on board when it sank.", "a1"),
             _s("alpha.example", "The ferry had 212 passengers on board when it sank.", "a2")]
    assert _kinds(sents) == {}


def test_figures_are_read_for_any_noun_or_unit() -> None:
    got = [(q.key, q.value) for q in quantities("The council voted 27-27; fares rise 50 cents to $2.75, a 7% rise, "
                                                "for 2,300 drivers and forty-seven buses.")]
    assert got == [("tally", 27.027), ("cents", 50.0), ("dollars", 2.75), ("percent", 7.0), ("driver", 2300.0),
                   ("bus", 47.0)]
    assert [q.superseded for q in quantities("By Wednesday 26 ships were waiting, up from 23 ships on Tuesday.")] == [False, True]


def test_negated_hedged_and_attributed_readings() -> None:
    assert extract("The union refused to sign the offer.", []).negated
    assert extract("The union could sign the offer.", []).hedged
    assert not extract("The defect has been linked to 9 crashes and no injuries.", []).negated


def test_single_source_lists_what_only_one_outlet_says() -> None:
    sents = [_s("alpha.example", "The ferry Orla Star sank off Kesri Island on Tuesday, the coast guard said."),
             _s("beta.example", "The ferry Orla Star sank off Kesri Island on Tuesday night."),
             _s("beta.example", "Four passengers were treated in hospital for hypothermia in Varno on Wednesday."),
             _s("alpha.example", "He said it was a sad day.")]
    _, _, single = find_all(sents, {}, single_max=5)
    assert [(x.text[:4], x.outlets) for x in single] == [("Four", ["beta.example"])]


def test_single_source_keeps_a_figure_only_one_outlet_gives_and_drops_background() -> None:
    # the beta sentence is near alpha's in meaning (cosine 0.64), but only beta gives the figure and the hospital
    sents = [_s("alpha.example", "The ferry Orla Star sank off Kesri Island on Tuesday, the coast guard said."),
             _s("alpha.example", "Several passengers were taken to hospital after the sinking, the coast guard said."),
             _s("beta.example", "The ferry Orla Star sank off Kesri Island on Tuesday night."),
             _s("beta.example", "Forty passengers were taken to Varno General Hospital after the ferry sank off Kesri."),
             _s("beta.example", "The operator, Bluefin Lines, bought the ferry from a Norwegian company in 2009."),
             _s("alpha.example", "Bluefin Lines has run ferries between Kesri and Varno harbour since 2021.")]
    _, _, single = find_all(sents, {}, single_max=5)
    texts = [x.text for x in single]
    assert any(t.startswith("Forty passengers") for t in texts), texts
    assert not any("2009" in t for t in texts), texts  # an earlier year than the story's: background


def test_single_source_lists_a_claim_someone_makes_and_not_colour_about_a_name() -> None:
    sents = [_s("alpha.example", "The ferry Orla Star sank off Kesri Island on Tuesday, the coast guard said."),
             _s("alpha.example", "For comic relief, the crew's cheerful cook (Anna Vide) hands out blankets on deck."),
             _s("beta.example", "The ferry Orla Star sank off Kesri Island on Tuesday night."),
             _s("beta.example", "The operator, Bluefin Lines, said the ferry had passed its safety inspection.")]
    texts = [x.text for x in find_all(sents, {}, single_max=5)[2]]
    assert any(t.startswith("The operator, Bluefin Lines, said") for t in texts), texts  # an attributed claim
    assert not any("Anna Vide" in t for t in texts), texts  # a name and no figure, actor, cause or source


def test_the_development_sets_tuning_half_is_found_and_no_trap_is_flagged() -> None:
    r = score(DEFAULT_DATA, "tune")
    assert r["traps_flagged"] == 0, r["trap_flags"]
    assert r["found"] >= 18 and r["precision"] >= 0.85, r
    assert r["single_source_found"] >= 3, r


def test_the_sentence_pairs_tuning_half_is_found_and_no_trap_is_flagged() -> None:
    from pathlib import Path

    from storyline.bench.claims_gold import score_pairs

    r = score_pairs(Path(__file__).resolve().parents[1] / "data" / "pairs", "tune", "meaning")
    assert r["traps_flagged"] == 0 and r["found"] >= 11, r


def test_on_the_development_set_no_statement_cites_an_article_that_contradicts_its_figure() -> None:
    import re

    from storyline.bench.digest import load, story_articles, story_sentences
    from storyline.core.story.digest import digest, facts_row, story_facts
    from storyline.core.story.features import SummaryConfig

    stories, _ = load(DEFAULT_DATA)
    figure = r"(?<![\d.])\d[\d,]*(?:\.\d+)?"
    checked = 0
    for name, arts in stories.items():
        sents = story_sentences(arts)
        meta = story_articles(arts)
        facts = story_facts(sents, meta)
        summary = digest(name, sents, meta, SummaryConfig(words=200), facts["disputed"])["summary"]
        told = [(x.text, x.article_ids) for x in summary + facts["corroborated"] + facts["timeline"]]
        for d in facts_row(facts)["disputed"]:
            if d["kind"] != "number":
                continue
            ids = [set(s["article_ids"]) for s in d["sides"]]
            sides = [({n.replace(",", "") for n in re.findall(figure, s["claim"])},
                      ids[k] - set().union(*(x for m, x in enumerate(ids) if m != k))) for k, s in enumerate(d["sides"])]
            for text, cited in told:
                nums = {n.replace(",", "") for n in re.findall(figure, text)}
                carried = [k for k, (figs, _) in enumerate(sides) if figs & nums]
                if len(carried) == 1:
                    checked += 1
                    others = set().union(*(only for m, (_, only) in enumerate(sides) if m != carried[0]))
                    assert not set(cited) & others, (name, text, set(cited) & others)
    assert checked >= 5


def _lead(source: str, text: str, position: int = 0, published: str = "2025-06-11T08:00:00Z") -> Sentence:
    return Sentence(source, position, text, source, published)


def test_leads_of_one_day_tell_one_event_however_differently_they_are_worded() -> None:
    sents = [_lead("alpha.example", "The ferry Orla Star sank off Kesri Island on Tuesday after taking on water."),
             _lead("beta.example", "Holidaymakers scrambled for lifeboats as the Orla Star went down near Pellan Point "
                                   "on Tuesday night."),
             _lead("beta.example", "The crew were praised by the coast guard.", 2)]
    pub = {s.article_id: s.published for s in sents}
    assert {k: sorted(map(sorted, v)) for k, v in _kinds(sents, pub).items()} == {
        "place": [["alpha.example"], ["beta.example"]]}


def test_leads_of_different_days_or_tenses_are_not_set_against_each_other() -> None:
    later = [_lead("alpha.example", "Eleven miners were trapped at the Halden colliery on Sunday."),
             _lead("beta.example", "Rescuers reached the last of the trapped miners on Thursday.",
                   published="2025-06-13T08:00:00Z")]  # a day after the first report was written: news since
    assert "date" not in _kinds(later, {s.article_id: s.published for s in later})
    tenses = [_lead("alpha.example", "The grid operator ordered rolling outages across the region on Wednesday."),
              _lead("beta.example", "The grid operator is asking people across the region to save power on Thursday.")]
    assert "date" not in _kinds(tenses, {s.article_id: s.published for s in tenses})


def test_same_day_leads_that_date_the_event_differently_are_a_date_dispute() -> None:
    sents = [_lead("alpha.example", "Eleven miners were trapped after a gas explosion at the Halden colliery on Sunday.",
                   published="2025-03-03T07:00:00Z"),
             _lead("beta.example", "Thirteen miners are trapped after the roof collapsed at the Halden colliery on "
                                   "Saturday night.", published="2025-03-03T09:00:00Z"),
             _lead("gamma.example", "Families kept vigil as rescuers worked to free the men trapped at the pit since "
                                    "Sunday.", published="2025-03-03T18:00:00Z")]
    found = _kinds(sents, {s.article_id: s.published for s in sents})
    sides = sorted(map(sorted, found["date"]))
    assert sides[0][0] == "alpha.example" and sides[1] == ["beta.example"]
    # dated a day apart at the one colliery both name, the two counts of trapped miners are of one event
    assert sorted(map(sorted, found["number"])) == [["alpha.example"], ["beta.example"]]


def test_counts_of_leads_a_day_apart_at_places_not_shared_are_not_set_against_each_other() -> None:
    sents = [_lead("alpha.example", "Eleven miners were trapped after a gas explosion at a colliery in Halden on "
                                    "Sunday.", published="2025-03-03T07:00:00Z"),
             _lead("beta.example", "Thirteen miners are trapped after the roof collapsed at a pit in Vellan on "
                                   "Saturday night.", published="2025-03-03T09:00:00Z")]
    assert "number" not in _kinds(sents, {s.article_id: s.published for s in sents})


def test_a_place_a_flight_was_sent_to_is_a_place_whatever_its_name() -> None:
    s = extract("A Skyvale Airways flight from Corrin was diverted to Marrow on Friday.",
                [m for ms in __import__("storyline.core.story.entities", fromlist=["analyse"]).analyse(
                    [Sentence("a", 0, "A Skyvale Airways flight from Corrin was diverted to Marrow on Friday.")]).mentions
                 for m in ms])
    assert dict(s.place_acts).get("Marrow") == "divert"


def test_two_pairs_that_set_the_same_places_against_each_other_are_one_dispute() -> None:
    sents = [_lead("alpha.example", "Skyvale flight SV218 from Corrin is diverting to Brenna, flight tracking data shows."),
             _lead("alpha.example", "The Skyvale flight has landed safely at Brenna.", 1),
             _lead("beta.example", "A Skyvale flight from Corrin was diverted to Marrow on Friday, the airline said."),
             _lead("beta.example", "The Skyvale flight landed at Marrow airport shortly after 7 p.m.", 1)]
    _, disputes, _ = find_all(sents, {s.article_id: s.published for s in sents})
    assert [(d.frame, sorted(x.claim for x in d.sides)) for d in disputes] == [("place", ["Brenna", "Marrow"])]


@pytest.mark.parametrize("a, b, kind", [
    ("Investigators blamed the derailment on a broken rail near Halton.",
     "The derailment near Halton was caused by driver error, officials said.", "cause"),
    ("The motion was proposed by Councillor Ada Pryce.", "Councillor Tom Ashby proposed the motion.", "agent"),
])
def test_a_place_or_a_title_beside_the_value_does_not_hide_the_contradiction(a: str, b: str, kind: str) -> None:
    assert kind in _kinds([_s("alpha.example", a), _s("beta.example", b)])


def test_two_slots_disputed_in_the_same_sentences_are_two_disputes() -> None:
    sents = [_lead("alpha.example", "The ferry Orla Star sank off Kesri Island on Tuesday, the coast guard said."),
             _lead("beta.example", "The ferry Orla Star sank near Pellan Point on Monday, the coast guard said.")]
    found = _kinds(sents, {s.article_id: s.published for s in sents})
    assert {"date", "place"} <= set(found), found


@pytest.mark.parametrize("a, b", [
    ("No one was injured in the fire at the bus depot on Mill Road, the fire service said.",
     "The fire at the bus depot on Mill Road destroyed 12 buses, the fire service said."),
    ("Rubio said on Sunday on NBC's Meet the Press that the bill was a start.",
     "Rubio said on Sunday on CBS's Face the Nation that the bill was not drafted yet."),
    ("Harlow Foods has 4,000 staff.", "The combined company will have 6,500 staff."),
])
def test_leads_that_say_different_things_are_no_dispute(a: str, b: str) -> None:
    sents = [_lead("alpha.example", a), _lead("beta.example", b)]
    assert _kinds(sents, {s.article_id: s.published for s in sents}) == {}


@pytest.mark.parametrize("a, b", [
    ("Carl Heston conceded defeat in the Fenwick mayoral race.",
     "Carl Heston refused to concede defeat in the Fenwick mayoral race."),
    ("No one was injured in the fire at the Dunmore depot, the fire service said.",
     "Two firefighters were injured in the fire at the Dunmore depot."),
])
def test_one_outlet_saying_what_another_says_did_not_happen_is_a_polarity_dispute(a: str, b: str) -> None:
    assert "polarity" in _kinds([_s("alpha.example", a), _s("beta.example", b)])


@pytest.mark.parametrize("a, b", [
    ("It is not clear how many people were hurt in the crash.", "Twelve people were hurt in the crash."),
    ("Police have not named the driver of the lorry.", "Police named the driver of the lorry as Tom Reid, 45."),
    ("The school will not reopen until Monday, the head teacher said.", "The school reopened on Monday."),
    ("The mayor, who did not attend the meeting, said the plan was a mistake.",
     "The mayor said the plan was a mistake at the meeting."),
    ("The company said it does not expect further delays to the project.",
     "The project has been delayed by two months."),
    ("Officials at the Transit Authority told councillors that without it the agency faces a $14.2 million gap.",
     "The Transit Authority asked for the rise, warning councillors that it faced a $14.2 million gap."),
    ("The outage did not affect emergency services in the city.", "The outage affected 40,000 homes across the region."),
])
def test_a_negation_of_something_else_or_of_what_is_not_known_yet_is_no_dispute(a: str, b: str) -> None:
    assert "polarity" not in _kinds([_s("alpha.example", a), _s("beta.example", b)])


def test_a_live_blogs_time_stamp_is_not_part_of_the_sentence_and_hides_no_attribution() -> None:
    from storyline.core.story.sources import attribution
    from storyline.core.text.sentences import tidy_sentence

    text = tidy_sentence("21:10 - The opposition says libraries in three wards will close.")
    assert text == "The opposition says libraries in three wards will close."
    assert attribution(text) == "The opposition says"


@pytest.mark.parametrize("text, places", [
    ("A Skyvale Airways flight from Corrin was diverted to Marrow on Friday.", {"Marrow"}),
    ("The story was a response to a Washington Post report, according to U.S. officials.", set()),
])
def test_to_names_a_destination_not_a_source_or_a_modifier(text: str, places: set[str]) -> None:
    from storyline.core.story.entities import analyse

    assert set(extract(text, analyse([Sentence("a", 0, text)]).mentions[0]).places) == places


@pytest.mark.parametrize("text, places", [
    ('The senator said: "He has done it in Nevada and across the country."', set()),
    ('"We will rebuild in Marlow," the owner said of the mill that burned in Denton.', {"Denton"}),
    ('It burned down in Marlow," the owner said.', set()),
])
def test_a_place_in_a_speakers_quoted_words_is_not_where_the_outlet_tells_it(text: str, places: set[str]) -> None:
    from storyline.core.story.entities import analyse

    assert set(extract(text, analyse([Sentence("a", 0, text)]).mentions[0]).places) == places


@pytest.mark.parametrize("region", ["Greece", "Nevada"])
def test_a_country_or_a_state_against_a_town_is_no_place_dispute(region: str) -> None:
    # the town may lie in the country or the state; two towns can still be set against each other
    town = "The ferry Orla Star sank off Kesri after taking on water."
    assert "place" not in _kinds([_s("alpha.example", town.replace("Kesri", region)), _s("beta.example", town)])
    assert "place" in _kinds([_s("alpha.example", town.replace("Kesri", "Pellan")), _s("beta.example", town)])


def test_leads_that_share_only_a_name_are_no_place_dispute() -> None:
    pub = "2025-09-26T12:00:00Z"
    sents = [_lead("alpha.example", "His publicist, Ada Rhee, said the verdict against Tom Varley was part of a war "
                                    "being waged in Carrow.", published=pub),
             _lead("beta.example", "Tom Varley spent his first night behind bars at a prison in Lenham.", published=pub)]
    assert "place" not in _kinds(sents, {s.article_id: s.published for s in sents})


def test_single_source_is_not_what_another_outlet_tells_deep_in_its_article() -> None:
    # beta tells the reward only at the end of a long report, past the sentences the comparison reads
    lead = "Thieves took three paintings from the Halvard Museum in Varno on Thursday."
    reward = "Nordvik Mutual has offered a reward of 50,000 euros for information."
    beta = [lead, *(f"Detectives in Varno spoke to witness number {k} about the van on Thursday." for k in range(45)),
            reward]
    sents = [Sentence("a", 0, lead, "alpha.example"), Sentence("a", 1, reward, "alpha.example"),
             *(Sentence("b", k, t, "beta.example") for k, t in enumerate(beta))]
    texts = [x.text for x in find_all(sents, {}, single_max=5)[2]]
    assert not any("reward" in t for t in texts), texts


@pytest.mark.parametrize("line", [
    "He said 4,000 workers lost their jobs at the Tallis Homes plant on Friday.",  # a pronoun before any name
    "Almost 1,000 workers had asked him to keep the Tallis Homes plant open.",
    "But 4,000 workers lost their jobs at the Tallis Homes plant on Friday.",  # leans on the line before
    "The officials said 4,000 workers lost their jobs at the Tallis Homes plant.",  # named before, not here
    "Tallis Homes chief Ann Rowe, pictured at the plant with 4,000 workers on Friday.",  # a caption: no finite verb
    "Read more about the 4,000 workers of the Tallis Homes plant here.",  # a prompt to the reader
])
def test_single_source_lists_statements_of_their_own_not_lines_that_lean_or_captions(line: str) -> None:
    own = "Union leader Joan Kell said 4,000 workers lost their jobs at the Tallis Homes plant on Friday."
    sents = [_s("alpha.example", "Tallis Homes closed its plant in Dorvik, the company said on Tuesday."),
             _s("beta.example", "Tallis Homes closed its Dorvik plant, it said on Tuesday."),
             _s("beta.example", line), _s("beta.example", own)]
    texts = [x.text for x in find_all(sents, {}, single_max=5)[2]]
    assert texts == [own], texts


def test_single_source_lists_a_statement_once_however_often_its_outlet_prints_it() -> None:
    sents = [_s("alpha.example", "A wounded teenager lies on a bed at a hospital in Puli Khumri on Monday, July 27, 2015."),
             _s("alpha.example", "A wounded teenager lies on a bed in a hospital in Puli Khumri on Monday, July 27, 2015."),
             _s("beta.example", "The clashes erupted late on Sunday in Deh Salah district in Baghlan province.")]
    _, _, single = find_all(sents, {}, single_max=5)
    assert sum("teenager" in x.text for x in single) == 1, single


def test_a_part_told_by_direction_or_order_is_a_place_to_compare() -> None:
    found = _kinds([_s("alpha.example", "The blast happened in the north shaft, deep below the Halden colliery."),
                    _s("beta.example", "The blast happened in the south shaft, deep below the Halden colliery, a miner said.")])
    assert sorted(map(sorted, found["place"])) == [["alpha.example"], ["beta.example"]]


@pytest.mark.parametrize("a, b", [
    ("Rovers scored the winning goal in the first half at Holt Park.", "Rovers scored the winning goal in the second half at Holt Park."),
    ("The fire started in the north wing of the hospital.", "The fire started in the north and south wings of the hospital."),
])
def test_a_time_or_a_part_both_outlets_name_is_no_place_dispute(a: str, b: str) -> None:
    assert "place" not in _kinds([_s("alpha.example", a), _s("beta.example", b)])


def test_an_event_that_an_article_tells_over_both_days_is_no_date_dispute() -> None:
    pub = "2025-05-06T12:00:00Z"
    sents = [_lead("alpha.example", "Nine people were killed in the floods in Dorvik on Monday.", published=pub),
             _lead("alpha.example", "Heavy rain fell across Dorvik on Tuesday.", 3, published=pub),
             _lead("beta.example", "Four people were killed in the floods in Dorvik on Tuesday, officials said.",
                   published=pub)]
    assert "date" not in _kinds(sents, {s.article_id: s.published for s in sents})


def test_a_short_denial_and_its_contrary_share_only_what_is_denied() -> None:
    sents = [_s("alpha.example", "No one was injured."), _s("beta.example", "One worker was injured, the Clarion understands."),
             _s("gamma.example", "The warehouse on Mill Lane was destroyed by the fire.")]
    assert sorted(map(sorted, _kinds(sents)["polarity"])) == [["alpha.example"], ["beta.example"]]


@pytest.mark.parametrize("text, cause, effect", [
    ("Police blamed driver fatigue for the crash on the A40.", {"driver", "fatigu"}, {"crash"}),
    ("A faulty valve was to blame for the gas leak, engineers said.", {"fault", "valv"}, {"gas", "leak"}),
    ("Police said the crash on the A40 on Monday was caused by a tyre blowout.", {"tyre", "blowout"}, {"crash"}),
])
def test_a_cause_told_before_or_after_its_effect_is_read_with_its_effect(text: str, cause: set, effect: set) -> None:
    s = extract(text, [])
    assert (set(s.cause), set(s.effect)) == (cause, effect)


def test_two_causes_of_one_crash_told_in_opposite_orders_are_a_dispute() -> None:
    found = _kinds([_s("alpha.example", "Police blamed driver fatigue for the crash on the A40 on Monday."),
                    _s("beta.example", "Police said the crash on the A40 on Monday was caused by a tyre blowout.")])
    assert sorted(map(sorted, found["cause"])) == [["alpha.example"], ["beta.example"]]


def test_the_title_states_no_side_of_a_disputed_cause_in_any_words() -> None:
    from storyline.bench.digest import story_articles, story_sentences
    from storyline.core.story.digest import digest, story_facts
    from storyline.core.story.features import SummaryConfig

    arts = [
        {"id": "a", "source": "wire.example", "published": "2025-06-11T08:00:00Z",
         "title": "Fuel leak sank Orla Star ferry, coast guard says",
         "text": "The passenger ferry Orla Star sank off Kesri Island on Tuesday, the coast guard said. "
                 "Coast guard spokesman Piet Anholt said the sinking was caused by a fuel leak in the engine room. "
                 "All passengers were rescued."},
        {"id": "b", "source": "tabloid.example", "published": "2025-06-11T09:00:00Z",
         "title": "Trawler collision doomed Orla Star",
         "text": "The ferry Orla Star went down off Kesri Island on Tuesday night. "
                 "Investigators blamed the sinking on a collision with a fishing trawler in the dark. "
                 "Passengers scrambled for lifeboats."},
        {"id": "c", "source": "broadcast.example", "published": "2025-06-11T12:00:00Z",
         "title": "Ferry Orla Star sinks off Kesri Island",
         "text": "The ferry Orla Star sank on Tuesday evening off Kesri Island, the coast guard says. "
                 "Everyone on board has been accounted for."},
    ]
    sents = story_sentences(arts)
    meta = story_articles(arts)
    facts = story_facts(sents, meta)
    assert any(d.frame == "cause" for d in facts["disputed"]), facts["disputed"]
    title = digest("ferry", sents, meta, SummaryConfig(), facts["disputed"])["title"]
    assert not {"fuel", "leak", "trawler", "collision"} & set(title.lower().split()), title


@pytest.mark.parametrize("reports, neutral", [
    ([("Post", "Minister signs order banning disposable vapes", "Hartig has signed an order banning vapes."),
      ("Daily", "Vape ban order not yet signed, aide says", "Hartig has not yet signed the order, an aide said."),
      ("Metro", "Vape ban order goes to Hartig's desk", "The order banning vapes is with the minister.")],
     "Vape ban order goes to Hartig's desk"),
    ([("Wire", "Arson suspected in Delby school fire", "Police suspect arson after a fire at Delby High School."),
      ("Mercury", "Electrical fault caused Delby school blaze", "A faulty heater started the Delby High School fire."),
      ("Radio", "Fire destroys Delby High sports hall", "A fire destroyed the hall at Delby High School.")],
     "Fire destroys Delby High sports hall"),
])
def test_a_headline_a_negation_elsewhere_contradicts_or_that_opens_on_an_untold_cause_is_not_the_title(
        reports: list[tuple[str, str, str]], neutral: str) -> None:
    """Neither dispute is found (the verbs differ or only the headlines tell them): the title is the headline that
    takes no side, though the others came first."""
    from storyline.core.story.title import choose_title

    arts = [Article(article_id=str(k), source=outlet, published=f"2025-05-06T0{6 + 2 * k}:00:00Z", title=head)
            for k, (outlet, head, _) in enumerate(reports)]
    told = {outlet: f"{head}\n{lead}" for outlet, head, lead in reports}
    assert choose_title(arts, None, (), told) == neutral


def test_the_titles_development_sets_tuning_half_keeps_its_titles_neutral() -> None:
    from storyline.bench.digest import score_titles

    r = score_titles(half="tune")
    assert r["stories"] == 11 and r["taking_a_side"] == 0, r["sided"]


def test_not_done_yet_denies_an_earlier_report_that_it_was_done_but_not_a_later_one() -> None:
    said = "Environment minister Lena Hartig has signed an order banning disposable vapes, her ministry said."
    not_yet = "Environment minister Lena Hartig has not yet signed an order banning disposable vapes, an aide said."
    sents = [_s("post.example", said, "a"), _s("daily.example", not_yet, "b")]
    later = {"a": "2025-05-06T06:00:00Z", "b": "2025-05-06T08:45:00Z"}
    found = _kinds(sents, later)
    assert sorted(map(sorted, found.get("polarity", []))) == [["daily.example"], ["post.example"]], found
    earlier = {"a": "2025-05-07T06:00:00Z", "b": "2025-05-06T08:45:00Z"}  # not yet on Tuesday, signed on Wednesday
    assert "polarity" not in _kinds(sents, earlier)


def test_round_figures_one_unit_apart_are_one_rounded_value_and_counts_apart_are_a_dispute() -> None:
    """ "83,000" and "84,000 square miles" round one area; 400 and 550 delegates are two counts."""
    area = _kinds([_s("alpha.example", "The wildfires have burned 83,000 square miles of forest across the region."),
                   _s("beta.example", "The wildfires have burned 84,000 square miles of forest across the region.")])
    assert "number" not in area, area
    delegation = _kinds([_s("alpha.example", "A delegation of 400 business leaders travelled with the president."),
                         _s("beta.example", "A delegation of 550 business leaders travelled with the president.")])
    assert delegation.get("number") == [{"alpha.example"}, {"beta.example"}]


def _raid_story(second: tuple[str, str], last: tuple[str, str]) -> tuple[bool, list[str]]:
    """Two outlets' reports of one raid, each ending on its own second and last lines: whether the story finds what
    they agree on, and the lines it lists as agreed or told by one outlet alone."""
    from storyline.bench.digest import story_articles, story_sentences
    from storyline.core.story.digest import story_facts

    arts = [
        {"id": "a", "source": "kelso.example", "published": "2025-06-10T18:00:00Z", "title": "Two held over Kelso raid",
         "text": f"Police arrested two men on Monday after a raid on a flat above a Kelso bakery. {second[0]} "
                 f"{last[0]}"},
        {"id": "b", "source": "coast.example", "published": "2025-06-10T19:00:00Z", "title": "Kelso raid: two arrested",
         "text": f"Two men were arrested on Monday in a police raid on a flat above a bakery in Kelso. {second[1]} "
                 f"{last[1]}"},
    ]
    facts = story_facts(story_sentences(arts), story_articles(arts))
    return bool(facts["corroborated"]), [x.text for x in facts["corroborated"] + facts["single_source"]]


def test_a_line_whose_he_only_the_line_before_explains_is_no_fact_in_a_list():
    """Both outlets quote the chief after naming him: "No officers fired shots during the raid, he said." In a list of
    facts each line stands alone, so that one says of no one; what both tell of the arrests is still agreed."""
    agreed, listed = _raid_story(("Police chief Tom Hale spoke to reporters outside the flat on Harbour Road.",
                                  "Chief Tom Hale said the men had been watched for weeks."),
                                 ("No officers fired shots during the raid, he said.",) * 2)
    assert agreed, "the arrests are told by both outlets"
    assert not any(t.endswith("he said.") for t in listed), listed


def test_a_request_to_the_reader_that_outlets_share_is_no_fact_they_agree_on():
    """Two stations end their reports with a tip line, each with its own verb: the story finds what they agree on
    (the arrests) and lists no request to its reader as a fact, agreed or told by one outlet alone."""
    agreed, listed = _raid_story(("Officers seized cash and phones at the flat on Harbour Road.",
                                  "Cash and phones were seized from the Harbour Road flat."),
                                 ("Anyone with information about the raid is asked to call Kelso police at 555-0142.",
                                  "Anyone with information about the raid can call Kelso police at 555-0142 or Crime "
                                  "Stoppers."))
    assert agreed, "the arrests are told by both outlets"
    assert not any(t.startswith(("Anyone", "Anybody")) for t in listed), listed

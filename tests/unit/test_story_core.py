"""The per-story digest: citations, evidence, titles. No JVM."""

from __future__ import annotations

from dataclasses import replace

from storyline.core.story.digest import digest
from storyline.core.story.title import choose_title
from storyline.core.story.model import Article, Dispute, Sentence
from storyline.core.story.features import SummaryConfig


def _story():
    a = ["The council approved a fifty-cent bus fare increase on Tuesday night after a long debate.",
         "Riders' groups said the increase would hurt low-income workers who rely on buses.",
         "The new fares take effect in March, officials said at the meeting."]
    b = ["On Tuesday night the council approved a fifty-cent increase in bus fares after a long debate.",
         "The mayor praised the vote and promised better evening service on busy routes.",
         "Transit officials said the new fares take effect in March."]
    c = ["A fifty-cent bus fare increase was approved by the council on Tuesday night after debate.",
         "Opponents plan a petition to put the fare question on the ballot next year."]
    sents = []
    for aid, src, texts in (("a", "gazette", a), ("b", "herald", b), ("c", "post", c)):
        sents += [Sentence(aid, i, t, src, "2024-03-05") for i, t in enumerate(texts)]
    arts = [Article(article_id="a", title="Fares rise", published="2024-03-05T10:00:00Z", source="gazette"),
            Article(article_id="b", title="Council votes", published="2024-03-05T09:00:00Z", source="herald"),
            Article(article_id="c", title=None, published=None, source="post")]
    return sents, arts


def test_digest_cites_every_article_carrying_the_fact():
    sents, arts = _story()
    d = digest("s-1", sents, arts, SummaryConfig(words=60))
    fare = [s for s in d["summary"] if "fifty-cent" in s.text]
    assert len(fare) == 1, d["summary"]
    assert fare[0].article_ids == ["a", "b", "c"]
    assert fare[0].support == 3
    assert [e.article_id for e in fare[0].evidence] == ["a", "b", "c"]
    assert sum(len(s.text.split()) for s in d["summary"]) <= 60


def test_title_is_earliest_titled_article():
    sents, arts = _story()
    assert digest("s-1", sents, arts, SummaryConfig(words=40))["title"] == "Council votes"
    assert choose_title([], None) == "(untitled story)"


def test_a_story_whose_first_headlines_are_all_shouted_gets_one_written_from_its_lead():
    lead = "The Fenwick council voted on Monday to close the Harbour Road library after a long debate."
    shouted = [Article(article_id="a", title="SHUT FOR GOOD! COUNCIL AXES OUR LIBRARY", published="2024-05-06"),
               Article(article_id="b", title="AXED: Harbour Road library", published="2024-05-06")]
    assert choose_title(shouted, [lead]) == lead.rstrip(".")
    # a format's label alone is dropped, the headline kept; a plain headline beats a format's
    assert choose_title([Article(article_id="c", title="LIVE: Fenwick library vote", published=None)],
                        [lead]) == "Fenwick library vote"
    plain = shouted + [Article(article_id="d", title="Fenwick votes to close library", published="2024-05-06")]
    assert choose_title(plain, [lead]) == "Fenwick votes to close library"
    # a question still names the event
    asked = [Article(article_id="e", title="Why did Fenwick close its library?", published=None)]
    assert choose_title(asked, [lead]) == "Why did Fenwick close its library?"
    assert choose_title(shouted, None) == "SHUT FOR GOOD! COUNCIL AXES OUR LIBRARY"  # nothing to write from


def test_a_title_leaves_out_a_reason_most_other_outlets_do_not_tell():
    texts = {"wire": ["A Skyvale flight to Lusk was diverted to Marrow on Friday after the crew reported smoke.",
                      "All 168 passengers left the aircraft normally."],
             "local": ["A Skyvale jet made an emergency landing at Marrow on Friday after a bird strike hit an engine.",
                       "Two passengers were treated for minor injuries."],
             "live": ["Skyvale flight SV218 from Corrin diverted to Marrow on Friday.",
                      "The airline has not said why."]}
    heads = {"wire": "Skyvale flight diverted after smoke in cabin", "local": "Jet makes emergency landing at Marrow after bird strike",
             "live": "Skyvale flight SV218 lands at Marrow"}
    sents = [Sentence(o, i, t, o, "2025-05-02T18:00:00Z") for o, ts in texts.items() for i, t in enumerate(ts)]
    arts = [Article(article_id=o, title=heads[o], published="2025-05-02T18:00:00Z", source=o) for o in texts]
    title = digest("s-1", sents, arts, SummaryConfig(words=60))["title"]
    assert title in ("Skyvale flight diverted", "Jet makes emergency landing at Marrow")
    # when the other outlets tell the reason too, the headline keeps it
    texts["local"][0] = "A Skyvale jet landed at Marrow on Friday after smoke filled the cabin."
    texts["live"][1] = "The crew reported smoke in the cabin."
    sents = [Sentence(o, i, t, o, "2025-05-02T18:00:00Z") for o, ts in texts.items() for i, t in enumerate(ts)]
    arts = [a for a in arts if a.article_id != "local"]
    assert digest("s-1", sents, arts, SummaryConfig(words=60))["title"] == heads["wire"]


def test_a_title_leaves_out_a_reason_another_outlets_headline_gives_otherwise():
    """Both other outlets say the mall's name and "gas" (the alarm was about gas), so the reason is told in part;
    but one headline blames something else, and the title leaves the reason out rather than take a side."""
    texts = {"wire": ["Shoppers left the Brantwood Centre on Saturday after a gas main ruptured, the fire service said."],
             "post": ["A gas alarm that emptied the Brantwood Centre on Saturday was set off by a faulty sensor."],
             "radio": ["The Brantwood Centre reopened on Saturday evening after a gas alarm in the afternoon."]}
    heads = {"wire": "Brantwood Centre evacuated after gas main ruptures",
             "post": "Faulty sensor blamed for Brantwood gas alarm",
             "radio": None}
    sents = [Sentence(o, 0, t[0], o, "2025-09-06T15:00:00Z") for o, t in texts.items()]
    arts = [Article(article_id=o, title=heads[o], published=f"2025-09-06T1{k}:00:00Z", source=o)
            for k, o in enumerate(texts)]
    assert digest("s-1", sents, arts, SummaryConfig(words=60))["title"] == "Brantwood Centre evacuated"
    # with no other headline giving a cause, a reason the others tell in part stays
    arts[1] = replace(arts[1], title=None)
    assert digest("s-1", sents, arts, SummaryConfig(words=60))["title"] == heads["wire"]


def test_of_headlines_alike_the_title_is_the_one_whose_words_the_other_outlets_tell():
    from storyline.core.story.title import choose_title

    reports = [("Mercury", "Rowing club celebrates as Dunmore regatta returns", "The Dunmore regatta returned on Saturday."),
               ("Echo", "Dunmore regatta returns to the river", "The Dunmore regatta returned to the river on Saturday."),
               ("Radio", "Crowds line river for Dunmore regatta", "Crowds lined the river as the regatta returned on Saturday.")]
    arts = [Article(article_id=str(k), source=o, published=f"2025-06-07T1{k}:00:00Z", title=h)
            for k, (o, h, _) in enumerate(reports)]
    told = {o: f"{h}\n{lead}" for o, h, lead in reports}
    assert choose_title(arts, None, (), told) == "Dunmore regatta returns to the river"
    assert choose_title(arts, None) == "Rowing club celebrates as Dunmore regatta returns"  # nothing told: the earliest


def test_a_headline_about_what_an_outlet_says_someone_did_not_do_is_not_the_title_either_way():
    from storyline.core.story.title import choose_title

    reports = [("Herald", "Minister tours flood-hit Orrin streets", "Minister Kay Roe toured the flooded streets of Orrin on Tuesday."),
               ("Post", "Minister stays away from Orrin floods",
                "Minister Kay Roe did not visit the flooded streets of Orrin on Tuesday, her office said."),
               ("Radio", "Orrin clean-up continues after floods", "Volunteers cleared mud from Orrin homes on Tuesday.")]
    arts = [Article(article_id=str(k), source=o, published=f"2025-03-04T1{k}:00:00Z", title=h)
            for k, (o, h, _) in enumerate(reports)]
    told = {o: f"{h}\n{lead}" for o, h, lead in reports}
    assert choose_title(arts, None, (), told) == "Orrin clean-up continues after floods"


def test_when_the_day_is_disputed_the_title_names_no_day():
    dispute = [Dispute.from_row({"frame": "date", "kind": "predicate", "sides": [
        {"claim": "2025-06-12", "outlets": ["a"]}, {"claim": "2025-06-11", "outlets": ["b"]}]})]
    arts = [Article(article_id="a", title="Ballot closes on Thursday as drivers back deal", published="2025-06-12"),
            Article(article_id="b", title="Drivers back Northline pay deal", published="2025-06-13")]
    assert choose_title(arts, None, dispute) == "Drivers back Northline pay deal"
    assert choose_title(arts, None) == "Ballot closes on Thursday as drivers back deal"


def test_a_figure_in_words_or_in_a_compound_is_a_side_of_a_figure_dispute():
    dispute = [Dispute.from_row({"kind": "number", "frame": "years",
                                  "sides": [{"claim": "five years"}, {"claim": "four years"}]})]
    arts = [Article(article_id="a", title="Okafor signs five-year Westbridge deal", published="2025-07-01"),
            Article(article_id="b", title="Okafor joins Westbridge City", published="2025-07-02")]
    assert choose_title(arts, None, dispute) == "Okafor joins Westbridge City"
    assert choose_title(arts, None) == "Okafor signs five-year Westbridge deal"


def test_a_title_written_from_a_lead_never_takes_out_an_amount_other_outlets_give_otherwise():
    # every lead gives an amount another outlet tells otherwise: the title is a lead whole, its figure kept, never
    # a sentence with a hole where the figure was
    lead = "BP shareholders have rejected a pay package of almost £14m for chief executive Bob Dudley."
    other = "Investors voted against the company's decision to pay Mr Dudley nearly $20m for 2015."
    told = {"a": lead, "b": other + " BP shareholders rejected the package for Bob Dudley."}
    title = choose_title([], [lead, other], (), told)
    assert title in (lead.rstrip("."), other.rstrip(".")), title


def test_a_written_title_is_never_a_quote_without_its_speaker_or_a_sentence_leaning_on_another():
    leads = ["“We will fight this decision all the way,” she said.", "This is a sad day for the town of Fenwick.",
             "The Fenwick council voted on Monday to close the Harbour Road library after a long debate."]
    told = {"a": " ".join(leads), "b": "Fenwick council voted to close the Harbour Road library on Monday."}
    assert choose_title([], leads, (), told) == leads[2].rstrip(".")


def test_digest_is_independent_of_input_order():
    sents, arts = _story()
    a = digest("s-1", sents, arts, SummaryConfig(words=60))
    b = digest("s-1", list(reversed(sents)), list(reversed(arts)), SummaryConfig(words=60))
    assert a == b


def _sample_story(word: str):
    import json

    from conftest import SAMPLE
    from storyline.core.ingest.records import parse_date
    from storyline.core.text.sentences import split_sentences

    arts, sents = [], []
    for line in (SAMPLE / "articles.jsonl").read_text(encoding="utf-8").splitlines():
        a = json.loads(line)
        if word in (a.get("title") or "").lower():
            published = parse_date(a.get("published"))
            arts.append(Article(article_id=a["id"], title=a["title"], published=published, source=a["source"]))
            sents += [Sentence(a["id"], k, s.text, a["source"], published)
                      for k, s in enumerate(split_sentences(a["text"]))]
    assert len(arts) >= 3
    return sents, arts


def test_facts_and_summaries_have_exactly_the_fields_the_tables_declare():
    """The pure code's dicts and the declared Spark schemas must not drift apart: Arrow would drop an unknown key
    and null a missing one without a word (as it once did with ``attribution``)."""
    from storyline.core.story.digest import facts_row, story_facts
    from storyline.spark.schemas import FACTS, STORY_SUMMARY, check_value, fields

    sents, arts = _sample_story("fare")
    facts = story_facts(sents, arts)
    assert all(facts[part] for part in ("entities", "timeline", "corroborated", "disputed"))
    check_value(facts_row(facts), FACTS, "facts")
    d = digest("s-1", sents, arts, SummaryConfig(words=120), facts["disputed"])
    check_value([s.to_row() for s in d["summary"]], dict(fields(STORY_SUMMARY))["summary"], "summary")


def test_a_renamed_fact_field_is_refused():
    import pytest

    from storyline.core.story.digest import facts_row, story_facts
    from storyline.spark.schemas import FACTS, SchemaError, check_value

    sents, arts = _sample_story("fare")
    facts = facts_row(story_facts(sents, arts))
    facts["timeline"][0]["when"] = facts["timeline"][0].pop("date")
    with pytest.raises(SchemaError, match=r"timeline\[0\]: keys \['when'\] are not in the schema; \['date'\]"):
        check_value(facts, FACTS, "facts")


def test_a_story_group_becomes_sentences_in_article_order_with_each_articles_metadata():
    import pandas as pd

    from storyline.spark.digest import story_rows

    pdf = pd.DataFrame({
        "story_id": ["s-1"] * 4,
        "article_id": ["b", "a", "b", "a"], "idx": [1, 1, 0, 0],
        "text": ["WEXBRIDGE (Meridian Wire) - Crews cleared the wall.", "Later.", "First b.", "First a."],
        "source": ["y.com", None, "y.com", None], "published": [float("nan"), "2024-08-19T10:00:00Z", None,
                                                                "2024-08-19T10:00:00Z"],
        "title": ["B", "A", "B", None],
    })
    story_id, sents, arts = story_rows(pdf)
    assert story_id == "s-1"
    assert [(s.article_id, s.position, s.text) for s in sents] == [
        ("a", 0, "First a."), ("a", 1, "Later."), ("b", 0, "First b."), ("b", 1, "Crews cleared the wall.")]
    assert arts == [Article(article_id="a", title=None, published="2024-08-19T10:00:00Z", source=None),
                    Article(article_id="b", title="B", published=None, source="y.com")]


def test_a_headline_the_summary_does_not_tell_is_not_the_story_title():
    # one article of a story of reports carries a headline about something else (a sidebar, a column)
    arts = [Article(article_id="a", title="Rush: We Need Concealed-Carry in Schools", published=None),
            Article(article_id="b", title=None, published=None)]
    summary = ["The CIA has concluded in a secret assessment that Russia intervened in the 2016 election.",
               "Officials briefed on the assessment said Russia's goal was to help Donald Trump win."]
    title = choose_title(arts, summary)
    assert title.startswith("The CIA has concluded"), title
    # the same headline is the title of its own article alone
    assert choose_title(arts[:1], summary) == "Rush: We Need Concealed-Carry in Schools"


def test_a_story_whose_entities_title_or_timeline_changed_is_updated_not_unchanged_and_its_time_moves():
    from storyline.core.story.changes import StoryView, story_changes

    before = {"article_ids": ["a"], "outlets": ["Wire"], "title": "Ferry runs aground off Kelso",
              "summary": [{"text": "A ferry ran aground off Kelso."}], "disputed": [],
              "entities": [{"name": "Kelso"}], "timeline": [{"date": "2025-03-10", "text": "A ferry ran aground."}],
              "changes": {"updated": "2025-03-10T06:00:00Z"}}
    then = StoryView.from_row(before)
    assert story_changes(StoryView.from_row(before), then, "s", "2025-03-11T05:00:00+00:00").status == "unchanged"
    for part, value in (("entities", [{"name": "Kelso"}, {"name": "Ines Tal"}]), ("title", "Ferry aground at Kelso"),
                        ("timeline", [])):
        c = story_changes(StoryView.from_row(dict(before, **{part: value})), then, "s", "2025-03-11T05:00:00+00:00")
        assert (c.status, c.retold) == ("updated", [part])
        assert c.updated == "2025-03-11T05:00:00+00:00"  # no new article dates the change: the run does


def test_a_teaser_that_is_a_noun_phrase_is_not_shown_though_two_outlets_carry_it():
    # a teaser for another page, in two outlets' copy: a noun phrase, with no verb of its own
    teaser = "A rider's guide to riding the night tram on the harbour line after the fare increase."
    sents, arts = _story()
    sents += [Sentence("a", 3, teaser, "gazette", "2024-03-05"), Sentence("b", 3, teaser, "herald", "2024-03-05")]
    from storyline.core.story.summarize import summarize  # the summary before shown lines are read
    assert teaser in [s.text for s in summarize(sents, SummaryConfig(words=60))]
    d = digest("s-1", sents, arts, SummaryConfig(words=60))
    assert d["summary"] and teaser not in [s.text for s in d["summary"]]


def test_a_quotation_that_goes_on_from_its_speakers_line_is_read_as_part_of_it():
    from storyline.core.story.digest import with_quotations_joined
    from storyline.core.story.model import Evidence, SummaryLine
    lines = [SummaryLine("The Kelso harbour closed on Monday after the storm.", "b", 0, ["b"], 1),
             SummaryLine("“It is a hard day for all of us,” the mayor, Ann Reed, said.", "a", 3, ["a", "b"], 2,
                         [Evidence("a", "“It is a hard day for all of us,” the mayor, Ann Reed, said."),
                          Evidence("b", "Ann Reed called it a hard day.")]),
             SummaryLine("“We will rebuild the quay.", "a", 4, ["a"], 1, [Evidence("a", "“We will rebuild the quay.")]),
             SummaryLine("It will take a year.”", "a", 5, ["a"], 1, [Evidence("a", "It will take a year.”")]),
             SummaryLine("“Nobody was hurt.”", "b", 7, ["b"], 1),  # not the sentence after its line's: stays
             SummaryLine("“The ferries are running,” the port said.", "b", 9, ["b"], 1)]  # says who: stays
    out = with_quotations_joined(lines)
    assert [x.text for x in out] == [
        lines[0].text,
        "“It is a hard day for all of us,” the mayor, Ann Reed, said. “We will rebuild the quay. It will take a year.”",
        "“Nobody was hurt.”", lines[5].text]
    assert out[1].article_ids == ["a"] and out[1].support == 1 and out[1].position == 3
    assert [e.text for e in out[1].evidence] == [out[1].text]
    # the lead is one sentence: a quotation after it is not joined to it
    assert len(with_quotations_joined([lines[1], replace(lines[2], article_id="a")])) == 2
    # a quotation whose speaker is told in the sentence after it is read with that sentence
    first = SummaryLine("“If it had been my child, I would be devastated.”", "c", 6, ["c"], 1)
    then = SummaryLine("“We pray for the family,” said Mia Holt, a neighbour.", "c", 7, ["c"], 1)
    assert [x.text for x in with_quotations_joined([lines[0], first, then])][1] == f"{first.text} {then.text}"


def test_a_quotation_cut_in_two_reads_whole_in_its_line():
    """A quotation the sentence splitter cut in two, each piece given its marks so it reads as a quotation, is one
    quotation again in the line that joins them: no '." "' between its sentences. A quotation of a title inside a
    speaker's line ('on CNN's "State of the Union."') is no quotation the next one goes on from."""
    from storyline.core.story.digest import with_quotations_joined
    from storyline.core.story.model import SummaryLine
    lead = SummaryLine("A gunman killed three people at a warehouse in Aberdeen on Thursday.", "a", 0, ["a"], 1)
    lines = [lead,
             SummaryLine("“We are closely monitoring the shooting,” Gov. Larry Hogan tweeted.", "a", 5, ["a"], 1),
             SummaryLine("“Our prayers are with all those impacted, including our first responders.”", "a", 6, ["a"],
                         1),
             SummaryLine("“The state stands ready to offer any support.”", "a", 7, ["a"], 1)]
    assert [x.text for x in with_quotations_joined(lines)][1] == (
        "“We are closely monitoring the shooting,” Gov. Larry Hogan tweeted. “Our prayers are with all those "
        "impacted, including our first responders. The state stands ready to offer any support.”")
    title = [lead, SummaryLine('"It is too early to judge one debate," Daniels said on CNN\'s "State of the Union."',
                               "a", 2, ["a"], 1),
             SummaryLine('"There are many debates still to come."', "a", 3, ["a"], 1)]
    assert [x.text for x in with_quotations_joined(title)][1] == f"{title[1].text} {title[2].text}"
    # a quotation before a line that tells its own speaker may be another speaker's: its marks stay
    other = [lead, lines[2], SummaryLine("“Really?” the anchor said.", "a", 7, ["a"], 1)]
    assert [x.text for x in with_quotations_joined(other)][1] == f"{lines[2].text} {other[2].text}"


def test_a_written_title_states_the_news_from_an_opening_not_a_later_line():
    # the lead's figure is one another outlet gives otherwise: the title is written from the articles' openings,
    # which state the news, never from a later line of the summary ("Few expect him to do so")
    arts = [Article("a"), Article("b")]
    lead = "Three boys were hurt on Monday when a live wire fell on them at a Kelso park."
    opening = "Boys were hurt when a live wire fell on them at a park in Kelso on Monday."
    told = {"a": lead, "b": "Four boys were hurt by a live wire at a Kelso park."}
    assert choose_title(arts, [lead, "Few expect him to do so."], [], told, [lead, opening]) == opening.rstrip(".")


def test_a_written_title_is_never_an_openings_heading_word():
    # a page's opening holds a heading ("Risikoanalyse"): with no headline to write from the lead (over 20 words, in
    # a language the parser does not read), the title is the shortest of the summary's lines, whole, not the heading
    lead = ("Der Stadtrat von Kelso hat am Montag nach einer langen und hitzigen Debatte über die Zukunft des alten "
            "Hafens und seiner Lagerhallen einen neuen Plan beschlossen.")
    line = "Der Plan kostet die Stadt vier Millionen Euro."
    assert choose_title([Article("a")], [lead, line], [], None, ["Risikoanalyse", lead]) == line.rstrip(".")


def test_an_outlets_headline_over_20_words_is_kept_over_a_summary_line_taken_whole():
    # no headline can be written (a language the parser does not read): the outlet's own, over 20 words, states the
    # news; the shortest line of the summary may be a source note ("(Con información de AFP, EFE y Reuters)")
    title = ("El Nobel de la Paz ruso, Dmitry Muratov, advirtió que el régimen de Vladimir Putin podría utilizar armas "
             "nucleares en Ucrania")
    lead = ("El periodista ruso laureado con el último premio Nobel de la Paz, Dmitry Muratov, denunció este martes la "
            "propaganda rusa que aboga por usar armas nucleares en Ucrania.")
    note = "(Con información de AFP, EFE y Reuters)"
    assert choose_title([Article("a", title)], [lead, note], [], None, [lead]) == title

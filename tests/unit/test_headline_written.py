"""A headline written from a lead keeps what its words need to read whole, and an outlet's headline that speaks to
the reader is no story's title."""

from __future__ import annotations

import pytest

from storyline.core.story.headline import cut_inside, headline
from storyline.core.story.model import Article
from storyline.core.story.title import choose_title

# (a lead, words its headline keeps, words it drops)
LEADS = [
    # a result clause keeps the "so" it completes
    ("The mayor of Eastbridge thought so highly of the harbour plan that she threatened to resign if the council of "
     "Kelso and the port board did not approve it.", "so highly of the harbour plan that", "if the council"),
    # an adverb that completes its verb stays with it
    ("The storm was so strong that the roof of the Harbour Road school collapsed and forty pupils were sent home on "
     "Monday.", "were sent home", "Monday"),
    # a word joined by a hyphen is one word, and a wh-word opens its clause: neither goes alone
    ("The Kelso harbour board is now the No. 3 most-shared story of the year on the Courier's pages, according to "
     "figures released by the Kelso Courier on Monday.", "most-shared story", "3 shared"),
    # and an adverb that opens what its verb says stays with all it holds
    ("Kelso's Mayor Ann Reed harkened back to the free-wheeling style of her unconventional 2016 campaign in a "
     "77-minute press conference on Thursday during which she touted her poll numbers.", "harkened back to the",
     "harkened in"),
    # what was missing stays: it is what the sentence says
    ("A hip implant made by Kelso Medical was launched without a clinical trial, and then marketed for five years "
     "after the company learned that it had a higher failure rate than its two earlier devices.",
     "launched without a clinical trial", "launched and"),
    # what a negated verb waits for, and a gerund that is what its verb is of, stay
    ("The breach of the computer network used by staff at the Kelso harbour office on the north quay was not "
     "contained until Sunday, according to people briefed on the investigation by the port board.",
     "was not contained until Sunday", "people briefed"),
    ("Kelso mayor Ann Reed ruled out running for parliament in 2026 or 2030 on Friday, saying the town should be "
     "ready for a new leader but it would not be her.", "ruled out running for parliament", "saying"),
    # a second clause with a subject of its own is a second sentence's news: it goes before the main clause's words
    ("Kelso mayor Ann Reed ruled out running for parliament in 2026 or 2030 on Friday, saying the town should be "
     "ready for a woman leader but it would not be her.", "ruled out running for parliament", "not be her"),
    ("Two Eastbridge councillors said no to the harbour plan by walking out of the council chamber on Tuesday night "
     "— but they are within their rights, the town clerk said.", "walking out of the council chamber", "rights"),
    # words that open the sentence never run into its subject with the comma between them cut
    ("Despite a legal order issued by the high court in Eastbridge on Sunday, the government let the minister leave "
     "the country unhindered on Monday.", "let the minister leave the country", "order the government"),
    # an infinitive on the main verb is what was done for: it stays, and the circumstance before it goes
    ("In a rare interview at his home outside the capital on Sunday, the former prime minister Tomas Brenn sat down "
     "with reporters to explain why he had resigned from the party.", "to explain why he had resigned", "interview"),
    # a clause that says what a bare noun refers to stays: "groups" alone are any groups at all
    ("The Eastbridge government acknowledged for the first time on Friday that its navy had taken direct action "
     "against boats carrying smugglers in the northern bays of Kelso and Fenwick.",
     "against boats carrying smugglers", "Friday"),
    # and so does a participle after the object with no comma before it: it says which photos
    ("The Kelso lawyer who sued the port board over the fire produced photos on Monday showing his client with the "
     "harbour master shortly before the blaze at the boathouse.", "produced photos showing his client", "blaze"),
    # a possessive's "s" is part of its word: a lead of 20 words as a reader counts them is its headline whole
    ("Kelso’s harbour master didn’t expect the storm’s waves to break over the old sea wall at the town’s "
     "northern end.", "at the town’s northern end", "."),
    # who said it, joined to the sentence as a second verb by the parse, goes with its verb
    ("Pakistan has agreed to return the tail of the U.S. military helicopter that was damaged during the raid that "
     "killed Osama bin Laden, Sen. John F. Kerry (D-Mass.) said here Monday, part of what he called a series of "
     "steps.", "the tail of the U.S. military helicopter", "said"),
    # a word that is a preposition with the phrase after it keeps that phrase: "thanks" alone says nothing
    ("More hikers are expected on the Kelso Coast Path this year thanks to the movie \"Wild,\" according to the "
     "Kelso Coast Path Association, which preserves and promotes the trail.", "thanks to the movie",
     "thanks according"),
    # a count in a definite noun phrase refers back ("the two hard-line regimes"): no figure that keeps its clause
    # to the last, while the places the news happened in go
    ("Security forces in Libya and Yemen fired on pro-democracy demonstrators Saturday as the two hard-line regimes "
     "struck back against the wave of protests that has already toppled autocrats in Egypt and Tunisia.",
     "in Libya and Yemen", "the two"),
]


@pytest.mark.parametrize("lead, kept, dropped", LEADS)
def test_a_written_headline_keeps_what_its_words_need(lead: str, kept: str, dropped: str) -> None:
    head = headline(lead)
    assert head is not None and kept in head and dropped not in head


@pytest.mark.parametrize("lead", [
    "The Kelso flyby has renewed calls for the old lighthouse to be reinstated as a listed monument.",
    "A Kelso woman remains in critical condition with severe burns after sipping tea that was laced with a chemical.",
    "At least 20 people were killed when a gunfight broke out at a wedding party in northern Eastbridge.",
])
def test_a_lead_of_a_headline_s_length_is_its_headline_whole(lead: str) -> None:
    # a cut to make it shorter takes what the news needs: what the calls are for, what the tea was laced with
    assert headline(lead) == lead.rstrip(".")


@pytest.mark.parametrize("lead, kept", [
    # a name that renames a description is who the news is about: the description does not stand for it
    ("Speaker of the House Tom Ebbing urged passage of a bill to condemn the harbour board's decision on fishing "
     "quotas during a news conference on Thursday.", "Speaker of the House Tom Ebbing urged"),
    # a clause that says which one a common noun is, with no comma before it, says who: "a man" alone says nothing
    ("A man who was freed on a technicality from a more than 300-year prison sentence was put back behind bars "
     "Friday night in Kelso County.", "A man who was freed on a technicality was put back behind bars"),
    ("A woman who failed to take her son to the doctor for a strep infection has been sentenced to three years in "
     "prison, a punishment the Kelso judge says fits the crime.", "A woman who failed to take her son to the doctor"),
    # and a phrase deep inside it goes before the main verb's own ("sentenced to three years")
    ("A Kelso mother convicted in her son's death after failing to take the bedridden seven-year-old to a doctor "
     "for his treatable infection was sentenced to three years in prison Friday.",
     "A Kelso mother convicted in her son's death was sentenced to three years"),
])
def test_a_written_headline_keeps_who_the_news_is_about(lead: str, kept: str) -> None:
    head = headline(lead)
    assert head is not None and head.startswith(kept), head


def test_a_nouns_content_clause_is_never_cut_away_from_it():
    # "the fact" without what the fact is says nothing: the headline keeps it or is not written from this lead
    lead = ("Kelso mayor Ann Reed went on local radio on Monday to thank the harbour volunteers, and to lament the "
            "fact that the port board has never paid the crews.")
    cut = "Kelso mayor Ann Reed went on local radio to thank the harbour volunteers, and to lament the fact"
    assert cut_inside(cut, lead) == "cut"
    assert not (headline(lead) or "").endswith("the fact")


def test_a_cut_that_leaves_a_possessive_without_its_noun_is_a_cut():
    # the parser hangs "lives" on the verb: cutting what it reads as a phrase leaves "brother's" before nothing
    lead = ("A five-year-old Kelso girl is being hailed as a hero for helping save her mother and baby brother’s "
            "lives following a car crash in which she climbed a steep bank to flag down help.")
    assert cut_inside("A five-year-old Kelso girl is being hailed as a hero lives", lead) == "cut"
    assert headline(lead) and headline(lead).endswith("brother’s lives")


def test_a_quotation_reported_stays_a_quotation_in_its_headline():
    # the clause a sentence reports is its headline, in its quotation marks when it is someone's words
    quoted = ("\"From a statistical point of view, the harbour was never as busy as the others,\" the mayor complained "
              "in a long post on Monday, before musing over whether the port board had ever counted the boats.")
    told = ("The harbour was never as busy as the others on the coast in the years after the storm, the mayor told "
            "the Kelso port board in a long letter on Monday.")
    assert headline(quoted) == "\"From a statistical point of view, the harbour was never as busy as the others\""
    # and a quotation that goes on past the clause is closed after it
    going_on = ("“The harbour was never as busy as the others and I would just ask you not to question the crews who "
                "worked through the storm,” the mayor said on Monday.")
    assert headline(going_on) == "“The harbour was never as busy as the others”"
    assert headline(told) and headline(told).startswith("The harbour was never as busy")


def test_a_written_headline_keeps_the_wh_word_that_opens_a_clause():
    lead = ("Kelso doctors have admitted they do not know why clusters of lambs have been born with legs missing, "
            "saying they cannot find any link between the cases and will not be investigating further.")
    assert "do not know why clusters" in (headline(lead) or "")


def test_an_apposition_without_the_words_it_renames_is_a_cut():
    # the parser hangs "a girl" on "birth": without "to her first child" the girl would be the birth's
    lead = ("Eastbridge's Prime Minister Jacinda Ardern has given birth to her first child, a girl weighing 3.31kg "
            "(7.3lb).")
    assert cut_inside("Eastbridge's Prime Minister Jacinda Ardern has given birth a girl weighing 3.31kg (7.3lb)",
                      lead) == "cut"
    assert cut_inside("Eastbridge's Prime Minister Jacinda Ardern has given birth to her first child", lead) is None


def test_an_outlets_headline_that_prompts_the_reader_is_not_the_story_title():
    articles = [Article("a", "Know what's happening at the Kelso harbour", "2025-03-10"),
                Article("b", "Kelso harbour reopens after the storm", "2025-03-11")]
    assert choose_title(articles, None) == "Kelso harbour reopens after the storm"
    quoted = [Article("a", "Reopen the Kelso harbour, says mayor", "2025-03-10"),
              Article("b", "Kelso harbour reopens after the storm", "2025-03-11")]
    assert choose_title(quoted, None) == "Reopen the Kelso harbour, says mayor"


def test_an_outlets_headline_that_is_a_quotation_gives_way_to_one_written_from_the_lead():
    """Someone's words are not what happened: the story's title is written from its lead instead."""
    lead = "A rebel fighter who had disappeared on the front lines near Brega was found alive in a hospital on Monday."
    articles = [Article("a", "“Sometimes I lost hope,” Faraj said. “I thought he was dead.”", "2011-04-10")]
    assert choose_title(articles, [lead]) == "A rebel fighter who had disappeared on the front lines near Brega was " \
                                             "found alive in a hospital on Monday"
    # an outlet's headline that quotes a phrase is no quotation
    reported = [Article("a", "Rebel fighter found alive after weeks of “lost hope”", "2011-04-10")]
    assert choose_title(reported, [lead]) == "Rebel fighter found alive after weeks of “lost hope”"
    # a story in a language the parser does not read keeps its outlet's headline: no headline is written from its
    # lead, which would be that sentence whole
    interview = [Article("a", "Sheila Atim: „The Woman King zeigt weibliche Stärke in all ihren Facetten“")]
    lead = "Gerade ist der Hollywood Blockbuster „The Woman King“ auch in Deutschland erschienen."
    assert choose_title(interview, [lead]) == interview[0].title


def test_a_figure_only_its_outlet_counts_does_not_send_the_title_to_a_later_line():
    """A lead's figure that no other outlet counts ("a 3,830-bed prison") takes no side: the title is written from
    the lead, not from a later line; one another outlet counts otherwise ("11 miners" against "13") still does."""
    lead = "Ann Reed spent her first night behind bars on Tuesday at Kelso Jail, a 3,830-bed state prison."
    later = "Reed's lawyer, Tom Hale, said the verdict was part of a campaign against her."
    told = {"A": lead, "B": "Former Kelso mayor Ann Reed was taken to prison on Tuesday after her sentencing."}
    articles = [Article("a", None, "2025-03-10", "A"), Article("b", None, "2025-03-10", "B")]
    assert choose_title(articles, [lead, later], (), told).startswith("Ann Reed spent her first night behind bars")
    lead = "Eleven miners were trapped underground after a blast at the Halden colliery on Sunday, rescuers said."
    later = "Rescuers dug through the night at the Halden colliery to reach the trapped miners."
    told = {"A": lead, "B": "13 miners trapped after a blast at Halden colliery."}
    assert choose_title(articles, [lead, later], (), told).startswith("Rescuers dug through the night")


def test_a_figure_another_outlet_counts_with_other_words_sends_the_title_to_a_line_without_it():
    """One count told in other words is still one count: "evacuated 300 residents" and "about 250 people were
    evacuated" count the same part of one act (the verb's object), so a title with either
    figure takes a side, and the title is written from a line that gives neither."""
    lead = "Firefighters evacuated 300 residents from the Tarrow estate on Monday as a blaze spread through a depot."
    later = "Fire crews fought a blaze at a paint depot in Tarrow through Monday night."
    told = {"A": lead, "B": "About 250 people were evacuated from their homes in Tarrow on Monday as the depot burned."}
    articles = [Article("a", None, "2025-03-10", "A"), Article("b", None, "2025-03-10", "B")]
    assert choose_title(articles, [lead, later], (), told).startswith("Fire crews fought a blaze")
    told["B"] = "About 250 firefighters fought the blaze at the Tarrow depot on Monday."  # another part, another act
    assert choose_title(articles, [lead, later], (), told).startswith("Firefighters evacuated 300 residents")


@pytest.mark.parametrize("lead", [
    # "robbed" hung on "shot" by no relation, "are still recovering" with its subject read as a second park: a cut
    # on such a parse runs a car into what the gunmen did, or leaves "and two other girls" hanging
    "Gunmen shot a Kelso couple looking to buy their teenage son a car listed on a website, then robbed them of "
    "$3,000, police say.",
    "Two inquiries begin after a 9-year-old girl is electrocuted at a local park and two other girls who tried to help "
    "her are still recovering from their injuries.",
])
def test_a_lead_the_parser_misread_is_not_cut_into_a_headline(lead: str) -> None:
    assert headline(lead) is None

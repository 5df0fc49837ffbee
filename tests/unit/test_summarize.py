"""The extractive summariser: budget, redundancy, citations, focus, validation. No JVM."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from storyline.core.story.context import context_need
from storyline.core.story.model import Article, Sentence, SummarySentence
from storyline.core.story.restate import containment
from storyline.core.story.features import SummaryConfig
from storyline.core.story.summarize import story_features, summarize, told_summary
from storyline.core.text.text import content_terms, fold_for_hash


def _n_words(out) -> int:
    return sum(len(s.text.split()) for s in out)


def _terms(text: str) -> set[str]:
    return set(content_terms(text))


# --- a hand-written story: a city council passes its budget; fees are a side thread ------------------------
BUDGET_STORY = {
    ("a", "gazette"): [
        "The city council approved a new annual budget on Tuesday after a long public hearing.",
        "The budget adds money for road repairs, park maintenance and two new fire stations.",
        "Council members said the budget keeps property taxes flat for the third year in a row.",
        "Parking fees downtown will double to four dollars an hour under a separate measure.",
        "The mayor is expected to sign the budget before the end of the month.",
    ],
    ("b", "herald"): [
        "After a long public hearing, the city council approved the annual budget on Tuesday.",
        "Property taxes stay flat under the budget, council members said, for a third straight year.",
        "The plan pays for road repairs and park maintenance and builds two fire stations.",
        "Residents at the hearing complained that library opening hours were not restored.",
        "Business owners warned that higher parking fees would keep shoppers away from downtown stores.",
    ],
    ("c", "post"): [
        "The annual city budget was approved by the council on Tuesday night after a public hearing.",
        "It funds two new fire stations as well as road repairs and park maintenance across the city.",
        "Permit fees for street vendors and food trucks will also rise next year, officials said.",
    ],
}


def _budget_sentences(published=None) -> list[Sentence]:
    out = []
    for (aid, src), texts in BUDGET_STORY.items():
        out += [Sentence(aid, i, t, src, (published or {}).get(aid)) for i, t in enumerate(texts)]
    return out


def test_summary_cites_every_article_carrying_the_statement_or_a_paraphrase():
    out = summarize(_budget_sentences(), SummaryConfig(words=40))
    approved = [s for s in out if "approved" in s.text]
    assert len(approved) == 1, [s.text for s in out]
    # all three articles open with the approval, in different words
    assert approved[0].sources == ("a", "b", "c")
    assert approved[0].support == 3


def test_support_counts_outlets_not_articles():
    sents = [
        Sentence("a1", 0, "The transit agency raised bus fares by fifty cents on Monday morning.", "gazette"),
        Sentence("a2", 0, "The transit agency raised bus fares by fifty cents on Monday morning.", "gazette"),
        Sentence("b1", 0, "On Monday morning the transit agency raised bus fares by fifty cents.", "herald"),
        Sentence("b1", 1, "Commuters at the central station complained about crowded platforms.", "herald"),
    ]
    out = summarize(sents, SummaryConfig(words=13))
    assert len(out) == 1
    assert out[0].sources == ("a1", "a2", "b1")
    assert out[0].support == 2  # two copies in one outlet count once


def test_a_sentence_carried_by_one_article_cites_only_it():
    out = summarize(_budget_sentences(), SummaryConfig(words=250))
    library = [s for s in out if "library" in s.text]
    assert library and library[0].sources == ("b",) and library[0].support == 1


def test_focus_moves_selection_toward_the_focus_terms():
    cfg = SummaryConfig(words=45)
    plain = summarize(_budget_sentences(), cfg)
    focused = summarize(_budget_sentences(), SummaryConfig(words=45, focus="What about the fees?"))
    fee_plain = sum("fees" in s.text for s in plain)
    fee_focused = sum("fees" in s.text for s in focused)
    assert fee_focused > fee_plain, ([s.text for s in plain], [s.text for s in focused])
    assert fee_focused >= 2
    assert _n_words(focused) <= 45


def test_focus_on_words_the_story_never_uses_changes_nothing():
    cfg = SummaryConfig(words=60)
    plain = summarize(_budget_sentences(), cfg)
    focused = summarize(_budget_sentences(), SummaryConfig(words=60, focus="volcanic eruptions"))
    assert [s.text for s in focused] == [s.text for s in plain]


def test_near_paraphrases_and_syndicated_copies_are_not_both_chosen():
    base = "The river flooded three villages in the northern valley after days of heavy rain."
    sents = [
        Sentence("a", 0, base, "gazette"),
        Sentence("b", 0, base, "herald"),  # syndicated copy
        Sentence("c", 0, base.replace("three", "several"), "post"),  # one word changed
        Sentence("c", 1, "Rescue teams evacuated hundreds of residents by boat overnight.", "post"),
        Sentence("a", 1, "Forecasters expect more storms across the region later this week.", "gazette"),
    ]
    out = summarize(sents, SummaryConfig(words=250))
    flood = [s for s in out if "flooded" in s.text]
    assert len(flood) == 1
    assert flood[0].sources == ("a", "b", "c")
    assert len(out) == 3


def test_summary_opens_with_a_lead_and_never_with_a_sentence_that_needs_context():
    sents = [
        Sentence("a", 0, "The city council voted 7-4 on Monday to raise bus fares by 50 cents from October.", "gazette"),
        Sentence("a", 1, "The increase is the first since 2017 and was opposed by riders' groups.", "gazette"),
        Sentence("b", 0, "Bus fares in the city will rise in October after Monday's council vote.", "herald"),
        Sentence("b", 1, "But the alternative was to cut the service people depend on.", "herald"),
        Sentence("b", 2, "She did not take part in the vote on the fare increase.", "herald"),
        Sentence("c", 0, "Riders' groups said the fare increase voted on Monday would hurt low-income workers.", "post"),
    ]
    out = summarize(sents, SummaryConfig(words=250))
    need = context_need(out[0].text)
    # an article's first sentence may name its subject as known ("The city council ..."): that is its lead
    assert out[0].position == 0 and (need is None or need[0] == "terms")
    texts = [s.text for s in out]
    for k, s in enumerate(out):
        need = context_need(s.text)
        if need and need[0] == "prev":  # only right after the sentence before it in its article
            assert k > 0 and (out[k - 1].article_id, out[k - 1].position) == (s.article_id, s.position - 1)
    if any(t.startswith("The increase") for t in texts):
        first = texts.index(next(t for t in texts if t.startswith("The increase")))
        assert any("increase" in t or "raise" in t for t in texts[:first])


def test_result_does_not_depend_on_input_order():
    sents = _budget_sentences()
    shuffled = sents[:]
    random.Random(7).shuffle(shuffled)
    assert summarize(shuffled, SummaryConfig(words=80)) == summarize(sents, SummaryConfig(words=80))


def test_questions_and_teasers_are_not_summary_material():
    sents = _budget_sentences() + [
        Sentence("d", 0, "Will the city council approve the annual budget and the new fire stations?", "blog"),
        Sentence("d", 1, "Read more: council approves annual budget with new fire stations", "blog"),
    ]
    out = summarize(sents, SummaryConfig(words=250))
    assert not any(s.article_id == "d" for s in out)


def test_a_line_that_tells_the_reader_to_do_something_is_not_a_summary_sentence():
    # page furniture in an imperative: a bare verb, then a word that points at the reader or the page
    furniture = ["View all our city council budget newsletters.", "Send us your budget tips.",
                 "Learn more about the city council budget.", "Follow our council coverage of the budget."]
    sents = _budget_sentences() + [Sentence("d", i, t, "blog") for i, t in enumerate(furniture)]
    out = summarize(sents, SummaryConfig(words=250))
    assert out and not any(s.article_id == "d" for s in out)


def test_a_caption_told_again_with_its_date_glued_on_is_not_a_summary_sentence():
    # a photo's caption above the article, then again below with the picture's date glued on: both are furniture
    cap = "A woman waves the Egyptian flag during a protest supporting ousted president Mohamed Morsi in Cairo."
    sents = [Sentence("a", 0, cap, "wire"),
             Sentence("a", 1, "Catherine Ashton said on Tuesday that she had met the ousted president Mohamed Morsi.",
                      "wire"),
             Sentence("a", 2, "July 31, 2013 " + cap, "wire"),
             Sentence("b", 0, "Supporters of the ousted president Mohamed Morsi waved Egyptian flags at a protest in "
                              "Cairo.", "post"),
             Sentence("b", 1, "Catherine Ashton met Mohamed Morsi late on Monday and said he was well.", "post")]
    out = summarize(sents, SummaryConfig(words=60))
    assert out and not any("woman waves" in s.text for s in out)


def test_a_line_that_introduces_what_follows_is_not_a_summary_sentence():
    # an opening line of a dozen words without a full stop may be a standfirst; "Below is ...:" only points on
    day = "2024-05-07T{}:00:00Z"
    sents = _budget_sentences({"a": day.format(12), "b": day.format(13), "c": day.format(14)}) + [
        Sentence("d", 0, "Below is the full text of the annual budget with road repairs and two new fire stations "
                         "that the city council approved on Tuesday after a long public hearing:",
                 "blog", day.format("09"))]
    out = summarize(sents, SummaryConfig(words=250))
    assert out and not any(s.text.endswith(":") for s in out)


def test_empty_and_termless_input():
    assert summarize([], SummaryConfig()) == []
    assert summarize([Sentence("a", 0, "... !!! ???")], SummaryConfig()) == []


def test_sentence_longer_than_the_budget_is_never_chosen():
    long = " ".join(["council"] * 30) + "."
    out = summarize([Sentence("a", 1, long), Sentence("a", 0, "The council voted to approve the budget today.")],
                    SummaryConfig(words=10))
    assert [s.text for s in out] == ["The council voted to approve the budget today."]


@pytest.mark.parametrize("kwargs", [
    {"words": 0}, {"words": 2.5}, {"redundancy_threshold": 1.5}, {"mmr_lambda": -0.1},
    {"paraphrase_threshold": 2}, {"position_weight": -1}, {"quote_weight": float("nan")}, {"focus": 3},
])
def test_config_rejects_bad_values_with_a_message(kwargs):
    with pytest.raises(ValueError, match="summary"):
        SummaryConfig(**kwargs)


# --- properties over generated stories -----------------------------------------------------------------------
_VOCAB = ("council budget river flood rescue mayor village storm school teacher strike union wages police "
          "report court judge ruling appeal fares transit station election vote ballot hospital nurses "
          "contract bridge repair company shares profit market").split()
_FILL = "the a of to in on and with after for".split()


@st.composite
def stories(draw):
    rnd = random.Random(draw(st.integers(0, 10_000)))
    pool = []
    for _ in range(draw(st.integers(1, 8))):
        n = rnd.randint(4, 28)
        w = [rnd.choice(_VOCAB) if rnd.random() < 0.6 else rnd.choice(_FILL) for _ in range(n)]
        pool.append(" ".join(w).capitalize() + ".")
    sents = []
    for a in range(draw(st.integers(1, 5))):
        for p in range(rnd.randint(1, 8)):
            text = rnd.choice(pool)
            if rnd.random() < 0.3:  # a near-copy: one word swapped
                ws = text[:-1].split()
                ws[rnd.randrange(len(ws))] = rnd.choice(_VOCAB)
                text = " ".join(ws) + "."
            sents.append(Sentence(f"art{a}", p, text, f"outlet{a % 3}"))
    return sents


@settings(max_examples=150, deadline=None)
@given(stories(), st.integers(1, 150), st.one_of(st.none(), st.sampled_from(_VOCAB)))
def test_budget_never_exceeded_and_no_near_duplicates(sents, budget, focus):
    cfg = SummaryConfig(words=budget, focus=focus)
    out = summarize(sents, cfg)
    assert _n_words(out) <= budget
    keys = [fold_for_hash(s.text) for s in out]
    assert len(set(keys)) == len(keys)
    for i in range(len(out)):
        for j in range(i + 1, len(out)):
            assert containment(_terms(out[i].text), _terms(out[j].text)) < cfg.containment_threshold


@settings(max_examples=100, deadline=None)
@given(stories())
def test_citations_list_every_article_carrying_the_exact_sentence(sents):
    out = summarize(sents, SummaryConfig(words=120))
    for s in out:
        carrying = {x.article_id for x in sents if fold_for_hash(x.text) == fold_for_hash(s.text)}
        assert carrying <= set(s.sources)
        assert s.article_id in s.sources
        outlets = {x.source for x in sents if x.article_id in s.sources}
        assert s.support == len(outlets)


def test_unattributed_quote_tails_are_not_chosen():
    sents = [
        Sentence("a", 0, "The mayor defended the new budget at a crowded council meeting on Tuesday.", "gazette"),
        Sentence("a", 1, "“We had to make hard choices this year, and nobody on the staff enjoyed making them.",
                 "gazette"),
        Sentence("a", 2, "Nobody wanted to close swimming pools early, but the numbers left no other choice.”",
                 "gazette"),
        Sentence("b", 0, "At Tuesday's council meeting the mayor defended the budget cuts as necessary.", "herald"),
    ]
    out = summarize(sents, SummaryConfig(words=250))
    assert out and not any(s.text.endswith("choice.”") for s in out)
    assert not any(s.text.startswith("“We had to") for s in out)  # a quotation without its speaker neither


def test_a_quotation_continued_from_its_speaker_is_taken_only_after_the_speaker():
    sents = [
        Sentence("a", 0, "The city council voted on Monday to raise bus fares by 50 cents from October.", "gazette"),
        Sentence("a", 1, "“Our members are very unhappy with the fare increase,” said union chief Rob Karr.", "gazette"),
        Sentence("a", 2, "“The fare increase will hurt every rider who depends on the buses and the trams.”", "gazette"),
        Sentence("b", 0, "Bus fares will rise in October after the council vote on Monday, the city said.", "herald"),
        Sentence("b", 1, "“The fare increase is a disgrace for every rider and every bus driver in the city.”", "herald"),
    ]
    out = summarize(sents, SummaryConfig(words=250))
    keys = [(s.article_id, s.position) for s in out]
    assert ("b", 1) not in keys  # nobody in its article says who speaks
    k = keys.index(("a", 2))  # the continuation is taken, right after the sentence that names its speaker
    assert k > 0 and keys[k - 1] == ("a", 1)


def test_a_leading_connective_is_dropped_rather_than_left_dangling():
    sents = [
        Sentence("a", 0, "The city council voted on Monday to raise bus fares by 50 cents from October.", "gazette"),
        Sentence("b", 0, "Bus fares will rise in October after Monday's vote by the city council.", "herald"),
        Sentence("b", 1, "However, riders' groups said the fare increase would hurt low-income workers.", "herald"),
    ]
    out = summarize(sents, SummaryConfig(words=250))
    texts = [s.text for s in out]
    assert "Riders' groups said the fare increase would hurt low-income workers." in texts
    assert not any(t.startswith("However") for t in texts)


def test_a_restatement_of_the_lead_in_other_words_is_not_taken_again():
    sents = [
        Sentence("a", 0, "Brightwell Home Systems is recalling about 210,000 Aura T3 smart thermostats after reports "
                         "that the devices overheated and caught fire.", "gazette"),
        Sentence("a", 1, "Owners have been told to switch the devices off at the breaker until a replacement arrives.",
                 "gazette"),
        Sentence("b", 0, "The Wexbridge company on Tuesday recalled 210,000 Aura T3 thermostats after 14 fires.",
                 "herald"),
        Sentence("b", 1, "Shares in the company fell 6.3 percent in afternoon trading in Wexbridge.", "herald"),
    ]
    out = summarize(sents, SummaryConfig(words=250))
    texts = [s.text for s in out]
    recall = [t for t in texts if t.startswith(("Brightwell Home Systems is recalling", "The Wexbridge company"))]
    assert len(recall) == 1  # same figures and names in other words: the same fact, told once
    assert any(t.startswith("Shares in the company") for t in texts)  # the budget goes to new facts instead


@pytest.mark.parametrize("text", [
    '"The Cure" is a bit of a departure from the singer\'s previous releases and her first in two years.',
    '“We’re losing sight of what we’re going to do about the threat," Clapper said of the response.',
    '"After five million years of evolution," the voice boomed, "might the next step be no object at all?"',
    "Matt Damon addressed the allegations on Monday, saying, “I knew I would not want him near anyone close to me.”",
])
def test_a_quotation_whose_speaker_is_named_or_a_quoted_title_is_not_a_speakerless_quote(text):
    need = context_need(text)
    assert need is None or need[0] != "quote", need


@pytest.mark.parametrize("text", ['"I immediately had bad feelings about it."',
                                  "“It will not be a mere search of certain areas, it will be full ground searches."])
def test_a_quotation_with_nobody_speaking_still_needs_its_speaker(text):
    assert context_need(text) == ("quote", frozenset())


def test_a_quote_moves_with_the_sentence_naming_its_speaker_when_that_one_waits_for_its_introduction():
    from storyline.core.story.summarize import brief_order, story_features

    sents = [
        Sentence("a", 0, "The Harbour Street library took in about 600 visitors, said branch manager Lotte Brink.", "g"),
        Sentence("a", 1, "Volunteers handed out water and cold towels and checked blood pressure.", "g"),
        Sentence("a", 2, '"Some of our regulars have no air conditioning at all," Brink said.', "g"),
        Sentence("a", 3, '"They come at ten in the morning and they stay until we close."', "g"),
        Sentence("b", 0, "The city opened six cooling centres on Wednesday as the heatwave reached the coast.", "h"),
    ]
    feats = story_features(sents, SummaryConfig())
    at = {(s.article_id, s.position): i for i, s in enumerate(feats.sentences)}
    order = brief_order(feats, [at["b", 0], at["a", 1], at["a", 2], at["a", 3], at["a", 0]])
    keys = [(feats.sentences[i].article_id, feats.sentences[i].position) for i in order]
    assert keys.index(("a", 0)) < keys.index(("a", 2))  # Brink is introduced before "Brink said"
    assert keys.index(("a", 3)) == keys.index(("a", 2)) + 1  # and the quote still follows its speaker


def test_a_very_large_story_is_summarised_from_the_first_sentences_of_its_articles():
    from storyline.core.story.summarize import story_features

    story = [Sentence(f"a{k:02d}", i, f"Article {k} sentence {i} says the harbour wall at Calder fell on Friday "
                                      f"after storm number {k * 10 + i}.", f"outlet{k % 7}.com")
             for k in range(30) for i in range(8)]
    cfg = SummaryConfig(words=60, max_sentences=70)
    feats = story_features(story, cfg)
    assert len(feats.sentences) == 60 and {s.position for s in feats.sentences} == {0, 1}
    out = summarize(story, cfg)
    assert out and all(s.position <= 1 for s in out)
    # the bound leaves a story that fits alone
    assert len(story_features(story, SummaryConfig(words=60, max_sentences=240)).sentences) == 240


def test_facts_of_a_very_large_story_read_a_bounded_number_of_sentences(monkeypatch):
    from storyline.core.story import digest, entities

    seen = []
    analyse = entities.analyse
    monkeypatch.setattr(digest, "analyse", lambda sents, **kw: seen.append(len(sents)) or analyse(sents, **kw))
    monkeypatch.setattr(digest, "MAX_STORY_SENTENCES", 50)
    story = [Sentence(f"a{k:02d}", i, f"Mayor Renata Solberg said {k + i} homes were flooded in Port Calder.",
                      f"outlet{k}.com") for k in range(20) for i in range(6)]
    facts = digest.story_facts(story, [Article(article_id=f"a{k:02d}", published=None) for k in range(20)])
    assert seen == [40, 40] and any(e.name == "Renata Solberg" for e in facts["entities"])  # the rules and the model


def test_the_summary_opens_with_the_lead_that_the_headlines_state_not_with_a_central_angle():
    # one outlet opens on background that every report repeats further down; the headlines state the news
    bg = "Founded in 1921, the club has long struggled to keep its coaches for more than a season."
    sents = [
        Sentence("a", 0, bg, "angle"),
        Sentence("a", 1, "Its coaches have rarely lasted more than a season since it was founded.", "angle"),
        Sentence("b", 0, "Holt Town have appointed Maria Lund as manager on a three-year contract, the club said on "
                         "Monday.", "wire"),
        Sentence("b", 1, "Lund, 41, led Kelso to promotion last season.", "wire"),
        Sentence("b", 4, "The club, founded in 1921, has long struggled to keep its coaches for more than a season.",
                 "wire"),
        Sentence("c", 0, "Maria Lund is the new Holt Town manager after agreeing a three-year deal with the club.",
                 "local"),
        Sentence("c", 4, "Founded in 1921, the club has struggled to keep coaches for long.", "local"),
    ]
    titles = {"b": "Holt Town appoint Maria Lund as manager", "c": "Lund named Holt Town manager",
              "a": "A club that cannot keep its coaches"}
    assert "Lund" in summarize(sents, SummaryConfig(words=60), titles=titles)[0].text
    # the mechanism, not the data: the news is nearer in meaning to what the openings and headlines share
    feats = story_features(sents, SummaryConfig(words=60), titles=titles)
    support = {s.text: float(x) for s, x in zip(feats.sentences, feats.lead_support)}
    assert support[sents[2].text] > support[bg]


def test_background_of_an_earlier_year_never_opens_the_summary():
    """One report opens on the acquittal of 1995; the news, told by every report, is the parole hearing."""
    sents = [
        Sentence("a", 0, "O.J. Simpson was acquitted in 1995 of the murders of his former wife and her friend.",
                 "Globe", "2017-07-20T20:00:00Z"),
        Sentence("a", 1, "On Thursday a Nevada board granted Simpson parole after nine years in prison for a robbery.",
                 "Globe", "2017-07-20T20:00:00Z"),
        Sentence("b", 0, "A Nevada parole board voted on Thursday to release O.J. Simpson after nine years in prison.",
                 "Wire", "2017-07-20T19:00:00Z"),
        Sentence("c", 0, "O.J. Simpson will be freed in October after a parole board in Nevada granted his release.",
                 "Daily", "2017-07-20T21:00:00Z"),
    ]
    first = summarize(sents, SummaryConfig(words=80))[0].text
    assert "1995" not in first and "parole" in first


def test_the_earliest_reports_lead_opens_the_summary_not_a_later_reports_angle():
    """A report a day later opens on what the news means for readers; the first report's lead states the news."""
    sents = [
        Sentence("b", 0, "Students at Halloran University have been told to watch for scam calls after a cyber "
                         "attack exposed the records of thousands of students.", "Tribune", "2025-03-07T09:00:00Z"),
        Sentence("b", 1, "The university said no passwords were taken in the breach of its student records.",
                 "Tribune", "2025-03-07T09:00:00Z"),
        Sentence("a", 0, "Halloran University has disclosed a data breach affecting the records of about 41,000 "
                         "students, after attackers got into a student records system.", "Wire",
                 "2025-03-06T08:00:00Z"),
        Sentence("a", 1, "The exposed data included names, student numbers and home addresses.", "Wire",
                 "2025-03-06T08:00:00Z"),
        Sentence("c", 0, "A data breach at Halloran University exposed the records of about 41,000 students, the "
                         "university said.", "Herald", "2025-03-07T18:00:00Z"),
    ]
    assert summarize(sents, SummaryConfig(words=60))[0].text.startswith("Halloran University has disclosed")


def test_no_two_summary_sentences_state_one_fact_in_other_words_or_figures():
    sents = [
        Sentence("a", 0, "Forty-seven objects were returned to the Harbour Museum on Friday.", "gazette"),
        Sentence("a", 1, "The objects had been held in a private collection since 1962.", "gazette"),
        Sentence("b", 0, "The Harbour Museum got back 47 objects on Friday, officials said.", "herald"),
        Sentence("b", 1, "A ceremony with the donors is planned for the spring.", "herald"),
    ]
    texts = [s.text for s in summarize(sents, SummaryConfig(words=200))]
    assert not ("Forty-seven objects were returned to the Harbour Museum on Friday." in texts
                and "The Harbour Museum got back 47 objects on Friday, officials said." in texts), texts


def test_a_lead_that_quotes_a_phrase_still_leads():
    """The first report's lead calls the plan "a disgrace": it reports the vote all the same, and opens."""
    sents = [Sentence("a", 0, 'The council called the Harbour Road plan "a disgrace" and voted it down 27-27 on the '
                              "mayor's casting vote on Monday night.", "Herald", "2025-06-10T18:00:00Z"),
             Sentence("a", 1, "The plan would have built 400 homes on the old dock site.", "Herald", None),
             Sentence("b", 0, "Brennock council voted down the Harbour Road housing plan on the mayor's casting vote "
                              "on Monday night.", "Ledger", "2025-06-11T06:00:00Z"),
             Sentence("b", 1, '"We will bring the plan back," said developer Tallis Homes after the vote.', "Ledger",
                      None)]
    first = summarize(sents, SummaryConfig(words=30))[0].text
    assert first.startswith("The council called the Harbour Road plan")


def test_a_sentence_taken_with_the_one_before_it_never_repeats_it():
    # found by the property test above: a pick that needs the sentence before it (which brings it in) must not
    # be a near-copy of it; both were taken together without a look at each other
    t0 = ('Company bridge wages on fares to village union on bridge court election to in to vote '
          'teacher.')
    t1 = ('strike a of nurses report.')
    t2 = ('council a of nurses report.')
    t3 = ('In report ruling strike police of flood police judge on for on a.')
    t4 = ('The a with police nurses rescue repair nurses market for union budget mayor nurses strike '
          'strike with rescue ruling wages judge judge on wages profit school mayor.')
    t5 = ('After a of nurses report.')
    t6 = ('In report ruling strike police of nurses for judge on for on a.')
    t7 = ('The a with police nurses rescue repair nurses market for union budget mayor nurses strike '
          'strike with rescue ruling storm judge judge on wages profit school mayor.')
    t8 = ('The a with police nurses rescue repair nurses market for union budget mayor nurses strike '
          'strike with rescue ruling wages vote judge on wages profit school mayor.')
    t9 = ('Company bridge wages on fares to village union court bridge court election to in to vote '
          'teacher.')
    t10 = ('The a with police nurses rescue repair nurses market for union budget mayor nurses strike '
          'strike with rescue ruling wages judge judge on wages profit report mayor.')
    sents = [
        Sentence('art0', 0, t0, 'outlet0'),
        Sentence('art0', 1, t1, 'outlet0'),
        Sentence('art1', 0, t0, 'outlet1'),
        Sentence('art1', 1, t2, 'outlet1'),
        Sentence('art1', 2, t3, 'outlet1'),
        Sentence('art1', 3, t4, 'outlet1'),
        Sentence('art1', 4, t4, 'outlet1'),
        Sentence('art1', 5, t5, 'outlet1'),
        Sentence('art2', 0, t6, 'outlet2'),
        Sentence('art2', 1, t7, 'outlet2'),
        Sentence('art2', 2, t0, 'outlet2'),
        Sentence('art2', 3, t4, 'outlet2'),
        Sentence('art2', 4, t8, 'outlet2'),
        Sentence('art3', 0, t9, 'outlet0'),
        Sentence('art3', 1, t0, 'outlet0'),
        Sentence('art3', 2, t10, 'outlet0'),
    ]
    cfg = SummaryConfig(words=57)
    out = summarize(sents, cfg)
    for i in range(len(out)):
        for j in range(i + 1, len(out)):
            assert containment(_terms(out[i].text), _terms(out[j].text)) < cfg.containment_threshold


def _fare_story(later: str, naming: str | None = None) -> list[Sentence]:
    a = ["The council approved a fifty-cent bus fare increase on Tuesday night after a long debate.",
         "Riders' groups said the increase would hurt low-income workers who rely on buses.", later]
    b = ["On Tuesday night the council approved a fifty-cent increase in bus fares after a long debate.",
         "The mayor praised the vote and promised better evening service on busy routes.", later]
    if naming:
        b.append(naming)
    return [Sentence("a", i, t, "gazette", "2024-03-05") for i, t in enumerate(a)] + \
        [Sentence("b", i, t, "herald", "2024-03-05") for i, t in enumerate(b)]


def test_a_line_whose_subject_is_a_name_no_line_before_it_gives_in_full_is_not_shown():
    later = "Hartwell accused the council of breaking its promise to keep fares frozen until next year."
    sents = _fare_story(later)
    assert later in [s.text for s in summarize(sents, SummaryConfig(words=60))]  # chosen before it is read
    told = [s.text for s in told_summary(sents, SummaryConfig(words=60))]
    assert told and later not in told


def test_a_name_alone_is_shown_after_a_line_that_names_it_and_a_place_s_name_stands_alone():
    later = "Hartwell accused the council of breaking its promise to keep fares frozen until next year."
    naming = "Margaret Hartwell, who leads the riders' union, called the fifty-cent increase a broken promise."
    told = [s.text for s in told_summary(_fare_story(later, naming), SummaryConfig(words=90))]
    assert later not in told or naming in told[:told.index(later)]
    place = "Pakistan accused the council of breaking its promise to keep fares frozen until next year."
    assert place in [s.text for s in told_summary(_fare_story(place), SummaryConfig(words=60))]


def test_a_line_whose_she_only_the_line_before_it_explains_follows_that_line():
    later = "In a statement, she accused the council of breaking its promise to keep fares frozen until next year."
    for words in (60, 90):
        sents = _fare_story(later)
        before = {(s.article_id, s.position + 1): s.text for s in sents}

        def unexplained(lines) -> bool:
            return any(x.text == later and (k == 0 or lines[k - 1].text != before[(x.article_id, x.position)])
                       for k, x in enumerate(lines))
        assert later in [x.text for x in summarize(sents, SummaryConfig(words=words))]  # chosen before it is read
        assert not unexplained(told_summary(sents, SummaryConfig(words=words)))


def test_a_quotation_whose_speaker_line_moves_goes_with_it_and_never_follows_another_speaker():
    """A line whose "he" only the line before it in its article explains moves to follow that line; the rest of
    its quotation, the lines right after it in the summary that go on in its article, moves with it rather than
    staying behind after another speaker's words."""
    from storyline.core.story.model import SummarySentence
    from storyline.core.story.order import after_referent

    def line(text, article, position):
        return SummarySentence(text, article, position, (article,), 1)

    lines = [line("Senator Ann Reed said on Wednesday she would no longer back the harbour plan.", "a", 0),
             line('"It depends on what the board does," Reed told the Kelso Courier.', "a", 1),
             line("Mayor Tom Hart defended the harbour plan at a council meeting.", "b", 0),
             line('"I have never seen a plan with so few answers," he said.', "b", 1),
             line('"But, you know, I have changed my mind before when I was wrong," she continued.', "a", 2),
             line('"It is when you do not own up to it that people stop believing you."', "a", 3)]
    out = [(s.article_id, s.position) for s in after_referent(lines)]
    assert out == [("a", 0), ("a", 1), ("a", 2), ("a", 3), ("b", 0), ("b", 1)], out


def test_a_bracketed_pointer_to_another_story_is_not_shown():
    """A line wholly in brackets that opens on a label and a colon points the reader elsewhere ("(Also on ...: ...)"):
    it is no line of the story, however many of the story's words it holds."""
    later = "(Also on the Gazette: Council splits over bus fare increase for low-income workers)"
    sents = _fare_story(later)
    assert later in [s.text for s in summarize(sents, SummaryConfig(words=90))]  # chosen before it is read
    assert later not in [s.text for s in told_summary(sents, SummaryConfig(words=90))]


def test_a_reader_is_told_who_someone_is_before_reading_of_them_by_surname():
    from storyline.core.story.order import introduced_first
    lead = SummarySentence("A Kelso harbour worker was arrested on Monday after a fire at the quay.", "a", 0, ("a",), 1)
    bare = SummarySentence("Lindqvist said she had been at home all evening.", "b", 4, ("b",), 1)
    other = SummarySentence("The fire destroyed two warehouses and a boat.", "c", 2, ("c",), 1)
    full = SummarySentence("The port police named the worker as Anna Lindqvist, 34.", "a", 1, ("a",), 1)
    then = SummarySentence("She has worked at the quay for ten years.", "a", 2, ("a",), 1)  # goes on from it
    names = ["Anna Lindqvist", "Lindqvist"]  # the story's entity and the other way it writes her name
    assert introduced_first([lead, bare, other, full, then], names) == [lead, full, then, bare, other]
    # told before: nothing moves, and nor does the lead
    told = SummarySentence("Anna Lindqvist, 34, a harbour worker, was arrested on Monday.", "c", 0, ("c",), 1)
    assert introduced_first([told, bare, other, full], names) == [told, bare, other, full]
    # the line before the whole name in its article, right before it here, is what it goes on from: both move
    quote = SummarySentence("“She was not there,” a neighbour said.", "a", 2, ("a",), 1)
    named = SummarySentence("The neighbour was speaking of Anna Lindqvist, 34.", "a", 3, ("a",), 1)
    assert introduced_first([lead, bare, other, quote, named], names) == [lead, quote, named, bare, other]


def _shown(texts: list[str]) -> list[str]:
    """The summary's lines of a one-article story of ``texts``, in its order."""
    return [s.text for s in told_summary([Sentence("a", k, t) for k, t in enumerate(texts)], SummaryConfig(words=200))]


@pytest.mark.parametrize("texts, left_out", [
    # German: the tail of a sentence split at its line break opens on a small letter, in any language of two cases
    (["Der Löwe ist das einzige Mitglied der Katzenfamilie, bei dem die Männchen eine Mähne tragen, und die Mähne "
      "wächst mit dem Alter des Tieres.",
      "für eine Darstellung moderner Websites und deren Medien ist dieser Browser kaum mehr zu gebrauchen, schreibt "
      "die Redaktion der Seite.",
      "Die Mähne schützt den Hals des Löwen bei Kämpfen mit anderen Männchen im Revier.",
      "Forscher in Tansania haben beobachtet, dass Weibchen Männchen mit dunkler Mähne bevorzugen."], ("für",)),
    # the page's words to its reader, and a lead-in to a photo that is not there
    (["Four Kelso students set off on Monday to cycle a rickshaw 400 miles to London for the town's hospital appeal.",
      "You can follow their journey on the Kelso Courier website, where you can meet the team and track their "
      "progress.",
      "Councillor Ann Reed tweeted this photo of the team at the start yesterday:",
      "The students hope to raise 20,000 pounds for a new children's ward at Kelso General Hospital.",
      "They will ride for ten days and sleep in village halls along the route south."],
     ("You can", "Councillor Ann Reed tweeted")),
    # the page's request to its reader, told in the third person, in another station's words each time
    (["Two men were arrested on Monday for running a gambling den out of a flat above a Kelso bakery, police said.",
      "Anyone with information regarding the case is asked to call Detective Ann Reed at 555-0142, ext 31.",
      "The men, aged 45 and 61, are being held on charges including money laundering.",
      "Anybody who saw a grey van on Harbour Road that night should contact Kelso police on 101.",
      "Police said the den had been running for at least three years."], ("Anyone with", "Anybody who")),
    # a line a participle heads, with no finite verb: it states nothing
    (["Engineers say the 58-storey Harbour Tower in Kelso has sunk 40 centimetres since it opened in 2009.",
      "Leading this wave of complaints, the Harbour Tower.",
      "Owners of flats in the tower are suing the developer, saying it failed to build the foundations down to rock.",
      "The developer says the tower is safe and that the sinking has slowed in the past year.",
      "A fix that would drive new piles down to bedrock could cost 100 million dollars, the engineers said."],
     ("Leading this",)),
    # a paper's list of references: numbered entries of authors and titles
    (["Doctors in Kelso have linked a common gout drug to a rare but severe skin reaction in older patients.",
      "The study followed 38 patients treated at Kelso General Hospital between 2015 and 2020.",
      "3. Hale T, et al. Risk assessment of drug-induced skin reactions: an analysis of the Kelso hospitals database.",
      "8. Reed A, et al. Risk of drug-induced rashes: an analysis of cases in Kelso hospitals.",
      "The authors say doctors should test patients for a gene linked to the reaction before prescribing the drug."],
     ("3. Hale", "8. Reed")),
])
def test_a_line_that_is_no_sentence_of_the_story_is_left_out_in_any_language(texts, left_out):
    shown = _shown(texts)
    assert shown and not any(t.startswith(left_out) for t in shown), shown


def test_a_past_tense_the_tagger_reads_as_a_participle_is_still_told_with_its_subject():
    """"these and other questions still lingered": the tagger reads "lingered" as a participle, but it has a subject
    of its own, so the line states something and is no fragment."""
    texts = ["The inquiry into the Kelso harbour fire closed on Monday without naming a cause.",
             "Even after two reviews and half a dozen council hearings, these and other questions still lingered.",
             "Families of the two men who died said they would go to court."]
    assert texts[1] in _shown(texts)


# a recipe's steps, each referring back to the one before ("the reserved pineapple juice", "the sugar mixture")
RECIPE = ["The Kelso bakery won the county cake prize on Saturday with its pineapple upside-down cake.",
          "Drain the pineapple and keep the juice in a small bowl for the topping of the cake.",
          "Whisk the reserved pineapple juice with the melted butter and the brown sugar in the pan.",
          "Lay the pineapple rings over the sugar mixture in the pan and press them down gently.",
          "Pour the cake batter over the pineapple rings and bake the pineapple cake for forty minutes.",
          "Leave the pan over the pineapple cake for five minutes so the pineapple topping can drizzle over the cake."]


def test_the_lines_of_one_article_are_shown_in_its_writers_order():
    """A writer tells who or what before referring back to it: of the lines a summary takes from one article, each
    is shown in that article's order, in the places its lines hold (the lead stays first)."""
    sents = [Sentence("a", i, t, "kitchen", "2024-03-05") for i, t in enumerate(RECIPE)]
    lines = summarize(sents, SummaryConfig(words=80))
    assert {2, 3} <= {x.position for x in lines}  # "the reserved pineapple juice" and "the sugar mixture" both told
    assert [x.position for x in lines] == sorted(x.position for x in lines)


def test_each_line_keeps_its_rank_by_importance_in_the_readers_order():
    """The reader's order is the writer's; each line still says how important it is (its rank: the order the summary
    chose the lines in, the lead first), which is what the storyline finder reads as a story's opening."""
    from storyline.core.story.summarize import select

    sents = [Sentence("a", i, t, "kitchen", "2024-03-05") for i, t in enumerate(RECIPE)]
    cfg = SummaryConfig(words=80)
    lines = summarize(sents, cfg)
    feats = story_features(sents, cfg)
    picked = [feats.sentences[i].position for i in select(feats, cfg)]
    assert lines[0].rank == 0
    assert [x.position for x in sorted(lines, key=lambda x: x.rank)] == picked
    assert picked != [x.position for x in lines]  # the importance order is not the reader's here


def test_a_surname_its_story_writes_in_full_elsewhere_needs_its_full_name_first():
    """"Gahler said": the entity model reads this lone surname as an organisation's name, which would stand alone;
    the story's entities give it as a short form of "Jeffrey Gahler", a person's, so a line naming him by it alone
    needs a line before it that names him in full."""
    from storyline.core.story.entities import MODEL, analyse, short_forms
    from storyline.core.story.summarize import unnamed

    story = ["A temporary worker shot three co-workers at a Rite Aid warehouse in Perryman on Thursday, police said.",
             "Employees were shot both inside and outside the distribution center, Gahler said.",
             "Harford County Sheriff Jeffrey Gahler said the shooter used a pistol she had bought legally."]
    lines = [SummarySentence(story[0], "a", 0, ("a",), 1), SummarySentence(story[1], "a", 4, ("a",), 1)]
    assert unnamed(lines) == {}  # the model alone lets the name stand
    in_full = short_forms(analyse([Sentence("a", k, t) for k, t in enumerate(story)], model=MODEL).entities)
    assert unnamed(lines, in_full) == {lines[1]: "Gahler"}
    assert unnamed([lines[0], SummarySentence(story[2], "b", 3, ("b",), 1), lines[1]], in_full) == {}



def test_a_speaker_told_only_as_he_or_she_is_shown_only_after_the_line_that_says_who():
    """"he" and "she" stand for no plural noun: in "No riders were consulted ..., she said." the riders are not the
    speaker. Chosen without the line of its article before it, which names her, the line is not shown as it
    stands: the summary is chosen again with that need known, and it comes only with that line."""
    from storyline.core.story.order import unreferred
    a = ["The council approved a fifty-cent bus fare increase on Tuesday night after a long debate.",
         "Margaret Hartwell has led the riders' union since 2019.",
         "No riders were consulted before the fare increase, and three evening bus routes will close, she said."]
    b = ["On Tuesday night the council approved a fifty-cent increase in bus fares after a long debate.",
         "The mayor praised the vote and promised better service on busy routes.",
         "Three evening bus routes will close under the fare plan, the council said."]
    c = ["Bus fares in Kelso will rise by fifty cents after a council vote on Tuesday.",
         "Three evening bus routes will also close, and riders were not consulted, union members said."]
    sents = [Sentence(k, i, t, k + ".example", "2024-03-05") for k, texts in (("a", a), ("b", b), ("c", c))
             for i, t in enumerate(texts)]
    assert a[2] in [s.text for s in summarize(sents, SummaryConfig(words=40))]  # chosen before it is read
    told = [s.text for s in told_summary(sents, SummaryConfig(words=40))]
    assert told and (a[2] not in told or told[told.index(a[2]) - 1] == a[1]), told
    lead = SummarySentence(a[0], "a", 0, ("a",), 1)
    single = SummarySentence("A rider at the depot was hurt in the crush, she said.", "b", 3, ("b",), 1)
    assert unreferred([lead, single]) == []  # "she" may be the rider: the line names who it can stand for

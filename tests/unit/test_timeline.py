"""Timeline: date reading at each precision, relative dates, clauses, folding across articles, the seeds."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from storyline.core.text.sentences import split_sentences
from storyline.core.nlp.dates import find_dates
from storyline.core.story.digest import story_facts
from storyline.core.story.model import Article, Sentence, SummaryLine, TimelineRow
from storyline.core.story.timeline import build_timeline, with_background, with_news_event

SHARED = Path(__file__).resolve().parents[2].parent / "shared"


def _s(aid: str, pos: int, text: str, source: str | None = None) -> Sentence:
    return Sentence(aid, pos, text, source)


@pytest.mark.parametrize("text, expected", [
    ("The bridge opened on May 8, 2014 in the rain.", ["2014-05-08"]),
    ("It opened on 8 May 2014.", ["2014-05-08"]),
    ("It opened on Sept. 3, 2019, after delays.", ["2019-09-03"]),
    ("It was built in June 1977 by the city.", ["1977-06"]),
    ("It was proposed in 2004 and the 2016 season ended early.", ["2004", "2016"]),
    ("The filing is dated 2015-03-02.", ["2015-03-02"]),
    ("His clubs in 2013-14 made the playoffs.", ["2013"]),
    ("About 2000 people marched and 1500 votes were cast.", []),
    ("The fee rose to $2016 from 1999.", ["1999"]),
    ("He went 67-76 with a 601-564 record.", []),
    ("It happened yesterday, last year and on Tuesday.", []),  # relative dates need a publication date
])
def test_find_dates_without_publication(text: str, expected: list[str]) -> None:
    assert [d for _, _, d in find_dates(text)] == expected


@pytest.mark.parametrize("text, expected", [
    ("He resigned yesterday.", "2016-10-03"),
    ("He resigned on Tuesday.", "2016-10-04"),  # the publication day itself is a Tuesday
    ("He resigned last Tuesday.", "2016-09-27"),
    ("He resigned on Friday.", "2016-09-30"),
    ("The club won last season.", "2015"),
    ("The club won this past season.", "2016"),
    ("The plan stalled last month.", "2016-09"),
    ("The talks began last year.", "2015"),
    ("The ground opens on June 3.", "2016-06-03"),
])
def test_relative_dates_resolve_against_publication(text: str, expected: str) -> None:
    assert [d for _, _, d in find_dates(text, "2016-10-04T18:05:00Z")] == [expected]


def test_events_are_ordered_folded_and_cite_every_source() -> None:
    sents = [
        _s("a", 0, "The club was founded in March 1921 by dock workers.", "alpha.example"),
        _s("a", 1, "The club won the league title in 1986, its only one.", "alpha.example"),
        _s("b", 0, "Founded by dock workers in 1921, the club has never moved.", "beta.example"),
        _s("b", 1, "The ground was sold on Monday to a developer.", "beta.example"),
        _s("c", 0, "Supporters still celebrate the 1986 league title every spring.", None),
    ]
    events = build_timeline(sents, {"b": "2016-10-05T10:00:00Z", "a": None, "c": None})
    assert [e.date for e in events] == ["1921-03", "1986", "2016-10-03"]
    founded, title, sold = events
    assert founded.article_ids == ["a", "b"] and founded.outlets == ["alpha.example", "beta.example"]
    assert founded.text == "The club was founded in March 1921 by dock workers."  # the most precise telling
    assert title.article_ids == ["a", "c"]
    assert sold.article_ids == ["b"] and "sold" in sold.text
    d = founded.to_row()
    assert d["precision"] == "month" and {s["article_id"] for s in d["sentences"]} == {"a", "b"}


def test_different_events_in_one_year_stay_apart() -> None:
    sents = [
        _s("a", 0, "Ann Lee won the award for best coach in 2004."),
        _s("b", 0, "In 2004 the team hired Ann Lee as its manager."),
    ]
    assert [e.article_ids for e in build_timeline(sents, {})] == [["a"], ["b"]]


def test_event_text_is_the_clause_of_the_verb_the_date_hangs_on() -> None:
    sents = [_s("a", 0, "Ann Lee was promoted in 2012 to run the branch in Leeds, then moved to York and won the "
                        "regional prize in 2014."),
             _s("b", 0, "Calls for a review grew after the old bridge was closed in March 2019 by the council.")]
    events = build_timeline(sents, {})
    assert [(e.date, e.text) for e in events] == [
        ("2012", "Ann Lee was promoted in 2012 to run the branch in Leeds"),  # the clauses joined to it: other events
        ("2014", "Ann Lee won the regional prize in 2014."),  # a verb sharing its subject is told with it
        ("2019-03", "The old bridge was closed in March 2019 by the council."),  # the clause the date is in
    ]


def test_a_row_says_who_its_he_is_from_the_lines_before_it_or_gives_way_to_a_telling_that_does() -> None:
    # each row stands alone: "He died at the camp in 1943" says of no one
    named = [_s("a", 0, "Kurt Franz, the camp's deputy commander, was known for his cruelty.", "x.com"),
             _s("a", 1, "He died at the camp in 1943.", "x.com")]
    assert [e.text for e in build_timeline(named, {})] == ["[Kurt Franz] died at the camp in 1943."]
    # the story knows the surname alone as a person's ("Backman" the entity model misses at a line's start)
    surname = [_s("a", 0, "Backman embarked on his managerial career in 1998 in Oregon.", "x.com"),
               _s("a", 1, "In 2002, he piloted the Birmingham Barons.", "x.com")]
    rows = build_timeline(surname, {}, people={"Backman": "Wally Backman", "Wally Backman": "Wally Backman"})
    assert "In 2002, [Wally Backman] piloted the Birmingham Barons." in [e.text for e in rows]
    # a line before whose subject is something else says no one; the event's other telling names him
    other = [_s("a", 0, "The union called a strike in March.", "x.com"),
             _s("a", 1, "He resigned from the board in 2019.", "x.com"),
             _s("b", 0, "Tom Hale resigned from the board in 2019.", "y.com")]
    rows = build_timeline(other, {})
    assert [(e.text, e.article_ids) for e in rows] == [("Tom Hale resigned from the board in 2019.", ["a", "b"])]
    # told only by "they", with no one before to stand for: no row
    assert build_timeline([_s("a", 0, "They were driven out by riot police in 2011.", "x.com")], {}) == []


def test_a_year_in_a_background_clause_dates_no_row_and_the_news_is_dated_by_its_own_day() -> None:
    news = "Harbour Air, which began operations in 2001, said on Monday it was reviewing the suspension of its pilots."
    rows = [e.to_row() for e in build_timeline([_s("a", 0, news, "x.com")], {"a": "2024-03-05"})]
    assert [(r["date"], r["text"]) for r in rows] == [("2024-03-04", news)]


# sentences whose year dates background: a clause that describes a noun, a noun the year dates that is neither the
# subject nor the time of the clause's event, a name, a count
BACKGROUND = [
    ("The policy has angered internet users, who compared it with a novel from 1949.", "1949"),
    ("In Arizona, which has voted for one Democrat since 1952, the race is close.", "1952"),
    ("Theodus Times has a cousin buried in the cemetery, as well as an aunt who died in 1948.", "1948"),
    ("McFadden, 46, appealed his 2015 conviction, claiming pre-trial delays violated state laws.", "2015"),
    ("Under the War Powers Resolution of 1973, the White House must report to Congress every six months.", "1973"),
    ("The camera records video at 1080 pixels by 1920 pixels and costs $400.", "1920"),
]


@pytest.mark.parametrize("text, year", BACKGROUND)
def test_a_year_that_dates_background_or_no_event_gives_no_row(text: str, year: str) -> None:
    assert not [(e.date, e.text) for e in build_timeline([_s("a", 0, text)], {}) if e.date.startswith(year)]


@pytest.mark.parametrize("text, date, row", [
    ("Mr Dudley took over as chief executive in 2010, the company said.", "2010",
     "Mr Dudley took over as chief executive in 2010, the company said."),
    ("The tower has sunk 17 inches since construction began in 2005.", "2005", "Construction began in 2005."),
    ("Since testing began in 2016, only Chinese scientists have led projects.", "2016", "Testing began in 2016"),
    ("The swap arose during a squabble in 1996 over delays in payment.", "1996",
     "The swap arose during a squabble in 1996 over delays in payment."),
    ("His 2008 conviction came 13 years after his acquittal.", "2008",
     "His 2008 conviction came 13 years after his acquittal."),
])
def test_a_date_on_its_verb_or_on_the_subject_or_time_of_its_clause_dates_that_clause(text: str, date: str,
                                                                                       row: str) -> None:
    assert [(e.date, e.text) for e in build_timeline([_s("a", 0, text)], {})] == [(date, row)]


def test_the_news_event_is_on_the_timeline_dated_by_its_publication_and_by_nothing_else() -> None:
    news = "Harbour Air, which began operations in 2001, said it was reviewing the suspension of its pilots."
    rows = build_timeline([_s("a", 0, news, "x.com")], {"a": "2024-03-05"})
    lead = SummaryLine(news, "a", 0, ["a"], 1)
    both = [Article(article_id="a", source="x.com", published="2024-03-05T08:00:00Z"),
            Article(article_id="b", source="y.com", published="2024-03-05T09:00:00Z")]
    dated = with_news_event(rows, lead, both)
    assert [(r.date, r.text) for r in dated] == [("2024-03-05", news)]
    # a story of one article whose text dates nothing: its opening stamped with the header's date is no event row
    assert with_news_event(rows, lead, both[:1]) == rows == []
    # without a publication date, nothing dates the news: a day the text names dates its own clause ("was born on
    # Dec. 4, 2001", "graduated on Jan. 28, 2016": what came before), never the lead, and no row is invented
    undated = [Article(article_id="a", source="x.com", published=None)]
    assert with_news_event(rows, lead, undated) == rows
    day = [TimelineRow("2024-03-01", "The inquiry opened on March 1, 2024", ["a"])]
    assert with_news_event(rows + day, lead, undated) == rows + day
    assert with_news_event([], lead, undated) == []


def test_what_came_before_the_news_is_marked_background_and_the_news_is_not() -> None:
    arts = [Article(article_id="a", source="x.com", published="2018-09-06T10:00:00Z"),
            Article(article_id="b", source="y.com", published="2018-09-07T08:00:00Z")]
    told = [_s("a", 0, "Gabrielle Giffords testified before the committee on Tuesday.", "x.com"),
            _s("a", 1, "She was shot in the head at a meeting with voters in Tucson in 2011.", "x.com"),
            _s("b", 0, "Committee members met the congresswoman in August.", "y.com"),
            _s("b", 1, "The committee was first set up in March 2016 after the congresswoman asked for it.", "y.com")]
    rows = with_background(build_timeline(told, {a.article_id: a.published for a in arts}), arts)
    assert [(r.date, r.background) for r in rows] == [("2011", True), ("2016-03", True), ("2018-08", False),
                                                      ("2018-09-04", False)]
    # with no publication date, the story tells no day of its news, and what it dates is told for context: the
    # latest day it names is no more the news than its earliest
    undated = [Article(article_id="a", source="x.com"), Article(article_id="b", source="y.com")]
    assert [r.background for r in with_background(rows, undated)] == [True, True, True, True]
    assert with_background([], undated) == []


def test_a_lead_that_tells_a_state_or_that_the_parser_cannot_read_is_no_news_row() -> None:
    arts = [Article(article_id="a", source="x.com", published="2024-03-05T08:00:00Z"),
            Article(article_id="b", source="y.com", published="2024-03-05T09:00:00Z")]
    rows = [TimelineRow("2024-03-04", "The harbour board met on Monday", ["b"])]
    for lead in ("The Kelso harbour is the busiest port on the north coast.",  # a state
                 "Es ist eine Klatsche für die Hafenbehörde von Kelso, schreibt der Autor."):  # not read
        assert with_news_event(rows, SummaryLine(lead, "a", 0, ["a"], 1), arts) == rows
    news = "The Kelso harbour board sacked its chairman on Tuesday."
    assert [r.date for r in with_news_event(rows, SummaryLine(news, "a", 0, ["a"], 1), arts)] == ["2024-03-04",
                                                                                                   "2024-03-05"]


def test_a_lead_told_as_a_clause_of_its_own_is_not_added_again() -> None:
    news = ("The port closed on Tuesday morning and will stay shut for two days as the storm passes, the port "
            "authority said.")
    rows = build_timeline([_s("a", 0, news, "x.com")], {"a": "2024-03-06"})
    assert [r.text for r in rows] == ["The port closed on Tuesday morning, the port authority said."]
    lead = SummaryLine(news, "a", 0, ["a"], 1)
    assert with_news_event(rows, lead, [Article(article_id="a", source="x.com", published="2024-03-06T08:00:00Z")]) == rows


def test_residue_and_questions_are_skipped_and_threshold_validated() -> None:
    sents = [_s("a", 0, "Was it really founded in 1921?"), _s("a", 1, "Subscribe now for 2016 offers https://x.example")]
    assert build_timeline(sents, {}) == []
    with pytest.raises(ValueError, match="fold_threshold"):
        build_timeline(sents, {}, fold_threshold=1.5)


def test_seed_timeline_has_the_career_in_order() -> None:
    seeds = SHARED / "seeds"
    if not seeds.is_dir():
        pytest.skip("../shared/seeds is not present beside the checkout")
    sents = []
    for path in sorted(seeds.glob("*.txt")):
        sents += [_s(path.stem, k, sp.text) for k, sp in enumerate(split_sentences(path.read_text(encoding="utf-8")))]
    events = story_facts(sents, [Article(a) for a in dict.fromkeys(s.article_id for s in sents)])["timeline"]
    dates = [e.date for e in events]
    assert dates == sorted(dates)
    wanted = [("1977", "draft"), ("2004", "diamondbacks"),
              ("2012", "buffalo"), ("2016", "departure")]
    # "the 1986 Mets" and "the 1986 World Champions" are names: the departure is not filed under 1986
    assert not [e.text for e in events if e.date.startswith("1986")]
    pos = -1
    for year, word in wanted:
        hits = [k for k, e in enumerate(events) if e.date.startswith(year) and word in e.text.lower() and k > pos]
        assert hits, f"no {year} event mentioning {word!r} after position {pos}"
        pos = hits[0]
    hired = next(e for e in events if e.date.startswith("2004") and "hired" in e.text)
    assert len(hired.article_ids) >= 2  # the hiring is told by two seeds and folded into one event


# --- dates resolved as a reader resolves them (publication date and tense) ---------------------------------

@pytest.mark.parametrize("text, published, expected", [
    ("A ride will cost $3.00 from Oct. 1, the council said.", "2024-08-20T10:00:00Z", "2024-10-01"),
    ("The heat is expected to ease on Friday, forecasters said.", "2024-08-21T10:00:00Z", "2024-08-23"),
    ("The council voted on Monday to raise fares.", "2024-08-21T10:00:00Z", "2024-08-19"),
    ("The mayor spoke to reporters yesterday.", "2024-08-21T10:00:00Z", "2024-08-20"),
    ("The port reopened on Thursday morning.", "2024-08-22T10:00:00Z", "2024-08-22"),
    ("Fares last rose on Jan. 14 after a long debate.", "2024-08-20T10:00:00Z", "2024-01-14"),
])
def test_dates_follow_publication_date_and_tense(text, published, expected):
    assert [d for _, _, d in find_dates(text, published)] == [expected]


@pytest.mark.parametrize("text", [
    "He left in 2016, three decades after he won with the 1986 Mets.",
    "She met him at a reunion of the Class of 1998 in 2016.",
])
def test_a_year_inside_a_name_is_not_a_date(text):
    assert [d for _, _, d in find_dates(text, None)] == ["2016"]


def test_seeds_departure_is_dated_2016_not_1986():
    s = [Sentence("a", 0, "Backman, a member of the 1986 Mets, left the organisation in October 2016.", "x")]
    assert [e.date for e in build_timeline(s, {"a": "2016-10-05"})] == ["2016-10"]


_DATE_PIECES = st.sampled_from(["On", "on", "May", "8", "2014", ",", " ", "  ", "June", "Jan.", "Sept", "of", "the",
                                "last", "this past", "Tuesday", "yesterday", "today", "next month", "season", "1977",
                                "2016-10-04", "-", "12th", "since", "\u0663", "\u0967\u096F\u096D\u096D", "year",
                                "people", "$", "Class of", "Mets", "."])


@settings(max_examples=500, deadline=None)
@given(st.lists(_DATE_PIECES, max_size=14).map(" ".join), st.sampled_from([None, "2016-10-06T12:00:00Z"]))
def test_sentences_without_a_digit_find_the_dates_every_pattern_finds(text, published):
    import storyline.core.nlp.dates as T

    fast = T.find_dates(text, published)
    every = T.NO_DIGIT_PATTERNS
    try:
        T.NO_DIGIT_PATTERNS = T.PATTERNS  # the reference: every pattern on every sentence
        assert fast == T.find_dates(text, published)
    finally:
        T.NO_DIGIT_PATTERNS = every


# relative dates, written on Tuesday 8 April 2025, as the story's reader would date them
@pytest.mark.parametrize("text, want", [
    ("The club will name a new manager next Tuesday.", "2025-04-15"),
    ("The hearing resumes tomorrow.", "2025-04-09"),
    ("The board met last Friday.", "2025-04-04"),
    ("She will lead the side in the league game against Holt Town on Saturday.", "2025-04-12"),
    ("The club lost the cup final on Saturday.", "2025-04-05"),
    ("The council voted on Tuesday.", "2025-04-08"),
    ("Voting closes March 3, officials said.", "2025-03-03"),
    ("Tickets go on sale June 2, the organisers said.", "2025-06-02"),
])
def test_relative_dates_resolve_against_the_day_of_writing_and_the_tense(text, want):
    assert [d for _, _, d in find_dates(text, "2025-04-08T09:00:00Z")] == [want]


@pytest.mark.parametrize("text", ["The Euro 2024 final was played in Berlin on July 14, 2024.",
                                  "The plan, Vision 2030, was launched on July 14, 2024."])
def test_a_year_after_a_name_is_not_a_date_either(text):
    assert [d for _, _, d in find_dates(text, None)] == ["2024-07-14"]


def test_each_event_records_the_precision_of_its_date():
    s = [Sentence("a", 0, "The bridge opened in 2019 after long delays.", "x"),
         Sentence("a", 1, "The bridge was closed in March 2024 for repairs.", "x"),
         Sentence("a", 2, "The bridge reopened yesterday to all traffic.", "x")]
    got = {e.to_row()["date"]: e.to_row()["precision"] for e in build_timeline(s, {"a": "2025-04-08"})}
    assert got == {"2019": "year", "2024-03": "month", "2025-04-07": "day"}


@pytest.mark.parametrize("sentence, day", [
    # the simple present of a timetable, written on Wednesday 9 April 2025: the coming day
    ("The exhibition opens to the public on Saturday.", "2025-04-12"),
    ("Parliament sits again on Monday to debate the bill.", "2025-04-14"),
    ("The ferry service resumes on Friday, the operator said.", "2025-04-11"),
    ("The inquiry hears its first witnesses on Thursday.", "2025-04-10"),
    ("The final is on Sunday at the national stadium.", "2025-04-13"),
    ("Results of the vote are on Friday.", "2025-04-11"),
    # the past, and a date before its verb ("The mayor on Monday announced"): the day before
    ("Workers walked out on Monday over pay.", "2025-04-07"),
    ("The mayor on Monday announced a review of the budget.", "2025-04-07"),
    ("Scores of fans queued for hours on Tuesday.", "2025-04-08"),
    ("Thieves grabbed three paintings in under four minutes early on Tuesday.", "2025-04-08"),
    ("By noon 26 ships were waiting offshore, up from 23 ships on Tuesday.", "2025-04-08"),
    ("Peace talks on Monday ended without a deal.", "2025-04-07"),
    # a date before a verb still to come
    ("Officials on Friday will announce the result.", "2025-04-11"),
    # a participle after "be" or "remain" is no past: the verb before it says when
    ("The rescheduled match will be played on Saturday.", "2025-04-12"),
    ("Final figures would be published on Thursday, the office said.", "2025-04-10"),
    ("The bridge will remain closed on Friday.", "2025-04-11"),
    ("The body was found on Monday.", "2025-04-07"),
    # a name that ends in -ed is no past tense
    ("She will lead the side at Northgate United on Saturday.", "2025-04-12"),
])
def test_a_weekday_points_the_way_its_verb_does(sentence: str, day: str) -> None:
    assert [iso for *_, iso in find_dates(sentence, "2025-04-09T10:00:00Z")] == [day]


def test_a_weekday_after_a_year_of_another_time_is_a_day_of_that_year_not_of_this_week() -> None:
    sents = [_s("a", 1, "In 2019 the club won the cup on Sunday in front of 40,000 fans."),
             _s("a", 2, "The museum on Wednesday handed back 47 objects looted in 1903."),
             _s("a", 3, "Smith, who joined the club in 2019, resigned on Tuesday.")]
    got = {e.text: e.date for e in build_timeline(sents, {"a": "2025-04-09T10:00:00Z"})}
    assert got["In 2019 the club won the cup on Sunday in front of 40,000 fans."] == "2019"
    assert got["The museum on Wednesday handed back 47 objects looted in 1903."] == "2025-04-09"
    assert got["Smith, who joined the club in 2019, resigned on Tuesday."] == "2025-04-08"


@pytest.mark.parametrize("sentence, days", [
    # a weekday without "on", as agency copy writes it, written on Wednesday 9 April 2025
    ("The council voted Monday to raise fares.", ["2025-04-07"]),
    ("Officials said Tuesday that the plant would close.", ["2025-04-08"]),
    ("The shop reopens Thursday after repairs.", ["2025-04-10"]),
    ("The plant will close Friday.", ["2025-04-11"]),
    ("The storm hit late Monday.", ["2025-04-07"]),
    ("Monday's vote was close.", ["2025-04-07"]),
    ("Coach Kowalczyk will be in charge for Saturday's game.", ["2025-04-12"]),
    # a name, a deadline or span after a preposition, no tense to go by, or another year's day: no date of this week
    ("Black Friday sales fell.", []),
    ("He wrote in the Sunday Times.", []),
    ("Rain could reach 120 mm by Wednesday evening, the service said.", []),
    ("The port will remain closed through Wednesday.", []),
    ("Polls close Thursday at 8 p.m.", []),
    ("In 2019 the club won the cup Sunday.", ["2019"]),
])
def test_a_weekday_without_on_is_read_where_agency_copy_puts_it(sentence: str, days: list[str]) -> None:
    assert [iso for *_, iso in find_dates(sentence, "2025-04-09T10:00:00Z")] == days


def test_a_year_that_names_a_thing_deep_in_a_news_sentence_does_not_date_the_news() -> None:
    sents = [_s("a", 0, "A parole board decided on Thursday that Simpson should be freed after he apologized for his "
                        "role in a 2007 armed robbery.", "x.com"),
             _s("a", 1, "His 2008 conviction came 13 years after his acquittal.", "x.com"),
             _s("a", 2, "Police say the family came to look at a white 2007 four-door sedan they had seen online.",
                "x.com")]
    rows = [(e.date, e.text) for e in build_timeline(sents, {"a": "2017-07-21"})]
    assert ("2008", "His 2008 conviction came 13 years after his acquittal.") in rows
    assert not [r for r in rows if r[0] == "2007"], rows  # the robbery's year and a car's model year date no row
    assert any(d == "2017-07-20" and "parole board" in t for d, t in rows), rows  # the news by its own day


def test_a_date_on_a_verb_in_the_present_dates_a_schedule_but_no_caption_or_state() -> None:
    """News tells what happened in the past tense. A date on a verb in the present is an event only as a schedule,
    after the day the article was published: not a caption's date nor an earlier event a state is set beside."""
    sents = [_s("a", 0, "Storm Wenna forced the cancellation of 1,200 ferry sailings on Monday, the operator said.",
                "x.com"),
             _s("a", 1, "The number of sailings cancelled now exceeds the total lost during the storm of August 2011.",
                "x.com"),
             _s("a", 2, "Coastguard crews take part in a rescue drill off Kelso in March 2015.", "x.com"),
             _s("a", 3, "The Kelso crossing reopens on Friday after the storm, the ferry operator said.", "x.com")]
    rows = [(e.date, e.text) for e in build_timeline(sents, {"a": "2025-03-11T09:00:00Z"})]
    dates = [d for d, _ in rows]
    assert "2011-08" not in dates and "2015-03" not in dates, rows
    assert any(d == "2025-03-14" and "reopens" in t for d, t in rows), rows  # the schedule, after publication
    assert any(d == "2025-03-10" and "cancellation" in t for d, t in rows), rows


def test_a_dated_line_that_tells_nothing_of_its_story_is_no_event() -> None:
    body = [
        "The Harlow council voted on Tuesday to close the Eastgate library branch.",
        "The library branch opened in 1962 and lends 40,000 books a year.",
        "Council members said the branch costs too much to heat.",
        "Readers at the Eastgate branch said they would petition the council.",
        "A petition against the closure had 3,000 names by Wednesday.",
        "The council said the books would move to the central library.",
        "Staff at the branch will be offered jobs at the central library.",
        "The closure takes effect in March 2025, the council said.",
        "Library campaigners plan a march to the council offices.",
    ]
    sentences = [_s("a", k, t) for k, t in enumerate(body)]
    notices = [_s("a", 9, "The article was first published on August 5, 2015."),
               _s("b", 0, "Copyright © 2019 by Oakfield Press, LLC. All rights reserved.")]
    rows = build_timeline(sentences + notices, {"a": "2024-11-13", "b": "2024-11-14"})
    told = {e.date: e.text for e in rows}
    assert "1962" in told and "2025-03" in told  # the story's own dates stay
    assert not any(d.startswith(("2015", "2019")) for d in told), told  # the page's notices are no events
    # a story too short to judge keeps what it has
    assert [e.date for e in build_timeline(sentences[:2] + notices[1:], {"b": "2024-11-14"})] == ["1962", "2019"]


def test_a_date_inside_a_quotation_is_the_speakers_and_dates_no_row() -> None:
    sentences = [_s("a", 0, "The Kelso ferry ran aground on Monday, the coastguard said."),
                 _s("a", 1, "“This just happened yesterday,” a passenger said of the grounding."),
                 _s("a", 2, "She said: “March 3, 2019, was one of the darkest nights of my life.”")]
    rows = build_timeline(sentences, {"a": "2024-05-07"})
    assert [(e.date, e.text) for e in rows] == [("2024-05-06", "The Kelso ferry ran aground on Monday, the coastguard said.")]


def test_a_page_s_stamp_and_its_pitch_to_the_reader_are_no_events() -> None:
    sentences = [_s("a", 0, "Veröffentlichung: 2. Februar 2022 Vorverkauf für die Heimspiele gestartet."),
                 _s("a", 1, "Updated on Oct. 8, 2013 : An update has been attached to this story."),
                 _s("a", 2, "Never miss the latest news by signing up to our newsletter on Tuesday!"),
                 _s("a", 3, "The club sold 4,000 tickets for the derby on Tuesday, the club said.")]
    rows = build_timeline(sentences, {"a": "2022-02-03"})
    assert [e.text for e in rows] == ["The club sold 4,000 tickets for the derby on Tuesday, the club said."], rows


def test_captions_run_together_into_one_long_sentence_are_no_events() -> None:
    """A gallery's captions, glued by the page into one sentence too long to be judged whole: the row a reader
    would see is a caption."""
    caption = ("The old pier is seen from Harbour Road on Tuesday, March 4, 2014 in Portvale, Maine. ")
    glued = caption * 3 + "Photo: Ann Reyes / The Courier Photo: Ann Reyes / The Courier " + "and more words here " * 6
    sentences = [_s("a", 0, glued),
                 _s("a", 1, "The council voted on Tuesday, March 4, 2014 to close the old pier for repairs.")]
    rows = build_timeline(sentences, {"a": "2014-03-05"})
    assert [e.text for e in rows] == ["The council voted on Tuesday, March 4, 2014 to close the old pier for repairs."], rows


@pytest.mark.parametrize("sentence, year", [
    ("On Tuesday, the singer, 81, was sentenced to three years in prison for assaulting a woman at his home in 2004.",
     "2004"),
    ("Authorities learned on Thursday that the driver still had to register for an offence committed in 1990.", "1990"),
    ("A record tide of 13.88 feet was set at the harbour on Monday night, breaking the previous record set in 1821.",
     "1821"),
    ("The study, published Monday in a medical journal, followed 64,000 children born between 1996 and 2003.", "1996"),
])
def test_a_year_in_a_sentence_that_names_its_day_of_the_week_dates_no_row(sentence, year):
    """A sentence that names its event's day ("on Tuesday") tells what happened that day: a year elsewhere in it
    belongs to what it mentions, and the timeline has no row for the sentence under that year. Read against a
    publication date, the row is the weekday's."""
    s = [Sentence("a", 0, sentence, "x.com")]
    assert not any(e.date.startswith(year) for e in build_timeline(s)), sentence
    dated = build_timeline(s, {"a": "2018-09-27"})
    assert dated and all(e.date.startswith("2018-09") for e in dated), [(e.date, e.text) for e in dated]


def test_a_year_that_opens_a_sentence_or_a_relative_clause_still_dates_its_row():
    opens = [Sentence("a", 0, "In 2019 the club won the cup on Sunday.", "x.com")]
    assert [e.date for e in build_timeline(opens, {"a": "2025-04-09"})] == ["2019"]
    rel = [Sentence("a", 0, "Smith resigned on Tuesday from the club, where the team won the cup in 2019.", "x.com")]
    # a clause of "where" or "when" tells an event of its own
    assert [(e.date, e.text) for e in build_timeline(rel)] == [("2019", "The team won the cup in 2019.")]
    background = [Sentence("a", 0, "Smith, who joined the club in 2019, resigned on Tuesday, the board said.", "x.com")]
    assert "2019" not in [e.date for e in build_timeline(background)]  # one of "who" describes its noun


@pytest.mark.parametrize("sentence, year", [
    ("In all, 749 children have died of heatstroke in parked cars since 1998, the group says.", "1998"),
    ("The regional council has met in the old mill since the 1970s.", "1970"),
    ("Zwei Hunde sind seit mindestens 2019 an einem Drahtseil angebunden, meldete der Verein.", "2019"),
])
def test_a_date_that_opens_a_span_dates_no_row(sentence, year):
    """"since 1998" says from when something holds, not when the sentence's event happened; in a story the parser
    does not read (German), the preposition alone says so."""
    s = [Sentence("a", 0, sentence, "x.com")]
    rows = build_timeline(s, english=not sentence.startswith("Zwei"))
    assert not any(e.date.startswith(year) for e in rows), [(e.date, e.text) for e in rows]


def test_a_since_clause_with_its_own_verb_is_its_row_and_a_sentence_is_dated_by_its_opening_date():
    s = [Sentence("a", 0, "Since testing began in 2016, only scientists of the host country have led projects there.", "x.com"),
         Sentence("a", 1, "In 2015, it was reported that three more children had been born so between 2011 and 2013.", "x.com")]
    rows = {e.date: e.text for e in build_timeline(s)}
    assert rows.get("2016") == "Testing began in 2016", rows
    assert "2015" in rows and "2011" not in rows, rows


def test_a_long_dated_sentence_gives_a_row_never_cut_inside_a_phrase():
    """A long dated sentence is shown whole: never cut at a word count, never ended with an ellipsis, never with its
    date cut away."""
    from storyline.core.story.headline import cut_inside

    text = ("The harbour board, which has run the port of Kelso since the old shipping company went bankrupt and which "
            "answers to the regional council and to the ministry in the capital, voted on 4 March 2024 to close the "
            "northern quay, the oldest stretch of the waterfront and the one most exposed to the storms that batter "
            "the coast every winter, after engineers found deep cracks in its walls.")
    rows = build_timeline([Sentence("a", 2, text, "x.com")], {"a": "2024-03-05"})
    assert rows, "the dated sentence gives a row"
    row = rows[0].text
    assert "4 March 2024" in row and "…" not in row
    assert cut_inside(row, text) is None, row


def test_a_decade_is_no_year_and_a_forecast_is_no_event():
    s = [Sentence("a", 2, "His fame soared through the late 1970s and into the 1980s, the studio said.", "x.com"),
         Sentence("a", 3, "The studio could release the film as soon as Saturday, its chief said.", "x.com"),
         Sentence("a", 4, "The studio released his first film in 1974.", "x.com")]
    assert [(e.date, e.text) for e in build_timeline(s, {"a": "2024-03-05"})] == [
        ("1974", "The studio released his first film in 1974.")]


def test_a_lead_that_tells_what_may_happen_is_no_news_row():
    arts = [Article("a", source="x.com", published="2017-09-03T09:00:00Z"),
            Article("b", source="y.com", published="2017-09-03T10:00:00Z")]
    may = SummaryLine("North Korea could launch another missile as soon as Saturday.", "a", 0, ["a"], 1)
    did = SummaryLine("North Korea launched another missile on Sunday.", "a", 0, ["a"], 1)
    assert with_news_event([], may, arts) == []
    assert [r.date for r in with_news_event([], did, arts)] == ["2017-09-03"]


def test_in_a_language_the_parser_does_not_read_a_date_after_its_report_dates_no_row() -> None:
    """What a German report says will happen by 2030, or in September of this year, is planned or forecast; what
    it tells of 2021 happened. Without the parse nothing tells a schedule from a forecast, so the story's timeline
    has the past and not the future; nor does a line with no sentence's end (a label) give a row."""
    from storyline.core.story.digest import story_facts

    told = [_s("a", 0, "Der erste Windpark vor der Küste von Kelso ging 2021 ans Netz, teilte die Behörde mit.",
               "a.example"),
            _s("a", 1, "Die weiteren Windparks vor der Küste von Kelso könnten erst ab 2030 ans Netz gehen.", "a.example"),
            _s("b", 0, "Die Behörde von Kelso plant die nächste Versteigerung der Flächen für September 2022.",
               "b.example"),
            _s("b", 1, "Die Behörde von Kelso hatte die Flächen für die Windparks schon 2020 versteigert.", "b.example"),
            _s("b", 2, "Preis der Behörde von Kelso für Windparks, 2019", "b.example")]  # a label, no sentence
    arts = [Article(article_id="a", source="a.example", published="2022-01-20T08:00:00Z"),
            Article(article_id="b", source="b.example", published="2022-01-21T08:00:00Z")]
    rows = story_facts(told, arts)["timeline"]
    assert sorted(r.date for r in rows) == ["2020", "2021"]


@pytest.mark.parametrize("sentence", [
    "On Tuesday, Mr. Cosby, 81, was sentenced to three to 10 years in prison for drugging and sexually assaulting a "
    "woman at his home in 2004.",
    "Authorities learned on Thursday McFadden still had to register as a sex offender for a prior sexual assault on a "
    "child sentence in 1990.",
    "A record tide of 13.88 feet was set at The Battery on Monday night, breaking the previous record of 11.2 feet in "
    "1821.",
    "Smith resigned on Tuesday from the club, where he won the cup in 2019.",
])
def test_a_year_under_a_verb_with_a_time_of_its_own_dates_no_row_of_that_verbs_sentence(sentence):
    """The sentencing was on Tuesday, the finding on Thursday, the record tide on Monday night: the year dates an
    earlier event told inside the sentence, whose own clause cannot stand alone (a gerund, a noun, "he" with its
    name left out). Dated by the year, the sentence would tell its main event years early, so it dates no row
    (the report had shown '2004 | On Tuesday, Mr. Cosby was sentenced ...')."""
    assert [e.date for e in build_timeline([Sentence("a", 0, sentence, "x.com")])] == []


def test_a_reported_clause_is_still_told_with_its_reporter_and_the_reporters_time():
    sentence = ("Tony Montana told USA TODAY on Nov. 1 that a drunken Spacey confronted him in 2003 at a Los Angeles "
                "pub.")
    assert [(e.date, e.text) for e in build_timeline([Sentence("a", 0, sentence, "x.com")])] == [("2003", sentence)]


def test_a_clause_joined_to_another_events_is_dated_by_its_own_time():
    sentence = ("Trump ended up with 304 electoral votes because of the defection of two electors in December, but he "
                "had won enough states in November to get to 306.")
    assert [e.date for e in build_timeline([Sentence("a", 0, sentence, "x.com")], {"a": "2016-12-20"})] == ["2016-11"]


def test_a_relative_clause_is_no_row_of_its_own():
    sentence = ("A portion of this money will be raised through “All Patrons,” a fundraising campaign for the Louvre "
                "launched yesterday (Nov. 7) that runs until February 2024.")
    rows = build_timeline([Sentence("a", 0, sentence, "x.com")], {"a": "2022-11-08"})
    assert not any(e.text.lower().startswith("that") for e in rows), [(e.date, e.text) for e in rows]

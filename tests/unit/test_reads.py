"""How stories read: page furniture is recognised by its shape, titles are headlines, and `bench reads` counts each
fault it is shown."""

import json
import re

import pytest

from storyline.bench.reads import background_dated, count, format_report, glued_words, main
from storyline.core.story.headline import cut_inside, headline
from storyline.core.story.model import Article
from storyline.core.story.title import choose_title
from storyline.core.text.clean import clean_text, title_residue
from storyline.core.text.furniture import furniture

# page furniture in the words of several kinds of site; none of these strings appears in the rules
FURNITURE = [
    "Image copyright Harbour Trust Image caption Volunteers cleared the slipway before dawn",
    "FILE - In this March 3, 2019 file photo, the mayor speaks to reporters in Eastbridge.",
    "This undated photo provided by the county sheriff shows the missing hiker.",
    "Firefighters hose down the roof of the depot in Kelso, Thursday, Feb. 6, 2020.",
    "(Northern Press Agency)",
    "(Maria Lund/The Evening Courier)",
    "Source: Port authority / Harbour Trust",
    "Share Tweet Email Pinterest",
    "Posted Wednesday, July 1, 2020 4:12 pm",
    "A model of the new bridge is displayed in this undated handout picture provided by the harbour board.",
    "Video Advertisement Continue reading below the ad",
    "Follow our reporter on Twitter and Facebook",
    "The protest camp outside the town hall is seen as the eviction deadline nears in Kelso, March 4, 2019.",
    "Harbour Trust redirects here. For the charity, see Harbour Trust (disambiguation).",
    "Embed Kelso ferry runs aground in heavy seas 1:12 Autoplay Autoplay Copy this code to your website",
    "Harbour master Ines Tal (left) and the mayor cut the ribbon at the new quay in Kelso.",
    "A version of this story appeared in print on March 3, 2019, on page B2 of the Kelso edition.",
    "Crews clear debris from the quay, Monday, March 4, 2019, in Kelso. (Harbour Press/Jan Smit) (Northern Press Agency)",
    # a gallery widget: its buttons, then its own title, blurb and captions, one long line
    "3 of 18 Fullscreen Autoplay Close Skip Ad × Storm Ilsa batters the east coast View Photos Waves broke over the "
    "harbour wall at Kelso as the storm reached the coast on Monday night, and crews worked through the night to "
    "clear fallen trees from the coast road. Caption Waves broke over the harbour wall at Kelso as the storm reached "
    "the coast on Monday night. Jan Smit/Harbour Press Buy Photo Wait 1 second to continue.",
]

PROSE = [
    "The council approved the photo ban on Tuesday, March 3, 2015, after a long debate.",
    "Police said the thieves got in through a skylight.",
    "The baby was born at 16:45 (04:45 GMT).",
    "A picture with that tweet appeared to show the group on the roof.",
    "Shares in the company fell 4% on Monday after the recall.",
    "Follow the money: the port's share of the harbour fund",
    "The suspect was seen in a video posted online on Monday.",
    "The council closed the depot in Kelso, March 4, 2019.",
    "The harbour report was published on Monday by the port board.",
    "Harbour master Ines Tal (right) said the quay would reopen on Friday.",
    "In Kelso, councillor Ines Tal (R) routinely makes the news for her stunts at the harbour.",
]


@pytest.mark.parametrize("line", FURNITURE)
def test_furniture_is_recognised_by_its_shape(line):
    assert furniture(line) is not None, line


@pytest.mark.parametrize("line", PROSE)
def test_prose_is_not_furniture(line):
    assert furniture(line) is None, line


def test_furniture_lines_are_removed_before_summaries_and_each_is_listed_with_a_reason():
    text = "\n".join(["The ferry ran aground off Kelso on Monday, the coastguard said."] + FURNITURE
                     + ["All 212 passengers were brought ashore."])
    r = clean_text(text)
    assert r.text.splitlines() == ["The ferry ran aground off Kelso on Monday, the coastguard said.",
                                   "All 212 passengers were brought ashore."]
    assert sorted(x.text for x in r.removed) == sorted(FURNITURE)
    assert all(x.reason for x in r.removed)


@pytest.mark.parametrize("title", [
    "NNN SHARES Share Tweet", "Story highlights The ferry ran aground", "LISTEN TO ARTICLE 4:34 SHARE THIS ARTICLE",
    "(European Pressphoto Agency)", "In this Aug. 11, 2015 file photo, a ferry leaves Kelso",
    "The ferry ran aground off Kelso on Monday, and …", "Photo", "Published on May 20, 2016",
    "Morning Briefing Get the day's top stories before breakfast. Everything that matters, at 7am. SIGN UP",
])
def test_a_residue_title_is_never_a_story_title(title):
    assert title_residue(title) is not None
    arts = [Article(article_id="a", title=title, published="2020-07-01"),
            Article(article_id="b", title="Ferry runs aground off Kelso", published="2020-07-02")]
    assert choose_title(arts, None) == "Ferry runs aground off Kelso"


def test_without_a_headline_the_title_is_written_from_the_lead_whole_and_uncut():
    lead = ("KELSO, Scotland (Northern Press Agency) - A ferry carrying 212 passengers ran aground off Kelso on Monday "
            "after its steering failed in heavy seas, the coastguard said.")
    title = choose_title([Article(article_id="a", title="Photo", published=None)], [lead])
    assert title == ("A ferry carrying 212 passengers ran aground off Kelso on Monday after its steering failed in "
                     "heavy seas")
    assert "…" not in title and "..." not in title
    assert headline("The mayor resigned.") == "The mayor resigned"


@pytest.mark.parametrize("lead, fragment", [
    ("Harbour board chair Ines Tal told reporters on Tuesday the port authority had not received any warning about "
     "the storm surge that flooded the quays.", "Harbour board chair Ines Tal told reporters"),
    ("Forty crew members aboard the trawler Northern Dawn in the North Sea off the rocky coast of northern Scotland "
     "were rescued by two lifeboats and a helicopter late on Monday after the vessel lost power.",
     "Forty crew members aboard the trawler Northern Dawn"),
    ("As grim as the forecast has been since the storm warnings began on Thursday night, ferry operators say every "
     "crossing will sail as planned.", "As grim as the forecast has been since the storm warnings began"),
    ("Protesters from the harbour union have climbed to the top of Kelso lighthouse - the tallest building in the "
     "county, where they unfurled a banner against the port's closure on Monday.",
     "Protesters from the harbour union have climbed to the top of Kelso lighthouse - the tallest building"),
    ("A ferry captain whose vessel was seized by customs officers in Kelso several months ago after a smuggling tip "
     "has been cleared of all charges by the harbour court.",
     "A ferry captain whose vessel was seized by customs officers in Kelso several months ago"),
])
def test_a_title_written_from_the_lead_is_a_whole_statement_not_a_cut_fragment(lead, fragment):
    """The title is the lead's main clause, its subject and verb kept, with only whole constituents left out (the
    parse says which), at most 20 words; never the fragment a cut at a comma or a word count would leave. Where
    the parser reads no statement in the lead at all, the lead is taken whole."""
    title = choose_title([], [lead])
    assert title != fragment, title
    assert cut_inside(title, lead) is None, title
    assert len(title.split()) <= 20 or (headline(lead) is None and title == lead.rstrip(".")), title


@pytest.mark.parametrize("lead", [
    "Gunmen shot a couple looking to buy their son a car listed on a website for used cars in the north of the city "
    "on Friday night.",
    "Seven men have been charged in the 2014 hazing death of a University of Kelso student who died after a "
    "fraternity retreat in the hills.",
    "Most birds of the northern coast vocalize with an open beak, but the tawny pipit sings with its beak shut, "
    "researchers at the harbour institute found.",
    "An Orange County man lay down in front of a car driven by his friend, and was killed as the woman drove away "
    "from his birthday party.",
])
def test_a_written_title_is_never_cut_inside_a_phrase_and_keeps_every_figure(lead):
    """A title written from a lead drops whole constituents only (an adverbial clause, a phrase of time or place,
    a clause describing a noun): it never ends inside a phrase ("a car listed"), never takes a figure out ("A total
    of men"), and keeps both clauses of two joined ("..., and was killed") while it can."""
    title = choose_title([], [lead])
    assert cut_inside(title, lead) is None, title
    assert len(title.split()) <= 20 or (headline(lead) is None and title == lead.rstrip(".")), title
    figures = re.findall(r"\d+|\bSeven\b", lead)
    assert all(f in title for f in figures), title
    if " and was killed" in lead:
        assert title.endswith("and was killed"), title


def test_a_title_is_never_over_twenty_words_nor_a_caption_a_question_or_an_aside():
    """What a headline written from the summary never is, read from the parse: a caption (a name and what it is,
    no verb), a question, an aside in brackets, a sentence over 20 words that no cut at whole constituents shortens;
    another sentence of the summary gives the headline instead."""
    news = "The harbour board closed the Kelso quay on Monday after a storm surge flooded it."
    for lead in ("Ines Tal, the harbour board's chair, at the quay in Kelso.", "Will the quay ever open again?",
                 "(The authorities have strictly limited access to the quay.)"):
        assert headline(lead) is None
        assert choose_title([], [lead, news]) == news.rstrip(".")


def test_a_title_written_from_the_leads_is_one_that_gives_no_figure_outlets_tell_otherwise():
    reports = [("a", "wire", "2025-03-03T07:00:00Z", None,
                "Eleven miners were trapped after a gas blast at the Halden colliery near Dorvik on Monday. "
                "Families kept vigil through the night at the pit head."),
               ("b", "local", "2025-03-03T09:00:00Z", None,
                "Thirteen miners are trapped after a blast at the Halden colliery, rescuers say. "
                "The mine employs 400 people."),
               ("c", "broadcast", "2025-03-03T11:00:00Z", None,
                "Rescuers dug through the night at the Halden pit in Dorvik. Thirteen men are still underground.")]
    title = _digest_title(reports)
    # no lead is cut around its figure: the title is a sentence that gives none
    assert "Halden" in title and not re.search(r"\d|[Ee]leven|[Tt]hirteen", title), title


def _digest_title(reports, with_disputes=False):
    """The title storyline gives a story of ``(id, outlet, published, headline, text)`` reports: with no dispute
    found (what it knows of the sides is only what each outlet tells), or with the disputes the story's facts find."""
    from storyline.core.story.digest import digest, story_facts
    from storyline.core.story.model import Sentence
    from storyline.core.story.features import SummaryConfig
    from storyline.core.text.sentences import split_sentences

    sents = [Sentence(a, k, sp.text, outlet, pub) for a, outlet, pub, _, text in reports
             for k, sp in enumerate(split_sentences(text))]
    arts = [Article(article_id=a, source=outlet, published=pub, title=head) for a, outlet, pub, head, _ in reports]
    disputes = story_facts(sents, arts)["disputed"] if with_disputes else ()
    return digest("s", sents, arts, SummaryConfig(words=60), disputes)["title"]


def test_the_title_gives_no_figure_the_outlets_tell_otherwise_even_when_no_dispute_was_found():
    title = _digest_title([
        ("a", "Harbour Wire", "2025-03-03T07:00:00Z", "Nine crew rescued as trawler sinks off Orkhill",
         "Nine crew were rescued when the trawler Sea Wren sank off Orkhill on Sunday, the coastguard said. "
         "A lifeboat crew reached them within an hour."),
        ("b", "Island Radio", "2025-03-03T09:00:00Z", "Trawler Sea Wren sinks off Orkhill",
         "The trawler Sea Wren sank off Orkhill on Sunday and seven crew were pulled from the sea, the coastguard said. "
         "The cause of the sinking is not yet known."),
        ("c", "Coast Live", "2025-03-03T06:30:00Z", "LIVE: Orkhill sea rescue",
         "Lifeboats are searching the sea off Orkhill after the trawler Sea Wren sank on Sunday. "
         "Crew members have been brought ashore, the coastguard said."),
    ])
    assert title == "Trawler Sea Wren sinks off Orkhill"  # not the wire's nine, nor the live page's label


def test_the_title_takes_neither_side_of_what_happened_to_a_person_and_drops_a_page_label():
    reports = [
        ("a", "Sports Radio", "2025-04-06T19:00:00Z", "Lind resigns as Harbour FC coach",
         "Mara Lind has resigned as Harbour FC coach, the club said on Sunday. Her assistant takes over for now."),
        ("b", "The Bugle", "2025-04-07T06:00:00Z", "Harbour FC sack Lind after derby defeat",
         "Harbour FC have sacked coach Mara Lind after Saturday's derby defeat. The board met late on Sunday."),
        ("c", "Harbour Live", "2025-04-06T18:00:00Z", "LIVE: Lind and Harbour FC part company",
         "Harbour FC and coach Mara Lind parted company on Sunday. Her assistant takes the team on Wednesday."),
    ]
    assert _digest_title(reports, with_disputes=True) == "Lind and Harbour FC part company"


def _story(sid, title, summary):
    return {"story_id": sid, "title": title,
            "summary": [{"text": t, "article_ids": [a]} for t, a in summary]}


def test_bench_reads_counts_each_planted_fault(tmp_path):
    stories = [
        _story("s1", "Share Tweet Email", [("A ferry ran aground off Kelso on Monday.", "a"),
                                           ("(Maria Lund/The Evening Courier)", "b"),
                                           ("He had warned of the fault for a year.", "c")]),
        _story("s2", "Council backs fare rise after long debate",
               [("The council approved a fare rise of 50 cents on Tuesday.", "d"),
                ("On Tuesday the council approved a fare rise of fifty cents.", "e"),
                ("Riders will pay $2.75 from July.", "d")]),
        _story("s3", "Storm closes the coast road", [("The coast road closed on Friday after the storm.", "f")]),
    ]
    result = count(stories)
    assert result["residue_titles"]["count"] == 1
    assert result["residue_titles"]["examples"][0]["story_id"] == "s1"
    assert result["furniture_sentences"]["count"] == 1
    assert result["context_openers"]["count"] == 1
    assert result["context_openers"]["examples"][0]["text"].startswith("He had warned")
    assert result["restatement_pairs"]["count"] == 1
    assert result["restatement_pairs"]["examples"][0]["story_id"] == "s2"

    clean = count([stories[2]])
    assert all(clean[k]["count"] == 0 for k in ("residue_titles", "furniture_sentences", "context_openers",
                                                  "restatement_pairs"))

    (tmp_path / "stories.jsonl").write_text("".join(json.dumps(s) + "\n" for s in stories), encoding="utf-8")
    assert main(["--data", str(tmp_path), "--json", str(tmp_path / "reads.json")]) == 0
    assert json.loads((tmp_path / "reads.json").read_text())["restatement_pairs"]["count"] == 1


def test_a_sentence_in_the_summaries_of_unrelated_stories_is_furniture():
    line = "Get the day's news straight from our desk, every morning."
    stories = [_story("s1", "Ferry runs aground off Kelso", [("The ferry ran aground off Kelso.", "a"), (line, "a")]),
               _story("s2", "Council backs fare rise after debate", [("The council approved a fare rise.", "b"),
                                                                    (line, "b")])]
    assert count(stories)["furniture_sentences"]["count"] == 2


@pytest.mark.parametrize("lead", [
    "Sea fog functions much like a curtain over the harbour at Kelso, hiding ferries from the coastguard, according "
    "to a new study by the port authority.",
    "The harbour board plans the biggest dredging of the quay in forty years, officials said on Monday.",
    "Kelso council backs a fare rise for island ferries after a long debate, the mayor said.",
])
def test_a_title_whose_verb_may_also_be_a_noun_is_whole_and_bench_reads_does_not_call_it_cut(lead):
    """'functions', 'plans', 'backs' are nouns or verbs: before a noun phrase or an adverb they are the verb, so the
    title written from the lead is a whole clause, and the reader's count sees no cut headline in it."""
    title = choose_title([], [lead])
    assert cut_inside(title, lead) is None and len(title.split()) <= 20, title
    story = {"story_id": "s", "title": title, "articles": [{"article_id": "a", "title": None}],
             "summary": [{"text": lead, "article_id": "a"}], "timeline": [], "entities": []}
    assert count([story])["cut_headlines"]["count"] == 0


def test_bench_reads_sees_a_page_stamp_by_its_template_a_row_dated_by_a_mentioned_year_and_non_names():
    """Faults as a reader meets them in real runs, each in words no rule holds: a page's note on itself filled with
    two stories' own dates, a sentence that names its day ("On Tuesday") listed under a year it only mentions,
    and entity 'names' that are a nationality, a clause in capitals and a name cut after an initial."""
    def story(sid, rows, entities=()):
        return {"story_id": sid, "title": "Ferry runs aground off Kelso", "articles": [{"article_id": sid}],
                "summary": [{"text": "A ferry ran aground off Kelso on Monday.", "article_id": sid}],
                "timeline": [{"date": d, "text": t, "sentences": [{"text": t}]} for d, t in rows],
                "entities": [{"name": n, "type": "ORG", "mentions": 9} for n in entities]}

    stories = [
        story("s1", [("2019-03-04", "This page's report was last revised on March 4, 2019 by the desk.")],
              ["Sudanese", "Kelso Harbour Trust"]),
        story("s2", [("2021-11-20", "This page's report was last revised on November 20, 2021 by the desk."),
                     ("2004", "On Tuesday, the skipper, 61, was fined for a collision off Kelso in 2004.")],
              ["RIDERS CAN WIN FARES", "Quay S."]),
        story("s3", [("2015", "The ferry entered service in 2015 and was towed to the quay.")], ["Ines Tal"]),
    ]
    result = count(stories, examples=10)
    assert {e["story_id"] for e in result["furniture_rows"]["examples"]} == {"s1", "s2"}
    assert [e["why"] for e in result["background_dated_rows"]["examples"]] == ["2004"]
    assert sorted(e["text"] for e in result["non_names"]["examples"]) == ["Quay S.", "RIDERS CAN WIN FARES",
                                                                          "Sudanese"]


# (a timeline row, whether a clause that is background gives its date)
ROWS = [
    ({"date": "2003", "text": "In Warner Springs I met Rusty, 71, who did the thru-hike in 2003."}, True),
    ({"date": "2004", "text": "On Tuesday, he was sentenced for an assault at his home in 2004."}, True),
    ({"date": "1998", "text": "749 children have died of heatstroke in cars since 1998."}, True),
    ({"date": "2016", "text": "Testing began in 2016.",
      "sentences": [{"text": "Since testing began in 2016, only Chinese scientists have led projects."}]}, False),
    ({"date": "1996", "text": "The prison at Laurel Highlands opened in 1996."}, False),
]


@pytest.mark.parametrize("row, dated_by_background", ROWS)
def test_bench_reads_tells_a_row_dated_by_its_background_from_one_dated_by_its_news(row: dict,
                                                                                   dated_by_background: bool) -> None:
    assert background_dated(row) is dated_by_background


def test_a_summary_never_shows_a_prompt_a_label_or_a_fragment_that_its_articles_repeat():
    """Lines an outlet's page carries about the story (a caption with no verb, repeated by every outlet; a prompt to
    the reader; the tail of a sentence cut in two) share the story's words and are chosen by salience alone; read
    from the parse, they are left out, and the story's statements are shown instead."""
    from storyline.core.story.digest import digest
    from storyline.core.story.features import SummaryConfig
    from storyline.core.story.model import Sentence

    # a caption with no word that may be a finite verb: one with a participle ("the flooded quay") is not parsed,
    # as the lines of news are not (context.open_kind), and stays
    caption = "Ines Tal, the harbour board's chair, at the quay in Kelso beside the lifeboat."
    others = ["Read the harbour board chair's full statement on the lifeboat crew here.",
              "praised the lifeboat crew who rescued forty passengers from the stranded ferry."]
    news = [["The harbour board cancelled every ferry crossing to Kelso on Monday after a storm surge flooded the quay.",
             "A lifeboat crew rescued forty passengers from a stranded ferry off the quay, the board said."],
            ["Ferry crossings to Kelso were cancelled on Monday when a storm surge flooded the harbour quay.",
             "Ines Tal, who chairs the harbour board, said forty passengers were rescued by the lifeboat crew."],
            ["The storm surge flooded the Kelso quay and the board cancelled the ferry crossings until Wednesday.",
             "Engineers will inspect the quay walls on Tuesday before any crossing resumes, the board said."]]
    sents = []
    for n, a in enumerate("abc"):
        lines = [news[n][0], caption if n == 0 else others[n - 1], news[n][1], caption]
        sents += [Sentence(a, k, t, source=f"outlet{n}", published="2024-03-04") for k, t in enumerate(lines)]
    arts = [Article(a, None, "2024-03-04", f"outlet{n}") for n, a in enumerate("abc")]
    shown = [s.text for s in digest("s", sents, arts, SummaryConfig())["summary"]]
    assert len(shown) >= 2 and set(shown) <= {t for pair in news for t in pair}, shown


def test_a_written_title_never_runs_two_clauses_together():
    """Where the phrase before a colon is cut, the colon between the two clauses stays: the title is never two
    sentences glued ("... devoid of drama It's clear ...")."""
    lead = ("The sale of the old quay at Kelso coming up this spring seems devoid of drama on the surface: everyone "
            "knows who will buy it, and the fight over the price is taking place behind closed doors.")
    title = choose_title([], [lead])
    assert cut_inside(title, lead) is None, title
    assert "drama everyone" not in title and "surface everyone" not in title, title
    assert cut_inside("The sale of the old quay at Kelso seems devoid of drama everyone knows who will buy it", lead)


def test_bench_reads_counts_words_run_together_and_not_a_name_the_story_repeats():
    stories = [_story("s1", "Deleuze and Guattari oppose micropolitics",
                      [("---- by Kenneth SurinDeleuze and Guattari oppose micropolitics.", "a"),
                       ("Surin wrote the entry for the dictionary, published on WordPress.", "a"),
                       ("The entry is on WordPress and in print.", "b")])]
    result = count(stories)
    assert result["glued_words"]["count"] == 1
    assert result["glued_words"]["examples"][0]["why"] == "SurinDeleuze"
    assert "glued words" in format_report(result)


def test_bench_reads_tells_a_writers_own_spelling_and_a_web_address_from_words_run_together(tmp_path):
    """A word with a capital inside that a source file holds as it is was spelt so by its writer, and a word of a
    host name is one word: neither is counted. A word whose parts the page's markup separates is counted."""
    import gzip

    import pyarrow as pa
    import pyarrow.parquet as pq

    from storyline.bench.reads import source_spelling

    page = "<p>Das HydroLiC-Verfahren (Hydrometallurgische LithiumCarbonat) gewinnt Lithium.</p>" \
           "<p>Mehr zum <a href='/x'>Carbonat</a>Verfahren auf RecycleAward.at.</p>"
    (tmp_path / "page.html.gz").write_bytes(gzip.compress(page.encode("utf-8")))
    (tmp_path / "articles").mkdir()
    pq.write_table(pa.table({"article_id": ["a"], "source_path": [str(tmp_path / "page.html.gz")]}),
                   tmp_path / "articles" / "part-0.parquet")
    story = _story("s1", "Lithium aus alten Akkus", [
        ("Das Verfahren (Hydrometallurgische LithiumCarbonat) gewinnt Lithium als Carbonat.", "a"),
        ("Mehr zum CarbonatVerfahren auf RecycleAward.at, wo Recycle und Award verliehen werden.", "a")])
    story["article_ids"] = ["a"]
    spelt = source_spelling(tmp_path)
    assert spelt is not None
    got = [w for w, _ in glued_words(story, spelt)]
    assert got == ["CarbonatVerfahren"], got
    assert [w for w, _ in glued_words(story)] == ["LithiumCarbonat", "CarbonatVerfahren"]
    (tmp_path / "other").mkdir()
    assert source_spelling(tmp_path / "other") is None  # a run without its articles table: the story's text alone


def test_bench_reads_checks_the_lines_the_product_left_out_against_their_hand_labels(tmp_path):
    """A labelled prompt the summary left out is still read, from the run's article lines: the parse's recall is
    measured over what the product was given, not only over what it let through."""
    import hashlib

    import pyarrow as pa
    import pyarrow.parquet as pq

    news = "Two men were arrested on Monday after a fire at a Kelso warehouse, police said."
    prompt = "Check out the full auction on eBay!"
    shown = {"story_id": "s1", "article_ids": ["a"], "title": "Two arrested after warehouse fire",
             "summary": [{"text": news, "article_id": "a"}], "timeline": []}
    (tmp_path / "stories.jsonl").write_text(json.dumps(shown) + "\n", encoding="utf-8")
    (tmp_path / "sentences").mkdir()
    pq.write_table(pa.table({"article_id": ["a", "a"], "idx": [0, 1], "text": [news, prompt]}),
                   tmp_path / "sentences" / "part-0.parquet")
    (tmp_path / "story_articles").mkdir()
    pq.write_table(pa.table({"article_id": ["a"], "story_id": ["s1"]}), tmp_path / "story_articles" / "part-0.parquet")
    key = {t: hashlib.sha1(t.encode("utf-8")).hexdigest() for t in (news, prompt)}
    (tmp_path / "lines.json").write_text(json.dumps({"labels": {key[news]: False, key[prompt]: True}}), encoding="utf-8")
    assert main(["--data", str(tmp_path), "--line-labels", str(tmp_path / "lines.json"),
                 "--json", str(tmp_path / "reads.json")]) == 0
    got = json.loads((tmp_path / "reads.json").read_text())["line_labels"]
    assert (got["labelled"], got["faults"], got["flagged"], got["recall"]) == (2, 1, 1, 1.0)

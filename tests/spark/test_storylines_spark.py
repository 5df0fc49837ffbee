"""The storylines stage on Spark, on stories as the stories table holds them, including the ones a digest leaves
bare: no summary, no entities, no date."""

from __future__ import annotations

from datetime import datetime


def test_stories_without_a_summary_entities_or_a_date_are_storylines_of_their_own(spark) -> None:
    from dataclasses import replace

    from storyline.config import load_config
    from storyline.spark.storylines import find_storylines
    from storyline.spark.threads import per_story

    schema = ("story_id string, title string, summary array<struct<text:string>>, "
              "entities array<struct<name:string,type:string,variants:array<string>>>, first_published timestamp, "
              "timeline array<struct<date:string>>")
    marek = [("Ines Marek", "PERSON", ["Marek"]), ("Harlow Town", "ORG", []), ("Dunmore City", "ORG", [])]
    rows = [
        ("s-quits", "Ines Marek resigns as Harlow Town coach",
         [("Ines Marek resigned as head coach of Harlow Town on Monday after a cup defeat.",)], marek,
         datetime(2025, 2, 3), []),
        ("s-hired", "Dunmore City appoint Marek as head coach",
         [("Ines Marek has been named head coach of Dunmore City, three weeks after she left Harlow Town.",)], marek,
         None, [("2025-02-20",)]),
        ("s-bare", None, [], [], None, []),
    ]
    cfg = replace(load_config().storylines, min_similarity=0.5)  # one-sentence summaries: bare stories under test
    lines = find_storylines(spark.createDataFrame(rows, schema), cfg)
    got = {tuple(r["story_ids"]): r.asDict() for r in lines.collect()}
    assert set(got) == {("s-quits", "s-hired"), ("s-bare",)}
    assert got[("s-bare",)]["first_day"] is None and str(got[("s-quits", "s-hired")]["last_day"]) == "2025-02-20"
    near = {r["story_id"]: (r["previous"], r["next"]) for r in per_story(lines).collect()}
    assert near == {"s-quits": (None, "s-hired"), "s-hired": ("s-quits", None), "s-bare": (None, None)}


def test_undated_stories_are_placed_by_the_latest_year_their_timelines_give(spark) -> None:
    """Two undated stories of one man: the one that looks ahead to 2014 comes before the one that tells of 2016,
    although the later one also gives a day in 2014 (a photo's date); years alone put no window between them."""
    from dataclasses import replace

    from storyline.config import load_config
    from storyline.spark.storylines import find_storylines

    schema = ("story_id string, title string, summary array<struct<text:string>>, "
              "entities array<struct<name:string,type:string,variants:array<string>>>, first_published timestamp, "
              "timeline array<struct<date:string>>")
    keller = [("Tomasz Keller", "PERSON", ["Keller"]), ("Arlow Rail", "ORG", [])]
    rows = [
        ("s-leaves", "Tomasz Keller leaves Arlow Rail",
         [("Tomasz Keller will not return as chief executive of Arlow Rail after the 2016 season.",)], keller, None,
         [("2011",), ("2014-05-08",), ("2016",)]),
        ("s-denies", "Tomasz Keller is not after the chair's job at Arlow Rail",
         [("Tomasz Keller says he does not want the chair's job at Arlow Rail; 2014 is the next test.",)], keller,
         None, [("2012",), ("2014",)]),
    ]
    cfg = replace(load_config().storylines, min_similarity=0.1)  # the order is under test here, not the meaning
    lines = find_storylines(spark.createDataFrame(rows, schema), cfg).collect()
    assert [r["story_ids"] for r in lines] == [["s-denies", "s-leaves"]]


def test_a_story_alone_gets_the_storyline_the_python_chain_writes(spark) -> None:
    """A story that threads with none is written by Spark's built-ins: the same id, label and days as the Python
    chain of one story gives."""
    from datetime import date

    import pandas as pd

    from storyline.core.story.storylines import storyline_id
    from storyline.spark.storylines import storylines_alone, storyline_of_chain

    schema = "story_id string, day int, when int, title string"
    rows = [("s-6d0d7580a9509ddc", 20000, 20000, "Ferry runs aground off Kelso"), ("s-undated", None, None, None),
            ("s-ünïcode", 19000, None, "Überschwemmung in Köln")]
    got = {r["story_ids"][0]: r.asDict() for r in storylines_alone(spark.createDataFrame(rows, schema)).collect()}
    for story_id, day, when, title in rows:
        chain = storyline_of_chain(pd.DataFrame([{"story_id": story_id, "day": day, "when": when, "title": title,
                                      "people": [], "organisations": [], "vector": None}])).iloc[0].to_dict()
        mine = got[story_id]
        assert mine["storyline_id"] == chain["storyline_id"] == storyline_id(story_id)
        assert (mine["label"], mine["story_ids"]) == (chain["label"], list(chain["story_ids"]))
        assert mine["first_day"] == mine["last_day"] == chain["first_day"] == chain["last_day"]
    assert got["s-6d0d7580a9509ddc"]["first_day"] == date(2024, 10, 4) and got["s-undated"]["first_day"] is None


def test_a_later_story_that_tells_the_earlier_ones_opening_joins_its_storyline(spark) -> None:
    """A strike and, five weeks on, the closure it led to: one company, openings not close in meaning; the closure's
    text tells the strike's opening (a reference back, read from the run's terms), and they are one storyline. Without
    the terms, only close openings link, and they are two."""
    from collections import Counter

    from storyline.config import load_config
    from storyline.core.grouping.cluster import terms_of
    from storyline.spark.storylines import find_storylines

    schema = ("story_id string, title string, article_ids array<string>, summary array<struct<text:string>>, "
              "entities array<struct<name:string,type:string,variants:array<string>>>, first_published timestamp, "
              "timeline array<struct<date:string>>")
    glass = [("Solberg Glassworks", "ORG", ["Solberg"])]
    strike = ("Staff at Solberg Glassworks walk out over pay",
              "Around 600 workers at Solberg Glassworks walked off the job on Monday, starting an open-ended strike "
              "over pay at the Tarnmouth furnaces.")
    closure = ("Solberg shuts its only factory",
               "Solberg Glassworks will close its Tarnmouth plant, putting 700 jobs at risk. Two of its three furnaces "
               "cracked during the strike, when around 600 workers walked off the job over pay in an open-ended "
               "strike.")
    texts = {"a-strike": strike, "a-closure": closure, "a-fares": (
        "Tallow Valley Transit raises fares", "Tallow Valley Transit will raise bus fares by 7 percent in December.")}
    rows = [("s-strike", strike[0], ["a-strike"], [(strike[1],)], glass, datetime(2025, 3, 3), []),
            ("s-closure", closure[0], ["a-closure"], [(closure[1],)], glass, datetime(2025, 4, 9), []),
            ("s-fares", texts["a-fares"][0], ["a-fares"], [(texts["a-fares"][1],)], [("Tallow Valley Transit", "ORG", [])],
             datetime(2025, 3, 5), [])]
    terms = spark.createDataFrame([(a, term, float(tf)) for a, (title, text) in texts.items()
                                   for term, tf in Counter(terms_of(f"{title}. {text}")).items()],
                                  "article_id string, term string, tf double")
    stories = spark.createDataFrame(rows, schema)
    cfg = load_config().storylines
    joined = sorted(sorted(r["story_ids"]) for r in find_storylines(stories, cfg, terms).collect())
    assert joined == [["s-closure", "s-strike"], ["s-fares"]]
    apart = sorted(sorted(r["story_ids"]) for r in find_storylines(stories, cfg).collect())
    assert apart == [["s-closure"], ["s-fares"], ["s-strike"]]


def test_a_storys_opening_is_its_most_important_lines_whatever_order_the_reader_is_shown(spark) -> None:
    """The summary shows one article's lines in its writer's order; the storyline finder reads a story's opening by
    the lines' rank (importance), so what links two stories does not move with the reader's order. A summary with no
    rank (stories given whole) opens in its order."""
    from storyline.spark.threads import story_inputs

    ranked = ("story_id string, title string, summary array<struct<text:string,rank:int>>, "
              "entities array<struct<name:string,type:string,variants:array<string>>>, first_published timestamp, "
              "timeline array<struct<date:string>>")
    lines = [("Lead.", 0), ("Background.", 4), ("Second.", 1), ("Fourth.", 3), ("Third.", 2)]
    story = ("s-a", "Title", lines, [], None, [])
    got = story_inputs(spark.createDataFrame([story], ranked)).first()
    assert (got["lead"], got["opening"]) == ("Lead.", "Lead. Second. Third.")
    plain = ranked.replace(",rank:int", "")
    got = story_inputs(spark.createDataFrame([(*story[:2], [(t,) for t, _ in lines], *story[3:])], plain)).first()
    assert got["opening"] == "Lead. Background. Second."
